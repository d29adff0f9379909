//! The trained pattern evaluation must beat the named-feature one clearly: a
//! deterministic match at a fixed depth from fixed XOT openings, each played with both
//! colours (no clock, so every machine plays the same games).

use othello_tutor::engine::duel::duel;
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::search::Limits;
use othello_tutor::tutor::openings::xot_position;

#[test]
fn patterns_beat_features_at_fixed_depth() {
    // 20 openings spread over the XOT list, each with both colours: 40 games.
    let openings: Vec<_> = (0..20).map(|i| xot_position(100 + 37 * i)).collect();
    let r = duel(
        &openings,
        &Evaluator::patterns(),
        &Evaluator::features(),
        Limits::depth(6, 12),
        2,
    )
    .expect("no game panicked");
    assert_eq!(r.games(), 40);
    assert!(
        r.score_percent() >= 75.0,
        "patterns scored {:.1}% ({} wins, {} draws, {} losses, margin {:+})",
        r.score_percent(),
        r.wins,
        r.draws,
        r.losses,
        r.margin
    );
}

#[test]
fn a_duel_does_not_depend_on_the_thread_count() {
    let openings: Vec<_> = (0..3).map(|i| xot_position(500 + i)).collect();
    let limits = Limits::depth(3, 8);
    let one = duel(
        &openings,
        &Evaluator::patterns(),
        &Evaluator::features(),
        limits,
        1,
    )
    .expect("no game panicked");
    let two = duel(
        &openings,
        &Evaluator::patterns(),
        &Evaluator::features(),
        limits,
        2,
    )
    .expect("no game panicked");
    assert_eq!(one, two);
}
