//! The concepts the coach counts: the course's ideas as the puzzle themes name them
//! ([`Theme`]: one table of names and labels for puzzles, lessons and the coach), and
//! "other" for a mistake no checked fact explains.
//!
//! A lesson's `concepts` are free words of the course ("stable discs", "quiet
//! move"); a concept is the lesson's when one of them names its theme, spaces and
//! hyphens alike ([`names_concept`]).
//!
//! ```
//! use othello_tutor::tutor::coach::Concept;
//! use othello_tutor::tutor::puzzle::Theme;
//! let x = Concept::Theme(Theme::XSquare);
//! assert_eq!(x.name(), "x-square");
//! assert_eq!(x.label(), "X-square");
//! assert_eq!(Concept::parse("x-square"), x);
//! assert_eq!(Concept::parse("something new"), Concept::Other);
//! ```

use crate::tutor::lesson::Lesson;
use crate::tutor::puzzle::{Focus, NearCorner, Puzzle, Theme};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The name of [`Concept::Other`] in files.
pub const OTHER_NAME: &str = "other";

/// What a record is about: one of the course's ideas, or none that a checked fact
/// names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Concept {
    /// An idea of the course, named as the puzzle themes name it.
    Theme(Theme),
    /// A mistake with no checked fact that names an idea.
    Other,
}

impl Concept {
    /// The name in files: the theme's name, or "other".
    pub const fn name(self) -> &'static str {
        match self {
            Concept::Theme(t) => t.name(),
            Concept::Other => OTHER_NAME,
        }
    }

    /// The name for people: the theme's label, or "Other".
    pub const fn label(self) -> &'static str {
        match self {
            Concept::Theme(t) => t.label(),
            Concept::Other => "Other",
        }
    }

    /// The concept a name stands for; a name this version does not know (one a
    /// newer version wrote) reads as [`Concept::Other`].
    pub fn parse(name: &str) -> Concept {
        Theme::parse(name).map_or(Concept::Other, Concept::Theme)
    }

    /// The theme, unless the concept is "other".
    pub const fn theme(self) -> Option<Theme> {
        match self {
            Concept::Theme(t) => Some(t),
            Concept::Other => None,
        }
    }

    /// The puzzles that practise the concept: its theme's, except for the X- and
    /// C-square, a habit to unlearn (a corner given away through the square): the
    /// corner puzzles that tempt with such a square ([`Focus::Tempted`]). `None` for
    /// "other".
    pub const fn focus(self) -> Option<Focus> {
        match self {
            Concept::Theme(Theme::XSquare) => Some(Focus::Tempted(NearCorner::X)),
            Concept::Theme(Theme::CSquare) => Some(Focus::Tempted(NearCorner::C)),
            Concept::Theme(t) => Some(Focus::Theme(t)),
            Concept::Other => None,
        }
    }
}

/// The concepts an attempt at `puzzle` practises: its themes, then the X- and
/// C-square when the puzzle is one of their [`Concept::focus`] (a temptation to turn
/// down) and does not have the theme already.
///
/// ```
/// use othello_tutor::tutor::coach::concept::practised;
/// use othello_tutor::tutor::coach::Concept;
/// use othello_tutor::tutor::content::load_puzzles;
/// let puzzles = load_puzzles().unwrap();
/// let p = &puzzles[0];
/// let c = practised(p);
/// assert!(p.themes.iter().all(|&t| c.contains(&Concept::Theme(t))));
/// ```
pub fn practised(puzzle: &Puzzle) -> Vec<Concept> {
    let mut out: Vec<Concept> = puzzle.themes.iter().map(|&t| Concept::Theme(t)).collect();
    for c in [Theme::XSquare, Theme::CSquare].map(Concept::Theme) {
        if !out.contains(&c) && c.focus().is_some_and(|f| f.fits(puzzle)) {
            out.push(c);
        }
    }
    out
}

impl fmt::Display for Concept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Concept {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Concept {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Concept, D::Error> {
        let name = String::deserialize(d)?;
        Ok(Concept::parse(&name))
    }
}

/// Whether a lesson's concept word names `theme`: the same words, spaces and hyphens
/// alike, any case ("stable discs" names `stable-discs`).
///
/// ```
/// use othello_tutor::tutor::coach::concept::names_concept;
/// use othello_tutor::tutor::puzzle::Theme;
/// assert!(names_concept("stable discs", Theme::StableDiscs));
/// assert!(names_concept("Quiet move", Theme::QuietMove));
/// assert!(!names_concept("maximum-disc fallacy", Theme::Mobility));
/// ```
pub fn names_concept(word: &str, theme: Theme) -> bool {
    let norm = |s: &str| s.trim().to_lowercase().replace('-', " ");
    norm(word) == norm(theme.name())
}

/// The concepts a lesson teaches: those of its concept words that name a theme, in
/// the lesson's order.
pub fn lesson_concepts(lesson: &Lesson) -> Vec<Concept> {
    let mut out = Vec::new();
    for word in &lesson.concepts {
        if let Some(t) = Theme::ALL.into_iter().find(|&t| names_concept(word, t)) {
            let c = Concept::Theme(t);
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// The lesson that teaches `concept`: among the lessons whose concept words name
/// it, one that names it among its first two (a main idea of the lesson), then the
/// one with the fewest concepts (the most focused), then the earliest. `None` for
/// "other" or a concept no lesson names.
pub fn lesson_for(concept: Concept, lessons: &[Lesson]) -> Option<&Lesson> {
    let theme = concept.theme()?;
    lessons
        .iter()
        .filter_map(|l| {
            let at = l.concepts.iter().position(|w| names_concept(w, theme))?;
            Some(((at > 1, l.concepts.len(), l.order), l))
        })
        .min_by_key(|(key, _)| *key)
        .map(|(_, l)| l)
}
