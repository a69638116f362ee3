#include "feed/feed_server.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <httplib.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <list>
#include <map>
#include <mutex>
#include <thread>

#include "feed/broadcast.h"
#include "feed/feed_schema.h"
#include "feed/overlay_pages.h"

namespace venue::feed {

void lower_thread_priority(int nice) {
    // Linux keeps a scheduling policy and a nice value per thread; lowering them needs no
    // privilege, and a failure only leaves the thread where it was. A nice value alone is not
    // enough: the scheduler weighs every runnable thread, and 500 stream threads woken by one
    // update at nice +10 still outweigh the engine's one thread fifty to one. SCHED_IDLE gives
    // each the smallest weight there is.
    if (nice <= 0) return;
    sched_param none{};
    none.sched_priority = 0;
    if (nice >= 19) pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
    setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), nice);
}
namespace {

using Text = std::shared_ptr<const std::string>;

Text text(std::string s) {
    return std::make_shared<const std::string>(std::move(s));
}

// What GET answers, as the last publish() left it: immutable, swapped whole.
struct Documents {
    std::int64_t id = 0;
    std::int64_t seq = 0;
    Text event;                         // /api/v1/event
    Text matches;                       // /api/v1/matches
    std::map<std::string, Text> match;  // /api/v1/matches/<id>
    std::map<std::string, Text> pgn;    // /pgn/<id>
    Text all_pgn;                       // /pgn
};

// httplib serves each connection on a task queue thread, and an event stream keeps its thread
// for as long as the client listens. A fixed pool would let streams starve every other request,
// so this pool grows: a connection that finds no idle thread gets a new one, up to `max`
// threads (then it waits for one).
class ElasticPool : public httplib::TaskQueue {
  public:
    ElasticPool(std::size_t max, int nice) : max_(max), nice_(nice) {}
    ~ElasticPool() override { shutdown(); }

    void enqueue(std::function<void()> fn) override {
        std::lock_guard lock(mutex_);
        jobs_.push_back(std::move(fn));
        if (idle_ == 0 && threads_.size() < max_)
            threads_.emplace_back([this] { work(); });
        else
            cond_.notify_one();
    }

    void shutdown() override {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) return;
            stopping_ = true;
        }
        cond_.notify_all();
        for (std::thread& t : threads_) t.join();  // no thread is added once stopping_ is set
    }

  private:
    void work() {
        lower_thread_priority(nice_);
        std::unique_lock lock(mutex_);
        for (;;) {
            ++idle_;
            cond_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
            --idle_;
            if (jobs_.empty()) return;  // stopping, and nothing left to serve
            auto fn = std::move(jobs_.front());
            jobs_.pop_front();
            lock.unlock();
            fn();
            lock.lock();
        }
    }

    const std::size_t max_;
    const int nice_;
    std::mutex mutex_;
    std::condition_variable cond_;
    std::deque<std::function<void()>> jobs_;
    std::list<std::thread> threads_;
    std::size_t idle_ = 0;
    bool stopping_ = false;
};

constexpr const char* JSON_TYPE = "application/json; charset=utf-8";
constexpr const char* PGN_TYPE = "application/x-chess-pgn; charset=utf-8";
constexpr const char* HTML_TYPE = "text/html; charset=utf-8";

std::string error_json(int status, const std::string& message) {
    return "{\"api_version\":1,\"status\":" + std::to_string(status) + ",\"error\":\"" + message +
           "\"}";
}

}  // namespace

struct FeedServer::Impl {
    explicit Impl(FeedOptions o)
        : options(std::move(o)), broadcast({options.history, options.max_backlog}) {}

    void log(const std::string& line) {
        if (options.log)
            options.log(line);
        else
            std::fprintf(stderr, "feed: %s\n", line.c_str());
    }

    std::shared_ptr<const Documents> documents() const {
        std::lock_guard lock(docs_mutex);
        return docs;
    }

