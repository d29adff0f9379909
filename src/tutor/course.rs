//! The courses and what follows a lesson: the two courses the lessons are grouped in
//! (by their order), the puzzles that practise a lesson's ideas and the practice game
//! that fits it.

use crate::engine::Color;
use crate::engine::players::Strategy;
use crate::tutor::lesson::Lesson;
use crate::tutor::practice::Setup;
use crate::tutor::puzzle::{Puzzle, Theme};

/// The first order of the second course: lessons 1 to 12 are the first course (the
/// basics), lessons from 13 on the second (the ideas strong players learn next).
pub const SECOND_COURSE_FROM: u32 = 13;

/// A course: a group of lessons taken in order. Every lesson is open at any time;
/// the second course follows the first, and a learner who knows the basics may
/// start it directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Course {
    /// The basics: rules, corners, edges, mobility, tempo, parity, the endgame.
    First,
    /// After the basics: edge play, evaporation, access, sacrifices, parity across
    /// regions, diagonals, endgame counting, whole-board tempo.
    Second,
}

impl Course {
    /// Both courses, in order.
    pub const ALL: [Course; 2] = [Course::First, Course::Second];

    /// The course of a lesson, decided by its order.
    ///
    /// ```
    /// use othello_tutor::tutor::content::load_lessons;
    /// use othello_tutor::tutor::course::Course;
    /// let lessons = load_lessons().expect("lessons");
    /// assert_eq!(Course::of(&lessons[0]), Course::First);
    /// assert_eq!(Course::of(lessons.last().expect("a lesson")), Course::Second);
    /// ```
    pub fn of(lesson: &Lesson) -> Course {
        Course::of_order(lesson.order)
    }

    /// The course of a lesson of this order.
    pub const fn of_order(order: u32) -> Course {
        if order < SECOND_COURSE_FROM {
            Course::First
        } else {
            Course::Second
        }
    }

    /// Its heading in the lesson list.
    pub const fn heading(self) -> &'static str {
        match self {
            Course::First => "First course: the basics",
            Course::Second => "Second course: after the basics (open now, or after the first)",
        }
    }
}

/// A row of the lesson list: a course's heading or a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CourseRow {
    /// A course's heading; choosing it opens the course's first lesson (its index).
    Heading(Course, usize),
    /// The lesson at this index of the list given.
    Lesson(usize),
}

impl CourseRow {
    /// The index of the lesson the row opens.
    pub fn lesson(&self) -> usize {
        match self {
            CourseRow::Heading(_, i) | CourseRow::Lesson(i) => *i,
        }
    }
}

/// The rows of the lesson list for `lessons` (sorted by order): each course that has
/// lessons, its heading first, then its lessons.
///
/// ```
/// use othello_tutor::tutor::content::load_lessons;
/// use othello_tutor::tutor::course::{Course, CourseRow, course_rows};
/// let lessons = load_lessons().expect("lessons");
/// let rows = course_rows(&lessons);
/// assert_eq!(rows[0], CourseRow::Heading(Course::First, 0));
/// assert_eq!(rows.len(), lessons.len() + 2);
/// ```
pub fn course_rows(lessons: &[Lesson]) -> Vec<CourseRow> {
    let mut rows = Vec::new();
    for course in Course::ALL {
        let mut first = true;
        for (i, l) in lessons.iter().enumerate() {
            if Course::of(l) != course {
                continue;
            }
            if first {
                rows.push(CourseRow::Heading(course, i));
                first = false;
            }
            rows.push(CourseRow::Lesson(i));
        }
    }
    rows
}

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
            "balanced edge" | "unbalanced edges" => &[Theme::UnbalancedEdge],
            "stoner trap" => &[Theme::StonerTrap, Theme::UnbalancedEdge],
            "evaporation" => &[Theme::Evaporation],
            "access" => &[Theme::Access],
            "sacrifice" => &[Theme::Sacrifice],
            "parity across regions" => &[Theme::Parity, Theme::Access],
            "diagonal control" => &[Theme::XSquare],
            "counting by regions" => &[Theme::ExactEndgame, Theme::Parity],
            "whole-board tempo" => &[Theme::Tempo, Theme::QuietMove],
            "wing" => &[Theme::UnbalancedEdge],
            "corner given back" => &[Theme::Sacrifice, Theme::CSquare],
            "x-square for a region" => &[Theme::XSquare, Theme::Sacrifice],
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
        o if Course::of_order(o) == Course::Second => {
            ("beat engine level 4, with feedback on", Strategy::Engine(4))
        }
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
