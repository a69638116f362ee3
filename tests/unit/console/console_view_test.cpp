// The console without a window: a whole Chessball match (the Opera Game with the demo's
// incidents) fed event by event; every panel drawn headless after every event; the view model's
// texts checked at chosen moments.
#include <cstring>
#include <filesystem>

#include "../../support/ring_match.h"
#include "console_feed.h"

namespace venue::console {
namespace {

using namespace testing;
using K = engine::ArbiterActionKind;

ArbiterIntent judge(K kind, std::string player = "", std::string text = "", int ref = 0) {
    ArbiterIntent in;
    in.match = "m1";
    in.kind = kind;
    in.player = std::move(player);
    in.text = std::move(text);
    in.ref = ref;
    in.arbiter = "Judge";
    in.note = "seen by the judge";
    return in;
}

const PlayerRow& player(const MatchView& m, const std::string& id) {
    for (const TeamView* t : {&m.white(), &m.black()})
        for (const PlayerRow& p : t->players)
            if (p.id == id) return p;
    throw std::runtime_error("no player " + id);
}

// A game of more than two sides (Betza's armies): every side is listed in its order, as the game
// calls it, with its players and its score, and the panels draw it.
TEST(ConsolePanels, EverySideOfAMatchOfMoreSidesIsListed) {
    engine::VenueState state(engine::testing::ring_maker);
    state.apply({0, std::nullopt, engine::MatchCreated{engine::testing::ring_config(4)}});
    state.apply({0, std::nullopt, engine::testing::ring_pass("n1")});
    ViewModel model;
    const ConsoleView v = model.build(state, DeviceInputs{}, 0);
    ASSERT_EQ(v.matches.size(), 1u);
    const MatchView& m = v.matches[0];
    ASSERT_EQ(m.sides.size(), 4u);
    EXPECT_EQ(m.title, "North - East - Side 3 - West");
    EXPECT_EQ(m.sides[0].label, "North");
    EXPECT_EQ(m.sides[2].label, "Side 3");
    EXPECT_EQ(m.sides[3].players.at(0).id, "w1");
    EXPECT_EQ(m.sides[0].score, "1");
    EXPECT_TRUE(m.sides[1].on_move);
    EXPECT_EQ(m.to_move, "East to move");
    Headless h;
    EXPECT_GT(h.frames(v), 100);
}

TEST(ConsolePanels, AWholeMatchDrawsEveryPanelAndShowsWhatHappened) {
    Feed f;
    Headless h;
    f.send(ClockReading{"m1", 90 * 60000, 90 * 60000, std::nullopt});
    EXPECT_GT(h.frames(f), 1000);
    {
        const ConsoleView v = f.view();
        ASSERT_EQ(v.matches.size(), 1u);
        EXPECT_EQ(v.matches[0].clock.white.text, "1:30:00");
        EXPECT_EQ(v.matches[0].clock.black.text, "1:30:00");
        EXPECT_EQ(v.matches[0].title, "Kazan - Moscow");
        EXPECT_EQ(v.matches[0].board.squares[chess::SQ_E1].glyph, std::string("\u2654"));
    }

    // 1. e4: Dina's counterpart W3 (ef) claims; W1 presses 3 µs late; Black presses out of turn.
    f.press(f.owner_button("e4"));
    EXPECT_EQ(f.view().matches[0].claim_holder, "White 3 (Kazan), button 2");
    EXPECT_TRUE(player(f.view().matches[0], "W3").holds_claim);
    f.press(0, ClaimVerdict::LATE, 3);
    f.press(9, ClaimVerdict::OUT_OF_TURN);
    h.frames(f);
    {
        const ConsoleView v = f.view();
        EXPECT_TRUE(any_claim(v, ClaimKind::GRANTED, "White 3 (W3) holds the claim (button 2)"));
        EXPECT_TRUE(any_claim(v, ClaimKind::LATE, "White 1 (W1) late by 3 \u00B5s"));
        EXPECT_TRUE(
            any_claim(v, ClaimKind::OUT_OF_TURN, "Black 2 (B2) pressed out of turn (Black)"));
    }
    f.move(f.uci("e4"));
    f.clock();
    {
        const MatchView m = f.view().matches[0];
        EXPECT_EQ(m.claim_holder, "");
        EXPECT_EQ(m.board.last_move, "1. e4");
        EXPECT_TRUE(m.board.squares[chess::SQ_E2].marks & MARK_LAST_FROM);
        EXPECT_TRUE(m.board.squares[chess::SQ_E4].marks & MARK_LAST_TO);
        EXPECT_TRUE(m.black().on_move);
        EXPECT_EQ(m.to_move, "Black (Moscow) to move");
    }

    const std::vector<std::string> game = {
        "e4",    "e5",  "Nf3",  "d6",  "d4",  "Bg4", "dxe5",  "Bxf3", "Qxf3", "dxe5",  "Bc4",
        "Nf6",   "Qb3", "Qe7",  "Nc3", "c6",  "Bg5", "b5",    "Nxb5", "cxb5", "Bxb5+", "Nbd7",
        "O-O-O", "Rd8", "Rxd7", "Rd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8",  "Rd8#"};
    for (std::size_t i = 1; i < game.size(); ++i) {
        const int ply = int(i) + 1;
        if (ply == 7) {
            // 4. dxe5, but W2 (cd) first moves the a-pawn: an impossible move, a proposed warning.
            f.press(f.owner_button("dxe5"));
            f.move("a2a3");
            h.frames(f);
            MatchView m = f.view().matches[0];
            ASSERT_EQ(m.proposals.size(), 1u);
            EXPECT_EQ(m.proposals[0].player, "W2");
            EXPECT_TRUE(m.board.restore_required);
            EXPECT_NE(m.board.restore_text.find("restore"), std::string::npos);
            // The judge confirms it with the Y shortcut: the dialog holds the proposal's ref.
            h.key(f, 'Y');
            EXPECT_EQ(h.ui.form.intent.kind, K::CONFIRM_WARNING);
            EXPECT_EQ(h.ui.form.intent.ref, m.proposals[0].ref);
            std::strcpy(h.ui.form.note, "touched a teammate's pawn");
            auto d = f.act(form_intent(h.ui.form, &m, h.ui.arbiter));
            ASSERT_TRUE(find<WarningGiven>(d));
            h.key(f, KEY_ESCAPE);
            m = f.view().matches[0];
            EXPECT_EQ(player(m, "W2").warnings, 1);
            EXPECT_EQ(m.clock.black.added, "+2:00 added");
            EXPECT_EQ(m.clock.black.text, "1:32:00");
            EXPECT_TRUE(m.proposals.empty());
            f.send(BoardRestored{"m1", "b"});
            EXPECT_FALSE(f.view().matches[0].board.restore_required);
            f.move(f.uci("dxe5"));
            f.clock();
            h.frames(f);
            continue;
        }
        if (ply == 17) f.act(judge(K::WARN, "W2", "talking"));
        if (ply == 26) {
            // After 13. Rxd7 the third warning removes W2: his men on c2 and d7 come off.
            auto d = f.act(judge(K::WARN, "W2", "prompting"));
            ASSERT_TRUE(find<PlayerRemoved>(d));
            h.frames(f);
            const MatchView m = f.view().matches[0];
            EXPECT_TRUE(player(m, "W2").removed);
            EXPECT_EQ(player(m, "W2").warnings, 3);
            EXPECT_EQ(player(m, "W3").files, "cdef");
            EXPECT_TRUE(m.board.squares[chess::SQ_C2].marks & MARK_REMOVED);
            EXPECT_EQ(m.clock.black.added, "+6:00 added");
            f.send(BoardRestored{"m1", "b"});
        }
        f.turn(game[i]);
        EXPECT_EQ(f.view().matches[0].ply, ply) << game[i];
        h.frames(f, 10);
    }
    const ConsoleView v = f.view();
    const MatchView& m = v.matches[0];
    EXPECT_EQ(m.result, "1-0");
    EXPECT_EQ(m.to_move, "game over: 1-0 checkmate");
    EXPECT_EQ(m.white().score, "1");
    EXPECT_EQ(m.black().score, "0");
    EXPECT_TRUE(m.board.squares[chess::SQ_E8].marks & MARK_CHECK);
    EXPECT_EQ(m.board.last_move, "17. Rd8#");
    EXPECT_EQ(m.clock.state, "stopped");
    // The log: every event with its decisions, rule ids and reasons.
    bool removal_logged = false;
    for (const LogRow& r : h.rows())
        if (r.kind == "player_removed" && r.rule.rfind("CB-", 0) == 0 && !r.text.empty())
            removal_logged = true;
    EXPECT_TRUE(removal_logged);
    h.ui.log.search[0] = 0;
    std::strcpy(h.ui.log.search, "player_removed");
    h.frames(f);
    EXPECT_EQ(h.ui.log.shown.size(), 1u);
    EXPECT_GE(h.drawn, 300);
}

TEST(ConsoleActions, IntentsNeedANoteAndWhatTheActionNeeds) {
    ArbiterIntent in = judge(K::WARN, "", "talking");
    EXPECT_FALSE(to_event(in, 1));  // no player
    in.player = "B2";
    EXPECT_TRUE(to_event(in, 1));
    in.note = "  ";
    EXPECT_EQ(to_event(in, 1).error(), "a note is required (why, in words)");
    ArbiterIntent r = judge(K::DECLARE_RESULT, "", "agreement");
    r.result = "2-0";
    EXPECT_FALSE(to_event(r, 1));
    r.result = "1/2-1/2";
    auto e = to_event(r, 7);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->host_ns, 7);
    const auto& a = std::get<ArbiterAction>(e->body);
    EXPECT_EQ(a.result, "1/2-1/2");
    EXPECT_EQ(a.text, "agreement");
    EXPECT_EQ(a.arbiter, "Judge");
    EXPECT_EQ(a.note, "seen by the judge");
    EXPECT_EQ(describe(r), "Declare the result 1/2-1/2 (agreement) in match m1");
}

TEST(ConsoleActions, EveryActionBecomesTheEventTheEngineDecidesOn) {
    Feed f;
    f.send(ClockReading{"m1", 600000, 600000, std::nullopt});
    f.turn("e4");

    ArbiterIntent t = judge(K::ADD_TIME);
    t.side = chess::WHITE;
    t.amount_ms = 30000;
    auto d = f.act(t);
    ASSERT_TRUE(find<TimeAdded>(d));
    EXPECT_EQ(find<TimeAdded>(d)->amount_ms, 30000);
    EXPECT_EQ(f.view().matches[0].clock.white.added, "+0:30 added");
    // Undo is a new event: the same time taken back.
    auto undo = undo_of(std::get<ArbiterAction>(to_event(t, 0)->body));
    ASSERT_TRUE(undo);
    d = f.act(*undo);
    ASSERT_TRUE(find<TimeAdded>(d));
    EXPECT_EQ(find<TimeAdded>(d)->amount_ms, -30000);
    EXPECT_EQ(f.view().matches[0].clock.white.added, "");

    f.act(judge(K::PAUSE));
    EXPECT_EQ(f.view().matches[0].phase, "paused");
    EXPECT_EQ(f.view().matches[0].clock.state, "paused");
    EXPECT_EQ(undo_of(std::get<ArbiterAction>(to_event(judge(K::PAUSE), 0)->body))->kind,
              K::RESUME);
    f.act(judge(K::RESUME));
    EXPECT_EQ(f.view().matches[0].phase, "playing");

    d = f.act(judge(K::WARN, "B2", "talking"));
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(find<WarningGiven>(d)->player, "B2");
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::WHITE);

