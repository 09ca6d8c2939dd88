//! The engine protocol (docs/protocol.md): one JSON request line in, one JSON
//! answer line out.

use crate::board::{parse_position, Pos, Side};
use crate::game::{self, Game};
use crate::json::{self, Json};
use crate::notation::{self, Read};
use crate::rules::{self, Outcome};

pub const GAME_ID: &str = "orbit-dominion/4.2";
pub const FEATURES: [&str; 6] = ["history", "lenient_notation", "malformed_input", "perft", "perft_divide", "violation_codes"];
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;
pub const MAX_DEPTH: u64 = 8;

pub struct Failure {
    code: &'static str,
    message: String,
    field: Option<String>,
    suggestion: Option<String>,
}

fn fail(code: &'static str, message: impl Into<String>, field: Option<&str>) -> Failure {
    Failure { code, message: message.into(), field: field.map(|s| s.to_string()), suggestion: None }
}

pub fn error_line(id: &Json, f: &Failure) -> String {
    let mut e = vec![("code".to_string(), Json::str(f.code)), ("message".to_string(), Json::str(&f.message))];
    if let Some(field) = &f.field {
        e.push(("field".to_string(), Json::str(field)));
    }
    if let Some(s) = &f.suggestion {
        e.push(("suggestion".to_string(), Json::str(s)));
    }
    json::to_string(&Json::Obj(vec![("id".to_string(), id.clone()), ("error".to_string(), Json::Obj(e))]))
}

pub fn too_large_line() -> String {
    error_line(
        &Json::Null,
        &fail("request_too_large", "the request line is over 1 MiB (1,048,576 bytes)", None),
    )
}

/// Answers one request line (its content, without the terminator).
pub fn handle_line(bytes: &[u8]) -> String {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => return error_line(&Json::Null, &fail("bad_encoding", format!("the line is not UTF-8: {}", e), None)),
    };
    let req = match json::parse(text) {
        Ok(v) => v,
        Err(e) => return error_line(&Json::Null, &fail("bad_json", format!("the line is not strict JSON: {}", e), None)),
    };
    if !matches!(req, Json::Obj(_)) {
        return error_line(&Json::Null, &fail("bad_request", "the request must be a JSON object", None));
    }
    let id = match req.get("id") {
        None | Some(Json::Null) => Json::Null,
        Some(Json::Str { lone: false, s }) => Json::str(s),
        Some(Json::Num { text, int: true }) => {
            let t = if text == "-0" { "0".to_string() } else { text.clone() };
            Json::Num { text: t, int: true }
        }
        Some(_) => {
            return error_line(
                &Json::Null,
                &fail("bad_request", "id: must be a string, an integer or null", Some("id")),
            )
        }
    };
    match dispatch(&req) {
        Ok(mut fields) => {
            let mut all = vec![("id".to_string(), id)];
            all.append(&mut fields);
            json::to_string(&Json::Obj(all))
        }
        Err(f) => error_line(&id, &f),
    }
}

fn dispatch(req: &Json) -> Result<Vec<(String, Json)>, Failure> {
    let cmd = match req.get("cmd") {
        None => return Err(fail("bad_request", "cmd: missing", Some("cmd"))),
        Some(Json::Str { s, lone: false }) => s.clone(),
        Some(_) => return Err(fail("bad_request", "cmd: must be a string", Some("cmd"))),
    };
    match cmd.as_str() {
        "hello" => hello(req),
        "evaluate" | "perft" => {
            check_game(req)?;
            if cmd == "evaluate" {
                evaluate(req)
            } else {
                perft(req)
            }
        }
        _ => Err(fail(
            "unknown_command",
            format!("cmd: '{}' is not supported; expected one of evaluate, hello, perft", cmd),
            Some("cmd"),
        )),
    }
}

