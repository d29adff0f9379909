//! `othello-tutor opening POSITION`: the opening's name (as every screen names it),
//! then the book moves, best first, "MOVE SCORE dD [NAME]" (the value in discs for the
//! side to move, the depth, and the name of the position the move reaches if it has
//! one);
//! `othello-tutor opening --list`: every named opening, "NAME: MOVES".

use super::{UserError, outln};
use othello_tutor::engine::book;
use othello_tutor::engine::notation;
use othello_tutor::tutor::openings::{NO_OPENING, embedded, opening_along};

/// Prints the name of the position and its book moves.
pub fn run(text: &str) -> Result<(), UserError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(UserError(
            "opening: give a position (a transcript or an OBF line), or --list".into(),
        ));
    }
    let position = notation::parse_position(t).map_err(|e| UserError(e.to_string()))?;
    let openings = embedded();
    let board = position.board;
    // The opening of a line is named as every screen names it: the deepest named
    // position it passed through (`opening_along`), and whether it has left it.
    match openings.name_of(&board) {
        Some(o) => outln!("{}", o.name),
        None => {
            let along = notation::parse_transcript(t).ok().and_then(|game| {
                let boards: Vec<_> = game.positions().iter().map(|p| p.board).collect();
                let last = boards.iter().rposition(|b| openings.name_of(b).is_some())?;
                opening_along(&boards).map(|name| (name, last))
            });
            match along {
                Some((name, moves)) => {
                    outln!("{name} (left its named line after move {moves})")
                }
                None => outln!("{NO_OPENING}"),
            }
        }
    }
    let book = book::shipped().map_err(|e| UserError(format!("the opening book: {e}")))?;
    let moves = book.lookup(&board);
    if moves.is_empty() {
        outln!("out of book");
    }
    for m in moves {
        let after = board.play_unchecked(m.square);
        let name = openings
            .name_of(&after)
            .map(|o| format!(" {}", o.name))
            .unwrap_or_default();
        outln!("{} {:+} d{}{name}", m.square, m.discs(), m.depth);
    }
    Ok(())
}

/// Prints every named opening, "NAME: MOVES", with its other names in brackets.
pub fn list() -> Result<(), UserError> {
    let openings = othello_tutor::tutor::openings::load_openings().map_err(|errors| {
        UserError(format!(
            "the named openings do not load: {}",
            errors.first().map(|e| e.to_string()).unwrap_or_default()
        ))
    })?;
    for o in openings.all() {
        let aliases = if o.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", o.aliases.join(", "))
        };
        outln!("{}: {}{aliases}", o.name, o.transcript());
    }
    Ok(())
}
