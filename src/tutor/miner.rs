//! The puzzle miner (`othello-tutor mine-puzzles`): plays varied games and keeps the
//! positions where one move, or a small set, is clearly better, proved by the engine.
//!
//! - **Games**: a random XOT opening (balanced), then two players drawn at random:
//!   engines searching 1 to 6 plies that slip now and then (one of the three best
//!   moves at depth 2 instead of their search's choice), and sometimes a simple
//!   strategy (greedy, static squares, mobility only), so lopsided games and
//!   human-like errors occur.
//! - **Exact puzzles** (at most `exact_empties` empties): the solver values every
//!   move. Kept: one or two best moves at least `min_margin` discs ahead of every
//!   other move (goal `best`; this includes the only move that saves the draw), or
//!   one or two winning moves at least `min_margin` ahead of every non-winning move
//!   (goal `win`). A unique best move whose line continues with unique best moves
//!   after the solver's best replies can become a `line` of two or three steps.
//! - **Midgame puzzles** (more empties, up to 30): the same best move at depths
//!   `mid_depth - 4`, `- 2` and `mid_depth`, more than `mid_margin` discs ahead at
//!   each (goal `best`, proved by search); the stated margin is the smallest gap
//!   less one disc of slack.
//! - **Themes** come from [`themes_of`]; the **rating** from [`initial_rating`]
//!   (empties, the depth from which a search keeps finding an answer, tempting wrong
//!   moves, the margin, the steps).
//! - At most `per_game` puzzles per game, chosen to even out themes, goals, empties
//!   and ratings; every kept puzzle passes [`prove_puzzle`].
//!
//! Deterministic for a seed: a seeded `StdRng`, searches bounded by depth (never by
//! time) and proofs from cleared tables.

use crate::engine::analysis::{AnalysisOptions, MoveValue, analyze};
use crate::engine::notation::to_transcript;
use crate::engine::players::{Player, Strategy};
use crate::engine::search::{Limits, Searcher};
use crate::engine::{Color, Move, Position, Square, SquareSet};
use crate::tutor::explain::{describe, move_facts};
use crate::tutor::openings::random_xot;
use crate::tutor::puzzle::{
    Goal, Proof, Puzzle, PuzzleSource, Step, Theme, moves_at_least, proof_searcher, prove_puzzle,
    searched_gap, themes_of, to_toml,
};
use crate::tutor::rating::{Difficulty, initial_rating};
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
            exact_empties: 20,
            min_margin: 4,
            midgame_percent: 60,
            mid_tries: 4,
            mid_depth: 12,
            mid_margin: 5,
            per_game: 3,
            line_percent: 35,
            generator: "othello-tutor miner 1".into(),
        }
    }
}

/// A player in a mining game.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// The engine at a depth, slipping with probability `noise`.
    Engine { depth: u32, noise: f64 },
    /// A simple strategy.
    Simple(Strategy),
}

fn draw_style(rng: &mut StdRng) -> Style {
    if rng.random_range(0..100) < 12 {
        let s = [
            Strategy::Greedy,
            Strategy::StaticSquares,
            Strategy::MobilityOnly,
        ];
        Style::Simple(s[rng.random_range(0..s.len())])
    } else {
        let depth = [1, 2, 2, 3, 4, 4, 5, 6][rng.random_range(0..8)];
        let noise = [0.02, 0.05, 0.1, 0.15, 0.25, 0.35][rng.random_range(0..6)];
        Style::Engine { depth, noise }
    }
}

fn choose(
    style: Style,
    board: &crate::engine::Board,
    searcher: &mut Searcher,
    rng: &mut StdRng,
) -> Option<Square> {
    let moves = board.legal_moves();
    let first = moves.into_iter().next()?;
    match style {
        Style::Simple(s) => Player::new(s).choose(board, rng).or(Some(first)),
        Style::Engine { depth, noise } => {
            if rng.random_bool(noise) {
                let options = AnalysisOptions {
                    depth: 2,
                    exact_empties: 0,
                    time: None,
                };
                let values = analyze(searcher, board, options).ok()?;
                let n = values.len().min(3);
                match values.get(rng.random_range(0..n.max(1)))?.mv {
                    Move::Place(sq) => Some(sq),
                    Move::Pass => Some(first),
                }
            } else {
                let exact = if depth >= 4 { 10 } else { 0 };
                let r = searcher.search(board, Limits::depth(depth, exact)).ok()?;
                r.best.or(Some(first))
            }
        }
    }
}

