// Business Chess: the teams' members, red-line cards (BC-I.10, BC-I.11 with BC-A9) and
// replacements (BC-I.12 with BC-A20).
#include "games/business/rules/business_match.h"

namespace venue::games::business {

using namespace venue::engine;

namespace {

const char* team_name(chess::Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

}  // namespace

const PlayerConfig& BusinessMatch::player(chess::Color team, int index) const {
    const TeamConfig& t = config_.side(team);
    return t.players[std::size_t(index)];
}

std::optional<std::pair<chess::Color, int>> BusinessMatch::find_member(
    const std::string& id) const {
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& t = config_.side(c);
        for (std::size_t i = 0; i < t.players.size(); ++i)
            if (t.players[i].id == id) return std::pair{c, int(i)};
    }
    return std::nullopt;
}

// The arbiter names the member who crossed the red line (the sensor cannot): WARN is the
// offence, a yellow card the first time; a second offence is a red card (expulsion) or, as
// agreed, time for the opponent. REMOVE is a red card at once.
void BusinessMatch::card(const ArbiterAction& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    auto who = find_member(e.player);
    if (!who) {
        ignore("BC-I.11", "no player '" + e.player + "'", out);
        return;
    }
    const auto [team, index] = *who;
    Member& m = members_[team][std::size_t(index)];
    const PlayerConfig& p = player(team, index);
    const std::string name = p.name + " (" + team_name(team) + ")";
    if (m.expelled) {
        ignore("BC-I.11", name + " has been expelled already", out);
        return;
    }
    const std::string reason = e.text.empty() ? e.note : e.text;
    bool expel = e.kind == ArbiterActionKind::REMOVE;
    if (e.kind == ArbiterActionKind::WARN) {
        const int count = ++m.offences;
        out.push_back(
            {WarningGiven{config_.id, p.id, count, reason}, "BC-I.11",
             name + ": " + (count == 1 ? "yellow card" : "second offence") + ", " + reason});
        if (count >= 2) {
            if (rules_.second_offence == SecondOffence::EXPEL)
                expel = true;
            else
                add_time(~team, rules_.offence_bonus_ms, "BC-A9",
                         std::string(team_name(~team)) + " receives " +
                             std::to_string(rules_.offence_bonus_ms / 1000) +
                             " s for the second offence of " + name,
                         out);
        }
    }
    if (!expel) return;
    m.expelled = true;
    m.active = false;
    out.push_back({PlayerRemoved{config_.id, p.id, {}, ""}, "BC-I.11",
                   name + ": red card, expelled from the game (a reserve may take his place "
                          "while the team's clock is stopped, BC-A20)"});
}

// BC-I.12 with BC-A20: a reserve comes in while the team's clock is stopped; an expelled member
// never returns, but his place may be taken once.
void BusinessMatch::replace(const KeyChange& e, std::vector<Decision>& out) {
    auto out_ref = find_member(e.player);
    auto in_ref = find_member(e.in_player);
    if (!out_ref || !in_ref || out_ref->first != e.side || in_ref->first != e.side) {
        refuse(e, "NO_PLAYER", "BC-I.12",
               "both players must belong to " + std::string(team_name(e.side)), out);
        return;
    }
    if (clock_.running == e.side && phase_ != MatchPhase::PAUSED) {
        refuse(e, "CLOCK_RUNNING", "BC-I.12",
               std::string(team_name(e.side)) + "'s clock is running", out);
        return;
    }
    Member& leaving = members_[e.side][std::size_t(out_ref->second)];
    Member& coming = members_[e.side][std::size_t(in_ref->second)];
    if (coming.active || coming.expelled) {
        refuse(e, "NOT_A_RESERVE", "BC-A20",
               e.in_player + (coming.expelled ? " has been expelled" : " is playing already"), out);
        return;
    }
    if (!(leaving.active || (leaving.expelled && !leaving.replaced))) {
        refuse(e, "NOT_PLAYING", "BC-A20", e.player + " has no place to give", out);
        return;
    }
    if (leaving.expelled && !rules_.replace_expelled) {
        refuse(e, "NO_REPLACEMENT_FOR_EXPELLED", "BC-A20",
               e.player + " was expelled; the agreed conditions give no replacement for him", out);
        return;
    }
    if (rules_.max_replacements > 0 && replacements_[e.side] >= rules_.max_replacements) {
        refuse(e, "NO_REPLACEMENTS_LEFT", "BC-A20",
               std::string(team_name(e.side)) + " has made its " +
                   std::to_string(rules_.max_replacements) + " replacement(s)",
               out);
        return;
    }
    ++replacements_[e.side];
    // BC-A10 designated: the one who comes in for the representative is the representative.
    if (rules_.representative == Representative::DESIGNATED &&
        designated_[e.side] == out_ref->second)
        designated_[e.side] = in_ref->second;
    if (leaving.expelled) leaving.replaced = true;
    leaving.active = false;
    coming.active = true;
    accepted(e, "BC-I.12", e.in_player + " replaces " + e.player, out);
    out.push_back({PlayerReplaced{config_.id, e.side, e.player, e.in_player}, "BC-I.12",
                   e.in_player + " comes in for " + e.player});
}

// BC-A10 designated: one member crosses the red line and enters the team's key changes for the
// whole game: the first of the team's list (until a reserve replaces him). The sensor cannot
// tell who crossed; the entry names who entered it, and another member's entry is refused.
bool BusinessMatch::not_the_representative(const KeyChange& e, std::vector<Decision>& out) {
    if (rules_.representative != Representative::DESIGNATED || e.player.empty()) return false;
    if (e.kind == KeyChangeKind::REPLACE || e.kind == KeyChangeKind::DRAW) return false;
    const PlayerConfig& rep = player(e.side, designated_[e.side]);
    if (e.player == rep.id) return false;
    refuse(e, "NOT_REPRESENTATIVE", "BC-A10",
           "only the designated representative " + rep.name + " (" + rep.id +
               ") enters the team's key changes",
           out);
    return true;
}

}  // namespace venue::games::business
