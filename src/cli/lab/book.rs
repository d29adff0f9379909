//! `othello-lab book build [--depth D] [--out FILE] [--dir WORKDIR]`: builds the
//! opening book. The book's positions are every position along every named line;
//! their leaves are every legal move off those positions (one ply). Each leaf is
//! valued by two searches with the shipped evaluation, of depth D and D + 1, and
//! their mean (see [`leaf_value`]), a fresh searcher per search (so a value repeats
//! whatever ran before it), the searches spread over the threads; each result is
//! appended to `leaves-dD.txt` (or `leaves-dD+1.txt`) in the working folder as soon
//! as it is found, so a stopped build picks up where it was. Then the values are
//! negamaxed from the leaves: a book move's value is its best continuation's.

use super::{UserError, outln};
use othello_tutor::engine::book::{Book, BookMove};
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::engine::search::{Limits, Searcher};
use othello_tutor::engine::{Board, symmetry};
use othello_tutor::tutor::content::load_openings;
use std::collections::{BTreeMap, HashMap};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// Midgame and solver table sizes of each leaf's searcher (fixed, so values repeat).
const TABLE_MB: (usize, usize) = (16, 4);

type Key = (u64, u64);

fn key(b: &Board) -> Key {
    (b.player, b.opponent)
}

fn canon(b: &Board) -> Board {
    symmetry::canonical(b).0
}

/// The book's positions (canonical, with their legal moves) and its leaves.
pub struct Tree {
    /// Every position along a named line, canonical.
    pub interior: BTreeMap<Key, Board>,
    /// Every position one move off them that is not itself along a line, canonical.
    pub leaves: Vec<Board>,
}

/// The positions of the named lines and the leaves one move off them.
pub fn tree() -> Result<Tree, UserError> {
    let openings = load_openings().map_err(|errors| {
        UserError(format!(
            "the named openings do not load: {}",
            errors.first().map(|e| e.to_string()).unwrap_or_default()
        ))
    })?;
    let mut interior = BTreeMap::new();
    for o in openings.all() {
        for p in o.positions() {
            if !p.board.is_game_over() && p.board.legal_moves_bits() != 0 {
                let c = canon(&p.board);
                interior.insert(key(&c), c);
            }
        }
    }
    let mut leaves = BTreeMap::new();
    for b in interior.values() {
        for sq in b.legal_moves() {
            let c = canon(&b.play_unchecked(sq));
            if !interior.contains_key(&key(&c)) {
                leaves.insert(key(&c), c);
            }
        }
    }
    Ok(Tree {
        interior,
        leaves: leaves.into_values().collect(),
    })
}

/// The results file of a depth (and selectivity) in the working folder.
fn results_path(dir: &Path, depth: u32, selective: Option<Confidence>) -> PathBuf {
    match selective {
        None => dir.join(format!("leaves-d{depth}.txt")),
        Some(c) => dir.join(format!("leaves-d{depth}-mpc{}.txt", c.0)),
    }
}

/// A leaf's value in hundredths of a disc (for its side to move) from its searches
/// of depth D and D + 1: their mean, rounded down. Our evaluation reads about 2.5
/// discs better for the side to move after an even number of plies than after an
/// odd one; one search depth for every leaf would compare a move to a leaf (D + 1
/// plies from the book position) with a move along a line (D + 2 plies) across that
/// swing, and searches ending at one parity would carry it into every value (the
/// start position would read 2 discs up for Black). The mean of an even and an odd
/// depth cancels it.
pub fn leaf_value(at_depth: i32, one_deeper: i32) -> i32 {
    (at_depth + one_deeper).div_euclid(2)
}

