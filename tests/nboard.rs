//! `othello-tutor nboard`: NBoard-protocol exchanges with the real binary over its
//! stdin/stdout, each answer checked against the rules on the board the script sets.
//! Every read times out (see `common::child`), so a hung engine fails the test; every
//! engine's stderr is kept and must hold no panic. No test measures time.

use crate::common;

use common::child::{Child, Finished};
use common::cli;
use othello_tutor::engine::notation::{parse_ggf, parse_transcript};
use othello_tutor::engine::{Color, Game, Move, Position, Square};

/// The example game of the protocol's description: eight moves from the start.
const GGF: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/// The start position's board, in GGF (`*` black, `O` white), Black to move.
const START_BOARD: &str = "---------------------------O*------*O--------------------------- *";

/// FFO endgame #1: 14 empties, Black to move; G8 wins by 18, the only best move.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

/// A move in the protocol's spelling.
fn protocol_move(mv: Move) -> String {
    match mv {
        Move::Place(sq) => sq.name().to_uppercase(),
        Move::Pass => "PA".to_string(),
    }
}

/// A GGF game from the board `board` (GGF spelling) with `moves` played.
fn ggf(board: &str, moves: &[Move]) -> String {
    let mut s = format!("(;GM[Othello]PC[referee]PB[black]PW[white]RE[?]TY[8]BO[8 {board}]");
    let mut black = board.ends_with('*');
    for &mv in moves {
        let key = if black { 'B' } else { 'W' };
        s.push_str(&format!("{key}[{}]", protocol_move(mv)));
        black = !black;
    }
    s.push_str(";)");
    s
}

/// An engine at one thread.
fn engine() -> Child {
    Child::spawn(&["nboard", "--threads", "1"])
}

/// `nboard 2` and `set depth DEPTH`, each answered with the engine's name.
fn greet(engine: &mut Child, depth: u32) {
    engine.send("nboard 2");
    assert_eq!(engine.line(), "set myname othello-tutor");
    engine.send(&format!("set depth {depth}"));
    assert_eq!(engine.line(), "set myname othello-tutor");
}

/// Ends the engine with its input and checks it ended well, wrote nothing more and
/// did not panic; returns its stderr.
fn finish(engine: Child) -> String {
    let Finished {
        status,
        rest,
        stderr,
    } = engine.finish();
    assert!(status.success(), "{status}: {stderr}");
    assert!(rest.is_empty(), "unexpected output: {rest:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// A move in the protocol's spelling read back: `None` for `PA`.
fn square(text: &str) -> Option<Square> {
    if text.eq_ignore_ascii_case("pa") {
        None
    } else {
        Some(Square::parse(&text.to_lowercase()).expect("a square"))
    }
}

/// The parts of a `=== MOVE/EVAL/TIME` line: the move, the eval.
fn answer(line: &str) -> (Option<Square>, f64) {
    let parts: Vec<&str> = line
        .strip_prefix("=== ")
        .unwrap_or_else(|| panic!("not a move: {line}"))
        .split('/')
        .collect();
    assert_eq!(parts.len(), 3, "{line}");
    let eval = parts[1].parse::<f64>().expect("an eval");
    parts[2].parse::<f64>().expect("a time");
    (square(parts[0]), eval)
}

/// The lines of one `go`, up to its closing `status`, and its `===` line.
fn go(engine: &mut Child) -> (Vec<String>, String) {
    engine.send("go");
    let lines = engine.lines_until(|l| l == "status" || l.starts_with("status error"));
    assert_eq!(lines[0], "status othello-tutor is thinking", "{lines:?}");
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("=== ")).collect();
    assert_eq!(moves.len(), 1, "one move: {lines:?}");
    let line = moves[0].clone();
    (lines, line)
}

/// Plays a PV written "F5-D6-C3" from `position`, checking every move is legal.
fn check_pv(position: &Position, pv: &str) {
    let mut p = *position;
    for m in pv.split('-') {
        let mv = match square(m) {
            Some(sq) => Move::Place(sq),
            None => Move::Pass,
        };
        p = p.play(mv).unwrap_or_else(|e| panic!("{m} in {pv}: {e}"));
    }
}

/// Checks `search` lines: legal lines from `position`, best first, different moves;
/// returns their first moves.
fn check_searches(position: &Position, searches: &[&String]) -> Vec<String> {
    let mut last = f64::INFINITY;
    let mut firsts = Vec::new();
    for s in searches {
        let f: Vec<&str> = s.split_whitespace().collect();
        assert!(f.len() >= 5, "{s}");
        check_pv(position, f[1]);
        let eval: f64 = f[2].parse().expect("an eval");
        assert!(eval <= last, "best first: {searches:?}");
        last = eval;
        assert_eq!(f[3], "0");
        let depth: u32 = f[4].parse().expect("a depth");
        assert!(depth >= 1);
        firsts.push(f[1][..2].to_string());
    }
    let mut distinct = firsts.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        firsts.len(),
        "different moves: {searches:?}"
    );
    firsts
}

