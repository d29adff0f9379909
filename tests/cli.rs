//! The command-line contract: output formats and exit statuses.

use crate::common;

use common::cli::{lab, run, stderr, stdout};

#[test]
fn show_replays_the_master_game() {
    let game = "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 h7 h2 h8 g8 g7 f8";
    let out = run(&["show", game]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "  a b c d e f g h");
    assert_eq!(lines[1], "1 X X X X X X X X");
    assert_eq!(lines[8], "8 O O O O O O O O");
    assert_eq!(lines[9], "game over");
    assert_eq!(lines.last().copied(), Some("Black 20 - 44 White"));
}

#[test]
fn show_a_game_in_progress() {
    let out = run(&["show", "F5D6"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("Black (X) to move"), "{text}");
    assert_eq!(text.lines().last(), Some("Black 3 - 3 White"));
}

#[test]
fn show_a_finished_game_gives_empties_to_the_winner() {
    // A shortest wipe-out (nine moves, found by a search): one side has every disc.
    let out = run(&["show", "d3 c3 b3 d2 e1 d6 d7 e3 f4"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("game over"), "{text}");
    assert_eq!(text.lines().last(), Some("Black 64 - 0 White"));
}

#[test]
fn perft_prints_one_line_per_depth() {
    let out = lab(&["perft", "6"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let expected = [4u64, 12, 56, 244, 1396, 8200];
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    for (d, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert_eq!(fields[0], "perft");
        assert_eq!(fields[1], (d + 1).to_string());
        assert_eq!(fields[2], expected[d].to_string());
        assert!(fields[3].parse::<f64>().is_ok(), "{line}");
        assert!(fields[4].parse::<f64>().is_ok(), "{line}");
    }
}

/// Runs `othello-lab ARGS` on the plain copy of the engine's hot code, as on a CPU
/// without AVX2 (`OTHELLO_TUTOR_PORTABLE`).
fn lab_plain(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_othello-lab"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("OTHELLO_TUTOR_PORTABLE", "1")
        .output()
        .expect("the lab binary runs")
}

/// `OTHELLO_TUTOR_PORTABLE` set to a value runs the plain copy; set to nothing it reads
/// as unset, and the CPU's best copy runs.
#[test]
fn an_empty_portable_variable_reads_as_unset() {
    let copy = |value: Option<&str>| -> String {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_othello-lab"));
        command
            .args(["bench", "--only", "cancel", "--threads", "1"])
            .env("NO_COLOR", "1")
            .env_remove("OTHELLO_TUTOR_PORTABLE");
        if let Some(v) = value {
            command.env("OTHELLO_TUTOR_PORTABLE", v);
        }
        let out = command.output().expect("the lab binary runs");
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .find(|l| l.starts_with("engine code: "))
            .expect("the copy is named")
            .to_string()
    };
    assert_eq!(copy(Some("1")), "engine code: plain x86-64 copy");
    assert_eq!(copy(Some("")), copy(None));
}

/// Both copies of the hot code (the AVX2 one this machine runs and the plain one any
/// x86-64 runs) count the same paths, solve to the same score along the same tree
/// (the node counts match) and search to the same values.
#[test]
fn the_plain_copy_of_the_engine_agrees_with_the_fast_one() {
    let perft = |out: std::process::Output| -> Vec<String> {
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .collect()
    };
    let plain = perft(lab_plain(&["perft", "9"]));
    assert_eq!(perft(lab(&["perft", "9"])), plain);
    // The published counts from the start position.
    assert_eq!(plain.last().map(String::as_str), Some("perft 9 3005288"));
    let dir = tempfile::tempdir().expect("a temp dir");
    let obf = dir.path().join("ffo1.obf");
    std::fs::write(
        &obf,
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n",
    )
    .expect("written");
    let obf = obf.to_str().expect("utf-8");
    let solve = |out: std::process::Output| -> String {
        assert!(out.status.success(), "{}", stderr(&out));
        // "#1 MOVE SCORE NODES SECONDS": all but the time.
        let text = stdout(&out);
        let first = text.lines().next().expect("a line").to_string();
        first
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let args = ["solve", obf, "--threads", "1"];
    let (fast, plain) = (solve(run(&args)), solve(run_plain(&args)));
    assert_eq!(fast, plain);
    // FFO #1: G8 wins by 18.
    assert!(
        plain.starts_with("#1 G8 +18 ") || plain.starts_with("#1 g8 +18 "),
        "{plain}"
    );
    let args = [
        "analyze",
        "--depth",
        "9",
        "--threads",
        "1",
        "f5d6c3d3c4f4f6f3e6e7",
    ];
    assert_eq!(stdout(&run(&args)), stdout(&run_plain(&args)));
}

/// Runs `othello-tutor ARGS` on the plain copy of the engine's hot code.
fn run_plain(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_othello-tutor"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("OTHELLO_TUTOR_PORTABLE", "1")
        .output()
        .expect("the binary runs")
}

#[test]
fn bad_input_exits_with_status_2_and_one_line() {
    for args in [
        vec!["show", "f5 z9"],
        vec!["show", "f5 f5"],
        vec!["perft", "zero"],
        vec!["perft", "0"],
    ] {
        let out = if args[0] == "perft" {
            lab(&args)
        } else {
            run(&args)
        };
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert!(!stderr(&out).trim().is_empty(), "{args:?}");
    }
    let out = run(&["show", "f5 z9"]);
    assert_eq!(
        stderr(&out).trim(),
        "othello-tutor: column 4: `z9` is not a square (a1-h8) or a pass (pass, PA, --)"
    );
}

#[test]
fn potential_selfplay_prints_a_record_and_a_result() {
    let out = run(&[
        "potential",
        "selfplay",
        "--pieces",
        "4",
        "--seed",
        "3",
        "--level",
        "greedy",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let last = text.lines().last().unwrap_or_default();
    assert!(
        last == "Draw" || last.starts_with("White +") || last.starts_with("Black +"),
        "{text}"
    );
    // Eight placements come first, White first.
    assert!(text.starts_with("W 0,0"), "{text}");
    let out = run(&["potential", "selfplay", "--pieces", "30"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn mine_puzzles_writes_a_set_that_loads() {
    let dir = std::env::temp_dir().join(format!("othello-tutor-mine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("mined.toml");
    let out = lab(&[
        "mine-puzzles",
        "--count",
        "2",
        "--seed",
        "5",
        "--exact-empties",
        "18",
        "--mid-tries",
        "1",
        "--out",
        file.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (puzzles, errors) = othello_tutor::tutor::content::load_puzzle_dir(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(puzzles.len(), 2);
    assert!(stderr(&out).contains("2 puzzles found."));
    let out = lab(&["mine-puzzles", "--count", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn potential_match_prints_one_line_of_results() {
    // The strength and timing figures that were ignored tests (greedy against random,
    // the search level's time per move) come from this subcommand.
    let o = lab(&[
        "potential",
        "match",
        "greedy",
        "random",
        "--games",
        "4",
        "--pieces",
        "5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.starts_with("greedy vs random: 4 games, "), "{text}");
    assert!(text.contains(" ms a move"), "{text}");
    let bad = lab(&["potential", "match", "greedy", "nobody"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stderr(&bad).lines().count(), 1);
}

#[test]
fn train_with_pattern_players_is_deterministic_and_writes_loadable_weights() {
    // A tiny run (one chunk of 200 games, depth-1 players on the shipped patterns,
    // exact labels at 8 empties or fewer, depth-1 labels above): twice with the same
    // seed in two folders gives the same weights file, which decodes.
    let base = std::env::temp_dir().join(format!("othello-tutor-train-{}", std::process::id()));
    let tiny = [
        "--games",
        "200",
        "--seed",
        "9",
        "--exact",
        "8",
        "--label-depth",
        "1",
        "--play-depth",
        "1",
        "--play-noise",
        "20",
        "--play-eval",
        "patterns",
        "--iterations",
        "5",
    ];
    let mut files = Vec::new();
    for run_no in 0..2 {
        let dir = base.join(format!("run{run_no}"));
        let mut args = vec!["train", "--dir", dir.to_str().expect("utf-8")];
        args.extend(tiny);
        let out = lab(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("weights written to"),
            "{}",
            stderr(&out)
        );
        let report = std::fs::read_to_string(dir.join("report.txt")).expect("a report");
        assert!(report.starts_with("empties  fitted"), "{report}");
        files.push(std::fs::read(dir.join("weights.bin")).expect("weights"));
    }
    assert_eq!(files[0], files[1], "the same seed gives the same weights");
    othello_tutor::engine::pattern::decode(&files[0]).expect("the weights decode");
    // A run pooling another's positions and labels fits on both: every phase's fit
    // counts the positions of the two folders.
    let fitted = |report: &str| -> Vec<(u32, u64)> {
        report
            .lines()
            .skip(1)
            .filter_map(|l| {
                let mut f = l.split_whitespace();
                Some((f.next()?.parse().ok()?, f.next()?.parse().ok()?))
            })
            .collect()
    };
    let alone =
        fitted(&std::fs::read_to_string(base.join("run0").join("report.txt")).expect("report"));
    let pooled_dir = base.join("pooled");
    let run1 = base.join("run1");
    let mut args = vec![
        "train",
        "--dir",
        pooled_dir.to_str().expect("utf-8"),
        "--also",
        run1.to_str().expect("utf-8"),
    ];
    args.extend(tiny);
    let out = lab(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let pooled = fitted(&std::fs::read_to_string(pooled_dir.join("report.txt")).expect("report"));
    assert!(
        !alone.is_empty() && alone.len() == pooled.len(),
        "{alone:?} {pooled:?}"
    );
    for ((e, a), (e2, p)) in alone.iter().zip(&pooled) {
        assert_eq!(e, e2);
        assert!(
            *p >= 2 * a - 1 && *p <= 2 * a,
            "{e} empties: {a} alone, {p} pooled"
        );
    }
    let out = lab(&[
        "train",
        "--dir",
        base.join("run0").to_str().expect("utf-8"),
        "--also",
        base.join("nothing").to_str().expect("utf-8"),
        "--games",
        "200",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("nothing"), "{}", stderr(&out));
    // The trained weights play a match against the shipped ones.
    let file = base.join("run0").join("weights.bin");
    let spec = format!("patterns:{}", file.to_str().expect("utf-8"));
    let out = lab(&["match", &spec, "patterns", "--games", "2", "--depth", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 1, "{}", stdout(&out));
    let missing = format!(
        "patterns:{}",
        base.join("nothing.bin").to_str().expect("utf-8")
    );
    let out = lab(&["match", &missing, "patterns", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("nothing.bin"), "{}", stderr(&out));
    // The size of the run's labels and of its weights' values against its games'
    // outcomes: a header and a row per band of two empties counts with positions
    // above the exact labels (from the band of 8 and 9 empties up), each with its
    // figures.
    let run0 = base.join("run0");
    let scale = |recipe: Option<&str>| {
        let mut args = vec![
            "scale",
            file.to_str().expect("utf-8"),
            "--dir",
            run0.to_str().expect("utf-8"),
            "--games",
            "200",
            "--exact",
            "8",
        ];
        if let Some(r) = recipe {
            args.extend(["--recipe", r]);
        }
        lab(&args)
    };
    let out = scale(None);
    assert!(out.status.success(), "{}", stderr(&out));
    let table = stdout(&out);
    let mut rows = table.lines();
    assert_eq!(
        rows.next(),
        Some("empties  positions  rms-label  rms-value  label/value  outcome/label  outcome/value")
    );
    let rows: Vec<Vec<&str>> = rows.map(|r| r.split_whitespace().collect()).collect();
    assert!(rows.len() >= 15, "{table}");
    assert_eq!(rows[0][0], "8-9", "{table}");
    for r in &rows {
        assert_eq!(r.len(), 7, "{table}");
        assert!(r[1].parse::<usize>().is_ok_and(|n| n > 0), "{table}");
        assert!(r[2..].iter().all(|f| f.parse::<f64>().is_ok()), "{table}");
    }
    // A second complete set of labels under another recipe (twice the first): scale
    // asks which to read, and reads the one chosen.
    let labels = run0.join("labels");
    let mut copied = 0;
    for entry in std::fs::read_dir(&labels).expect("labels") {
        let name = entry
            .expect("entry")
            .file_name()
            .into_string()
            .expect("utf-8");
        let parts: Vec<&str> = name.split('-').collect();
        if let [e, recipe, chunk] = parts[..]
            && recipe.starts_with('d')
        {
            // Twice the size, so that the table shows which set was read.
            let doubled: Vec<u8> = std::fs::read(labels.join(&name))
                .expect("read")
                .chunks_exact(2)
                .flat_map(|b| (i16::from_le_bytes([b[0], b[1]]) * 2).to_le_bytes())
                .collect();
            std::fs::write(labels.join(format!("{e}-d9+10-{chunk}")), doubled).expect("write");
            copied += 1;
        }
    }
    assert!(copied > 0);
    let out = scale(None);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("d9+10") && err.contains("--recipe"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = scale(Some("d9+10"));
    assert!(out.status.success(), "{}", stderr(&out));
    let doubled = stdout(&out);
    assert_ne!(doubled, table);
    let rms = |t: &str| -> Vec<f64> {
        t.lines()
            .skip(1)
            .map(|r| {
                r.split_whitespace()
                    .nth(2)
                    .expect("rms")
                    .parse()
                    .expect("number")
            })
            .collect()
    };
    for (a, b) in rms(&table).iter().zip(rms(&doubled)) {
        assert!((b - 2.0 * a).abs() <= 0.02, "{table}\n{doubled}");
    }
    let out = scale(Some("d1+2"));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = lab(&[
        "scale",
        file.to_str().expect("utf-8"),
        "--dir",
        base.join("nothing").to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("nothing"), "{}", stderr(&out));
    // Splicing: phases 0-3 (0 to 3 empties) of the trained file, the rest of the
    // shipped weights.
    let shipped = base.join("shipped.bin");
    std::fs::write(&shipped, othello_tutor::engine::pattern::WEIGHTS_FILE).expect("write");
    let spliced = base.join("spliced.bin");
    let out = lab(&[
        "splice",
        file.to_str().expect("utf-8"),
        shipped.to_str().expect("utf-8"),
        "--phase",
        "4",
        "--out",
        spliced.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let low = othello_tutor::engine::pattern::decode(&files[0]).expect("decode");
    let high = othello_tutor::engine::pattern::shipped();
    let joined = othello_tutor::engine::pattern::decode(&std::fs::read(&spliced).expect("read"))
        .expect("decode");
    let n = othello_tutor::engine::pattern::layout().params;
    assert_eq!(joined.params()[..4 * n], low.params()[..4 * n]);
    assert_eq!(joined.params()[4 * n..], high.params()[4 * n..]);
    // Sharing: pairs of counts read one table; the file says how many.
    let shared = base.join("shared.bin");
    let out = lab(&[
        "share",
        file.to_str().expect("utf-8"),
        "--out",
        shared.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pairs = othello_tutor::engine::pattern::decode(&std::fs::read(&shared).expect("read"))
        .expect("decode");
    assert_eq!(pairs, low.shared_in_groups(2));
    assert!(pairs.table_count() <= 31, "{}", pairs.table_count());
    assert!(
        stderr(&out).contains(&format!("{} lookup tables (were ", pairs.table_count())),
        "{}",
        stderr(&out)
    );
    let out = lab(&[
        "share",
        &base.join("none.bin").to_string_lossy(),
        "--out",
        "x.bin",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("none.bin"), "{}", stderr(&out));
    let out = lab(&["train", "--play-eval", "gnugo"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn mining_restores_the_committed_games_and_collects_them_unchanged() {
    // The shipped lines set holds puzzles of several games of seed 2027: written back
    // as game files and collected again, the set comes out byte for byte the same.
    let base = std::env::temp_dir().join(format!("othello-tutor-{}-restore", std::process::id()));
    let (from, dir, out) = (base.join("from"), base.join("work"), base.join("out"));
    std::fs::create_dir_all(&from).expect("a temporary folder");
    let lines = std::fs::read_to_string("puzzles/mined-lines.toml").expect("the lines set");
    std::fs::write(from.join("mined-lines.toml"), &lines).expect("a copy");
    let games: Vec<usize> = lines
        .lines()
        .filter_map(|l| l.strip_prefix("id = \"m2027-"))
        .filter_map(|l| l.split('-').next()?.parse().ok())
        .collect();
    let last = *games.iter().max().expect("mined puzzles");
    let args = |collect: bool| {
        let mut a = vec![
            "mine-puzzles".to_string(),
            "--dir".into(),
            dir.display().to_string(),
            "--seed".into(),
            "2027".into(),
            "--restore".into(),
            from.display().to_string(),
        ];
        if collect {
            a.extend([
                "--collect".into(),
                "--out".into(),
                out.display().to_string(),
            ]);
        }
        a
    };
    let a = args(true);
    let o = lab(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let files = std::fs::read_dir(dir.join("games"))
        .expect("game files")
        .count();
    assert_eq!(files, last, "one file for every game up to the last");
    let again = std::fs::read_to_string(out.join("mined-lines.toml")).expect("collected");
    assert_eq!(again, lines);
    // Files already there are kept: a second restore writes nothing.
    let o = lab(&args(false)[..7]
        .iter()
        .map(String::as_str)
        .chain(["--games", "0"])
        .collect::<Vec<_>>());
    assert!(stderr(&o).contains("0 files written"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn check_content_proves_the_puzzle_sets_of_a_folder() {
    let dir = std::env::temp_dir().join(format!("othello-tutor-sets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    // The first puzzle of a shipped set, as it is, proves; with its value raised by
    // two discs the proof names the puzzle and the field.
    let shipped = include_str!("../puzzles/endgame-best.toml");
    let second = shipped
        .match_indices("[[puzzle]]")
        .nth(1)
        .map_or(shipped.len(), |(i, _)| i);
    let one = &shipped[..second];
    std::fs::write(dir.join("one.toml"), one).expect("write");
    let path = dir.to_str().expect("utf-8");
    let out = lab(&["check-content", "--puzzles", path, "--full"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert_eq!(
        text.trim_end(),
        format!("puzzles in {path}: 1, problems: 0")
    );
    let value = one
        .lines()
        .find(|l| l.starts_with("value = "))
        .expect("value");
    let n: i32 = value["value = ".len()..].parse().expect("number");
    std::fs::write(
        dir.join("one.toml"),
        one.replace(value, &format!("value = {}", n + 2)),
    )
    .expect("write");
    let out = lab(&["check-content", "--puzzles", path]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.contains("one.toml") && first.contains("value"),
        "{first}"
    );
    assert!(text.ends_with("problems: 1\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The end-to-end check of `consistency` (the measure itself: the unit tests of
/// `engine::consistency` and `engine::swing`).
#[test]
fn consistency_measures_a_weights_file() {
    let base =
        std::env::temp_dir().join(format!("othello-tutor-{}-consistency", std::process::id()));
    std::fs::create_dir_all(&base).expect("a temporary folder");
    let measure = |file: &std::path::Path| {
        lab(&[
            "consistency",
            file.to_str().expect("utf-8"),
            "--positions",
            "6",
            "--depth",
            "2",
        ])
    };
    // Zero weights value every move 0 at every depth: every move is a best one, and
    // nothing moves between depths.
    let zero = base.join("zero.bin");
    let weights = othello_tutor::engine::pattern::PatternWeights::zero();
    std::fs::write(&zero, othello_tutor::engine::pattern::encode(&weights)).expect("write");
    let out = measure(&zero);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "consistency: 6 positions, best move at depths 2/3 (their mean) against 4/5: agrees in 100.0% (6 of 6), best value moves 0.00 discs; even/odd swing (depth 2 minus 3) +0.00 discs\n\
         swing, depths 2-5, 6 positions: mean |v(d)-v(d+1)| 0.00 discs, even-odd +0.00, of the two-depth mean 0.00\n"
    );
    let damaged = base.join("damaged.bin");
    std::fs::write(
        &damaged,
        &othello_tutor::engine::pattern::WEIGHTS_FILE[..100],
    )
    .expect("write");
    let out = measure(&damaged);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim_end().lines().count(),
        1,
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("damaged.bin: "), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&base);
}

/// The end-to-end check of `tempo`: one measure per phase 1 to 14, before and after,
/// and the weights written (that the terms take the alternation out: the unit tests of
/// `engine::swing`).
#[test]
fn tempo_measures_each_phase_and_writes_the_weights() {
    let base = std::env::temp_dir().join(format!("othello-tutor-{}-tempo", std::process::id()));
    std::fs::create_dir_all(&base).expect("a temporary folder");
    let shipped = base.join("shipped.bin");
    std::fs::write(&shipped, othello_tutor::engine::pattern::WEIGHTS_FILE).expect("write");
    let tuned = base.join("tuned.bin");
    let out = lab(&[
        "tempo",
        shipped.to_str().expect("utf-8"),
        "--out",
        tuned.to_str().expect("utf-8"),
        "--positions",
        "2",
        "--depth",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stderr(&out);
    // "phase 7 (28 to 31 empties; … even-odd +1.33 …): term -0.67 discs", then
    // "phase 7: swing … even-odd +1.33 -> -0.01".
    let before = text.lines().filter(|l| l.contains("): term ")).count();
    let after = text.lines().filter(|l| l.contains(" -> ")).count();
    assert_eq!((before, after), (14, 14), "{text}");
    let written = std::fs::read(&tuned).expect("the weights written");
    othello_tutor::engine::pattern::decode(&written).expect("the weights decode");
    let _ = std::fs::remove_dir_all(&base);
}

/// `playouts`: one line per position appended as each is done (an outcome is a
/// final margin: even, within ±64), a second run resumes from the file without
/// measuring again, a damaged line is named by its place, a range at or below the
/// exact solve is refused.
#[test]
fn playouts_append_resume_and_summarise() {
    let base = std::env::temp_dir().join(format!("othello-tutor-{}-playouts", std::process::id()));
    std::fs::create_dir_all(&base).expect("a temporary folder");
    let file = base.join("playouts.txt");
    let path = file.to_str().expect("utf-8");
    let args = [
        "playouts",
        "--out",
        path,
        "--positions",
        "2",
        "--from",
        "41",
        "--to",
        "42",
        "--play-depth",
        "2",
        "--threads",
        "1",
        "--close",
    ];
    let out = lab(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).expect("the results written");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    for line in &lines {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 7, "{line}");
        let empties: u32 = f[0].parse().expect("empties");
        assert!((41..=42).contains(&empties), "{line}");
        assert_ne!(f[1], f[4], "two different moves: {line}");
        for outcome in [f[3], f[6]] {
            let o: i32 = outcome.parse().expect("a whole margin");
            assert!(o.abs() <= 64 && o % 2 == 0, "{line}");
        }
    }
    let summary = stdout(&out);
    assert!(
        summary.contains("all: 2 positions; outcome on value "),
        "{summary}"
    );
    // Resumed: nothing measured again, the same summary.
    let again = lab(&args);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), text);
    assert_eq!(stdout(&again), summary);
    // A damaged line: exit 2 naming the file and line.
    std::fs::write(&file, format!("{}\n41 d3 x\n", lines[0])).expect("write");
    let out = lab(&args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("playouts.txt:2: "),
        "{}",
        stderr(&out)
    );
    let low = ["playouts", "--out", path, "--from", "12", "--to", "30"];
    let out = lab(&low);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--from 12"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&base);
}

/// Options that only mean something together are refused apart (exit 2, one line
/// naming the option or the path), instead of being accepted and ignored.
#[test]
fn options_that_would_be_ignored_are_refused() {
    let out = lab(&["check-content", "--stats", "--puzzles", "/nonexistent"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert_eq!(
        stderr(&out).trim(),
        "othello-lab: /nonexistent: no such folder of puzzle sets"
    );
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    let out = lab(&["check-content", "--puzzles", "/nonexistent"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("/nonexistent"), "{}", stderr(&out));
    for extra in [
        ["--collect", ""],
        ["--threads", "2"],
        ["--restore", "puzzles"],
        ["--games", "3"],
    ] {
        let args: Vec<&str> = std::iter::once("mine-puzzles")
            .chain(extra.into_iter().filter(|a| !a.is_empty()))
            .collect();
        let out = lab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert_eq!(
            stderr(&out).lines().count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(stderr(&out).contains("--dir"), "{args:?}: {}", stderr(&out));
    }
    // The tutor's own options go with no command; a command's options after it.
    for args in [
        vec!["--table-mb", "4", "analyze", "f5"],
        vec!["--threads", "2", "show", "f5"],
        vec!["show", "f5", "--threads", "2"],
        vec!["opening", "f5", "--table-mb", "4"],
        vec!["solve", "x.obf", "--wld", "--threads", "2"],
        vec!["perft", "3"],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert_eq!(
            stderr(&out).lines().count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(
            stderr(&out).starts_with("othello-tutor: "),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // Only one threads option: `--jobs` is gone.
    let out = lab(&["train", "--jobs", "2"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The maintainers' commands, all in `othello-lab` and none in `othello-tutor`.
const LAB_COMMANDS: [&str; 18] = [
    "train",
    "calibrate",
    "consistency",
    "tempo",
    "scale",
    "playouts",
    "splice",
    "share",
    "ladder",
    "tune",
    "book",
    "mine-puzzles",
    "refresh-puzzles",
    "check-content",
    "match",
    "bench",
    "perft",
    "potential",
];

/// The names of the commands a `--help` lists.
fn listed_commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn the_tutors_help_says_no_command_opens_the_tutor_and_lists_no_lab_command() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    let first = help.lines().next().unwrap_or_default();
    assert!(
        first.contains("with no command, opens the tutor"),
        "{first}"
    );
    let listed = listed_commands(&help);
    for command in [
        "analyze", "review", "show", "solve", "opening", "library", "import",
    ] {
        assert!(listed.iter().any(|c| c == command), "{command}: {listed:?}");
    }
    for command in LAB_COMMANDS.iter().filter(|c| **c != "potential") {
        assert!(
            !listed.iter().any(|c| c == command),
            "{command}: {listed:?}"
        );
    }
    assert!(help.contains("othello-lab"), "{help}");
    // `potential` is the learner's self-play only; its match is the lab's.
    let out = run(&["potential", "--help"]);
    assert!(!listed_commands(&stdout(&out)).contains(&"match".to_string()));
}

#[test]
fn the_labs_help_says_what_it_is_and_lists_the_maintainers_commands() {
    let out = lab(&["--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    let first = help.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("The maintainers' lab of othello-tutor"),
        "{first}"
    );
    let listed = listed_commands(&help);
    for command in LAB_COMMANDS {
        assert!(listed.iter().any(|c| c == command), "{command}: {listed:?}");
    }
    for command in [
        "analyze", "review", "show", "opening", "library", "import", "nboard",
    ] {
        assert!(
            !listed.iter().any(|c| c == command),
            "{command}: {listed:?}"
        );
    }
}

/// The end-to-end check of `calibrate` (the fit itself: the unit tests of
/// `engine::mpc_calibrate`): a folder's self-play games played first, a table written
/// that reads back; with too few positions a row keeps no cut.
#[test]
fn calibrate_plays_the_games_and_writes_a_table() {
    let base = std::env::temp_dir().join(format!("othello-tutor-{}-calibrate", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).expect("a temporary folder");
    let zero = base.join("zero.bin");
    let weights = othello_tutor::engine::pattern::PatternWeights::zero();
    std::fs::write(&zero, othello_tutor::engine::pattern::encode(&weights)).expect("write");
    let dir = base.join("training");
    let out = lab(&[
        "calibrate",
        zero.to_str().expect("utf-8"),
        "--dir",
        dir.to_str().expect("utf-8"),
        "--games",
        "1",
        "--play-depth",
        "1",
        "--positions",
        "1",
        "--threads",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.join("games").join("00000.bin").exists());
    let text = std::fs::read_to_string(dir.join("mpc.txt")).expect("a table");
    let table = othello_tutor::engine::mpc::Table::parse(&text).expect("the table reads");
    assert!(table.get(40, 8).is_none(), "one position a row: no cut");
    let _ = std::fs::remove_dir_all(&base);
}
