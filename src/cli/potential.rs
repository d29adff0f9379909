//! `othello-tutor potential selfplay`: Potential, the second game of the reference
//! texts, played by the computer against itself.

use super::{UserError, outln};
use othello_tutor::potential::selfplay::selfplay_text;

/// Prints one self-play game's record; its last line is the result.
pub fn selfplay(pieces: usize, seed: u64, level: &str) -> Result<(), UserError> {
    let text = selfplay_text(pieces, seed, level).map_err(|e| UserError(e.to_string()))?;
    outln!("{}", text.trim_end());
    Ok(())
}
