//! Fuzzed inputs: every reader is fed arbitrary bytes and valid files mutated by a
//! few random edits (see `common/fuzz.rs`), and must answer with a value or a typed
//! error that names the place, never a panic: transcripts, OBF, GGF (one game and
//! many), WTHOR (`.wtb`, `.jou`, `.trn`), lesson, puzzle and opening TOML,
//! `progress.toml`, saved games, the weights and book files, the MPC table, and the
//! NBoard engine's command lines (the real binary). The data files must also stay
//! whole: a damaged `progress.toml` is moved aside byte for byte (or, in a data
//! directory opened read-only, left where it is), and no file of the library is
//! overwritten by reading or importing.
//!
//! Cases per reader (the `cases` of each block below): 512 for each text reader's
//! arbitrary input and 384 for its mutated files, 256 for WTHOR bytes, 96 for the
//! TOML content and the data files, 48 for the weights, 64 for the book, 16 NBoard
//! sessions of up to 24 lines each. About 4 s in `cargo test --profile tests`;
//! `FUZZ_SCALE=N` multiplies every count for a longer hunt.

use crate::common;
use crate::common_fuzz as fuzz;

use common::child::Child;
use fuzz::{CaseDir, bytes, fix_checksum, mutated, mutated_text};
use othello_tutor::engine::book::Book;
use othello_tutor::engine::ggf_games::{parse_ggf_games, split_ggf_games};
use othello_tutor::engine::mpc::Table;
use othello_tutor::engine::notation::{
    self, GgfGame, NotationError, parse_any, parse_ggf, parse_obf, parse_obf_file, parse_position,
    parse_transcript, parse_transcript_moves,
};
use othello_tutor::engine::pattern;
use othello_tutor::engine::wthor::{
    PLAYER_NAME_LEN, TOURNAMENT_NAME_LEN, WthorError, WthorHeader, parse_names, parse_wthor,
    parse_wthor_records,
};
use othello_tutor::engine::{Color, Game, Move, Square};
use othello_tutor::tutor::lesson::Lesson;
use othello_tutor::tutor::library::{GameEntry, Library, LibraryError, read_games_file};
use othello_tutor::tutor::openings::Openings;
use othello_tutor::tutor::practice::{Practice, Seat};
use othello_tutor::tutor::progress::{Progress, ProgressStore};
use othello_tutor::tutor::puzzle::parse_set;
use proptest::prelude::*;
use std::sync::OnceLock;

