//! The refutation on the screens' models, driven without a terminal: after a wrong
//! answer the refutation key asks the engine for it (engine work, with a "working"
//! line), it shows on the board and the panel, the line keys step through it and move
//! the board shown, a choice on the board brings the step back, and the lesson, the
//! puzzle or the game goes on as before.

use crate::common;

use crate::common_puzzles;

use common::models::Driver;
use othello_tutor::engine::notation::parse_position;
use othello_tutor::engine::players::Strategy;
use othello_tutor::engine::{Color, Move, Square};
use othello_tutor::tutor::content::load_lessons;
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::models::lesson::{LessonScreen, StepAction, Work};
use othello_tutor::tutor::models::practice::{Action as PAction, Env, PracticeScreen};
use othello_tutor::tutor::models::puzzles::{Action, PuzzleScreen, Work as PWork};
use othello_tutor::tutor::models::runs::{RunAction, RunScreen};
use othello_tutor::tutor::practice::{Practice, Setup};
use othello_tutor::tutor::progress::ModeRecords;
use othello_tutor::tutor::puzzle::timed::RunMode;
use othello_tutor::tutor::puzzle_progress::PuzzleProgress;
use othello_tutor::tutor::screen::{BoardModel, Context, Effect};

fn sq(s: &str) -> Square {
    Square::parse(s).expect("a square")
}

fn corners_lesson() -> Driver<LessonScreen> {
    let lesson = load_lessons()
        .expect("lessons")
        .into_iter()
        .find(|l| l.id == "corners-stable")
        .expect("the corners lesson");
    // Step 2: "Black to play: take a corner."
    let (model, effects) = LessonScreen::new(lesson, 1);
    Driver::new(model, effects)
}

#[test]
fn a_lesson_refutation_is_engine_work_then_stepped_through() {
    let mut d = corners_lesson();
    let start = d.model.position();
    d.act(StepAction::Refutation);
    assert!(
        d.verdict().contains("No wrong move to refute"),
        "{}",
        d.verdict()
    );
    d.choose("b1");
    assert!(d.verdict().starts_with("✗"), "{}", d.verdict());
    assert!(d.panel().contains("r: the refutation"), "{}", d.panel());
    // The key asks for engine work and says so while it runs.
    let effects = d.act_only(StepAction::Refutation);
    assert!(
        matches!(effects.as_slice(), [Effect::Run(_, Work::Refute(_))]),
        "{effects:?}"
    );
    assert!(
        d.panel().contains("Working out the refutation"),
        "{}",
        d.panel()
    );
    d.run(effects);
    let verdict = d.verdict();
    assert!(
        verdict.contains("b1 costs") && verdict.contains("White answers a1"),
        "{verdict}"
    );
    let panel = d.panel();
    assert!(
        panel.contains("White takes the a1 corner, which b1 opened."),
        "{panel}"
    );
    assert!(panel.contains("Better: a1."), "{panel}");
    // The board shows the end of the line: White on a1.
    let shown = d.model.shown().board;
    assert_eq!(shown.position.disc_at(sq("a1")), Some(Color::White));
    assert_eq!(shown.last, Some(sq("a1")));
    // [ steps back: b1 played, a1 still empty; again: the step's position.
    d.act(StepAction::LineBack);
    let b = d.model.shown().board;
    assert_eq!(b.position.disc_at(sq("a1")), None);
    assert_eq!(b.position.disc_at(sq("b1")), Some(Color::Black));
    d.act(StepAction::LineBack);
    assert_eq!(d.model.shown().board.position, start);
    d.act(StepAction::LineBack);
    assert!(
        d.verdict().contains("before the wrong move"),
        "{}",
        d.verdict()
    );
    // ] on to the better line: Black's a1.
    for _ in 0..3 {
        d.act(StepAction::LineForward);
    }
    assert_eq!(
        d.model.shown().board.position.disc_at(sq("a1")),
        Some(Color::Black)
    );
    // A move made while the refutation's board is shown is the step's: answered
    // on the step's board, and the lesson goes on.
    d.choose("a1");
    assert!(d.verdict().starts_with("✓"), "{}", d.verdict());
    assert_ne!(d.model.shown().board.position, start);
    assert_eq!(
        d.model.shown().board.position.disc_at(sq("a1")),
        Some(Color::Black)
    );
    d.act(StepAction::Next);
    assert_eq!(d.model.index(), 2);
    assert!(!d.panel().contains("b1 costs"), "{}", d.panel());
}

