//! The exact endgame solver: the final disc margin with perfect play.
//!
//! Null-window alpha-beta (PVS at the root and on the principal variation), a
//! transposition table keyed by the full board, fastest-first move ordering (fewest
//! opponent replies first), enhanced transposition cut-offs, stability cut-offs, parity
//! ordering (odd quadrants first) near the end, and hand-written solvers for the last
//! one to four empty squares.

use super::bits::{CORNERS, QUADRANTS, neighbours};
use super::board::{Board, MAX_MOVES, flips, legal_moves};
use super::features::stable_discs;
use super::square::Square;
use super::table::Table;
use std::mem::MaybeUninit;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Above any reachable score.
const INF: i32 = 65;
/// At and below this many empties, the search runs without the table.
const SHALLOW_EMPTIES: u32 = 6;
/// At and above this many empties, children are looked up in the table before searching
/// (enhanced transposition cut-off).
const ETC_EMPTIES: u32 = 8;

/// At and above this many empties, move ordering also uses the evaluation.
const EVAL_ORDER_EMPTIES: u32 = 12;
/// Depth of the evaluation search that gives the solver its first guess.
const GUESS_DEPTH: u32 = 8;
/// At and above this many empties, move ordering uses a one-ply search.
const SHALLOW_ORDER_EMPTIES: u32 = 16;

/// Squares in the order to try them when nothing better is known: corners first,
/// X-squares last.
const SQUARE_ORDER: [u8; 64] = {
    // Priority classes: lower first.
    const CLASS: [u8; 64] = [
        0, 4, 1, 2, 2, 1, 4, 0, //
        4, 5, 3, 3, 3, 3, 5, 4, //
        1, 3, 2, 2, 2, 2, 3, 1, //
        2, 3, 2, 9, 9, 2, 3, 2, //
        2, 3, 2, 9, 9, 2, 3, 2, //
        1, 3, 2, 2, 2, 2, 3, 1, //
        4, 5, 3, 3, 3, 3, 5, 4, //
        0, 4, 1, 2, 2, 1, 4, 0, //
    ];
    let mut order = [0u8; 64];
    let mut n = 0;
    let mut class = 0;
    while class < 10 {
        let mut sq = 0;
        while sq < 64 {
            if CLASS[sq] == class {
                order[n] = sq as u8;
                n += 1;
            }
            sq += 1;
        }
        class += 1;
    }
    order
};

/// The king-move neighbours of each square.
static NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    t[sq] |= 1u64 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
};

/// The discs `p` flips by playing `sq` against `o`, skipping the work when no
/// opposing disc touches `sq`.
#[inline(always)]
fn flips_near(p: u64, o: u64, sq: u8) -> u64 {
    if NEIGHBOURS[sq as usize] & o == 0 {
        0
    } else {
        flips(p, o, sq as usize)
    }
}

/// Why a solve did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The stop flag was raised or the node limit was reached.
    #[error("the search was stopped")]
    Stopped,
}

/// The exact solver, with its own transposition table.
#[derive(Debug)]
pub struct Solver {
    table: Table,
    nodes: u64,
    node_limit: u64,
    /// The node count at which `poll` next looks at the flag, the limit and the clock.
    next_poll: u64,
    stop: Arc<AtomicBool>,
    stopped: bool,
    deadline: Option<std::time::Instant>,
}

/// The outcome of a solve: exact score (side to move's view), best move, line, nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final disc margin with perfect play, from the side to move's view.
    pub score: i32,
    /// The best move (`None` if the side to move must pass or the game is over).
    pub best: Option<Square>,
    /// A principal variation (`None` entries are passes).
    pub pv: Vec<Option<Square>>,
    /// Positions searched.
    pub nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(48)
    }
}

impl Solver {
    /// A solver with a table of about `table_mb` megabytes.
    pub fn new(table_mb: usize) -> Solver {
        Solver {
            table: Table::with_megabytes(table_mb),
            nodes: 0,
            node_limit: u64::MAX,
            next_poll: 0,
            stop: Arc::new(AtomicBool::new(false)),
            stopped: false,
            deadline: None,
        }
    }

