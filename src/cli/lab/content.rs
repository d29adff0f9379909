//! `othello-lab check-content` (lessons, puzzles and the named openings: every line
//! legal, every name found by its position) and `othello-lab mine-puzzles`.
//!
//! # Lessons and puzzles
//!
//! Lessons are TOML files in `lessons/` (one per lesson), puzzles TOML sets in
//! `puzzles/`; both are embedded in the binary, and `src/build.rs` makes the build
//! notice added or removed files. A new lesson is a new file, with no Rust change. The
//! lesson schema (step kinds `read`, `find-move`, `question`, `play-out`, the checks and
//! goals) is documented at the top of `src/tutor/lesson.rs`; the puzzle schema at the top
//! of `src/tutor/puzzle.rs`. `othello-lab check-content` proves every stated answer with
//! the engine (the solver at 22 empties or fewer, otherwise searches at depths 14 and 16)
//! and names the file, step and field of anything wrong; the tests run it on an evenly
//! spread sample, `check-content --full` on every puzzle, and `check-content --puzzles
//! DIR` on the sets of a folder.
//!
//! **The puzzle rules.** A puzzle's answer must matter: it wins where the next best move
//! does not, draws where the next best loses, or is at least 6 discs better. A position
//! where every move loses has the goal `least-loss` (lose by the least), and at most 5%
//! of the set are such. Each theme is an engine fact of the answer against the other
//! moves, defined once in `Theme` (`src/tutor/puzzle/model.rs`) and computed in
//! `themes.rs`; `tests/themes.rs` checks the code against a slow count of each
//! definition on 3,000 positions. The themes: `corner` (takes a corner, or every reply
//! leaves one), `stable-discs` (4 or more new stable discs, 2 more than any other move),
//! `x-square`, `c-square` (next to an empty corner), `wedge`, `edge` (an edge move while
//! inner moves exist), `mobility` (leaves the opponent at least 2 moves fewer than any
//! other move), `quiet-move`, `frontier` (a frontier at least 2 discs smaller than after
//! any other move), `tempo` (the opponent must pass), `parity`, `wipe-out`,
//! `exact-endgame`. Each lesson's puzzles are those with its concepts' themes. The
//! explanation (`why`) names the idea in the lessons' words and the facts on the board,
//! and never a search depth.
//!

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

