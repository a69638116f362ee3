// A Chessball match driven event by event (no devices, no log), with the console's view model
// fed exactly as the engine thread feeds it, and every panel drawn headless (an ImGui context
// with no renderer: NewFrame ... Render).
#pragma once

#include <gtest/gtest.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "../chessball/chessball_script.h"
#include "chess/san.h"
#include "chess/uci.h"
#include "console/panels.h"
#include "console/view_model.h"

namespace venue::console::testing {

using namespace venue::engine;
using games::chessball::testing::four_a_side;
using venue::engine::testing::find;

class Feed {
  public:
    explicit Feed(MatchConfig config = four_a_side()) { send(MatchCreated{std::move(config)}); }

    std::vector<Decision> send(EventBody body) {
        Event e{t_ += 1'000'000, t_ / 1000, std::move(body)};
        auto d = state_.apply(e);
        model_.observe(runtime::Applied{++seq_, e, d}, e.host_ns, &state_);
        return d;
    }
    // An arbiter's intent through the console's path: to_event, then the engine.
    std::vector<Decision> act(const ArbiterIntent& in) {
        auto e = to_event(in, t_ += 1'000'000);
        EXPECT_TRUE(e) << e.error();
        if (!e) return {};
        auto d = state_.apply(*e);
        model_.observe(runtime::Applied{++seq_, *e, d}, e->host_ns, &state_);
        return d;
    }
    std::vector<Decision> press(int button, ClaimVerdict v = ClaimVerdict::ACCEPTED,
                                std::int64_t margin = 0) {
        ClaimPressed p;
        p.match = "m1";
        p.button = button;
        p.verdict = v;
        p.margin_us = margin;
        return send(p);
    }
    std::vector<Decision> move(const std::string& uci) { return send(MoveSensed{"m1", "b", uci}); }
    std::vector<Decision> clock() {
        return send(ClockPressed{"m1", match().game().position().side_to_move(), std::nullopt});
    }
    // The SAN move's UCI in the current position.
    std::string uci(const std::string& san) const {
        auto m = chess::parse_san(match().game().position(), san);
        EXPECT_TRUE(m) << san;
        return m ? chess::to_uci(*m) : "";
    }
    // The button of the player who owns the file the SAN move's piece stands on (CB-A1).
    int owner_button(const std::string& san) const {
        const chess::Position& pos = match().game().position();
        auto m = chess::parse_san(pos, san);
        const Color side = pos.side_to_move();
        const int owner = match().ownership(side).owner(chess::file_of(m->from()));
        const auto& team = match().config().side(side);
        return team.players[std::size_t(owner)].buttons.front();
    }
    // Claim with the owner's button, move, press the clock.
    void turn(const std::string& san) {
        press(owner_button(san));
        move(uci(san));
        clock();
    }

    ConsoleView view() const { return model_.build(state_, DeviceInputs{}, t_); }
    const games::chessball::ChessballMatch& match() const {
        return dynamic_cast<const games::chessball::ChessballMatch&>(*state_.match("m1"));
    }
    const VenueState& state() const { return state_; }
    ViewModel& model() { return model_; }
    const ViewModel& model() const { return model_; }
    HostNanos now() const { return t_; }

  private:
    VenueState state_;
    ViewModel model_;
    std::int64_t seq_ = 0;
    HostNanos t_ = 0;
};

// An ImGui context with the console's fonts and no renderer.
class Headless {
  public:
    Headless() {
        IMGUI_CHECKVERSION();
        ctx_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1920, 1080);
        io.DeltaTime = 1.0f / 60.0f;
        ui.fonts = load_fonts();
        EXPECT_TRUE(io.Fonts->IsBuilt());
    }
    ~Headless() { ImGui::DestroyContext(ctx_); }
    Headless(const Headless&) = delete;
    Headless& operator=(const Headless&) = delete;

    // Draws every panel `n` times; returns the vertices of the last frame (not blank).
    int frames(const Feed& feed, int n = 3) {
        int vertices = 0;
        for (int i = 0; i < n; ++i) {
            feed.model().copy_new_rows(seen_, rows_);
            ImGui::NewFrame();
            draw_console(feed.view(), rows_, ui);
            ImGui::Render();
            vertices = ImGui::GetDrawData()->TotalVtxCount;
            ++drawn;
        }
        return vertices;
    }
    // Draws every panel of `view` `n` times, with no log; returns the vertices of the last frame.
    int frames(const ConsoleView& view, int n = 3) {
        int vertices = 0;
        const std::vector<LogRow> none;
        for (int i = 0; i < n; ++i) {
            ImGui::NewFrame();
            draw_console(view, none, ui);
            ImGui::Render();
            vertices = ImGui::GetDrawData()->TotalVtxCount;
            ++drawn;
        }
        return vertices;
    }
    // Presses a key (GLFW code) for one frame.
    void key(const Feed& feed, int code) {
        ImGui::GetIO().KeysDown[code] = true;
        frames(feed, 1);
        ImGui::GetIO().KeysDown[code] = false;
        frames(feed, 1);
    }

    UiState ui;
    int drawn = 0;
    const std::vector<LogRow>& rows() const { return rows_; }

  private:
    ImGuiContext* ctx_ = nullptr;
    std::vector<LogRow> rows_;
    std::uint64_t seen_ = 0;
};

inline bool any_claim(const ConsoleView& v, ClaimKind kind, const std::string& text) {
    for (const ClaimLine& c : v.claims)
        if (c.kind == kind && c.text.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace venue::console::testing
