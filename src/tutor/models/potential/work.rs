//! The Potential screen's engine work: the computer's move, searched off the
//! interface's thread and handed back with the ticket it was asked for.

use std::sync::atomic::AtomicBool;

use crate::potential::ai::{Level, Player, SearchLimits};
use crate::potential::{Position, PotentialMove};

/// The computer's move in a position: what the interface's worker runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerMove {
    /// The position to move in.
    pub position: Position,
    /// How strong the computer plays.
    pub level: Level,
    /// How long (or how far) it thinks.
    pub limits: SearchLimits,
    /// The seed of its random choices.
    pub seed: u64,
}

impl ComputerMove {
    /// Finds the move (`None` when there is none); a raised `cancel` stops a search
    /// early (the best move so far is returned).
    pub fn run(self, cancel: Option<&AtomicBool>) -> Option<PotentialMove> {
        Player::new(self.level, self.limits, self.seed).choose(&self.position, cancel)
    }
}
