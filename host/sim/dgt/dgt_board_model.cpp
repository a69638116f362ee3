#include "sim/dgt/dgt_board_model.h"

#include <cassert>

#include "io/dgt/dgt_message_writer.h"

namespace venue::sim::dgt {

using io::dgt::Command;
using io::dgt::Piece;

namespace {

// The board's own log holds about 8 KB.
constexpr std::size_t EE_LOG_CAPACITY = 8190;

bool printable(const std::string& s) {
    for (const char c : s) {
        if (c < 0x20 || c > 0x7e) return false;
    }
    return true;
}

std::string at(std::uint8_t sq) {
    return io::dgt::square_name(sq);
}

}  // namespace

const char* mode_name(BoardMode m) {
    switch (m) {
        case BoardMode::BUS:
            return "bus";
        case BoardMode::IDLE:
            return "idle";
        case BoardMode::UPDATE:
            return "update";
        case BoardMode::UPDATE_BRD:
            return "update_brd";
        case BoardMode::UPDATE_NICE:
            return "update_nice";
    }
    return "?";
}

std::variant<DgtBoardModel, std::string> DgtBoardModel::create(BoardModelOptions o,
                                                               std::int64_t now_ms) {
    if (o.long_serial.empty()) o.long_serial = "00000" + o.serial;
    if (o.serial.size() != 5 || !printable(o.serial)) {
        return "serial number must be 5 printable characters: '" + o.serial + "'";
    }
    if (o.long_serial.size() != 10 || !printable(o.long_serial)) {
        return "long serial number must be 10 printable characters: '" + o.long_serial + "'";
    }
    if (o.trademark.empty()) o.trademark = "Venue DGT board emulator, serial no " + o.serial;
    if (!printable(o.trademark) || o.trademark.size() > 1000) {
        return std::string("trademark must be printable ASCII, at most 1000 characters");
    }
    if (o.battery_percent > 100) return std::string("battery percent must be 0..100");
    return DgtBoardModel(std::move(o), now_ms);
}

DgtBoardModel::DgtBoardModel(BoardModelOptions o, std::int64_t now_ms) : options_(std::move(o)) {
    mode_ = options_.power_up_in_bus_mode ? BoardMode::BUS : BoardMode::IDLE;
    position_ = options_.start_position ? io::dgt::start_position() : io::dgt::empty_board();
    if (options_.with_clock) clock_.emplace(options_.clock, now_ms);
    assert(is_ok());
}

bool DgtBoardModel::is_ok() const {
    if (static_cast<std::uint8_t>(mode_) > static_cast<std::uint8_t>(BoardMode::UPDATE_NICE)) {
        return false;
    }
    for (const Piece p : position_) {
        if (io::dgt::code_of(p) > 15) return false;
    }
    for (const auto& k : knocked_) {
        if (!io::dgt::is_chess_piece(k.piece) || k.home >= 64) return false;
    }
    if (ee_log_.size() % 2 != 0 || ee_log_.size() > EE_LOG_CAPACITY) return false;
    return options_.serial.size() == 5 && options_.long_serial.size() == 10 &&
           clock_.has_value() == options_.with_clock;
}

bool DgtBoardModel::in_update_mode() const {
    return mode_ == BoardMode::UPDATE || mode_ == BoardMode::UPDATE_BRD ||
           mode_ == BoardMode::UPDATE_NICE;
}

io::dgt::Bytes DgtBoardModel::take_output() {
    io::dgt::Bytes out;
    out.swap(out_);
    return out;
}

void DgtBoardModel::receive(std::span<const std::uint8_t> bytes, std::int64_t now_ms) {
    for (const std::uint8_t b : bytes) {
        auto r = reader_.push(b);
        if (auto* f = std::get_if<io::dgt::CommandFrame>(&r)) {
            execute(*f, now_ms);
        } else if (std::holds_alternative<io::dgt::CommandError>(r)) {
            ++unknown_bytes_;  // a real board ignores bytes it does not know
        }
    }
    assert(is_ok());
}

void DgtBoardModel::execute(const io::dgt::CommandFrame& f, std::int64_t now_ms) {
    ++commands_;
    // Any single-board command takes a board out of bus mode.
    if (mode_ == BoardMode::BUS) mode_ = BoardMode::IDLE;
    const auto& o = options_;
    switch (f.command) {
        case Command::SEND_RESET:
            mode_ = BoardMode::IDLE;
            break;
        case Command::SEND_CLK:
            if (clock_) clock_->advance(now_ms);
            send_bwtime();
            break;
        case Command::SEND_BRD: {
            // The board reports its own numbering: a turned board reports 63 - i.
            io::dgt::BoardCodes sensors = position_;
            if (o.orientation == io::dgt::Orientation::ROTATED) sensors = io::dgt::rotated(sensors);
            io::dgt::write_board_dump(sensors, out_);
            break;
        }
        case Command::SEND_UPDATE:
            mode_ = BoardMode::UPDATE;
            next_bwtime_ms_ = now_ms;
            break;
        case Command::SEND_UPDATE_BRD:
            mode_ = BoardMode::UPDATE_BRD;
            break;
        case Command::SEND_UPDATE_NICE:
            mode_ = BoardMode::UPDATE_NICE;
            last_bwtime_sent_.reset();
            break;
        case Command::RETURN_SERIALNR:
            io::dgt::write_serialnr(o.serial, out_);
            break;
        case Command::RETURN_LONG_SERIALNR:
            io::dgt::write_long_serialnr(o.long_serial, out_);
            break;
        case Command::RETURN_BUSADRES: {
            // Emulator convention: the bus address is the serial number's value, 14 bits.
            unsigned value = 0;
            for (const char c : o.serial) value = value * 10 + static_cast<unsigned>(c & 0x0f);
            io::dgt::write_busadres(static_cast<std::uint16_t>(value & 0x3fff), out_);
            break;
        }
        case Command::SEND_TRADEMARK:
            io::dgt::write_trademark(o.trademark, out_);
            break;
        case Command::SEND_VERSION:
            io::dgt::write_version(o.version_major, o.version_minor, out_);
            break;
        case Command::SEND_EE_MOVES: {
            const io::dgt::Bytes log(ee_log_.begin(), ee_log_.end());
            io::dgt::write_ee_moves(log, out_);
            break;
        }
        case Command::TO_BUSMODE:
            mode_ = BoardMode::BUS;
            break;
        case Command::SEND_BATTERY_STATUS: {
            // Emulator convention: percent first, then a charging flag and padding; clients
            // must parse this message defensively anyway.
            const std::uint8_t data[9] = {o.battery_percent, 0, 0, 0, 0, 0, 0, 0, 0};
            io::dgt::write_battery_status(data, out_);
            break;
        }
        case Command::SET_LEDS:
            last_leds_ = f.data;
            // pattern start end 0: pattern 0 puts the fields start..end out, any other lights
            // them (the Revelation II's "from start to end").
            if (f.data.size() >= 3)
                for (unsigned i = f.data[1]; i <= f.data[2] && i < 64; ++i) {
                    const std::uint64_t bit = std::uint64_t{1} << i;
                    lit_fields_ = f.data[0] == 0 ? lit_fields_ & ~bit : lit_fields_ | bit;
                }
            break;
        case Command::CLOCK_MESSAGE:
            clock_command(f.data, now_ms);
            break;
    }
}

void DgtBoardModel::clock_command(const io::dgt::Bytes& data, std::int64_t now_ms) {
    if (!clock_) return;  // nothing attached: nobody answers
    const auto cmd = io::dgt::decode_clock_command(data);
    io::dgt::ClockAck ack{{io::dgt::ACK_ERROR, data.size() > 1 ? data[1] : std::uint8_t{0}, 0, 0}};
    if (cmd) ack = clock_->handle(*cmd, now_ms);
    if (in_update_mode()) io::dgt::write_clock_ack(ack, out_);
}

void DgtBoardModel::send_bwtime() {
    io::dgt::BwTime t;
    if (clock_) {
        t = clock_->reading();
    } else {
        t.no_clock = true;
    }
    io::dgt::write_bwtime(t, out_);
    last_bwtime_sent_ = t;
}

void DgtBoardModel::tick(std::int64_t now_ms) {
    if (!clock_) return;
    clock_->advance(now_ms);
    const bool changed = !last_bwtime_sent_ || *last_bwtime_sent_ != clock_->reading();
    if (mode_ == BoardMode::UPDATE && (changed || now_ms >= next_bwtime_ms_)) {
        send_bwtime();
        next_bwtime_ms_ = now_ms + options_.bwtime_interval_ms;
    } else if (mode_ == BoardMode::UPDATE_NICE && changed) {
        send_bwtime();
    }
}

void DgtBoardModel::power_cycle(std::int64_t now_ms) {
    mode_ = options_.power_up_in_bus_mode ? BoardMode::BUS : BoardMode::IDLE;
    reader_.reset();
    out_.clear();
    last_bwtime_sent_.reset();
    next_bwtime_ms_ = now_ms;
    assert(is_ok());
}

void DgtBoardModel::log_change(std::uint8_t sensor, Piece p) {
    ee_log_.push_back(sensor);
    ee_log_.push_back(io::dgt::code_of(p));
    while (ee_log_.size() > EE_LOG_CAPACITY) ee_log_.pop_front();
}

void DgtBoardModel::sense(std::uint8_t square, Piece p) {
    assert(square < io::dgt::SQUARE_NB);
    if (position_[square] == p) return;  // a scan reports changes only
    position_[square] = p;
    const std::uint8_t sensor = io::dgt::orient(square, options_.orientation);
    log_change(sensor, p);
    if (in_update_mode()) io::dgt::write_field_update(sensor, p, out_);
}

std::optional<std::string> DgtBoardModel::lift(std::uint8_t sq, Piece* lifted) {
    if (position_[sq] == Piece::EMPTY) return "nothing to lift on " + at(sq);
    *lifted = position_[sq];
    sense(sq, Piece::EMPTY);
    return std::nullopt;
}

std::optional<std::string> DgtBoardModel::put(std::uint8_t sq, Piece p) {
    if (position_[sq] != Piece::EMPTY) {
        return at(sq) + " is occupied by " + std::string(1, io::dgt::piece_char(position_[sq]));
    }
    sense(sq, p);
    return std::nullopt;
}

std::optional<std::string> DgtBoardModel::apply(const Action& a, std::int64_t now_ms) {
    const auto& sq = a.squares;
    std::size_t needed = 0;
    switch (a.kind) {
        case ActionKind::LIFT:
        case ActionKind::PUT:
        case ActionKind::KNOCK:
        case ActionKind::RESTORE:
        case ActionKind::FLICKER:
            needed = 1;
            break;
        case ActionKind::MOVE:
        case ActionKind::SLIDE:
        case ActionKind::OVERLAP:
            needed = 2;
            break;
        default:
            break;
    }
    if (sq.size() < needed)
        return std::string("action needs ") + std::to_string(needed) + " square(s), got " +
               std::to_string(sq.size());
    for (const std::uint8_t s : sq) {
        if (s >= io::dgt::SQUARE_NB) return "square index " + std::to_string(s) + " is not 0..63";
    }
    Piece p = Piece::EMPTY;
    std::optional<std::string> err;
    switch (a.kind) {
        case ActionKind::LIFT:
            err = lift(sq[0], &p);
            break;
        case ActionKind::PUT:
            err = put(sq[0], a.piece);
            break;
        case ActionKind::MOVE: {
            if (position_[sq[0]] == Piece::EMPTY) return "nothing to move on " + at(sq[0]);
            if (sq[0] == sq[1]) return "move from " + at(sq[0]) + " to itself";
            Piece captured = Piece::EMPTY;
            if (position_[sq[1]] != Piece::EMPTY) (void)lift(sq[1], &captured);
            (void)lift(sq[0], &p);
            err = put(sq[1], p);
            break;
        }
        case ActionKind::SLIDE: {
            if (position_[sq[0]] == Piece::EMPTY) return "nothing to slide on " + at(sq[0]);
            for (std::size_t i = 1; i < sq.size(); ++i) {
                if (position_[sq[i]] != Piece::EMPTY) return "slide blocked on " + at(sq[i]);
            }
            (void)lift(sq[0], &p);
            for (std::size_t i = 1; i + 1 < sq.size(); ++i) {
                sense(sq[i], p);
                sense(sq[i], Piece::EMPTY);
            }
            sense(sq.back(), p);
            break;
        }
        case ActionKind::OVERLAP:
            if (position_[sq[0]] == Piece::EMPTY) return "nothing to move on " + at(sq[0]);
            if (position_[sq[1]] != Piece::EMPTY) return at(sq[1]) + " is occupied";
            p = position_[sq[0]];
            // One scan sees the piece arrive before it sees the square it left go empty.
            sense(sq[1], p);
            sense(sq[0], Piece::EMPTY);
            break;
        case ActionKind::KNOCK: {
            if (position_[sq[0]] == Piece::EMPTY) return "nothing to knock over on " + at(sq[0]);
            if (sq.size() == 2 && position_[sq[1]] != Piece::EMPTY) {
                return "cannot fall onto occupied " + at(sq[1]);
            }
            Knocked k{sq[0], std::nullopt, position_[sq[0]]};
            sense(sq[0], Piece::EMPTY);
            if (sq.size() == 2) {
                k.fell_on = sq[1];
                sense(sq[1], k.piece);
            }
            knocked_.push_back(k);
            break;
        }
        case ActionKind::RESTORE: {
            for (auto it = knocked_.begin(); it != knocked_.end(); ++it) {
                if (it->home != sq[0]) continue;
                if (position_[sq[0]] != Piece::EMPTY) return at(sq[0]) + " is occupied";
                if (it->fell_on) sense(*it->fell_on, Piece::EMPTY);
                sense(sq[0], it->piece);
                knocked_.erase(it);
                assert(is_ok());
                return std::nullopt;
            }
            return "no knocked-over piece belongs on " + at(sq[0]);
        }
        case ActionKind::FLICKER:
            p = position_[sq[0]];
            if (p == Piece::EMPTY) return "flicker needs a piece on " + at(sq[0]);
            for (int i = 0; i < a.count; ++i) {
                sense(sq[0], Piece::EMPTY);
                sense(sq[0], p);
            }
            break;
        case ActionKind::SETUP:
        case ActionKind::CLEAR: {
            const auto target = a.kind == ActionKind::SETUP ? a.board : io::dgt::empty_board();
            knocked_.clear();
            for (std::uint8_t i = 0; i < io::dgt::SQUARE_NB; ++i) sense(i, target[i]);
            break;
        }
        case ActionKind::LEVER:
            if (!clock_) return std::string("no clock attached");
            clock_->press_lever(now_ms);
            break;
        case ActionKind::BUTTON: {
            if (!clock_) return std::string("no clock attached");
            const auto ack = clock_->press_button(a.button);
            if (in_update_mode()) io::dgt::write_clock_ack(ack, out_);
            break;
        }
        case ActionKind::WAIT:
        case ActionKind::UNPLUG:
        case ActionKind::QUIT:
            return std::string("wait, unplug and quit are for the runner");
    }
    assert(is_ok());
    return err;
}

}  // namespace venue::sim::dgt
