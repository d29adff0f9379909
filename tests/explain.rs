//! `tutor::explain` and `tutor::feedback` on hand-built positions whose facts were
//! worked out by hand.

use othello_tutor::engine::{Color, Position, Square};
use othello_tutor::tutor::explain::{contrast, describe, explain_move, move_facts};
use othello_tutor::tutor::feedback::Grade;

fn bits(names: &[&str]) -> u64 {
    names
        .iter()
        .map(|n| Square::parse(n).expect("square").bit())
        .fold(0, |a, b| a | b)
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| sq(n)).collect()
}

/// Black d4; White c3 and e5. Black's moves are b2 (flanks c3 with d4) and f6 (flanks
/// e5 with d4); White, were it to move, has none. After b2 the line a1-b2-c3-d4-e5 is
/// black up to White's e5, so White gets a1: b2 is an X-square that gives the corner.
fn x_square_position() -> Position {
    Position::from_colors(bits(&["d4"]), bits(&["c3", "e5"]), Color::Black).expect("valid")
}

#[test]
fn an_x_square_that_gives_the_corner() {
    let p = x_square_position();
    let f = move_facts(&p, sq("b2")).expect("legal");
    assert_eq!(f.own_moves_before, 2);
    assert_eq!(f.their_moves_before, 0);
    assert_eq!(f.their_moves_after, 1);
    assert_eq!(f.corners_given, squares(&["a1"]));
    assert_eq!(f.x_square_of, Some(sq("a1")));
    assert_eq!(f.c_square_of, None);
    assert_eq!(f.takes_corner, None);
    assert_eq!(f.flipped.into_iter().collect::<Vec<_>>(), squares(&["c3"]));
    // c3 touches empty squares after the move: a frontier flip, not a quiet move.
    assert_eq!(
        f.frontier_flipped.into_iter().collect::<Vec<_>>(),
        squares(&["c3"])
    );
    assert!(!f.quiet);
    let text = describe(&f).join(" ");
    assert!(text.contains("Gives White the a1 corner."), "{text}");
    assert!(
        text.contains("b2 is an X-square next to the empty a1 corner"),
        "{text}"
    );
    assert!(
        text.contains("After b2 White has 1 move (up from 0)"),
        "{text}"
    );
    assert!(text.contains("Flips 1 disc on the frontier (c3)"), "{text}");
    // Against f6, which gives nothing away.
    let c = contrast(&p, sq("b2"), sq("f6")).join(" ");
    assert!(
        c.contains("b2 gives White the a1 corner; f6 does not."),
        "{c}"
    );
}

/// Black c3 e3 c4 e4 c5 d5 e5 b7; White d4 and a8. Black's only move is d3, flipping d4,
/// whose eight neighbours are then all occupied: a quiet move. Before it White had 8
/// moves (b2 b4 b6 c6 d6 f2 f4 f6); after it only c6 (a8-b7-c6).
fn quiet_position() -> Position {
    Position::from_colors(
        bits(&["c3", "e3", "c4", "e4", "c5", "d5", "e5", "b7"]),
        bits(&["d4", "a8"]),
        Color::Black,
    )
    .expect("valid")
}

#[test]
fn a_quiet_move_that_takes_away_mobility() {
    let p = quiet_position();
    assert_eq!(
        p.legal_moves().into_iter().collect::<Vec<_>>(),
        squares(&["d3"])
    );
    let f = move_facts(&p, sq("d3")).expect("legal");
    assert_eq!(f.own_moves_before, 1);
    assert_eq!(f.their_moves_before, 8);
    assert_eq!(f.their_moves_after, 1);
    assert!(f.quiet);
    assert!(f.frontier_flipped.is_empty());
    assert!(f.corners_given.is_empty());
    let text = describe(&f).join(" ");
    assert!(text.contains("A quiet move"), "{text}");
    assert!(
        text.contains("After d3 White has 1 move (down from 8)"),
        "{text}"
    );
}

#[test]
fn taking_a_corner_and_illegal_moves() {
    // Black a1? White b2 between a1 (empty) and c3 (black): Black takes a1.
    let p = Position::from_colors(bits(&["c3"]), bits(&["b2"]), Color::Black).expect("valid");
    let f = move_facts(&p, sq("a1")).expect("legal");
    assert_eq!(f.takes_corner, Some(sq("a1")));
    let text = describe(&f).join(" ");
    assert!(text.starts_with("Takes the a1 corner"), "{text}");
    // b2 is occupied; h8 flanks nothing.
    assert_eq!(
        explain_move(&p, sq("b2")),
        vec!["b2 is already occupied.".to_string()]
    );
    assert_eq!(
        explain_move(&p, sq("h8")),
        vec!["h8 flips nothing: it does not flank any white disc in a straight line.".to_string()]
    );
}

#[test]
fn grades_follow_the_documented_thresholds() {
    assert_eq!(Grade::from_values(4, 4), Grade::Best);
    assert_eq!(Grade::from_values(4, 2), Grade::Good);
    assert_eq!(
        Grade::from_values(4, 0),
        Grade::Blunder,
        "a win thrown into a draw"
    );
    assert_eq!(Grade::from_values(-2, -6), Grade::Inaccuracy);
    assert_eq!(Grade::from_values(-2, -10), Grade::Mistake);
    assert_eq!(Grade::from_values(-2, -12), Grade::Blunder);
    assert_eq!(Grade::from_values(10, 6), Grade::Inaccuracy);
    assert_eq!(Grade::from_values(20, 12), Grade::Mistake);
    assert_eq!(Grade::from_values(0, -2), Grade::Good);
}

