//! The themes of a puzzle, decided from the engine's facts of its key move (the
//! definitions are those of [`Theme`]).

use super::model::{Proof, Theme, plays};
use crate::engine::bits::CORNERS;
use crate::engine::features::region_counts;
use crate::engine::{Position, Square};
use crate::tutor::explain::{MoveFacts, move_facts};

/// Whether every reply to `sq` leaves the mover a corner move it did not have before.
fn forces_corner(pos: &Position, sq: Square) -> bool {
    if pos.legal_moves().0 & CORNERS != 0 {
        return false;
    }
    let after = pos.play_unchecked(sq);
    if after.is_game_over() {
        return false;
    }
    let replies = after.legal_move_list();
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let next = plays(&after, r);
            next.to_move == pos.to_move && next.legal_moves().0 & CORNERS != 0
        })
}

/// The themes of a puzzle whose first solution move is `key`, whose value is `value`
/// and which is proved by `proof`, sorted. The definitions are those of [`Theme`].
pub fn themes_of(pos: &Position, key: Square, value: i32, proof: Proof) -> Vec<Theme> {
    let mut out = Vec::new();
    let Some(f) = move_facts(pos, key) else {
        return out;
    };
    let others: Vec<MoveFacts> = pos
        .legal_moves()
        .into_iter()
        .filter(|&s| s != key)
        .filter_map(|s| move_facts(pos, s))
        .collect();
    let empties = pos.board.empty_count();
    if f.takes_corner.is_some() || forces_corner(pos, key) {
        out.push(Theme::Corner);
    }
    if f.x_square_of.is_some() {
        out.push(Theme::XSquareSacrifice);
    }
    if f.wedge {
        out.push(Theme::Wedge);
    }
    if f.quiet && f.takes_corner.is_none() && others.iter().any(|o| !o.quiet) {
        out.push(Theme::QuietMove);
    }
    if !f.ends_game
        && (1..=2).contains(&f.their_moves_after)
        && others.iter().any(|o| o.their_moves_after > 2)
    {
        out.push(Theme::MobilitySqueeze);
    }
    let (regions, _) = region_counts(pos.board.empty());
    if empties <= 20 && regions >= 2 && f.odd_region() && others.iter().any(|o| !o.odd_region()) {
        out.push(Theme::Parity);
    }
    if f.opponent_must_pass && !f.ends_game && others.iter().any(|o| !o.opponent_must_pass) {
        out.push(Theme::ForcingPass);
    }
    if proof == Proof::Exact && value == 64 {
        out.push(Theme::WipeOut);
    }
    if proof == Proof::Exact {
        out.push(Theme::ExactEndgame);
    }
    out
}
