//! The reference of `book check`: what searches deeper than the book find in one
//! book position, and a file that keeps those findings (`--references FILE`) so that
//! a check of another book of the same positions (a rebuilt or deepened one) searches
//! only the moves not valued yet.

use super::UserError;
use othello_tutor::engine::book_build::{fresh_search as search, fresh_search_at, leaf_value};
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::engine::{Board, Square};
use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// How the reference is measured: the depth, Multi-ProbCut, and one depth or the
/// mean of it and one ply deeper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Measure {
    /// The (lower) search depth.
    pub depth: u32,
    /// Multi-ProbCut confidence in hundredths (0: full width).
    pub selective: u16,
    /// One depth only.
    pub single: bool,
}

impl Measure {
    fn confidence(&self) -> Option<Confidence> {
        (self.selective > 0).then_some(Confidence(self.selective))
    }
}

/// What the deeper searches found in one position: the move each chose (the same
/// twice with `single`) and every move valued so far by the measure (hundredths of
/// a disc for the side to move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The move the search at the depth chose.
    pub chose: Square,
    /// The move the search one ply deeper chose (`chose` again with `single`).
    pub deeper_chose: Square,
    /// Moves and their values.
    pub values: Vec<(Square, i32)>,
}

impl Found {
    fn value(&self, mv: Square) -> Option<i32> {
        self.values.iter().find(|v| v.0 == mv).map(|v| v.1)
    }
}

/// The deeper searches' verdict on one position: the best value, the moves that
/// reach it (more than one on a tie), and how it was found.
pub struct Reference {
    /// The best moves.
    pub best: Vec<Square>,
    /// Their value.
    pub value: i32,
    /// The book's move's value by the same measure.
    pub book_move: i32,
    /// Whether the two deeper searches chose different moves (never with `single`).
    pub split: bool,
    /// The verdict in words.
    pub how: String,
}

/// The value of `mv` searched to `depth` (its position searched one ply less).
fn move_value(board: &Board, mv: Square, depth: u32, selective: Option<Confidence>) -> Option<i32> {
    Some(
        -search(
            &board.play_unchecked(mv),
            depth.saturating_sub(1),
            selective,
        )?
        .1,
    )
}

/// Finds what the reference needs in `board` for the book's move `book_move`,
/// starting from what is `known`: the searches at the depth (and one deeper), their
/// moves' values (each the root search's own), and the book's move's value, searched
/// only when it is not known yet. `None` when a search fails.
pub fn find(board: &Board, m: Measure, book_move: Square, known: Option<Found>) -> Option<Found> {
    let sel = m.confidence();
    let measure = |mv: Square| -> Option<i32> {
        if m.single {
            return move_value(board, mv, m.depth, sel);
        }
        // One search of the position after the move gives both depths.
        let child = board.play_unchecked(mv);
        let depths = [m.depth.saturating_sub(1), m.depth];
        let both = fresh_search_at(&child, &depths, sel)?;
        Some(leaf_value(-both[0].1, -both[1].1))
    };
    let mut found = match known {
        Some(f) => f,
        None => {
            let both = if m.single {
                vec![search(board, m.depth, sel)?]
            } else {
                fresh_search_at(board, &[m.depth, m.depth + 1], sel)?
            };
            let (a, at_depth) = both[0];
            let a = a?;
            if m.single {
                Found {
                    chose: a,
                    deeper_chose: a,
                    values: vec![(a, at_depth)],
                }
            } else {
                let (b, deeper) = both[1];
                let b = b?;
                let mut values = Vec::new();
                // Each chosen move's values at the two depths, the root searches' own.
                for mv in [a, b] {
                    if values.iter().any(|v: &(Square, i32)| v.0 == mv) {
                        continue;
                    }
                    let shallow = if mv == a {
                        at_depth
                    } else {
                        move_value(board, mv, m.depth, sel)?
                    };
                    let deep = if mv == b {
                        deeper
                    } else {
                        move_value(board, mv, m.depth + 1, sel)?
                    };
                    values.push((mv, leaf_value(shallow, deep)));
                }
                Found {
                    chose: a,
                    deeper_chose: b,
                    values,
                }
            }
        }
    };
    if found.value(book_move).is_none() {
        let v = measure(book_move)?;
        found.values.push((book_move, v));
    }
    Some(found)
}

