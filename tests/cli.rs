//! The command-line contract: output formats and exit statuses.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_othello-tutor"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

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
