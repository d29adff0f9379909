//! Notation: transcripts, OBF and GGF, read and written, and their error messages.

use othello_tutor::engine::notation::{
    self, GgfGame, NotationError, parse_ggf, parse_obf, parse_obf_file, parse_position,
    parse_transcript, to_ggf, to_obf, to_transcript,
};
use othello_tutor::engine::{Color, Move, Position, Square};
use rand::{RngExt, SeedableRng, rngs::StdRng};

/// Penloup-Juhem, 1992 World Championship, as read in ../shared/seeds/README.md.
const MASTER_GAME: &str = "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 h7 h2 h8 g8 g7 f8";

#[test]
fn the_master_game_replays_to_20_44() {
    let game = parse_transcript(MASTER_GAME).expect("the recorded game is legal");
    // 60 placements; Black has no move after h2 and again after h8, and those two
    // passes are implied by the transcript.
    let placements = game
        .moves()
        .iter()
        .filter(|m| matches!(m, Move::Place(_)))
        .count();
    assert_eq!(placements, 60);
    assert_eq!(game.len(), 62);
    assert_eq!(game.moves()[56], Move::Pass);
    assert_eq!(game.moves()[58], Move::Pass);
    let end = game.current();
    assert!(end.is_game_over());
    assert_eq!(end.final_counts(), (20, 44));
    // Without spaces and in upper case it is the same game.
    let packed = MASTER_GAME.replace(' ', "").to_uppercase();
    assert_eq!(parse_transcript(&packed).expect("legal").current(), end);
}

#[test]
fn square_names_are_case_insensitive_in_and_lowercase_out() {
    for sq in Square::all() {
        let name = sq.to_string();
        assert_eq!(name, name.to_lowercase());
        assert_eq!(Square::parse(&name.to_uppercase()), Ok(sq));
        assert_eq!(Square::parse(&name), Ok(sq));
    }
    assert_eq!(Square::parse("a1").map(|s| s.index()), Ok(0));
    assert_eq!(Square::parse("h1").map(|s| s.index()), Ok(7));
    assert_eq!(Square::parse("a2").map(|s| s.index()), Ok(8));
    assert_eq!(Square::parse("h8").map(|s| s.index()), Ok(63));
}

/// Plays seeded random games to the end and returns them.
fn random_games(n: usize, seed: u64) -> Vec<othello_tutor::engine::Game> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let mut game = othello_tutor::engine::Game::new(Position::start());
            loop {
                let moves = game.current().legal_move_list();
                if moves.is_empty() {
                    break game;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).expect("a listed move is legal");
            }
        })
        .collect()
}

#[test]
fn transcripts_round_trip_with_implied_passes() {
    let games = random_games(300, 7);
    let mut with_pass = 0;
    for game in &games {
        let text = to_transcript(game.moves());
        let back = parse_transcript(&text).expect("our own transcript");
        assert_eq!(back.moves(), game.moves(), "{text}");
        if game.moves().contains(&Move::Pass) {
            with_pass += 1;
            // Passes written out in any of the three spellings are accepted as well.
            for spelling in ["pass", "PA", "--"] {
                let written: Vec<String> = game
                    .moves()
                    .iter()
                    .map(|m| match m {
                        Move::Pass => spelling.to_string(),
                        Move::Place(sq) => sq.to_string().to_uppercase(),
                    })
                    .collect();
                let back = parse_transcript(&written.join(" ")).expect("passes written out");
                assert_eq!(back.moves(), game.moves());
            }
        }
    }
    assert!(with_pass > 0, "no random game had a pass");
}

#[test]
fn obf_round_trips_and_accepts_the_alternative_characters() {
    for game in random_games(50, 11) {
        for pos in game.positions() {
            let line = to_obf(&pos);
            let rec = parse_obf(&line).expect("our own OBF");
            assert_eq!(rec.position, pos, "{line}");
            assert!(rec.move_scores.is_empty());
            let alt: String = line
                .chars()
                .take(64)
                .map(|c| match c {
                    'X' => '*',
                    'O' => 'o',
                    _ => '.',
                })
                .collect();
            let side = if pos.to_move == Color::Black {
                "x"
            } else {
                "o"
            };
            let rec = parse_obf(&format!("{alt}   {side};  % a comment"))
                .expect("alternative characters");
            assert_eq!(rec.position, pos);
            assert_eq!(rec.comment.as_deref(), Some("a comment"));
        }
    }
}

