//! Property tests on constructed positions, not only positions reached in games
//! (issue 12): random disc patterns around the centre, nearly full boards, boards
//! where one side has no disc on an edge, and boards where the side to move has 30 or
//! more legal moves, each with either colour to move. On every one the rules, the
//! features, the explanations, the search, the analysis and the solver run without
//! panicking, every line they give replays legally, the move generator agrees with a
//! slow one written here, and the solver agrees with a plain negamax at ten empties
//! or fewer. Proptest shrinks a failing board to a small one before reporting it.
//!
//! 20,500 boards in all (13,000 for the rules, 5,000 for the search, 1,000 for the
//! solver's lines, 1,500 against the negamax), about half a minute of CPU time in
//! `cargo test --profile tests`, most of it in the search and the negamax properties.

use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
use othello_tutor::engine::endgame::Solver;
use othello_tutor::engine::eval::{MAX_EVAL, breakdown, evaluate};
use othello_tutor::engine::features::{
    Features, corners, edge_anchors, empty_regions, frontier_discs, frontier_flips, mobility,
    potential_mobility, region_counts, region_of, risky_c_squares, risky_x_squares, stable_discs,
    unbalanced_edges, wedge_moves,
};
use othello_tutor::engine::search::{Limits, Searcher};
use othello_tutor::engine::{Board, Color, Move, Position, Square};
use othello_tutor::tutor::explain::{contrast, explain_move, illegal_reason, move_facts};
use othello_tutor::tutor::feedback::{grade_move, summary_line};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::cell::RefCell;

// ---------------------------------------------------------------------------
// Obviously right references.

const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

fn at(bits: u64, col: i32, row: i32) -> bool {
    (0..8).contains(&col) && (0..8).contains(&row) && bits & (1u64 << (row * 8 + col)) != 0
}

/// The discs a move of the side to move on `index` flips, walking the eight rays.
fn reference_flips(b: &Board, index: usize) -> u64 {
    if (b.player | b.opponent) & (1u64 << index) != 0 {
        return 0;
    }
    let (c0, r0) = ((index % 8) as i32, (index / 8) as i32);
    let mut all = 0;
    for (dc, dr) in DIRECTIONS {
        let (mut c, mut r, mut line) = (c0 + dc, r0 + dr, 0u64);
        while at(b.opponent, c, r) {
            line |= 1u64 << (r * 8 + c);
            c += dc;
            r += dr;
        }
        if line != 0 && at(b.player, c, r) {
            all |= line;
        }
    }
    all
}

fn reference_moves(b: &Board) -> u64 {
    (0..64)
        .filter(|&i| reference_flips(b, i) != 0)
        .fold(0, |m, i| m | 1u64 << i)
}

/// The values of every move of `b` (side to move's view) and of `b` itself, by
/// visiting every line of play: no pruning, no table, no ordering. It moves with the
/// engine's bitboard `legal_moves_bits` and `play_unchecked`, which the rules property
/// checks against `reference_moves` and `reference_flips`.
fn negamax_moves(b: &Board) -> (i32, Vec<(Square, i32)>) {
    let moves: Vec<Square> = b.legal_moves().into_iter().collect();
    if moves.is_empty() {
        let passed = b.pass();
        if passed.legal_moves_bits() == 0 {
            return (b.final_score(), Vec::new());
        }
        return (-negamax(&passed), Vec::new());
    }
    let values: Vec<(Square, i32)> = moves
        .into_iter()
        .map(|sq| (sq, -negamax(&b.play_unchecked(sq))))
        .collect();
    let best = values.iter().map(|v| v.1).max().expect("moves");
    (best, values)
}

fn negamax(b: &Board) -> i32 {
    negamax_moves(b).0
}

/// Fails unless `line` can be played in turn from `board` (a pass only when forced);
/// returns the board at its end.
fn replay(board: &Board, line: &[Option<Square>], what: &str) -> Result<Board, TestCaseError> {
    let mut b = *board;
    for (i, mv) in line.iter().enumerate() {
        b = match mv {
            Some(sq) => b.play(*sq).map_err(|e| {
                TestCaseError::fail(format!("{what}: move {} of {line:?}: {e}", i + 1))
            })?,
            None if b.must_pass() => b.pass(),
            None => {
                return Err(TestCaseError::fail(format!(
                    "{what}: move {} of {line:?} is a pass that is not forced",
                    i + 1
                )));
            }
        };
    }
    Ok(b)
}

