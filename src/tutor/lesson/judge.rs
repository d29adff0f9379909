//! Judging a step: a played move, a typed answer, a played-out line; the hints and
//! the answer in words. Plain logic, no terminal code.

use super::model::{Answer, Ask, Check, FindMove, Goal, GoalStatus, PlayOut, Question, Verdict};
use crate::engine::analysis::MoveValue;
use crate::engine::bits::CORNERS;
use crate::engine::features::stable_discs;
use crate::engine::features::wedge_moves;
use crate::engine::{Color, Game, Move, Position, Square};
use crate::tutor::explain::{
    MoveFacts, Topic, contrast, describe, describe_sentences, footholds, illegal_reason,
    move_facts, plural, square_list,
};

impl FindMove {
    /// The position the learner plays from.
    pub fn position(&self) -> &Position {
        &self.setup.position
    }

    /// Judges a played square. `values` are the engine's values of every move (from
    /// `engine::analysis::analyze`), if the caller has them: they add the disc loss.
    pub fn judge(&self, played: Square, values: Option<&[MoveValue]>) -> Verdict {
        let pos = self.position();
        let Some(facts) = move_facts(pos, played) else {
            return Verdict {
                correct: false,
                legal: false,
                why: vec![illegal_reason(pos, played)],
                reveal: Vec::new(),
                loss: None,
            };
        };
        let loss = values.and_then(|vals| {
            let best = vals.first()?;
            let mine = vals.iter().find(|v| v.mv == Move::Place(played))?;
            Some((best.discs() - mine.discs()).max(0))
        });
        if self.moves.contains(played) {
            return Verdict {
                correct: true,
                legal: true,
                why: describe(&facts),
                reveal: Vec::new(),
                loss,
            };
        }
        // The reason names what the check is about; the description says the rest.
        let mut why = vec![self.wrong_reason(&facts, loss, values)];
        let said = reason_topics(self.check);
        why.extend(
            describe_sentences(&facts)
                .into_iter()
                .filter(|s| !said.contains(&s.topic))
                .map(|s| s.text),
        );
        let better = self.better_move(values);
        let mut reveal = Vec::new();
        if let Some(b) = better {
            reveal.extend(contrast(pos, played, b));
        }
        Verdict {
            correct: false,
            legal: true,
            why,
            reveal,
            loss,
        }
    }

    /// The accepted move to compare a wrong one with: the best by the engine's values
    /// when given, else the first accepted move.
    fn better_move(&self, values: Option<&[MoveValue]>) -> Option<Square> {
        values
            .and_then(|vals| {
                vals.iter().find_map(|v| match v.mv {
                    Move::Place(sq) if self.moves.contains(sq) => Some(sq),
                    _ => None,
                })
            })
            .or_else(|| self.moves.into_iter().next())
    }

