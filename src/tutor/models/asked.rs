//! A screen's refutation: where it stands (not asked for, being worked out, shown and
//! which board of its lines, or not to be had), what its key and the line keys do in
//! each of those states, and the refutation as engine work for the screens' one
//! worker beside a screen's own work ([`Work`], [`Done`]).

use crate::engine::search::Searcher;
use crate::tutor::refutation::{Refutation, RefutationView, RefuteError, RefuteTask};
use crate::tutor::screen::{BoardScene, EngineTask};

impl EngineTask for RefuteTask {
    type Output = Result<Refutation, RefuteError>;

    fn run(self, searcher: &mut Searcher) -> Result<Refutation, RefuteError> {
        RefuteTask::run(self, searcher)
    }
}

/// A screen's engine work: its own task, or the refutation of a wrong move.
#[derive(Clone, Debug)]
pub enum Work<T> {
    /// The screen's own task (a play-out reply, the near-miss rule).
    Own(T),
    /// The refutation of the learner's wrong move.
    Refute(RefuteTask),
}

/// What a screen's engine work hands back.
#[derive(Clone, Debug)]
pub enum Done<O> {
    /// The screen's own task's output.
    Own(O),
    /// The refutation, or why there is none.
    Refuted(Box<Result<Refutation, RefuteError>>),
}

impl<T: EngineTask> EngineTask for Work<T> {
    type Output = Done<T::Output>;

    fn run(self, searcher: &mut Searcher) -> Done<T::Output> {
        match self {
            Work::Own(t) => Done::Own(t.run(searcher)),
            Work::Refute(t) => Done::Refuted(Box::new(t.run(searcher))),
        }
    }
}

/// What the refutation key does, by where the refutation stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// It was shown (or could not be had): now hidden again.
    Hidden,
    /// It is being worked out: nothing to do yet.
    Busy,
    /// Not asked for yet: the screen may ask for it.
    Ask,
}

/// What a line key did to a shown refutation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// Moved to the board this caption names.
    Moved(String),
    /// Already at the end of the line.
    AtEnd,
    /// Already at the position before the wrong move.
    AtStart,
}

/// Where a screen's refutation stands: not asked for, being worked out, shown (and
/// which board of its lines), or not to be had.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Asked {
    /// Not asked for (or hidden again).
    #[default]
    Not,
    /// The engine is working it out.
    Working,
    /// Shown, stepped through with the screen's line keys.
    Shown(Box<RefutationView>),
    /// None could be made: why.
    Unavailable(String),
}

impl Asked {
    /// Takes the refutation that came back: shown (at the end of its line), or why
    /// there is none. Returns the line the screen says: "✗ Refutation: …" or
    /// "No refutation: …".
    pub fn settle(&mut self, result: Result<Refutation, RefuteError>) -> String {
        match result {
            Ok(r) => {
                let line = format!("✗ Refutation: {}", r.headline());
                *self = Asked::Shown(Box::new(RefutationView::new(r)));
                line
            }
            Err(e) => {
                let line = format!("No refutation: {e}.");
                *self = Asked::Unavailable(e.to_string());
                line
            }
        }
    }

    /// The refutation key: hides a shown refutation, or says whether the screen may
    /// ask for one.
    pub fn press(&mut self) -> Press {
        match self {
            Asked::Shown(_) | Asked::Unavailable(_) => {
                *self = Asked::Not;
                Press::Hidden
            }
            Asked::Working => Press::Busy,
            Asked::Not => Press::Ask,
        }
    }

    /// The engine failed: when the refutation was being worked out, it cannot be had
    /// (and this says so: true).
    pub fn fail(&mut self) -> bool {
        if *self == Asked::Working {
            *self = Asked::Unavailable("the engine failed".into());
            true
        } else {
            false
        }
    }

    /// `[` or `]`: one board back or on through the shown refutation's lines (`None`:
    /// none is shown).
    pub fn step(&mut self, forward: bool) -> Option<Stepped> {
        let view = self.view_mut()?;
        let moved = if forward { view.forward() } else { view.back() };
        Some(if moved {
            Stepped::Moved(view.caption())
        } else if forward {
            Stepped::AtEnd
        } else {
            Stepped::AtStart
        })
    }

    /// The view, when a refutation is shown.
    pub fn view(&self) -> Option<&RefutationView> {
        match self {
            Asked::Shown(v) => Some(v),
            _ => None,
        }
    }

    /// The board scene of the shown refutation's line (see
    /// [`RefutationView::board`]), when one is shown: what every screen draws then.
    pub fn scene(&self) -> Option<BoardScene> {
        let (position, last, flips) = self.view()?.board();
        Some(BoardScene {
            position,
            last,
            flips,
            labels: Vec::new(),
            highlights: Vec::new(),
            markers: false,
        })
    }

    /// The view to step, when a refutation is shown.
    pub fn view_mut(&mut self) -> Option<&mut RefutationView> {
        match self {
            Asked::Shown(v) => Some(v),
            _ => None,
        }
    }

    /// The panel's lines for it (`keys`: how the line is stepped, as the screen's
    /// key table says it, such as "\[ and \]"), empty when not asked for.
    pub fn panel_lines(&self, keys: &str) -> Vec<String> {
        match self {
            // The screens say "Working out the refutation…" on their verdict line.
            Asked::Not | Asked::Working => Vec::new(),
            Asked::Unavailable(why) => vec![format!("No refutation: {why}.")],
            Asked::Shown(v) => {
                let mut out = v.refutation().lines();
                out.push(format!("Board: {} ({keys} step)", v.caption()));
                out
            }
        }
    }
}