    f.press(f.owner_button("e5"));
    EXPECT_FALSE(f.view().matches[0].claim_holder.empty());
    d = f.act(judge(K::RELEASE_CLAIM));
    ASSERT_TRUE(find<ClaimEnded>(d));
    EXPECT_TRUE(f.view().matches[0].claim_holder.empty());

    // A proposed warning rejected.
    f.press(8);      // B1 (ab)
    f.move("e7e5");  // not his file
    ASSERT_EQ(f.view().matches[0].proposals.size(), 1u);
    d = f.act(judge(K::REJECT_WARNING, "", "", f.view().matches[0].proposals[0].ref));
    EXPECT_FALSE(find<WarningGiven>(d));
    EXPECT_TRUE(f.view().matches[0].proposals.empty());
    f.send(BoardRestored{"m1", "b"});

    d = f.act(judge(K::REMOVE, "W1", "left the zone"));
    ASSERT_TRUE(find<PlayerRemoved>(d));
    EXPECT_TRUE(player(f.view().matches[0], "W1").removed);
    f.send(BoardRestored{"m1", "b"});

    ArbiterIntent res = judge(K::DECLARE_RESULT, "", "adjudication");
    res.result = "0-1";
    d = f.act(res);
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(f.view().matches[0].result, "0-1");
}