    /// The one sentence on what a wrong (legal) move does wrong for this check.
    fn wrong_reason(
        &self,
        f: &MoveFacts,
        loss: Option<i32>,
        values: Option<&[MoveValue]>,
    ) -> String {
        let sq = f.square;
        let them = f.mover.opposite();
        match self.check {
            Check::Best | Check::Exact | Check::Moves => match loss {
                Some(l) if self.check == Check::Moves && l <= self.tolerance as i32 => format!(
                    "{sq} is also within {} of the best move ({}), but this step asks for another move.",
                    plural(self.tolerance, "disc", "discs"),
                    if values.is_some_and(|v| v.iter().all(|m| m.exact)) {
                        "proved by the solver"
                    } else {
                        "by the engine's search"
                    }
                ),
                Some(l) => {
                    let basis = if values.is_some_and(|v| v.iter().all(|m| m.exact)) {
                        "proved by the solver"
                    } else {
                        "by the engine's search"
                    };
                    format!(
                        "{sq} loses {} against the best move ({basis}).",
                        plural(l.max(0) as u32, "disc", "discs")
                    )
                }
                // The author's list names one idea (a game's move, a quiet move on an
                // edge); a move outside it may be as good, so nothing is said of its value.
                None if self.check == Check::Moves => format!(
                    "{sq} is not the move this step asks for; it may still be a good move, but the step is about another."
                ),
                None => format!("{sq} is not one of the best moves here."),
            },
            Check::MinOpponentMobility => format!(
                "After {sq} {them} has {}; another move leaves fewer.",
                plural(f.their_moves_after, "move", "moves")
            ),
            Check::Quiet => format!(
                "{sq} flips {} ({}), {} for {them}; another move flips none.",
                plural(f.frontier_flipped.len(), "frontier disc", "frontier discs"),
                square_list(f.frontier_flipped),
                footholds(f.frontier_flipped.len())
            ),
            Check::TakesCorner => format!("{sq} is not a corner, and a corner is yours to take."),
            Check::NoXOrC => match (f.x_square_of, f.c_square_of) {
                (Some(c), _) => format!("{sq} is an X-square next to the empty {c} corner."),
                (None, Some(c)) => format!("{sq} is a C-square next to the empty {c} corner."),
                (None, None) => format!("{sq} is not one of the safe moves asked for."),
            },
            Check::Wedge => not_a_wedge(self.position(), sq),
            Check::Parity => format!(
                "{sq} plays into a region of {} empty squares, an even number; an odd region is open.",
                f.region_size
            ),
            Check::MaxStable => format!(
                "After {sq} you have {}; another move makes more.",
                plural(f.stable_after, "stable disc", "stable discs")
            ),
            Check::MaxFlips => format!(
                "{sq} flips {}; another move flips more.",
                plural(f.flipped.len(), "disc", "discs")
            ),
        }
    }

    /// The hint: the file's, or one that follows from the check.
    pub fn hint(&self) -> String {
        if let Some(h) = &self.hint_text {
            return h.clone();
        }
        let them = self.position().to_move.opposite();
        match self.check {
            Check::Best | Check::Exact | Check::Moves => {
                "Look at what each candidate gives the opponent: corners, moves, frontier discs."
                    .into()
            }
            Check::MinOpponentMobility => {
                format!("Count {them}'s replies after each candidate and pick the fewest.")
            }
            Check::Quiet => "Find a move whose flipped discs all stay surrounded by discs.".into(),
            Check::TakesCorner => "Look at the four corners: can you flank from one?".into(),
            Check::NoXOrC => "Stay off the squares next to the empty corners.".into(),
            Check::Wedge => format!(
                "Look along the edges for an empty square between two {} discs.",
                them.name().to_lowercase()
            ),
            Check::Parity => {
                "Count the empty squares of each region; play where the count is odd.".into()
            }
            Check::MaxStable => "Think of corners and the full lines next to them.".into(),
            Check::MaxFlips => "Count the flips in every direction, not just one.".into(),
        }
    }

    /// The accepted moves in words, to follow "The answer: " on the screen: "e8." or
    /// "b6, d7 or d8 (each is accepted)."
    pub fn answer_text(&self) -> String {
        let names: Vec<String> = self.moves.into_iter().map(|s| s.to_string()).collect();
        match names.as_slice() {
            [] => "none.".into(),
            [one] => format!("{one}."),
            [rest @ .., last] => format!("{} or {last} (each is accepted).", rest.join(", ")),
        }
    }
}

impl Question {
    /// Judges a typed answer: a number, or a choice (any case; a square's name for
    /// square choices).
    pub fn judge(&self, given: &str) -> Verdict {
        let given = given.trim();
        let correct = match &self.answer {
            Answer::Number(n) => given.parse::<i64>().ok() == Some(*n),
            Answer::Choice(c) => given.eq_ignore_ascii_case(c),
        };
        let mut why = Vec::new();
        if !correct {
            match &self.answer {
                Answer::Number(n) => match given.parse::<i64>() {
                    Ok(g) if g > *n => why.push(format!("Not {g}: that is too many.")),
                    Ok(g) => why.push(format!("Not {g}: that is too few.")),
                    Err(_) => why.push(format!("`{given}` is not a number.")),
                },
                Answer::Choice(_) => {
                    let pos = self.asked_position();
                    let listed = self.choices.iter().any(|c| c.eq_ignore_ascii_case(given));
                    match Square::parse(given) {
                        _ if !listed => {
                            why.push(format!(
                                "`{given}` is not one of the choices ({}).",
                                self.choices.join(", ")
                            ));
                        }
                        Ok(sq) if self.ask.is_square_choice() => {
                            why.push(self.choice_reason(&pos, sq));
                        }
                        _ => why.push(format!("Not {given}.")),
                    }
                }
            }
        }
        Verdict {
            correct,
            legal: true,
            why,
            reveal: Vec::new(),
            loss: None,
        }
    }

