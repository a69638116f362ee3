#include "io/dgt/board_session.h"

#include <algorithm>
#include <cassert>
#include <type_traits>

#include "io/dgt/dgt_command.h"

namespace venue::io::dgt {

BoardSession::BoardSession(BoardSessionConfig config) : config_(config), clock_(config.clock) {
    if (config_.orientation) {
        orientation_ = *config_.orientation;
        source_ = OrientationSource::SET;
    } else {
        orientation_ = config_.assumed_orientation;
    }
    assert(is_ok());
}

void BoardSession::start(std::int64_t now_us) {
    // A partial message from before the link dropped must not swallow the first reply.
    parser_.reset();
    has_board_ = false;
    started_us_ = now_us;
    // The first single-board command also takes a board out of bus mode (it restarts in bus
    // mode after a power cut), so the sequence works on a fresh board and on a reconnect.
    encode(Command::SEND_UPDATE_NICE, output_);
    encode(Command::SEND_VERSION, output_);
    encode(Command::SEND_BRD, output_);
    encode(Command::RETURN_SERIALNR, output_);
    send_light();  // a board that lost power lost its lights
    next_keepalive_us_ = now_us + config_.keepalive_interval_us;
    clock_.on_link_restored(now_us);
    set_state(BoardLinkState::CONNECTING, now_us);
    assert(is_ok());
}

void BoardSession::on_bytes(std::span<const std::uint8_t> bytes, std::int64_t now_us) {
    parser_.feed(bytes, [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, Message>) {
            // Each message its own time, in the order received (a microsecond apart when one
            // read brings several): a burst read at once, after the host was stopped, keeps its
            // order for whoever reads the board by the times of its changes.
            on_message(r, std::max(now_us, last_message_us_ + 1));
        } else {
            ++parse_errors_;
            last_parse_error_ = describe(r);
        }
    });
    assert(is_ok());
}

void BoardSession::on_message(const Message& m, std::int64_t now_us) {
    ++messages_;
    last_message_us_ = now_us;
    if (state_ == BoardLinkState::CONNECTING || state_ == BoardLinkState::SILENT)
        set_state(BoardLinkState::CONNECTED, now_us);

    if (const auto* dump = std::get_if<BoardDump>(&m)) {
        for (const Piece p : dump->squares) magic_pieces_ += is_magic(p) ? 1 : 0;
        board_ = dump->squares;
        has_board_ = true;
        on_board_changed(now_us);
    } else if (const auto* f = std::get_if<FieldUpdate>(&m)) {
        if (is_magic(f->piece)) ++magic_pieces_;
        // A square read in an orientation only assumed would be a guess: the log keeps none.
        const chess::Square square = source_ == OrientationSource::ASSUMED
                                         ? chess::SQ_NONE
                                         : to_chess_square(f->square, orientation());
        // Built in place: a temporary variant moved in trips g++ 12's -Wmaybe-uninitialized
        // (a false positive on BoardStatus's strings) depending on what else gets inlined. The
        // update itself is spelled out: clang 14 has no parenthesized aggregate initialisation.
        events_.emplace_back(std::in_place_type<SensedFieldUpdate>,
                             SensedFieldUpdate{f->square, f->piece, square, now_us});
        if (board_[f->square] != f->piece) {
            board_[f->square] = f->piece;
            if (has_board_) on_board_changed(now_us);
        }
    } else if (const auto* s = std::get_if<SerialNr>(&m)) {
        // The keep-alive reply: a change means another board is on this port now.
        if (s->digits != serial_) {
            serial_ = s->digits;
            push_status(now_us);
        }
    } else if (const auto* v = std::get_if<Version>(&m)) {
        if (version_ != *v) {
            version_ = *v;
            push_status(now_us);
        }
    } else if (const auto* t = std::get_if<BwTime>(&m)) {
        clock_.on_reading(*t, now_us);
        take_clock_events();
    } else if (const auto* a = std::get_if<ClockAck>(&m)) {
        clock_.on_ack(*a, now_us);
        take_clock_events();
    }
    // Trademark, bus address, EE moves, battery: none of the driver's concern; they still count
    // as signs of life.
}

void BoardSession::on_board_changed(std::int64_t now_us) {
    if (source_ == OrientationSource::ASSUMED) {
        if (const auto o = detect_orientation(board_)) {
            const bool turned = orientation_ != *o;
            orientation_ = *o;
            source_ = OrientationSource::DETECTED;
            if (turned) send_light();
            push_status(now_us);
        }
    }
    maybe_emit_snapshot(now_us);
}

void BoardSession::maybe_emit_snapshot(std::int64_t now_us) {
    if (!has_board_) return;
    const sensing::Placement placement = to_chess_placement(board_, orientation());
    if (last_snapshot_ && last_snapshot_->squares == placement) return;
    last_snapshot_ = sensing::Snapshot{placement, now_us};
    events_.push_back(*last_snapshot_);
}

