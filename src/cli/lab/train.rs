//! `othello-lab train`: the pattern evaluation's training pipeline, resumable.
//!
//! Everything lives in one working folder (outside the repository):
//! 1. `games/NNNNN.bin`: self-play games from the XOT openings, 200 per chunk, every
//!    position (16 bytes: side to move's discs, the opponent's).
//! 2. `positions.bin`: the distinct positions (up to symmetry), in canonical
//!    orientation, sorted by empties; one in 16 is held back from the fit.
//! 3. `labels/eEE-CCCC.bin`: a value per position (i16, hundredths of a disc), 1024
//!    positions a chunk: exact (the solver) at or below `--exact` empties, above it the
//!    mean of the values at depths `--label-depth` − 1 and `--label-depth` (both
//!    parities, so the even/odd swing is not learnt) of a search with the phases fitted
//!    so far (its leaves fall into them); those files are named `eEE-dA+B-CCCC.bin`.
//!    From `--deep-from` empties upwards the depth is `--deep-depth` instead, so the
//!    early phases, where a shallow value is least reliable, get deeper labels. With
//!    `--outcome-weight W` each searched label is mixed with the outcome of the games
//!    through the position (`outcomes`: the exact value of the game's first position
//!    at or below `--exact` empties, from the position's side to move), `(1 - W)`
//!    search and `W` outcome, and the files name the share (`-oNN`); a
//!    folder of an earlier run is reused (its games, positions and the labels whose
//!    names match) by linking them into the new one.
//! 4. Phases (one per empties count) are fitted from the end of the game backwards as
//!    their labels are ready; at the end every phase is fitted again with the
//!    positions of the `--spread` empties counts on each side, at a weight falling
//!    with the distance, and the weights are written to `--out`.
//!
//! Each chunk, and each phase's fit (`fits/`, see [`super::fit_cache`]), is written
//! atomically when finished, so a run stopped by Ctrl-C goes on where it stopped;
//! the same seed gives the same files.
//!
//! # The recipe of the shipped weights
//!
//! The shipped weights were trained before the phases became one per empties count:
//! their file holds 15 phases of four counts (each count reads its phase's weights,
//! see `engine::pattern::format`), fitted with the two counts on each side of a phase
//! at half weight. What follows is how they were made.
//!
//! Self-play games from the XOT openings between engines that play a random move now
//! and then (and two at random after the opening): by default depth-3 engines on the
//! named features with 12% random moves, or as `--play-depth D --play-noise P
//! --play-eval patterns` set (the shipped pattern weights: more realistic positions); every position kept,
//! turned to its canonical orientation and deduplicated; one in 16 held back from the
//! fit. Labels, phase by phase from the end: exact (the solver) at or below
//! `--exact` empties, above that a `--label-depth` search with the phases already
//! fitted (its leaves fall into them). Each phase is a ridge-regularised
//! least-squares fit (conjugate gradients on the normal equations, 150 iterations),
//! first on its own positions, then again at the end with the two neighbouring
//! empties on each side at half weight; the report gives the error on the fitted and
//! on the held-back positions per phase. The data lives in the working folder (default
//! the data directory's `training`), chunk by chunk, written atomically, so a run
//! stopped with Ctrl-C goes on where it stopped, and the same seed gives the same
//! files; progress with a time estimate goes to stderr; all cores work. Copy the
//! result to `src/engine/pattern/weights.bin` to ship it. The shipped weights join two
//! runs (`othello-lab splice LOW HIGH --phase P --out FILE` takes the phases below
//! P from the first file, the rest from the second). Phases 0–3 (up to 15 empties)
//! come from run B, `othello-lab train --games 30000 --seed 3 --play-eval patterns
//! --play-depth 6 --play-noise 8 --exact 16 --label-depth 6` (1.50 million distinct
//! positions from depth-6 games on the pattern weights, every position up to 16
//! empties labelled exactly; 46 minutes on 2 shared cores; held-back error 3.9, 7.0,
//! 8.4, 8.4 discs in phases 0–3); phases 4–14 from run A, `othello-lab train
//! --games 50000 --exact 13 --label-depth 4` (2.49 million distinct positions from
//! depth-3 games on the named features; about 23 minutes on 2 shared cores; 3.8–7.5
//! discs of error on the held-back positions up to 23 empties, 2.4–5.1 beyond). The
//! low phases are those the leaves of a depth-10 search from 21–26 empties fall into:
//! the joined weights lose 0.45 discs a move on dev-late at depth 10 (run A alone:
//! 0.60), 0.35 on dev-mid (the same), score 49.2% against run A over 200 games at
//! depth 8 and 80.5% against the named features. Run B whole played level with run A
//! (52.5% over 100 games at depth 8); a ridge of 0.5 and 400 iterations changed its
//! held-back errors by less than 0.2 discs. A full training run as run B takes about
//! three quarters of an hour on this machine; `--label-depth 6` costs about five
//! times as long as `--label-depth 4`.

