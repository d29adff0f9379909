//! Outcome labels: what a self-play game went on to score from each of its positions.
//!
//! A self-play game's positions are stored one after another (each from the side to
//! move's view); a game ends where the next position has as many empties or more.
//! The game's *anchor* is its first position at or below the exact-label threshold:
//! its exact value is what the game scores from there with perfect play. Every earlier
//! position of the game gets that value, seen from its own side to move: the sign
//! turns at each move and stays at a pass (the same side moves twice). A label that
//! mixes this outcome with a search's value does not inherit the evaluation's own
//! bias the way a searched label does (the search's leaves are valued by the phases
//! fitted before), at the price of the noise of the moves played after the position.

use crate::engine::board::Board;

/// One game of a self-play file: the index of its first position and of the position
/// after its last.
pub fn games(boards: &[Board]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..boards.len() {
        if boards[i].empty_count() >= boards[i - 1].empty_count() {
            out.push(start..i);
            start = i;
        }
    }
    if start < boards.len() {
        out.push(start..boards.len());
    }
    out
}

/// Whether `next` follows `prev` in a game with the same side to move (the other
/// side passed in between): the side that moved in `prev` keeps all its discs, so
/// they are `next`'s player's discs after a pass and its opponent's otherwise.
pub fn same_side(prev: &Board, next: &Board) -> bool {
    prev.player != 0 && next.player & prev.player == prev.player
}

/// Each position of `game` (the positions of one game, in order) with the sign that
/// turns its side to move's view into the anchor's (+1 or -1), and the anchor's
/// index: the first position with `exact` empties or fewer. `None` when the game ends
/// before reaching it (then its positions get no outcome).
pub fn signs_to_anchor(game: &[Board], exact: u32) -> Option<(usize, Vec<i32>)> {
    let anchor = game.iter().position(|b| b.empty_count() <= exact)?;
    let mut signs = vec![1; anchor + 1];
    for i in (0..anchor).rev() {
        let flip = if same_side(&game[i], &game[i + 1]) {
            1
        } else {
            -1
        };
        signs[i] = signs[i + 1] * flip;
    }
    Some((anchor, signs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::square::Square;

    fn play(b: &Board, sq: &str) -> Board {
        b.play(Square::parse(sq).unwrap()).expect("legal")
    }

    #[test]
    fn a_move_turns_the_view_and_a_pass_keeps_it() {
        let start = Board::start();
        assert!(!same_side(&start, &play(&start, "f5")));
        // Built on purpose: Black a1, White b1 and b2; Black plays c1 and flips b1,
        // and White, with only b2 against a1 b1 c1, has no move and passes.
        let before = Board {
            player: 1 << 0,
            opponent: (1 << 1) | (1 << 9),
        };
        let after_c1 = play(&before, "c1");
        assert_eq!(after_c1.legal_moves_bits(), 0, "White must pass");
        assert!(!same_side(&before, &after_c1));
        assert!(same_side(&before, &after_c1.pass()));
    }

    #[test]
    fn games_split_where_the_empties_stop_falling() {
        let a = Board::start();
        let b = play(&a, "f5");
        let c = play(&b, "d6");
        let boards = vec![a, b, c, a, b];
        assert_eq!(games(&boards), vec![0..3, 3..5]);
        assert_eq!(games(&[]), Vec::<std::ops::Range<usize>>::new());
    }

    #[test]
    fn signs_alternate_by_move_and_hold_across_a_pass() {
        let a = Board::start();
        let b = play(&a, "f5");
        let c = play(&b, "d6");
        // Two moves: the anchor (c, 58 empties) is seen by a's side to move again.
        let (anchor, signs) = signs_to_anchor(&[a, b, c], 58).expect("reached");
        assert_eq!((anchor, signs), (2, vec![1, -1, 1]));
        // A game that never reaches the threshold has no outcome.
        assert_eq!(signs_to_anchor(&[a, b, c], 20), None);
        // After a pass the same side is to move: no turn of sign between them.
        let before = Board {
            player: 1 << 0,
            opponent: (1 << 1) | (1 << 9),
        };
        let again = play(&before, "c1").pass();
        let (anchor, signs) = signs_to_anchor(&[before, again], 60).expect("reached");
        assert_eq!((anchor, signs), (1, vec![1, 1]));
    }
}
