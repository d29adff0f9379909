//! The practice screen's model, driven without a terminal: seats from the file a game
//! is opened from, messages that describe the state shown, book moves labelled book,
//! move numbers that agree with the review, and every key acting in every state.

use crate::common;

use common::models::Driver;
use othello_tutor::engine::Color;
use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::engine::players::Strategy;
use othello_tutor::tutor::game_review::GameReview;
use othello_tutor::tutor::models::practice::{Action, Env, KEYS, PracticeScreen};
use othello_tutor::tutor::practice::{Practice, Seat, Setup};
use othello_tutor::tutor::screen::{Answer, Effect};

fn env(dir: Option<std::path::PathBuf>) -> Env {
    Env {
        data_dir: dir,
        rating: 1500.0,
        now: 1_800_000_000,
        grading_wait: None,
    }
}

fn screen(setup: Setup) -> Driver<PracticeScreen> {
    let (model, effects) = PracticeScreen::new_game(setup, env(None));
    Driver::new(model, effects)
}

fn two_players() -> Setup {
    Setup {
        black: Seat::Human,
        white: Seat::Human,
        ..Setup::against(Color::Black, Strategy::Engine(1))
    }
}

#[test]
fn a_saved_game_opens_with_the_players_its_file_names() {
    // A game saved as "You (Black) vs level 6": PB[You] PW[Engine level 6 …].
    let mut saved = Practice::new(Setup::against(Color::Black, Strategy::Engine(6)));
    for mv in ["f5", "d6"] {
        saved
            .play(othello_tutor::engine::Move::Place(common::sq(mv)))
            .expect("legal");
    }
    let ggf = saved.ggf();
    assert!(ggf.contains("PB[You]"), "{ggf}");
    // Opened during a game where the learner is White against Mobility only.
    let mut d = screen(Setup::against(Color::White, Strategy::MobilityOnly));
    d.act(Action::Open);
    d.answer(Answer::Text(ggf));
    let setup = d.model.practice().setup();
    assert_eq!(setup.black, Seat::Human);
    assert_eq!(setup.white, Seat::Computer(Strategy::Engine(6)));
    // Black (the learner) is to move: the engine did not move at once.
    assert_eq!(d.model.practice().game().len(), 2);
    assert!(d.model.practice().human_to_move());
}

#[test]
fn redo_says_what_it_replayed() {
    let mut d = screen(two_players());
    d.choose("f5");
    d.choose("d6");
    d.act(Action::Undo);
    assert_eq!(d.verdict(), "Taken back.");
    d.act(Action::Redo);
    assert_eq!(d.verdict(), "Replayed 1 move.");
}

#[test]
fn the_best_move_names_the_move_it_replaces() {
    let mut d = screen(two_players());
    d.choose("f5");
    d.choose("d6");
    d.choose("c3");
    // c3 is a book move: no better move to show.
    d.act(Action::ShowBest);
    assert!(
        d.verdict().contains("was the best move")
            || d.verdict().starts_with("Instead of c3 (move 3)"),
        "{}",
        d.verdict()
    );
    let mut fresh = screen(two_players());
    fresh.act(Action::ShowBest);
    assert!(
        fresh.verdict().starts_with("No graded move yet"),
        "{}",
        fresh.verdict()
    );
}

#[test]
fn a_book_reply_is_labelled_book() {
    let mut d = screen(Setup::against(Color::Black, Strategy::Engine(6)));
    d.choose("f5");
    assert_eq!(d.model.practice().game().len(), 2, "{}", d.panel());
    assert!(d.panel().contains("White played"), "{}", d.panel());
    assert!(d.panel().contains(", book)"), "{}", d.panel());
    assert!(!d.panel().contains("estimate"), "{}", d.panel());
}

/// Out of the book and far from the end, the opponent's reply carries no value of
/// its own: the only searched value on screen is the grade's, so one position is
/// never given two values (the opponent's shallow estimate and the grade's).
#[test]
fn a_searched_reply_states_no_value_of_its_own() {
    let later =
        parse_transcript("f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1").expect("legal");
    let setup = Setup {
        start: later.current(),
        start_name: "a pasted position".into(),
        ..Setup::against(Color::Black, Strategy::Engine(2))
    };
    let mut d = screen(setup);
    let black = d
        .model
        .practice()
        .position()
        .legal_moves()
        .into_iter()
        .next()
        .expect("a move");
    d.choose(&black.to_string());
    assert_eq!(d.model.practice().game().len(), 2, "{}", d.panel());
    let line = d
        .panel()
        .lines()
        .find(|l| l.starts_with("White played"))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("no reply line in {}", d.panel()));
    assert!(
        line.ends_with('.') && !line.contains('('),
        "the reply line states a searched value: {line}"
    );
}

