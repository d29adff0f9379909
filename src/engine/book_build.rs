//! Building the opening book: its tree, the leaves' values, the negamax that turns
//! them into the book, and the contested positions whose leaves deserve a deeper look.
//! `othello-lab book build` runs it over its working folder; this module does no I/O.
//!
//! # The recipe
//!
//! The book's positions ([`Tree::interior`]) are every position along every named
//! opening line; its leaves ([`Tree::leaves`]) are every position one legal move off
//! them that is not itself along a line. All are kept in canonical orientation
//! ([`symmetry::canonical`]), so a transposition or a mirror image is one position.
//!
//! Each leaf is valued by two searches with the shipped evaluation, of depth D and
//! D + 1, and their mean ([`leaf_value`]): our evaluation reads a little better for
//! the side to move after an even number of plies than after an odd one, and one
//! depth for every leaf would carry that swing into every value. Each search is a
//! fresh searcher's with fixed tables ([`fresh_search`]), so a value repeats whatever
//! ran before it, and a build stopped half-way picks up where it was with the same
//! values. The values are then negamaxed from the leaves ([`negamax`]): a book move's
//! value is its best continuation's.
//!
//! With a margin (`--deepen`), the leaves of every position whose two best moves lie
//! within the margin ([`contested_leaves`]) are searched two plies deeper, round after
//! round, until no new position is contested.
//!
//! ```
//! use othello_tutor::engine::book_build::{Tree, negamax};
//! use othello_tutor::engine::{Board, Square};
//! use std::collections::HashMap;
//! // A one-line "book": the start position and 1.f5.
//! let f5 = Board::start().play(Square::parse("f5").unwrap()).unwrap();
//! let tree = Tree::from_positions([Board::start(), f5]);
//! assert_eq!(tree.interior.len(), 2);
//! // Every leaf worth +1.00 for its side to move: every book move reads -1.00.
//! let leaves: HashMap<_, _> = tree.leaves.iter().map(|b| (key(b), (100, 4))).collect();
//! # fn key(b: &Board) -> (u64, u64) { (b.player, b.opponent) }
//! let book = negamax(&tree, &leaves, 4);
//! assert!(book.lookup(&f5).iter().all(|m| m.value == -100));
//! ```
//!
//! # The book file and the shipped book
//!
//! The opening book (`src/engine/book.rs`, the shipped file `src/engine/book.bin`,
//! decoded on first use) holds every position along the named lines (179 up to
//! symmetry) with the value of each of their legal moves, for the side to move, and
//! the depth behind it. `othello-lab book build --depth D` values the 1347 leaves
//! (every move one ply off those positions that does not stay on them) at two
//! depths, D and D + 1, with the shipped pattern evaluation and a fresh searcher per
//! leaf so a value repeats, spread over `--threads` threads. One search to D + 1 gives
//! both: a fresh searcher's iteration at depth D is exactly a fresh search to depth D
//! (tested on positions with and without Multi-ProbCut and with a pass; two leaves of
//! the depth-22 rebuild gave the same four values both ways), which saves the depth-D
//! search, about a third of a leaf's time. Each value is
//! appended to `WORKDIR/leaves-dD.txt` (or `leaves-dD+1.txt`) as it is found, so a
//! stopped build resumes where it was
//! (default work folder: the data directory's `book/`). Then the values are negamaxed
//! back: a book move's value is its best continuation's, and its depth is the leaf
//! search's depth plus the book moves to that leaf. The file is versioned, every entry
//! checked, and an FNV-1a checksum ends it: a damaged file is refused with the reason.
//!
//! A leaf's value is the mean of its two searches (rounded down), and a move to a leaf
//! counts D + 2 plies. Our evaluation reads about 2.5 discs better for the side to move
//! after an even number of plies than after an odd one (`analyze --depth D` at the ends
//! of the 79 named lines, the best move's value summed over them: +180 and +171 discs
//! at depths 10 and 12, −24 and −25 at depths 11 and 13, a mean swing of 2.6 discs). With one depth for every leaf, a move to a
//! leaf (D + 1 plies from the position) was compared with a move along a line (D + 2
//! plies) across that swing, and the book preferred the line's moves: the depth-20
//! book built that way agreed with the deeper search in 82% of the check's positions,
//! most of its misses being such a pair. Searching every leaf to the depth (D or D + 1)
//! that ends at an even number of empties made the comparisons fair but put the swing
//! into every value (the start position read 2 discs up for Black, where the game is a
//! draw) and still agreed in only 82% to 90% (seeds 1 to 3); the mean of an even and an
//! odd depth cancels the swing.
//!
//! **The shipped book is built at depth 22** (each leaf searched at 22 and 23 plies)
//! with Multi-ProbCut in the leaf searches and the shipped pattern weights
//! (`othello-lab book build --depth 22 --selective 2`; its header's depth field says
//! 22; 179 positions, 1347 leaves, 9187 bytes), every leaf searched with the current
//! engine, no close call deepened. It was rebuilt over three sessions on a machine
//! loaded by test builds: 910 leaves with two separate searches each (about 30 s of one
//! thread a leaf), then 437 leaves with one search giving both depths (a mean 35.6 s of
//! one thread a leaf; 2 h 14 min of both cores; the deepest leaves, 42 empties, took up
//! to 17 minutes each). The first depth-22 book (below, "previous") took 3 hours 20
//! minutes of both cores for its 2694 searches, a mean 8 s to 16.5 s a search. The depth-20 book
//! before it took 77 minutes of both cores (a mean 3.4 s a search), and the depth-18
//! book before that, made with earlier weights, about 25 minutes of one idle core.
//! Full-width leaf searches cost far more (one thread, a loaded machine, seconds):
//!
//! | leaf | depth 12 | depth 14 | depth 16 | depth 18 |
//! |---|---|---|---|---|
//! | first leaf (52 empties) | 0.94 | 22.1 | 76.6 | 421 |
//! | third leaf (57 empties) | 0.22 | 3.1 | 51.1 | 132 |
//! | sixth leaf (54 empties) | 0.78 | 11.8 | 154.7 | — |
//! | mean (leaves measured) | 2.2 (27) | 17.6 (8) | 94 (3) | 277 (2) |
//!
//! At those rates a full-width build takes about 3 hours at depth 14, 18 hours at
//! depth 16 and 50 hours at depth 18 on both cores of this machine.
//!
//! **Close calls are searched deeper** (`book build --deepen M`): once the leaves are
//! valued, every book position whose two best moves lie within M discs of each other is
//! contested, and each of its moves within M of the best that leads to a leaf has that
//! leaf searched again at depths D + 2 and D + 3 (their mean; the move then counts D + 4
//! plies, its own depth field says so, while the header keeps D). The book is negamaxed
//! again and the new values may make other positions contested, so the rounds go on until
//! none adds a leaf; the results go to `leaves-dD+2.txt` and `leaves-dD+3.txt` and a
//! stopped build resumes like the first pass. The previous book was the first depth-22
//! book deepened with `--deepen 0.5` (`book build --depth 22 --selective 2 --deepen 0.5`):
//! 56 leaves in two rounds (54 of 35 contested positions, then 2), searched at depths 24
//! and 25 in 53 min 49 s of both cores (a mean 55 s a search). Its depth-22 and depth-23
//! values were those of the book before, whose results files were lost with a machine
//! reset: they were read back from that book's leaf moves (each leaf's mean written as
//! both values), and a build from them alone gave the old file byte for byte. The leaves
//! at depths 22 and 23 were searched before Multi-ProbCut's shallow search took the deep
//! one's parity (under The engine, commit 45b48de); the
//! deepened ones, and the check's references below, after it. The shipped book is the
//! rebuild of every leaf with the current engine, without deepening; its deepening (63
//! leaves in the first round) is under way in a work folder and resumes where it stops.
//!

