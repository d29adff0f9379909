//! The board as two bitboards (side to move, opponent): legal moves, flips,
//! play, pass, game end and scores. Also `Color`, `Move` and `Position`.

use super::square::{Square, SquareSet};
use crate::engine::cpu_dispatch::cpu_dispatch;
use std::fmt;

const INNER_COLS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The colour of a disc or of a player. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black (`X` in OBF, `*` in GGF), moves first.
    Black,
    /// White (`O` in OBF and GGF).
    White,
}

impl Color {
    /// The other colour.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// "Black" or "White".
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a disc placed on a square, or a pass (only when no placement is legal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a disc on the square.
    Place(Square),
    /// Pass the turn (forced: only legal when no placement is).
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(sq) => write!(f, "{sq}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The square already holds a disc.
    #[error("{0} is already occupied")]
    Occupied(Square),
    /// A disc there would flank no opposing disc.
    #[error("{0} flips nothing: no opposing disc is flanked in any direction")]
    FlipsNothing(Square),
    /// A pass was asked for while a placement is legal.
    #[error("cannot pass: a move is available")]
    PassNotAllowed,
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

/// Room for the legal moves of any position: a move list of this many slots never
/// overflows. (No position has more legal moves than empty squares, at most 60; the
/// most found in practice is 33.)
pub const MAX_MOVES: usize = 64;

/// The discs of `o` that a disc of `p` placed on square `sq` would flip.
/// Zero means the move is illegal (when `sq` is empty).
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if super::cpu_dispatch::fast() {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { super::bits::flips_avx2(p, o, sq) };
    }
    super::bits::flips_scalar(p, o, sq)
}

cpu_dispatch! {
    /// The legal moves of the player owning `p` against `o`, as a bitboard.
    pub fn legal_moves / legal_moves_v3 / legal_moves_plain (p: u64, o: u64) -> u64 {
        // Four line directions at once (shift by 1, 8, 7, 9), each grown both ways by
        // doubling; written lane-wise so that it vectorises.
        let inner = o & INNER_COLS;
        let masks = [inner, o, inner, inner];
        let shifts = [1u32, 8, 7, 9];
        let mut moves = [0u64; 4];
        for i in 0..4 {
            let (mask, d) = (masks[i], shifts[i]);
            let mut fl = mask & (p << d);
            let mut fr = mask & (p >> d);
            fl |= mask & (fl << d);
            fr |= mask & (fr >> d);
            let ml = mask & (mask << d);
            let mr = mask & (mask >> d);
            fl |= ml & (fl << (2 * d));
            fr |= mr & (fr >> (2 * d));
            fl |= ml & (fl << (2 * d));
            fr |= mr & (fr >> (2 * d));
            moves[i] = (fl << d) | (fr >> d);
        }
        (moves[0] | moves[1] | moves[2] | moves[3]) & !(p | o)
    }
}

/// An Othello board from the side to move's point of view:
/// `player` holds the discs of the side to move, `opponent` the others'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
}

impl Board {
    /// The start position, Black to move: white d4 and e5, black d5 and e4.
    pub const fn start() -> Board {
        Board {
            player: (1 << 35) | (1 << 28),
            opponent: (1 << 27) | (1 << 36),
        }
    }

    /// A board from two bitboards; `None` when they overlap.
    pub const fn new(player: u64, opponent: u64) -> Option<Board> {
        if player & opponent != 0 {
            None
        } else {
            Some(Board { player, opponent })
        }
    }

