//! 記法: reading actions as written (strict canonical notation, and the documented
//! lenient alternatives), and writing them canonically.

use crate::board::{sq, sq_name, Sq, ORBITS};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Marker {
    /// `-` (or an arrow): a navigation or a jump; onto an enemy ship the position
    /// makes it the capture or the swap.
    Dash,
    /// `x`: a capture.
    X,
    /// `<>`: a swap.
    Swap,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Written {
    Move { src: Sq, dst: Sq, marker: Marker },
    Rot { orbit: u8, dir: i8 },
}

pub enum Read {
    /// The text is canonical notation.
    Canonical(Written),
    /// The text is readable only as a documented alternative spelling.
    Alternative(Written),
    /// Not an action at all.
    Malformed(String),
}

fn orbit_index(c: char) -> Option<u8> {
    ORBITS.iter().position(|&o| o == c).map(|i| i as u8)
}

/// Strict grammar: `O0`–`O11` etc. (no leading zero), `-`, `x`, `<>`, rotations `O+`.
fn parse_canonical(t: &str) -> Option<Written> {
    let ch: Vec<char> = t.chars().collect();
    if ch.len() == 2 {
        let o = orbit_index(ch[0])?;
        let dir = match ch[1] {
            '+' => 1,
            '-' => -1,
            _ => return None,
        };
        return Some(Written::Rot { orbit: o, dir });
    }
    let mut i = 0;
    let src = parse_sector(&ch, &mut i)?;
    let marker = if i < ch.len() && ch[i] == '-' {
        i += 1;
        Marker::Dash
    } else if i < ch.len() && ch[i] == 'x' {
        i += 1;
        Marker::X
    } else if i + 1 < ch.len() && ch[i] == '<' && ch[i + 1] == '>' {
        i += 2;
        Marker::Swap
    } else {
        return None;
    };
    let dst = parse_sector(&ch, &mut i)?;
    if i != ch.len() {
        return None;
    }
    Some(Written::Move { src, dst, marker })
}

fn parse_sector(ch: &[char], i: &mut usize) -> Option<Sq> {
    let o = orbit_index(*ch.get(*i)?)?;
    *i += 1;
    let start = *i;
    while *i < ch.len() && ch[*i].is_ascii_digit() {
        *i += 1;
    }
    let digits: String = ch[start..*i].iter().collect();
    if digits.is_empty() || digits.len() > 2 || (digits.len() == 2 && digits.starts_with('0')) {
        return None;
    }
    let n: u8 = digits.parse().ok()?;
    if n > 11 {
        return None;
    }
    Some(sq(o, n))
}

/// Maps the documented alternative spellings onto the canonical alphabet:
/// full-width characters, U+2212 minus, the rulebook's arrows `→` and `⇄`,
/// spaces, and `+1` / `-1` for rotations.
fn lenient_text(t: &str) -> String {
    let mut s = String::new();
    // whether a space was dropped right before each kept character
    let mut spaced: Vec<bool> = Vec::new();
    let mut pending_space = false;
    for c in t.chars() {
        let c = match c as u32 {
            0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFEE0).unwrap(),
            0x3000 => ' ',
            0x2212 => '-',
            0x2192 | 0x21C4 => '-',
            _ => c,
        };
        if c == ' ' || c == '\t' {
            pending_space = true;
            continue;
        }
        spaced.push(pending_space);
        pending_space = false;
        s.push(c);
    }
    // rotation written with a count of one: O+1 / O-1
    let ch: Vec<char> = s.chars().collect();
    if ch.len() == 3 && orbit_index(ch[0]).is_some() && (ch[1] == '+' || ch[1] == '-') && ch[2] == '1' {
        if spaced[2] {
            // 6.1.0: the count follows the sign at once; "O+ 1" is no spelling
            return String::new();
        }
        s.pop();
    }
    s
}

pub fn read(text: &str) -> Read {
    if let Some(w) = parse_canonical(text) {
        return Read::Canonical(w);
    }
    let alt = lenient_text(text);
    if let Some(w) = parse_canonical(&alt) {
        return Read::Alternative(w);
    }
    Read::Malformed(format!("{:?} is not an action in the notation", text))
}

pub fn written_text(w: &Written) -> String {
    match *w {
        Written::Rot { orbit, dir } => format!("{}{}", ORBITS[orbit as usize], if dir > 0 { '+' } else { '-' }),
        Written::Move { src, dst, marker } => {
            let m = match marker {
                Marker::Dash => "-",
                Marker::X => "x",
                Marker::Swap => "<>",
            };
            format!("{}{}{}", sq_name(src), m, sq_name(dst))
        }
    }
}
