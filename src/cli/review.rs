//! `othello-tutor review GAME`: the whole-game analysis of a transcript or a GGF game
//! (a file or the text itself). One line a move, "N COLOR MOVE VALUE LOSS GRADE BEST
//! BASIS" (VALUE and LOSS in discs from the mover's view, as `analyze --feedback`
//! prints them; BEST the best move, `-` when the move played is one), then each
//! side's accuracy in the whole game and per phase, then the biggest swings.

use super::{UserError, outln};
use othello_tutor::engine::{Color, Move};
use othello_tutor::tutor::files::read_game_input;
use othello_tutor::tutor::game_review::{
    ENDGAME_MAX_EMPTIES, GameReview, OPENING_MIN_EMPTIES, Phase, ReviewInput, SWINGS_LISTED,
    analyse_game,
};
use othello_tutor::tutor::settings::{FEEDBACK_ANALYSIS, describe};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Analyses the game in `text` (a file name or the game itself) and prints it.
pub fn run(text: &str) -> Result<(), UserError> {
    let game = read_game_input(text).map_err(|e| UserError(e.to_string()))?;
    if game.is_empty() {
        return Err(UserError("review: the game has no moves".into()));
    }
    eprintln!(
        "practice feedback settings: {}; book in book positions",
        describe(&FEEDBACK_ANALYSIS)
    );
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let review = analyse_game(&ReviewInput::new(game), &stop, |p| {
        eprint!("\rvalued {}/{}", p.done, p.total);
    });
    eprintln!("\rvalued in {:.1} s", started.elapsed().as_secs_f64());
    print(&review);
    Ok(())
}

fn print(review: &GameReview) {
    outln!("# N COLOR MOVE VALUE LOSS GRADE BEST BASIS (discs, mover's view)");
    for m in &review.moves {
        match (&m.feedback, m.mv) {
            (_, Move::Pass) => outln!("{} {} pass", m.number(), m.color),
            (None, mv) => outln!("{} {} {mv} not valued", m.number(), m.color),
            (Some(f), mv) => {
                let best = if f.loss > 0 {
                    f.best.to_string()
                } else {
                    "-".into()
                };
                outln!(
                    "{} {} {mv} {:+} {} {} {best} {}",
                    m.number(),
                    m.color,
                    f.played_value,
                    f.loss,
                    f.grade,
                    m.basis().replace(' ', "")
                );
            }
        }
    }
    if let Some(name) = review.opening_after(review.game.len()) {
        outln!("opening: {name}");
    }
    outln!(
        "# accuracy: book, best or good moves / moves graded, discs lost; opening: {OPENING_MIN_EMPTIES}+ empties, endgame: {ENDGAME_MAX_EMPTIES} or fewer"
    );
    for color in [Color::Black, Color::White] {
        let phases: Vec<String> = Phase::ALL
            .iter()
            .map(|&p| format!("{p} {}", review.accuracy(color, Some(p)).describe()))
            .collect();
        outln!(
            "accuracy {color}: {}; {}",
            review.accuracy(color, None).describe(),
            phases.join("; ")
        );
    }
    outln!("# biggest swings: N COLOR MOVE LOSS GRADE BEST");
    for m in review.swings().into_iter().take(SWINGS_LISTED) {
        if let Some(f) = &m.feedback {
            outln!(
                "swing {} {} {} -{} {} {}",
                m.number(),
                m.color,
                m.mv,
                f.loss,
                f.grade,
                f.best
            );
        }
    }
}