    fn choice_reason(&self, pos: &Position, sq: Square) -> String {
        let Some(f) = move_facts(pos, sq) else {
            return illegal_reason(pos, sq);
        };
        let them = f.mover.opposite();
        match self.ask {
            Ask::GivesCorner => format!("{sq} gives {them} no corner."),
            Ask::Quiet => format!(
                "{sq} flips {} ({}).",
                plural(f.frontier_flipped.len(), "frontier disc", "frontier discs"),
                square_list(f.frontier_flipped)
            ),
            Ask::Wedge => not_a_wedge(pos, sq),
            Ask::MostFlips => format!(
                "{sq} flips {}; another choice flips more.",
                plural(f.flipped.len(), "disc", "discs")
            ),
            Ask::FewestOpponentMoves => format!(
                "After {sq} {them} has {}; another choice leaves fewer.",
                plural(f.their_moves_after, "move", "moves")
            ),
            _ => format!(
                "After {sq} you have {}; another choice makes more.",
                plural(f.stable_after, "stable disc", "stable discs")
            ),
        }
    }

    /// The hint: the file's, or one from what is asked.
    pub fn hint(&self) -> String {
        if let Some(h) = &self.hint_text {
            return h.clone();
        }
        match self.ask {
            Ask::LegalMoves => "A move must flank at least one disc in a straight line.".into(),
            Ask::Flips => "Look in all eight directions from the square.".into(),
            Ask::StableDiscs => "Start from the corners and follow the full lines.".into(),
            Ask::FrontierDiscs => "A frontier disc touches at least one empty square.".into(),
            Ask::EmptyRegions | Ask::OddRegions => {
                "Empty squares that touch, even at a corner, form one region.".into()
            }
            Ask::FinalScore => "Empty squares go to the winner.".into(),
            Ask::NextToMove => "A player with no legal move must pass.".into(),
            _ => "Try each choice on the board in your head.".into(),
        }
    }
}

/// " (White replied b1, a2)": the replies of `them` in `game` up to `upto`.
fn replies_text(game: &Game, them: Color, upto: &Position) -> String {
    let mut pos = game.start();
    let mut replies = Vec::new();
    for mv in game.moves() {
        if pos == *upto {
            break;
        }
        if pos.to_move == them {
            replies.push(match *mv {
                Move::Place(sq) => sq.to_string(),
                Move::Pass => "a pass".to_string(),
            });
        }
        pos = match *mv {
            Move::Place(sq) => pos.play_unchecked(sq),
            Move::Pass => pos.pass(),
        };
    }
    if replies.is_empty() {
        String::new()
    } else {
        format!(" ({them} replied {})", replies.join(", "))
    }
}

