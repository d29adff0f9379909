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
    /// Print the speed figures, one per line
    Bench,
}

/// A failure that the user caused: printed as one line, exit status 2.
struct UserError(String);

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
    let cli = Cli::parse();
    let result = match cli.command {
        None => Err(UserError(
            "the TUI is not built yet; try a subcommand (othello-tutor --help)".into(),
        )),
        Some(Command::Perft { depth }) => {
            run_perft(depth);
            Ok(())
        }
        Some(Command::Show { transcript }) => show(&transcript.join(" ")),
        Some(Command::Solve { file, wld }) => solve(&file, wld),
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

fn run_perft(depth: u32) {
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&Board::start(), d);
        let s = t.elapsed().as_secs_f64();
        println!("perft {d} {n} {s:.3} {:.1}", n as f64 / s.max(1e-9) / 1e6);
    }
}

fn show(transcript: &str) -> Result<(), UserError> {
    let game = notation::parse_transcript(transcript).map_err(|e| UserError(e.to_string()))?;
    let pos = game.current();
    print!("{pos}");
    if pos.is_game_over() {
        println!("game over");
    } else {
        let side = match pos.to_move {
            Color::Black => "Black (X)",
            Color::White => "White (O)",
        };
        if pos.must_pass() {
            println!("{side} to move, and must pass");
        } else {
            println!("{side} to move");
        }
    }
    let (b, w) = pos.score_counts();
    println!("Black {b} - {w} White");
    Ok(())
}

fn bench() {
    for d in [11, 12] {
        let t = Instant::now();
        let n = perft(&Board::start(), d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "perft {d}: {n} nodes, {s:.3} s, {:.1} MN/s (single thread, last ply bulk-counted)",
            n as f64 / s.max(1e-9) / 1e6
        );
    }
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
        println!("#{} {mv} {:+} {} {secs:.3}", i + 1, sol.score, sol.nodes);
    }
    println!(
        "total: {} positions, {total_nodes} nodes, {total_secs:.3} s, {:.1} Mn/s",
        records.len(),
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    Ok(())
}