/// Proves the puzzle sets of `dir` (every file's structure, the facts each explanation
/// states, then the engine's proof of every puzzle with `full`, of an even sample
/// without); prints each problem, then
/// "puzzles in DIR: N, problems: K"; exit 0 when there is none, 1 otherwise.
pub fn check_dir(dir: &std::path::Path, full: bool) -> ExitCode {
    use othello_tutor::tutor::content::load_puzzle_dir;
    use othello_tutor::tutor::puzzle::check_puzzles;
    let (puzzles, mut errors) = load_puzzle_dir(dir);
    for p in &puzzles {
        errors.extend(othello_tutor::tutor::puzzle::stated_fact_errors(p));
    }
    errors.extend(check_puzzles(&puzzles, full, &mut |msg| eprintln!("{msg}")));
    for e in &errors {
        outln!("{e}");
    }
    outln!(
        "puzzles in {}: {}, problems: {}",
        dir.display(),
        puzzles.len(),
        errors.len()
    );
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `dir` when it is a folder, or one line naming it.
pub fn puzzle_dir(dir: &std::path::Path) -> Result<&std::path::Path, UserError> {
    if dir.is_dir() {
        Ok(dir)
    } else {
        Err(UserError(format!(
            "{}: no such folder of puzzle sets",
            dir.display()
        )))
    }
}

/// Prints the make-up of the embedded puzzle sets, or of the sets in `dir`.
pub fn stats(dir: Option<&std::path::Path>) -> Result<(), UserError> {
    use othello_tutor::tutor::content::{load_embedded_puzzles, load_puzzle_dir};
    use othello_tutor::tutor::puzzle::statistics;
    let (puzzles, errors) = match dir {
        Some(dir) => load_puzzle_dir(puzzle_dir(dir)?),
        None => load_embedded_puzzles(),
    };
    if let Some(e) = errors.first() {
        return Err(UserError(e.to_string()));
    }
    outln!("{}", statistics(&puzzles).trim_end());
    Ok(())
}

/// Mines puzzles; Enter on standard input stops early and keeps what was found.
pub fn mine(
    config: othello_tutor::tutor::miner::MineConfig,
    out: Option<&std::path::Path>,
) -> Result<(), UserError> {
    use othello_tutor::tutor::miner::{mine, mined_toml};
    let (count, seed) = (config.count, config.seed);
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
    let mut progress = |msg: &str| eprintln!("{msg}");
    let puzzles = mine(&config, &mut progress, stop);
    let text = mined_toml(&format!("Mined with seed {seed}"), &puzzles);
    eprintln!("{} puzzles found.", puzzles.len());
    match out {
        Some(path) => othello_tutor::tutor::files::write_atomic(path, text.as_bytes())
            .map_err(|e| UserError(e.to_string())),
        None => {
            outln!("{}", text.trim_end());
            Ok(())
        }
    }
}

/// Rewrites every set file of `dir` under the current rules (see
/// `tutor::miner::refresh_set`), with `revalue` the searched puzzles' values searched
/// again (`tutor::miner::revalue`); the `least-loss` puzzles beyond 5% of the whole are
/// left out, those with the smallest margin first. Each file is written atomically.
pub fn refresh(dir: &std::path::Path, revalue: bool) -> Result<(), UserError> {
    use othello_tutor::tutor::miner::{Refreshed, refresh_set};
    use othello_tutor::tutor::puzzle::{Goal, Proof, to_toml};
    let io = |p: &std::path::Path, e: std::io::Error| UserError(format!("{}: {e}", p.display()));
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut sets: Vec<(std::path::PathBuf, Refreshed)> = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        let name = path.display().to_string();
        let mut set = refresh_set(&name, &text).map_err(UserError)?;
        let searched = set.kept.iter();
        let searched = searched.filter(|p| matches!(p.proof, Proof::Search { .. }));
        if revalue && let count @ 1.. = searched.count() {
            let progress = super::jobs::Progress::new(format!("{name}: searched puzzles"), count);
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            othello_tutor::tutor::miner::revalue(&mut set, threads, |_, _| progress.done(""))
                .map_err(|e| UserError(format!("{name}: {e}")))?;
        }
        sets.push((path, set));
    }
    let total: usize = sets.iter().map(|(_, s)| s.kept.len()).sum();
    let cap = total * 5 / 100;
    let mut least: Vec<(i32, String)> = sets
        .iter()
        .flat_map(|(_, s)| s.kept.iter())
        .filter(|p| p.goal == Goal::LeastLoss)
        .map(|p| (p.margin, p.id.clone()))
        .collect();
    least.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let over: std::collections::BTreeSet<String> =
        least.iter().skip(cap).map(|(_, id)| id.clone()).collect();
    for (path, set) in &mut sets {
        let (keep, out): (Vec<_>, Vec<_>) = std::mem::take(&mut set.kept)
            .into_iter()
            .partition(|p| !over.contains(&p.id));
        set.kept = keep;
        for p in out {
            set.dropped
                .push((p.id, "least-loss beyond 5% of the set".to_string()));
        }
        for (id, why) in &set.dropped {
            eprintln!("{}: {id} left out: {why}", path.display());
        }
        let text = to_toml(set.title.as_deref(), &set.kept);
        othello_tutor::tutor::files::write_atomic(path, text.as_bytes())
            .map_err(|e| UserError(e.to_string()))?;
        outln!(
            "{}: {} kept, {} left out",
            path.display(),
            set.kept.len(),
            set.dropped.len()
        );
    }
    Ok(())
}