TEST(ConsoleActions, TheDialogReadsItsFieldsBack) {
    Feed f;
    Headless h;
    h.frames(f, 1);
    const MatchView m = f.view().matches[0];
    open_action(h.ui, m, K::ADD_TIME);
    h.ui.form.minutes = -1.5f;
    std::strcpy(h.ui.form.note, "clock set wrong");
    ArbiterIntent in = form_intent(h.ui.form, &m, "Chief");
    EXPECT_EQ(in.amount_ms, -90000);
    EXPECT_EQ(in.arbiter, "Chief");
    h.frames(f, 2);  // the modal is drawn
    open_action(h.ui, m, K::WARN);
    h.ui.form.player = 5;  // W1..W4, then B1..B4
    std::strcpy(h.ui.form.text, "talking");
    std::strcpy(h.ui.form.note, "twice");
    in = form_intent(h.ui.form, &m, "Chief");
    EXPECT_EQ(in.player, "B2");
    EXPECT_EQ(in.text, "talking");
    // The ground: the game's first for a warning unless the arbiter picks another.
    EXPECT_EQ(in.clause, "CB-6.4.2.4");
    h.ui.form.ground = 2;
    in = form_intent(h.ui.form, &m, "Chief");
    EXPECT_EQ(in.clause, "CB-6.4.2.3");
    EXPECT_NE(describe(in, m).find("(CB-6.4.2.3)"), std::string::npos) << describe(in, m);
    ASSERT_TRUE(to_event(in, 1));
    EXPECT_EQ(std::get<engine::ArbiterAction>(to_event(in, 1)->body).clause, "CB-6.4.2.3");
    // It reaches the engine: the warning cites the ground chosen.
    const auto warned = f.act(in);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<WarningGiven>(warned, &why));
    EXPECT_EQ(why->rule, "CB-6.4.2.3");
    open_action(h.ui, m, K::REMOVE);
    h.ui.form.player = 5;
    std::strcpy(h.ui.form.text, "kicked the table");
    std::strcpy(h.ui.form.note, "seen");
    EXPECT_EQ(form_intent(h.ui.form, &m, "Chief").clause, "CB-6.4.3.2");
    h.ui.form.ground = 1;
    EXPECT_EQ(form_intent(h.ui.form, &m, "Chief").clause, "CB-6.4.3.3");
    h.frames(f, 2);  // the dialog drawn with its ground combo
    open_action(h.ui, m, K::DECLARE_RESULT);
    h.ui.form.result = 2;
    std::strcpy(h.ui.form.text, "agreement");
    EXPECT_EQ(form_intent(h.ui.form, &m, "").result, "1/2-1/2");
    h.key(f, KEY_ESCAPE);  // closes the dialog
    h.ui.form.intent.kind = K::PAUSE;
    h.key(f, 'W');  // a shortcut opens the warning dialog
    EXPECT_EQ(h.ui.form.intent.kind, K::WARN);
    h.key(f, KEY_F1);
    EXPECT_TRUE(h.ui.show_help);
    h.frames(f, 3);
}