#[test]
fn obf_move_score_fields() {
    let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";
    let rec = parse_obf(line).expect("FFO #1");
    assert_eq!(rec.position.to_move, Color::Black);
    assert_eq!(rec.position.board.empty_count(), 14);
    assert_eq!(rec.move_scores.len(), 8);
    assert_eq!(
        rec.move_scores[0],
        (Move::Place(Square::parse("g8").expect("sq")), 18)
    );
    assert_eq!(
        rec.move_scores[7],
        (Move::Place(Square::parse("g2").expect("sq")), -24)
    );
    let file = format!("% header comment\n\n{line}\n{line}\n");
    assert_eq!(parse_obf_file(&file).expect("two records").len(), 2);
}

#[test]
fn ggf_round_trips() {
    for (i, game) in random_games(100, 23).into_iter().enumerate() {
        let mut record = GgfGame::new(game.clone(), "Ann", "Bo]b");
        record.result = notation::ggf_result(&game.current());
        record.place = Some("othello-tutor".into());
        if i % 2 == 0 {
            record.comment = Some(format!("Opening: [test] {i}"));
        }
        let text = to_ggf(&record);
        let back = parse_ggf(&text).unwrap_or_else(|e| panic!("game {i}: {e}\n{text}"));
        assert_eq!(back, record, "{text}");
    }
}

#[test]
fn ggf_from_another_program() {
    let text = "(;GM[Othello]PC[NBoard]DT[2026-01-02]PB[me]PW[you]RE[?]TI[15:00]TY[8]\n\
                BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\n\
                B[f5//1.02]W[d6/-0.5/2.1]B[c3]W[d3]B[c4];)";
    let rec = parse_ggf(text).expect("valid GGF");
    assert_eq!(rec.black, "me");
    assert_eq!(rec.white, "you");
    assert_eq!(rec.game.len(), 5);
    assert_eq!(
        rec.game.current(),
        parse_transcript("f5d6c3d3c4").expect("legal").current()
    );
}

#[test]
fn parse_position_takes_obf_or_transcript() {
    let from_moves = parse_position("f5d6").expect("transcript");
    let from_obf = parse_position(&to_obf(&from_moves)).expect("obf");
    assert_eq!(from_moves, from_obf);
}