#[test]
fn a_puzzle_refutation_replaces_the_solution_until_asked_again() {
    let puzzles = load_puzzles().expect("puzzles");
    let (model, effects) =
        PuzzleScreen::new(puzzles, PuzzleProgress::default(), None, 1_800_000_000);
    let mut d = Driver::new(model, effects);
    let p = d.model.current().expect("a puzzle").clone();
    let wrong = common_puzzles::plain_miss(&p, 0);
    d.choose(&wrong.to_string());
    assert!(d.panel().contains("r: the refutation"), "{}", d.panel());
    let effects = d.act_only(Action::Refutation);
    assert!(
        matches!(effects.as_slice(), [Effect::Run(_, PWork::Refute(_))]),
        "{effects:?}"
    );
    d.run(effects);
    assert!(
        d.verdict().contains(&format!("{wrong} costs")),
        "{}",
        d.verdict()
    );
    let end = d.model.shown().board.position;
    assert_ne!(end, p.position);
    d.act(Action::SolutionBack);
    assert_ne!(
        d.model.shown().board.position,
        end,
        "[ steps the refutation"
    );
    // r again: back to the solution, whose board is the puzzle's.
    d.act(Action::Refutation);
    assert!(
        d.verdict().contains("Back to the solution"),
        "{}",
        d.verdict()
    );
    assert_eq!(d.model.shown().board.position, p.position);
    // The trainer goes on: the next puzzle.
    d.act(Action::Next);
    assert_ne!(d.model.current().map(|q| q.id.clone()), Some(p.id.clone()));
}

#[test]
fn a_practice_mistake_is_refuted_from_its_grade() {
    // White to move with 13 empties (graded exactly): h7 opens h8 to Black.
    let start =
        parse_position("XOOOOO--XO-OOOO-XOOOOOOOXXXXOOOOOOXXXOO--XXXXXXXX-OOOO----XXO-X- O")
            .expect("a position");
    let setup = Setup {
        start,
        start_name: "a test position".into(),
        ..Setup::against(Color::White, Strategy::Engine(1))
    };
    let env = Env {
        data_dir: None,
        rating: 1500.0,
        now: 1_800_000_000,
        grading_wait: None,
    };
    let (model, effects) = PracticeScreen::open(Practice::new(setup), env);
    let mut d = Driver::new(model, effects);
    let cx = Context {
        cursor: sq("h7"),
        now: d.now,
    };
    // Graded (and refuted in the same work), then the computer replies.
    let effects = d.model.choose(sq("h7"), cx);
    d.run(effects);
    assert!(d.model.practice().game().len() >= 2, "the computer replied");
    let game_board = d.model.shown().board.position;
    d.act(PAction::ShowBest);
    let verdict = d.verdict();
    assert!(verdict.contains("h7 costs"), "{verdict}");
    assert!(verdict.contains("h8 corner"), "{verdict}");
    let panel = d.panel();
    assert!(panel.contains("(exact)"), "{panel}");
    // The cost is the grade's loss.
    let fb = d.model.practice().feedback_at(0).expect("graded").clone();
    assert!(
        panel.contains(&format!("h7 costs {} discs (exact)", fb.loss)),
        "{panel}"
    );
    // The board shows the line: Black on h8.
    assert_eq!(
        d.model.shown().board.position.disc_at(sq("h8")),
        Some(Color::Black)
    );
    d.act(PAction::LineBack);
    assert_eq!(d.model.shown().board.position.disc_at(sq("h8")), None);
    // s again hides it: the game's board is back, the game goes on.
    d.act(PAction::ShowBest);
    assert_eq!(d.model.shown().board.position, game_board);
    d.act(PAction::Undo);
    assert_eq!(d.model.practice().game().len(), 0);
    assert_eq!(
        d.model.practice().game().moves().first().copied(),
        None::<Move>
    );
    // A move made while the refutation's board is shown is the game's: the game's
    // board comes back and the move is played on it.
    let effects = d.model.choose(sq("h7"), cx);
    d.run(effects);
    d.act(PAction::ShowBest);
    assert!(d.panel().contains("h7 costs"), "{}", d.panel());
    let game = d.model.practice().game().current();
    let mv = game
        .legal_moves()
        .into_iter()
        .next()
        .expect("White can move");
    let before = d.model.practice().game().len();
    let effects = d.model.choose(mv, cx);
    d.run(effects);
    assert!(
        d.model.practice().game().len() > before,
        "the move was played"
    );
    assert!(!d.panel().contains("h7 costs"), "{}", d.panel());
    assert_eq!(
        d.model.shown().board.position,
        d.model.practice().game().current()
    );
}

