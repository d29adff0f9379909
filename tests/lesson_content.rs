//! Lesson content: the embedded lessons are proved by `check_content`; broken files
//! give exact errors naming file, step and field.

use crate::common_lessons as helpers;

use helpers::*;
use othello_tutor::engine::Color;
use othello_tutor::tutor::content;
use othello_tutor::tutor::explain::Illegal;
use othello_tutor::tutor::lesson::{Answer, Ask, Check, Mismatch, Problem};
use std::path::Path;

// ---------------------------------------------------------------------------------
// The embedded content
// ---------------------------------------------------------------------------------

#[test]
fn check_content_proves_every_embedded_lesson() {
    let report = content::check_content(false, &mut |_| {});
    let text = report.to_string();
    assert!(report.is_ok(), "{text}");
    let last = text.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        format!(
            "lessons: {} (steps: {}, interactive: {}), puzzles: {}",
            report.lessons.len(),
            report.steps(),
            report.interactive(),
            report.puzzles
        )
    );
    assert!(last.starts_with("lessons: 24 (steps: "), "{last}");
    // The practice sample's sentences are replayed too.
    assert!(
        report.practice_facts > 1000,
        "only {} practice facts",
        report.practice_facts
    );
    assert!(
        text.contains(&format!(
            "practice sample: {} facts stated about its moves, 0 false",
            report.practice_facts
        )),
        "{text}"
    );
    for l in &report.lessons {
        assert!(l.steps >= 6, "{} has {} steps", l.file, l.steps);
        assert!(
            l.interactive >= 3,
            "{} has {} interactive steps",
            l.file,
            l.interactive
        );
    }
}

#[test]
fn the_lessons_come_in_the_issue_order() {
    let ids: Vec<String> = lessons().iter().map(|l| l.id.clone()).collect();
    assert_eq!(
        ids,
        [
            "rules",
            "most-discs",
            "corners-stable",
            "x-and-c-squares",
            "edges-wedges",
            "mobility",
            "frontier-quiet",
            "opening",
            "tempo",
            "parity",
            "endgame",
            "master-game",
            "unbalanced-edges",
            "stoner-trap",
            "evaporation",
            "access",
            "sacrifice",
            "parity-regions",
            "diagonals",
            "counting",
            "whole-board-tempo",
            "safe-edges",
            "corner-given-back",
            "x-square-for-a-region"
        ]
    );
    let orders: Vec<u32> = lessons().iter().map(|l| l.order).collect();
    assert_eq!(orders, (1..=24).collect::<Vec<u32>>());
}

/// Issue 44: the second course follows the first in the Learn list, under its own
/// heading, and each of its lessons has every kind of step and its own puzzles: the
/// new theme its idea needs.
#[test]
fn the_second_course_follows_the_first_with_its_own_puzzles() {
    use othello_tutor::tutor::course::{Course, CourseRow, course_rows, lesson_puzzles};
    use othello_tutor::tutor::puzzle::Theme;
    let all = lessons();
    let rows = course_rows(&all);
    let first_second = all
        .iter()
        .position(|l| Course::of(l) == Course::Second)
        .expect("a second course");
    assert_eq!(rows[0], CourseRow::Heading(Course::First, 0));
    assert_eq!(
        rows[first_second + 1],
        CourseRow::Heading(Course::Second, first_second)
    );
    assert_eq!(rows.len(), all.len() + 2);
    let (puzzles, errors) = othello_tutor::tutor::content::load_embedded_puzzles();
    assert!(errors.is_empty());
    let wanted = [
        ("unbalanced-edges", Theme::UnbalancedEdge),
        ("stoner-trap", Theme::StonerTrap),
        ("evaporation", Theme::Evaporation),
        ("access", Theme::Access),
        ("sacrifice", Theme::Sacrifice),
        ("parity-regions", Theme::Parity),
        ("diagonals", Theme::XSquare),
        ("counting", Theme::ExactEndgame),
        ("whole-board-tempo", Theme::Tempo),
        ("safe-edges", Theme::UnbalancedEdge),
        ("corner-given-back", Theme::Sacrifice),
        ("x-square-for-a-region", Theme::Sacrifice),
    ];
    for (id, theme) in wanted {
        let lesson = all.iter().find(|l| l.id == id).expect(id);
        assert_eq!(Course::of(lesson), Course::Second, "{id}");
        for kind in ["read", "find-move", "question", "play-out"] {
            assert!(
                lesson.steps.iter().any(|s| s.kind_name() == kind),
                "{id} has no {kind} step"
            );
        }
        let run = lesson_puzzles(lesson, &puzzles).expect(id);
        assert_eq!(run.ids.len(), 5, "{id}");
        let with_theme = run
            .ids
            .iter()
            .filter(|i| puzzles.iter().any(|p| &p.id == *i && p.has_theme(theme)))
            .count();
        assert!(with_theme >= 1, "{id}: none of {:?} has {theme}", run.ids);
    }
}