/// A game: the opening's moves, then the players' moves, from the start position.
fn play_game(rng: &mut StdRng, searcher: &mut Searcher) -> Option<Vec<Move>> {
    let (opening, start) = random_xot(rng);
    let mut moves: Vec<Move> = crate::engine::notation::parse_transcript(opening)
        .ok()?
        .moves()
        .to_vec();
    let styles = [draw_style(rng), draw_style(rng)];
    let mut pos = start;
    while !pos.is_game_over() {
        let mv = if pos.must_pass() {
            Move::Pass
        } else {
            let style = styles[usize::from(pos.to_move == Color::White)];
            Move::Place(choose(style, &pos.board, searcher, rng)?)
        };
        pos = pos.play(mv).ok()?;
        moves.push(mv);
    }
    Some(moves)
}

/// The exact best value of the moves of `pos` outside `set` (all below `ceiling`).
fn best_outside(
    searcher: &mut Searcher,
    pos: &Position,
    set: SquareSet,
    ceiling: i32,
) -> Option<i32> {
    let mut alpha = -65;
    for sq in pos.legal_moves() {
        if set.contains(sq) {
            continue;
        }
        let s = searcher
            .solver()
            .score_after(&pos.board, sq, alpha, ceiling)
            .ok()?;
        alpha = alpha.max(s);
    }
    Some(alpha)
}

fn pv_moves(pv: &[Option<Square>]) -> Vec<Move> {
    pv.iter()
        .map(|m| m.map_or(Move::Pass, Move::Place))
        .collect()
}

/// A found puzzle before rating.
struct Candidate {
    position: Position,
    goal: Goal,
    steps: Vec<Step>,
    solution: Vec<Move>,
    value: i32,
    margin: i32,
    proof: Proof,
    ply: usize,
    game: String,
}

/// The steps of a solution whose learner moves are at even indices.
fn build_steps(start: &Position, solution: &[Move], accepted: &[SquareSet]) -> Option<Vec<Step>> {
    let mut pos = *start;
    let mut steps = Vec::new();
    for (i, &mv) in solution.iter().enumerate() {
        if i % 2 == 0 && i / 2 < accepted.len() {
            let Move::Place(sq) = mv else { return None };
            steps.push(Step {
                position: pos,
                accepted: accepted[i / 2],
                answer: sq,
                reply: solution.get(i + 1).copied(),
            });
        }
        pos = pos.play(mv).ok()?;
    }
    (steps.len() == accepted.len()).then_some(steps)
}

/// Tries to extend a unique best move `key` (value `v`) into a line of up to three
/// steps with unique best moves after the solver's best replies.
fn extend_line(
    searcher: &mut Searcher,
    pos: &Position,
    key: Square,
    v: i32,
) -> Option<(Vec<Move>, Vec<SquareSet>)> {
    let mut solution = vec![Move::Place(key)];
    let mut accepted = vec![SquareSet(key.bit())];
    let mut cur = pos.play_unchecked(key);
    for _ in 0..2 {
        if cur.is_game_over() {
            break;
        }
        let reply = if cur.must_pass() {
            Move::Pass
        } else {
            Move::Place(searcher.solver().solve(&cur.board).ok()?.best?)
        };
        let next = cur.play(reply).ok()?;
        if next.is_game_over() || next.must_pass() || next.legal_moves().len() < 2 {
            break;
        }
        let best = moves_at_least(searcher, &next, v)?;
        if best.len() != 1 {
            break;
        }
        let sq = best.into_iter().next()?;
        solution.push(reply);
        solution.push(Move::Place(sq));
        accepted.push(best);
        cur = next.play_unchecked(sq);
    }
    (accepted.len() >= 2).then_some((solution, accepted))
}