    void routes();
    void stream(const httplib::Request& req, httplib::Response& res);

    FeedOptions options;
    httplib::Server http;
    std::thread listener;
    int port = 0;
    Broadcast broadcast;

    // The publisher's own copy of the current texts (only publish() touches them).
    std::mutex publish_mutex;
    std::map<std::string, Text> match_docs, pgn_docs;
    std::string event_json = "{\"name\":\"\",\"site\":\"\"}";
    std::int64_t next_id = 1;

    mutable std::mutex docs_mutex;  // held only to copy or swap the pointer
    std::shared_ptr<const Documents> docs = std::make_shared<Documents>();

    std::atomic<bool> stopped{false}, listener_done{false};
    std::atomic<std::int64_t> published{0}, requests{0}, rejected{0}, streams_open{0},
        streams_total{0}, streams_refused{0}, dropped_behind{0}, dropped_write{0};
};

namespace {

void common_headers(httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_header("Access-Control-Allow-Origin", "*");
    res.set_header("X-Content-Type-Options", "nosniff");
}

void answer(httplib::Response& res, const Text& body, const char* type) {
    common_headers(res);
    if (body)
        res.set_content(*body, type);
    else
        res.set_content("", type);
}

std::optional<std::int64_t> parse_id(const std::string& s) {
    if (s.empty() || s.size() > 18) return std::nullopt;
    std::int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

}  // namespace

void FeedServer::Impl::stream(const httplib::Request& req, httplib::Response& res) {
    // HEAD: the stream's headers and nothing else. It opens no stream, so it is not counted
    // (counting it and uncounting it when httplib frees the response would race the client).
    if (req.method == "HEAD") {
        common_headers(res);
        res.set_header("Cache-Control", "no-cache");
        res.set_content("", "text/event-stream; charset=utf-8");
        return;
    }
    if (std::size_t(streams_open.load()) >= options.max_streams) {
        ++streams_refused;
        common_headers(res);
        res.status = 503;
        res.set_header("Retry-After", "5");
        res.set_content(error_json(503, "too many event streams"), JSON_TYPE);
        return;
    }
    // Last-Event-ID: the header EventSource sends when it reconnects; ?last_event_id= for
    // clients that cannot set headers.
    std::optional<std::int64_t> last;
    if (req.has_header("Last-Event-ID"))
        last = parse_id(req.get_header_value("Last-Event-ID"));
    else if (req.has_param("last_event_id"))
        last = parse_id(req.get_param_value("last_event_id"));

    struct Stream {
        Broadcast::Cursor cursor;
        std::string peer;
        bool started = false;
        std::atomic<bool> released{false};
    };
    auto s = std::make_shared<Stream>();
    s->cursor = broadcast.open(last);
    s->peer = req.remote_addr + ":" + std::to_string(req.remote_port);
    ++streams_open;
    ++streams_total;
    common_headers(res);
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Accel-Buffering", "no");
    res.set_chunked_content_provider(
        "text/event-stream; charset=utf-8",
        [this, s](std::size_t, httplib::DataSink& sink) {
            std::string out;
            if (!s->started) {
                out = "retry: 2000\n\n";
                s->started = true;
            }
            switch (broadcast.read(s->cursor, options.keepalive, out)) {
                case Broadcast::Read::CLOSED:
                    sink.done();
                    return true;
                case Broadcast::Read::BEHIND:
                    ++dropped_behind;
                    log("dropped event stream " + s->peer + ": more than " +
                        std::to_string(options.max_backlog) + " updates behind");
                    return false;
                case Broadcast::Read::IDLE:
                    out += ": keepalive\n\n";
                    break;
                case Broadcast::Read::DATA:
                    break;
            }
            if (!sink.write(out.data(), out.size())) {
                ++dropped_write;
                log("dropped event stream " + s->peer +
                    ": the client went away or took no data in time");
                return false;
            }
            return true;
        },
        [this, s](bool) {
            if (!s->released.exchange(true)) --streams_open;
        });
}

void FeedServer::Impl::routes() {
    // Read-only. POST, PUT, PATCH and DELETE are routed to handlers that answer 405: httplib
    // reads (and bounds) their bodies first, so the connection stays usable. Every other method
    // but GET and HEAD is answered 405 here, and a GET or HEAD with a body 400 (httplib would
    // not read that body, and would take it for the next request).
    const auto refuse = [](const httplib::Request&, httplib::Response& res) {
        common_headers(res);
        res.status = 405;
        res.set_header("Allow", "GET, HEAD");
        res.set_content(error_json(405, "read-only: only GET and HEAD"), JSON_TYPE);
    };
    http.Post(".*", refuse);
    http.Put(".*", refuse);
    http.Patch(".*", refuse);
    http.Delete(".*", refuse);
    http.set_pre_routing_handler([refuse](const httplib::Request& req, httplib::Response& res) {
        using Handled = httplib::Server::HandlerResponse;
        const std::string& m = req.method;
        if (m == "POST" || m == "PUT" || m == "PATCH" || m == "DELETE") return Handled::Unhandled;
        const bool get = m == "GET" || m == "HEAD";
        const bool body =
            (req.has_header("Content-Length") && req.get_header_value("Content-Length") != "0") ||
            req.has_header("Transfer-Encoding");
        if (get && !body) return Handled::Unhandled;
        if (!get) {
            refuse(req, res);
            return Handled::Handled;
        }
        common_headers(res);
        res.status = 400;
        res.set_header("Connection", "close");
        res.set_content(error_json(400, "a GET or HEAD request has no body"), JSON_TYPE);
        return Handled::Handled;
    });
    // Every answer is logged here (counted); every answer of 400 or more passes the error
    // handler, which gives it a body when it has none.
    http.set_logger([this](const httplib::Request&, const httplib::Response&) { ++requests; });
    http.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
        ++rejected;
        if (!res.body.empty()) return;
        common_headers(res);
        const bool api = req.path.rfind("/api/", 0) == 0;
        const std::string what = res.status == 404 ? "not found" : "bad request";
        if (api)
            res.set_content(error_json(res.status, what), JSON_TYPE);
        else
            res.set_content(std::to_string(res.status) + " " + what + "\n",
                            "text/plain; charset=utf-8");
    });
    http.set_exception_handler(
        [this](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
            log("error while answering a request");
            res.status = 500;
            res.set_content(error_json(500, "internal error"), JSON_TYPE);
        });

    http.Get("/", [this](const httplib::Request&, httplib::Response& res) {
        auto d = documents();
        answer(res, text(index_page(d->event ? *d->event : "{}")), HTML_TYPE);
    });
    http.Get("/api/v1/?", [](const httplib::Request&, httplib::Response& res) {
        answer(res,
               text("{\"api_version\":1,\"endpoints\":[\"/api/v1/event\",\"/api/v1/matches\","
                    "\"/api/v1/matches/{id}\",\"/api/v1/stream\",\"/api/v1/schema\","
                    "\"/api/v1/stats\",\"/pgn\",\"/pgn/{id}\",\"/overlay/scoreboard\","
                    "\"/overlay/board\",\"/overlay/claim\",\"/overlay/tree\",\"/overlay/field\","
                    "\"/overlay/sides\"]}"),
               JSON_TYPE);
    });
    http.Get("/api/v1/event", [this](const httplib::Request&, httplib::Response& res) {
        answer(res, documents()->event, JSON_TYPE);
    });
    http.Get("/api/v1/matches", [this](const httplib::Request&, httplib::Response& res) {
        answer(res, documents()->matches, JSON_TYPE);
    });
    http.Get("/api/v1/matches/([^/]+)",
             [this](const httplib::Request& req, httplib::Response& res) {
                 auto d = documents();
                 auto it = d->match.find(req.matches[1]);
                 if (it == d->match.end()) {
                     res.status = 404;
                     answer(res, text(error_json(404, "no such match")), JSON_TYPE);
                     return;
                 }
                 answer(res, it->second, JSON_TYPE);
             });
    http.Get("/api/v1/schema", [](const httplib::Request&, httplib::Response& res) {
        common_headers(res);
        res.set_content(std::string(feed_schema_json()), "application/schema+json");
    });
    http.Get("/api/v1/stats", [this](const httplib::Request&, httplib::Response& res) {
        FeedStats s;
        s.last_id = broadcast.last_id();
        s.published = published;
        s.requests = requests;
        s.rejected = rejected;
        s.streams_open = streams_open;
        s.streams_total = streams_total;
        s.streams_refused = streams_refused;
        s.dropped_behind = dropped_behind;
        s.dropped_write = dropped_write;
        answer(res,
               text("{\"api_version\":1,\"last_id\":" + std::to_string(s.last_id) +
                    ",\"published\":" + std::to_string(s.published) + ",\"requests\":" +
                    std::to_string(s.requests) + ",\"rejected\":" + std::to_string(s.rejected) +
                    ",\"streams_open\":" + std::to_string(s.streams_open) +
                    ",\"streams_total\":" + std::to_string(s.streams_total) +
                    ",\"streams_refused\":" + std::to_string(s.streams_refused) +
                    ",\"dropped_behind\":" + std::to_string(s.dropped_behind) +
                    ",\"dropped_write\":" + std::to_string(s.dropped_write) + "}"),
               JSON_TYPE);
    });
    http.Get("/api/v1/stream",
             [this](const httplib::Request& req, httplib::Response& res) { stream(req, res); });
    http.Get("/pgn", [this](const httplib::Request&, httplib::Response& res) {
        answer(res, documents()->all_pgn, PGN_TYPE);
    });
    http.Get("/pgn/([^/]+)", [this](const httplib::Request& req, httplib::Response& res) {
        auto d = documents();
        auto it = d->pgn.find(req.matches[1]);
        if (it == d->pgn.end()) {
            res.status = 404;
            answer(res, text("no such match\n"), "text/plain; charset=utf-8");
            return;
        }
        answer(res, it->second, PGN_TYPE);
    });
    http.Get("/overlay/(scoreboard|board|claim|tree|field|sides)",
             [this](const httplib::Request& req, httplib::Response& res) {
                 auto d = documents();
                 answer(res, text(overlay_page(req.matches[1].str(), d->event ? *d->event : "{}")),
                        HTML_TYPE);
             });
}

