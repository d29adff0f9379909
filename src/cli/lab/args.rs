//! The maintainers' command line (`othello-lab`): the tools that train, tune, build
//! and check what the tutor ships, each command with its own typed options (clap's
//! derive). A combination that makes no sense is refused by clap with one line.

use super::shared::{DataDir, Threads};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

// clap takes a doc comment here for the help text, so this is a plain one.
#[derive(Parser)]
#[command(
    name = "othello-lab",
    version,
    about = "The maintainers' lab of othello-tutor: training, tuning, the opening book, \
             puzzle mining, content checks, matches and benchmarks (the tutor itself is \
             othello-tutor)"
)]
pub struct Lab {
    #[command(subcommand)]
    pub command: Command,
}

/// `--weights`: measure a training run's weights instead of the shipped ones.
#[derive(Args, Clone)]
pub struct Weights {
    /// Evaluate with these pattern weights instead of the shipped ones (to measure a
    /// training run's weights)
    #[arg(long)]
    pub weights: Option<PathBuf>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Train the pattern evaluation (resumable): self-play, labels, fit; writes the
    /// weights file and a report of the error per phase on held-back positions
    Train(TrainArgs),
    /// Measure Multi-ProbCut's table with these weights on a training folder's
    /// positions, playing its self-play games first if it has none (writes mpc.txt there)
    Calibrate(CalibrateArgs),
    /// How consistent a search with these weights is: the best move at depths D and
    /// D+1 against D+2 and D+3, and the even/odd swing
    Consistency(ConsistencyArgs),
    /// Add to each band of four empties counts of these weights the side-to-move term
    /// that cancels their even/odd swing (measured band by band on self-play
    /// positions) and write them
    Tempo(TempoArgs),
    /// Whether a finished training run's labels and these weights' values are of the
    /// right size: slopes against the outcomes of its self-play games, band by band
    Scale(ScaleArgs),
    /// Whether the feedback's stated values are the size play bears out: own self-play
    /// positions valued at the feedback's settings, their best move and one other
    /// played on to the exact solve; slopes of outcome on value (resumable)
    Playouts(PlayoutArgs),
    /// Join two weights files: the phases below --phase from the first, the others from
    /// the second
    Splice(SpliceArgs),
    /// Let neighbouring empties counts share one weight set (the mean of theirs, each
    /// parity keeping its side-to-move term): fewer lookup tables, nearly the same
    /// values
    Share(ShareArgs),
    /// Tune the named-feature evaluator's weights by self-play; writes the source of weights.rs
    Tune(TuneArgs),
    /// The opening book: build it, check it
    Book {
        #[command(subcommand)]
        command: BookCommand,
    },
    /// Mine puzzles from varied engine games; progress on stderr, Enter stops early
    MinePuzzles(MineArgs),
    /// Rewrite the puzzle sets of a folder under the current rules: themes recomputed,
    /// `least-loss` for lost positions (at most 5% of the puzzles), the explanations
    /// rewritten, puzzles whose answer does not matter left out (each listed)
    RefreshPuzzles {
        /// The folder of set files
        #[arg(default_value = "puzzles")]
        dir: PathBuf,
        /// Also search the searched (midgame) puzzles again with this build's
        /// evaluation: a value that moved is rewritten, a puzzle whose answer or lead
        /// no longer holds is left out (progress on stderr)
        #[arg(long)]
        revalue: bool,
    },
    /// Prove every lesson and puzzle with the engine; last line
    /// "lessons: L (steps: S, interactive: I), puzzles: P"
    CheckContent(CheckContentArgs),
    /// Play a match between two players from XOT openings, each colour in turn
    Match(MatchArgs),
    /// The strength ladder: every pair of rated players (greedy, static, mobility,
    /// level1..level6) plays from XOT openings; prints the ratings table (engine
    /// level 1 at 1000) the tutor ships
    Ladder(LadderArgs),
    /// Print the speed figures, one per line; with --quality, move quality and grading
    /// against an OBF file whose every move is valued
    Bench(BenchArgs),
    /// Count move paths from the start, one line per depth: "perft D NODES SECONDS MNPS"
    Perft {
        /// Deepest depth to count (1..=20)
        #[arg(value_parser = clap::value_parser!(u32).range(1..=20))]
        depth: u32,
    },
    /// Potential, the second game of the reference texts: matches between its levels
    Potential {
        #[command(subcommand)]
        command: PotentialCommand,
    },
}