/// The verdict from what was found: with `single`, the search's move (and the book's
/// move when valued the same); otherwise the best of the moves the two searches chose
/// and the book's move, each by the mean of its two depths.
pub fn judge(found: &Found, m: Measure, book_move: Square) -> Option<Reference> {
    let hundredths = |v: i32| format!("{:+.2}", v as f64 / 100.0);
    let theirs = found.value(book_move)?;
    if m.single {
        let value = found.value(found.chose)?;
        let mut best = vec![found.chose];
        if book_move != found.chose && theirs == value {
            best.push(book_move);
        }
        return Some(Reference {
            best,
            value,
            book_move: theirs,
            split: false,
            how: format!("d{} {} {}", m.depth, found.chose, hundredths(value)),
        });
    }
    let mut means: Vec<(Square, i32)> = Vec::new();
    for mv in [found.chose, found.deeper_chose, book_move] {
        if !means.iter().any(|c| c.0 == mv) {
            means.push((mv, found.value(mv)?));
        }
    }
    let value = means.iter().map(|c| c.1).max()?;
    let best: Vec<Square> = means.iter().filter(|c| c.1 == value).map(|c| c.0).collect();
    let listed: Vec<String> = means
        .iter()
        .map(|(mv, v)| format!("{mv} {}", hundredths(*v)))
        .collect();
    Some(Reference {
        how: format!(
            "d{}/d{} {} {} (d{} chose {}, d{} {}; means {})",
            m.depth,
            m.depth + 1,
            best.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("="),
            hundredths(value),
            m.depth,
            found.chose,
            m.depth + 1,
            found.deeper_chose,
            listed.join(", ")
        ),
        best,
        value,
        book_move: theirs,
        split: found.chose != found.deeper_chose,
    })
}

/// The findings kept in a references file, one line each:
/// "PLAYER OPPONENT DEPTH SELECTIVE pair|single CHOSE DEEPER_CHOSE MOVE:VALUE ...";
/// a later line for the same position and measure adds to an earlier one.
pub struct References {
    path: PathBuf,
    known: HashMap<(u64, u64, Measure), Found>,
    file: std::fs::File,
}

impl References {
    /// Reads the file (a missing one is an empty start) and opens it for appending;
    /// a line that does not read is an error naming it, except a last line cut short.
    pub fn open(path: &Path) -> Result<References, UserError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(UserError(format!("{}: cannot read: {e}", path.display()))),
        };
        let mut known: HashMap<(u64, u64, Measure), Found> = HashMap::new();
        let lines: Vec<&str> = text.lines().collect();
        let cut_short = !text.is_empty() && !text.ends_with('\n');
        for (i, line) in lines.iter().enumerate() {
            match parse(line) {
                Some((k, found)) => match known.get_mut(&k) {
                    Some(f) if f.chose == found.chose && f.deeper_chose == found.deeper_chose => {
                        for (mv, v) in found.values {
                            if f.value(mv).is_none() {
                                f.values.push((mv, v));
                            }
                        }
                    }
                    Some(_) => {
                        return Err(UserError(format!(
                            "{}:{}: the searches' moves differ from an earlier line's",
                            path.display(),
                            i + 1
                        )));
                    }
                    None => {
                        known.insert(k, found);
                    }
                },
                None if cut_short && i + 1 == lines.len() => {}
                None => {
                    return Err(UserError(format!(
                        "{}:{}: not a line of a references file",
                        path.display(),
                        i + 1
                    )));
                }
            }
        }
        let file = super::book::open_results(path)?;
        Ok(References {
            path: path.to_path_buf(),
            known,
            file,
        })
    }

    /// What the file holds for `board` under `m`.
    pub fn get(&self, board: &Board, m: Measure) -> Option<Found> {
        self.known.get(&(board.player, board.opponent, m)).cloned()
    }

    /// Appends `found` (when it adds to what the file held) to the file.
    pub fn keep(&self, board: &Board, m: Measure, found: &Found) -> Result<(), UserError> {
        if self.get(board, m).as_ref() == Some(found) {
            return Ok(());
        }
        let values: Vec<String> = found
            .values
            .iter()
            .map(|(mv, v)| format!("{mv}:{v}"))
            .collect();
        let line = format!(
            "{:016x} {:016x} {} {} {} {} {} {}\n",
            board.player,
            board.opponent,
            m.depth,
            m.selective,
            if m.single { "single" } else { "pair" },
            found.chose,
            found.deeper_chose,
            values.join(" ")
        );
        (&self.file)
            .write_all(line.as_bytes())
            .and_then(|()| (&self.file).flush())
            .map_err(|e| UserError(format!("{}: cannot write: {e}", self.path.display())))
    }
}

