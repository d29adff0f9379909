//! `othello-tutor show TRANSCRIPT`: replay a game, print the board and the score.

use super::{UserError, outln};
use othello_tutor::engine::Color;
use othello_tutor::engine::notation;

/// Prints the board after `transcript`, who is to move (or "game over") and the
/// score line "Black N - M White".
pub fn run(transcript: &str) -> Result<(), UserError> {
    let game = notation::parse_transcript(transcript).map_err(|e| UserError(e.to_string()))?;
    let pos = game.current();
    outln!("{}", pos.to_string().trim_end());
    if pos.is_game_over() {
        outln!("game over");
    } else {
        let side = match pos.to_move {
            Color::Black => "Black (X)",
            Color::White => "White (O)",
        };
        if pos.must_pass() {
            outln!("{side} to move, and must pass");
        } else {
            outln!("{side} to move");
        }
    }
    let (b, w) = pos.score_counts();
    outln!("Black {b} - {w} White");
    Ok(())
}
