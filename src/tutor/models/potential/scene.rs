//! What the Potential board shows, as plain data: each cell in the window with its
//! piece, its mark and its frame, the axis labels over and beside the grid, and how
//! the screen makes it from the game.

use super::PotentialScreen;
use crate::potential::{Cell, Color, Phase, PotentialMove};

/// Characters left of the grid, for the row labels.
pub const LABEL_COLS: usize = 4;
/// Characters per cell: a frame character each side of the glyph.
pub const CELL_COLS: usize = 3;

/// What an empty cell is marked with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing: `.`.
    None,
    /// A legal destination of the picked-up piece: `*`.
    Target,
    /// A legal placement for the side to move (when it is the learner's turn): `+`.
    Placeable,
    /// The cell the last move left: `:`.
    Left,
}

/// The frame around a cell's glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    /// No frame.
    None,
    /// The cursor: `[ ]`.
    Cursor,
    /// The picked-up piece: `< >`.
    Picked,
    /// Where the last move landed: `( )`.
    Last,
}

/// One cell of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridCell {
    /// The cell.
    pub cell: Cell,
    /// The piece on it.
    pub piece: Option<Color>,
    /// Whether its piece cannot move (bound or without potential), in the moving phase.
    pub stuck: bool,
    /// The mark of an empty cell.
    pub mark: Mark,
    /// Its frame.
    pub frame: Frame,
}

impl GridCell {
    /// The glyph: `O`/`X` a White/Black piece (`o`/`x` when it cannot move), else
    /// the mark.
    pub fn glyph(&self) -> char {
        match (self.piece, self.stuck) {
            (Some(Color::White), false) => 'O',
            (Some(Color::White), true) => 'o',
            (Some(Color::Black), false) => 'X',
            (Some(Color::Black), true) => 'x',
            (None, _) => match self.mark {
                Mark::None => '.',
                Mark::Target => '*',
                Mark::Placeable => '+',
                Mark::Left => ':',
            },
        }
    }

    /// The cell as drawn: its glyph in its frame, [`CELL_COLS`] characters.
    ///
    /// ```
    /// use othello_tutor::potential::{Cell, Color};
    /// use othello_tutor::tutor::models::potential::{Frame, GridCell, Mark};
    /// let c = GridCell { cell: Cell::ORIGIN, piece: Some(Color::White), stuck: false, mark: Mark::None, frame: Frame::Cursor };
    /// assert_eq!(c.text(), "[O]");
    /// ```
    pub fn text(&self) -> String {
        let (l, r) = match self.frame {
            Frame::None => (' ', ' '),
            Frame::Cursor => ('[', ']'),
            Frame::Picked => ('<', '>'),
            Frame::Last => ('(', ')'),
        };
        format!("{l}{}{r}", self.glyph())
    }
}

/// The board as shown: the window's cells row by row, top row first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The x of each column, left to right.
    pub columns: Vec<i16>,
    /// The y of each row, top to bottom.
    pub rows: Vec<i16>,
    /// The cells, one `Vec` per row.
    pub cells: Vec<Vec<GridCell>>,
}

impl Grid {
    /// The line over the grid: each column's x with its last character over the
    /// column's glyph. A label that would touch the one before it is left out (only
    /// three-character labels can: those of odd x are left out first).
    pub fn column_labels(&self) -> String {
        column_labels(&self.columns)
    }

    /// The text left of row `row` (its y, right-aligned, then a space).
    pub fn row_label(&self, row: usize) -> String {
        self.rows
            .get(row)
            .map(|&y| row_label(y))
            .unwrap_or_default()
    }

    /// The whole grid as text, labels included (for tests and plain output).
    pub fn text(&self) -> String {
        let mut out = self.column_labels().trim_end().to_string();
        for (r, cells) in self.cells.iter().enumerate() {
            out.push('\n');
            out.push_str(&self.row_label(r));
            for c in cells {
                out.push_str(&c.text());
            }
        }
        out
    }

