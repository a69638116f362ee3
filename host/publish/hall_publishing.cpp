#include "publish/hall_publishing.h"

#include "runtime/daemon.h"

namespace venue::publish {

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
