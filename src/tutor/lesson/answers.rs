//! Answers the engine computes: the moves that have a concept (find-move checks) and
//! the answers of questions (counts, winners, the one choice with a property).

use super::EXACT_MAX_EMPTIES;
use super::model::{Answer, Ask, Check, Question};
use crate::engine::endgame::{SolveError, Solver};
use crate::engine::features::{empty_regions, frontier_discs, stable_discs};
use crate::engine::{Color, Position, Square, SquareSet};
use crate::tutor::explain::{MoveFacts, move_facts};

/// Why the engine cannot compute a question's answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuestionError {
    /// `flips` without a move.
    #[error("`flips` needs a move")]
    NoMove,
    /// `final-score` of a game that goes on.
    #[error("the game is not over, so there is no final score")]
    GameNotOver,
    /// The solver is needed and the position has too many empties.
    #[error("needs the solver, which is limited to {EXACT_MAX_EMPTIES} empties (found {0})")]
    TooManyEmpties(u32),
    /// The solver stopped.
    #[error(transparent)]
    Solver(#[from] SolveError),
    /// A choice that is not a square.
    #[error("`{0}` is not a square")]
    NotASquare(String),
    /// A choice that is not a legal move.
    #[error("{0} is not a legal move")]
    NotLegal(Square),
    /// No choices to compare.
    #[error("no choices")]
    NoChoices,
    /// No choice has the property asked about.
    #[error("no choice is {}", .0.name())]
    NoChoiceHas(Ask),
    /// More than one choice has the property.
    #[error(
        "{} choices fit `{}` ({}); exactly one must",
        .fits.len(),
        .ask.name(),
        .fits.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
    )]
    NotExactlyOne {
        /// The question.
        ask: Ask,
        /// The choices that fit.
        fits: Vec<Square>,
    },
}

impl Check {
    /// The moves of `pos` that have the concept, or `None` for the value-based checks.
    /// Computed from the engine's features; cheap.
    pub fn concept_moves(self, pos: &Position) -> Option<SquareSet> {
        let facts: Vec<MoveFacts> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|sq| move_facts(pos, sq))
            .collect();
        let select = |keep: &dyn Fn(&MoveFacts) -> bool| -> SquareSet {
            facts.iter().filter(|f| keep(f)).map(|f| f.square).collect()
        };
        let argbest = |key: &dyn Fn(&MoveFacts) -> i64| -> SquareSet {
            let top = facts.iter().map(key).max();
            facts
                .iter()
                .filter(|f| Some(key(f)) == top)
                .map(|f| f.square)
                .collect()
        };
        Some(match self {
            Check::Best | Check::Exact | Check::Moves => return None,
            Check::MinOpponentMobility => argbest(&|f| -i64::from(f.their_moves_after)),
            Check::Quiet => select(&|f| f.quiet),
            Check::TakesCorner => select(&|f| f.takes_corner.is_some()),
            Check::NoXOrC => select(&|f| f.x_square_of.is_none() && f.c_square_of.is_none()),
            Check::Wedge => select(&|f| f.wedge),
            Check::Parity => select(&|f| f.odd_region()),
            Check::MaxStable => argbest(&|f| i64::from(f.stable_after)),
            Check::MaxFlips => argbest(&|f| i64::from(f.flipped.len())),
        })
    }
}

