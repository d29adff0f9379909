//! `othello-lab bench`: the speed figures, one per line: perft, midgame search,
//! hints, reply times of the engine levels, stop latency, the FFO #40-#49 endgames
//! and peak memory.

use super::outln;
use othello_tutor::engine::Board;
use othello_tutor::engine::notation;
use othello_tutor::engine::perft::perft;
use std::time::Instant;

/// Prints the speed figures, one per line; analysis uses `threads` threads (and one,
/// for comparison). `only` names one section to run alone.
pub fn run(threads: usize, only: Option<&str>) {
    let wanted = |name: &str| only.is_none_or(|o| o == name);
    outln!(
        "engine code: {} copy",
        othello_tutor::engine::cpu_dispatch::level_name()
    );
    if wanted("perft") {
        bench_perft();
    }
    if wanted("eval") {
        bench_eval();
    }
    if wanted("midgame") {
        bench_midgame(threads);
    }
    if wanted("replies") {
        bench_replies();
    }
    if wanted("cancel") {
        bench_cancel();
    }
    if wanted("ffo") {
        bench_ffo(threads);
    }
    if let Some(kb) = peak_rss_kb() {
        outln!("peak resident memory: {:.0} MB", kb as f64 / 1024.0);
    }
}

fn bench_perft() {
    for d in [11, 12] {
        let t = Instant::now();
        let n = perft(&Board::start(), d);
        let s = t.elapsed().as_secs_f64();
        outln!(
            "perft {d}: {n} nodes, {s:.3} s, {:.1} MN/s (single thread, last ply bulk-counted)",
            n as f64 / s.max(1e-9) / 1e6
        );
    }
}

/// The time of one evaluation, pattern and named-feature, over positions from games.
fn bench_eval() {
    use othello_tutor::engine::evaluator::Evaluator;
    let mut boards = Vec::new();
    for i in 0..200 {
        let mut pos = othello_tutor::tutor::openings::xot_position(i * 7);
        let mut k = i as u64;
        while !pos.is_game_over() && boards.len() < 20_000 {
            if pos.must_pass() {
                pos = pos.pass();
                continue;
            }
            let moves = pos.board.legal_moves();
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let list: Vec<_> = moves.into_iter().collect();
            pos = pos.play_unchecked(list[(k >> 33) as usize % list.len()]);
            boards.push(pos.board);
        }
    }
    for (name, evaluator) in [
        ("pattern", Evaluator::patterns()),
        ("named-feature", Evaluator::features()),
    ] {
        let (ns, sum) = time_evaluation(&evaluator, &boards);
        outln!(
            "{name} evaluation: {ns:.0} ns per position ({} positions from random games, checksum {sum})",
            boards.len()
        );
    }
    // A search evaluates many positions of one empties count in a row (its leaves):
    // the same positions in that order, each phase's weights then warm in the cache.
    let mut sorted = boards.clone();
    sorted.sort_by_key(|b| b.empty_count());
    let (ns, sum) = time_evaluation(&Evaluator::patterns(), &sorted);
    outln!(
        "pattern evaluation, the same positions by empties count (as a search's leaves come): {ns:.0} ns per position (checksum {sum})"
    );
}

