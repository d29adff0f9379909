//! The command line's grammar: the options and subcommands `main.rs` parses (with
//! clap's derive), and the one rewrite of an argument before parsing.

use clap::{Parser, Subcommand};

// The program's options and its subcommand (none: the TUI); clap takes a doc
// comment here for the help text, so this is a plain one.
#[derive(Parser)]
#[command(
    name = "othello-tutor",
    version,
    about = "Learn Othello strategy in the terminal"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Where progress and saved games live (default: the user's data directory;
    /// the environment variable OTHELLO_TUTOR_DATA also sets it)
    #[arg(long, global = true)]
    pub data_dir: Option<std::path::PathBuf>,
    /// Size of each engine table in MB (two tables)
    #[arg(long, global = true, default_value_t = othello_tutor::engine::search::TABLE_MB as u64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub table_mb: u64,
    /// Threads for analysis (analyze, hints, feedback, bench) and for the games of
    /// `potential match`; default: the machine's cores
    #[arg(long, global = true, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Evaluate with these pattern weights instead of the shipped ones (to measure a
    /// training run's weights with bench, match or analyze)
    #[arg(long, global = true)]
    pub weights: Option<std::path::PathBuf>,
}

#[derive(Subcommand)]
pub enum Command {
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
        #[arg(long, conflicts_with_all = ["exact", "feedback", "hint"], value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Solve every move exactly, however many empties
        #[arg(long, conflicts_with_all = ["feedback", "hint"])]
        exact: bool,
        /// Exactly the practice feedback's settings, with the grade of each move:
        /// "MOVE SCORE exact|dD GRADE PV..."
        #[arg(long, conflicts_with = "hint")]
        feedback: bool,
        /// Exactly the hint's settings
        #[arg(long)]
        hint: bool,
    },
    /// Play a match between two players from XOT openings, each colour in turn
    Match {
        /// greedy, static, mobility, level1..level6, or an evaluation (patterns, features)
        a: String,
        /// greedy, static, mobility, level1..level6, or an evaluation (patterns, features)
        b: String,
        /// Number of games (played in pairs: each opening once with each colour)
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// First opening of the XOT list to use
        #[arg(long, default_value_t = 0)]
        offset: usize,
        /// Search depth when two evaluations play (patterns, features)
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// Exact solving at or below this many empties when two evaluations play
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(0..=30))]
        exact: u32,
    },
    /// Train the pattern evaluation (resumable): self-play, labels, fit; writes the
    /// weights file and a report of the error per phase on held-back positions
    Train {
        /// Working folder for the games, positions and labels (default: the data
        /// directory's "training" folder)
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
        /// Self-play games
        #[arg(long, default_value_t = 40000)]
        games: usize,
        /// Random seed (the same seed gives the same data and weights)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Exact labels at or below this many empties
        #[arg(long, default_value_t = 15)]
        exact: u32,
        /// Search depth of the other labels (the mean of this depth and the one below)
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
        label_depth: u32,
        /// From this many empties upwards the labels are searched to `--deep-depth`
        /// instead (the early phases, where a shallow label is least reliable)
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        deep_from: Option<u32>,
        /// Search depth of the labels from `--deep-from` empties upwards
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=20))]
        deep_depth: u32,
        /// Search depth of the self-play players
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=20))]
        play_depth: u32,
        /// Chance (per cent) of a random move in self-play
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(0..=100))]
        play_noise: u32,
        /// Evaluation of the self-play players: features (the named features) or
        /// patterns (the shipped pattern weights)
        #[arg(long, default_value = "features", value_parser = ["features", "patterns"])]
        play_eval: String,
        /// Ridge regularisation of the fit
        #[arg(long, default_value_t = 2.0)]
        ridge: f64,
        /// Conjugate-gradient iterations per phase
        #[arg(long, default_value_t = 150)]
        iterations: usize,
        /// Threads (default: the machine's cores)
        #[arg(long)]
        jobs: Option<usize>,
        /// Where to write the weights (default: weights.bin in the working folder)
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Instead of training: measure Multi-ProbCut's table with these weights on
        /// the working folder's positions, playing its self-play games first if it
        /// has none (writes mpc.txt there)
        #[arg(long)]
        calibrate: Option<std::path::PathBuf>,
        /// Positions per four empties for --calibrate
        #[arg(long, default_value_t = 150)]
        calibrate_positions: usize,
        /// Instead of training: how consistent a search with these weights is (the best
        /// move at depths D and D+1 against D+2 and D+3, and the even/odd swing)
        #[arg(long)]
        consistency: Option<std::path::PathBuf>,
        /// Positions for --consistency (40 to 54 empties; --seed picks them)
        #[arg(long, default_value_t = 300)]
        consistency_positions: usize,
        /// The depth D of --consistency
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
        consistency_depth: u32,
        /// Instead of training: add to each phase the side-to-move term that cancels
        /// the even/odd swing of these weights (measured phase by phase on
        /// --consistency-positions self-play positions, depths D to D+3) and write
        /// them to --out
        #[arg(long, requires = "out")]
        tempo: Option<std::path::PathBuf>,
        /// Instead of training: join two weights files, the phases below
        /// --splice-phase from the first and the others from the second, into --out
        #[arg(long, num_args = 2, value_names = ["LOW", "HIGH"], requires = "out")]
        splice: Option<Vec<std::path::PathBuf>>,
        /// The first phase taken from the second file of --splice (phase p holds
        /// 4p to 4p+3 empties)
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=15))]
        splice_phase: u32,
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
        /// Only print the puzzle set's make-up: per concept, theme, phase, rating, goal
        /// (of the embedded sets)
        #[arg(long, conflicts_with_all = ["puzzles", "full"])]
        stats: bool,
        /// Prove the puzzle sets of this folder instead of the embedded content (to
        /// check new sets before they are built in)
        #[arg(long, value_name = "DIR")]
        puzzles: Option<std::path::PathBuf>,
    },
    /// Mine puzzles from varied engine games; progress on stderr, Enter stops early
    MinePuzzles {
        /// How many puzzles to find
        #[arg(long, default_value_t = 50)]
        count: usize,
        /// Random seed (the same seed and engine give the same puzzles)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the TOML set (default: standard output); with --collect,
        /// the folder the sets go to
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Mine as a long job into this working folder: one file per game, resumable
        /// (with --games); or, with --collect, the folder to collect from
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
        /// With --dir: mine games 1 to N of the seed (the ones already written are skipped)
        #[arg(long, default_value_t = 2000)]
        games: usize,
        /// With --dir: gather the mined games into set files in --out
        #[arg(long, requires = "dir")]
        collect: bool,
        /// With --dir: first write back, as game files, the games of --seed that the
        /// sets of this folder already hold (to go on mining after them)
        #[arg(long, requires = "dir")]
        restore: Option<std::path::PathBuf>,
        /// With --dir: threads (default: the machine's cores)
        #[arg(long, requires = "dir")]
        jobs: Option<usize>,
        /// Exact puzzles have at most this many empties (more take longer to solve)
        #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u32).range(6..=24))]
        exact_empties: u32,
        /// Midgame positions examined per game (0: none)
        #[arg(long, default_value_t = 12)]
        mid_tries: u32,
    },
    /// Rewrite the puzzle sets of a folder under the current rules: themes recomputed,
    /// `least-loss` for lost positions (at most 5% of the puzzles), the explanations
    /// rewritten, puzzles whose answer does not matter left out (each listed)
    RefreshPuzzles {
        /// The folder of set files
        #[arg(default_value = "puzzles")]
        dir: std::path::PathBuf,
    },
    /// The engine over the NBoard protocol on stdin/stdout, for Othello GUIs
    Nboard,
    /// Value and grade every move of a game (a transcript or GGF, a file or the text):
    /// "N COLOR MOVE VALUE LOSS GRADE BEST BASIS", then accuracies and the biggest swings
    Review {
        /// The game: a transcript from the start, a GGF game, or a file holding one
        game: Vec<String>,
    },
    /// The saved games, newest first: "NAME DATE BLACK - WHITE RESULT MOVES OPENING"
    /// (tab-separated), then "N games in DIR"
    Library {
        /// The games in the trash instead
        #[arg(long)]
        trash: bool,
    },
    /// Import every game of a WTHOR database (.wtb; player and tournament names from
    /// WTHOR.JOU and WTHOR.TRN beside it) or a GGF file into the library
    Import {
        /// The .wtb or .ggf file
        file: std::path::PathBuf,
    },
    /// The opening book
    Book {
        #[command(subcommand)]
        command: BookCommand,
    },
    /// The opening's name and the book moves, best first: "MOVE SCORE dD [NAME]";
    /// with --list, every named opening: "NAME: MOVES"
    Opening {
        /// A transcript from the start (f5d6...) or an OBF line
        #[arg(required_unless_present = "list", conflicts_with = "list")]
        position: Vec<String>,
        /// Every named opening instead
        #[arg(long)]
        list: bool,
    },
    /// Print the speed figures, one per line; with --quality, move quality and grading
    /// against an OBF file whose every move is valued
    Bench {
        /// An OBF file with every move's value ("BOARD SIDE; e3:+4; f2:-2; ...")
        #[arg(long)]
        quality: Option<std::path::PathBuf>,
        /// Depth of the move-choice search (with --quality)
        #[arg(long, requires = "quality", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: u32,
        /// Grade at this depth instead of the practice feedback's (with --quality)
        #[arg(long, requires = "quality", value_parser = clap::value_parser!(u32).range(1..=60))]
        grading_depth: Option<u32>,
        /// Grade solving exactly at or below this many empties instead (with --quality)
        #[arg(long, requires = "quality", value_parser = clap::value_parser!(u32).range(0..=64))]
        grading_exact: Option<u32>,
        /// Only the time to grade one move (with --quality)
        #[arg(long, requires = "quality")]
        grading_time_only: bool,
        /// Multi-ProbCut confidence of the move-choice search (with --quality; 0: off,
        /// the default)
        #[arg(long, requires = "quality", default_value_t = 0.0)]
        selective: f32,
        /// Multi-ProbCut confidence of the grading instead of the practice feedback's
        /// (with --quality; 0: off)
        #[arg(long, requires = "quality")]
        grading_selective: Option<f32>,
        /// Also how much the best value moves with the depth (depths --swing-from to
        /// --swing-to; with --quality)
        #[arg(long, requires = "quality")]
        swing: bool,
        /// First depth of the swing (with --swing)
        #[arg(long, requires = "swing", default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=30))]
        swing_from: u32,
        /// Last depth of the swing (with --swing)
        #[arg(long, requires = "swing", default_value_t = 13, value_parser = clap::value_parser!(u32).range(3..=30))]
        swing_to: u32,
        /// Only one section of the speed figures: perft, eval, midgame, replies, cancel or ffo
        #[arg(long, conflicts_with = "quality", value_parser = ["perft", "eval", "midgame", "replies", "cancel", "ffo"])]
        only: Option<String>,
    },
}