// "Record an illegal move that stands": the shortcut opens the dialog, the move typed as it was
// made becomes the event, and the engine goes on from the position it made in a new part.
TEST(ConsoleActions, AnIllegalMoveThatStandsThroughTheDialog) {
    Feed f;
    Headless h;
    f.turn("e4");
    h.frames(f, 1);
    const MatchView m = f.view().matches[0];
    h.key(f, 'I');
    EXPECT_EQ(h.ui.form.intent.kind, K::ILLEGAL_MOVE_STANDS);
    h.frames(f, 2);  // the dialog drawn, with its field
    std::strcpy(h.ui.form.text, "");
    std::strcpy(h.ui.form.note, "seen too late");
    EXPECT_EQ(to_event(form_intent(h.ui.form, &m, "Chief"), 1).error(),
              "give the move as it was made: from and to (e1g3)");
    std::strcpy(h.ui.form.text, "g8e6");  // Black's knight, moved like no knight
    const ArbiterIntent in = form_intent(h.ui.form, &m, "Chief");
    EXPECT_EQ(describe(in),
              "Let the illegal move g8e6 stand (the game goes on from there) in match m1");
    auto d = f.act(in);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<RestoreRequired>(d, &why));
    EXPECT_EQ(why->rule, "X-3") << why->reason;
    f.send(BoardRestored{"m1", "b"});
    const MatchView after = f.view().matches[0];
    EXPECT_NE(after.to_move.find("White"), std::string::npos) << after.to_move;
    EXPECT_EQ(after.segment_ply, 0);
    EXPECT_EQ(after.ply, 1);  // e4 in the first part
    h.frames(f, 2);
}