use super::UserError;
use super::fit_cache::{FitCache, FitInput};
use super::jobs::{JobError, Progress};
use super::outcomes::{blend, game_outcomes};
use super::run_folder::{
    ByEmpties, board_bytes, finished_run, read_boards, read_labels, read_weights,
};
use othello_tutor::engine::board::{Board, Position};
use othello_tutor::engine::endgame::Solver;
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::pattern::{self, PHASES, PatternWeights, layout};
use othello_tutor::engine::search::{Limits, Searcher};
use othello_tutor::engine::symmetry;
use othello_tutor::engine::train::fit::rms_error;
use othello_tutor::engine::train::{GameSettings, Sample, fit_phase, play_game};
use othello_tutor::tutor::files::write_atomic;
use othello_tutor::tutor::openings::xot_position;
use rand::SeedableRng;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

pub(super) const GAMES_PER_CHUNK: usize = 200;
pub(super) const LABELS_PER_CHUNK: usize = 1024;
const HELD_BACK: u64 = 16;
/// Empties counts on each side that join a phase's final fit (chosen by matches:
/// see the module's doc).
pub const DEFAULT_SPREAD: u32 = 4;

/// The settings of a training run.
pub struct TrainConfig {
    /// The working folder.
    pub dir: PathBuf,
    /// Self-play games.
    pub games: usize,
    /// Seed of the games.
    pub seed: u64,
    /// Exact labels at or below this many empties.
    pub exact: u32,
    /// Depth of the searched labels.
    pub label_depth: u32,
    /// From this many empties upwards (the first number) the labels are searched to
    /// the second number's depth instead.
    pub deep: Option<(u32, u32)>,
    /// Share of the searched labels taken from the games' outcomes (0: none).
    pub outcome_weight: f64,
    /// How the self-play games are played.
    pub play: PlaySettings,
    /// Ridge strength of the fit.
    pub ridge: f64,
    /// Conjugate-gradient iterations per phase.
    pub iterations: usize,
    /// Empties counts on each side whose positions join a phase's final fit.
    pub spread: u32,
    /// Folders of finished runs whose positions and labels join the final fit.
    pub also: Vec<PathBuf>,
    /// Threads.
    pub threads: usize,
    /// Where the weights go.
    pub out: PathBuf,
}

impl TrainConfig {
    /// The run that `othello-lab train` asks for (the working folder by default the
    /// data directory's "training" folder).
    pub fn from_args(args: &super::args::TrainArgs) -> Result<TrainConfig, UserError> {
        let mut config = TrainConfig::for_self_play(&args.self_play)?;
        config.exact = args.exact;
        config.label_depth = args.label_depth;
        config.deep = args
            .deep_from
            .map(|from| (from, args.deep_depth.unwrap_or(8)));
        config.outcome_weight = args.outcome_weight;
        config.ridge = args.ridge;
        config.iterations = args.iterations;
        config.spread = args.spread;
        config.also.clone_from(&args.also);
        if let Some(out) = &args.out {
            config.out.clone_from(out);
        }
        Ok(config)
    }

