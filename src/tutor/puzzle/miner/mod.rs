//! The puzzle miner (`othello-lab mine-puzzles`): plays varied games and keeps the
//! positions where one move, or a small set, is clearly better, proved by the engine.
//!
//! - **Games**: a random XOT opening (balanced), then two players drawn at random:
//!   engines searching 1 to 6 plies that slip now and then (one of the three best
//!   moves at depth 2 instead of their search's choice), and sometimes a simple
//!   strategy (greedy, static squares, mobility only), so lopsided games and
//!   human-like errors occur.
//! - **Exact puzzles** (at most `exact_empties` empties, by default 24): the solver
//!   values every move (beyond 20 empties only positions where a depth-10 search sees
//!   the top move 3 discs ahead, to spare the solver). Kept: one or two best moves
//!   whose answer matters (`answer_matters`: at least 6 discs ahead of every other
//!   move, or the only moves that win or save the draw) with goal `best`
//!   (`least-loss` when every move loses), or one or two winning moves ahead of every
//!   non-winning move (goal `win`). A unique best move whose line continues with
//!   unique best moves after the solver's best replies can become a `line` of two or
//!   three steps.
//! - **Midgame puzzles** (more empties, up to `mid_max_empties`; `mid_tries` drawn
//!   per game): a first look values every move at depth `mid_depth - 6`; when one
//!   move leads, the proof's depths `mid_depth - 2` and `mid_depth` (by default 14
//!   and 16) must find the same move ahead of every other by `mid_margin` discs
//!   and one of slack, tested by [`searched_lead`](crate::tutor::puzzle::searched_lead) (goal `best`, or `least-loss`);
//!   the stated margin is the smaller lead proved, less the slack.
//! - **Themes** come from [`themes_of`]; the **rating** from [`initial_rating`]
//!   (empties, the depth from which a search keeps finding an answer, tempting wrong
//!   moves, the margin, the steps).
//! - At most `per_game` puzzles per game, at least three plies apart, chosen to even
//!   out themes, goals, empties and ratings within the game (preferring positions
//!   with more than 20 empties, which the set needs most, and taking a `least-loss`
//!   puzzle, at most one, only when no other is left: the set keeps 5% of them); every kept exact puzzle passes [`prove_puzzle`]
//!   (a searched one was valued by the very searches of its proof).
//! - Each game has its own random stream (from the seed and its number), so games
//!   can be mined on several threads and in any order (`mine-puzzles --dir`).
//!
//! Deterministic for a seed: a seeded `StdRng`, searches bounded by depth (never by
//! time) and proofs from cleared tables. With the environment variable
//! `OT_MINE_TIMING` set, each examined position's time goes to standard error (to
//! see where a game's time goes; it changes nothing else).

mod candidates;
mod games;
mod refresh;
mod why;

pub use refresh::{Refreshed, refresh_set, revalue};
pub use why::why_text;

use crate::engine::notation::to_transcript;
use crate::engine::search::Searcher;
use crate::engine::{Color, Move, Position, SquareSet};
use crate::tutor::puzzle::{
    Goal, Proof, Puzzle, PuzzleSource, Theme, proof_searcher, prove_puzzle, themes_of, to_toml,
};
use crate::tutor::rating::initial_rating;
use candidates::{Candidate, build_steps, difficulty, examine_exact, examine_midgame};
use games::play_game;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What to mine.
#[derive(Clone, Debug, PartialEq)]
pub struct MineConfig {
    /// How many puzzles to find.
    pub count: usize,
    /// The seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// Give up after this many games (0: 20 per puzzle wanted).
    pub max_games: usize,
    /// Exact puzzles have at most this many empties.
    pub exact_empties: u32,
    /// Exact puzzles: discs between the accepted moves and the next best.
    pub min_margin: i32,
    /// Chance (percent), `mid_tries` times per game, that a midgame position (more
    /// than `exact_empties` and at most 30 empties) is examined.
    pub midgame_percent: u32,
    /// How many times per game a midgame position may be drawn.
    pub mid_tries: u32,
    /// Depth of the midgame proof.
    pub mid_depth: u32,
    /// Midgame puzzles have at most this many empties.
    pub mid_max_empties: u32,
    /// Midgame puzzles: discs ahead at every depth.
    pub mid_margin: i32,
    /// At most this many puzzles from one game.
    pub per_game: usize,
    /// Percentage of lines made from the unique best moves that allow one.
    pub line_percent: u32,
    /// The `generator` written in each puzzle's source.
    pub generator: String,
}

