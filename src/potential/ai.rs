//! The computer player: three levels (random, greedy, search).
//!
//! The search level is a negamax alpha-beta search with iterative
//! deepening, a transposition table keyed by the canonical form of the
//! position (so translated, rotated and mirrored positions share entries),
//! killer and history move ordering, ordering by a one-ply evaluation at
//! inner nodes, and limits on depth, nodes and time. A stuck side to move is
//! a terminal node worth the opponent's run (estimated greedily inside the
//! tree). During the run itself the runner plays by the longest-path search
//! of [`super::run`].

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};

use super::board::Board;
use super::canonical::{Frame, canonical_hash, mix64};
use super::cell::{Color, PotentialMove};
use super::error::PotentialError;
use super::eval::{DEFAULT_WEIGHTS, WIN_SCORE, Weights, evaluate, win_score};
use super::movegen::{Analysis, StepInfo};
use super::position::{Phase, Position};
use super::run::{greedy_run_capped, greedy_run_length, longest_run};

mod tree;
use tree::Searcher;

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal move, uniformly at random.
    Random,
    /// The move with the best evaluation one ply ahead.
    Greedy,
    /// Alpha-beta search within the limits.
    Search,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Random, Level::Greedy, Level::Search];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Search => "search",
        }
    }

    /// One line describing the level's style.
    pub fn describe(self) -> &'static str {
        match self {
            Level::Random => "plays any legal move at random",
            Level::Greedy => "takes the move that looks best right now",
            Level::Search => "looks several moves ahead (about a second a move)",
        }
    }
}

impl FromStr for Level {
    type Err = PotentialError;

    fn from_str(s: &str) -> Result<Level, PotentialError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| PotentialError::UnknownLevel(s.to_string()))
    }
}

/// Limits on one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Deepest iteration, in plies.
    pub max_depth: u32,
    /// Stop after this many nodes (the result stays deterministic).
    pub max_nodes: u64,
    /// Stop after this much time (the result then depends on the machine).
    pub time: Option<Duration>,
    /// Positions the run search may expand when the computer makes a run.
    pub run_nodes: u64,
}

impl SearchLimits {
    /// A deterministic search: at most `nodes` nodes, up to 32 plies deep.
    pub const fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            max_depth: 32,
            max_nodes: nodes,
            time: None,
            run_nodes: 20_000,
        }
    }

    /// A search that stops after `time` (for interactive play).
    pub const fn time(time: Duration) -> SearchLimits {
        SearchLimits {
            max_depth: 32,
            max_nodes: u64::MAX,
            time: Some(time),
            run_nodes: 20_000,
        }
    }

    /// A deterministic search to a fixed depth.
    pub const fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            max_depth: depth,
            max_nodes: u64::MAX,
            time: None,
            run_nodes: 20_000,
        }
    }
}

/// The default deterministic budget of the search level: well under a
/// second a move on a current desktop, and a 12-per-side self-play game in
/// well under a minute.
pub const DEFAULT_SEARCH_NODES: u64 = 30_000;

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// The chosen move (`None` when there is no legal move).
    pub best: Option<PotentialMove>,
    /// Its value for the side to move: above [`WIN_SCORE`] a won game,
    /// below −[`WIN_SCORE`] a lost one, otherwise an estimate.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

const INF: i32 = i32::MAX / 2;
/// Longest run the search estimates at a leaf (longer runs count as this).
const RUN_CAP: u32 = 24;
const TT_BITS: u32 = 18;
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    value: i32,
    depth: u8,
    flag: u8,
    mv: Option<PotentialMove>,
}

/// A computer player of one level, with its random source and its
/// transposition table (kept between moves of a game).
pub struct Player {
    level: Level,
    limits: SearchLimits,
    weights: Weights,
    rng: StdRng,
    tt: Vec<TtEntry>,
}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("level", &self.level)
            .field("limits", &self.limits)
            .finish()
    }
}

impl Player {
    /// A player of `level`, searching within `limits`, with random choices
    /// (ties, the random level) drawn from `seed`.
    pub fn new(level: Level, limits: SearchLimits, seed: u64) -> Player {
        Player {
            level,
            limits,
            weights: DEFAULT_WEIGHTS,
            rng: StdRng::seed_from_u64(seed),
            tt: Vec::new(),
        }
    }

    /// This player's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The move this player makes in `pos`, or `None` when the game is over.
    /// A set `cancel` flag stops a search early (the best move so far is
    /// returned).
    pub fn choose(&mut self, pos: &Position, cancel: Option<&AtomicBool>) -> Option<PotentialMove> {
        match self.level {
            Level::Random => pos.legal_moves().choose(&mut self.rng).copied(),
            Level::Greedy => self.greedy(pos),
            Level::Search => self.search(pos, cancel).best,
        }
    }

