//! GGF games: one game's record `(;GM[Othello]…;)` read and written, and a final
//! position's result in GGF's form.

use super::{NotationError, board_char};
use crate::engine::board::{Color, Move, Position};
use crate::engine::game::Game;
use crate::engine::square::Square;
use std::fmt::Write as _;

/// A GGF game: the record and its descriptive properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfGame {
    /// The start position and the moves, passes written out.
    pub game: Game,
    /// Black's name (`PB`).
    pub black: String,
    /// White's name (`PW`).
    pub white: String,
    /// The result as written (`RE`), if any.
    pub result: Option<String>,
    /// Where it was played (`PC`).
    pub place: Option<String>,
    /// When it was played (`DT`).
    pub date: Option<String>,
    /// A comment on the game (`C`), e.g. the opening's name.
    pub comment: Option<String>,
}

impl GgfGame {
    /// A GGF record of `game` with player names and the other fields empty.
    pub fn new(game: Game, black: &str, white: &str) -> GgfGame {
        GgfGame {
            game,
            black: black.to_string(),
            white: white.to_string(),
            result: None,
            place: None,
            date: None,
            comment: None,
        }
    }
}

fn ggf_err(column: usize, what: impl Into<String>) -> NotationError {
    NotationError::Ggf {
        column,
        what: what.into(),
    }
}

/// Reads one GGF game `(;GM[Othello]…BO[8 …]B[f5]W[d6]…;)`. Unknown properties are
/// ignored; moves may carry `/eval/time` suffixes; `PA` is a pass.
pub fn parse_ggf(text: &str) -> Result<GgfGame, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let start = chars
        .iter()
        .position(|c| !c.is_whitespace())
        .ok_or(NotationError::Empty)?;
    if chars.get(start) != Some(&'(') || chars.get(start + 1) != Some(&';') {
        return Err(ggf_err(start + 1, "a game starts with `(;`"));
    }
    let mut i = start + 2;
    let mut props: Vec<(String, String, usize)> = Vec::new();
    let mut closed = false;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == ';' && chars.get(i + 1) == Some(&')') {
            closed = true;
            break;
        }
        if c == ')' {
            closed = true;
            break;
        }
        if !c.is_ascii_uppercase() {
            return Err(ggf_err(
                i + 1,
                format!("expected a property name, found `{c}`"),
            ));
        }
        let key_start = i;
        while i < chars.len() && chars[i].is_ascii_uppercase() {
            i += 1;
        }
        let key: String = chars[key_start..i].iter().collect();
        if chars.get(i) != Some(&'[') {
            return Err(ggf_err(i + 1, format!("property {key} has no `[value]`")));
        }
        i += 1;
        let value_start = i;
        let mut value = String::new();
        loop {
            match chars.get(i) {
                None => {
                    return Err(ggf_err(
                        value_start + 1,
                        format!("property {key} is not closed with `]`"),
                    ));
                }
                Some('\\') => {
                    if let Some(&n) = chars.get(i + 1) {
                        value.push(n);
                    }
                    i += 2;
                }
                Some(']') => {
                    i += 1;
                    break;
                }
                Some(&ch) => {
                    value.push(ch);
                    i += 1;
                }
            }
        }
        props.push((key, value, key_start + 1));
    }
    if !closed {
        return Err(ggf_err(chars.len(), "the game is not closed with `;)`"));
    }
    let get = |k: &str| props.iter().find(|(key, _, _)| key == k);
    if let Some((_, gm, col)) = get("GM")
        && !gm.eq_ignore_ascii_case("othello")
    {
        return Err(ggf_err(*col, format!("game type GM[{gm}] is not Othello")));
    }
    if let Some((_, ty, col)) = get("TY") {
        let t = ty.trim();
        if !(t == "8" || t == "8r") {
            return Err(ggf_err(
                *col,
                format!("board type TY[{t}] is not supported (only 8x8 standard Othello)"),
            ));
        }
    }
    let (_, bo, bo_col) = get("BO").ok_or_else(|| ggf_err(start + 1, "no board (BO) property"))?;
    let start_pos = parse_ggf_board(bo, *bo_col)?;
    let mut game = Game::new(start_pos);
    for (key, value, col) in &props {
        let color = match key.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => continue,
        };
        let number = game.len() + 1;
        let text = value.split('/').next().unwrap_or("").trim();
        let mv = match text.to_ascii_lowercase().as_str() {
            "pa" | "pass" => Move::Pass,
            s => Move::Place(Square::parse(s).map_err(|_| {
                ggf_err(
                    *col,
                    format!("move {number}: `{text}` is not a square or PA"),
                )
            })?),
        };
        if matches!(mv, Move::Place(_)) && game.current().must_pass() {
            game.play(Move::Pass)
                .map_err(|reason| NotationError::IllegalMove { number, mv, reason })?;
        }
        let number = game.len() + 1;
        if game.current().to_move != color {
            return Err(ggf_err(
                *col,
                format!(
                    "move {number}: {key}[{text}] but {} is to move",
                    game.current().to_move
                ),
            ));
        }
        game.play(mv)
            .map_err(|reason| NotationError::IllegalMove { number, mv, reason })?;
    }
    let text_of = |k: &str| get(k).map(|(_, v, _)| v.clone());
    Ok(GgfGame {
        game,
        black: text_of("PB").unwrap_or_default(),
        white: text_of("PW").unwrap_or_default(),
        result: text_of("RE"),
        place: text_of("PC"),
        date: text_of("DT"),
        comment: text_of("C"),
    })
}