    /// Uses `stop` as the cancel flag: raising it makes the running solve return
    /// `SolveError::Stopped` promptly.
    pub fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Stops when `deadline` passes (`None`: no time limit).
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    /// Stops after about `limit` more nodes per call.
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }

    /// Nodes searched since the last reset.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the table's contents.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn begin(&mut self) {
        self.nodes = 0;
        self.next_poll = 0;
        self.stopped = false;
        self.table.new_search();
    }

    /// The exact score of `board` (side to move's view), its best move and a line.
    ///
    /// It starts from a guess (a depth-8 search on the evaluation) and closes in on the
    /// exact value with null-window searches (MTD(f)).
    ///
    /// ```
    /// use othello_tutor::engine::endgame::Solver;
    /// use othello_tutor::engine::notation::parse_obf;
    /// // FFO endgame #1: Black to play wins by 18 with g8.
    /// let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    /// let board = parse_obf(ffo_1).expect("OBF").position.board;
    /// let solution = Solver::new(4).solve(&board).expect("not stopped");
    /// assert_eq!((solution.score, solution.best.map(|s| s.to_string())), (18, Some("g8".into())));
    /// assert_eq!(board.legal_prefix(&solution.pv), solution.pv.len());
    /// ```
    pub fn solve(&mut self, board: &Board) -> Result<Solution, SolveError> {
        let g = guess(board, GUESS_DEPTH);
        self.solve_from_guess(board, g)
    }

    /// The exact score by a series of null-window searches starting from `guess`
    /// (MTD(f)); final scores are even, so each test asks "at least g?" for an even g.
    pub fn solve_from_guess(&mut self, board: &Board, guess: i32) -> Result<Solution, SolveError> {
        self.begin();
        let (p, o) = (board.player, board.opponent);
        let empties = board.empty_count();
        let (mut lower, mut upper) = (-64, 64);
        let mut g = (guess.clamp(-64, 64) / 2) * 2;
        while lower < upper {
            let beta = g.max(lower + 1);
            // beta is even or odd; a null window just below it.
            let s = self.nws(p, o, beta - 1, empties, false);
            if self.stopped {
                return Err(SolveError::Stopped);
            }
            if s < beta {
                upper = s;
            } else {
                lower = s;
            }
            g = s;
        }
        let score = lower;
        let pv = self.line(board, score)?;
        let best = pv.first().copied().flatten();
        Ok(Solution {
            score,
            best,
            pv,
            nodes: self.nodes,
        })
    }

    /// Win/loss/draw only: the score is clamped to -1, 0 or +1 (faster than exact).
    pub fn solve_wld(&mut self, board: &Board) -> Result<Solution, SolveError> {
        let mut s = self.solve_window(board, -1, 1)?;
        s.score = s.score.signum();
        Ok(s)
    }

    /// Solves with the window (`alpha`, `beta`); a score outside it is only a bound.
    pub fn solve_window(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
    ) -> Result<Solution, SolveError> {
        self.begin();
        let (p, o) = (board.player, board.opponent);
        let empties = board.empty_count();
        let score = self.pvs(p, o, alpha, beta, empties);
        if self.stopped {
            return Err(SolveError::Stopped);
        }
        let clamped = score.clamp(alpha, beta);
        let pv = if score > alpha && score < beta {
            self.line(board, score)?
        } else {
            Vec::new()
        };
        let best = pv.first().copied().flatten().or_else(|| {
            let e = self.table.probe(p, o)?;
            Square::new(e.best).filter(|sq| legal_moves(p, o) & sq.bit() != 0)
        });
        Ok(Solution {
            score: clamped,
            best,
            pv,
            nodes: self.nodes,
        })
    }

    /// Exact score of `board` after the side to move plays `sq` (side to move's view
    /// before the move), or a bound outside (`alpha`, `beta`).
    pub fn score_after(
        &mut self,
        board: &Board,
        sq: Square,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, SolveError> {
        self.begin();
        let child = board.play_unchecked(sq);
        let s = -self.pvs(
            child.player,
            child.opponent,
            -beta,
            -alpha,
            child.empty_count(),
        );
        if self.stopped {
            Err(SolveError::Stopped)
        } else {
            Ok(s)
        }
    }

    /// The exact value of `board` in the window (`alpha`, `beta`) (a bound outside it),
    /// continuing the current search: the table generation and node count carry on.
    pub fn exact_in_window(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, SolveError> {
        self.stopped = false;
        let score = self.pvs(
            board.player,
            board.opponent,
            alpha,
            beta,
            board.empty_count(),
        );
        if self.stopped {
            Err(SolveError::Stopped)
        } else {
            Ok(score)
        }
    }

    /// Sets the node count back to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
        self.next_poll = 0;
    }

    /// A principal variation from `board`, whose exact value is `score`.
    fn line(&mut self, board: &Board, score: i32) -> Result<Vec<Option<Square>>, SolveError> {
        let mut pv = Vec::new();
        let mut b = *board;
        let mut s = score;
        loop {
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
            // Try the table move first, then the others.
            let hint = self
                .table
                .probe(b.player, b.opponent)
                .map(|e| e.best)
                .unwrap_or(64);
            let mut order: Vec<Square> = Square::all().filter(|q| moves & q.bit() != 0).collect();
            order.sort_by_key(|q| q.index() as u8 != hint);
            let mut found = None;
            for q in order {
                let c = b.play_unchecked(q);
                let e = c.empty_count();
                // No move is worth more than s, so the child's value is at least -s; the
                // move is on the line when it is at most -s, that is, when a null
                // window at -s fails low. (A window at -s - 1 fails high for every
                // move, and its fail-soft bound can be -s for a worse one.)
                let upper = self.nws(c.player, c.opponent, -s, e, false);
                if self.stopped {
                    return Err(SolveError::Stopped);
                }
                if upper <= -s {
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

    #[inline]
    fn poll(&mut self) -> bool {
        // Every 1024 nodes or so (the small solvers count their nodes without polling,
        // so the count can step over a multiple of it).
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + 1024;
            if self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Principal-variation search in (`alpha`, `beta`).
    fn pvs(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties <= SHALLOW_EMPTIES {
            return self.ab_shallow(p, o, alpha, beta, empties, false);
        }
        if beta - alpha <= 1 {
            return self.nws(p, o, alpha, empties, false);
        }
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.pvs(o, p, -beta, -alpha, empties);
        }
        let hint = self.table.probe(p, o).map(|e| e.best).unwrap_or(64);
        let mut list = MoveList::new(p, o, moves, hint, empties);
        list.sort();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_sq = 64u8;
        for (k, m) in list.iter().enumerate() {
            let score = if k == 0 {
                -self.pvs(m.p, m.o, -beta, -alpha, empties - 1)
            } else {
                let mut s = -self.nws(m.p, m.o, -alpha - 1, empties - 1, false);
                if s > alpha && s < beta && !self.stopped {
                    s = -self.pvs(m.p, m.o, -beta, -alpha, empties - 1);
                }
                s
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_sq = m.sq;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.table
            .store(p, o, empties as u8, (alpha0, beta), best, best_sq);
        best
    }

    /// Null-window search: is the value above `alpha`? Returns a fail-soft bound.
    fn nws(&mut self, p: u64, o: u64, alpha: i32, empties: u32, passed: bool) -> i32 {
        if empties <= SHALLOW_EMPTIES {
            return self.ab_shallow(p, o, alpha, alpha + 1, empties, passed);
        }
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        let beta = alpha + 1;
        // Stability cut-off: the opponent's stable discs cap our score.
        if alpha >= 64 - 2 * o.count_ones() as i32 {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let mut hint = 64;
        if let Some(e) = self.table.probe(p, o) {
            if e.lower as i32 >= beta {
                return e.lower as i32;
            }
            if e.upper as i32 <= alpha {
                return e.upper as i32;
            }
            hint = e.best;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if passed {
                return final_score(p, o);
            }
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws(o, p, -beta, empties, true);
        }
        let mut list = MoveList::new(p, o, moves, hint, empties);
        if empties >= ETC_EMPTIES {
            for m in list.iter() {
                if let Some(e) = self.table.probe(m.p, m.o)
                    && -(e.upper as i32) >= beta
                {
                    let score = -(e.upper as i32);
                    self.table
                        .store(p, o, empties as u8, (alpha, beta), score, m.sq);
                    return score;
                }
            }
        }
        list.sort();
        let mut best = -INF;
        let mut best_sq = 64u8;
        for m in list.iter() {
            let score = -self.nws(m.p, m.o, -beta, empties - 1, false);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_sq = m.sq;
                if score >= beta {
                    break;
                }
            }
        }
        self.table
            .store(p, o, empties as u8, (alpha, beta), best, best_sq);
        best
    }

    /// Alpha-beta without the table, squares tried in parity order.
    fn ab_shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        let empty = !(p | o);
        if empties <= 4 {
            let mut squares = [0u8; 4];
            let n = parity_order(empty, &mut squares);
            return self.solve_small(p, o, alpha, beta, &squares[..n], passed);
        }
        self.nodes += 1;
        let odd = odd_quadrants(empty);
        let mut best = -INF;
        for set in [empty & odd, empty & !odd] {
            if set == 0 {
                continue;
            }
            for &sq in SQUARE_ORDER.iter() {
                let bit = 1u64 << sq;
                if set & bit == 0 {
                    continue;
                }
                let f = flips_near(p, o, sq);
                if f == 0 {
                    continue;
                }
                let score = -self.ab_shallow(o ^ f, p ^ f ^ bit, -beta, -alpha, empties - 1, false);
                if score > best {
                    best = score;
                    if score >= beta {
                        return best;
                    }
                    alpha = alpha.max(score);
                }
            }
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -self.ab_shallow(o, p, -beta, -alpha, empties, true)
    }

    /// The last one to four empty squares, given in the order to try them.
    #[inline]
    fn solve_small(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        squares: &[u8],
        passed: bool,
    ) -> i32 {
        match *squares {
            [] => final_score(p, o),
            [a] => {
                self.nodes += 1;
                last_one(p, o, a)
            }
            [a, b] => self.solve_2(p, o, alpha, beta, a, b, passed),
            [a, b, c] => self.solve_3(p, o, alpha, beta, [a, b, c], passed),
            [a, b, c, d, ..] => self.solve_4(p, o, alpha, beta, [a, b, c, d], passed),
        }
    }

    /// Four empty squares.
    fn solve_4(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        sq: [u8; 4],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for i in 0..4 {
            let x = sq[i];
            let f = flips_near(p, o, x);
            if f == 0 {
                continue;
            }
            let rest = match i {
                0 => [sq[1], sq[2], sq[3]],
                1 => [sq[0], sq[2], sq[3]],
                2 => [sq[0], sq[1], sq[3]],
                _ => [sq[0], sq[1], sq[2]],
            };
            let score = -self.solve_3(o ^ f, p ^ f ^ (1u64 << x), -beta, -alpha, rest, false);
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
                alpha = alpha.max(score);
            }
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -self.solve_4(o, p, -beta, -alpha, sq, true)
    }

    /// Three empty squares.
    fn solve_3(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        sq: [u8; 3],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for i in 0..3 {
            let x = sq[i];
            let f = flips_near(p, o, x);
            if f == 0 {
                continue;
            }
            let (a, b) = match i {
                0 => (sq[1], sq[2]),
                1 => (sq[0], sq[2]),
                _ => (sq[0], sq[1]),
            };
            let score = -self.solve_2(o ^ f, p ^ f ^ (1u64 << x), -beta, -alpha, a, b, false);
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
                alpha = alpha.max(score);
            }
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -self.solve_3(o, p, -beta, -alpha, sq, true)
    }

    /// Two empty squares.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn solve_2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        a: u8,
        b: u8,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        let f = flips_near(p, o, a);
        if f != 0 {
            self.nodes += 1;
            best = -last_one(o ^ f, p ^ f ^ (1u64 << a), b);
            if best >= beta {
                return best;
            }
        }
        let f = flips_near(p, o, b);
        if f != 0 {
            self.nodes += 1;
            let score = -last_one(o ^ f, p ^ f ^ (1u64 << b), a);
            if score > best {
                best = score;
            }
        }
        if best > -INF {
            return best;
        }
        if passed {
            return final_score(p, o);
        }
        -self.solve_2(o, p, -beta, -alpha.max(best), a, b, true)
    }
}

/// The final margin with the empty squares given to the winner, for the owner of `p`.
#[inline]
fn final_score(p: u64, o: u64) -> i32 {
    Board {
        player: p,
        opponent: o,
    }
    .final_score()
}

/// The exact score with one empty square `sq` left, side to move's view.
#[inline]
fn last_one(p: u64, o: u64, sq: u8) -> i32 {
    let base = 2 * p.count_ones() as i32 - 63; // disc difference now
    let f = flips_near(p, o, sq);
    if f != 0 {
        return base + 2 * f.count_ones() as i32 + 1;
    }
    let g = flips_near(o, p, sq);
    if g != 0 {
        return base - 2 * g.count_ones() as i32 - 1;
    }
    if base > 0 { base + 1 } else { base - 1 }
}

/// The union of the quadrants holding an odd number of empty squares.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd
}

/// Writes the empty squares (at most four) into `out`, those in odd quadrants first.
#[inline]
fn parity_order(empty: u64, out: &mut [u8; 4]) -> usize {
    let odd = odd_quadrants(empty);
    let mut n = 0;
    for set in [empty & odd, empty & !odd] {
        let mut s = set;
        while s != 0 && n < 4 {
            out[n] = s.trailing_zeros() as u8;
            s &= s - 1;
            n += 1;
        }
    }
    n
}

/// One move with its resulting board (seen from the opponent) and an ordering key.
#[derive(Clone, Copy, Default)]
struct Scored {
    p: u64,
    o: u64,
    sq: u8,
    key: i32,
}

/// The legal moves of a node, ordered fastest-first.
///
/// The slots past `len` are left uninitialised: a list has room for any position's
/// moves (`MAX_MOVES`), and zeroing that much at every node of the solver costs a few
/// per cent of its speed.
struct MoveList {
    moves: [MaybeUninit<Scored>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    #[inline]
    fn new(p: u64, o: u64, mut moves: u64, hint: u8, empties: u32) -> MoveList {
        let mut list = MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        };
        let odd = if empties <= 12 {
            odd_quadrants(!(p | o))
        } else {
            0
        };
        while moves != 0 {
            let sq = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let bit = 1u64 << sq;
            let f = flips(p, o, sq as usize);
            let (cp, co) = (o ^ f, p ^ f ^ bit);
            let key = if sq == hint {
                -1_000_000
            } else {
                let their = legal_moves(cp, co);
                let mob = their.count_ones() as i32 + (their & CORNERS).count_ones() as i32;
                let pot = (neighbours(co) & !(cp | co)).count_ones() as i32;
                let mut k = mob * 64 + pot * 16;
                if empties >= SHALLOW_ORDER_EMPTIES {
                    // Far from the end: the opponent's best reply by the evaluation.
                    k += opponent_best_reply(cp, co);
                } else if empties >= EVAL_ORDER_EMPTIES {
                    // Far from the end, the evaluation helps: a bad position for the
                    // opponent first.
                    let child = Board {
                        player: cp,
                        opponent: co,
                    };
                    k += super::pattern::shipped_ref().evaluate(&child) * 30 / 100;
                }
                if bit & CORNERS != 0 {
                    k -= 32;
                }
                if odd & bit != 0 {
                    k -= 24;
                }
                k
            };
            list.moves[list.len].write(Scored {
                p: cp,
                o: co,
                sq,
                key,
            });
            list.len += 1;
        }
        list
    }

    /// The moves written so far.
    #[inline]
    fn as_slice(&self) -> &[Scored] {
        // SAFETY: the first `len` slots were written by `new` (`len` only grows after a
        // write), and `MaybeUninit<Scored>` has the layout of `Scored`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Scored>(), self.len) }
    }

    /// The moves written so far, to reorder.
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [Scored] {
        // SAFETY: as in `as_slice`.
        unsafe {
            std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Scored>(), self.len)
        }
    }

    #[inline]
    fn sort(&mut self) {
        let m = self.as_mut_slice();
        for i in 1..m.len() {
            let x = m[i];
            let mut j = i;
            while j > 0 && m[j - 1].key > x.key {
                m[j] = m[j - 1];
                j -= 1;
            }
            m[j] = x;
        }
    }

    #[inline]
    fn iter(&self) -> std::slice::Iter<'_, Scored> {
        self.as_slice().iter()
    }
}

/// The side to move's best value after one of its moves, by the evaluation (a
/// one-ply search used to order moves far from the end).
fn opponent_best_reply(p: u64, o: u64) -> i32 {
    let mut moves = legal_moves(p, o);
    let b = Board {
        player: p,
        opponent: o,
    };
    if moves == 0 {
        return super::pattern::shipped_ref().evaluate(&b);
    }
    let mut best = -100_000;
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        let c = b.play_unchecked(Square::from_index_unchecked(sq));
        best = best.max(-super::pattern::shipped_ref().evaluate(&c));
    }
    best
}

/// A quick estimate of the final margin: a depth-limited negamax on the evaluation,
/// rounded to an even number of discs (final scores are always even).
fn guess(board: &Board, depth: u32) -> i32 {
    fn negamax(b: &Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let moves = b.legal_moves_bits();
        if moves == 0 {
            if b.pass().legal_moves_bits() == 0 {
                return b.final_score() * 100;
            }
            return -negamax(&b.pass(), depth, -beta, -alpha);
        }
        if depth == 0 {
            return super::pattern::shipped_ref().evaluate(b);
        }
        let mut best = -100_000;
        let mut m = moves;
        while m != 0 {
            let sq = Square::from_index_unchecked(m.trailing_zeros());
            m &= m - 1;
            let s = -negamax(&b.play_unchecked(sq), depth - 1, -beta, -alpha);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
    let v = negamax(board, depth.min(board.empty_count()), -100_000, 100_000);
    ((v as f64 / 200.0).round() as i32 * 2).clamp(-64, 64)
}