    /// Legal moves of the side to move, as a bitboard.
    #[inline]
    pub fn legal_moves_bits(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// Legal moves of the side to move.
    #[inline]
    pub fn legal_moves(&self) -> SquareSet {
        SquareSet(self.legal_moves_bits())
    }

    /// Legal moves the opponent would have if it were its turn.
    #[inline]
    pub fn opponent_moves(&self) -> SquareSet {
        SquareSet(legal_moves(self.opponent, self.player))
    }

    /// Whether placing on `sq` is legal.
    #[inline]
    pub fn is_legal(&self, sq: Square) -> bool {
        self.legal_moves_bits() & sq.bit() != 0
    }

    /// The opposing discs a move on `sq` would flip (empty when illegal).
    #[inline]
    pub fn flips(&self, sq: Square) -> SquareSet {
        if self.empty() & sq.bit() == 0 {
            return SquareSet::EMPTY;
        }
        SquareSet(flips(self.player, self.opponent, sq.index()))
    }

    /// Plays a legal move on `sq` without checking it; the result is seen from the new
    /// side to move. Playing an illegal move gives a meaningless board.
    #[inline]
    pub fn play_unchecked(&self, sq: Square) -> Board {
        let f = flips(self.player, self.opponent, sq.index());
        Board {
            player: self.opponent ^ f,
            opponent: self.player ^ f ^ sq.bit(),
        }
    }

    /// Plays a move on `sq`, checking that it is legal.
    ///
    /// ```
    /// use othello_tutor::engine::{Board, MoveError, Square};
    /// let f5 = Square::parse("f5").expect("a square");
    /// let after = Board::start().play(f5).expect("legal");
    /// // Seen from White, now to move: Black has 4 discs, White 1.
    /// assert_eq!((after.opponent.count_ones(), after.player.count_ones()), (4, 1));
    /// assert_eq!(after.play(f5), Err(MoveError::Occupied(f5)));
    /// ```
    pub fn play(&self, sq: Square) -> Result<Board, MoveError> {
        if (self.player | self.opponent) & sq.bit() != 0 {
            return Err(MoveError::Occupied(sq));
        }
        let f = flips(self.player, self.opponent, sq.index());
        if f == 0 {
            return Err(MoveError::FlipsNothing(sq));
        }
        Ok(Board {
            player: self.opponent ^ f,
            opponent: self.player ^ f ^ sq.bit(),
        })
    }

    /// The same discs with the other side to move.
    #[inline]
    pub const fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// How many moves at the start of `line` can be played in turn from this board
    /// (`None` is a pass, legal only when forced): the whole line's length when it is
    /// legal throughout.
    ///
    /// ```
    /// use othello_tutor::engine::{Board, Square};
    /// let sq = |name| Square::parse(name).ok();
    /// let b = Board::start();
    /// assert_eq!(b.legal_prefix(&[sq("f5"), sq("d6")]), 2);
    /// assert_eq!(b.legal_prefix(&[sq("f5"), sq("f5")]), 1); // f5 is taken
    /// assert_eq!(b.legal_prefix(&[None]), 0); // a pass with moves to play
    /// ```
    pub fn legal_prefix(&self, line: &[Option<Square>]) -> usize {
        let mut b = *self;
        for (i, mv) in line.iter().enumerate() {
            b = match mv {
                Some(sq) => match b.play(*sq) {
                    Ok(next) => next,
                    Err(_) => return i,
                },
                None if b.must_pass() => b.pass(),
                None => return i,
            };
        }
        line.len()
    }

    /// Whether the side to move has no move but the opponent has (a forced pass).
    pub fn must_pass(&self) -> bool {
        self.legal_moves_bits() == 0 && legal_moves(self.opponent, self.player) != 0
    }

    /// Whether neither side can move (the game is over, full board or not).
    pub fn is_game_over(&self) -> bool {
        self.legal_moves_bits() == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// Empty squares as a bitboard.
    #[inline]
    pub const fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Number of empty squares.
    #[inline]
    pub const fn empty_count(&self) -> u32 {
        self.empty().count_ones()
    }

    /// Disc difference (side to move minus opponent), empties not counted.
    #[inline]
    pub const fn disc_difference(&self) -> i32 {
        self.player.count_ones() as i32 - self.opponent.count_ones() as i32
    }

    /// The final score from the side to move's view, empty squares going to the winner
    /// (34–29 with one empty square counts 35–29, a margin of 6).
    #[inline]
    pub const fn final_score(&self) -> i32 {
        let p = self.player.count_ones() as i32;
        let o = self.opponent.count_ones() as i32;
        let e = 64 - p - o;
        if p > o {
            p - o + e
        } else if p < o {
            p - o - e
        } else {
            0
        }
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::start()
    }
}

/// A board together with the colour of the side to move: what the tutor and the
/// notation work with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs, from the side to move's view.
    pub board: Board,
    /// The colour of the side to move.
    pub to_move: Color,
}

impl Position {
    /// The start position, Black to move.
    pub const fn start() -> Position {
        Position {
            board: Board::start(),
            to_move: Color::Black,
        }
    }