    fn greedy(&mut self, pos: &Position) -> Option<PotentialMove> {
        let moves = pos.legal_moves();
        if moves.len() <= 1 {
            return moves.first().copied();
        }
        if let Phase::Run { runner, .. } = pos.phase() {
            let a = pos.analysis();
            let mut steps = Vec::new();
            a.steps_into(runner, &mut steps);
            return steps.iter().max_by_key(|s| s.delta).map(|s| s.mv);
        }
        let me = pos.to_move();
        let mut board = pos.board().clone();
        let mut a = Analysis::default();
        let n = pos.pieces_per_side();
        let mut best = -INF;
        let mut choices = Vec::new();
        for &mv in &moves {
            make(&mut board, mv, me);
            a.recompute(&board);
            let v = if board.len() == 2 * n && !a.has_move(me.opponent()) {
                match greedy_run_length(&board, me) {
                    0 => 0,
                    l => win_score(l),
                }
            } else {
                -evaluate(&a, me.opponent(), &self.weights)
            };
            unmake(&mut board, mv);
            if v > best {
                best = v;
                choices.clear();
            }
            if v == best {
                choices.push(mv);
            }
        }
        choices.choose(&mut self.rng).copied()
    }

    /// Searches `pos` within this player's limits (the search level's
    /// algorithm, whatever the player's level).
    pub fn search(&mut self, pos: &Position, cancel: Option<&AtomicBool>) -> SearchReport {
        let mut report = SearchReport {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let me = pos.to_move();
        match pos.phase() {
            Phase::Over(_) => return report,
            Phase::Run { runner, .. } => {
                let plan = longest_run(pos.board(), runner, self.limits.run_nodes);
                report.best = plan.first;
                report.score = win_score(plan.length);
                return report;
            }
            Phase::Placing | Phase::Moving => {}
        }
        let mut moves = pos.legal_moves();
        if moves.len() <= 1 {
            report.best = moves.first().copied();
            return report;
        }
        moves.shuffle(&mut self.rng);
        if self.tt.is_empty() {
            self.tt = vec![TtEntry::default(); 1 << TT_BITS];
        }
        let mut s = Searcher::new(
            pos.board().clone(),
            pos.pieces_per_side(),
            &mut self.tt,
            self.weights,
            self.limits,
            cancel,
        );
        let mut root: Vec<(PotentialMove, i32)> = moves.into_iter().map(|m| (m, 0)).collect();
        report.best = Some(root[0].0);
        for depth in 1..=self.limits.max_depth.max(1) {
            let mut alpha = -INF;
            let mut best: Option<(PotentialMove, i32)> = None;
            for entry in root.iter_mut() {
                let mv = entry.0;
                make(&mut s.board, mv, me);
                let v = -s.negamax(1, depth - 1, -INF, -alpha, me.opponent());
                unmake(&mut s.board, mv);
                if s.aborted {
                    break;
                }
                entry.1 = v;
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((mv, v));
                }
                alpha = alpha.max(v);
            }
            if let Some((mv, v)) = best {
                report.best = Some(mv);
                report.score = v;
            }
            if s.aborted {
                break;
            }
            report.depth = depth;
            // Best first; the others by their (bounded) scores.
            if let Some((mv, _)) = best {
                root.sort_by_key(|&(m, v)| (m != mv, -v));
            }
            if report.score.abs() >= WIN_SCORE {
                break;
            }
            // A search that cannot grow deeper than the game has stops.
            if depth as usize > 4 * pos.pieces_per_side() + 700 {
                break;
            }
        }
        report.nodes = s.nodes;
        report
    }
}

fn make(board: &mut Board, mv: PotentialMove, color: Color) {
    match mv {
        PotentialMove::Place(c) => board.add(c, color),
        PotentialMove::Step { from, to } => board.relocate(from, to),
    }
}

fn unmake(board: &mut Board, mv: PotentialMove) {
    match mv {
        PotentialMove::Place(_) => board.remove_last(),
        PotentialMove::Step { from, to } => board.relocate(to, from),
    }
}

fn side_key(to_move: Color, n: usize) -> u64 {
    mix64(0x5eed_0000 ^ ((n as u64) << 4) ^ to_move.index() as u64)
}

fn move_slot(mv: PotentialMove) -> usize {
    let code = match mv {
        PotentialMove::Place(c) => ((c.x as u16 as u64) << 16) | c.y as u16 as u64,
        PotentialMove::Step { from, to } => {
            ((from.x as u16 as u64) << 48)
                | ((from.y as u16 as u64) << 32)
                | ((to.x as u16 as u64) << 16)
                | to.y as u16 as u64
        }
    };
    (mix64(code) & 4095) as usize
}