#[test]
fn move_numbers_agree_between_the_panel_and_the_review() {
    let later = parse_transcript("f5d6c3d3c4f4f6f3e6e7d7c6e3").expect("legal");
    let setup = Setup {
        start: later.current(),
        start_name: "a pasted position".into(),
        ..two_players()
    };
    let mut d = screen(setup);
    assert!(d.panel().contains("Move 14 "), "{}", d.panel());
    let mv = d.model.practice().position().legal_move_list()[0];
    d.choose(&mv.to_string());
    assert!(d.panel().contains("Move 15 "), "{}", d.panel());
    let review = GameReview::unvalued(d.model.practice().game());
    assert_eq!(review.moves[0].number(), 14);
}

#[test]
fn every_key_acts_or_says_why_not_in_every_state() {
    type Make = Box<dyn Fn() -> Driver<PracticeScreen>>;
    let states: Vec<(&str, Make)> = vec![
        ("the learner to move", Box::new(|| screen(two_players()))),
        (
            "the engine thinking",
            Box::new(|| {
                let (model, _) = PracticeScreen::new_game(
                    Setup::against(Color::White, Strategy::Engine(1)),
                    env(None),
                );
                Driver::new(model, Vec::new())
            }),
        ),
        (
            "the game over",
            Box::new(|| {
                let mut d = screen(two_players());
                d.act(Action::Resign);
                d.confirm(true);
                d
            }),
        ),
    ];
    common::models::assert_every_key_acts(KEYS, &states);
}

#[test]
fn resigning_asks_first_and_ends_with_the_game_over_choices() {
    let mut d = screen(two_players());
    d.choose("f5");
    d.act(Action::Resign);
    assert!(matches!(d.asked.first(), Some(Effect::Confirm { .. })));
    d.confirm(true);
    assert!(d.model.practice().is_over());
    match d.asked.first() {
        Some(Effect::Choose { title, items, .. }) => {
            assert_eq!(title, "Game over");
            assert!(
                items.iter().any(|i| i.starts_with("z  Puzzles")),
                "{items:?}"
            );
        }
        other => panic!("the game-over choices, not {other:?}"),
    }
}

#[test]
fn undo_then_redo_brings_the_computers_reply_line_back() {
    let mut d = screen(Setup::against(Color::Black, Strategy::Engine(6)));
    d.choose("f5");
    assert!(d.panel().contains("White played"), "{}", d.panel());
    d.act(Action::Undo);
    assert!(
        !d.panel().contains("White played"),
        "taken back: {}",
        d.panel()
    );
    d.act(Action::Redo);
    assert_eq!(d.model.practice().game().len(), 2);
    assert!(
        d.panel().contains("White played"),
        "replayed: {}",
        d.panel()
    );
}

/// Two people at one keyboard from FFO #1, with no time for an exact grade: every
/// grade is first a search's.
fn two_players_without_time_to_prove() -> (Setup, Env) {
    let setup = Setup {
        black: Seat::Human,
        white: Seat::Human,
        ..near_the_end(true)
    };
    let env = Env {
        grading_wait: Some(std::time::Duration::ZERO),
        ..env(None)
    };
    (setup, env)
}

/// A practice game from FFO #1 (14 empties, Black to move), the learner Black.
fn near_the_end(feedback: bool) -> Setup {
    let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let start = othello_tutor::engine::notation::parse_obf(ffo_1)
        .expect("OBF")
        .position;
    Setup {
        start,
        start_name: "FFO #1".into(),
        feedback,
        ..Setup::against(Color::Black, Strategy::Engine(1))
    }
}

fn prepares(effects: &[Effect<othello_tutor::tutor::models::practice::Task>]) -> usize {
    use othello_tutor::tutor::models::practice::Task;
    effects
        .iter()
        .filter(|e| matches!(e, Effect::Run(_, Task::Prepare { .. })))
        .count()
}

