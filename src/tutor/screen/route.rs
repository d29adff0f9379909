//! The screens a screen can ask to open ([`Route`]), with what each opens on. Only
//! the interface's navigation knows which view a route builds.

use crate::engine::Position;
use crate::potential::Color;
use crate::potential::ai::{Level, SearchLimits};
use crate::potential::position::DEFAULT_PIECES_PER_SIDE;
use crate::tutor::course::LessonRun;
use crate::tutor::practice::Setup;
use std::time::Duration;

/// A screen to open, with what it opens on.
#[derive(Clone, Debug)]
pub enum Route {
    /// The main menu (every other screen is closed).
    Menu,
    /// The lesson list, its cursor on the lesson with this id (or the first).
    Lessons(Option<String>),
    /// The lesson with this id, where the learner left off (the lesson list, its
    /// cursor on it, when the course has no such lesson).
    Lesson(String),
    /// The puzzle trainer; with a lesson's puzzles, only those.
    Puzzles(Option<LessonRun>),
    /// One of the unrated puzzle modes (reached from the puzzle trainer's `m`).
    PuzzleMode(PuzzleMode),
    /// The dialog that sets up a practice game.
    PracticeSetup,
    /// A practice game with this setup.
    Practice(Box<Setup>),
    /// The analysis board on the start position.
    Analyze,
    /// The analysis board on this position.
    AnalyzeAt(Position),
    /// The position editor, on this position (the start position when `None`).
    Editor(Option<Position>),
    /// The dialog that sets up a practice game, its start set to this position (one
    /// set up in the editor).
    PracticeSetupFrom(Position),
    /// The analysis board on a game (a library game, an imported one), showing its
    /// last position, on top of the screen that opens it: Esc goes back there.
    AnalyzeGame(Box<crate::engine::Game>),
    /// The game library: saved games, the trash, import and export.
    Library,
    /// The opening trainer's list of lines, its cursor on the named line.
    Openings(Option<String>),
    /// The whole-game review of a game, on top of the screen that asks for it.
    Review(Box<crate::tutor::game_review::ReviewInput>),
    /// A game of Potential.
    Potential(PotentialOptions),
    /// The learner's progress.
    Progress,
    /// The coach: today's plan and what costs the learner discs.
    Coach,
    /// The puzzle trainer serving one focus's puzzles (its due reviews first, then
    /// those nearest the learner's rating), as the coach links to a concept.
    FocusPuzzles(crate::tutor::puzzle::Focus),
    /// "Learn from your mistakes": a game's mistakes asked back, on top of the screen
    /// that asks for it.
    Mistakes(Box<crate::tutor::mistakes::MistakeRun>),
    /// The help for the screen on top.
    Help,
}

/// The unrated puzzle modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleMode {
    /// Storm: as many puzzles as you can in three minutes.
    Storm,
    /// Streak: puzzles of rising rating until the first miss.
    Streak,
    /// The endgame drill: state the final score with best play.
    EndgameDrill,
}

/// Settings of a Potential game when its screen opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PotentialOptions {
    /// Pieces per side (3 to 25).
    pub pieces: usize,
    /// The color the person plays.
    pub human: Color,
    /// The computer's level, or `None` for two people at one keyboard.
    pub opponent: Option<Level>,
    /// How long (or how far) the computer thinks.
    pub limits: SearchLimits,
    /// Seed of the computer's random choices; `None` draws a fresh one.
    pub seed: Option<u64>,
    /// Draw without colors (glyphs carry all the information). The default
    /// follows the `NO_COLOR` convention: set and not empty means plain.
    pub plain: bool,
}

impl Default for PotentialOptions {
    /// 12 per side, the person plays White against the search level, which
    /// thinks for about a second a move.
    fn default() -> PotentialOptions {
        PotentialOptions {
            pieces: DEFAULT_PIECES_PER_SIDE,
            human: Color::White,
            opponent: Some(Level::Search),
            limits: SearchLimits {
                max_nodes: 2_000_000,
                ..SearchLimits::time(Duration::from_millis(900))
            },
            seed: None,
            plain: super::no_color_requested(),
        }
    }
}
