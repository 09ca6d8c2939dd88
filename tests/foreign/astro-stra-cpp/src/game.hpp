// 戦星術枢斗羅 Astro-Stra 0.9.0 — shared types of the rules engine.
// See ARCHITECTURE.md for which function implements which rule.
#pragma once
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace as {

// ---- bug switches (ENGINE_BUG, comma separated names; unset = correct engine) ----
void loadBugs();
bool bug(const char* name);

// ---- sides, points, colours ----
enum { BLACK = 0, WHITE = 1 };
inline int opp(int s) { return 1 - s; }
const char* sideName(int s);
int sideFromName(const std::string& s);  // -1 if none

enum { START = 0, HOME = 13 };

extern const std::vector<std::string> kColours;  // the ten die colours (S:スキルの一覧)
bool isColour(const std::string& c);

// ---- interpretations (docs/astro-stra.md, "Interpretations") ----
struct Readings {
  bool oneLoop = false;             // 1 geometry
  bool pastHomeExact = false;       // 3 past_home
  bool pastStartForbidden = false;  // 4 past_start
  bool anyDieTA = false;            // 5 any_die
  bool firstMoveMayHit = true;      // 6 first_move_may_hit
  bool adjSameHalf = false;         // 7 adjacent_blots
  bool numberingBlack = false;      // 8 numbering
  bool leaveHome = false;           // 9 leave_home
  int pipsBounds = 0;               // 10 pips_bounds: 0 forbidden, 1 clamp, 2 wrap
  bool heldValueOnly = false;       // 11 held_die
  bool onTop = false;               // 12 once_per_game
  bool heldRerollAllowed = false;   // 15 held_reroll
};

// ---- the board (board.cpp) ----
struct Board {
  int c[2][14];  // pieces of each side on its own points 0 (start) .. 13 (home)
};

int otherPoint(int p, const Readings& r);  // the same physical point in the other side's numbering
int oppCountAt(const Board& b, int side, int p, const Readings& r);
bool landingOk(const Board& b, int side, int to, const Readings& r);   // move table: not a block
void applyMove(Board& b, int side, int from, int to, const Readings& r);  // move table: hit a blot
int numberedPoint(int side, int pips, const Readings& r);  // interpretation 8
int totalPieces(const Board& b, int side);
bool allHome(const Board& b, int side);
bool parseLayout(const std::string& text, Board& b, std::string& why);
std::string formatLayout(const Board& b);
Board standardLayout();
std::string layoutViolation(const Board& b, const Readings& r);  // set-up: layout

// ---- game state ----
struct Held {
  int owner;
  std::string colour;
  int pips;
  int slot;  // -1 none (fixed by purple), 0 S, 1 T, 2 A
};

struct State {
  Board b;
  int phase = 0;  // 0 before the opening, 1 opening done, 2 drafted
  std::vector<std::string> dice[2];  // drafted colours, in draft order
  int mover = BLACK;
  int turns = 0;
  std::vector<Held> held;
  bool silenced[2] = {false, false};  // no skill on that side's next turn (yellow)
  bool spent[2] = {false, false};     // Jagi/Artemis used
  bool decided = false;
  int winner = -1;
  int decidedAt = 0;
};

std::string formatPosition(const State& st);

// ---- notation (notation.cpp) ----
enum ParamKind { P_AS, P_SLOT, P_DIE, P_HELD, P_SWAP };
struct Param {
  ParamKind kind;
  std::string colour;  // AS / DIE / HELD
  int owner = -1;      // HELD
  int slot = -1;       // SLOT: 1 T, 2 A
  bool hasNum = false; // SLOT pips / HELD value / DIE pips / SWAP point
  std::string numText; // the number as written (HELD: with its sign)
  long num = 0;
};
struct SkillCall {
  std::string name;  // a colour, "jagi" or "artemis"
  std::vector<Param> params;
};
struct SkillPart {
  bool skip = false;
  SkillCall primary;
  bool hasExtra = false;
  SkillCall extra;
  std::string problem;  // non-empty: bad_skill as written (notation)
};
struct Move {
  int from, to;
  bool operator==(const Move& o) const { return from == o.from && to == o.to; }
  bool operator<(const Move& o) const { return from != o.from ? from < o.from : to < o.to; }
};
struct TurnLine {
  long number = 0;
  int side = BLACK;
  std::vector<std::pair<std::string, long>> dice;
  std::vector<std::pair<char, std::string>> slots;
  SkillPart skill;
  bool targetNone = true;
  std::vector<int> target;
  bool movesNone = true;
  std::vector<Move> moves;
};
struct Event {
  enum Kind { OPENING, DRAFT, TURN } kind;
  std::vector<std::pair<long, long>> rolls;
  std::vector<std::string> picks;
  TurnLine turn;
};

struct NotationError {
  std::string code;  // malformed_event / noncanonical_notation
  std::string message;
  std::string suggestion;
};

// Parses one event line. Throws NotationError. `normalized` is set to the
// canonical line when lenient notation read something anew.
Event parseEvent(const std::string& line, bool lenient, bool& changed, std::string& canonical);
std::string formatSkillCall(const SkillCall& c);
std::string formatSkillPart(const SkillPart& p);
std::string formatTurnLine(const TurnLine& t);
std::string formatTarget(const std::vector<int>& t);
std::string formatMoves(const std::vector<Move>& m);

// ---- set-up (setup.cpp) ----
std::string checkOpening(const Event& ev);
std::string checkDraft(const Event& ev, int sets, State& st);

// ---- a turn in progress ----
struct TurnCtx {
  State st;
  const Readings* r = nullptr;
  int side = BLACK;
  std::map<std::string, int> val;  // pips of each own die now
  std::string slotCol[3];          // S, T, A
  std::set<std::string> cameHeld;  // own dice that came in held (cyan or purple)
  std::vector<std::pair<std::string, int>> newHolds;  // own cyan holds this turn: colour, slot

  int pipsOf(int slot) const { return val.at(slotCol[slot]); }
};

// step 1 and 2 (turn.cpp)
std::string step1Dice(const State& st, const TurnLine& tl, const Readings& r);
std::string step2Assign(const State& st, const TurnLine& tl, const Readings& r);
TurnCtx beginTurn(const State& st, const Readings& r, const std::map<std::string, int>& dice,
                  const std::string slots[3]);

// step 3 (skills.cpp)
std::string skillOfColour(const std::string& colour, TurnCtx& ctx, const std::vector<Param>& ps);
std::vector<std::vector<Param>> skillCandidates(const std::string& colour, const TurnCtx& ctx);
std::vector<std::pair<SkillCall, TurnCtx>> skillUses(const std::string& colour, const TurnCtx& ctx);
std::string step3Skill(TurnCtx& ctx, const SkillPart& sp);
std::vector<std::pair<std::string, TurnCtx>> step3Options(const TurnCtx& ctx);

// step 4 (targets.cpp)
std::vector<std::vector<int>> step4Targets(const TurnCtx& ctx);

// step 5 (actions.cpp)
std::vector<std::vector<Move>> step5Actions(const TurnCtx& ctx, const std::vector<int>& target);
void applyMoves(Board& b, int side, const std::vector<Move>& ms, const Readings& r);

// steps 6 and 7 (turn.cpp)
void step6Release(TurnCtx& ctx);
void step7Victory(State& st, int eventNumber);

// a whole turn (turn.cpp): returns a violation code or "".
std::string playTurn(State& st, const TurnLine& tl, const Readings& r, int eventNumber);

// every legal turn line (legal.cpp)
std::vector<std::string> legalTurns(const State& st, const Readings& r,
                                    const std::map<std::string, int>& roll);

}  // namespace as
