//! A sample of practice positions and the check of what the tutor says about their
//! moves: every position of a few seeded games between players of different kinds
//! (greedy, the static square values, the engine at level 2), and for each legal move
//! the explanation's sentences ([`crate::tutor::explain::describe_sentences`]), whose
//! facts are replayed on the board ([`crate::tutor::facts`]). `check-content` runs it
//! beside the lessons and puzzles, so that a false sentence about a practice move
//! fails the check as a false lesson sentence does.
//!
//! ```
//! use othello_tutor::tutor::practice_sample::{check_practice_sample, practice_sample};
//! let sample = practice_sample(1);
//! assert!(sample.len() > 40, "one whole game");
//! let (checked, errors) = check_practice_sample(&sample[..10]);
//! assert!(checked > 0 && errors.is_empty(), "{errors:?}");
//! ```

use crate::engine::players::{Player, Strategy};
use crate::engine::{Color, Position};
use crate::tutor::explain::{describe_sentences, move_facts};
use rand::SeedableRng;

/// The games of the sample `check-content` checks.
pub const SAMPLE_GAMES: u64 = 6;

/// Every position with a move to play of `games` seeded games (the seed is the game's
/// number), the players' kinds taking turns: greedy, static squares, engine level 2.
pub fn practice_sample(games: u64) -> Vec<Position> {
    let kinds = [
        Strategy::Greedy,
        Strategy::StaticSquares,
        Strategy::Engine(2),
    ];
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut black = Player::new(kinds[seed as usize % 3]);
        let mut white = Player::new(kinds[(seed as usize + 1) % 3]);
        let mut pos = Position::start();
        while !pos.is_game_over() {
            if pos.must_pass() {
                pos = pos.pass();
                continue;
            }
            out.push(pos);
            let player = if pos.to_move == Color::Black {
                &mut black
            } else {
                &mut white
            };
            let Some(sq) = player.choose(&pos.board, &mut rng) else {
                break;
            };
            pos = pos.play_unchecked(sq);
        }
    }
    out
}

/// Replays the facts of every sentence the tutor writes about every legal move of
/// `positions`: the number of facts checked, and one line per false one naming the
/// position, the move and the sentence.
pub fn check_practice_sample(positions: &[Position]) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut errors = Vec::new();
    for pos in positions {
        for sq in pos.legal_moves() {
            let Some(f) = move_facts(pos, sq) else {
                continue;
            };
            for s in describe_sentences(&f) {
                for fact in &s.facts {
                    checked += 1;
                    if let Err(e) = fact.check(pos, None) {
                        errors.push(format!(
                            "practice sample, {} to move at {} empties, {sq}: \"{}\": {e}",
                            pos.to_move,
                            pos.board.empty_count(),
                            s.text
                        ));
                    }
                }
            }
        }
    }
    (checked, errors)
}