#[test]
fn every_step_kind_is_used() {
    let all = lessons();
    for kind in ["read", "find-move", "question", "play-out"] {
        assert!(
            all.iter()
                .flat_map(|l| &l.steps)
                .any(|s| s.kind_name() == kind),
            "no {kind} step"
        );
    }
}

// ---------------------------------------------------------------------------------
// Broken content: one file per step kind, each with its exact message
// ---------------------------------------------------------------------------------

#[test]
fn each_broken_step_kind_gives_its_exact_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/broken-lessons");
    let report = content::check_lessons_dir(&dir, false, &mut |_| {});
    let errors: Vec<String> = report.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        errors,
        [
            "broken-lessons/find-move.toml, step 2, field moves: stated e1, but the engine finds a4 for wedge",
            "broken-lessons/play-out.toml, step 1, field goal: Black to move cannot force the goal (take a corner within 1 move) against every reply",
            "broken-lessons/question.toml, step 1, field answer: stated 5, but the engine finds 4 for legal-moves",
            "broken-lessons/read.toml, step 1, field play: a1 flips nothing: it does not flank any white disc in a straight line.",
        ]
    );
    // The errors are typed: the squares and answers, not composed text.
    assert!(matches!(
        &report.errors[0].problem,
        Problem::Mismatch(Mismatch::Concept { stated, found, check: Check::Wedge, .. })
            if stated.contains(sq("e1")) && found.contains(sq("a4"))
    ));
    assert_eq!(
        report.errors[2].problem,
        Problem::Mismatch(Mismatch::Answer {
            stated: Answer::Number(5),
            found: Answer::Number(4),
            ask: Ask::LegalMoves,
        })
    );
    assert_eq!(
        report.errors[3].problem,
        Problem::IllegalMove {
            square: sq("a1"),
            why: Illegal::FlipsNothing {
                square: sq("a1"),
                opponent: Color::White,
            },
        }
    );
    assert!(!report.is_ok());
    // The three files that load are counted; the summary stays the last line.
    let text = report.to_string();
    assert_eq!(
        text.lines().last(),
        Some("lessons: 3 (steps: 4, interactive: 3), puzzles: 0")
    );
}

#[test]
fn an_unknown_field_names_the_step_and_the_line() {
    let text = format!(
        "{HEAD}\n[[step]]\nkind = \"read\"\ntext = \"a\"\n\n[[step]]\nkind = \"read\"\ntxet = \"b\"\n"
    );
    let errors = check(&[("lessons/x.toml", &text)]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("lessons/x.toml, step 2: TOML parse error at line 11, column 1"),
        "{}",
        errors[0]
    );
    assert!(errors[0].contains("unknown field `txet`"), "{}", errors[0]);
}

#[test]
fn an_unknown_kind_or_check_is_refused() {
    let text = format!("{HEAD}\n[[step]]\nkind = \"lecture\"\ntext = \"a\"\n");
    let errors = check(&[("lessons/x.toml", &text)]);
    assert!(
        errors[0].contains("unknown variant `lecture`"),
        "{errors:?}"
    );
    let text = format!(
        "{HEAD}\n[[step]]\nkind = \"find-move\"\nposition = \"start\"\nprompt = \"p\"\ncheck = \"quite\"\nmoves = [\"f5\"]\nexplain = \"e\"\n"
    );
    let errors = check(&[("lessons/x.toml", &text)]);
    assert!(
        errors[0].starts_with("lessons/x.toml, step 1: "),
        "{errors:?}"
    );
    assert!(errors[0].contains("unknown variant `quite`"), "{errors:?}");
}

#[test]
fn missing_and_unused_fields_are_named() {
    let text = format!(
        "{HEAD}\n[[step]]\nkind = \"question\"\nposition = \"start\"\nask = \"legal-moves\"\nanswer = 4\ncheck = \"best\"\n"
    );
    let errors = check(&[("lessons/x.toml", &text)]);
    assert_eq!(
        errors,
        [
            "lessons/x.toml, step 1, field check: not used by a question step",
            "lessons/x.toml, step 1, field prompt: missing: a question step needs it",
            "lessons/x.toml, step 1, field explain: missing: a question step needs it",
        ]
    );
}

