//! Reading the line of a solved position, and its best move alone.
//!
//! Once the score is known, the line is read move by move: at each ply the first
//! move, in the move ordering of the board alone, whose null window at the value
//! fails low. It never starts from the table's move: what the table holds depends on
//! earlier solves (the grading table is kept between grades and warmed while the
//! learner thinks) and on how threads raced, and a refutation built on the line must
//! read the same every time (`tests/endgame.rs` checks a line is the same fresh, on a
//! warm table and on one to three threads). The root's MTD(f) passes try the moves
//! in that same order (`ordered_nws`; a value resting on a selective cut-off stores
//! only its move, as in `nws`), so the pass that proves the score usually does so by
//! the line's first move, having shown the moves before it worse (the first two plies
//! so ordered: 661 M nodes, worse than the root alone). The line
//! still costs a proof wherever, further down, the ordering ranks a worse move first:
//! on FFO #40–#49, one thread, 640 M nodes against 563 M for the table's line
//! (674 M before the root took the line's order), 25.2 s against 22.5 s; two threads
//! 15.8 s against 14.0 s (`farm-bench`, 3 runs each, session 11). The median grade on
//! 60 positions of 22 empties went from 0.80 s to 0.93 s. Square order instead of the
//! board's ordering cost 1.56× the time, and ordering by a 6-ply evaluation search
//! 1.21×.
//!
//! Where only the score and the best move are wanted (a label, a grade's preparation,
//! a puzzle's proof, the FFO figures other engines give), [`Solver::solve_score`]
//! reads the line's first move alone: the same move `Solver::solve` names, without
//! the proofs further down.

use super::order;
use super::{Scored, Solution, SolveError, Solver};
use crate::engine::board::Board;
use crate::engine::square::Square;

/// Every entry of the line (see [`read_line`]).
pub(crate) const WHOLE_LINE: usize = usize::MAX;

impl Solver {
    /// The exact score of `board` (side to move's view) and its best move, without
    /// the rest of the line: the same score and move as [`Solver::solve`], for less
    /// work (only the root's moves before the best are proved worse).
    ///
    /// ```
    /// use othello_tutor::engine::endgame::Solver;
    /// use othello_tutor::engine::notation::parse_obf;
    /// // FFO endgame #1: Black to play wins by 18 with g8.
    /// let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    /// let board = parse_obf(ffo_1).expect("OBF").position.board;
    /// let scored = Solver::new(4).solve_score(&board).expect("not stopped");
    /// assert_eq!((scored.score, scored.best.map(|s| s.to_string())), (18, Some("g8".into())));
    /// ```
    pub fn solve_score(&mut self, board: &Board) -> Result<Scored, SolveError> {
        Ok(self.solve_to(board, 1)?.scored())
    }

    /// The solve of [`Solver::solve`] with at most `plies` entries of the line.
    pub(crate) fn solve_to(&mut self, board: &Board, plies: usize) -> Result<Solution, SolveError> {
        let g = Solver::first_guess(board);
        let score = self.score_with_presearch(board, g)?;
        self.with_line(board, score, plies)
    }

    /// The solution of `board`, whose exact value is `score`, with at most `plies`
    /// entries of its line (continuing the current search).
    pub(super) fn with_line(
        &mut self,
        board: &Board,
        score: i32,
        plies: usize,
    ) -> Result<Solution, SolveError> {
        let pv = read_line(board, score, plies, |c, bound| self.at_most(c, bound))?;
        let best = pv.first().copied().flatten();
        Ok(Solution {
            score,
            best,
            pv,
            nodes: self.nodes,
        })
    }

    /// The solution of `board` whose exact score `score` is known (from
    /// `score_from_guess`, say, by this or another solver sharing the table): its line.
    pub fn solution_with_score(
        &mut self,
        board: &Board,
        score: i32,
    ) -> Result<Solution, SolveError> {
        self.begin();
        self.with_line(board, score, WHOLE_LINE)
    }

    /// Whether the exact value of `board` is at most `bound`: a null window at `bound`
    /// fails low. Continues the current search (its node count and stop).
    pub(super) fn at_most(&mut self, board: &Board, bound: i32) -> Result<bool, SolveError> {
        let upper = self.nws(
            board.player,
            board.opponent,
            bound,
            board.empty_count(),
            false,
        );
        if self.stopped {
            return Err(SolveError::Stopped);
        }
        Ok(upper <= bound)
    }
}

/// A principal variation from `board`, whose exact value is `score`: at each ply the
/// first move, in the move ordering of the board alone ([`line_order`], never the
/// table's move), that keeps the value, so the line depends on the board and the
/// score alone; at most `plies` entries (passes count). `at_most(child, bound)` says whether a position's exact value is at
/// most `bound`.
pub(crate) fn read_line(
    board: &Board,
    score: i32,
    plies: usize,
    mut at_most: impl FnMut(&Board, i32) -> Result<bool, SolveError>,
) -> Result<Vec<Option<Square>>, SolveError> {
    let mut pv = Vec::new();
    let mut b = *board;
    let mut s = score;
    while pv.len() < plies {
        let moves = b.legal_moves_bits();
        if moves == 0 {
            if b.pass().legal_moves_bits() == 0 {
                break;
            }
            pv.push(None);
            b = b.pass();
            s = -s;
            continue;
        }
        let mut found = None;
        for q in line_order(&b, moves) {
            let c = b.play_unchecked(q);
            // No move is worth more than s, so the child's value is at least -s; the
            // move is on the line when it is at most -s, that is, when a null window
            // at -s fails low. (A window at -s - 1 fails high for every move, and its
            // fail-soft bound can be -s for a worse one.)
            if at_most(&c, -s)? {
                found = Some(q);
                b = c;
                s = -s;
                break;
            }
        }
        match found {
            Some(q) => pv.push(Some(q)),
            None => break,
        }
    }
    Ok(pv)
}

/// How many plies from the root the MTD(f) passes search in the line's order (see
/// [`Solver::ordered_nws`]).
pub(super) const ORDERED_PLIES: u32 = 1;

/// Below this many empties a node is searched in the usual order (its proof is cheap
/// to find again).
pub(super) const ORDERED_MIN_EMPTIES: u32 = 12;

/// The order in which [`read_line`] tries the `moves` of `board`: the solver's own
/// move ordering with no table move, so it depends on the board alone.
pub(super) fn line_order(board: &Board, moves: u64) -> Vec<Square> {
    let mut list = order::MoveList::new();
    list.generate(board.player, board.opponent, moves);
    list.score(0, board.player, board.opponent, 64, board.empty_count());
    (0..list.len())
        .filter_map(|k| Square::new(list.pick(k).sq))
        .collect()
}
