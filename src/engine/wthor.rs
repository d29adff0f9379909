//! The WTHOR database format, the federation's game archive (`.wtb` files), and
//! its name files (`WTHOR.JOU` players, `WTHOR.TRN` tournaments).
//!
//! A game file is a 16-byte header then one 68-byte record per game. The header:
//! byte 0 the century of creation, 1 the year, 2 the month, 3 the day, 4–7 the
//! number of games (u32, little-endian), 8–9 a record count used by the other
//! file kinds (u16), 10–11 the year of the games (u16), 12 the board size (0 or 8
//! for 8×8), 13 the game type, 14 the depth of the theoretical score, 15 reserved.
//! A record: 0–1 the tournament number, 2–3 Black's player number, 4–5 White's
//! (u16 each), 6 Black's disc count at the end, 7 the theoretical score, 8–67 the
//! moves, one byte each as `10 * row + column` (11 = a1, 18 = h1, 88 = h8), 0 after
//! the last. Passes are not written: the side to move is whoever has a legal move.
//!
//! Every move is replayed by the rules; an error names the record (1-based), the
//! move and the byte's offset in the file.

use super::board::Position;
use super::game::Game;
use super::{Move, Square};

/// Bytes in a WTHOR header.
pub const HEADER_LEN: usize = 16;
/// Bytes in a game record.
pub const RECORD_LEN: usize = 68;
/// Bytes in a player's name (`WTHOR.JOU`).
pub const PLAYER_NAME_LEN: usize = 20;
/// Bytes in a tournament's name (`WTHOR.TRN`).
pub const TOURNAMENT_NAME_LEN: usize = 26;

/// Why a WTHOR file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WthorError {
    /// Fewer bytes than a header.
    #[error("file is {len} bytes, shorter than the 16-byte header")]
    NoHeader {
        /// The file's length.
        len: usize,
    },
    /// The length does not match the number of records the header promises.
    #[error("file is {len} bytes, header promises {count} {what} = {expected}")]
    Length {
        /// The file's length.
        len: usize,
        /// How many records the header promises.
        count: usize,
        /// "games", "players" or "tournaments".
        what: &'static str,
        /// The length those records need.
        expected: usize,
    },
    /// A board size other than 8×8.
    #[error("header byte 12: board size {size} is not 8x8 (only 0 or 8 are read)")]
    BoardSize {
        /// The size found.
        size: u8,
    },
    /// A move byte that is no square.
    #[error("record {record}: move {number} (byte {offset:#x}) is {byte}, not a square")]
    BadSquare {
        /// 1-based record number.
        record: usize,
        /// 1-based move number in the record (passes not counted).
        number: usize,
        /// The byte's offset in the file.
        offset: usize,
        /// The byte.
        byte: u8,
    },
    /// A move the rules do not allow.
    #[error("record {record}: move {number} (byte {offset:#x}), {square} is not legal")]
    IllegalMove {
        /// 1-based record number.
        record: usize,
        /// 1-based move number in the record (passes not counted).
        number: usize,
        /// The byte's offset in the file.
        offset: usize,
        /// The square.
        square: Square,
    },
    /// A move byte after the end marker (0).
    #[error("record {record}: move {number} (byte {offset:#x}) is {byte} after the end marker 0")]
    AfterEnd {
        /// 1-based record number.
        record: usize,
        /// 1-based move number in the record.
        number: usize,
        /// The byte's offset in the file.
        offset: usize,
        /// The byte.
        byte: u8,
    },
}

/// A WTHOR file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WthorHeader {
    /// When the file was made: century, year in the century, month, day.
    pub created: (u8, u8, u8, u8),
    /// Games in the file (N1).
    pub games: u32,
    /// Records of the other file kinds (N2: players or tournaments).
    pub records: u16,
    /// The year the games were played.
    pub year: u16,
    /// The board size (0 or 8: 8×8).
    pub board_size: u8,
    /// The game type (0: normal).
    pub game_type: u8,
    /// Empties at which the theoretical score was computed.
    pub depth: u8,
}

impl WthorHeader {
    /// Reads the first 16 bytes of `bytes`.
    pub fn parse(bytes: &[u8]) -> Result<WthorHeader, WthorError> {
        if bytes.len() < HEADER_LEN {
            return Err(WthorError::NoHeader { len: bytes.len() });
        }
        Ok(WthorHeader {
            created: (bytes[0], bytes[1], bytes[2], bytes[3]),
            games: u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
            records: u16::from_le_bytes([bytes[8], bytes[9]]),
            year: u16::from_le_bytes([bytes[10], bytes[11]]),
            board_size: bytes[12],
            game_type: bytes[13],
            depth: bytes[14],
        })
    }
}

/// One game of a WTHOR file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorGame {
    /// The tournament's number (an index into `WTHOR.TRN`).
    pub tournament: u16,
    /// Black's player number (an index into `WTHOR.JOU`).
    pub black: u16,
    /// White's player number.
    pub white: u16,
    /// Black's discs at the end, as recorded.
    pub black_discs: u8,
    /// The theoretical score (Black's discs with perfect play from the header's depth).
    pub theoretical: u8,
    /// The game replayed from the start, passes written out.
    pub game: Game,
}

/// A whole WTHOR game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorFile {
    /// The header.
    pub header: WthorHeader,
    /// The games, in file order.
    pub games: Vec<WthorGame>,
}

/// The square a WTHOR move byte names (`10 * row + column`, both 1..=8).
pub fn square_of_byte(byte: u8) -> Option<Square> {
    let (row, col) = (i32::from(byte / 10), i32::from(byte % 10));
    if (1..=8).contains(&row) && (1..=8).contains(&col) {
        Square::from_coords(col - 1, row - 1)
    } else {
        None
    }
}

