//! `othello-lab book check`: book positions drawn at random, re-searched deeper than
//! the book, and how far the book's values and moves are from the deeper searches'.
//!
//! # How it measures, and the figures
//!
//! `othello-lab book check` draws book positions at random (default 50, seed 1;
//! `--positions` at least the book's 179 checks every one), re-searches each deeper than
//! the book with fresh searchers, and prints the mean absolute difference between the
//! book's value and the search's (and the signed mean) and how often the search's move
//! is one of the book's best. By default the reference is measured the way the book
//! values its leaves: a move's value is the mean of its values searched 2 and 3 plies
//! deeper than the book's depth (24 and 25 for the shipped book); the candidates are the
//! moves the two searches choose and the book's move, and the best mean wins (moves it
//! values the same all count as its best). As in the build, one search to the deeper
//! depth gives both (its iteration at the shallower one is that search; checking the
//! depth-6 book of all 179 positions, the earlier separate searches and these print the
//! same lines, in 2.2 s and 1.5 s). `--single` searches at the one depth only;
//! that single search carries the even/odd swing (against the depth-20 book, on seed 3,
//! it read 1.0 disc above the book on average, and its mean |difference| of 1.06 discs
//! fell to 0.37 once that bias was taken out). A second line prices the misses: by the
//! reference's own measure, how far below its best the book's move is on average over
//! all the positions checked, how many misses there are, how many of them lie within 0.5
//! disc of the best, and the worst one; without `--single` it ends with the number of
//! positions where the two deeper searches chose different moves (where the reference
//! itself is unsettled) and how many of the misses lie among them. Each position's line goes to stderr; a miss's
//! line ends with the position as an OBF line (in the book's orientation), to look at
//! again with `analyze`. `--book FILE` checks a book file as `book build` writes it
//! instead of the shipped one (a missing or damaged file gets a one-line error).
//! `--work FILE` keeps each checked position in FILE as it is found (its numbers, then
//! its line); a check started again with the same file goes on where it stopped and
//! prints the figures of all the positions, and a file made for another book, draw or
//! depth is refused with a one-line error (a check of all 179 positions of the shipped
//! book takes longer than two hours on this machine). `--references FILE` keeps what the
//! deeper searches found in each position (the moves the two searches chose and every
//! move valued, one line per position and measure, `src/cli/lab/book_reference.rs`); a later
//! check, of the same book or of another one built on the same positions, takes what the
//! file holds and searches only the book moves it has not valued yet, so it prints the
//! figures a check searching everything would (a test compares the two). A line that
//! does not read is refused with its file and line number.
//!
//! Figures (`book check --selective 2 [--seed S] [--positions N]`; the issue asks for at
//! most 1.5 discs and at least 90% on 50 positions). All of them come from one set of
//! references made with the current engine (`--references`; the full 179-position check,
//! about 3 hours of both cores, then a few searches for the moves the deepened and the
//! rebuilt books added), so every row judges the books by the same deeper searches:
//!
//! | draw | book | mean \|difference\| | book minus search | move agrees | misses within 0.5 disc |
//! |---|---|---|---|---|---|
//! | seed 1 (50 positions) | shipped (rebuilt) | 0.24 discs | +0.00 | 92% (46 of 50) | 3 of 4 (worst 1.03) |
//! | seed 2 (50) | shipped | 0.27 | −0.05 | 92% (46) | 3 of 4 (worst 0.58) |
//! | seed 3 (50) | shipped | 0.27 | −0.02 | 90% (45) | 3 of 5 (worst 1.72) |
//! | seed 1, 90 positions | shipped | 0.25 | −0.00 | 94% (85 of 90) | 4 of 5 (worst 1.03) |
//! | all 179 positions | shipped | 0.22 | −0.00 | 93% (167 of 179) | 8 of 12 (worst 1.72) |
//! | seed 1 (50 positions) | previous (deepened) | 0.26 discs | −0.06 | 90% (45 of 50) | 2 of 5 (worst 1.03) |
//! | seed 2 (50) | previous | 0.28 | +0.02 | 92% (46) | 4 of 4 (worst 0.28) |
//! | seed 3 (50) | previous | 0.35 | +0.02 | 86% (43) | 3 of 7 (worst 1.72) |
//! | seed 1, 90 positions | previous | 0.30 | −0.01 | 90% (81 of 90) | 6 of 9 (worst 1.03) |
//! | all 179 positions | previous | 0.27 | +0.01 | 88% (158 of 179) | 14 of 21 (worst 1.72) |
//! | seed 1 (50) | previous before deepening | 0.27 | −0.03 | 92% (46) | 1 of 4 (worst 1.03) |
//! | seed 2 (50) | previous before deepening | 0.23 | +0.01 | 90% (45) | 4 of 5 (worst 0.58) |
//! | seed 3 (50) | previous before deepening | 0.36 | −0.02 | 80% (40) | 5 of 10 (worst 1.72) |
//! | all 179 positions | previous before deepening | 0.27 | −0.01 | 88% (157 of 179) | 13 of 22 (worst 1.72) |
//!
//! By the reference's own values the shipped book's move is 0.03 discs below its best on
//! average over the 179 positions (the previous book's 0.05, 0.06 before deepening); the
//! two deeper searches chose different moves in 27 positions, 5 of the shipped book's
//! 12 misses. Earlier figures for the book
//! before deepening (0.22, 0.20 and 0.30 discs; 92%, 88% and 86% on seeds 1 to 3) were
//! measured before that Multi-ProbCut change and do not compare with these. The depth-20
//! book before it, against its own check (depths 22 and 23, the earlier engine), scored
//! 0.25, 0.25 and 0.29 discs and 92%, 92% and 86% (seeds 1 to 3), 0.30 and 88% on 90
//! positions.
//!
//! How far can a book agree with a search two plies deeper? The check draws the same
//! positions for a seed whatever the book's depth, so the depth-20 book's check
//! (reference: depths 22 and 23) and the depth-22 book's (24 and 25) value the same 50
//! positions with two references two plies apart. Their best moves agree in 45 of 50
//! positions on seed 1 (90%), 47 of 50 on seed 2 (94%) and 43 of 50 on seed 3 (86%): the
//! search itself changes its mind on one position in ten when it looks two plies
//! further, and a book built from that search inherits those changes. Judged by the same deeper reference (24 and 25) on
//! the same positions, the depth-22 book's move (the one the check prints) is among the
//! best in 44, 44 and 41 of 50 (seeds 1 to 3), the depth-20 book's in 40, 44 and 37: the
//! deeper book is the better one, but the 90% agreement asked for sits at the search's
//! own consistency. For the first depth-22 book (its leaves searched before the
//! Multi-ProbCut change above) it held on seed 1 (50 and 90 positions), not on seeds 2
//! and 3, nor on the whole book: checked on every one of its 179 positions (`book check --positions
//! 179 --selective 2 --work FILE`, about 3 hours of both cores over two sessions) it agrees in
//! 88% (157 of 179); by the reference's values its move is 0.06 discs below the best on
//! average, 13 of the 22 misses lie within 0.5 disc, and the two deeper searches chose
//! different moves in 27 positions (10 of the misses); where they chose the same move the
//! book agreed in 140 of 152 (92%). Where the book's value comes from leaves several book
//! plies further on (depth 26 to 36, deeper than the reference) it agreed in 62 of 68 (91%);
//! where it comes straight from its leaves (depth 24 or 25), in 95 of 111 (86%). Several misses recur across seeds (the
//! draws overlap); three of them are moves of the F.A.T. Draw (f5 d6 c3 d3 c4 f4 f6 f3 e6
//! e7 d7 g6 f8 f7 g5 h6 h4 g4 h3 h5 h7) at its 7th, 13th and 15th moves, which the book
//! values −0.01 (negamaxed from leaves 4 to 12 book plies further on: d28 to d36) and
//! the direct search 0.3 to 2.2 discs lower. The line's name marks it as a
//! drawn line, which is the book's verdict, so there the deeper search is likely the one
//! in error.
//!
//! Rebuilding every leaf with the engine the reference uses (the shipped book) is what
//! lifted the agreement: 93% of all 179 positions (167), 90% to 92% on seeds 1 to 3,
//! with a mean |difference| of 0.22 discs over the 179. Eight of its 12 misses lie
//! within 0.5 disc of the reference's best and 5 of them where the two deeper searches
//! chose different moves; the F.A.T. Draw's moves are still among them. A partial mix
//! (current-engine values for the first 349 leaves, the old values for the rest) had
//! already read 91% (162).
//!
//! Deepening the close calls (`--deepen 0.5`, the previous book) changed the book's move
//! in 10 of the 179 positions and its value in 50. Four misses became agreements and
//! three agreements became misses: 158 of 179 (88%). Against each deeper search alone
//! the book's move is that search's own choice in 150 (depth 24) and 155 (depth 25) of
//! 179 positions, against 148 and 151 before. Leaves valued 25 and 26 plies from the book
//! position, deeper than the reference's 24 and 25, disagree with it about as often as
//! leaves valued 23 and 24 plies from it: the choices the check counts as misses are
//! between moves the search itself cannot separate at these depths. Nor does the
//! reference favour its own choices: a root search's value of the move it chose equalled a
//! fresh search of that move to the same depth in 7 of 8 positions tried (the eighth 0.24
//! disc apart), so valuing every candidate the same way would change no verdict there.
//!
//! Neither the book's depth, nor Multi-ProbCut, nor a retrained evaluation moved that
//! consistency (for the first depth-22 book's engine). Books built by the same code at lower depths, each checked on every one
//! of the 179 positions two plies deeper (`book build --depth D --selective 2 --dir DIR
//! --out DIR/book.bin`, then `book check --book DIR/book.bin --positions 179 --selective
//! 2`): depth 8, 90% (161 of 179, mean |difference| 0.37 discs); depth 10, 91% (162,
//! 0.37); depth 12, 91% (162, 0.28). Full width in the book and the check (no
//! `--selective`), depth 8: 91% (163, 0.38). The misses gather where the deeper search
//! is itself unsettled: its two depths chose different moves in 32, 33 and 28 of the 179
//! positions (depths 8, 10, 12), and 12 of 18, 11 of 17 and 10 of 17 misses lie there;
//! where the two depths chose the same move, the book agreed in 95% to 96%. With the
//! weights of a fresh run of run B's configuration for every phase (`train --games 30000 --seed 3 --play-eval patterns
//! --play-depth 6 --play-noise 8 --exact 16 --label-depth 6`, 40 minutes; copied into
//! `src/engine/pattern/weights.bin` and rebuilt), the full-width depth-8 book agreed in
//! 87% (155 of 179): no better. That run also showed why an even label depth is a
//! hazard: a label searched an even number of plies ends on leaves with the same side to
//! move, so each phase inherits the side-to-move bias of the phase its leaves fall into
//! and adds its own; over the phases above the exact labels its even/odd swing grew to
//! −8.1 discs (the shipped weights: +2.2; `othello-lab consistency WEIGHTS`, under The engine). On
//! that measure's 300 positions its best move at depths 6 and 7 stayed the best at 8
//! and 9 in 82.7% of them, the shipped weights' in 80.7%. A swing that is the same for
//! every position changes no move choice at one depth (a constant taken off the parity
//! terms cancelled it and left every choice as it was), but it misleads wherever depths
//! are mixed.
//!
//! Earlier books: with `--single` the depth-20 book scored 1.02 discs and 90%, 1.06 and
//! 90%, 1.06 and 80% (seeds 1 to 3); the one-depth depth-20 book before it 1.35 discs
//! and 82% (seed 1, single search), its even-parity rebuild 1.16, 1.10 and 1.11 discs
//! and 90%, 82% and 82%; the depth-18 book (earlier weights) 1.35 discs and 84% against
//! depth 20, the depth-10 placeholder 1.88 discs and 78% against depth 12.
//!