#[test]
fn the_grade_is_prepared_while_the_learner_thinks() {
    // With feedback, the groundwork of the grade starts as soon as it is the learner's
    // turn: within the exact-solve threshold, and far from the end too.
    let (_, effects) = PracticeScreen::new_game(near_the_end(true), env(None));
    assert_eq!(prepares(&effects), 1);
    let far = Setup::against(Color::Black, Strategy::Engine(1));
    assert!(far.feedback);
    let (_, effects) = PracticeScreen::new_game(far.clone(), env(None));
    assert_eq!(prepares(&effects), 1);
    // Without feedback nothing is prepared.
    let (_, effects) = PracticeScreen::new_game(near_the_end(false), env(None));
    assert_eq!(prepares(&effects), 0);
    let (_, effects) = PracticeScreen::new_game(
        Setup {
            feedback: false,
            ..far
        },
        env(None),
    );
    assert_eq!(prepares(&effects), 0);
    // The learner's move replaces the preparation: the grade is what is waited for.
    let (mut model, _) = PracticeScreen::new_game(near_the_end(true), env(None));
    use othello_tutor::tutor::screen::{BoardModel, Context};
    let a2 = common::sq("a2");
    let effects = model.choose(
        a2,
        Context {
            cursor: a2,
            now: 1_800_000_000,
        },
    );
    assert_eq!(prepares(&effects), 0);
    assert_eq!(effects.len(), 1, "one job: the grade");
}

#[test]
fn a_prepared_grade_has_the_values_of_a_fresh_one() {
    use othello_tutor::engine::search::Searcher;
    use othello_tutor::tutor::settings::grading_values;
    // The driver runs the preparation, then the grade, on one searcher.
    let mut d = screen(near_the_end(true));
    d.choose("a2");
    let fb = d.model.practice().feedback_at(0).expect("graded").clone();
    let board = near_the_end(true).start.board;
    let fresh = grading_values(&mut Searcher::new(1, 1), &board, common::sq("a2")).expect("run");
    assert_eq!(fb.best_value * 100, fresh[0].score);
    assert_eq!(fb.played_value * 100, fresh.last().expect("a value").score);
    assert!(fb.exact);
    assert_eq!(fb.best_value, 18, "g8 wins by 18 (FFO #1)");
}

#[test]
fn a_grade_not_proved_in_time_is_searched_until_the_exact_one_replaces_it() {
    use othello_tutor::engine::search::Searcher;
    use othello_tutor::tutor::models::practice::{GradeStage, Output, Task};
    use othello_tutor::tutor::screen::{BoardModel, Context, EngineTask};
    use othello_tutor::tutor::settings::{INTERIM_ANALYSIS, grading_values};
    // No time at all for the exact grade: the grade is searched meanwhile.
    let env = Env {
        grading_wait: Some(std::time::Duration::ZERO),
        ..env(None)
    };
    let (mut model, _) = PracticeScreen::new_game(near_the_end(true), env);
    let a2 = common::sq("a2");
    let effects = model.choose(
        a2,
        Context {
            cursor: a2,
            now: 1_800_000_000,
        },
    );
    let (ticket, task) = effects
        .into_iter()
        .find_map(|e| match e {
            Effect::Run(t, task @ Task::Grade { .. }) => Some((t, task)),
            _ => None,
        })
        .expect("the move is graded");
    let mut searcher = Searcher::new(4, 4);
    let output = task.run(&mut searcher);
    assert!(
        matches!(
            &output,
            Output::Graded {
                stage: GradeStage::Interim,
                values: Ok(_),
                ..
            }
        ),
        "{output:?}"
    );
    let next = model.finished(ticket, output);
    let interim = model.practice().feedback_at(0).expect("graded").clone();
    assert!(!interim.exact, "a searched grade is not said to be exact");
    assert_eq!(interim.depth, INTERIM_ANALYSIS.depth);
    let line = model.shown().verdict.map(|v| v.line()).unwrap_or_default();
    assert!(
        line.contains("The exact grade follows while you think."),
        "{line}"
    );
    // The computer replies; while the learner thinks the exact grade is worked out
    // first, and it replaces the searched one.
    assert!(
        next.iter()
            .any(|e| matches!(e, Effect::Run(_, Task::Reply { .. }))),
        "the game goes on at once"
    );
    let d = Driver::new(model, next);
    let exact = d.model.practice().feedback_at(0).expect("graded").clone();
    assert!(exact.exact);
    let board = near_the_end(true).start.board;
    let fresh = grading_values(&mut Searcher::new(1, 1), &board, a2).expect("run");
    assert_eq!(exact.best_value * 100, fresh[0].score);
    assert_eq!(
        exact.played_value * 100,
        fresh.last().expect("a value").score
    );
    assert!(
        d.panel()
            .contains(&format!("Move 47 (a2) graded exactly: {}.", exact.grade)),
        "{}",
        d.panel()
    );
    assert_eq!(
        d.panel().matches("graded exactly").count(),
        1,
        "confirmed once"
    );
}

