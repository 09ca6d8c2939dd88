//! 第1条・第2条: the board (three orbits of twelve sectors), ships, the start,
//! and the position notation `<O>/<M>/<I> <side> <ply> <claim>`.

pub const ORBITS: [char; 3] = ['O', 'M', 'I'];
pub const MAX_PLY: u32 = 120;

pub const EMPTY: u8 = 0;
pub const RED: u8 = 1;
pub const RED_FLAG: u8 = 2;
pub const BLUE: u8 = 3;
pub const BLUE_FLAG: u8 = 4;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    Red,
    Blue,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }
    pub fn letter(self) -> char {
        match self {
            Side::Red => 'r',
            Side::Blue => 'b',
        }
    }
    pub fn flag_cell(self) -> u8 {
        match self {
            Side::Red => RED_FLAG,
            Side::Blue => BLUE_FLAG,
        }
    }
    pub fn normal_cell(self) -> u8 {
        match self {
            Side::Red => RED,
            Side::Blue => BLUE,
        }
    }
    /// 第2条: the gates this side must take (the enemy's gates I6・M6 / I0・M0).
    pub fn enemy_gates(self) -> [Sq; 2] {
        match self {
            Side::Red => [sq(2, 6), sq(1, 6)],
            Side::Blue => [sq(2, 0), sq(1, 0)],
        }
    }
}

/// A sector: orbit * 12 + number (orbit 0 = O outer, 1 = M middle, 2 = I inner).
pub type Sq = u8;

pub fn sq(orbit: u8, num: u8) -> Sq {
    orbit * 12 + num
}
pub fn orbit_of(s: Sq) -> u8 {
    s / 12
}
pub fn num_of(s: Sq) -> u8 {
    s % 12
}
pub fn sq_name(s: Sq) -> String {
    format!("{}{}", ORBITS[orbit_of(s) as usize], num_of(s))
}
/// The sector `d` steps along the same orbit (+ = clockwise).
pub fn step(s: Sq, d: i32) -> Sq {
    let o = orbit_of(s);
    let n = ((num_of(s) as i32 + d).rem_euclid(12)) as u8;
    sq(o, n)
}
/// Circular distance along one orbit (0..=6).
pub fn orbit_distance(a: Sq, b: Sq) -> u8 {
    let d = (num_of(a) as i32 - num_of(b) as i32).rem_euclid(12) as u8;
    d.min(12 - d)
}

pub fn color(c: u8) -> Option<Side> {
    match c {
        RED | RED_FLAG => Some(Side::Red),
        BLUE | BLUE_FLAG => Some(Side::Blue),
        _ => None,
    }
}
pub fn is_flag(c: u8) -> bool {
    c == RED_FLAG || c == BLUE_FLAG
}

/// 第7条: the sectors adjacent to `s` — left and right on its orbit, and the same
/// number on each neighbouring orbit (O–M, M–I only).
pub fn adjacent(s: Sq) -> impl Iterator<Item = Sq> {
    let o = orbit_of(s);
    let n = num_of(s);
    let mut v = [step(s, -1), step(s, 1), 0, 0];
    let mut len = 2;
    if crate::bugs::on("b1-adjacent-no-wrap") && (n == 0 || n == 11) {
        // seeded bug: 11 and 0 are not treated as neighbours for adjacency
        v[0] = if n == 0 { step(s, 1) } else { step(s, -1) };
        len = 1;
    }
    if o > 0 {
        v[len] = sq(o - 1, n);
        len += 1;
    }
    if o < 2 {
        v[len] = sq(o + 1, n);
        len += 1;
    }
    v.into_iter().take(len)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pos {
    pub cells: [u8; 36],
    pub side: Side,
    pub ply: u32,
    /// The side to move held both enemy gates right after its own previous action.
    pub claim: bool,
}

pub const STANDARD: &str = "r....bb....r/rr....bb..../R....bB....r r 0 -";

impl Pos {
    pub fn count(&self, cell: u8) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }
    /// The key of 第9条's "same position": every ship's colour, kind, sector and the
    /// side to move (not the ply, not the claim).
    pub fn key(&self) -> u128 {
        let mut k: u128 = 0;
        for &c in self.cells.iter() {
            k = k * 5 + c as u128;
        }
        if crate::bugs::on("b2-threefold-ignores-side") {
            // seeded bug: the side to move is not part of the repetition key
            return k * 2;
        }
        k * 2 + if self.side == Side::Red { 0 } else { 1 }
    }
    pub fn text(&self) -> String {
        let mut s = String::new();
        for o in 0..3u8 {
            if o > 0 {
                s.push('/');
            }
            for n in 0..12u8 {
                s.push(match self.cells[sq(o, n) as usize] {
                    RED => 'r',
                    RED_FLAG => 'R',
                    BLUE => 'b',
                    BLUE_FLAG => 'B',
                    _ => '.',
                });
            }
        }
        s.push(' ');
        s.push(self.side.letter());
        s.push(' ');
        s.push_str(&self.ply.to_string());
        s.push(' ');
        if self.claim {
            s.push(self.side.letter());
        } else {
            s.push('-');
        }
        s
    }
}

