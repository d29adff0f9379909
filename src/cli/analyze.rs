//! `othello-tutor analyze POSITION [--depth D | --exact]`: every legal move's value.

use super::{UserError, outln};
use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
use othello_tutor::engine::notation;
use othello_tutor::engine::search::Searcher;

/// Prints "MOVE SCORE exact|dD PV..." for every legal move, best first.
pub fn run(text: &str, depth: Option<u32>, exact: bool) -> Result<(), UserError> {
    let position = notation::parse_position(text).map_err(|e| UserError(e.to_string()))?;
    if position.is_game_over() {
        return Err(UserError("the game is over: no move to analyze".into()));
    }
    let mut options = AnalysisOptions {
        depth: depth.unwrap_or(12),
        ..AnalysisOptions::default()
    };
    if exact {
        options.exact_empties = 64;
    }
    let mut searcher = Searcher::default();
    let values =
        analyze(&mut searcher, &position.board, options).map_err(|e| UserError(e.to_string()))?;
    for v in values {
        let kind = if v.exact {
            "exact".to_string()
        } else {
            format!("d{}", v.depth)
        };
        let pv: Vec<String> =
            v.pv.iter()
                .map(|m| m.map(|s| s.to_string()).unwrap_or_else(|| "pass".into()))
                .collect();
        outln!("{} {:+} {kind} {}", v.mv, v.discs(), pv.join(" "));
    }
    Ok(())
}