    /// A run's self-play settings, the others the defaults of `train` (what
    /// `calibrate` needs: the folder, its games and threads).
    pub fn for_self_play(args: &super::args::SelfPlayArgs) -> Result<TrainConfig, UserError> {
        let dir = match &args.dir {
            Some(d) => d.clone(),
            None => othello_tutor::tutor::progress::data_dir(args.data_dir.data_dir.as_deref())
                .map_err(|e| UserError(e.to_string()))?
                .join("training"),
        };
        Ok(TrainConfig {
            out: dir.join("weights.bin"),
            dir,
            games: args.games,
            seed: args.seed,
            exact: 15,
            label_depth: 6,
            deep: None,
            outcome_weight: 0.0,
            play: PlaySettings {
                depth: args.play_depth,
                noise_percent: args.play_noise,
                patterns: args.play_eval == "patterns",
            },
            ridge: 2.0,
            iterations: 150,
            spread: DEFAULT_SPREAD,
            also: Vec::new(),
            threads: args.threads.apply(),
        })
    }

    /// The search depth of the labels at `empties` empty squares.
    pub fn depth_at(&self, empties: u32) -> u32 {
        match self.deep {
            Some((from, depth)) if empties >= from => depth,
            _ => self.label_depth,
        }
    }

    /// The name of the labels' recipe at `empties` empties, as their files carry it:
    /// none for exact labels, "d5+6" for the mean of depths 5 and 6, "-o50" after it
    /// where half of each label is the game's outcome (the search's leaves are then
    /// valued by phases fitted on such labels).
    pub fn recipe_at(&self, empties: u32) -> Option<String> {
        if empties <= self.exact {
            return None;
        }
        let d = self.depth_at(empties);
        let mixed = if self.outcome_weight > 0.0 {
            format!("-o{:.0}", self.outcome_weight * 100.0)
        } else {
            String::new()
        };
        Some(format!("d{}+{d}{mixed}", d - 1))
    }
}

/// The self-play players of a training run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySettings {
    /// Search depth.
    pub depth: u32,
    /// Chance (per cent) of a random move.
    pub noise_percent: u32,
    /// The shipped pattern evaluation instead of the named features.
    pub patterns: bool,
}

impl Default for PlaySettings {
    /// The players of the shipped weights' run: depth 3, 12% random, named features.
    fn default() -> Self {
        PlaySettings {
            depth: 3,
            noise_percent: 12,
            patterns: false,
        }
    }
}

pub(super) fn io(path: &Path) -> impl Fn(std::io::Error) -> UserError + '_ {
    move |e| UserError(format!("{}: {e}", path.display()))
}

pub(super) fn save(path: &Path, bytes: &[u8]) -> Result<(), UserError> {
    write_atomic(path, bytes).map_err(|e| UserError(e.to_string()))
}

/// Runs the work items `0..count` on `threads` threads (see
/// [`othello_tutor::engine::pool`]), each returning its result, with the job's
/// progress on stderr ([`Progress`]); the first failure ends the job, a panic named
/// by its item.
pub(super) fn parallel<R: Send>(
    label: &str,
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> Result<R, UserError> + Sync + Send,
) -> Result<Vec<R>, UserError> {
    let items: Vec<usize> = (0..count).collect();
    let progress = Progress::new(label, count);
    othello_tutor::engine::pool::try_map_streamed(
        threads,
        &items,
        |_, &i| work(i).map_err(JobError::from),
        |_, _| {
            progress.done("");
            Ok(())
        },
    )
    .map_err(|e| e.within(label, |i| format!("item {} of {count}", i + 1)))
}

/// Stage 1: the self-play games.
fn games(config: &TrainConfig) -> Result<(), UserError> {
    let chunks = config.games.div_ceil(GAMES_PER_CHUNK);
    let dir = config.dir.join("games");
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let todo: Vec<usize> = (0..chunks)
        .filter(|c| !dir.join(format!("{c:05}.bin")).exists())
        .collect();
    if todo.is_empty() {
        return Ok(());
    }
    parallel("self-play chunks", todo.len(), config.threads, |i| {
        let c = todo[i];
        let mut rng =
            rand::rngs::StdRng::seed_from_u64(config.seed.wrapping_mul(1_000_003) ^ c as u64);
        let mut searcher = Searcher::new(2, 2);
        searcher.set_evaluator(if config.play.patterns {
            Evaluator::patterns()
        } else {
            Evaluator::features()
        });
        let settings = GameSettings {
            depth: config.play.depth,
            noise_percent: config.play.noise_percent,
            ..GameSettings::default()
        };
        let mut boards = Vec::new();
        for g in 0..GAMES_PER_CHUNK {
            let opening: Position = xot_position((c * GAMES_PER_CHUNK + g).wrapping_mul(7919));
            boards.extend(play_game(opening, &settings, &mut searcher, &mut rng));
        }
        save(&dir.join(format!("{c:05}.bin")), &board_bytes(&boards))
    })
    .map(|_| ())
}

