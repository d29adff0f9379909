//! Which screen is which: the interface tags every screen's layer with its
//! [`ScreenId`], and the help (F1) reads the id of the screen on top of the stack.

/// The screens of the tutor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScreenId {
    /// The main menu.
    Menu,
    /// The lesson list.
    Lessons,
    /// A lesson's steps.
    Lesson,
    /// The puzzle trainer.
    Puzzles,
    /// The unrated puzzle modes' menu.
    PuzzleModes,
    /// Storm or Streak, the timed and the to-the-first-miss runs.
    PuzzleRun,
    /// The endgame drill.
    EndgameDrill,
    /// The dialog that sets up a practice game.
    PracticeSetup,
    /// A practice game.
    Practice,
    /// The analysis board.
    Analyze,
    /// The position editor.
    Editor,
    /// The opening trainer's list of lines.
    Openings,
    /// The opening trainer's rehearsal of one line.
    OpeningRehearsal,
    /// The whole-game review.
    Review,
    /// The game library.
    Library,
    /// A game of Potential.
    Potential,
    /// The learner's progress.
    Progress,
    /// The coach.
    Coach,
    /// "Learn from your mistakes".
    Mistakes,
}

impl ScreenId {
    /// The heading of the screen's section in the help.
    pub fn heading(self) -> &'static str {
        match self {
            ScreenId::Menu => "THE MAIN MENU",
            ScreenId::Lessons => "THE LESSON LIST",
            ScreenId::Lesson => "IN A LESSON",
            ScreenId::Puzzles => "IN THE PUZZLES",
            ScreenId::PuzzleModes => "THE UNRATED PUZZLE MODES",
            ScreenId::PuzzleRun => "STORM AND STREAK",
            ScreenId::EndgameDrill => "THE ENDGAME DRILL",
            ScreenId::PracticeSetup => "A NEW PRACTICE GAME",
            ScreenId::Practice => "IN A PRACTICE GAME",
            ScreenId::Analyze => "ON THE ANALYSIS BOARD",
            ScreenId::Editor => "THE POSITION EDITOR",
            ScreenId::Openings => "THE OPENING TRAINER",
            ScreenId::OpeningRehearsal => "REHEARSING AN OPENING LINE",
            ScreenId::Review => "THE GAME REVIEW",
            ScreenId::Library => "THE GAME LIBRARY",
            ScreenId::Potential => "IN POTENTIAL",
            ScreenId::Progress => "YOUR PROGRESS",
            ScreenId::Coach => "THE COACH",
            ScreenId::Mistakes => "LEARN FROM YOUR MISTAKES",
        }
    }
}