/// The self-play games of a training folder (`train` and `calibrate`).
#[derive(Args)]
pub struct SelfPlayArgs {
    /// Working folder for the games, positions and labels (default: the data
    /// directory's "training" folder)
    #[arg(long, conflicts_with = "data_dir")]
    pub dir: Option<PathBuf>,
    #[command(flatten)]
    pub data_dir: DataDir,
    /// Self-play games
    #[arg(long, default_value_t = 40000)]
    pub games: usize,
    /// Random seed (the same seed gives the same data and weights)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Search depth of the self-play players
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub play_depth: u32,
    /// Chance (per cent) of a random move in self-play
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub play_noise: u32,
    /// Evaluation of the self-play players: features (the named features) or
    /// patterns (the shipped pattern weights)
    #[arg(long, default_value = "features", value_parser = ["features", "patterns"])]
    pub play_eval: String,
    #[command(flatten)]
    pub threads: Threads,
}

/// `train`.
#[derive(Args)]
pub struct TrainArgs {
    #[command(flatten)]
    pub self_play: SelfPlayArgs,
    /// Exact labels at or below this many empties
    #[arg(long, default_value_t = 15)]
    pub exact: u32,
    /// Search depth of the other labels (the mean of this depth and the one below)
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub label_depth: u32,
    /// From this many empties upwards the labels are searched to `--deep-depth`
    /// instead (the early phases, where a shallow label is least reliable)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub deep_from: Option<u32>,
    /// Search depth of the labels from `--deep-from` empties upwards
    #[arg(long, requires = "deep_from", value_parser = clap::value_parser!(u32).range(1..=20))]
    pub deep_depth: Option<u32>,
    /// Share (0 to 1) of the searched labels taken from the outcome of the self-play
    /// game instead: the exact value of the game's first position at or below
    /// `--exact` empties, seen from the position's side to move
    #[arg(long, default_value_t = 0.0, value_parser = outcome_share)]
    pub outcome_weight: f64,
    /// Ridge regularisation of the fit
    #[arg(long, default_value_t = 2.0)]
    pub ridge: f64,
    /// Conjugate-gradient iterations per phase
    #[arg(long, default_value_t = 150)]
    pub iterations: usize,
    /// Empties counts on each side whose positions join each phase's final fit, at a
    /// weight falling with the distance
    #[arg(long, default_value_t = super::train::DEFAULT_SPREAD, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub spread: u32,
    /// The folder of a finished run whose positions and labels join the final fit
    /// (repeatable)
    #[arg(long)]
    pub also: Vec<PathBuf>,
    /// Where to write the weights (default: weights.bin in the working folder)
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `calibrate`.
#[derive(Args)]
pub struct CalibrateArgs {
    /// The pattern weights to search with (as train writes them)
    pub weights: PathBuf,
    #[command(flatten)]
    pub self_play: SelfPlayArgs,
    /// Positions per four empties
    #[arg(long, default_value_t = 150)]
    pub positions: usize,
}

/// `consistency`.
#[derive(Args)]
pub struct ConsistencyArgs {
    /// The pattern weights to measure (as train writes them)
    pub weights: PathBuf,
    /// Positions (40 to 54 empties; --seed picks them)
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
    pub positions: u64,
    /// The depth D
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub depth: u32,
    /// Random seed of the positions
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub threads: Threads,
}

/// `scale`.
#[derive(Args)]
pub struct ScaleArgs {
    /// The pattern weights to measure (as train writes them)
    pub weights: PathBuf,
    /// The finished run: its folder (--dir) and its number of games (--games)
    #[command(flatten)]
    pub self_play: SelfPlayArgs,
    /// The run's exact-label threshold (its games' outcomes are read there)
    #[arg(long, default_value_t = 15)]
    pub exact: u32,
    /// The label recipe to read where a count's labels are complete under several
    /// (as the label files name it: "d5+6" is the mean of depths 5 and 6)
    #[arg(long)]
    pub recipe: Option<String>,
}

/// `playouts`.
#[derive(Args)]
pub struct PlayoutArgs {
    /// The results file: one line per position, appended as each is done (a run
    /// resumes from it)
    #[arg(long)]
    pub out: PathBuf,
    /// Positions to measure
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    pub positions: u64,
    /// Fewest empties of a position
    #[arg(long, default_value_t = 41)]
    pub from: u32,
    /// Most empties of a position
    #[arg(long, default_value_t = 50)]
    pub to: u32,
    /// Depth of the searches that play the moves on
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub play_depth: u32,
    /// Random seed of the positions and of the other moves
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw the other move only from those a grade calls at worst a mistake (where
    /// the grades' bounds lie), not from every move
    #[arg(long)]
    pub close: bool,
    #[command(flatten)]
    pub weights: Weights,
    #[command(flatten)]
    pub threads: Threads,
}

/// `tempo`.
#[derive(Args)]
pub struct TempoArgs {
    /// The pattern weights to correct (as train writes them)
    pub weights: PathBuf,
    /// Where to write the corrected weights
    #[arg(long)]
    pub out: PathBuf,
    /// Self-play positions per band of four empties counts
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
    pub positions: u64,
    /// The first of the four depths measured (smaller near the start)
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub depth: u32,
    /// Random seed of the positions
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub threads: Threads,
}

/// `splice`.
#[derive(Args)]
pub struct SpliceArgs {
    /// The weights of the phases below --phase
    pub low: PathBuf,
    /// The weights of the phases from --phase on
    pub high: PathBuf,
    /// The first phase taken from HIGH (phase p: p empty squares)
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(0..=61))]
    pub phase: u32,
    /// Where to write the joined weights
    #[arg(long)]
    pub out: PathBuf,
}

