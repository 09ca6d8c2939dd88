// 手順5 and the A:アクション table: one function per row, each listing the ways one piece may
// perform it; two-piece targets act in turn, lower point first (interpretation 14).
#include <algorithm>

#include "game.hpp"

namespace as {

namespace {

typedef std::vector<std::vector<Move>> Seqs;

// A move that ends where it starts is no move (interpretation 19).
void addIf(Seqs& out, const Board& b, int side, int from, int to, const Readings& r) {
  if (to == from) return;
  if (!landingOk(b, side, to, r)) return;
  out.push_back({Move{from, to}});
}

// An advance of k (interpretation 3 past home); -1 if not available.
int advanceTo(int from, int k, const Readings& r) {
  int to = from + k;
  if (to > HOME) {
    if (r.pastHomeExact) return -1;
    to = HOME;
  }
  return to;
}

// A move back by k (interpretation 4 past the start); -1 if not available.
int backTo(int from, int k, const Readings& r) {
  int to = from - k;
  if (to < START) {
    if (r.pastStartForbidden || bug("b2-a3-back-below-start-barred")) return -1;
    to = START;
  }
  return to;
}

// A⚀: to the point of the T die.
Seqs actionA1(const TurnCtx& ctx, const Board& b, int from) {
  Seqs out;
  int to = numberedPoint(ctx.side, ctx.pipsOf(1), *ctx.r);
  if (bug("b3-a1-forward-only") && to < from) return out;
  addIf(out, b, ctx.side, from, to, *ctx.r);
  return out;
}

// A⚁: advance 1 or 2.
Seqs actionA2(const TurnCtx& ctx, const Board& b, int from) {
  Seqs out;
  for (int k = 1; k <= 2; k++) {
    int to = advanceTo(from, k, *ctx.r);
    if (to >= 0) addIf(out, b, ctx.side, from, to, *ctx.r);
  }
  return out;
}

// A⚂: advance 3 or go back 3.
Seqs actionA3(const TurnCtx& ctx, const Board& b, int from) {
  Seqs out;
  int to = advanceTo(from, 3, *ctx.r);
  if (to >= 0) addIf(out, b, ctx.side, from, to, *ctx.r);
  to = backTo(from, 3, *ctx.r);
  if (to >= 0) addIf(out, b, ctx.side, from, to, *ctx.r);
  return out;
}

// A⚃: advance by any die's pips (interpretation 5).
Seqs actionA4(const TurnCtx& ctx, const Board& b, int from) {
  Seqs out;
  std::vector<int> ks;
  for (int s = ctx.r->anyDieTA ? 1 : 0; s < (bug("b3-a4-excludes-a-die") ? 2 : 3); s++) ks.push_back(ctx.pipsOf(s));
  std::sort(ks.begin(), ks.end());
  ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
  for (int k : ks) {
    int to = advanceTo(from, k, *ctx.r);
    if (to >= 0) addIf(out, b, ctx.side, from, to, *ctx.r);
  }
  return out;
}

// A⚄: advance by the T die's pips, twice (interpretations 6 and 20).
Seqs actionA5(const TurnCtx& ctx, const Board& b, int from) {
  Seqs out;
  const Readings& r = *ctx.r;
  int k = ctx.pipsOf(1);
  int mid = advanceTo(from, k, r);
  if (mid < 0 || mid == from || !landingOk(b, ctx.side, mid, r)) return out;
  if (mid == HOME) {
    // Home on the first move: one move; read exact, the second cannot land exactly.
    if (!r.pastHomeExact) out.push_back({Move{from, HOME}});
    return out;
  }
  if (!r.firstMoveMayHit && oppCountAt(b, ctx.side, mid, r) == 1) return out;
  Board b2 = b;
  applyMove(b2, ctx.side, from, mid, r);
  int to = advanceTo(mid, k, r);
  if (to < 0 || to == mid || !landingOk(b2, ctx.side, to, r)) return out;
  out.push_back({Move{from, mid}, Move{mid, to}});
  return out;
}

// A⚅: outer -> inner advance 6, or inner -> outer back 6.
Seqs actionA6(const TurnCtx& ctx, const Board& b, int from) {
  Seqs out;
  if (from >= (bug("b2-a6-from-start") ? 0 : 1) && from <= 6) addIf(out, b, ctx.side, from, from + 6, *ctx.r);
  else if (from >= 7 && from <= 12) addIf(out, b, ctx.side, from, from - 6, *ctx.r);
  return out;
}

// The ways one piece on `from` performs the A die's action.
Seqs pieceActions(const TurnCtx& ctx, const Board& b, int from) {
  if (from == HOME && !ctx.r->leaveHome) return {};  // interpretation 9
  if (b.c[ctx.side][from] <= 0) return {};
  switch (ctx.pipsOf(2)) {
    case 1: return actionA1(ctx, b, from);
    case 2: return actionA2(ctx, b, from);
    case 3: return actionA3(ctx, b, from);
    case 4: return actionA4(ctx, b, from);
    case 5: return actionA5(ctx, b, from);
    default: return actionA6(ctx, b, from);
  }
}

void expand(const TurnCtx& ctx, const Board& b, const std::vector<int>& target, size_t i,
            std::vector<Move>& cur, Seqs& out) {
  if (i == target.size()) {
    out.push_back(cur);
    return;
  }
  for (auto& seq : pieceActions(ctx, b, target[i])) {
    Board b2 = b;
    applyMoves(b2, ctx.side, seq, *ctx.r);
    size_t n = cur.size();
    cur.insert(cur.end(), seq.begin(), seq.end());
    expand(ctx, b2, target, i + 1, cur, out);
    cur.resize(n);
  }
}

}  // namespace

void applyMoves(Board& b, int side, const std::vector<Move>& ms, const Readings& r) {
  for (size_t i = 0; i < ms.size(); i++) {
    if (bug("b1-a5-passes-over-blot") && i + 1 < ms.size() && ms[i].to == ms[i + 1].from) {
      applyMove(b, side, ms[i].from, ms[i + 1].to, r);  // the first landing is only passed
      i++;
      continue;
    }
    applyMove(b, side, ms[i].from, ms[i].to, r);
  }
}

std::vector<std::vector<Move>> step5Actions(const TurnCtx& ctx, const std::vector<int>& target) {
  Seqs out;
  std::vector<Move> cur;
  expand(ctx, ctx.st.b, target, 0, cur, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace as
