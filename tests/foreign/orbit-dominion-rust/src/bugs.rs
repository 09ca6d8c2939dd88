//! Bug switches for mutation experiments: `ENGINE_BUG` holds a comma-separated list
//! of bug names. Unset (or empty) means the correct engine. A rule function can
//! test `bugs::on("name")` to switch on a seeded fault.

use std::sync::OnceLock;

static BUGS: OnceLock<Vec<String>> = OnceLock::new();

pub fn active() -> &'static [String] {
    BUGS.get_or_init(|| {
        std::env::var("ENGINE_BUG")
            .unwrap_or_default()
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    })
}

#[allow(dead_code)]
pub fn on(name: &str) -> bool {
    active().iter().any(|b| b == name)
}
