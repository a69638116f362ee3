#include "games/business/rules/business_pgn.h"

#include "venue/pgn_export.h"

namespace venue::games::business {

using namespace venue::engine;

namespace {

std::string history_text(const Branch& b) {
    std::string s = "Branch " + std::to_string(b.number);
    s += b.parent ? " split from branch " + std::to_string(b.parent) + " after ply " +
                        std::to_string(b.split_ply)
                  : std::string(" (the start of the game)");
    s += "; rating";
    for (std::size_t i = 0; i < b.history.size(); ++i) {
        const RatingStep& h = b.history[i];
        s += (i ? ", " : " ") + std::to_string(h.rating) + " from ply " + std::to_string(h.ply) +
             " (" + h.why + ")";
    }
    return s;
}

}  // namespace

std::vector<chess::PgnGame> branch_pgns(const BusinessMatch& match) {
    const MatchConfig& c = match.config();
    std::vector<chess::PgnGame> out;
    for (const Branch& b : match.branches()) {
        chess::PgnGame g;
        g.set_tag("Event", c.event.empty() ? "?" : c.event);
        g.set_tag("Site", c.site.empty() ? "?" : c.site);
        g.set_tag("Date", pgn_date(c));
        g.set_tag("Round", c.round.empty() ? "?" : c.round);
        g.set_tag("White", pgn_player_names(c.white()));
        g.set_tag("Black", pgn_player_names(c.black()));
        g.set_tag("Result", b.result);
        g.set_tag("GameId", c.id + "-b" + std::to_string(b.number));
        if (!c.white().name.empty()) g.set_tag("WhiteTeam", c.white().name);
        if (!c.black().name.empty()) g.set_tag("BlackTeam", c.black().name);
        g.set_tag("Variant", "Business Chess");
        g.set_tag("Branch", std::to_string(b.number));
        if (b.parent) {
            g.set_tag("ParentBranch", std::to_string(b.parent));
            g.set_tag("SplitPly", std::to_string(b.split_ply));
        }
        g.set_tag("Board", b.board.empty() ? b.setup_board : b.board);
        g.set_tag("Rating", std::to_string(b.open ? b.rating : b.stake));
        if (!b.termination.empty()) g.set_tag("Termination", b.termination);
        if (match.phase() == MatchPhase::FINISHED) g.set_tag("MatchResult", match.result());
        g.set_tag("TimeControl", std::to_string(c.time.base_ms / 1000) + "+" +
                                     std::to_string(c.time.increment_ms / 1000));
        g.comment = history_text(b);
        g.result = b.result;
        g.start = b.game.start_position();
        for (std::size_t i = 0; i < b.game.moves().size(); ++i) {
            chess::PgnMove m;
            m.move = b.game.moves()[i];
            if (i < b.clocks.size()) m.clock_ms = b.clocks[i];
            g.moves.push_back(m);
        }
        out.push_back(std::move(g));
    }
    return out;
}

std::vector<chess::PgnGame> BusinessMatch::record() const {
    return branch_pgns(*this);
}

}  // namespace venue::games::business
