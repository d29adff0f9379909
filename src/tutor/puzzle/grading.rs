//! What the rating rules need to know about a puzzle and a move played in it: whether
//! the puzzle's theme gives the answer away (rule 2) and how far a wrong move falls
//! short of the best (rule 1, near misses). See [`crate::tutor::rating`].

use super::model::{Goal, Proof, Puzzle, Theme};
use crate::engine::Square;
use crate::engine::endgame::Solver;
use crate::tutor::explain::{MoveFacts, move_facts};

/// Node budget of the solve that values a wrong move: beyond it the move is simply
/// missed (no near miss), so judging never keeps the screen waiting.
pub const NEAR_MISS_NODES: u64 = 4_000_000;

/// Whether a move has a theme's mark.
type Mark = fn(&MoveFacts) -> bool;

impl Puzzle {
    /// The theme that gives the answer away, if one does (rule 2): the puzzle is
    /// labelled with the theme and the answer of its first step is the only legal
    /// move with the theme's mark:
    ///
    /// - `corner`: the only corner move;
    /// - `tempo`: the only move after which the opponent must pass;
    /// - `x-square`: the only X-square move next to an empty corner;
    /// - `c-square`: the only C-square move next to an empty corner.
    ///
    /// A learner who reads "Themes: Corner" and sees one corner move needs no
    /// thought, so such a puzzle moves the ratings less.
    pub fn giveaway(&self) -> Option<Theme> {
        let step = self.steps.first()?;
        let facts: Vec<MoveFacts> = step
            .position
            .legal_moves()
            .into_iter()
            .filter_map(|sq| move_facts(&step.position, sq))
            .collect();
        let marks: [(Theme, Mark); 4] = [
            (Theme::Corner, |f| f.takes_corner.is_some()),
            (Theme::Tempo, |f| f.opponent_must_pass),
            (Theme::XSquare, |f| f.x_square_of.is_some()),
            (Theme::CSquare, |f| f.c_square_of.is_some()),
        ];
        marks.into_iter().find_map(|(theme, mark)| {
            let marked: Vec<Square> = facts.iter().filter(|f| mark(f)).map(|f| f.square).collect();
            (self.has_theme(theme) && marked == [step.answer]).then_some(theme)
        })
    }

    /// How many discs `played` at step `step` falls short of the best, by the exact
    /// solver, when that is known: an exact `best` or `line` puzzle, a legal move the
    /// step does not accept, and a solve within [`NEAR_MISS_NODES`]. `None` otherwise
    /// (accepted, illegal, a `win` or searched puzzle, or too long a solve).
    pub fn exact_shortfall(&self, step: usize, played: Square, solver: &mut Solver) -> Option<i32> {
        if self.proof != Proof::Exact || self.goal == Goal::Win || self.is_personal() {
            return None;
        }
        let st = self.steps.get(step)?;
        if !st.position.board.is_legal(played) || st.accepted.contains(played) {
            return None;
        }
        solver.set_node_limit(NEAR_MISS_NODES);
        let after = st.position.board.play_unchecked(played);
        let value = -solver.solve_score(&after).ok()?.score;
        Some(self.value - value)
    }

    /// Whether `played` is a near miss (rule 1): not accepted, yet at most
    /// [`crate::tutor::rating::NEAR_MISS_DISCS`] discs below the best.
    pub fn is_near_miss(&self, step: usize, played: Square, solver: &mut Solver) -> bool {
        self.exact_shortfall(step, played, solver)
            .is_some_and(|d| (1..=crate::tutor::rating::NEAR_MISS_DISCS).contains(&d))
    }
}