#[test]
fn a_constructed_position_must_be_legal() {
    // Centre occupied, but a lone disc on a1 that no move could have placed.
    let mut board = vec!['-'; 64];
    for i in [27, 28, 35, 36] {
        board[i] = 'X';
    }
    board[36] = 'O';
    board[0] = 'O';
    let obf: String = board.into_iter().collect::<String>() + " X";
    let text = format!("{HEAD}\n[[step]]\nkind = \"read\"\nposition = \"{obf}\"\ntext = \"t\"\n");
    let errors = check(&[("lessons/x.toml", &text)]);
    assert_eq!(
        errors,
        [
            "lessons/x.toml, step 1, field position: not a legal position: a1 not connected to the centre (every disc is played next to another)"
        ]
    );
    let text = format!("{HEAD}\n[[step]]\nkind = \"read\"\nposition = \"f5 e5\"\ntext = \"t\"\n");
    let errors = check(&[("lessons/x.toml", &text)]);
    assert_eq!(
        errors,
        [
            "lessons/x.toml, step 1, field position: `f5 e5` is not a position (transcript, OBF or \"start\"): move 2 (e5): e5 is already occupied"
        ]
    );
}

#[test]
fn a_best_step_is_proved_by_the_solver() {
    // Lesson 7's last position: c7 is the only best move; claiming b3 as well fails.
    let position = "d3 e3 f4 g3 g4 g5 h4 c3 f5 f6 d6 e6 f2 f3 e2 c5 c4 d2 b6 e1 c6 h5 c1 b4 h6 g6 d1 b1 d7 b5 a6 g2 h1 c2 e7 a5 f7 c8 a3 a4 d8 g8 b8 f8";
    let text = format!(
        "{HEAD}\n[[step]]\nkind = \"find-move\"\nposition = \"{position}\"\nprompt = \"p\"\ncheck = \"best\"\nmoves = [\"b3\", \"c7\"]\nexplain = \"e\"\n"
    );
    let errors = check(&[("lessons/x.toml", &text)]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with(
            "lessons/x.toml, step 1, field moves: stated b3 c7, but the engine finds c7 (exact: c7 +6, b3 -2,"
        ),
        "{}",
        errors[0]
    );
    // With a tolerance of 8 discs both are accepted, and the proof passes.
    let text = text.replace("check = \"best\"", "check = \"best\"\ntolerance = 8");
    assert_eq!(check(&[("lessons/x.toml", &text)]), Vec::<String>::new());
}

#[test]
fn a_step_that_accepts_every_move_is_refused() {
    let text = format!(
        "{HEAD}\n[[step]]\nkind = \"find-move\"\nposition = \"start\"\nprompt = \"p\"\ncheck = \"no-x-or-c\"\nmoves = [\"d3\", \"c4\", \"f5\", \"e6\"]\nexplain = \"e\"\n"
    );
    assert_eq!(
        check(&[("lessons/x.toml", &text)]),
        [
            "lessons/x.toml, step 1, field check: every legal move (d3 c4 f5 e6) is accepted, so the step tests nothing"
        ]
    );
}

#[test]
fn ids_and_orders_must_be_unique() {
    let a = format!("{HEAD}\n[[step]]\nkind = \"read\"\ntext = \"a\"\n");
    let b = a.replace("order = 1", "order = 2");
    let c = a.replace("id = \"x\"", "id = \"y\"");
    let errors = check(&[
        ("lessons/a.toml", &a),
        ("lessons/b.toml", &b),
        ("lessons/c.toml", &c),
    ]);
    assert_eq!(
        errors,
        [
            "lessons/b.toml, field id: the id `x` is already used by lessons/a.toml",
            "lessons/c.toml, field order: the order 1 is already used by lessons/a.toml",
        ]
    );
}

// ---------------------------------------------------------------------------------
#[test]
fn puzzle_results_join_the_report() {
    let mut report = content::CheckReport::default();
    assert!(report.is_ok());
    report.add_puzzles(2, ["puzzles/set.toml, puzzle p1, field answer: wrong"]);
    assert!(!report.is_ok());
    assert_eq!(
        report.to_string(),
        "puzzles/set.toml, puzzle p1, field answer: wrong\nlessons: 0 (steps: 0, interactive: 0), puzzles: 2"
    );
}

#[test]
fn an_explicit_move_list_is_proved_within_its_tolerance() {
    let position = "d3 e3 f4 g3 g4 g5 h4 c3 f5 f6 d6 e6 f2 f3 e2 c5 c4 d2 b6 e1 c6 h5 c1 b4 h6 g6 d1 b1 d7 b5 a6 g2 h1 c2 e7 a5 f7 c8 a3 a4 d8 g8 b8 f8";
    let text = format!(
        "{HEAD}\n[[step]]\nkind = \"find-move\"\nposition = \"{position}\"\nprompt = \"p\"\ncheck = \"moves\"\nmoves = [\"b3\"]\nexplain = \"e\"\n"
    );
    let errors = check(&[("lessons/x.toml", &text)]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with(
            "lessons/x.toml, step 1, field moves: stated b3, but the engine finds b3 not among the best (exact: c7 +6, b3 -2,"
        ),
        "{}",
        errors[0]
    );
    let text = text.replace("check = \"moves\"", "check = \"moves\"\ntolerance = 8");
    assert_eq!(check(&[("lessons/x.toml", &text)]), Vec::<String>::new());
}
