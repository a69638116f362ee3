// Business Chess entries through the console: each entry's dialog (opened as the button or the
// shortcut opens it, its fields set as the arbiter sets them) gives the intent, the view model
// turns it into the engine's KeyChange, and the engine decides on a scripted tree of three
// branches. The panels are drawn headless with every entry's dialog open.
#include <cstring>

#include "../../support/business_tree.h"
#include "console_feed.h"
#include "games/business/console/business_panels.h"

namespace venue::console {
namespace {

using namespace engine;
using games::business::open_key_change;
using games::business::testing::full_turn;
using games::business::testing::refused;
using venue::engine::testing::find;
using KC = KeyChangeKind;
using K = ArbiterActionKind;

// The three-branch tree (branch 1: 6 chips on board 1, branch 2: 3 on board 2, branch 3: 1 on
// board 3) after one more whole turn: Black to move, no entry made yet in this turn. Entries go
// through the console's path (dialog -> form_intent -> to_event) into the engine, and the view
// model sees every event as the engine thread would show it.
class Bench {
  public:
    Bench() : s_(venue::testing::three_branches()) { full_turn(s_); }

    MatchView view() const { return model_.build(s_.state(), DeviceInputs{}, 0).matches[0]; }

    // The dialog of `kind` as the button opens it; `edit` sets its fields like the arbiter.
    ArbiterIntent dialog(KC kind, const std::function<void(ActionForm&)>& edit = {}) {
        const MatchView m = view();
        open_key_change(ui_, m, kind);
        EXPECT_TRUE(ui_.form.request_open);
        if (edit) edit(ui_.form);
        std::strcpy(ui_.form.note, "entered for the representative");
        return form_intent(ui_.form, &m, "Chief");
    }
    // The intent as the app posts it; the event it became is kept in `sent`.
    std::vector<Decision> enter(const ArbiterIntent& in) {
        auto e = to_event(in, 1);
        EXPECT_TRUE(e) << e.error();
        if (!e) return {};
        sent = std::get<KeyChange>(e->body);
        return apply(*e);
    }
    std::vector<Decision> apply(const Event& e) {
        auto d = s_.send(e.body);
        model_.observe(runtime::Applied{++seq_, e, d}, e.host_ns, &s_.state());
        return d;
    }
    games::business::testing::Script& script() { return s_; }
    const games::business::BusinessMatch& match() const { return s_.match(); }
    const ViewModel& model() const { return model_; }
    UiState& ui() { return ui_; }

    KeyChange sent;