/// The proptest settings of a block of `cases` cases (times `FUZZ_SCALE` when that
/// variable is set, for a longer hunt by hand), with no regression file.
fn config(cases: u32) -> ProptestConfig {
    let scale = std::env::var("FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(1)
        .max(1);
    ProptestConfig {
        cases: cases.saturating_mul(scale),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A game from the start with a pass in it: the master game of the seeds' README.
const MASTER: &str = "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 h7 h2 h8 g8 g7 f8";

/// FFO endgame #1 with a scored move and a comment.
const OBF: &str =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; % FFO #1";

/// The NBoard protocol's example game.
const NBOARD_GGF: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

fn master() -> Game {
    parse_transcript(MASTER).expect("the master game")
}

/// A GGF record of the master game, with every descriptive property.
fn master_ggf() -> String {
    let mut record = GgfGame::new(master(), "Penloup", "Juhem");
    record.place = Some("Paris [WC]".into());
    record.date = Some("1992.08.10_12:00:00.CET".into());
    record.result = Some("-24".into());
    record.comment = Some("Opening: Tiger\\".into());
    notation::to_ggf(&record)
}

/// Three games, one per line, the second from a set-up position.
fn many_ggf() -> String {
    let setup = parse_obf(OBF).expect("OBF").position;
    let short = parse_transcript("f5 d6 c3").expect("short");
    [
        master_ggf(),
        notation::to_ggf(&GgfGame::new(Game::new(setup), "a", "b")),
        notation::to_ggf(&GgfGame::new(short, "c", "d")),
    ]
    .join("\n")
}

/// A WTHOR database of the master game and two short ones.
fn wtb() -> Vec<u8> {
    let games = [
        master(),
        parse_transcript("f5 d6 c3 d3 c4").expect("tiger"),
        parse_transcript("f5 f6 e6 f4").expect("other"),
    ];
    let mut bytes = vec![20, 26, 12, 1];
    bytes.extend_from_slice(&(games.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&[0, 0, 0xC8, 0x07, 8, 0, 22, 0]);
    for (i, g) in games.iter().enumerate() {
        let mut r = vec![i as u8, 0, 1, 0, 0, 0, 20, 20];
        for mv in g.moves() {
            if let Move::Place(sq) = mv {
                r.push((10 * (sq.row() + 1) + sq.col() + 1) as u8);
            }
        }
        r.resize(68, 0);
        bytes.extend(r);
    }
    bytes
}

/// A WTHOR name file of `names`, each `width` bytes.
fn names_file(names: &[&str], width: usize) -> Vec<u8> {
    let mut bytes = vec![20, 26, 12, 1, 0, 0, 0, 0];
    bytes.extend_from_slice(&(names.len() as u16).to_le_bytes());
    bytes.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
    for n in names {
        let mut b = n.as_bytes().to_vec();
        b.resize(width, 0);
        bytes.extend(b);
    }
    bytes
}

/// The start of a shipped puzzle set: its title and first three puzzles.
fn puzzle_base() -> &'static str {
    static BASE: OnceLock<String> = OnceLock::new();
    BASE.get_or_init(|| {
        let text = include_str!("../puzzles/endgame-best.toml");
        text.split("[[puzzle]]")
            .take(4)
            .collect::<Vec<_>>()
            .join("[[puzzle]]")
    })
}

/// The first 80 lines of the shipped opening list.
fn opening_base() -> String {
    let text = include_str!("../src/data/openings.toml");
    text.lines().take(80).collect::<Vec<_>>().join("\n")
}

/// A progress file with something in every part.
fn progress_base() -> &'static str {
    static BASE: OnceLock<String> = OnceLock::new();
    BASE.get_or_init(|| {
        let mut p = Progress::default();
        p.lesson_mut("rules").advance(3);
        p.lesson_mut("mobility").finish(4);
        p.puzzles.solved.insert("m2026-0003-49".into(), 2);
        p.puzzles.failed.insert("m2026-0005-48".into(), 1);
        p.puzzles.streak = 3;
        p.openings.record("Tiger", true, 1_700_000_000);
        p.modes.finish_storm(12);
        p.modes.record_drill(true);
        p.practice_opponent = Some("level2".into());
        toml::to_string_pretty(&p).expect("TOML")
    })
}

/// The notation errors that say where: every one but `Empty` carries a column, a
/// move, a field or a square count.
fn names_the_place(e: &NotationError) -> bool {
    match e {
        NotationError::Empty => true,
        other => {
            let t = other.to_string();
            ["column", "move", "field", "squares", "GGF"]
                .iter()
                .any(|w| t.contains(w))
        }
    }
}

/// Every text reader of the notation module on `text`: a value or a typed error
/// naming the place; what reads writes back and reads again to the same game.
fn read_notation(text: &str) -> Result<(), TestCaseError> {
    if let Err(e) = parse_transcript_moves(text) {
        prop_assert!(names_the_place(&e), "{e}");
    }
    match parse_transcript(text) {
        Ok(game) => {
            let again = parse_transcript(&notation::to_transcript(game.moves()));
            prop_assert_eq!(again.as_ref().map(Game::current).ok(), Some(game.current()));
        }
        Err(e) => prop_assert!(names_the_place(&e), "{e}"),
    }
    match parse_obf(text) {
        Ok(rec) => prop_assert_eq!(
            parse_obf(&notation::to_obf(&rec.position)).map(|r| r.position),
            Ok(rec.position)
        ),
        Err(e) => prop_assert!(names_the_place(&e), "{e}"),
    }
    if let Err((line, e)) = parse_obf_file(text) {
        prop_assert!(line >= 1 && names_the_place(&e), "{line}: {e}");
    }
    if let Err(e) = parse_position(text) {
        prop_assert!(names_the_place(&e), "{e}");
    }
    if let Err(e) = parse_any(text) {
        prop_assert!(names_the_place(&e), "{e}");
    }
    match parse_ggf(text) {
        Ok(record) => {
            let again = parse_ggf(&notation::to_ggf(&record)).map(|r| r.game);
            prop_assert_eq!(again, Ok(record.game));
        }
        Err(e) => prop_assert!(names_the_place(&e), "{e}"),
    }
    let pieces = split_ggf_games(text);
    match parse_ggf_games(text) {
        Ok(games) => prop_assert_eq!(games.len(), pieces.len()),
        Err(e) => {
            prop_assert!(e.game >= 1 && e.line >= 1, "{e}");
            prop_assert!(e.line <= text.lines().count().max(1), "{e}");
        }
    }
    let _ = Square::parse(text);
    let _ = othello_tutor::tutor::files::read_game_input(text);
    let _ = Practice::load_named(text, Seat::Human, Seat::Human);
    let _ = othello_tutor::tutor::lesson::parse_setup(text);
    let _ = othello_tutor::tutor::lesson::parse_opponent(text);
    let _ = othello_tutor::tutor::puzzle::drill::parse_score(text, Color::Black);
    let _ = othello_tutor::tutor::puzzle::Goal::parse(text);
    let _ = othello_tutor::tutor::puzzle::Theme::parse(text);
    Ok(())
}

/// Text in the alphabet of the game formats, so the readers get past their first
/// character more often than with any string.
fn notation_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex(
        r"[a-hA-H1-9 ,;:%\-XOxo*.+()\[\]BWPAGMOTYsp\n]{0,140}|\(;GM\[Othello\][A-Z\[\]0-9 *O\-a-h;()]{0,120}",
    )
    .expect("a regex")
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn notation_readers_take_any_text(text in any::<String>()) {
        read_notation(&text)?;
    }

    #[test]
    fn notation_readers_take_text_of_their_alphabet(text in notation_like()) {
        read_notation(&text)?;
    }
}

proptest! {
    #![proptest_config(config(384))]

    #[test]
    fn mutated_transcripts(text in mutated_text(MASTER)) {
        read_notation(&text)?;
    }

    #[test]
    fn mutated_obf_lines(text in mutated_text(&format!("{OBF}\n% a comment\n{}\n", notation::to_obf(&master().current())))) {
        read_notation(&text)?;
    }

    #[test]
    fn mutated_ggf_games(text in mutated_text(&master_ggf())) {
        read_notation(&text)?;
    }

    #[test]
    fn mutated_ggf_files_of_many_games(text in mutated_text(&many_ggf())) {
        read_notation(&text)?;
    }
}

/// The WTHOR readers on `bytes`: a value or a typed error; each record error names
/// its record, within the file.
fn read_wthor(bytes: &[u8]) -> Result<(), TestCaseError> {
    let _ = WthorHeader::parse(bytes);
    match parse_wthor_records(bytes) {
        Ok((header, records)) => {
            prop_assert_eq!(records.len(), header.games as usize);
            for (i, r) in records.iter().enumerate() {
                if let Err(e) = r {
                    let record = match e {
                        WthorError::BadSquare { record, .. }
                        | WthorError::IllegalMove { record, .. }
                        | WthorError::AfterEnd { record, .. } => *record,
                        other => return Err(TestCaseError::fail(format!("{other}"))),
                    };
                    prop_assert_eq!(record, i + 1);
                    let head = format!("record {}: ", i + 1);
                    prop_assert!(e.to_string().starts_with(&head), "{e}");
                }
            }
            let whole = parse_wthor(bytes);
            prop_assert_eq!(whole.is_ok(), records.iter().all(Result::is_ok));
        }
        Err(e) => prop_assert!(parse_wthor(bytes).err() == Some(e)),
    }
    for width in [PLAYER_NAME_LEN, TOURNAMENT_NAME_LEN, 0, 1] {
        if let Ok(names) = parse_names(bytes, width) {
            prop_assert!(names.iter().all(|n| n.chars().count() <= width));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn wthor_readers_take_any_bytes(b in bytes(400)) {
        read_wthor(&b)?;
    }

    #[test]
    fn mutated_wthor_databases(b in mutated(wtb())) {
        read_wthor(&b)?;
    }

    #[test]
    fn mutated_wthor_name_files(
        jou in mutated(names_file(&["Penloup Marc", "Juhem Paul", "Tastet Marc"], PLAYER_NAME_LEN)),
        trn in mutated(names_file(&["Championnat du Monde", "Paris"], TOURNAMENT_NAME_LEN)),
    ) {
        read_wthor(&jou)?;
        read_wthor(&trn)?;
    }
}

/// Each error of a content file names the file.
fn names_file_in<E: std::fmt::Display>(file: &str, errors: &[E]) -> Result<(), TestCaseError> {
    prop_assert!(!errors.is_empty());
    for e in errors {
        prop_assert!(e.to_string().contains(file), "{e}");
    }
    Ok(())
}

fn read_lesson(text: &str) -> Result<(), TestCaseError> {
    if let Err(errors) = Lesson::from_toml("fuzz.toml", text) {
        names_file_in("fuzz.toml", &errors)?;
    }
    Ok(())
}

fn read_puzzles(text: &str) -> Result<(), TestCaseError> {
    let (_, errors) = parse_set("fuzz.toml", text);
    if !errors.is_empty() {
        names_file_in("fuzz.toml", &errors)?;
    }
    Ok(())
}

fn read_openings(text: &str) -> Result<(), TestCaseError> {
    if let Err(errors) = Openings::from_toml("fuzz.toml", text) {
        names_file_in("fuzz.toml", &errors)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn content_readers_take_any_text(text in any::<String>()) {
        read_lesson(&text)?;
        read_puzzles(&text)?;
        read_openings(&text)?;
        let _ = Table::parse(&text);
    }

    #[test]
    fn mutated_lessons(
        rules in mutated_text(include_str!("../lessons/01-rules.toml")),
        mobility in mutated_text(include_str!("../lessons/06-mobility.toml")),
        master in mutated_text(include_str!("../lessons/12-master-game.toml")),
    ) {
        read_lesson(&rules)?;
        read_lesson(&mobility)?;
        read_lesson(&master)?;
    }

    #[test]
    fn mutated_puzzle_sets(text in mutated_text(puzzle_base())) {
        read_puzzles(&text)?;
    }

    #[test]
    fn mutated_opening_lists(text in mutated_text(&opening_base())) {
        read_openings(&text)?;
    }

    #[test]
    fn mutated_mpc_tables(text in mutated_text(include_str!("../src/engine/mpc.txt"))) {
        let _ = Table::parse(&text);
    }
}

/// Loads `progress.toml` holding `bytes` from a directory that also holds files
/// named as damaged copies would be: the load answers, and no byte is lost.
fn load_progress(bytes: &[u8], read_only: bool) -> Result<(), TestCaseError> {
    let dir = CaseDir::new("progress");
    let path = dir.0.join("progress.toml");
    std::fs::write(&path, bytes).expect("write");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    for s in now..now + 3 {
        std::fs::write(
            dir.0.join(format!("progress.toml.damaged-{s}")),
            format!("an older damaged file {s}"),
        )
        .expect("write");
    }
    std::fs::write(dir.0.join("progress.toml.v7"), "an older copy").expect("write");
    if read_only {
        othello_tutor::tutor::lock::mark_read_only(&dir.0, "a test holds it");
    }
    let before = dir.snapshot();
    let outcome = ProgressStore::new(&dir.0).load();
    let after = dir.snapshot();
    // Every file there before is there after, unchanged, but the progress file,
    // which may only have been moved aside.
    for (p, b) in &before {
        if *p == path {
            continue;
        }
        prop_assert!(
            after.contains(&(p.clone(), b.clone())),
            "{} changed",
            p.display()
        );
    }
    if read_only {
        prop_assert_eq!(&before, &after, "a read-only load wrote");
    }
    match outcome {
        Ok(o) => {
            if let Some(aside) = &o.recovered_from {
                prop_assert!(!path.exists());
                prop_assert_eq!(std::fs::read(aside).ok(), Some(bytes.to_vec()));
                prop_assert!(o.damage.is_some());
            } else {
                prop_assert_eq!(std::fs::read(&path).ok(), Some(bytes.to_vec()));
            }
            if let Some(copy) = &o.newer_copy {
                prop_assert_eq!(std::fs::read(copy).ok(), Some(bytes.to_vec()));
            }
        }
        Err(e) => {
            prop_assert!(e.to_string().contains("progress.toml"), "{e}");
            prop_assert_eq!(std::fs::read(&path).ok(), Some(bytes.to_vec()));
        }
    }
    Ok(())
}

/// A library holding one game, and a saved game holding `bytes`: listing and
/// reading it answer, and importing `bytes` as a GGF file and as a WTHOR database
/// overwrites no file.
fn saved_games(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = CaseDir::new("saved");
    let library = Library::in_data_dir(&dir.0.join("data"));
    let kept = GgfGame::new(parse_transcript("f5 d6 c3").expect("game"), "a", "b");
    library.save("in-0001", &kept).expect("save");
    let fuzzed = library.games_dir().join("fuzzed.ggf");
    std::fs::write(&fuzzed, bytes).expect("write");
    let text = String::from_utf8_lossy(bytes);
    let _ = Practice::load_named(&text, Seat::Human, Seat::Human);
    let _ = othello_tutor::tutor::files::read_game_input(fuzzed.to_str().expect("utf-8"));
    let entry = GameEntry::read(&fuzzed).expect("listed");
    prop_assert!(entry.record.is_some() != entry.problem.is_some());
    prop_assert_eq!(library.entries().len(), 2);
    for ext in ["ggf", "wtb"] {
        let file = dir.0.join(format!("in.{ext}"));
        std::fs::write(&file, bytes).expect("write");
        let before = dir.snapshot();
        match library.import_file(&file) {
            Ok(summary) => {
                let after = dir.snapshot();
                for kept in &before {
                    prop_assert!(after.contains(kept), "{} changed", kept.0.display());
                }
                prop_assert_eq!(after.len(), before.len() + 2 * summary.imported.len());
                prop_assert!(!summary.imported.iter().any(|n| n == "in-0001"));
            }
            Err(e) => {
                prop_assert!(
                    matches!(
                        e,
                        LibraryError::Wthor { .. }
                            | LibraryError::Ggf { .. }
                            | LibraryError::UnknownFormat { .. }
                    ),
                    "{e}"
                );
                prop_assert!(e.to_string().contains(&format!("in.{ext}")), "{e}");
                prop_assert_eq!(&dir.snapshot(), &before);
            }
        }
        let _ = read_games_file(&file);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn progress_files_of_any_bytes_are_never_lost(b in bytes(300), read_only in any::<bool>()) {
        load_progress(&b, read_only)?;
    }

    #[test]
    fn mutated_progress_files_are_never_lost(b in mutated(progress_base().as_bytes().to_vec()), read_only in any::<bool>()) {
        load_progress(&b, read_only)?;
    }

    #[test]
    fn saved_games_of_any_bytes(b in bytes(300)) {
        saved_games(&b)?;
    }

    #[test]
    fn mutated_saved_games(b in prop_oneof![mutated(many_ggf().into_bytes()), mutated(wtb())]) {
        saved_games(&b)?;
    }
}

/// The shipped weights, read once.
fn weights_file() -> &'static [u8] {
    pattern::WEIGHTS_FILE
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn weights_files(
        b in prop_oneof![
            bytes(64),
            mutated(weights_file().to_vec()),
            // Edits near the header, where the layout and the first runs are.
            proptest::collection::vec((0..64usize, any::<u8>()), 1..4).prop_map(|edits| {
                let mut b = weights_file().to_vec();
                for (at, v) in edits {
                    b[at] = v;
                }
                b
            }),
        ],
        fix in any::<bool>(),
    ) {
        let mut b = b;
        if fix {
            fix_checksum(&mut b);
        }
        let _ = pattern::decode(&b);
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn book_files(
        b in prop_oneof![bytes(64), mutated(othello_tutor::engine::book::BOOK_FILE.to_vec())],
        fix in any::<bool>(),
    ) {
        let mut b = b;
        if fix {
            fix_checksum(&mut b);
        }
        if let Ok(book) = Book::decode(&b) {
            // What reads is used: every position's moves look up without a panic.
            for board in book.positions().take(50) {
                let _ = book.lookup(&board);
            }
        }
    }
}

/// A weights file whose run of zeros is longer than any file could hold: refused,
/// not a panic (the run's length is added without overflow).
#[test]
fn a_weights_run_beyond_the_end_is_refused() {
    let file = weights_file();
    let mut b = file[..12].to_vec();
    b.push(2); // one weight (zigzag 2 = 1)
    b.push(0); // then a run of zeros...
    b.extend_from_slice(&[0xFF; 9]); // ...of 2^63 - 1
    b.push(0x7F);
    b.extend_from_slice(&[0; 8]);
    fix_checksum(&mut b);
    assert_eq!(
        pattern::decode(&b),
        Err(pattern::WeightsError::Data { at: 24 })
    );
}

/// One NBoard command line, from the protocol's commands with odd arguments, and
/// junk.
fn nboard_line() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        -3i64..70,
        Just(i64::from(u32::MAX)),
        Just(i64::MAX),
        Just(i64::MIN)
    ];
    let game = mutated_text(NBOARD_GGF).prop_map(|t| t.replace(['\n', '\r'], " "));
    let square = prop_oneof![
        proptest::string::string_regex("[a-hA-H][1-8]").expect("regex"),
        Just("PA".to_string()),
        Just("pass".to_string()),
        proptest::string::string_regex("[a-zA-Z0-9]{0,3}").expect("regex"),
    ];
    let junk = any::<String>().prop_map(|t| t.replace(['\n', '\r'], " "));
    prop_oneof![
        number.clone().prop_map(|n| format!("nboard {n}")),
        number.clone().prop_map(|n| format!("set depth {n}")),
        Just("set depth".to_string()),
        Just("set depth x".to_string()),
        game.prop_map(|g| format!("set game {g}")),
        Just(format!("set game {NBOARD_GGF}")),
        number.clone().prop_map(|n| format!("set contempt {n}")),
        (square.clone(), number.clone(), number.clone())
            .prop_map(|(s, e, t)| format!("move {s}/{e}/{t}")),
        square.prop_map(|s| format!("move {s}")),
        number.clone().prop_map(|n| format!("hint {n}")),
        Just("go".to_string()),
        number.prop_map(|n| format!("ping {n}")),
        Just("learn".to_string()),
        Just("analyze".to_string()),
        junk,
    ]
}

proptest! {
    #![proptest_config(config(16))]

    /// A session of fuzzed lines, then `ping`: the engine answers the ping (it
    /// never hangs), ends when its input does, and never panics.
    #[test]
    fn nboard_command_lines(lines in proptest::collection::vec(nboard_line(), 1..24)) {
        let mut engine = Child::spawn(&["nboard", "--threads", "1", "--table-mb", "4"]);
        engine.send("set depth 2");
        for line in &lines {
            engine.send(line);
        }
        let last = "ping 1000000007";
        engine.send(last);
        engine.lines_until(|l| l == "pong 1000000007");
        let finished = engine.finish();
        prop_assert!(finished.status.success(), "{}: {}", finished.status, finished.stderr);
        prop_assert!(!finished.stderr.contains("panicked"), "{}", finished.stderr);
    }
}
