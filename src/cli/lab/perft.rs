//! `othello-lab perft DEPTH`: move-path counts from the start.

use super::outln;
use othello_tutor::engine::Board;
use othello_tutor::engine::perft::perft;
use std::time::Instant;

/// Prints "perft D NODES SECONDS MNPS" for every depth from 1 to `depth`.
pub fn run(depth: u32) {
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&Board::start(), d);
        let s = t.elapsed().as_secs_f64();
        outln!("perft {d} {n} {s:.3} {:.1}", n as f64 / s.max(1e-9) / 1e6);
    }
}