// ---------------------------------------------------------------------------
// Constructed boards.

const CENTRE: [usize; 4] = [27, 28, 35, 36];

fn position(mover: u64, other: u64, to_move: Color) -> Position {
    let (black, white) = match to_move {
        Color::Black => (mover, other),
        Color::White => (other, mover),
    };
    Position::from_colors(black, white, to_move).expect("discs do not overlap")
}

fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// The ring of a square around the centre: 0 for d4-e5, 3 for the edges.
fn ring(i: usize) -> usize {
    let d = |x: usize| if x < 4 { 3 - x } else { x - 4 };
    d(i % 8).max(d(i / 8))
}

/// Which side loses its edge discs (to give boards where one side has none).
#[derive(Clone, Copy, Debug)]
enum Strip {
    Nobody,
    Mover,
    Other,
}

const EDGES: u64 = 0xFF81_8181_8181_81FF;

/// Random discs in the rings up to `rings` around the centre (the centre always
/// full), each square filled with a chance of `density` percent, either side to move,
/// and sometimes one side's edge discs taken away.
fn centre_pattern() -> impl Strategy<Value = Position> {
    (
        1usize..=4,
        10u8..=100,
        prop::collection::vec((0u8..100, any::<bool>()), 64),
        any::<bool>(),
        prop_oneof![
            3 => Just(Strip::Nobody),
            1 => Just(Strip::Mover),
            1 => Just(Strip::Other)
        ],
    )
        .prop_map(|(rings, density, cells, white, strip)| {
            let (mut mover, mut other) = (0u64, 0u64);
            for (i, &(roll, mine)) in cells.iter().enumerate() {
                if ring(i) < rings && (ring(i) == 0 || roll < density) {
                    if mine {
                        mover |= 1 << i;
                    } else {
                        other |= 1 << i;
                    }
                }
            }
            match strip {
                Strip::Nobody => {}
                Strip::Mover => mover &= !EDGES,
                Strip::Other => other &= !EDGES,
            }
            position(mover, other, color(white))
        })
}

/// A full board of random discs with `0..=max_empties` empty squares off the centre.
fn near_end(max_empties: usize) -> impl Strategy<Value = Position> {
    let off_centre: Vec<usize> = (0..64).filter(|i| !CENTRE.contains(i)).collect();
    (
        any::<u64>(),
        (0..=max_empties).prop_flat_map(move |n| prop::sample::subsequence(off_centre.clone(), n)),
        any::<bool>(),
    )
        .prop_map(|(discs, empties, white)| {
            let empty = empties.iter().fold(0u64, |e, &i| e | 1 << i);
            position(discs & !empty, !discs & !empty, color(white))
        })
}

/// Boards on which the side to move (X) may play on 33 or 34 squares, found by hill
/// climbing on random boards (the first is the one of issue 12).
const MANY_MOVES: [&str; 8] = [
    "----OX---O----O-XOXO-OO--OOOXXX--X-XOOO--OX-XX---OOXOOO---------",
    "-----XO--O-O--O--OXOO-O--OXXXX---O-OXOO--XX-XX---OOOXOO---------",
    "------OX-OXO-----OOOXOO--X-XOO---X-OXOO--OX-XX---OXOOOO---------",
    "-OXO-----O---OO--O--OXO-X-OXXX--O-XOXOO--OO-XX-----XOOO-XO------",
    "-----XO--OOO--OX-OXO-----OXXOO----OXXXO---O-OXX-O---O-OOXO---X--",
    "--------XOOO-OO-OXX--XO--O-OXOO----OX-X--XXX--O--OXOO-OO--X----X",
    "XX------XO--OOO-X---OXO----XXX---OOXXOO--OXOXX---O-OXOO--X------",
    "----------O-O-O--OOXOXO-X-OOXXO--OXXO-O--OO--XX------OOXO-OX----",
];

