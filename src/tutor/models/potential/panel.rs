//! The Potential screen's words: the side panel (the phase, the counts, the last move
//! and what stands under the cursor), why a piece cannot move, what a move changed
//! and the game-over summary.

use super::PotentialScreen;
use crate::potential::{Analysis, Cell, Color, Phase, Position, PotentialMove};
use crate::tutor::text::count;

/// "White O" or "Black X": a side with its glyph.
pub fn glyph_name(c: Color) -> &'static str {
    match c {
        Color::White => "White O",
        Color::Black => "Black X",
    }
}

/// Why the piece on `cell` (the mover's own) has no move.
pub fn why_stuck(pos: &Position, cell: Cell) -> String {
    let a = pos.analysis();
    match a.pieces().iter().find(|p| p.cell == cell) {
        Some(p) if p.bound => {
            format!("The piece on {cell} is bound: lifting it would split the group.")
        }
        Some(p) if !p.is_movable() => format!(
            "The piece on {cell} has no potential: {}, {} direct.",
            count(p.t as usize, "neighbour"),
            p.d
        ),
        _ => format!("The piece on {cell} has no move."),
    }
}

/// A sentence about the phase the last move led to (empty when it did not change).
pub fn transition_note(before: Phase, pos: &Position) -> String {
    match (before, pos.phase()) {
        (Phase::Placing, Phase::Moving) => "All pieces are down: White moves first.".to_string(),
        (Phase::Placing | Phase::Moving, Phase::Run { runner, .. }) => format!(
            "{} cannot move: {runner} now moves alone, a point a move.",
            runner.opponent()
        ),
        (_, Phase::Over(r)) => format!("Game over: {r}."),
        _ => String::new(),
    }
}

/// " 3 neighbours, 1 direct", in the grammar of its numbers.
fn neighbour_line(t: u8, d: u8) -> String {
    format!(" {}, {d} direct", count(t as usize, "neighbour"))
}

impl PotentialScreen {
    /// The side panel's lines (each at most about 26 characters).
    pub(super) fn panel_lines(&self) -> Vec<String> {
        let pos = self.game.position();
        let a = pos.analysis();
        let who = |c: Color| match self.opponent {
            None => String::new(),
            Some(_) if c == self.human => " (you)".to_string(),
            Some(_) => " (computer)".to_string(),
        };
        let mut lines = vec![
            format!(
                "{} per side, next {}",
                pos.pieces_per_side(),
                self.next_pieces
            ),
            match self.opponent {
                Some(level) => format!("You {}, vs {}", glyph_name(self.human), level.name()),
                None => "Two players".to_string(),
            },
            format!(
                "Phase: {}",
                match pos.phase() {
                    Phase::Placing => "placing".to_string(),
                    Phase::Moving => "moving".to_string(),
                    Phase::Run { runner, .. } => format!("{runner}'s run"),
                    Phase::Over(_) => "game over".to_string(),
                }
            ),
        ];
        if pos.is_over() {
            lines.push("To move: nobody".into());
        } else {
            let t = pos.to_move();
            if self.job.busy() {
                lines.push(format!("To move: {t} (thinking)"));
            } else {
                lines.push(format!("To move: {t}{}", who(t)));
            }
        }
        lines.push(format!(
            "In hand: W {}  B {}",
            pos.in_hand(Color::White),
            pos.in_hand(Color::Black)
        ));
        lines.push(format!("Potential: {}", pos.potential()));
        lines.push(match pos.phase() {
            Phase::Placing => "Movable: (after placing)".into(),
            Phase::Moving => format!(
                "Movable: W {}  B {}",
                a.movable_count(Color::White),
                a.movable_count(Color::Black)
            ),
            // In a run only the runner moves: the other side is out of moves.
            Phase::Run { runner, points } => format!(
                "Run: {} {points} pt, {} movable",
                runner.letter(),
                a.movable_count(runner)
            ),
            Phase::Over(r) => format!("Result: {r}"),
        });
        lines.push(match self.game.last_move() {
            Some((c, mv)) => format!("Last: {} {mv}", c.letter()),
            None => "Last: none".into(),
        });
        lines.extend(self.cursor_lines(&a));
        lines.push("O X pieces  o x stuck".into());
        lines.push("[ ] cursor  < > picked".into());
        lines.push("( ) last : left  * to".into());
        lines
    }

    fn cursor_lines(&self, a: &Analysis) -> Vec<String> {
        let pos = self.game.position();
        let c = self.cursor;
        match pos.board().piece_at(c) {
            Some(owner) => {
                let info = a.pieces().iter().find(|p| p.cell == c);
                let (t, d, state) = match info {
                    Some(p) => (
                        p.t,
                        p.d,
                        if pos.phase() == Phase::Placing {
                            "placed"
                        } else if p.bound {
                            "bound"
                        } else if !p.is_movable() {
                            "stuck (nothing lower)"
                        } else {
                            "can move"
                        },
                    ),
                    None => (0, 0, "?"),
                };
                vec![
                    format!("At {c}: {owner}"),
                    neighbour_line(t, d),
                    format!(" potential {} = 5×{t} + {d}", 5 * t + d),
                    format!(" {state}"),
                ]
            }
            None => {
                let (t, d) = pos.board().neighbour_counts(c, self.selected);
                let note = match self.selected {
                    Some(from) if pos.check(PotentialMove::Step { from, to: c }).is_ok() => {
                        "a legal target"
                    }
                    Some(_) => "not a target",
                    None if pos.phase() == Phase::Placing
                        && pos.check(PotentialMove::Place(c)).is_ok() =>
                    {
                        "you may place here"
                    }
                    None => "empty",
                };
                vec![
                    format!("At {c}: empty"),
                    neighbour_line(t, d),
                    format!(" {note}"),
                ]
            }
        }
    }

    /// The game-over summary: the result, who won and how, and the game's numbers.
    pub(super) fn summary(&self) -> Option<String> {
        let pos = self.game.position();
        let result = pos.result()?;
        let placements = self
            .game
            .moves()
            .iter()
            .filter(|(_, m)| matches!(m, PotentialMove::Place(_)))
            .count();
        let steps = self.game.moves().len() - placements;
        let points = count(result.points() as usize, "point");
        let verdict = match (result.winner(), self.opponent) {
            (None, _) => "Nobody could move: a draw.".to_string(),
            (Some(w), Some(_)) if w == self.human => format!("You win by {points}."),
            (Some(w), Some(_)) => format!("The computer ({w}) wins by {points}."),
            (Some(w), None) => format!("{w} wins by {points}."),
        };
        let stuck = match result.winner() {
            Some(w) => format!(
                "{} ran out of moves; the run scored {}.",
                w.opponent(),
                result.points()
            ),
            None => "The side to move was stuck, and so was the other side.".to_string(),
        };
        Some(format!(
            "Result: {result}\n{verdict}\n{stuck}\n\n{}, {}, final potential {}.",
            count(placements, "placement"),
            count(steps, "move"),
            pos.potential()
        ))
    }
}
