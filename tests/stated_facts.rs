//! Every fact the tutor states is true on the board it is shown with: the facts the
//! lessons annotate (`facts = [...]`), the claims their words make, the sentences the
//! tutor writes itself, and each false statement issue 42 found, replayed on its board.

use crate::common;
use crate::common_lessons as helpers;

use common::Harness;
use helpers::*;
use othello_tutor::engine::analysis::{AnalysisOptions, MoveValue, analyze};
use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Game, Move, Position};
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::explain::{describe_sentences, explain_move, move_facts};
use othello_tutor::tutor::lesson::{
    Check, ProofSettings, Step, prove_lesson, step_fact_errors, text_claim_errors, text_claims,
};
use othello_tutor::tutor::models::analysis::AnalysisBoard;
use othello_tutor::tutor::models::lesson::LessonScreen;
use othello_tutor::tutor::models::practice::{SetupForm, StartChoice};
use othello_tutor::tutor::practice::Practice;
use othello_tutor::tutor::screen::{AnswerKey, BoardModel, Effect};

/// The claims of one step (annotated, and read from its words) hold on its board,
/// and there is at least one, so that the check cannot pass by saying nothing.
fn assert_claims_hold(id: &str, n: usize) -> Step {
    let s = step(id, n);
    let mut errors: Vec<String> = step_fact_errors(&s).iter().map(|e| e.to_string()).collect();
    errors.extend(text_claim_errors(&s).iter().map(|e| e.to_string()));
    assert!(errors.is_empty(), "{id} step {n}: {}", errors.join("\n"));
    assert!(
        !s.facts().is_empty() || !text_claims(&s).is_empty(),
        "{id} step {n} states no checkable fact"
    );
    s
}

// ---------------------------------------------------------------------------------
// Every lesson step
// ---------------------------------------------------------------------------------