/// The results found so far: "PLAYER OPPONENT SCORE" (hex, hex, hundredths) per line.
/// A line that does not read (the end of one cut short) is skipped.
fn read_results(path: &Path) -> Result<HashMap<Key, i32>, UserError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(UserError(format!("{}: {e}", path.display()))),
    };
    let mut out = HashMap::new();
    for line in text.lines() {
        let mut f = line.split_whitespace();
        let (Some(p), Some(o), Some(s), None) = (f.next(), f.next(), f.next(), f.next()) else {
            continue;
        };
        if let (Ok(p), Ok(o), Ok(s)) = (
            u64::from_str_radix(p, 16),
            u64::from_str_radix(o, 16),
            s.parse::<i32>(),
        ) {
            out.insert((p, o), s);
        }
    }
    Ok(out)
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

/// A fresh searcher's search of `board` to `depth` (exact when the game ends within
/// it): the best move and the value in hundredths of a disc for the side to move. A
/// fresh searcher with fixed tables, so a value repeats whatever ran before it.
pub fn fresh_search(
    board: &Board,
    depth: u32,
    selective: Option<Confidence>,
) -> Option<(Option<othello_tutor::engine::Square>, i32)> {
    let mut searcher = Searcher::new(TABLE_MB.0, TABLE_MB.1);
    searcher.set_selectivity(selective.map(Confidence::selectivity));
    let r = searcher.search(board, Limits::depth(depth, 0)).ok()?;
    Some((r.best, r.score))
}

/// [`fresh_search`] at each of `depths` (best move, value) with one search where it
/// can: a fresh searcher's iteration at depth d is what a fresh search to depth d
/// returns, so the deepest search gives the others on its way (a depth it did not
/// reach, or whose line starts with a pass, is searched on its own).
pub fn fresh_search_at(
    board: &Board,
    depths: &[u32],
    selective: Option<Confidence>,
) -> Option<Vec<(Option<othello_tutor::engine::Square>, i32)>> {
    let deepest = depths.iter().copied().max()?;
    let mut searcher = Searcher::new(TABLE_MB.0, TABLE_MB.1);
    searcher.set_selectivity(selective.map(Confidence::selectivity));
    let r = searcher.search(board, Limits::depth(deepest, 0)).ok()?;
    let mut out = Vec::with_capacity(depths.len());
    for &d in depths {
        let found = searcher
            .iterations()
            .iter()
            .find(|it| it.0 == d && it.2.is_some());
        out.push(match found {
            Some(it) if d < deepest => (it.2, it.1),
            _ if d == deepest => (r.best, r.score),
            _ => fresh_search(board, d, selective)?,
        });
    }
    Some(out)
}

/// A leaf's value at each of `depths`: the values of [`fresh_search_at`].
pub fn value_leaf_at(
    board: &Board,
    depths: &[u32],
    selective: Option<Confidence>,
) -> Option<Vec<(u32, i32)>> {
    let found = fresh_search_at(board, depths, selective)?;
    Some(depths.iter().zip(found).map(|(&d, r)| (d, r.1)).collect())
}

/// The results files open for appending, by search depth.
type Files = HashMap<u32, (PathBuf, Mutex<std::fs::File>)>;

