//! The shared engine of the interface: one searcher (its tables are large), used by
//! one job at a time. Jobs run on it through [`crate::ui::worker`], which adds
//! `Engine::spawn`.
//!
//! The searcher is built off the interface's thread: building it decodes the
//! pattern weights (a 2.5 MB file into 9.4 MB of tables, about 100 ms), which would
//! otherwise hold back the first frame. A thread starts building it at once; a job
//! that comes first waits for it on its own thread, never the interface.

use crate::engine::search::Searcher;
use std::sync::{Arc, Mutex, OnceLock};

/// The shared engine: one searcher (its tables are large), used by one job at a time.
#[derive(Clone)]
pub struct Engine {
    shared: Arc<Shared>,
}

/// The searcher, built once by whichever thread first needs it.
struct Shared {
    table_mb: usize,
    searcher: OnceLock<Mutex<Searcher>>,
}

impl Shared {
    fn searcher(&self) -> &Mutex<Searcher> {
        self.searcher
            .get_or_init(|| Mutex::new(Searcher::new(self.table_mb, self.table_mb)))
    }
}

impl Engine {
    /// An engine with tables of `table_mb` MB each (midgame and endgame); its
    /// searcher is built on a thread of its own, started here.
    pub fn new(table_mb: usize) -> Engine {
        let shared = Arc::new(Shared {
            table_mb,
            searcher: OnceLock::new(),
        });
        let early = shared.clone();
        // If the thread cannot start, the first job builds the searcher.
        let _ = std::thread::Builder::new()
            .name("engine-setup".into())
            .spawn(move || {
                early.searcher();
            });
        Engine { shared }
    }

    /// The searcher, built first if no thread has yet (call it on a job's thread: it
    /// may wait for the build; a panic there is the job's, reported as its failure).
    pub(crate) fn searcher(&self) -> &Mutex<Searcher> {
        self.shared.searcher()
    }
}
