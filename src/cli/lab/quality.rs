//! `othello-lab bench --quality FILE.obf [--depth D]`: move quality and grading
//! against an OBF file whose every move is valued (`BOARD SIDE; e3:+4; f2:-2.5; ...`,
//! values from the side to move's view, decimals allowed).
//!
//! Three parts: (a) the move a depth-D search picks and the discs it loses by the
//! file's values; (b) the grade of every move at the practice feedback's settings
//! against the grade by the file's values; (c) the time per position of each.
//!
//! # The measuring files
//!
//! `bench --quality FILE.obf` reads lines `BOARD SIDE; MOVE:VALUE; ...; % comment`
//! (values from the side to move's view, decimals allowed; every legal move must be
//! valued; a malformed line is refused with its line number) and prints: (a) for a
//! search of depth D (default 10, exact at 20 empties or fewer, tables cleared for each
//! position), how often it picks a move of the best value and the mean and worst disc
//! loss by the file's values; (b) at the practice feedback's settings, for every move,
//! whether the grade from the engine's values agrees with the grade from the file's
//! values (rounded to whole discs), the false alarms (a truly best or good move graded
//! mistake or blunder) and the misses (a true mistake or blunder graded best or good),
//! the share of moves graded in a more severe class than the reference's and in a
//! milder one (which should be about equal), as percentages of all moves, both for
//! the whole file and for its positions beyond the feedback's exact-solve threshold;
//! then the mean move loss by the engine's values and by the file's, with the slope of
//! the engine's losses on the file's (below 1: the engine sees the moves closer
//! together than the reference does, and grades milder); (c) the median and worst time per position
//! of each part, the grading part with all threads and with one. Progress goes to
//! stderr. The measuring files are `../shared/data/dev-late-20-26e.obf` and
//! `dev-mid-30-40e.obf` (for measuring only: nothing is tuned on them).
//!

mod game_moves;
mod waits;

use super::jobs::Progress;
use super::{UserError, outln};
use othello_tutor::engine::analysis::AnalysisOptions;
use othello_tutor::engine::analysis::{MoveValue, analyze_with_threads, picked_move};
use othello_tutor::engine::mpc::Confidence;
use othello_tutor::engine::notation;
use othello_tutor::engine::players::{MAX_LEVEL, level_settings};
use othello_tutor::engine::search::{Limits, Searcher};
use othello_tutor::engine::{Board, Move, Square};
use othello_tutor::tutor::feedback::Grade;
use othello_tutor::tutor::settings::describe;
use std::path::Path;
use std::time::Instant;

/// The searched best value minus the file's, for the side to move: mean signed and
/// mean absolute, overall and by ten empties.
fn value_errors(errors: &[(u32, f64)]) -> String {
    let figures = |e: &[f64]| {
        let n = e.len().max(1) as f64;
        (
            e.iter().sum::<f64>() / n,
            e.iter().map(|x| x.abs()).sum::<f64>() / n,
        )
    };
    let all: Vec<f64> = errors.iter().map(|e| e.1).collect();
    let (signed, abs) = figures(&all);
    let mut out = format!(
        "  best value against the file's: mean error {signed:+.2} discs, mean |error| {abs:.2}"
    );
    let mut bands: Vec<u32> = errors.iter().map(|e| e.0 / 10).collect();
    bands.sort_unstable();
    bands.dedup();
    for band in bands {
        let part: Vec<f64> = errors
            .iter()
            .filter(|e| e.0 / 10 == band)
            .map(|e| e.1)
            .collect();
        let (s, a) = figures(&part);
        out.push_str(&format!(
            "; {}-{} empties ({}): {s:+.2} / {a:.2}",
            band * 10,
            band * 10 + 9,
            part.len()
        ));
    }
    out
}

/// One position of the file with the value of every legal move.
struct Valued {
    board: Board,
    /// (move, value in discs), in file order.
    values: Vec<(Square, f64)>,
}

