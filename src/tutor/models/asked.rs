//! A screen's refutation: where it stands (not asked for, being worked out, shown and
//! which board of its lines, or not to be had), and the refutation as engine work for
//! the screens' one worker.

use crate::engine::search::Searcher;
use crate::tutor::refutation::{Refutation, RefutationView, RefuteError, RefuteTask};
use crate::tutor::screen::{BoardScene, EngineTask};

impl EngineTask for RefuteTask {
    type Output = Result<Refutation, RefuteError>;

    fn run(self, searcher: &mut Searcher) -> Result<Refutation, RefuteError> {
        RefuteTask::run(self, searcher)
    }
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
    /// key table says it, such as "[ and ]"), empty when not asked for.
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
