//! The XOT list: balanced eight-move openings (each close to even) to start practice
//! games and engine matches from, embedded in the binary.

use crate::engine::Position;
use crate::engine::notation::parse_transcript;
use rand::{Rng, RngExt};

/// The XOT small list (../shared/data/XOTOpeningsSmallList.txt): one transcript a line.
const XOT_SMALL: &str = include_str!("../../data/xot-small.txt");

/// The transcripts of the XOT openings.
pub fn xot_transcripts() -> impl Iterator<Item = &'static str> {
    XOT_SMALL.lines().map(str::trim).filter(|l| !l.is_empty())
}

/// The position after the `index`-th XOT opening (wrapping around the list).
pub fn xot_position(index: usize) -> Position {
    let list: Vec<&str> = xot_transcripts().collect();
    let text = list[index % list.len()];
    parse_transcript(text)
        .map(|g| g.current())
        .unwrap_or_else(|_| Position::start())
}

/// A random XOT opening: its transcript and position.
pub fn random_xot(rng: &mut impl Rng) -> (&'static str, Position) {
    let list: Vec<&str> = xot_transcripts().collect();
    let text = list[rng.random_range(0..list.len())];
    let pos = parse_transcript(text)
        .map(|g| g.current())
        .unwrap_or_else(|_| Position::start());
    (text, pos)
}
