//! `othello-tutor review GAME`: the whole-game analysis of a transcript or a GGF game
//! (a file or the text itself). One line a move, "N COLOR MOVE VALUE LOSS GRADE BEST
//! BASIS" (VALUE and LOSS in discs from the mover's view, as `analyze --feedback`
//! prints them; BEST the best move, `-` when the move played is one), then each
//! side's accuracy in the whole game and per phase, then the biggest swings.
//!
//! # The review, screen and command
//!
//! **Whole-game review.** After a practice game (the game-over dialog's "Whole game (g)",
//! or `v` then `g` during a game), or from the analysis board (`v`, for any pasted or
//! loaded game), every move of both sides is valued in the background (progress on
//! screen, `c` cancels, `g` goes on from where it stopped) exactly as the practice
//! feedback grades a move: a grade the game already has is kept; in a book position the
//! opening book's verdict; at 22 empties or fewer exact (each position from the first
//! such move to the end is solved once, the last first, so a move's two values are its
//! position's and the next one's); otherwise `tutor::settings::grading_values`. The screen
//! shows a graph of the value after each move (Black's view, in discs: bars up are good
//! for Black; `?` inaccuracy, `x` mistake, `X` blunder under the bars; the move shown is
//! reversed and marked `^`; a window follows the move when the game is wider than the
//! graph), the board at the move chosen (Left/Right, Home/End, a click on the graph or
//! on a swing), the opening's name, each side's accuracy (the share of book, best or
//! good moves, as the practice summary counts) for the whole game and per phase, and
//! the moves that lost discs, the biggest first. The phases go by the empty squares
//! before the move: opening 41 or more (moves 1-20 of a game from the start), endgame
//! 22 or fewer (where the feedback is exact, moves 39-60), midgame between.
//! `othello-tutor review GAME` prints the same figures: VALUE and LOSS are discs from
//! the mover's view, as `analyze --feedback` prints them, so any line can be checked
//! there. The solver's part and the searched moves run side by side, the searches one
//! at a time (each on the analysis' threads, `--threads`). The 60-move master game of
//! the tests takes about 10 s on this machine's two cores (`time othello-tutor review "f5 d6 c3 ..."`:
//! 9.8 s wall-clock, 91 MB resident, at a load average of 5-8 from other jobs).
//!

use super::{UserError, outln};
use othello_tutor::engine::{Color, Move};
use othello_tutor::tutor::files::read_game_input;
use othello_tutor::tutor::game_review::{
    ENDGAME_MAX_EMPTIES, GameReview, OPENING_MIN_EMPTIES, Phase, ReviewInput, SWINGS_LISTED,
    analyze_game,
};
use othello_tutor::tutor::settings::{FEEDBACK_ANALYSIS, describe};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Analyzes the game in `text` (a file name or the game itself) and prints it.
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
    let review = analyze_game(&ReviewInput::new(game), &stop, |p| {
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
