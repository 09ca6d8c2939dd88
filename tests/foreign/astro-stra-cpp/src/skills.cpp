// 手順3 and the S:スキル table: one function per skill, the candidates each skill may be
// written with, and the checks of step 3 (silence, the S colour, Jagi/Artemis once per game,
// skipping only when no skill can act).
#include "game.hpp"

namespace as {

namespace {

const Param* findParam(const std::vector<Param>& ps, ParamKind k) {
  for (auto& p : ps)
    if (p.kind == k) return &p;
  return nullptr;
}

// Interpretation 15: a die that came in held is not rerolled by a T/A reroll.
bool rerollable(const TurnCtx& ctx, int slot) {
  return ctx.r->heldRerollAllowed || !ctx.cameHeld.count(ctx.slotCol[slot]);
}

// Interpretation 10: +1 / -1 within 1-6 (forbidden), or clamped, or wrapped.
std::string bump(int& v, int delta, const Readings& r) {
  int nv = v + delta;
  if (nv >= 1 && nv <= 6) {
    v = nv;
    return "";
  }
  if (r.pipsBounds == 0) return "pips_out_of_range";
  if (r.pipsBounds == 1) v = nv < 1 ? 1 : 6;
  else v = nv < 1 ? 6 : 1;
  return "";
}

// The pips of a held die, own (came in held or held this turn) or opposing.
int* heldRef(TurnCtx& ctx, int owner, const std::string& colour) {
  if (owner == ctx.side) {
    bool held = ctx.cameHeld.count(colour) > 0;
    for (auto& h : ctx.newHolds) held |= h.first == colour;
    if (!held || !ctx.val.count(colour)) return nullptr;
    return &ctx.val[colour];
  }
  for (auto& h : ctx.st.held)
    if (h.owner == owner && h.colour == colour) return &h.pips;
  return nullptr;
}

bool isFace(const Param* p) { return p && p->hasNum && p->num >= 1 && p->num <= 6; }

// S 赤色 枢斗羅: reroll the T or the A die (the new pips written).
std::string skillRed(TurnCtx& ctx, const std::vector<Param>& ps) {
  const Param* s = findParam(ps, P_SLOT);
  if (!s || !isFace(s)) return "bad_skill";
  if (!rerollable(ctx, s->slot) && !bug("b1-red-rerolls-held-die")) return "held_die_reroll";
  ctx.val[ctx.slotCol[s->slot]] = (int)s->num;
  return "";
}

// S 緑色 旋翔 (+1) and S 青色 恵美 (-1) on the T or the A die.
std::string skillGreenBlue(TurnCtx& ctx, const std::vector<Param>& ps, int delta) {
  const Param* s = findParam(ps, P_SLOT);
  if (!s || s->hasNum) return "bad_skill";
  int& v = ctx.val[ctx.slotCol[s->slot]];
  if (bug("b2-green-cannot-reach-six") && delta > 0 && v + delta >= 6) return "pips_out_of_range";
  if (bug("b2-blue-wraps-at-one") && delta < 0 && v == 1) {
    v = 6;
    return "";
  }
  return bump(v, delta, *ctx.r);
}

// S 透明 Phrenios: turn the T or the A die over (7 - pips).
std::string skillClear(TurnCtx& ctx, const std::vector<Param>& ps) {
  const Param* s = findParam(ps, P_SLOT);
  if (!s || s->hasNum) return "bad_skill";
  if (bug("b2-clear-t-only") && s->slot != 1) return "bad_skill";
  int& v = ctx.val[ctx.slotCol[s->slot]];
  v = 7 - v;
  return "";
}

// S 水色 Trihaira: hold the T or the A die for the next own turn (interpretation 11).
std::string skillCyan(TurnCtx& ctx, const std::vector<Param>& ps) {
  const Param* s = findParam(ps, P_SLOT);
  if (!s || s->hasNum) return "bad_skill";
  const std::string& c = ctx.slotCol[s->slot];
  for (auto& h : ctx.newHolds)
    if (h.first == c) return "";
  ctx.newHolds.emplace_back(c, s->slot);
  return "";
}

// S 紫色 Cetustein: fix one opposing die at chosen pips for the opponent's next turn
// (interpretation 18: it replaces the owner's own hold).
std::string skillPurple(TurnCtx& ctx, const std::vector<Param>& ps) {
  const Param* d = findParam(ps, P_DIE);
  if (!d || !isFace(d)) return "bad_skill";
  int o = opp(ctx.side);
  bool theirs = false;
  for (auto& c : ctx.st.dice[o]) theirs |= c == d->colour;
  if (!theirs) return "bad_skill";
  std::vector<Held> kept;
  for (auto& h : ctx.st.held)
    if (!(h.owner == o && h.colour == d->colour) || bug("b2-purple-keeps-own-hold")) kept.push_back(h);
  kept.push_back(Held{o, d->colour, (int)d->num, -1});
  ctx.st.held = kept;
  return "";
}

// S 黄色 Karjan: no skill on the opponent's next turn.
std::string skillYellow(TurnCtx& ctx, const std::vector<Param>&) {
  ctx.st.silenced[opp(ctx.side)] = true;
  return "";
}

// S 黒色白目 Necromass: +1 or -1 on a held die (own or opposing), or reroll the T die.
std::string skillBlackWhite(TurnCtx& ctx, const std::vector<Param>& ps) {
  const Param* h = findParam(ps, P_HELD);
  const Param* s = findParam(ps, P_SLOT);
  if (h && s) return "bad_skill";
  if (h) {
    if (!h->hasNum || (h->numText != "+1" && h->numText != "-1")) return "bad_skill";
    int* v = heldRef(ctx, h->owner, h->colour);
    if (!v) return "no_held_die";
    return bump(*v, (int)h->num, *ctx.r);
  }
  if (s) {
    int want = bug("b1-black-white-rerolls-a") && s->slot == 2 ? 2 : 1;
    if (s->slot != want || !isFace(s)) return "bad_skill";
    if (!rerollable(ctx, want)) return "held_die_reroll";
    ctx.val[ctx.slotCol[want]] = (int)s->num;
    return "";
  }
  return "bad_skill";
}

// S 黒色赤目 Scar: reroll a held die (own or opposing), or reroll the A die.
std::string skillBlackRed(TurnCtx& ctx, const std::vector<Param>& ps) {
  const Param* h = findParam(ps, P_HELD);
  const Param* s = findParam(ps, P_SLOT);
  if (h && s) return "bad_skill";
  if (h) {
    if (!h->hasNum || h->numText.empty() || h->numText[0] == '+' || h->numText[0] == '-' || !isFace(h))
      return "bad_skill";
    if (bug("b2-scar-opponent-held-only") && h->owner == ctx.side) return "no_held_die";
    int* v = heldRef(ctx, h->owner, h->colour);
    if (!v) return "no_held_die";
    *v = (int)h->num;
    return "";
  }
  if (s) {
    if (s->slot != 2 || !isFace(s)) return "bad_skill";
    if (!rerollable(ctx, 2)) return "held_die_reroll";
    ctx.val[ctx.slotCol[2]] = (int)s->num;
    return "";
  }
  return "bad_skill";
}

// S オレンジ色 Melgee: an own blot on the point of the S die changes places with an opposing
// blot (swap= names it on its owner's point).
std::string skillOrange(TurnCtx& ctx, const std::vector<Param>& ps) {
  const Param* w = findParam(ps, P_SWAP);
  if (!w) return "bad_skill";
  const Readings& r = *ctx.r;
  int side = ctx.side, o = opp(side);
  int q = numberedPoint(side, ctx.pipsOf(0), r);
  Board& b = ctx.st.b;
  if (bug("b2-orange-from-block") ? b.c[side][q] < 1 : b.c[side][q] != 1) return "skill_not_available";
  if (w->num < 1 || w->num > 12 || b.c[o][w->num] != 1) return "bad_skill";
  int n = (int)w->num;
  b.c[side][q] = 0;
  b.c[side][otherPoint(n, r)] = 1;
  b.c[o][n] = 0;
  b.c[o][otherPoint(q, r)] = 1;
  return "";
}

// S Artemis: the point of the S die, if empty, receives one of the opponent's home pieces.
std::string skillArtemis(TurnCtx& ctx, const std::vector<Param>& ps) {
  if (!ps.empty()) return "bad_skill";
  const Readings& r = *ctx.r;
  int side = ctx.side, o = opp(side);
  int q = numberedPoint(side, ctx.pipsOf(0), r);
  Board& b = ctx.st.b;
  bool oppThere = b.c[o][otherPoint(q, r)] != 0 && !bug("b1-artemis-ignores-opposing-piece");
  if (b.c[side][q] != 0 || oppThere || b.c[o][HOME] == 0) return "skill_not_available";
  b.c[o][HOME]--;
  b.c[o][otherPoint(q, r)]++;
  return "";
}

Param slotParam(int slot, int pips) {
  Param p;
  p.kind = P_SLOT;
  p.slot = slot;
  if (pips > 0) {
    p.hasNum = true;
    p.num = pips;
    p.numText = std::to_string(pips);
  }
  return p;
}

Param numParam(ParamKind k, const std::string& colour, long n, const std::string& text) {
  Param p;
  p.kind = k;
  p.colour = colour;
  p.hasNum = true;
  p.num = n;
  p.numText = text;
  return p;
}

// Every held die a skill may name: own dice that came in held or were held this turn, and
// the opponent's held dice.
std::vector<std::pair<int, std::string>> heldDice(const TurnCtx& ctx) {
  std::vector<std::pair<int, std::string>> out;
  for (auto& c : ctx.st.dice[ctx.side]) {
    bool held = ctx.cameHeld.count(c) > 0;
    for (auto& h : ctx.newHolds) held |= h.first == c;
    if (held) out.emplace_back(ctx.side, c);
  }
  for (auto& h : ctx.st.held)
    if (h.owner != ctx.side) out.emplace_back(h.owner, h.colour);
  return out;
}

bool isOnce(const std::string& name) { return name == "jagi" || name == "artemis"; }

}  // namespace

std::string skillOfColour(const std::string& colour, TurnCtx& ctx, const std::vector<Param>& ps) {
  if (colour == "red") return skillRed(ctx, ps);
  if (colour == "green") return skillGreenBlue(ctx, ps, +1);
  if (colour == "blue") return skillGreenBlue(ctx, ps, -1);
  if (colour == "clear") return skillClear(ctx, ps);
  if (colour == "cyan") return skillCyan(ctx, ps);
  if (colour == "purple") return skillPurple(ctx, ps);
  if (colour == "yellow") return skillYellow(ctx, ps);
  if (colour == "black-white") return skillBlackWhite(ctx, ps);
  if (colour == "black-red") return skillBlackRed(ctx, ps);
  if (colour == "orange") return skillOrange(ctx, ps);
  if (colour == "artemis") return skillArtemis(ctx, ps);
  return "bad_skill";
}

std::vector<std::vector<Param>> skillCandidates(const std::string& colour, const TurnCtx& ctx) {
  std::vector<std::vector<Param>> out;
  if (colour == "red") {
    for (int s = 1; s <= 2; s++)
      for (int v = 1; v <= 6; v++) out.push_back({slotParam(s, v)});
  } else if (colour == "green" || colour == "blue" || colour == "clear" || colour == "cyan") {
    out.push_back({slotParam(1, 0)});
    out.push_back({slotParam(2, 0)});
  } else if (colour == "purple") {
    for (auto& c : ctx.st.dice[opp(ctx.side)])
      for (int v = 1; v <= 6; v++) out.push_back({numParam(P_DIE, c, v, std::to_string(v))});
  } else if (colour == "yellow" || colour == "artemis") {
    out.push_back({});
  } else if (colour == "black-white") {
    for (auto& h : heldDice(ctx)) {
      Param p = numParam(P_HELD, h.second, +1, "+1");
      p.owner = h.first;
      out.push_back({p});
      p = numParam(P_HELD, h.second, -1, "-1");
      p.owner = h.first;
      out.push_back({p});
    }
    for (int v = 1; v <= 6; v++) out.push_back({slotParam(1, v)});
    if (bug("b1-black-white-rerolls-a"))
      for (int v = 1; v <= 6; v++) out.push_back({slotParam(2, v)});
  } else if (colour == "black-red") {
    for (auto& h : heldDice(ctx))
      for (int v = 1; v <= 6; v++) {
        Param p = numParam(P_HELD, h.second, v, std::to_string(v));
        p.owner = h.first;
        out.push_back({p});
      }
    for (int v = 1; v <= 6; v++) out.push_back({slotParam(2, v)});
  } else if (colour == "orange") {
    for (int n = 1; n <= 12; n++) out.push_back({numParam(P_SWAP, "", n, std::to_string(n))});
  }
  return out;
}

std::vector<std::pair<SkillCall, TurnCtx>> skillUses(const std::string& colour, const TurnCtx& ctx) {
  std::vector<std::pair<SkillCall, TurnCtx>> out;
  for (auto& ps : skillCandidates(colour, ctx)) {
    TurnCtx c = ctx;
    if (skillOfColour(colour, c, ps).empty()) out.emplace_back(SkillCall{colour, ps}, c);
  }
  return out;
}

// Interpretation 21 (a-skill-changes-something): read on-top, the Jagi used besides the S
// skill must change something. Cyan holding a die already held this turn, yellow silencing an
// opponent already silenced, purple fixing a die at the value it is already fixed at change
// nothing: skill_changes_nothing. (Other colours always change the table, or, for a reroll,
// may show the same face legally.)
static bool jagiChangesNothing(const std::string& colour, const TurnCtx& before, const TurnCtx& after) {
  if (colour == "cyan") return before.newHolds.size() == after.newHolds.size();
  if (colour == "yellow") return before.st.silenced[opp(before.side)];
  if (colour == "purple") {
    if (before.st.held.size() != after.st.held.size()) return false;
    for (auto& h : after.st.held) {
      bool found = false;
      for (auto& g : before.st.held)
        found |= g.owner == h.owner && g.colour == h.colour && g.pips == h.pips && g.slot == h.slot;
      if (!found) return false;
    }
    return true;
  }
  return false;
}

// S 蛇牙 (any colour's skill) and S Artemis, once per game for each player. onTop: used
// besides the S skill (once_per_game=on-top), where interpretation 21 applies.
static std::string useOnce(TurnCtx& ctx, const SkillCall& c, bool onTop = false) {
  if (ctx.st.spent[ctx.side] || (bug("b3-once-per-game-global") && ctx.st.spent[opp(ctx.side)])) return "once_per_game_used";
  std::string code;
  if (c.name == "jagi") {
    const Param* a = findParam(c.params, P_AS);
    if (!a || !isColour(a->colour)) return "bad_skill";
    std::vector<Param> rest;
    for (auto& p : c.params)
      if (p.kind != P_AS) rest.push_back(p);
    TurnCtx before = onTop ? ctx : TurnCtx();
    code = skillOfColour(a->colour, ctx, rest);
    if (code.empty() && onTop && jagiChangesNothing(a->colour, before, ctx)) return "skill_changes_nothing";
  } else {
    code = skillOfColour("artemis", ctx, c.params);
  }
  if (!code.empty()) return code;
  ctx.st.spent[ctx.side] = true;
  return "";
}

// 手順3: the skill as written, checked and applied to ctx.
std::string step3Skill(TurnCtx& ctx, const SkillPart& sp) {
  if (!sp.problem.empty()) return "bad_skill";
  const Readings& r = *ctx.r;
  int side = ctx.side;
  const std::string& S = ctx.slotCol[0];
  if (sp.skip) {
    if (ctx.st.silenced[side]) return "";
    // Interpretation 13: skipped only when the S die's skill cannot act (Jagi/Artemis are a choice).
    if (!skillUses(S, ctx).empty()) return "skill_skipped";
    return "";
  }
  if (ctx.st.silenced[side] && !(bug("b1-silence-spares-once-per-game") && isOnce(sp.primary.name)))
    return "skill_silenced";  // S yellow, interpretation 17
  if (isOnce(sp.primary.name)) {
    if (r.onTop) return "once_per_game_on_top";
    if (sp.hasExtra) return "extra_skill_not_allowed";
    return useOnce(ctx, sp.primary);
  }
  if (!isColour(sp.primary.name)) return "bad_skill";
  if (sp.primary.name != S) return "not_the_s_colour";
  if (sp.hasExtra && !r.onTop) return "extra_skill_not_allowed";
  std::string code = skillOfColour(S, ctx, sp.primary.params);
  if (!code.empty()) return code;
  if (sp.hasExtra) {
    if (!isOnce(sp.extra.name)) return "bad_skill";
    return useOnce(ctx, sp.extra, true);
  }
  return "";
}

// Every way step 3 may be written, with the turn after it.
std::vector<std::pair<std::string, TurnCtx>> step3Options(const TurnCtx& ctx) {
  std::vector<std::pair<std::string, TurnCtx>> res;
  int side = ctx.side;
  bool silenced = ctx.st.silenced[side];
  if (silenced && !bug("b1-silence-spares-once-per-game")) {
    res.emplace_back("-", ctx);
    return res;
  }
  auto onceUses = [&](const TurnCtx& c0, bool onTop) {
    std::vector<std::pair<std::string, TurnCtx>> out;
    if (c0.st.spent[side] || (bug("b3-once-per-game-global") && c0.st.spent[opp(side)])) return out;
    for (auto& colour : kColours)
      for (auto& u : skillUses(colour, c0)) {
        if (onTop && jagiChangesNothing(colour, c0, u.second)) continue;  // interpretation 21
        SkillCall call{"jagi", {}};
        Param a;
        a.kind = P_AS;
        a.colour = colour;
        call.params.push_back(a);
        for (auto& p : u.first.params) call.params.push_back(p);
        u.second.st.spent[side] = true;
        out.emplace_back(formatSkillCall(call), u.second);
      }
    for (auto& u : skillUses("artemis", c0)) {
      u.second.st.spent[side] = true;
      out.emplace_back("artemis", u.second);
    }
    return out;
  };
  if (silenced) {  // b1-silence-spares-once-per-game
    res.emplace_back("-", ctx);
    if (!ctx.r->onTop)
      for (auto& u : onceUses(ctx, false)) res.push_back(u);
    return res;
  }
  auto sUses = skillUses(ctx.slotCol[0], ctx);
  if (!ctx.r->onTop) {
    for (auto& u : sUses) res.emplace_back(formatSkillCall(u.first), u.second);
    for (auto& u : onceUses(ctx, false)) res.push_back(u);
    if (sUses.empty()) res.emplace_back("-", ctx);
  } else {
    if (sUses.empty()) res.emplace_back("-", ctx);
    for (auto& u : sUses) {
      std::string base = formatSkillCall(u.first);
      res.emplace_back(base, u.second);
      for (auto& o : onceUses(u.second, true)) res.emplace_back(base + " + " + o.first, o.second);
    }
  }
  return res;
}

}  // namespace as