#[test]
fn a_missed_play_out_is_refuted_at_its_costliest_move() {
    use othello_tutor::tutor::lesson::Step;
    let lesson = load_lessons()
        .expect("lessons")
        .into_iter()
        .find(|l| l.id == "parity")
        .expect("the parity lesson");
    let index = lesson
        .steps
        .iter()
        .position(|s| matches!(s, Step::PlayOut(_)))
        .expect("a play-out");
    let (model, effects) = LessonScreen::new(lesson, index);
    let mut d = Driver::new(model, effects);
    let start = d.model.position();
    // h2 is the step's answer; a4... any other first move misses the margin. Play the
    // first legal move each turn until the goal is decided.
    let mut played = 0;
    while !d.verdict().starts_with('✗') && played < 20 {
        let pos = d.model.position();
        let Some(mv) = pos.legal_moves().into_iter().find(|&m| m != sq("h2")) else {
            break;
        };
        d.choose(&mv.to_string());
        played += 1;
    }
    assert!(d.verdict().starts_with('✗'), "{}", d.verdict());
    assert!(d.panel().contains("r: the refutation"), "{}", d.panel());
    d.act(StepAction::Refutation);
    assert!(d.verdict().contains(" costs "), "{}", d.verdict());
    // The refutation's line starts from a position of the learner's game.
    d.act(StepAction::LineBack);
    let mut back = 0;
    while !d.verdict().contains("before the wrong move") && back < 10 {
        d.act(StepAction::LineBack);
        back += 1;
    }
    let before = d.model.shown().board.position;
    assert_eq!(
        before.to_move, start.to_move,
        "the learner's move is refuted"
    );
    // A choice on the board brings the game back; another sets it up again.
    d.choose("a1");
    d.choose("a1");
    assert_eq!(d.model.position(), start);
}

#[test]
fn every_key_acts_while_a_refutation_is_shown() {
    use common::models::assert_every_key_acts;
    use othello_tutor::tutor::models::lesson::STEP_KEYS;
    let shown = || {
        let mut d = corners_lesson();
        d.choose("b1");
        d.act(StepAction::Refutation);
        d
    };
    assert_every_key_acts::<LessonScreen>(STEP_KEYS, &[("lesson refutation", Box::new(shown))]);
    let puzzle = || {
        let puzzles = load_puzzles().expect("puzzles");
        let (model, effects) =
            PuzzleScreen::new(puzzles, PuzzleProgress::default(), None, 1_800_000_000);
        let mut d = Driver::new(model, effects);
        let p = d.model.current().expect("a puzzle").clone();
        d.choose(&common_puzzles::plain_miss(&p, 0).to_string());
        d.act(Action::Refutation);
        d
    };
    assert_every_key_acts::<PuzzleScreen>(
        othello_tutor::tutor::models::puzzles::KEYS,
        &[("puzzle refutation", Box::new(puzzle))],
    );
}