/// Values every leaf of `todo` at its listed depths (one search a leaf, see
/// [`value_leaf_at`]) over the threads, each value appended to its depth's results
/// file as soon as it is found; the values found.
fn search_all(
    todo: &[(Board, Vec<u32>)],
    files: &Files,
    config: &BuildConfig,
) -> Result<Vec<(u32, Key, i32)>, UserError> {
    let found = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let failure: Mutex<Option<UserError>> = Mutex::new(None);
    let search_start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    let Some((leaf, depths)) = todo.get(n) else { return };
                    if failure.lock().map_or(true, |f| f.is_some()) {
                        return;
                    }
                    let t = Instant::now();
                    let Some(values) = value_leaf_at(leaf, depths, config.selective) else {
                        continue;
                    };
                    let secs = t.elapsed().as_secs_f64();
                    for (depth, score) in values {
                        let line =
                            format!("{:016x} {:016x} {score}\n", leaf.player, leaf.opponent);
                        let Some((path, file)) = files.get(&depth) else { return };
                        let written = file
                            .lock()
                            .map_err(|_| std::io::Error::other("lock"))
                            .and_then(|mut f| {
                                f.write_all(line.as_bytes()).and_then(|_| f.flush())
                            });
                        if let Err(e) = written {
                            if let Ok(mut f) = failure.lock() {
                                *f = Some(UserError(format!("{}: {e}", path.display())));
                            }
                            return;
                        }
                        if let Ok(mut v) = found.lock() {
                            v.push((depth, key(leaf), score));
                        }
                    }
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    let elapsed = search_start.elapsed().as_secs_f64();
                    let left = elapsed / d as f64 * (todo.len() - d) as f64;
                    let listed: Vec<String> = depths.iter().map(u32::to_string).collect();
                    eprintln!(
                        "book: leaf {d}/{} ({} empties, depths {}) {secs:.2} s; mean {:.2} s per leaf per thread; about {} to go",
                        todo.len(),
                        leaf.empty_count(),
                        listed.join("+"),
                        elapsed * config.threads.max(1) as f64 / d as f64,
                        duration(left)
                    );
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(found.into_inner().unwrap_or_else(|e| e.into_inner()))
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

/// The leaves to search deeper: in every position whose two best moves lie within
/// `margin` (hundredths of a disc) of each other, each move within `margin` of the
/// best that leads to a leaf (canonical, in the tree's order).
pub fn contested_leaves(tree: &Tree, book: &Book, margin: i32) -> Vec<Board> {
    let mut out = BTreeMap::new();
    for b in tree.interior.values() {
        let moves = book.lookup(b);
        let mut values: Vec<i32> = moves.iter().map(|m| m.value).collect();
        values.sort_unstable_by(|x, y| y.cmp(x));
        let (Some(&best), Some(&second)) = (values.first(), values.get(1)) else {
            continue;
        };
        if best - second > margin {
            continue;
        }
        for m in moves.iter().filter(|m| best - m.value <= margin) {
            let c = canon(&b.play_unchecked(m.square));
            if !tree.interior.contains_key(&key(&c)) {
                out.insert(key(&c), c);
            }
        }
    }
    out.into_values().collect()
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

/// The book from the leaves' values: every interior position with every move's
/// value, the value of a move to an interior position being that position's best.
/// A leaf's value comes with the lower depth of its two searches; a move to it counts
/// that depth + 2 plies.
pub fn negamax(tree: &Tree, leaves: &HashMap<Key, (i32, u32)>, depth: u32) -> Book {
    // Interior positions from the deepest (most discs) up: children come first.
    let mut order: Vec<&Board> = tree.interior.values().collect();
    order.sort_by_key(|b| b.empty_count());
    let mut best: HashMap<Key, (i32, u32)> = HashMap::new();
    let mut entries = Vec::new();
    for b in order {
        let mut moves = Vec::new();
        for sq in b.legal_moves() {
            let c = canon(&b.play_unchecked(sq));
            let k = key(&c);
            let (value, d) = match best.get(&k) {
                Some(&(v, d)) => (-v, d + 1),
                None => match leaves.get(&k) {
                    Some(&(v, d)) => (-v, d + 2),
                    None => continue,
                },
            };
            moves.push(BookMove {
                square: sq,
                value,
                depth: d,
            });
        }
        if let Some(m) = moves
            .iter()
            .max_by_key(|m| (m.value, std::cmp::Reverse(m.square.index())))
        {
            best.insert(key(b), (m.value, m.depth));
        }
        entries.push((*b, moves));
    }
    Book::new(depth, entries)
}

/// Opens a results file for appending; a line cut short by a stop is ended first,
/// so that the next result starts a line.
pub(super) fn open_results(path: &Path) -> Result<Mutex<std::fs::File>, UserError> {
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
    Ok(Mutex::new(file))
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), UserError> {
    let tmp = path.with_extension("tmp-write");
    std::fs::write(&tmp, bytes)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| UserError(format!("{}: {e}", path.display())))
}