/// The solver's line from `pos` (after the given moves).
fn continuation(searcher: &mut Searcher, pos: &Position) -> Option<Vec<Move>> {
    if pos.is_game_over() {
        return Some(Vec::new());
    }
    let sol = searcher.solver().solve(&pos.board).ok()?;
    Some(pv_moves(&sol.pv))
}

/// An exact find: goal, solution, accepted sets, value, margin.
type ExactFind = (Goal, Vec<Move>, Vec<SquareSet>, i32, i32);

fn examine_exact(
    searcher: &mut Searcher,
    pos: &Position,
    config: &MineConfig,
    rng: &mut StdRng,
) -> Option<Option<ExactFind>> {
    let legal = pos.legal_moves();
    let v = searcher.solver().solve(&pos.board).ok()?.score;
    let best = moves_at_least(searcher, pos, v)?;
    let mut found = None;
    if best.len() <= 2 && best != legal {
        let w = best_outside(searcher, pos, best, v)?;
        if v - w >= config.min_margin {
            // The only winning moves make a `win` puzzle, others a `best` one.
            let goal = if v > 0 && w <= 0 {
                Goal::Win
            } else {
                Goal::Best
            };
            found = Some((goal, best, v - w));
        }
    }
    if found.is_none() && v > 0 {
        let winners = moves_at_least(searcher, pos, 1)?;
        if winners.len() <= 2 && winners != legal {
            let w = best_outside(searcher, pos, winners, 1)?;
            if v - w >= config.min_margin {
                found = Some((Goal::Win, winners, v - w));
            }
        }
    }
    let Some((goal, accepted, margin)) = found else {
        return Some(None);
    };
    let key = accepted.into_iter().find(|&sq| best.contains(sq))?;
    if goal == Goal::Best
        && accepted.len() == 1
        && pos.board.empty_count() <= 16
        && rng.random_range(0..100) < config.line_percent
        && let Some((mut solution, sets)) = extend_line(searcher, pos, key, v)
    {
        let mut end = *pos;
        for &mv in &solution {
            end = end.play(mv).ok()?;
        }
        solution.extend(continuation(searcher, &end)?);
        return Some(Some((Goal::Line, solution, sets, v, margin)));
    }
    let mut solution = vec![Move::Place(key)];
    solution.extend(continuation(searcher, &pos.play_unchecked(key))?);
    Some(Some((goal, solution, vec![accepted], v, margin)))
}

fn examine_midgame(
    searcher: &mut Searcher,
    pos: &Position,
    config: &MineConfig,
) -> Option<Option<(Vec<Move>, i32, i32)>> {
    let d = config.mid_depth;
    let (top, gap, _) = searched_gap(searcher, pos, d.saturating_sub(6).max(2))?;
    if gap < config.mid_margin + 1 {
        return Some(None);
    }
    let mut margin = i32::MAX;
    for depth in [d - 4, d - 2] {
        let (t, g, _) = searched_gap(searcher, pos, depth)?;
        if t != top || g < config.mid_margin {
            return Some(None);
        }
        margin = margin.min(g);
    }
    // The final depth, keeping the line it finds.
    searcher.clear();
    let options = AnalysisOptions {
        depth: d,
        exact_empties: 0,
        time: None,
    };
    let values = analyze(searcher, &pos.board, options).ok()?;
    let (first, second) = (values.first()?, values.get(1)?);
    let gap = (first.score - second.score).div_euclid(crate::engine::eval::UNITS_PER_DISC);
    if first.mv != Move::Place(top) || gap < config.mid_margin {
        return Some(None);
    }
    // One disc of slack keeps the stated bound true under small changes of the search.
    margin = margin.min(gap) - 1;
    if margin < config.mid_margin {
        return Some(None);
    }
    let mut solution = pv_moves(&first.pv);
    solution.truncate(8);
    Some(Some((solution, first.discs(), margin)))
}

