//! The opening book: positions, each with the value of every one of its moves that
//! the book knows, as found by a deep search of the positions one move off the book
//! and negamaxed back (a book move's value is that of its best continuation). Looked
//! up by position in any of its eight orientations. Knows no names and no files: the
//! shipped book is embedded (`book.bin`, written by `othello-lab book build`) and
//! decoded on first use.
//!
//! The file: `OTBK`, the format version (u16), the leaf search depth (u16), the
//! number of positions (u32); then per position, in increasing order of its
//! canonical (player, opponent) bits: player (u64), opponent (u64), the number of
//! moves (u8), and per move its square in that orientation (u8), its value for the
//! side to move in hundredths of a disc (i16) and its depth (u8); last an FNV-1a 64
//! checksum of everything before it. All little-endian.
//!
//! ```
//! use othello_tutor::engine::{book, Board, Square};
//! let book = book::shipped().expect("the shipped book reads");
//! // After 1.f5 the book knows the three replies; after 1.d3 (its mirror image) too.
//! let f5 = Board::start().play(Square::parse("f5").unwrap()).unwrap();
//! let d3 = Board::start().play(Square::parse("d3").unwrap()).unwrap();
//! assert_eq!(book.lookup(&f5).len(), 3);
//! assert_eq!(book.lookup(&d3).len(), 3);
//! ```

use super::board::Board;
use super::square::Square;
use super::symmetry;
use std::sync::OnceLock;

/// The file's first bytes.
pub const MAGIC: &[u8; 4] = b"OTBK";
/// The format version this build reads and writes.
pub const VERSION: u16 = 1;

/// The shipped book's bytes.
pub static BOOK_FILE: &[u8] = include_bytes!("book.bin");

/// One book move of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub square: Square,
    /// Its value for the side to move, in hundredths of a disc.
    pub value: i32,
    /// The plies searched, counting the move: the depth of the leaf search that
    /// gave the value plus the book moves from here to that leaf.
    pub depth: u32,
}

impl BookMove {
    /// The value rounded to whole discs.
    pub fn discs(&self) -> i32 {
        (self.value as f64 / 100.0).round() as i32
    }
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// Not a book file.
    #[error("not an opening book file (it does not start with OTBK)")]
    Magic,
    /// Written by another version.
    #[error("book format version {found}, this build reads version {VERSION}")]
    Version {
        /// The file's version.
        found: u16,
    },
    /// The checksum does not match.
    #[error("the checksum does not match: the book file is damaged")]
    Checksum,
    /// Data that cannot be a book (out of order, an impossible position or move).
    #[error("the book data is damaged at byte {at}: {what}")]
    Data {
        /// Where the problem is.
        at: usize,
        /// What is wrong.
        what: &'static str,
    },
}

/// One position: its canonical orientation and its moves (squares in that
/// orientation), best first.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    board: Board,
    moves: Vec<BookMove>,
}

/// The opening book.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    depth: u32,
    entries: Vec<Entry>,
}

/// FNV-1a, 64 bits: the book file's checksum, and a book's identity.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

fn sort_best_first(moves: &mut [BookMove]) {
    moves.sort_by_key(|m| (-m.value, m.square.index()));
}

impl Book {
    /// A book of positions and their moves (any orientation; each position is
    /// turned to its canonical one). `depth` is the leaf search depth. A later
    /// entry for a position already given replaces the earlier one. Values are
    /// clamped to ±64 discs, depths to 255, and illegal moves are dropped.
    pub fn new(depth: u32, positions: impl IntoIterator<Item = (Board, Vec<BookMove>)>) -> Book {
        let mut map = std::collections::BTreeMap::new();
        for (board, moves) in positions {
            let (canon, sym) = symmetry::canonical(&board);
            let mut moves: Vec<BookMove> = moves
                .into_iter()
                .filter(|m| board.is_legal(m.square))
                .map(|m| BookMove {
                    square: symmetry::square(m.square, sym),
                    value: m.value.clamp(-6400, 6400),
                    depth: m.depth.min(255),
                })
                .collect();
            moves.dedup_by_key(|m| m.square);
            sort_best_first(&mut moves);
            map.insert(
                (canon.player, canon.opponent),
                Entry {
                    board: canon,
                    moves,
                },
            );
        }
        Book {
            depth: depth.min(u16::MAX as u32),
            entries: map.into_values().collect(),
        }
    }