#[derive(Subcommand)]
pub enum BookCommand {
    /// Build the opening book (resumable; progress on stderr): every position of the
    /// named lines and every move one ply off them, the leaves searched to --depth
    Build {
        /// Depth of the leaf searches
        #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u32).range(1..=40))]
        depth: u32,
        /// Where to write the book (default: book.bin in the working folder)
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Working folder for the leaf values found so far (default: the data
        /// directory's "book" folder)
        #[arg(long)]
        dir: Option<std::path::PathBuf>,
        /// Multi-ProbCut confidence of the leaf searches (0: full width, the default)
        #[arg(long, default_value_t = 0.0)]
        selective: f32,
        /// Where a position's two best moves lie within this many discs, search its
        /// leaves within them two plies deeper (again until none is left)
        #[arg(long, value_parser = discs_margin)]
        deepen: Option<f32>,
    },
    /// Re-search book positions drawn at random deeper than the book: the mean
    /// absolute difference of the values and how often the best move agrees
    Check {
        /// How many positions
        #[arg(long, default_value_t = 50)]
        positions: usize,
        /// Plies deeper than the book's leaf depth
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=20))]
        extra: u32,
        /// Random seed of the draw
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Multi-ProbCut confidence of the re-searches (0: full width, the default)
        #[arg(long, default_value_t = 0.0)]
        selective: f32,
        /// Re-search at the one depth only (by default at it and one ply deeper, their
        /// mean the reference, as the book values its leaves)
        #[arg(long)]
        single: bool,
        /// Check this book file (as `book build` writes it) instead of the shipped book
        #[arg(long)]
        book: Option<std::path::PathBuf>,
        /// Keep each checked position in this file; run again with the same file and
        /// settings to go on where a stopped check left off
        #[arg(long)]
        work: Option<std::path::PathBuf>,
        /// Keep what the deeper searches find in this file, per position; a later check
        /// (of this book or another of the same positions) searches only what it lacks
        #[arg(long)]
        references: Option<std::path::PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum PotentialCommand {
    /// A match between two levels, colours alternating; one line of results and the
    /// first level's time per move
    Match {
        /// random, greedy or search
        a: String,
        /// random, greedy or search
        b: String,
        /// Number of games
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Pieces per side (3..=25)
        #[arg(long, default_value_t = 12)]
        pieces: usize,
        /// The search level's node budget per move
        #[arg(long, default_value_t = othello_tutor::potential::ai::DEFAULT_SEARCH_NODES)]
        nodes: u64,
        /// Seed of the first game (game i uses seed + i)
        #[arg(long, default_value_t = 1000)]
        seed: u64,
    },
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

/// An OBF board given to `analyze` that starts with an empty square (`-`) would read
/// as an option; its first `-` becomes the other empty-square mark, `.`, so it reads
/// as a position. Only a word of at least eight board characters is touched, which
/// no option is.
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

/// A margin in discs: a number from 0 to 64.
fn discs_margin(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.0..=64.0).contains(&v) => Ok(v),
        _ => Err(format!("\"{s}\" is not a margin in discs (0 to 64)")),
    }
}
