// The engine protocol (docs/protocol.md): JSON Lines on stdin, one answer line per request.
#include <cstdio>
#include <unistd.h>
#include <cerrno>
#include <iostream>
#include <string>

#include "game.hpp"
#include "json.hpp"

using json::Value;

namespace {

const char* kGame = "astro-stra/0.9.0";
const size_t kMaxLine = 1048576;

struct RequestError {
  std::string code, message, field, suggestion;
};

[[noreturn]] void fail(const std::string& code, const std::string& message, const std::string& field = "",
                       const std::string& suggestion = "") {
  throw RequestError{code, message, field, suggestion};
}

std::string errorAnswer(const std::string& id, const RequestError& e) {
  json::Out err;
  err.str("code", e.code);
  err.str("message", e.message);
  if (!e.field.empty()) err.str("field", e.field);
  if (!e.suggestion.empty()) err.str("suggestion", e.suggestion);
  json::Out o;
  o.raw("id", id);
  o.raw("error", err.done());
  return o.done();
}

void readInterpretations(const Value* v, as::Readings& r) {
  if (!v || v->type == Value::NUL) return;
  if (v->type != Value::OBJ) fail("bad_request", "interpretations: expected an object", "interpretations");
  for (auto& kv : v->obj) {
    std::string key = kv.first;
    for (auto& ch : key)
      if (ch == '-') ch = '_';
    std::string field = "interpretations." + kv.first;
    std::string val;
    if (kv.second.type == Value::STR) val = kv.second.s;
    else if (kv.second.type == Value::BOOL && key == "first_move_may_hit") val = kv.second.b ? "true" : "false";
    else fail("bad_request", field + ": expected a string", field);
    auto bad = [&]() { fail("bad_request", field + ": unknown value '" + val + "'", field); };
    if (key == "geometry") {
      if (val == "two-rows") r.oneLoop = false;
      else if (val == "one-loop") r.oneLoop = true;
      else bad();
    } else if (key == "past_home") {
      if (val == "overshoot") r.pastHomeExact = false;
      else if (val == "exact") r.pastHomeExact = true;
      else bad();
    } else if (key == "past_start") {
      if (val == "stop") r.pastStartForbidden = false;
      else if (val == "forbidden") r.pastStartForbidden = true;
      else bad();
    } else if (key == "any_die") {
      if (val == "all-three") r.anyDieTA = false;
      else if (val == "target-and-action") r.anyDieTA = true;
      else bad();
    } else if (key == "first_move_may_hit") {
      if (val == "true" || val == "yes") r.firstMoveMayHit = true;
      else if (val == "false" || val == "no") r.firstMoveMayHit = false;
      else bad();
    } else if (key == "adjacent_blots") {
      if (val == "consecutive") r.adjSameHalf = false;
      else if (val == "same-half") r.adjSameHalf = true;
      else bad();
    } else if (key == "numbering") {
      if (val == "own") r.numberingBlack = false;
      else if (val == "black") r.numberingBlack = true;
      else bad();
    } else if (key == "leave_home") {
      if (val == "never") r.leaveHome = false;
      else if (val == "allowed") r.leaveHome = true;
      else bad();
    } else if (key == "pips_bounds") {
      if (val == "forbidden") r.pipsBounds = 0;
      else if (val == "clamp") r.pipsBounds = 1;
      else if (val == "wrap") r.pipsBounds = 2;
      else bad();
    } else if (key == "held_die") {
      if (val == "keeps-slot") r.heldValueOnly = false;
      else if (val == "value-only") r.heldValueOnly = true;
      else bad();
    } else if (key == "held_reroll") {
      if (val == "forbidden") r.heldRerollAllowed = false;
      else if (val == "allowed") r.heldRerollAllowed = true;
      else bad();
    } else if (key == "once_per_game") {
      if (val == "replaces") r.onTop = false;
      else if (val == "on-top") r.onTop = true;
      else bad();
    } else {
      fail("bad_request", field + ": unknown interpretation", field);
    }
  }
}

bool smallInt(const Value& v, long& out) {
  if (v.type != Value::NUM || !v.isInt || v.num.size() > 9) return false;
  out = std::stol(v.num);
  return true;
}

std::string evaluate(const Value& req, const std::string& id) {
  static const char* known[] = {"cmd", "id", "game", "start", "moves", "sets", "interpretations", "notation", "roll"};
  for (auto& kv : req.obj) {
    bool ok = false;
    for (auto k : known) ok |= kv.first == k;
    if (!ok) fail("bad_request", kv.first + ": unknown field", kv.first);
  }
  // start
  as::Board board = as::standardLayout();
  const Value* start = req.get("start");
  if (start && start->type != Value::NUL) {
    if (start->type != Value::STR) fail("bad_request", "start: expected a string", "start");
    if (start->s != "standard") {
      std::string why;
      if (!as::parseLayout(start->s, board, why)) fail("malformed_position", "start: " + why, "start");
    }
  }
  // sets
  int sets = 1;
  const Value* setsV = req.get("sets");
  if (setsV && setsV->type != Value::NUL) {
    long n;
    if (!smallInt(*setsV, n) || (n != 1 && n != 2)) fail("bad_request", "sets: expected 1 or 2", "sets");
    sets = (int)n;
  }
  // interpretations
  as::Readings r;
  readInterpretations(req.get("interpretations"), r);
  // notation
  bool lenient = false;
  const Value* nt = req.get("notation");
  if (nt && nt->type != Value::NUL) {
    if (nt->type != Value::STR || (nt->s != "strict" && nt->s != "lenient"))
      fail("bad_request", "notation: expected 'strict' or 'lenient'", "notation");
    lenient = nt->s == "lenient";
  }
  // moves
  std::vector<as::Event> events;
  std::vector<std::string> written, canonical;
  std::vector<int> changedAt;
  const Value* mv = req.get("moves");
  if (mv && mv->type != Value::NUL) {
    if (mv->type != Value::ARR) fail("bad_request", "moves: expected a list of strings", "moves");
    for (size_t i = 0; i < mv->arr.size(); i++) {
      std::string field = "moves[" + std::to_string(i) + "]";
      if (mv->arr[i].type != Value::STR) fail("bad_request", field + ": expected a string", field);
      bool changed = false;
      std::string canon;
      try {
        events.push_back(as::parseEvent(mv->arr[i].s, lenient, changed, canon));
      } catch (const as::NotationError& e) {
        fail(e.code, field + ": " + e.message, field, e.suggestion);
      }
      if (changed) {
        changedAt.push_back((int)i);
        written.push_back(mv->arr[i].s);
        canonical.push_back(canon);
      }
    }
  }
  // roll
  bool hasRoll = false;
  std::map<std::string, int> roll;
  const Value* rv = req.get("roll");
  if (rv && rv->type != Value::NUL) {
    if (rv->type != Value::OBJ) fail("bad_request", "roll: expected an object", "roll");
    hasRoll = true;
    for (auto& kv : rv->obj) {
      std::string field = "roll." + kv.first;
      if (!as::isColour(kv.first)) fail("bad_request", field + ": not a die colour", field);
      long n;
      if (!smallInt(kv.second, n) || n < 1 || n > 6) fail("bad_request", field + ": pips are 1-6", field);
      roll[kv.first] = (int)n;
    }
  }

  // replay
  as::State st;
  st.b = board;
  std::string layoutCode = as::layoutViolation(board, r);
  long illegalAt = -1;
  std::string violation;
  for (size_t i = 0; i < events.size(); i++) {
    const as::Event& ev = events[i];
    std::string code;
    if (i == 0 && !layoutCode.empty()) {
      code = layoutCode;
    } else if (st.decided) {
      code = "game_over";
    } else if (ev.kind == as::Event::OPENING) {
      if (st.phase != 0) code = "event_order";
      else if ((code = as::checkOpening(ev)).empty()) st.phase = 1;
    } else if (ev.kind == as::Event::DRAFT) {
      if (st.phase != 1) code = "event_order";
      else if ((code = as::checkDraft(ev, sets, st)).empty()) st.phase = 2;
    } else {
      code = as::playTurn(st, ev.turn, r, (int)i + 1);
    }
    if (!code.empty()) {
      illegalAt = (long)i;
      violation = code;
      break;
    }
  }

  json::Out o;
  o.raw("id", id);
  if (illegalAt < 0) {
    o.null("illegal_at");
    o.null("violation");
  } else {
    o.raw("illegal_at", std::to_string(illegalAt));
    o.str("violation", violation);
  }
  o.str("position", as::formatPosition(st));
  if (st.decided) {
    json::Out oc;
    oc.str("winner", as::sideName(st.winner));
    oc.str("reason", "all_home");
    oc.raw("decided_at", std::to_string(st.decidedAt));
    o.raw("outcome", oc.done());
  } else {
    o.null("outcome");
  }
  if (hasRoll) {
    std::string list = "[";
    auto lines = as::legalTurns(st, r, roll);
    for (size_t i = 0; i < lines.size(); i++) list += (i ? "," : "") + json::quote(lines[i]);
    o.raw("legal_moves", list + "]");
  }
  if (lenient) {
    std::string list = "[";
    bool first = true;
    for (size_t i = 0; i < changedAt.size(); i++) {
      // 6.1.0: only lines read before the replay stopped (the refused line included).
      if (illegalAt >= 0 && (long)changedAt[i] > illegalAt) continue;
      json::Out n;
      n.raw("index", std::to_string(changedAt[i]));
      n.str("written", written[i]);
      n.str("canonical", canonical[i]);
      list += (first ? "" : ",") + n.done();
      first = false;
    }
    o.raw("normalized", list + "]");
  }
  return o.done();
}

std::string hello(const Value& req, const std::string& id) {
  const Value* p = req.get("protocol");
  if (p && p->type != Value::NUL) {
    long n;
    if (!smallInt(*p, n)) fail("bad_request", "protocol: expected an integer", "protocol");
    if (n != 1) fail("unsupported_protocol", "protocol " + p->num + " is not supported; this engine speaks 1", "protocol");
  }
  json::Out o;
  o.raw("id", id);
  o.raw("protocol", "1");
  o.raw("engine", "{\"name\":\"astro-stra-cpp\",\"version\":\"0.1.0\"}");
  o.raw("games", std::string("[\"") + kGame + "\"]");
  o.raw("features", std::string("{\"") + kGame +
                        "\":[\"legal_turns\",\"lenient_notation\",\"malformed_input\",\"violation_codes\"]}");
  return o.done();
}

std::string handle(const std::string& line) {
  std::string id = "null";
  try {
    Value req;
    try {
      req = json::parse(line);
    } catch (const json::ParseError& e) {
      fail(e.code, e.message);
    }
    if (req.type != Value::OBJ) fail("bad_request", "a request is a JSON object");
    const Value* idv = req.get("id");
    if (idv) {
      if (idv->type == Value::NUL) id = "null";
      else if (idv->type == Value::NUM && idv->isInt) id = idv->num;
      else if (idv->type == Value::STR && !idv->loneSurrogate) id = json::quote(idv->s);
      else fail("bad_request", "id: expected a string, an integer or null", "id");
    }
    for (auto& kv : req.obj)
      if (kv.second.loneSurrogate) fail("bad_request", kv.first + ": a \\u escape makes a lone surrogate", kv.first);
    const Value* cmd = req.get("cmd");
    if (!cmd) fail("bad_request", "cmd: missing", "cmd");
    if (cmd->type != Value::STR) fail("bad_request", "cmd: expected a string", "cmd");
    if (cmd->s == "hello") return hello(req, id);
    const Value* game = req.get("game");
    if (cmd->s != "evaluate") {
      if (game && game->type == Value::STR && game->s != kGame)
        fail("unknown_game", "game: '" + game->s + "' is not supported; expected one of " + kGame, "game");
      fail("unknown_command", "cmd: '" + cmd->s + "' is not supported; expected one of hello, evaluate", "cmd");
    }
    if (!game) fail("bad_request", "game: missing", "game");
    if (game->type != Value::STR) fail("bad_request", "game: expected a string", "game");
    if (game->s != kGame)
      fail("unknown_game", "game: '" + game->s + "' is not supported; expected one of " + kGame, "game");
    return evaluate(req, id);
  } catch (const RequestError& e) {
    return errorAnswer(id, e);
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return errorAnswer(id, RequestError{"internal_error", std::string("internal error: ") + e.what(), "", ""});
  }
}

void answer(const std::string& s) {
  fwrite(s.data(), 1, s.size(), stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

}  // namespace

int main() {
  as::loadBugs();
  std::string cur;
  bool overflow = false, any = false;
  char buf[65536];
  ssize_t n;
  auto finish = [&]() {
    if (overflow) {
      answer(errorAnswer("null", RequestError{"request_too_large", "the request line is over 1 MiB", "", ""}));
    } else {
      if (!cur.empty() && cur.back() == '\r') cur.pop_back();
      if (cur.size() > kMaxLine)
        answer(errorAnswer("null", RequestError{"request_too_large", "the request line is over 1 MiB", "", ""}));
      else
        answer(handle(cur));
    }
    cur.clear();
    overflow = false;
    any = false;
  };
  while ((n = read(0, buf, sizeof buf)) != 0) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (ssize_t i = 0; i < n; i++) {
      char c = buf[i];
      if (c == '\n') {
        finish();
        continue;
      }
      any = true;
      if (overflow) continue;
      if (cur.size() >= kMaxLine + 1) {
        overflow = true;
        cur.clear();
        continue;
      }
      cur += c;
    }
  }
  if (any) finish();
  return 0;
}
