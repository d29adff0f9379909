//! The whole-game analysis (`tutor::game_review`): the accuracy arithmetic on a
//! hand-built game, the phase boundaries, the order of the swings, cancelling, and on
//! a master game the grades checked against the practice feedback's own functions.

use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Color, Game, Move, Square};
use othello_tutor::tutor::feedback::{Feedback, Grade, grade_move};
use othello_tutor::tutor::game_review::{
    ENDGAME_MAX_EMPTIES, GameReview, OPENING_MIN_EMPTIES, Phase, ReviewInput, analyze_game,
};
use othello_tutor::tutor::settings::grading_values;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const MASTER: &str = "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 \
e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 \
h7 h2 h8 g8 g7 f8";

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

/// A verdict with these numbers and no reasons.
fn verdict(played: &str, played_value: i32, best_value: i32, grade: Grade) -> Feedback {
    Feedback {
        played: sq(played),
        played_value,
        best: sq("a1"),
        best_value,
        loss: (best_value - played_value).max(0),
        grade,
        exact: false,
        depth: 14,
        why_played: Vec::new(),
        why_best: Vec::new(),
        difference: Vec::new(),
        book: None,
        interim: false,
    }
}

/// A game of eight moves whose verdicts and empties are set by hand: Black's moves
/// 0, 2, 4, 6 and White's 1, 3, 5, 7, two of each side in the opening, one in the
/// midgame and one in the endgame.
fn hand_built() -> GameReview {
    let game = parse_transcript("f5 d6 c3 d3 c4 f4 f6 f3").expect("legal");
    let mut review = GameReview::unvalued(&game);
    let plan: [(u32, i32, i32, Grade); 8] = [
        (60, 0, 0, Grade::Book),        // Black, opening
        (59, 0, 1, Grade::Good),        // White, opening: -1
        (45, -3, 0, Grade::Inaccuracy), // Black, opening: -3
        (44, 2, 2, Grade::Best),        // White, opening
        (30, -8, 0, Grade::Mistake),    // Black, midgame: -8
        (29, -12, 0, Grade::Blunder),   // White, midgame: -12
        (10, 4, 6, Grade::Good),        // Black, endgame: -2
        (9, 1, 4, Grade::Inaccuracy),   // White, endgame: -3
    ];
    for (i, (empties, played, best, grade)) in plan.into_iter().enumerate() {
        let mut m = review.moves[i].clone();
        let Move::Place(s) = m.mv else {
            panic!("a placement")
        };
        m.empties = empties;
        m.feedback = Some(verdict(&s.to_string(), played, best, grade));
        review.set(m);
    }
    review
}

#[test]
fn accuracy_arithmetic_on_a_hand_built_game() {
    let review = hand_built();
    assert!(review.is_complete());
    let black = review.accuracy(Color::Black, None);
    assert_eq!(
        (black.graded, black.best_or_good, black.total_loss),
        (4, 2, 13)
    );
    assert_eq!(black.percent(), Some(50));
    assert_eq!(black.mean_loss(), Some(3.25));
    let white = review.accuracy(Color::White, None);
    assert_eq!(
        (white.graded, white.best_or_good, white.total_loss),
        (4, 2, 16)
    );
    assert_eq!(white.percent(), Some(50));
    // Per phase.
    let b_open = review.accuracy(Color::Black, Some(Phase::Opening));
    assert_eq!(
        (b_open.graded, b_open.best_or_good, b_open.total_loss),
        (2, 1, 3)
    );
    assert_eq!(b_open.percent(), Some(50));
    let b_mid = review.accuracy(Color::Black, Some(Phase::Midgame));
    assert_eq!(
        (b_mid.graded, b_mid.percent(), b_mid.total_loss),
        (1, Some(0), 8)
    );
    let b_end = review.accuracy(Color::Black, Some(Phase::Endgame));
    assert_eq!(
        (b_end.graded, b_end.percent(), b_end.total_loss),
        (1, Some(100), 2)
    );
    let w_open = review.accuracy(Color::White, Some(Phase::Opening));
    assert_eq!(
        (w_open.graded, w_open.percent(), w_open.total_loss),
        (2, Some(100), 1)
    );
    let w_end = review.accuracy(Color::White, Some(Phase::Endgame));
    assert_eq!(
        (w_end.graded, w_end.percent(), w_end.total_loss),
        (1, Some(0), 3)
    );
    // The phases add up to the whole.
    for color in [Color::Black, Color::White] {
        let parts: Vec<_> = Phase::ALL
            .iter()
            .map(|&p| review.accuracy(color, Some(p)))
            .collect();
        let all = review.accuracy(color, None);
        assert_eq!(parts.iter().map(|a| a.graded).sum::<usize>(), all.graded);
        assert_eq!(
            parts.iter().map(|a| a.total_loss).sum::<i32>(),
            all.total_loss
        );
    }
    // Nothing graded: no percentage.
    let empty = GameReview::unvalued(&Game::new(othello_tutor::engine::Position::start()));
    assert_eq!(empty.accuracy(Color::Black, None).percent(), None);
    assert_eq!(empty.accuracy(Color::Black, None).describe(), "-");
    // Values for Black: White's values turn sign.
    let values = review.values_for_black();
    assert_eq!(values[..3], [Some(0), Some(0), Some(-3)]);
    assert_eq!(values[5], Some(12));
}