/// Each malformed input and the exact message it must produce.
#[test]
fn malformed_inputs_give_a_precise_error() {
    let full_board = "-".repeat(64);
    let cases: Vec<(&str, Result<(), NotationError>, &str)> = vec![
        ("transcript: bad square", parse_transcript("f5 d6 z9").map(|_| ()),
         "column 7: `z9` is not a square (a1-h8) or a pass (pass, PA, --)"),
        ("transcript: bad row", parse_transcript("f5d9").map(|_| ()),
         "column 3: `d9` is not a square (a1-h8) or a pass (pass, PA, --)"),
        ("transcript: occupied", parse_transcript("f5 f5").map(|_| ()),
         "move 2 (f5): f5 is already occupied"),
        ("transcript: flips nothing", parse_transcript("f5 a1").map(|_| ()),
         "move 2 (a1): a1 flips nothing: no opposing disc is flanked in any direction"),
        ("transcript: pass not forced", parse_transcript("f5 pass").map(|_| ()),
         "move 2 (pass): cannot pass: a move is available"),
        ("transcript: stray letter", parse_transcript("f5d6x").map(|_| ()),
         "column 5: `x` is not a square (a1-h8) or a pass (pass, PA, --)"),
        ("transcript: move after the end",
         parse_transcript(&format!("{} a1", "f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2 c6 b4 b5 f2 e2 a3 d1 c1 a4 a5 f3 g4 f1 e7 d7 d8 e6 f6 b6 e1 b1 c7 a6 a7 b2 f7 g3 g5 h4 h5 g2 h1 g1 a1 a2 b7 c8 b8 a8 h3 h6 g6 e8 h7 h2 h8 g8 g7 f8")).map(|_| ()),
         "move 63 (a1): the game is over"),
        ("obf: short board", parse_obf("XXO X").map(|_| ()), "OBF board has 3 squares, expected 64"),
        ("obf: long board", parse_obf(&format!("{full_board}-- X")).map(|_| ()), "OBF board has 66 squares, expected 64"),
        ("obf: bad square char", parse_obf(&format!("{}Z{} X", &full_board[..10], &full_board[11..])).map(|_| ()),
         "column 11: `Z` is not a disc or an empty square (X, O, -, *, x, o, .)"),
        ("obf: no side to move", parse_obf(&full_board).map(|_| ()),
         "column 65: expected the side to move (X or O), found `end of line`"),
        ("obf: bad side to move", parse_obf(&format!("{full_board} Q")).map(|_| ()),
         "column 66: expected the side to move (X or O), found `Q`"),
        ("obf: bad field", parse_obf(&format!("{full_board} X; G8+18;")).map(|_| ()),
         "field 1: `G8+18` is not a MOVE:SCORE pair like G8:+18"),
        ("obf: bad field square", parse_obf(&format!("{full_board} X; A1:+2; J8:+18;")).map(|_| ()),
         "field 2: `J8:+18` is not a MOVE:SCORE pair like G8:+18"),
        ("obf: empty", parse_obf("   % only a comment").map(|_| ()), "empty input"),
        ("ggf: no opening", parse_ggf("GM[Othello]").map(|_| ()), "GGF, column 1: a game starts with `(;`"),
        ("ggf: unclosed value", parse_ggf("(;GM[Othello").map(|_| ()), "GGF, column 6: property GM is not closed with `]`"),
        ("ggf: no board", parse_ggf("(;GM[Othello]B[f5];)").map(|_| ()), "GGF, column 1: no board (BO) property"),
        ("ggf: not othello", parse_ggf("(;GM[Go]BO[8 -];)").map(|_| ()), "GGF, column 3: game type GM[Go] is not Othello"),
        ("ggf: short board", parse_ggf("(;GM[Othello]BO[8 ---- *];)").map(|_| ()),
         "GGF, column 14: BO needs 64 squares and the side to move, found 5 characters"),
        ("ggf: wrong side", parse_ggf("(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]W[f5];)").map(|_| ()),
         "GGF, column 93: move 1: W[f5] but Black is to move"),
        ("ggf: illegal move", parse_ggf("(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[a1];)").map(|_| ()),
         "move 1 (a1): a1 flips nothing: no opposing disc is flanked in any direction"),
        ("ggf: not closed", parse_ggf("(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]").map(|_| ()),
         "GGF, column 97: the game is not closed with `;)`"),
        ("position: empty", parse_position("  ").map(|_| ()), "empty input"),
    ];
    assert!(cases.len() >= 15);
    for (what, result, expected) in cases {
        match result {
            Ok(()) => panic!("{what}: accepted"),
            Err(e) => assert_eq!(e.to_string(), expected, "{what}"),
        }
    }
}

#[test]
fn garbage_never_panics() {
    let mut rng = StdRng::seed_from_u64(99);
    let alphabet: Vec<char> = "abcdefghpPAsS12345678 -;:%*xXoO.()[]+\\BWO8é\n"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let len = rng.random_range(0..120);
        let s: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let _ = parse_transcript(&s);
        let _ = parse_obf(&s);
        let _ = parse_ggf(&s);
        let _ = parse_position(&s);
        let _ = parse_obf_file(&s);
    }
}

#[test]
fn parse_any_reads_ggf_obf_and_transcripts() {
    use othello_tutor::engine::notation::parse_any;
    let master = parse_transcript(MASTER_GAME).expect("legal");
    // A transcript, with spaces around it.
    assert_eq!(parse_any(&format!("  {MASTER_GAME}\n")), Ok(master.clone()));
    // A GGF game: the same game written out and read back.
    let ggf = to_ggf(&GgfGame::new(master.clone(), "Penloup", "Juhem"));
    assert_eq!(parse_any(&ggf), Ok(master.clone()));
    // An OBF line: a game that starts there, with no moves yet.
    let after_20 = parse_transcript(&MASTER_GAME[..20 * 3])
        .expect("legal")
        .current();
    let from_obf = parse_any(&to_obf(&after_20)).expect("an OBF line");
    assert_eq!(from_obf.len(), 0);
    assert_eq!(from_obf.current(), after_20);
    // An OBF line that starts with an empty square is a position, not a bad move.
    let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    assert_eq!(
        parse_any(ffo_1).expect("obf").current(),
        parse_obf(ffo_1).expect("obf").position
    );
    // Errors: a broken GGF says so; other text is read as a transcript.
    assert!(matches!(
        parse_any("(;GM[Othello]B[f5];)"),
        Err(NotationError::Ggf { .. })
    ));
    assert!(matches!(
        parse_any("f5 zz"),
        Err(NotationError::BadToken { column: 4, .. })
    ));
    assert!(matches!(
        parse_any("f5 f5"),
        Err(NotationError::IllegalMove { number: 2, .. })
    ));
}
