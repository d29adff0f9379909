//! Lessons: the embedded content is proved by `check_content`; broken files give
//! exact errors naming file, step and field; judging, goals, stars and progress.

use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Color, Game, Move, Square};
use othello_tutor::tutor::content::{self, Source};
use othello_tutor::tutor::explain::Illegal;
use othello_tutor::tutor::lesson::{
    Answer, Ask, Check, Goal, GoalStatus, Lesson, Mismatch, NextAction, Problem, Step,
    StepAttempts, lesson_stars, stars,
};
use othello_tutor::tutor::progress::{
    DATA_ENV, LessonProgress, Progress, ProgressStore, resolve_data_dir,
};
use std::path::{Path, PathBuf};

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square name written in the test")
}

fn lessons() -> Vec<Lesson> {
    match content::load_lessons() {
        Ok(l) => l,
        Err(errors) => panic!("embedded lessons do not load: {errors:?}"),
    }
}

fn lesson(id: &str) -> Lesson {
    lessons()
        .into_iter()
        .find(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson {id}"))
}

fn step(id: &str, n: usize) -> Step {
    lesson(id).steps[n - 1].clone()
}

fn check(sources: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<Source> = sources
        .iter()
        .map(|(file, text)| Source {
            file: file.to_string(),
            bytes: text.as_bytes().to_vec(),
        })
        .collect();
    let report = content::check_sources(&sources, false, &mut |_| {});
    report.errors.iter().map(|e| e.to_string()).collect()
}

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
    assert!(last.starts_with("lessons: 12 (steps: "), "{last}");
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
fn the_twelve_lessons_come_in_the_issue_order() {
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
            "master-game"
        ]
    );
    let orders: Vec<u32> = lessons().iter().map(|l| l.order).collect();
    assert_eq!(orders, (1..=12).collect::<Vec<u32>>());
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

const HEAD: &str = "id = \"x\"\ntitle = \"X\"\norder = 1\n";

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
// Judging
// ---------------------------------------------------------------------------------

#[test]
fn a_wrong_find_move_answer_says_what_it_does_wrong() {
    let Step::FindMove(fm) = step("mobility", 3) else {
        panic!("lesson 6 step 3 is a find-move step")
    };
    let v = fm.judge(sq("c1"), None);
    assert!(!v.correct && v.legal);
    assert_eq!(
        v.why[0],
        "After c1 White has 8 moves; another move leaves fewer."
    );
    // The answer itself is not in the reveal: the screen writes it once.
    assert_eq!(fm.answer_text(), "f2.");
    let right = fm.judge(sq("f2"), None);
    assert!(right.correct, "{right:?}");
    let illegal = fm.judge(sq("a1"), None);
    assert!(!illegal.correct && !illegal.legal);
    assert_eq!(
        illegal.why,
        ["a1 flips nothing: it does not flank any white disc in a straight line."]
    );
}

#[test]
fn a_wrong_move_with_the_engine_values_gets_its_disc_loss() {
    let Step::FindMove(fm) = step("frontier-quiet", 7) else {
        panic!("lesson 7 step 7 is a find-move step")
    };
    let mut searcher = Searcher::new(16, 16);
    let values = analyze(
        &mut searcher,
        &fm.position().board,
        AnalysisOptions::default(),
    )
    .expect("the analysis finishes");
    let v = fm.judge(sq("b3"), Some(&values));
    assert!(!v.correct);
    assert_eq!(v.loss, Some(8));
    assert_eq!(
        v.why[0],
        "b3 loses 8 discs against the best move (proved by the solver)."
    );
    // The reveal names the better move and what tells them apart.
    assert!(v.reveal.iter().any(|r| r.contains("c7")), "{:?}", v.reveal);
}

#[test]
fn concept_checks_give_their_own_reasons() {
    let Step::FindMove(wedge) = step("edges-wedges", 7) else {
        panic!("a find-move step")
    };
    assert_eq!(
        wedge.judge(sq("e1"), None).why[0],
        "e1 is not a wedge: it does not sit on an edge between two white discs."
    );
    let Step::FindMove(xc) = step("x-and-c-squares", 3) else {
        panic!("a find-move step")
    };
    assert_eq!(
        xc.judge(sq("b2"), None).why[0],
        "b2 is an X-square next to the empty a1 corner."
    );
    assert_eq!(
        xc.judge(sq("g8"), None).why[0],
        "g8 is a C-square next to the empty h8 corner."
    );
    let Step::FindMove(quiet) = step("frontier-quiet", 3) else {
        panic!("a find-move step")
    };
    assert!(
        quiet.judge(sq("c2"), None).why[0].starts_with("c2 flips 4 frontier discs"),
        "{:?}",
        quiet.judge(sq("c2"), None).why
    );
}

