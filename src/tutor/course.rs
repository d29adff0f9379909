//! What follows a lesson: the puzzles that practise its ideas and the practice game
//! that fits it.

use crate::engine::Color;
use crate::engine::players::Strategy;
use crate::tutor::lesson::Lesson;
use crate::tutor::practice::Setup;
use crate::tutor::puzzle::{Puzzle, Theme};

/// Puzzles a lesson offers at its end: the easiest ones with its themes.
pub const LESSON_PUZZLES: usize = 5;
/// Solved lesson puzzles needed to pass.
pub const LESSON_PASS_MARK: usize = 3;

/// A lesson's puzzles, solved one after the other for the lesson's puzzle score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonRun {
    /// The lesson's id (its score is saved under it).
    pub lesson_id: String,
    /// The lesson's title.
    pub title: String,
    /// The puzzle ids, easiest first.
    pub ids: Vec<String>,
    /// Solved puzzles needed to pass.
    pub pass_mark: usize,
}

/// The puzzle themes that practise a lesson's concepts (the endgame when none fits).
pub fn lesson_themes(lesson: &Lesson) -> Vec<Theme> {
    let mut out = Vec::new();
    for c in &lesson.concepts {
        let themes: &[Theme] = match c.as_str() {
            "corner" => &[Theme::Corner],
            "stable discs" => &[Theme::StableDiscs, Theme::Corner],
            "x-square" => &[Theme::XSquare],
            "c-square" => &[Theme::CSquare],
            "edge" | "unbalanced edge" => &[Theme::Edge, Theme::Wedge],
            "wedge" => &[Theme::Wedge],
            "frontier" => &[Theme::Frontier, Theme::QuietMove],
            "quiet move" | "waiting move" => &[Theme::QuietMove],
            "mobility" | "maximum-disc fallacy" | "opening" => &[Theme::Mobility],
            "parity" | "regions" => &[Theme::Parity],
            "tempo" | "passing" => &[Theme::Tempo],
            "endgame" | "counting" | "scoring" => &[Theme::ExactEndgame],
            _ => &[],
        };
        for &t in themes {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    if out.is_empty() {
        out.push(Theme::ExactEndgame);
    }
    out
}

/// The lesson's puzzles from `puzzles`: the easiest [`LESSON_PUZZLES`] with one of its
/// themes, or `None` when no puzzle has them.
pub fn lesson_puzzles(lesson: &Lesson, puzzles: &[Puzzle]) -> Option<LessonRun> {
    let themes = lesson_themes(lesson);
    let mut chosen: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|p| themes.iter().any(|&t| p.has_theme(t)))
        .collect();
    chosen.sort_by(|a, b| a.rating.cmp(&b.rating).then(a.id.cmp(&b.id)));
    let ids: Vec<String> = chosen
        .iter()
        .take(LESSON_PUZZLES)
        .map(|p| p.id.clone())
        .collect();
    if ids.is_empty() {
        return None;
    }
    Some(LessonRun {
        lesson_id: lesson.id.clone(),
        title: lesson.title.clone(),
        pass_mark: LESSON_PASS_MARK.min(ids.len()),
        ids,
    })
}

/// The practice game that fits a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonGame {
    /// What the learner is asked to do, for example "beat the greedy partner".
    pub task: String,
    /// The opponent.
    pub opponent: Strategy,
    /// Whether the learner's moves are graded.
    pub feedback: bool,
}

/// The practice game after `lesson`.
pub fn lesson_game(lesson: &Lesson) -> LessonGame {
    let (task, opponent) = match lesson.order {
        1 => ("beat the greedy partner", Strategy::Greedy),
        2 => (
            "beat the greedy partner, who always grabs the most discs",
            Strategy::Greedy,
        ),
        3 | 4 => (
            "beat the static-squares partner, who loves corners",
            Strategy::StaticSquares,
        ),
        6 | 7 => (
            "keep the mobility-only partner's moves low, with feedback on",
            Strategy::MobilityOnly,
        ),
        5 | 8 | 9 => ("beat engine level 2, with feedback on", Strategy::Engine(2)),
        _ => ("beat engine level 3, with feedback on", Strategy::Engine(3)),
    };
    LessonGame {
        task: task.to_string(),
        opponent,
        feedback: true,
    }
}

/// The setup of the practice game after `lesson`: the learner plays Black from the
/// initial position.
pub fn lesson_game_setup(lesson: &Lesson) -> Setup {
    let game = lesson_game(lesson);
    let mut setup = Setup::against(Color::Black, game.opponent);
    setup.feedback = game.feedback;
    setup.start_name = format!("the initial position (after \"{}\")", lesson.title);
    setup
}
