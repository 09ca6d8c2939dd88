// ゲームの準備: the roll for the first player and the draft of the dice (characters).
#include "game.hpp"

namespace as {

// ゲームの準備 先手: each roll is BLACK-WHITE; every roll but the last is a tie, and the last
// one's higher die plays black (the first player).
std::string checkOpening(const Event& ev) {
  if (ev.rolls.empty()) return "opening_missing";
  for (size_t i = 0; i < ev.rolls.size(); i++) {
    long b = ev.rolls[i].first, w = ev.rolls[i].second;
    if (b < 1 || b > 6 || w < 1 || w > 6) return "opening_die_value";
    bool last = i + 1 == ev.rolls.size();
    if (!last && b != w) return "opening_not_a_tie";
    if (last && (bug("b3-opening-tie-decides") ? b < w : b <= w)) return "opening_wrong_first";
  }
  return "";
}

// ゲームの準備 ダイス選択: six picks from black, alternating; one set: no colour twice; two
// sets: both players may take a colour, neither twice.
std::string checkDraft(const Event& ev, int sets, State& st) {
  if (ev.picks.size() != 6) return "draft_count";
  std::vector<std::string> got[2];
  for (size_t i = 0; i < 6; i++) {
    const std::string& c = ev.picks[i];
    int side = i % 2 == 0 ? BLACK : WHITE;
    if (bug("b1-draft-snake-order")) side = (i == 0 || i == 3 || i == 4) ? BLACK : WHITE;
    if (!isColour(c)) return "draft_colour";
    bool mine = false, theirs = false;
    for (auto& x : got[side]) mine |= x == c;
    for (auto& x : got[opp(side)]) theirs |= x == c;
    if (sets == 1 && (mine || theirs)) return "draft_taken";
    if (mine) return "draft_twice";
    got[side].push_back(c);
  }
  st.dice[BLACK] = got[BLACK];
  st.dice[WHITE] = got[WHITE];
  return "";
}

}  // namespace as