fn hello(req: &Json) -> Result<Vec<(String, Json)>, Failure> {
    match req.get("protocol") {
        None => {}
        Some(Json::Num { text, int: true }) if text == "1" => {}
        Some(other) => {
            return Err(fail(
                "unsupported_protocol",
                format!("protocol: only version 1 is supported (got {})", json::to_string(other)),
                Some("protocol"),
            ))
        }
    }
    Ok(vec![
        ("protocol".to_string(), Json::int(1)),
        (
            "engine".to_string(),
            Json::Obj(vec![
                ("name".to_string(), Json::str("orbit-dominion-rust-cleanroom")),
                ("version".to_string(), Json::str(env!("CARGO_PKG_VERSION"))),
            ]),
        ),
        ("games".to_string(), Json::Arr(vec![Json::str(GAME_ID)])),
        (
            "features".to_string(),
            Json::Obj(vec![(GAME_ID.to_string(), Json::Arr(FEATURES.iter().map(|f| Json::str(f)).collect()))]),
        ),
    ])
}

fn check_game(req: &Json) -> Result<(), Failure> {
    match req.get("game") {
        None => Err(fail("bad_request", "game: missing", Some("game"))),
        Some(Json::Str { s, lone: false }) => {
            if s == GAME_ID {
                Ok(())
            } else {
                Err(fail(
                    "unknown_game",
                    format!("game: '{}' is not supported; expected one of {}", s, GAME_ID),
                    Some("game"),
                ))
            }
        }
        Some(_) => Err(fail("bad_request", "game: must be a string", Some("game"))),
    }
}

fn check_fields(req: &Json, allowed: &[&str]) -> Result<(), Failure> {
    if let Json::Obj(items) = req {
        for (k, v) in items {
            if !allowed.contains(&k.as_str()) {
                return Err(fail(
                    "bad_request",
                    format!("{}: unknown field (got {})", k, json::to_string(v)),
                    Some(k),
                ));
            }
        }
    }
    Ok(())
}

// --- typed field readers -----------------------------------------------------

fn opt_string(req: &Json, name: &str) -> Result<Option<String>, Failure> {
    match req.get(name) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Str { s, lone: false }) => Ok(Some(s.clone())),
        Some(Json::Str { lone: true, .. }) => Err(fail("bad_request", format!("{}: lone surrogate in string", name), Some(name))),
        Some(_) => Err(fail("bad_request", format!("{}: must be a string", name), Some(name))),
    }
}

fn opt_choice(req: &Json, name: &str, choices: &[&str]) -> Result<Option<String>, Failure> {
    let s = opt_string(req, name)?;
    if let Some(v) = &s {
        if !choices.contains(&v.as_str()) {
            return Err(fail(
                "bad_request",
                format!("{}: must be one of {} (got {:?})", name, choices.join(", "), v),
                Some(name),
            ));
        }
    }
    Ok(s)
}

fn string_list(req: &Json, name: &str) -> Result<Vec<String>, Failure> {
    match req.get(name) {
        None | Some(Json::Null) => Ok(Vec::new()),
        Some(Json::Arr(items)) => {
            let mut out = Vec::new();
            for (i, it) in items.iter().enumerate() {
                let f = format!("{}[{}]", name, i);
                match it {
                    Json::Str { s, lone: false } => out.push(s.clone()),
                    Json::Str { lone: true, .. } => {
                        return Err(fail("bad_request", format!("{}: lone surrogate in string", f), Some(&f)))
                    }
                    _ => return Err(fail("bad_request", format!("{}: must be a string", f), Some(&f))),
                }
            }
            Ok(out)
        }
        Some(_) => Err(fail("bad_request", format!("{}: must be a list of strings", name), Some(name))),
    }
}