FeedServer::FeedServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

FeedServer::~FeedServer() {
    stop();
}

Result<std::unique_ptr<FeedServer>, std::string> FeedServer::start(FeedOptions options) {
    auto impl = std::make_unique<Impl>(std::move(options));
    Impl& i = *impl;
    const std::size_t max_threads = i.options.max_streams + 32;
    const int nice = i.options.nice;
    i.http.new_task_queue = [max_threads, nice] { return new ElasticPool(max_threads, nice); };
    i.http.set_payload_max_length(64 * 1024);
    i.http.set_tcp_nodelay(true);  // small answers and events go out at once (no Nagle delay)
    i.http.set_keep_alive_timeout(2);
    i.http.set_read_timeout(5, 0);
    const auto wt = i.options.write_timeout;
    i.http.set_write_timeout(wt);
    // Accepted sockets inherit the listening socket's send timeout: a client that stops reading
    // fails a blocked send() after write_timeout instead of holding its thread for good.
    i.http.set_socket_options([wt](int sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        timeval tv{};
        tv.tv_sec = time_t(wt.count() / 1000);
        tv.tv_usec = suseconds_t((wt.count() % 1000) * 1000);
        setsockopt(sock, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    });
    i.routes();
    if (i.options.port == 0) {
        i.port = i.http.bind_to_any_port(i.options.host);
        if (i.port <= 0) return unexpected("cannot bind " + i.options.host + " to any port");
    } else {
        if (!i.http.bind_to_port(i.options.host, i.options.port))
            return unexpected("cannot bind " + i.options.host + ":" +
                              std::to_string(i.options.port) + " (in use, or not an address)");
        i.port = i.options.port;
    }
    i.listener = std::thread([&i] {
        lower_thread_priority(i.options.nice);
        i.http.listen_after_bind();
        i.listener_done = true;
    });
    // httplib's stop() does nothing until the accept loop runs: a stop() right after start()
    // would leave it running, and the join waiting for good. Return once it runs.
    while (!i.http.is_running() && !i.listener_done)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (!i.http.is_running()) {
        i.listener.join();
        return unexpected("the server on " + i.options.host + ":" + std::to_string(i.port) +
                          " stopped at once");
    }
    return std::unique_ptr<FeedServer>(new FeedServer(std::move(impl)));
}

void FeedServer::publish(FeedUpdate update) {
    Impl& i = *impl_;
    std::lock_guard lock(i.publish_mutex);
    if (update.full) {
        i.match_docs.clear();
        i.pgn_docs.clear();
    }
    std::string changed;
    for (auto& [id, doc] : update.matches) {
        if (!changed.empty()) changed += ',';
        changed += doc;
        i.match_docs[id] = text(std::move(doc));
    }
    for (auto& [id, pgn] : update.pgn) i.pgn_docs[id] = text(std::move(pgn));
    if (!update.event_json.empty()) i.event_json = std::move(update.event_json);

    const std::int64_t id = i.next_id++;
    const std::string head = "{\"api_version\":1,\"id\":" + std::to_string(id) +
                             ",\"seq\":" + std::to_string(update.seq);
    std::string all;
    for (const auto& [mid, doc] : i.match_docs) {
        if (!all.empty()) all += ',';
        all += *doc;
    }
    auto d = std::make_shared<Documents>();
    d->id = id;
    d->seq = update.seq;
    d->event = text(head + ",\"event\":" + i.event_json + ",\"matches\":[" + all + "]}");
    d->matches = text(head + ",\"matches\":[" + all + "]}");
    for (const auto& [mid, doc] : i.match_docs)
        d->match[mid] = text(head + ",\"match\":" + *doc + "}");
    d->pgn = i.pgn_docs;
    std::string pgn_all;
    for (const auto& [mid, pgn] : i.pgn_docs) pgn_all += *pgn;
    d->all_pgn = text(std::move(pgn_all));
    const std::string update_data =
        head + ",\"full\":" + (update.full ? "true" : "false") + ",\"matches\":[" + changed + "]}";
    std::shared_ptr<const Documents> fresh = std::move(d);
    {
        std::lock_guard docs_lock(i.docs_mutex);
        i.docs.swap(fresh);  // the old documents are freed below, outside the lock
    }
    i.broadcast.publish(id, update_data, *i.documents()->event);
    ++i.published;
}

void FeedServer::stop() {
    Impl& i = *impl_;
    if (i.stopped.exchange(true)) return;
    i.broadcast.close();
    i.http.stop();
    if (i.listener.joinable()) i.listener.join();
}

FeedStats FeedServer::stats() const {
    const Impl& i = *impl_;
    FeedStats s;
    s.last_id = i.broadcast.last_id();
    s.published = i.published;
    s.requests = i.requests;
    s.rejected = i.rejected;
    s.streams_open = i.streams_open;
    s.streams_total = i.streams_total;
    s.streams_refused = i.streams_refused;
    s.dropped_behind = i.dropped_behind;
    s.dropped_write = i.dropped_write;
    return s;
}

int FeedServer::port() const {
    return impl_->port;
}

}  // namespace venue::feed