  private:
    games::business::testing::Script s_;
    ViewModel model_;
    UiState ui_;
    std::int64_t seq_ = 0;
};

int rating(const MatchView& m, int branch) {
    for (const BranchView& b : m.branches)
        if (b.number == branch) return b.rating;
    return -1;
}

bool logged(const ViewModel& model, const std::string& kind, const std::string& text = "") {
    for (const LogRow& r : model.log())
        if (r.kind == kind && r.text.find(text) != std::string::npos) return true;
    return false;
}

TEST(ConsoleBusinessEntries, BranchSplitsTheMotherOntoTheNextFreeBoard) {
    Bench b;
    EXPECT_EQ(b.view().free_boards, (std::vector<std::string>{"4", "5"}));
    const ArbiterIntent in = b.dialog(KC::BRANCH, [](ActionForm& f) {
        EXPECT_EQ(f.intent.side, chess::BLACK);  // the team on move
        EXPECT_EQ(f.intent.from_branch, 1);
        EXPECT_EQ(f.intent.amount, 3);  // half the mother's 6 to start with
        f.intent.amount = 2;
    });
    EXPECT_EQ(describe(in, b.view()),
              "Black: branch 1 splits, 2 chips to a new branch on the next free board in match m1");
    const auto d = b.enter(in);
    EXPECT_EQ(b.sent.kind, KC::BRANCH);
    EXPECT_EQ(b.sent.side, chess::BLACK);
    EXPECT_EQ(b.sent.from_branch, 1);
    EXPECT_EQ(b.sent.amount, 2);
    EXPECT_EQ(b.sent.board, "");
    EXPECT_EQ(b.sent.arbiter, "Chief");
    EXPECT_EQ(b.sent.note, "entered for the representative");
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    const auto* opened = find<BranchOpened>(d);
    ASSERT_TRUE(opened);
    EXPECT_EQ(opened->board, "4");
    EXPECT_EQ(opened->rating, 2);
    ASSERT_TRUE(find<BoardSetupRequired>(d));
    const MatchView m = b.view();
    EXPECT_EQ(rating(m, 1), 4);
    EXPECT_EQ(m.free_boards, (std::vector<std::string>{"5"}));
    // The log shows the entry in words and the engine's answer, both in the arbiter's family.
    EXPECT_TRUE(logged(b.model(), "key_change", "Black: branch 1 splits, 2 chips"));
    EXPECT_TRUE(logged(b.model(), "key_change_accepted"));
    for (const LogRow& r : b.model().log()) {
        if (r.kind == "key_change" || r.kind == "key_change_accepted") {
            EXPECT_EQ(r.family, LogFamily::ARBITER) << r.kind;
        }
    }
}

TEST(ConsoleBusinessEntries, BranchOnANamedBoard) {
    Bench b;
    const auto d = b.enter(b.dialog(KC::BRANCH, [](ActionForm& f) { f.intent.board = "5"; }));
    EXPECT_EQ(b.sent.board, "5");
    ASSERT_TRUE(find<BranchOpened>(d));
    EXPECT_EQ(find<BranchOpened>(d)->board, "5");
    EXPECT_EQ(find<BranchOpened>(d)->rating, 3);
}

TEST(ConsoleBusinessEntries, SelectAllToOneBranchScoresForTheOpponent) {
    Bench b;
    const auto d = b.enter(b.dialog(KC::SELECT, [](ActionForm& f) {
        f.intent.from_branch = 3;
        f.intent.to_branch = 1;
    }));
    EXPECT_EQ(b.sent.kind, KC::SELECT);
    EXPECT_EQ(b.sent.from_branch, 3);
    EXPECT_EQ(b.sent.to_branch, 1);
    EXPECT_TRUE(b.sent.shares.empty());
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    const auto* closed = find<BranchClosed>(d);
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->branch, 3);
    EXPECT_EQ(closed->termination, "selection");
    const MatchView m = b.view();
    EXPECT_EQ(rating(m, 1), 7);
    EXPECT_EQ(m.white().score, "1");  // the resigned branch's rating, 1, to White
}

TEST(ConsoleBusinessEntries, SelectSplitOverSeveralBranches) {
    Bench b;
    // A split that does not add up is sent (the console cannot know every rule) and refused.
    auto d = b.enter(b.dialog(KC::SELECT, [](ActionForm& f) {
        f.split = true;
        f.shares = {{2, 4}, {3, 1}};
    }));
    ASSERT_TRUE(refused(d, "BAD_SPLIT"));
    EXPECT_TRUE(logged(b.model(), "key_change_refused"));
    EXPECT_EQ(rating(b.view(), 1), 6);  // nothing changed
    d = b.enter(b.dialog(KC::SELECT, [](ActionForm& f) {
        f.split = true;
        f.shares = {{2, 4}, {3, 2}, {1, 5}};  // its own branch is left out
    }));
    ASSERT_EQ(b.sent.shares.size(), 2u);
    EXPECT_EQ(b.sent.shares[0].branch, 2);
    EXPECT_EQ(b.sent.shares[0].amount, 4);
    EXPECT_EQ(b.sent.shares[1].branch, 3);
    EXPECT_EQ(b.sent.shares[1].amount, 2);
    EXPECT_EQ(b.sent.to_branch, 0);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    const MatchView m = b.view();
    EXPECT_EQ(rating(m, 2), 7);
    EXPECT_EQ(rating(m, 3), 3);
    EXPECT_EQ(m.white().score, "6");
}

TEST(ConsoleBusinessEntries, PassMovesOneChip) {
    Bench b;
    const auto d = b.enter(b.dialog(KC::PASS, [](ActionForm& f) {
        EXPECT_EQ(f.intent.from_branch, 1);
        EXPECT_EQ(f.intent.to_branch, 2);
        f.intent.to_branch = 3;
    }));
    EXPECT_EQ(b.sent.kind, KC::PASS);
    EXPECT_EQ(b.sent.amount, 1);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    EXPECT_EQ(rating(b.view(), 1), 5);
    EXPECT_EQ(rating(b.view(), 3), 2);
    // One key change per move: a second pass is refused, and says so in the log.
    ASSERT_TRUE(refused(b.enter(b.dialog(KC::PASS)), "ONE_KEY_CHANGE"));
}

TEST(ConsoleBusinessEntries, ResignWithoutSelection) {
    Bench b;
    const auto d = b.enter(b.dialog(KC::RESIGN, [](ActionForm& f) { f.intent.from_branch = 2; }));
    EXPECT_EQ(b.sent.kind, KC::RESIGN);
    EXPECT_EQ(b.sent.from_branch, 2);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    ASSERT_TRUE(find<BranchClosed>(d));
    EXPECT_EQ(find<BranchClosed>(d)->termination, "resignation");
    EXPECT_EQ(b.match().chips_on_table(), 3);
}

TEST(ConsoleBusinessEntries, DrawByAgreementAndAnIncorrectClaim) {
    Bench b;
    // Either team may enter a draw: White's, while Black is on move.
    auto d = b.enter(b.dialog(KC::DRAW, [](ActionForm& f) {
        f.intent.side = chess::WHITE;
        f.intent.from_branch = 2;
    }));
    EXPECT_EQ(b.sent.claim, "");
    EXPECT_EQ(b.sent.side, chess::WHITE);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    ASSERT_TRUE(find<BranchClosed>(d));
    EXPECT_EQ(find<BranchClosed>(d)->result, "1/2-1/2");
    d = b.enter(b.dialog(KC::DRAW, [](ActionForm& f) {
        f.intent.from_branch = 3;
        f.claim = 1;  // threefold: not so
    }));
    EXPECT_EQ(b.sent.claim, "threefold");
    ASSERT_TRUE(refused(d, "INCORRECT_CLAIM"));
    ASSERT_TRUE(find<TimeAdded>(d));
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::WHITE);
}