/// Nanoseconds per evaluation of `boards` by `evaluator` (20 rounds), and the sum of
/// the values (printed, so the work cannot be left out).
fn time_evaluation(
    evaluator: &othello_tutor::engine::evaluator::Evaluator,
    boards: &[Board],
) -> (f64, i64) {
    let (mut sum, rounds) = (0i64, 20);
    let t = Instant::now();
    for _ in 0..rounds {
        for b in boards {
            sum += evaluator.evaluate(std::hint::black_box(b)) as i64;
        }
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / (rounds * boards.len()) as f64;
    (ns, sum)
}

/// Ten typical midgame positions: XOT openings played on by a depth-2 engine to 36 empties.
fn midgame_positions() -> Vec<Board> {
    use othello_tutor::engine::search::{Limits, Searcher};
    let mut searcher = Searcher::new(4, 4);
    (0..10)
        .map(|i| {
            let mut pos = othello_tutor::tutor::openings::xot_position(i * 37);
            while pos.board.empty_count() > 36 && !pos.is_game_over() {
                if pos.must_pass() {
                    pos = pos.pass();
                    continue;
                }
                let best = searcher
                    .search(&pos.board, Limits::depth(2, 0))
                    .ok()
                    .and_then(|r| r.best);
                match best {
                    Some(sq) => pos = pos.play_unchecked(sq),
                    None => break,
                }
            }
            pos.board
        })
        .collect()
}

fn bench_midgame(threads: usize) {
    use othello_tutor::engine::analysis::analyze_with_threads;
    use othello_tutor::engine::search::{Limits, Searcher};
    let positions = midgame_positions();
    let mut searcher = Searcher::default();
    let (mut times, mut nodes) = (Vec::new(), 0u64);
    for b in &positions {
        searcher.clear();
        let t = Instant::now();
        if let Ok(r) = searcher.search(b, Limits::depth(12, 0)) {
            nodes += r.nodes;
        }
        times.push(t.elapsed().as_secs_f64());
    }
    let total: f64 = times.iter().sum();
    outln!(
        "midgame search, depth 12, 10 positions at 36 empties: mean {:.3} s, max {:.3} s, {:.1} Mn/s",
        total / times.len() as f64,
        times.iter().cloned().fold(0.0, f64::max),
        nodes as f64 / total.max(1e-9) / 1e6
    );
    let mut counts = vec![threads];
    if threads > 1 {
        counts.push(1);
    }
    for n in counts {
        let mut times = Vec::new();
        for b in &positions {
            let t = Instant::now();
            let _ = analyze_with_threads(
                &mut searcher,
                b,
                othello_tutor::tutor::settings::HINT_ANALYSIS,
                n,
            );
            times.push(t.elapsed().as_secs_f64());
        }
        outln!(
            "hint (every move valued: {}), same positions, {n} thread{}: mean {:.3} s, max {:.3} s",
            othello_tutor::tutor::settings::describe(
                &othello_tutor::tutor::settings::HINT_ANALYSIS
            ),
            if n == 1 { "" } else { "s" },
            times.iter().sum::<f64>() / times.len() as f64,
            times.iter().cloned().fold(0.0, f64::max)
        );
    }
}

/// Reply times of the default (level 3) and the strongest (level 6) opponents, over
/// positions from 50 down to 14 empties.
fn bench_replies() {
    use othello_tutor::engine::players::{Player, Strategy};
    use othello_tutor::engine::search::{Limits, Searcher};
    let mut searcher = Searcher::new(4, 4);
    let mut positions = Vec::new();
    for i in 0..8 {
        let mut pos = othello_tutor::tutor::openings::xot_position(i * 53 + 7);
        for target in [50u32, 44, 38, 32, 26, 20, 14] {
            while pos.board.empty_count() > target && !pos.is_game_over() {
                if pos.must_pass() {
                    pos = pos.pass();
                    continue;
                }
                match searcher
                    .search(&pos.board, Limits::depth(2, 0))
                    .ok()
                    .and_then(|r| r.best)
                {
                    Some(sq) => pos = pos.play_unchecked(sq),
                    None => break,
                }
            }
            if !pos.is_game_over() && !pos.must_pass() {
                positions.push(pos.board);
            }
        }
    }
    let mut rng = rand::rng();
    for level in [3u8, 6] {
        let mut player = Player::new(Strategy::Engine(level));
        let mut times: Vec<f64> = positions
            .iter()
            .map(|b| {
                let t = Instant::now();
                let _ = player.choose(b, &mut rng);
                t.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        outln!(
            "reply time, engine level {level}, {} positions from 50 to 14 empties: median {:.3} s, max {:.3} s",
            times.len(),
            times[times.len() / 2],
            times.last().copied().unwrap_or(0.0)
        );
    }
}

/// How long a search takes to return after its stop flag is raised (worst of 5).
fn bench_cancel() {
    use othello_tutor::engine::search::{Limits, Searcher};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let positions = midgame_positions();
    let mut worst = 0f64;
    for b in positions.into_iter().take(5) {
        let mut searcher = Searcher::new(16, 16);
        let flag = Arc::new(AtomicBool::new(false));
        searcher.set_stop_flag(flag.clone());
        let handle = std::thread::spawn(move || searcher.search(&b, Limits::depth(40, 0)).is_ok());
        std::thread::sleep(std::time::Duration::from_millis(200));
        let t = Instant::now();
        flag.store(true, Ordering::Relaxed);
        let _ = handle.join();
        worst = worst.max(t.elapsed().as_secs_f64());
    }
    outln!(
        "stop latency (search stopped from another thread): worst {:.1} ms of 5",
        worst * 1000.0
    );
}

/// FFO #40-#49 (src/data/fforum-40-59.obf, embedded; its first line names the source).
const FFO_40_59: &str = include_str!("../../data/fforum-40-59.obf");

fn bench_ffo(threads: usize) {
    let Ok(records) = notation::parse_obf_file(FFO_40_59) else {
        outln!("ffo 40-49: data unreadable");
        return;
    };
    // The score and best move (what other engines' FFO figures time), on one thread
    // and on `threads`; then, on one thread, with the whole line read as well.
    let mut runs = vec![(1, false)];
    if threads > 1 {
        runs.push((threads, false));
    }
    runs.push((1, true));
    for (n, line) in runs {
        use othello_tutor::engine::endgame::{SharedTable, Solver};
        use othello_tutor::engine::parallel_solve::score_parallel_with;
        // One table for the ten positions, as `solve` has.
        let table = std::sync::Arc::new(SharedTable::with_megabytes(48));
        let (mut nodes, mut wrong) = (0u64, 0);
        let cpu0 = cpu_seconds();
        let t = Instant::now();
        for rec in records.iter().take(10) {
            let board = &rec.position.board;
            let result = match (n, line) {
                (_, true) => Solver::sharing(table.clone(), false)
                    .solve(board)
                    .map(|s| s.scored()),
                (1, false) => Solver::sharing(table.clone(), false).solve_score(board),
                _ => score_parallel_with(board, n, &table, None),
            };
            match result {
                Ok(sol) => {
                    nodes += sol.nodes;
                    if Some(&sol.score) != rec.move_scores.first().map(|m| &m.1) {
                        wrong += 1;
                    }
                }
                Err(_) => wrong += 1,
            }
        }
        let s = t.elapsed().as_secs_f64();
        let cpu = match (cpu0, cpu_seconds()) {
            (Some(a), Some(b)) => format!(" ({:.1} s of CPU time)", b - a),
            _ => String::new(),
        };
        let label = match (n, line) {
            (_, true) => "1 thread, with the line".to_string(),
            (1, false) => "1 thread".to_string(),
            _ => format!("{n} threads"),
        };
        outln!(
            "ffo 40-49 exact, {label}: {s:.1} s{cpu}, {nodes} nodes, {:.1} Mn/s, {} of 10 correct",
            nodes as f64 / s.max(1e-9) / 1e6,
            10 - wrong
        );
    }
}

/// CPU time used by this process so far (Linux, from /proc; `None` elsewhere). On a
/// busy machine it is a steadier figure than the wall clock.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime is the 12th.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
