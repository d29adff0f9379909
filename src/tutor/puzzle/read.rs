//! Reading a puzzle set: TOML → raw → checked [`Puzzle`]s, every problem collected
//! with its file, puzzle and field. No engine search here (see [`super::prove_puzzle`]).

use super::MAX_EXACT_EMPTIES;
use super::error::{Ctx, Disproof, IllegalPuzzleMove, InvalidPuzzle, PuzzleError, PuzzleProblem};
use super::model::{
    Goal, PERSONAL_GENERATOR, Proof, Puzzle, PuzzleSource, Step, Theme, color_name, plays,
};
use super::raw::RawPuzzle;
use super::themes::themes_of;
use crate::engine::notation::{parse_obf, parse_transcript};
use crate::engine::{Move, Square, SquareSet};
use crate::tutor::lesson::check_constructed;
use serde::Deserialize;

impl RawPuzzle {
    /// Checks a raw puzzle into a [`Puzzle`]; `file` names it in the errors. Returns
    /// every problem found. No engine search here (see `prove_puzzle`).
    pub fn check(self, file: &str) -> Result<Puzzle, Vec<PuzzleError>> {
        let id = self.id.clone();
        let mut ctx = Ctx {
            file,
            id: Some(&id),
            errors: Vec::new(),
        };
        let id_ok = !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            ctx.invalid("id", InvalidPuzzle::BadId);
        }
        let goal = Goal::parse(&self.goal);
        if goal.is_none() {
            ctx.invalid("goal", InvalidPuzzle::BadGoal(self.goal.clone()));
        }
        let proof = match self.depth {
            None => Proof::Exact,
            Some(d) => {
                if !(2..=30).contains(&d) {
                    ctx.invalid("depth", InvalidPuzzle::BadDepth(d));
                }
                Proof::Search { depth: d }
            }
        };
        let position = match parse_obf(&self.position) {
            Ok(rec) if rec.move_scores.is_empty() => Some(rec.position),
            Ok(_) => {
                ctx.invalid("position", InvalidPuzzle::MoveScores);
                None
            }
            Err(e) => {
                ctx.invalid(
                    "position",
                    InvalidPuzzle::NotObf {
                        text: self.position.clone(),
                        reason: Box::new(e),
                    },
                );
                None
            }
        };
        if self.why.trim().is_empty() {
            ctx.invalid("why", InvalidPuzzle::EmptyWhy);
        }
        if !(crate::tutor::rating::MIN_PUZZLE_RATING..=crate::tutor::rating::MAX_PUZZLE_RATING)
            .contains(&self.rating)
        {
            ctx.invalid("rating", InvalidPuzzle::BadRating(self.rating));
        }
        if !(-64..=64).contains(&self.value) {
            ctx.invalid("value", InvalidPuzzle::BadValue(self.value));
        }
        if self.margin < 1 {
            ctx.invalid("margin", InvalidPuzzle::BadMargin(self.margin));
        }
        let mut themes = Vec::new();
        for t in &self.themes {
            match Theme::parse(t) {
                Some(th) if themes.contains(&th) => {
                    ctx.invalid("themes", InvalidPuzzle::ThemeTwice(t.clone()))
                }
                Some(th) => themes.push(th),
                None => ctx.invalid("themes", InvalidPuzzle::BadTheme(t.clone())),
            }
        }
        themes.sort();
        if self.source.generator.trim().is_empty() {
            ctx.invalid("source.generator", InvalidPuzzle::EmptyGenerator);
        }
        let mut solution = Vec::new();
        for (i, text) in self.solution.iter().enumerate() {
            if text.eq_ignore_ascii_case("pass") {
                solution.push(Move::Pass);
            } else {
                match Square::parse(text) {
                    Ok(sq) => solution.push(Move::Place(sq)),
                    Err(_) => ctx.invalid(
                        "solution",
                        InvalidPuzzle::BadMove {
                            number: i + 1,
                            text: text.clone(),
                        },
                    ),
                }
            }
        }
        let mut accepted_sets = Vec::new();
        for (i, list) in self.accepted.iter().enumerate() {
            let mut set = SquareSet::EMPTY;
            for text in list {
                match Square::parse(text) {
                    Ok(sq) if set.contains(sq) => ctx.invalid(
                        "accepted",
                        InvalidPuzzle::AcceptedTwice {
                            step: i + 1,
                            square: sq,
                        },
                    ),
                    Ok(sq) => set.0 |= sq.bit(),
                    Err(_) => ctx.invalid(
                        "accepted",
                        InvalidPuzzle::BadSquare {
                            step: i + 1,
                            text: text.clone(),
                        },
                    ),
                }
            }
            accepted_sets.push(set);
        }
        let (Some(position), Some(goal)) = (position, goal) else {
            return Err(ctx.errors);
        };
        if !ctx.errors.is_empty() {
            return Err(ctx.errors);
        }
        // The position.
        if let Err(e) = check_constructed(&position) {
            ctx.invalid("position", InvalidPuzzle::Constructed(e));
        }
        if color_name(position.to_move) != self.to_move {
            ctx.invalid(
                "to_move",
                InvalidPuzzle::WrongSide {
                    given: self.to_move.clone(),
                    actual: position.to_move,
                },
            );
        }
        if position.legal_moves().len() < 2 {
            ctx.invalid(
                "position",
                InvalidPuzzle::NoChoice {
                    side: position.to_move,
                    count: position.legal_moves().len(),
                },
            );
        }
        let empties = position.board.empty_count();
        if proof == Proof::Exact && empties > MAX_EXACT_EMPTIES {
            ctx.invalid("depth", InvalidPuzzle::TooManyEmpties(empties));
        }
        if proof != Proof::Exact && !matches!(goal, Goal::Best | Goal::LeastLoss) {
            ctx.invalid("goal", InvalidPuzzle::SearchedNotBest);
        }
        // A puzzle's answer must matter, and a lost position says so in its goal
        // (personal puzzles, made from the learner's own mistakes, are exempt).
        if self.source.generator != PERSONAL_GENERATOR {
            match goal {
                Goal::LeastLoss if self.value >= 0 => {
                    ctx.invalid("goal", InvalidPuzzle::LeastLossNotLost(self.value))
                }
                Goal::Best | Goal::Line if self.value < 0 => {
                    ctx.invalid("goal", InvalidPuzzle::LostNotLeastLoss(self.value))
                }
                _ => {}
            }
            if !answer_matters(self.value, self.margin) {
                ctx.invalid(
                    "margin",
                    InvalidPuzzle::DoesNotMatter {
                        value: self.value,
                        margin: self.margin,
                    },
                );
            }
        }
        if proof == Proof::Exact && self.value % 2 != 0 {
            ctx.invalid("value", InvalidPuzzle::OddValue(self.value));
        }
        // The steps.
        let n_steps = accepted_sets.len();
        match goal {
            Goal::Line if n_steps < 2 => ctx.invalid("accepted", InvalidPuzzle::ShortLine),
            Goal::Best | Goal::Win | Goal::LeastLoss if n_steps != 1 => ctx.invalid(
                "accepted",
                InvalidPuzzle::NotOneStep {
                    goal,
                    steps: n_steps,
                },
            ),
            _ => {}
        }
        if proof != Proof::Exact && accepted_sets.first().is_some_and(|s| s.len() != 1) {
            ctx.invalid("accepted", InvalidPuzzle::SearchedNotOneMove);
        }
        if solution.len() + 1 < 2 * n_steps {
            ctx.invalid(
                "solution",
                InvalidPuzzle::ShortSolution {
                    moves: solution.len(),
                    steps: n_steps,
                },
            );
        }
        if !ctx.errors.is_empty() {
            return Err(ctx.errors);
        }
        // Replay the solution, building the steps.
        let mut steps = Vec::new();
        let mut pos = position;
        for (i, &mv) in solution.iter().enumerate() {
            if let Err(e) = pos.play(mv) {
                ctx.err(
                    "solution",
                    PuzzleProblem::IllegalMove(IllegalPuzzleMove::Solution {
                        number: i + 1,
                        mv,
                        reason: e,
                    }),
                );
                return Err(ctx.errors);
            }
            if i % 2 == 0 && i / 2 < n_steps {
                let k = i / 2;
                let acc = accepted_sets[k];
                let legal = pos.legal_moves();
                let Move::Place(sq) = mv else {
                    ctx.invalid(
                        "solution",
                        InvalidPuzzle::LearnerPasses {
                            number: i + 1,
                            step: k + 1,
                        },
                    );
                    return Err(ctx.errors);
                };
                if pos.to_move != position.to_move {
                    ctx.invalid("solution", InvalidPuzzle::NotLearnersTurn(i + 1));
                }
                if acc.0 & !legal.0 != 0 {
                    ctx.err(
                        "accepted",
                        PuzzleProblem::IllegalMove(IllegalPuzzleMove::Accepted {
                            step: k + 1,
                            illegal: SquareSet(acc.0 & !legal.0),
                            legal,
                        }),
                    );
                } else if acc == legal {
                    ctx.invalid("accepted", InvalidPuzzle::NothingToFind(k + 1));
                } else if acc.is_empty() {
                    ctx.invalid("accepted", InvalidPuzzle::NoneAccepted(k + 1));
                }
                if k + 1 < n_steps && acc.len() > 1 {
                    ctx.invalid("accepted", InvalidPuzzle::LineStepAcceptsMany(k + 1));
                }
                if !acc.contains(sq) {
                    ctx.invalid(
                        "solution",
                        InvalidPuzzle::NotAccepted {
                            number: i + 1,
                            square: sq,
                            step: k + 1,
                        },
                    );
                }
                steps.push(Step {
                    position: pos,
                    accepted: acc,
                    answer: sq,
                    reply: solution.get(i + 1).copied(),
                });
            }
            pos = plays(&pos, mv);
        }
        // The source game.
        if let Some(game) = &self.source.game {
            match parse_transcript(game) {
                Ok(g) if g.current() == position => {}
                Ok(g) => ctx.invalid("source.game", InvalidPuzzle::OtherGame(g.current())),
                Err(e) => ctx.invalid("source.game", InvalidPuzzle::NotAGame(Box::new(e))),
            }
        }
        // The themes.
        if let Some(first) = steps.first() {
            let computed = themes_of(&position, first.answer, self.value, proof);
            if computed != themes {
                ctx.err(
                    "themes",
                    PuzzleProblem::Disproved(Disproof::Themes {
                        computed,
                        stated: themes.clone(),
                    }),
                );
            }
        }
        if !ctx.errors.is_empty() {
            return Err(ctx.errors);
        }
        Ok(Puzzle {
            file: file.to_string(),
            id,
            position,
            goal,
            steps,
            solution,
            value: self.value,
            margin: self.margin,
            proof,
            themes,
            rating: self.rating,
            why: self.why,
            source: PuzzleSource {
                generator: self.source.generator,
                seed: self.source.seed,
                game: self.source.game,
            },
        })
    }
}

