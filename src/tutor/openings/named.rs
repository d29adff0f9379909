//! The named openings: each a name, its moves from the start (f5-first), other names
//! where the public lists disagree, and a family for grouping. A name belongs to a
//! position, not to a move order: positions are compared in their canonical
//! orientation (see [`crate::engine::symmetry`]), so a transposition of a line, or
//! the same line begun with d3, c4 or e6, gets the line's name.
//!
//! ```
//! use othello_tutor::engine::notation::parse_transcript;
//! use othello_tutor::tutor::openings::embedded;
//!
//! let openings = embedded();
//! // The Tiger, begun with c4 instead of f5 (its mirror image).
//! let board = parse_transcript("c4 e3 f6 e6 f5").unwrap().current().board;
//! assert_eq!(openings.name_of(&board).unwrap().name, "Tiger");
//! ```

use crate::engine::notation::parse_transcript;
use crate::engine::{Board, Move, Position, Square, symmetry};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// One named opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedOpening {
    /// The name shown for the position its moves reach.
    pub name: String,
    /// Other names the lists give the same position.
    pub aliases: Vec<String>,
    /// The family the trainer groups it under (a shorter named line it starts with).
    pub family: String,
    /// The moves from the start (placements only: no opening line passes).
    pub moves: Vec<Square>,
}

impl NamedOpening {
    /// The moves as a transcript, "f5 d6 c3 d3 c4".
    pub fn transcript(&self) -> String {
        let names: Vec<String> = self.moves.iter().map(|s| s.to_string()).collect();
        names.join(" ")
    }

    /// The positions along the line: the start, then the position after each move.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = vec![Position::start()];
        for &sq in &self.moves {
            let last = out[out.len() - 1];
            out.push(last.play_unchecked(sq));
        }
        out
    }

    /// The position after the line's moves.
    pub fn position(&self) -> Position {
        self.positions().pop().unwrap_or_else(Position::start)
    }

    /// Whether `text` is its name or one of its aliases (any case).
    pub fn is_called(&self, text: &str) -> bool {
        let t = text.trim();
        self.name.eq_ignore_ascii_case(t) || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(t))
    }
}

/// What is wrong with an openings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningProblem {
    /// Not TOML of the expected shape.
    Toml(String),
    /// A field that must not be empty is empty.
    Empty,
    /// A line whose moves cannot be played from the start.
    Moves(String),
    /// A line with a pass (an opening line has none).
    Pass,
    /// Two openings with one name (or alias).
    DuplicateName {
        /// The other opening.
        other: String,
    },
    /// Two lines that reach one position (up to symmetry): keep one name, make the
    /// other an alias.
    SamePosition {
        /// The other opening.
        other: String,
    },
    /// The line's own position names another opening.
    Unreachable {
        /// The opening found instead.
        found: String,
    },
}

impl fmt::Display for OpeningProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningProblem::Toml(e) => write!(f, "{e}"),
            OpeningProblem::Empty => write!(f, "must not be empty"),
            OpeningProblem::Moves(e) => write!(f, "{e}"),
            OpeningProblem::Pass => write!(f, "an opening line has no pass"),
            OpeningProblem::DuplicateName { other } => {
                write!(f, "the name is already used by the opening `{other}`")
            }
            OpeningProblem::SamePosition { other } => write!(
                f,
                "reaches the same position as `{other}`: keep one name, list the other in its aliases"
            ),
            OpeningProblem::Unreachable { found } => {
                write!(f, "its position is named `{found}` instead")
            }
        }
    }
}

/// A problem in an openings file: the file, the opening (1-based number and name),
/// the field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}{}: {problem}", opening_label(.opening), field_label(.field))]
pub struct OpeningError {
    /// The file.
    pub file: String,
    /// The opening: its number in the file (1-based) and its name, if known.
    pub opening: Option<(usize, String)>,
    /// The field.
    pub field: Option<&'static str>,
    /// What is wrong.
    pub problem: OpeningProblem,
}

