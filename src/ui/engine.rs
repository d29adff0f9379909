//! The shared engine of the interface: one searcher (its tables are large), used by
//! one job at a time. Jobs run on it through [`crate::ui::worker`], which adds
//! `Engine::spawn`.

use crate::engine::search::Searcher;
use std::sync::{Arc, Mutex};

/// The shared engine: one searcher (its tables are large), used by one job at a time.
#[derive(Clone)]
pub struct Engine {
    searcher: Arc<Mutex<Searcher>>,
}

impl Engine {
    /// An engine with tables of `table_mb` MB each (midgame and endgame).
    pub fn new(table_mb: usize) -> Engine {
        Engine {
            searcher: Arc::new(Mutex::new(Searcher::new(table_mb, table_mb))),
        }
    }

    /// The searcher, shared.
    pub(crate) fn searcher(&self) -> Arc<Mutex<Searcher>> {
        self.searcher.clone()
    }
}
