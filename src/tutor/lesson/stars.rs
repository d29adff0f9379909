//! Attempts, hints and stars: what comes after an answer, and the stars of a
//! finished lesson.

/// What earns three stars, as the lesson list and the help say it.
pub const THREE_STARS: &str = "no wrong try and no hint";
/// What earns two stars: [`stars`] counts the slips against the steps that ask
/// something (a move, an answer, a play-out), not the reading steps.
pub const TWO_STARS: &str = "no answer shown, ≤1 slip (wrong try, hint) per 2 steps to answer";
/// What earns one star.
pub const ONE_STAR: &str = "an answer shown, or more slips";

/// Wrong answers before the hint is shown unasked.
pub const HINT_AFTER_WRONG: u32 = 2;
/// Wrong answers before the answer is shown and the step ends.
pub const REVEAL_AFTER_WRONG: u32 = 3;

/// What the screen should do after an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextAction {
    /// Right: show the explanation and go on.
    Solved,
    /// Wrong: show why and let the learner try again.
    Retry,
    /// Wrong again: show why and the hint, and let the learner try again.
    RetryWithHint,
    /// Out of tries: show the answer and the explanation, and go on.
    Reveal,
}

/// The learner's tries at one interactive step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepAttempts {
    /// Wrong answers (failed play-outs count too).
    pub wrong: u32,
    /// Hints shown (asked for, or shown after the second wrong answer).
    pub hints: u32,
    /// Whether the answer was shown.
    pub revealed: bool,
    /// Whether the learner found the answer.
    pub solved: bool,
}

impl StepAttempts {
    /// Records an answer and says what comes next.
    pub fn record(&mut self, correct: bool) -> NextAction {
        if self.solved {
            return NextAction::Solved;
        }
        if self.revealed {
            return NextAction::Reveal;
        }
        if correct {
            self.solved = true;
            return NextAction::Solved;
        }
        self.wrong += 1;
        if self.wrong >= REVEAL_AFTER_WRONG {
            self.revealed = true;
            NextAction::Reveal
        } else if self.wrong >= HINT_AFTER_WRONG {
            self.hints = self.hints.max(1);
            NextAction::RetryWithHint
        } else {
            NextAction::Retry
        }
    }

    /// The learner asks for the hint (counted once per step).
    pub fn take_hint(&mut self) {
        self.hints = self.hints.max(1);
    }

    /// The learner gives up and asks for the answer.
    pub fn give_up(&mut self) {
        if !self.solved {
            self.revealed = true;
        }
    }

    /// Whether the step is over (solved or revealed).
    pub fn is_done(&self) -> bool {
        self.solved || self.revealed
    }
}

/// Stars for a finished lesson with `interactive` interactive steps:
/// 3 with no wrong answer, no hint and no answer shown; 2 with no answer shown and
/// at most one slip (a wrong answer or a hint) per two interactive steps (at least
/// one slip allowed); 1 otherwise.
pub fn stars(interactive: u32, wrong: u32, hints: u32, revealed: u32) -> u8 {
    let slips = wrong + hints;
    if slips == 0 && revealed == 0 {
        3
    } else if revealed == 0 && slips <= (interactive / 2).max(1) {
        2
    } else {
        1
    }
}

/// Stars from the tries at each interactive step of a finished lesson.
pub fn lesson_stars(attempts: &[StepAttempts]) -> u8 {
    let wrong = attempts.iter().map(|a| a.wrong).sum();
    let hints = attempts.iter().map(|a| a.hints).sum();
    let revealed = attempts.iter().filter(|a| a.revealed).count() as u32;
    stars(attempts.len() as u32, wrong, hints, revealed)
}
