//! `othello-lab`, the maintainers' binary: the tools that train, tune, build and check
//! what the tutor ships (see README.md, "The maintainers' lab"). It parses its command
//! line and calls one file of `src/cli/lab/`; the algorithms are library code in
//! `othello_tutor::engine`.

#[path = "../cli/lab/mod.rs"]
mod lab;

use lab::UserError;
use lab::args::{BookCommand, Command, Lab, PotentialCommand};
use lab::shared::{finish, parse_or_exit};
use othello_tutor::engine::mpc::Confidence;
use std::process::ExitCode;

/// The program's name in its one-line errors.
const PROGRAM: &str = "othello-lab";

fn main() -> ExitCode {
    // First, before any code built for AVX2/BMI2 runs.
    if !lab::cpu::check() {
        return ExitCode::from(2);
    }
    let lab: Lab = parse_or_exit(PROGRAM, std::env::args_os());
    match run(lab.command) {
        Ok(code) => code,
        Err(e) => finish(PROGRAM, Err(e)),
    }
}

/// A Multi-ProbCut confidence from the command line (0 or less: none).
fn confidence(t: f32) -> Option<Confidence> {
    (t > 0.0).then(|| Confidence((t * 100.0).round() as u16))
}

/// Evaluates with the weights of `--weights` instead of the shipped ones.
fn use_weights(weights: &lab::args::Weights) -> Result<(), UserError> {
    if let Some(path) = &weights.weights {
        othello_tutor::engine::pattern::replace_shipped(lab::run_folder::read_weights(path)?);
    }
    Ok(())
}

/// Runs the command: its exit status (0, or 1 when a check finds problems).
fn run(command: Command) -> Result<ExitCode, UserError> {
    match command {
        Command::Train(t) => lab::train::run(&lab::train::TrainConfig::from_args(&t)?),
        Command::Calibrate(c) => {
            let config = lab::train::TrainConfig::for_self_play(&c.self_play)?;
            lab::train::calibrate(&config, &c.weights, c.positions)
        }
        Command::Consistency(c) => lab::consistency::run(
            &c.weights,
            &lab::consistency::ConsistencyConfig {
                positions: c.positions as usize,
                depth: c.depth,
                seed: c.seed,
                threads: c.threads.apply(),
            },
        ),
        Command::Tempo(t) => lab::tempo::run(
            &t.weights,
            &t.out,
            t.positions as usize,
            t.depth,
            t.seed,
            t.threads.apply(),
        ),
        Command::Scale(s) => {
            let mut config = lab::train::TrainConfig::for_self_play(&s.self_play)?;
            config.exact = s.exact;
            lab::scale::run(&config, &s.weights, s.recipe.as_deref())
        }
        Command::Playouts(p) => {
            use_weights(&p.weights)?;
            let config = lab::playouts::PlayoutConfig {
                positions: p.positions as usize,
                from: p.from,
                to: p.to,
                play_depth: p.play_depth,
                seed: p.seed,
                threads: p.threads.apply(),
                close: p.close,
            };
            lab::playouts::run(&config, &p.out)
        }
        Command::Share(s) => lab::run_folder::share(&s.weights, s.group as usize, &s.out),
        Command::Splice(s) => lab::run_folder::splice(&s.low, &s.high, s.phase as usize, &s.out),
        Command::Tune(t) => lab::tune::run(t.games, t.per_phase, t.seed, t.out.as_deref()),
        Command::Book {
            command: BookCommand::Build(b),
        } => {
            use_weights(&b.weights)?;
            let dir = match b.dir {
                Some(d) => d,
                None => data_dir(&b.data_dir)?.join("book"),
            };
            let out = b.out.unwrap_or_else(|| dir.join("book.bin"));
            lab::book::build(&lab::book::BuildConfig {
                depth: b.depth,
                dir,
                out,
                threads: b.threads.apply(),
                selective: confidence(b.selective),
                deepen: b.deepen.map(|d| (d * 100.0).round() as i32),
            })
        }
        Command::Book {
            command: BookCommand::Check(c),
        } => {
            use_weights(&c.weights)?;
            lab::book_check::check(&lab::book_check::CheckConfig {
                count: c.positions,
                extra: c.extra,
                seed: c.seed,
                selective: confidence(c.selective),
                threads: c.threads.apply(),
                single: c.single,
                book: c.book,
                work: c.work,
                references: c.references,
            })
        }
        Command::MinePuzzles(m) => lab::mine::dispatch(m),
        Command::RefreshPuzzles { dir, revalue } => lab::content::refresh(&dir, revalue),
        Command::CheckContent(c) if c.stats => lab::content::stats(c.puzzles.as_deref()),
        Command::CheckContent(c) => {
            return Ok(match &c.puzzles {
                Some(dir) => lab::content::check_dir(lab::content::puzzle_dir(dir)?, c.full),
                None => lab::content::check(c.full),
            });
        }
        Command::Match(m) => {
            use_weights(&m.weights)?;
            let threads = m.threads.apply();
            lab::matches::run(
                &m.a,
                &m.b,
                m.games,
                m.offset,
                &lab::matches::DuelSettings {
                    depth: m.depth,
                    exact: m.exact,
                    threads,
                },
            )
        }
        Command::Ladder(l) => {
            let threads = l.threads.apply();
            let settings = othello_tutor::tutor::strength::ladder::LadderSettings {
                games: l.games,
                seed: l.seed,
                first_opening: l.offset,
            };
            lab::ladder::run(settings, threads, l.write.as_deref())
        }
        Command::Bench(b) => {
            use_weights(&b.weights)?;
            let threads = b.threads.apply();
            if let Some(games) = b.grading_games {
                let thinking = std::time::Duration::try_from_secs_f64(b.thinking)
                    .map_err(|_| UserError(format!("--thinking {}: not a time", b.thinking)))?;
                return lab::quality::game_waits(
                    games as usize,
                    b.openings_from,
                    b.grading_empties.clone(),
                    thinking,
                    threads,
                )
                .map(|()| ExitCode::SUCCESS);
            }
            match &b.quality {
                None => {
                    lab::bench::run(threads, b.only.as_deref());
                    Ok(())
                }
                Some(file) => lab::quality::run_from_args(file, &b, threads),
            }
        }
        Command::Perft { depth } => {
            lab::perft::run(depth);
            Ok(())
        }
        Command::Potential {
            command:
                PotentialCommand::Match {
                    a,
                    b,
                    games,
                    pieces,
                    nodes,
                    seed,
                    threads,
                },
        } => lab::potential::run_match(
            &a,
            &b,
            &lab::potential::MatchSettings {
                pieces,
                games,
                nodes,
                seed,
                threads: threads.apply(),
            },
        ),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// The learner's data directory (`--data-dir`, else the default), or one line.
fn data_dir(d: &lab::shared::DataDir) -> Result<std::path::PathBuf, UserError> {
    othello_tutor::tutor::progress::data_dir(d.data_dir.as_deref())
        .map_err(|e| UserError(e.to_string()))
}