#[test]
fn questions_judge_numbers_and_choices() {
    let Step::Question(q) = step("rules", 2) else {
        panic!("lesson 1 step 2 is a question")
    };
    assert_eq!(q.answer, Answer::Number(4));
    assert!(q.judge(" 4 ").correct);
    assert_eq!(q.judge("6").why, ["Not 6: that is too many."]);
    assert_eq!(q.judge("2").why, ["Not 2: that is too few."]);
    assert_eq!(q.judge("four").why, ["`four` is not a number."]);
    let Step::Question(c) = step("x-and-c-squares", 2) else {
        panic!("lesson 4 step 2 is a question")
    };
    assert!(c.judge("G1").correct);
    assert_eq!(c.judge("d8").why, ["d8 gives Black no corner."]);
    assert_eq!(
        c.judge("h8").why,
        ["`h8` is not one of the choices (b6, d8, g1)."]
    );
    let Step::Question(w) = step("most-discs", 3) else {
        panic!("lesson 2 step 3 is a question")
    };
    assert!(w.judge("black").correct);
    assert!(!w.judge("White").correct);
}

// ---------------------------------------------------------------------------------
// Play-outs
// ---------------------------------------------------------------------------------

fn play(game: &mut Game, name: &str) {
    game.play_with_implied_pass(Move::Place(sq(name)))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
}

#[test]
fn a_take_corner_play_out_is_won_and_lost_by_the_rules() {
    let Step::PlayOut(p) = step("edges-wedges", 5) else {
        panic!("lesson 5 step 5 is a play-out")
    };
    assert_eq!(p.goal, Goal::TakeCorner { within: 2 });
    let mut searcher = Searcher::new(16, 16);
    let forcing = p
        .forcing_moves(searcher.solver())
        .expect("the proof finishes");
    assert_eq!(forcing.into_iter().collect::<Vec<_>>(), [sq("c1")]);

    // The wedge, any reply, then a corner.
    let start = p.setup.position;
    let mut game = Game::new(start);
    play(&mut game, "c1");
    assert_eq!(p.status(&game), GoalStatus::Ongoing);
    let reply = game
        .current()
        .legal_moves()
        .into_iter()
        .next()
        .expect("Black can reply");
    play(&mut game, &reply.to_string());
    let corner = ["a1", "h1"]
        .into_iter()
        .find(|c| game.current().board.is_legal(sq(c)))
        .expect("the wedge leaves a corner");
    play(&mut game, corner);
    assert_eq!(
        p.status(&game),
        GoalStatus::Achieved(format!("You took the {corner} corner."))
    );

    // Two moves without a corner fail the goal.
    let other = start
        .legal_moves()
        .into_iter()
        .find(|&m| m != sq("c1") && m.bit() & 0x8100_0000_0000_0081 == 0)
        .expect("another first move");
    let mut game = Game::new(start);
    play(&mut game, &other.to_string());
    let reply = game
        .current()
        .legal_moves()
        .into_iter()
        .next()
        .expect("a reply");
    play(&mut game, &reply.to_string());
    let quiet = game
        .current()
        .legal_moves()
        .into_iter()
        .find(|m| m.bit() & 0x8100_0000_0000_0081 == 0)
        .expect("a move that is not a corner");
    play(&mut game, &quiet.to_string());
    let them = start.to_move.opposite();
    assert_eq!(
        p.status(&game),
        GoalStatus::Failed(format!(
            "2 moves played and no corner taken ({them} replied {reply})."
        ))
    );
}

#[test]
fn a_limit_mobility_play_out_fails_when_the_opponent_gets_too_many_moves() {
    let Step::PlayOut(p) = step("mobility", 6) else {
        panic!("lesson 6 step 6 is a play-out")
    };
    let start = p.setup.position;
    // A first move that gives White more than two moves fails at once.
    let loose = start
        .legal_moves()
        .into_iter()
        .find(|&m| start.play_unchecked(m).legal_moves().len() > 2)
        .expect("some move gives White three moves or more");
    let n = start.play_unchecked(loose).legal_moves().len();
    let mut game = Game::new(start);
    play(&mut game, &loose.to_string());
    assert_eq!(
        p.status(&game),
        GoalStatus::Failed(format!("After {loose} White had {n} moves."))
    );
    // f6 leaves White one move: the goal is still open.
    let mut game = Game::new(start);
    play(&mut game, "f6");
    assert_eq!(p.status(&game), GoalStatus::Ongoing);
}