impl Valued {
    fn best(&self) -> f64 {
        self.values
            .iter()
            .map(|v| v.1)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    fn value_of(&self, sq: Square) -> Option<f64> {
        self.values.iter().find(|v| v.0 == sq).map(|v| v.1)
    }

    /// Beyond the grading's exact-solve threshold.
    fn beyond_exact(&self, exact_empties: u32) -> bool {
        self.board.empty_count() > exact_empties
    }
}

/// Reads one line `BOARD SIDE; MOVE:VALUE; ...; % comment`.
fn parse_line(line: &str) -> Result<Valued, String> {
    let body = line.split('%').next().unwrap_or("");
    let mut fields = body.split(';');
    let head = fields.next().unwrap_or("");
    let position = notation::parse_obf(head).map_err(|e| e.to_string())?;
    let board = position.position.board;
    let mut values = Vec::new();
    for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
        let bad = || format!("\"{field}\" is not MOVE:VALUE");
        let (mv, value) = field.split_once(':').ok_or_else(bad)?;
        let sq = Square::parse(&mv.trim().to_ascii_lowercase()).map_err(|_| bad())?;
        let value: f64 = value.trim().parse().map_err(|_| bad())?;
        if !value.is_finite() || value.abs() > 64.0 {
            return Err(bad());
        }
        if !board.is_legal(sq) {
            return Err(format!("{sq} is not a legal move"));
        }
        if values.iter().any(|v: &(Square, f64)| v.0 == sq) {
            return Err(format!("{sq} is valued twice"));
        }
        values.push((sq, value));
    }
    if let Some(missing) = board
        .legal_moves()
        .into_iter()
        .find(|sq| !values.iter().any(|v| v.0 == *sq))
    {
        return Err(format!(
            "no value for the legal move {missing} (every legal move needs one)"
        ));
    }
    Ok(Valued { board, values })
}

fn read(path: &Path) -> Result<Vec<Valued>, UserError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| UserError(format!("{}: {e}", path.display())))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('%') {
            continue;
        }
        let valued =
            parse_line(t).map_err(|e| UserError(format!("{}:{}: {e}", path.display(), i + 1)))?;
        out.push(valued);
    }
    if out.is_empty() {
        return Err(UserError(format!("{}: no positions", path.display())));
    }
    Ok(out)
}

/// "median 0.123 s, max 0.456 s" of `times`.
fn time_figures(times: &[f64]) -> String {
    let mut t = times.to_vec();
    t.sort_by(f64::total_cmp);
    if t.is_empty() {
        return "no positions".into();
    }
    let median = if t.len() % 2 == 1 {
        t[t.len() / 2]
    } else {
        (t[t.len() / 2 - 1] + t[t.len() / 2]) / 2.0
    };
    format!("median {median:.3} s, max {:.3} s", t[t.len() - 1])
}

