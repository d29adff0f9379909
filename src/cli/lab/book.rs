//! `othello-lab book build [--depth D] [--out FILE] [--dir WORKDIR]`: builds the
//! opening book with [`othello_tutor::engine::book_build`] (its module docs give the
//! recipe). This file keeps the working folder: each leaf's value is appended to
//! `leaves-dD.txt` (or `leaves-dD+1.txt`) as soon as it is found, so a stopped build
//! picks up where it was; the searches are spread over the threads
//! ([`othello_tutor::engine::pool`]), the values written and the progress shown
//! ([`super::jobs::Progress`]) on the calling thread as they come.

use super::jobs::{JobError, Progress};
use super::{UserError, outln};
use othello_tutor::engine::Board;
use othello_tutor::engine::book_build::{
    Key, Tree, contested_leaves, key, leaf_value, negamax, parse_results, result_line,
    value_leaf_at,
};
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::tutor::openings::load_openings;
use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What to build.
pub struct BuildConfig {
    /// Depth of the leaf searches.
    pub depth: u32,
    /// The working folder (results so far).
    pub dir: PathBuf,
    /// Where the book goes.
    pub out: PathBuf,
    /// Threads.
    pub threads: usize,
    /// Multi-ProbCut in the leaf searches (`None`: full width).
    pub selective: Option<Confidence>,
    /// Search the leaves of contested positions two plies deeper: a position whose two
    /// best moves lie within this many hundredths of a disc (`None`: no deepening).
    pub deepen: Option<i32>,
}

/// The tree of the named lines (see [`Tree::from_positions`]).
pub fn tree() -> Result<Tree, UserError> {
    let openings = load_openings().map_err(|errors| {
        UserError(format!(
            "the named openings do not load: {}",
            errors.first().map(|e| e.to_string()).unwrap_or_default()
        ))
    })?;
    Ok(Tree::from_positions(
        openings
            .all()
            .iter()
            .flat_map(|o| o.positions())
            .map(|p| p.board),
    ))
}

/// The results file of a depth (and selectivity) in the working folder.
fn results_path(dir: &Path, depth: u32, selective: Option<Confidence>) -> PathBuf {
    match selective {
        None => dir.join(format!("leaves-d{depth}.txt")),
        Some(c) => dir.join(format!("leaves-d{depth}-mpc{}.txt", c.0)),
    }
}

/// The results found so far: "PLAYER OPPONENT SCORE" (hex, hex, hundredths) per line.
/// A line that does not read (the end of one cut short) is skipped.
fn read_results(path: &Path) -> Result<HashMap<Key, i32>, UserError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(UserError(format!("{}: {e}", path.display()))),
    };
    Ok(parse_results(&text))
}

fn duration(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{} h {:02} min", s / 3600, s % 3600 / 60)
    } else if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}

/// The results files open for appending, by search depth.
type Files = HashMap<u32, (PathBuf, std::fs::File)>;

/// Values every leaf of `todo` at its listed depths (one search a leaf, see
/// [`value_leaf_at`]) over the threads, each value appended to its depth's results
/// file as soon as it is found; the values found.
fn search_all(
    todo: &[(Board, Vec<u32>)],
    files: &Files,
    config: &BuildConfig,
) -> Result<Vec<(u32, Key, i32)>, UserError> {
    let threads = config.threads.max(1);
    let progress = Progress::new("book: leaves", todo.len());
    let mut found = Vec::new();
    let mut done = 0;
    othello_tutor::engine::pool::try_map_streamed(
        threads,
        todo,
        |_, (leaf, depths)| {
            let t = Instant::now();
            let values = value_leaf_at(leaf, depths, config.selective);
            Ok::<_, JobError>((values, t.elapsed().as_secs_f64()))
        },
        |i, (values, secs)| {
            let (leaf, depths) = &todo[i];
            // A leaf whose search stopped is left for the next run.
            for &(depth, score) in values.iter().flatten() {
                let Some((path, file)) = files.get(&depth) else {
                    continue;
                };
                let line = result_line(leaf, score);
                (&*file)
                    .write_all(line.as_bytes())
                    .and_then(|()| (&*file).flush())
                    .map_err(|e| UserError(format!("{}: {e}", path.display())))?;
                found.push((depth, key(leaf), score));
            }
            done += 1;
            let listed: Vec<String> = depths.iter().map(u32::to_string).collect();
            progress.done(&format!(
                "leaf of {} empties, depths {}: {secs:.2} s; mean {:.2} s a leaf a thread",
                leaf.empty_count(),
                listed.join("+"),
                progress.elapsed().as_secs_f64() * threads as f64 / done as f64,
            ));
            Ok(())
        },
    )
    .map_err(|e| e.within("book", |i| format!("leaf {} of {}", i + 1, todo.len())))?;
    Ok(found)
}

/// The leaves searched so far, by depth, read from the working folder.
struct Results {
    values: HashMap<u32, HashMap<Key, i32>>,
    files: Files,
}

impl Results {
    /// Reads (and opens for appending) the results files of `depths`.
    fn open(&mut self, config: &BuildConfig, depths: [u32; 2]) -> Result<(), UserError> {
        for d in depths {
            if self.files.contains_key(&d) {
                continue;
            }
            let path = results_path(&config.dir, d, config.selective);
            self.values.insert(d, read_results(&path)?);
            let file = open_results(&path)?;
            self.files.insert(d, (path, file));
        }
        Ok(())
    }

