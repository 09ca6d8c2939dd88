// Every turn line the side to move could write next with a given roll (feature legal_turns):
// every slot assignment, every skill use, every target and every way to act.
#include <algorithm>

#include "game.hpp"

namespace as {

std::vector<std::string> legalTurns(const State& st, const Readings& r, const std::map<std::string, int>& roll) {
  std::vector<std::string> out;
  if (st.phase < 2 || st.decided) return out;
  int side = st.mover;
  const std::vector<std::string>& mine = st.dice[side];
  // The roll must be the side's three dice, a held die at its held pips.
  if (roll.size() != mine.size()) return out;
  for (auto& c : mine)
    if (!roll.count(c)) return out;
  for (auto& h : st.held)
    if (h.owner == side && roll.at(h.colour) != h.pips) return out;

  std::string prefix = std::to_string(st.turns + 1) + ". " + sideName(side) + ": dice";
  for (auto& c : mine) prefix += " " + c + "=" + std::to_string(roll.at(c));

  std::vector<int> perm = {0, 1, 2};
  do {
    std::string slots[3];
    for (int k = 0; k < 3; k++) slots[k] = mine[perm[k]];
    TurnLine tl;
    tl.side = side;
    for (int k = 0; k < 3; k++) tl.slots.emplace_back("STA"[k], slots[k]);
    if (!step2Assign(st, tl, r).empty()) continue;
    std::string head = prefix + " | S=" + slots[0] + " T=" + slots[1] + " A=" + slots[2] + " | skill ";
    TurnCtx ctx = beginTurn(st, r, roll, slots);
    for (auto& opt : step3Options(ctx)) {
      std::string h2 = head + opt.first + " | target ";
      auto targets = step4Targets(opt.second);
      if (targets.empty()) {
        out.push_back(h2 + "- | moves -");
        continue;
      }
      for (auto& t : targets) {
        auto seqs = step5Actions(opt.second, t);
        std::string h3 = h2 + formatTarget(t) + " | moves ";
        if (seqs.empty()) out.push_back(h3 + "-");
        for (auto& s : seqs) out.push_back(h3 + formatMoves(s));
      }
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace as
