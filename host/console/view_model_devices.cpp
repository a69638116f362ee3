// The devices panel's rows: the hub's link, its time fit and firmware, each DGT board's, and the
// broker the hall publishes to.
#include "console/view_model_internal.h"

namespace venue::console::detail {

std::vector<DeviceRow> device_rows(const DeviceInputs& devices, HostNanos now_ns) {
    std::vector<DeviceRow> rows;
    if (devices.hub) {
        const io::HubLinkStatus& h = *devices.hub;
        DeviceRow r;
        r.name = "hub";
        const bool running = h.state == io::HubSessionState::RUNNING;
        if (running)
            r.state = "connected";
        else if (h.state == io::HubSessionState::REFUSED)
            r.state = "refused: " + h.refusal;
        else if (h.down_since_ns || h.opens)
            r.state = fmt("reconnecting (%u tries)", unsigned(h.attempts_since_up));
        else
            r.state = std::string("connecting (") + io::state_name(h.state) + ")";
        r.ok = running && h.last_frame_age_ns >= 0 && h.last_frame_age_ns < 1'000'000'000;
        r.frame_age = age_text(h.last_frame_age_ns);
        if (h.heartbeat && h.last_frame_ns) {
            const double offset_s =
                double(h.last_frame_ns - std::int64_t(h.heartbeat->hub_time_us) * 1000) / 1e9;
            r.clock =
                fmt("drift %+.2f ppm, fit error \u00B1%d \u00B5s (%zu samples), hub time "
                    "offset %+.3f s",
                    h.drift_ppm, int(h.time_error_ns / 1000), h.time_samples, offset_s);
        } else {
            r.clock = "no time fit yet";
        }
        if (h.handshake) {
            r.firmware = fmt(
                "build %08x, protocol %u, serial %u, boot %u (%s)", unsigned(h.handshake->build_id),
                unsigned(h.handshake->protocol_version), unsigned(h.handshake->hub_serial),
                unsigned(h.handshake->boot_count), io::boot_reason_name(h.handshake->boot_reason));
            // A hub that restarted while this host ran: its clock and lockout restarted too.
            if (h.stats.reboots > 0)
                r.firmware += fmt(", rebooted %llu\u00D7 while connected",
                                  static_cast<unsigned long long>(h.stats.reboots));
        } else
            r.firmware = "\u2014";
        r.errors = fmt("%llu CRC, %llu resync, %llu link, %llu lost",
                       static_cast<unsigned long long>(h.stats.crc_errors),
                       static_cast<unsigned long long>(h.stats.resyncs),
                       static_cast<unsigned long long>(h.link_errors),
                       static_cast<unsigned long long>(h.stats.events_lost));
        r.detail = h.device + (h.last_error.empty() ? "" : ": " + h.last_error);
        if (!devices.hub_match.empty()) r.detail += ", match " + devices.hub_match;
        rows.push_back(std::move(r));
    }
    for (const io::dgt::BoardStatus& b : devices.boards) {
        DeviceRow r;
        r.name = "board " + (b.serial.empty() ? std::string("?") : b.serial);
        switch (b.state) {
            case io::dgt::BoardLinkState::CONNECTED:
                r.state = "connected";
                break;
            case io::dgt::BoardLinkState::CONNECTING:
                r.state = "connecting";
                break;
            case io::dgt::BoardLinkState::SILENT:
                r.state = "silent";
                break;
            case io::dgt::BoardLinkState::DISCONNECTED:
                r.state = b.opens ? "reconnecting" : "disconnected";
                // now_ns and down_since_us are both the steady clock (the runners' time base).
                if (b.down_since_us > 0 && now_ns / 1000 >= b.down_since_us)
                    r.state += fmt(" for %.0f s", double(now_ns / 1000 - b.down_since_us) / 1e6);
                break;
        }
        r.ok = b.state == io::dgt::BoardLinkState::CONNECTED;
        r.frame_age =
            b.last_message_age_us < 0 ? age_text(-1) : age_text(b.last_message_age_us * 1000);
        r.firmware =
            b.version ? fmt("version %u.%u", unsigned(b.version->major), unsigned(b.version->minor))
                      : "\u2014";
        r.clock = std::string("orientation ") + io::dgt::source_name(b.orientation_source);
        r.errors = fmt("%llu parse, %llu link, %llu silences, %llu dropped",
                       static_cast<unsigned long long>(b.parse_errors),
                       static_cast<unsigned long long>(b.link_errors),
                       static_cast<unsigned long long>(b.silences),
                       static_cast<unsigned long long>(b.dropped_events));
        r.detail = b.device + (b.last_link_error.empty() ? "" : ": " + b.last_link_error);
        rows.push_back(std::move(r));
    }
    if (devices.broker) {
        const BrokerInput& b = *devices.broker;
        const std::int64_t behind = b.durable - b.acked;
        DeviceRow r;
        r.name = "broker";
        r.state = b.connected ? "connected" : "reconnecting";
        // Behind by a few events is the moment between a commit and its acknowledgement.
        r.ok = b.connected && behind < 100 && b.refused == 0;
        r.frame_age = "—";
        r.errors = behind > 0 ? fmt("behind by %lld", static_cast<long long>(behind))
                              : std::string("every event acknowledged");
        if (b.refused) r.errors += fmt(", %lld refused (ACL?)", static_cast<long long>(b.refused));
        r.detail = b.broker + " as " + b.topic;
        rows.push_back(std::move(r));
    }
    return rows;
}

}  // namespace venue::console::detail