#[test]
fn a_move_graded_meanwhile_taken_back_and_replayed_still_gets_its_exact_grade() {
    use othello_tutor::engine::search::Searcher;
    use othello_tutor::tutor::models::practice::{GradeStage, Output, Task};
    use othello_tutor::tutor::screen::{BoardModel, Context, EngineTask};
    // Two people at one keyboard; no time for the exact grade, so a2 is graded by a
    // search, then taken back before its exact grade comes, then replayed.
    let (setup, env) = two_players_without_time_to_prove();
    let (mut model, _) = PracticeScreen::new_game(setup, env);
    let a2 = common::sq("a2");
    let at = Context {
        cursor: a2,
        now: 1_800_000_000,
    };
    let (ticket, task) = model
        .choose(a2, at)
        .into_iter()
        .find_map(|e| match e {
            Effect::Run(t, task @ Task::Grade { .. }) => Some((t, task)),
            _ => None,
        })
        .expect("the move is graded");
    let output = task.run(&mut Searcher::new(4, 4));
    assert!(
        matches!(
            &output,
            Output::Graded {
                stage: GradeStage::Interim,
                ..
            }
        ),
        "{output:?}"
    );
    // The exact grade's work is asked for, but the learner takes the move back first.
    let _ = model.finished(ticket, output);
    assert!(model.practice().feedback_at(0).expect("graded").interim);
    let _ = model.act(Action::Undo, at);
    assert_eq!(model.practice().game().len(), 0);
    let replayed = model.act(Action::Redo, at);
    assert_eq!(model.practice().game().len(), 1);
    let d = Driver::new(model, replayed);
    let fb = d.model.practice().feedback_at(0).expect("graded").clone();
    assert!(fb.exact && !fb.interim, "{fb:?}");
    assert!(
        d.panel().contains("Move 47 (a2) graded exactly:"),
        "{}",
        d.panel()
    );
}

#[test]
fn a_move_taken_back_while_it_was_graded_is_graded_when_replayed() {
    use othello_tutor::tutor::models::practice::Task;
    use othello_tutor::tutor::screen::{BoardModel, Context};
    let (mut model, _) = PracticeScreen::new_game(near_the_end(true), env(None));
    let a2 = common::sq("a2");
    let at = Context {
        cursor: a2,
        now: 1_800_000_000,
    };
    // The grade is asked for, but the learner takes the move back before it comes.
    let asked = model.choose(a2, at);
    assert!(
        asked
            .iter()
            .any(|e| matches!(e, Effect::Run(_, Task::Grade { .. }))),
        "the move is graded"
    );
    let _ = model.act(Action::Undo, at);
    assert_eq!(model.practice().game().len(), 0);
    let replayed = model.act(Action::Redo, at);
    assert!(
        replayed
            .iter()
            .any(|e| matches!(e, Effect::Run(_, Task::Grade { index: 0, .. }))),
        "the replayed move is graded again"
    );
    let d = Driver::new(model, replayed);
    let fb = d
        .model
        .practice()
        .feedback_at(0)
        .expect("graded when replayed");
    assert_eq!(fb.played, a2);
    // Taken back and replaced by another move, the old one is not graded.
    let (mut model, _) = PracticeScreen::new_game(near_the_end(true), env(None));
    let _ = model.choose(a2, at);
    let _ = model.act(Action::Undo, at);
    let mut d = Driver::new(model, Vec::new());
    d.choose("g8");
    let fb = d.model.practice().feedback_at(0).expect("graded");
    assert_eq!(fb.played, common::sq("g8"));
}

#[test]
fn an_exact_grade_replaces_the_searched_verdict_still_shown() {
    // Two people at one keyboard: the other one is to move at once, so the exact
    // grade comes while the searched one is still the verdict line.
    let (setup, env) = two_players_without_time_to_prove();
    let (model, effects) = PracticeScreen::new_game(setup, env);
    let mut d = Driver::new(model, effects);
    d.choose("a2");
    let fb = d.model.practice().feedback_at(0).expect("graded").clone();
    assert!(fb.exact);
    let verdict = d.verdict();
    assert!(verdict.contains("Exact now: a2: "), "{verdict}");
    assert!(!verdict.contains("follows"), "{verdict}");
}

