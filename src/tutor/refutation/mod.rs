//! Every mistake teaches: the refutation of a wrong move, computed and checked by
//! the engine. What the move costs (exact when solved, "about" when searched), the
//! opponent's best reply, what the reply wins in the strategy texts' words (a corner,
//! an edge wedge, a squeeze, a forced pass, stable discs, parity, mobility), each
//! gain checked on the board at the end of the line shown ([`gain`]), the line itself
//! (the engine's principal variation, cut where the gain is on the board), and the
//! better move with its own checked reasons ([`better`]). A corner the opponent
//! takes as early in the engine's line after the better move is not named as what
//! the reply wins: it does not tell the two moves apart.
//!
//! [`compute`] builds a refutation from the engine's values of the wrong and the best
//! move (as [`crate::tutor::settings::refutation_values`] or the practice grade gives
//! them); [`refute`] searches for those values first. [`view`] is the state of a
//! refutation being stepped through, for the screens' models. No terminal code.

pub mod better;
pub mod gain;
pub mod line;
pub mod task;
pub mod view;

pub use better::Reason;
pub use gain::{Gain, GainError, Verified, gains_on};
pub use line::Line;
pub use task::RefuteTask;
pub use view::RefutationView;

use crate::engine::analysis::{AnalysisOptions, MoveValue, best_and_played};
use crate::engine::search::{SearchError, Searcher};
use crate::engine::{Move, Position, Square};
use crate::tutor::values::{StatedValue, difference_text, searched_words};

/// The plies (the wrong move counted) searched for what the reply wins: the first
/// seven, and only when they win nothing, two more.
pub const REFUTATION_LINE_PLIES: [usize; 2] = [7, 9];

/// The refutation of one wrong move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The wrong move.
    pub wrong: Square,
    /// Its value (mover's view).
    pub wrong_value: StatedValue,
    /// The better move.
    pub better: Square,
    /// Its value.
    pub better_value: StatedValue,
    /// The line shown: the wrong move, the reply, and on to where the first gain is
    /// on the board.
    pub line: Line,
    /// What the reply wins, checked at the end of [`Refutation::line`].
    pub gains: Vec<Verified>,
    /// The better move's line, as far as its reasons need.
    pub better_line: Line,
    /// Why the better move is right, each checked on the board.
    pub reasons: Vec<Reason>,
    /// How its values are put in words.
    pub wording: Wording,
}

/// How a refutation puts its values in words, as the screen it is shown on puts
/// its other values, so that one fact reads the same on the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Wording {
    /// A searched value rounded to the precision it has, "about 10 discs" (lessons
    /// and puzzles, whose searched values read so).
    #[default]
    Rounded,
    /// As the practice grade says its values: the whole number and its basis,
    /// "8 discs (depth 24)".
    AsGraded,
}

/// What a wrong move costs against the better one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// Discs lost.
    pub discs: i32,
    /// Whether both values are proved.
    pub exact: bool,
    /// How the cost is put in words.
    pub wording: Wording,
}

impl Cost {
    /// The cost in words with its precision: "12 discs", "about 10 discs", "a few
    /// discs"; as graded, the whole number ("8 discs").
    pub fn text(&self) -> String {
        match self.wording {
            Wording::AsGraded => {
                let n = self.discs.max(0);
                format!("{n} disc{}", if n == 1 { "" } else { "s" })
            }
            Wording::Rounded => difference_text(self.discs, self.exact),
        }
    }
}

/// Why no refutation could be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefuteError {
    /// The move is not legal where it was played.
    #[error("{0} is not a legal move here")]
    Illegal(Square),
    /// The engine's values did not include the move.
    #[error("the engine gave no value for {0}")]
    NotValued(Square),
    /// The engine values the move as high as the best: there is nothing to refute.
    #[error("the engine finds no loss for {0} at its settings")]
    NoLoss(Square),
    /// The search was stopped.
    #[error("the search was stopped")]
    Stopped,
}

impl From<SearchError> for RefuteError {
    fn from(_: SearchError) -> RefuteError {
        RefuteError::Stopped
    }
}

/// A value as the learner reads it: "+4" when proved, "about +5" when searched.
pub fn value_words(v: StatedValue) -> String {
    if v.exact {
        format!("{:+}", v.discs)
    } else {
        searched_words(v.discs)
    }
}

impl Refutation {
    /// What the wrong move costs.
    pub fn cost(&self) -> Cost {
        Cost {
            discs: self.better_value.discs - self.wrong_value.discs,
            exact: self.wrong_value.exact && self.better_value.exact,
            wording: self.wording,
        }
    }