use crate::engine::book::{Book, BookMove};
use crate::engine::mpc::Confidence;
use crate::engine::search::{Limits, Searcher};
use crate::engine::{Board, Square, symmetry};
use std::collections::{BTreeMap, HashMap};

/// Midgame and solver table sizes of each leaf's searcher (fixed, so values repeat).
pub const LEAF_TABLE_MB: (usize, usize) = (16, 4);

/// A position's key: its (player, opponent) bits.
pub type Key = (u64, u64);

/// The key of `b`.
pub fn key(b: &Board) -> Key {
    (b.player, b.opponent)
}

fn canon(b: &Board) -> Board {
    symmetry::canonical(b).0
}

/// The book's positions (canonical, with their legal moves) and its leaves.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// Every position along a named line that has a move, canonical.
    pub interior: BTreeMap<Key, Board>,
    /// Every position one move off them that is not itself along a line, canonical,
    /// in increasing order of key.
    pub leaves: Vec<Board>,
}

impl Tree {
    /// The tree of the positions along the named lines (any orientation; a finished
    /// game or a position whose side must pass is left out).
    pub fn from_positions(positions: impl IntoIterator<Item = Board>) -> Tree {
        let mut interior = BTreeMap::new();
        for b in positions {
            if !b.is_game_over() && b.legal_moves_bits() != 0 {
                let c = canon(&b);
                interior.insert(key(&c), c);
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
        Tree {
            interior,
            leaves: leaves.into_values().collect(),
        }
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
///
/// ```
/// use othello_tutor::engine::book_build::leaf_value;
/// assert_eq!(leaf_value(300, 100), 200);
/// assert_eq!(leaf_value(-3, 0), -2); // rounded down
/// ```
pub fn leaf_value(at_depth: i32, one_deeper: i32) -> i32 {
    (at_depth + one_deeper).div_euclid(2)
}

/// A fresh searcher's search of `board` to `depth` (exact when the game ends within
/// it): the best move and the value in hundredths of a disc for the side to move. A
/// fresh searcher with fixed tables, so a value repeats whatever ran before it.
/// `None` when the search stops (it is never asked to).
pub fn fresh_search(
    board: &Board,
    depth: u32,
    selective: Option<Confidence>,
) -> Option<(Option<Square>, i32)> {
    let mut searcher = Searcher::new(LEAF_TABLE_MB.0, LEAF_TABLE_MB.1);
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
) -> Option<Vec<(Option<Square>, i32)>> {
    let deepest = depths.iter().copied().max()?;
    let mut searcher = Searcher::new(LEAF_TABLE_MB.0, LEAF_TABLE_MB.1);
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

/// The leaves to search deeper: in every position whose two best moves lie within
/// `margin` (hundredths of a disc) of each other, each move within `margin` of the
/// best that leads to a leaf (canonical, in increasing order of key).
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

/// The book from the leaves' values (by key: the value for the leaf's side to move
/// and the lower depth of its two searches): every interior position with every
/// move's value, the value of a move to an interior position being that position's
/// best. A move to a leaf counts the leaf's depth + 2 plies, a move to an interior
/// position one more than its best move's. A move to a leaf without a value is left
/// out.
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

/// One line of a results file: "PLAYER OPPONENT SCORE" (hex, hex, hundredths).
pub fn result_line(leaf: &Board, score: i32) -> String {
    format!("{:016x} {:016x} {score}\n", leaf.player, leaf.opponent)
}

/// The results of a results file's text, by key. A line that does not read (the end
/// of one cut short by a stop) is skipped.
pub fn parse_results(text: &str) -> HashMap<Key, i32> {
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &str) -> Board {
        let mut b = Board::start();
        for i in (0..moves.len()).step_by(2) {
            let sq = Square::parse(&moves[i..i + 2]).expect("a square");
            b = b.play(sq).expect("legal");
        }
        b
    }

    /// The start position and f5: the four first moves are one canonical position, so
    /// the tree has two interior positions, and f5's three replies (d6, f4, f6: no two
    /// alike) as its leaves.
    #[test]
    fn the_tree_of_one_line_holds_its_positions_and_the_moves_off_them() {
        let tree = Tree::from_positions([Board::start(), after("f5")]);
        assert_eq!(tree.interior.len(), 2);
        // From the start every move leads to f5's position (canonical): no leaf; from
        // f5 its three replies are the leaves.
        assert_eq!(tree.leaves.len(), 3);
        assert!(tree.leaves.iter().all(|b| b.empty_count() == 58));
        // A transposed or mirrored line adds nothing.
        let again = Tree::from_positions([Board::start(), after("d3"), after("c4")]);
        assert_eq!(again.interior, tree.interior);
        assert_eq!(again.leaves, tree.leaves);
    }

    #[test]
    fn negamax_takes_each_positions_best_continuation() {
        let tree = Tree::from_positions([Board::start(), after("f5")]);
        // The leaves f5d6, f5f4, f5f6, valued for their side to move, Black.
        let value_of = |moves: &str| canon(&after(moves));
        let leaves: HashMap<Key, (i32, u32)> = [("f5d6", 150), ("f5f4", -50), ("f5f6", 20)]
            .iter()
            .map(|(m, v)| (key(&value_of(m)), (*v, 6)))
            .collect();
        let book = negamax(&tree, &leaves, 6);
        // At f5 White moves: each reply is worth minus the leaf's value for Black.
        let at_f5 = book.lookup(&after("f5"));
        let value = |sq: &str| {
            at_f5
                .iter()
                .find(|m| m.square == Square::parse(sq).unwrap())
                .map(|m| (m.value, m.depth))
        };
        assert_eq!(value("d6"), Some((-150, 8)));
        assert_eq!(value("f4"), Some((50, 8)));
        assert_eq!(value("f6"), Some((-20, 8)));
        // At the start, Black's every move reaches f5's position: minus its best.
        let start = book.lookup(&Board::start());
        assert_eq!(start.len(), 4);
        assert!(start.iter().all(|m| (m.value, m.depth) == (-50, 9)));
        // A leaf without a value leaves its move out.
        let mut fewer = leaves.clone();
        fewer.remove(&key(&value_of("f5d6")));
        assert_eq!(negamax(&tree, &fewer, 6).lookup(&after("f5")).len(), 2);
    }

    #[test]
    fn contested_leaves_are_the_moves_within_the_margin_of_a_close_position() {
        let tree = Tree::from_positions([Board::start(), after("f5")]);
        let leaves: HashMap<Key, (i32, u32)> = [("f5d6", -100), ("f5f4", -80), ("f5f6", 300)]
            .iter()
            .map(|(m, v)| (key(&canon(&after(m))), (*v, 6)))
            .collect();
        let book = negamax(&tree, &leaves, 6);
        // At f5: d6 +1.00, f4 +0.80, f6 -3.00. Within 0.20 the first two are contested.
        let close = contested_leaves(&tree, &book, 20);
        let mut expect = vec![canon(&after("f5d6")), canon(&after("f5f4"))];
        expect.sort_by_key(key);
        assert_eq!(close, expect);
        // Within 0.10 no position is contested (the start's moves lead inside).
        assert!(contested_leaves(&tree, &book, 10).is_empty());
    }

    #[test]
    fn results_lines_read_back_and_a_cut_line_is_skipped() {
        let b = after("f5d6");
        let text = format!(
            "{}{}ffff 12",
            result_line(&b, -37),
            result_line(&Board::start(), 5)
        );
        let read = parse_results(&text);
        assert_eq!(read.len(), 2);
        assert_eq!(read[&key(&b)], -37);
        assert_eq!(read[&key(&Board::start())], 5);
    }

    #[test]
    fn a_leaf_searched_at_two_depths_at_once_reads_as_two_fresh_searches() {
        let leaf = after("f5d6c3");
        let both = value_leaf_at(&leaf, &[3, 4], None).expect("values");
        let apart: Vec<(u32, i32)> = [3, 4]
            .iter()
            .map(|&d| (d, fresh_search(&leaf, d, None).expect("a value").1))
            .collect();
        assert_eq!(both, apart);
    }
}
