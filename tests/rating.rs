//! The rating rules (see `tutor::rating`): a near miss is half a result, a puzzle
//! whose theme gives the answer away moves the ratings less, a replay is unrated,
//! and provisional ratings move faster.

use othello_tutor::engine::bits::CORNERS;
use othello_tutor::engine::endgame::Solver;
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::puzzle::{Goal, Proof, Puzzle, Theme};
use othello_tutor::tutor::puzzle_progress::PuzzleProgress;
use othello_tutor::tutor::rating::{
    GIVEAWAY_FACTOR, NEAR_MISS_DISCS, Outcome, PROVISIONAL_FACTOR, PROVISIONAL_RESULTS,
    RatedAttempt, Rating, rate_result,
};

const T0: u64 = 1_800_000_000;

fn puzzles() -> Vec<Puzzle> {
    load_puzzles().expect("the embedded puzzles load")
}

/// A settled learner (past the provisional results).
fn settled(outcome: Outcome, giveaway: bool) -> RatedAttempt {
    RatedAttempt {
        outcome,
        giveaway,
        rated_before: PROVISIONAL_RESULTS,
    }
}

fn change(before: Rating, after: Rating) -> f64 {
    after.rating - before.rating
}

#[test]
fn rule_1_a_near_miss_counts_as_half_a_result() {
    let learner = Rating::new(1500.0, 120.0, 0.06);
    let puzzle = Rating::new(1700.0, 120.0, 0.06);
    let (won, _) = rate_result(learner, puzzle, settled(Outcome::Solved, false));
    let (near, p_near) = rate_result(learner, puzzle, settled(Outcome::NearMiss, false));
    let (lost, _) = rate_result(learner, puzzle, settled(Outcome::Missed, false));
    assert!(lost.rating < near.rating && near.rating < won.rating);
    // Against a stronger puzzle a draw is a gain for the learner, a loss for it.
    assert!(near.rating > learner.rating, "{near:?}");
    assert!(p_near.rating < puzzle.rating, "{p_near:?}");

    // A real near miss: an exact puzzle, a move 2 discs short of the best. The set's
    // first steps keep a margin of 4 discs or more, so it is a later step of a line.
    let all = puzzles();
    let mut solver = Solver::new(8);
    let mut found = None;
    'search: for p in all
        .iter()
        .filter(|p| p.proof == Proof::Exact && p.goal != Goal::Win && p.empties() <= 16)
    {
        for (i, st) in p.steps.iter().enumerate() {
            for m in st.position.legal_moves() {
                if st.accepted.contains(m) {
                    continue;
                }
                let short = p.exact_shortfall(i, m, &mut solver).expect("exact");
                assert!(short > 0, "{} {m}", p.id);
                if short <= NEAR_MISS_DISCS {
                    found = Some((p.clone(), i, m));
                    break 'search;
                }
            }
        }
    }
    let (p, i, m) = found.expect("an exact puzzle with a near miss");
    assert!(p.is_near_miss(i, m, &mut solver));
    assert!(
        !p.is_near_miss(i, p.steps[i].answer, &mut solver),
        "accepted"
    );
    let mut progress = PuzzleProgress::default();
    let out = progress.record_result(&p, Outcome::NearMiss, T0);
    assert!(out.rated);
    // Still a miss for the history: the review queue and the failed count.
    assert!(progress.review.contains(&p.id));
    assert_eq!(progress.failed[&p.id], 1);
    assert_eq!(progress.streak, 0);
    // A `win` puzzle has no near misses.
    let win = all
        .iter()
        .find(|p| p.goal == Goal::Win)
        .expect("a win puzzle");
    let st = &win.steps[0];
    for m in st.position.legal_moves() {
        assert_eq!(win.exact_shortfall(0, m, &mut solver), None);
    }
}

