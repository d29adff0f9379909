//! The position editor's model: any arrangement of discs and a side to move, edited
//! square by square, read from and written to OBF, and checked into a [`Position`]
//! that can be played from. No terminal code; the editor screen drives it.
//!
//! What is refused, and why: a board with no disc, a board with discs of one colour
//! only (nothing can ever be flipped), a board where neither side has a legal move
//! (the game is over), and a board where the side to move has no move while the other
//! side has some. The last one is a legal position (the side to move passes), but an
//! edited board reaches it almost only by a wrong side to move, and analysis and
//! practice would open on a forced pass; the reason says that `t` gives the move to
//! the side that can play.

use crate::engine::notation::{self, NotationError};
use crate::engine::{Color, Position, Square};

/// Why an edited board cannot be played from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// No disc at all.
    #[error("the board is empty: put discs of both colours on it")]
    NoDiscs,
    /// Discs of one colour only: no move can ever flip anything.
    #[error("there is no {missing} disc: no move can flip anything")]
    OneColour {
        /// The colour that has no disc.
        missing: Color,
    },
    /// Neither side has a legal move.
    #[error("neither side can move: the game is over (Black {black} - {white} White)")]
    GameOver {
        /// Black's discs.
        black: u32,
        /// White's discs.
        white: u32,
    },
    /// The side to move has no legal move, the other side has some.
    #[error(
        "{side} has no move; {other} has {moves} (t gives {other} the move)",
        other = side.opposite()
    )]
    NoMoveForSideToMove {
        /// The side to move.
        side: Color,
        /// How many legal moves the other side has.
        moves: u32,
    },
}

/// An edited board: discs anywhere, and a side to move. Unlike a [`Position`] it may
/// hold boards that cannot be played from; [`Editor::validate`] says which can.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Editor {
    black: u64,
    white: u64,
    to_move: Color,
}

impl Default for Editor {
    /// The start position, Black to move.
    fn default() -> Editor {
        Editor::from_position(&Position::start())
    }
}

impl Editor {
    /// An editor holding `position`.
    ///
    /// ```
    /// use othello_tutor::engine::Position;
    /// use othello_tutor::tutor::editor::Editor;
    /// let e = Editor::from_position(&Position::start());
    /// assert_eq!(e.validate(), Ok(Position::start()));
    /// ```
    pub fn from_position(position: &Position) -> Editor {
        Editor {
            black: position.black(),
            white: position.white(),
            to_move: position.to_move,
        }
    }