fn parse_ggf_board(bo: &str, col: usize) -> Result<Position, NotationError> {
    let mut parts = bo.split_whitespace();
    if parts.next() != Some("8") {
        return Err(ggf_err(col, "BO must start with the board size 8"));
    }
    let rest: Vec<char> = parts.flat_map(|p| p.chars()).collect();
    if rest.len() != 65 {
        return Err(ggf_err(
            col,
            format!(
                "BO needs 64 squares and the side to move, found {} characters",
                rest.len()
            ),
        ));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (n, &ch) in rest[..64].iter().enumerate() {
        match board_char(ch) {
            Some(Some(Color::Black)) => black |= 1 << n,
            Some(Some(Color::White)) => white |= 1 << n,
            Some(None) => {}
            None => {
                return Err(ggf_err(
                    col,
                    format!("BO square {}: `{ch}` is not *, O or -", n + 1),
                ));
            }
        }
    }
    let to_move = match rest[64] {
        '*' | 'X' | 'x' | 'B' => Color::Black,
        'O' | 'o' | 'W' => Color::White,
        ch => {
            return Err(ggf_err(
                col,
                format!("BO side to move `{ch}` is not * or O"),
            ));
        }
    };
    Position::from_colors(black, white, to_move).ok_or_else(|| ggf_err(col, "overlapping discs"))
}

fn ggf_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes a GGF game: `(;GM[Othello]PC[…]DT[…]PB[…]PW[…]RE[…]C[…]TY[8]BO[8 …]B[f5]W[d6]…;)`.
pub fn to_ggf(record: &GgfGame) -> String {
    let mut s = String::from("(;GM[Othello]");
    if let Some(pc) = &record.place {
        let _ = write!(s, "PC[{}]", ggf_escape(pc));
    }
    if let Some(dt) = &record.date {
        let _ = write!(s, "DT[{}]", ggf_escape(dt));
    }
    let _ = write!(
        s,
        "PB[{}]PW[{}]",
        ggf_escape(&record.black),
        ggf_escape(&record.white)
    );
    if let Some(re) = &record.result {
        let _ = write!(s, "RE[{}]", ggf_escape(re));
    }
    if let Some(c) = &record.comment {
        let _ = write!(s, "C[{}]", ggf_escape(c));
    }
    s.push_str("TY[8]BO[8 ");
    let start = record.game.start();
    for row in 0..8 {
        for col in 0..8 {
            let sq = Square::from_index_unchecked(row * 8 + col);
            s.push(match start.disc_at(sq) {
                Some(Color::Black) => '*',
                Some(Color::White) => 'O',
                None => '-',
            });
        }
        s.push(' ');
    }
    s.push(match start.to_move {
        Color::Black => '*',
        Color::White => 'O',
    });
    s.push(']');
    let mut pos = start;
    for mv in record.game.moves() {
        let key = match pos.to_move {
            Color::Black => 'B',
            Color::White => 'W',
        };
        match mv {
            Move::Place(sq) => {
                let _ = write!(s, "{key}[{sq}]");
                pos = pos.play_unchecked(*sq);
            }
            Move::Pass => {
                let _ = write!(s, "{key}[PA]");
                pos = pos.pass();
            }
        }
    }
    s.push_str(";)");
    s
}

/// The result of a finished game in GGF style from Black's view, e.g. `+16` or `-24`.
pub fn ggf_result(position: &Position) -> Option<String> {
    if !position.is_game_over() {
        return None;
    }
    let (b, w) = position.final_counts();
    let d = b as i32 - w as i32;
    Some(if d > 0 {
        format!("+{d}")
    } else {
        format!("{d}")
    })
}