void BoardSession::on_tick(std::int64_t now_us) {
    if (state_ == BoardLinkState::DISCONNECTED) return;
    if (state_ == BoardLinkState::CONNECTED) {
        clock_.on_tick(now_us);
        take_clock_events();
    }
    if (now_us >= next_keepalive_us_) {
        encode(Command::RETURN_SERIALNR, output_);
        // Catch up without a burst after a stall: the next request is an interval from now.
        next_keepalive_us_ = now_us + config_.keepalive_interval_us;
    }
    const std::int64_t since = last_message_us_ >= started_us_ ? last_message_us_ : started_us_;
    if (state_ != BoardLinkState::SILENT && now_us - since >= config_.silence_timeout_us) {
        ++silences_;
        set_state(BoardLinkState::SILENT, now_us);
    }
    assert(is_ok());
}

void BoardSession::on_link_lost(std::int64_t now_us) {
    parser_.reset();
    output_.clear();  // commands for a closed link are stale; start() sends a fresh sequence
    has_board_ = false;
    set_state(BoardLinkState::DISCONNECTED, now_us);
    assert(is_ok());
}

bool BoardSession::light_squares(const std::vector<int>& squares, std::string* why) {
    for (int square : squares)
        if (square < 0 || square >= SQUARE_NB) {
            if (why) *why = "square " + std::to_string(square) + " is not 0..63";
            return false;
        }
    lit_ = squares;
    send_light();
    return true;
}

void BoardSession::send_light() {
    if (!lit_) return;
    // All out first (pattern 0 over the whole board), then each square (pattern 1, from it to
    // itself): the protocol has no "only these squares".
    encode_set_leds(0, 0, SQUARE_NB - 1, output_);
    for (int square : *lit_) {
        const std::uint8_t normal = dgt_index(square % 8, square / 8);
        const std::uint8_t own = orient(normal, orientation_);
        encode_set_leds(1, own, own, output_);
    }
}

void BoardSession::set_orientation(Orientation o, std::int64_t now_us) {
    const bool changed = source_ != OrientationSource::SET || orientation_ != o;
    if (orientation_ != o) {
        orientation_ = o;
        send_light();
    }
    source_ = OrientationSource::SET;
    if (changed) push_status(now_us);
    maybe_emit_snapshot(now_us);
    assert(is_ok());
}

void BoardSession::clear_orientation(std::int64_t now_us) {
    source_ = OrientationSource::ASSUMED;
    if (orientation_ != config_.assumed_orientation) {
        orientation_ = config_.assumed_orientation;
        send_light();
    }
    push_status(now_us);
    if (has_board_) on_board_changed(now_us);
    assert(is_ok());
}

Bytes BoardSession::take_output() {
    Bytes out;
    out.swap(output_);
    Bytes clock = clock_.take_output();
    out.insert(out.end(), clock.begin(), clock.end());
    return out;
}

void BoardSession::take_clock_events() {
    for (ClockEvent& e : clock_.take_events()) events_.push_back(std::move(e));
}

std::vector<BoardEvent> BoardSession::take_events() {
    take_clock_events();  // anything the clock said outside on_bytes and on_tick
    std::vector<BoardEvent> out;
    out.swap(events_);
    return out;
}

BoardStatus BoardSession::status(std::int64_t now_us) const {
    BoardStatus s;
    s.state = state_;
    s.serial = serial_;
    s.version = version_;
    s.orientation = orientation_;
    s.orientation_source = source_;
    s.has_board = has_board_;
    s.last_message_age_us = last_message_us_ < 0 ? -1 : now_us - last_message_us_;
    s.messages = messages_;
    s.parse_errors = parse_errors_;
    s.skipped_bytes = parser_.stats().skipped;
    s.magic_pieces = magic_pieces_;
    s.silences = silences_;
    s.last_parse_error = last_parse_error_;
    return s;
}

bool BoardSession::is_ok() const {
    if (config_.keepalive_interval_us <= 0 || config_.silence_timeout_us <= 0) return false;
    if (source_ == OrientationSource::ASSUMED && orientation_ != config_.assumed_orientation)
        return false;
    if (state_ == BoardLinkState::DISCONNECTED && has_board_) return false;
    if (has_board_ && !last_snapshot_) return false;
    for (const Piece p : board_)
        if (code_of(p) >= PIECE_CODE_NB) return false;
    return true;
}

void BoardSession::set_state(BoardLinkState s, std::int64_t now_us) {
    if (state_ == s) return;
    state_ = s;
    push_status(now_us);
}

void BoardSession::push_status(std::int64_t now_us) {
    events_.push_back(status(now_us));
}

Orientation BoardSession::orientation() const {
    return orientation_;
}

}  // namespace venue::io::dgt
