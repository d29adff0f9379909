//! `othello-lab book check`: book positions drawn at random, re-searched deeper than
//! the book, and how far the book's values and moves are from the deeper searches'.

use super::book_reference::{Measure, References, find, judge};
use super::{UserError, outln};
use othello_tutor::engine::book::Book;
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::engine::notation::to_obf;
use othello_tutor::engine::{Board, Color, Position};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What to check.
pub struct CheckConfig {
    /// Positions drawn.
    pub count: usize,
    /// Plies deeper than the book's leaf depth.
    pub extra: u32,
    /// Seed of the draw.
    pub seed: u64,
    /// Multi-ProbCut in the re-searches (`None`: full width).
    pub selective: Option<Confidence>,
    /// Threads.
    pub threads: usize,
    /// Re-search at the one depth only, not at it and one ply deeper.
    pub single: bool,
    /// A book file to check instead of the shipped book.
    pub book: Option<std::path::PathBuf>,
    /// A work file: each checked position is appended to it, and a check started
    /// again with the same file and settings skips the positions it holds.
    pub work: Option<std::path::PathBuf>,
    /// A references file: what the deeper searches found, kept per position and
    /// taken from there by later checks (see [`super::book_reference`]).
    pub references: Option<std::path::PathBuf>,
}

/// One checked position: the book's value's distance from the reference's
/// (absolute, signed), whether the moves agree, how far below the reference's best
/// the book's move is, and whether the two deeper searches chose different moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Checked {
    diff: i32,
    signed: i32,
    agrees: bool,
    cost: i32,
    split: bool,
}

impl Checked {
    /// The work file's line: "INDEX DIFF SIGNED AGREES COST SPLIT | TEXT".
    fn line(&self, index: usize, text: &str) -> String {
        format!(
            "{index} {} {} {} {} {} | {text}\n",
            self.diff, self.signed, self.agrees as u8, self.cost, self.split as u8
        )
    }

    /// A work file's line read back (`None` for one that does not read, such as the
    /// end of a line cut short by a stop).
    fn parse(line: &str) -> Option<(usize, Checked)> {
        let (fields, _) = line.split_once(" | ")?;
        let f: Vec<&str> = fields.split(' ').collect();
        let [index, diff, signed, agrees, cost, split] = f[..] else {
            return None;
        };
        let flag = |s: &str| match s {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        };
        Some((
            index.parse().ok()?,
            Checked {
                diff: diff.parse().ok()?,
                signed: signed.parse().ok()?,
                agrees: flag(agrees)?,
                cost: cost.parse().ok()?,
                split: flag(split)?,
            },
        ))
    }
}

/// A work file opened for appending, one writer at a time.
type WorkFile = Mutex<std::fs::File>;

/// FNV-1a of the book's encoding: which book a work file belongs to.
fn book_id(book: &Book) -> u64 {
    othello_tutor::engine::book::checksum(&book.encode())
}

/// The positions a work file already holds (by index in the draw), after checking
/// that its first line is `header`; a new or empty file gets the header. Returns the
/// file opened for appending.
fn open_work(
    path: &std::path::Path,
    header: &str,
    count: usize,
) -> Result<(Vec<(usize, Checked)>, WorkFile), UserError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(UserError(format!("{}: cannot read: {e}", path.display()))),
    };
    let mut done: Vec<(usize, Checked)> = Vec::new();
    if let Some(first) = text.lines().next() {
        if first != header {
            return Err(UserError(format!(
                "{}:1: a work file of another check (\"{first}\", this one is \"{header}\"); delete it or name another",
                path.display()
            )));
        }
        for (index, c) in text.lines().skip(1).filter_map(Checked::parse) {
            if index < count && !done.iter().any(|d| d.0 == index) {
                done.push((index, c));
            }
        }
    }
    let file = super::book::open_results(path)?;
    if text.is_empty() {
        use std::io::Write;
        let mut f = file
            .lock()
            .map_err(|_| UserError("work file lock".into()))?;
        writeln!(f, "{header}")
            .map_err(|e| UserError(format!("{}: cannot write: {e}", path.display())))?;
    }
    Ok((done, file))
}

