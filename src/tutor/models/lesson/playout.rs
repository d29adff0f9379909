//! Play-out steps: the learner plays a position out against the stated opponent,
//! whose replies are engine work, until the goal is reached or missed.

use super::{Effects, LessonScreen};
use crate::engine::players::{Choice, Strategy, choose_move};
use crate::engine::search::Searcher;
use crate::engine::{Game, Move, Position, Square};
use crate::tutor::lesson::{GoalStatus, NextAction, Step, Verdict};
use crate::tutor::screen::{Effect, EngineTask};

/// The opponent's reply in a play-out.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The position it replies in.
    pub position: Position,
    /// How it plays.
    pub strategy: Strategy,
}

impl EngineTask for Reply {
    type Output = Option<Choice>;

    fn run(self, searcher: &mut Searcher) -> Option<Choice> {
        choose_move(
            searcher,
            &self.position.board,
            self.strategy,
            &mut rand::rng(),
        )
    }
}

/// The game's last move and the discs it flipped.
pub(super) fn last_move_of(game: &Game) -> (Option<Square>, Vec<Square>) {
    match game.moves().last() {
        Some(&Move::Place(sq)) => {
            let before = game.position_at(game.len() - 1);
            (Some(sq), before.board.flips(sq).into_iter().collect())
        }
        _ => (None, Vec::new()),
    }
}

impl LessonScreen {
    /// The learner plays `sq` in the play-out.
    pub(super) fn play_out(&mut self, sq: Square) -> Effects {
        let Step::PlayOut(po) = self.step().clone() else {
            return Vec::new();
        };
        if self.attempts.is_done() {
            self.answered_notice();
            return Vec::new();
        }
        if self.job.busy() {
            self.say("The opponent is thinking: wait for its move.");
            return Vec::new();
        }
        self.refutation = crate::tutor::models::asked::Asked::Not;
        let Some(play) = self.play.as_mut() else {
            return Vec::new();
        };
        if play.spoiled {
            // The missed goal's board was kept on screen: set it up again.
            play.game = Game::new(po.setup.position);
            play.spoiled = false;
            self.say("Set up again: try once more.");
            return Vec::new();
        }
        let position = play.game.current();
        if position.to_move != po.learner() {
            self.say("It is not your move.");
            return Vec::new();
        }
        if let Err(e) = play.game.play(Move::Place(sq)) {
            self.say(e.to_string());
            return Vec::new();
        }
        // A new move: what was said of the last one is old news.
        self.feedback.clear();
        self.after_move()
    }

    /// The opponent's reply came (or it had none).
    pub(super) fn replied(&mut self, choice: Option<Choice>) -> Effects {
        let Some(play) = self.play.as_mut() else {
            return Vec::new();
        };
        if let Some(choice) = choice {
            let _ = play.game.play(Move::Place(choice.square));
        }
        self.after_move()
    }

    /// Plays forced passes and checks the goal; if the game goes on with the
    /// opponent to move, asks for its reply.
    fn after_move(&mut self) -> Effects {
        let Step::PlayOut(po) = self.step().clone() else {
            return Vec::new();
        };
        let Some(play) = self.play.as_mut() else {
            return Vec::new();
        };
        while play.game.current().must_pass() {
            if play.game.play(Move::Pass).is_err() {
                break;
            }
        }
        let current = play.game.current();
        match po.status(&play.game) {
            GoalStatus::Achieved(msg) => {
                self.attempts.record(true);
                self.feedback = vec![format!("✓ {msg}"), po.explain.clone()];
                self.settle()
            }
            GoalStatus::Failed(why) => {
                // The learner's moves of the missed game, for its refutation.
                let learner = po.learner();
                self.missed = (0..play.game.len())
                    .filter_map(|i| match play.game.moves()[i] {
                        Move::Place(sq) => {
                            let before = play.game.position_at(i);
                            (before.to_move == learner).then_some((before, sq))
                        }
                        Move::Pass => None,
                    })
                    .collect();
                self.refutation = crate::tutor::models::asked::Asked::Not;
                let action = self.attempts.record(false);
                let verdict = Verdict {
                    correct: false,
                    legal: true,
                    why: vec![why],
                    reveal: Vec::new(),
                    loss: None,
                };
                let step = self.step().clone();
                self.respond(action, &verdict, &step);
                if !self.missed.is_empty() {
                    self.feedback.push(super::REFUTATION_OFFER.into());
                }
                if action != NextAction::Reveal {
                    self.feedback.push(
                        "The final board stays on screen: Enter or a click sets the position up again."
                            .into(),
                    );
                    if let Some(play) = self.play.as_mut() {
                        play.spoiled = true;
                    }
                }
                self.settle()
            }
            GoalStatus::Ongoing => {
                if current.to_move != po.learner() && !current.is_game_over() {
                    let ticket = self.job.start();
                    vec![Effect::Run(
                        ticket,
                        super::Work::Own(Reply {
                            position: current,
                            strategy: po.opponent(),
                        }),
                    )]
                } else {
                    Vec::new()
                }
            }
        }
    }
}
