// A turn, steps 1-7 (基本ルール 手順1〜7).
#include <algorithm>

#include "game.hpp"

namespace as {

// 手順1: the side's own three dice, each 1-6; a held die is not rolled (S cyan, S purple).
std::string step1Dice(const State& st, const TurnLine& tl, const Readings&) {
  int side = tl.side;
  std::vector<std::string> mine = st.dice[side], got;
  for (auto& d : tl.dice) got.push_back(d.first);
  std::sort(mine.begin(), mine.end());
  std::sort(got.begin(), got.end());
  if (mine != got) return "wrong_dice";
  for (auto& d : tl.dice)
    if (d.second < 1 || d.second > 6) return "die_value";
  for (auto& h : st.held)
    if (h.owner == side && !(bug("b3-purple-fix-not-enforced") && h.slot < 0))
      for (auto& d : tl.dice)
        if (d.first == h.colour && d.second != h.pips) return "held_die_rolled";
  return "";
}

// 手順2: one die on each of S, T and A; a die held by its owner's cyan keeps its slot
// (interpretation 11, keeps-slot).
std::string step2Assign(const State& st, const TurnLine& tl, const Readings& r) {
  std::string slot[3];
  int seen[3] = {0, 0, 0};
  for (auto& s : tl.slots) {
    int k = s.first == 'S' ? 0 : s.first == 'T' ? 1 : 2;
    seen[k]++;
    slot[k] = s.second;
  }
  if (seen[0] != 1 || seen[1] != 1 || seen[2] != 1) return "bad_assignment";
  std::vector<std::string> used(slot, slot + 3), mine = st.dice[tl.side];
  std::sort(used.begin(), used.end());
  std::sort(mine.begin(), mine.end());
  if (used != mine) return "bad_assignment";
  if (!r.heldValueOnly && !bug("b1-held-slot-unchecked"))
    for (auto& h : st.held)
      if (h.owner == tl.side && h.slot >= 0 && slot[h.slot] != h.colour) return "held_slot";
  return "";
}

TurnCtx beginTurn(const State& st, const Readings& r, const std::map<std::string, int>& dice,
                  const std::string slots[3]) {
  TurnCtx ctx;
  ctx.st = st;
  ctx.r = &r;
  ctx.side = st.mover;
  ctx.val = dice;
  for (int k = 0; k < 3; k++) ctx.slotCol[k] = slots[k];
  for (auto& h : st.held)
    if (h.owner == st.mover) ctx.cameHeld.insert(h.colour);
  return ctx;
}

// 手順6: every die but those held by one's own skill leaves its frame; the opponent's held
// dice stay held for its next turn. The silence of this turn is over.
void step6Release(TurnCtx& ctx) {
  std::vector<Held> next;
  for (auto& h : ctx.st.held)
    if (h.owner != ctx.side && !(bug("b1-step6-releases-opponent-hold") && h.slot >= 0)) next.push_back(h);
  for (auto& nh : ctx.newHolds) next.push_back(Held{ctx.side, nh.first, ctx.val[nh.first], nh.second});
  if (bug("b3-cyan-hold-never-released"))  // own cyan holds are kept after the turn they were used in
    for (auto& h : ctx.st.held) {
      bool again = false;
      for (auto& nh : ctx.newHolds) again |= nh.first == h.colour;
      if (h.owner == ctx.side && h.slot >= 0 && !again) next.push_back(Held{h.owner, h.colour, ctx.val[h.colour], h.slot});
    }
  ctx.st.held = next;
  ctx.st.silenced[ctx.side] = false;
  if (bug("b3-silence-cleared-too-early")) ctx.st.silenced[opp(ctx.side)] = false;
  ctx.st.mover = opp(ctx.side);
  ctx.st.turns++;
}

// 手順7: a player whose pieces are all home wins, judged for either player.
void step7Victory(State& st, int eventNumber) {
  for (int s = 0; s < 2; s++)
    if (bug("b1-win-needs-six-home") ? st.b.c[s][HOME] >= 6 : allHome(st.b, s)) {
      st.decided = true;
      st.winner = s;
      st.decidedAt = eventNumber;
      return;
    }
}

std::string playTurn(State& st, const TurnLine& tl, const Readings& r, int eventNumber) {
  if (st.decided) return "game_over";
  if (st.phase < 2) return "event_order";
  if (tl.number != st.turns + 1) return "event_order";
  if (tl.side != st.mover) return "not_your_turn";
  std::string code = step1Dice(st, tl, r);
  if (!code.empty()) return code;
  code = step2Assign(st, tl, r);
  if (!code.empty()) return code;
  std::map<std::string, int> dice;
  for (auto& d : tl.dice) dice[d.first] = (int)d.second;
  std::string slots[3];
  for (auto& s : tl.slots) slots[s.first == 'S' ? 0 : s.first == 'T' ? 1 : 2] = s.second;
  TurnCtx ctx = beginTurn(st, r, dice, slots);

  code = step3Skill(ctx, tl.skill);
  if (!code.empty()) return code;

  // 手順4 (a step with nothing to act on is skipped, and only then: interpretation 13)
  auto targets = step4Targets(ctx);
  if (tl.targetNone) {
    if (!targets.empty()) return "target_skipped";
    if (!tl.movesNone) return "moves_without_target";
  } else {
    if (std::find(targets.begin(), targets.end(), tl.target) == targets.end()) return "target_not_available";
    // 手順5
    auto seqs = step5Actions(ctx, tl.target);
    if (tl.movesNone) {
      if (!seqs.empty()) return "action_skipped";
    } else {
      if (std::find(seqs.begin(), seqs.end(), tl.moves) == seqs.end()) return "action_not_available";
      applyMoves(ctx.st.b, ctx.side, tl.moves, r);
    }
  }
  step6Release(ctx);
  step7Victory(ctx.st, eventNumber);
  st = ctx.st;
  return "";
}

}  // namespace as