impl PlayOut {
    /// Where the game stands against the goal. `game` must start at the step's
    /// position; passes may be written out or left implied.
    pub fn status(&self, game: &Game) -> GoalStatus {
        let learner = self.learner();
        let them = learner.opposite();
        let mut pos = game.start();
        let mut mine = 0u32;
        for mv in game.moves() {
            let mover = pos.to_move;
            let next = match *mv {
                Move::Place(sq) => pos.play_unchecked(sq),
                Move::Pass => pos.pass(),
            };
            if mover == learner
                && let Move::Place(sq) = *mv
            {
                mine += 1;
                match self.goal {
                    Goal::TakeCorner { .. } if sq.bit() & CORNERS != 0 => {
                        return GoalStatus::Achieved(format!("You took the {sq} corner."));
                    }
                    Goal::LimitMobility { max, within } => {
                        let theirs = next.board.legal_moves().len();
                        if theirs > max {
                            return GoalStatus::Failed(format!(
                                "After {sq} {them} had {}.",
                                plural(theirs, "move", "moves")
                            ));
                        }
                        if mine >= within {
                            return GoalStatus::Achieved(format!(
                                "{them} never had more than {} after your moves.",
                                plural(max, "move", "moves")
                            ));
                        }
                    }
                    Goal::Stable { count, .. } => {
                        let n = stable_discs(next.discs(learner), next.discs(them)).count_ones();
                        if n >= count {
                            return GoalStatus::Achieved(format!(
                                "After {sq} you have {}.",
                                plural(n, "stable disc", "stable discs")
                            ));
                        }
                    }
                    _ => {}
                }
                match self.goal {
                    Goal::TakeCorner { within } if mine >= within => {
                        return GoalStatus::Failed(format!(
                            "{} played and no corner taken{}.",
                            plural(within, "move", "moves"),
                            replies_text(game, them, &pos)
                        ));
                    }
                    Goal::Stable { count, within } if mine >= within => {
                        let n = stable_discs(next.discs(learner), next.discs(them)).count_ones();
                        return GoalStatus::Failed(format!(
                            "After {} you have {n} of the {count} stable discs needed{}.",
                            plural(within, "move", "moves"),
                            replies_text(game, them, &pos)
                        ));
                    }
                    _ => {}
                }
            }
            pos = next;
        }
        if pos.is_game_over() {
            let (b, w) = pos.final_counts();
            let (me, you) = if learner == Color::Black {
                (b, w)
            } else {
                (w, b)
            };
            let margin = me as i32 - you as i32;
            return match self.goal {
                Goal::Win { margin: need } if margin >= need => {
                    GoalStatus::Achieved(format!("You won {me}-{you}."))
                }
                Goal::Win { .. } if margin > 0 => {
                    GoalStatus::Failed(format!("You won {me}-{you}, but not by enough."))
                }
                Goal::Win { .. } if margin == 0 => {
                    GoalStatus::Failed(format!("A draw, {me}-{you}."))
                }
                Goal::Win { .. } => GoalStatus::Failed(format!("You lost {me}-{you}.")),
                Goal::LimitMobility { max, .. } => GoalStatus::Achieved(format!(
                    "The game ended with {them} never above {}.",
                    plural(max, "move", "moves")
                )),
                _ => GoalStatus::Failed("The game ended before the goal was met.".into()),
            };
        }
        GoalStatus::Ongoing
    }

    /// The hint: the file's, or one from the goal.
    pub fn hint(&self) -> String {
        if let Some(h) = &self.hint_text {
            return h.clone();
        }
        match self.goal {
            Goal::Win { .. } => "Count the empty regions and think about who moves last.".into(),
            Goal::TakeCorner { .. } => {
                "Force your opponent onto a square next to a corner, or wedge on an edge.".into()
            }
            Goal::LimitMobility { .. } => "Choose quiet moves that flip no frontier discs.".into(),
            Goal::Stable { .. } => "Build out from a corner along the edges.".into(),
        }
    }
}

/// What the reason for a wrong answer already says, by check: the description of the
/// move leaves it out.
fn reason_topics(check: Check) -> &'static [Topic] {
    match check {
        Check::MinOpponentMobility => &[Topic::Mobility],
        Check::Quiet => &[Topic::Frontier],
        Check::NoXOrC => &[Topic::XSquare, Topic::CSquare],
        Check::Parity => &[Topic::Parity],
        Check::MaxStable => &[Topic::Stable],
        Check::Wedge => &[Topic::Wedge],
        Check::TakesCorner => &[Topic::CornerTaken],
        Check::Best | Check::Exact | Check::Moves | Check::MaxFlips => &[],
    }
}

/// Why the legal move `sq` of `pos` is not a wedge: it lands between two opposing
/// edge discs but flips one of them, or it is not between two at all.
fn not_a_wedge(pos: &Position, sq: Square) -> String {
    let them = pos.to_move.opposite().name().to_lowercase();
    if wedge_moves(pos.board.player, pos.board.opponent) & sq.bit() != 0 {
        format!(
            "{sq} is not a wedge: it flips a {them} disc beside it on the edge, so it does not stay between two {them} discs."
        )
    } else {
        format!("{sq} is not a wedge: it does not sit on an edge between two {them} discs.")
    }
}
