//! The end of a practice game and its review: the game-over dialog (the result and
//! the learner's accuracy; the game's record for the coach and its rated result,
//! once), its choices, the review of the learner's mistakes (also asked for during
//! the game) and the whole-game review.

use super::{Action, Asking, Effects, GAME_OVER_KEYS, OverAction, PracticeScreen, context, panel};
use crate::engine::Color;
use crate::tutor::feedback::{loss_words, value_words};
use crate::tutor::practice::Seat;
use crate::tutor::screen::BoardModel;
use crate::tutor::screen::{Effect, ProgressChange, Route};
use crate::tutor::text::count;

impl PracticeScreen {
    pub(super) fn game_over(&mut self) -> Effects {
        if self.summary_shown {
            return Vec::new();
        }
        self.summary_shown = true;
        let Some(summary) = self.practice.summary() else {
            return Vec::new();
        };
        let mut text = format!("{}\n", summary.line());
        for color in [Color::Black, Color::White] {
            if self.practice.setup().seat(color) != Seat::Human {
                continue;
            }
            let r = self.practice.review(color);
            if r.graded > 0 {
                text.push_str(&format!(
                    "\n{}, {}",
                    side_line(color, &r),
                    count(r.errors.len(), "error")
                ));
            }
        }
        self.asking = Asking::GameOver;
        let mut effects = Vec::new();
        if !self.coached
            && let Some(record) = crate::tutor::coach::game_record(
                &self.practice,
                &self.refutations,
                &self.lines,
                self.now,
            )
        {
            self.coached = true;
            effects.push(Effect::Progress(ProgressChange::Coach(Box::new(
                crate::tutor::coach::CoachEvent::Game(record),
            ))));
        }
        effects.extend(self.rated_result());
        effects.push(Effect::Choose {
            title: "Game over".into(),
            text,
            items: GAME_OVER_KEYS
                .iter()
                .map(|b| format!("{}  {}: {}", b.keys_label(), b.footer, b.help))
                .collect(),
            keys: GAME_OVER_KEYS
                .iter()
                .map(|b| b.keys.first().copied())
                .collect(),
            input: None,
        });
        effects
    }

    pub(super) fn over_action(&mut self, action: OverAction) -> Effects {
        let now = self.now;
        match action {
            OverAction::Review => self.review(),
            OverAction::WholeGame => self.whole_game(),
            OverAction::NewGame => self.act(Action::NewGame, context(now)),
            OverAction::Puzzles => self.act(Action::Puzzles, context(now)),
            OverAction::Mistakes => self.learn_mistakes(),
            OverAction::Board => Vec::new(),
        }
    }

    pub(super) fn whole_game(&mut self) -> Effects {
        let input = self.practice.review_input();
        if input.game.is_empty() {
            self.tell("No move played yet: nothing to review.");
            return Vec::new();
        }
        vec![Effect::Go(Route::Review(Box::new(input)))]
    }

    pub(super) fn review(&mut self) -> Effects {
        let mut header = String::new();
        let mut items = Vec::new();
        let mut indices = Vec::new();
        for color in [Color::Black, Color::White] {
            if self.practice.setup().seat(color) != Seat::Human {
                continue;
            }
            let r = self.practice.review(color);
            header.push_str(&format!("{}\n", side_line(color, &r)));
            for item in r.errors {
                let fb = &item.feedback;
                let why = fb
                    .difference
                    .first()
                    .or(fb.why_played.first())
                    .cloned()
                    .unwrap_or_default();
                items.push(format!(
                    "Move {} {} {}: {}, {} (best {} {}). {why}",
                    item.number,
                    item.color,
                    fb.played,
                    fb.grade,
                    loss_words(fb),
                    fb.best,
                    value_words(fb, fb.best_value)
                ));
                indices.push(item.index);
            }
        }
        if items.is_empty() {
            header.push_str("No inaccuracies, mistakes or blunders among the graded moves.\n");
        } else {
            header.push_str("Enter or a click: back to the position before that move.\n");
        }
        items.push("g  the whole game: every move of both sides valued".into());
        items.push("l  learn from your mistakes: each asked back as \"find a better move\"".into());
        let mut keys = vec![None; indices.len()];
        keys.push(Some(crate::tutor::screen::Key::Char('g')));
        keys.push(Some(crate::tutor::screen::Key::Char('l')));
        self.asking = Asking::Review(indices);
        vec![Effect::Choose {
            title: "Review".into(),
            text: header,
            items,
            keys,
            input: None,
        }]
    }
}

/// One side's accuracy in a game, as the game-over dialog and the review both say
/// it: "Black: accuracy 82%, 12 of 20 graded moves best or good, 14 discs lost".
fn side_line(color: Color, r: &crate::tutor::practice::Review) -> String {
    format!(
        "{color}: {}, {} of {} best or good, {} lost",
        panel::accuracy(r.accuracy(), r.graded),
        r.best_or_good,
        count(r.graded, "graded move"),
        count(r.total_loss.max(0) as usize, "disc"),
    )
}
