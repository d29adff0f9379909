//! The `othello-tutor` command line: no subcommand opens the TUI; the subcommands
//! print engine results (see README.md for the contract).

use clap::{Parser, Subcommand};
use othello_tutor::engine::notation;
use othello_tutor::engine::perft::perft;
use othello_tutor::engine::{Board, Color};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "othello-tutor",
    version,
    about = "Learn Othello strategy in the terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Where progress and saved games live (default: the user's data directory;
    /// the environment variable OTHELLO_TUTOR_DATA also sets it)
    #[arg(long, global = true)]
    data_dir: Option<std::path::PathBuf>,
    /// Size of each engine table in MB (two tables; default 48)
    #[arg(long, global = true, default_value_t = 48, value_parser = clap::value_parser!(u64).range(1..=4096))]
    table_mb: u64,
}

#[derive(Subcommand)]
enum Command {
    /// Count move paths from the start, one line per depth: "perft D NODES SECONDS MNPS"
    Perft {
        /// Deepest depth to count (1..=20)
        #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
    },
    /// Replay a transcript and print the board and the score
    Show {
        /// Moves such as "f5d6c3" (spaces, any case; passes as pass, PA or --)
        transcript: Vec<String>,
    },
    /// Solve every position of an OBF file exactly: "#N MOVE SCORE NODES SECONDS", then totals
    Solve {
        /// An OBF file, one position per line
        file: std::path::PathBuf,
        /// Only win/loss/draw (score -1, 0 or +1)
        #[arg(long)]
        wld: bool,
    },
    /// Value every legal move, best first: "MOVE SCORE exact|dD PV..."
    Analyze {
        /// A transcript from the start (f5d6...) or an OBF line (one that starts
        /// with "-" is taken as a position, not an option)
        position: Vec<String>,
        /// Search depth (default 12; exact anyway at 20 empties or fewer)
        #[arg(long, conflicts_with = "exact", value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Solve every move exactly, however many empties
        #[arg(long)]
        exact: bool,
    },
    /// Play a match between two players from XOT openings, each colour in turn
    Match {
        /// greedy, static, mobility, or level1..level6
        a: String,
        /// greedy, static, mobility, or level1..level6
        b: String,
        /// Number of games (played in pairs: each opening once with each colour)
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// First opening of the XOT list to use
        #[arg(long, default_value_t = 0)]
        offset: usize,
    },
    /// Tune the evaluator's weights by self-play; writes the source of weights.rs
    Tune {
        /// Self-play games
        #[arg(long, default_value_t = 3000)]
        games: usize,
        /// Positions per phase
        #[arg(long, default_value_t = 3000)]
        per_phase: usize,
        /// Random seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the weights (default: standard output)
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Potential, the second game of the reference texts
    Potential {
        #[command(subcommand)]
        command: PotentialCommand,
    },
    /// Prove every lesson and puzzle with the engine; last line
    /// "lessons: L (steps: S, interactive: I), puzzles: P"
    CheckContent {
        /// Deeper proofs (slower)
        #[arg(long)]
        full: bool,
    },
    /// Mine puzzles from varied engine games; progress on stderr, Enter stops early
    MinePuzzles {
        /// How many puzzles to find
        #[arg(long, default_value_t = 50)]
        count: usize,
        /// Random seed (the same seed and engine give the same puzzles)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the TOML set (default: standard output)
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Print the speed figures, one per line
    Bench,
}

#[derive(Subcommand)]
enum PotentialCommand {
    /// Let the computer play itself; prints the record and "White +k", "Black +k" or "Draw"
    Selfplay {
        /// Pieces per side (3..=25)
        #[arg(long, default_value_t = 12)]
        pieces: usize,
        /// Random seed (the same seed gives the same game)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// random, greedy or search
        #[arg(long, default_value = "search")]
        level: String,
    },
}

/// `println!` that ends the program quietly when standard output is closed (for
/// example when piped into `head`), instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// A failure that the user caused: printed as one line, exit status 2.
struct UserError(String);

/// An OBF board given to `analyze` that starts with an empty square (`-`) would read
/// as an option; its first `-` becomes the other empty-square mark, `.`, so it reads
/// as a position. Only a word of at least eight board characters is touched, which
/// no option is.
fn protect_board(arg: std::ffi::OsString) -> std::ffi::OsString {
    match arg.to_str() {
        Some(text)
            if text.starts_with('-')
                && text.len() >= 8
                && text.chars().all(|c| "-XOxo*. ".contains(c)) =>
        {
            format!(".{}", &text[1..]).into()
        }
        _ => arg,
    }
}

fn main() -> ExitCode {
    #[cfg(target_arch = "x86_64")]
    if !std::arch::is_x86_feature_detected!("avx2") || !std::arch::is_x86_feature_detected!("bmi2")
    {
        eprintln!(
            "othello-tutor: this build needs a CPU with AVX2 and BMI2; rebuild with \
             RUSTFLAGS=\"-C target-cpu=x86-64\" cargo build --release"
        );
        return ExitCode::from(2);
    }
    let mut in_analyze = false;
    let cli = Cli::parse_from(std::env::args_os().map(|arg| {
        let arg = if in_analyze { protect_board(arg) } else { arg };
        in_analyze |= arg == "analyze";
        arg
    }));
    let result = match cli.command {
        None => {
            run_tui(othello_tutor::ui::UiOptions {
                data_dir: cli.data_dir.clone(),
                table_mb: cli.table_mb as usize,
                ..Default::default()
            });
            Ok(())
        }
        Some(Command::Perft { depth }) => {
            run_perft(depth);
            Ok(())
        }
        Some(Command::Show { transcript }) => show(&transcript.join(" ")),
        Some(Command::Solve { file, wld }) => solve(&file, wld),
        Some(Command::Analyze {
            position,
            depth,
            exact,
        }) => analyze(&position.join(" "), depth, exact),
        Some(Command::Match {
            a,
            b,
            games,
            offset,
        }) => play_match(&a, &b, games, offset),
        Some(Command::Tune {
            games,
            per_phase,
            seed,
            out,
        }) => tune(games, per_phase, seed, out.as_deref()),
        Some(Command::Potential {
            command:
                PotentialCommand::Selfplay {
                    pieces,
                    seed,
                    level,
                },
        }) => othello_tutor::potential::selfplay::selfplay_text(pieces, seed, &level)
            .map(|text| outln!("{}", text.trim_end()))
            .map_err(|e| UserError(e.to_string())),
        Some(Command::CheckContent { full }) => return check_content(full),
        Some(Command::MinePuzzles { count, seed, out }) => {
            mine_puzzles(count, seed, out.as_deref())
        }
        Some(Command::Bench) => {
            bench();
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UserError(msg)) => {
            eprintln!("othello-tutor: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Runs the TUI. A panic first restores the terminal, then prints its message.
fn run_tui(options: othello_tutor::ui::UiOptions) {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() == Some("main") {
            restore_terminal();
        }
        default_hook(info);
    }));
    let mut siv = cursive::default();
    othello_tutor::ui::build(&mut siv, options);
    siv.run();
}

fn restore_terminal() {
    use cursive::backends::crossterm::crossterm::{
        cursor, event::DisableMouseCapture, execute, terminal,
    };
    let _ = execute!(
        std::io::stdout(),
        terminal::LeaveAlternateScreen,
        DisableMouseCapture,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}

/// Mines puzzles; Enter on standard input stops early and keeps what was found.
fn mine_puzzles(count: usize, seed: u64, out: Option<&std::path::Path>) -> Result<(), UserError> {
    use othello_tutor::tutor::miner::{MineConfig, mine, mined_toml};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    if count == 0 {
        return Err(UserError("--count must be at least 1".into()));
    }
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut line = String::new();
            // A line (not the end of input) asks the miner to stop.
            if let Ok(n) = std::io::stdin().read_line(&mut line)
                && n > 0
            {
                stop.store(true, Ordering::Relaxed);
            }
        });
    }
    eprintln!("Mining {count} puzzles with seed {seed}. Press Enter to stop early.");
    let config = MineConfig {
        count,
        seed,
        ..MineConfig::default()
    };
    let mut progress = |msg: &str| eprintln!("{msg}");
    let puzzles = mine(&config, &mut progress, stop);
    let text = mined_toml(&format!("Mined with seed {seed}"), &puzzles);
    eprintln!("{} puzzles found.", puzzles.len());
    match out {
        Some(path) => {
            let tmp = path.with_extension("tmp-write");
            std::fs::write(&tmp, &text)
                .and_then(|_| std::fs::rename(&tmp, path))
                .map_err(|e| UserError(format!("{}: {e}", path.display())))
        }
        None => {
            outln!("{}", text.trim_end());
            Ok(())
        }
    }
}

/// Proves the content; exit 0 when every answer holds, 1 otherwise.
fn check_content(full: bool) -> ExitCode {
    let mut progress = |msg: &str| eprintln!("{msg}");
    let report = othello_tutor::tutor::content::check_content(full, &mut progress);
    outln!("{report}");
    if report.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn run_perft(depth: u32) {
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&Board::start(), d);
        let s = t.elapsed().as_secs_f64();
        outln!("perft {d} {n} {s:.3} {:.1}", n as f64 / s.max(1e-9) / 1e6);
    }
}