impl Default for MineConfig {
    fn default() -> Self {
        MineConfig {
            count: 100,
            seed: 1,
            max_games: 0,
            exact_empties: 24,
            min_margin: 6,
            midgame_percent: 100,
            mid_tries: 12,
            mid_depth: 16,
            mid_max_empties: 36,
            mid_margin: 6,
            per_game: 6,
            line_percent: 35,
            generator: "othello-tutor miner 3".into(),
        }
    }
}

/// Puzzles kept from one game are at least this many plies apart.
const MIN_PLY_GAP: usize = 3;

#[derive(Default)]
struct Tally {
    themes: BTreeMap<Theme, usize>,
    goals: BTreeMap<Goal, usize>,
    empties: BTreeMap<u32, usize>,
    ratings: BTreeMap<u32, usize>,
}

impl Tally {
    fn rarity(&self, p: &Puzzle) -> f64 {
        let inv = |n: Option<&usize>| 1.0 / (1.0 + *n.unwrap_or(&0) as f64);
        let mut r = 0.0;
        for t in &p.themes {
            if *t != Theme::ExactEndgame {
                r += 2.0 * inv(self.themes.get(t));
            }
        }
        r += 1.5 * inv(self.goals.get(&p.goal));
        r += inv(self.empties.get(&(p.empties() / 4)));
        r += 2.0 * inv(self.ratings.get(&(p.rating / 300)));
        // The set needs many more positions from before the last 20 moves.
        if p.empties() > 20 {
            r += 3.0;
        }
        // ... and few lost positions: a `least-loss` puzzle only when nothing else is.
        if p.goal == Goal::LeastLoss {
            r -= 10.0;
        }
        r
    }

    fn least_loss(&self) -> usize {
        self.goals.get(&Goal::LeastLoss).copied().unwrap_or(0)
    }

    fn add(&mut self, p: &Puzzle) {
        for t in &p.themes {
            *self.themes.entry(*t).or_default() += 1;
        }
        *self.goals.entry(p.goal).or_default() += 1;
        *self.empties.entry(p.empties() / 4).or_default() += 1;
        *self.ratings.entry(p.rating / 300).or_default() += 1;
    }
}

/// The random stream of game `game_no` of `seed`: each game has its own, so games
/// can be mined in any order, on any number of threads, with the same result.
fn game_rng(seed: u64, game_no: usize) -> StdRng {
    StdRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game_no as u64)
}

/// The searchers a miner thread uses: the players' and the prover's.
pub struct MinerSearchers {
    player: Searcher,
    prover: Searcher,
}

impl MinerSearchers {
    /// Fresh searchers that stop when `stop` is raised.
    pub fn new(stop: Arc<AtomicBool>) -> MinerSearchers {
        let mut player = Searcher::new(16, 16);
        player.set_stop_flag(stop.clone());
        let mut prover = proof_searcher();
        prover.set_stop_flag(stop);
        MinerSearchers { player, prover }
    }
}

/// What one game gave: its puzzles (proved), the candidates examined and how many
/// of them were midgame ones.
pub struct GameFinds {
    /// The puzzles kept (at most `per_game`), proved.
    pub puzzles: Vec<Puzzle>,
    /// Candidates found in the game.
    pub candidates: usize,
    /// Of which searched (midgame) ones.
    pub midgame: usize,
}

