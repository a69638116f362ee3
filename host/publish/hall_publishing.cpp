#include "publish/hall_publishing.h"

#include "runtime/daemon.h"

namespace venue::publish {

Result<std::optional<PublishOptions>, std::string> publish_options_for(
    const config::VenueConfig& config, const std::string& log_path,
    const PublishOverrides& overrides) {
    const config::PublishConfig& p = config.publish;
    const std::string url = overrides.broker.empty() ? p.broker : overrides.broker;
    if (url.empty()) return std::optional<PublishOptions>();
    auto mqtt =
        make_mqtt_options(url, {p.username, p.password_file, p.ca_file, p.cert_file, p.key_file});
    if (!mqtt) return unexpected("publish.broker " + mqtt.error());
    PublishOptions o;
    o.mqtt = std::move(*mqtt);
    o.event = !overrides.event.empty() ? overrides.event
              : !p.event.empty()       ? p.event
                                       : topic_slug(config.event_name);
    o.hall = overrides.hall.empty() ? p.hall : overrides.hall;
    if (o.hall.empty())
        return unexpected(
            std::string("publish.hall: this hall's id in the topics is needed "
                        "(venue/<event>/<hall>/...)"));
    if (auto why = topic_segment_problem(o.hall); !why.empty())
        return unexpected("publish.hall '" + o.hall + "' " + why);
    if (auto why = topic_segment_problem(o.event); !why.empty())
        return unexpected("publish.event '" + o.event + "' " + why);
    o.log_path = log_path;
    return std::optional<PublishOptions>(std::move(o));
}

Result<std::unique_ptr<HallPublishing>, std::string> HallPublishing::start(
    PublishOptions options, runtime::Daemon& daemon, feed::FeedPublisher* feed) {
    auto publisher = LogPublisher::start(std::move(options));
    if (!publisher) return unexpected(publisher.error());
    std::unique_ptr<HallPublishing> h(new HallPublishing);
    h->publisher_ = std::move(*publisher);
    if (!feed) {
        h->own_feed_ = feed::FeedPublisher::attach(daemon);
        feed = h->own_feed_.get();
    }
    h->feed_ = feed;
    follow(*h->publisher_, daemon, *feed);
    return h;
}

void HallPublishing::stop(std::chrono::milliseconds drain) {
    if (feed_) feed_->clear_sinks();
    feed_ = nullptr;
    publisher_->stop(drain);
}

HallPublishing::~HallPublishing() {
    stop(std::chrono::milliseconds(0));
}

}  // namespace venue::publish
