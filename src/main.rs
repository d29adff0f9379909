//! The `othello-tutor` command line: no subcommand opens the TUI; the subcommands
//! print engine results (see README.md for the contract).

mod cli;

use clap::Parser;
use cli::UserError;
use cli::args::{BookCommand, Cli, Command, PotentialCommand, protect_board};
use std::process::ExitCode;

fn main() -> ExitCode {
    // First, before any code built for AVX2/BMI2 runs.
    if !cli::cpu::check() {
        return ExitCode::from(2);
    }
    run(parse())
}

/// Parses the command line (an OBF board after `analyze` may start with `-`).
#[inline(never)]
fn parse() -> Cli {
    let mut in_analyze = false;
    Cli::parse_from(std::env::args_os().map(|arg| {
        let arg = if in_analyze { protect_board(arg) } else { arg };
        in_analyze |= arg == "analyze" || arg == "opening";
        arg
    }))
}

/// A Multi-ProbCut confidence from the command line (0 or less: none).
fn confidence(t: f32) -> Option<othello_tutor::engine::mpc::Confidence> {
    (t > 0.0).then(|| othello_tutor::engine::mpc::Confidence((t * 100.0).round() as u16))
}

/// Runs the subcommand.
fn run(cli: Cli) -> ExitCode {
    let threads = cli.threads.map_or(0, |t| t as usize);
    othello_tutor::engine::analysis::set_default_threads(threads);
    let threads = othello_tutor::engine::analysis::default_threads();
    if let Some(path) = &cli.weights {
        match cli::train::read_weights(path) {
            Ok(w) => {
                othello_tutor::engine::pattern::replace_shipped(w);
            }
            Err(UserError(msg)) => {
                eprintln!("othello-tutor: {msg}");
                return ExitCode::from(2);
            }
        }
    }
    let result = match cli.command {
        None => {
            cli::tui::run(othello_tutor::ui::UiOptions {
                data_dir: cli.data_dir.clone(),
                table_mb: cli.table_mb as usize,
                ..Default::default()
            });
            Ok(())
        }
        Some(Command::Perft { depth }) => {
            cli::perft::run(depth);
            Ok(())
        }
        Some(Command::Show { transcript }) => cli::show::run(&transcript.join(" ")),
        Some(Command::Solve { file, wld }) => cli::solve::run(&file, wld),
        Some(Command::Analyze {
            position,
            depth,
            exact,
            feedback,
            hint,
        }) => {
            let mode = if feedback {
                cli::analyze::Mode::Feedback
            } else if hint {
                cli::analyze::Mode::Hint
            } else if exact {
                cli::analyze::Mode::Exact
            } else {
                cli::analyze::Mode::Depth(depth)
            };
            cli::analyze::run(&position.join(" "), mode, threads)
        }
        Some(Command::Match {
            a,
            b,
            games,
            offset,
            depth,
            exact,
        }) => cli::matches::run(
            &a,
            &b,
            games,
            offset,
            &cli::matches::DuelSettings {
                depth,
                exact,
                threads,
            },
        ),
        Some(Command::Train {
            dir,
            games,
            seed,
            exact,
            label_depth,
            deep_from,
            deep_depth,
            play_depth,
            play_noise,
            play_eval,
            ridge,
            iterations,
            jobs,
            out,
            calibrate,
            calibrate_positions,
            consistency,
            consistency_positions,
            consistency_depth,
            tempo,
            splice,
            splice_phase,
        }) => (|| {
            if let (Some(files), Some(out)) = (&splice, &out) {
                return cli::train::splice(&files[0], &files[1], splice_phase as usize, out);
            }
            if let (Some(weights), Some(out)) = (&tempo, &out) {
                return cli::tempo::run(
                    weights,
                    out,
                    consistency_positions,
                    consistency_depth,
                    seed,
                    jobs.unwrap_or(threads),
                );
            }
            if let Some(weights) = consistency {
                return cli::consistency::run(
                    &weights,
                    &cli::consistency::ConsistencyConfig {
                        positions: consistency_positions,
                        depth: consistency_depth,
                        seed,
                        threads: jobs.unwrap_or(threads),
                    },
                );
            }
            let dir = match dir {
                Some(d) => d,
                None => othello_tutor::tutor::progress::data_dir(cli.data_dir.as_deref())
                    .map_err(|e| UserError(e.to_string()))?
                    .join("training"),
            };
            let out = out.unwrap_or_else(|| dir.join("weights.bin"));
            let threads = jobs.unwrap_or(threads);
            let config = cli::train::TrainConfig {
                dir,
                games,
                seed,
                exact,
                label_depth,
                deep: deep_from.map(|from| (from, deep_depth)),
                play: cli::train::PlaySettings {
                    depth: play_depth,
                    noise_percent: play_noise,
                    patterns: play_eval == "patterns",
                },
                ridge,
                iterations,
                threads,
                out,
            };
            match calibrate {
                Some(weights) => cli::train::calibrate(&config, &weights, calibrate_positions),
                None => cli::train::run(&config),
            }
        })(),
        Some(Command::Tune {
            games,
            per_phase,
            seed,
            out,
        }) => cli::tune::run(games, per_phase, seed, out.as_deref()),
        Some(Command::Potential {
            command:
                PotentialCommand::Selfplay {
                    pieces,
                    seed,
                    level,
                },
        }) => cli::potential::selfplay(pieces, seed, &level),
        Some(Command::Potential {
            command:
                PotentialCommand::Match {
                    a,
                    b,
                    games,
                    pieces,
                    nodes,
                    seed,
                },
        }) => cli::potential::run_match(
            &a,
            &b,
            &cli::potential::MatchSettings {
                pieces,
                games,
                nodes,
                seed,
                threads,
            },
        ),
        Some(Command::CheckContent { stats: true, .. }) => cli::content::stats(),
        Some(Command::CheckContent {
            puzzles: Some(dir),
            full,
            ..
        }) => return cli::content::check_dir(&dir, full),
        Some(Command::CheckContent { full, .. }) => return cli::content::check(full),
        Some(Command::MinePuzzles {
            count,
            seed,
            out,
            dir: Some(dir),
            games,
            collect,
            restore,
            jobs,
            exact_empties,
            mid_tries,
        }) => {
            if let Some(from) = restore
                && let Err(e) = cli::mine::restore(&dir, &from, seed)
            {
                Err(e)
            } else if collect {
                let out = out.unwrap_or_else(|| std::path::PathBuf::from("puzzles"));
                cli::mine::collect(&dir, &out)
            } else {
                let _ = count;
                let config = othello_tutor::tutor::miner::MineConfig {
                    seed,
                    exact_empties,
                    mid_tries,
                    ..Default::default()
                };
                let threads = jobs.unwrap_or_else(othello_tutor::engine::analysis::default_threads);
                cli::mine::run(&config, &dir, games, threads)
            }
        }
        Some(Command::MinePuzzles {
            count,
            seed,
            out,
            exact_empties,
            mid_tries,
            ..
        }) => cli::content::mine(
            othello_tutor::tutor::miner::MineConfig {
                count,
                seed,
                exact_empties,
                mid_tries,
                ..Default::default()
            },
            out.as_deref(),
        ),
        Some(Command::RefreshPuzzles { dir }) => cli::content::refresh(&dir),
        Some(Command::Book {
            command:
                BookCommand::Build {
                    depth,
                    out,
                    dir,
                    selective,
                    deepen,
                },
        }) => (|| {
            let dir = match dir {
                Some(d) => d,
                None => othello_tutor::tutor::progress::data_dir(cli.data_dir.as_deref())
                    .map_err(|e| UserError(e.to_string()))?
                    .join("book"),
            };
            let out = out.unwrap_or_else(|| dir.join("book.bin"));
            cli::book::build(&cli::book::BuildConfig {
                depth,
                dir,
                out,
                threads,
                selective: confidence(selective),
                deepen: deepen.map(|d| (d * 100.0).round() as i32),
            })
        })(),
        Some(Command::Book {
            command:
                BookCommand::Check {
                    positions,
                    extra,
                    seed,
                    selective,
                    single,
                    book,
                    work,
                    references,
                },
        }) => cli::book_check::check(&cli::book_check::CheckConfig {
            count: positions,
            extra,
            seed,
            selective: confidence(selective),
            threads,
            single,
            book,
            work,
            references,
        }),
        Some(Command::Library { trash }) => cli::library::list(cli.data_dir.as_deref(), trash),
        Some(Command::Import { file }) => cli::library::import(cli.data_dir.as_deref(), &file),
        Some(Command::Review { game }) => cli::review::run(&game.join(" ")),
        Some(Command::Opening { list: true, .. }) => cli::opening::list(),
        Some(Command::Opening { position, .. }) => cli::opening::run(&position.join(" ")),
        Some(Command::Nboard) => {
            cli::nboard::run(threads);
            Ok(())
        }
        Some(Command::Bench {
            quality: None,
            only,
            ..
        }) => {
            cli::bench::run(threads, only.as_deref());
            Ok(())
        }
        Some(Command::Bench {
            quality: Some(file),
            depth,
            grading_depth,
            grading_exact,
            grading_time_only,
            selective,
            grading_selective,
            swing,
            swing_from,
            swing_to,
            ..
        }) => {
            let feedback = othello_tutor::tutor::settings::FEEDBACK_ANALYSIS;
            let grading = othello_tutor::engine::analysis::AnalysisOptions {
                depth: grading_depth.unwrap_or(feedback.depth),
                exact_empties: grading_exact.unwrap_or(feedback.exact_empties),
                time: None,
                selective: grading_selective.map_or(feedback.selective, confidence),
                two_depths: true,
            };
            cli::quality::run(
                &file,
                depth,
                confidence(selective),
                threads,
                grading,
                grading_time_only,
                swing.then_some((swing_from, swing_to.max(swing_from + 1))),
            )
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
