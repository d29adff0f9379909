//! After a practice game: "learn from your mistakes" (the learner's graded mistakes
//! asked back on a screen of their own) and the game's result for the learner's
//! playing strength ([`crate::tutor::strength::learner`]).

use super::{Effects, PracticeScreen};
use crate::engine::Color;
use crate::tutor::coach::{GameResult, learner_color};
use crate::tutor::mistakes::{MistakeRun, OpenedFrom};
use crate::tutor::personal::graded_mistakes;
use crate::tutor::practice::Seat;
use crate::tutor::screen::{Effect, ProgressChange, Route};
use crate::tutor::strength::learner::RATED_MIN_EMPTIES;

impl PracticeScreen {
    /// The mistakes of the learner (of both people at one keyboard), in game order,
    /// asked back on their own screen; said when there is none.
    pub(super) fn learn_mistakes(&mut self) -> Effects {
        let setup = self.practice.setup();
        let mut mistakes = Vec::new();
        let mut opponent = "a friend".to_string();
        for color in [Color::Black, Color::White] {
            match setup.seat(color) {
                Seat::Human => mistakes.extend(graded_mistakes(&self.practice, color)),
                Seat::Computer(s) => opponent = s.name(),
            }
        }
        mistakes.sort_by_key(|m| m.number);
        if mistakes.is_empty() {
            self.tell(
                "No graded inaccuracy, mistake or blunder of yours in this game: nothing to ask back.",
            );
            return Vec::new();
        }
        vec![Effect::Go(Route::Mistakes(Box::new(MistakeRun {
            mistakes,
            opponent,
            from: OpenedFrom::Practice,
        })))]
    }

    /// Whether a game opened as `practice` is rated when it ends: it is played on
    /// this screen from its start, which has at least [`RATED_MIN_EMPTIES`] empties.
    pub(super) fn rateable(practice: &crate::tutor::practice::Practice) -> bool {
        practice.game().is_empty() && practice.position().board.empty_count() >= RATED_MIN_EMPTIES
    }

    /// The rated result of the game that just ended, once: the learner against a
    /// computer opponent in a game that is rated (see [`PracticeScreen::rateable`]).
    pub(super) fn rated_result(&mut self) -> Option<Effect<super::Task>> {
        if !self.rateable || self.rated {
            return None;
        }
        let learner = learner_color(&self.practice)?;
        let Seat::Computer(opponent) = self.practice.setup().seat(learner.opposite()) else {
            return None;
        };
        let summary = self.practice.summary()?;
        self.rated = true;
        let result = match summary.winner {
            Some(w) if w == learner => GameResult::Won,
            Some(_) => GameResult::Lost,
            None => GameResult::Drawn,
        };
        Some(Effect::Progress(ProgressChange::PracticeResult {
            opponent,
            result,
            at: self.now,
        }))
    }
}
