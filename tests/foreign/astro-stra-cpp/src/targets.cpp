// 手順4 and the T:ターゲット table: one function per row. Targets are own pieces only, given as
// the points (own numbering) of one or two pieces.
#include <algorithm>

#include "game.hpp"

namespace as {

namespace {

typedef std::vector<std::vector<int>> Targets;

// T⚀: the piece nearest home (home included) or nearest the start (start included).
Targets targetT1(const TurnCtx& ctx) {
  const int* c = ctx.st.b.c[ctx.side];
  Targets out;
  int hi = -1, lo = -1;
  for (int p = 0; p <= (bug("b2-t1-home-excluded") ? 12 : 13); p++)
    if (c[p] > 0) {
      if (lo < 0) lo = p;
      hi = p;
    }
  if (hi < 0) return out;
  out.push_back({hi});
  if (lo != hi) out.push_back({lo});
  return out;
}

// T⚁: one piece of a block (two or more own pieces on a point; start and home are no points).
Targets targetT2(const TurnCtx& ctx) {
  const int* c = ctx.st.b.c[ctx.side];
  Targets out;
  for (int p = bug("b1-t2-start-is-a-block") ? 0 : 1; p <= 12; p++)
    if (c[p] >= 2) out.push_back({p});
  return out;
}

// T⚂: a blot, or two adjacent blots (interpretation 7).
Targets targetT3(const TurnCtx& ctx) {
  const int* c = ctx.st.b.c[ctx.side];
  Targets out;
  for (int p = 1; p <= 12; p++)
    if (c[p] == 1) out.push_back({p});
  for (int p = 1; p <= 11; p++) {
    if (c[p] != 1 || c[p + 1] != 1) continue;
    if (ctx.r->adjSameHalf && (p <= 6) != (p + 1 <= 6)) continue;
    out.push_back({p, p + 1});
  }
  return out;
}

// T⚃: one or two pieces on the point of the A die.
Targets targetT4(const TurnCtx& ctx) {
  const int* c = ctx.st.b.c[ctx.side];
  Targets out;
  int q = numberedPoint(ctx.side, ctx.pipsOf(bug("b3-t4-uses-t-die") ? 1 : 2), *ctx.r);
  if (c[q] >= 1) out.push_back({q});
  if (c[q] >= 2) out.push_back({q, q});
  return out;
}

// T⚄: a piece on the point of any die (interpretation 5: all three dice after step 3).
Targets targetT5(const TurnCtx& ctx) {
  const int* c = ctx.st.b.c[ctx.side];
  Targets out;
  std::vector<int> pts;
  for (int s = ctx.r->anyDieTA || bug("b2-t5-ignores-s-die") ? 1 : 0; s < 3; s++) pts.push_back(numberedPoint(ctx.side, ctx.pipsOf(s), *ctx.r));
  std::sort(pts.begin(), pts.end());
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  for (int q : pts)
    if (c[q] >= 1) out.push_back({q});
  return out;
}

// T⚅: a piece in the inner (7-12).
Targets targetT6(const TurnCtx& ctx) {
  const int* c = ctx.st.b.c[ctx.side];
  Targets out;
  for (int p = bug("b3-t6-includes-point-6") ? 6 : 7; p <= 12; p++)
    if (c[p] >= 1) out.push_back({p});
  return out;
}

}  // namespace

std::vector<std::vector<int>> step4Targets(const TurnCtx& ctx) {
  switch (ctx.pipsOf(1)) {
    case 1: return targetT1(ctx);
    case 2: return targetT2(ctx);
    case 3: return targetT3(ctx);
    case 4: return targetT4(ctx);
    case 5: return targetT5(ctx);
    default: return targetT6(ctx);
  }
}

}  // namespace as