/// Parses a position given as a start or a history entry (notation section of
/// docs/orbit-dominion.md). Returns the problem as text when malformed.
pub fn parse_position(text: &str) -> Result<Pos, String> {
    if text == "standard" {
        if crate::bugs::on("b3-setup-blue-i7") {
            // seeded bug: blue's inner normal ship mirrored to I7 instead of I5
            return parse_position("r....bb....r/rr....bb..../R.....Bb...r r 0 -");
        }
        return parse_position(STANDARD);
    }
    // 6.1.0: spaces before and after the whole position are read (its parts are not).
    let text = text.trim_matches(' ');
    let parts: Vec<&str> = text.split(' ').collect();
    if parts.len() != 4 {
        return Err(format!("expected 4 space-separated parts, got {}", parts.len()));
    }
    let orbits: Vec<&str> = parts[0].split('/').collect();
    if orbits.len() != 3 {
        return Err(format!("expected 3 orbits separated by '/', got {}", orbits.len()));
    }
    let mut cells = [EMPTY; 36];
    for (o, row) in orbits.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != 12 {
            return Err(format!("orbit {} has {} cells, expected 12", ORBITS[o], chars.len()));
        }
        for (n, ch) in chars.iter().enumerate() {
            cells[o * 12 + n] = match ch {
                '.' => EMPTY,
                'r' => RED,
                'R' => RED_FLAG,
                'b' => BLUE,
                'B' => BLUE_FLAG,
                _ => return Err(format!("unknown cell character {:?}", ch)),
            };
        }
    }
    let side = match parts[1] {
        "r" => Side::Red,
        "b" => Side::Blue,
        s => return Err(format!("side to move must be r or b, got {:?}", s)),
    };
    let ps = parts[2];
    if ps.is_empty() || !ps.bytes().all(|c| c.is_ascii_digit()) || (ps.len() > 1 && ps.starts_with('0')) || ps.len() > 4 {
        return Err(format!("ply must be a number 0-120, got {:?}", ps));
    }
    let ply: u32 = ps.parse().unwrap();
    if ply > MAX_PLY {
        return Err(format!("ply must be 0-120, got {}", ply));
    }
    let claim = match parts[3] {
        "-" => false,
        "r" | "b" => {
            if parts[3] != side.letter().to_string() {
                return Err("the claim letter must be the side to move's".into());
            }
            true
        }
        s => return Err(format!("claim must be -, r or b, got {:?}", s)),
    };
    let pos = Pos { cells, side, ply, claim };
    for s in [Side::Red, Side::Blue] {
        let f = pos.count(s.flag_cell());
        if f != 1 {
            return Err(format!("{} must have exactly one flagship, has {}", s.name(), f));
        }
        let n = pos.count(s.normal_cell());
        if !(1..=5).contains(&n) {
            return Err(format!("{} must have 1 to 5 normal ships, has {}", s.name(), n));
        }
    }
    if claim {
        let held = side
            .enemy_gates()
            .iter()
            .filter(|&&g| color(pos.cells[g as usize]) == Some(side))
            .count();
        if held == 0 {
            return Err("a claim whose side holds neither enemy gate cannot arise".into());
        }
    }
    Ok(pos)
}