/// Square `i` under symmetry `s` (of the eight of the board).
fn symmetric(i: usize, s: u8) -> usize {
    let (mut c, mut r) = (i % 8, i / 8);
    if s & 1 != 0 {
        c = 7 - c;
    }
    if s & 2 != 0 {
        r = 7 - r;
    }
    if s & 4 != 0 {
        std::mem::swap(&mut c, &mut r);
    }
    r * 8 + c
}

/// One of `MANY_MOVES` under a symmetry, with up to three squares changed, either
/// colour to move; kept when the side to move still has 30 moves or more.
fn many_moves() -> impl Strategy<Value = Position> {
    (
        0..MANY_MOVES.len(),
        0u8..8,
        prop::collection::vec((0usize..64, 0u8..3), 0..=3),
        any::<bool>(),
    )
        .prop_map(|(base, s, edits, white)| {
            let mut cells: Vec<u8> = MANY_MOVES[base]
                .bytes()
                .map(|c| match c {
                    b'X' => 1,
                    b'O' => 2,
                    _ => 0,
                })
                .collect();
            for (i, v) in edits {
                if !CENTRE.contains(&i) || v != 0 {
                    cells[i] = v;
                }
            }
            let (mut mover, mut other) = (0u64, 0u64);
            for (i, &v) in cells.iter().enumerate() {
                let bit = 1u64 << symmetric(i, s);
                match v {
                    1 => mover |= bit,
                    2 => other |= bit,
                    _ => {}
                }
            }
            position(mover, other, color(white))
        })
        .prop_filter("30 or more legal moves", |p| p.legal_moves().len() >= 30)
}

fn any_board() -> impl Strategy<Value = Position> {
    prop_oneof![4 => centre_pattern(), 2 => near_end(24), 1 => many_moves()]
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        source_file: Some(file!()),
        max_global_rejects: 100_000,
        ..Config::default()
    })
}

/// Checks `cases` boards from `strategy`; a failure is shrunk and reported.
fn run<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    check: impl Fn(&S::Value) -> Result<(), TestCaseError>,
) {
    let count = std::cell::Cell::new(0u32);
    let result = runner(cases).run(&strategy, |p| {
        count.set(count.get() + 1);
        check(&p)
    });
    eprintln!("{name}: {} boards", count.get());
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

// ---------------------------------------------------------------------------
// The properties.

#[test]
fn the_strategies_make_the_boards_they_promise() {
    // A fixed seed: the "some board" checks below must not depend on luck.
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 1,
            ..Config::default()
        },
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let mut sample = |s: &dyn Fn(&mut TestRunner) -> Position| -> Vec<Position> {
        (0..300).map(|_| s(&mut runner)).collect()
    };
    let many = sample(&|r| many_moves().new_tree(r).expect("a board").current());
    assert!(many.iter().all(|p| p.legal_moves().len() >= 30));
    assert!(many.iter().any(|p| p.to_move == Color::White));
    assert!(many.iter().any(|p| p.legal_moves().len() >= 34));
    let centre = sample(&|r| centre_pattern().new_tree(r).expect("a board").current());
    let edgeless = |p: &Position, c: Color| p.discs(c) & EDGES == 0;
    assert!(
        centre
            .iter()
            .any(|p| p.discs(p.to_move.opposite()) & EDGES != 0 && edgeless(p, p.to_move))
    );
    assert!(
        centre
            .iter()
            .any(|p| p.discs(p.to_move) & EDGES != 0 && edgeless(p, p.to_move.opposite()))
    );
    assert!(centre.iter().any(|p| p.board.empty_count() >= 50));
    assert!(centre.iter().any(|p| p.board.empty_count() <= 14));
    let end: Vec<Position> = (0..3000)
        .map(|_| {
            near_end(10)
                .new_tree(&mut runner)
                .expect("a board")
                .current()
        })
        .collect();
    assert!(end.iter().all(|p| p.board.empty_count() <= 10));
    assert!(end.iter().any(|p| p.must_pass()));
}

