//! A small strict JSON (RFC 8259) reader and writer, std only.
//!
//! Reader limits follow docs/protocol.md "Errors": duplicate keys, nesting deeper
//! than 64 levels, numbers out of range (an integer over 4,000 digits, a float that
//! overflows) are all `bad_json`. A `\u` escape producing a lone surrogate is kept
//! (replaced by U+FFFD) but flagged, so that the request layer can answer
//! `bad_request` naming the field.

#[derive(Debug, Clone)]
pub enum Json {
    Null,
    Bool(bool),
    /// `text` is the number as written; `int` is true when it has no fraction/exponent.
    Num { text: String, int: bool },
    /// `lone` is true when a `\u` escape produced a lone surrogate.
    Str { s: String, lone: bool },
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn str(s: &str) -> Json {
        Json::Str { s: s.to_string(), lone: false }
    }
    pub fn int(n: i64) -> Json {
        Json::Num { text: n.to_string(), int: true }
    }
    pub fn uint(n: u64) -> Json {
        Json::Num { text: n.to_string(), int: true }
    }
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(v) => v.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

pub const MAX_DEPTH: usize = 64;
pub const MAX_INT_DIGITS: usize = 4000;

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser { b: text.as_bytes(), i: 0 };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.b.len() {
        return Err(format!("unexpected data at byte {}", p.i));
    }
    Ok(v)
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.i < self.b.len() {
            match self.b[self.i] {
                b' ' | b'\t' | b'\n' | b'\r' => self.i += 1,
                _ => break,
            }
        }
    }
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn lit(&mut self, word: &str, v: Json) -> Result<Json, String> {
        if self.b[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(format!("invalid literal at byte {}", self.i))
        }
    }
    fn value(&mut self, depth: usize) -> Result<Json, String> {
        match self.peek() {
            None => Err("unexpected end of input".into()),
            Some(b'n') => self.lit("null", Json::Null),
            Some(b't') => self.lit("true", Json::Bool(true)),
            Some(b'f') => self.lit("false", Json::Bool(false)),
            Some(b'"') => {
                let (s, lone) = self.string()?;
                Ok(Json::Str { s, lone })
            }
            Some(b'[') => {
                if depth + 1 > MAX_DEPTH {
                    return Err("nesting deeper than 64 levels".into());
                }
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    self.ws();
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(items));
                        }
                        _ => return Err(format!("expected , or ] at byte {}", self.i)),
                    }
                }
            }
            Some(b'{') => {
                if depth + 1 > MAX_DEPTH {
                    return Err("nesting deeper than 64 levels".into());
                }
                self.i += 1;
                let mut items: Vec<(String, Json)> = Vec::new();
                self.ws();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(items));
                }
                loop {
                    self.ws();
                    if self.peek() != Some(b'"') {
                        return Err(format!("expected a key at byte {}", self.i));
                    }
                    let (k, _lone) = self.string()?;
                    self.ws();
                    if self.peek() != Some(b':') {
                        return Err(format!("expected : at byte {}", self.i));
                    }
                    self.i += 1;
                    self.ws();
                    let v = self.value(depth + 1)?;
                    if items.iter().any(|(kk, _)| *kk == k) {
                        return Err(format!("duplicate key {:?}", k));
                    }
                    items.push((k, v));
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(items));
                        }
                        _ => return Err(format!("expected , or }} at byte {}", self.i)),
                    }
                }
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => self.number(),
            Some(_) => Err(format!("unexpected character at byte {}", self.i)),
        }
    }
    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        let mut int = true;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(c) if c.is_ascii_digit() => {
                while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                    self.i += 1;
                }
            }
            _ => return Err(format!("invalid number at byte {}", start)),
        }
        if self.peek() == Some(b'.') {
            int = false;
            self.i += 1;
            let d = self.i;
            while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                self.i += 1;
            }
            if self.i == d {
                return Err(format!("invalid number at byte {}", start));
            }
        }
        if matches!(self.peek(), Some(b'e') | Some(b'E')) {
            int = false;
            self.i += 1;
            if matches!(self.peek(), Some(b'+') | Some(b'-')) {
                self.i += 1;
            }
            let d = self.i;
            while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
                self.i += 1;
            }
            if self.i == d {
                return Err(format!("invalid number at byte {}", start));
            }
        }
        let text = std::str::from_utf8(&self.b[start..self.i]).unwrap().to_string();
        if int {
            let digits = text.trim_start_matches('-').len();
            if digits > MAX_INT_DIGITS {
                return Err("integer out of range".into());
            }
        } else {
            match text.parse::<f64>() {
                Ok(f) if f.is_finite() => {}
                _ => return Err("number out of range".into()),
            }
        }
        Ok(Json::Num { text, int })
    }
    fn hex4(&mut self) -> Result<u32, String> {
        if self.i + 4 > self.b.len() {
            return Err("truncated \\u escape".into());
        }
        let s = std::str::from_utf8(&self.b[self.i..self.i + 4]).map_err(|_| "bad \\u escape")?;
        if !s.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Err("bad \\u escape".into());
        }
        self.i += 4;
        Ok(u32::from_str_radix(s, 16).unwrap())
    }
    fn string(&mut self) -> Result<(String, bool), String> {
        // at the opening quote
        self.i += 1;
        let mut out = String::new();
        let mut lone = false;
        loop {
            let c = match self.peek() {
                None => return Err("unterminated string".into()),
                Some(c) => c,
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok((out, lone));
                }
                b'\\' => {
                    self.i += 1;
                    let e = self.peek().ok_or("unterminated escape")?;
                    self.i += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let u = self.hex4()?;
                            if (0xD800..0xDC00).contains(&u) {
                                // high surrogate: needs a following low one
                                if self.b[self.i..].starts_with(b"\\u") {
                                    let save = self.i;
                                    self.i += 2;
                                    let u2 = self.hex4()?;
                                    if (0xDC00..0xE000).contains(&u2) {
                                        let cp = 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00);
                                        out.push(char::from_u32(cp).unwrap());
                                    } else {
                                        lone = true;
                                        out.push('\u{FFFD}');
                                        self.i = save;
                                    }
                                } else {
                                    lone = true;
                                    out.push('\u{FFFD}');
                                }
                            } else if (0xDC00..0xE000).contains(&u) {
                                lone = true;
                                out.push('\u{FFFD}');
                            } else {
                                out.push(char::from_u32(u).unwrap());
                            }
                        }
                        _ => return Err(format!("invalid escape at byte {}", self.i - 1)),
                    }
                }
                c if c < 0x20 => return Err("control character in string".into()),
                _ => {
                    // copy one UTF-8 character (input is valid UTF-8)
                    let len = utf8_len(c);
                    let s = std::str::from_utf8(&self.b[self.i..self.i + len]).map_err(|_| "bad utf-8")?;
                    out.push_str(s);
                    self.i += len;
                }
            }
        }
    }
}

fn utf8_len(c: u8) -> usize {
    if c < 0x80 {
        1
    } else if c >= 0xF0 {
        4
    } else if c >= 0xE0 {
        3
    } else {
        2
    }
}

pub fn write(v: &Json, out: &mut String) {
    match v {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Num { text, .. } => out.push_str(text),
        Json::Str { s, .. } => write_str(s, out),
        Json::Arr(items) => {
            out.push('[');
            for (i, it) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(it, out);
            }
            out.push(']');
        }
        Json::Obj(items) => {
            out.push('{');
            for (i, (k, it)) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(k, out);
                out.push(':');
                write(it, out);
            }
            out.push('}');
        }
    }
}

pub fn write_str(s: &str, out: &mut String) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

pub fn to_string(v: &Json) -> String {
    let mut s = String::new();
    write(v, &mut s);
    s
}
