//! Temporary experiment knobs (read from the environment once).

use std::sync::OnceLock;

/// Knob values.
pub(super) struct Knobs {
    pub v: [i32; 32],
}

/// Names and defaults.
const DEFAULTS: [(&str, i32); 24] = [
    ("SHALLOW", 6),
    ("ETC", 8),
    ("PARITY", 12),
    ("EVALORD", 13),
    ("REPLYORD", 18),
    ("WMOB", 64),
    ("WCMOB", 64),
    ("WPOT", 16),
    ("CORNER", 32),
    ("PARB", 24),
    ("EVALW", 30),
    ("REPLYW", 100),
    ("GUESS", 8),
    ("TRACE", 0),
    ("STABMIN", 0),
    ("DEEP2", 99),
    ("WSTAB", 0),
    ("ETCORD", 0),
    ("BUSY", 12),
    ("DEEP3", 99),
    ("X3", 0),
    ("X4", 0),
    ("X5", 0),
    ("X6", 0),
];

pub(super) const SHALLOW: usize = 0;
pub(super) const ETC: usize = 1;
pub(super) const PARITY: usize = 2;
pub(super) const EVALORD: usize = 3;
pub(super) const REPLYORD: usize = 4;
pub(super) const WMOB: usize = 5;
pub(super) const WCMOB: usize = 6;
pub(super) const WPOT: usize = 7;
pub(super) const CORNER: usize = 8;
pub(super) const PARB: usize = 9;
pub(super) const EVALW: usize = 10;
pub(super) const REPLYW: usize = 11;
pub(super) const GUESS: usize = 12;
pub(super) const TRACE: usize = 13;
pub(super) const STABMIN: usize = 14;
pub(super) const DEEP2: usize = 15;
pub(super) const WSTAB: usize = 16;
pub(super) const ETCORD: usize = 17;
pub(super) const BUSY: usize = 18;
pub(super) const DEEP3: usize = 19;
pub(super) const X3: usize = 20;
pub(super) const X4: usize = 21;
pub(super) const X5: usize = 22;
pub(super) const X6: usize = 23;

static KNOBS: OnceLock<Knobs> = OnceLock::new();

/// The knobs.
#[inline(always)]
pub(super) fn k(i: usize) -> i32 {
    KNOBS.get_or_init(load).v[i]
}

fn load() -> Knobs {
    let mut v = [0; 32];
    for (i, (name, d)) in DEFAULTS.iter().enumerate() {
        v[i] = std::env::var(format!("OTK_{name}"))
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(*d);
    }
    Knobs { v }
}