/// Stage 2: the distinct positions, sorted by empties.
fn positions(config: &TrainConfig) -> Result<Vec<Board>, UserError> {
    let path = config.dir.join("positions.bin");
    if path.exists() {
        return read_boards(&path);
    }
    let chunks = config.games.div_ceil(GAMES_PER_CHUNK);
    let mut all = Vec::new();
    for c in 0..chunks {
        for b in read_boards(&config.dir.join("games").join(format!("{c:05}.bin")))? {
            all.push(symmetry::canonical(&b).0);
        }
    }
    all.sort_by_key(|b| (b.empty_count(), b.player, b.opponent));
    all.dedup();
    save(&path, &board_bytes(&all))?;
    eprintln!("positions: {} distinct", all.len());
    Ok(all)
}

fn held_back(b: &Board) -> bool {
    let h = (b.player ^ b.opponent.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 40).is_multiple_of(HELD_BACK)
}

/// Labels of the positions with `e` empties (`slice`), made or read back.
fn labels(
    config: &TrainConfig,
    e: u32,
    slice: &[Board],
    weights: &Arc<PatternWeights>,
) -> Result<Vec<i16>, UserError> {
    let dir = config.dir.join("labels");
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let chunks = slice.len().div_ceil(LABELS_PER_CHUNK);
    // Searched labels name their depths, so a change of recipe makes them again.
    let name = |c: usize| match config.recipe_at(e) {
        None => dir.join(format!("e{e:02}-{c:04}.bin")),
        Some(recipe) => dir.join(format!("e{e:02}-{recipe}-{c:04}.bin")),
    };
    let todo: Vec<usize> = (0..chunks).filter(|&c| !name(c).exists()).collect();
    if !todo.is_empty() {
        let label = format!("labels at {e} empties");
        parallel(&label, todo.len(), config.threads, |i| {
            let c = todo[i];
            let part = &slice[c * LABELS_PER_CHUNK..((c + 1) * LABELS_PER_CHUNK).min(slice.len())];
            let mut out = Vec::with_capacity(part.len() * 2);
            if e <= config.exact {
                let mut solver = Solver::new(4);
                for b in part {
                    let s = solver
                        .solve_score(b)
                        .map_err(|e| UserError(e.to_string()))?;
                    out.extend_from_slice(&((s.score * 100) as i16).to_le_bytes());
                }
            } else {
                let mut searcher = Searcher::new(4, 4);
                searcher.set_evaluator(Evaluator::Patterns(weights.clone()));
                for b in part {
                    let label = mixed_label(&mut searcher, b, config.depth_at(e))?;
                    out.extend_from_slice(&label.to_le_bytes());
                }
            }
            save(&name(c), &out)
        })?;
    }
    read_labels(name, slice.len())
}

/// The label of a position above the exact range: the mean of the values of the
/// searches to `depth - 1` and `depth` (one iterative search gives both), so that the
/// bias of an even depth and the opposite one of an odd depth cancel instead of being
/// learnt, phase upon phase. An exact result (the search reached the end) stands alone.
fn mixed_label(searcher: &mut Searcher, b: &Board, depth: u32) -> Result<i16, UserError> {
    let r = searcher
        .search(b, Limits::depth(depth, 0))
        .map_err(|e| UserError(e.to_string()))?;
    let value = match searcher.iterations() {
        [.., (d1, v1, _), (d2, v2, _)] if *d1 + 1 == *d2 && !r.exact => (v1 + v2) / 2,
        _ => r.score,
    };
    Ok(value as i16)
}