/// `count` of `all` drawn at random (seeded), each at most once; all of them when
/// `count` is at least their number.
fn draw<T>(mut all: Vec<T>, count: usize, seed: u64) -> Vec<T> {
    use rand::{RngExt, SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(seed);
    let wanted = count.min(all.len());
    let mut sample = Vec::with_capacity(wanted);
    while sample.len() < wanted {
        let i = rng.random_range(0..all.len());
        sample.push(all.swap_remove(i));
    }
    sample
}

/// `book check`: `count` book positions drawn at random (seeded), each re-searched
/// `extra` plies deeper than the book's leaf depth with fresh searchers (see
/// [`reference`]); prints the mean absolute difference between the book's value and
/// the reference's, how often the reference's move is one of the book's best, and
/// how far below the reference's best it values the book's move (the misses' cost).
pub fn check(config: &CheckConfig) -> Result<(), UserError> {
    let loaded;
    let book = match &config.book {
        Some(path) => {
            loaded = load(path)?;
            &loaded
        }
        None => othello_tutor::engine::book::shipped()
            .map_err(|e| UserError(format!("the opening book: {e}")))?,
    };
    let sample = draw(book.positions().collect(), config.count, config.seed);
    let depth = book.depth() + config.extra;
    let searched = if config.single {
        format!("depth {depth}")
    } else {
        format!("depths {depth} and {} (their mean)", depth + 1)
    };
    let header = format!(
        "book-check {:016x} seed {} positions {} extra {} {} selective {:.2}",
        book_id(book),
        config.seed,
        sample.len(),
        config.extra,
        if config.single { "single" } else { "pair" },
        config.selective.map_or(0.0, Confidence::t)
    );
    let refs = match &config.references {
        Some(path) => Some(References::open(path)?),
        None => None,
    };
    let (done, work) = match &config.work {
        Some(path) => {
            let (done, file) = open_work(path, &header, sample.len())?;
            (done, Some((path, file)))
        }
        None => (Vec::new(), None),
    };
    eprintln!(
        "book check: {} positions, book depth {}, searched to {searched}",
        sample.len(),
        book.depth()
    );
    if let Some((path, _)) = &work
        && !done.is_empty()
    {
        eprintln!(
            "book check: {} of {} positions already checked in {}",
            done.len(),
            sample.len(),
            path.display()
        );
    }
    let measure = Measure {
        depth,
        selective: config.selective.map_or(0, |c| c.0),
        single: config.single,
    };
    let todo: Vec<usize> = (0..sample.len())
        .filter(|i| !done.iter().any(|d| d.0 == *i))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(done.iter().map(|d| d.1).collect::<Vec<Checked>>());
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let Some(&i) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    let board = &sample[i];
                    let moves = book.lookup(board);
                    let Some(best) = moves.first() else { continue };
                    let known = refs.as_ref().and_then(|r| r.get(board, measure));
                    let Some(found) = find(board, measure, best.square, known) else {
                        continue;
                    };
                    if let Some(Err(e)) = refs.as_ref().map(|r| r.keep(board, measure, &found))
                        && let Ok(mut failed) = failed.lock()
                    {
                        *failed = Some(e.0);
                        return;
                    }
                    let Some(r) = judge(&found, measure, best.square) else {
                        continue;
                    };
                    let agrees = moves
                        .iter()
                        .any(|m| r.best.contains(&m.square) && m.value == best.value);
                    let checked = Checked {
                        diff: (best.value - r.value).abs(),
                        signed: best.value - r.value,
                        agrees,
                        cost: r.value - r.book_move,
                        split: r.split,
                    };
                    let theirs = moves
                        .iter()
                        .find(|m| r.best.first() == Some(&m.square))
                        .map(|m| format!(" (book {:+.2} d{})", m.value as f64 / 100.0, m.depth))
                        .unwrap_or_default();
                    let text = format!(
                        "{}/{}: {} empties: book {} {:+.2} d{}, search {}{}",
                        i + 1,
                        sample.len(),
                        board.empty_count(),
                        best.square,
                        best.value as f64 / 100.0,
                        best.depth,
                        r.how,
                        if agrees {
                            String::new()
                        } else {
                            format!(", another move{theirs} in {}", miss_position(board))
                        }
                    );
                    eprintln!("book check: {text}");
                    if let Some((path, file)) = &work {
                        use std::io::Write;
                        let wrote = file
                            .lock()
                            .map_err(|_| std::io::Error::other("lock"))
                            .and_then(|mut f| f.write_all(checked.line(i, &text).as_bytes()));
                        if let Err(e) = wrote
                            && let Ok(mut failed) = failed.lock()
                        {
                            *failed = Some(format!("{}: cannot write: {e}", path.display()));
                            return;
                        }
                    }
                    if let Ok(mut v) = results.lock() {
                        v.push(checked);
                    }
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(UserError(e));
    }
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    if results.is_empty() {
        return Err(UserError("book check: no position was checked".into()));
    }
    let n = results.len() as f64;
    let mean = results.iter().map(|r| r.diff as f64).sum::<f64>() / n / 100.0;
    let signed = results.iter().map(|r| r.signed as f64).sum::<f64>() / n / 100.0;
    let agreeing = results.iter().filter(|r| r.agrees).count();
    let agree = agreeing as f64 / n * 100.0;
    let cost = results.iter().map(|r| r.cost as f64).sum::<f64>() / n / 100.0;
    let misses: Vec<i32> = results
        .iter()
        .filter(|r| !r.agrees)
        .map(|r| r.cost)
        .collect();
    let close = misses.iter().filter(|&&c| c <= 50).count();
    let worst = misses.iter().max().copied().unwrap_or(0) as f64 / 100.0;
    outln!(
        "book check: {} positions, {searched}: mean |difference| {mean:.2} discs (book minus search {signed:+.2}), best move agrees in {agree:.0}% ({agreeing} of {})",
        results.len(),
        results.len()
    );
    let mut detail = if misses.is_empty() {
        String::new()
    } else {
        format!(", {close} of them within 0.5 disc of it, the worst {worst:.2} discs below")
    };
    if !config.single {
        // Where the two deeper searches disagree with each other, the reference
        // itself is unsettled: say how often, and how many misses lie there.
        let split = results.iter().filter(|r| r.split).count();
        let split_misses = results.iter().filter(|r| r.split && !r.agrees).count();
        detail.push_str(&format!(
            "; the two deeper searches chose different moves in {split} positions ({split_misses} of the misses)"
        ));
    }
    outln!(
        "book check: by the search, the book's move is {cost:.2} discs below the best on average; {} misses{detail}",
        misses.len()
    );
    Ok(())
}

