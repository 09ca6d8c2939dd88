// Event notation (docs/astro-stra.md "Records"): the opening roll, the draft and the turn lines;
// strict and lenient reading, and the canonical form of a line.
#include <algorithm>

#include "game.hpp"

namespace as {

namespace {

[[noreturn]] void malformed(const std::string& why) { throw NotationError{"malformed_event", why, ""}; }

std::vector<std::string> splitWs(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ' || c == '\t') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool allDigits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

long toNum(const std::string& digits) {
  if (digits.size() > 6) return 999999;
  return std::stol(digits);
}

// Decodes the line's code points, reads full-width digits (lenient) and refuses other digits.
std::string digitsToAscii(const std::string& line, bool lenient, bool& changed) {
  std::string out;
  bool fullWidth = false, otherDigit = false;
  size_t i = 0;
  while (i < line.size()) {
    unsigned char c = (unsigned char)line[i];
    if (c < 0x80) {
      out += (char)c;
      i++;
      continue;
    }
    int len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
    unsigned cp = len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (int k = 1; k < len && i + k < line.size(); k++) cp = (cp << 6) | ((unsigned char)line[i + k] & 0x3F);
    if (cp >= 0xFF10 && cp <= 0xFF19) {
      fullWidth = true;
      out += (char)('0' + (cp - 0xFF10));
    } else {
      static const unsigned ranges[][2] = {
          {0x0660, 0x0669}, {0x06F0, 0x06F9}, {0x07C0, 0x07C9}, {0x0966, 0x096F}, {0x09E6, 0x09EF},
          {0x0A66, 0x0A6F}, {0x0AE6, 0x0AEF}, {0x0B66, 0x0B6F}, {0x0BE6, 0x0BEF}, {0x0C66, 0x0C6F},
          {0x0CE6, 0x0CEF}, {0x0D66, 0x0D6F}, {0x0E50, 0x0E59}, {0x0ED0, 0x0ED9}, {0x0F20, 0x0F29},
          {0x1040, 0x1049}, {0x17E0, 0x17E9}, {0x1810, 0x1819}, {0x00B2, 0x00B3}, {0x00B9, 0x00B9},
          {0x2070, 0x2070}, {0x2074, 0x2079}, {0x2080, 0x2089}, {0x2460, 0x2473}, {0x1D7CE, 0x1D7FF}};
      for (auto& rg : ranges)
        if (cp >= rg[0] && cp <= rg[1]) otherDigit = true;
      out += line.substr(i, len);
    }
    i += len;
  }
  if (otherDigit)
    throw NotationError{"noncanonical_notation", "digits other than ASCII ones are not notation", ""};
  if (fullWidth) {
    if (!lenient)
      throw NotationError{"noncanonical_notation", "full-width digits are not canonical notation", out};
    changed = true;
  }
  return out;
}

// Which parameter kinds a skill takes (docs/astro-stra.md, the table of skill lines).
// pipsOnSlot: whether its slot parameter carries pips.
bool takes(const std::string& name, ParamKind k, bool& pipsOnSlot) {
  pipsOnSlot = false;
  if (name == "red") {
    pipsOnSlot = true;
    return k == P_SLOT;
  }
  if (name == "green" || name == "blue" || name == "clear" || name == "cyan") return k == P_SLOT;
  if (name == "purple") return k == P_DIE;
  if (name == "black-white" || name == "black-red") {
    pipsOnSlot = true;
    return k == P_SLOT || k == P_HELD;
  }
  if (name == "orange") return k == P_SWAP;
  return false;  // yellow, artemis
}

// Parses one skill (its name and parameters) from tokens; applies the strict/lenient rules
// for parameters it does not take, parameters given twice and the place of 'as='.
SkillCall parseCall(const std::vector<std::string>& toks, bool lenient, bool& changed, std::string& problem) {
  SkillCall call;
  call.name = toks[0];
  for (size_t k = 1; k < toks.size(); k++) {
    const std::string& t = toks[k];
    Param p;
    if (t.compare(0, 3, "as=") == 0) {
      p.kind = P_AS;
      p.colour = t.substr(3);
    } else if (t.compare(0, 5, "held=") == 0) {
      p.kind = P_HELD;
      std::string rest = t.substr(5);
      size_t colon = rest.find(':');
      if (colon == std::string::npos || sideFromName(rest.substr(0, colon)) < 0 || colon + 1 >= rest.size()) {
        if (problem.empty()) problem = "'" + t + "' is not held=<side>:<colour>";
        continue;
      }
      p.owner = sideFromName(rest.substr(0, colon));
      p.colour = rest.substr(colon + 1);
      if (k + 1 < toks.size()) {
        const std::string& v = toks[k + 1];
        std::string d = (v[0] == '+' || v[0] == '-') ? v.substr(1) : v;
        if (allDigits(d)) {
          p.hasNum = true;
          p.numText = v;
          p.num = toNum(d) * (v[0] == '-' ? -1 : 1);
          k++;
        }
      }
    } else if (t == "T" || t == "A") {
      p.kind = P_SLOT;
      p.slot = t == "T" ? 1 : 2;
    } else if ((t[0] == 'T' || t[0] == 'A') && t.size() > 2 && t[1] == '=' && allDigits(t.substr(2))) {
      p.kind = P_SLOT;
      p.slot = t[0] == 'T' ? 1 : 2;
      p.hasNum = true;
      p.numText = t.substr(2);
      p.num = toNum(p.numText);
    } else if (t.compare(0, 5, "swap=") == 0 && allDigits(t.substr(5))) {
      p.kind = P_SWAP;
      p.hasNum = true;
      p.numText = t.substr(5);
      p.num = toNum(p.numText);
    } else if (t.find('=') != std::string::npos && isColour(t.substr(0, t.find('='))) &&
               allDigits(t.substr(t.find('=') + 1))) {
      p.kind = P_DIE;
      p.colour = t.substr(0, t.find('='));
      p.hasNum = true;
      p.numText = t.substr(t.find('=') + 1);
      p.num = toNum(p.numText);
    } else {
      if (problem.empty()) problem = "'" + t + "' is not a skill parameter";
      continue;
    }
    call.params.push_back(p);
  }
  // 'as=' is written right after the skill's name.
  for (size_t k = 1; k < call.params.size(); k++) {
    if (call.params[k].kind == P_AS) {
      if (!lenient)
        throw NotationError{"noncanonical_notation", "'as=' is written right after the skill's name", ""};
      Param a = call.params[k];
      call.params.erase(call.params.begin() + k);
      call.params.insert(call.params.begin(), a);
      changed = true;
      break;
    }
  }
  // Each parameter once, leniently too.
  int count[5] = {0, 0, 0, 0, 0};
  for (auto& p : call.params) count[p.kind]++;
  for (int k = 0; k < 5; k++)
    if (count[k] > 1 && problem.empty()) problem = "a parameter is given twice";
  // Parameters the skill does not take.
  std::string as;
  bool known = true;
  if (call.name == "jagi") {
    known = false;
    for (auto& p : call.params)
      if (p.kind == P_AS && (isColour(p.colour))) {
        as = p.colour;
        known = true;
      }
  } else if (!isColour(call.name) && call.name != "artemis") {
    known = false;
  }
  if (known && problem.empty()) {
    std::vector<Param> kept;
    for (auto p : call.params) {
      bool pips = false;
      bool ok;
      if (call.name == "jagi") ok = p.kind == P_AS || takes(as, p.kind, pips);
      else ok = takes(call.name, p.kind, pips);
      if (call.name == "jagi" && p.kind != P_AS) takes(as, p.kind, pips);
      if (!ok) {
        if (!lenient) {
          if (problem.empty()) problem = call.name + " does not take '" + formatSkillCall(SkillCall{"", {p}}).substr(1) + "'";
          kept.push_back(p);
        } else {
          changed = true;
        }
        continue;
      }
      if (p.kind == P_SLOT && p.hasNum && !pips) {
        if (!lenient) {
          if (problem.empty()) problem = call.name + " takes no pips";
        } else {
          p.hasNum = false;
          p.numText.clear();
          changed = true;
        }
      }
      kept.push_back(p);
    }
    call.params = kept;
  }
  return call;
}

SkillPart parseSkill(const std::vector<std::string>& toks, bool lenient, bool& changed) {
  SkillPart sp;
  if (toks.empty()) malformed("the skill part names no skill");
  std::vector<std::vector<std::string>> groups(1);
  for (auto& t : toks) {
    if (t == "+") groups.emplace_back();
    else groups.back().push_back(t);
  }
  for (auto& g : groups)
    if (g.empty()) malformed("an empty skill after '+'");
  if (groups.size() > 2) sp.problem = "at most one skill besides the S skill";
  if (groups[0][0] == "-") {
    sp.skip = true;
    if (groups[0].size() > 1) {
      if (!lenient) sp.problem = "a skipped step takes no parameter";
      else changed = true;
    }
    if (groups.size() > 1 && sp.problem.empty()) sp.problem = "a skipped step takes no second skill";
    return sp;
  }
  sp.primary = parseCall(groups[0], lenient, changed, sp.problem);
  if (groups.size() > 1) {
    sp.hasExtra = true;
    sp.extra = parseCall(groups[1], lenient, changed, sp.problem);
  }
  return sp;
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, b - a + 1);
}

TurnLine parseTurn(const std::string& line, bool lenient, bool& changed) {
  std::vector<std::string> parts;
  size_t i = 0;
  while (true) {
    size_t bar = line.find('|', i);
    parts.push_back(trim(line.substr(i, bar == std::string::npos ? std::string::npos : bar - i)));
    if (bar == std::string::npos) break;
    i = bar + 1;
  }
  if (parts.size() != 5) malformed("a turn line has five parts: dice, slots, skill, target, moves");
  TurnLine t;
  auto p0 = splitWs(parts[0]);
  if (p0.size() < 3 || p0[0].size() < 2 || p0[0].back() != '.' || !allDigits(p0[0].substr(0, p0[0].size() - 1)))
    malformed("a turn line starts 'N. side: dice'");
  t.number = toNum(p0[0].substr(0, p0[0].size() - 1));
  if (p0[1].size() < 2 || p0[1].back() != ':' || sideFromName(p0[1].substr(0, p0[1].size() - 1)) < 0)
    malformed("a turn line names black or white");
  t.side = sideFromName(p0[1].substr(0, p0[1].size() - 1));
  if (p0[2] != "dice") malformed("'dice' expected");
  for (size_t k = 3; k < p0.size(); k++) {
    size_t eq = p0[k].find('=');
    if (eq == std::string::npos || eq == 0 || !allDigits(p0[k].substr(eq + 1))) malformed("a die is <colour>=<pips>");
    t.dice.emplace_back(p0[k].substr(0, eq), toNum(p0[k].substr(eq + 1)));
  }
  for (auto& tok : splitWs(parts[1])) {
    if (tok.size() < 3 || (tok[0] != 'S' && tok[0] != 'T' && tok[0] != 'A') || tok[1] != '=')
      malformed("slots are S=<colour> T=<colour> A=<colour>");
    t.slots.emplace_back(tok[0], tok.substr(2));
  }
  auto p2 = splitWs(parts[2]);
  if (p2.empty() || p2[0] != "skill") malformed("'skill' expected");
  t.skill = parseSkill(std::vector<std::string>(p2.begin() + 1, p2.end()), lenient, changed);
  auto p3 = splitWs(parts[3]);
  if (p3.size() != 2 || p3[0] != "target") malformed("'target <points>' expected");
  if (p3[1] == "-") {
    t.targetNone = true;
  } else {
    t.targetNone = false;
    std::string s = p3[1];
    size_t c = s.find(',');
    std::vector<std::string> pts;
    if (c == std::string::npos) pts.push_back(s);
    else pts = {s.substr(0, c), s.substr(c + 1)};
    for (auto& q : pts) {
      if (!allDigits(q)) malformed("a target is '-', <point> or <point>,<point>");
      t.target.push_back((int)std::min(toNum(q), 99L));
    }
  }
  auto p4 = splitWs(parts[4]);
  if (p4.size() < 2 || p4[0] != "moves") malformed("'moves ...' expected");
  if (p4.size() == 2 && p4[1] == "-") {
    t.movesNone = true;
  } else {
    t.movesNone = false;
    for (size_t k = 1; k < p4.size(); k++) {
      size_t gt = p4[k].find('>');
      if (gt == std::string::npos || !allDigits(p4[k].substr(0, gt)) || !allDigits(p4[k].substr(gt + 1)))
        malformed("a move is <from>><to>");
      t.moves.push_back(Move{(int)std::min(toNum(p4[k].substr(0, gt)), 99L),
                             (int)std::min(toNum(p4[k].substr(gt + 1)), 99L)});
    }
  }
  return t;
}

}  // namespace

std::string formatSkillCall(const SkillCall& c) {
  std::string out = c.name;
  for (auto& p : c.params) {
    out += " ";
    switch (p.kind) {
      case P_AS: out += "as=" + p.colour; break;
      case P_SLOT:
        out += p.slot == 1 ? "T" : "A";
        if (p.hasNum) out += "=" + p.numText;
        break;
      case P_DIE: out += p.colour + "=" + p.numText; break;
      case P_HELD:
        out += std::string("held=") + sideName(p.owner) + ":" + p.colour;
        if (p.hasNum) out += " " + p.numText;
        break;
      case P_SWAP: out += "swap=" + p.numText; break;
    }
  }
  return out;
}

std::string formatSkillPart(const SkillPart& p) {
  if (p.skip) return "-";
  std::string out = formatSkillCall(p.primary);
  if (p.hasExtra) out += " + " + formatSkillCall(p.extra);
  return out;
}

std::string formatTarget(const std::vector<int>& t) {
  if (t.empty()) return "-";
  std::string out;
  for (size_t i = 0; i < t.size(); i++) out += (i ? "," : "") + std::to_string(t[i]);
  return out;
}

std::string formatMoves(const std::vector<Move>& m) {
  if (m.empty()) return "-";
  std::string out;
  for (size_t i = 0; i < m.size(); i++)
    out += (i ? " " : "") + std::to_string(m[i].from) + ">" + std::to_string(m[i].to);
  return out;
}

std::string formatTurnLine(const TurnLine& t) {
  std::string out = std::to_string(t.number) + ". " + sideName(t.side) + ": dice";
  for (auto& d : t.dice) out += " " + d.first + "=" + std::to_string(d.second);
  out += " |";
  for (auto& s : t.slots) out += std::string(" ") + s.first + "=" + s.second;
  out += " | skill " + formatSkillPart(t.skill);
  out += " | target " + (t.targetNone ? std::string("-") : formatTarget(t.target));
  out += " | moves " + (t.movesNone ? std::string("-") : formatMoves(t.moves));
  return out;
}

Event parseEvent(const std::string& raw, bool lenient, bool& changed, std::string& canonical) {
  changed = false;
  std::string line = digitsToAscii(raw, lenient, changed);
  Event ev;
  auto toks = splitWs(line);
  if (toks.empty()) malformed("an empty event line");
  if (toks[0] == "opening") {
    ev.kind = Event::OPENING;
    for (size_t k = 1; k < toks.size(); k++) {
      size_t dash = toks[k].find('-');
      if (dash == std::string::npos || !allDigits(toks[k].substr(0, dash)) || !allDigits(toks[k].substr(dash + 1)))
        malformed("an opening roll is <black>-<white>");
      ev.rolls.emplace_back(toNum(toks[k].substr(0, dash)), toNum(toks[k].substr(dash + 1)));
    }
    canonical = line;
  } else if (toks[0] == "draft") {
    ev.kind = Event::DRAFT;
    ev.picks.assign(toks.begin() + 1, toks.end());
    canonical = line;
  } else if (!toks[0].empty() && toks[0][0] >= '0' && toks[0][0] <= '9') {
    ev.kind = Event::TURN;
    ev.turn = parseTurn(line, lenient, changed);
    canonical = changed ? formatTurnLine(ev.turn) : line;
  } else {
    malformed("not an event line (opening, draft or a turn)");
  }
  return ev;
}

}  // namespace as