#[test]
fn a_scripted_exchange_gets_well_formed_answers() {
    let position = parse_ggf(GGF)
        .expect("the example game reads")
        .game
        .current();
    let mut engine = engine();
    greet(&mut engine, 6);
    engine.send(&format!("set game {GGF}"));
    engine.send("ping 1");
    assert_eq!(engine.line(), "pong 1");

    // hint 3: three search lines, best first, each a legal line from the position.
    engine.send("hint 3");
    let lines = engine.lines_until(|l| l == "status");
    assert_eq!(lines[0], "status othello-tutor is thinking");
    let searches: Vec<&String> = lines.iter().filter(|l| l.starts_with("search ")).collect();
    assert_eq!(searches.len(), 3, "{lines:?}");
    check_searches(&position, &searches);

    // go: "=== MOVE/EVAL/TIME" with a legal move; the board is not changed by it.
    let (_, line) = go(&mut engine);
    let (mv, eval) = answer(&line);
    let mv = mv.expect("a placement");
    assert!(position.board.is_legal(mv), "{line}");

    // The GUI plays the move; a hint is now about the next position.
    engine.send(&format!("move {}/{eval:.2}/0", mv.name().to_uppercase()));
    engine.send("hint 1");
    let lines = engine.lines_until(|l| l == "status");
    let after = position.play(Move::Place(mv)).expect("legal");
    let s = lines
        .iter()
        .find(|l| l.starts_with("search "))
        .expect("a hint");
    check_pv(&after, s.split_whitespace().nth(1).expect("a pv"));

    // Malformed commands: an error line each, and the engine goes on.
    engine.send("move Z9");
    assert!(engine.line().starts_with("status error: move"));
    engine.send("set depth deep");
    assert!(engine.line().starts_with("status error: set depth"));
    engine.send("set game (;GM[Othello]BO[8 --");
    assert!(engine.line().starts_with("status error: set game"));
    engine.send("hint -2");
    assert!(engine.line().starts_with("status error: hint"));
    engine.send("learn");
    assert_eq!(engine.line(), "learned");
    engine.send("something new");
    engine.send("ping 2");
    assert_eq!(engine.line(), "pong 2", "an unknown command is ignored");
    finish(engine);
}

/// The lines NBoard sends together when it asks for a move and hints at once: the
/// `go` is answered, then the hint, in that order (a hint does not cancel a `go`).
#[test]
fn a_go_sent_together_with_a_hint_is_answered_first() {
    let position = parse_ggf(GGF).expect("the example game").game.current();
    let mut engine = engine();
    for line in [
        "nboard 2",
        "set depth 6",
        &format!("set game {GGF}"),
        "ping 1",
        "go",
        "hint 3",
    ] {
        engine.send(line);
    }
    let mut lines = engine.lines_until(|l| l == "pong 1");
    assert_eq!(
        lines,
        [
            "set myname othello-tutor",
            "set myname othello-tutor",
            "pong 1"
        ]
    );
    // The go's lines, then the hint's.
    lines = engine.lines_until(|l| l == "status");
    assert_eq!(lines[0], "status othello-tutor is thinking", "{lines:?}");
    let (mv, _) = answer(&lines[lines.len() - 2]);
    assert!(
        position.board.is_legal(mv.expect("a placement")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("search ")), "{lines:?}");
    let lines = engine.lines_until(|l| l == "status");
    assert_eq!(lines[0], "status othello-tutor is thinking", "{lines:?}");
    let searches: Vec<&String> = lines.iter().filter(|l| l.starts_with("search ")).collect();
    assert_eq!(searches.len(), 3, "{lines:?}");
    assert_eq!(searches.len(), lines.len() - 2, "{lines:?}");
    check_searches(&position, &searches);
    engine.send("ping 2");
    assert_eq!(engine.line(), "pong 2");
    finish(engine);
}

