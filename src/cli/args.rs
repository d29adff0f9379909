//! The learner's command line (`othello-tutor`): the options of the tutor itself and
//! the player's commands, each with its own typed options (clap's derive), and the one
//! rewrite of an argument before parsing.

use crate::cli::shared::{DataDir, Threads};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

// The program's options and its command (none: the tutor); clap takes a doc comment
// here for the help text, so this is a plain one.
#[derive(Parser)]
#[command(
    name = "othello-tutor",
    version,
    about = "Learn Othello strategy in the terminal: with no command, opens the tutor \
             (lessons, puzzles, practice games, analysis); the commands print what its \
             screens show",
    args_conflicts_with_subcommands = true,
    after_help = "The maintainers' tools (training, the book builder, benchmarks, \
                  content checks) are in the second binary, othello-lab."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub tutor: TutorArgs,
}

/// The tutor's options (no command).
#[derive(Args)]
pub struct TutorArgs {
    #[command(flatten)]
    pub data_dir: DataDir,
    #[command(flatten)]
    pub table: TableMb,
    #[command(flatten)]
    pub threads: Threads,
}

/// The size of the engine's tables.
#[derive(Args, Clone, Copy)]
pub struct TableMb {
    /// Size of each engine table in MB (two tables)
    #[arg(long, default_value_t = othello_tutor::engine::search::TABLE_MB as u64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub table_mb: u64,
}

#[derive(Subcommand)]
pub enum Command {
    /// Value every legal move, best first: "MOVE SCORE exact|dD PV..."
    Analyze(AnalyzeArgs),
    /// Value and grade every move of a game (a transcript or GGF, a file or the text):
    /// "N COLOR MOVE VALUE LOSS GRADE BEST BASIS", then accuracies and the biggest swings
    Review(ReviewArgs),
    /// Replay a transcript and print the board and the score
    Show(ShowArgs),
    /// Solve every position of an OBF file exactly: "#N MOVE SCORE NODES SECONDS", then totals
    Solve(SolveArgs),
    /// The opening's name and the book moves, best first: "MOVE SCORE dD [NAME]";
    /// with --list, every named opening: "NAME: MOVES"
    Opening(OpeningArgs),
    /// The saved games, newest first: "NAME DATE BLACK - WHITE RESULT MOVES OPENING"
    /// (tab-separated), then "N games in DIR"
    Library(LibraryArgs),
    /// Import every game of a WTHOR database (.wtb; player and tournament names from
    /// WTHOR.JOU and WTHOR.TRN beside it) or a GGF file into the library
    Import(ImportArgs),
    /// The engine over the NBoard protocol on stdin/stdout, for Othello GUIs
    Nboard(NboardArgs),
    /// Potential, the second game of the reference texts
    Potential {
        #[command(subcommand)]
        command: PotentialCommand,
    },
}

/// `analyze`.
#[derive(Args)]
pub struct AnalyzeArgs {
    /// A transcript from the start (f5d6...) or an OBF line (one that starts
    /// with "-" is taken as a position, not an option)
    #[arg(required = true)]
    pub position: Vec<String>,
    /// Search depth (default 12; exact anyway at 20 empties or fewer)
    #[arg(long, conflicts_with_all = ["exact", "feedback", "hint"], value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: Option<u32>,
    /// Solve every move exactly, however many empties
    #[arg(long, conflicts_with_all = ["feedback", "hint"])]
    pub exact: bool,
    /// Exactly the practice feedback's settings, with the grade of each move:
    /// "MOVE SCORE exact|dD GRADE PV..."
    #[arg(long, conflicts_with = "hint")]
    pub feedback: bool,
    /// Exactly the hint's settings
    #[arg(long)]
    pub hint: bool,
    #[command(flatten)]
    pub threads: Threads,
}

/// `review`.
#[derive(Args)]
pub struct ReviewArgs {
    /// The game: a transcript from the start, a GGF game, or a file holding one
    #[arg(required = true)]
    pub game: Vec<String>,
    #[command(flatten)]
    pub threads: Threads,
}

/// `show`.
#[derive(Args)]
pub struct ShowArgs {
    /// Moves such as "f5d6c3" (spaces, any case; passes as pass, PA or --)
    pub transcript: Vec<String>,
}

/// `solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// An OBF file, one position per line
    pub file: PathBuf,
    /// Only win/loss/draw (score -1, 0 or +1; on one thread)
    #[arg(long, conflicts_with = "threads")]
    pub wld: bool,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub table: TableMb,
}

/// `opening`.
#[derive(Args)]
pub struct OpeningArgs {
    /// A transcript from the start (f5d6...) or an OBF line
    #[arg(required_unless_present = "list", conflicts_with = "list")]
    pub position: Vec<String>,
    /// Every named opening instead
    #[arg(long)]
    pub list: bool,
}

/// `library`.
#[derive(Args)]
pub struct LibraryArgs {
    /// The games in the trash instead
    #[arg(long)]
    pub trash: bool,
    #[command(flatten)]
    pub data_dir: DataDir,
}

/// `import`.
#[derive(Args)]
pub struct ImportArgs {
    /// The .wtb or .ggf file
    pub file: PathBuf,
    #[command(flatten)]
    pub data_dir: DataDir,
}

/// `nboard`.
#[derive(Args)]
pub struct NboardArgs {
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub table: TableMb,
}

#[derive(Subcommand)]
pub enum PotentialCommand {
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

/// An OBF board given to `analyze` or `opening` that starts with an empty square (`-`)
/// would read as an option; its first `-` becomes the other empty-square mark, `.`, so
/// it reads as a position. Only a word of at least eight board characters is touched,
/// which no option is.
pub fn protect_board(arg: std::ffi::OsString) -> std::ffi::OsString {
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
