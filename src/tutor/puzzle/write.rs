//! Writing puzzles back to TOML: the raw form of a puzzle and a whole set file.

use super::model::{Proof, Puzzle, color_name};
use super::raw::{RawPuzzle, RawSource};
use crate::engine::Move;
use crate::engine::notation::to_obf;

impl Puzzle {
    /// The file form of the puzzle.
    pub fn to_raw(&self) -> RawPuzzle {
        RawPuzzle {
            id: self.id.clone(),
            position: to_obf(&self.position),
            to_move: color_name(self.position.to_move).to_string(),
            goal: self.goal.name().to_string(),
            accepted: self
                .steps
                .iter()
                .map(|s| s.accepted.into_iter().map(|sq| sq.to_string()).collect())
                .collect(),
            solution: self.solution.iter().map(Move::to_string).collect(),
            value: self.value,
            margin: self.margin,
            depth: match self.proof {
                Proof::Exact => None,
                Proof::Search { depth } => Some(depth),
            },
            themes: self.themes.iter().map(|t| t.name().to_string()).collect(),
            rating: self.rating,
            why: self.why.clone(),
            source: RawSource {
                generator: self.source.generator.clone(),
                seed: self.source.seed,
                game: self.source.game.clone(),
            },
        }
    }
}

fn toml_str(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn toml_list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| toml_str(s)).collect();
    format!("[{}]", inner.join(", "))
}

/// A set file holding `puzzles`, with an optional title; reading it back gives the
/// same puzzles.
pub fn to_toml(title: Option<&str>, puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    if let Some(t) = title {
        out.push_str(&format!("title = {}\n", toml_str(t)));
    }
    for p in puzzles {
        let r = p.to_raw();
        out.push_str("\n[[puzzle]]\n");
        out.push_str(&format!("id = {}\n", toml_str(&r.id)));
        out.push_str(&format!("position = {}\n", toml_str(&r.position)));
        out.push_str(&format!("to_move = {}\n", toml_str(&r.to_move)));
        out.push_str(&format!("goal = {}\n", toml_str(&r.goal)));
        let acc: Vec<String> = r.accepted.iter().map(|a| toml_list(a)).collect();
        out.push_str(&format!("accepted = [{}]\n", acc.join(", ")));
        out.push_str(&format!("solution = {}\n", toml_list(&r.solution)));
        out.push_str(&format!("value = {}\n", r.value));
        out.push_str(&format!("margin = {}\n", r.margin));
        if let Some(d) = r.depth {
            out.push_str(&format!("depth = {d}\n"));
        }
        out.push_str(&format!("themes = {}\n", toml_list(&r.themes)));
        out.push_str(&format!("rating = {}\n", r.rating));
        out.push_str(&format!("why = {}\n", toml_str(&r.why)));
        let mut src = format!("generator = {}", toml_str(&r.source.generator));
        if let Some(seed) = r.source.seed {
            src.push_str(&format!(", seed = {seed}"));
        }
        if let Some(game) = &r.source.game {
            src.push_str(&format!(", game = {}", toml_str(game)));
        }
        out.push_str(&format!("source = {{ {src} }}\n"));
    }
    out
}
