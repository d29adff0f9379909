//! The unrated puzzle modes: Storm (the timer and the penalty), Streak (the end on a
//! miss, the best kept) and the endgame drill (the score check, the solver's line),
//! as state machines and through the puppet backend with the shell's clock fixed.

use crate::common;

use crate::common_puzzles;

use common_puzzles::plain_miss;

use common::{Harness, temp_data_dir};
use cursive::event::{Event, Key};
use othello_tutor::engine::Square;
use othello_tutor::engine::endgame::Solver;
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::progress::{ModeRecords, ProgressStore};
use othello_tutor::tutor::puzzle::Puzzle;
use othello_tutor::tutor::puzzle::drill::{
    Drill, MAX_EMPTIES, MIN_EMPTIES, PlayOut, Round, ScoreError, drill_positions, parse_score,
};
use othello_tutor::tutor::puzzle::timed::{
    Played, RUN_LENGTH, Run, RunEnd, RunMode, STORM_PENALTY, STORM_SECONDS, rising_queue,
};
use othello_tutor::ui::shell::set_clock;

const T0: u64 = 2_000_000_000;

fn puzzles() -> Vec<Puzzle> {
    load_puzzles().expect("the embedded puzzles load")
}

/// Plays `sq` on the puppet board by typing its name.
fn play(h: &mut Harness, sq: Square) {
    h.keys(&sq.to_string());
    h.send(Event::Key(Key::Enter));
}

/// Solves `p` on the puppet board: an accepted move at every step.
fn solve(h: &mut Harness, p: &Puzzle) {
    for step in &p.steps {
        play(
            h,
            step.accepted.into_iter().next().expect("an accepted move"),
        );
    }
}

fn open_mode(h: &mut Harness, key: &str) {
    h.keys("2");
    h.keys("m");
    assert!(h.text().contains("Puzzle modes"), "{}", h.text());
    h.keys(key);
}

fn saved_records(dir: &std::path::Path) -> ModeRecords {
    ProgressStore::new(dir)
        .load()
        .expect("the progress loads")
        .progress
        .modes
}

#[test]
fn the_run_queue_rises_in_rating_and_repeats_for_a_seed() {
    let all = puzzles();
    let q = rising_queue(&all, 7, RUN_LENGTH);
    assert_eq!(q.len(), RUN_LENGTH.min(all.len()));
    // Strictly rising: the set has many puzzles at the 600 floor, and a run served
    // five of them first.
    assert!(q.windows(2).all(|w| w[0].rating < w[1].rating));
    let ids = |q: &[Puzzle]| q.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&q), ids(&rising_queue(&all, 7, RUN_LENGTH)));
    assert_ne!(ids(&q), ids(&rising_queue(&all, 8, RUN_LENGTH)));
}

#[test]
fn storm_takes_time_for_a_miss_and_ends_when_the_time_is_up() {
    let all = puzzles();
    let mut solver = Solver::new(4);
    let mut run = Run::new(RunMode::Storm, &all, 3);
    assert_eq!(run.time_left(0), Some(STORM_SECONDS));
    let first = run.current().expect("a puzzle").clone();
    let wrong = plain_miss(&first, 0);
    assert!(matches!(
        run.play(20, wrong, &mut solver),
        Played::Missed {
            penalty: STORM_PENALTY,
            near: false,
            ..
        }
    ));
    assert_eq!(run.missed(), 1);
    assert_eq!(run.time_left(20), Some(STORM_SECONDS - 20 - STORM_PENALTY));
    // The next puzzle is served; an illegal move is not a try.
    let second = run.current().expect("a puzzle").clone();
    assert_ne!(second.id, first.id);
    let occupied = Square::parse("d4").unwrap();
    assert!(matches!(
        run.play(21, occupied, &mut solver),
        Played::Illegal(_)
    ));
    assert_eq!(run.missed(), 1);
    // Time runs out at 180 s less the penalty.
    let end = STORM_SECONDS - STORM_PENALTY;
    assert!(!run.tick(end - 1));
    assert!(run.tick(end));
    assert_eq!(run.end(), Some(RunEnd::TimeUp));
    let answer = second.steps[0].answer;
    assert_eq!(run.play(end + 1, answer, &mut solver), Played::Over);
    assert_eq!(run.solved(), 0);
}

