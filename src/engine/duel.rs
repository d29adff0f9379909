//! Evaluation against evaluation: deterministic games at a fixed depth from given
//! openings, each opening played with both colours, for strength tests (no clock, so
//! the same settings give the same games on any machine).

use super::board::Position;
use super::evaluator::Evaluator;
use super::pool::{self, PoolError};
use super::search::{Limits, Searcher};

/// The outcome of a duel, from the first evaluator's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DuelResult {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Sum of the final disc margins.
    pub margin: i64,
}

impl DuelResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score in per cent: a win counts 1, a draw one half.
    pub fn score_percent(&self) -> f64 {
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }
}

/// Plays one game from `start`; returns Black's final disc margin. Each side searches
/// with its own searcher, cleared first, so the game depends on nothing before it.
pub fn duel_game(
    start: Position,
    black: &mut Searcher,
    white: &mut Searcher,
    limits: Limits,
) -> i32 {
    black.clear();
    white.clear();
    let mut pos = start;
    loop {
        if pos.is_game_over() {
            let (b, w) = pos.final_counts();
            return b as i32 - w as i32;
        }
        if pos.must_pass() {
            pos = pos.pass();
            continue;
        }
        let searcher = match pos.to_move {
            super::board::Color::Black => &mut *black,
            super::board::Color::White => &mut *white,
        };
        let sq = searcher
            .search(&pos.board, limits)
            .ok()
            .and_then(|r| r.best)
            .or_else(|| pos.legal_moves().into_iter().next());
        // Not over and no pass: there is a move.
        pos = match sq {
            Some(sq) => pos.play_unchecked(sq),
            None => pos.pass(),
        };
    }
}

/// Plays every opening twice (`a` Black, then `a` White) at `limits`, spread over
/// `threads` threads; the result does not depend on the thread count. An error names
/// the game that panicked (game `2k` is opening `k` with `a` Black, `2k + 1` with `a`
/// White).
///
/// ```
/// use othello_tutor::engine::duel::duel;
/// use othello_tutor::engine::evaluator::Evaluator;
/// use othello_tutor::engine::search::Limits;
/// use othello_tutor::engine::Position;
/// let r = duel(&[Position::start()], &Evaluator::features(), &Evaluator::features(), Limits::depth(1, 4), 1);
/// assert_eq!(r.expect("no panic").games(), 2);
/// ```
pub fn duel(
    openings: &[Position],
    a: &Evaluator,
    b: &Evaluator,
    limits: Limits,
    threads: usize,
) -> Result<DuelResult, PoolError> {
    let games: Vec<usize> = (0..2 * openings.len()).collect();
    let margins = pool::map(threads, &games, |_, &g| {
        let mut sa = Searcher::new(4, 4);
        sa.set_evaluator(a.clone());
        let mut sb = Searcher::new(4, 4);
        sb.set_evaluator(b.clone());
        let start = openings[g / 2];
        if g.is_multiple_of(2) {
            duel_game(start, &mut sa, &mut sb, limits)
        } else {
            -duel_game(start, &mut sb, &mut sa, limits)
        }
    })?;
    let mut total = DuelResult::default();
    for d in margins {
        total.margin += d as i64;
        match d.signum() {
            1 => total.wins += 1,
            0 => total.draws += 1,
            _ => total.losses += 1,
        }
    }
    Ok(total)
}
