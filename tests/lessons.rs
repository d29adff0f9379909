//! Lessons: judging answers, play-outs, attempts and stars, and the wording of
//! wedges and answers (content checks: lesson_content.rs; progress: progress.rs).

use crate::common_lessons as helpers;

use helpers::*;
use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Game, Move, Square};
use othello_tutor::tutor::lesson::{
    Answer, Goal, GoalStatus, Lesson, NextAction, Step, StepAttempts, lesson_stars, stars,
};

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
