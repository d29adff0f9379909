//! Fast move generation: one pass per position finds the bound pieces
//! (articulation points of the king-move graph), every piece's `(t, d)`, and
//! the frontier (the empty cells touching the group) with its `(t, d)`; the
//! moves of either side then follow from these tables without another
//! connectivity test.

use super::board::{Board, MAX_PIECES};
use super::cell::{Adjacency, Cell, Color, NEIGHBOUR_OFFSETS, PotentialMove};

/// What the analysis knows about one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// Where the piece stands.
    pub cell: Cell,
    /// Whose piece it is.
    pub color: Color,
    /// Number of occupied neighbours.
    pub t: u8,
    /// Number of occupied direct neighbours.
    pub d: u8,
    /// True when lifting the piece would split the group (rule 6).
    pub bound: bool,
}

impl PieceInfo {
    /// The potential key `5·t + d`; comparing keys compares `(t, d)` in order.
    pub fn key(&self) -> u8 {
        5 * self.t + self.d
    }

    /// True when the piece has at least one legal move: it is not bound and
    /// its `(t, d)` is above `(1, 0)` (the key theorem of the rulebook).
    pub fn is_movable(&self) -> bool {
        !self.bound && self.key() > 5
    }
}

/// An empty cell touching the group, with its neighbour counts over the
/// whole group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontierCell {
    /// The empty cell.
    pub cell: Cell,
    /// Number of occupied neighbours.
    pub t: u8,
    /// Number of occupied direct neighbours.
    pub d: u8,
}

impl FrontierCell {
    /// The key `5·t + d` of this cell over the whole group.
    pub fn key(&self) -> u8 {
        5 * self.t + self.d
    }
}

/// A phase-2 move with the change of the position's potential it causes
/// (always negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepInfo {
    /// The move.
    pub mv: PotentialMove,
    /// Index of the moving piece in [`Analysis::pieces`].
    pub piece: u8,
    /// Change of the position potential Φ (the key at the target minus the
    /// key at the origin).
    pub delta: i8,
}

/// The per-position tables behind move generation. Reuse one value with
/// [`Analysis::recompute`] to avoid allocations in a search.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    pieces: Vec<PieceInfo>,
    frontier: Vec<FrontierCell>,
    /// For each piece, up to 8 neighbouring piece indices.
    adjacency: Vec<[u8; 8]>,
    /// For each piece, the frontier indices of its empty neighbours
    /// (`u16::MAX` ends the list).
    empty_neighbours: Vec<[u16; 8]>,
    /// Torus slot → frontier index; only meaningful for slots marked in the
    /// current pass, so it is never cleared.
    slot_map: Vec<u16>,
}

impl Analysis {
    /// Analyzes `board`.
    pub fn new(board: &Board) -> Analysis {
        let mut a = Analysis::default();
        a.recompute(board);
        a
    }

    /// Refills the tables for `board`.
    pub fn recompute(&mut self, board: &Board) {
        let n = board.len();
        self.pieces.clear();
        self.frontier.clear();
        self.adjacency.clear();
        self.empty_neighbours.clear();
        for i in 0..n {
            let cell = board.cell_of(i);
            let mut adj = [u8::MAX; 8];
            let (mut t, mut d) = (0u8, 0u8);
            for (k, &(dx, dy)) in NEIGHBOUR_OFFSETS.iter().enumerate() {
                if let Some(j) = board.index_at(cell.offset(dx, dy)) {
                    adj[t as usize] = j as u8;
                    t += 1;
                    if k < 4 {
                        d += 1;
                    }
                }
            }
            self.adjacency.push(adj);
            self.pieces.push(PieceInfo {
                cell,
                color: board.color_of(i),
                t,
                d,
                bound: false,
            });
        }
        self.mark_articulation_points();
        self.collect_frontier(board);
    }

    /// Tarjan's low-link pass over the king-move graph (iterative).
    fn mark_articulation_points(&mut self) {
        let n = self.pieces.len();
        let mut disc = [0u8; MAX_PIECES];
        let mut low = [0u8; MAX_PIECES];
        let mut parent = [u8::MAX; MAX_PIECES];
        let mut next_edge = [0u8; MAX_PIECES];
        let mut timer = 1u8;
        let mut stack: [u8; MAX_PIECES] = [0; MAX_PIECES];
        for root in 0..n {
            if disc[root] != 0 {
                continue;
            }
            let mut root_children = 0;
            disc[root] = timer;
            low[root] = timer;
            timer += 1;
            let mut sp = 1;
            stack[0] = root as u8;
            while sp > 0 {
                let v = stack[sp - 1] as usize;
                let e = next_edge[v] as usize;
                if e < self.pieces[v].t as usize {
                    next_edge[v] += 1;
                    let w = self.adjacency[v][e] as usize;
                    if disc[w] == 0 {
                        parent[w] = v as u8;
                        disc[w] = timer;
                        low[w] = timer;
                        timer += 1;
                        if v == root {
                            root_children += 1;
                        }
                        stack[sp] = w as u8;
                        sp += 1;
                    } else if w as u8 != parent[v] {
                        low[v] = low[v].min(disc[w]);
                    }
                } else {
                    sp -= 1;
                    if sp > 0 {
                        let p = stack[sp - 1] as usize;
                        low[p] = low[p].min(low[v]);
                        if p != root && low[v] >= disc[p] {
                            self.pieces[p].bound = true;
                        }
                    }
                }
            }
            if root_children > 1 {
                self.pieces[root].bound = true;
            }
        }
    }