/// Mines game `game_no` of the seed (see the module documentation); `None` when
/// stopped.
pub fn mine_game(
    config: &MineConfig,
    game_no: usize,
    searchers: &mut MinerSearchers,
) -> Option<GameFinds> {
    let mut rng = game_rng(config.seed, game_no);
    let MinerSearchers { player, prover } = searchers;
    let moves = play_game(&mut rng, player)?;
    let mut positions = vec![Position::start()];
    for &mv in &moves {
        let last = positions[positions.len() - 1];
        match last.play(mv) {
            Ok(p) => positions.push(p),
            Err(_) => break,
        }
    }
    // Which positions to examine.
    let exact_plies: Vec<usize> = (0..positions.len())
        .filter(|&i| {
            let p = &positions[i];
            let e = p.board.empty_count();
            (5..=config.exact_empties).contains(&e) && p.legal_moves().len() >= 2
        })
        .collect();
    let mut plies: Vec<(usize, bool)> = exact_plies
        .iter()
        .filter(|&&i| positions[i].board.empty_count() > 8 || rng.random_range(0..100) < 35)
        .map(|&i| (i, true))
        .collect();
    for _ in 0..config.mid_tries {
        if rng.random_range(0..100) >= config.midgame_percent {
            continue;
        }
        let mid: Vec<usize> = (0..positions.len())
            .filter(|&i| {
                let p = &positions[i];
                let e = p.board.empty_count();
                e > config.exact_empties
                    && e <= config.mid_max_empties
                    && p.legal_moves().len() >= 3
            })
            .collect();
        if !mid.is_empty() {
            let ply = mid[rng.random_range(0..mid.len())];
            if !plies.contains(&(ply, false)) {
                plies.push((ply, false));
            }
        }
    }
    let mut candidates: Vec<Candidate> = Vec::new();
    let timing = std::env::var_os("OT_MINE_TIMING").is_some();
    for (ply, exact) in plies {
        let t0 = std::time::Instant::now();
        let pos = positions[ply];
        let mut game = to_transcript(&moves[..ply]);
        if ply > 0 && moves[ply - 1] == Move::Pass {
            // A pass at the end is not implied on replay: write it.
            game.push_str(" pass");
        }
        let found = if exact {
            examine_exact(prover, &pos, config, &mut rng).map(|f| {
                f.map(|(goal, solution, sets, value, margin)| {
                    (goal, solution, sets, value, margin, Proof::Exact)
                })
            })
        } else {
            examine_midgame(prover, &pos, config).map(|f| {
                f.and_then(|(solution, value, margin)| {
                    let Some(Move::Place(sq)) = solution.first() else {
                        return None;
                    };
                    let sets = vec![SquareSet(sq.bit())];
                    let proof = Proof::Search {
                        depth: config.mid_depth,
                    };
                    let goal = if value < 0 {
                        Goal::LeastLoss
                    } else {
                        Goal::Best
                    };
                    Some((goal, solution, sets, value, margin, proof))
                })
            })
        };
        if timing {
            eprintln!(
                "game {game_no} ply {ply} empties {} exact {exact}: {:.2} s, found {}",
                pos.board.empty_count(),
                t0.elapsed().as_secs_f64(),
                matches!(found, Some(Some(_)))
            );
        }
        // Stopped: no finds from this game; nothing found here: the next position.
        let Some((goal, solution, sets, value, margin, proof)) = found? else {
            continue;
        };
        let Some(steps) = build_steps(&pos, &solution, &sets) else {
            continue;
        };
        candidates.push(Candidate {
            position: pos,
            goal,
            steps,
            solution,
            value,
            margin,
            proof,
            ply,
            game,
        });
    }
    // Rate them all, then keep the rarest (within the game), a few plies apart.
    let prefix = format!("m{}", config.seed);
    let mut rated: Vec<(Puzzle, usize)> = Vec::new();
    let t0 = std::time::Instant::now();
    for c in &candidates {
        let d = difficulty(prover, c)?;
        let themes = themes_of(&c.position, c.steps[0].answer, c.value, c.proof);
        let mut puzzle = Puzzle {
            file: "mined".into(),
            id: format!("{prefix}-{game_no:04}-{:02}", c.ply),
            position: c.position,
            goal: c.goal,
            steps: c.steps.clone(),
            solution: c.solution.clone(),
            value: c.value,
            margin: c.margin,
            proof: c.proof,
            themes,
            rating: initial_rating(&d),
            why: String::new(),
            source: PuzzleSource {
                generator: config.generator.clone(),
                seed: Some(config.seed),
                game: Some(c.game.clone()),
            },
        };
        puzzle.why = why_text(&puzzle);
        rated.push((puzzle, c.ply));
    }
    if timing {
        eprintln!("game {game_no} rating: {:.2} s", t0.elapsed().as_secs_f64());
    }
    let t0 = std::time::Instant::now();
    let mut tally = Tally::default();
    let mut kept_plies: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    while out.len() < config.per_game {
        let best = rated
            .iter()
            .enumerate()
            .filter(|(_, (_, ply))| kept_plies.iter().all(|k| k.abs_diff(*ply) >= MIN_PLY_GAP))
            // The set takes few `least-loss` puzzles (5%): one a game at most.
            .filter(|(_, (p, _))| p.goal != Goal::LeastLoss || tally.least_loss() == 0)
            .max_by(|a, b| {
                tally
                    .rarity(&a.1.0)
                    .total_cmp(&tally.rarity(&b.1.0))
                    .then(b.1.1.cmp(&a.1.1))
            })
            .map(|(i, _)| i);
        let Some(i) = best else { break };
        let (puzzle, ply) = rated.remove(i);
        kept_plies.push(ply);
        // Searched puzzles were just valued by the very searches their proof runs
        // (cleared tables, the same depths), so only exact ones are proved again.
        if puzzle.proof == Proof::Exact {
            let errors = prove_puzzle(&puzzle, prover);
            if prover.stop_requested() {
                return None;
            }
            if !errors.is_empty() {
                continue;
            }
        }
        tally.add(&puzzle);
        out.push(puzzle);
    }
    if timing {
        eprintln!("game {game_no} proofs: {:.2} s", t0.elapsed().as_secs_f64());
    }
    let midgame = candidates
        .iter()
        .filter(|c| c.proof != Proof::Exact)
        .count();
    Some(GameFinds {
        puzzles: out,
        candidates: candidates.len(),
        midgame,
    })
}