    /// The refutation with the values of the practice grade of the same move, put in
    /// words as the grade puts them (see [`Wording::AsGraded`]): the grade's best move
    /// and both values. When the grade names another better move (a book grade), the
    /// better move's reasons, made for this one's, are dropped.
    pub fn as_graded(
        mut self,
        wrong_value: StatedValue,
        better: Square,
        better_value: StatedValue,
    ) -> Refutation {
        if better != self.better {
            // The reasons were made for the other move: only the facts of the two
            // moves themselves carry over to this one.
            self.better = better;
            self.better_line = Line::from_pv(self.position(), &[Some(better)]);
            self.reasons = crate::tutor::explain::contrast(&self.position(), self.wrong, better)
                .into_iter()
                .take(2)
                .map(Reason::Contrast)
                .collect();
            if self.reasons.is_empty() {
                self.reasons.push(Reason::NoSingleFact {
                    by: String::new(),
                    exact: false,
                    wrong: self.wrong,
                    better,
                });
            }
        }
        self.wrong_value = wrong_value;
        self.better_value = better_value;
        self.wording = Wording::AsGraded;
        let by = self.cost().text();
        let exact = self.cost().exact;
        for r in &mut self.reasons {
            match r {
                Reason::Despite { by: b, .. } => *b = by.clone(),
                Reason::NoSingleFact {
                    by: b, exact: e, ..
                } => {
                    *b = by.clone();
                    *e = exact;
                }
                _ => {}
            }
        }
        self
    }

    /// A value in words, as [`Refutation::wording`] says.
    fn value_words(&self, v: StatedValue) -> String {
        match self.wording {
            Wording::AsGraded => format!("{:+}", v.discs),
            Wording::Rounded => value_words(v),
        }
    }

    /// The position the wrong move was played in.
    pub fn position(&self) -> Position {
        self.line.start()
    }

    /// The opponent's reply (`None`: the wrong move ends the game, or the line was
    /// cut).
    pub fn reply(&self) -> Option<Move> {
        self.line.moves().get(1).copied()
    }

    /// The refutation in one line: "b2 costs 12 discs: White answers a1, and White
    /// takes the a1 corner."
    pub fn headline(&self) -> String {
        let them = self.position().to_move.opposite();
        let cost = self.cost().text();
        let reply = match self.reply() {
            Some(Move::Place(r)) => format!("{them} answers {r}"),
            Some(Move::Pass) => format!("{them} must pass"),
            None => format!("{} is better", self.better),
        };
        match self.gains.first() {
            Some(g) => format!("{} costs {cost}: {reply}, and {}.", self.wrong, g.short()),
            None => format!("{} costs {cost}: {reply}.", self.wrong),
        }
    }

    /// The refutation in words, one line each: the cost, the reply, what it wins, the
    /// line, the better move and its reasons.
    pub fn lines(&self) -> Vec<String> {
        let (wrong, better) = (self.wrong, self.better);
        let cost = self.cost();
        let basis = if cost.exact {
            " (exact)".to_string()
        } else if self.wording == Wording::AsGraded {
            format!(" (depth {})", self.wrong_value.depth)
        } else {
            " (by the engine's search)".to_string()
        };
        let mover = self.position().to_move;
        let them = mover.opposite();
        let (w, b) = (
            self.value_words(self.wrong_value),
            self.value_words(self.better_value),
        );
        let mut out = vec![if w == b {
            // Rounded searched values that read the same say nothing more.
            format!("{wrong} costs {}{basis} against {better}.", cost.text())
        } else {
            format!(
                "{wrong} costs {}{basis}: {w} against {b} for {better}.",
                cost.text()
            )
        }];
        out.push(match self.reply() {
            Some(Move::Place(r)) => format!("{them}'s best reply: {r}."),
            Some(Move::Pass) => format!("After {wrong} {them} has no move and passes."),
            None if self.line.after(0).is_game_over() => format!("{wrong} ends the game."),
            None => format!("The engine's line after {wrong} is not known."),
        });
        out.extend(self.gains.iter().map(|g| format!("  · {}", g.sentence())));
        out.push(format!("Line: {}", self.line.text()));
        out.push(format!("Better: {better}."));
        // What the better move's line wins may come some plies later: the line is
        // shown before it, so the gain never reads as the move's own.
        let mut line_shown = self.better_line.moves().len() < 2;
        for r in &self.reasons {
            if !line_shown && matches!(r, better::Reason::Gains(_)) {
                out.push(format!("Its line: {}", self.better_line.text()));
                line_shown = true;
            }
            // A state the better move itself leaves on the board says so.
            let after_it = self.better_line.moves().len() < 2
                && matches!(r, better::Reason::Gains(g) if g.gain().is_state());
            if after_it {
                out.push(format!("  · After {better} {}", r.sentence()));
            } else {
                out.push(format!("  · {}", r.sentence()));
            }
        }
        out
    }
}