// The setup wizard's window, headless: every step of every game drawn for a few frames (the
// model's behaviour is tested in setup_wizard_test.cpp).
TEST(ConsolePanels, TheSetupWizardDrawsEveryStepOfEveryGame) {
    Headless h;
    SetupWizard w("never-written-by-drawing.toml");
    SetupUi ui;
    ui.fonts = h.ui.fonts;
    ui.hub_status = "hub on /dev/pts/3: RUNNING";
    auto frames = [&](int n) {
        int vertices = 0;
        for (int i = 0; i < n; ++i) {
            ImGui::NewFrame();
            draw_setup_panel(w, ui);
            ImGui::Render();
            vertices = ImGui::GetDrawData()->TotalVtxCount;
        }
        return vertices;
    };
    for (const char* game : {"chessball", "fide", "business"}) {
        w.set_game(game);
        w.add_board();
        for (int s = 0; s < WIZARD_STEPS; ++s) {
            w.go_to(WizardStep(s));
            EXPECT_GT(frames(3), 100) << game << ": " << step_title(WizardStep(s));
        }
    }
    // With nothing selected and a message in red, too.
    w.go_to(WizardStep::BUTTONS);
    w.select_for_claim(std::nullopt);
    EXPECT_FALSE(w.on_claim_press(3));
    EXPECT_GT(frames(2), 100);
    EXPECT_FALSE(std::filesystem::exists(w.path()));
}

TEST(ConsoleFormat, ClockAndDurationTexts) {
    EXPECT_EQ(clock_text(90 * 60000), "1:30:00");
    EXPECT_EQ(clock_text(4 * 60000 + 7000), "4:07");
    EXPECT_EQ(clock_text(9400), "9.4");
    EXPECT_EQ(clock_text(-5), "0.0");
    EXPECT_EQ(duration_text(120000), "+2:00");
    EXPECT_EQ(duration_text(-30000), "-0:30");
    EXPECT_EQ(age_text(-1), "\u2014");
    EXPECT_EQ(age_text(12'000'000), "12 ms");
}

}  // namespace
}  // namespace venue::console