    /// The disc on `sq`, if any.
    pub fn disc_at(&self, sq: Square) -> Option<Color> {
        if self.black & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Puts a disc of `disc` on `sq`, or empties it with `None`.
    ///
    /// ```
    /// use othello_tutor::engine::{Color, Square};
    /// use othello_tutor::tutor::editor::Editor;
    /// let mut e = Editor::default();
    /// let a1 = Square::parse("a1").expect("a square");
    /// e.set(a1, Some(Color::White));
    /// assert_eq!(e.disc_at(a1), Some(Color::White));
    /// e.set(a1, None);
    /// assert_eq!(e.disc_at(a1), None);
    /// ```
    pub fn set(&mut self, sq: Square, disc: Option<Color>) {
        self.black &= !sq.bit();
        self.white &= !sq.bit();
        match disc {
            Some(Color::Black) => self.black |= sq.bit(),
            Some(Color::White) => self.white |= sq.bit(),
            None => {}
        }
    }

    /// Cycles `sq` empty → black → white → empty (a click); returns what it holds now.
    pub fn cycle(&mut self, sq: Square) -> Option<Color> {
        let next = match self.disc_at(sq) {
            None => Some(Color::Black),
            Some(Color::Black) => Some(Color::White),
            Some(Color::White) => None,
        };
        self.set(sq, next);
        next
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move.
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// Gives the move to the other side.
    pub fn toggle_to_move(&mut self) {
        self.to_move = self.to_move.opposite();
    }

    /// Empties every square (the side to move stays).
    pub fn clear(&mut self) {
        self.black = 0;
        self.white = 0;
    }

    /// Sets up the start position, Black to move.
    pub fn reset_to_start(&mut self) {
        *self = Editor::default();
    }

    /// Disc counts (black, white).
    pub fn counts(&self) -> (u32, u32) {
        (self.black.count_ones(), self.white.count_ones())
    }

    /// The board as a position, whether or not it can be played from (for display:
    /// legal-move markers, counts).
    pub fn position(&self) -> Position {
        // The two bitboards never overlap: `set` keeps them apart.
        Position::from_colors(self.black, self.white, self.to_move).unwrap_or_default()
    }

    /// How many legal moves `color` has on this board.
    pub fn mobility(&self, color: Color) -> u32 {
        let mut pos = self.position();
        if pos.to_move != color {
            pos = pos.pass();
        }
        pos.legal_moves().len()
    }

    /// The board as an OBF line: 64 squares a1…h8 (`X`, `O`, `-`), a space, the side
    /// to move.
    ///
    /// ```
    /// use othello_tutor::tutor::editor::Editor;
    /// let obf = "---------------------------OX------XO--------------------------- X";
    /// assert_eq!(Editor::default().to_obf(), obf);
    /// ```
    pub fn to_obf(&self) -> String {
        notation::to_obf(&self.position())
    }

    /// Reads a board from an OBF line (any board, even one that cannot be played from),
    /// or from a transcript from the start (`f5d6c3`). Text whose first word is mostly
    /// board characters (`X`, `O`, `-`…) is read as OBF, so that a short or damaged OBF
    /// line gets the OBF reader's reason.
    ///
    /// ```
    /// use othello_tutor::tutor::editor::Editor;
    /// let empty = format!("{} O", "-".repeat(64));
    /// let e = Editor::from_obf(&empty).expect("any board reads");
    /// assert_eq!(e.counts(), (0, 0));
    /// assert!(Editor::from_obf("XO-- X").is_err()); // 4 squares, not 64
    /// assert!(Editor::from_obf("f5d6").is_ok());
    /// ```
    pub fn from_obf(text: &str) -> Result<Editor, NotationError> {
        let t = text.trim();
        let first = t.split_whitespace().next().unwrap_or("");
        let first = first.split(';').next().unwrap_or("");
        let board_chars = first
            .chars()
            .filter(|c| matches!(c, 'X' | 'x' | '*' | 'O' | 'o' | '-' | '.'))
            .count();
        let looks_obf = 2 * board_chars > first.chars().count();
        let position = if looks_obf {
            notation::parse_obf(t)?.position
        } else {
            notation::parse_position(t)?
        };
        Ok(Editor::from_position(&position))
    }

    /// The position, if it can be played from; else why not.
    ///
    /// ```
    /// use othello_tutor::tutor::editor::{Editor, SetupError};
    /// let mut e = Editor::default();
    /// e.clear();
    /// assert_eq!(e.validate(), Err(SetupError::NoDiscs));
    /// ```
    pub fn validate(&self) -> Result<Position, SetupError> {
        let (black, white) = self.counts();
        match (black, white) {
            (0, 0) => return Err(SetupError::NoDiscs),
            (_, 0) => {
                return Err(SetupError::OneColour {
                    missing: Color::White,
                });
            }
            (0, _) => {
                return Err(SetupError::OneColour {
                    missing: Color::Black,
                });
            }
            _ => {}
        }
        let position = self.position();
        if position.is_game_over() {
            return Err(SetupError::GameOver { black, white });
        }
        if position.must_pass() {
            return Err(SetupError::NoMoveForSideToMove {
                side: self.to_move,
                moves: self.mobility(self.to_move.opposite()),
            });
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    /// A board from rows of `X`, `O`, `.` (row 1 first), Black to move.
    fn board(rows: [&str; 8]) -> Editor {
        let mut e = Editor::default();
        e.clear();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let s = Square::from_coords(c as i32, r as i32).expect("on the board");
                match ch {
                    'X' => e.set(s, Some(Color::Black)),
                    'O' => e.set(s, Some(Color::White)),
                    _ => {}
                }
            }
        }
        e
    }

    #[test]
    fn set_cycle_and_counts() {
        let mut e = Editor::default();
        assert_eq!(e.counts(), (2, 2));
        let a1 = sq("a1");
        assert_eq!(e.cycle(a1), Some(Color::Black));
        assert_eq!(e.cycle(a1), Some(Color::White));
        assert_eq!(e.counts(), (2, 3));
        assert_eq!(e.cycle(a1), None);
        // Overwriting a disc of the other colour leaves one disc, not two.
        e.set(sq("d4"), Some(Color::Black));
        assert_eq!(e.disc_at(sq("d4")), Some(Color::Black));
        assert_eq!(e.counts(), (3, 1));
        e.clear();
        assert_eq!(e.counts(), (0, 0));
        e.reset_to_start();
        assert_eq!(e, Editor::default());
    }

    #[test]
    fn obf_round_trip_of_any_board() {
        // FFO #1, and a board that cannot be played from: both read back as written.
        let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let e = Editor::from_obf(ffo1).expect("FFO #1");
        assert_eq!(e.to_obf(), ffo1);
        let lone = format!("X{} O", "-".repeat(63));
        let e = Editor::from_obf(&lone).expect("any board reads");
        assert_eq!(e.to_obf(), lone);
        assert_eq!(e.to_move(), Color::White);
        // Scored fields and a comment are allowed and dropped.
        let e = Editor::from_obf(&format!("{ffo1}; G8:+18; % FFO #1")).expect("with fields");
        assert_eq!(e.to_obf(), ffo1);
    }

    #[test]
    fn malformed_obf_says_what_is_wrong() {
        let short = Editor::from_obf("XXOO-- X").expect_err("6 squares");
        assert_eq!(short, NotationError::ObfLength { found: 6 });
        let bad = format!("{}Q{} X", "-".repeat(10), "-".repeat(53));
        assert_eq!(
            Editor::from_obf(&bad),
            Err(NotationError::BadSquareChar {
                column: 11,
                ch: 'Q'
            })
        );
        let no_side = "-".repeat(64);
        assert!(matches!(
            Editor::from_obf(&no_side),
            Err(NotationError::BadSideToMove { .. })
        ));
        assert!(Editor::from_obf("").is_err());
    }

    #[test]
    fn refuses_what_cannot_be_played_from() {
        let mut e = Editor::default();
        e.clear();
        assert_eq!(e.validate(), Err(SetupError::NoDiscs));
        e.set(sq("d4"), Some(Color::Black));
        assert_eq!(
            e.validate(),
            Err(SetupError::OneColour {
                missing: Color::White
            })
        );
        e.set(sq("d4"), Some(Color::White));
        assert_eq!(
            e.validate(),
            Err(SetupError::OneColour {
                missing: Color::Black
            })
        );
        // Both colours, but locked: a black a1 and a white h8 with nothing between.
        e.set(sq("a1"), Some(Color::Black));
        e.set(sq("d4"), None);
        e.set(sq("h8"), Some(Color::White));
        assert_eq!(
            e.validate(),
            Err(SetupError::GameOver { black: 1, white: 1 })
        );
        let full = board([
            "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO",
            "OOOOOOOX",
        ]);
        assert_eq!(
            full.validate(),
            Err(SetupError::GameOver {
                black: 33,
                white: 31
            })
        );
    }

    #[test]
    fn the_side_to_move_without_a_move_is_named_with_the_fix() {
        // White a1, black b1: Black has no move; White has c1.
        let mut e = board([
            "OX......", "........", "........", "........", "........", "........", "........",
            "........",
        ]);
        let err = e.validate().expect_err("Black cannot move");
        assert_eq!(
            err,
            SetupError::NoMoveForSideToMove {
                side: Color::Black,
                moves: 1
            }
        );
        assert_eq!(
            err.to_string(),
            "Black has no move; White has 1 (t gives White the move)"
        );
        e.toggle_to_move();
        let pos = e.validate().expect("White can play c1");
        assert_eq!(pos.to_move, Color::White);
        assert!(pos.board.is_legal(sq("c1")));
    }

    #[test]
    fn a_valid_board_is_the_position_it_shows() {
        let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let e = Editor::from_obf(ffo1).expect("FFO #1");
        let pos = e.validate().expect("playable");
        assert_eq!(notation::to_obf(&pos), ffo1);
        assert_eq!(pos.board.empty_count(), 14);
        assert_eq!(e.mobility(Color::Black), pos.legal_moves().len());
    }
}
