//! The game library on a temporary data directory: saved games listed with their
//! metadata, renamed (clashes and bad names refused), deleted to the trash and
//! restored, exported as a transcript, GGF and OBF.

use crate::common;

use common::cli::{run, stderr, stdout};
use othello_tutor::engine::notation::{self, GgfGame, parse_transcript};
use othello_tutor::engine::{Color, Position};
use othello_tutor::tutor::library::{ExportFormat, Library, LibraryError, check_name};
use othello_tutor::tutor::practice::{Practice, Seat};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("othello-library-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The Tiger's line, then a few moves: saved as practice saves it.
fn practice_ggf() -> String {
    let p = Practice::load("f5 d6 c3 d3 c4 f4", Seat::Human, Seat::Human).expect("game");
    p.ggf()
}

#[test]
fn saved_games_are_listed_with_their_metadata() {
    let dir = temp_dir("list");
    let library = Library::in_data_dir(&dir);
    assert!(library.entries().is_empty());
    // A practice game, written the way the practice screen writes it.
    let ggf = practice_ggf();
    othello_tutor::tutor::saved_games::save_game(
        &library.games_dir().join("tiger"),
        "f5d6c3d3c4f4",
        &ggf,
    )
    .expect("save");
    // A finished game with a date, saved by the library itself.
    let master = parse_transcript(
        "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 h7 h2 h8 g8 g7 f8",
    )
    .expect("master");
    let mut record = GgfGame::new(master, "Penloup", "Juhem");
    record.date = Some("1992.08.10_12:00:00.CET".into());
    record.result = Some("-24".into());
    library.save("master", &record).expect("save");
    // A damaged file is listed with its problem.
    std::fs::write(library.games_dir().join("broken.ggf"), "(;GM[Othello]BO[8").expect("w");
    let entries = library.entries();
    let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names.len(), 3, "{names:?}");
    let tiger = library.entry("tiger").expect("tiger");
    assert_eq!(tiger.players(), "You - You");
    assert_eq!(tiger.result, "-");
    assert_eq!(tiger.moves, 6);
    assert!(tiger.opening.is_some(), "the opening is named: {tiger:?}");
    assert!(ggf.contains("C[Opening: "), "{ggf}");
    let master = library.entry("master").expect("master");
    assert_eq!(master.date, "1992-08-10");
    assert_eq!(master.result, "W+24");
    assert_eq!(master.moves, 60);
    assert_eq!(master.players(), "Penloup - Juhem");
    // Its opening is computed from the moves (the record has no comment).
    assert_eq!(
        master.opening,
        othello_tutor::tutor::library::computed_opening(&master.record.as_ref().unwrap().game)
    );
    let broken = library.entry("broken").expect("broken");
    assert!(broken.record.is_none());
    assert!(
        broken.problem.as_deref().unwrap_or("").contains("GGF"),
        "{broken:?}"
    );
    assert!(broken.game().is_err());
    // The transcript is saved beside the GGF.
    let txt = std::fs::read_to_string(library.games_dir().join("master.txt")).expect("txt");
    assert!(txt.starts_with("f5d6c3d3c4f4c5b3"));
    // A name already taken is refused.
    assert!(matches!(
        library.save("master", &record),
        Err(LibraryError::Exists { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rename_refuses_clashes_and_bad_names() {
    let dir = temp_dir("rename");
    let library = Library::in_data_dir(&dir);
    let game = GgfGame::new(parse_transcript("f5d6").unwrap(), "a", "b");
    library.save("one", &game).expect("save");
    library.save("two", &game).expect("save");
    library.rename("one", "first game").expect("rename");
    assert!(library.entry("one").is_err());
    assert!(library.games_dir().join("first game.ggf").is_file());
    assert!(library.games_dir().join("first game.txt").is_file());
    assert!(!library.games_dir().join("one.txt").exists());
    let clash = library.rename("first game", "two").expect_err("clash");
    assert!(matches!(clash, LibraryError::Exists { .. }), "{clash}");
    assert!(
        clash
            .to_string()
            .starts_with("a game called `two` already exists")
    );
    // Both games are untouched.
    assert_eq!(library.entries().len(), 2);
    for bad in ["", "  ", "../up", "a/b", "a\\b", ".hidden", "what?", "x\ny"] {
        let err = library.rename("two", bad).expect_err(bad);
        assert!(
            matches!(err, LibraryError::BadName { .. }),
            "{bad:?}: {err}"
        );
        assert!(check_name(bad).is_err());
    }
    assert!(matches!(
        library.rename("missing", "other"),
        Err(LibraryError::NotFound { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn delete_goes_to_the_trash_and_restore_brings_it_back() {
    let dir = temp_dir("trash");
    let library = Library::in_data_dir(&dir);
    let game = GgfGame::new(parse_transcript("f5d6c3").unwrap(), "a", "b");
    library.save("game", &game).expect("save");
    let in_trash = library.delete("game").expect("delete");
    assert_eq!(in_trash, "game");
    assert!(library.entries().is_empty());
    assert!(dir.join("trash/game.ggf").is_file());
    assert!(dir.join("trash/game.txt").is_file());
    assert_eq!(library.trash().len(), 1);
    // A second game of the same name deleted: both are kept in the trash.
    library.save("game", &game).expect("save");
    assert_eq!(library.delete("game").expect("delete"), "game-2");
    assert_eq!(library.trash().len(), 2);
    // Restored: back in the library, out of the trash.
    assert_eq!(library.restore("game").expect("restore"), "game");
    assert_eq!(library.entries().len(), 1);
    assert_eq!(library.trash().len(), 1);
    let back = library.entry("game").expect("back");
    assert_eq!(back.record.unwrap().game.len(), 3);
    // Restoring under a name taken since: the next free one.
    library.rename("game", "game-2").expect("rename");
    library.save("game", &game).expect("save");
    assert_eq!(library.restore("game-2").expect("restore"), "game-2-2");
    assert!(library.trash().is_empty());
    assert!(matches!(
        library.restore("nothing"),
        Err(LibraryError::NotFound { .. })
    ));
    // Emptying the trash deletes its games (both files) and nothing else.
    assert_eq!(library.empty_trash().expect("empty"), 0);
    library.delete("game").expect("delete");
    library.delete("game-2").expect("delete");
    std::fs::remove_file(dir.join("trash/game-2.txt")).expect("a game without transcript");
    let kept = library.entries().len();
    assert_eq!(library.empty_trash().expect("empty"), 2);
    assert!(library.trash().is_empty());
    let left: Vec<_> = std::fs::read_dir(dir.join("trash"))
        .expect("trash")
        .collect();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(library.entries().len(), kept);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_as_transcript_ggf_and_obf() {
    let dir = temp_dir("export");
    let library = Library::in_data_dir(&dir);
    let game = parse_transcript("f5 d6 c3 d3 c4").unwrap();
    let last = game.current();
    let record = GgfGame::new(game, "Black", "White");
    library.save("line", &record).expect("save");
    let entry = library.entry("line").expect("entry");
    let out = library.exports_dir();
    for format in ExportFormat::ALL {
        let dest = out.join(format!("line.{}", format.extension()));
        library.export(&entry, format, &dest).expect("export");
        let text = std::fs::read_to_string(&dest).expect("read");
        match format {
            ExportFormat::Transcript => assert_eq!(text, "f5d6c3d3c4\n"),
            ExportFormat::Ggf => {
                let read = notation::parse_ggf(text.trim()).expect("GGF");
                assert_eq!(read.game.moves(), record.game.moves());
                assert_eq!(read.black, "Black");
            }
            ExportFormat::Obf => {
                assert_eq!(text.trim(), notation::to_obf(&last));
                assert_eq!(notation::parse_obf(text.trim()).unwrap().position, last);
                assert_eq!(last.to_move, Color::White);
            }
        }
    }
    // A game from a set-up position has no transcript.
    let setup = Position::from_colors(0x0000_0018_1000_0000, 0x0000_0000_0800_0000, Color::Black)
        .expect("a position");
    let odd = GgfGame::new(othello_tutor::engine::Game::new(setup), "a", "b");
    library.save("setup", &odd).expect("save");
    let entry = library.entry("setup").expect("entry");
    let err = library
        .export(&entry, ExportFormat::Transcript, &out.join("setup.txt"))
        .expect_err("no transcript");
    assert!(matches!(err, LibraryError::NotFromStart { .. }), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_imports_and_lists() {
    let dir = temp_dir("cli");
    let start = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
    let file = dir.join("two.ggf");
    std::fs::write(
        &file,
        format!("(;GM[Othello]PB[x]PW[y]{start}B[f5]W[d6];)\n(;GM[Othello]{start}B[d3];)\n"),
    )
    .expect("write");
    let data = dir.join("data");
    let data = data.to_str().expect("utf-8");
    let out = run(&["import", "--data-dir", data, file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("imported 2 games into "), "{text}");
    assert!(
        text.trim_end().ends_with("games"),
        "nothing else to say: {text}"
    );
    let out = run(&["library", "--data-dir", data]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let first: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("two-0001\t"))
        .expect("listed")
        .split('\t')
        .collect();
    assert_eq!(first[2], "x - y");
    assert_eq!(first[3], "-");
    assert_eq!(first[4], "2");
    assert!(lines[2].starts_with("2 games in "), "{text}");
    // A damaged file: one line naming the file and the record, exit status 2.
    let bad = dir.join("bad.wtb");
    std::fs::write(&bad, [0u8; 20]).expect("write");
    let out = run(&["import", "--data-dir", data, bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.wtb: file is 20 bytes, header promises 0 games = 16"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A WTHOR database of `games` (every move a placement byte `10 * row + column`),
/// then one record whose first move byte is 99, no square, when `damaged`.
fn wthor_file(games: &[&othello_tutor::engine::Game], damaged: bool) -> Vec<u8> {
    let count = games.len() + usize::from(damaged);
    let mut bytes = vec![20, 26, 1, 1];
    bytes.extend_from_slice(&(count as u32).to_le_bytes());
    bytes.extend_from_slice(&[0, 0, 0xC8, 0x07, 8, 0, 0, 0]);
    for game in games {
        let mut record = vec![0u8; 8];
        for mv in game.moves() {
            if let othello_tutor::engine::Move::Place(sq) = mv {
                record.push((10 * (sq.row() + 1) + sq.col() + 1) as u8);
            }
        }
        record.resize(68, 0);
        bytes.extend(record);
    }
    if damaged {
        let mut record = vec![0u8; 68];
        record[8] = 99;
        bytes.extend(record);
    }
    bytes
}

/// The sequence: a GGF file of two games, then a WTHOR database of the
/// same name holding a different game (its name clashes with the first import's),
/// the two games already there and a damaged record. Nothing is lost: three games,
/// each game counted once in the summary.
#[test]
fn imports_find_duplicates_by_their_moves_and_rename_clashes() {
    let dir = temp_dir("import-moves");
    let library = Library::in_data_dir(&dir.join("data"));
    let tiger = parse_transcript("f5 d6 c3 d3 c4").expect("tiger");
    let rose = parse_transcript("f5 d6 c5 f4 e3").expect("rose");
    let other = parse_transcript("f5 f6 e6 f4").expect("other");
    let ggf: String = [&tiger, &rose]
        .iter()
        .map(|g| {
            format!(
                "{}\n",
                notation::to_ggf(&GgfGame::new((*g).clone(), "a", "b"))
            )
        })
        .collect();
    std::fs::write(dir.join("sample.ggf"), ggf).expect("write");
    let first = library
        .import_file(&dir.join("sample.ggf"))
        .expect("two games");
    assert_eq!(first.imported, ["sample-0001", "sample-0002"]);
    assert_eq!(first.rest(), "");
    // The database: the different game first (its name, sample-0001, is taken),
    // then the two games again under other players' names, then a damaged record.
    std::fs::write(
        dir.join("sample.wtb"),
        wthor_file(&[&other, &rose, &tiger], true),
    )
    .expect("write");
    let second = library
        .import_file(&dir.join("sample.wtb"))
        .expect("one new game");
    assert_eq!(second.imported, ["sample-0001-2"]);
    assert_eq!(second.already_there, 2);
    assert_eq!(second.refused.len(), 1);
    assert_eq!(
        second.rest(),
        ", 2 already there, 1 refused (record 4: move 1 (byte 0xe4) is 99, not a square)"
    );
    let entries = library.entries();
    assert_eq!(entries.len(), 3, "{entries:?}");
    let moves = |name: &str| {
        library
            .entry(name)
            .expect(name)
            .record
            .expect("reads")
            .game
            .moves()
            .to_vec()
    };
    assert_eq!(moves("sample-0001"), tiger.moves());
    assert_eq!(moves("sample-0002"), rose.moves());
    assert_eq!(moves("sample-0001-2"), other.moves());
    // Both again: nothing added, every game counted once.
    let again = library.import_file(&dir.join("sample.wtb")).expect("again");
    assert!(again.imported.is_empty());
    assert_eq!(again.already_there, 3);
    assert_eq!(again.refused.len(), 1);
    let again = library.import_file(&dir.join("sample.ggf")).expect("again");
    assert_eq!((again.imported.len(), again.already_there), (0, 2));
    // The same game twice in one file is added once.
    let twice = format!(
        "{0}\n{0}\n",
        notation::to_ggf(&GgfGame::new(
            parse_transcript("d3 c5").expect("game"),
            "x",
            "y"
        ))
    );
    std::fs::write(dir.join("twice.ggf"), twice).expect("write");
    let summary = library.import_file(&dir.join("twice.ggf")).expect("twice");
    assert_eq!(summary.imported, ["twice-0001"]);
    assert_eq!(summary.already_there, 1);
    assert_eq!(library.entries().len(), 4);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The command line says the same, in the grammar of each count, and lists the
/// refused record on stderr.
#[test]
fn the_command_line_counts_each_game_once() {
    let dir = temp_dir("import-cli-counts");
    let data = dir.join("data");
    let data = data.to_str().expect("utf-8");
    let tiger = parse_transcript("f5 d6 c3 d3 c4").expect("tiger");
    let other = parse_transcript("f5 f6 e6 f4").expect("other");
    std::fs::write(
        dir.join("one.ggf"),
        notation::to_ggf(&GgfGame::new(tiger.clone(), "a", "b")),
    )
    .expect("write");
    std::fs::write(dir.join("db.wtb"), wthor_file(&[&tiger, &other], true)).expect("write");
    let out = run(&[
        "import",
        "--data-dir",
        data,
        dir.join("one.ggf").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("imported 1 game into "),
        "{}",
        stdout(&out)
    );
    let out = run(&[
        "import",
        "--data-dir",
        data,
        dir.join("db.wtb").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("imported 1 game into "), "{text}");
    assert!(
        text.trim_end().ends_with(
            ", 1 already there, 1 refused (record 3: move 1 (byte 0xa0) is 99, not a square)"
        ),
        "{text}"
    );
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("db.wtb: refused record 3: move 1 (byte 0xa0)"),
        "{err}"
    );
    let out = run(&["library", "--data-dir", data]);
    assert!(stdout(&out).contains("2 games in "), "{}", stdout(&out));
    let _ = std::fs::remove_dir_all(&dir);
}
