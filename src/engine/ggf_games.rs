//! GGF files of many games: `(;GM[Othello]…;)` after `(;GM[Othello]…;)`, on one
//! line or many, as game servers write them. Each game is read by
//! [`notation::parse_ggf`](super::notation::parse_ggf), so a file of one game reads
//! exactly as that game does.

use super::notation::{GgfGame, NotationError, parse_ggf};

/// Why one game of a GGF file cannot be read: which game, the line it starts on,
/// and the reader's reason (its column counts from the game's `(`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game} (line {line}): {error}")]
pub struct GgfGamesError {
    /// 1-based game number in the file.
    pub game: usize,
    /// 1-based line the game starts on.
    pub line: usize,
    /// What is wrong.
    pub error: NotationError,
}

/// The games of a GGF text in order, each as its text and the line it starts on.
/// A game runs from `(;` to the `;)` (or `)`) outside property values; text
/// between games is skipped. A game that is never closed runs to the end (its
/// reader then says what is missing).
pub fn split_ggf_games(text: &str) -> Vec<(&str, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            line += 1;
        }
        if bytes[i] != b'(' || bytes.get(i + 1) != Some(&b';') {
            i += 1;
            continue;
        }
        let (start, start_line) = (i, line);
        let mut in_value = false;
        let mut j = i + 2;
        let mut end = bytes.len();
        while j < bytes.len() {
            match bytes[j] {
                b'\n' => line += 1,
                b'\\' if in_value => j += 1,
                b'[' if !in_value => in_value = true,
                b']' if in_value => in_value = false,
                b')' if !in_value => {
                    end = j + 1;
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        // Every index above is at an ASCII byte, so the slice is on char boundaries.
        out.push((&text[start..end.min(text.len())], start_line));
        i = end;
    }
    out
}

/// Reads every game of a GGF text (a file of one game gives one). An error names
/// the game and its line; a text with no game at all is [`NotationError::Empty`].
///
/// ```
/// use othello_tutor::engine::ggf_games::parse_ggf_games;
///
/// let start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
/// let text = format!("(;GM[Othello]PB[a]PW[b]{start}B[f5];)\n(;GM[Othello]{start}B[d3]W[c5];)\n");
/// let games = parse_ggf_games(&text).unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].game.len(), 2);
/// let bad = format!("{text}(;GM[Othello]{start}B[f5]W[f5];)");
/// let err = parse_ggf_games(&bad).unwrap_err();
/// assert_eq!((err.game, err.line), (3, 3));
/// ```
pub fn parse_ggf_games(text: &str) -> Result<Vec<GgfGame>, GgfGamesError> {
    let pieces = split_ggf_games(text);
    if pieces.is_empty() {
        return Err(GgfGamesError {
            game: 1,
            line: 1,
            error: if text.trim().is_empty() {
                NotationError::Empty
            } else {
                NotationError::Ggf {
                    column: 1,
                    what: "no game: a GGF game starts with `(;`".into(),
                }
            },
        });
    }
    pieces
        .into_iter()
        .enumerate()
        .map(|(k, (piece, line))| {
            parse_ggf(piece).map_err(|error| GgfGamesError {
                game: k + 1,
                line,
                error,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_inside_values_do_not_end_a_game() {
        let text = "(;GM[Othello]C[a ) b \\] c];) junk (;GM[x];)";
        let games = split_ggf_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].0, "(;GM[Othello]C[a ) b \\] c];)");
        assert_eq!(games[1].0, "(;GM[x];)");
    }
}
