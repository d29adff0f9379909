//! The part of the unbounded grid the board shows: a window that stays where it is
//! and scrolls only when the group (or the cursor) leaves it, so the picture does
//! not jump between moves.

use crate::potential::Cell;

/// Columns and rows a board shows before the interface says how many fit.
pub const DEFAULT_CELLS: (usize, usize) = (15, 15);

/// A window onto the grid: its top-left cell and its size in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The top-left cell (smallest x, largest y).
    origin: Cell,
    /// Columns of cells.
    cols: usize,
    /// Rows of cells.
    rows: usize,
}

impl Window {
    /// A window of `cols` × `rows` cells centred on `centre`.
    ///
    /// ```
    /// use othello_tutor::potential::Cell;
    /// use othello_tutor::tutor::models::potential::Window;
    /// let w = Window::centred(Cell::ORIGIN, 5, 3);
    /// assert_eq!(w.columns(), vec![-2, -1, 0, 1, 2]);
    /// assert_eq!(w.rows(), vec![1, 0, -1]);
    /// ```
    pub fn centred(centre: Cell, cols: usize, rows: usize) -> Window {
        Window {
            origin: Cell::new(centre.x - half(cols), centre.y + half(rows)),
            cols,
            rows,
        }
    }

    /// The x of each column, left to right.
    pub fn columns(&self) -> Vec<i16> {
        (0..self.cols).map(|c| self.origin.x + c as i16).collect()
    }

    /// The y of each row, top to bottom.
    pub fn rows(&self) -> Vec<i16> {
        (0..self.rows).map(|r| self.origin.y - r as i16).collect()
    }

    /// The size in cells: columns, rows.
    pub fn size(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    /// The cell at column `col`, row `row` of the window (counted from its top left).
    pub fn cell_at(&self, col: usize, row: usize) -> Cell {
        Cell::new(self.origin.x + col as i16, self.origin.y - row as i16)
    }

    /// Whether `cell` is in sight.
    pub fn contains(&self, cell: Cell) -> bool {
        let (lo, hi) = self.corners();
        (lo.x..=hi.x).contains(&cell.x) && (lo.y..=hi.y).contains(&cell.y)
    }

    /// The bottom-left and the top-right cells in sight.
    fn corners(&self) -> (Cell, Cell) {
        let (cols, rows) = (self.cols as i16, self.rows as i16);
        (
            Cell::new(self.origin.x, self.origin.y - rows + 1),
            Cell::new(self.origin.x + cols - 1, self.origin.y),
        )
    }

    /// The same window resized to `cols` × `rows` around the same centre.
    ///
    /// ```
    /// use othello_tutor::potential::Cell;
    /// use othello_tutor::tutor::models::potential::Window;
    /// let w = Window::centred(Cell::new(3, -2), 5, 5).resized(9, 3);
    /// assert_eq!(w, Window::centred(Cell::new(3, -2), 9, 3));
    /// ```
    pub fn resized(self, cols: usize, rows: usize) -> Window {
        Window::centred(self.centre(), cols, rows)
    }

    /// The cell in the middle (left and up of it when the size is even).
    pub fn centre(&self) -> Cell {
        Cell::new(
            self.origin.x + half(self.cols),
            self.origin.y - half(self.rows),
        )
    }

    /// Scrolls just enough to show the box from `lo` to `hi` (bottom left, top right)
    /// with a margin of one cell, or centres on it when it does not fit.
    pub fn follow(&mut self, lo: Cell, hi: Cell) {
        let (cols, rows) = (self.cols as i16, self.rows as i16);
        if cols == 0 || rows == 0 {
            return;
        }
        let (lo, hi) = (lo.offset(-1, -1), hi.offset(1, 1));
        let o = &mut self.origin;
        if hi.x - lo.x + 1 > cols {
            o.x = (lo.x + hi.x) / 2 - cols / 2;
        } else if lo.x < o.x {
            o.x = lo.x;
        } else if hi.x > o.x + cols - 1 {
            o.x = hi.x - cols + 1;
        }
        if hi.y - lo.y + 1 > rows {
            o.y = (lo.y + hi.y) / 2 + rows / 2;
        } else if hi.y > o.y {
            o.y = hi.y;
        } else if lo.y < o.y - rows + 1 {
            o.y = lo.y + rows - 1;
        }
    }

    /// Scrolls by one step when `cell` has left the window, so it is back in sight.
    pub fn reveal(&mut self, cell: Cell) {
        let (cols, rows) = (self.cols as i16, self.rows as i16);
        let o = &mut self.origin;
        if cell.x < o.x {
            o.x = cell.x;
        } else if cell.x > o.x + cols - 1 {
            o.x = cell.x - cols + 1;
        }
        if cell.y > o.y {
            o.y = cell.y;
        } else if cell.y < o.y - rows + 1 {
            o.y = cell.y + rows - 1;
        }
    }

    /// Moves the window `dy` rows up (down when negative).
    pub fn scroll(&mut self, dy: i16) {
        self.origin.y += dy;
    }

    /// The cell of the window nearest to `cell` (`cell` itself when in sight).
    pub fn clamp(&self, cell: Cell) -> Cell {
        if self.cols == 0 || self.rows == 0 {
            return cell;
        }
        let (lo, hi) = self.corners();
        Cell::new(cell.x.clamp(lo.x, hi.x), cell.y.clamp(lo.y, hi.y))
    }
}

impl Default for Window {
    /// [`DEFAULT_CELLS`] centred on the origin.
    fn default() -> Window {
        Window::centred(Cell::ORIGIN, DEFAULT_CELLS.0, DEFAULT_CELLS.1)
    }
}

fn half(n: usize) -> i16 {
    (n / 2) as i16
}
