//! Reading and writing games and positions: transcripts (`f5d6c3…`), OBF lines and
//! GGF games. Every parse error says what is wrong and where; nothing here panics on
//! any input.

use super::board::{Color, Move, MoveError, Position};
use super::game::Game;
use super::square::Square;
use std::fmt::Write as _;

mod ggf;
pub use ggf::{GgfGame, ggf_result, parse_ggf, to_ggf};

/// What went wrong while reading a transcript, an OBF line or a GGF game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Text that is neither a square nor a pass, at a 1-based character column.
    #[error("column {column}: `{text}` is not a square (a1-h8) or a pass (pass, PA, --)")]
    BadToken {
        /// 1-based character column.
        column: usize,
        /// The offending text.
        text: String,
    },
    /// A move that the rules do not allow, with its 1-based number in the game.
    #[error("move {number} ({mv}): {reason}")]
    IllegalMove {
        /// 1-based move number (passes count).
        number: usize,
        /// The move as written.
        mv: Move,
        /// The rule it breaks.
        reason: MoveError,
    },
    /// An OBF board that is not 64 squares long.
    #[error("OBF board has {found} squares, expected 64")]
    ObfLength {
        /// How many board characters were found.
        found: usize,
    },
    /// A character that is not a disc or an empty square in an OBF or GGF board.
    #[error("column {column}: `{ch}` is not a disc or an empty square (X, O, -, *, x, o, .)")]
    BadSquareChar {
        /// 1-based character column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The side to move is missing or unreadable.
    #[error("column {column}: expected the side to move (X or O), found `{found}`")]
    BadSideToMove {
        /// 1-based character column.
        column: usize,
        /// What was found instead.
        found: String,
    },
    /// An OBF `move:score` field that cannot be read.
    #[error("field {field}: `{text}` is not a MOVE:SCORE pair like G8:+18")]
    BadObfField {
        /// 1-based field number after the side to move.
        field: usize,
        /// The field's text.
        text: String,
    },
    /// A GGF game with a structural problem (missing brackets, properties, board).
    #[error("GGF, column {column}: {what}")]
    Ggf {
        /// 1-based character column.
        column: usize,
        /// What is wrong.
        what: String,
    },
    /// Input with nothing in it.
    #[error("empty input")]
    Empty,
}

/// Reads the tokens of a transcript: squares in any case, with or without spaces,
/// and passes written `pass`, `PA` or `--`. Returns each move with its 1-based column.
pub fn parse_transcript_moves(text: &str) -> Result<Vec<(Move, usize)>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let column = i + 1;
        let rest: String = chars[i..chars.len().min(i + 4)].iter().collect();
        let lower = rest.to_ascii_lowercase();
        if lower.starts_with("pass") {
            out.push((Move::Pass, column));
            i += 4;
        } else if lower.starts_with("pa") || lower.starts_with("--") {
            out.push((Move::Pass, column));
            i += 2;
        } else {
            let two: String = chars[i..chars.len().min(i + 2)].iter().collect();
            match Square::parse(&two) {
                Ok(sq) => {
                    out.push((Move::Place(sq), column));
                    i += 2;
                }
                Err(_) => {
                    let bad: String = chars[i..]
                        .iter()
                        .take_while(|c| !c.is_whitespace())
                        .take(8)
                        .collect();
                    return Err(NotationError::BadToken { column, text: bad });
                }
            }
        }
    }
    Ok(out)
}

/// Replays a transcript from `start`, inserting forced passes where they are implied.
pub fn replay_transcript(start: Position, text: &str) -> Result<Game, NotationError> {
    let moves = parse_transcript_moves(text)?;
    replay_moves(start, moves.into_iter().map(|(mv, _)| mv))
}