/// One line of a references file.
fn parse(line: &str) -> Option<((u64, u64, Measure), Found)> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() < 8 {
        return None;
    }
    let single = match f[4] {
        "pair" => false,
        "single" => true,
        _ => return None,
    };
    let m = Measure {
        depth: f[2].parse().ok()?,
        selective: f[3].parse().ok()?,
        single,
    };
    let mut values = Vec::new();
    for item in &f[7..] {
        let (mv, v) = item.split_once(':')?;
        values.push((mv.parse().ok()?, v.parse().ok()?));
    }
    Some((
        (
            u64::from_str_radix(f[0], 16).ok()?,
            u64::from_str_radix(f[1], 16).ok()?,
            m,
        ),
        Found {
            chose: f[5].parse().ok()?,
            deeper_chose: f[6].parse().ok()?,
            values,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::{Found, Measure, judge, parse};
    use othello_tutor::engine::Square;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_verdict_takes_the_best_of_the_chosen_moves_and_the_books() {
        let m = Measure {
            depth: 4,
            selective: 0,
            single: false,
        };
        let found = Found {
            chose: sq("c4"),
            deeper_chose: sq("d3"),
            values: vec![
                (sq("c4"), 50),
                (sq("d3"), 70),
                (sq("e6"), 90),
                (sq("f5"), 20),
            ],
        };
        // e6 was valued for another book: it is no candidate for the book playing f5.
        let r = judge(&found, m, sq("f5")).unwrap();
        assert_eq!(
            (r.best, r.value, r.book_move, r.split),
            (vec![sq("d3")], 70, 20, true)
        );
        let r = judge(&found, m, sq("e6")).unwrap();
        assert_eq!((r.best, r.value), (vec![sq("e6")], 90));
        // A book's move not valued yet has no verdict (it must be searched first).
        assert!(judge(&found, m, sq("c3")).is_none());
    }

    #[test]
    fn a_references_line_reads_back_and_a_bad_one_does_not() {
        let line = "0000000810000000 0000001008000000 24 200 pair b3 b3 b3:57 c4:-12";
        let ((p, o, m), found) = parse(line).unwrap();
        assert_eq!((p, o), (0x0000_0008_1000_0000, 0x0000_0010_0800_0000));
        assert_eq!((m.depth, m.selective, m.single), (24, 200, false));
        assert_eq!(found.values, vec![(sq("b3"), 57), (sq("c4"), -12)]);
        for bad in [
            "0000000810000000 0000001008000000 24 200 pair b3 b3",
            "0000000810000000 0000001008000000 24 200 both b3 b3 b3:57",
            "0000000810000000 0000001008000000 24 200 pair b3 b3 b3=57",
            "0000000810000000 0000001008000000 24 200 pair z9 b3 b3:57",
        ] {
            assert!(parse(bad).is_none(), "{bad}");
        }
    }
}
