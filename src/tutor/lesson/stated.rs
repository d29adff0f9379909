//! The claims a lesson's hand-written text makes in words the tutor can read back:
//! "Black has no way to play a1", "no white disc next to it", "gives Black fewer
//! footholds", "about three discs worse". Each is turned into a [`Fact`] and checked
//! on the board the step shows (or, for a value, required to be backed by a `worse`
//! fact of the step, which `check-content` proves with the engine), so that such a
//! sentence cannot be false on its board.

use super::model::Step;
use crate::engine::{Color, Square};
use crate::tutor::facts::{Claim, Fact, FactError, check_all};

/// A claim read from a step's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextClaim {
    /// A fact to check on the board shown.
    Fact(Fact),
    /// A stated difference of value between moves ("about three discs worse", "some
    /// 15 discs above b6", "at least seven discs above b5"): the step must prove it
    /// with a `worse` fact whose range holds the number.
    Value(StatedGap),
}

/// A difference of value the words state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatedGap {
    /// The sentence that states it.
    pub sentence: String,
    /// The number of discs stated.
    pub discs: i32,
    /// "at least N" (a lower bound) rather than "about N" (a value).
    pub at_least: bool,
}

impl StatedGap {
    /// Whether a `worse` fact proving a difference between `min` and `max` discs backs
    /// it: an "about N" within the range, an "at least N" with the range from N up.
    pub fn backed_by(&self, min: i32, max: i32) -> bool {
        if self.at_least {
            min >= self.discs
        } else {
            (min..=max).contains(&self.discs)
        }
    }
}

/// The sentences of a step's text, prompt and explanation.
fn sentences(step: &Step) -> Vec<String> {
    let mut texts: Vec<&str> = Vec::new();
    match step {
        Step::Read(r) => texts.push(&r.text),
        _ => {
            if let Some(h) = step.header() {
                texts.extend(h.text.as_deref());
                texts.push(&h.prompt);
                texts.push(&h.explain);
            }
        }
    }
    texts
        .iter()
        .flat_map(|t| t.split(['.', ';', ':', '\n']))
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn color_word(w: &str) -> Option<Color> {
    match w.to_ascii_lowercase().as_str() {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

fn number_word(w: &str) -> Option<u32> {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    w.parse()
        .ok()
        .or_else(|| WORDS.iter().position(|n| *n == w).map(|i| i as u32))
}

/// The claims the words of `step` make.
pub fn text_claims(step: &Step) -> Vec<TextClaim> {
    let mut out = Vec::new();
    for sentence in sentences(step) {
        let words: Vec<String> = sentence
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_ascii_alphanumeric())
                    .to_string()
            })
            .collect();
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        let mut last_square: Option<Square> = None;
        for i in 0..w.len() {
            if let Ok(sq) = Square::parse(w[i]) {
                last_square = Some(sq);
            }
            // "Black has no way to play a1"
            if let [c, "has", "no", "way", "to", "play", s, ..] = &w[i..]
                && let (Some(c), Ok(sq)) = (color_word(c), Square::parse(s))
            {
                out.push(TextClaim::Fact(Fact::now(Claim::NoMove(c, sq))));
            }
            // "no white disc next to it" / "next to a1"
            if let ["no", c, "disc", "next", "to", s, ..] = &w[i..]
                && let Some(c) = color_word(c)
            {
                let sq = if *s == "it" {
                    last_square
                } else {
                    Square::parse(s).ok()
                };
                if let Some(sq) = sq {
                    out.push(TextClaim::Fact(Fact::now(Claim::NoNeighbour(c, sq))));
                }
            }
            // "gives Black fewer footholds"
            if let ["gives", c, "fewer", "footholds", ..] = &w[i..]
                && let Some(c) = color_word(c)
            {
                out.push(TextClaim::Fact(Fact::now(Claim::FewerMoves(c))));
            }
            // "about three discs worse", "some 15 discs above", "at least seven discs
            // below"
            let (at_least, rest) = match &w[i..] {
                ["at", "least", rest @ ..] => (true, rest),
                [
                    "about" | "some" | "roughly" | "nearly" | "almost",
                    rest @ ..,
                ] => (false, rest),
                _ => (false, &[][..]),
            };
            if let [
                n,
                "discs" | "disc",
                "worse" | "better" | "above" | "below",
                ..,
            ] = rest
                && let Some(discs) = number_word(n)
            {
                out.push(TextClaim::Value(StatedGap {
                    sentence: sentence.clone(),
                    discs: discs as i32,
                    at_least,
                }));
            }
        }
    }
    out
}

/// What is wrong with the claims the words of `step` make: a fact its board
/// contradicts, or a value with no `worse` fact to prove it (one whose range holds the
/// number stated).
pub fn text_claim_errors(step: &Step) -> Vec<FactError> {
    let (shown, _) = step.shown();
    let ranges: Vec<(i32, i32)> = step
        .facts()
        .iter()
        .filter_map(|f| match f.claim {
            Claim::Worse { min, max, .. } => Some((min, max)),
            _ => None,
        })
        .collect();
    let mut facts = Vec::new();
    let mut errors = Vec::new();
    for claim in text_claims(step) {
        match claim {
            TextClaim::Fact(f) => facts.push(f),
            TextClaim::Value(gap) if ranges.is_empty() => errors.push(FactError::Unreadable {
                text: gap.sentence,
                why: "a value is stated with no `worse` fact to prove it; state it with the precision the engine proves".into(),
            }),
            TextClaim::Value(gap) if !ranges.iter().any(|&(lo, hi)| gap.backed_by(lo, hi)) => {
                errors.push(FactError::Unreadable {
                    why: format!(
                        "{} {} discs is outside every `worse` fact's range ({}); state what the engine proves",
                        if gap.at_least { "at least" } else { "about" },
                        gap.discs,
                        ranges
                            .iter()
                            .map(|(lo, hi)| format!("{lo}..{hi}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    text: gap.sentence,
                })
            }
            TextClaim::Value(_) => {}
        }
    }
    errors.extend(check_all(&facts, &shown, None));
    if let Step::Read(r) = step
        && r.setup.is_none()
        && let Some(what) = describes_a_board(&r.text)
    {
        errors.push(FactError::NoBoard(what));
    }
    errors
}

/// What in `text` describes a particular board: a square's name, or an edge's gaps.
fn describes_a_board(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let squares: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| Square::parse(w).is_ok())
        .collect();
    if !squares.is_empty() {
        return Some(format!("it names {}", squares.join(" ")));
    }
    words
        .iter()
        .any(|w| w.eq_ignore_ascii_case("gap") || w.eq_ignore_ascii_case("gaps"))
        .then(|| "it points at an edge's gaps".to_string())
}