// ---------------------------------------------------------------------------------
// Wedges are judged on the board after the move (issue 12, item 3)
// ---------------------------------------------------------------------------------

/// Black d3 e4 d5, White c1 e1 d2 d4 e5 (plus `black`/`white` extras), Black to move:
/// d1 flanks d2 against d3, and lands between the white c1 and e1.
fn top_edge(black: &[&str], white: &[&str]) -> Position {
    let b: Vec<&str> = ["d3", "e4", "d5"].iter().chain(black).copied().collect();
    let w: Vec<&str> = ["c1", "e1", "d2", "d4", "e5"]
        .iter()
        .chain(white)
        .copied()
        .collect();
    Position::from_colors(bits(&b), bits(&w), Color::Black).expect("valid")
}

fn says_wedge(p: &Position, name: &str) -> bool {
    explain_move(p, sq(name))
        .iter()
        .any(|l| l.contains("wedge"))
}

#[test]
fn a_wedge_keeps_both_edge_neighbours_the_opponents() {
    // b1 and f1 empty: c1 and e1 stay white after d1, so d1 is a wedge.
    let p = top_edge(&[], &[]);
    let why = explain_move(&p, sq("d1"));
    assert!(
        why.contains(&"A wedge: d1 sits between two white discs on the edge and cannot be taken back along it.".to_string()),
        "{why:?}"
    );
}

#[test]
fn a_move_that_flips_an_edge_neighbour_is_not_a_wedge() {
    // Black b1: d1 now flanks c1 too, so after it a1-e1 reads - X X X O: c1 is black.
    let p = top_edge(&["b1"], &[]);
    let f = move_facts(&p, sq("d1")).expect("legal");
    assert!(f.flipped.contains(sq("c1")), "{:?}", f.flipped);
    assert!(!f.wedge);
    assert!(!says_wedge(&p, "d1"), "{:?}", explain_move(&p, sq("d1")));
}

#[test]
fn a5_flipping_a4_and_a6_is_not_a_wedge() {
    // The practice case: a5 between a white a4 and a6, flanking both against a3 and a7
    // (and b4 against c3): it flips a4 b4 a6, so it sits between black discs after.
    let p = Position::from_colors(
        bits(&["a3", "a7", "c3", "d4", "e4", "d5", "e5"]),
        bits(&["a4", "a6", "b4"]),
        Color::Black,
    )
    .expect("valid");
    let f = move_facts(&p, sq("a5")).expect("legal");
    assert_eq!(
        f.flipped.into_iter().collect::<Vec<_>>(),
        squares(&["a4", "b4", "a6"])
    );
    assert!(!f.wedge);
    assert!(!says_wedge(&p, "a5"), "{:?}", explain_move(&p, sq("a5")));
}

// ---------------------------------------------------------------------------------
// Every message once, in the grammar of its number (issue 12, items 4 and 9)
// ---------------------------------------------------------------------------------

#[test]
fn the_mobility_sentence_names_the_move_it_speaks_of() {
    let start = Position::start();
    let why = explain_move(&start, sq("f5"));
    assert!(
        why.iter()
            .any(|l| l.starts_with("After f5 White has 3 moves (down from 4)")),
        "{why:?}"
    );
    assert!(!why.iter().any(|l| l.starts_with("Leaves")), "{why:?}");
}

#[test]
fn a_one_square_region_is_one_empty_square() {
    let p = quiet_position();
    let mut f = move_facts(&p, sq("d3")).expect("legal");
    f.region_size = 1;
    f.empties_after = 10;
    let text = describe(&f).join(" ");
    assert!(text.contains("(1 empty square)"), "{text}");
    assert!(!text.contains("squares)"), "{text}");
}

#[test]
fn is_wedge_on_hand_made_edges() {
    use othello_tutor::engine::features::{is_wedge, wedges};
    let at =
        |p: &Position, name: &str| is_wedge(p.board.player, p.board.opponent, sq(name).index());
    // d1 between c1 and e1, which stay white: the one wedge.
    let p = top_edge(&[], &[]);
    assert!(at(&p, "d1"));
    assert_eq!(wedges(p.board.player, p.board.opponent), sq("d1").bit());
    // With Black on b1, d1 flips c1: no wedge at all.
    let p = top_edge(&["b1"], &[]);
    assert!(!at(&p, "d1"));
    assert_eq!(wedges(p.board.player, p.board.opponent), 0);
    // A gap that flanks nothing is no move, so no wedge; an occupied square neither.
    let p = Position::from_colors(
        bits(&["e4", "d5"]),
        bits(&["c1", "e1", "d4", "e5"]),
        Color::Black,
    )
    .expect("valid");
    assert!(!at(&p, "d1"));
    assert!(!at(&p, "c1"));
    // A corner between two opposing discs is not on one edge: never a wedge.
    let p = Position::from_colors(
        bits(&["a3", "c1", "d4", "e5"]),
        bits(&["a2", "b1", "b2", "e4", "d5"]),
        Color::Black,
    )
    .expect("valid");
    assert!(p.board.is_legal(sq("a1")));
    assert!(!at(&p, "a1"));
}

#[test]
fn only_proved_values_throw_a_win_away() {
    // +1 against 0 from a search is a one-disc loss, not a thrown-away win.
    assert_eq!(Grade::from_search(1, 0, false), Grade::Good);
    assert_eq!(Grade::from_search(1, 0, true), Grade::Blunder);
    assert_eq!(Grade::from_values(1, 0), Grade::Blunder);
    assert_eq!(Grade::from_search(6, -4, false), Grade::Blunder);
}