/// The samples for phase `ph` (the positions of `ph` empties): its own positions at
/// full weight, and those of the `spread` empties counts on each side at a weight
/// falling in steps to the edge (`1 - d / (spread + 1)` at a distance of `d`
/// empties), so neighbouring phases share strength and change smoothly; held-back
/// ones apart.
fn samples_for(
    ph: usize,
    by_empties: &[(Vec<Board>, Vec<i16>)],
    spread: u32,
) -> (Vec<Sample>, Vec<Sample>) {
    let lo = (ph as u32).saturating_sub(spread);
    let hi = (ph as u32 + spread).min(by_empties.len() as u32 - 1);
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for e in lo..=hi {
        let (boards, labels) = &by_empties[e as usize];
        let distance = e.abs_diff(ph as u32);
        let weight = 1.0 - distance as f32 / (spread + 1) as f32;
        for (b, &l) in boards.iter().zip(labels) {
            let s = Sample {
                board: *b,
                label: l as f32 / 100.0,
                weight,
            };
            if held_back(b) {
                if distance == 0 {
                    held.push(s);
                }
            } else {
                fit.push(s);
            }
        }
    }
    (fit, held)
}

/// Fits phase `ph` of `params` to `fit`, or reads the fit back from the run's
/// folder where it was made before (`kind` names the stage: "first" or "final").
fn fit_into(
    config: &TrainConfig,
    kind: &str,
    ph: usize,
    fit: &[Sample],
    params: &mut [f32],
) -> Result<othello_tutor::engine::train::FitReport, UserError> {
    let n = layout().params;
    let start = params[ph * n..(ph + 1) * n].to_vec();
    let input = FitInput {
        phase: ph,
        samples: fit,
        start: &start,
        ridge: config.ridge,
        iterations: config.iterations,
    };
    let (w, report) = FitCache::new(&config.dir).fit(kind, &input, || {
        fit_phase(layout(), fit, &start, config.ridge, config.iterations)
    })?;
    params[ph * n..(ph + 1) * n].copy_from_slice(&w);
    Ok(report)
}

fn to_weights(params: &[f32]) -> PatternWeights {
    PatternWeights::from_params(
        params
            .iter()
            .map(|&v| (v * 100.0).round().clamp(-32000.0, 32000.0) as i16)
            .collect(),
    )
}

/// Measures Multi-ProbCut's predictions on `per_bucket` training positions per
/// four empties with the weights in `weights` (the self-play games are played first
/// where the folder lacks them) and writes the table to `mpc.txt` in the folder (the
/// recipe: [`othello_tutor::engine::mpc_calibrate`]).
pub fn calibrate(config: &TrainConfig, weights: &Path, per_bucket: usize) -> Result<(), UserError> {
    use othello_tutor::engine::mpc_calibrate::{
        RANDOM_OPENING_EMPTIES, depth_values, fit_table, pick, random_openings,
    };
    let evaluator = Evaluator::Patterns(Arc::new(read_weights(weights)?));
    // The self-play games first, as training plays them (a fresh folder gets them).
    std::fs::create_dir_all(&config.dir).map_err(io(&config.dir))?;
    games(config)?;
    let mut all: Vec<Board> = positions(config)?
        .into_iter()
        .filter(|b| b.empty_count() < RANDOM_OPENING_EMPTIES)
        .collect();
    all.extend(random_openings(config.seed, 4 * per_bucket));
    all.sort_by_key(|b| (b.empty_count(), b.player, b.opponent));
    let work = pick(&all, per_bucket);
    let values = parallel("calibration positions", work.len(), config.threads, |i| {
        depth_values(&work[i].1, &evaluator).map_err(|e| UserError(e.to_string()))
    })?;
    let measured: Vec<(usize, Vec<f64>)> = work.iter().map(|w| w.0).zip(values).collect();
    let table = fit_table(&measured);
    let out = config.dir.join("mpc.txt");
    save(&out, table.to_text().as_bytes())?;
    eprintln!("calibration written to {}", out.display());
    Ok(())
}