TEST(ConsoleBusinessEntries, VetoInTheTeamsOwnTurnUnderHalfAnHour) {
    Bench b;
    b.script().clock(40 * 60000, 20 * 60000, chess::BLACK);
    const ArbiterIntent in = b.dialog(KC::VETO);
    EXPECT_EQ(describe(in, b.view()),
              "Black vetoes branching: White may not branch any more in match m1");
    const auto d = b.enter(in);
    EXPECT_EQ(b.sent.kind, KC::VETO);
    EXPECT_EQ(b.sent.side, chess::BLACK);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    EXPECT_TRUE(b.match().vetoed(chess::BLACK));
}

TEST(ConsoleBusinessEntries, BoardCOnceOneBranchIsLeft) {
    Bench b;
    ASSERT_TRUE(refused(b.enter(b.dialog(KC::BOARD_C)), "NOT_ONE_BRANCH"));
    b.enter(b.dialog(KC::SELECT, [](ActionForm& f) {
        f.intent.from_branch = 3;
        f.intent.to_branch = 1;
    }));
    full_turn(b.script());
    b.enter(b.dialog(KC::SELECT, [](ActionForm& f) {
        EXPECT_EQ(f.intent.side, chess::WHITE);
        f.intent.from_branch = 2;
        f.intent.to_branch = 1;
    }));
    ASSERT_EQ(b.match().open_branches(), 1);
    const auto d = b.enter(b.dialog(KC::BOARD_C));
    EXPECT_EQ(b.sent.kind, KC::BOARD_C);
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    ASSERT_TRUE(find<BoardSetupRequired>(d));
    EXPECT_EQ(find<BoardSetupRequired>(d)->board, "C");
}

TEST(ConsoleBusinessEntries, ReplaceWhileTheTeamsClockIsStopped) {
    Bench b;
    const ArbiterIntent in = b.dialog(KC::REPLACE, [](ActionForm& f) {
        // Black is on move, so White's clock is stopped: the dialog starts on White, with its
        // first member and its reserve.
        EXPECT_EQ(f.intent.side, chess::WHITE);
        EXPECT_EQ(f.intent.player, "w1");
        EXPECT_EQ(f.intent.in_player, "w6");
        f.intent.player = "w2";
    });
    EXPECT_EQ(describe(in, b.view()), "White: White 6 (w6) comes in for White 2 (w2) in match m1");
    const auto d = b.enter(in);
    EXPECT_EQ(b.sent.kind, KC::REPLACE);
    EXPECT_EQ(b.sent.player, "w2");
    EXPECT_EQ(b.sent.in_player, "w6");
    ASSERT_TRUE(find<PlayerReplaced>(d));
    const MatchView m = b.view();
    EXPECT_TRUE(m.white().players[1].reserve);   // w2 out
    EXPECT_FALSE(m.white().players[5].reserve);  // w6 in
    // Black's clock runs: Black may not replace now.
    ASSERT_TRUE(refused(b.enter(b.dialog(KC::REPLACE,
                                         [](ActionForm& f) {
                                             f.intent.side = chess::BLACK;
                                             f.intent.player = "b1";
                                             f.intent.in_player = "b6";
                                         })),
                        "CLOCK_RUNNING"));
}

TEST(ConsoleBusinessEntries, YellowAndRedCardsAreTheWarnAndRemoveActions) {
    Bench b;
    const MatchView m = b.view();
    open_action(b.ui(), m, K::WARN);
    b.ui().form.player = 1;  // w2
    std::strcpy(b.ui().form.text, "crossed the red line");
    std::strcpy(b.ui().form.note, "second member beyond the line");
    ArbiterIntent in = form_intent(b.ui().form, &m, "Chief");
    EXPECT_EQ(describe(in, m), "Show White 2 (w2) a yellow card: crossed the red line in match m1");
    auto e = to_event(in, 1);
    ASSERT_TRUE(e);
    auto d = b.apply(*e);
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(b.view().white().players[1].warnings, 1);
    open_action(b.ui(), m, K::REMOVE);
    b.ui().form.player = 1;
    std::strcpy(b.ui().form.text, "crossed again");
    std::strcpy(b.ui().form.note, "red card");
    in = form_intent(b.ui().form, &m, "Chief");
    EXPECT_EQ(describe(in, m),
              "Show White 2 (w2) a red card (expulsion): crossed again in match m1");
    d = b.apply(*to_event(in, 2));
    ASSERT_TRUE(find<PlayerRemoved>(d));
    EXPECT_TRUE(b.view().white().players[1].removed);
}

