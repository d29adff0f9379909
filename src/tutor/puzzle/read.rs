//! Reading a puzzle set: TOML → raw → checked [`Puzzle`]s, every problem collected
//! with its file, puzzle and field. No engine search here (see [`super::prove_puzzle`]).

use super::MAX_EXACT_EMPTIES;
use super::error::{Ctx, PuzzleError, PuzzleProblem};
use super::model::{Goal, Proof, Puzzle, PuzzleSource, Step, Theme, color_name, plays};
use super::raw::RawPuzzle;
use super::themes::themes_of;
use crate::engine::notation::{parse_obf, parse_transcript, to_obf};
use crate::engine::{Move, Position, Square, SquareSet};
use crate::tutor::explain::square_list;
use serde::Deserialize;

fn check_constructed(pos: &Position) -> Result<(), String> {
    crate::tutor::lesson::check_constructed(pos).map_err(|p| p.to_string())
}

impl RawPuzzle {
    /// Checks a raw puzzle into a [`Puzzle`]; `file` names it in the errors. Returns
    /// every problem found. No engine search here (see [`prove_puzzle`]).
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
            ctx.invalid("id", "an id is made of a-z, 0-9 and '-'");
        }
        let goal = Goal::parse(&self.goal);
        if goal.is_none() {
            ctx.invalid(
                "goal",
                format!("`{}` is not a goal (best, win, line)", self.goal),
            );
        }
        let proof = match self.depth {
            None => Proof::Exact,
            Some(d) => {
                if !(2..=30).contains(&d) {
                    ctx.invalid("depth", format!("{d} is not a search depth from 2 to 30"));
                }
                Proof::Search { depth: d }
            }
        };
        let position = match parse_obf(&self.position) {
            Ok(rec) if rec.move_scores.is_empty() => Some(rec.position),
            Ok(_) => {
                ctx.invalid("position", "an OBF line without move scores is expected");
                None
            }
            Err(e) => {
                ctx.invalid(
                    "position",
                    format!("`{}` is not an OBF line: {e}", self.position),
                );
                None
            }
        };
        if self.why.trim().is_empty() {
            ctx.invalid("why", "the explanation is empty");
        }
        if !(crate::tutor::rating::MIN_PUZZLE_RATING..=crate::tutor::rating::MAX_PUZZLE_RATING)
            .contains(&self.rating)
        {
            ctx.invalid(
                "rating",
                format!("{} is not between 600 and 2400", self.rating),
            );
        }
        if !(-64..=64).contains(&self.value) {
            ctx.invalid(
                "value",
                format!("{} is not a disc margin (-64 to 64)", self.value),
            );
        }
        if self.margin < 1 {
            ctx.invalid(
                "margin",
                format!("{} is not a positive margin", self.margin),
            );
        }
        let mut themes = Vec::new();
        for t in &self.themes {
            match Theme::parse(t) {
                Some(th) if themes.contains(&th) => {
                    ctx.invalid("themes", format!("`{t}` is listed twice"))
                }
                Some(th) => themes.push(th),
                None => ctx.invalid(
                    "themes",
                    format!(
                        "`{t}` is not a theme ({})",
                        Theme::ALL.map(Theme::name).join(", ")
                    ),
                ),
            }
        }
        themes.sort();
        if self.source.generator.trim().is_empty() {
            ctx.invalid("source.generator", "the generator is empty");
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
                        format!("move {}: `{text}` is not a square (a1-h8) or pass", i + 1),
                    ),
                }
            }
        }
        let mut accepted_sets = Vec::new();
        for (i, list) in self.accepted.iter().enumerate() {
            let mut set = SquareSet::EMPTY;
            for text in list {
                match Square::parse(text) {
                    Ok(sq) if set.contains(sq) => {
                        ctx.invalid("accepted", format!("step {}: {sq} is listed twice", i + 1))
                    }
                    Ok(sq) => set.0 |= sq.bit(),
                    Err(_) => ctx.invalid(
                        "accepted",
                        format!("step {}: `{text}` is not a square (a1-h8)", i + 1),
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
            ctx.invalid("position", e);
        }
        if color_name(position.to_move) != self.to_move {
            ctx.invalid(
                "to_move",
                format!(
                    "`{}` does not match the position, where {} is to move",
                    self.to_move,
                    color_name(position.to_move)
                ),
            );
        }
        if position.legal_moves().len() < 2 {
            ctx.invalid(
                "position",
                format!(
                    "{} has {} legal move(s): a puzzle needs a choice",
                    position.to_move,
                    position.legal_moves().len()
                ),
            );
        }
        let empties = position.board.empty_count();
        if proof == Proof::Exact && empties > MAX_EXACT_EMPTIES {
            ctx.invalid(
                "depth",
                format!(
                    "{empties} empties: an exact puzzle has at most {MAX_EXACT_EMPTIES}; give a search depth"
                ),
            );
        }
        if proof != Proof::Exact && goal != Goal::Best {
            ctx.invalid(
                "goal",
                "a searched puzzle (with a depth) must have the goal `best`",
            );
        }
        if proof == Proof::Exact && self.value % 2 != 0 {
            ctx.invalid(
                "value",
                format!("{} is odd: exact final margins are even", self.value),
            );
        }
        // The steps.
        let n_steps = accepted_sets.len();
        match goal {
            Goal::Line if n_steps < 2 => ctx.invalid("accepted", "a line has two steps or more"),
            Goal::Best | Goal::Win if n_steps != 1 => ctx.invalid(
                "accepted",
                format!("a `{}` puzzle has one step, not {n_steps}", goal.name()),
            ),
            _ => {}
        }
        if proof != Proof::Exact && accepted_sets.first().is_some_and(|s| s.len() != 1) {
            ctx.invalid("accepted", "a searched puzzle accepts exactly one move");
        }
        if solution.len() + 1 < 2 * n_steps {
            ctx.invalid(
                "solution",
                format!(
                    "{} moves do not cover {n_steps} steps and the replies between them",
                    solution.len()
                ),
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
                    PuzzleProblem::IllegalMove(format!("move {} ({mv}): {e}", i + 1)),
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
                        format!(
                            "move {}: the learner must have a move at step {}",
                            i + 1,
                            k + 1
                        ),
                    );
                    return Err(ctx.errors);
                };
                if pos.to_move != position.to_move {
                    ctx.invalid(
                        "solution",
                        format!("move {}: not the learner's turn", i + 1),
                    );
                }
                if acc.0 & !legal.0 != 0 {
                    ctx.err(
                        "accepted",
                        PuzzleProblem::IllegalMove(format!(
                            "step {}: {} not legal (legal: {})",
                            k + 1,
                            square_list(SquareSet(acc.0 & !legal.0)),
                            square_list(legal)
                        )),
                    );
                } else if acc == legal {
                    ctx.invalid(
                        "accepted",
                        format!(
                            "step {}: every legal move is accepted: nothing to find",
                            k + 1
                        ),
                    );
                } else if acc.is_empty() {
                    ctx.invalid("accepted", format!("step {}: no move is accepted", k + 1));
                }
                if k + 1 < n_steps && acc.len() > 1 {
                    ctx.invalid(
                        "accepted",
                        format!(
                            "step {}: a line's steps before the last accept one move only",
                            k + 1
                        ),
                    );
                }
                if !acc.contains(sq) {
                    ctx.invalid(
                        "solution",
                        format!("move {} ({sq}) is not accepted at step {}", i + 1, k + 1),
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
                Ok(g) => ctx.invalid(
                    "source.game",
                    format!(
                        "the game reaches `{}`, not the puzzle's position",
                        to_obf(&g.current())
                    ),
                ),
                Err(e) => ctx.invalid("source.game", format!("not a game: {e}")),
            }
        }
        // The themes.
        if let Some(first) = steps.first() {
            let computed = themes_of(&position, first.answer, self.value, proof);
            if computed != themes {
                let names = |v: &[Theme]| {
                    if v.is_empty() {
                        "none".to_string()
                    } else {
                        v.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
                    }
                };
                ctx.err(
                    "themes",
                    PuzzleProblem::Disproved(format!(
                        "the engine's facts give {}; the file says {}",
                        names(&computed),
                        names(&themes)
                    )),
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
                PuzzleProblem::Invalid("the title is a string".into()),
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
