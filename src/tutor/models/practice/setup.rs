//! The new-game dialog's choices and what they make: the [`Setup`] of a practice
//! game, or the reason the start cannot be played from; and the dialog's keys.

use crate::engine::players::{MAX_LEVEL, Strategy};
use crate::engine::{Color, Position};
use crate::tutor::openings::random_xot;
use crate::tutor::practice::{Seat, Setup};
use crate::tutor::screen::{Binding, Key};

/// Where the game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartChoice {
    /// The initial position.
    Initial,
    /// A random XOT opening.
    Xot,
    /// The position the text field holds (a transcript or an OBF line).
    Typed,
}

/// What the dialog holds when the learner starts the game.
#[derive(Clone, Debug)]
pub struct SetupForm {
    /// The learner's colour, or `None` for two players at one keyboard.
    pub colour: Option<Color>,
    /// The opponent chosen in the list (ignored for two players).
    pub opponent: Strategy,
    /// Where the game starts.
    pub start: StartChoice,
    /// The text field: a transcript or an OBF line.
    pub text: String,
    /// Whether the learner's moves are graded.
    pub feedback: bool,
    /// The position the dialog was opened on (one set up in the editor).
    pub preset: Option<Position>,
}

/// Why a game cannot start from the form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The typed start is a finished game.
    #[error("That position is already finished.")]
    Finished,
    /// The typed start cannot be read.
    #[error("That start cannot be read: {0}")]
    Unreadable(String),
}

/// The opponents the dialog lists, in their order: the flawed strategies, then the
/// engine levels.
pub fn opponents() -> Vec<Strategy> {
    let mut list = vec![
        Strategy::Greedy,
        Strategy::StaticSquares,
        Strategy::MobilityOnly,
    ];
    list.extend((1..=MAX_LEVEL).map(Strategy::Engine));
    list
}

impl SetupForm {
    /// The game the form describes; an XOT start draws its opening from `rng`.
    ///
    /// ```
    /// use othello_tutor::engine::Color;
    /// use othello_tutor::engine::players::Strategy;
    /// use othello_tutor::tutor::models::practice::{SetupForm, StartChoice};
    /// use othello_tutor::tutor::practice::Seat;
    /// let form = SetupForm {
    ///     colour: None,
    ///     opponent: Strategy::Engine(3),
    ///     start: StartChoice::Typed,
    ///     text: "f5d6".into(),
    ///     feedback: true,
    ///     preset: None,
    /// };
    /// let setup = form.setup(&mut rand::rng()).unwrap();
    /// assert_eq!((setup.black, setup.white), (Seat::Human, Seat::Human));
    /// assert_eq!(setup.start_name, "a pasted line");
    /// assert_eq!(setup.line.len(), 2);
    /// ```
    pub fn setup(&self, rng: &mut impl rand::Rng) -> Result<Setup, SetupError> {
        let mut setup = match self.colour {
            None => Setup {
                black: Seat::Human,
                white: Seat::Human,
                start: Position::start(),
                start_name: "the initial position".into(),
                line: Vec::new(),
                feedback: self.feedback,
            },
            Some(colour) => Setup::against(colour, self.opponent),
        };
        setup.feedback = self.feedback;
        match self.start {
            StartChoice::Initial => {}
            StartChoice::Xot => {
                let (name, pos) = random_xot(rng);
                setup.start = pos;
                setup.start_name = format!("the XOT opening {name}");
            }
            StartChoice::Typed => {
                // A transcript is a line from the start: the game keeps its moves (and
                // so the name of its opening); anything else, or the editor's position,
                // is a position.
                let edited = crate::engine::notation::parse_position(&self.text)
                    .is_ok_and(|pos| Some(pos) == self.preset);
                if let Ok(game) = crate::engine::notation::parse_transcript(&self.text)
                    && !game.is_empty()
                    && !edited
                {
                    if game.current().is_game_over() {
                        return Err(SetupError::Finished);
                    }
                    setup.start = game.start();
                    setup.line = game.moves().to_vec();
                    setup.start_name = "a pasted line".into();
                    return Ok(setup);
                }
                let pos = crate::engine::notation::parse_position(&self.text)
                    .map_err(|e| SetupError::Unreadable(e.to_string()))?;
                if pos.is_game_over() {
                    return Err(SetupError::Finished);
                }
                setup.start = pos;
                setup.start_name = if Some(pos) == self.preset {
                    "an edited position".into()
                } else {
                    "a pasted position".into()
                };
            }
        }
        Ok(setup)
    }

    /// The opponent's name to remember for the next dialog (none for two players).
    pub fn remembered_opponent(&self) -> Option<String> {
        self.colour.map(|_| self.opponent.name())
    }
}

/// The dialog's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// Start the game (Enter on an opponent, on the text field or on Start).
    Start,
    /// Back without a game.
    Leave,
}

/// The footer's lead: how the choices are made.
pub const SETUP_LEAD: &str = "Tab/arrows: move; Space: choose";

/// The dialog's keys.
pub const SETUP_KEYS: &[Binding<SetupAction>] = &[
    Binding {
        keys: &[Key::Enter],
        action: SetupAction::Start,
        footer: "start",
        help: "start the game (on an opponent, on the start field or on Start)",
    },
    Binding {
        keys: &[Key::Esc],
        action: SetupAction::Leave,
        footer: "back",
        help: "back without a game",
    },
];
