//! `othello-tutor check-content` (lessons, puzzles and the named openings: every line
//! legal, every name found by its position) and `othello-tutor mine-puzzles`.

use super::{UserError, outln};
use std::process::ExitCode;

/// Proves the content (the openings line comes just before the summary line); exit 0
/// when every answer holds, 1 otherwise.
pub fn check(full: bool) -> ExitCode {
    let mut progress = |msg: &str| eprintln!("{msg}");
    let report = othello_tutor::tutor::content::check_content(full, &mut progress);
    outln!("{report}");
    if report.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Mines puzzles; Enter on standard input stops early and keeps what was found.
pub fn mine(count: usize, seed: u64, out: Option<&std::path::Path>) -> Result<(), UserError> {
    use othello_tutor::tutor::miner::{MineConfig, mine, mined_toml};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    if count == 0 {
        return Err(UserError("--count must be at least 1".into()));
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut line = String::new();
            // A line (not the end of input) asks the miner to stop.
            if let Ok(n) = std::io::stdin().read_line(&mut line)
                && n > 0
            {
                stop.store(true, Ordering::Relaxed);
            }
        });
    }
    eprintln!("Mining {count} puzzles with seed {seed}. Press Enter to stop early.");
    let config = MineConfig {
        count,
        seed,
        ..MineConfig::default()
    };
    let mut progress = |msg: &str| eprintln!("{msg}");
    let puzzles = mine(&config, &mut progress, stop);
    let text = mined_toml(&format!("Mined with seed {seed}"), &puzzles);
    eprintln!("{} puzzles found.", puzzles.len());
    match out {
        Some(path) => {
            let tmp = path.with_extension("tmp-write");
            std::fs::write(&tmp, &text)
                .and_then(|_| std::fs::rename(&tmp, path))
                .map_err(|e| UserError(format!("{}: {e}", path.display())))
        }
        None => {
            outln!("{}", text.trim_end());
            Ok(())
        }
    }
}