/// Every depth the parser accepts (1 to 60) answers `go` on an endgame position:
/// deep settings used to panic before the search began.
#[test]
fn every_depth_answers_go_in_an_endgame() {
    let board: String = FFO_1.replace('X', "*");
    let game = format!("set game {}", ggf(&board, &[]));
    let position = parse_ggf(&ggf(&board, &[])).expect("reads").game.current();
    assert_eq!(position.board.empty_count(), 14);
    let g8 = Square::parse("g8").expect("a square");
    let mut engine = engine();
    greet(&mut engine, 1);
    engine.send(&game);
    for depth in 1..=60 {
        engine.send(&format!("set depth {depth}"));
        assert_eq!(engine.line(), "set myname othello-tutor");
        let (_, line) = go(&mut engine);
        let (mv, eval) = answer(&line);
        let mv = mv.expect("a placement");
        assert!(position.board.is_legal(mv), "depth {depth}: {line}");
        if depth >= 6 {
            // Solved exactly (at most depth + 8 empties, at most 24).
            assert_eq!((mv, eval), (g8, 18.0), "depth {depth}: {line}");
        }
    }
    // A hint at the deepest settings too.
    for depth in [25, 40, 60] {
        engine.send(&format!("set depth {depth}"));
        assert_eq!(engine.line(), "set myname othello-tutor");
        engine.send("hint 2");
        let lines = engine.lines_until(|l| l == "status");
        let searches: Vec<&String> = lines.iter().filter(|l| l.starts_with("search ")).collect();
        assert_eq!(searches.len(), 2, "depth {depth}: {lines:?}");
        assert_eq!(check_searches(&position, &searches)[0], "G8", "{lines:?}");
        assert!(searches[0].contains(" 18.00 0 "), "{lines:?}");
        assert!(searches[0].ends_with(" exact"), "{lines:?}");
    }
    finish(engine);
}

/// `set depth 40` and `go` at the start: the search runs (it would take far too long
/// to finish) until `ping 7` stops it; the ping is answered and no move follows.
#[test]
fn ping_stops_a_deep_search_and_is_answered() {
    let mut engine = engine();
    greet(&mut engine, 40);
    engine.send("go");
    assert_eq!(engine.line(), "status othello-tutor is thinking");
    engine.send("ping 7");
    let lines = engine.lines_until(|l| l == "pong 7");
    assert_eq!(
        lines,
        ["status", "pong 7"],
        "a stopped search sends no move"
    );
    // Nothing of the stopped go comes after the pong.
    engine.send("ping 8");
    assert_eq!(engine.line(), "pong 8");
    let stderr = finish(engine);
    assert!(
        stderr.contains("go stopped by a ping; its answer is dropped"),
        "{stderr}"
    );
}

/// Lines that arrive while the engine thinks wait their turn: a `hint` ahead of a
/// `ping` is skipped (its answer would be stale), a `set depth` ahead of it is
/// applied, and a `go` after it is answered.
#[test]
fn lines_sent_while_thinking_wait_their_turn() {
    let mut engine = engine();
    greet(&mut engine, 40);
    engine.send("go");
    assert_eq!(engine.line(), "status othello-tutor is thinking");
    for line in ["hint 1", "set depth 2", "ping 4", "go"] {
        engine.send(line);
    }
    let lines = engine.lines_until(|l| l == "pong 4");
    assert_eq!(lines, ["status", "set myname othello-tutor", "pong 4"]);
    // The go after the ping, at depth 2 (at depth 40 it would never end).
    let lines = engine.lines_until(|l| l == "status");
    assert_eq!(lines[0], "status othello-tutor is thinking", "{lines:?}");
    let (mv, _) = answer(&lines[lines.len() - 2]);
    let start = Position::start();
    assert!(start.board.is_legal(mv.expect("a placement")), "{lines:?}");
    let stderr = finish(engine);
    assert!(
        stderr.contains("hint 1 skipped: a ping came after it"),
        "{stderr}"
    );
}

/// A side without a legal move answers `go` with a pass.
#[test]
fn a_side_without_a_move_answers_a_pass() {
    // White's corner a1 cannot be taken; Black (to move) has no move, White has c1.
    let board = format!("O*{} *", "-".repeat(62));
    let position = parse_ggf(&ggf(&board, &[])).expect("reads").game.current();
    assert!(position.must_pass() && !position.is_game_over());
    let mut engine = engine();
    greet(&mut engine, 4);
    engine.send(&format!("set game {}", ggf(&board, &[])));
    let (_, line) = go(&mut engine);
    assert_eq!(answer(&line).0, None, "{line}");
    engine.send("move PA");
    let (_, line) = go(&mut engine);
    assert_eq!(answer(&line).0, Square::parse("c1").ok(), "{line}");
    finish(engine);
}

/// An opening after which the side to move (Black) must pass, with 48 empties left.
const PASS_OPENING: &str = "c4 c3 c2 f4 g4 g3 e6 h4 h2 g2 f2 g1";