/// The WTHOR move byte of a square.
pub fn byte_of_square(square: Square) -> u8 {
    (10 * (square.row() + 1) + square.col() + 1) as u8
}

/// Reads a WTHOR game file: the header, then every record replayed by the rules.
///
/// ```
/// use othello_tutor::engine::wthor::{parse_wthor, WthorError};
///
/// let mut bytes = vec![0u8; 16 + 68];
/// bytes[4] = 1; // one game
/// bytes[16 + 8] = 56; // record 1, move 1: f5 (row 5, column 6)
/// let file = parse_wthor(&bytes).unwrap();
/// assert_eq!(file.games[0].game.len(), 1);
/// bytes[16 + 9] = 56; // move 2: f5 again
/// assert!(matches!(parse_wthor(&bytes), Err(WthorError::IllegalMove { record: 1, number: 2, .. })));
/// ```
pub fn parse_wthor(bytes: &[u8]) -> Result<WthorFile, WthorError> {
    let (header, records) = parse_wthor_records(bytes)?;
    let games = records.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok(WthorFile { header, games })
}

/// Reads a WTHOR game file record by record: the header and the length must be
/// right (else the error), then each record is replayed on its own, so a damaged
/// record does not hide the others. The records come in file order.
///
/// ```
/// use othello_tutor::engine::wthor::parse_wthor_records;
///
/// let mut bytes = vec![0u8; 16 + 2 * 68];
/// bytes[4] = 2; // two games
/// bytes[16 + 8] = 56; // record 1: f5
/// bytes[16 + 68 + 8] = 99; // record 2: no square
/// let (_, records) = parse_wthor_records(&bytes).unwrap();
/// assert_eq!(records[0].as_ref().unwrap().game.len(), 1);
/// assert!(records[1].is_err());
/// ```
pub fn parse_wthor_records(
    bytes: &[u8],
) -> Result<(WthorHeader, Vec<Result<WthorGame, WthorError>>), WthorError> {
    let header = WthorHeader::parse(bytes)?;
    if header.board_size != 0 && header.board_size != 8 {
        return Err(WthorError::BoardSize {
            size: header.board_size,
        });
    }
    let count = header.games as usize;
    let expected = count
        .checked_mul(RECORD_LEN)
        .and_then(|n| n.checked_add(HEADER_LEN))
        .unwrap_or(usize::MAX);
    if bytes.len() != expected {
        return Err(WthorError::Length {
            len: bytes.len(),
            count,
            what: "games",
            expected,
        });
    }
    Ok((header, (0..count).map(|i| parse_record(bytes, i)).collect()))
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// Reads record `index` (0-based) of a file whose length was checked.
fn parse_record(bytes: &[u8], index: usize) -> Result<WthorGame, WthorError> {
    let base = HEADER_LEN + index * RECORD_LEN;
    let record = index + 1;
    let mut game = Game::new(Position::start());
    let mut ended = false;
    for k in 0..60 {
        let offset = base + 8 + k;
        let byte = bytes[offset];
        let number = k + 1;
        if byte == 0 {
            ended = true;
            continue;
        }
        if ended {
            return Err(WthorError::AfterEnd {
                record,
                number,
                offset,
                byte,
            });
        }
        let square = square_of_byte(byte).ok_or(WthorError::BadSquare {
            record,
            number,
            offset,
            byte,
        })?;
        game.play_with_implied_pass(Move::Place(square))
            .map_err(|_| WthorError::IllegalMove {
                record,
                number,
                offset,
                square,
            })?;
    }
    Ok(WthorGame {
        tournament: u16_at(bytes, base),
        black: u16_at(bytes, base + 2),
        white: u16_at(bytes, base + 4),
        black_discs: bytes[base + 6],
        theoretical: bytes[base + 7],
        game,
    })
}

/// Reads a WTHOR name file: the header, then `N2` names of `width` bytes each
/// ([`PLAYER_NAME_LEN`] for `WTHOR.JOU`, [`TOURNAMENT_NAME_LEN`] for `WTHOR.TRN`),
/// NUL-padded, read as Latin-1 and trimmed.
pub fn parse_names(bytes: &[u8], width: usize) -> Result<Vec<String>, WthorError> {
    let header = WthorHeader::parse(bytes)?;
    let count = usize::from(header.records);
    let expected = HEADER_LEN + count * width;
    let what = if width == PLAYER_NAME_LEN {
        "players"
    } else {
        "tournaments"
    };
    if bytes.len() != expected {
        return Err(WthorError::Length {
            len: bytes.len(),
            count,
            what,
            expected,
        });
    }
    Ok(bytes[HEADER_LEN..]
        .chunks(width.max(1))
        .map(|name| {
            let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
            name[..end]
                .iter()
                .map(|&b| char::from(b))
                .collect::<String>()
                .trim()
                .to_string()
        })
        .collect())
}

/// The result in GGF style from Black's view (`+16`, `-24`, `0`) of a recorded
/// disc count for Black.
pub fn result_of_discs(black_discs: u8) -> String {
    let d = 2 * i32::from(black_discs) - 64;
    if d > 0 {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_bytes() {
        assert_eq!(square_of_byte(11), Some(Square::A1));
        assert_eq!(square_of_byte(18), Some(Square::H1));
        assert_eq!(square_of_byte(88), Some(Square::H8));
        for bad in [0, 9, 10, 19, 20, 89, 90, 99, 255] {
            assert_eq!(square_of_byte(bad), None, "{bad}");
        }
        for sq in Square::all() {
            assert_eq!(square_of_byte(byte_of_square(sq)), Some(sq));
        }
    }
}
