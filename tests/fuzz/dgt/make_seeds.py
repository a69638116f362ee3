#!/usr/bin/env python3
"""Writes the DGT parser's seed corpus (tests/fuzz/dgt/corpus/). Rerun after changing it:
   python3 tests/fuzz/dgt/make_seeds.py
Each seed is one realistic byte stream: every message, and the faults the parser must survive."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")


def msg(ident, data):
    n = len(data) + 3
    return bytes([ident, (n >> 7) & 0x7F, n & 0x7F]) + bytes(data)


START = [8, 9, 10, 12, 11, 10, 9, 8] + [7] * 8 + [0] * 32 + [1] * 8 + [2, 3, 4, 6, 5, 4, 3, 2]
DUMP = msg(0x86, START)
FIELD = msg(0x8E, [52, 0]) + msg(0x8E, [36, 1])
TIME = msg(0x8D, [0x01, 0x23, 0x45, 0x00, 0x05, 0x09, 0x0B])
ACK = msg(0x8D, [0x0A, 0x10, 0x0A, 0x0A, 0x00, 0x00, 0x00])
BUTTON = msg(0x8D, [0x0A, 0x10, 0x08, 0x2A, 0x00, 0x33, 0x00])
SERIAL = msg(0x91, b"12345")
LONG_SERIAL = msg(0xA2, b"0000012345")
VERSION = msg(0x93, [1, 0])
TRADEMARK = msg(0x92, b"Digital Game Technology\r\nemulated")
BUS = msg(0x90, [0x60, 0x39])
EE = msg(0x8F, [52, 0, 36, 1, 11, 0, 27, 7])
BATTERY = msg(0xA0, [100, 0, 0, 0, 0, 0, 0, 0, 0])

SEEDS = {
    "board_dump": DUMP,
    "field_updates": FIELD,
    "bwtime_times": TIME,
    "bwtime_ack": ACK,
    "bwtime_button": BUTTON,
    "serialnr": SERIAL,
    "long_serialnr": LONG_SERIAL,
    "version": VERSION,
    "trademark": TRADEMARK,
    "busadres": BUS,
    "ee_moves": EE,
    "ee_moves_empty": msg(0x8F, []),
    "battery_status": BATTERY,
    "battery_short": msg(0xA0, [55]),
    "startup_session": VERSION + DUMP + SERIAL + FIELD + TIME + SERIAL,
    "garbage_then_message": bytes([0x01, 0x02, 0x7F, 0x00]) + SERIAL,
    "unknown_id": bytes([0xFF, 0x00, 0x05, 0x01, 0x02]) + VERSION,
    "impossible_length": bytes([0x86, 0x00, 0x05]) + FIELD,
    "huge_length": bytes([0x8E, 0x7F, 0x7F]) + FIELD,
    "truncated_dump": DUMP[:40] + FIELD,
    "header_cut": bytes([0x91, 0x00]) + SERIAL,
    "bad_square": msg(0x8E, [64, 1]),
    "bad_bcd": msg(0x8D, [0x00, 0x7A, 0x00, 0x00, 0x00, 0x00, 0x00]),
    "bad_serial": msg(0x91, [0x31, 0x32, 0x07, 0x34, 0x35]),
    "field_update_flags": msg(0x8E, [12, 0x47]),
    "long_ee_moves": msg(0x8F, [0x11] * 600),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"wrote {len(SEEDS)} seeds to {OUT}")


if __name__ == "__main__":
    main()