/// Moves, flips, passes, every feature, the evaluation and every explanation.
#[test]
fn rules_features_and_explanations_hold_on_constructed_boards() {
    run("rules", 13_000, any_board(), |pos| {
        let b = pos.board;
        let moves = b.legal_moves_bits();
        prop_assert_eq!(moves, reference_moves(&b), "legal moves of {:?}", b);
        for sq in Square::all() {
            match b.play(sq) {
                Ok(next) => {
                    let f = reference_flips(&b, sq.index());
                    prop_assert!(f != 0, "{} played on {:?}", sq, b);
                    prop_assert_eq!(next.player, b.opponent ^ f);
                    prop_assert_eq!(next.opponent, b.player ^ f ^ sq.bit());
                    prop_assert_eq!(b.play_unchecked(sq), next);
                    prop_assert_eq!(pos.play(Move::Place(sq)).map(|p| p.board), Ok(next));
                    // The mover's stable discs stay the mover's after any reply.
                    let stable = stable_discs(b.player, b.opponent);
                    prop_assert_eq!(stable & next.opponent, stable);
                    for reply in next.legal_moves() {
                        prop_assert_eq!(stable & next.play_unchecked(reply).player, stable);
                    }
                }
                Err(_) => prop_assert_eq!(reference_flips(&b, sq.index()), 0),
            }
            let why = explain_move(pos, sq);
            prop_assert!(!why.is_empty() && why.iter().all(|l| !l.trim().is_empty()));
            prop_assert_eq!(move_facts(pos, sq).is_some(), moves & sq.bit() != 0);
            if moves & sq.bit() == 0 {
                prop_assert!(!illegal_reason(pos, sq).is_empty());
            }
        }
        prop_assert_eq!(pos.play(Move::Pass).is_ok(), b.must_pass());
        let legal: Vec<Square> = b.legal_moves().into_iter().collect();
        if let Some(&first) = legal.first() {
            for &other in &legal {
                let _ = contrast(pos, first, other);
                let _ = contrast(pos, other, first);
            }
        }
        for (own, opp) in [(b.player, b.opponent), (b.opponent, b.player)] {
            let empty = b.empty();
            prop_assert_eq!(mobility(own, opp), legal_moves_of(own, opp).count_ones());
            let _ = potential_mobility(own, opp);
            prop_assert_eq!(frontier_discs(own, empty) & !own, 0);
            prop_assert_eq!(corners(own) & !own, 0);
            prop_assert_eq!(risky_x_squares(own, empty) & !own, 0);
            prop_assert_eq!(risky_c_squares(own, empty) & !own, 0);
            prop_assert_eq!(stable_discs(own, opp) & !own, 0);
            let _ = edge_anchors(own, opp);
            let _ = unbalanced_edges(own, opp);
            let wedges = wedge_moves(own, opp);
            prop_assert_eq!(wedges & !empty, 0);
        }
        let regions = empty_regions(b.empty());
        prop_assert_eq!(regions.iter().fold(0, |a, r| a | r), b.empty());
        prop_assert_eq!(region_counts(b.empty()).0 as usize, regions.len());
        for sq in b.legal_moves() {
            prop_assert!(region_of(b.empty(), sq.bit()) & sq.bit() != 0);
            let _ = frontier_flips(&b, sq.bit());
        }
        let features = Features::of(&b);
        prop_assert_eq!(features.empties, b.empty_count());
        prop_assert_eq!(features.player.mobility, moves.count_ones());
        let value = evaluate(&b);
        prop_assert!(value.abs() <= MAX_EVAL);
        let parts = breakdown(&b);
        prop_assert!((parts.total - value as f64 / 100.0).abs() < 1e-9);
        Ok(())
    });
}

fn legal_moves_of(own: u64, opp: u64) -> u64 {
    reference_moves(&Board {
        player: own,
        opponent: opp,
    })
}