    fn collect_frontier(&mut self, board: &Board) {
        if self.slot_map.len() != 64 * 64 {
            self.slot_map = vec![0; 64 * 64];
        }
        let mut seen = [0u64; 64];
        for p in &self.pieces {
            let mut list = [u16::MAX; 8];
            let mut k = 0;
            for (dx, dy) in NEIGHBOUR_OFFSETS {
                let q = p.cell.offset(dx, dy);
                if board.is_occupied(q) {
                    continue;
                }
                let (row, bit) = ((q.y as usize) & 63, (q.x as usize) & 63);
                let index = if seen[row] >> bit & 1 == 1 {
                    self.slot_map[row * 64 + bit]
                } else {
                    seen[row] |= 1 << bit;
                    let index = self.frontier.len() as u16;
                    self.slot_map[row * 64 + bit] = index;
                    let (t, d) = board.neighbour_counts(q, None);
                    self.frontier.push(FrontierCell { cell: q, t, d });
                    index
                };
                list[k] = index;
                k += 1;
            }
            self.empty_neighbours.push(list);
        }
    }

    /// Every piece, in the board's piece order.
    pub fn pieces(&self) -> &[PieceInfo] {
        &self.pieces
    }

    /// The empty cells touching the group.
    pub fn frontier(&self) -> &[FrontierCell] {
        &self.frontier
    }

    /// The position potential Φ = 5·E + D (half the sum of the keys).
    pub fn potential(&self) -> u32 {
        self.pieces.iter().map(|p| u32::from(p.key())).sum::<u32>() / 2
    }

    /// Number of `color`'s pieces that can move.
    pub fn movable_count(&self, color: Color) -> usize {
        self.pieces
            .iter()
            .filter(|p| p.color == color && p.is_movable())
            .count()
    }

    /// True when `color` has at least one legal phase-2 move. O(M).
    pub fn has_move(&self, color: Color) -> bool {
        self.pieces
            .iter()
            .any(|p| p.color == color && p.is_movable())
    }

    /// The legal placements: every frontier cell, or the centre on an empty
    /// field.
    pub fn placements(&self) -> Vec<PotentialMove> {
        if self.pieces.is_empty() {
            return vec![PotentialMove::Place(Cell::ORIGIN)];
        }
        self.frontier
            .iter()
            .map(|f| PotentialMove::Place(f.cell))
            .collect()
    }

    /// Appends the legal phase-2 moves of `color` to `out`, with their
    /// change of potential.
    pub fn steps_into(&self, color: Color, out: &mut Vec<StepInfo>) {
        for (i, p) in self.pieces.iter().enumerate() {
            if p.color != color || !p.is_movable() {
                continue;
            }
            self.piece_steps_into(i, out);
        }
    }

    /// Appends the legal moves of piece number `i` (whatever its color).
    pub fn piece_steps_into(&self, i: usize, out: &mut Vec<StepInfo>) {
        let p = self.pieces[i];
        if !p.is_movable() {
            return;
        }
        let kp = p.key() as i16;
        for q in &self.frontier {
            // Discount the mover itself: it no longer stands on its origin.
            let (t, d) = match p.cell.adjacency(q.cell) {
                Adjacency::None => (q.t, q.d),
                Adjacency::Direct => (q.t - 1, q.d - 1),
                Adjacency::Oblique => (q.t - 1, q.d),
            };
            let kq = 5 * t as i16 + d as i16;
            if t >= 1 && kq < kp {
                out.push(StepInfo {
                    mv: PotentialMove::Step {
                        from: p.cell,
                        to: q.cell,
                    },
                    piece: i as u8,
                    delta: (kq - kp) as i8,
                });
            }
        }
    }

    /// The legal phase-2 moves of `color`.
    pub fn steps(&self, color: Color) -> Vec<PotentialMove> {
        let mut out = Vec::new();
        self.steps_into(color, &mut out);
        out.into_iter().map(|s| s.mv).collect()
    }

    /// The number of legal phase-2 moves of `color`, counted without
    /// listing them.
    pub fn mobility(&self, color: Color) -> usize {
        // below[k] = number of frontier cells whose key is < k.
        let mut hist = [0u16; 46];
        for q in &self.frontier {
            hist[q.key() as usize + 1] += 1;
        }
        for k in 1..hist.len() {
            hist[k] += hist[k - 1];
        }
        let mut total = 0i32;
        for (p, near) in self.pieces.iter().zip(&self.empty_neighbours) {
            if p.color != color || !p.is_movable() {
                continue;
            }
            let kp = p.key();
            total += i32::from(hist[kp as usize]);
            // Correct the frontier cells next to the mover.
            for &qi in near.iter().take_while(|&&qi| qi != u16::MAX) {
                let q = &self.frontier[qi as usize];
                let (t, d) = match p.cell.adjacency(q.cell) {
                    Adjacency::Direct => (q.t - 1, q.d - 1),
                    _ => (q.t - 1, q.d),
                };
                let was = q.key() < kp;
                let is = t >= 1 && 5 * t + d < kp;
                total += i32::from(is) - i32::from(was);
            }
        }
        total as usize
    }

    /// Σ (key − 5) over `color`'s movable pieces: a rough measure of the
    /// potential that side can still spend.
    pub fn reserve(&self, color: Color) -> u32 {
        self.pieces
            .iter()
            .filter(|p| p.color == color && p.is_movable())
            .map(|p| u32::from(p.key() - 5))
            .sum()
    }

    /// Number of `color`'s bound pieces.
    pub fn bound_count(&self, color: Color) -> usize {
        self.pieces
            .iter()
            .filter(|p| p.color == color && p.bound)
            .count()
    }
}
