//! The one job slot of a screen: engine work a model asks for carries a [`Ticket`],
//! and a result is taken only if its ticket is still the one the model waits for.
//! This is the one place the "is this result stale?" question is answered.

use crate::engine::search::Searcher;

/// The mark of one piece of engine work a model asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ticket(u64);

/// A model's job slot: at most one piece of engine work wanted at a time.
#[derive(Clone, Debug, Default)]
pub struct JobSlot {
    issued: u64,
    wanted: Option<Ticket>,
}

impl JobSlot {
    /// A new ticket, which replaces the one waited for (its result will be refused).
    ///
    /// ```
    /// use othello_tutor::tutor::screen::JobSlot;
    /// let mut slot = JobSlot::default();
    /// let first = slot.start();
    /// let second = slot.start();
    /// assert!(!slot.accept(first)); // stale: a newer job replaced it
    /// assert!(slot.accept(second));
    /// assert!(!slot.busy());
    /// ```
    pub fn start(&mut self) -> Ticket {
        self.issued += 1;
        let t = Ticket(self.issued);
        self.wanted = Some(t);
        t
    }

    /// Stops waiting (a result that comes later is refused).
    pub fn cancel(&mut self) {
        self.wanted = None;
    }

    /// Whether a result is waited for.
    pub fn busy(&self) -> bool {
        self.wanted.is_some()
    }

    /// The ticket waited for, if any.
    pub fn wanted(&self) -> Option<Ticket> {
        self.wanted
    }

    /// Whether a result with `ticket` is the one waited for; if so the slot is free
    /// again.
    pub fn accept(&mut self, ticket: Ticket) -> bool {
        if self.wanted == Some(ticket) {
            self.wanted = None;
            true
        } else {
            false
        }
    }
}

/// Engine work a model asks for: run by the user interface's one worker, off the
/// interface's thread, with the shared searcher (whose stop flag cancels it). The
/// output goes back to the model that asked.
pub trait EngineTask: Send + 'static {
    /// What the work hands back.
    type Output: Send + 'static;
    /// Does the work.
    fn run(self, searcher: &mut Searcher) -> Self::Output;
}