/// A referee plays two engines against each other over the protocol, at depth 2,
/// from the position after `opening` to the end of the game, and returns the game
/// and the number of passes the engines answered. Black's engine learns each position
/// from `set game` (the whole game so far), White's from `move` lines; each `go`
/// follows a ping, so the engine has read every update. A side without a legal move
/// must answer `go` with a pass, and only such a side. At the end both engines refuse
/// `go`, and neither has panicked.
fn referee(opening: &str) -> (Game, usize) {
    let mut game = parse_transcript(opening).expect("the opening replays");
    let mut engines = [engine(), engine()];
    for e in &mut engines {
        greet(e, 2);
        e.send(&format!("set game {}", ggf(START_BOARD, game.moves())));
    }
    let mut pings = 0;
    let mut passes = 0;
    while !game.current().is_game_over() {
        assert!(
            game.len() < 130,
            "the game does not end: {:?}",
            game.moves()
        );
        let position = game.current();
        let side = match position.to_move {
            Color::Black => 0,
            Color::White => 1,
        };
        let engine = &mut engines[side];
        pings += 1;
        engine.send(&format!("ping {pings}"));
        assert_eq!(engine.line(), format!("pong {pings}"), "no error before");
        let (_, line) = go(engine);
        let mv = match answer(&line).0 {
            Some(sq) => {
                assert!(
                    position.board.is_legal(sq),
                    "{line} after {:?}",
                    game.moves()
                );
                Move::Place(sq)
            }
            None => {
                assert!(position.must_pass(), "{line} after {:?}", game.moves());
                passes += 1;
                Move::Pass
            }
        };
        game.play(mv).expect("a legal move");
        engines[0].send(&format!("set game {}", ggf(START_BOARD, game.moves())));
        engines[1].send(&format!("move {}", protocol_move(mv)));
    }
    for e in &mut engines {
        pings += 1;
        e.send(&format!("ping {pings}"));
        assert_eq!(e.line(), format!("pong {pings}"), "no error after");
        // At the end, go is refused, and the engine goes on.
        e.send("go");
        assert_eq!(e.line(), "status error: go: the game is over");
    }
    for e in engines {
        finish(e);
    }
    (game, passes)
}

/// Checks that `game` is over, with the library (the record replays to the same end)
/// and with `othello-tutor show` (it shows the same disc counts and "game over").
fn check_finished(game: &Game) {
    // The record: every move, passes written PA.
    let transcript = game
        .moves()
        .iter()
        .map(|&mv| protocol_move(mv))
        .collect::<Vec<_>>()
        .join(" ");
    let end = game.current();
    assert!(end.is_game_over(), "{transcript}");
    let replayed = parse_transcript(&transcript).expect("the record replays");
    assert_eq!(replayed.current(), end);
    assert_eq!(replayed.moves(), game.moves(), "passes kept");
    // The discs on the board, and the final score: the empty squares go to the winner.
    let (black, white) = end.disc_counts();
    let empties = 64 - black - white;
    let (final_black, final_white) = match black.cmp(&white) {
        std::cmp::Ordering::Greater => (black + empties, white),
        std::cmp::Ordering::Less => (black, white + empties),
        std::cmp::Ordering::Equal => (black, white),
    };
    assert_eq!(end.score_counts(), (final_black, final_white));

    let shown = cli::run(&["show", &transcript]);
    assert!(shown.status.success(), "{}", cli::stderr(&shown));
    let text = cli::stdout(&shown);
    assert!(text.contains("game over"), "{text}");
    assert!(
        text.contains(&format!("Black {final_black} - {final_white} White")),
        "{final_black}-{final_white}: {text}"
    );
    // The board printed holds the discs counted.
    let board: String = text.lines().skip(1).take(8).collect();
    let count = |c: char| board.chars().filter(|&x| x == c).count() as u32;
    assert_eq!((count('X'), count('O')), (black, white), "{text}");
    assert_eq!(count('.'), empties, "{text}");
}

/// Two engines play a whole game from the start position.
#[test]
fn two_engines_play_a_game_to_the_end() {
    let (game, _) = referee("");
    assert!(game.len() >= 30, "{:?}", game.moves());
    check_finished(&game);
}

/// Two engines play on from an opening after which Black must pass: the pass is
/// answered `PA`, recorded, sent to both engines (`B[PA]` and `move PA`), and the game
/// goes on to its end.
#[test]
fn two_engines_play_on_through_a_forced_pass() {
    let opening = parse_transcript(PASS_OPENING).expect("the opening replays");
    let position = opening.current();
    assert!(position.must_pass() && !position.is_game_over());
    assert_eq!(position.board.empty_count(), 48);
    let (game, passes) = referee(PASS_OPENING);
    assert!(passes >= 1, "{:?}", game.moves());
    assert_eq!(game.moves()[opening.len()], Move::Pass);
    check_finished(&game);
}