/// Reads one set; `file` names it in the errors. Returns the good puzzles (in file
/// order) and every problem; a bad puzzle does not hide the others.
pub fn parse_set(file: &str, text: &str) -> (Vec<Puzzle>, Vec<PuzzleError>) {
    let toml_err = |msg: String| PuzzleError::new(file, None, None, PuzzleProblem::Toml(msg));
    let table: toml::Table = match toml::from_str(text) {
        Ok(t) => t,
        Err(e) => {
            return (
                Vec::new(),
                vec![toml_err(e.to_string().trim_end().to_string())],
            );
        }
    };
    let mut errors = Vec::new();
    let mut puzzles = Vec::new();
    for (key, value) in table {
        match key.as_str() {
            "title" if value.is_str() => {}
            "title" => errors.push(PuzzleError::new(
                file,
                None,
                Some("title"),
                PuzzleProblem::Invalid(InvalidPuzzle::TitleNotString),
            )),
            "puzzle" => {
                let Some(list) = value.as_array() else {
                    errors.push(toml_err(
                        "`puzzle` must be an array of tables ([[puzzle]])".into(),
                    ));
                    continue;
                };
                for (i, item) in list.iter().enumerate() {
                    let id = item
                        .get("id")
                        .and_then(|v| v.as_str())
                        .map(str::to_string)
                        .unwrap_or_else(|| format!("#{}", i + 1));
                    match RawPuzzle::deserialize(item.clone()) {
                        Ok(raw) => match raw.check(file) {
                            Ok(p) => puzzles.push(p),
                            Err(mut e) => errors.append(&mut e),
                        },
                        Err(e) => errors.push(PuzzleError::new(
                            file,
                            Some(&id),
                            None,
                            PuzzleProblem::Toml(e.to_string().trim_end().to_string()),
                        )),
                    }
                }
            }
            other => errors.push(toml_err(format!(
                "unknown top-level key `{other}`, expected `title` or `puzzle`"
            ))),
        }
    }
    (puzzles, errors)
}

/// The fewest discs the answer must save against the next best move when it does not
/// change the result.
pub const MIN_MARGIN: i32 = 6;

/// Whether an answer worth `value` with `margin` discs over the next best matters: it
/// wins where the next best does not, draws where the next best loses, or saves at
/// least [`MIN_MARGIN`] discs.
pub fn answer_matters(value: i32, margin: i32) -> bool {
    let next = value - margin;
    margin >= MIN_MARGIN || (value > 0 && next <= 0) || (value == 0 && next < 0)
}