fn uint_field(v: &Json, name: &str) -> Result<u64, Failure> {
    match v {
        Json::Num { text, int: true } => {
            if text.starts_with('-') {
                if text.trim_start_matches('-').bytes().all(|c| c == b'0') {
                    return Ok(0);
                }
                return Err(fail("bad_request", format!("{}: must not be negative", name), Some(name)));
            }
            Ok(text.parse::<u64>().unwrap_or(u64::MAX))
        }
        _ => Err(fail("bad_request", format!("{}: must be an integer (got {})", name, json::to_string(v)), Some(name))),
    }
}

fn bool_field(req: &Json, name: &str) -> Result<bool, Failure> {
    match req.get(name) {
        None | Some(Json::Null) => Ok(false),
        Some(Json::Bool(b)) => Ok(*b),
        Some(v) => Err(fail("bad_request", format!("{}: must be true or false (got {})", name, json::to_string(v)), Some(name))),
    }
}

// --- replaying a request's line --------------------------------------------------

struct Setup {
    game: Game,
    lenient: bool,
}

fn setup(req: &Json) -> Result<(Setup, Vec<String>), Failure> {
    let lenient = opt_choice(req, "notation", &["strict", "lenient"])?.as_deref() == Some("lenient");
    let start_text = opt_string(req, "start")?.unwrap_or_else(|| "standard".to_string());
    let moves = string_list(req, "moves")?;
    let history_texts = string_list(req, "history")?;
    let start = parse_position(&start_text)
        .map_err(|e| fail("malformed_position", format!("start: {}", e), Some("start")))?;
    let mut earlier: Vec<Pos> = Vec::new();
    for (i, h) in history_texts.iter().enumerate() {
        let f = format!("history[{}]", i);
        let p = parse_position(h).map_err(|e| fail("malformed_position", format!("{}: {}", f, e), Some(&f)))?;
        earlier.push(p);
    }
    Ok((Setup { game: Game::new(start, &earlier), lenient }, moves))
}

struct Replay {
    illegal_at: Option<usize>,
    violation: Option<&'static str>,
    normalized: Vec<(usize, String, String)>,
}

/// Plays the moves: a rejected action changes nothing and the same side acts again
/// (特殊な状況裁定 11); `stop_at_illegal` (perft) turns the first one into an error.
fn replay(s: &mut Setup, moves: &[String], stop_at_illegal: bool) -> Result<Replay, Failure> {
    let mut r = Replay { illegal_at: None, violation: None, normalized: Vec::new() };
    for (i, text) in moves.iter().enumerate() {
        let field = format!("moves[{}]", i);
        let (w, alternative) = match notation::read(text) {
            Read::Malformed(m) => return Err(fail("malformed_action", format!("{}: {}", field, m), Some(&field))),
            Read::Canonical(w) => (w, false),
            Read::Alternative(w) => (w, true),
        };
        let judged = s.game.judge(w);
        let canonical = match &judged {
            Ok(a) => a.text(),
            Err(_) => notation::written_text(&rules::resolve_marker(&s.game.pos, w)),
        };
        let differs = canonical != *text;
        // 6.1.0 ("Several faults in one event"): the rules come before the spelling; only a
        // legal action is a notation error, and only an accepted action is normalized.
        if !s.lenient && judged.is_ok() && (alternative || differs) {
            let mut f = fail(
                "noncanonical_notation",
                format!("{}: '{}' is not canonical notation; did you mean '{}'?", field, text, canonical),
                Some(&field),
            );
            f.suggestion = Some(canonical);
            return Err(f);
        }
        if s.lenient && differs && judged.is_ok() {
            r.normalized.push((i, text.clone(), canonical.clone()));
        }
        match judged {
            Ok(a) => s.game.make(&a),
            Err(v) => {
                if stop_at_illegal {
                    return Err(fail(
                        "illegal_line",
                        format!("{}: {} is illegal ({}): {}", field, text, v.code, v.message),
                        Some(&field),
                    ));
                }
                if r.illegal_at.is_none() {
                    r.illegal_at = Some(i);
                    r.violation = Some(v.code);
                }
            }
        }
    }
    Ok(r)
}

