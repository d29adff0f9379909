//! The strategic features and the evaluator, against values worked out by hand and
//! against random continuations (stable discs are never flipped).

use othello_tutor::engine::eval::{TERMS, breakdown, evaluate};
use othello_tutor::engine::features::{
    Features, empty_regions, frontier_discs, mobility, potential_mobility, risky_c_squares,
    risky_x_squares, stable_discs, unbalanced_edges, wedge_moves,
};
use othello_tutor::engine::{Board, Color, Position, Square};
use rand::{RngExt, SeedableRng, rngs::StdRng};

use crate::common_positions as positions;
use positions::random_position;

fn bits(names: &[&str]) -> u64 {
    names
        .iter()
        .map(|n| Square::parse(n).expect("square").bit())
        .fold(0, |a, b| a | b)
}

fn pos(black: &[&str], white: &[&str], to_move: Color) -> Position {
    Position::from_colors(bits(black), bits(white), to_move).expect("no overlap")
}

#[test]
fn features_of_the_start_position() {
    let b = Board::start();
    assert_eq!(mobility(b.player, b.opponent), 4);
    assert_eq!(mobility(b.opponent, b.player), 4);
    // Every disc touches an empty square.
    assert_eq!(frontier_discs(b.player, b.empty()).count_ones(), 2);
    // Empty squares next to a white disc (d4, e5): d4 has 8 neighbours, e5 has 8;
    // they share c... by hand: the 3x3 blocks around d4 and e5 overlap in d5 and e4
    // (occupied) only, so 8 + 8 - 2 (d5, e4 are discs) - 2 (e5 next to d4, d4 next to
    // e5) = 10 empty squares.
    assert_eq!(potential_mobility(b.player, b.opponent), 10);
    assert_eq!(stable_discs(b.player, b.opponent), 0);
    let f = Features::of(&b);
    assert_eq!(f.empties, 60);
    assert_eq!(f.regions, 1);
    assert_eq!(f.odd_regions, 0);
}

#[test]
fn stable_discs_from_a_corner_along_the_edges() {
    // Black a1 b1 c1 and a2; White d1. Black's four are stable (corner, then each
    // touching a stable disc on every line's one side or the board's edge); d1 is not.
    let p = pos(&["a1", "b1", "c1", "a2"], &["d1"], Color::Black);
    assert_eq!(
        stable_discs(p.black(), p.white()),
        bits(&["a1", "b1", "c1", "a2"])
    );
    assert_eq!(stable_discs(p.white(), p.black()), 0);
    // b2 in the corner's 2x2 block is not stable: White could flip it along a3-b2-c1.
    let p = pos(&["a1", "b1", "a2", "b2"], &[], Color::Black);
    assert_eq!(
        stable_discs(p.black(), p.white()),
        bits(&["a1", "b1", "a2"])
    );
    let p = pos(&["a1", "b2"], &[], Color::Black);
    assert_eq!(stable_discs(p.black(), p.white()), bits(&["a1"]));
}

#[test]
fn stable_discs_on_filled_lines() {
    // A full row 4 with a white disc in the middle, everything else empty: the white
    // d4's row is full but its column and diagonals are not, so it is not stable.
    let row4 = ["a4", "b4", "c4", "e4", "f4", "g4", "h4"];
    let p = pos(&row4, &["d4"], Color::Black);
    assert_eq!(stable_discs(p.white(), p.black()), 0);
    // A completely full board: every disc is stable.
    let black: Vec<String> = (0..32)
        .map(|i| Square::new(i).expect("sq").to_string())
        .collect();
    let white: Vec<String> = (32..64)
        .map(|i| Square::new(i).expect("sq").to_string())
        .collect();
    let b: Vec<&str> = black.iter().map(String::as_str).collect();
    let w: Vec<&str> = white.iter().map(String::as_str).collect();
    let p = pos(&b, &w, Color::Black);
    assert_eq!(stable_discs(p.black(), p.white()).count_ones(), 32);
    assert_eq!(stable_discs(p.white(), p.black()).count_ones(), 32);
}

#[test]
fn stable_discs_are_never_flipped_in_random_continuations() {
    let mut rng = StdRng::seed_from_u64(77);
    let mut checked = 0;
    for _ in 0..300 {
        let plies = rng.random_range(20..58);
        let p = random_position(&mut rng, plies);
        let stable_black = stable_discs(p.black(), p.white());
        let stable_white = stable_discs(p.white(), p.black());
        checked += (stable_black | stable_white).count_ones();
        for _ in 0..20 {
            let mut q = p;
            loop {
                assert_eq!(
                    q.black() & stable_black,
                    stable_black,
                    "a stable black disc flipped"
                );
                assert_eq!(
                    q.white() & stable_white,
                    stable_white,
                    "a stable white disc flipped"
                );
                let moves = q.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                q = q
                    .play(moves[rng.random_range(0..moves.len())])
                    .expect("legal");
            }
        }
    }
    assert!(checked > 1000, "only {checked} stable discs checked");
}

