//! A game being replayed (第10条's order of a turn), and perft.

use crate::board::{Pos, Side};
use crate::notation::Written;
use crate::rules::{self, Action, History, Outcome, Violation};

pub struct Game {
    pub pos: Pos,
    pub hist: History,
    pub outcome: Option<Outcome>,
}

impl Game {
    /// `earlier`: the positions that stood before the start (feature `history`),
    /// each one occurrence; the start is its own first occurrence (解釈 10).
    pub fn new(start: Pos, earlier: &[Pos]) -> Game {
        let mut hist = History::default();
        for p in earlier {
            hist.add(p.key());
        }
        if !crate::bugs::on("b1-threefold-start-not-counted") {
            hist.add(start.key());
        }
        let outcome = rules::turn_start(&start, &hist);
        Game { pos: start, hist, outcome }
    }

    /// Judges an action as the rules stand; changes nothing.
    pub fn judge(&self, w: Written) -> Result<Action, Violation> {
        if let Some(o) = &self.outcome {
            return Err(Violation {
                code: "game_over",
                message: format!("The game is already decided ({}).", o.reason),
            });
        }
        let a = rules::check(&self.pos, w)?;
        let (next, _) = rules::next_position(&self.pos, &a);
        if rules::threefold_banned(&self.hist, &next) {
            return Err(rules::threefold_violation(&a));
        }
        Ok(a)
    }

    /// 第10条 04–06: makes a legal action (as returned by `judge`), then judges
    /// what it decides at once and what the next turn start decides.
    pub fn make(&mut self, a: &Action) {
        let before = self.pos;
        let (next, captured) = rules::next_position(&before, a);
        self.hist.add(next.key());
        self.pos = next;
        if let Some(reason) = rules::instant_result(&before.cells, &next.cells, captured, before.side) {
            self.outcome = Some(Outcome { winner: Some(before.side), reason, decided_at: next.ply });
        } else if crate::bugs::on("b3-pincer-on-own-flagship-loses")
            && rules::pincer(&next.cells, before.side.other())
            && !rules::pincer(&before.cells, before.side.other())
        {
            // seeded bug: a new pincer of the mover's own flagship, made by its own action, loses
            let enemy = before.side.other();
            self.outcome = Some(Outcome { winner: Some(enemy), reason: rules::PINCER, decided_at: next.ply });
        } else {
            self.outcome = rules::turn_start(&self.pos, &self.hist);
        }
    }

    /// 第8条 投了: the side resigns if the game is still open.
    pub fn resign(&mut self, side: Side) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome { winner: Some(side.other()), reason: rules::RESIGNATION, decided_at: self.pos.ply });
        }
    }

    /// 第10条 大会規定: decided outside the rules, if still open.
    pub fn forfeit(&mut self, winner: Option<Side>) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome { winner, reason: rules::FORFEIT, decided_at: self.pos.ply });
        }
    }

    pub fn legal(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        rules::legal_actions(&self.pos, &self.hist)
    }
}

pub struct LimitExceeded;

struct Perft<'a> {
    hist: &'a mut History,
    counted: u64,
    max: u64,
}

impl<'a> Perft<'a> {
    fn add(&mut self, n: u64) -> Result<(), LimitExceeded> {
        self.counted += n;
        if self.counted > self.max {
            return Err(LimitExceeded);
        }
        Ok(())
    }

    /// The legal first actions at `pos`, or none when its turn start decides.
    fn actions(&self, pos: &Pos) -> Vec<Action> {
        if rules::turn_start_before_actions(pos).is_some() {
            return Vec::new();
        }
        rules::legal_actions_unsorted(pos, self.hist)
    }

    /// The count under one first action at `pos` (depth >= 1).
    fn under(&mut self, pos: &Pos, a: &Action, depth: u32) -> Result<u64, LimitExceeded> {
        if depth == 1 {
            self.add(1)?;
            return Ok(1);
        }
        let (next, captured) = rules::next_position(pos, a);
        if rules::instant_result(&pos.cells, &next.cells, captured, pos.side).is_some() {
            return Ok(0);
        }
        self.hist.add(next.key());
        let r = self.count(&next, depth - 1);
        self.hist.remove(next.key());
        r
    }

    fn count(&mut self, pos: &Pos, depth: u32) -> Result<u64, LimitExceeded> {
        if depth == 0 {
            self.add(1)?;
            return Ok(1);
        }
        let acts = self.actions(pos);
        if depth == 1 {
            self.add(acts.len() as u64)?;
            return Ok(acts.len() as u64);
        }
        let mut total = 0;
        for a in &acts {
            total += self.under(pos, a, depth)?;
        }
        Ok(total)
    }
}

/// perft as docs/orbit-dominion.md defines it, from the game's position with its
/// history; with `divide`, the count under each legal first action.
pub fn perft(game: &mut Game, depth: u32, divide: bool, max_nodes: u64) -> Result<(u64, Vec<(String, u64)>), LimitExceeded> {
    let pos = game.pos;
    // decided by the line played, or at this turn start: perft(p, N > 0) = 0
    let decided = game.outcome.is_some();
    let mut p = Perft { hist: &mut game.hist, counted: 0, max: max_nodes };
    if depth == 0 {
        return Ok((1, Vec::new()));
    }
    if decided {
        return Ok((0, Vec::new()));
    }
    let acts = p.actions(&pos);
    let mut total = 0;
    let mut div = Vec::new();
    for a in &acts {
        let n = p.under(&pos, a, depth)?;
        total += n;
        if divide {
            div.push((a.text(), n));
        }
    }
    Ok((total, div))
}