/// Values of every move at depths 1 to 10 (cleared tables), for the rating.
fn difficulty(searcher: &mut Searcher, c: &Candidate) -> Option<Difficulty> {
    let st = &c.steps[0];
    let accepted = st.accepted;
    let mut tops_ok = Vec::new();
    let mut tempting = BTreeSet::new();
    for depth in 1..=10 {
        searcher.clear();
        let options = AnalysisOptions {
            depth,
            exact_empties: 0,
            time: None,
        };
        let values: Vec<MoveValue> = analyze(searcher, &st.position.board, options).ok()?;
        let top_ok = match values.first()?.mv {
            Move::Place(sq) => accepted.contains(sq),
            Move::Pass => false,
        };
        tops_ok.push(top_ok);
        if depth <= 4 {
            let best_accepted = values
                .iter()
                .filter(|v| matches!(v.mv, Move::Place(sq) if accepted.contains(sq)))
                .map(|v| v.score)
                .max()?;
            for v in &values {
                if let Move::Place(sq) = v.mv
                    && !accepted.contains(sq)
                    && v.score >= best_accepted
                {
                    tempting.insert(sq);
                }
            }
        }
    }
    let mut first_depth = 11;
    for d in (1..=10).rev() {
        if tops_ok[d as usize - 1] {
            first_depth = d;
        } else {
            break;
        }
    }
    Some(Difficulty {
        empties: c.position.board.empty_count(),
        first_depth,
        tempting: tempting.len() as u32,
        margin: c.margin,
        steps: c.steps.len() as u32,
        choices: c.position.legal_moves().len(),
    })
}

fn list(set: SquareSet) -> String {
    set.into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" and ")
}

fn why_text(c: &Candidate) -> String {
    let st = &c.steps[0];
    let key = st.answer;
    let v = c.value;
    let next = v - c.margin;
    let one = st.accepted.len() == 1;
    // The verb agrees with one answer or two.
    let verb = |single: &str, plural: &str| if one { single } else { plural }.to_string();
    let others = if next == 0 {
        "every other move at best draws".to_string()
    } else if next < 0 {
        format!("every other move loses (at best {next:+})")
    } else {
        format!("every other move wins by {next} at most")
    };
    let mut text = match (c.goal, c.proof) {
        (_, Proof::Search { depth }) => format!(
            "At depths {}, {} and {depth}, {key} is at least {} discs better than any other move ({v:+}).",
            depth.saturating_sub(4),
            depth.saturating_sub(2),
            c.margin
        ),
        (Goal::Win, _) => format!(
            "{} {} ({v:+} with best play); {others}.",
            list(st.accepted),
            verb("wins", "win"),
        ),
        (Goal::Line, _) => {
            let finds: Vec<String> = c.steps.iter().map(|s| s.answer.to_string()).collect();
            format!(
                "{}: each time the only move that keeps {v:+} against the best defence (the next best first move gets {next:+}).",
                finds.join(", then ")
            )
        }
        (Goal::Best, _) => {
            let who = if one {
                format!("{key} is the only move that")
            } else {
                format!("{} are the only moves that", list(st.accepted))
            };
            if v == 0 {
                format!("{who} {} the draw; {others}.", verb("saves", "save"))
            } else if v > 0 {
                format!(
                    "{who} {} by {v}; every other move scores at least {} discs less.",
                    verb("wins", "win"),
                    c.margin
                )
            } else {
                format!(
                    "{who} {} the loss to {}; every other move loses at least {} discs more.",
                    verb("limits", "limit"),
                    -v,
                    c.margin
                )
            }
        }
    };
    if let Some(f) = move_facts(&st.position, key)
        && let Some(first) = describe(&f).into_iter().next()
    {
        text.push(' ');
        text.push_str(&first);
    }
    text
}

/// Counts used to prefer candidates that even out the collection.
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
        r
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

