//! The raw serde types of a lesson file, as written; [`super::convert`] checks them
//! into the typed model.

use super::model::{Ask, Check};
use crate::engine::Color;
use serde::Deserialize;

/// A lesson file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLesson {
    pub(super) id: String,
    pub(super) title: String,
    pub(super) order: u32,
    #[serde(default)]
    pub(super) concepts: Vec<String>,
    #[serde(default)]
    pub(super) summary: Option<String>,
    #[serde(default)]
    pub(super) step: Vec<RawStep>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStep {
    pub(super) kind: StepKind,
    pub(super) text: Option<String>,
    pub(super) position: Option<String>,
    pub(super) highlight: Option<Vec<String>>,
    pub(super) play: Option<String>,
    pub(super) prompt: Option<String>,
    pub(super) check: Option<Check>,
    pub(super) tolerance: Option<u32>,
    pub(super) moves: Option<Vec<String>>,
    pub(super) hint: Option<String>,
    pub(super) explain: Option<String>,
    pub(super) ask: Option<Ask>,
    pub(super) color: Option<ColorName>,
    #[serde(rename = "move")]
    pub(super) mv: Option<String>,
    pub(super) answer: Option<toml::Value>,
    pub(super) choices: Option<Vec<String>>,
    pub(super) goal: Option<GoalKind>,
    pub(super) within: Option<u32>,
    pub(super) max: Option<u32>,
    pub(super) count: Option<u32>,
    pub(super) margin: Option<i32>,
    pub(super) opponent: Option<String>,
    pub(super) facts: Option<Vec<String>>,
}

impl RawStep {
    /// The names of the fields present (besides `kind`).
    pub(super) fn present(&self) -> Vec<&'static str> {
        let flags = [
            ("text", self.text.is_some()),
            ("position", self.position.is_some()),
            ("highlight", self.highlight.is_some()),
            ("play", self.play.is_some()),
            ("prompt", self.prompt.is_some()),
            ("check", self.check.is_some()),
            ("tolerance", self.tolerance.is_some()),
            ("moves", self.moves.is_some()),
            ("hint", self.hint.is_some()),
            ("explain", self.explain.is_some()),
            ("ask", self.ask.is_some()),
            ("color", self.color.is_some()),
            ("move", self.mv.is_some()),
            ("answer", self.answer.is_some()),
            ("choices", self.choices.is_some()),
            ("goal", self.goal.is_some()),
            ("within", self.within.is_some()),
            ("max", self.max.is_some()),
            ("count", self.count.is_some()),
            ("margin", self.margin.is_some()),
            ("opponent", self.opponent.is_some()),
            ("facts", self.facts.is_some()),
        ];
        flags
            .iter()
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum StepKind {
    Read,
    FindMove,
    Question,
    PlayOut,
}

impl StepKind {
    pub(super) const fn name(self) -> &'static str {
        match self {
            StepKind::Read => "read",
            StepKind::FindMove => "find-move",
            StepKind::Question => "question",
            StepKind::PlayOut => "play-out",
        }
    }

    pub(super) const fn fields(self) -> &'static [&'static str] {
        match self {
            StepKind::Read => &["text", "position", "highlight", "play", "facts"],
            StepKind::FindMove => &[
                "text",
                "position",
                "highlight",
                "prompt",
                "check",
                "tolerance",
                "moves",
                "hint",
                "explain",
                "facts",
            ],
            StepKind::Question => &[
                "text",
                "position",
                "highlight",
                "prompt",
                "ask",
                "color",
                "move",
                "answer",
                "choices",
                "hint",
                "explain",
                "facts",
            ],
            StepKind::PlayOut => &[
                "text",
                "position",
                "highlight",
                "prompt",
                "goal",
                "within",
                "max",
                "count",
                "margin",
                "opponent",
                "hint",
                "explain",
                "facts",
            ],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum ColorName {
    Black,
    White,
}

impl From<ColorName> for Color {
    fn from(c: ColorName) -> Color {
        match c {
            ColorName::Black => Color::Black,
            ColorName::White => Color::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum GoalKind {
    Win,
    TakeCorner,
    LimitMobility,
    Stable,
}
