//! `othello-tutor analyze POSITION [--depth D | --exact | --feedback | --hint]`: every
//! legal move's value.

use super::{UserError, outln};
use othello_tutor::engine::Move;
use othello_tutor::engine::analysis::{
    AnalysisOptions, MoveValue, analyze_with_threads, picked_move,
};
use othello_tutor::engine::notation;
use othello_tutor::engine::search::Searcher;
use othello_tutor::tutor::feedback::Grade;
use othello_tutor::tutor::settings;

/// Which settings value the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The analysis board's settings (`tutor::settings::ANALYSIS`), with this depth
    /// instead of its own when given.
    Depth(Option<u32>),
    /// Every move solved exactly.
    Exact,
    /// Exactly the practice feedback's settings, with each move's grade.
    Feedback,
    /// Exactly the hint's settings.
    Hint,
}

/// Prints "MOVE SCORE exact|dD PV..." for every legal move, best first; with
/// `Mode::Feedback`, "MOVE SCORE exact|dD GRADE PV...".
pub fn run(text: &str, mode: Mode, threads: usize) -> Result<(), UserError> {
    let position = notation::parse_position(text).map_err(|e| UserError(e.to_string()))?;
    if position.is_game_over() {
        return Err(UserError("the game is over: no move to analyze".into()));
    }
    let board = &position.board;
    let mut searcher = Searcher::new(1, 1);
    let values = match mode {
        Mode::Feedback => {
            eprintln!(
                "practice feedback settings: {}",
                settings::describe(&settings::FEEDBACK_ANALYSIS)
            );
            settings::feedback_values(&mut searcher, board)
        }
        Mode::Hint => {
            eprintln!(
                "hint settings: {}",
                settings::describe(&settings::HINT_ANALYSIS)
            );
            settings::hint_values(&mut searcher, board)
        }
        Mode::Depth(depth) => {
            let options = AnalysisOptions {
                depth: depth.unwrap_or(settings::ANALYSIS_DEPTH),
                ..settings::ANALYSIS
            };
            eprintln!("analysis settings: {}", settings::describe(&options));
            analyze_with_threads(&mut searcher, board, options, threads)
        }
        Mode::Exact => {
            let options = AnalysisOptions {
                exact_empties: 64,
                ..AnalysisOptions::default()
            };
            analyze_with_threads(&mut searcher, board, options, threads)
        }
    }
    .map_err(|e| UserError(e.to_string()))?;
    // A grade compares with the largest value, or, when the feedback's search is
    // selective, with the value of the move the board's search picks (as practice
    // grades; see `engine::analysis::best_and_played`).
    let picked = if mode == Mode::Feedback {
        picked_move(&searcher, board, settings::FEEDBACK_ANALYSIS)
            .map_err(|e| UserError(e.to_string()))?
    } else {
        None
    };
    let reference = picked
        .and_then(|sq| values.iter().find(|v| v.mv == Move::Place(sq)))
        .or(values.first());
    let best = reference.map(MoveValue::discs).unwrap_or(0);
    let best_exact = reference.is_some_and(|v| v.exact);
    for v in values {
        let kind = if v.exact {
            "exact".to_string()
        } else {
            format!("d{}", v.depth)
        };
        let grade = if mode == Mode::Feedback {
            format!(
                " {}",
                Grade::from_search(best.max(v.discs()), v.discs(), v.exact && best_exact)
            )
        } else {
            String::new()
        };
        let pv: Vec<String> =
            v.pv.iter()
                .map(|m| m.map(|s| s.to_string()).unwrap_or_else(|| "pass".into()))
                .collect();
        outln!("{} {:+} {kind}{grade} {}", v.mv, v.discs(), pv.join(" "));
    }
    Ok(())
}