fn opening_label(opening: &Option<(usize, String)>) -> String {
    match opening {
        Some((n, name)) if name.is_empty() => format!(", opening {n}"),
        Some((n, name)) => format!(", opening {n} ({name})"),
        None => String::new(),
    }
}

fn field_label(field: &Option<&'static str>) -> String {
    field.map(|f| format!(", field {f}")).unwrap_or_default()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    #[allow(dead_code)]
    sources: Vec<String>,
    #[serde(default)]
    opening: Vec<RawOpening>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOpening {
    name: String,
    moves: String,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    family: String,
}

/// The canonical key of a position: its canonical orientation's discs.
fn key(board: &Board) -> (u64, u64) {
    let (c, _) = symmetry::canonical(board);
    (c.player, c.opponent)
}

/// The named openings, indexed by position.
#[derive(Clone, Debug, Default)]
pub struct Openings {
    list: Vec<NamedOpening>,
    by_position: HashMap<(u64, u64), usize>,
}

impl Openings {
    /// Reads an openings file (`file` names it in errors): every opening, or every
    /// problem found (bad moves, passes, empty names, a name used twice, two lines
    /// that reach one position).
    pub fn from_toml(file: &str, text: &str) -> Result<Openings, Vec<OpeningError>> {
        let err = |opening: Option<(usize, String)>, field, problem| OpeningError {
            file: file.to_string(),
            opening,
            field,
            problem,
        };
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let msg = e.message().to_string();
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].lines().count().max(1));
            let msg = match line {
                Some(l) => format!("line {l}: {msg}"),
                None => msg,
            };
            vec![err(None, None, OpeningProblem::Toml(msg))]
        })?;
        let mut errors = Vec::new();
        let mut out = Openings::default();
        let mut names: HashMap<String, String> = HashMap::new();
        for (i, r) in raw.opening.into_iter().enumerate() {
            let label = Some((i + 1, r.name.clone()));
            if r.name.trim().is_empty() {
                errors.push(err(label.clone(), Some("name"), OpeningProblem::Empty));
                continue;
            }
            let game = match parse_transcript(&r.moves) {
                Ok(g) if g.is_empty() => {
                    errors.push(err(label.clone(), Some("moves"), OpeningProblem::Empty));
                    continue;
                }
                Ok(g) => g,
                Err(e) => {
                    errors.push(err(
                        label.clone(),
                        Some("moves"),
                        OpeningProblem::Moves(e.to_string()),
                    ));
                    continue;
                }
            };
            let moves: Option<Vec<Square>> = game
                .moves()
                .iter()
                .map(|m| match m {
                    Move::Place(sq) => Some(*sq),
                    Move::Pass => None,
                })
                .collect();
            let Some(moves) = moves else {
                errors.push(err(label.clone(), Some("moves"), OpeningProblem::Pass));
                continue;
            };
            let mut clash = false;
            for (field, n) in
                std::iter::once(("name", &r.name)).chain(r.aliases.iter().map(|a| ("aliases", a)))
            {
                let lower = n.trim().to_lowercase();
                if lower.is_empty() {
                    errors.push(err(label.clone(), Some(field), OpeningProblem::Empty));
                    clash = true;
                } else if let Some(other) = names.get(&lower) {
                    errors.push(err(
                        label.clone(),
                        Some(field),
                        OpeningProblem::DuplicateName {
                            other: other.clone(),
                        },
                    ));
                    clash = true;
                } else {
                    names.insert(lower, r.name.clone());
                }
            }
            let k = key(&game.current().board);
            if let Some(&other) = out.by_position.get(&k) {
                errors.push(err(
                    label.clone(),
                    Some("moves"),
                    OpeningProblem::SamePosition {
                        other: out.list[other].name.clone(),
                    },
                ));
                continue;
            }
            if clash {
                continue;
            }
            out.by_position.insert(k, out.list.len());
            out.list.push(NamedOpening {
                name: r.name.trim().to_string(),
                aliases: r.aliases.iter().map(|a| a.trim().to_string()).collect(),
                family: if r.family.trim().is_empty() {
                    r.name.trim().to_string()
                } else {
                    r.family.trim().to_string()
                },
                moves,
            });
        }
        errors.extend(out.check(file));
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(errors)
        }
    }

    /// Proves every line reachable: the position after a line's own moves is found,
    /// by position, to be that line. The problems, one per line that fails.
    pub fn check(&self, file: &str) -> Vec<OpeningError> {
        let mut errors = Vec::new();
        for (i, o) in self.list.iter().enumerate() {
            let found = self.name_of(&o.position().board);
            if found.map(|f| f.name.as_str()) != Some(o.name.as_str()) {
                errors.push(OpeningError {
                    file: file.to_string(),
                    opening: Some((i + 1, o.name.clone())),
                    field: Some("moves"),
                    problem: OpeningProblem::Unreachable {
                        found: found.map_or("nothing".into(), |f| f.name.clone()),
                    },
                });
            }
        }
        errors
    }

    /// Every named opening, in file order.
    pub fn all(&self) -> &[NamedOpening] {
        &self.list
    }

    /// How many named openings there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The opening whose line reaches `board` (in any of its eight orientations).
    pub fn name_of(&self, board: &Board) -> Option<&NamedOpening> {
        self.by_position.get(&key(board)).map(|&i| &self.list[i])
    }

    /// The deepest named position among `boards` (a game's positions, in order): the
    /// name a game carries once it has passed through a named position, even after it
    /// has left the named lines.
    pub fn deepest_along<'a>(
        &self,
        boards: impl IntoIterator<Item = &'a Board>,
    ) -> Option<&NamedOpening> {
        boards.into_iter().filter_map(|b| self.name_of(b)).last()
    }

    /// The opening called `name` (its name or an alias, any case).
    pub fn find(&self, name: &str) -> Option<&NamedOpening> {
        self.list.iter().find(|o| o.is_called(name))
    }

    /// The families in file order, each with its openings.
    pub fn families(&self) -> Vec<(&str, Vec<&NamedOpening>)> {
        let mut out: Vec<(&str, Vec<&NamedOpening>)> = Vec::new();
        for o in &self.list {
            match out.iter_mut().find(|(f, _)| *f == o.family) {
                Some((_, v)) => v.push(o),
                None => out.push((&o.family, vec![o])),
            }
        }
        out
    }
}