#[test]
fn a_practice_refutation_states_the_cost_as_the_grade_does() {
    // After f5 d6, c7 is graded by the book (or a search) and refuted by a search of
    // its own: the refutation says the grade's numbers with the grade's basis, so the
    // one cost reads the same in the grade and in the refutation.
    let start = othello_tutor::engine::notation::parse_transcript("f5d6")
        .expect("legal")
        .current();
    let setup = Setup {
        start,
        start_name: "f5 d6".into(),
        ..Setup::against(Color::Black, Strategy::Engine(1))
    };
    let env = Env {
        data_dir: None,
        rating: 1500.0,
        now: 1_800_000_000,
        grading_wait: None,
    };
    let (model, effects) = PracticeScreen::open(Practice::new(setup), env);
    let mut d = Driver::new(model, effects);
    let cx = Context {
        cursor: sq("c7"),
        now: d.now,
    };
    let effects = d.model.choose(sq("c7"), cx);
    d.run(effects);
    let fb = d.model.practice().feedback_at(0).expect("graded").clone();
    assert!(fb.grade.is_error(), "c7 is a mistake: {:?}", fb.grade);
    d.act(PAction::ShowBest);
    let basis = if fb.exact {
        "exact".to_string()
    } else {
        format!("depth {}", fb.depth)
    };
    let verdict = d.verdict();
    assert!(
        verdict.contains(&format!("c7 costs {} discs", fb.loss)),
        "{verdict} / loss {}",
        fb.loss
    );
    let panel = d.panel();
    assert!(
        panel.contains(&format!(
            "c7 costs {} discs ({basis}): {:+} against {:+} for {}.",
            fb.loss, fb.played_value, fb.best_value, fb.best
        )),
        "{panel}"
    );
    assert!(!panel.contains("about"), "{panel}");
}

fn storm_with_two_misses() -> (Driver<RunScreen>, Vec<(Square, Square)>) {
    const T0: u64 = 1_800_000_000;
    let (model, effects) = RunScreen::new(
        RunMode::Storm,
        load_puzzles().expect("puzzles"),
        ModeRecords::default(),
        T0,
    );
    let mut d = Driver::new(model, effects);
    d.now = T0;
    let mut misses = Vec::new();
    for _ in 0..2 {
        let p = d.model.run().current().expect("a puzzle").clone();
        let wrong = common_puzzles::plain_miss(&p, 0);
        misses.push((wrong, p.steps[0].answer));
        d.choose(&wrong.to_string());
    }
    // Before the run is over the key only says when it works.
    let effects = d.act_only(RunAction::Refutation);
    assert!(effects.is_empty(), "{effects:?}");
    assert!(
        d.verdict().contains("once the Storm is over"),
        "{}",
        d.verdict()
    );
    let e = d.model.tick(T0 + 200);
    d.run(e);
    assert!(d.verdict().starts_with("Time's up!"), "{}", d.verdict());
    (d, misses)
}

#[test]
fn a_run_refutes_each_miss_in_turn_once_it_is_over() {
    let (mut d, misses) = storm_with_two_misses();
    assert!(
        d.panel()
            .contains("r: the refutation of your misses, one by one (2 misses)"),
        "{}",
        d.panel()
    );
    let summary_board = d.model.shown().board.position;
    for (k, (wrong, _)) in misses.iter().enumerate() {
        let effects = d.act_only(RunAction::Refutation);
        assert!(
            matches!(effects.as_slice(), [Effect::Run(_, PWork::Refute(_))]),
            "{effects:?}"
        );
        assert!(
            d.verdict()
                .contains(&format!("refutation of {wrong} (miss {} of 2)", k + 1)),
            "{}",
            d.verdict()
        );
        d.run(effects);
        assert!(
            d.verdict().contains(&format!("{wrong} costs")),
            "{}",
            d.verdict()
        );
        // The board shows the refutation's line; the line keys step through it.
        let end = d.model.shown().board.position;
        d.act(RunAction::LineBack);
        assert_ne!(d.model.shown().board.position, end, "[ steps the line");
        d.act(RunAction::LineForward);
        assert_eq!(d.model.shown().board.position, end, "] steps back on");
        // r again: back to the summary and its board.
        d.act(RunAction::Refutation);
        assert!(
            d.verdict().contains("Back to the summary"),
            "{}",
            d.verdict()
        );
        assert_eq!(d.model.shown().board.position, summary_board);
    }
    assert!(
        d.verdict().contains("r starts again from your first miss"),
        "{}",
        d.verdict()
    );
    // A new run forgets the misses.
    d.act(RunAction::Restart);
    assert!(!d.panel().contains("r: the refutation"), "{}", d.panel());
}

#[test]
fn every_run_key_acts_while_a_refutation_is_shown() {
    use common::models::assert_every_key_acts;
    let shown = || {
        let (mut d, _) = storm_with_two_misses();
        d.act(RunAction::Refutation);
        d
    };
    assert_every_key_acts::<RunScreen>(
        othello_tutor::tutor::models::runs::RUN_KEYS,
        &[("run refutation", Box::new(shown))],
    );
}

