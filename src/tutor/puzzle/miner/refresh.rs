//! Bringing a puzzle set up to the current rules (`othello-lab refresh-puzzles`):
//! the themes recomputed from the engine's facts, the goal `least-loss` for lost
//! positions, the explanation rewritten, and the puzzles whose answer does not matter
//! (or that are lines in lost positions) left out, each with its reason.

use super::why_text;
use crate::engine::Square;
use crate::engine::notation::parse_obf;
use crate::tutor::puzzle::{Goal, Proof, Puzzle, RawPuzzle, answer_matters, themes_of};

/// What refreshing one set did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refreshed {
    /// The set's title.
    pub title: Option<String>,
    /// The puzzles kept, checked under the current rules.
    pub kept: Vec<Puzzle>,
    /// The puzzles left out: id and reason.
    pub dropped: Vec<(String, String)>,
}

#[derive(serde::Deserialize)]
struct RawSet {
    title: Option<String>,
    #[serde(default)]
    puzzle: Vec<RawPuzzle>,
}

/// Refreshes the set `text` (read from `file`); an error names the place when the
/// file is not a puzzle set at all.
pub fn refresh_set(file: &str, text: &str) -> Result<Refreshed, String> {
    let set: RawSet = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
    let mut out = Refreshed {
        title: set.title,
        ..Refreshed::default()
    };
    for mut raw in set.puzzle {
        let id = raw.id.clone();
        let drop = |out: &mut Refreshed, why: String| out.dropped.push((id.clone(), why));
        let Ok(position) = parse_obf(&raw.position).map(|r| r.position) else {
            drop(&mut out, "bad position".into());
            continue;
        };
        let key = match raw.solution.first().map(|m| Square::parse(m)) {
            Some(Ok(sq)) => sq,
            _ => {
                drop(&mut out, "no first move".into());
                continue;
            }
        };
        let proof = match raw.depth {
            Some(depth) => Proof::Search { depth },
            None => Proof::Exact,
        };
        if raw.value < 0 {
            match Goal::parse(&raw.goal) {
                Some(Goal::Best) => raw.goal = Goal::LeastLoss.name().into(),
                Some(Goal::Line) => {
                    drop(
                        &mut out,
                        format!("a line in a lost position ({:+})", raw.value),
                    );
                    continue;
                }
                _ => {}
            }
        }
        if !answer_matters(raw.value, raw.margin) {
            drop(
                &mut out,
                format!(
                    "the answer ({:+}) is only {} better and changes no result",
                    raw.value, raw.margin
                ),
            );
            continue;
        }
        raw.themes = themes_of(&position, key, raw.value, proof)
            .iter()
            .map(|t| t.name().to_string())
            .collect();
        match raw.check(file) {
            Ok(mut p) => {
                p.why = why_text(&p);
                out.kept.push(p);
            }
            Err(errors) => {
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                drop(&mut out, first);
            }
        }
    }
    Ok(out)
}