#[test]
fn the_game_over_summary_waits_for_the_exact_grade_of_the_last_move() {
    use othello_tutor::engine::analysis::MoveValue;
    use othello_tutor::engine::{Move, Square};
    use othello_tutor::tutor::models::practice::{GradeStage, Output, Task};
    use othello_tutor::tutor::screen::{BoardModel, Context};
    // Two people at one keyboard play FFO #1 out (a line found by hand-written
    // search: its last move, h8, is one of two and ends the game).
    let setup = Setup {
        black: Seat::Human,
        white: Seat::Human,
        ..near_the_end(true)
    };
    let (model, effects) = PracticeScreen::new_game(setup, env(None));
    let mut d = Driver::new(model, effects);
    for mv in [
        "b1", "a1", "h1", "a2", "g2", "a3", "b6", "a4", "g8", "a6", "a8", "a7",
    ] {
        d.choose(mv);
    }
    let before = d.model.practice().position();
    let moves: Vec<Square> = before.legal_moves().into_iter().collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
    let h8 = common::sq("h8");
    let other = *moves.iter().find(|&&m| m != h8).expect("another move");
    let effects = d.model.choose(
        h8,
        Context {
            cursor: h8,
            now: d.now,
        },
    );
    let (ticket, index) = effects
        .into_iter()
        .find_map(|e| match e {
            Effect::Run(t, Task::Grade { index, .. }) => Some((t, index)),
            _ => None,
        })
        .expect("h8 is graded");
    assert!(d.model.practice().is_over());
    // Its grade comes back as a search's, not exact (values made up for the test).
    let value = |sq: Square, discs: i32| MoveValue {
        mv: Move::Place(sq),
        score: discs * 100,
        exact: false,
        depth: 12,
        pv: vec![Some(sq)],
    };
    let next = d.model.finished(
        ticket,
        Output::Graded {
            before,
            sq: h8,
            index,
            values: Ok(vec![value(other, 40), value(h8, 10)]),
            refutation: None,
            stage: GradeStage::Interim,
        },
    );
    // The summary waits: the exact grade is worked out first.
    assert!(
        next.iter()
            .any(|e| matches!(e, Effect::Run(_, Task::Confirm { .. }))),
        "the exact grade is made first"
    );
    assert!(
        !next.iter().any(|e| matches!(e, Effect::Choose { .. })),
        "no summary before it"
    );
    d.run(next);
    let last = d.model.practice().feedback_at(index).expect("graded");
    assert!(last.exact, "the summary counts the exact grade");
    assert!(
        d.asked
            .iter()
            .any(|e| matches!(e, Effect::Choose { title, .. } if title == "Game over")),
        "then the summary"
    );
}

/// The learner's move `played` graded from `values` (square, discs, exact) as the
/// grading search would hand them over, in a position out of the book; the
/// computer's reply then runs.
fn graded_from(
    played: usize,
    values: &[(usize, i32, bool)],
) -> (Driver<PracticeScreen>, Vec<String>) {
    use othello_tutor::engine::Move;
    use othello_tutor::engine::analysis::MoveValue;
    use othello_tutor::tutor::models::practice::{Output, Task};
    use othello_tutor::tutor::screen::{BoardModel, Context};
    let later =
        parse_transcript("f5d6c3d3c4f4c5b3c2e3d2c6b4b5f2e2a3d1c1a4a5f3g4f1").expect("legal");
    let setup = Setup {
        start: later.current(),
        start_name: "a pasted position".into(),
        ..Setup::against(Color::Black, Strategy::Engine(1))
    };
    let mut d = screen(setup);
    let moves: Vec<othello_tutor::engine::Square> = d
        .model
        .practice()
        .position()
        .legal_moves()
        .into_iter()
        .collect();
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let sq = moves[played];
    let effects = d.model.choose(
        sq,
        Context {
            cursor: sq,
            now: d.now,
        },
    );
    let (ticket, before, index) = effects
        .into_iter()
        .find_map(|e| match e {
            Effect::Run(t, Task::Grade { before, index, .. }) => Some((t, before, index)),
            _ => None,
        })
        .expect("the move is graded by search");
    let values = values
        .iter()
        .map(|&(i, discs, exact)| MoveValue {
            mv: Move::Place(moves[i]),
            score: discs * 100,
            exact,
            depth: if exact { 0 } else { 14 },
            pv: vec![Some(moves[i])],
        })
        .collect();
    let next = d.model.finished(
        ticket,
        Output::Graded {
            before,
            sq,
            index,
            values: Ok(values),
            refutation: None,
            stage: othello_tutor::tutor::models::practice::GradeStage::Final,
        },
    );
    d.run(next);
    (d, names)
}

