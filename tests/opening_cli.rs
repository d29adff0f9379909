//! `othello-tutor opening POSITION | --list`: output format and exit statuses.

use crate::common;
use othello_tutor::engine::notation::{parse_transcript, to_obf};

use common::cli::{lab, run, stderr, stdout};

/// "MOVE SCORE dD [NAME]": the square, the value and the depth.
fn book_line(line: &str) -> (String, i32, u32) {
    let mut f = line.split_whitespace();
    let mv = f.next().expect("a move").to_string();
    let score: i32 = f.next().expect("a score").parse().expect("a number");
    let depth = f.next().expect("a depth");
    let depth: u32 = depth
        .strip_prefix('d')
        .expect("dD")
        .parse()
        .expect("a depth");
    (mv, score, depth)
}

#[test]
fn the_tiger_by_name_with_its_book_moves_best_first() {
    let out = run(&["opening", "f5 d6 c3 d3 c4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Tiger");
    let moves: Vec<(String, i32, u32)> = lines[1..].iter().map(|l| book_line(l)).collect();
    // Every legal move of the Tiger is a book move (the book holds one ply off).
    let tiger = parse_transcript("f5 d6 c3 d3 c4").unwrap().current();
    assert_eq!(
        moves.len() as u32,
        tiger.board.legal_moves().len(),
        "{text}"
    );
    assert!(moves.windows(2).all(|w| w[0].1 >= w[1].1), "{text}");
    assert!(moves.iter().all(|m| m.2 >= 2));
    // f4 leads on to named lines; b3 is the Aubrey.
    assert!(
        text.lines()
            .any(|l| l.starts_with("b3 ") && l.ends_with(" Aubrey")),
        "{text}"
    );
}

#[test]
fn the_same_name_after_a_transposition_and_from_another_first_move() {
    for line in [
        "f5 d6 c4 d3 c3",
        "c4 e3 f6 e6 f5",
        "d3c5f6f5e6",
        "E6F4C3C4D3",
    ] {
        let out = run(&["opening", line]);
        assert!(out.status.success(), "{line}: {}", stderr(&out));
        assert_eq!(stdout(&out).lines().next(), Some("Tiger"), "{line}");
    }
}

#[test]
fn an_obf_position_is_named_too() {
    let tiger = to_obf(&parse_transcript("f5 d6 c3 d3 c4").unwrap().current());
    let out = run(&["opening", &tiger]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().next(), Some("Tiger"), "{tiger}");
    // The start position: no name, its four first moves, all of one value.
    let show = run(&[
        "opening",
        "---------------------------OX------XO--------------------------- X",
    ]);
    assert!(show.status.success(), "{}", stderr(&show));
    let text = stdout(&show);
    assert_eq!(text.lines().next(), Some("no named opening"), "{text}");
    // The start: its four first moves, all of one value.
    let moves: Vec<(String, i32, u32)> = text.lines().skip(1).map(book_line).collect();
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().all(|m| m.1 == moves[0].1));
}

