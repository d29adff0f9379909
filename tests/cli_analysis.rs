//! The command-line contract of `analyze` and `bench --quality`: every move's value,
//! grades with the practice settings, threads, and the quality figures of a hand-made file.

use crate::common;

use common::cli::{lab, run, stderr, stdout};

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
    let one = run(&["analyze", MIDGAME, "--depth", "7", "--threads", "1"]);
    let two = run(&["analyze", MIDGAME, "--depth", "7", "--threads", "2"]);
    assert!(one.status.success() && two.status.success());
    assert_eq!(stdout(&one), stdout(&two));
    let zero = run(&["analyze", MIDGAME, "--threads", "0"]);
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
    let o = lab(&[
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
    // Every position is exact here, so the searched value is the file's.
    assert_eq!(
        lines[6],
        "  best value against the file's: mean error +0.00 discs, mean |error| 0.00; 10-19 empties (3): +0.00 / 0.00"
    );
    assert!(
        lines[7].starts_with("grading: practice feedback settings (depth "),
        "{out}"
    );
    assert_eq!(
        lines[8],
        "  all (3 positions, 24 moves): agreement 91.7%, false alarms 4.2%, misses 4.2%, graded harsher 4.2%, milder 4.2%"
    );
    assert_eq!(lines[9], "  beyond the exact threshold: no positions");
    // Losses by the file: #1 0 6 12 12 14 22 40 42, #2 6 0 16 18 22 24 24 34, #3 0 1.6 4
    // 6 6 6 8 14 (337.6 in all); the engine's the same but #2's a4 0 and b2 10 and #3's
    // g3 2 (342). Slope: sum of products 8127.2 over sum of squares 8162.56.
    assert_eq!(
        lines[10],
        "  move losses: the engine's mean 14.25 discs, the file's 14.07; slope of the engine's on the file's 1.00"
    );
    assert!(
        lines[11].starts_with("  time per position, 2 threads: median "),
        "{out}"
    );
    assert!(
        lines[12].starts_with("  time to grade one move, from nothing (the best value and the worst move's, as practice does; depth "),
        "{out}"
    );
    assert!(
        lines[13].starts_with(
            "  time to grade one move, prepared while the learner thinks 5 s (the best value"
        ),
        "{out}"
    );
    assert!(lines[13].contains("; slowest "), "{out}");
    // As practice waits: exact if proved in time, else a search's grade meanwhile (how
    // many depends on the machine's speed, so only the line's form is checked).
    // From nothing, then after the grade was prepared while the learner thought.
    for (line, how) in [
        (lines[14], "from nothing"),
        (lines[15], "prepared while the learner thinks 5 s"),
    ] {
        assert!(
            line.starts_with(&format!(
                "  time to grade one move as practice does, {how} (exact if proved within 1.0 s, else depth 12 "
            )),
            "{out}"
        );
        assert!(line.ends_with("of 3 graded meanwhile"), "{out}");
    }
    assert!(
        lines[16].ends_with("(values identical to 2 threads: yes)"),
        "{out}"
    );
    assert_eq!(lines.len(), 17, "{out}");
    // Another depth changes only the search depth here (everything is exact).
    let path = temp_file("quality-d4.obf", text);
    let o = lab(&[
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

/// `bench --grading-games`: one game from an XOT opening, the level-3 move at each
/// count of empties in the range (20 to 24 by default) with a choice of moves graded
/// as practice grades it. A game passes each count of empties at most once, so every
/// count is named once, for one move, and the moves counted are the counts named.
#[test]
fn bench_grading_games_times_each_count_of_empties_once_per_game() {
    for (range, from, to) in [(None, 20, 24), (Some("40-41"), 40, 41)] {
        let mut args = vec![
            "bench",
            "--grading-games",
            "1",
            "--thinking",
            "0",
            "--threads",
            "2",
        ];
        if let Some(r) = range {
            args.extend(["--grading-empties", r]);
        }
        let o = lab(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        let head = lines[0]
            .strip_prefix(&format!("grading waits in real games: 1 game from XOT opening 2000 on, level 3 on both sides, its move graded at {from}-{to} empties ("))
            .unwrap_or_else(|| panic!("{out}"));
        let moves: usize = head
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{out}"));
        assert!(head.ends_with(" moves), 2 threads"), "{out}");
        assert!((1..=(to - from + 1) as usize).contains(&moves), "{out}");
        let line = lines[1];
        assert!(
            line.starts_with("  time to grade one move as practice does, from nothing (exact if proved within 1.0 s, else depth 12 "),
            "{out}"
        );
        assert!(
            line.ends_with(&format!(" of {moves} graded meanwhile")),
            "{out}"
        );
        let by_empties = line
            .split("; worst by empties: ")
            .nth(1)
            .and_then(|rest| rest.split("; slowest ").next())
            .unwrap_or_else(|| panic!("{out}"));
        let counts: Vec<u32> = by_empties
            .split(", ")
            .map(|part| {
                let (empties, rest) = part.split_once(": ").unwrap_or_else(|| panic!("{out}"));
                assert!(rest.ends_with(" s (1)"), "{out}");
                empties.parse().unwrap_or_else(|_| panic!("{out}"))
            })
            .collect();
        assert_eq!(counts.len(), moves, "{out}");
        assert!(counts.windows(2).all(|w| w[0] < w[1]), "{out}");
        assert!(counts.iter().all(|e| (from..=to).contains(e)), "{out}");
    }
    // A thinking time that is not a time, a range that is not one: refused in one line.
    for (arg, message) in [
        ("--thinking=-1", "--thinking -1: not a time"),
        ("--grading-empties=30-2", "\"30-2\" is not FROM-TO"),
        ("--grading-empties=0-5", "\"0-5\" is not FROM-TO"),
    ] {
        let o = lab(&["bench", "--grading-games", "1", arg]);
        assert_eq!(o.status.code(), Some(2), "{arg}: {}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{arg}: {err}");
        assert!(err.contains(message), "{arg}: {err}");
    }
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
        let o = lab(&["bench", "--quality", path.to_str().expect("a path")]);
        let _ = std::fs::remove_file(&path);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: {err}");
        assert!(err.contains(".obf:3: "), "{name}: {err}");
        assert!(err.contains(message), "{name}: {err}");
    }
}

#[test]
fn bench_quality_measures_the_swing_of_the_stated_value() {
    // Two opening positions (the start and f5 d6, 60 and 58 empties; the file's values do not
    // matter to the swing). With zero weights every move is worth 0 at every depth:
    // both swings are exactly 0. With the shipped weights the stated value (two
    // depths' mean) moves less than one depth's value.
    let text = "---------------------------OX------XO--------------------------- X; D3:+0; C4:+0; F5:+0; E6:+0;\n\
---------------------------OX------OXX-----O-------------------- X; C3:+0; C4:+0; C5:+0; C6:+0; C7:+0;\n";
    let path = temp_file("swing.obf", text);
    let zero = std::env::temp_dir().join(format!("othello-tutor-{}-zero.bin", std::process::id()));
    let weights = othello_tutor::engine::pattern::PatternWeights::zero();
    std::fs::write(&zero, othello_tutor::engine::pattern::encode(&weights)).expect("write");
    let args = |w: Option<&std::path::Path>| {
        let mut a = vec![
            "bench".to_string(),
            "--quality".into(),
            path.to_str().expect("a path").into(),
            "--depth".into(),
            "2".into(),
            "--grading-depth".into(),
            "2".into(),
            "--swing".into(),
            "--swing-from".into(),
            "3".into(),
            "--swing-to".into(),
            "6".into(),
        ];
        if let Some(w) = w {
            a.extend(["--weights".into(), w.to_str().expect("a path").into()]);
        }
        a
    };
    let line = |out: &str, start: &str| {
        out.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line {start:?} in {out}"))
            .to_string()
    };
    let o = lab(&args(Some(&zero))
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(
        line(&out, "swing of the stated value"),
        "swing of the stated value (analyze, the 1:2:1 mean of three depths), depths 3-6, 2 positions: mean |s(d)-s(d+1)| 0.00 discs, even-odd +0.00"
    );
    let o = lab(&args(None).iter().map(String::as_str).collect::<Vec<_>>());
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&zero);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let figure = |l: String, after: &str| -> f64 {
        l.split(after)
            .nth(1)
            .expect("the figure")
            .split_whitespace()
            .next()
            .expect("a number")
            .parse()
            .expect("a number")
    };
    let raw = figure(line(&out, "swing, depths 3-6"), "mean |v(d)-v(d+1)| ");
    let stated = figure(
        line(&out, "swing of the stated value"),
        "mean |s(d)-s(d+1)| ",
    );
    assert!(raw > 0.0 && stated < raw, "{out}");
}