fn outcome_json(o: &Option<Outcome>) -> Json {
    match o {
        None => Json::Null,
        Some(o) => Json::Obj(vec![
            ("winner".to_string(), Json::str(o.winner.map(|s| s.name()).unwrap_or("draw"))),
            ("reason".to_string(), Json::str(o.reason)),
            ("decided_at".to_string(), Json::uint(o.decided_at as u64)),
        ]),
    }
}

fn side_of(name: &str) -> Option<Side> {
    match name {
        "red" => Some(Side::Red),
        "blue" => Some(Side::Blue),
        _ => None,
    }
}

fn evaluate(req: &Json) -> Result<Vec<(String, Json)>, Failure> {
    check_fields(req, &["cmd", "id", "game", "start", "moves", "resign", "forfeit", "notation", "history"])?;
    let resign = opt_choice(req, "resign", &["red", "blue"])?;
    let forfeit = opt_choice(req, "forfeit", &["red", "blue", "draw"])?;
    let (mut s, moves) = setup(req)?;
    let r = replay(&mut s, &moves, false)?;
    if let Some(side) = resign.as_deref().and_then(side_of) {
        s.game.resign(side);
    }
    if let Some(w) = forfeit.as_deref() {
        s.game.forfeit(side_of(w));
    }
    let legal: Vec<Json> = s.game.legal().iter().map(|a| Json::str(&a.text())).collect();
    let mut out = vec![
        ("illegal_at".to_string(), r.illegal_at.map(|i| Json::uint(i as u64)).unwrap_or(Json::Null)),
        ("violation".to_string(), r.violation.map(Json::str).unwrap_or(Json::Null)),
        ("position".to_string(), Json::str(&s.game.pos.text())),
        ("outcome".to_string(), outcome_json(&s.game.outcome)),
        ("legal_moves".to_string(), Json::Arr(legal)),
    ];
    if s.lenient {
        let n: Vec<Json> = r
            .normalized
            .iter()
            .map(|(i, w, c)| {
                Json::Obj(vec![
                    ("index".to_string(), Json::uint(*i as u64)),
                    ("written".to_string(), Json::str(w)),
                    ("canonical".to_string(), Json::str(c)),
                ])
            })
            .collect();
        out.push(("normalized".to_string(), Json::Arr(n)));
    }
    Ok(out)
}

fn perft(req: &Json) -> Result<Vec<(String, Json)>, Failure> {
    check_fields(
        req,
        &["cmd", "id", "game", "start", "moves", "depth", "divide", "max_nodes", "history", "notation"],
    )?;
    let depth = match req.get("depth") {
        None => return Err(fail("bad_request", "depth: missing", Some("depth"))),
        Some(v) => uint_field(v, "depth")?,
    };
    if depth > MAX_DEPTH {
        return Err(fail("bad_request", format!("depth: must be 0-8 (got {})", depth), Some("depth")));
    }
    let divide = bool_field(req, "divide")?;
    let max_nodes = match req.get("max_nodes") {
        None | Some(Json::Null) => DEFAULT_MAX_NODES,
        Some(v) => uint_field(v, "max_nodes")?,
    };
    let (mut s, moves) = setup(req)?;
    replay(&mut s, &moves, true)?;
    match game::perft(&mut s.game, depth as u32, divide, max_nodes) {
        Ok((nodes, div)) => {
            let mut out = vec![("nodes".to_string(), Json::uint(nodes))];
            if divide {
                let mut d = div;
                d.sort_by(|a, b| a.0.cmp(&b.0));
                out.push((
                    "divide".to_string(),
                    Json::Obj(d.into_iter().map(|(k, n)| (k, Json::uint(n))).collect()),
                ));
            }
            Ok(out)
        }
        Err(game::LimitExceeded) => Err(fail(
            "limit_exceeded",
            format!("max_nodes: the count would pass {} nodes", max_nodes),
            Some("max_nodes"),
        )),
    }
}
