//! Openings: the named openings (data in `src/data/openings.toml`, recognised by
//! position up to the board's symmetries) and the XOT list of balanced openings that
//! practice games and engine matches start from; the opening trainer's rehearsal and its
//! review schedule.

pub mod named;
pub mod schedule;
pub mod trainer;
mod xot;

/// The most a move may lose against the book's best move (hundredths of a disc) and
/// still be a book move: the practice grade's and the opening trainer's.
pub const BOOK_MARGIN: i32 = 100;

pub use named::{
    NamedOpening, OPENINGS_FILE, OpeningError, OpeningProblem, Openings, embedded, load_openings,
};
pub use schedule::{LineRecord, OpeningProgress};
pub use trainer::{Attempt, Miss, Rehearsal, RehearsalSetup, Reply};
pub use xot::{random_xot, xot_position, xot_transcripts};

use crate::engine::{Board, Game};

/// What every screen says of a line that passes through no named opening.
pub const NO_OPENING: &str = "no named opening";

/// The name of the opening a line carries: the deepest named position among `boards`
/// (a game's positions, in order), even after the line has left the named moves.
/// Every screen that names a game's opening asks this one function.
///
/// ```
/// use othello_tutor::engine::notation::parse_transcript;
/// use othello_tutor::tutor::openings::opening_of_game;
/// let game = parse_transcript("f5 d6 c3 d3 c4").expect("a transcript");
/// assert_eq!(opening_of_game(&game).as_deref(), Some("Tiger"));
/// ```
pub fn opening_along(boards: &[Board]) -> Option<String> {
    embedded().deepest_along(boards).map(|o| o.name.clone())
}

/// [`opening_along`] the positions of `game`, up to position `upto` (all of them
/// with `None`).
pub fn opening_upto(game: &Game, upto: Option<usize>) -> Option<String> {
    let positions = game.positions();
    let end = upto.map_or(positions.len(), |n| (n + 1).min(positions.len()));
    let boards: Vec<Board> = positions[..end].iter().map(|p| p.board).collect();
    opening_along(&boards)
}

/// [`opening_along`] every position of `game`.
pub fn opening_of_game(game: &Game) -> Option<String> {
    opening_upto(game, None)
}