TEST(ConsoleBusinessEntries, WhatAnEntryLacksIsSaidBeforeConfirm) {
    ArbiterIntent in;
    in.match = "m1";
    in.note = "n";
    in.key = KC::BRANCH;
    EXPECT_EQ(to_event(in, 1).error(), "choose the mother branch");
    in.from_branch = 1;
    EXPECT_EQ(to_event(in, 1).error(), "the new branch needs at least 1 chip of its mother");
    in.key = KC::SELECT;
    in.to_branch = 1;
    EXPECT_EQ(to_event(in, 1).error(), "the rating goes to another branch");
    in.shares = {{2, 0}};
    EXPECT_EQ(to_event(in, 1).error(), "every recipient gets at least 1 chip");
    in.key = KC::PASS;
    in.to_branch = 0;
    EXPECT_EQ(to_event(in, 1).error(), "choose the branch that gives and the one that receives");
    in.key = KC::DRAW;
    in.claim = "perpetual";
    EXPECT_EQ(to_event(in, 1).error(), "a draw is by agreement, threefold or fifty_moves");
    in.key = KC::REPLACE;
    in.player = in.in_player = "w2";
    EXPECT_EQ(to_event(in, 1).error(), "a player cannot replace himself");
    in.in_player = "w6";
    in.note = " ";
    EXPECT_EQ(to_event(in, 1).error(), "a note is required (why, in words)");
    in.note = "n";
    auto e = to_event(in, 5);
    ASSERT_TRUE(e);
    const auto& k = std::get<KeyChange>(e->body);
    EXPECT_EQ(k.arbiter, "arbiter");  // no name given
    EXPECT_EQ(k.from_branch, 1);      // kept: the engine ignores it for a replacement
    EXPECT_EQ(k.claim, "");           // only a draw has a claim
}

// Every entry's dialog opened by its shortcut on a Business Chess match, drawn headless.
TEST(ConsoleBusinessEntries, ShortcutsOpenEachDialogAndThePanelsDraw) {
    Bench b;
    console::testing::Headless h;
    const struct {
        int key;
        KC kind;
    } keys[] = {{'S', KC::BRANCH}, {'L', KC::SELECT}, {'A', KC::PASS},    {'G', KC::RESIGN},
                {'E', KC::DRAW},   {'V', KC::VETO},   {'O', KC::BOARD_C}, {'U', KC::REPLACE}};
    auto frame = [&](bool* popup = nullptr) {
        std::vector<LogRow> rows;
        std::uint64_t seen = 0;
        b.model().copy_new_rows(seen, rows);
        ImGui::NewFrame();
        draw_console(b.model().build(b.script().state(), DeviceInputs{}, 0), rows, h.ui);
        if (popup) *popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
        ImGui::Render();
        return ImGui::GetDrawData()->TotalVtxCount;
    };
    frame();
    for (const auto& k : keys) {
        ImGui::GetIO().KeysDown[k.key] = true;
        frame();
        ImGui::GetIO().KeysDown[k.key] = false;
        bool open = false;
        int vertices = 0;
        for (int i = 0; i < 3; ++i) vertices = frame(&open);
        ASSERT_TRUE(h.ui.form.intent.key) << char(k.key);
        EXPECT_EQ(*h.ui.form.intent.key, k.kind) << char(k.key);
        EXPECT_TRUE(open) << char(k.key);
        EXPECT_GT(vertices, 1000) << char(k.key);
        // The split form of a selection draws its per-branch fields too.
        if (k.kind == KC::SELECT) {
            h.ui.form.split = true;
            for (int i = 0; i < 2; ++i) vertices = frame(&open);
            EXPECT_TRUE(open);
        }
        ImGui::GetIO().KeysDown[KEY_ESCAPE] = true;
        frame();
        ImGui::GetIO().KeysDown[KEY_ESCAPE] = false;
        frame(&open);
        EXPECT_FALSE(open) << char(k.key);
    }
    // The cards' labels on the actions panel and the dialog of a yellow card draw too.
    open_action(h.ui, b.view(), K::WARN);
    bool open = false;
    for (int i = 0; i < 2; ++i) frame(&open);
    EXPECT_TRUE(open);
}

}  // namespace
}  // namespace venue::console
