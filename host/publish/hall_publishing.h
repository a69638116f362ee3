// HallPublishing: a running hall (`venue run`, `venue demo`) joined to the broker. It owns the
// LogPublisher, and the server-less FeedPublisher that makes the feed's documents when the hall
// serves no HTTP feed itself. Make it after the daemon and the hall's feed publisher, so that it
// goes before them: its destructor unhooks the feed's sink and says "offline" to the broker.
#pragma once

#include <memory>
#include <string>

#include "common/result.h"
#include "config/venue_config.h"
#include "feed/feed_publisher.h"
#include "publish/log_publisher.h"

namespace venue::publish {

// What the command line may set over the venue file's [publish] ("" = the file's).
struct PublishOverrides {
    std::string broker;
    std::string hall;
    std::string event;
};

// The publisher's options for a hall from its venue file: [publish] with the overrides, the
// event's topic id defaulting to a slug of [event] name. nullopt when nothing asks to publish;
// an error names the key or option that is wrong.
Result<std::optional<PublishOptions>, std::string> publish_options_for(
    const config::VenueConfig& config, const std::string& log_path,
    const PublishOverrides& overrides = {});

class HallPublishing {
  public:
    // `feed`: the hall's feed publisher, or null (then one without a server is made here).
    static Result<std::unique_ptr<HallPublishing>, std::string> start(PublishOptions options,
                                                                      runtime::Daemon& daemon,
                                                                      feed::FeedPublisher* feed);
    ~HallPublishing();
    HallPublishing(const HallPublishing&) = delete;
    HallPublishing& operator=(const HallPublishing&) = delete;

    LogPublisher& publisher() { return *publisher_; }
    PublishStatus status() const { return publisher_->status(); }
    // Waits up to `drain` for the broker to acknowledge what is durable, then disconnects.
    void stop(std::chrono::milliseconds drain);

  private:
    HallPublishing() = default;
    std::unique_ptr<LogPublisher> publisher_;
    std::unique_ptr<feed::FeedPublisher> own_feed_;
    feed::FeedPublisher* feed_ = nullptr;
};

}  // namespace venue::publish
