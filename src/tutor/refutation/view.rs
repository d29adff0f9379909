//! A refutation being stepped through: which board of its lines is shown. The
//! refutation's line comes first (from the position before the wrong move to where
//! the gain is on the board), then the better move's line. The screens' models hold
//! one of these (in [`crate::tutor::models::asked::Asked`]); the interface only draws
//! the board it names.

use super::Refutation;
use crate::engine::{Move, Position, Square};

/// Which board of a refutation's lines is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefutationView {
    refutation: Refutation,
    /// 0: the position before the wrong move; 1..=n: after the refutation line's
    /// move n; n+1..: after the better line's moves.
    at: usize,
}

impl RefutationView {
    /// The refutation, shown at the end of its line (where the gain is on the board).
    pub fn new(refutation: Refutation) -> RefutationView {
        let at = refutation.line.moves().len();
        RefutationView { refutation, at }
    }

    /// The refutation.
    pub fn refutation(&self) -> &Refutation {
        &self.refutation
    }

    fn wrong_len(&self) -> usize {
        self.refutation.line.moves().len()
    }

    fn last(&self) -> usize {
        self.wrong_len() + self.refutation.better_line.moves().len()
    }

    /// The board's index: 0 before the wrong move, then one per move of the two lines.
    pub fn at(&self) -> usize {
        self.at
    }

    /// One move on; whether the board changed.
    pub fn forward(&mut self) -> bool {
        if self.at < self.last() {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// One move back; whether the board changed.
    pub fn back(&mut self) -> bool {
        if self.at > 0 {
            self.at -= 1;
            true
        } else {
            false
        }
    }

    /// The position shown, its last move and the discs that move flipped.
    pub fn board(&self) -> (Position, Option<Square>, Vec<Square>) {
        let n = self.wrong_len();
        let (line, k) = if self.at <= n {
            (&self.refutation.line, self.at)
        } else {
            (&self.refutation.better_line, self.at - n)
        };
        if k == 0 {
            return (line.start(), None, Vec::new());
        }
        let before = line.before(k - 1);
        match line.moves()[k - 1] {
            Move::Place(sq) => (
                line.after(k - 1),
                Some(sq),
                before.board.flips(sq).into_iter().collect(),
            ),
            Move::Pass => (line.after(k - 1), None, Vec::new()),
        }
    }

    /// What the board shows, in words: "Refutation 2/3: White a1".
    pub fn caption(&self) -> String {
        let n = self.wrong_len();
        let describe = |line: &super::Line, k: usize, name: &str| {
            let total = line.moves().len();
            if k == 0 {
                return format!(
                    "{name} 0/{total}: the position before {}",
                    self.refutation.wrong
                );
            }
            let who = line.before(k - 1).to_move;
            format!("{name} {k}/{total}: {who} {}", line.moves()[k - 1])
        };
        if self.at <= n {
            describe(&self.refutation.line, self.at, "Refutation")
        } else {
            describe(&self.refutation.better_line, self.at - n, "Better line")
        }
    }
}
