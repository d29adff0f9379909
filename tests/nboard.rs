//! `othello-tutor nboard`: a scripted NBoard-protocol exchange over the binary's
//! stdin/stdout, each answer checked against the rules on the board the script sets.

use othello_tutor::engine::notation::parse_ggf;
use othello_tutor::engine::{Move, Position, Square};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The example game of the protocol's description: eight moves from the start.
const GGF: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_othello-tutor"))
            .args(["--threads", "1", "nboard"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads");
        self.input.flush().expect("flushed");
    }

    fn line(&mut self) -> String {
        let mut s = String::new();
        let n = self.output.read_line(&mut s).expect("the engine writes");
        assert!(n > 0, "the engine ended its output early");
        s.trim_end().to_string()
    }

    /// Lines up to and including the one `until` accepts.
    fn lines_until(&mut self, until: impl Fn(&str) -> bool) -> Vec<String> {
        let mut all = Vec::new();
        loop {
            let l = self.line();
            let done = until(&l);
            all.push(l);
            if done {
                return all;
            }
        }
    }
}

fn square(text: &str) -> Option<Square> {
    if text.eq_ignore_ascii_case("pa") {
        None
    } else {
        Some(Square::parse(&text.to_lowercase()).expect("a square"))
    }
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

#[test]
fn a_scripted_exchange_gets_well_formed_answers() {
    let position = parse_ggf(GGF)
        .expect("the example game reads")
        .game
        .current();
    let mut engine = Engine::start();
    engine.send("nboard 2");
    assert_eq!(engine.line(), "set myname othello-tutor");
    engine.send("set depth 6");
    assert_eq!(engine.line(), "set myname othello-tutor");
    engine.send(&format!("set game {GGF}"));
    engine.send("ping 1");
    assert_eq!(engine.line(), "pong 1");

    // hint 3: three search lines, best first, each a legal line from the position.
    engine.send("hint 3");
    let lines = engine.lines_until(|l| l == "status");
    assert_eq!(lines[0], "status othello-tutor is thinking");
    let searches: Vec<&String> = lines.iter().filter(|l| l.starts_with("search ")).collect();
    assert_eq!(searches.len(), 3, "{lines:?}");
    let mut last = f64::INFINITY;
    let mut firsts = Vec::new();
    for s in &searches {
        let f: Vec<&str> = s.split_whitespace().collect();
        assert!(f.len() >= 5, "{s}");
        check_pv(&position, f[1]);
        let eval: f64 = f[2].parse().expect("an eval");
        assert!(eval <= last, "best first: {lines:?}");
        last = eval;
        assert_eq!(f[3], "0");
        let depth: u32 = f[4].parse().expect("a depth");
        assert!(depth >= 1);
        firsts.push(f[1][..2].to_string());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different moves: {searches:?}");

    // go: "=== MOVE/EVAL/TIME" with a legal move; the board is not changed by it.
    engine.send("go");
    let lines = engine.lines_until(|l| l == "status");
    let answer = lines
        .iter()
        .find(|l| l.starts_with("=== "))
        .unwrap_or_else(|| panic!("a move: {lines:?}"));
    let parts: Vec<&str> = answer[4..].split('/').collect();
    assert_eq!(parts.len(), 3, "{answer}");
    let mv = square(parts[0]).expect("a placement");
    assert!(position.board.is_legal(mv), "{answer}");
    parts[1].parse::<f64>().expect("an eval");
    parts[2].parse::<f64>().expect("a time");

    // The GUI plays the move; a hint is now about the next position.
    engine.send(&format!("move {}/{}/0", parts[0], parts[1]));
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

    drop(engine.input);
    let status = engine.child.wait().expect("the engine ends");
    assert!(status.success());
}

#[test]
fn ping_stops_a_long_search_and_is_answered() {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    assert_eq!(engine.line(), "set myname othello-tutor");
    engine.send("set depth 40");
    assert_eq!(engine.line(), "set myname othello-tutor");
    engine.send("go");
    assert_eq!(engine.line(), "status othello-tutor is thinking");
    engine.send("ping 9");
    let lines = engine.lines_until(|l| l == "pong 9");
    assert!(
        !lines.iter().any(|l| l.starts_with("=== ")),
        "a stopped search sends no move: {lines:?}"
    );
    engine.send("quit");
    assert!(engine.child.wait().expect("the engine ends").success());
}