/// Replays moves from `start`, inserting forced passes where they are implied.
pub fn replay_moves(
    start: Position,
    moves: impl IntoIterator<Item = Move>,
) -> Result<Game, NotationError> {
    let mut game = Game::new(start);
    for mv in moves {
        let number = game.len() + 1;
        game.play_with_implied_pass(mv)
            .map_err(|reason| NotationError::IllegalMove { number, mv, reason })?;
    }
    Ok(game)
}

/// Reads a transcript played from the start position.
///
/// ```
/// use othello_tutor::engine::notation::parse_transcript;
/// let game = parse_transcript("F5 d6 c3d3").expect("legal");
/// assert_eq!(game.len(), 4);
/// assert_eq!(game.current().score_counts(), (4, 4));
/// let err = parse_transcript("f5 f5").expect_err("f5 is taken");
/// assert_eq!(err.to_string(), "move 2 (f5): f5 is already occupied");
/// ```
pub fn parse_transcript(text: &str) -> Result<Game, NotationError> {
    replay_transcript(Position::start(), text)
}

/// Writes the moves as a transcript: lowercase squares, no spaces, passes left out
/// (they are implied on replay).
pub fn to_transcript(moves: &[Move]) -> String {
    let mut s = String::with_capacity(moves.len() * 2);
    for mv in moves {
        if let Move::Place(sq) = mv {
            let _ = write!(s, "{sq}");
        }
    }
    s
}

/// One OBF record: a position, optional scored moves and an optional comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfRecord {
    /// The position.
    pub position: Position,
    /// `MOVE:SCORE` fields, in file order (scores from the side to move's view).
    pub move_scores: Vec<(Move, i32)>,
    /// Text after `%`, trimmed, if any.
    pub comment: Option<String>,
}

fn board_char(ch: char) -> Option<Option<Color>> {
    match ch {
        'X' | 'x' | '*' => Some(Some(Color::Black)),
        'O' | 'o' => Some(Some(Color::White)),
        '-' | '.' => Some(None),
        _ => None,
    }
}

/// Reads one OBF line: 64 squares a1…h8 (`X`/`x`/`*` black, `O`/`o` white, `-`/`.`
/// empty), spaces, the side to move (`X` black, `O` white), then optionally `;` and
/// `MOVE:SCORE;` fields, and a `%` comment.
///
/// ```
/// use othello_tutor::engine::notation::parse_obf;
/// use othello_tutor::engine::{Color, Move, Square};
/// let rec = parse_obf(
///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; % FFO #1",
/// )
/// .expect("OBF");
/// assert_eq!(rec.position.to_move, Color::Black);
/// assert_eq!(rec.position.board.empty_count(), 14);
/// let g8 = Square::parse("g8").expect("a square");
/// assert_eq!(rec.move_scores, vec![(Move::Place(g8), 18)]);
/// assert!(parse_obf("XO X").is_err()); // 2 squares, not 64
/// ```
pub fn parse_obf(line: &str) -> Result<ObfRecord, NotationError> {
    let (body, comment) = match line.find('%') {
        Some(i) => (&line[..i], Some(line[i + 1..].trim().to_string())),
        None => (line, None),
    };
    let chars: Vec<char> = body.chars().collect();
    if chars.iter().all(|c| c.is_whitespace()) {
        return Err(NotationError::Empty);
    }
    let mut i = 0;
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    let (mut black, mut white) = (0u64, 0u64);
    let mut n = 0;
    while i < chars.len() && !chars[i].is_whitespace() && chars[i] != ';' {
        if n == 64 {
            let found = 64
                + chars[i..]
                    .iter()
                    .take_while(|c| !c.is_whitespace() && **c != ';')
                    .count();
            return Err(NotationError::ObfLength { found });
        }
        match board_char(chars[i]) {
            Some(Some(Color::Black)) => black |= 1 << n,
            Some(Some(Color::White)) => white |= 1 << n,
            Some(None) => {}
            None => {
                return Err(NotationError::BadSquareChar {
                    column: i + 1,
                    ch: chars[i],
                });
            }
        }
        n += 1;
        i += 1;
    }
    if n != 64 {
        return Err(NotationError::ObfLength { found: n });
    }
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    let to_move = match chars.get(i) {
        Some('X' | 'x' | '*' | 'B' | 'b') => Color::Black,
        Some('O' | 'o' | 'W' | 'w') => Color::White,
        other => {
            return Err(NotationError::BadSideToMove {
                column: i + 1,
                found: other
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| "end of line".into()),
            });
        }
    };
    i += 1;
    let rest: String = chars[i..].iter().collect();
    let rest = rest.trim();
    let fields = if rest.is_empty() {
        ""
    } else if let Some(r) = rest.strip_prefix(';') {
        r
    } else {
        return Err(NotationError::BadSideToMove {
            column: i,
            found: format!(
                "{}{}",
                chars[i - 1],
                rest.chars().take(6).collect::<String>()
            ),
        });
    };
    let mut move_scores = Vec::new();
    for (k, field) in fields.split(';').enumerate() {
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        let bad = || NotationError::BadObfField {
            field: k + 1,
            text: field.to_string(),
        };
        let (mv, score) = field.split_once(':').ok_or_else(bad)?;
        let mv = match mv.trim().to_ascii_lowercase().as_str() {
            "pa" | "pass" | "--" => Move::Pass,
            s => Move::Place(Square::parse(s).map_err(|_| bad())?),
        };
        let score: i32 = score.trim().parse().map_err(|_| bad())?;
        if !(-64..=64).contains(&score) {
            return Err(bad());
        }
        move_scores.push((mv, score));
    }
    let position = Position::from_colors(black, white, to_move).ok_or(NotationError::Empty)?;
    Ok(ObfRecord {
        position,
        move_scores,
        comment,
    })
}