#[test]
fn streak_ends_at_the_first_miss() {
    let all = puzzles();
    let mut solver = Solver::new(4);
    let mut run = Run::new(RunMode::Streak, &all, 5);
    assert_eq!(run.time_left(10_000), None);
    for _ in 0..2 {
        let p = run.current().expect("a puzzle").clone();
        for (i, step) in p.steps.iter().enumerate() {
            let r = run.play(0, step.answer, &mut solver);
            if i + 1 == p.steps.len() {
                assert_eq!(r, Played::Solved);
            } else {
                assert!(matches!(r, Played::Right { .. }), "{r:?}");
            }
        }
    }
    let p = run.current().expect("a puzzle").clone();
    let r = run.play(0, plain_miss(&p, 0), &mut solver);
    assert!(matches!(r, Played::Missed { penalty: 0, .. }), "{r:?}");
    assert_eq!(run.end(), Some(RunEnd::Missed));
    assert_eq!(run.solved(), 2);
    assert!(run.current().is_none());
}

#[test]
fn storm_through_the_screen_timer_penalty_and_best() {
    let dir = temp_data_dir("storm");
    let mut h = Harness::with_dir(100, 40, dir.clone());
    set_clock(h.siv(), T0);
    open_mode(&mut h, "1");
    let t = h.text();
    assert!(
        t.contains("3:00 left · solved 0 · missed 0 · best 0"),
        "{t}"
    );
    let queue = Run::new(RunMode::Storm, &puzzles(), T0).queue().to_vec();
    assert!(t.contains(&format!("rating {}", queue[0].rating)), "{t}");
    // The clock ticks by itself (the ticker redraws it).
    set_clock(h.siv(), T0 + 30);
    h.wait_for("2:30 left");
    solve(&mut h, &queue[0]);
    let t = h.text();
    assert!(t.contains("solved!"), "{t}");
    assert!(t.contains("2:30 left · solved 1 · missed 0"), "{t}");
    // A miss costs ten seconds and moves on.
    play(&mut h, plain_miss(&queue[1], 0));
    // The miss is valued off the interface's thread (the near-miss rule) first.
    let t = h.wait_for("is not it. -10 s.");
    assert!(t.contains("2:20 left · solved 1 · missed 1"), "{t}");
    assert!(t.contains("Puzzle 3 of"), "{t}");
    // Past 180 s (with the penalty, 170 s) the run ends with the score and the best.
    set_clock(h.siv(), T0 + 170);
    let t = h.wait_for("Time's up!");
    assert!(t.contains("0:00 left"), "{t}");
    assert!(t.contains("You solved 1 and missed 1."), "{t}");
    assert!(t.contains("A new best: 1 (it was 0)."), "{t}");
    insta::assert_snapshot!("storm_time_up", t);
    assert_eq!(saved_records(&dir).storm_best, 1);
    // The board takes no more moves; n starts a new run, which keeps the best.
    play(&mut h, queue[2].steps[0].answer);
    assert!(h.text().contains("This Storm is over"), "{}", h.text());
    h.keys("n");
    let t = h.text();
    assert!(
        t.contains("3:00 left · solved 0 · missed 0 · best 1"),
        "{t}"
    );
    set_clock(h.siv(), T0 + 170 + STORM_SECONDS);
    let t = h.wait_for("Time's up!");
    assert!(t.contains("Your best: 1."), "{t}");
    assert_eq!(saved_records(&dir).storm_runs, 2);
    // Esc goes back to the puzzle trainer.
    h.send(Event::Key(Key::Esc));
    assert!(h.text().contains("m modes"), "{}", h.text());
}

#[test]
fn streak_through_the_screen_ends_on_a_miss_and_keeps_the_best() {
    let dir = temp_data_dir("streak");
    let mut h = Harness::with_dir(100, 40, dir.clone());
    set_clock(h.siv(), T0);
    open_mode(&mut h, "2");
    let queue = Run::new(RunMode::Streak, &puzzles(), T0).queue().to_vec();
    assert!(h.text().contains("Streak 0 · best 0"), "{}", h.text());
    solve(&mut h, &queue[0]);
    solve(&mut h, &queue[1]);
    assert!(h.text().contains("Streak 2 · best 0"), "{}", h.text());
    play(&mut h, plain_miss(&queue[2], 0));
    let t = h.text();
    assert!(t.contains("The streak ends at 2."), "{t}");
    assert!(t.contains("Streak over. You solved 2 and missed 1."), "{t}");
    assert!(t.contains("A new best: 2 (it was 0)."), "{t}");
    assert!(t.contains("The solution was "), "{t}");
    insta::assert_snapshot!("streak_over", t);
    assert_eq!(saved_records(&dir).streak_best, 2);
    // A new run that ends at once keeps the best of 2.
    set_clock(h.siv(), T0 + 1);
    h.keys("n");
    let queue = Run::new(RunMode::Streak, &puzzles(), T0 + 1)
        .queue()
        .to_vec();
    play(&mut h, plain_miss(&queue[0], 0));
    let t = h.text();
    assert!(t.contains("Your best: 2."), "{t}");
    assert!(t.contains("Streak 0 · best 2"), "{t}");
    assert_eq!(saved_records(&dir).streak_runs, 2);
}

