//! WTHOR databases: files written here byte by byte from the format's description
//! (a 16-byte header, then 68-byte records of `10 * row + column` move bytes) read
//! back to the same games; damaged files give errors naming the record and byte.
//! Multi-game GGF files too.

use othello_tutor::engine::ggf_games::parse_ggf_games;
use othello_tutor::engine::notation::{self, GgfGame, parse_transcript};
use othello_tutor::engine::wthor::{WthorError, parse_names, parse_wthor};
use othello_tutor::engine::{Game, Move, Position};
use othello_tutor::tutor::library::{Library, LibraryError};

/// Penloup - Juhem, 1992 World Championship (lessons/12-master-game.toml): White 44-20.
const MASTER: &str = "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 h7 h2 h8 g8 g7 f8";

/// A game played to its end by a fixed rule: move `(seed + 7k) mod n` of the
/// sorted legal moves at ply k.
fn rule_game(seed: usize) -> Game {
    let mut game = Game::new(Position::start());
    let mut k = 0;
    while !game.current().is_game_over() {
        let pos = game.current();
        let moves: Vec<_> = pos.legal_moves().into_iter().collect();
        let mv = if moves.is_empty() {
            Move::Pass
        } else {
            Move::Place(moves[(seed + 7 * k) % moves.len()])
        };
        game.play(mv).expect("a legal move");
        k += 1;
    }
    game
}

/// The games of the test file: the master game, a game with a pass, a game that
/// ends before the board is full, and a few more.
fn known_games() -> Vec<Game> {
    let mut games = vec![parse_transcript(MASTER).expect("the master game")];
    let with_pass = (0..500)
        .map(rule_game)
        .find(|g| g.moves().contains(&Move::Pass))
        .expect("a game with a pass");
    games.push(with_pass);
    let short = (0..2000)
        .map(rule_game)
        .find(|g| g.moves().iter().filter(|m| **m != Move::Pass).count() < 60)
        .expect("a game that ends before the board is full");
    games.push(short);
    games.extend((1..=17).map(rule_game));
    games
}

fn header(games: u32, records: u16, year: u16) -> Vec<u8> {
    let mut h = vec![20, 26, 12, 1];
    h.extend_from_slice(&games.to_le_bytes());
    h.extend_from_slice(&records.to_le_bytes());
    h.extend_from_slice(&year.to_le_bytes());
    h.extend_from_slice(&[8, 0, 22, 0]);
    assert_eq!(h.len(), 16);
    h
}

/// Black's discs at the end, empties to the winner, as WTHOR records them.
fn black_discs(game: &Game) -> u8 {
    game.current().final_counts().0 as u8
}

fn record(game: &Game, tournament: u16, black: u16, white: u16) -> Vec<u8> {
    let mut r = Vec::with_capacity(68);
    r.extend_from_slice(&tournament.to_le_bytes());
    r.extend_from_slice(&black.to_le_bytes());
    r.extend_from_slice(&white.to_le_bytes());
    r.push(black_discs(game));
    r.push(black_discs(game));
    for mv in game.moves() {
        if let Move::Place(sq) = mv {
            r.push((10 * (sq.row() + 1) + sq.col() + 1) as u8);
        }
    }
    r.resize(68, 0);
    r
}

fn wtb(games: &[Game]) -> Vec<u8> {
    let mut bytes = header(games.len() as u32, 0, 1992);
    for (i, g) in games.iter().enumerate() {
        bytes.extend(record(g, 1 + i as u16 % 2, 2 * i as u16, 2 * i as u16 + 1));
    }
    bytes
}

fn names_file(names: &[&str], width: usize) -> Vec<u8> {
    let mut bytes = header(0, names.len() as u16, 0);
    for n in names {
        let mut b = n.as_bytes().to_vec();
        b.resize(width, 0);
        bytes.extend(b);
    }
    bytes
}

