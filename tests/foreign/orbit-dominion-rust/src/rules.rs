//! The rules of ORBIT DOMINION 4.2, one function per rule area (see ARCHITECTURE.md).
//!
//! Every legality question goes through `check` (a written action against a
//! position) and `legal_actions` (which runs `check` on every candidate), so the
//! rejection of an action and its absence from the legal list always agree.

use crate::board::*;
use crate::notation::{Marker, Written};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

// ---------------------------------------------------------------------------
// Actions and violations
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Nav { src: Sq, dst: Sq },
    Capture { src: Sq, dst: Sq },
    Jump { src: Sq, dst: Sq },
    Swap { src: Sq, dst: Sq },
    Rot { orbit: u8, dir: i8 },
}

impl Action {
    /// Canonical notation (記法).
    pub fn text(&self) -> String {
        match *self {
            Action::Nav { src, dst } | Action::Jump { src, dst } => format!("{}-{}", sq_name(src), sq_name(dst)),
            Action::Capture { src, dst } => format!("{}x{}", sq_name(src), sq_name(dst)),
            Action::Swap { src, dst } => format!("{}<>{}", sq_name(src), sq_name(dst)),
            Action::Rot { orbit, dir } => format!("{}{}", ORBITS[orbit as usize], if dir > 0 { '+' } else { '-' }),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub code: &'static str,
    pub message: String,
}

fn v(code: &'static str, message: String) -> Violation {
    Violation { code, message }
}

// ---------------------------------------------------------------------------
// 第3条: whose ship, no staying put
// ---------------------------------------------------------------------------

/// 第3条: the mover moves one of its own ships.
pub fn check_origin(pos: &Pos, src: Sq) -> Result<(), Violation> {
    let c = pos.cells[src as usize];
    match color(c) {
        None => Err(v("no_ship_at_origin", format!("There is no ship on {}.", sq_name(src)))),
        Some(s) if s != pos.side => Err(v("not_own_ship", format!("The ship on {} belongs to the opponent.", sq_name(src)))),
        _ => Ok(()),
    }
}

/// 第3条: an action must leave its sector (no pass).
pub fn check_leaves_sector(src: Sq, dst: Sq, w: &Written) -> Result<(), Violation> {
    if src == dst {
        let text = crate::notation::written_text(w);
        return Err(v("same_sector", format!("{} does not leave its sector.", text)));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// 第2条・第5条: how two sectors are connected
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Connection {
    /// Same orbit, at this circular distance.
    Orbit(u8),
    /// Same number, neighbouring orbits (O–M or M–I).
    Jump,
    /// Same number, outer and inner orbit: not connected (特殊な状況裁定 1).
    OuterInner,
    /// Different orbit and different number.
    None,
}

/// 第2条: sectors of one orbit are connected along it; orbits only at equal numbers,
/// O⇄M and M⇄I, never O⇄I.
pub fn connection(a: Sq, b: Sq) -> Connection {
    let (oa, ob) = (orbit_of(a), orbit_of(b));
    if oa == ob {
        return Connection::Orbit(orbit_distance(a, b));
    }
    if num_of(a) != num_of(b) {
        return Connection::None;
    }
    if (oa as i32 - ob as i32).abs() == 1 || crate::bugs::on("b2-jump-outer-inner") {
        Connection::Jump
    } else {
        Connection::OuterInner
    }
}

/// The enemy ship kind the position makes of a `-` onto it: on one orbit a
/// capture, otherwise a swap (記法: "the position decides").
pub fn resolve_marker(pos: &Pos, w: Written) -> Written {
    match w {
        Written::Move { src, dst, marker: Marker::Dash } => {
            if color(pos.cells[dst as usize]) == Some(pos.side.other()) {
                let m = if orbit_of(src) == orbit_of(dst) { Marker::X } else { Marker::Swap };
                Written::Move { src, dst, marker: m }
            } else {
                w
            }
        }
        _ => w,
    }
}

// ---------------------------------------------------------------------------
// 第4条: navigation and capture
// ---------------------------------------------------------------------------

/// 第4条 (with 特殊な状況裁定 2, 3): 1 or 2 sectors along the orbit; 2 only through
/// an empty sector onto an empty one; capture only by a 1-sector step onto an
/// enemy ship; never onto an own ship. The flagship needs 第7条 7-1's support.
pub fn check_navigation(pos: &Pos, src: Sq, dst: Sq, dist: u8, marker: Marker) -> Result<Action, Violation> {
    if marker == Marker::Swap {
        return Err(v(
            "swap_along_orbit",
            format!("Swaps happen only by jumping; {} and {} are on one orbit.", sq_name(src), sq_name(dst)),
        ));
    }
    if dist > 2 {
        return Err(v(
            "navigation_too_far",
            format!("Navigation goes 1 or 2 sectors; {} to {} is {}.", sq_name(src), sq_name(dst), dist),
        ));
    }
    let target = pos.cells[dst as usize];
    let enemy = color(target) == Some(pos.side.other());
    if marker == Marker::X || (marker == Marker::Dash && enemy) {
        if !enemy {
            return Err(v("nothing_to_capture", format!("There is no enemy ship on {} to capture.", sq_name(dst))));
        }
        if crate::bugs::on("b2-flagship-cannot-capture") && is_flag(pos.cells[src as usize]) && !is_flag(target) {
            // seeded bug: the flagship is treated as a ship that never captures
            return Err(v("nothing_to_capture", format!("The flagship on {} cannot capture.", sq_name(src))));
        }
        if dist == 2 && !(crate::bugs::on("b2-capture-two-away-allowed") && pos.cells[passed_sector(src, dst) as usize] == EMPTY) {
            return Err(v(
                "capture_two_away",
                format!("A ship two sectors away ({}) cannot be captured by navigation.", sq_name(dst)),
            ));
        }
        if is_flag(target) && !flagship_capture_supported(pos, src, dst) {
            return Err(v(
                "flagship_capture_unsupported",
                format!(
                    "Capturing the enemy flagship on {} needs another own ship on a sector adjacent to it.",
                    sq_name(dst)
                ),
            ));
        }
        return Ok(Action::Capture { src, dst });
    }
    if color(target) == Some(pos.side) {
        return Err(v(
            "navigation_onto_own",
            format!("{} holds an own ship; navigation cannot end there.", sq_name(dst)),
        ));
    }
    if dist == 2 && !crate::bugs::on("b2-nav-path-not-checked") {
        let passed = passed_sector(src, dst);
        if pos.cells[passed as usize] != EMPTY {
            return Err(v(
                "path_blocked",
                format!("The two-sector move passes {}, which is occupied.", sq_name(passed)),
            ));
        }
    }
    Ok(Action::Nav { src, dst })
}

/// The sector between two sectors two apart on one orbit.
pub fn passed_sector(src: Sq, dst: Sq) -> Sq {
    if crate::bugs::on("b1-passed-sector-midpoint") {
        // seeded bug: the arithmetic midpoint, wrong across the 11–0 boundary
        return sq(orbit_of(src), (num_of(src) + num_of(dst)) / 2);
    }
    if step(src, 2) == dst {
        step(src, 1)
    } else {
        step(src, -1)
    }
}

// ---------------------------------------------------------------------------
// 第5条: jump and swap
// ---------------------------------------------------------------------------

/// 第5条 (with 特殊な状況裁定 4, 5): to the same number on the neighbouring orbit;
/// onto an empty sector a move, onto an enemy ship (flagship included) a swap
/// that captures nothing, never onto an own ship.
pub fn check_jump(pos: &Pos, src: Sq, dst: Sq, marker: Marker) -> Result<Action, Violation> {
    if marker == Marker::X {
        return Err(v(
            "capture_by_jump",
            format!("A jump never captures; onto an enemy ship it swaps ({}<>{}).", sq_name(src), sq_name(dst)),
        ));
    }
    let target = pos.cells[dst as usize];
    match color(target) {
        Some(s) if s == pos.side => Err(v(
            "jump_onto_own",
            format!("{} holds an own ship; a jump cannot go there.", sq_name(dst)),
        )),
        Some(_) if crate::bugs::on("b1-no-swap-with-flagship") && is_flag(target) => Err(v(
            "nothing_to_swap",
            format!("{} holds the enemy flagship; it cannot be swapped.", sq_name(dst)),
        )),
        Some(_) => Ok(Action::Swap { src, dst }),
        None => {
            if marker == Marker::Swap {
                Err(v("nothing_to_swap", format!("There is no enemy ship on {} to swap with.", sq_name(dst))))
            } else {
                Ok(Action::Jump { src, dst })
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 第6条: rotation
// ---------------------------------------------------------------------------

/// 第6条: one orbit, one sector, only with at least two own ships on it (the
/// flagship counts).
pub fn check_rotation(pos: &Pos, orbit: u8, dir: i8) -> Result<Action, Violation> {
    let flag_counts = !crate::bugs::on("b1-rotation-flagship-not-counted");
    let own = (0..12u8)
        .filter(|&n| {
            let c = pos.cells[sq(orbit, n) as usize];
            (color(c) == Some(pos.side) || (crate::bugs::on("b3-rotation-counts-enemy") && color(c).is_some()))
                && (flag_counts || !is_flag(c))
        })
        .count();
    let needed = if crate::bugs::on("b3-rotation-needs-three") { 3 } else { 2 };
    if own < needed {
        return Err(v(
            "rotation_needs_two_ships",
            format!(
                "Rotating orbit {} needs at least two own ships on it ({} there).",
                ORBITS[orbit as usize], own
            ),
        ));
    }
    Ok(Action::Rot { orbit, dir })
}

// ---------------------------------------------------------------------------
// 第7条: adjacency, 7-1 supported capture, 7-2 new pincer
// ---------------------------------------------------------------------------

/// 第7条 7-1: another own ship (not the attacker) stands on a sector adjacent to
/// the enemy flagship.
pub fn flagship_capture_supported(pos: &Pos, attacker: Sq, flag: Sq) -> bool {
    let bug = crate::bugs::on("b1-support-includes-attacker");
    let same_orbit_only = crate::bugs::on("b2-support-same-orbit-only");
    adjacent(flag).any(|a| {
        (bug || a != attacker)
            && (!same_orbit_only || orbit_of(a) == orbit_of(flag))
            && color(pos.cells[a as usize]) == Some(pos.side)
            && !(crate::bugs::on("b3-support-normal-only") && is_flag(pos.cells[a as usize]))
    })
}

/// 第7条 7-2: `side`'s ships stand on at least two distinct sectors adjacent to the
/// enemy flagship (where it stands now).
pub fn pincer(cells: &[u8; 36], side: Side) -> bool {
    let flag = match cells.iter().position(|&c| c == side.other().flag_cell()) {
        Some(f) => f as Sq,
        None => return false,
    };
    pincer_at(cells, side, flag)
}

/// `side`'s ships stand on at least two distinct sectors adjacent to `flag`.
pub fn pincer_at(cells: &[u8; 36], side: Side, flag: Sq) -> bool {
    let normals_only = crate::bugs::on("b2-pincer-flagship-not-counted");
    adjacent(flag)
        .filter(|&a| color(cells[a as usize]) == Some(side) && (!normals_only || cells[a as usize] == side.normal_cell()))
        .count()
        >= 2
}

// ---------------------------------------------------------------------------
// Checking and applying an action
// ---------------------------------------------------------------------------

/// Judges a written action against the position (not the threefold ban, which
/// needs the history: see `threefold_banned`).
pub fn check(pos: &Pos, w: Written) -> Result<Action, Violation> {
    match resolve_marker(pos, w) {
        Written::Rot { orbit, dir } => check_rotation(pos, orbit, dir),
        Written::Move { src, dst, marker } => {
            check_origin(pos, src)?;
            check_leaves_sector(src, dst, &w)?;
            match connection(src, dst) {
                Connection::Orbit(d) => check_navigation(pos, src, dst, d, marker),
                Connection::Jump => check_jump(pos, src, dst, marker),
                Connection::OuterInner => Err(v(
                    "jump_across_two_orbits",
                    format!(
                        "No direct jump between the outer and the inner orbit ({} to {}).",
                        sq_name(src),
                        sq_name(dst)
                    ),
                )),
                Connection::None => Err(v(
                    "sectors_not_connected",
                    format!(
                        "{} and {} are neither on one orbit nor of the same number.",
                        sq_name(src),
                        sq_name(dst)
                    ),
                )),
            }
        }
    }
}

/// The board after an action, and what was captured (EMPTY if nothing).
pub fn apply(cells: &[u8; 36], a: &Action) -> ([u8; 36], u8) {
    let mut c = *cells;
    let mut captured = EMPTY;
    match *a {
        Action::Nav { src, dst } | Action::Jump { src, dst } => {
            c[dst as usize] = c[src as usize];
            c[src as usize] = EMPTY;
        }
        Action::Capture { src, dst } => {
            captured = c[dst as usize];
            c[dst as usize] = c[src as usize];
            c[src as usize] = EMPTY;
        }
        Action::Swap { src, dst } => {
            c.swap(src as usize, dst as usize);
        }
        Action::Rot { orbit, dir } => {
            for n in 0..12u8 {
                let from = sq(orbit, n);
                let d = if crate::bugs::on("b2-rotation-direction-inverted") { -(dir as i32) } else { dir as i32 };
                let to = step(from, d);
                c[to as usize] = cells[from as usize];
            }
        }
    }
    (c, captured)
}

/// 第8条 03 / 第10条 01: `side`'s ships (flagship included) stand on both enemy gates.
pub fn holds_gates(cells: &[u8; 36], side: Side) -> bool {
    if crate::bugs::on("b3-gate-flagship-not-counted") {
        return side.enemy_gates().iter().all(|&g| cells[g as usize] == side.normal_cell());
    }
    side.enemy_gates().iter().all(|&g| color(cells[g as usize]) == Some(side))
}

/// 第10条 06: the position after an action — the turn passes, the ply grows, and
/// the new side to move's claim is whether it held both enemy gates right after its
/// own previous action (the position the action was made from).
pub fn next_position(pos: &Pos, a: &Action) -> (Pos, u8) {
    let (cells, captured) = apply(&pos.cells, a);
    let next_side = pos.side.other();
    let next = Pos {
        cells,
        side: next_side,
        ply: pos.ply + 1,
        claim: if crate::bugs::on("b1-gate-no-hold-through-reply") {
            // seeded bug: the occupation is looked at only at the turn start
            holds_gates(&cells, next_side)
        } else {
            holds_gates(&pos.cells, next_side)
        },
    };
    (next, captured)
}

// ---------------------------------------------------------------------------
// 第8条・第10条 04–05: what an action decides at once
// ---------------------------------------------------------------------------

pub const FLAGSHIP_CAPTURE: &str = "flagship_capture";
pub const PINCER: &str = "pincer";
pub const ANNIHILATION: &str = "annihilation";
pub const GATE_CONTROL: &str = "gate_control";
pub const MOVE_LIMIT: &str = "move_limit";
pub const NO_LEGAL_MOVES: &str = "no_legal_moves";
pub const RESIGNATION: &str = "resignation";
pub const FORFEIT: &str = "forfeit";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// None is a draw.
    pub winner: Option<Side>,
    pub reason: &'static str,
    pub decided_at: u32,
}

/// 第10条 04–05 (解釈 7): flagship capture, then the last enemy normal ship
/// captured (annihilation), then a new two-point pincer (7-2).
pub fn instant_result(before: &[u8; 36], after: &[u8; 36], captured: u8, mover: Side) -> Option<&'static str> {
    let enemy = mover.other();
    if captured == enemy.flag_cell() {
        return Some(FLAGSHIP_CAPTURE);
    }
    let new_pincer = || {
        if crate::bugs::on("b1-pincer-before-at-new-flag") {
            // seeded bug: "before" judged where the enemy flagship stands after the action
            match after.iter().position(|&c| c == enemy.flag_cell()) {
                Some(f) => pincer(after, mover) && !pincer_at(before, mover, f as Sq),
                None => false,
            }
        } else {
            pincer(after, mover) && (crate::bugs::on("b3-pincer-kept-wins") || !pincer(before, mover))
        }
    };
    if crate::bugs::on("b1-pincer-before-annihilation") && new_pincer() {
        return Some(PINCER);
    }
    let annihilation_judged = !crate::bugs::on("b1-annihilation-red-only") || mover == Side::Red;
    let gone = if crate::bugs::on("b2-annihilation-needs-all-ships") {
        // seeded bug: "全滅" read as every enemy ship, the flagship included
        !after.iter().any(|&c| color(c) == Some(enemy))
    } else {
        !after.iter().any(|&c| c == enemy.normal_cell())
    };
    if annihilation_judged && captured == enemy.normal_cell() && gone {
        return Some(ANNIHILATION);
    }
    if new_pincer() {
        return Some(PINCER);
    }
    None
}

// ---------------------------------------------------------------------------
// 第9条: the threefold ban
// ---------------------------------------------------------------------------

#[derive(Default)]
pub struct KeyHasher(u64);
impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, i: u128) {
        let x = (i as u64) ^ ((i >> 64) as u64).rotate_left(29);
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 31;
    }
}

/// The positions that have stood (history, start, every accepted action's result),
/// counted by 第9条's key.
#[derive(Default)]
pub struct History {
    counts: HashMap<u128, u32, BuildHasherDefault<KeyHasher>>,
}

impl History {
    pub fn add(&mut self, key: u128) {
        *self.counts.entry(key).or_insert(0) += 1;
    }
    pub fn remove(&mut self, key: u128) {
        if let Some(c) = self.counts.get_mut(&key) {
            *c -= 1;
            if *c == 0 {
                self.counts.remove(&key);
            }
        }
    }
    pub fn count(&self, key: u128) -> u32 {
        self.counts.get(&key).copied().unwrap_or(0)
    }
}

/// 第9条: an action whose resulting position already stood twice is illegal (even
/// a winning one).
pub fn threefold_banned(hist: &History, next: &Pos) -> bool {
    hist.count(next.key()) >= if crate::bugs::on("b3-threefold-second-banned") { 1 } else { 2 }
}

pub fn threefold_violation(a: &Action) -> Violation {
    v(
        "threefold_repetition",
        format!("The position after {} already stood twice; a third occurrence is forbidden.", a.text()),
    )
}

// ---------------------------------------------------------------------------
// 第3条: the legal actions
// ---------------------------------------------------------------------------

/// Every action the side to move may make, sorted by code point: each candidate
/// (1–2 sectors along the orbit, a jump to each neighbouring orbit, each rotation)
/// is judged by `check`, then by the threefold ban.
pub fn legal_actions(pos: &Pos, hist: &History) -> Vec<Action> {
    let out = legal_actions_unsorted(pos, hist);
    let mut keyed: Vec<(String, Action)> = out.into_iter().map(|a| (a.text(), a)).collect();
    keyed.sort_by(|x, y| x.0.cmp(&y.0));
    keyed.into_iter().map(|(_, a)| a).collect()
}

/// The same actions in generation order (perft needs no order).
pub fn legal_actions_unsorted(pos: &Pos, hist: &History) -> Vec<Action> {
    let mut out = Vec::with_capacity(32);
    for s in 0..36u8 {
        if color(pos.cells[s as usize]) != Some(pos.side) {
            continue;
        }
        let o = orbit_of(s);
        let mut cands = [step(s, -2), step(s, -1), step(s, 1), step(s, 2), 0, 0];
        let mut len = 4;
        if o > 0 {
            cands[len] = sq(o - 1, num_of(s));
            len += 1;
        }
        if o < 2 {
            cands[len] = sq(o + 1, num_of(s));
            len += 1;
        }
        if crate::bugs::on("b2-jump-outer-inner") && o != 1 {
            cands[len] = sq(2 - o, num_of(s));
            len += 1;
        }
        for &d in &cands[..len] {
            let w = Written::Move { src: s, dst: d, marker: Marker::Dash };
            if let Ok(a) = check(pos, w) {
                out.push(a);
            }
        }
    }
    for orbit in 0..3u8 {
        for dir in [1i8, -1] {
            if let Ok(a) = check(pos, Written::Rot { orbit, dir }) {
                out.push(a);
            }
        }
    }
    out.retain(|a| {
        let (next, _) = next_position(pos, a);
        !threefold_banned(hist, &next)
    });
    out
}

// ---------------------------------------------------------------------------
// 第10条 01–03: the turn start
// ---------------------------------------------------------------------------

/// 第10条 01 (第8条 03): the side to move wins by gate control when it held both
/// enemy gates right after its own previous action (the claim) and still does.
pub fn gate_control(pos: &Pos) -> Option<Outcome> {
    if pos.claim && (crate::bugs::on("b3-gate-no-recheck") || holds_gates(&pos.cells, pos.side)) {
        return Some(Outcome { winner: Some(pos.side), reason: GATE_CONTROL, decided_at: pos.ply });
    }
    None
}

/// 第10条 02 (第8条 最大手数): at 120 actions more normal ships wins, equal draws;
/// flagships are not counted.
pub fn move_limit(pos: &Pos) -> Option<Outcome> {
    let limit = if crate::bugs::on("b1-move-limit-at-119") {
        MAX_PLY - 1
    } else if crate::bugs::on("b3-move-limit-at-121") {
        // seeded bug: "120手に到達" read as "more than 120 actions"
        MAX_PLY + 1
    } else {
        MAX_PLY
    };
    if pos.ply < limit {
        return None;
    }
    let red = pos.count(RED);
    let blue = pos.count(BLUE);
    let winner = if red > blue {
        Some(Side::Red)
    } else if blue > red {
        Some(Side::Blue)
    } else {
        None
    };
    Some(Outcome { winner, reason: MOVE_LIMIT, decided_at: pos.ply })
}

/// 第10条 01–02: what the turn start decides before looking for legal actions.
pub fn turn_start_before_actions(pos: &Pos) -> Option<Outcome> {
    if crate::bugs::on("b1-limit-before-gate") {
        return move_limit(pos).or_else(|| gate_control(pos));
    }
    gate_control(pos).or_else(|| move_limit(pos))
}

/// 第10条 03: a side to move without a legal action (the threefold ban included) loses.
pub fn no_legal_actions(pos: &Pos, legal: &[Action]) -> Option<Outcome> {
    if legal.is_empty() {
        return Some(Outcome { winner: Some(pos.side.other()), reason: NO_LEGAL_MOVES, decided_at: pos.ply });
    }
    None
}

/// 第10条 01–03 in order.
pub fn turn_start(pos: &Pos, hist: &History) -> Option<Outcome> {
    if let Some(o) = turn_start_before_actions(pos) {
        return Some(o);
    }
    let legal = if crate::bugs::on("b2-no-legal-ignores-threefold") {
        // seeded bug: the turn-start test forgets the actions banned by 第9条
        legal_actions_unsorted(pos, &History::default())
    } else {
        legal_actions_unsorted(pos, hist)
    };
    no_legal_actions(pos, &legal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{read, Read};
    use std::collections::BTreeSet;

    fn random_pos(seed: &mut u64) -> Pos {
        let mut next = || {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (*seed >> 33) as usize
        };
        let mut cells = [EMPTY; 36];
        let mut place = |cell: u8, cells: &mut [u8; 36], r: usize| {
            let mut i = r % 36;
            while cells[i] != EMPTY {
                i = (i + 1) % 36;
            }
            cells[i] = cell;
        };
        place(RED_FLAG, &mut cells, next());
        place(BLUE_FLAG, &mut cells, next());
        let nr = 1 + next() % 5;
        let nb = 1 + next() % 5;
        for _ in 0..nr {
            place(RED, &mut cells, next());
        }
        for _ in 0..nb {
            place(BLUE, &mut cells, next());
        }
        let side = if next() % 2 == 0 { Side::Red } else { Side::Blue };
        Pos { cells, side, ply: 0, claim: false }
    }

    #[test]
    fn generator_agrees_with_check() {
        let mut seed = 12345u64;
        for _ in 0..3000 {
            let pos = random_pos(&mut seed);
            let hist = History::default();
            let legal: BTreeSet<String> = legal_actions(&pos, &hist).iter().map(|a| a.text()).collect();
            let mut by_check = BTreeSet::new();
            for s in 0..36u8 {
                for d in 0..36u8 {
                    for m in [Marker::Dash, Marker::X, Marker::Swap] {
                        if let Ok(a) = check(&pos, Written::Move { src: s, dst: d, marker: m }) {
                            by_check.insert(a.text());
                        }
                    }
                }
            }
            for o in 0..3u8 {
                for dir in [1i8, -1] {
                    if let Ok(a) = check(&pos, Written::Rot { orbit: o, dir }) {
                        by_check.insert(a.text());
                    }
                }
            }
            assert_eq!(legal, by_check, "position {}", pos.text());
            for t in &legal {
                match read(t) {
                    Read::Canonical(w) => assert_eq!(check(&pos, w).unwrap().text(), *t),
                    _ => panic!("legal action {} is not canonical", t),
                }
            }
        }
    }
}