/// The book in the file at `path`, or a one-line error naming the file.
fn load(path: &std::path::Path) -> Result<Book, UserError> {
    let bytes = std::fs::read(path)
        .map_err(|e| UserError(format!("{}: cannot read: {e}", path.display())))?;
    Book::decode(&bytes).map_err(|e| UserError(format!("{}: not a book: {e}", path.display())))
}

/// A missed book position as an OBF line, to look at again (`analyze`): as the book
/// stores it (one of its symmetric forms), Black to move at an even number of empties,
/// as in every game without a pass, which the named lines never have.
fn miss_position(board: &Board) -> String {
    let to_move = if board.empty_count().is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    to_obf(&Position {
        board: *board,
        to_move,
    })
}

#[cfg(test)]
mod tests {
    use super::{draw, miss_position};
    use othello_tutor::engine::notation::to_obf;
    use othello_tutor::engine::{Position, Square};

    #[test]
    fn a_missed_position_is_written_with_the_side_to_move_of_its_ply() {
        let start = Position::start();
        assert_eq!(miss_position(&start.board), to_obf(&start));
        assert!(miss_position(&start.board).contains(" X"));
        let after = start.play_unchecked(Square::parse("f5").unwrap());
        assert_eq!(miss_position(&after.board), to_obf(&after));
        assert!(miss_position(&after.board).contains(" O"));
        let third = after.play_unchecked(Square::parse("d6").unwrap());
        assert_eq!(miss_position(&third.board), to_obf(&third));
    }

    #[test]
    fn a_draw_takes_each_item_at_most_once_and_all_when_asked_for_more() {
        let all: Vec<u32> = (0..179).collect();
        for (count, want) in [(50, 50), (179, 179), (500, 179), (0, 0)] {
            let mut got = draw(all.clone(), count, 3);
            assert_eq!(got.len(), want);
            got.sort_unstable();
            got.dedup();
            assert_eq!(got.len(), want, "an item drawn twice");
        }
        assert_eq!(draw(all.clone(), 50, 1), draw(all, 50, 1), "a seed repeats");
    }
}