fn percent(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

/// Move-choice figures over a set of positions: (positions, best picks, losses).
#[derive(Default)]
struct Choice {
    positions: usize,
    best: usize,
    loss_sum: f64,
    worst: f64,
}

impl Choice {
    fn add(&mut self, loss: f64) {
        self.positions += 1;
        if loss <= 1e-9 {
            self.best += 1;
        }
        self.loss_sum += loss;
        self.worst = self.worst.max(loss);
    }

    fn line(&self, label: &str) -> String {
        if self.positions == 0 {
            return format!("  {label}: no positions");
        }
        format!(
            "  {label} ({} positions): best move in {} ({:.1}%), mean loss {:.2} discs, worst {}",
            self.positions,
            self.best,
            percent(self.best, self.positions),
            self.loss_sum / self.positions as f64,
            trim_number(self.worst)
        )
    }
}

/// A value in discs without needless decimals ("6", "2.5", "13.06").
fn trim_number(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// Grading figures over a set of moves.
#[derive(Default)]
struct Grading {
    moves: usize,
    agree: usize,
    false_alarms: usize,
    misses: usize,
    /// Graded more severely than the reference's grade (a worse class).
    harsher: usize,
    /// Graded more mildly than the reference's grade.
    milder: usize,
}

impl Grading {
    fn add(&mut self, truth: Grade, engine: Grade) {
        let good = |g: Grade| matches!(g, Grade::Best | Grade::Good);
        let bad = |g: Grade| matches!(g, Grade::Mistake | Grade::Blunder);
        self.moves += 1;
        self.agree += usize::from(truth == engine);
        self.false_alarms += usize::from(good(truth) && bad(engine));
        self.misses += usize::from(bad(truth) && good(engine));
        // The classes run from best to blunder in the order of the enum.
        self.harsher += usize::from(engine > truth);
        self.milder += usize::from(engine < truth);
    }

    fn line(&self, label: &str, positions: usize) -> String {
        if self.moves == 0 {
            return format!("  {label}: no positions");
        }
        format!(
            "  {label} ({positions} positions, {} moves): agreement {:.1}%, false alarms {:.1}%, misses {:.1}%, graded harsher {:.1}%, milder {:.1}%",
            self.moves,
            percent(self.agree, self.moves),
            percent(self.false_alarms, self.moves),
            percent(self.misses, self.moves),
            percent(self.harsher, self.moves),
            percent(self.milder, self.moves)
        )
    }
}

/// One move graded twice: by the file's values and by the engine's.
struct GradedMove {
    truth: Grade,
    engine: Grade,
    /// Discs the move loses by the file's values.
    true_loss: f64,
    /// Discs the move loses by the engine's values.
    engine_loss: f64,
}

/// The grades and losses of every move of `p` by the file's values and by the engine's.
fn grades(p: &Valued, engine: &[MoveValue], picked: Option<Square>) -> Vec<GradedMove> {
    let true_best = p.best().round() as i32;
    // As practice grades: against the largest value, or (selective search) against
    // the value of the move the board's search picks.
    let reference = picked
        .and_then(|sq| engine.iter().find(|v| v.mv == Move::Place(sq)))
        .or(engine.first());
    let engine_best = reference.map(MoveValue::discs).unwrap_or(0);
    let engine_exact = reference.is_some_and(|v| v.exact);
    p.values
        .iter()
        .filter_map(|&(sq, value)| {
            let mine = engine.iter().find(|v| v.mv == Move::Place(sq))?;
            let best = engine_best.max(mine.discs());
            Some(GradedMove {
                truth: Grade::from_values(true_best, value.round() as i32),
                engine: Grade::from_search(best, mine.discs(), engine_exact && mine.exact),
                true_loss: (p.best() - value).max(0.0),
                engine_loss: f64::from(best - mine.discs()),
            })
        })
        .collect()
}

/// How the engine's move losses compare in size with the file's: the mean of each and
/// the least-squares slope of the engine's on the file's (through zero). A slope below
/// 1 means the engine sees the moves closer together than the reference does, which
/// grades moves milder; above 1, harsher.
fn loss_scale(moves: &[(f64, f64)]) -> String {
    let n = moves.len().max(1) as f64;
    let truth: f64 = moves.iter().map(|m| m.0).sum::<f64>() / n;
    let engine: f64 = moves.iter().map(|m| m.1).sum::<f64>() / n;
    let tt: f64 = moves.iter().map(|m| m.0 * m.0).sum();
    let te: f64 = moves.iter().map(|m| m.0 * m.1).sum();
    let slope = if tt > 0.0 { te / tt } else { 0.0 };
    format!(
        "  move losses: the engine's mean {engine:.2} discs, the file's {truth:.2}; slope of the engine's on the file's {slope:.2}"
    )
}

/// Per position: every move's value, and the move a selective grade compares with.
type Graded = Vec<(Vec<MoveValue>, Option<Square>)>;

/// Values every position at the feedback settings with `threads` threads: the values
/// and the time per position.
fn feedback_pass(
    positions: &[Valued],
    grading: AnalysisOptions,
    threads: usize,
    label: &str,
) -> Result<(Graded, Vec<f64>), UserError> {
    let mut searcher = Searcher::new(1, 1);
    let (mut all, mut times) = (Vec::new(), Vec::new());
    let bar = Progress::new(format!("grading ({label})"), positions.len());
    for p in positions {
        let t = Instant::now();
        let values = analyze_with_threads(&mut searcher, &p.board, grading, threads)
            .map_err(|e| UserError(e.to_string()))?;
        times.push(t.elapsed().as_secs_f64());
        let picked =
            picked_move(&searcher, &p.board, grading).map_err(|e| UserError(e.to_string()))?;
        all.push((values, picked));
        bar.done("");
    }
    Ok((all, times))
}

/// `bench --quality FILE`: the grading settings from the options (the practice
/// feedback's unless told otherwise), then [`run`].
pub fn run_from_args(
    file: &Path,
    args: &super::args::BenchArgs,
    threads: usize,
) -> Result<(), UserError> {
    let confidence = |t: f32| (t > 0.0).then(|| Confidence((t * 100.0).round() as u16));
    let feedback = othello_tutor::tutor::settings::FEEDBACK_ANALYSIS;
    let grading = AnalysisOptions {
        depth: args.grading_depth.unwrap_or(feedback.depth),
        exact_empties: args.grading_exact.unwrap_or(feedback.exact_empties),
        time: None,
        selective: args
            .grading_selective
            .map_or(feedback.selective, confidence),
        smoothed: true,
    };
    run(
        file,
        args.depth,
        confidence(args.selective),
        threads,
        grading,
        args.grading_time_only,
        args.swing
            .then_some((args.swing_from, args.swing_to.max(args.swing_from + 1))),
    )
}

/// `bench --grading-games N`: what a learner waits for as practice grades the moves
/// of real games (see `game_moves`), `games` games from XOT opening `first` on, the
/// moves at `empties` empties (by default `game_moves::GRADED_EMPTIES`), from nothing
/// and after `thinking` of preparation.
pub fn game_waits(
    games: usize,
    first: usize,
    empties: Option<std::ops::RangeInclusive<u32>>,
    thinking: std::time::Duration,
    threads: usize,
) -> Result<(), UserError> {
    let empties = empties.unwrap_or(game_moves::GRADED_EMPTIES);
    let moves = game_moves::game_moves(games, first, &empties)?;
    outln!(
        "grading waits in real games: {games} game{} from XOT opening {first} on, level {} on both sides, its move graded at {}-{} empties ({} moves), {threads} thread{}",
        if games == 1 { "" } else { "s" },
        game_moves::LEARNER_LEVEL,
        empties.start(),
        empties.end(),
        moves.len(),
        if threads == 1 { "" } else { "s" },
    );
    waits::practice_wait(&moves, thinking, true)
}

/// Prints the move-quality and grading figures of `file`, grading with `grading`
/// (the practice feedback's settings unless `bench` was told otherwise).
pub fn run(
    file: &Path,
    depth: u32,
    selective: Option<Confidence>,
    threads: usize,
    grading: AnalysisOptions,
    time_only: bool,
    swing: Option<(u32, u32)>,
) -> Result<(), UserError> {
    let positions = read(file)?;
    let threshold = grading.exact_empties;
    if time_only {
        return waits::grading_wait(&positions, grading, threads);
    }
    let beyond = positions
        .iter()
        .filter(|p| p.beyond_exact(threshold))
        .count();
    let which = if grading == othello_tutor::tutor::settings::FEEDBACK_ANALYSIS {
        "practice feedback settings"
    } else {
        "settings given"
    };
    outln!(
        "quality of {}: {} positions, {beyond} beyond the grading's exact threshold ({threshold} empties)",
        file.display(),
        positions.len()
    );
    // (a) The move a depth-D search picks.
    let exact_empties = level_settings(MAX_LEVEL).1;
    outln!(
        "move choice: search depth {depth}{}, exact at {exact_empties} empties or fewer (the strongest level's threshold), tables cleared per position, 1 thread",
        selective.map_or(String::new(), |c| format!(
            " (Multi-ProbCut, confidence {:.2})",
            c.t()
        ))
    );
    let mut searcher = Searcher::default();
    searcher.set_selectivity(selective.map(Confidence::selectivity));
    let (mut all, mut far, mut near) = (Choice::default(), Choice::default(), Choice::default());
    let mut times = Vec::new();
    // The searched best value against the file's, for the side to move: by phase.
    let mut errors: Vec<(u32, f64)> = Vec::new();
    let bar = Progress::new("move choice", positions.len());
    for p in &positions {
        searcher.clear();
        let t = Instant::now();
        let r = searcher
            .search(&p.board, Limits::depth(depth, exact_empties))
            .map_err(|e| UserError(e.to_string()))?;
        times.push(t.elapsed().as_secs_f64());
        let chosen = r
            .best
            .and_then(|sq| p.value_of(sq))
            .ok_or_else(|| UserError("the search picked no valued move".into()))?;
        let loss = p.best() - chosen;
        errors.push((p.board.empty_count(), r.score as f64 / 100.0 - p.best()));
        all.add(loss);
        if p.beyond_exact(threshold) {
            far.add(loss);
        } else {
            near.add(loss);
        }
        bar.done("");
    }
    outln!("{}", all.line("all"));
    outln!("{}", far.line("beyond the exact threshold"));
    outln!("{}", near.line("within the exact threshold"));
    outln!("  time per position: {}", time_figures(&times));
    outln!("{}", value_errors(&errors));
    if let Some((from, to)) = swing {
        let boards: Vec<Board> = positions.iter().map(|p| p.board).collect();
        let evaluator = othello_tutor::engine::evaluator::Evaluator::patterns();
        let bar = Progress::new("swing", boards.len());
        let s = othello_tutor::engine::swing::measure(
            &boards,
            from,
            to,
            &evaluator,
            threads,
            &|_, _| bar.done(""),
        )
        .map_err(|e| UserError(e.to_string()))?;
        outln!("{}", s.line(from, to));
        let bar = Progress::new("stated swing", boards.len());
        let stated = othello_tutor::engine::swing::measure_stated(
            &boards,
            from,
            to,
            &evaluator,
            othello_tutor::tutor::settings::ANALYSIS,
            threads,
            &|_, _| bar.done(""),
        )
        .map_err(|e| UserError(e.to_string()))?;
        outln!("{}", stated.line(from, to));
    }
    // (b) Grades at the practice feedback's settings.
    outln!(
        "grading: {which} ({}), {threads} thread{}",
        describe(&grading),
        if threads == 1 { "" } else { "s" }
    );
    let (values, times) =
        feedback_pass(&positions, grading, threads, &format!("{threads} threads"))?;
    let (mut all, mut far) = (Grading::default(), Grading::default());
    let mut losses = Vec::new();
    for (p, (engine, picked)) in positions.iter().zip(&values) {
        for m in grades(p, engine, *picked) {
            all.add(m.truth, m.engine);
            if p.beyond_exact(threshold) {
                far.add(m.truth, m.engine);
            }
            losses.push((m.true_loss, m.engine_loss));
        }
    }
    outln!("{}", all.line("all", positions.len()));
    outln!("{}", far.line("beyond the exact threshold", beyond));
    outln!("{}", loss_scale(&losses));
    outln!(
        "  time per position, {threads} thread{}: {}",
        if threads == 1 { "" } else { "s" },
        time_figures(&times)
    );
    waits::grading_wait(&positions, grading, threads)?;
    if threads > 1 && which == "practice feedback settings" {
        let (one, times) = feedback_pass(&positions, grading, 1, "1 thread")?;
        let same = if one == values { "yes" } else { "NO" };
        outln!(
            "  time per position, 1 thread: {} (values identical to {threads} threads: {same})",
            time_figures(&times)
        );
    }
    Ok(())
}