#[test]
fn a_lost_drill_play_out_is_refuted_at_its_costliest_move() {
    use othello_tutor::engine::endgame::Solver;
    use othello_tutor::tutor::models::drill::{DrillAction, DrillScreen};
    let (model, effects) = DrillScreen::new(
        &load_puzzles().expect("puzzles"),
        ModeRecords::default(),
        1_800_000_000,
    );
    let mut d = Driver::new(model, effects);
    d.act(DrillAction::Refutation);
    assert!(
        d.verdict()
            .contains("once you have played the position out"),
        "{}",
        d.verdict()
    );
    // Find a position where some move loses discs, then play the worst move each turn.
    let mut solver = Solver::new(4);
    let worst = |solver: &mut Solver, pos: othello_tutor::engine::Position| {
        pos.legal_moves()
            .into_iter()
            .map(|sq| {
                let after = pos.play_unchecked(sq);
                let v = solver.solve(&after.board).expect("solved").score;
                let v = if after.to_move == pos.to_move { v } else { -v };
                (v, sq)
            })
            .min()
            .expect("a move")
    };
    loop {
        let start = d.model.round().expect("a round").start();
        let best = solver.solve(&start.board).expect("solved").score;
        if worst(&mut solver, start).0 < best {
            break;
        }
        d.act(DrillAction::Next);
    }
    let mut guard = 0;
    while d.model.round().expect("a round").verdict().is_none() {
        let pos = d.model.round().expect("a round").position();
        let (_, sq) = worst(&mut solver, pos);
        d.choose(&sq.to_string());
        guard += 1;
        assert!(guard < 20);
    }
    assert!(d.verdict().starts_with("✗ You reached"), "{}", d.verdict());
    assert!(
        d.panel()
            .contains("r: the refutation of your costliest move"),
        "{}",
        d.panel()
    );
    let before = d.model.shown().board.position;
    let effects = d.act_only(DrillAction::Refutation);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Run(
                _,
                othello_tutor::tutor::models::drill::DrillTask::Refute(_)
            )]
        ),
        "{effects:?}"
    );
    d.run(effects);
    assert!(d.verdict().contains(" costs "), "{}", d.verdict());
    let end = d.model.shown().board.position;
    assert_ne!(end, before, "the board shows the refutation");
    d.act(DrillAction::LineBack);
    assert_ne!(
        d.model.shown().board.position,
        end,
        "[ steps the refutation"
    );
    // r hides it: [ and ] step the solver's best line again.
    d.act(DrillAction::Refutation);
    assert!(d.verdict().contains("Refutation hidden"), "{}", d.verdict());
    d.act(DrillAction::LineForward);
    assert!(
        d.panel().contains("The best line, move 1 of"),
        "{}",
        d.panel()
    );
    // A typed answer has no move to refute.
    d.act(DrillAction::Next);
    d.typed("+64");
    d.act(DrillAction::Refutation);
    assert!(
        d.verdict().contains("you answered with the score"),
        "{}",
        d.verdict()
    );
}

/// Issue 44: a wrong answer in the second course is refuted like any other: the
/// Stoner trap's first find-move step (White's g7) and the sacrifice lesson's (b2).
#[test]
fn the_second_course_refutes_a_wrong_find_move_answer() {
    for (id, step, wrong, better) in [("stoner-trap", 2, "g8", "g7"), ("sacrifice", 1, "h7", "b2")]
    {
        let lesson = load_lessons()
            .expect("lessons")
            .into_iter()
            .find(|l| l.id == id)
            .expect(id);
        let (model, effects) = LessonScreen::new(lesson, step);
        let mut d = Driver::new(model, effects);
        d.choose(wrong);
        assert!(d.verdict().starts_with("✗"), "{id}: {}", d.verdict());
        let effects = d.act_only(StepAction::Refutation);
        assert!(
            matches!(effects.as_slice(), [Effect::Run(_, Work::Refute(_))]),
            "{id}: {effects:?}"
        );
        d.run(effects);
        let verdict = d.verdict();
        assert!(
            verdict.contains(&format!("{wrong} costs")),
            "{id}: {verdict}"
        );
        let panel = d.panel();
        assert!(
            panel.contains(&format!("Better: {better}.")),
            "{id}: {panel}"
        );
    }
}