impl Question {
    /// Computes the answer with the engine (the solver only for `exact-score` and for
    /// `winner` of an unfinished game).
    pub fn compute(&self, solver: &mut Solver) -> Result<Answer, QuestionError> {
        let pos = self.asked_position();
        let color = self.color.unwrap_or(pos.to_move);
        let own = pos.discs(color);
        let opp = pos.discs(color.opposite());
        let empty = pos.board.empty();
        let n = |v: u32| Ok(Answer::Number(i64::from(v)));
        match self.ask {
            Ask::LegalMoves => n(crate::engine::features::mobility(own, opp)),
            Ask::Flips => {
                let sq = self.play.ok_or(QuestionError::NoMove)?;
                n(self.setup.position.board.flips(sq).len())
            }
            Ask::Discs => n(own.count_ones()),
            Ask::StableDiscs => n(stable_discs(own, opp).count_ones()),
            Ask::FrontierDiscs => n(frontier_discs(own, empty).count_ones()),
            Ask::EmptyRegions => n(empty_regions(empty).len() as u32),
            Ask::OddRegions => n(empty_regions(empty)
                .iter()
                .filter(|r| r.count_ones() % 2 == 1)
                .count() as u32),
            Ask::FinalScore => {
                if !pos.is_game_over() {
                    return Err(QuestionError::GameNotOver);
                }
                let (b, w) = pos.final_counts();
                n(if color == Color::Black { b } else { w })
            }
            Ask::ExactScore => {
                let margin = exact_margin(&pos, solver)?;
                Ok(Answer::Number(i64::from(if color == pos.to_move {
                    margin
                } else {
                    -margin
                })))
            }
            Ask::Winner => {
                let margin_black = if pos.is_game_over() {
                    let (b, w) = pos.final_counts();
                    b as i32 - w as i32
                } else {
                    pos.to_black_view(exact_margin(&pos, solver)?)
                };
                Ok(Answer::Choice(
                    match margin_black.signum() {
                        1 => "Black",
                        -1 => "White",
                        _ => "Draw",
                    }
                    .into(),
                ))
            }
            Ask::NextToMove => {
                let next = if pos.is_game_over() {
                    "Nobody"
                } else if pos.must_pass() {
                    pos.to_move.opposite().name()
                } else {
                    pos.to_move.name()
                };
                Ok(Answer::Choice(next.into()))
            }
            Ask::GivesCorner
            | Ask::Quiet
            | Ask::Wedge
            | Ask::MostFlips
            | Ask::FewestOpponentMoves
            | Ask::MostStable => self.square_choice(&pos),
        }
    }

    fn square_choice(&self, pos: &Position) -> Result<Answer, QuestionError> {
        let mut facts = Vec::new();
        for c in &self.choices {
            let sq = Square::parse(c).map_err(|_| QuestionError::NotASquare(c.clone()))?;
            let f = move_facts(pos, sq).ok_or(QuestionError::NotLegal(sq))?;
            facts.push(f);
        }
        let key = |f: &MoveFacts| -> i64 {
            match self.ask {
                Ask::GivesCorner => i64::from(!f.corners_given.is_empty()),
                Ask::Quiet => i64::from(f.quiet),
                Ask::Wedge => i64::from(f.wedge),
                Ask::MostFlips => i64::from(f.flipped.len()),
                Ask::FewestOpponentMoves => -i64::from(f.their_moves_after),
                _ => i64::from(f.stable_after),
            }
        };
        let top = facts
            .iter()
            .map(key)
            .max()
            .ok_or(QuestionError::NoChoices)?;
        let winners: Vec<Square> = facts
            .iter()
            .filter(|f| key(f) == top)
            .map(|f| f.square)
            .collect();
        let names: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
        if matches!(self.ask, Ask::GivesCorner | Ask::Quiet | Ask::Wedge) && top == 0 {
            return Err(QuestionError::NoChoiceHas(self.ask));
        }
        if winners.len() != 1 {
            return Err(QuestionError::NotExactlyOne {
                ask: self.ask,
                fits: winners,
            });
        }
        Ok(Answer::Choice(names.join(" ")))
    }
}

/// The final margin of the side to move with perfect play (solver).
fn exact_margin(pos: &Position, solver: &mut Solver) -> Result<i32, QuestionError> {
    if pos.is_game_over() {
        return Ok(pos.board.final_score());
    }
    let empties = pos.board.empty_count();
    if empties > EXACT_MAX_EMPTIES {
        return Err(QuestionError::TooManyEmpties(empties));
    }
    Ok(solver.solve_score(&pos.board)?.score)
}
