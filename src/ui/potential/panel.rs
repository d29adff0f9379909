//! The Potential side panel: the phase, the counts, the last move and what stands
//! under the cursor.

use super::*;

impl Screen {
    pub(super) fn panel_lines(&self) -> Vec<String> {
        let pos = self.game.position();
        let a = pos.analysis();
        let who = |c: Color| match self.opponent {
            None => String::new(),
            Some(_) if c == self.human => " (you)".to_string(),
            Some(_) => " (computer)".to_string(),
        };
        let mut lines = vec![
            format!("{} per side", pos.pieces_per_side()),
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
            let thinking = if self.thinking { ", thinking" } else { "" };
            lines.push(format!("To move: {t}{}{thinking}", who(t)));
        }
        lines.push(format!(
            "In hand: W {}  B {}",
            pos.in_hand(Color::White),
            pos.in_hand(Color::Black)
        ));
        lines.push(format!("Potential: {}", pos.potential()));
        match pos.phase() {
            Phase::Placing => lines.push("Movable: (after placing)".into()),
            // In a run only the runner moves: the other side is out of moves.
            Phase::Run { runner, .. } => lines.push(format!(
                "Movable: {} {} (its run)",
                runner.letter(),
                a.movable_count(runner)
            )),
            _ => lines.push(format!(
                "Movable: W {}  B {}",
                a.movable_count(Color::White),
                a.movable_count(Color::Black)
            )),
        }
        lines.push(match pos.phase() {
            Phase::Run { runner, points } => format!("Run: {runner} {points} pt"),
            Phase::Over(r) => format!("Result: {r}"),
            _ => "Run: not yet".into(),
        });
        lines.push(match self.game.last_move() {
            Some((c, mv)) => format!("Last: {} {mv}", c.letter()),
            None => "Last: none".into(),
        });
        lines.extend(self.cursor_lines(&a));
        lines.push("O X pieces  o x stuck".into());
        lines.push("[ ] cursor  < > picked".into());
        lines.push("( ) last : left  * to".into());
        lines.push(format!("Next game: {} (+/-)", self.next_pieces));
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
                    None if pos.phase() == Phase::Placing && t > 0 => "you may place here",
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
}

/// " 3 neighbours, 1 direct", in the grammar of its numbers.
pub(super) fn neighbour_line(t: u8, d: u8) -> String {
    let s = if t == 1 { "" } else { "s" };
    format!(" {t} neighbour{s}, {d} direct")
}
