//! The command-line contract: output formats and exit statuses.

mod common;

use common::cli::{run, stderr, stdout};

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
    let out = run(&["perft", "6"]);
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

#[test]
fn bad_input_exits_with_status_2_and_one_line() {
    for args in [
        vec!["show", "f5 z9"],
        vec!["show", "f5 f5"],
        vec!["perft", "zero"],
        vec!["perft", "0"],
    ] {
        let out = run(&args);
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
fn check_content_proves_the_embedded_content() {
    let out = run(&["check-content"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("lessons: "), "{last}");
    assert!(last.contains(", puzzles: "), "{last}");
}

#[test]
fn mine_puzzles_writes_a_set_that_loads() {
    let dir = std::env::temp_dir().join(format!("othello-tutor-mine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("mined.toml");
    let out = run(&[
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
    let (puzzles, errors) = othello_tutor::tutor::puzzle::load_dir(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(puzzles.len(), 2);
    assert!(stderr(&out).contains("2 puzzles found."));
    let out = run(&["mine-puzzles", "--count", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn analyze_values_every_move_of_an_obf_that_starts_with_an_empty_square() {
    // FFO #1 and #2 (14 empties) start with "--" and "-": they must read as
    // positions, not options, and every move's exact value must match the file's.
    let text = include_str!("data/fforum-1-19.obf");
    for line in text.lines().filter(|l| !l.starts_with('%')).take(2) {
        let mut fields = line.split(';').map(str::trim);
        let position = fields.next().expect("the position");
        assert!(position.starts_with('-'), "{position}");
        let mut expected: Vec<(String, i32)> = fields
            .filter(|f| !f.is_empty())
            .map(|f| {
                let (mv, score) = f.split_once(':').expect("MOVE:SCORE");
                (mv.to_lowercase(), score.parse().expect("a score"))
            })
            .collect();
        expected.sort();
        for args in [
            vec!["analyze", position, "--exact"],
            vec!["analyze", "--exact", position],
        ] {
            let o = run(&args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            let mut got: Vec<(String, i32)> = stdout(&o)
                .lines()
                .map(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    assert_eq!(w[2], "exact", "{l}");
                    (w[0].to_string(), w[1].parse().expect("a score"))
                })
                .collect();
            let scores: Vec<i32> = got.iter().map(|g| g.1).collect();
            assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first");
            got.sort();
            assert_eq!(got, expected, "{args:?}");
        }
    }
}

#[test]
fn analyze_a_position_with_33_legal_moves_prints_legal_lines_and_possible_values() {
    // Issue 12: "e3 +64 d8 e3 g1 …" (an estimate shown as a wipe-out); the search
    // on this position panicked on its 32-slot move lists.
    use othello_tutor::engine::Square;
    use othello_tutor::engine::notation::parse_obf;
    let position = "----OX---O----O-XOXO-OO--OOOXXX--X-XOOO--OX-XX---OOXOOO--------- X";
    let board = parse_obf(position).expect("obf").position.board;
    let o = run(&["analyze", position, "--depth", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 33, "{text}");
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(w[2], "d8", "{line}");
        let score: i32 = w[1].parse().expect("a score");
        assert!(score.abs() < 64, "{line}");
        // The line starts with the move itself and replays legally.
        assert_eq!(w[3], w[0], "{line}");
        let mut b = board;
        for mv in &w[3..] {
            let sq = Square::parse(mv).unwrap_or_else(|e| panic!("{line}: {mv}: {e}"));
            b = b.play(sq).unwrap_or_else(|e| panic!("{line}: {mv}: {e}"));
        }
    }
}

#[test]
fn potential_match_prints_one_line_of_results() {
    // The strength and timing figures that were ignored tests (greedy against random,
    // the search level's time per move) come from this subcommand.
    let o = run(&[
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
    let bad = run(&["potential", "match", "greedy", "nobody"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stderr(&bad).lines().count(), 1);
}

/// A midgame position (52 empties): beyond every exact-solve threshold.
const MIDGAME: &str = "f5d6c3d3c4f4f6f3";

/// "MOVE SCORE KIND ..." lines as (move, score, kind, rest).
fn analysis_lines(text: &str) -> Vec<(String, i32, String, Vec<String>)> {
    text.lines()
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert!(w.len() >= 4, "{l}");
            (
                w[0].to_string(),
                w[1].parse().unwrap_or_else(|_| panic!("{l}")),
                w[2].to_string(),
                w[3..].iter().map(|s| s.to_string()).collect(),
            )
        })
        .collect()
}

#[test]
fn analyze_feedback_values_with_the_practice_settings_and_grades_each_move() {
    use othello_tutor::engine::Move;
    use othello_tutor::engine::analysis::{analyze, picked_move};
    use othello_tutor::engine::notation::parse_transcript;
    use othello_tutor::engine::search::Searcher;
    use othello_tutor::tutor::feedback::Grade;
    use othello_tutor::tutor::settings::{FEEDBACK_ANALYSIS, FEEDBACK_DEPTH, HINT_ANALYSIS};
    let board = parse_transcript(MIDGAME).expect("legal").current().board;
    let feedback = run(&["analyze", MIDGAME, "--feedback"]);
    assert!(feedback.status.success(), "{}", stderr(&feedback));
    let graded = analysis_lines(&stdout(&feedback));
    // The values the practice feedback computes, in this process.
    let mut searcher = Searcher::new(1, 1);
    let values = analyze(&mut searcher, &board, FEEDBACK_ANALYSIS).expect("not stopped");
    assert_eq!(graded.len(), values.len());
    // The grade compares with the move the board's search picks (a selective search).
    let picked = picked_move(&searcher, &board, FEEDBACK_ANALYSIS).expect("not stopped");
    let reference = picked
        .and_then(|sq| values.iter().find(|v| v.mv == Move::Place(sq)))
        .unwrap_or(&values[0])
        .discs();
    for (g, v) in graded.iter().zip(&values) {
        // The same move, value and kind; then the grade; then the same line.
        assert_eq!((g.0.as_str(), g.1), (v.mv.to_string().as_str(), v.discs()));
        assert_eq!(g.2, format!("d{FEEDBACK_DEPTH}"));
        let grade = Grade::from_search(reference.max(g.1), g.1, false);
        assert_eq!(g.3[0], grade.word(), "{g:?}");
        let line: Vec<String> =
            v.pv.iter()
                .map(|m| m.map(|s| s.to_string()).unwrap_or_else(|| "pass".into()))
                .collect();
        assert_eq!(g.3[1..], line[..], "{g:?}");
    }
    assert!(stderr(&feedback).contains("practice feedback settings"));
    // The hint: exactly the hint's values.
    let hint = run(&["analyze", "--hint", MIDGAME]);
    assert!(hint.status.success(), "{}", stderr(&hint));
    let hinted = analysis_lines(&stdout(&hint));
    let values = analyze(&mut searcher, &board, HINT_ANALYSIS).expect("not stopped");
    let expected: Vec<(String, i32)> = values
        .iter()
        .map(|v| (v.mv.to_string(), v.discs()))
        .collect();
    let got: Vec<(String, i32)> = hinted.iter().map(|h| (h.0.clone(), h.1)).collect();
    assert_eq!(got, expected);
    // The modes exclude each other.
    let both = run(&["analyze", MIDGAME, "--feedback", "--hint"]);
    assert_eq!(both.status.code(), Some(2));
    let both = run(&["analyze", MIDGAME, "--feedback", "--depth", "4"]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn analyze_gives_the_same_output_with_one_thread_or_two() {
    let one = run(&["--threads", "1", "analyze", MIDGAME, "--depth", "7"]);
    let two = run(&["analyze", MIDGAME, "--depth", "7", "--threads", "2"]);
    assert!(one.status.success() && two.status.success());
    assert_eq!(stdout(&one), stdout(&two));
    let zero = run(&["--threads", "0", "analyze", MIDGAME]);
    assert_eq!(zero.status.code(), Some(2));
}

/// Writes `text` to a fresh file named `name` in the temporary directory.
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("othello-tutor-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("a temporary file");
    path
}

#[test]
fn bench_quality_reports_known_figures_on_a_hand_made_file() {
    // FFO #1-#3 (14 empties, within every exact-solve threshold, so the engine's
    // values are the exact ones). #1 and #3 with their true values; #2 with a4 (the
    // engine's best, truly +10) said to be +4 and b2 (truly +0) said to be +10: the
    // engine then loses 6 discs there, grades a4 best (truth: mistake, a miss) and b2
    // a blunder (truth: best, a false alarm). g3 of #3 as +0.4 reads as 0.
    let text = "% hand-made from tests/data/fforum-1-19.obf\n\
--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;\n\
\n\
-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X; A4:+4; B2:+10; A3:-6; G7:-8; A7:-12; H7:-14; B7:-14; H2:-24; % edited\n\
----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X; D1:+2; G3:+0.4; B8:-2; B1:-4; C1:-4; A2:-4; A3:-6; B2:-12;\n";
    let path = temp_file("quality.obf", text);
    let o = run(&[
        "bench",
        "--quality",
        path.to_str().expect("a path"),
        "--threads",
        "2",
    ]);
    let _ = std::fs::remove_file(&path);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains(": 3 positions, 0 beyond the grading's exact threshold"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("move choice: search depth 10, exact at 20 empties"),
        "{out}"
    );
    assert_eq!(
        lines[2],
        "  all (3 positions): best move in 2 (66.7%), mean loss 2.00 discs, worst 6"
    );
    assert_eq!(lines[3], "  beyond the exact threshold: no positions");
    assert_eq!(
        lines[4],
        "  within the exact threshold (3 positions): best move in 2 (66.7%), mean loss 2.00 discs, worst 6"
    );
    assert!(
        lines[5].starts_with("  time per position: median "),
        "{out}"
    );
    assert!(
        lines[6].starts_with("grading: practice feedback settings (depth "),
        "{out}"
    );
    assert_eq!(
        lines[7],
        "  all (3 positions, 24 moves): agreement 91.7%, false alarms 4.2%, misses 4.2%"
    );
    assert_eq!(lines[8], "  beyond the exact threshold: no positions");
    assert!(
        lines[9].starts_with("  time per position, 2 threads: median "),
        "{out}"
    );
    assert!(
        lines[10].starts_with("  time to grade one move (the best value and the worst move's, as practice does; depth "),
        "{out}"
    );
    assert!(
        lines[11].ends_with("(values identical to 2 threads: yes)"),
        "{out}"
    );
    assert_eq!(lines.len(), 12, "{out}");
    // Another depth changes only the search depth here (everything is exact).
    let path = temp_file("quality-d4.obf", text);
    let o = run(&[
        "bench",
        "--quality",
        path.to_str().expect("a path"),
        "--depth",
        "4",
    ]);
    let _ = std::fs::remove_file(&path);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("search depth 4,"));
}

#[test]
fn bench_quality_names_the_line_of_a_malformed_file() {
    let good = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";
    let cases = [
        ("bad-field", "G8+18", "\"G8+18\" is not MOVE:VALUE"),
        ("missing", "G2:-24;", "no value for the legal move g2"),
        ("illegal", "G2:-24; C3:+1", "c3 is not a legal move"),
        ("board", "--XXXXX--", "64"),
    ];
    for (name, what, message) in cases {
        let broken = match name {
            "bad-field" => good.replace("G8:+18", what),
            "missing" => good.replace(what, ""),
            "illegal" => good.replace("G2:-24;", what),
            _ => good.replacen(what, "-XXXXX--", 1),
        };
        let path = temp_file(
            &format!("quality-{name}.obf"),
            &format!("{good}\n% a comment\n{broken}\n"),
        );
        let o = run(&["bench", "--quality", path.to_str().expect("a path")]);
        let _ = std::fs::remove_file(&path);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: {err}");
        assert!(err.contains(".obf:3: "), "{name}: {err}");
        assert!(err.contains(message), "{name}: {err}");
    }
}

#[test]
fn train_with_pattern_players_is_deterministic_and_writes_loadable_weights() {
    // A tiny run (one chunk of 200 games, depth-1 players on the shipped patterns,
    // exact labels at 8 empties or fewer, depth-1 labels above): twice with the same
    // seed in two folders gives the same weights file, which decodes.
    let base = std::env::temp_dir().join(format!("othello-tutor-train-{}", std::process::id()));
    let mut files = Vec::new();
    for run_no in 0..2 {
        let dir = base.join(format!("run{run_no}"));
        let out = run(&[
            "train",
            "--dir",
            dir.to_str().expect("utf-8"),
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
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("weights written to"),
            "{}",
            stderr(&out)
        );
        let report = std::fs::read_to_string(dir.join("report.txt")).expect("a report");
        assert!(report.starts_with("phase  empties"), "{report}");
        files.push(std::fs::read(dir.join("weights.bin")).expect("weights"));
    }
    assert_eq!(files[0], files[1], "the same seed gives the same weights");
    othello_tutor::engine::pattern::decode(&files[0]).expect("the weights decode");
    // The trained weights play a match against the shipped ones.
    let file = base.join("run0").join("weights.bin");
    let spec = format!("patterns:{}", file.to_str().expect("utf-8"));
    let out = run(&["match", &spec, "patterns", "--games", "2", "--depth", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 1, "{}", stdout(&out));
    let missing = format!(
        "patterns:{}",
        base.join("nothing.bin").to_str().expect("utf-8")
    );
    let out = run(&["match", &missing, "patterns", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("nothing.bin"), "{}", stderr(&out));
    // Splicing: phases 0-3 of the trained file, the rest of the shipped weights.
    let shipped = base.join("shipped.bin");
    std::fs::write(&shipped, othello_tutor::engine::pattern::WEIGHTS_FILE).expect("write");
    let spliced = base.join("spliced.bin");
    let out = run(&[
        "train",
        "--splice",
        file.to_str().expect("utf-8"),
        shipped.to_str().expect("utf-8"),
        "--splice-phase",
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
    let out = run(&["train", "--play-eval", "gnugo"]);
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
    let o = run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let files = std::fs::read_dir(dir.join("games"))
        .expect("game files")
        .count();
    assert_eq!(files, last, "one file for every game up to the last");
    let again = std::fs::read_to_string(out.join("mined-lines.toml")).expect("collected");
    assert_eq!(again, lines);
    // Files already there are kept: a second restore writes nothing.
    let o = run(&args(false)[..7]
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
    let out = run(&["check-content", "--puzzles", path, "--full"]);
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
    let out = run(&["check-content", "--puzzles", path]);
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

#[test]
fn consistency_measures_a_weights_file() {
    let base =
        std::env::temp_dir().join(format!("othello-tutor-{}-consistency", std::process::id()));
    std::fs::create_dir_all(&base).expect("a temporary folder");
    let measure = |file: &std::path::Path| {
        run(&[
            "train",
            "--consistency",
            file.to_str().expect("utf-8"),
            "--consistency-positions",
            "6",
            "--consistency-depth",
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
        "consistency: 6 positions, best move at depths 2/3 (their mean) against 4/5: agrees in 100.0% (6 of 6), best value moves 0.00 discs; even/odd swing (depth 2 minus 3) +0.00 discs\n"
    );
    let shipped = base.join("shipped.bin");
    std::fs::write(&shipped, othello_tutor::engine::pattern::WEIGHTS_FILE).expect("write");
    let out = measure(&shipped);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("consistency: 6 positions, best move at depths 2/3"),
        "{}",
        stdout(&out)
    );
    // The shipped weights move values between depths (they are not all zero).
    assert!(
        !stdout(&out).contains("best value moves 0.00 discs"),
        "{}",
        stdout(&out)
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
