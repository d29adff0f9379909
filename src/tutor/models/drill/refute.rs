//! The refutation of a lost play-out in the endgame drill: once the learner has played
//! a position out and reached less than the best result, the refutation key asks the
//! engine (the one worker) to refute the costliest of the learner's moves; the line
//! keys then step through it instead of the solver's best line.

use super::{DrillScreen, DrillTask, Effects};
use crate::engine::{Move, Position, Square};
use crate::tutor::models::asked::{Asked, Press};
use crate::tutor::refutation::{Refutation, RefuteError, RefuteTask};
use crate::tutor::screen::Effect;

/// How the refutation's line is stepped, as the drill's key table says it.
pub(super) const LINE_KEYS: &str = "[ and ]";

impl DrillScreen {
    /// The learner's moves of the play-out, each with the position it was played in.
    fn learner_moves(&self) -> Vec<(Position, Square)> {
        let Some(round) = &self.round else {
            return Vec::new();
        };
        let learner = round.learner();
        let mut pos = round.start();
        let mut out = Vec::new();
        for mv in round.played() {
            match *mv {
                Move::Place(sq) => {
                    if pos.to_move == learner {
                        out.push((pos, sq));
                    }
                    pos = pos.play_unchecked(sq);
                }
                Move::Pass => pos = pos.pass(),
            }
        }
        out
    }

    /// Whether the position was played out and lost discs (then a move is refuted).
    pub(super) fn refutable(&self) -> bool {
        self.round.as_ref().is_some_and(|r| {
            r.verdict()
                .is_some_and(|v| !v.right && v.stated.is_none() && !r.played().is_empty())
        })
    }

    /// The refutation key: work it out, or hide it when shown.
    pub(super) fn refutation(&mut self) -> Effects {
        match self.refutation.press() {
            Press::Hidden => {
                self.lines =
                    vec!["Refutation hidden: [ and ] step the best line, r shows it again.".into()];
                return Vec::new();
            }
            Press::Busy => {
                self.lines = vec!["The refutation is being worked out: a moment.".into()];
                return Vec::new();
            }
            Press::Ask => {}
        }
        if self.job.busy() {
            self.lines = vec!["The solver is thinking: a moment.".into()];
            return Vec::new();
        }
        if !self.refutable() {
            let why = match self.round.as_ref().and_then(|r| r.verdict()) {
                None => {
                    "r refutes your costliest move once you have played the position out and lost discs"
                }
                Some(v) if v.stated.is_some() => {
                    "you answered with the score, not with moves: [ and ] step the best line"
                }
                Some(_) => "you kept the best result",
            };
            self.lines = vec![format!("No move to refute: {why}.")];
            return Vec::new();
        }
        self.refutation = Asked::Working;
        self.lines = vec!["Working out the refutation of your costliest move…".into()];
        let ticket = self.job.start();
        vec![Effect::Run(
            ticket,
            DrillTask::Refute(RefuteTask {
                moves: self.learner_moves(),
            }),
        )]
    }

    /// The refutation came back.
    pub(super) fn refuted(&mut self, result: Result<Refutation, RefuteError>) {
        self.lines = vec![self.refutation.settle(result)];
    }

    /// `[` or `]`: through the refutation while it is shown, else the best line.
    pub(super) fn step(&mut self, by: i32) {
        let Some(view) = self.refutation.view_mut() else {
            self.step_line(by);
            return;
        };
        let moved = if by > 0 { view.forward() } else { view.back() };
        let caption = view.caption();
        self.lines = vec![if moved {
            caption
        } else if by > 0 {
            "That is the end of the line: [ goes back, r hides the refutation.".into()
        } else {
            "That is the position before your move: ] goes on.".into()
        }];
    }
}
