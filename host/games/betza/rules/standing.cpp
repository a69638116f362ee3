#include "games/betza/rules/standing.h"

namespace venue::games::betza {

Standing final_standing(const BetzaRules& rules, int players, const std::vector<int>& still_in,
                        const std::vector<int>& eliminated) {
    Standing s;
    s.ended = true;
    s.drawn = still_in.size() != 1;
    if (!s.drawn) s.winner = still_in.front();
    if (!still_in.empty()) s.places.push_back(still_in);
    for (auto it = eliminated.rbegin(); it != eliminated.rend(); ++it) s.places.push_back({*it});
    s.points.assign(std::size_t(players), 0.0);
    int ranked_above = 0;
    for (const std::vector<int>& place : s.places) {
        const int size = int(place.size());
        double share = 0.0;
        if (rules.scoring == Scoring::PLACE_POINTS) {
            // The place's points are those of the positions it spans, shared out.
            for (int k = 0; k < size; ++k) share += double(players - 1 - (ranked_above + k));
            share /= size;
        } else if (ranked_above == 0) {
            share = 1.0 / size;
        }
        for (int player : place) s.points[std::size_t(player)] = share;
        ranked_above += size;
    }
    return s;
}

}  // namespace venue::games::betza