namespace venue::console::testing {
namespace {

// An action is called done only when its event is durable: the console waits for the applied
// event with the same body, names its number, and says so when the engine is not taking events
// (a demo whose devices stopped, an engine that failed), rather than "sent".
TEST(ConsoleActions, AnActionIsLoggedOnlyWhenItsEventComesBackFromTheLog) {
    Feed f;
    ArbiterIntent pause;
    pause.match = "m1";
    pause.kind = K::PAUSE;
    pause.note = "a player is unwell";
    pause.arbiter = "Chief";
    auto e = to_event(pause, f.now());
    ASSERT_TRUE(e) << e.error();
    f.model().expect(*e, describe(pause), f.now());
    ConsoleView v = f.model().build(f.state(), DeviceInputs{}, f.now() + 1'000'000);
    EXPECT_TRUE(v.action_pending);
    EXPECT_NE(v.action_status.find("Waiting for the log"), std::string::npos) << v.action_status;
    v = f.model().build(f.state(), DeviceInputs{}, f.now() + ViewModel::ACTION_OVERDUE_NS);
    EXPECT_NE(v.action_status.find("Not in the log after 3 s"), std::string::npos)
        << v.action_status;
    EXPECT_NE(v.action_status.find("it has not happened"), std::string::npos);

    f.send(ClockReading{"m1", 1000, 1000, std::nullopt});  // another event: still waiting
    EXPECT_TRUE(f.model().build(f.state(), DeviceInputs{}, f.now()).action_pending);
    f.act(pause);  // the same action, applied and logged
    v = f.model().build(f.state(), DeviceInputs{}, f.now());
    EXPECT_FALSE(v.action_pending);
    EXPECT_EQ(v.action_status.rfind("Logged as event 3: ", 0), 0u) << v.action_status;
}

}  // namespace
}  // namespace venue::console::testing

namespace venue::console {
namespace {

// The hall's publisher to the championship's broker is a row of the devices panel: connected or
// not, how far behind, refusals (docs/multi-hall.md).
TEST(ConsoleDevices, TheBrokerRowSaysHowFarBehindThePublisherIs) {
    engine::VenueState state;
    ViewModel model;
    DeviceInputs devices;
    EXPECT_TRUE(model.build(state, devices, 0).devices.empty());
    devices.broker =
        BrokerInput{true, "mqtt://hall-a@broker:1883", "venue/open/hall-a", 120, 120, 0};
    ConsoleView v = model.build(state, devices, 0);
    ASSERT_EQ(v.devices.size(), 1u);
    EXPECT_EQ(v.devices[0].name, "broker");
    EXPECT_EQ(v.devices[0].state, "connected");
    EXPECT_TRUE(v.devices[0].ok);
    EXPECT_EQ(v.devices[0].errors, "every event acknowledged");
    EXPECT_EQ(v.devices[0].detail, "mqtt://hall-a@broker:1883 as venue/open/hall-a");
    devices.broker = BrokerInput{false, "mqtt://b:1883", "venue/open/hall-a", 500, 120, 0};
    v = model.build(state, devices, 0);
    EXPECT_EQ(v.devices[0].state, "reconnecting");
    EXPECT_FALSE(v.devices[0].ok);
    EXPECT_EQ(v.devices[0].errors, "behind by 380");
    devices.broker = BrokerInput{true, "mqtt://b:1883", "venue/open/hall-a", 10, 10, 3};
    v = model.build(state, devices, 0);
    EXPECT_FALSE(v.devices[0].ok);
    EXPECT_EQ(v.devices[0].errors, "every event acknowledged, 3 refused (ACL?)");
}

}  // namespace
}  // namespace venue::console