    /// The depth of the searches that valued the leaves.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The positions of the book, in their canonical orientation.
    pub fn positions(&self) -> impl Iterator<Item = Board> + '_ {
        self.entries.iter().map(|e| e.board)
    }

    fn entry(&self, board: &Board) -> Option<(&Entry, usize)> {
        let (canon, sym) = symmetry::canonical(board);
        let k = (canon.player, canon.opponent);
        self.entries
            .binary_search_by_key(&k, |e| (e.board.player, e.board.opponent))
            .ok()
            .map(|i| (&self.entries[i], sym))
    }

    /// Whether `board` (in any orientation) is a book position.
    pub fn contains(&self, board: &Board) -> bool {
        self.entry(board).is_some()
    }

    /// The book moves of `board`, best first (ties by square), with the squares in
    /// `board`'s own orientation; empty when the position is not in the book.
    pub fn lookup(&self, board: &Board) -> Vec<BookMove> {
        let Some((entry, sym)) = self.entry(board) else {
            return Vec::new();
        };
        let back = symmetry::inverse(sym);
        let mut moves: Vec<BookMove> = entry
            .moves
            .iter()
            .map(|m| BookMove {
                square: symmetry::square(m.square, back),
                ..*m
            })
            .collect();
        sort_best_first(&mut moves);
        moves
    }

    /// The best book move of `board`, if it is in the book.
    pub fn best(&self, board: &Board) -> Option<BookMove> {
        self.lookup(board).into_iter().next()
    }

    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.entries.len() * 60);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.depth as u16).to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.board.player.to_le_bytes());
            out.extend_from_slice(&e.board.opponent.to_le_bytes());
            out.push(e.moves.len() as u8);
            for m in &e.moves {
                out.push(m.square.index() as u8);
                out.extend_from_slice(&(m.value as i16).to_le_bytes());
                out.push(m.depth as u8);
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a book file, checking its magic, version, checksum and every entry.
    pub fn decode(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < 4 || &bytes[..4] != MAGIC {
            return Err(BookError::Magic);
        }
        if bytes.len() < 6 {
            return Err(BookError::Data {
                at: bytes.len(),
                what: "the header ends early",
            });
        }
        let version = u16::from_le_bytes([bytes[4], bytes[5]]);
        if version != VERSION {
            return Err(BookError::Version { found: version });
        }
        if bytes.len() < 20 {
            return Err(BookError::Checksum);
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut sum_bytes = [0u8; 8];
        sum_bytes.copy_from_slice(sum);
        if checksum(body) != u64::from_le_bytes(sum_bytes) {
            return Err(BookError::Checksum);
        }
        let mut r = Reader { data: body, at: 6 };
        let depth = r.u16()? as u32;
        let count = r.u32()? as usize;
        let mut entries: Vec<Entry> = Vec::with_capacity(count.min(body.len() / 17));
        for _ in 0..count {
            let start = r.at;
            let board = Board {
                player: r.u64()?,
                opponent: r.u64()?,
            };
            if board.player & board.opponent != 0 {
                return Err(r.bad(start, "a square holds two discs"));
            }
            if symmetry::canonical(&board).0 != board {
                return Err(r.bad(start, "a position not in its canonical orientation"));
            }
            if let Some(last) = entries.last()
                && (last.board.player, last.board.opponent) >= (board.player, board.opponent)
            {
                return Err(r.bad(start, "positions out of order"));
            }
            let n = r.u8()? as usize;
            let mut moves = Vec::with_capacity(n);
            for _ in 0..n {
                let at = r.at;
                let square = Square::new(r.u8()?)
                    .filter(|&sq| board.is_legal(sq))
                    .ok_or(r.bad(at, "an illegal book move"))?;
                let value = r.i16()? as i32;
                let depth = r.u8()? as u32;
                moves.push(BookMove {
                    square,
                    value,
                    depth,
                });
            }
            entries.push(Entry { board, moves });
        }
        if r.at != body.len() {
            return Err(r.bad(r.at, "data after the last position"));
        }
        Ok(Book { depth, entries })
    }
}

/// A cursor over the file's bytes.
struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn bad(&self, at: usize, what: &'static str) -> BookError {
        BookError::Data { at, what }
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N], BookError> {
        let end = self.at + N;
        let slice = self.data.get(self.at..end).ok_or(BookError::Data {
            at: self.at,
            what: "the data ends early",
        })?;
        let mut out = [0u8; N];
        out.copy_from_slice(slice);
        self.at = end;
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, BookError> {
        Ok(self.take::<1>()?[0])
    }

    fn u16(&mut self) -> Result<u16, BookError> {
        Ok(u16::from_le_bytes(self.take()?))
    }

    fn i16(&mut self) -> Result<i16, BookError> {
        Ok(i16::from_le_bytes(self.take()?))
    }

    fn u32(&mut self) -> Result<u32, BookError> {
        Ok(u32::from_le_bytes(self.take()?))
    }

    fn u64(&mut self) -> Result<u64, BookError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
}

/// The shipped book, decoded on first use; the reason if its file is damaged (the
/// tests refuse such a build).
pub fn shipped() -> Result<&'static Book, &'static BookError> {
    static SHIPPED: OnceLock<Result<Book, BookError>> = OnceLock::new();
    SHIPPED.get_or_init(|| Book::decode(BOOK_FILE)).as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Book {
        let start = Board::start();
        let f5 = start.play(Square::parse("f5").unwrap()).unwrap();
        let mv = |s: &str, value, depth| BookMove {
            square: Square::parse(s).unwrap(),
            value,
            depth,
        };
        Book::new(
            12,
            [
                (start, vec![mv("f5", 0, 14), mv("d3", 0, 14)]),
                (
                    f5,
                    vec![mv("f6", -150, 13), mv("d6", 20, 13), mv("f4", -300, 13)],
                ),
            ],
        )
    }

    #[test]
    fn round_trip_and_symmetry() {
        let book = sample();
        let bytes = book.encode();
        let back = Book::decode(&bytes).unwrap();
        assert_eq!(back, book);
        assert_eq!(back.depth(), 12);
        // 1.e6 is 1.f5's mirror image: the same values, the squares turned.
        let e6 = Board::start().play(Square::parse("e6").unwrap()).unwrap();
        let moves = back.lookup(&e6);
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[0].value, 20);
        assert!(e6.is_legal(moves[0].square));
        // d6 after f5 is the perpendicular reply; after e6 it is f4.
        assert_eq!(moves[0].square, Square::parse("f4").unwrap());
    }

    #[test]
    fn damage_is_refused() {
        let bytes = sample().encode();
        let mut flipped = bytes.clone();
        flipped[20] ^= 0x04;
        assert_eq!(Book::decode(&flipped), Err(BookError::Checksum));
        assert_eq!(
            Book::decode(&bytes[..bytes.len() - 1]),
            Err(BookError::Checksum)
        );
        assert_eq!(Book::decode(b"GIF89a.."), Err(BookError::Magic));
        let mut other = bytes.clone();
        other[4] = 7;
        assert_eq!(Book::decode(&other), Err(BookError::Version { found: 7 }));
        // A well-formed checksum over bad data: an illegal move.
        let mut body = bytes[..bytes.len() - 8].to_vec();
        body[12 + 17] = 0; // the first position's first move: a1
        let sum = checksum(&body);
        body.extend_from_slice(&sum.to_le_bytes());
        assert!(matches!(Book::decode(&body), Err(BookError::Data { .. })));
    }
}