fn show(transcript: &str) -> Result<(), UserError> {
    let game = notation::parse_transcript(transcript).map_err(|e| UserError(e.to_string()))?;
    let pos = game.current();
    outln!("{}", pos.to_string().trim_end());
    if pos.is_game_over() {
        outln!("game over");
    } else {
        let side = match pos.to_move {
            Color::Black => "Black (X)",
            Color::White => "White (O)",
        };
        if pos.must_pass() {
            outln!("{side} to move, and must pass");
        } else {
            outln!("{side} to move");
        }
    }
    let (b, w) = pos.score_counts();
    outln!("Black {b} - {w} White");
    Ok(())
}

fn bench() {
    for d in [11, 12] {
        let t = Instant::now();
        let n = perft(&Board::start(), d);
        let s = t.elapsed().as_secs_f64();
        outln!(
            "perft {d}: {n} nodes, {s:.3} s, {:.1} MN/s (single thread, last ply bulk-counted)",
            n as f64 / s.max(1e-9) / 1e6
        );
    }
    bench_midgame();
    bench_replies();
    bench_cancel();
    bench_ffo();
    if let Some(kb) = peak_rss_kb() {
        outln!("peak resident memory: {:.0} MB", kb as f64 / 1024.0);
    }
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

fn bench_midgame() {
    use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
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
    let mut times = Vec::new();
    for b in &positions {
        searcher.clear();
        let t = Instant::now();
        let _ = analyze(
            &mut searcher,
            b,
            AnalysisOptions {
                depth: 10,
                ..AnalysisOptions::default()
            },
        );
        times.push(t.elapsed().as_secs_f64());
    }
    outln!(
        "hint (every move valued, depth 10), same positions: mean {:.3} s, max {:.3} s",
        times.iter().sum::<f64>() / times.len() as f64,
        times.iter().cloned().fold(0.0, f64::max)
    );
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

/// FFO #40-#49 (tests/data/fforum-40-59.obf, embedded).
const FFO_40_59: &str = include_str!("../tests/data/fforum-40-59.obf");

fn bench_ffo() {
    let Ok(records) = notation::parse_obf_file(FFO_40_59) else {
        outln!("ffo 40-49: data unreadable");
        return;
    };
    let mut solver = othello_tutor::engine::endgame::Solver::default();
    let (mut nodes, mut wrong) = (0u64, 0);
    let cpu0 = cpu_seconds();
    let t = Instant::now();
    for rec in records.iter().take(10) {
        match solver.solve(&rec.position.board) {
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
    outln!(
        "ffo 40-49 exact: {s:.1} s{cpu}, {nodes} nodes, {:.1} Mn/s, {} of 10 correct",
        nodes as f64 / s.max(1e-9) / 1e6,
        10 - wrong
    );
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

fn solve(file: &std::path::Path, wld: bool) -> Result<(), UserError> {
    let text =
        std::fs::read_to_string(file).map_err(|e| UserError(format!("{}: {e}", file.display())))?;
    let records = notation::parse_obf_file(&text)
        .map_err(|(line, e)| UserError(format!("{}:{line}: {e}", file.display())))?;
    let mut solver = othello_tutor::engine::endgame::Solver::default();
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for (i, rec) in records.iter().enumerate() {
        let t = Instant::now();
        let sol = if wld {
            solver.solve_wld(&rec.position.board)
        } else {
            solver.solve(&rec.position.board)
        }
        .map_err(|e| UserError(e.to_string()))?;
        let secs = t.elapsed().as_secs_f64();
        total_nodes += sol.nodes;
        total_secs += secs;
        let mv = sol
            .best
            .map(|s| s.to_string())
            .unwrap_or_else(|| "pass".into());
        outln!("#{} {mv} {:+} {} {secs:.3}", i + 1, sol.score, sol.nodes);
    }
    outln!(
        "total: {} positions, {total_nodes} nodes, {total_secs:.3} s, {:.1} Mn/s",
        records.len(),
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    Ok(())
}

fn analyze(text: &str, depth: Option<u32>, exact: bool) -> Result<(), UserError> {
    use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
    let position = notation::parse_position(text).map_err(|e| UserError(e.to_string()))?;
    if position.is_game_over() {
        return Err(UserError("the game is over: no move to analyze".into()));
    }
    let mut options = AnalysisOptions {
        depth: depth.unwrap_or(12),
        ..AnalysisOptions::default()
    };
    if exact {
        options.exact_empties = 64;
    }
    let mut searcher = othello_tutor::engine::search::Searcher::default();
    let values =
        analyze(&mut searcher, &position.board, options).map_err(|e| UserError(e.to_string()))?;
    for v in values {
        let kind = if v.exact {
            "exact".to_string()
        } else {
            format!("d{}", v.depth)
        };
        let pv: Vec<String> =
            v.pv.iter()
                .map(|m| m.map(|s| s.to_string()).unwrap_or_else(|| "pass".into()))
                .collect();
        outln!("{} {:+} {kind} {}", v.mv, v.discs(), pv.join(" "));
    }
    Ok(())
}

fn parse_strategy(text: &str) -> Result<othello_tutor::engine::players::Strategy, UserError> {
    use othello_tutor::engine::players::{MAX_LEVEL, Strategy};
    match text.to_ascii_lowercase().as_str() {
        "greedy" => Ok(Strategy::Greedy),
        "static" => Ok(Strategy::StaticSquares),
        "mobility" => Ok(Strategy::MobilityOnly),
        other => other
            .strip_prefix("level")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=MAX_LEVEL).contains(n))
            .map(Strategy::Engine)
            .ok_or_else(|| {
                UserError(format!(
                    "`{text}` is not a player (greedy, static, mobility, level1..level{MAX_LEVEL})"
                ))
            }),
    }
}

fn play_match(a: &str, b: &str, games: usize, offset: usize) -> Result<(), UserError> {
    use othello_tutor::engine::players::{Player, play_game};
    use rand::SeedableRng;
    let (sa, sb) = (parse_strategy(a)?, parse_strategy(b)?);
    let (mut pa, mut pb) = (Player::new(sa), Player::new(sb));
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
    for g in 0..games {
        let start = othello_tutor::tutor::openings::xot_position(offset + g / 2);
        let a_is_black = g % 2 == 0;
        let end = if a_is_black {
            play_game(start, &mut pa, &mut pb, &mut rng)
        } else {
            play_game(start, &mut pb, &mut pa, &mut rng)
        };
        let (bl, wh) = end.final_counts();
        let d = bl as i64 - wh as i64;
        let d = if a_is_black { d } else { -d };
        margin += d;
        match d.signum() {
            1 => wins += 1,
            0 => draws += 1,
            _ => losses += 1,
        }
    }
    outln!(
        "{} vs {}: {games} games, {wins} wins, {draws} draws, {losses} losses, score {:.1}%, mean margin {:+.1}",
        sa.name(),
        sb.name(),
        100.0 * (wins as f64 + 0.5 * draws as f64) / games.max(1) as f64,
        margin as f64 / games.max(1) as f64
    );
    Ok(())
}

fn tune(
    games: usize,
    per_phase: usize,
    seed: u64,
    out: Option<&std::path::Path>,
) -> Result<(), UserError> {
    use othello_tutor::engine::eval::Weights;
    use othello_tutor::engine::tune::{TuneConfig, fit, sample_positions, weights_source};
    use rand::SeedableRng;
    let config = TuneConfig {
        games,
        per_phase,
        ..TuneConfig::default()
    };
    let openings: Vec<_> = (0..3000)
        .map(othello_tutor::tutor::openings::xot_position)
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut progress = |msg: &str| eprintln!("{msg}");
    let positions = sample_positions(&config, &openings, &mut rng, &mut progress);
    let (weights, _) = fit(&config, &positions, &Weights::default(), &mut progress);
    let source = weights_source(&weights);
    match out {
        Some(path) => {
            std::fs::write(path, source).map_err(|e| UserError(format!("{}: {e}", path.display())))
        }
        None => {
            outln!("{}", source.trim_end());
            Ok(())
        }
    }
}