#[test]
fn a_win_play_out_is_scored_with_the_empty_squares() {
    let obf = "-OOOOOO-OOOOOOOOOOXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO-OOOOOO- X";
    let text = format!(
        "{HEAD}\n[[step]]\nkind = \"play-out\"\nposition = \"{obf}\"\nprompt = \"Win.\"\ngoal = \"win\"\nexplain = \"e\"\n"
    );
    let lesson = Lesson::from_toml("lessons/x.toml", &text).expect("the lesson loads");
    let Step::PlayOut(p) = &lesson.steps[0] else {
        panic!("a play-out")
    };
    let mut game = Game::new(p.setup.position);
    for m in ["h8", "a1", "h1"] {
        play(&mut game, m);
        assert_eq!(p.status(&game), GoalStatus::Ongoing);
    }
    play(&mut game, "a8");
    assert_eq!(
        p.status(&game),
        GoalStatus::Achieved("You won 40-24.".into())
    );
}

// ---------------------------------------------------------------------------------
// Attempts and stars
// ---------------------------------------------------------------------------------

#[test]
fn wrong_answers_lead_to_a_retry_a_hint_and_the_answer() {
    let mut a = StepAttempts::default();
    assert_eq!(a.record(false), NextAction::Retry);
    assert_eq!(a.record(false), NextAction::RetryWithHint);
    assert_eq!(a.hints, 1);
    assert_eq!(a.record(false), NextAction::Reveal);
    assert!(a.revealed && a.is_done() && !a.solved);
    // Once revealed, a late right answer earns nothing.
    assert_eq!(a.record(true), NextAction::Reveal);
    assert!(!a.solved);

    let mut b = StepAttempts::default();
    b.take_hint();
    b.take_hint();
    assert_eq!(b.record(true), NextAction::Solved);
    assert_eq!((b.wrong, b.hints, b.solved), (0, 1, true));
}

#[test]
fn stars_follow_the_rules() {
    assert_eq!(stars(6, 0, 0, 0), 3);
    assert_eq!(stars(6, 1, 0, 0), 2);
    assert_eq!(stars(6, 2, 1, 0), 2);
    assert_eq!(stars(6, 3, 1, 0), 1);
    assert_eq!(stars(6, 0, 0, 1), 1);
    assert_eq!(stars(3, 1, 0, 0), 2);
    assert_eq!(stars(3, 1, 1, 0), 1);
    let clean = StepAttempts {
        solved: true,
        ..StepAttempts::default()
    };
    let slip = StepAttempts {
        wrong: 1,
        solved: true,
        ..StepAttempts::default()
    };
    assert_eq!(lesson_stars(&[clean; 5]), 3);
    assert_eq!(lesson_stars(&[clean, clean, slip, clean]), 2);
}

// ---------------------------------------------------------------------------------
// Progress
// ---------------------------------------------------------------------------------

fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!(
        "othello-tutor-test-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

#[test]
fn progress_round_trips_through_the_file() {
    let dir = temp_dir("round-trip");
    let store = ProgressStore::new(&dir);
    let fresh = store.load().expect("no file is fine");
    assert_eq!(fresh.progress, Progress::default());
    assert_eq!(fresh.recovered_from, None);

    let mut p = Progress::default();
    let l = p.lesson_mut("mobility");
    l.advance(3);
    l.record(&StepAttempts {
        wrong: 1,
        hints: 1,
        solved: true,
        ..StepAttempts::default()
    });
    p.puzzles.review.fail("p-001", 1_000);
    store.save(&p).expect("saved");
    let back = store.load().expect("loaded");
    assert_eq!(back.progress, p);
    assert_eq!(back.recovered_from, None);

    // Saving again replaces the file and leaves no temporary file behind.
    let stars = p.lesson_mut("mobility").finish(5);
    assert_eq!(stars, 2);
    store.save(&p).expect("saved again");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["progress.toml"]);
    let back = store.load().expect("loaded");
    let m = back.progress.lesson("mobility").expect("saved lesson");
    assert_eq!(
        (m.completed, m.stars, m.current_step, m.attempts),
        (true, 2, 0, 0)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_progress_file_is_moved_aside_and_reported() {
    let dir = temp_dir("damaged");
    let store = ProgressStore::new(&dir);
    std::fs::write(store.path(), "version = 1\n[lessons.mobility\nstars = 3\n").expect("written");
    let out = store.load().expect("recovered");
    assert_eq!(out.progress, Progress::default());
    let aside = out
        .recovered_from
        .clone()
        .expect("the damaged file was kept");
    let name = aside
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    assert!(name.starts_with("progress.toml.damaged-"), "{name}");
    assert_eq!(
        std::fs::read_to_string(&aside).expect("kept as it was"),
        "version = 1\n[lessons.mobility\nstars = 3\n"
    );
    assert!(!store.path().exists());
    let notice = out.notice().expect("the learner is told");
    assert!(
        notice.contains("could not be read") && notice.contains(&name),
        "{notice}"
    );
    assert!(out.damage.is_some());
    // A second damaged file gets its own name.
    std::fs::write(store.path(), [0xff, 0xfe, 0x00]).expect("written");
    let again = store.load().expect("recovered");
    assert_ne!(again.recovered_from, Some(aside));
    assert_eq!(again.damage.as_deref(), Some("the file is not UTF-8 text"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_and_missing_progress_fields_keep_their_defaults() {
    let dir = temp_dir("defaults");
    let store = ProgressStore::new(&dir);
    std::fs::write(
        store.path(),
        "[lessons.rules]\ncompleted = true\nstars = 3\n",
    )
    .expect("written");
    let out = store.load().expect("loaded");
    assert_eq!(out.recovered_from, None);
    let rules = out.progress.lesson("rules").expect("present");
    assert_eq!(
        rules,
        &LessonProgress {
            completed: true,
            stars: 3,
            ..LessonProgress::default()
        }
    );
    assert_eq!(out.progress.puzzles.rating, 1500.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_newer_versions_progress_file_is_copied_before_it_is_rewritten() {
    let dir = temp_dir("newer");
    let store = ProgressStore::new(&dir);
    let text = "version = 7\nfuture = \"kept\"\n[lessons.rules]\ncompleted = true\nstars = 2\n";
    std::fs::write(store.path(), text).expect("written");
    let out = store.load().expect("loaded");
    assert_eq!(out.recovered_from, None);
    assert_eq!(
        out.progress.version,
        othello_tutor::tutor::progress::VERSION
    );
    assert_eq!(out.progress.lesson("rules").map(|l| l.stars), Some(2));
    let copy = out.newer_copy.clone().expect("a copy was kept");
    assert_eq!(copy, dir.join("progress.toml.v7"));
    assert_eq!(std::fs::read_to_string(&copy).expect("the copy"), text);
    let notice = out.notice().expect("the learner is told");
    assert!(
        notice.contains("newer version") && notice.contains("progress.toml.v7"),
        "{notice}"
    );
    // Loading again without saving reuses the same copy instead of making another.
    let again = store.load().expect("loaded again");
    assert_eq!(again.newer_copy, Some(copy.clone()));
    let files = std::fs::read_dir(&dir).expect("the directory").count();
    assert_eq!(files, 2);
    // Once this version has saved, the file is its own and nothing more is copied.
    store.save(&out.progress).expect("saved");
    assert_eq!(store.load().expect("loaded").newer_copy, None);
    assert_eq!(
        std::fs::read_to_string(&copy).expect("the copy stays"),
        text
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_data_directory_prefers_the_flag_then_the_variable() {
    let flag = Path::new("/tmp/from-flag");
    let env = Some(std::ffi::OsString::from("/tmp/from-env"));
    assert_eq!(
        resolve_data_dir(Some(flag), env.clone()).ok(),
        Some(PathBuf::from("/tmp/from-flag"))
    );
    assert_eq!(
        resolve_data_dir(None, env).ok(),
        Some(PathBuf::from("/tmp/from-env"))
    );
    // An empty variable is ignored: the platform directory is used.
    let platform = resolve_data_dir(None, Some(std::ffi::OsString::new()));
    if let Ok(p) = platform {
        assert!(p.ends_with("othello-tutor"), "{}", p.display());
    }
    assert_eq!(DATA_ENV, "OTHELLO_TUTOR_DATA");
}

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

// ---------------------------------------------------------------------------------
// Issue 12: wedges after the move's flips; every message once
// ---------------------------------------------------------------------------------

#[test]
fn no_lesson_calls_a_move_a_wedge_that_flips_its_edge_neighbour() {
    use othello_tutor::tutor::explain::explain_move;
    // Lesson 3 step 5: a4 lands between the white a3 and a5 but flanks a3 against the
    // black a2, so a1 to a4 end black: no wedge, whatever the learner is told.
    let Step::FindMove(fm) = step("corners-stable", 5) else {
        panic!("lesson 3 step 5 is a find-move step")
    };
    let pos = *fm.position();
    assert!(
        pos.board.flips(sq("a4")).contains(sq("a3")),
        "a4 flips a3 in this position"
    );
    let why = explain_move(&pos, sq("a4"));
    assert!(!why.iter().any(|l| l.contains("wedge")), "{why:?}");
    let v = fm.judge(sq("a4"), None);
    assert!(!v.why.iter().any(|l| l.contains("wedge")), "{:?}", v.why);
    // Lesson 5 step 7: there a4 flips nothing on the a column and is a true wedge.
    let Step::FindMove(fm) = step("edges-wedges", 7) else {
        panic!("lesson 5 step 7 is a find-move step")
    };
    let pos = *fm.position();
    assert!(!pos.board.flips(sq("a4")).contains(sq("a3")));
    assert!(
        explain_move(&pos, sq("a4"))
            .iter()
            .any(|l| l.starts_with("A wedge: a4")),
        "{:?}",
        explain_move(&pos, sq("a4"))
    );
}

#[test]
fn a_wrong_answer_states_each_fact_once() {
    // The X-square reason and the X-square sentence of the move's description.
    let Step::FindMove(xc) = step("x-and-c-squares", 3) else {
        panic!("a find-move step")
    };
    let v = xc.judge(sq("b2"), None);
    let x_lines: Vec<&String> = v.why.iter().filter(|w| w.contains("X-square")).collect();
    assert_eq!(x_lines.len(), 1, "{:?}", v.why);
    // The mobility reason and the mobility sentence.
    let Step::FindMove(fm) = step("mobility", 3) else {
        panic!("a find-move step")
    };
    let v = fm.judge(sq("c1"), None);
    let mobility: Vec<&String> = v
        .why
        .iter()
        .filter(|w| w.contains("White has") || w.starts_with("Leaves"))
        .collect();
    assert_eq!(mobility.len(), 1, "{:?}", v.why);
}

#[test]
fn the_answer_is_written_once() {
    // The lesson screen writes "The answer: " before `answer_text`, then the reveal.
    let Step::FindMove(one) = step("mobility", 3) else {
        panic!("a find-move step")
    };
    assert_eq!(
        format!("The answer: {}", one.answer_text()),
        "The answer: f2."
    );
    let Step::FindMove(many) = step("x-and-c-squares", 3) else {
        panic!("a find-move step")
    };
    assert_eq!(
        format!("The answer: {}", many.answer_text()),
        "The answer: b6, d7 or d8 (each is accepted)."
    );
    for v in [one.judge(sq("c1"), None), many.judge(sq("b2"), None)] {
        assert!(
            !v.reveal
                .iter()
                .any(|r| r.contains("The answer") || r.contains("Accepted")),
            "{:?}",
            v.reveal
        );
    }
    let Step::Question(q) = step("x-and-c-squares", 2) else {
        panic!("a question step")
    };
    let v = q.judge("b6");
    assert!(!v.correct);
    assert!(
        !v.reveal.iter().any(|r| r.contains("The answer")),
        "{:?}",
        v.reveal
    );
}

/// A missed play-out goal says what was reached and how the opponent replied.
#[test]
fn a_missed_play_out_says_what_was_reached_and_the_replies() {
    let l = lesson("corners-stable");
    let po = l
        .steps
        .iter()
        .find_map(|s| match s {
            Step::PlayOut(p) => Some(p.clone()),
            _ => None,
        })
        .expect("lesson 3 has a play-out");
    let mut game = Game::new(po.setup.position);
    for m in ["g2", "d2", "c2"] {
        let sq = Square::parse(m).expect("square");
        game.play(Move::Place(sq)).expect("legal");
    }
    match po.status(&game) {
        GoalStatus::Failed(why) => {
            assert!(why.contains("of the 22 stable discs needed"), "{why}");
            assert!(why.contains("(Black replied d2)"), "{why}");
        }
        other => panic!("expected a miss, got {other:?}"),
    }
}