/// Reads every OBF line of a file; blank lines and lines starting with `%` are skipped.
/// An error carries the 1-based line number.
pub fn parse_obf_file(text: &str) -> Result<Vec<ObfRecord>, (usize, NotationError)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('%') {
            continue;
        }
        out.push(parse_obf(line).map_err(|e| (i + 1, e))?);
    }
    Ok(out)
}

/// Writes a position as an OBF line (no move fields): 64 squares, a space, the side to move.
pub fn to_obf(position: &Position) -> String {
    let mut s = String::with_capacity(66);
    for sq in Square::all() {
        s.push(match position.disc_at(sq) {
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
            None => '-',
        });
    }
    s.push(' ');
    s.push(match position.to_move {
        Color::Black => 'X',
        Color::White => 'O',
    });
    s
}

/// Reads a position given either as an OBF line or as a transcript from the start.
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(NotationError::Empty);
    }
    let board_len = t.chars().take_while(|c| !c.is_whitespace()).count();
    let looks_obf = board_len >= 60 && t.chars().take(board_len).all(|c| board_char(c).is_some());
    if looks_obf {
        Ok(parse_obf(t)?.position)
    } else {
        Ok(parse_transcript(t)?.current())
    }
}

/// Reads a game in any of the formats: a GGF game when the text starts with `(`, else
/// an OBF line (a game that starts at that position), else a transcript from the
/// start. An error is the transcript's, or the GGF's for text that starts with `(`.
///
/// ```
/// use othello_tutor::engine::notation::parse_any;
/// assert_eq!(parse_any("f5 d6 c3").expect("a transcript").len(), 3);
/// let obf = "---------------------------OX------XO--------------------------- X";
/// assert_eq!(parse_any(obf).expect("an OBF line").len(), 0);
/// assert!(parse_any("(;GM[Othello]BO[8 ").is_err());
/// ```
pub fn parse_any(text: &str) -> Result<Game, NotationError> {
    let t = text.trim();
    if t.starts_with('(') {
        return parse_ggf(t).map(|g| g.game);
    }
    if let Ok(rec) = parse_obf(t) {
        return Ok(Game::new(rec.position));
    }
    parse_transcript(t)
}