    /// The leaves of `leaves` with the depths of `depths` not in the folder yet.
    fn todo(&self, leaves: &[Board], depths: [u32; 2]) -> Vec<(Board, Vec<u32>)> {
        leaves
            .iter()
            .map(|b| {
                let missing = depths
                    .into_iter()
                    .filter(|d| !self.values.get(d).is_some_and(|v| v.contains_key(&key(b))))
                    .collect();
                (*b, missing)
            })
            .filter(|(_, missing): &(Board, Vec<u32>)| !missing.is_empty())
            .collect()
    }

    /// Searches what `todo` lists and keeps the values.
    fn search(
        &mut self,
        todo: &[(Board, Vec<u32>)],
        config: &BuildConfig,
    ) -> Result<(), UserError> {
        for (d, k, score) in search_all(todo, &self.files, config)? {
            self.values.entry(d).or_default().insert(k, score);
        }
        Ok(())
    }

    /// A leaf's value from its searches at `depths` (see [`leaf_value`]).
    fn value(&self, leaf: &Board, depths: [u32; 2]) -> Option<i32> {
        let get = |d: u32| self.values.get(&d)?.get(&key(leaf)).copied();
        Some(leaf_value(get(depths[0])?, get(depths[1])?))
    }
}

/// Builds the book: values the leaves not yet in the working folder, negamaxes; with
/// `deepen`, searches the leaves of contested positions two plies deeper, round after
/// round until no new one is contested; then writes the book file.
pub fn build(config: &BuildConfig) -> Result<(), UserError> {
    let started = Instant::now();
    let tree = tree()?;
    std::fs::create_dir_all(&config.dir)
        .map_err(|e| UserError(format!("{}: {e}", config.dir.display())))?;
    let depths = [config.depth, config.depth + 1];
    let mut results = Results {
        values: HashMap::new(),
        files: HashMap::new(),
    };
    results.open(config, depths)?;
    let todo = results.todo(&tree.leaves, depths);
    let searches: usize = todo.iter().map(|t| t.1.len()).sum();
    eprintln!(
        "book: {} positions, {} leaves, each searched at depths {} and {}; {} of {} searches already done in {}, {} to go on {} threads",
        tree.interior.len(),
        tree.leaves.len(),
        depths[0],
        depths[1],
        2 * tree.leaves.len() - searches,
        2 * tree.leaves.len(),
        config.dir.display(),
        searches,
        config.threads.max(1),
    );
    results.search(&todo, config)?;
    let mut leaf_values = HashMap::new();
    let mut missing = 0;
    for b in &tree.leaves {
        match results.value(b, depths) {
            Some(v) => {
                leaf_values.insert(key(b), (v, config.depth));
            }
            None => missing += 1,
        }
    }
    if missing > 0 {
        return Err(UserError(format!(
            "{missing} leaves were not valued; run the build again to finish them"
        )));
    }
    let mut book = negamax(&tree, &leaf_values, config.depth);
    let mut deepened = 0;
    if let Some(margin) = config.deepen {
        let deeper = [config.depth + 2, config.depth + 3];
        results.open(config, deeper)?;
        for round in 1.. {
            let more: Vec<Board> = contested_leaves(&tree, &book, margin)
                .into_iter()
                .filter(|b| {
                    leaf_values
                        .get(&key(b))
                        .is_some_and(|v| v.1 == config.depth)
                })
                .collect();
            if more.is_empty() {
                break;
            }
            let todo = results.todo(&more, deeper);
            let searches: usize = todo.iter().map(|t| t.1.len()).sum();
            eprintln!(
                "book: deepening, round {round}: {} leaves of positions whose two best moves lie within {:.2} discs, searched at depths {} and {}; {} of {} searches already done",
                more.len(),
                margin as f64 / 100.0,
                deeper[0],
                deeper[1],
                2 * more.len() - searches,
                2 * more.len(),
            );
            results.search(&todo, config)?;
            for b in &more {
                let v = results.value(b, deeper).ok_or_else(|| {
                    UserError(
                        "a deeper leaf was not valued; run the build again to finish it".into(),
                    )
                })?;
                leaf_values.insert(key(b), (v, deeper[0]));
            }
            deepened += more.len();
            book = negamax(&tree, &leaf_values, config.depth);
        }
    }
    let bytes = book.encode();
    write_atomic(&config.out, &bytes)?;
    outln!(
        "book: {} positions, depth {}, {} bytes, written to {} in {}",
        book.len(),
        config.depth,
        bytes.len(),
        config.out.display(),
        duration(started.elapsed().as_secs_f64())
    );
    if config.deepen.is_some() {
        outln!(
            "book: {deepened} leaves of contested positions searched again at depths {} and {}",
            config.depth + 2,
            config.depth + 3
        );
    }
    Ok(())
}

/// Opens a results file for appending; a line cut short by a stop is ended first,
/// so that the next result starts a line.
pub(super) fn open_results(path: &Path) -> Result<std::fs::File, UserError> {
    let fail = |e: std::io::Error| UserError(format!("{}: {e}", path.display()));
    let cut_short = std::fs::read(path)
        .map(|b| b.last().is_some_and(|&c| c != b'\n'))
        .unwrap_or(false);
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(fail)?;
    if cut_short {
        file.write_all(b"\n").map_err(fail)?;
    }
    Ok(file)
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), UserError> {
    othello_tutor::tutor::files::write_atomic(path, bytes).map_err(|e| UserError(e.to_string()))
}