    /// The cell drawn at character column `x` of line `y` of [`Grid::text`] (line 0 is
    /// the column labels), if any.
    pub fn cell_under(&self, x: usize, y: usize) -> Option<Cell> {
        let row = y.checked_sub(1)?;
        let col = x.checked_sub(LABEL_COLS)? / CELL_COLS;
        self.cells.get(row)?.get(col).map(|c| c.cell)
    }
}

/// The character column of column `col`'s glyph in a line of the grid.
pub fn glyph_column(col: usize) -> usize {
    LABEL_COLS + CELL_COLS * col + 1
}

/// The label line over columns of `xs` (see [`Grid::column_labels`]).
///
/// ```
/// use othello_tutor::tutor::models::potential::scene::column_labels;
/// assert_eq!(column_labels(&[-1, 0, 1]), "    -1  0  1 ");
/// assert_eq!(column_labels(&[-12, -11, -10, -9]), "   -12   -10 -9 ");
/// ```
pub fn column_labels(xs: &[i16]) -> String {
    let mut line: Vec<char> = vec![' '; LABEL_COLS + CELL_COLS * xs.len()];
    // One past the last character written so far.
    let mut written = 0;
    for (col, &x) in xs.iter().enumerate() {
        let text: Vec<char> = x.to_string().chars().collect();
        if text.len() > 2 && x % 2 != 0 {
            continue;
        }
        let end = glyph_column(col) + 1;
        let Some(start) = end.checked_sub(text.len()) else {
            continue;
        };
        if written > 0 && start <= written {
            continue;
        }
        line[start..end].copy_from_slice(&text);
        written = end;
    }
    line.into_iter().collect()
}

/// The text left of the row of `y`: right-aligned in [`LABEL_COLS`] - 1 characters,
/// then a space.
pub fn row_label(y: i16) -> String {
    let text = format!("{y:>width$}", width = LABEL_COLS - 1);
    if text.len() < LABEL_COLS {
        format!("{text} ")
    } else {
        text
    }
}

impl PotentialScreen {
    /// The board in the window.
    pub(super) fn grid(&self) -> Grid {
        let pos = self.game.position();
        let a = pos.analysis();
        let placing = pos.phase() == Phase::Placing;
        let my_turn = !self.computer_to_move() && !pos.is_over();
        let targets: Vec<Cell> = self.selected.map(|s| pos.targets_of(s)).unwrap_or_default();
        let last = self.game.last_move().map(|(_, m)| m);
        let (cols, rows) = self.window.size();
        let cells = (0..rows)
            .map(|row| {
                (0..cols)
                    .map(|col| {
                        let cell = self.window.cell_at(col, row);
                        let piece = pos.board().piece_at(cell);
                        let stuck = piece.is_some()
                            && !placing
                            && a.pieces()
                                .iter()
                                .find(|p| p.cell == cell)
                                .is_some_and(|p| !p.is_movable());
                        let mark = if targets.contains(&cell) {
                            Mark::Target
                        } else if last.and_then(|m| m.origin()) == Some(cell) {
                            Mark::Left
                        } else if placing
                            && my_turn
                            && pos.check(PotentialMove::Place(cell)).is_ok()
                        {
                            Mark::Placeable
                        } else {
                            Mark::None
                        };
                        let frame = if cell == self.cursor {
                            Frame::Cursor
                        } else if Some(cell) == self.selected {
                            Frame::Picked
                        } else if last.map(|m| m.target()) == Some(cell) {
                            Frame::Last
                        } else {
                            Frame::None
                        };
                        GridCell {
                            cell,
                            piece,
                            stuck,
                            mark,
                            frame,
                        }
                    })
                    .collect()
            })
            .collect();
        Grid {
            columns: self.window.columns(),
            rows: self.window.rows(),
            cells,
        }
    }
}