/// `share`.
#[derive(Args)]
pub struct ShareArgs {
    /// The pattern weights (as train writes them)
    pub weights: PathBuf,
    /// Empties counts per shared weight set (0 to GROUP-1, GROUP to 2 GROUP-1, ...)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=61))]
    pub group: u32,
    /// Where to write the shared weights
    #[arg(long)]
    pub out: PathBuf,
}

/// `tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// Self-play games
    #[arg(long, default_value_t = 3000)]
    pub games: usize,
    /// Positions per phase
    #[arg(long, default_value_t = 3000)]
    pub per_phase: usize,
    /// Random seed
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the weights (default: standard output)
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `check-content`.
#[derive(Args)]
pub struct CheckContentArgs {
    /// Deeper proofs (slower)
    #[arg(long)]
    pub full: bool,
    /// Only print the puzzles' make-up: per concept, theme, phase, rating, goal (of
    /// the embedded sets, or of --puzzles DIR)
    #[arg(long, conflicts_with = "full")]
    pub stats: bool,
    /// The puzzle sets of this folder instead of the embedded content (to check new
    /// sets before they are built in)
    #[arg(long, value_name = "DIR")]
    pub puzzles: Option<PathBuf>,
}

/// `mine-puzzles`.
#[derive(Args)]
pub struct MineArgs {
    /// How many puzzles to find (without --dir)
    #[arg(long, default_value_t = 50, conflicts_with = "dir")]
    pub count: usize,
    /// Random seed (the same seed and engine give the same puzzles)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the TOML set (default: standard output); with --collect, the
    /// folder the sets go to (default: puzzles)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Mine as a long job into this working folder: one file per game, resumable
    /// (with --games); or, with --collect, the folder to collect from
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// With --dir: mine games 1 to N of the seed (the ones already written are skipped)
    #[arg(long, requires = "dir", conflicts_with = "collect")]
    pub games: Option<usize>,
    /// With --dir: gather the mined games into set files in --out
    #[arg(long, requires = "dir")]
    pub collect: bool,
    /// With --dir: first write back, as game files, the games of --seed that the
    /// sets of this folder already hold (to go on mining, or collecting, after them)
    #[arg(long, requires = "dir")]
    pub restore: Option<PathBuf>,
    /// With --dir: threads (default: the machine's cores)
    #[arg(long, requires = "dir", conflicts_with = "collect", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Exact puzzles have at most this many empties (more take longer to solve)
    #[arg(long, default_value_t = 24, conflicts_with = "collect", value_parser = clap::value_parser!(u32).range(6..=24))]
    pub exact_empties: u32,
    /// Midgame positions examined per game (0: none)
    #[arg(long, default_value_t = 12, conflicts_with = "collect")]
    pub mid_tries: u32,
}

