//! `bench --grading-games N`: the moves a learner grades in real games. Engine games
//! from XOT openings, level [`LEARNER_LEVEL`] on both sides; at every position with a
//! choice of moves and a count of empties in the range asked for (by default
//! [`GRADED_EMPTIES`], where the practice feedback's exact grading starts), the move
//! that level plays is the one graded.

use super::super::UserError;
use super::super::jobs::Progress;
use super::waits::GradedMove;
use othello_tutor::engine::Move;
use othello_tutor::engine::players::{Strategy, choose_move_untimed};
use othello_tutor::engine::search::Searcher;
use othello_tutor::tutor::openings::xot_position;
use rand::SeedableRng;
use std::ops::RangeInclusive;

/// The engine level that stands in for the learner (and for the practice opponent).
pub const LEARNER_LEVEL: u8 = 3;

/// The empties of the positions whose moves are graded by default: where the
/// feedback's exact grading starts (22 and fewer) and the two counts above it (its
/// deepest searches).
pub const GRADED_EMPTIES: RangeInclusive<u32> = 20..=24;

/// The table size of the games' searcher, in MB (level 3 searches shallow).
const PLAY_TABLE_MB: usize = 8;

/// Plays `games` games from XOT openings `first`, `first + 1`, … and returns the
/// moves to grade at `empties` empties, each placed as "game G" (G counted from 1).
pub fn game_moves(
    games: usize,
    first: usize,
    empties: &RangeInclusive<u32>,
) -> Result<Vec<GradedMove>, UserError> {
    let mut searcher = Searcher::new(PLAY_TABLE_MB, PLAY_TABLE_MB);
    let mut rng = rand::rngs::StdRng::seed_from_u64(first as u64);
    let bar = Progress::new("games played", games);
    let mut moves = Vec::new();
    for g in 0..games {
        let mut pos = xot_position(first + g);
        while !pos.is_game_over() && pos.board.empty_count() >= *empties.start() {
            if pos.must_pass() {
                pos = pos.pass();
                continue;
            }
            let choice = choose_move_untimed(
                &mut searcher,
                &pos.board,
                Strategy::Engine(LEARNER_LEVEL),
                &mut rng,
            )
            .ok_or_else(|| {
                UserError(format!(
                    "game {}: level {LEARNER_LEVEL} found no move",
                    g + 1
                ))
            })?;
            if empties.contains(&pos.board.empty_count()) && pos.board.legal_moves().len() >= 2 {
                moves.push(GradedMove {
                    board: pos.board,
                    played: choice.square,
                    place: format!("game {}", g + 1),
                });
            }
            pos = pos
                .play(Move::Place(choice.square))
                .map_err(|e| UserError(format!("game {}: {e}", g + 1)))?;
        }
        bar.done("");
    }
    Ok(moves)
}