/// Runs (or resumes) the whole pipeline.
pub fn run(config: &TrainConfig) -> Result<(), UserError> {
    let t0 = Instant::now();
    // The pooled runs are read only after the labels, hours later: refuse a folder
    // that is not a run before any work (and before this run's labels change).
    for dir in &config.also {
        let positions = dir.join("positions.bin");
        if !positions.is_file() || !dir.join("labels").is_dir() {
            return Err(UserError(format!(
                "{}: not a training run (it needs positions.bin and labels/)",
                dir.display()
            )));
        }
    }
    std::fs::create_dir_all(&config.dir).map_err(io(&config.dir))?;
    games(config)?;
    let all = positions(config)?;
    let mut by_empties: ByEmpties = vec![(Vec::new(), Vec::new()); 61];
    for b in all {
        by_empties[b.empty_count() as usize].0.push(b);
    }
    let n = layout().params;
    let mut params = vec![0f32; PHASES * n];
    let mut outcomes: Vec<Vec<(f64, u32)>> = Vec::new();
    // Phase by phase (empties count by empties count) from the end: label, then fit
    // (its own positions only).
    for ph in 0..PHASES {
        let weights = Arc::new(to_weights(&params));
        let e = ph as u32;
        if e > config.exact && config.outcome_weight > 0.0 && outcomes.is_empty() {
            outcomes = game_outcomes(config, &by_empties)?;
        }
        let boards = std::mem::take(&mut by_empties[ph].0);
        let mut l = labels(config, e, &boards, &weights)?;
        if let Some(sums) = outcomes.get(ph) {
            blend(&mut l, sums, config.outcome_weight);
        }
        by_empties[ph] = (boards, l);
        if by_empties[ph].0.is_empty() {
            continue;
        }
        let (fit, _) = samples_for(ph, &by_empties[..], 0);
        let r = fit_into(config, "first", ph, &fit, &mut params)?;
        eprintln!(
            "{e} empties: first fit on {} positions, rms {:.2} discs ({} iterations)",
            r.positions, r.rms, r.iterations
        );
    }
    // Other runs' positions and labels join the final fit (a position in both counts
    // twice, once with each label); where a run holds labels of several recipes, those
    // of this run's recipe.
    for dir in &config.also {
        for (e, (boards, labels)) in finished_run(dir, |e| config.recipe_at(e))?
            .into_iter()
            .enumerate()
        {
            by_empties[e].0.extend(boards);
            by_empties[e].1.extend(labels);
        }
    }
    // The final fit: every phase with its neighbours, in parallel.
    let mut report = String::from("empties  fitted  held  rms-fit  rms-held\n");
    let first = params.clone();
    let results = parallel("final fit", PHASES, config.threads, |ph| {
        let (fit, held) = samples_for(ph, &by_empties[..], config.spread);
        let mut mine = first.clone();
        let r = fit_into(config, "final", ph, &fit, &mut mine)?;
        let w = mine[ph * n..(ph + 1) * n].to_vec();
        let held_rms = rms_error(&held, |b| {
            layout()
                .features(b)
                .iter()
                .map(|&f| w[f as usize] as f64)
                .sum()
        });
        Ok((ph, w, r, held.len(), held_rms))
    })?;
    for (ph, w, r, held, held_rms) in results {
        params[ph * n..(ph + 1) * n].copy_from_slice(&w);
        if by_empties[ph].0.is_empty() {
            continue;
        }
        report.push_str(&format!(
            "{ph:>7}  {:>7}  {held:>5}  {:>7.2}  {held_rms:>8.2}\n",
            r.positions, r.rms
        ));
    }
    // A phase without positions of its own (before the XOT openings' 52 empties, and
    // the last few) takes the weights of the nearest one below that has them.
    for ph in 1..PHASES {
        if by_empties[ph].0.is_empty() {
            let (lower, upper) = params.split_at_mut(ph * n);
            upper[..n].copy_from_slice(&lower[(ph - 1) * n..]);
            report.push_str(&format!(
                "{ph:>7}  no positions: the weights of {} empties\n",
                ph - 1
            ));
        }
    }
    let weights = to_weights(&params);
    save(&config.out, &pattern::encode(&weights))?;
    save(&config.dir.join("report.txt"), report.as_bytes())?;
    eprint!("{report}");
    eprintln!(
        "weights written to {} in {:.0} s",
        config.out.display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