use super::book_reference::{Measure, References, find, judge};
use super::{UserError, outln};
use othello_tutor::engine::book::Book;
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::engine::notation::to_obf;
use othello_tutor::engine::{Board, Color, Position};

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

/// A work file opened for appending (written on the calling thread only).
type WorkFile = std::fs::File;

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
    let mut file = super::book::open_results(path)?;
    if text.is_empty() {
        use std::io::Write;
        writeln!(file, "{header}")
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
    // The positions are searched on the threads; what they found is kept, judged,
    // printed and written on this thread as it comes.
    let mut results: Vec<Checked> = done.iter().map(|d| d.1).collect();
    let progress = super::jobs::Progress::new("book check", todo.len());
    othello_tutor::engine::pool::try_map_streamed(
        config.threads,
        &todo,
        |_, &i| {
            let board = &sample[i];
            let best = book.lookup(board).first().map(|m| m.square);
            let known = refs.as_ref().and_then(|r| r.get(board, measure));
            let found = best.and_then(|best| find(board, measure, best, known));
            Ok::<_, super::jobs::JobError>(found)
        },
        |k, found| {
            progress.done("");
            let i = todo[k];
            let board = &sample[i];
            let moves = book.lookup(board);
            let (Some(best), Some(found)) = (moves.first(), found) else {
                return Ok(());
            };
            if let Some(refs) = &refs {
                refs.keep(board, measure, found)?;
            }
            let Some(r) = judge(found, measure, best.square) else {
                return Ok(());
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
            progress.println(&format!("book check: {text}"));
            if let Some((path, file)) = &work {
                use std::io::Write;
                (&*file)
                    .write_all(checked.line(i, &text).as_bytes())
                    .map_err(|e| UserError(format!("{}: cannot write: {e}", path.display())))?;
            }
            results.push(checked);
            Ok(())
        },
    )
    .map_err(|e| {
        e.within("book check", |k| {
            format!("position {} of {}", todo[k] + 1, sample.len())
        })
    })?;
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
