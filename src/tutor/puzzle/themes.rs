//! The themes of a puzzle, decided from the engine's facts of its key move (the
//! definitions are those of [`Theme`], and each test below is one of them).

use super::edge_themes;
use super::model::{Proof, Theme, plays};
use crate::engine::bits::{CORNERS, EDGES};
use crate::engine::features::{frontier_discs, region_counts};
use crate::engine::{Position, Square};
use crate::tutor::explain::{MoveFacts, move_facts};

/// Whether the mover has no corner move, and after `sq` the opponent has a reply and
/// every reply leaves the mover, to move, a corner move.
fn forces_corner(pos: &Position, sq: Square) -> bool {
    if pos.legal_moves().0 & CORNERS != 0 {
        return false;
    }
    let after = pos.play_unchecked(sq);
    if after.is_game_over() || after.must_pass() {
        return false;
    }
    after.legal_move_list().iter().all(|&r| {
        let next = plays(&after, r);
        next.to_move == pos.to_move && next.legal_moves().0 & CORNERS != 0
    })
}

/// The mover's frontier discs (discs next to an empty square) after `sq`.
pub(crate) fn frontier_after(pos: &Position, sq: Square) -> u32 {
    let after = pos.board.play_unchecked(sq); // from the opponent's view
    frontier_discs(after.opponent, after.empty()).count_ones()
}