#[test]
fn a_written_database_reads_back_to_the_same_games() {
    let games = known_games();
    let bytes = wtb(&games);
    assert_eq!(bytes.len(), 16 + 68 * games.len());
    let file = parse_wthor(&bytes).expect("the file reads");
    assert_eq!(file.header.games as usize, games.len());
    assert_eq!(file.header.year, 1992);
    assert_eq!(file.header.created, (20, 26, 12, 1));
    assert_eq!(file.header.depth, 22);
    assert_eq!(file.games.len(), games.len());
    for (i, (read, known)) in file.games.iter().zip(&games).enumerate() {
        assert_eq!(read.game.moves(), known.moves(), "game {}", i + 1);
        assert_eq!(read.tournament, 1 + i as u16 % 2);
        assert_eq!((read.black, read.white), (2 * i as u16, 2 * i as u16 + 1));
        assert_eq!(read.black_discs, black_discs(known));
    }
    // The master game: White won 44-20.
    assert_eq!(file.games[0].black_discs, 20);
    assert_eq!(file.games[0].game.current().score_counts(), (20, 44));
    // The game with a pass keeps it, written out, though the file has none.
    assert!(file.games[1].game.moves().contains(&Move::Pass));
}

#[test]
fn a_truncated_file_says_how_long_it_should_be() {
    let games: Vec<Game> = (0..20).map(rule_game).collect();
    let mut bytes = wtb(&games);
    bytes.truncate(1200);
    let err = parse_wthor(&bytes).expect_err("truncated");
    assert_eq!(
        err.to_string(),
        "file is 1200 bytes, header promises 20 games = 1376"
    );
    assert_eq!(
        parse_wthor(&bytes[..10])
            .expect_err("no header")
            .to_string(),
        "file is 10 bytes, shorter than the 16-byte header"
    );
}

#[test]
fn a_bad_square_names_the_record_the_move_and_the_byte() {
    let games: Vec<Game> = (0..20).map(rule_game).collect();
    let mut bytes = wtb(&games);
    let offset = 16 + 16 * 68 + 8 + 22; // record 17, move 23
    bytes[offset] = 99;
    let err = parse_wthor(&bytes).expect_err("bad square");
    assert_eq!(
        err,
        WthorError::BadSquare {
            record: 17,
            number: 23,
            offset,
            byte: 99
        }
    );
    assert_eq!(
        err.to_string(),
        format!("record 17: move 23 (byte {offset:#x}) is 99, not a square")
    );
}