/// The refutation of `wrong` in `pos` from the engine's `values` (the best move's
/// first, as [`crate::engine::analysis::analyze`] or
/// [`crate::engine::analysis::best_and_played`] give them, each with its principal
/// variation).
pub fn compute(
    pos: &Position,
    wrong: Square,
    values: &[MoveValue],
) -> Result<Refutation, RefuteError> {
    if !pos.board.is_legal(wrong) {
        return Err(RefuteError::Illegal(wrong));
    }
    let mine = values
        .iter()
        .find(|v| v.mv == Move::Place(wrong))
        .ok_or(RefuteError::NotValued(wrong))?;
    let best = values
        .iter()
        .filter(|v| matches!(v.mv, Move::Place(_)))
        .max_by_key(|v| {
            (
                StatedValue::of(pos, v).discs,
                std::cmp::Reverse(v.mv == Move::Place(wrong)),
            )
        })
        .ok_or(RefuteError::NotValued(wrong))?;
    let Move::Place(better) = best.mv else {
        return Err(RefuteError::NotValued(wrong));
    };
    let (wrong_value, better_value) = (StatedValue::of(pos, mine), StatedValue::of(pos, best));
    if better == wrong || better_value.discs <= wrong_value.discs {
        return Err(RefuteError::NoLoss(wrong));
    }
    let mut full = Line::from_pv(*pos, &mine.pv);
    if full.moves().first() != Some(&Move::Place(wrong)) {
        full = Line::from_pv(*pos, &[Some(wrong)]);
    }
    let them = pos.to_move.opposite();
    let mut better_full = Line::from_pv(*pos, &best.pv);
    if better_full.moves().first() != Some(&Move::Place(better)) {
        better_full = Line::from_pv(*pos, &[Some(better)]);
    }
    // A corner the opponent takes as early after the better move is no reason.
    let taken_after_better =
        |square: Square, end: usize| better_full.ply_of(square, them).is_some_and(|i| i <= end);
    // The weightiest gain for the opponent, at the earliest ply it is on the board.
    let mut chosen: Option<(usize, Vec<Verified>)> = None;
    let mut from = 1;
    for plies in REFUTATION_LINE_PLIES {
        if chosen.is_some() {
            break;
        }
        for end in from..full.moves().len().min(plies) {
            if full.before(end).to_move != them {
                continue;
            }
            let gains: Vec<Verified> = gains_on(&full, end, them)
                .into_iter()
                .filter(|g| match g.gain() {
                    Gain::Corner { square, .. } => !taken_after_better(square, end),
                    _ => true,
                })
                .collect();
            let weight = gains.first().map_or(0, |g| g.gain().weight());
            let so_far = chosen
                .as_ref()
                .and_then(|(_, g)| g.first())
                .map_or(0, |g| g.gain().weight());
            if weight > so_far {
                chosen = Some((end, gains));
            }
        }
        from = plies;
    }
    let (line, gains) = match chosen {
        Some((end, gains)) => (full.truncated(end + 1), gains.into_iter().take(3).collect()),
        None => (full.truncated(2), Vec::new()),
    };
    // The reply to fear, when it wins something: the corner it takes, or the reply.
    let feared = gains
        .iter()
        .find_map(|g: &Verified| match g.gain() {
            Gain::Corner { square, .. } => Some(square),
            _ => None,
        })
        .or(match line.moves().get(1) {
            Some(Move::Place(r)) if !gains.is_empty() => Some(*r),
            _ => None,
        });
    let cost = Cost {
        discs: better_value.discs - wrong_value.discs,
        exact: wrong_value.exact && better_value.exact,
        wording: Wording::Rounded,
    };
    let (better_line, reasons) =
        better::reasons(&better_full, &line, feared, &cost.text(), cost.exact);
    Ok(Refutation {
        wrong,
        wrong_value,
        better,
        better_value,
        line,
        gains,
        better_line,
        reasons,
        wording: Wording::Rounded,
    })
}

/// The refutation of `wrong` in `pos`, its values searched with `options`.
pub fn refute_with(
    searcher: &mut Searcher,
    pos: &Position,
    wrong: Square,
    options: AnalysisOptions,
) -> Result<Refutation, RefuteError> {
    if !pos.board.is_legal(wrong) {
        return Err(RefuteError::Illegal(wrong));
    }
    let values = best_and_played(searcher, &pos.board, options, wrong)?;
    compute(pos, wrong, &values)
}

/// The refutation of `wrong` in `pos` at the tutor's refutation settings
/// ([`crate::tutor::settings::REFUTATION_ANALYSIS`]). Stops when `searcher`'s stop
/// flag is raised.
pub fn refute(
    searcher: &mut Searcher,
    pos: &Position,
    wrong: Square,
) -> Result<Refutation, RefuteError> {
    if !pos.board.is_legal(wrong) {
        return Err(RefuteError::Illegal(wrong));
    }
    let values = crate::tutor::settings::refutation_values(searcher, &pos.board, wrong)?;
    compute(pos, wrong, &values)
}