#[test]
fn leaving_the_named_lines_says_where_and_may_leave_the_book() {
    // The pasted line of issue 42: named as the library and practice name it.
    let out = run(&["opening", "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("Comp'Oth"), "{}", stdout(&out));
    let out = run(&["opening", "f5 d6 c3 d3 c4 f4 a1"]);
    assert_eq!(out.status.code(), Some(2), "a1 is illegal");
    let out = run(&["opening", "f5 f4 e3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Parallel Opening (left its named line after move 2)"),
        "{text}"
    );
    assert_eq!(text.lines().nth(1), Some("out of book"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["opening", "f5 zz"],
        vec!["opening", "f5 f5"],
        vec!["opening", "XXXX"],
        vec!["opening", ""],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn list_prints_every_named_opening_with_its_moves() {
    let out = run(&["opening", "--list"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 70, "{} lines", lines.len());
    assert!(lines.contains(&"Tiger: f5 d6 c3 d3 c4"), "{text}");
    assert!(
        lines.contains(&"Heath: f5 f6 e6 f4 g5 (also Tobidashi)"),
        "{text}"
    );
    for l in &lines {
        let (name, moves) = l.split_once(": ").expect("NAME: MOVES");
        assert!(!name.is_empty());
        assert!(moves.starts_with("f5 "), "{l}");
    }
}

#[test]
fn book_build_writes_a_book_and_resumes_from_its_work_folder() {
    let dir = std::env::temp_dir().join(format!("othello-tutor-book-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("book.bin");
    let args = |out: &std::path::Path| {
        vec![
            "book".to_string(),
            "build".into(),
            "--depth".into(),
            "2".into(),
            "--threads".into(),
            "2".into(),
            "--dir".into(),
            dir.display().to_string(),
            "--out".into(),
            out.display().to_string(),
        ]
    };
    let run_args = |a: Vec<String>| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        lab(&a)
    };
    let first = run_args(args(&out));
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stdout(&first).starts_with("book: 179 positions, depth 2, "),
        "{}",
        stdout(&first)
    );
    assert!(stderr(&first).contains("to go"), "progress on stderr");
    let bytes = std::fs::read(&out).unwrap();
    let book = othello_tutor::engine::book::Book::decode(&bytes).unwrap();
    assert_eq!(book.depth(), 2);
    // Every leaf was searched at depths 2 and 3, and a move to a leaf is worth the
    // negated mean of the two (rounded down), counted as 4 plies.
    let read = |depth: u32| read_leaves(&dir.join(format!("leaves-d{depth}.txt")));
    let (d2, d3) = (read(2), read(3));
    assert_eq!(d2.len(), 1347);
    assert_eq!(d3.len(), 1347);
    let mut leaf_moves = 0;
    for board in book.positions() {
        for m in book.lookup(&board) {
            let child =
                othello_tutor::engine::symmetry::canonical(&board.play_unchecked(m.square)).0;
            let k = (child.player, child.opponent);
            if book.contains(&child) {
                continue;
            }
            let mean = (d2[&k] + d3[&k]).div_euclid(2);
            assert_eq!(m.value, -mean, "{board:?} {}", m.square);
            assert_eq!(m.depth, 4);
            leaf_moves += 1;
        }
    }
    assert!(leaf_moves >= 1347, "{leaf_moves}");
    // Stopped half way (half the values kept, the last line cut short): the build
    // goes on from there and writes the same book.
    let results = dir.join("leaves-d2.txt");
    let text = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = lines[..lines.len() / 2].join("\n");
    kept.push_str("\n0000000000001400 00000");
    std::fs::write(&results, kept).unwrap();
    let again = dir.join("again.bin");
    let second = run_args(args(&again));
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(
        stderr(&second).contains(&format!(
            "{} of 2694 searches already done",
            1347 + lines.len() / 2
        )),
        "{}",
        stderr(&second).lines().next().unwrap_or("")
    );
    assert_eq!(std::fs::read(&again).unwrap(), bytes);
    // Every value is on a line of its own again (the cut line was ended first).
    let text = std::fs::read_to_string(&results).unwrap();
    let whole = text
        .lines()
        .filter(|l| l.split_whitespace().count() == 3)
        .count();
    assert_eq!(whole, lines.len());
    // `book check --book` checks the file just written, not the shipped book.
    let file = out.display().to_string();
    let checked = lab(&[
        "book",
        "check",
        "--book",
        &file,
        "--positions",
        "3",
        "--extra",
        "0",
    ]);
    assert!(checked.status.success(), "{}", stderr(&checked));
    assert!(
        stdout(&checked).starts_with("book check: 3 positions, depths 2 and 3 (their mean): "),
        "{}",
        stdout(&checked)
    );
    // `--work FILE`: a check stopped part way goes on where it was (a line cut short
    // before its text is skipped) and prints the same figures; another check refuses the file.
    let work = dir.join("check.txt").display().to_string();
    let check = |more: &[&str]| {
        let mut a = vec![
            "book",
            "check",
            "--book",
            &file,
            "--positions",
            "6",
            "--extra",
            "0",
            "--work",
            &work,
        ];
        a.extend_from_slice(more);
        lab(&a)
    };
    let whole = check(&[]);
    assert!(whole.status.success(), "{}", stderr(&whole));
    let text = std::fs::read_to_string(&work).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert!(lines[0].starts_with("book-check "), "{text}");
    let mut kept = lines[..4].join("\n");
    kept.push('\n');
    kept.push_str(lines[4].split(" | ").next().unwrap());
    std::fs::write(&work, kept).unwrap();
    let resumed = check(&[]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("3 of 6 positions already checked"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(stdout(&resumed), stdout(&whole));
    let other = check(&["--seed", "2"]);
    assert_eq!(other.status.code(), Some(2));
    let err = stderr(&other);
    assert!(
        err.contains(&format!("{work}:1: a work file of another check")),
        "{err}"
    );
    // A damaged file and a missing one: one line naming the file, exit 2.
    let damaged = dir.join("damaged.bin");
    let mut cut = bytes.clone();
    cut.truncate(bytes.len() / 2);
    std::fs::write(&damaged, cut).unwrap();
    let missing = dir.join("missing.bin");
    for (path, says) in [(&damaged, "not a book"), (&missing, "cannot read")] {
        let file = path.display().to_string();
        let bad = lab(&["book", "check", "--book", &file]);
        assert_eq!(bad.status.code(), Some(2), "{file}");
        let err = stderr(&bad);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!("othello-lab: {file}: {says}")),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A results file of `book build`: (player, opponent) -> value.
fn read_leaves(path: &std::path::Path) -> std::collections::HashMap<(u64, u64), i32> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                (
                    u64::from_str_radix(f[0], 16).unwrap(),
                    u64::from_str_radix(f[1], 16).unwrap(),
                ),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn book_build_deepens_the_leaves_of_contested_positions() {
    let dir = std::env::temp_dir().join(format!("othello-tutor-deepen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("book.bin");
    let (d, o) = (dir.display().to_string(), out.display().to_string());
    let built = lab(&[
        "book", "build", "--depth", "2", "--deepen", "0.3", "--dir", &d, "--out", &o,
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    let text = stdout(&built);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("book: 179 positions, depth 2, "),
        "{text}"
    );
    let deepened: usize = lines[1]
        .strip_prefix("book: ")
        .and_then(|l| {
            l.strip_suffix(" leaves of contested positions searched again at depths 4 and 5")
        })
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(deepened > 0, "{text}");
    assert!(stderr(&built).contains("book: deepening, round 1: "));
    let book = othello_tutor::engine::book::Book::decode(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(book.depth(), 2);
    let values: Vec<_> = (2..=5)
        .map(|depth| read_leaves(&dir.join(format!("leaves-d{depth}.txt"))))
        .collect();
    assert_eq!(values[2].len(), deepened);
    assert_eq!(values[3].len(), deepened);
    let mut deep_leaves = std::collections::HashSet::new();
    for board in book.positions() {
        let moves = book.lookup(&board);
        let mut sorted: Vec<i32> = moves.iter().map(|m| m.value).collect();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let contested = sorted.len() > 1 && sorted[0] - sorted[1] <= 30;
        for m in &moves {
            let child =
                othello_tutor::engine::symmetry::canonical(&board.play_unchecked(m.square)).0;
            if book.contains(&child) {
                continue;
            }
            let k = (child.player, child.opponent);
            // A deepened leaf is worth the mean of its depth-4 and depth-5 searches and
            // counts 6 plies; the others keep their depth-2 and depth-3 mean, 4 plies.
            let (shallow, deep) = if m.depth == 6 { (2, 3) } else { (0, 1) };
            assert!(m.depth == 6 || m.depth == 4, "{}", m.depth);
            assert_eq!(
                m.value,
                -(values[shallow][&k] + values[deep][&k]).div_euclid(2)
            );
            if m.depth == 6 {
                deep_leaves.insert(k);
            }
            // Where the final book is contested, every leaf within the margin was deepened.
            if contested && sorted[0] - m.value <= 30 {
                assert_eq!(m.depth, 6, "{board:?} {}", m.square);
            }
        }
    }
    assert_eq!(deep_leaves.len(), deepened);
    // The same folder without --deepen: the plain book, from the values already found.
    let plain = dir.join("plain.bin");
    let p = plain.display().to_string();
    let again = lab(&["book", "build", "--depth", "2", "--dir", &d, "--out", &p]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).contains("2694 of 2694 searches already done"));
    assert_ne!(std::fs::read(&plain).unwrap(), std::fs::read(&out).unwrap());
    // `book check --references FILE`: the plain book's check keeps what its searches
    // found; the deepened book's check takes it from there and searches only the
    // moves not valued yet, with the figures of a check that searches everything.
    let refs = dir.join("refs.txt").display().to_string();
    let check = |book: &str, more: &[&str]| {
        let mut a = vec![
            "book",
            "check",
            "--book",
            book,
            "--positions",
            "179",
            "--extra",
            "0",
        ];
        a.extend_from_slice(more);
        let r = lab(&a);
        assert!(r.status.success(), "{}", stderr(&r));
        stdout(&r)
    };
    let plain_fresh = check(&p, &[]);
    assert_eq!(check(&p, &["--references", &refs]), plain_fresh);
    let kept = std::fs::read_to_string(&refs).unwrap();
    assert_eq!(kept.lines().count(), 179);
    assert_eq!(check(&p, &["--references", &refs]), plain_fresh);
    assert_eq!(
        std::fs::read_to_string(&refs).unwrap(),
        kept,
        "nothing new to keep"
    );
    let deep_fresh = check(&o, &[]);
    assert_eq!(check(&o, &["--references", &refs]), deep_fresh);
    let more = std::fs::read_to_string(&refs).unwrap().lines().count() - 179;
    assert!(more > 0 && more <= 179, "{more}");
    // A damaged references file: one line naming the file and the line, exit 2.
    std::fs::write(&refs, format!("{kept}not a line\n")).unwrap();
    let bad = lab(&["book", "check", "--book", &p, "--references", &refs]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).starts_with(&format!("othello-lab: {refs}:180: not a line")),
        "{}",
        stderr(&bad)
    );
    // A margin that is not a number of discs is refused.
    let bad = lab(&["book", "build", "--deepen", "x", "--dir", &d]);
    assert_eq!(bad.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn book_check_reports_the_difference_and_the_agreement() {
    // A book of depth 2, so that the re-searches at its depth take no time (the
    // shipped book's take half a minute even selective).
    let dir = std::env::temp_dir().join(format!("othello-tutor-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let book = dir.join("book.bin");
    let (dir_arg, book_arg) = (dir.display().to_string(), book.display().to_string());
    let built = lab(&[
        "book", "build", "--depth", "2", "--dir", &dir_arg, "--out", &book_arg,
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    let out = lab(&[
        "book",
        "check",
        "--book",
        &book_arg,
        "--positions",
        "2",
        "--extra",
        "0",
        "--seed",
        "3",
        "--selective",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let bytes = std::fs::read(&book).expect("the book written");
    let depth = othello_tutor::engine::book::Book::decode(&bytes)
        .expect("a book")
        .depth();
    assert_eq!(depth, 2);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let head = format!(
        "book check: 2 positions, depths {depth} and {} (their mean): ",
        depth + 1
    );
    assert!(lines[0].starts_with(&head), "{text}");
    assert!(
        lines[0].contains("mean |difference| ") && lines[0].ends_with(" of 2)"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("book check: by the search, the book's move is ")
            && lines[1].contains(" misses")
            && lines[1].contains("; the two deeper searches chose different moves in "),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