#[test]
fn rule_2_a_giveaway_theme_moves_the_ratings_less() {
    let learner = Rating::new(1500.0, 120.0, 0.06);
    let puzzle = Rating::new(1500.0, 120.0, 0.06);
    let (plain_l, plain_p) = rate_result(learner, puzzle, settled(Outcome::Solved, false));
    let (give_l, give_p) = rate_result(learner, puzzle, settled(Outcome::Solved, true));
    let ratio = change(learner, give_l) / change(learner, plain_l);
    assert!((ratio - GIVEAWAY_FACTOR).abs() < 1e-9, "{ratio}");
    let ratio = change(puzzle, give_p) / change(puzzle, plain_p);
    assert!((ratio - GIVEAWAY_FACTOR).abs() < 1e-9, "{ratio}");

    // The embedded corner puzzles whose answer is the only corner move are
    // give-aways; a corner puzzle with two corner moves is not.
    let all = puzzles();
    let corner: Vec<&Puzzle> = all.iter().filter(|p| p.has_theme(Theme::Corner)).collect();
    let given: Vec<&&Puzzle> = corner
        .iter()
        .filter(|p| p.giveaway() == Some(Theme::Corner))
        .collect();
    assert!(
        !given.is_empty(),
        "some corner puzzle gives its answer away"
    );
    for p in &given {
        let corners = p.steps[0]
            .position
            .legal_moves()
            .into_iter()
            .filter(|s| s.bit() & CORNERS != 0)
            .count();
        assert_eq!(corners, 1, "{}", p.id);
    }
    let no_theme = all
        .iter()
        .find(|p| {
            !p.has_theme(Theme::Corner)
                && !p.has_theme(Theme::Tempo)
                && !p.has_theme(Theme::XSquare)
                && !p.has_theme(Theme::CSquare)
        })
        .expect("a puzzle without those themes");
    assert_eq!(no_theme.giveaway(), None);
    // Recorded: the learner's rating moves half as much as for the same result on
    // a twin puzzle that gives nothing away.
    let p = given[0];
    let mut twin = (*p).clone();
    twin.themes.retain(|t| *t != Theme::Corner);
    twin.id.push_str("-twin");
    let mut a = PuzzleProgress::default();
    let mut b = PuzzleProgress::default();
    let with = a.record_attempt(p, true, T0);
    let without = b.record_attempt(&twin, true, T0);
    let ratio = change(with.learner_before, with.learner_after)
        / change(without.learner_before, without.learner_after);
    assert!((ratio - GIVEAWAY_FACTOR).abs() < 1e-9, "{ratio}");
}

#[test]
fn rule_3_a_replay_is_unrated_but_counted() {
    let all = puzzles();
    let p = &all[0];
    let mut progress = PuzzleProgress::default();
    let first = progress.record_attempt(p, false, T0);
    assert!(first.rated);
    let rating = progress.rating;
    let puzzle_rating = progress.puzzle_rating(p);
    let again = progress.record_attempt(p, true, T0 + 2 * 86_400);
    assert!(!again.rated);
    assert_eq!(again.learner_after, again.learner_before);
    assert_eq!(progress.rating, rating);
    assert_eq!(progress.puzzle_rating(p), puzzle_rating);
    assert_eq!(progress.rated, 1);
    // The history still has it: counts, streak, review queue.
    assert_eq!((progress.solved[&p.id], progress.failed[&p.id]), (1, 1));
    assert_eq!(progress.streak, 1);
    assert_eq!(progress.review.get(&p.id).map(|e| e.level), Some(1));
}

#[test]
fn rule_4_provisional_ratings_move_faster() {
    let learner = Rating::new(1500.0, 120.0, 0.06);
    let puzzle = Rating::new(1500.0, 120.0, 0.06);
    let attempt = |rated_before| RatedAttempt {
        outcome: Outcome::Solved,
        giveaway: false,
        rated_before,
    };
    let (new, new_p) = rate_result(learner, puzzle, attempt(0));
    let (last, _) = rate_result(learner, puzzle, attempt(PROVISIONAL_RESULTS - 1));
    let (settled, settled_p) = rate_result(learner, puzzle, attempt(PROVISIONAL_RESULTS));
    let ratio = change(learner, new) / change(learner, settled);
    assert!((ratio - PROVISIONAL_FACTOR).abs() < 1e-9, "{ratio}");
    assert_eq!(new, last);
    // The puzzle's rating is not provisional.
    assert_eq!(new_p, settled_p);
    // Recorded: the first ten results are provisional, then the factor goes.
    let all = puzzles();
    let mut progress = PuzzleProgress::default();
    for p in all.iter().filter(|p| p.giveaway().is_none()).take(12) {
        let before = progress.rated;
        progress.record_attempt(p, true, T0);
        assert_eq!(progress.rated, before + 1);
    }
    assert_eq!(progress.rated, 12);
}