/// `match`.
#[derive(Args)]
pub struct MatchArgs {
    /// greedy, static, mobility, level1..level6, or an evaluation (patterns, features,
    /// patterns:FILE)
    pub a: String,
    /// greedy, static, mobility, level1..level6, or an evaluation (patterns, features,
    /// patterns:FILE)
    pub b: String,
    /// Number of games (played in pairs: each opening once with each colour)
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// First opening of the XOT list to use
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Search depth when two evaluations play (patterns, features)
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// Exact solving at or below this many empties when two evaluations play
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(0..=30))]
    pub exact: u32,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub weights: Weights,
}

/// `ladder`.
#[derive(Args)]
pub struct LadderArgs {
    /// Games each pair plays (even: each opening once with each colour)
    #[arg(long, default_value_t = 16)]
    pub games: usize,
    /// Seed of the games' random draws (ties, book moves near the best)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// First opening of the XOT list to use
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Also write the table to this file (the shipped one is
    /// src/data/level_ratings.toml)
    #[arg(long)]
    pub write: Option<PathBuf>,
    #[command(flatten)]
    pub threads: Threads,
}

/// `bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// An OBF file with every move's value ("BOARD SIDE; e3:+4; f2:-2; ...")
    #[arg(long)]
    pub quality: Option<PathBuf>,
    /// Depth of the move-choice search (with --quality)
    #[arg(long, requires = "quality", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,
    /// Grade at this depth instead of the practice feedback's (with --quality)
    #[arg(long, requires = "quality", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub grading_depth: Option<u32>,
    /// Grade solving exactly at or below this many empties instead (with --quality)
    #[arg(long, requires = "quality", value_parser = clap::value_parser!(u32).range(0..=64))]
    pub grading_exact: Option<u32>,
    /// Only the time to grade one move (with --quality)
    #[arg(long, requires = "quality")]
    pub grading_time_only: bool,
    /// Multi-ProbCut confidence of the move-choice search (with --quality; 0: off,
    /// the default)
    #[arg(long, requires = "quality", default_value_t = 0.0)]
    pub selective: f32,
    /// Multi-ProbCut confidence of the grading instead of the practice feedback's
    /// (with --quality; 0: off)
    #[arg(long, requires = "quality")]
    pub grading_selective: Option<f32>,
    /// Also how much the best value moves with the depth (depths --swing-from to
    /// --swing-to; with --quality)
    #[arg(long, requires = "quality")]
    pub swing: bool,
    /// First depth of the swing (with --swing)
    #[arg(long, requires = "swing", default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=30))]
    pub swing_from: u32,
    /// Last depth of the swing (with --swing)
    #[arg(long, requires = "swing", default_value_t = 13, value_parser = clap::value_parser!(u32).range(3..=30))]
    pub swing_to: u32,
    /// Time practice's grading in this many engine games from XOT openings instead: the
    /// move level 3 plays at 20-24 empties, graded as practice grades it
    #[arg(long, conflicts_with_all = ["quality", "only"], value_parser = clap::value_parser!(u64).range(1..=10000))]
    pub grading_games: Option<u64>,
    /// The XOT opening of the first game of --grading-games (the next game starts from
    /// the next opening)
    #[arg(long, requires = "grading_games", default_value_t = 2000)]
    pub openings_from: usize,
    /// The counts of empties whose moves --grading-games grades, as FROM-TO (default
    /// 20-24)
    #[arg(long, requires = "grading_games", value_parser = parse_empties_range)]
    pub grading_empties: Option<std::ops::RangeInclusive<u32>>,
    /// Seconds the learner thinks before moving, preparing the grade (with
    /// --grading-games; 0: only the wait from nothing)
    #[arg(long, requires = "grading_games", default_value_t = 5.0)]
    pub thinking: f64,
    /// Only one section of the speed figures: perft, eval, midgame, replies, cancel or ffo
    #[arg(long, conflicts_with = "quality", value_parser = ["perft", "eval", "midgame", "replies", "cancel", "ffo"])]
    pub only: Option<String>,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub weights: Weights,
}