    /// A position from black and white bitboards and the side to move; `None` if they overlap.
    pub fn from_colors(black: u64, white: u64, to_move: Color) -> Option<Position> {
        let board = match to_move {
            Color::Black => Board::new(black, white)?,
            Color::White => Board::new(white, black)?,
        };
        Some(Position { board, to_move })
    }

    /// Black's discs.
    #[inline]
    pub const fn black(&self) -> u64 {
        match self.to_move {
            Color::Black => self.board.player,
            Color::White => self.board.opponent,
        }
    }

    /// White's discs.
    #[inline]
    pub const fn white(&self) -> u64 {
        match self.to_move {
            Color::Black => self.board.opponent,
            Color::White => self.board.player,
        }
    }

    /// The discs of one colour.
    #[inline]
    pub const fn discs(&self, color: Color) -> u64 {
        match color {
            Color::Black => self.black(),
            Color::White => self.white(),
        }
    }

    /// The colour of the disc on `sq`, if any.
    pub fn disc_at(&self, sq: Square) -> Option<Color> {
        if self.black() & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white() & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Legal placements of the side to move.
    pub fn legal_moves(&self) -> SquareSet {
        self.board.legal_moves()
    }

    /// The moves the side to move may make: its placements, or a lone pass when it has
    /// none and the opponent can move; empty when the game is over.
    pub fn legal_move_list(&self) -> Vec<Move> {
        let moves = self.board.legal_moves();
        if !moves.is_empty() {
            moves.into_iter().map(Move::Place).collect()
        } else if self.board.must_pass() {
            vec![Move::Pass]
        } else {
            Vec::new()
        }
    }

    /// Plays a move, checking it.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        match mv {
            Move::Place(sq) => {
                if self.is_game_over() {
                    return Err(MoveError::GameOver);
                }
                Ok(Position {
                    board: self.board.play(sq)?,
                    to_move: self.to_move.opposite(),
                })
            }
            Move::Pass => {
                if self.board.legal_moves_bits() != 0 {
                    Err(MoveError::PassNotAllowed)
                } else if self.is_game_over() {
                    Err(MoveError::GameOver)
                } else {
                    Ok(self.pass())
                }
            }
        }
    }

    /// Plays a legal placement without checking it.
    #[inline]
    pub fn play_unchecked(&self, sq: Square) -> Position {
        Position {
            board: self.board.play_unchecked(sq),
            to_move: self.to_move.opposite(),
        }
    }

    /// The same discs with the other side to move.
    pub const fn pass(&self) -> Position {
        Position {
            board: self.board.pass(),
            to_move: self.to_move.opposite(),
        }
    }

    /// Whether the side to move must pass.
    pub fn must_pass(&self) -> bool {
        self.board.must_pass()
    }

    /// Whether neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.board.is_game_over()
    }

    /// Disc counts (black, white) as they stand on the board.
    pub const fn disc_counts(&self) -> (u32, u32) {
        (self.black().count_ones(), self.white().count_ones())
    }

    /// The final counts (black, white) with the empty squares given to the winner
    /// (none to either on a draw).
    pub const fn final_counts(&self) -> (u32, u32) {
        let (b, w) = self.disc_counts();
        let e = 64 - b - w;
        if b > w {
            (b + e, w)
        } else if w > b {
            (b, w + e)
        } else {
            (b, w)
        }
    }

    /// The counts to show: final counts once the game is over, disc counts otherwise.
    pub fn score_counts(&self) -> (u32, u32) {
        if self.is_game_over() {
            self.final_counts()
        } else {
            self.disc_counts()
        }
    }

    /// A value seen from the side to move, turned into Black's view.
    pub const fn to_black_view(&self, score: i32) -> i32 {
        match self.to_move {
            Color::Black => score,
            Color::White => -score,
        }
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Display for Position {
    /// A plain text board: columns a–h, rows 1–8, `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h")?;
        for row in 0..8 {
            write!(f, "{}", row + 1)?;
            for col in 0..8 {
                let sq = Square::from_index_unchecked(row * 8 + col);
                let c = match self.disc_at(sq) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
