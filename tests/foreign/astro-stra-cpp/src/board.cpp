// The board: geometry (基本ルール コマの進む方向, interpretation 1), the move table
// (コマを移動できるマス), the starting layout (ゲームの準備, interpretation 2) and positions.
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "game.hpp"

namespace as {

static std::set<std::string> g_bugs;

void loadBugs() {
  const char* e = getenv("ENGINE_BUG");
  if (!e) return;
  std::string s(e), cur;
  for (char c : s + ",") {
    if (c == ',' || c == ' ') {
      if (!cur.empty()) g_bugs.insert(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
}

bool bug(const char* name) { return !g_bugs.empty() && g_bugs.count(name) > 0; }

const char* sideName(int s) { return s == BLACK ? "black" : "white"; }

int sideFromName(const std::string& s) {
  if (s == "black") return BLACK;
  if (s == "white") return WHITE;
  return -1;
}

const std::vector<std::string> kColours = {"red",    "green",       "blue",      "cyan",  "purple",
                                           "yellow", "black-white", "black-red", "clear", "orange"};

bool isColour(const std::string& c) {
  return std::find(kColours.begin(), kColours.end(), c) != kColours.end();
}

// Interpretation 1: two rows (p <-> 7-p in the outer, 19-p in the inner) or one loop (13-p).
int otherPoint(int p, const Readings& r) {
  if (r.oneLoop) return 13 - p;
  return p <= 6 ? 7 - p : 19 - p;
}

int oppCountAt(const Board& b, int side, int p, const Readings& r) {
  if (p < 1 || p > (bug("b1-home-barred-by-block") ? 13 : 12)) return 0;  // start and home are no points (interpretation 16)
  return b.c[opp(side)][otherPoint(p, r)];
}

// Move table: an empty point, own pieces or one opposing piece may be entered; two or more bar it.
bool landingOk(const Board& b, int side, int to, const Readings& r) {
  return oppCountAt(b, side, to, r) < (bug("b1-block-needs-three") ? 3 : 2);
}

// Move table / 用語 ヒット: a lone opposing piece goes back to its owner's start.
void applyMove(Board& b, int side, int from, int to, const Readings& r) {
  b.c[side][from]--;
  if (to >= 1 && to <= 12) {
    int q = otherPoint(to, r);
    if (b.c[opp(side)][q] == 1) {
      b.c[opp(side)][q] = 0;
      b.c[opp(side)][START]++;
    }
  }
  b.c[side][to]++;
}

// Interpretation 8: the point a die's pips name, in the mover's numbering (or black's).
int numberedPoint(int side, int pips, const Readings& r) {
  if (r.numberingBlack && side == WHITE) return otherPoint(pips, r);
  return pips;
}

int totalPieces(const Board& b, int side) {
  int n = 0;
  for (int p = 0; p <= 13; p++) n += b.c[side][p];
  return n;
}

bool allHome(const Board& b, int side) {
  int n = totalPieces(b, side);
  return n > 0 && b.c[side][HOME] == n;
}

Board standardLayout() {
  Board b;
  memset(&b, 0, sizeof b);
  for (int s = 0; s < 2; s++)
    for (int p = 1; p <= 3; p++) b.c[s][p] = 2;
  return b;
}

static bool parseSideEntries(const std::string& body, int side, Board& b, std::string& why) {
  if (body.empty()) {
    why = "a side has no pieces";
    return false;
  }
  int last = -1;
  size_t i = 0;
  while (true) {
    size_t comma = body.find(',', i);
    std::string entry = body.substr(i, comma == std::string::npos ? std::string::npos : comma - i);
    size_t eq = entry.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 >= entry.size()) {
      why = "entry '" + entry + "' is not <point>=<count>";
      return false;
    }
    std::string ps = entry.substr(0, eq), cs = entry.substr(eq + 1);
    for (char c : ps + cs)
      if (c < '0' || c > '9') {
        why = "entry '" + entry + "' is not <point>=<count>";
        return false;
      }
    if (ps.size() > 2 || cs.size() > 4) {
      why = "entry '" + entry + "': number too long";
      return false;
    }
    int p = atoi(ps.c_str()), n = atoi(cs.c_str());
    if (p > 13) {
      why = "point " + ps + " is not 0-13";
      return false;
    }
    if (n < 1) {
      why = "point " + ps + " has no pieces";
      return false;
    }
    if (p <= last) {
      why = "points are not in increasing order";
      return false;
    }
    last = p;
    b.c[side][p] = n;
    if (comma == std::string::npos) break;
    i = comma + 1;
  }
  return true;
}

bool parseLayout(const std::string& text, Board& b, std::string& why) {
  memset(&b, 0, sizeof b);
  size_t sp = text.find(' ');
  if (sp == std::string::npos || text.find(' ', sp + 1) != std::string::npos) {
    why = "a layout is 'b:... w:...'";
    return false;
  }
  std::string bs = text.substr(0, sp), ws = text.substr(sp + 1);
  if (bs.compare(0, 2, "b:") != 0 || ws.compare(0, 2, "w:") != 0) {
    why = "a layout gives black's points first ('b:'), then white's ('w:')";
    return false;
  }
  return parseSideEntries(bs.substr(2), BLACK, b, why) && parseSideEntries(ws.substr(2), WHITE, b, why);
}

std::string formatLayout(const Board& b) {
  std::string out;
  for (int s = 0; s < 2; s++) {
    out += s == BLACK ? "b:" : " w:";
    bool first = true;
    for (int p = 0; p <= 13; p++) {
      if (b.c[s][p] <= 0) continue;
      if (!first) out += ",";
      first = false;
      out += std::to_string(p) + "=" + std::to_string(b.c[s][p]);
    }
  }
  return out;
}

// Set-up: a layout a game can start from.
std::string layoutViolation(const Board& b, const Readings& r) {
  for (int s = 0; s < 2; s++)
    if (totalPieces(b, s) > 15) return "layout_pieces";
  if (bug("b3-layout-start-shared") && b.c[BLACK][START] > 0 && b.c[WHITE][START] > 0) return "layout_shared_point";
  for (int p = 1; p <= 12; p++)
    if (b.c[BLACK][p] > 0 && b.c[WHITE][otherPoint(p, r)] > 0) return "layout_shared_point";
  for (int s = 0; s < 2; s++)
    if (allHome(b, s)) return "layout_decided";
  return "";
}

std::string formatPosition(const State& st) {
  if (st.phase < 2) return "set-up; " + formatLayout(st.b);
  std::string out = formatLayout(st.b) + "; " + sideName(st.mover) + " to move; held: ";
  std::vector<Held> hs = st.held;
  std::stable_sort(hs.begin(), hs.end(), [](const Held& a, const Held& b) { return a.owner < b.owner; });
  if (hs.empty()) out += "none";
  for (size_t i = 0; i < hs.size(); i++) {
    if (i) out += ", ";
    out += std::string(sideName(hs[i].owner)) + " " + hs[i].colour + "=" + std::to_string(hs[i].pips);
  }
  std::string sil, spent;
  for (int s = 0; s < 2; s++) {
    if (st.silenced[s]) sil += std::string(sil.empty() ? "" : ", ") + sideName(s);
    if (st.spent[s]) spent += std::string(spent.empty() ? "" : ", ") + sideName(s);
  }
  if (!sil.empty()) out += "; no skill next turn: " + sil;
  if (!spent.empty()) out += "; once-per-game skill spent: " + spent;
  return out;
}

}  // namespace as