#[test]
fn typed_scores_are_read_as_the_movers_margin() {
    use othello_tutor::engine::Color::{Black, White};
    assert_eq!(parse_score("+4", Black), Ok(4));
    assert_eq!(parse_score(" -2 ", White), Ok(-2));
    assert_eq!(parse_score("0", Black), Ok(0));
    assert_eq!(parse_score("34-30", Black), Ok(4));
    assert_eq!(parse_score("34-30", White), Ok(-4));
    assert_eq!(parse_score("32-32", White), Ok(0));
    assert_eq!(parse_score("+3", Black), Err(ScoreError::Odd(3)));
    assert_eq!(parse_score("66", Black), Err(ScoreError::TooLarge(66)));
    assert_eq!(
        parse_score("34-20", Black),
        Err(ScoreError::NotFinal(34, 20))
    );
    assert_eq!(parse_score("", Black), Err(ScoreError::Empty));
    assert!(matches!(
        parse_score("f5", Black),
        Err(ScoreError::NotAScore(_))
    ));
}

#[test]
fn drill_positions_have_6_to_14_empties_and_a_round_checks_the_score() {
    let all = puzzles();
    let positions = drill_positions(&all);
    assert!(positions.len() > 50, "{}", positions.len());
    for p in &positions {
        let e = p.board.empty_count();
        assert!((MIN_EMPTIES..=MAX_EMPTIES).contains(&e), "{e}");
        assert!(!p.legal_moves().is_empty());
    }
    let a = Drill::new(&all, 11);
    assert_eq!(a.current(), Drill::new(&all, 11).current());
    let mut solver = Solver::new(8);
    let start = a.current().expect("a position");
    let best = solver.solve(&start.board).expect("solved").score;
    // A wrong score, then nothing more: the round is over.
    let mut round = Round::new(start, &mut solver).expect("solved");
    let wrong = if best <= 60 { best + 2 } else { best - 2 };
    let v = round
        .answer(&format!("{wrong:+}"))
        .expect("read")
        .expect("a verdict");
    assert!(!v.right);
    assert_eq!((v.stated, v.best), (Some(wrong), best));
    assert!(!v.line.is_empty());
    assert_eq!(round.answer(&format!("{best:+}")), Ok(None));
    // The right score.
    let mut round = Round::new(start, &mut solver).expect("solved");
    assert_eq!(round.answer("+1"), Err(ScoreError::Odd(1)));
    let v = round
        .answer(&best.to_string())
        .expect("read")
        .expect("a verdict");
    assert!(v.right, "{v:?}");
    // Played out with the best moves against perfect defence: the best is kept.
    let mut round = Round::new(start, &mut solver).expect("solved");
    let verdict = loop {
        let pos = round.position();
        let mv = solver
            .solve(&pos.board)
            .expect("solved")
            .best
            .expect("a move");
        match round.play(mv, &mut solver).expect("solved") {
            PlayOut::Going(_) => continue,
            PlayOut::Over(_, v) => break v,
            other => panic!("{other:?}"),
        }
    };
    assert!(verdict.right, "{verdict:?}");
    assert_eq!(verdict.reached, Some(best));
}

