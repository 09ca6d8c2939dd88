//! ORBIT DOMINION 4.2 engine speaking the JSON-lines engine protocol on stdio.

mod board;
mod bugs;
mod game;
mod json;
mod notation;
mod protocol;
mod rules;

use std::io::{self, BufRead, Write};

/// A request line's content may be at most 1 MiB, its terminator not counted.
const LIMIT: usize = 1_048_576;

fn answer(out: &mut impl Write, line: &[u8]) -> io::Result<()> {
    let resp = match std::panic::catch_unwind(|| protocol::handle_line(line)) {
        Ok(r) => r,
        Err(_) => {
            eprintln!("internal error while serving a request");
            "{\"id\":null,\"error\":{\"code\":\"internal_error\",\"message\":\"internal error in the engine\"}}".to_string()
        }
    };
    out.write_all(resp.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}

fn main() -> io::Result<()> {
    std::panic::set_hook(Box::new(|info| eprintln!("panic: {}", info)));
    let _ = bugs::active();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut buf: Vec<u8> = Vec::new();
    let mut overflow = false;
    let mut pending = false; // bytes of an unfinished line have been read
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        pending = true;
        if !overflow {
            let room = LIMIT + 1 - buf.len().min(LIMIT + 1);
            if take <= room {
                buf.extend_from_slice(&chunk[..take]);
            } else {
                overflow = true;
                buf.clear();
            }
        }
        input.consume(if end { take + 1 } else { take });
        if end {
            finish_line(&mut out, &mut buf, &mut overflow)?;
            pending = false;
        }
    }
    if pending {
        finish_line(&mut out, &mut buf, &mut overflow)?;
    }
    Ok(())
}

fn finish_line(out: &mut impl Write, buf: &mut Vec<u8>, overflow: &mut bool) -> io::Result<()> {
    if !*overflow && buf.last() == Some(&b'\r') {
        buf.pop();
    }
    if *overflow || buf.len() > LIMIT {
        let r = protocol::too_large_line();
        out.write_all(r.as_bytes())?;
        out.write_all(b"\n")?;
        out.flush()?;
    } else {
        answer(out, buf)?;
    }
    buf.clear();
    *overflow = false;
    Ok(())
}
