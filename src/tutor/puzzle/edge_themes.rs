//! The board facts behind the themes of the second course ([`Theme::UnbalancedEdge`],
//! [`Theme::StonerTrap`], [`Theme::Evaporation`], [`Theme::Access`]): each is a plain
//! test on the board and the key move, no search, so that `refresh-puzzles` can
//! recompute it and the puzzle check can replay it.
//!
//! [`Theme::UnbalancedEdge`]: super::Theme::UnbalancedEdge
//! [`Theme::StonerTrap`]: super::Theme::StonerTrap
//! [`Theme::Evaporation`]: super::Theme::Evaporation
//! [`Theme::Access`]: super::Theme::Access

use crate::engine::bits::{COL_A, COL_H, CORNER_NEIGHBOURS, CORNERS, EDGES, ROW_1, ROW_8};
use crate::engine::board::legal_moves;
use crate::engine::features::{empty_regions, unbalanced_edges};
use crate::engine::{Position, Square};

/// The four edges, each as the mask of its eight squares.
const EDGE_LINES: [u64; 4] = [ROW_1, ROW_8, COL_A, COL_H];

/// The edges (masks) on which `own` has an unbalanced edge as the engine defines it
/// ([`unbalanced_edges`]: one run taking exactly one C-square, both corners empty,
/// no disc of `opp` on the edge).
fn unbalanced_lines(own: u64, opp: u64) -> impl Iterator<Item = u64> {
    EDGE_LINES
        .into_iter()
        .filter(move |&m| unbalanced_edges(own & m, opp & m) == 1)
}

/// The squares next to `bits` along the edge `line`.
fn along(bits: u64, line: u64) -> u64 {
    let sideways = if line == ROW_1 || line == ROW_8 {
        ((bits << 1) & !COL_A) | ((bits >> 1) & !COL_H)
    } else {
        (bits << 8) | (bits >> 8)
    };
    sideways & line
}

/// Whether `key` (not a corner) is played on an edge where the opponent has an
/// unbalanced edge.
pub(super) fn attacks_unbalanced_edge(pos: &Position, key: Square) -> bool {
    let (me, opp) = (pos.board.player, pos.board.opponent);
    key.bit() & CORNERS == 0 && unbalanced_lines(opp, me).any(|m| m & key.bit() != 0)
}

/// The Stoner trap ([`super::Theme::StonerTrap`]): the X-square that prepares it, or
/// the edge move that springs it (next to the open end of the opponent's unbalanced
/// run, the mover holding the X-square by the corner at that end, and a corner move
/// of that edge ready for the mover's next turn).
pub(super) fn stoner_trap(pos: &Position, key: Square, x_square_of: Option<Square>) -> bool {
    let (me, opp) = (pos.board.player, pos.board.opponent);
    let after = pos.board.play_unchecked(key); // the opponent to move
    if let Some(corner) = x_square_of {
        let they_take_it = after.legal_moves_bits() & corner.bit() != 0;
        let far_run = unbalanced_lines(opp, me)
            .any(|m| m & corner.bit() != 0 && along(corner.bit(), m) & opp == 0);
        return far_run && !they_take_it;
    }
    if key.bit() & EDGES == 0 || key.bit() & CORNERS != 0 {
        return false;
    }
    unbalanced_lines(opp, me).any(|m| {
        // The corner at the run's open end: its C-square is not the opponent's.
        let open_corner = CORNER_NEIGHBOURS
            .iter()
            .find(|(corner, _, c)| corner & m != 0 && c & m & opp == 0);
        let holds_x = open_corner.is_some_and(|(_, x, _)| x & me != 0);
        m & key.bit() != 0
            && holds_x
            && along(key.bit(), m) & opp != 0
            && legal_moves(after.opponent, after.player) & m & CORNERS != 0
    })
}

/// Evaporation ([`super::Theme::Evaporation`]): at least 24 empties, `key` not a
/// corner, no legal move flips fewer discs and some legal move flips more.
pub(super) fn evaporates(pos: &Position, key: Square) -> bool {
    if pos.board.empty_count() < 24 || key.bit() & CORNERS != 0 {
        return false;
    }
    let flips = |sq: Square| pos.board.flips(sq).len();
    let mine = flips(key);
    let others: Vec<u32> = pos
        .legal_moves()
        .into_iter()
        .filter(|&s| s != key)
        .map(flips)
        .collect();
    others.iter().all(|&n| n >= mine) && others.iter().any(|&n| n > mine)
}

/// Whether, after the mover plays `sq`, some empty region holds a move of the mover
/// (as if to move again) and none of the opponent's: a region kept for later.
pub(super) fn keeps_a_region(pos: &Position, sq: Square) -> bool {
    let after = pos.board.play_unchecked(sq); // the opponent to move
    let theirs = after.legal_moves_bits();
    let mine = legal_moves(after.opponent, after.player);
    empty_regions(after.empty())
        .into_iter()
        .any(|r| r & mine != 0 && r & theirs == 0)
}

/// Access ([`super::Theme::Access`]): at most 24 empties, `key` keeps a region for
/// later and some other legal move keeps none.
pub(super) fn keeps_access(pos: &Position, key: Square) -> bool {
    pos.board.empty_count() <= 24
        && keeps_a_region(pos, key)
        && pos
            .legal_moves()
            .into_iter()
            .any(|s| s != key && !keeps_a_region(pos, s))
}