/// Mines puzzles (see the module documentation). `progress` hears one line per
/// game; raising `stop` ends the run early with the puzzles found so far.
pub fn mine(
    config: &MineConfig,
    progress: &mut dyn FnMut(&str),
    stop: Arc<AtomicBool>,
) -> Vec<Puzzle> {
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut player = Searcher::new(16, 16);
    player.set_stop_flag(stop.clone());
    let mut prover = proof_searcher();
    prover.set_stop_flag(stop.clone());
    let mut out: Vec<Puzzle> = Vec::new();
    let mut tally = Tally::default();
    let mut seen: BTreeSet<(u64, u64, bool)> = BTreeSet::new();
    let max_games = if config.max_games == 0 {
        config.count.saturating_mul(20).max(1)
    } else {
        config.max_games
    };
    let prefix = format!("m{}", config.seed);
    for game_no in 1..=max_games {
        if out.len() >= config.count || stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(moves) = play_game(&mut rng, &mut player) else {
            break;
        };
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
                    e > config.exact_empties && e <= 30 && p.legal_moves().len() >= 3
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
        for (ply, exact) in plies {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let pos = positions[ply];
            let key = (pos.black(), pos.white(), pos.to_move == Color::Black);
            if seen.contains(&key) {
                continue;
            }
            let mut game = to_transcript(&moves[..ply]);
            if ply > 0 && moves[ply - 1] == Move::Pass {
                // A pass at the end is not implied on replay: write it.
                game.push_str(" pass");
            }
            let found = if exact {
                examine_exact(&mut prover, &pos, config, &mut rng).map(|f| {
                    f.map(|(goal, solution, sets, value, margin)| {
                        (goal, solution, sets, value, margin, Proof::Exact)
                    })
                })
            } else {
                examine_midgame(&mut prover, &pos, config).map(|f| {
                    f.and_then(|(solution, value, margin)| {
                        let Some(Move::Place(sq)) = solution.first() else {
                            return None;
                        };
                        let sets = vec![SquareSet(sq.bit())];
                        let proof = Proof::Search {
                            depth: config.mid_depth,
                        };
                        Some((Goal::Best, solution, sets, value, margin, proof))
                    })
                })
            };
            let Some(found) = found else { break };
            let Some((goal, solution, sets, value, margin, proof)) = found else {
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
        // Rate them all, then keep the rarest, a few plies apart.
        let mut rated: Vec<(Puzzle, usize)> = Vec::new();
        for c in &candidates {
            let Some(d) = difficulty(&mut prover, c) else {
                break;
            };
            let themes = themes_of(&c.position, c.steps[0].answer, c.value, c.proof);
            let puzzle = Puzzle {
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
                why: why_text(c),
                source: PuzzleSource {
                    generator: config.generator.clone(),
                    seed: Some(config.seed),
                    game: Some(c.game.clone()),
                },
            };
            rated.push((puzzle, c.ply));
        }
        let mut kept_plies: Vec<usize> = Vec::new();
        let mut kept = 0;
        while kept < config.per_game && out.len() < config.count {
            let best = rated
                .iter()
                .enumerate()
                .filter(|(_, (_, ply))| kept_plies.iter().all(|k| k.abs_diff(*ply) >= 4))
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
            let errors = prove_puzzle(&puzzle, &mut prover);
            if !errors.is_empty() {
                continue;
            }
            seen.insert((
                puzzle.position.black(),
                puzzle.position.white(),
                puzzle.position.to_move == Color::Black,
            ));
            tally.add(&puzzle);
            out.push(puzzle);
            kept += 1;
        }
        let mid = candidates
            .iter()
            .filter(|c| c.proof != Proof::Exact)
            .count();
        progress(&format!(
            "game {game_no}: {} candidates ({mid} midgame), {kept} kept; {} of {} puzzles",
            candidates.len(),
            out.len(),
            config.count
        ));
    }
    out
}

/// The puzzles as a set file (see `tutor::puzzle` for the format).
pub fn mined_toml(title: &str, puzzles: &[Puzzle]) -> String {
    to_toml(Some(title), puzzles)
}
