//! `othello-lab potential match`: a match between two of Potential's computer levels
//! (Potential is the second game of the reference texts).

use super::{UserError, outln};
use othello_tutor::potential::ai::{Level, SearchLimits};
use othello_tutor::potential::selfplay::play_match;

/// The settings of a match between two levels.
pub struct MatchSettings {
    /// Pieces per side.
    pub pieces: usize,
    /// Games, colours alternating.
    pub games: u32,
    /// The search level's node budget per move.
    pub nodes: u64,
    /// Seed of the first game (game `i` uses `seed + i`).
    pub seed: u64,
    /// Threads to spread the games over.
    pub threads: usize,
}

/// Plays a match between levels `a` and `b` and prints one line from `a`'s side:
/// games, wins (as White, as Black), losses, draws, mean points and `a`'s time per
/// move (mean and longest, for the report: the result depends only on the seed).
pub fn run_match(a: &str, b: &str, s: &MatchSettings) -> Result<(), UserError> {
    let level = |name: &str| -> Result<(Level, SearchLimits), UserError> {
        let level: Level = name.parse().map_err(|e| UserError(format!("{e}")))?;
        let limits = match level {
            Level::Search => SearchLimits::nodes(s.nodes),
            _ => SearchLimits::nodes(u64::MAX),
        };
        Ok((level, limits))
    };
    let (first, second) = (level(a)?, level(b)?);
    let m = play_match(s.pieces, s.games, first, second, s.seed, s.threads)
        .map_err(|e| UserError(e.to_string()))?;
    outln!(
        "{} vs {}: {} games, {} wins ({} as White, {} as Black), {} losses, {} draws, win {:.1}%, mean points {:+.2}, {:.1} ms a move (longest {:.1} ms)",
        first.0.name(),
        second.0.name(),
        m.games,
        m.wins,
        m.wins_as_white,
        m.wins_as_black,
        m.losses,
        m.draws,
        100.0 * f64::from(m.wins) / f64::from(m.games.max(1)),
        m.points as f64 / f64::from(m.games.max(1)),
        m.micros as f64 / 1000.0 / m.moves.max(1) as f64,
        m.max_micros as f64 / 1000.0,
    );
    Ok(())
}