#[cfg(test)]
mod tests {
    use crate::engine::{Color, Position, Square};
    use crate::tutor::puzzle::{Proof, Theme, themes_of};

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    /// The position with `discs` (square, 'X' black or 'O' white) on a board whose
    /// other squares are `fill`.
    fn board(fill: char, discs: &[(&str, char)], to_move: Color) -> Position {
        let mut b = [fill; 64];
        for &(s, c) in discs {
            b[sq(s).index()] = c;
        }
        let side = if to_move == Color::Black { 'X' } else { 'O' };
        let text: String = b.iter().collect();
        crate::engine::notation::parse_obf(&format!("{text} {side}"))
            .unwrap()
            .position
    }

    fn themes(p: &Position, key: &str) -> Vec<Theme> {
        assert!(p.legal_moves().contains(sq(key)), "{key} is not legal");
        themes_of(p, sq(key), 0, Proof::Search { depth: 4 })
    }

    /// White's b1–f1 is an unbalanced edge (it takes the C-square b1, both corners
    /// empty). Black's g1 (flipping f2 towards e3) attacks it: an unbalanced-edge
    /// move. Without the X-square g2 it is not a Stoner trap; with Black on g2 it
    /// is, for Black then threatens a1 along the whole run.
    #[test]
    fn an_attack_on_an_unbalanced_edge_and_the_trap_it_springs() {
        let mut discs = vec![
            ("b1", 'O'),
            ("c1", 'O'),
            ("d1", 'O'),
            ("e1", 'O'),
            ("f1", 'O'),
            ("f2", 'O'),
            ("e3", 'X'),
            ("d4", 'O'),
            ("e5", 'O'),
            ("d5", 'X'),
            ("e4", 'X'),
        ];
        let p = board('-', &discs, Color::Black);
        let t = themes(&p, "g1");
        assert!(t.contains(&Theme::UnbalancedEdge), "{t:?}");
        assert!(!t.contains(&Theme::StonerTrap), "{t:?}");
        // A move off the edge attacks nothing.
        assert!(!themes(&p, "d3").contains(&Theme::UnbalancedEdge));
        discs.push(("g2", 'X'));
        let p = board('-', &discs, Color::Black);
        let t = themes(&p, "g1");
        assert!(t.contains(&Theme::UnbalancedEdge), "{t:?}");
        assert!(t.contains(&Theme::StonerTrap), "{t:?}");
    }

    /// The trap's first move: White's run b1–f1 reaches the C-square at the far end
    /// from h1; Black's g2 (flipping f3 towards e4) is the X-square of h1, and White
    /// cannot take h1 after it. Without White's run the same move is no trap.
    #[test]
    fn the_x_square_that_prepares_a_stoner_trap() {
        let run = [
            ("b1", 'O'),
            ("c1", 'O'),
            ("d1", 'O'),
            ("e1", 'O'),
            ("f1", 'O'),
        ];
        let centre = [
            ("f3", 'O'),
            ("d4", 'O'),
            ("e5", 'O'),
            ("d5", 'X'),
            ("e4", 'X'),
        ];
        let with_run: Vec<(&str, char)> = run.iter().chain(&centre).copied().collect();
        let p = board('-', &with_run, Color::Black);
        let t = themes(&p, "g2");
        assert!(t.contains(&Theme::XSquare), "{t:?}");
        assert!(t.contains(&Theme::StonerTrap), "{t:?}");
        let p = board('-', &centre, Color::Black);
        assert!(!themes(&p, "g2").contains(&Theme::StonerTrap));
    }

    /// Black to move: d3, c4, f5 and f7 flip one disc each, e7 flips two (e6, e5).
    /// Each one-disc move is evaporation; e7 is not.
    #[test]
    fn the_move_that_flips_least_is_evaporation() {
        let p = board(
            '-',
            &[
                ("d4", 'O'),
                ("e5", 'O'),
                ("e6", 'O'),
                ("d5", 'X'),
                ("e4", 'X'),
            ],
            Color::Black,
        );
        assert_eq!(p.board.flips(sq("e7")).len(), 2);
        for m in ["d3", "c4", "f5", "f7"] {
            assert_eq!(p.board.flips(sq(m)).len(), 1, "{m}");
            assert!(themes(&p, m).contains(&Theme::Evaporation), "{m}");
        }
        assert!(!themes(&p, "e7").contains(&Theme::Evaporation));
    }

    /// A full board of black discs but for two empty squares: a1 (only Black can
    /// play it, flipping b1 towards c1) and h8 (Black flips g8; White could flip h7
    /// towards h6). Playing h8 keeps a1 for later: access. Playing a1 first leaves
    /// White its move on h8: no region kept.
    #[test]
    fn keeping_a_region_for_later_is_access() {
        let p = board(
            'X',
            &[
                ("a1", '-'),
                ("h8", '-'),
                ("b1", 'O'),
                ("g8", 'O'),
                ("h6", 'O'),
            ],
            Color::Black,
        );
        assert!(themes(&p, "h8").contains(&Theme::Access));
        assert!(!themes(&p, "a1").contains(&Theme::Access));
    }

    /// Black's b2 (flipping c3, d4, e5 towards f6) gives White a1 (White's g7 at the
    /// far end of the diagonal), which d3 does not: b2 is a sacrifice, d3 is not.
    #[test]
    fn giving_a_corner_is_a_sacrifice() {
        let p = board(
            '-',
            &[
                ("c3", 'O'),
                ("d4", 'O'),
                ("e5", 'O'),
                ("g7", 'O'),
                ("d5", 'X'),
                ("e4", 'X'),
                ("f6", 'X'),
            ],
            Color::Black,
        );
        assert!(themes(&p, "b2").contains(&Theme::Sacrifice));
        assert!(!themes(&p, "d3").contains(&Theme::Sacrifice));
    }
}