#[test]
fn drill_through_the_screen_checks_the_score_and_shows_the_line() {
    let dir = temp_data_dir("drill");
    let mut h = Harness::with_dir(100, 40, dir.clone());
    set_clock(h.siv(), T0);
    open_mode(&mut h, "3");
    // Each position is solved as engine work before it takes answers.
    h.wait_for("What is the final score with best play");
    let all = puzzles();
    let mut drill = Drill::new(&all, T0);
    let mut solver = Solver::new(8);
    let first = drill.current().expect("a position");
    let solution = solver.solve(&first.board).expect("solved");
    let best = solution.score;
    // An odd score is refused, and nothing is counted.
    h.keys("+3");
    assert!(h.text().contains("Your answer: +3_"), "{}", h.text());
    h.send(Event::Key(Key::Enter));
    assert!(h.text().contains("is odd"), "{}", h.text());
    // A wrong score: the solver's score and its line.
    let wrong = if best <= 60 { best + 2 } else { best - 2 };
    h.keys(&format!("{wrong:+}"));
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains(&format!("✗ You said {wrong:+}")), "{t}");
    assert!(
        t.contains(&format!("scores {best:+} with best play")),
        "{t}"
    );
    let first_move = solution.best.expect("a move").to_string();
    assert!(
        t.contains(&format!("The solver's best line: {first_move}")),
        "{t}"
    );
    insta::assert_snapshot!("drill_wrong", t);
    // ] steps through the line on the board.
    h.keys("]");
    assert!(
        h.text().contains("The best line, move 1 of"),
        "{}",
        h.text()
    );
    // The next position, answered right (as Black's and White's discs).
    h.keys("n");
    h.wait_for("What is the final score with best play");
    drill.advance();
    let second = drill.current().expect("a position");
    let best2 = solver.solve(&second.board).expect("solved").score;
    let black = match second.to_move {
        othello_tutor::engine::Color::Black => best2,
        othello_tutor::engine::Color::White => -best2,
    };
    h.keys(&format!("{}-{}", (64 + black) / 2, (64 - black) / 2));
    h.send(Event::Key(Key::Enter));
    let t = h.text();
    assert!(t.contains("✓ Right:"), "{t}");
    assert!(t.contains("right 1 of 2"), "{t}");
    let records = saved_records(&dir);
    assert_eq!((records.drill_right, records.drill_tried), (1, 2));
    // The third, played out: one move, and the solver answers.
    h.keys("n");
    h.wait_for("What is the final score with best play");
    drill.advance();
    let third = drill.current().expect("a position");
    let mv = solver
        .solve(&third.board)
        .expect("solved")
        .best
        .expect("a move");
    play(&mut h, mv);
    let t = h.wait_for(&format!("You play {mv}"));
    assert!(!t.contains("Your answer:"), "{t}");
}

#[test]
fn an_old_progress_file_without_the_modes_still_loads() {
    let dir = temp_data_dir("old-progress");
    std::fs::write(
        dir.join("progress.toml"),
        "version = 1\n\n[puzzles]\nrating = 1612.5\ndeviation = 80.0\nvolatility = 0.06\nstreak = 3\nbest_streak = 4\n\n[puzzles.solved]\nm2026-0038-42 = 1\n",
    )
    .unwrap();
    let out = ProgressStore::new(&dir).load().expect("loads");
    assert!(out.recovered_from.is_none(), "{:?}", out.damage);
    assert_eq!(out.progress.puzzles.rating, 1612.5);
    assert_eq!(out.progress.puzzles.best_streak, 4);
    assert_eq!(out.progress.puzzles.rated, 0);
    assert_eq!(out.progress.modes, ModeRecords::default());
}

/// The id of the puzzle on the trainer's screen ("Puzzle ID   rating R").
fn shown_puzzle(t: &str) -> String {
    t.lines()
        .filter(|l| l.contains("   rating "))
        .find_map(|l| l.split("Puzzle ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a puzzle id on screen")
        .to_string()
}

/// Rule 3 on the trainer's screen: a missed puzzle served again for review is a
/// replay, and the ratings do not move.
#[test]
fn the_trainer_says_a_replay_is_unrated() {
    let dir = temp_data_dir("replay");
    let mut h = Harness::with_dir(100, 40, dir);
    set_clock(h.siv(), T0);
    h.keys("2");
    let t = h.text();
    assert!(t.contains("m modes"), "{t}");
    let id = shown_puzzle(&t);
    let p = puzzles().into_iter().find(|p| p.id == id).expect("shown");
    play(&mut h, plain_miss(&p, 0));
    // A wrong move is valued off the interface's thread (the near-miss rule).
    h.wait_for("Your rating 1500 →");
    set_clock(h.siv(), T0 + 26 * 3600);
    h.keys("n");
    let t = h.text();
    assert_eq!(shown_puzzle(&t), id, "{t}");
    let rating = t
        .lines()
        .find(|l| l.contains("Rating "))
        .expect("the rating line")
        .to_string();
    solve(&mut h, &p);
    let t = h.text();
    assert!(t.contains("solved!"), "{t}");
    assert!(
        t.contains("A replay of a puzzle you have seen: the ratings do not move."),
        "{t}"
    );
    let after = t.lines().find(|l| l.contains("Rating ")).expect("rating");
    assert_eq!(
        after.split('·').next(),
        rating.split('·').next(),
        "the rating stays"
    );
}