#[test]
fn phase_boundaries() {
    assert_eq!(OPENING_MIN_EMPTIES, 41);
    assert_eq!(ENDGAME_MAX_EMPTIES, 22);
    for (empties, phase) in [
        (60, Phase::Opening),
        (41, Phase::Opening),
        (40, Phase::Midgame),
        (23, Phase::Midgame),
        (22, Phase::Endgame),
        (1, Phase::Endgame),
    ] {
        assert_eq!(Phase::of_empties(empties), phase, "{empties} empties");
    }
}

#[test]
fn swings_biggest_first_ties_in_game_order() {
    let review = hand_built();
    let order: Vec<(usize, i32)> = review
        .swings()
        .iter()
        .map(|m| (m.number(), m.loss()))
        .collect();
    // Losses 1, 3, 8, 12, 2, 3 (moves 2, 3, 5, 6, 7, 8); no-loss moves left out.
    assert_eq!(order, vec![(6, 12), (5, 8), (3, 3), (8, 3), (7, 2), (2, 1)]);
}

#[test]
fn a_raised_stop_flag_leaves_only_the_book_and_the_given_grades() {
    let game = parse_transcript(MASTER).expect("legal");
    // One grade given by the game (a made-up one, kept as given).
    let mut known = vec![None; game.len()];
    known[30] = Some(verdict("e1", -3, 0, Grade::Inaccuracy));
    let input = ReviewInput { game, known };
    let stop = Arc::new(AtomicBool::new(true));
    let review = analyze_game(&input, &stop, |_| {});
    assert!(!review.is_complete());
    let valued: Vec<usize> = review
        .moves
        .iter()
        .filter(|m| m.feedback.is_some())
        .map(|m| m.number())
        .collect();
    // The book's moves (1-10) and the given one.
    assert_eq!(valued, (1..=10).chain([31]).collect::<Vec<_>>());
    assert!(review.moves[30].reused);
    assert_eq!(review.moves[30].grade(), Some(Grade::Inaccuracy));
}

#[test]
fn cancelling_midway_stops_the_analysis() {
    let game = parse_transcript(MASTER).expect("legal");
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let mut reports = 0;
    let review = analyze_game(&ReviewInput::new(game), &stop, |p| {
        reports += 1;
        // Once the book is done and one searched move is in: cancel.
        if p.done > 11 {
            flag.store(true, Ordering::Relaxed);
        }
    });
    assert!(!review.is_complete());
    let (done, total) = review.counts();
    assert!(done < total, "{done} of {total}");
    assert_eq!(done, reports);
}

#[test]
fn a_master_game_graded_as_practice_grades() {
    let game = parse_transcript(MASTER).expect("legal");
    let stop = Arc::new(AtomicBool::new(false));
    let mut last_done = 0;
    let review = analyze_game(&ReviewInput::new(game.clone()), &stop, |p| {
        assert_eq!(p.done, last_done + 1);
        last_done = p.done;
        assert_eq!(p.total, 60);
    });
    assert!(review.is_complete());
    assert_eq!(review.counts(), (60, 60));
    assert_eq!(
        review.opening_after(game.len()).as_deref(),
        Some("Rose-Bill")
    );
    let positions = game.positions();
    // Searched (23, midgame) and exact (42, 45, 51) moves: the practice feedback's own
    // functions give the same verdict.
    let mut searcher = Searcher::new(1, 1);
    for number in [23, 42, 45, 51] {
        let i = number - 1;
        let Move::Place(played) = game.moves()[i] else {
            panic!("a placement")
        };
        let values = grading_values(&mut searcher, &positions[i].board, played).expect("valued");
        let practice = grade_move(&positions[i], played, &values).expect("graded");
        let mine = review.moves[i].feedback.as_ref().expect("valued");
        assert_eq!(
            (
                mine.grade,
                mine.loss,
                mine.played_value,
                mine.best_value,
                mine.exact
            ),
            (
                practice.grade,
                practice.loss,
                practice.played_value,
                practice.best_value,
                practice.exact
            ),
            "move {number}"
        );
    }
    assert_eq!(review.moves[44].grade(), Some(Grade::Blunder));
    assert_eq!(review.swings()[0].number(), 45);
    // Passes keep the value before them; the last value is the final result.
    let values = review.values_for_black();
    for (i, m) in review.moves.iter().enumerate() {
        if m.mv == Move::Pass {
            assert_eq!(values[i], values[i - 1], "pass at {}", i + 1);
        }
    }
    let (b, w) = game.current().final_counts();
    assert_eq!(values.last().copied().flatten(), Some(b as i32 - w as i32));
    // Every endgame move is exact.
    for m in review.moves.iter().filter(|m| m.phase() == Phase::Endgame) {
        if let Some(f) = &m.feedback {
            assert!(f.exact, "move {}", m.number());
        }
    }
}

#[test]
fn the_review_command_prints_every_move_then_the_accuracies() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_othello-tutor"))
            .args(args)
            .output()
            .expect("the binary runs")
    };
    // A book line (Comp'Oth): every move graded by the book.
    let out = run(&["review", "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("# N COLOR MOVE VALUE LOSS GRADE BEST BASIS"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("1 Black f5 +0 0 book - book"),
        "{text}"
    );
    let moves = lines
        .iter()
        .filter(|l| l.starts_with(char::is_numeric))
        .count();
    assert_eq!(moves, 11, "{text}");
    assert!(text.contains("accuracy Black: "), "{text}");
    assert!(text.contains("accuracy White: "), "{text}");
    assert!(text.contains("; opening "), "{text}");
    // Bad input: exit status 2 and one line on stderr.
    let bad = run(&["review", "f5 f5"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
}
