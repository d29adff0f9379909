//! Reading a step's position: `"start"`, a transcript, or a constructed OBF line that
//! must pass the legality rule for constructed positions.

use super::error::{PositionProblem, Problem};
use super::model::Setup;
use crate::engine::bits::neighbours;
use crate::engine::notation::{self, NotationError};
use crate::engine::{Move, Position, SquareSet};

/// Reads a position: "start", an OBF line, or a transcript from the start.
pub fn parse_setup(text: &str) -> Result<Setup, Problem> {
    let t = text.trim();
    let bad = |e: NotationError| Problem::BadPosition {
        text: text.to_string(),
        reason: Box::new(e),
    };
    if t.eq_ignore_ascii_case("start") {
        return Ok(Setup {
            position: Position::start(),
            last_move: None,
            source: text.to_string(),
        });
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let looks_obf = first.chars().count() == 64 && first.chars().all(|c| "XOxo*-.".contains(c));
    if looks_obf {
        let rec = notation::parse_obf(t).map_err(bad)?;
        check_constructed(&rec.position)?;
        Ok(Setup {
            position: rec.position,
            last_move: None,
            source: text.to_string(),
        })
    } else {
        let game = notation::parse_transcript(t).map_err(bad)?;
        let last_move = game.moves().iter().rev().find_map(|m| match m {
            Move::Place(sq) => Some(*sq),
            Move::Pass => None,
        });
        Ok(Setup {
            position: game.current(),
            last_move,
            source: text.to_string(),
        })
    }
}

/// The legality rule for constructed (OBF) positions: the centre squares are
/// occupied and the occupied squares form one king-connected group.
pub fn check_constructed(pos: &Position) -> Result<(), PositionProblem> {
    const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);
    let occupied = pos.black() | pos.white();
    if occupied & CENTRE != CENTRE {
        return Err(PositionProblem::CentreEmpty);
    }
    let mut group = CENTRE;
    loop {
        let grown = (group | neighbours(group)) & occupied;
        if grown == group {
            break;
        }
        group = grown;
    }
    let loose = occupied & !group;
    if loose != 0 {
        return Err(PositionProblem::Disconnected(SquareSet(loose)));
    }
    Ok(())
}