/// The named openings file, as embedded.
static OPENINGS_TOML: &str = include_str!("../../data/openings.toml");
/// The openings file's name in messages.
pub const OPENINGS_FILE: &str = "src/data/openings.toml";

/// The named openings embedded in the binary, checked (every line legal, every name
/// found by its position); every problem if the file is bad.
pub fn load_openings() -> Result<Openings, Vec<OpeningError>> {
    Openings::from_toml(OPENINGS_FILE, OPENINGS_TOML)
}

/// The embedded named openings, read once. A broken file (which `check-content` and
/// the tests refuse) gives an empty list rather than stopping the program.
pub fn embedded() -> &'static Openings {
    static OPENINGS: OnceLock<Openings> = OnceLock::new();
    OPENINGS.get_or_init(|| load_openings().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_name_the_opening_and_field() {
        let text = r#"
[[opening]]
name = "A"
moves = "f5 d6"
[[opening]]
name = "B"
moves = "f5 d6 a1"
[[opening]]
name = "a"
moves = "f5 f6"
[[opening]]
name = "C"
moves = "d3 c5"
"#;
        let errors = Openings::from_toml("x.toml", text).unwrap_err();
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(
            lines[0].starts_with("x.toml, opening 2 (B), field moves: move 3"),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].contains("opening 3 (a), field name: the name is already used"),
            "{}",
            lines[1]
        );
        assert!(
            lines[2].contains("opening 4 (C), field moves: reaches the same position as `A`"),
            "{}",
            lines[2]
        );
    }

    #[test]
    fn bad_toml_names_the_line() {
        let errors = Openings::from_toml("x.toml", "[[opening]]\nname = 3\n").unwrap_err();
        assert!(
            errors[0].to_string().starts_with("x.toml: line 2"),
            "{}",
            errors[0]
        );
    }
}