#[test]
fn an_illegal_move_names_the_record_and_the_square() {
    let games = vec![parse_transcript(MASTER).expect("master"); 5];
    let mut bytes = wtb(&games);
    let offset = 16 + 3 * 68 + 8 + 1; // record 4, move 2: f5 again
    bytes[offset] = 56;
    let err = parse_wthor(&bytes).expect_err("illegal");
    assert!(matches!(
        err,
        WthorError::IllegalMove {
            record: 4,
            number: 2,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        format!("record 4: move 2 (byte {offset:#x}), f5 is not legal")
    );
    // A move after the end marker.
    let mut short = wtb(&games);
    short[16 + 68 + 8 + 58] = 0;
    short[16 + 68 + 8 + 59] = 11;
    let err = parse_wthor(&short).expect_err("after the end");
    assert!(err.to_string().starts_with("record 2: move 60"), "{err}");
    // A board size the reader does not know.
    let mut bytes = wtb(&games);
    bytes[12] = 10;
    assert!(matches!(
        parse_wthor(&bytes),
        Err(WthorError::BoardSize { size: 10 })
    ));
}

#[test]
fn player_and_tournament_names() {
    let players = names_file(&["Penloup Marc", "Juhem Paul"], 20);
    assert_eq!(
        parse_names(&players, 20).expect("players"),
        ["Penloup Marc", "Juhem Paul"]
    );
    let trn = names_file(&["Championnat du Monde"], 26);
    assert_eq!(
        parse_names(&trn, 26).expect("tournaments"),
        ["Championnat du Monde"]
    );
    let err = parse_names(&players[..50], 20).expect_err("short");
    assert_eq!(
        err.to_string(),
        "file is 50 bytes, header promises 2 players = 56"
    );
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("othello-wthor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn importing_a_database_with_its_name_files() {
    let dir = temp_dir("import");
    let games = [parse_transcript(MASTER).expect("master"), rule_game(3)];
    let mut bytes = header(2, 0, 1992);
    bytes.extend(record(&games[0], 0, 0, 1));
    bytes.extend(record(&games[1], 5, 7, 1));
    std::fs::write(dir.join("WTH_1992.wtb"), &bytes).expect("write");
    std::fs::write(
        dir.join("WTHOR.JOU"),
        names_file(&["Penloup Marc", "Juhem Paul"], 20),
    )
    .expect("write");
    std::fs::write(
        dir.join("WTHOR.TRN"),
        names_file(&["Championnat du Monde"], 26),
    )
    .expect("write");
    let library = Library::in_data_dir(&dir.join("data"));
    let summary = library
        .import_file(&dir.join("WTH_1992.wtb"))
        .expect("import");
    assert_eq!(summary.imported, ["WTH_1992-0001", "WTH_1992-0002"]);
    let master = library.entry("WTH_1992-0001").expect("listed");
    assert_eq!(
        (master.black.as_str(), master.white.as_str()),
        ("Penloup Marc", "Juhem Paul")
    );
    assert_eq!(master.result, "W+24");
    assert_eq!(master.date, "1992");
    assert_eq!(master.moves, 60);
    let record = master.record.as_ref().expect("reads");
    assert_eq!(record.place.as_deref(), Some("Championnat du Monde"));
    assert_eq!(record.game.moves(), games[0].moves());
    // Numbers stand in for names the files do not have.
    let other = library.entry("WTH_1992-0002").expect("listed");
    assert_eq!(other.black, "player 7");
    assert_eq!(other.record.unwrap().place.as_deref(), Some("tournament 5"));
    // A second import adds nothing.
    let again = library
        .import_file(&dir.join("WTH_1992.wtb"))
        .expect("again");
    assert!(again.imported.is_empty());
    assert_eq!(again.already_there, 2);
    // A damaged record is refused and named; the others are read (here the first,
    // already there).
    bytes[16 + 68 + 8] = 99;
    std::fs::write(dir.join("bad.wtb"), &bytes).expect("write");
    let partly = library.import_file(&dir.join("bad.wtb")).expect("partly");
    assert!(partly.imported.is_empty());
    assert_eq!(partly.already_there, 1);
    assert_eq!(partly.refused.len(), 1);
    assert_eq!(
        partly.refused[0].to_string(),
        "record 2: move 1 (byte 0x5c) is 99, not a square"
    );
    assert!(library.entry("bad-0002").is_err());
    // A file none of whose records reads imports nothing and says where it is damaged.
    let mut only_bad = header(1, 0, 1992);
    only_bad.extend_from_slice(&bytes[16 + 68..]);
    std::fs::write(dir.join("bad.wtb"), &only_bad).expect("write");
    let err = library.import_file(&dir.join("bad.wtb")).expect_err("bad");
    assert!(matches!(err, LibraryError::Wthor { .. }));
    assert!(
        err.to_string()
            .ends_with("bad.wtb: record 1: move 1 (byte 0x18) is 99, not a square"),
        "{err}"
    );
    assert!(library.entry("bad-0001").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ggf_files_of_many_games() {
    let games: Vec<GgfGame> = (0..5)
        .map(|i| {
            let mut g = GgfGame::new(rule_game(i), &format!("b{i}"), &format!("w{i}"));
            g.result = notation::ggf_result(&g.game.current());
            g
        })
        .collect();
    let text: String = games
        .iter()
        .map(|g| format!("{}\n", notation::to_ggf(g)))
        .collect();
    let read = parse_ggf_games(&text).expect("five games");
    assert_eq!(read, games);
    // One game reads as the single-game reader reads it.
    let one = notation::to_ggf(&games[0]);
    assert_eq!(
        parse_ggf_games(&one).expect("one"),
        vec![notation::parse_ggf(&one).expect("one")]
    );
    // A bad third game: its number and line.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[2] = lines[2].replacen("]B[", "]B[z9", 1);
    let err = parse_ggf_games(&lines.join("\n")).expect_err("bad game");
    assert_eq!((err.game, err.line), (3, 3));
    assert!(
        err.to_string().starts_with("game 3 (line 3): GGF, column"),
        "{err}"
    );
    assert!(parse_ggf_games("no games here").is_err());
    // Imported into the library, with the opening computed.
    let dir = temp_dir("ggf");
    std::fs::write(dir.join("server games.ggf"), &text).expect("write");
    let library = Library::in_data_dir(&dir.join("data"));
    let summary = library
        .import_file(&dir.join("server games.ggf"))
        .expect("import");
    assert_eq!(summary.imported.len(), 5);
    assert_eq!(library.entries().len(), 5);
    let e = library.entry("server games-0003").expect("listed");
    assert_eq!(e.black, "b2");
    assert_eq!(e.record.unwrap().game.moves(), games[2].game.moves());
    let _ = std::fs::remove_dir_all(&dir);
}