/// The walk's grade "d6: best move (-64, depth 14)" at 12-26 discs: the evaluation
/// stops at 63 discs, so a searched value there is a bound, and the grade says so.
#[test]
fn a_searched_value_at_the_evaluations_limit_reads_as_the_bound_it_is() {
    use othello_tutor::tutor::feedback::SEARCH_LIMIT;
    assert_eq!(SEARCH_LIMIT, 63);
    // The best move, every move at the limit: the game looks lost.
    let (d, m) = graded_from(0, &[(0, -64, false), (1, -64, false)]);
    let verdict = d.verdict();
    assert!(
        verdict.contains(&format!(
            "{}: best move; the game looks lost (-63 or worse, depth 14)",
            m[0]
        )),
        "{verdict}"
    );
    assert!(
        !verdict.contains("-64") && !d.panel().contains("-64"),
        "{}",
        d.panel()
    );
    // A move at the limit against a best move that is not: the loss is a least loss.
    let (mut d, m) = graded_from(0, &[(1, -52, false), (0, -63, false)]);
    let line = format!(
        "{}: blunder, loses 11 discs or more (-63 or worse against -52 for {}, depth 14)",
        m[0], m[1]
    );
    assert!(d.verdict().contains(&line), "{}", d.verdict());
    assert!(d.panel().contains(&line), "{}", d.panel());
    d.act(Action::Review);
    let items = d
        .asked
        .iter()
        .find_map(|e| match e {
            Effect::Choose { items, .. } => Some(items.clone()),
            _ => None,
        })
        .expect("the review");
    assert!(
        items[0].contains(&format!("blunder, -11 or more (best {} -52)", m[1])),
        "{items:?}"
    );
    // Proved values are final margins, stated as they are.
    let (d, m) = graded_from(0, &[(0, -64, true), (1, -64, true)]);
    assert!(
        d.verdict()
            .contains(&format!("{}: best move (-64, exact)", m[0])),
        "{}",
        d.verdict()
    );
    // Below the limit, the searched value is the number it was.
    let (d, m) = graded_from(0, &[(1, -50, false), (0, -62, false)]);
    assert!(
        d.verdict().contains(&format!(
            "{}: blunder, loses 12 discs (-62 against -50 for {}, depth 14)",
            m[0], m[1]
        )),
        "{}",
        d.verdict()
    );
}

#[test]
fn a_book_graded_mistake_is_refuted_while_the_learner_thinks() {
    use othello_tutor::engine::Move;
    use othello_tutor::tutor::models::practice::Task;
    // Two players at one keyboard, feedback on. The first line f5 X Y whose Y the
    // opening book grades a mistake (found with the game alone, no screen).
    let mut line = None;
    'search: for x in parse_transcript("f5")
        .expect("legal")
        .current()
        .legal_moves()
    {
        let after = parse_transcript(&format!("f5{x}"))
            .expect("legal")
            .current();
        for y in after.legal_moves() {
            let mut p = Practice::new(two_players());
            for m in ["f5".parse().unwrap(), x, y] {
                p.play(Move::Place(m)).expect("legal");
            }
            if p.book_feedback_at(2).is_some_and(|fb| fb.grade.is_error()) {
                line = Some((x, y));
                break 'search;
            }
        }
    }
    let (x, y) = line.expect("a book mistake within three moves");
    let mut d = screen(two_players());
    for m in ["f5".to_string(), x.to_string(), y.to_string()] {
        d.choose(&m);
    }
    let fb = d.model.practice().feedback_at(2).expect("graded").clone();
    assert!(fb.book.is_some() && fb.grade.is_error(), "{fb:?}");
    // Nothing was said of a refutation before it was asked for.
    assert!(!d.verdict().contains("Refutation:"), "{}", d.verdict());
    // The driver ran the work started while the learner thinks: the refutation is
    // there, and the best-move key shows it with no engine work of its own.
    let effects = d.act_only(Action::ShowBest);
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::Run(_, Task::Refute { .. }))),
        "f5 {x} {y}: the refutation was searched again"
    );
    assert!(d.verdict().contains("Refutation:"), "{}", d.verdict());
}