/// The stable discs as the definition grows them, square by square: a disc of `own`
/// joins when each of its four lines is full (scanned square by square) or has, on
/// one side, the board's edge or a disc that has already joined.
fn stable_square_by_square(own: u64, opp: u64) -> u64 {
    let occupied = own | opp;
    let at = |c: i32, r: i32| (0..8).contains(&c) && (0..8).contains(&r);
    let bit = |c: i32, r: i32| 1u64 << (r * 8 + c);
    let mut stable = 0u64;
    loop {
        let mut next = stable;
        for sq in 0..64 {
            let (c, r) = (sq % 8, sq / 8);
            if own & bit(c, r) == 0 || stable & bit(c, r) != 0 {
                continue;
            }
            let held = [(1, 0), (0, 1), (1, 1), (1, -1)].iter().all(|&(dc, dr)| {
                let mut full = true;
                for sign in [-1, 1] {
                    let (mut x, mut y) = (c + sign * dc, r + sign * dr);
                    while at(x, y) {
                        full &= occupied & bit(x, y) != 0;
                        x += sign * dc;
                        y += sign * dr;
                    }
                }
                let side = |sign: i32| {
                    let (x, y) = (c + sign * dc, r + sign * dr);
                    !at(x, y) || stable & bit(x, y) != 0
                };
                full || side(-1) || side(1)
            });
            if held {
                next |= bit(c, r);
            }
        }
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[test]
fn stable_discs_match_the_square_by_square_growth() {
    let mut rng = StdRng::seed_from_u64(78);
    let mut found = 0;
    for k in 0..3000 {
        // Positions of real games, most near the end (where the solver counts them),
        // and random fillings with runs along the edges.
        let (own, opp) = if k % 2 == 0 {
            let plies = rng.random_range(30..61);
            let p = random_position(&mut rng, plies);
            (p.board.player, p.board.opponent)
        } else {
            let occupied = !(rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>());
            let own = occupied & (rng.random::<u64>() | rng.random::<u64>());
            (own, occupied & !own)
        };
        let expected = stable_square_by_square(own, opp);
        assert_eq!(stable_discs(own, opp), expected, "{own:#x} {opp:#x}");
        found += expected.count_ones();
    }
    assert!(found > 10_000, "only {found} stable discs");
}

#[test]
fn mobility_frontier_and_corner_squares_by_hand() {
    // Black to move; White a1 empty corner with Black on b2 (X) and b1 (C).
    let p = pos(&["b2", "b1", "d4"], &["c3", "e4"], Color::Black);
    let empty = p.board.empty();
    assert_eq!(risky_x_squares(p.black(), empty), bits(&["b2"]));
    assert_eq!(risky_c_squares(p.black(), empty), bits(&["b1"]));
    // Black's moves, by hand: c3 already sits between b2 and d4, so no empty square
    // flanks it; e4 is flanked from d4 by f4. So Black's only move is f4.
    assert_eq!(
        p.legal_moves().into_iter().collect::<Vec<_>>(),
        vec![Square::parse("f4").expect("sq")]
    );
    // White's moves (if it were to move): a1 (flips b2, via c3), c4 (flips d4 via e4)
    // and e5 (flips d4 via c3); a1 is the corner the X-square gave away.
    let w: Vec<String> = p
        .board
        .opponent_moves()
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(w, vec!["a1", "c4", "e5"]);
    // Frontier: every disc here touches an empty square.
    assert_eq!(frontier_discs(p.black(), empty).count_ones(), 3);
}

#[test]
fn parity_regions_by_hand() {
    // Full board but for a1 (alone), and g8 h8 h7 (a region of three), and d4 e4 (two).
    let empties = bits(&["a1", "g8", "h8", "h7", "d4", "e4"]);
    let regions = empty_regions(empties);
    let sizes: Vec<u32> = regions.iter().map(|r| r.count_ones()).collect();
    assert_eq!(sizes, vec![3, 2, 1]);
    assert_eq!(regions[0], bits(&["g8", "h8", "h7"]));
    let board = Board::new(
        !empties & 0x5555_5555_5555_5555,
        !empties & !0x5555_5555_5555_5555,
    )
    .expect("board");
    let f = Features::of(&board);
    assert_eq!((f.regions, f.odd_regions), (3, 2));
}

#[test]
fn edges_wedges_and_unbalanced_edges_by_hand() {
    // White on c1 and e1 with d1 empty between them; Black d2 behind d1? A wedge needs
    // a legal move on d1 between two white edge discs: Black d3 and White d2 make d1
    // legal (flips d2).
    let p = pos(&["d3"], &["c1", "e1", "d2"], Color::Black);
    assert_eq!(wedge_moves(p.black(), p.white()), bits(&["d1"]));
    // Black b1-f1, corners empty, no white disc on the edge: unbalanced (one C-square).
    let p = pos(&["b1", "c1", "d1", "e1", "f1"], &["d4"], Color::Black);
    assert_eq!(unbalanced_edges(p.black(), p.white()), 1);
    // b1-g1 takes both C-squares: balanced.
    let p = pos(&["b1", "c1", "d1", "e1", "f1", "g1"], &["d4"], Color::Black);
    assert_eq!(unbalanced_edges(p.black(), p.white()), 0);
}

#[test]
fn the_breakdown_adds_up_to_the_evaluation() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..200 {
        let plies = rng.random_range(0..50);
        let p = random_position(&mut rng, plies);
        let b = breakdown(&p.board);
        assert_eq!(b.terms.len(), TERMS.len());
        let sum: f64 = b.terms.iter().map(|t| t.discs).sum();
        let total = evaluate(&p.board) as f64 / 100.0;
        assert!((b.total - total).abs() < 1e-9);
        // The total is clamped to the score range; otherwise it is the sum of the terms.
        if total.abs() < 63.0 {
            assert!((sum - total).abs() < 1e-6, "{sum} vs {total}");
        }
    }
}