#[test]
fn every_annotated_lesson_fact_and_every_claim_in_the_words_holds() {
    let mut failures = Vec::new();
    let mut count = 0;
    for l in &lessons() {
        for (i, s) in l.steps.iter().enumerate() {
            count += s.facts().len();
            for e in step_fact_errors(s) {
                failures.push(format!("{} step {}: {e}", l.file, i + 1));
            }
            for e in text_claim_errors(s) {
                failures.push(format!("{} step {}: {e}", l.file, i + 1));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(count >= 40, "only {count} facts annotated");
}

#[test]
fn a_false_fact_fails_the_content_check() {
    let text = format!(
        "{HEAD}[[step]]\nkind = \"read\"\ntext = \"Black has fewer frontier discs.\"\nposition = \"f5\"\nfacts = [\"fewer-frontier black\", \"moves white = 3\", \"after d6: moves black = 9\"]\n"
    );
    let errors = check(&[("lessons/x.toml", &text)]);
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].contains("step 1, field facts: `fewer-frontier black` is false"),
        "{errors:?}"
    );
    assert!(
        errors[1].contains("`after d6: moves black = 9` is false"),
        "{errors:?}"
    );
}

// ---------------------------------------------------------------------------------
// The false statements of issue 42, each on its own board
// ---------------------------------------------------------------------------------

#[test]
fn lesson_7_step_2_footholds_agree_with_the_moves_on_its_board() {
    // Main said White, "with fewer frontier discs, gives Black fewer footholds",
    // where Black has 10 moves and White 6.
    assert_claims_hold("frontier-quiet", 2);
}

#[test]
fn lesson_9_step_2_gives_the_true_reason_black_cannot_play_a1() {
    // Main said "there is no white disc next to it"; a2 is white.
    let s = assert_claims_hold("tempo", 2);
    let said = s.header().map(|h| h.explain.clone()).unwrap_or_default();
    assert!(said.contains("a2") && said.contains("a3"), "{said}");
}

#[test]
fn lesson_8_step_3_states_f4s_cost_with_the_precision_the_engine_proves() {
    // Main said "about three discs" (the walk: "about six"); a deep outside
    // search gives 3.6. The words must be backed by a `worse` fact the engine proves.
    let s = assert_claims_hold("opening", 3);
    assert!(
        s.facts()
            .iter()
            .any(|f| f.to_string().starts_with("worse f4 d6")),
        "{:?}",
        s.facts()
    );
    let l = lesson("opening");
    let mut searcher = Searcher::new(16, 16);
    for settings in [ProofSettings::QUICK, ProofSettings::FULL] {
        let errors: Vec<String> = prove_lesson(&l, settings, &mut searcher, &mut |_| {})
            .iter()
            .filter(|e| e.step == Some(3))
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
    }
}

#[test]
fn a_stated_gap_must_lie_in_the_range_a_worse_fact_proves() {
    // Lesson "evaporation", step 3, says the greedy moves are "about 15 discs worse";
    // its `worse` facts prove 11..20, 11..21 and 12..24. A number outside every range,
    // or an "at least" above every range's start, is refused; numbers in words count.
    let s = assert_claims_hold("evaporation", 3);
    let Step::FindMove(original) = &s else {
        panic!("a find-move step")
    };
    let said = |words: &str| {
        let mut fm = original.clone();
        fm.header.explain =
            format!("b4 flips only c5. The greedy moves are {words} by the search.");
        text_claim_errors(&Step::FindMove(fm))
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
    };
    for fine in [
        "about 15 discs worse",
        "some twenty discs worse",
        "at least 12 discs worse",
        "roughly eleven discs below",
    ] {
        assert!(said(fine).is_empty(), "{fine}: {:?}", said(fine));
    }
    for wrong in [
        "about 30 discs worse",
        "some nine discs worse",
        "at least 13 discs worse",
    ] {
        let errors = said(wrong);
        assert_eq!(errors.len(), 1, "{wrong}: {errors:?}");
        assert!(
            errors[0].contains("outside every `worse` fact's range (11..20, 11..21, 12..24)"),
            "{wrong}: {errors:?}"
        );
    }
}

#[test]
fn lesson_12_step_3_never_calls_a_move_within_the_tolerance_not_among_the_best() {
    // Main rejected c7 with "c7 is not one of the best moves here" while the engine
    // rates c7 above Penloup's e1. For every `moves` step: a wrong move the engine
    // puts within the step's tolerance is not said to be outside the best.
    let mut searcher = Searcher::new(16, 16);
    let mut seen = 0;
    for l in &lessons() {
        for (i, s) in l.steps.iter().enumerate() {
            let Step::FindMove(fm) = s else { continue };
            if fm.check != Check::Moves {
                continue;
            }
            let options = AnalysisOptions {
                depth: 12,
                exact_empties: 20,
                time: None,
                selective: None,
                smoothed: true,
            };
            let values = analyze(&mut searcher, &fm.position().board, options).expect("values");
            let best = values[0].discs();
            for v in &values {
                let Move::Place(sq) = v.mv else { continue };
                if fm.moves.contains(sq) || v.discs() < best - fm.tolerance as i32 {
                    continue;
                }
                seen += 1;
                for given in [None, Some(values.as_slice())] {
                    let verdict = fm.judge(sq, given);
                    let why = verdict.why.join(" ");
                    assert!(
                        !why.contains("not one of the best") && !why.contains("loses"),
                        "{} step {}: {sq}: {why}",
                        l.file,
                        i + 1
                    );
                    assert!(why.contains("asks for"), "{why}");
                }
            }
        }
    }
    assert!(seen > 0, "no `moves` step has a good move outside its list");
}

#[test]
fn lesson_1_step_5_shows_f3_before_it_is_played() {
    // Main asked how many discs f3 flips on a board that showed f3 played, flips marked.
    let l = lesson("rules");
    let index = l
        .steps
        .iter()
        .position(|s| s.facts().iter().any(|f| f.to_string() == "flips f3 = 1"))
        .expect("the flips question");
    let (screen, _) = LessonScreen::new(l, index);
    let shown = screen.shown();
    let f3 = sq("f3");
    assert_eq!(shown.board.position.disc_at(f3), None);
    assert!(shown.board.flips.is_empty());
    assert!(shown.board.position.legal_moves().contains(f3));
    assert_claims_hold("rules", index + 1);
}

#[test]
fn reading_steps_that_describe_a_board_show_it() {
    // Main showed the start position beside lesson 4 step 4 (g2 and h1) and lesson 5
    // step 3 (an edge's gaps).
    for (id, n) in [("x-and-c-squares", 4), ("edges-wedges", 3)] {
        let s = assert_claims_hold(id, n);
        let (shown, _) = s.shown();
        assert_ne!(shown, Position::start(), "{id} step {n}");
        assert!(!s.highlight().is_empty(), "{id} step {n}");
    }
}

#[test]
fn the_stars_legend_says_it_counts_the_steps_to_answer() {
    // Main's legend said "a slip per 2 steps" but counts only the steps that ask
    // something, not the reading steps.
    let mut h = Harness::new(80, 24);
    h.keys("1");
    let t = h.text();
    assert!(t.contains("per 2 steps to answer"), "{t}");
    let l = lesson("rules");
    assert!(l.interactive_count() < l.step_count());
    // Two slips over the lesson's steps to answer: as many as the legend allows.
    let allowed = (l.interactive_count() as u32 / 2).max(1);
    assert_eq!(
        othello_tutor::tutor::lesson::stars(l.interactive_count() as u32, allowed, 0, 0),
        2
    );
    assert_eq!(
        othello_tutor::tutor::lesson::stars(l.interactive_count() as u32, allowed + 1, 0, 0),
        1
    );
}

#[test]
fn a_choice_is_answered_by_its_square_or_by_its_number() {
    // Main read `g1` (for "1 b6 / 2 d8 / 3 g1") as option 1, and `f6` as "`6`".
    let (index, lesson, q) = lessons()
        .into_iter()
        .find_map(|l| {
            l.steps.iter().enumerate().find_map(|(i, s)| match s {
                Step::Question(q)
                    if q.ask.is_square_choice() && q.answer.to_string() != q.choices[0] =>
                {
                    Some((i, l.clone(), q.clone()))
                }
                _ => None,
            })
        })
        .expect("a square-choice question whose answer is not the first choice");
    let answer = q.answer.to_string();
    let type_in = |screen: &mut LessonScreen, text: &str| {
        for c in text.chars() {
            assert!(
                screen.answer_key(AnswerKey::Char(c)).is_some(),
                "`{c}` of `{text}` was not taken by the answer"
            );
        }
        let _ = screen.answer_key(AnswerKey::Submit);
    };
    // By its square.
    let (mut screen, _) = LessonScreen::new(lesson.clone(), index);
    type_in(&mut screen, &answer);
    let verdict = screen.shown().verdict.expect("a verdict");
    assert!(
        verdict.text.starts_with("Right"),
        "{answer}: {}",
        verdict.text
    );
    // By its number.
    let number = q.choices.iter().position(|c| *c == answer).expect("listed") + 1;
    let (mut screen, _) = LessonScreen::new(lesson.clone(), index);
    type_in(&mut screen, &number.to_string());
    let verdict = screen.shown().verdict.expect("a verdict");
    assert!(
        verdict.text.starts_with("Right"),
        "{number}: {}",
        verdict.text
    );
    // A wrong choice by its square is judged as that square, not as a number.
    let wrong = q
        .choices
        .iter()
        .find(|c| **c != answer)
        .expect("a wrong choice");
    let (mut screen, _) = LessonScreen::new(lesson, index);
    type_in(&mut screen, wrong);
    let panel = screen.shown().panel;
    assert!(panel.contains(&format!("· {wrong} ")), "{panel}");
    assert!(!panel.contains("is not one of the choices"), "{panel}");
}

#[test]
fn a_game_from_a_pasted_line_carries_the_librarys_opening_name() {
    // Main: "no named opening" in the game, "Comp'Oth" in the library.
    let line = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7";
    let form = SetupForm {
        colour: None,
        opponent: othello_tutor::engine::players::Strategy::Engine(1),
        start: StartChoice::Typed,
        text: line.into(),
        feedback: false,
        preset: None,
    };
    let setup = form.setup(&mut rand::rng()).expect("a setup");
    let practice = Practice::new(setup);
    let game = parse_transcript(line).expect("legal");
    let library = othello_tutor::tutor::library::computed_opening(&game);
    assert_eq!(library.as_deref(), Some("Comp'Oth"));
    assert_eq!(practice.opening_name().map(|n| n.to_string()), library);
    assert_eq!(practice.position(), game.current());
}

#[test]
fn a_wipe_out_is_final_and_exact_with_no_footholds_for_a_side_with_no_discs() {
    // Main: "Flips 1 disc on the frontier (d4), a new foothold for White", "+64 depth 10".
    let game = parse_transcript("c4 c3 c2 b4 a5 f4 g4 c5").expect("legal");
    let pos = game.current();
    let d6 = sq("d6");
    let after = pos.play_unchecked(d6);
    assert_eq!(after.white(), 0, "the move built to wipe White out");
    let why = explain_move(&pos, d6);
    for line in &why {
        for word in ["frontier", "foothold", "region", "corner for"] {
            assert!(!line.contains(word), "{why:?}");
        }
    }
    assert!(why.iter().any(|l| l.contains("result is final")), "{why:?}");
    // The analysis board labels it with its final result, exact, whatever the search
    // reported.
    let (mut board, effects) = AnalysisBoard::open(game, false);
    let Some(Effect::Run(ticket, _)) = effects.into_iter().next() else {
        panic!("no valuation started");
    };
    let searched = MoveValue {
        mv: Move::Place(d6),
        score: 6000,
        exact: false,
        depth: 10,
        pv: vec![Some(d6)],
    };
    board.finished(ticket, Ok(vec![searched]));
    let panel = board.shown().panel;
    assert!(panel.contains("d6 +64 exact"), "{panel}");
    assert!(!panel.contains("depth 10"), "{panel}");
    let labels = board.shown().board.labels;
    assert_eq!(labels, vec![(d6, "+64".to_string())]);
}

// ---------------------------------------------------------------------------------
// The sentences the tutor writes: each carries its facts, replayed on its board
// ---------------------------------------------------------------------------------

/// Every position a lesson step or a puzzle shows, and a sample of practice games.
fn content_positions() -> Vec<Position> {
    let mut out: Vec<Position> = lessons()
        .iter()
        .flat_map(|l| l.steps.iter().map(|s| s.shown().0).collect::<Vec<_>>())
        .collect();
    let puzzles = load_puzzles().expect("puzzles");
    for p in &puzzles {
        out.extend(p.steps.iter().map(|s| s.position));
    }
    out.extend(othello_tutor::tutor::practice_sample::practice_sample(
        othello_tutor::tutor::practice_sample::SAMPLE_GAMES,
    ));
    out.sort_by_key(|p| (p.black(), p.white(), p.to_move as u8));
    out.dedup();
    out
}

#[test]
fn every_sentence_the_tutor_writes_about_a_move_states_true_facts() {
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut positions = content_positions();
    // The wipe-out of the issue, and a position where a move ends the game.
    positions.push(
        parse_transcript("c4 c3 c2 b4 a5 f4 g4 c5")
            .expect("legal")
            .current(),
    );
    for pos in positions {
        for sq in pos.legal_moves() {
            let Some(f) = move_facts(&pos, sq) else {
                continue;
            };
            for s in describe_sentences(&f) {
                for fact in &s.facts {
                    checked += 1;
                    if let Err(e) = fact.check(&pos, None) {
                        failures.push(format!("{sq} \"{}\": {e}", s.text));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 1000, "only {checked} facts checked");
}

#[test]
fn a_game_from_the_start_has_the_same_opening_name_on_every_screen() {
    let game: Game = parse_transcript("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7").expect("legal");
    let name = othello_tutor::tutor::openings::opening_of_game(&game);
    let review = othello_tutor::tutor::game_review::GameReview::unvalued(&game);
    assert_eq!(review.opening_after(game.len()), name);
    let (board, _) = AnalysisBoard::open(game.clone(), false);
    let panel = board.shown().panel;
    let expected = name.clone().unwrap_or_default();
    assert!(panel.contains(&format!("Opening: {expected}")), "{panel}");
}

#[test]
fn every_puzzles_explanation_states_true_facts() {
    let puzzles = load_puzzles().expect("puzzles");
    let errors: Vec<String> = puzzles
        .iter()
        .flat_map(othello_tutor::tutor::puzzle::stated_fact_errors)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // The counts the explanations state are read back (and so replayed above).
    let read: usize = puzzles
        .iter()
        .map(|p| {
            othello_tutor::tutor::puzzle::why_claims(
                &p.why,
                p.steps[0].answer,
                p.steps[0].position.to_move,
            )
            .len()
        })
        .sum();
    assert!(read > 100, "only {read} claims read from the explanations");
}

// ---------------------------------------------------------------------------------
// Puzzles: a searched value is stated with the precision it has
// ---------------------------------------------------------------------------------

#[test]
fn searched_puzzles_state_their_values_with_the_precision_they_have() {
    // Main: "The engine's deep search puts a1 at +5 and every other move at least 23
    // discs lower", where deep outside searches differ by about 3 discs.
    use othello_tutor::tutor::puzzle::Proof;
    use othello_tutor::tutor::values::{at_least_text, rounded};
    let puzzles = load_puzzles().expect("puzzles");
    let mut searched = 0;
    for p in &puzzles {
        let Proof::Search { .. } = p.proof else {
            continue;
        };
        searched += 1;
        let why = &p.why;
        assert!(
            why.contains(&format!("about {:+}", rounded(p.value))),
            "{}: {why}",
            p.id
        );
        assert!(
            !why.contains(&format!(" at {:+} ", p.value))
                && !why.contains(&format!("at least {} disc", p.margin)),
            "{}: {why}",
            p.id
        );
        // A wrong first move is answered with the same precision.
        let st = &p.steps[0];
        let wrong = st
            .position
            .legal_moves()
            .into_iter()
            .find(|s| !st.accepted.contains(*s))
            .expect("a move the puzzle does not accept");
        let said = p.judge(0, wrong).why.join(" ");
        assert!(said.contains(&at_least_text(p.margin)), "{}: {said}", p.id);
    }
    assert!(searched > 100, "{searched}");
}

// ---------------------------------------------------------------------------------
// Personal puzzles: the game's values, stated once; unrated
// ---------------------------------------------------------------------------------

use common::games::graded_game;

#[test]
fn a_personal_puzzle_states_the_games_values() {
    // Main re-valued the position at depth 10 and stated that ("12 discs worse (+2,
    // depth 10)" where the game had said 13 at depth 24).
    use othello_tutor::tutor::personal::personal_puzzles;
    let practice = graded_game();
    let color = othello_tutor::engine::Color::Black;
    let review = practice.review(color);
    let mut searcher = Searcher::new(16, 16);
    let now = 1_700_000_000;
    let personal = personal_puzzles(&practice, color, &mut searcher, 1500.0, now);
    assert!(!personal.is_empty());
    for pp in &personal {
        let item = review
            .errors
            .iter()
            .find(|e| e.number == pp.number)
            .expect("the game's grading of the move");
        let fb = &item.feedback;
        assert_eq!(pp.best, fb.best.to_string(), "{pp:?}");
        assert_eq!(
            (pp.best_value, pp.played_value),
            (fb.best_value, fb.played_value)
        );
        assert_eq!(pp.exact, fb.exact);
        let puzzle = pp.to_puzzle().expect("a puzzle");
        assert!(
            puzzle.why.contains(&format!("{} disc", fb.loss)),
            "{} / {fb:?}",
            puzzle.why
        );
        if !fb.exact {
            assert!(
                puzzle.why.contains(&format!("depth {}", fb.depth)),
                "{}",
                puzzle.why
            );
        }
        // The solution is the game's best move, and every move it accepts besides.
        assert_eq!(puzzle.steps[0].answer, fb.best);
        assert!(!puzzle.steps[0].accepted.contains(fb.played));
    }
}

#[test]
fn a_personal_puzzle_is_unrated() {
    // Main said "you missed this one before" and moved the rating 1500 → 1755.
    use othello_tutor::tutor::personal::personal_puzzles;
    use othello_tutor::tutor::puzzle_progress::PuzzleProgress;
    let practice = graded_game();
    let mut searcher = Searcher::new(16, 16);
    let now = 1_700_000_000;
    let personal = personal_puzzles(
        &practice,
        othello_tutor::engine::Color::Black,
        &mut searcher,
        1500.0,
        now,
    );
    assert!(!personal.is_empty());
    let mut progress = PuzzleProgress::default();
    progress.add_personal(personal.clone(), now);
    let before = progress.learner();
    for pp in &personal {
        let puzzle = pp.to_puzzle().expect("a puzzle");
        let outcome = progress.record_attempt(&puzzle, true, now);
        assert!(!outcome.rated, "{}", pp.id);
    }
    assert_eq!(progress.learner(), before);
}

// ---------------------------------------------------------------------------------
// The endgame drill names who passes
// ---------------------------------------------------------------------------------

#[test]
fn the_drills_play_out_names_the_side_that_passes() {
    // The walk of issue 42 saw "You play h1; you must pass." when White passed.
    use othello_tutor::engine::endgame::Solver;
    use othello_tutor::tutor::models::drill::play_line;
    use othello_tutor::tutor::puzzle::drill::{PlayOut, Round};
    // A position built so that Black's h1 leaves White without a move.
    let game = parse_transcript(
        "e6 d6 c5 f4 e7 c6 e3 c4 b6 f7 g7 a6 d7 d2 g3 g8 b4 g4 g5 c8 b7 h2 e8 b8 f6 h6 a8 h7 f8 h4 a7 d8 e2 f2 h8 g6 f5 a4 g1 b5 e1 g2 f3 d3 c3 c1 c7 b3",
    )
    .expect("legal");
    let pos = game.current();
    let h1 = sq("h1");
    assert!(pos.play_unchecked(h1).must_pass());
    let mut solver = Solver::new(4);
    let mut round = Round::new(pos, &mut solver).expect("solved");
    let replies = match round.play(h1, &mut solver).expect("played") {
        PlayOut::Going(r) | PlayOut::Over(r, _) => r,
        other => panic!("{other:?}"),
    };
    assert_eq!(replies.first(), Some(&Move::Pass));
    let line = play_line(&pos, h1, &replies);
    assert!(line.starts_with("You play h1; White must pass"), "{line}");
    assert!(!line.contains("you must pass"), "{line}");
}