/// Mines puzzles (see the module documentation), game after game until `count` are
/// found; `progress` hears one line per game; raising `stop` ends the run early with
/// the puzzles found so far. A position met twice is kept once.
pub fn mine(
    config: &MineConfig,
    progress: &mut dyn FnMut(&str),
    stop: Arc<AtomicBool>,
) -> Vec<Puzzle> {
    let mut searchers = MinerSearchers::new(stop.clone());
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen: BTreeSet<(u64, u64, bool)> = BTreeSet::new();
    let max_games = if config.max_games == 0 {
        config.count.saturating_mul(20).max(1)
    } else {
        config.max_games
    };
    for game_no in 1..=max_games {
        if out.len() >= config.count || stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(finds) = mine_game(config, game_no, &mut searchers) else {
            break;
        };
        let mut kept = 0;
        for p in finds.puzzles {
            let key = position_key(&p.position);
            if out.len() < config.count && seen.insert(key) {
                out.push(p);
                kept += 1;
            }
        }
        progress(&format!(
            "game {game_no}: {} candidates ({} midgame), {kept} kept; {} of {} puzzles",
            finds.candidates,
            finds.midgame,
            out.len(),
            config.count
        ));
    }
    out
}

/// A position's key for finding repeats.
pub fn position_key(p: &Position) -> (u64, u64, bool) {
    (p.black(), p.white(), p.to_move == Color::Black)
}

/// The puzzles as a set file (see `tutor::puzzle` for the format).
pub fn mined_toml(title: &str, puzzles: &[Puzzle]) -> String {
    to_toml(Some(title), puzzles)
}