/// The search at depth 1-6, the analysis, and the grades and why-lines of every move.
#[test]
fn search_analysis_and_feedback_give_legal_lines() {
    let searcher = RefCell::new(Searcher::new(2, 2));
    let strategy = (
        prop_oneof![3 => centre_pattern(), 1 => many_moves()],
        1u32..=6,
    );
    run("search", 5_000, strategy, |&(pos, depth)| {
        let b = pos.board;
        let mut searcher = searcher.borrow_mut();
        let r = searcher
            .search(&b, Limits::depth(depth, 0))
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        replay(&b, &r.pv, "search")?;
        if b.legal_moves_bits() != 0 {
            let best = r.best.ok_or_else(|| TestCaseError::fail("no move"))?;
            prop_assert!(b.is_legal(best));
            prop_assert_eq!(r.pv.first().copied().flatten(), Some(best));
        } else {
            prop_assert_eq!(r.best, None);
        }
        // An estimate stays within the evaluation's range unless the search found the
        // end of the game, which is a whole number of discs.
        prop_assert!(r.score.abs() <= 6400, "{}", r.score);
        prop_assert!(
            (!r.exact && r.score.abs() <= MAX_EVAL) || r.score % 100 == 0,
            "{}",
            r.score
        );
        let options = AnalysisOptions {
            depth: depth.min(3),
            exact_empties: 8,
            time: None,
            selective: None,
            smoothed: true,
        };
        let values =
            analyze(&mut searcher, &b, options).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(
            values.len(),
            if b.is_game_over() {
                0
            } else {
                b.legal_moves().len().max(1) as usize
            }
        );
        for v in &values {
            let end = replay(&b, &v.pv, "analysis")?;
            if let Move::Place(sq) = v.mv {
                prop_assert_eq!(v.pv.first().copied().flatten(), Some(sq));
                let f = grade_move(&pos, sq, &values)
                    .ok_or_else(|| TestCaseError::fail(format!("no grade for {sq}")))?;
                prop_assert!(!summary_line(&f).is_empty());
                prop_assert!(!f.why_played.is_empty() && !f.why_best.is_empty());
            }
            if v.exact && end.is_game_over() {
                prop_assert_eq!(v.discs(), side_score(&end, v.pv.len()));
            }
        }
        Ok(())
    });
}

/// The final score at `end`, reached after `plies` plies, from the view of the side
/// to move before them.
fn side_score(end: &Board, plies: usize) -> i32 {
    if plies.is_multiple_of(2) {
        end.final_score()
    } else {
        -end.final_score()
    }
}

/// Exact solves at 14 empties or fewer: the line replays to the end of the game and
/// ends with the score; win/loss/draw, the search's hand-over and every move's value
/// agree with it.
#[test]
fn the_solver_gives_lines_that_end_with_its_score() {
    let solver = RefCell::new(Solver::new(2));
    let searcher = RefCell::new(Searcher::new(2, 2));
    run("solve", 1_000, near_end(14), |pos| {
        let b = pos.board;
        let mut solver = solver.borrow_mut();
        let sol = solver
            .solve(&b)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let end = replay(&b, &sol.pv, "solve")?;
        prop_assert!(end.is_game_over(), "the line {:?} stops early", sol.pv);
        prop_assert_eq!(side_score(&end, sol.pv.len()), sol.score);
        prop_assert_eq!(sol.best, sol.pv.first().copied().flatten());
        let wld = solver
            .solve_wld(&b)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(wld.score, sol.score.signum());
        let r = searcher
            .borrow_mut()
            .search(&b, Limits::depth(60, 14))
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert!(r.exact);
        prop_assert_eq!(r.score, sol.score * 100);
        replay(&b, &r.pv, "search")?;
        let mut best = None;
        for sq in b.legal_moves() {
            let v = solver
                .score_after(&b, sq, -64, 64)
                .map_err(|e| TestCaseError::fail(format!("{e}")))?;
            best = best.max(Some(v));
        }
        if let Some(best) = best {
            prop_assert_eq!(best, sol.score);
        }
        Ok(())
    });
}

/// At ten empties or fewer the solver's score is the plain negamax's (with its line
/// and without), and so is the score after every move.
#[test]
fn the_solver_agrees_with_a_plain_negamax() {
    let solver = RefCell::new(Solver::new(2));
    run("negamax", 1_500, near_end(10), |pos| {
        let b = pos.board;
        let mut solver = solver.borrow_mut();
        let (expected, values) = negamax_moves(&b);
        let sol = solver
            .solve(&b)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(sol.score, expected, "{:?}", b);
        // The score alone (no line below the root): the same score, and a best move
        // worth it by the negamax.
        let alone = solver
            .solve_score(&b)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(alone.score, expected, "{:?}", b);
        if let Some(best) = alone.best {
            prop_assert!(values.contains(&(best, expected)), "{} on {:?}", best, b);
        }
        for (sq, value) in values {
            let v = solver
                .score_after(&b, sq, -64, 64)
                .map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(v, value, "{} on {:?}", sq, b);
        }
        Ok(())
    });
}