/// The themes of a puzzle whose first solution move is `key`, whose value is `value`
/// and which is proved by `proof`, sorted. The definitions are those of [`Theme`].
pub fn themes_of(pos: &Position, key: Square, value: i32, proof: Proof) -> Vec<Theme> {
    let mut out = Vec::new();
    let Some(f) = move_facts(pos, key) else {
        return out;
    };
    let other_moves: Vec<Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|&s| s != key)
        .collect();
    let others: Vec<MoveFacts> = other_moves
        .iter()
        .filter_map(|&s| move_facts(pos, s))
        .collect();
    let empties = pos.board.empty_count();
    let on_edge = key.bit() & EDGES != 0 && key.bit() & CORNERS == 0;
    if f.takes_corner.is_some() || forces_corner(pos, key) {
        out.push(Theme::Corner);
    }
    let gained = |m: &MoveFacts| m.stable_after.saturating_sub(m.stable_before);
    if gained(&f) >= 4 && others.iter().all(|o| gained(o) + 2 <= gained(&f)) {
        out.push(Theme::StableDiscs);
    }
    if f.x_square_of.is_some() {
        out.push(Theme::XSquare);
    }
    if f.c_square_of.is_some() {
        out.push(Theme::CSquare);
    }
    if f.wedge {
        out.push(Theme::Wedge);
    }
    if on_edge && other_moves.iter().any(|s| s.bit() & EDGES == 0) {
        out.push(Theme::Edge);
    }
    if f.their_moves_after >= 1
        && !others.is_empty()
        && others
            .iter()
            .all(|o| o.their_moves_after >= f.their_moves_after + 2)
    {
        out.push(Theme::Mobility);
    }
    if f.quiet && f.takes_corner.is_none() && others.iter().any(|o| !o.quiet) {
        out.push(Theme::QuietMove);
    }
    let frontier = frontier_after(pos, key);
    if !other_moves.is_empty()
        && other_moves
            .iter()
            .all(|&s| frontier_after(pos, s) >= frontier + 2)
    {
        out.push(Theme::Frontier);
    }
    if f.opponent_must_pass && !f.ends_game && others.iter().any(|o| !o.opponent_must_pass) {
        out.push(Theme::Tempo);
    }
    let (regions, _) = region_counts(pos.board.empty());
    if empties <= 20 && regions >= 2 && f.odd_region() && others.iter().any(|o| !o.odd_region()) {
        out.push(Theme::Parity);
    }
    if edge_themes::attacks_unbalanced_edge(pos, key) {
        out.push(Theme::UnbalancedEdge);
    }
    if edge_themes::stoner_trap(pos, key, f.x_square_of) {
        out.push(Theme::StonerTrap);
    }
    if edge_themes::evaporates(pos, key) {
        out.push(Theme::Evaporation);
    }
    if edge_themes::keeps_access(pos, key) {
        out.push(Theme::Access);
    }
    if !f.corners_given.is_empty() && others.iter().any(|o| o.corners_given.is_empty()) {
        out.push(Theme::Sacrifice);
    }
    if proof == Proof::Exact && value == 64 {
        out.push(Theme::WipeOut);
    }
    if proof == Proof::Exact {
        out.push(Theme::ExactEndgame);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Color;

    fn pos(board: &str, to_move: Color) -> Position {
        let side = if to_move == Color::Black { 'X' } else { 'O' };
        crate::engine::notation::parse_obf(&format!("{board} {side}"))
            .unwrap()
            .position
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    /// The position with `discs` (square, 'X' or 'O') on an empty board.
    fn board_with(discs: &[(&str, char)], to_move: Color) -> Position {
        let mut b = ['-'; 64];
        for &(s, c) in discs {
            b[sq(s).index()] = c;
        }
        pos(&b.iter().collect::<String>(), to_move)
    }

    /// The start position: d3, c4, f5, e6, each flipping one disc. None is on an
    /// edge, none takes a corner; each leaves White 3 moves; each flips one frontier
    /// disc (every disc is on the frontier).
    #[test]
    fn the_start_position_has_no_theme_but_its_own() {
        let p = Position::start();
        for m in ["d3", "c4", "f5", "e6"] {
            assert_eq!(themes_of(&p, sq(m), 0, Proof::Search { depth: 1 }), vec![]);
        }
    }

    /// Black to move: a1 flips b1 (towards c1) and b2 (towards c3); a corner move
    /// is neither an X-square nor an edge move.
    #[test]
    fn a_corner_move_is_a_corner_theme_not_an_x_square_nor_an_edge() {
        // Row 1: a1 empty, b1 White, c1 Black. Row 2: b2 White, c3 Black (so a1
        // flips b1 along row 1 and b2 along the diagonal), plus the centre.
        let p = board_with(
            &[
                ("b1", 'O'),
                ("c1", 'X'),
                ("b2", 'O'),
                ("c3", 'X'),
                ("d4", 'O'),
                ("e5", 'O'),
                ("d5", 'X'),
                ("e4", 'X'),
            ],
            Color::Black,
        );
        assert!(p.legal_moves().contains(sq("a1")));
        let t = themes_of(&p, sq("a1"), 0, Proof::Exact);
        assert!(t.contains(&Theme::Corner), "{t:?}");
        assert!(!t.contains(&Theme::XSquare), "{t:?}");
        assert!(
            !t.contains(&Theme::Edge),
            "a corner is not an edge move: {t:?}"
        );
        assert!(t.contains(&Theme::ExactEndgame));
    }

    /// Black to move with only edge and inner moves: a2 (a C-square by the empty a1)
    /// flips a3; f4-side inner moves exist. a2 is Edge and CSquare, not Corner.
    #[test]
    fn a_c_square_move_is_an_edge_and_a_c_square() {
        let p = board_with(
            &[
                ("a3", 'O'),
                ("a4", 'X'),
                ("d4", 'O'),
                ("e5", 'O'),
                ("d5", 'X'),
                ("e4", 'X'),
            ],
            Color::Black,
        );
        assert!(p.legal_moves().contains(sq("a2")));
        let t = themes_of(&p, sq("a2"), 0, Proof::Search { depth: 4 });
        assert!(t.contains(&Theme::CSquare), "{t:?}");
        assert!(t.contains(&Theme::Edge), "{t:?}");
        assert!(!t.contains(&Theme::Corner), "{t:?}");
        assert!(!t.contains(&Theme::ExactEndgame), "{t:?}");
    }

    /// A move that leaves the opponent no move while the game goes on is Tempo when
    /// another move does not; counted on a hand-built board.
    #[test]
    fn a_forced_pass_is_tempo() {
        // Each legal move is checked against the definition, counted from the
        // move's facts: a pass forced while the game goes on, and another move that
        // forces none.
        let p = board_with(
            &[
                ("a1", 'X'),
                ("b1", 'O'),
                ("d4", 'X'),
                ("e4", 'X'),
                ("d5", 'X'),
                ("e5", 'O'),
                ("f6", 'X'),
            ],
            Color::Black,
        );
        for m in p.legal_moves() {
            let f = move_facts(&p, m).unwrap();
            let t = themes_of(&p, m, 0, Proof::Search { depth: 4 });
            let forces = f.opponent_must_pass && !f.ends_game;
            let other_does_not = p
                .legal_moves()
                .into_iter()
                .filter(|&o| o != m)
                .any(|o| !move_facts(&p, o).unwrap().opponent_must_pass);
            assert_eq!(t.contains(&Theme::Tempo), forces && other_does_not, "{m}");
        }
    }
}