#[derive(Subcommand)]
pub enum BookCommand {
    /// Build the opening book (resumable; progress on stderr): every position of the
    /// named lines and every move one ply off them, the leaves searched to --depth
    Build(BookBuildArgs),
    /// Re-search book positions drawn at random deeper than the book: the mean
    /// absolute difference of the values and how often the best move agrees
    Check(BookCheckArgs),
}

/// `book build`.
#[derive(Args)]
pub struct BookBuildArgs {
    /// Depth of the leaf searches
    #[arg(long, default_value_t = 18, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: u32,
    /// Where to write the book (default: book.bin in the working folder)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Working folder for the leaf values found so far (default: the data
    /// directory's "book" folder)
    #[arg(long, conflicts_with = "data_dir")]
    pub dir: Option<PathBuf>,
    #[command(flatten)]
    pub data_dir: DataDir,
    /// Multi-ProbCut confidence of the leaf searches (0: full width, the default)
    #[arg(long, default_value_t = 0.0)]
    pub selective: f32,
    /// Where a position's two best moves lie within this many discs, search its
    /// leaves within them two plies deeper (again until none is left)
    #[arg(long, value_parser = discs_margin)]
    pub deepen: Option<f32>,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub weights: Weights,
}

/// `book check`.
#[derive(Args)]
pub struct BookCheckArgs {
    /// How many positions
    #[arg(long, default_value_t = 50)]
    pub positions: usize,
    /// Plies deeper than the book's leaf depth
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub extra: u32,
    /// Random seed of the draw
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Multi-ProbCut confidence of the re-searches (0: full width, the default)
    #[arg(long, default_value_t = 0.0)]
    pub selective: f32,
    /// Re-search at the one depth only (by default at it and one ply deeper, their
    /// mean the reference, as the book values its leaves)
    #[arg(long)]
    pub single: bool,
    /// Check this book file (as `book build` writes it) instead of the shipped book
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Keep each checked position in this file; run again with the same file and
    /// settings to go on where a stopped check left off
    #[arg(long)]
    pub work: Option<PathBuf>,
    /// Keep what the deeper searches find in this file, per position; a later check
    /// (of this book or another of the same positions) searches only what it lacks
    #[arg(long)]
    pub references: Option<PathBuf>,
    #[command(flatten)]
    pub threads: Threads,
    #[command(flatten)]
    pub weights: Weights,
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
        #[command(flatten)]
        threads: Threads,
    },
}

/// A margin in discs: a number from 0 to 64.
fn discs_margin(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.0..=64.0).contains(&v) => Ok(v),
        _ => Err(format!("\"{s}\" is not a margin in discs (0 to 64)")),
    }
}

/// A share from 0 to 1 (`--outcome-weight`).
fn outcome_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("`{text}` is not a share from 0 to 1")),
    }
}

/// "FROM-TO", counts of empties from 1 to 60 with FROM at most TO.
fn parse_empties_range(text: &str) -> Result<std::ops::RangeInclusive<u32>, String> {
    let bad = || format!("\"{text}\" is not FROM-TO (counts of empties from 1 to 60)");
    let (from, to) = text.split_once('-').ok_or_else(bad)?;
    let (from, to): (u32, u32) = (
        from.trim().parse().map_err(|_| bad())?,
        to.trim().parse().map_err(|_| bad())?,
    );
    if from == 0 || to > 60 || from > to {
        return Err(bad());
    }
    Ok(from..=to)
}
