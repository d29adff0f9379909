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
    assert!(text.contains("Leaves White 1 move (up from 0)"), "{text}");
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
    assert!(text.contains("Leaves White 1 move (down from 8)"), "{text}");
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
