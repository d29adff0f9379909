//! Positions for the engine tests.

use othello_tutor::engine::Position;
use rand::{RngExt, rngs::StdRng};

/// A position after `plies` random moves from the start (fewer if the game ends).
pub fn random_position(rng: &mut StdRng, plies: usize) -> Position {
    let mut p = Position::start();
    for _ in 0..plies {
        let moves = p.legal_move_list();
        if moves.is_empty() {
            break;
        }
        p = p
            .play(moves[rng.random_range(0..moves.len())])
            .expect("legal");
    }
    p
}
