//! The exact solver against the FFO endgame positions' known scores
//! (tests/data, copied from ../shared/data with their source).

use othello_tutor::engine::endgame::Solver;
use othello_tutor::engine::notation::{ObfRecord, parse_obf_file};
use othello_tutor::engine::{Board, Move};

fn load(name: &str) -> Vec<ObfRecord> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test data present");
    parse_obf_file(&text).expect("valid OBF")
}

#[test]
fn every_move_of_ffo_1_to_19() {
    let records = load("fforum-1-19.obf");
    assert_eq!(records.len(), 19);
    let mut solver = Solver::new(16);
    for (i, rec) in records.iter().enumerate() {
        let board = rec.position.board;
        assert_eq!(
            rec.move_scores.len() as u32,
            board.legal_moves().len(),
            "#{}: every legal move is listed",
            i + 1
        );
        for &(mv, expected) in &rec.move_scores {
            let Move::Place(sq) = mv else {
                panic!("#{}: pass listed", i + 1)
            };
            assert!(board.is_legal(sq), "#{} {sq}", i + 1);
            let got = solver
                .score_after(&board, sq, -64, 64)
                .expect("not stopped");
            assert_eq!(got, expected, "#{} {sq}", i + 1);
        }
        let best = solver.solve(&board).expect("not stopped");
        assert_eq!(best.score, rec.move_scores[0].1, "#{}", i + 1);
        let best_sq = best.best.expect("a move");
        assert!(
            rec.move_scores
                .iter()
                .any(|&(m, s)| m == Move::Place(best_sq) && s == best.score),
            "#{}: {best_sq} is not a best move",
            i + 1
        );
    }
}

/// Replays a principal variation and checks it reaches the announced score.
fn check_pv(board: &Board, score: i32, pv: &[Option<othello_tutor::engine::Square>]) {
    let mut b = *board;
    let mut sign = 1;
    for mv in pv {
        b = match mv {
            Some(sq) => {
                assert!(b.is_legal(*sq), "pv move {sq} is legal");
                b.play_unchecked(*sq)
            }
            None => {
                assert!(b.must_pass(), "pv pass is forced");
                b.pass()
            }
        };
        sign = -sign;
    }
    assert!(b.is_game_over(), "the pv runs to the end of the game");
    assert_eq!(sign * b.final_score(), score);
}

#[test]
fn ffo_20_to_39_up_to_20_empties() {
    let records = load("fforum-20-39.obf");
    let mut solver = Solver::new(32);
    let mut solved = 0;
    for (i, rec) in records.iter().enumerate() {
        let board = rec.position.board;
        if board.empty_count() > 20 {
            continue;
        }
        let sol = solver.solve(&board).expect("not stopped");
        let number = i + 20;
        assert_eq!(sol.score, rec.move_scores[0].1, "#{number}");
        let best = sol.best.expect("a move");
        assert!(
            rec.move_scores
                .iter()
                .any(|&(m, s)| m == Move::Place(best) && s == sol.score),
            "#{number}: {best}"
        );
        check_pv(&board, sol.score, &sol.pv);
        solved += 1;
    }
    assert!(solved >= 10, "{solved}");
}

#[test]
fn wld_agrees_with_exact() {
    let records = load("fforum-1-19.obf");
    let mut solver = Solver::new(16);
    for rec in &records {
        let wld = solver.solve_wld(&rec.position.board).expect("not stopped");
        assert_eq!(wld.score, rec.move_scores[0].1.signum());
    }
}

#[test]
#[ignore = "slow: minutes; run with --ignored (bench reports its time)"]
fn ffo_40_to_49() {
    let records = load("fforum-40-59.obf");
    let mut solver = Solver::default();
    for (i, rec) in records.iter().take(10).enumerate() {
        let sol = solver.solve(&rec.position.board).expect("not stopped");
        assert_eq!(sol.score, rec.move_scores[0].1, "#{}", i + 40);
        let best = sol.best.expect("a move");
        assert!(
            rec.move_scores
                .iter()
                .any(|&(m, s)| m == Move::Place(best) && s == sol.score),
            "#{}: {best}",
            i + 40
        );
    }
}

/// A constructed position where Black may play on every one of the 33 empty squares
/// (issue 12: `solve` panicked on it, its move lists had 32 slots).
const EVERY_EMPTY_SQUARE_LEGAL: &str =
    "----OX---O----O-XOXO-OO--OOOXXX--X-XOOO--OX-XX---OOXOOO--------- X";

#[test]
fn the_solver_takes_a_position_with_33_legal_moves() {
    let board = othello_tutor::engine::notation::parse_obf(EVERY_EMPTY_SQUARE_LEGAL)
        .expect("obf")
        .position
        .board;
    assert_eq!(board.legal_moves().len(), 33);
    let mut solver = Solver::new(16);
    // A full solve of 33 empties takes long: a bounded one must stop cleanly.
    solver.set_node_limit(2_000_000);
    match solver.solve(&board) {
        Ok(sol) => {
            let best = sol.best.expect("a move");
            assert!(board.is_legal(best));
            assert_eq!(board.legal_prefix(&sol.pv), sol.pv.len());
        }
        Err(e) => assert_eq!(e, othello_tutor::engine::endgame::SolveError::Stopped),
    }
}

/// An XOT opening (number `i`) played on at random down to `empties` empties; `None`
/// if the game ended first or the side to move must pass.
fn random_late_position(rng: &mut rand::rngs::StdRng, i: usize, empties: u32) -> Option<Board> {
    use rand::RngExt;
    let mut pos = othello_tutor::tutor::openings::xot_position(i);
    while pos.board.empty_count() > empties && !pos.is_game_over() {
        let moves: Vec<_> = pos.legal_moves().into_iter().collect();
        if moves.is_empty() {
            pos = pos.pass();
            continue;
        }
        pos = pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    (pos.board.legal_moves_bits() != 0).then_some(pos.board)
}

/// Checks a parallel solution against the serial score: same score, a line that
/// replays, a first move worth the score.
fn check_parallel(
    board: &Board,
    serial: i32,
    parallel: &othello_tutor::engine::endgame::Solution,
    what: &str,
) {
    assert_eq!(parallel.score, serial, "{what}");
    assert_eq!(
        board.legal_prefix(&parallel.pv),
        parallel.pv.len(),
        "{what}"
    );
    let best = parallel.best.expect("a move");
    let after = Solver::new(4)
        .solve(&board.play_unchecked(best))
        .expect("not stopped");
    assert_eq!(-after.score, serial, "{what}: {best}");
}

#[test]
fn the_parallel_solver_agrees_with_the_serial_one() {
    use othello_tutor::engine::endgame::SharedTable;
    use othello_tutor::engine::parallel_solve::{solve_parallel, solve_parallel_with};
    use rand::SeedableRng;
    use std::sync::Arc;
    let mut rng = rand::rngs::StdRng::seed_from_u64(42);
    // A small table, kept from one position to the next: many replacements.
    let table = Arc::new(SharedTable::with_megabytes(1));
    let mut checked = 0;
    for i in 0..24 {
        let empties = 12 + (i % 7) as u32;
        let Some(board) = random_late_position(&mut rng, i * 101, empties) else {
            continue;
        };
        let serial = Solver::new(4).solve(&board).expect("not stopped").score;
        for threads in [2, 3, 4] {
            let fresh = solve_parallel(&board, threads, 2, None).expect("not stopped");
            check_parallel(
                &board,
                serial,
                &fresh,
                &format!("position {i}, {threads} threads"),
            );
            let kept = solve_parallel_with(&board, threads, &table, None).expect("not stopped");
            check_parallel(
                &board,
                serial,
                &kept,
                &format!("position {i}, {threads} threads, kept table"),
            );
        }
        checked += 1;
    }
    assert!(checked >= 18, "{checked}");
}

#[test]
fn the_parallel_solver_finds_the_ffo_scores() {
    use othello_tutor::engine::endgame::SharedTable;
    use othello_tutor::engine::parallel_solve::solve_parallel_with;
    use std::sync::Arc;
    let table = Arc::new(SharedTable::with_megabytes(8));
    let mut records = load("fforum-1-19.obf");
    records.extend(
        load("fforum-20-39.obf")
            .into_iter()
            .filter(|r| r.position.board.empty_count() <= 18),
    );
    for (i, rec) in records.iter().enumerate() {
        let board = rec.position.board;
        for threads in [2, 4] {
            let sol = solve_parallel_with(&board, threads, &table, None).expect("not stopped");
            assert_eq!(
                sol.score, rec.move_scores[0].1,
                "record {i}, {threads} threads"
            );
            let best = sol.best.expect("a move");
            assert!(
                rec.move_scores
                    .iter()
                    .any(|&(m, s)| m == Move::Place(best) && s == sol.score),
                "record {i}: {best}"
            );
            check_pv(&board, sol.score, &sol.pv);
        }
    }
}

#[test]
fn positions_solved_together_get_their_serial_scores() {
    use othello_tutor::engine::parallel_solve::solve_each;
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(43);
    let mut checked = 0;
    for i in 0..12 {
        let empties = 12 + (i % 6) as u32;
        let Some(board) = random_late_position(&mut rng, i * 97 + 5, empties) else {
            continue;
        };
        // The position, the positions after two of its moves (sharing its subtrees)
        // and the position itself again.
        let mut boards = vec![board];
        let moves = board.legal_moves();
        boards.extend(moves.into_iter().take(2).map(|sq| board.play_unchecked(sq)));
        boards.push(board);
        for threads in [1, 2, 3] {
            let solved = solve_each(&boards, threads, 1, None).expect("not stopped");
            assert_eq!(solved.len(), boards.len());
            for (k, (b, sol)) in boards.iter().zip(&solved).enumerate() {
                let serial = Solver::new(4).solve(b).expect("not stopped").score;
                let what = format!("position {i}, board {k}, {threads} threads");
                if b.legal_moves_bits() == 0 {
                    assert_eq!(sol.score, serial, "{what}");
                } else {
                    check_parallel(b, serial, sol, &what);
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 8, "{checked}");
}

#[test]
fn a_raised_stop_flag_stops_solving_together() {
    use othello_tutor::engine::endgame::SolveError;
    use othello_tutor::engine::parallel_solve::solve_each;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let board = load("fforum-40-59.obf")[0].position.board;
    let stop = Arc::new(AtomicBool::new(true));
    assert_eq!(
        solve_each(&[board, board], 2, 4, Some(stop)).map(|s| s.len()),
        Err(SolveError::Stopped)
    );
}

#[test]
fn a_raised_stop_flag_stops_the_parallel_solver() {
    use othello_tutor::engine::endgame::SolveError;
    use othello_tutor::engine::parallel_solve::solve_parallel;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let board = load("fforum-40-59.obf")[0].position.board;
    let stop = Arc::new(AtomicBool::new(true));
    assert_eq!(
        solve_parallel(&board, 2, 4, Some(stop)).map(|s| s.score),
        Err(SolveError::Stopped)
    );
}

/// Alpha-beta to the end of the game, nothing else (the slow reference).
fn alpha_beta(b: Board, mut alpha: i32, beta: i32) -> i32 {
    let moves = b.legal_moves_bits();
    if moves == 0 {
        if b.pass().legal_moves_bits() == 0 {
            return b.final_score();
        }
        return -alpha_beta(b.pass(), -beta, -alpha);
    }
    let mut best = -65;
    for sq in b.legal_moves() {
        let s = -alpha_beta(b.play_unchecked(sq), -beta, -alpha);
        if s > best {
            best = s;
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

#[test]
fn stable_discs_bound_the_exact_score() {
    use othello_tutor::engine::features::stable_discs;
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let mut checked = 0;
    for i in 0..600 {
        let empties = 4 + (i % 7) as u32;
        let Some(b) = random_late_position(&mut rng, i * 13, empties) else {
            continue;
        };
        let exact = alpha_beta(b, -65, 65);
        // The stability cut-off's bounds: the opponent keeps its stable discs, and so
        // does the side to move.
        let upper = 64 - 2 * stable_discs(b.opponent, b.player).count_ones() as i32;
        let lower = -64 + 2 * stable_discs(b.player, b.opponent).count_ones() as i32;
        assert!(
            lower <= exact && exact <= upper,
            "{b:?}: {lower} <= {exact} <= {upper}"
        );
        assert_eq!(
            Solver::new(1).solve(&b).expect("not stopped").score,
            exact,
            "{b:?}"
        );
        checked += 1;
    }
    assert!(checked >= 400, "{checked}");
}

#[test]
fn a_solved_line_is_optimal_and_the_same_whatever_the_table_holds_and_on_any_threads() {
    // The tutor shows these lines, so they must not depend on earlier solves or on
    // how threads raced. Every move of the line keeps the value (by the slow
    // reference), and the line is the same from a fresh serial solve and from
    // solves on a table warmed by the position's children, on one to three threads.
    use othello_tutor::engine::parallel_solve::solve_each;
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut checked = 0;
    for i in 0..10 {
        let Some(board) = random_late_position(&mut rng, i * 131 + 17, 10) else {
            continue;
        };
        let serial = Solver::new(4).solve(&board).expect("not stopped");
        let (mut b, mut value) = (board, alpha_beta(board, -65, 65));
        assert_eq!(serial.score, value, "position {i}");
        for (ply, mv) in serial.pv.iter().enumerate() {
            let after = match mv {
                None => b.pass(),
                Some(sq) => b.play(*sq).expect("legal"),
            };
            let kept = -alpha_beta(after, -65, 65);
            assert_eq!(kept, value, "position {i}, ply {ply}");
            (b, value) = (after, -value);
        }
        assert!(b.is_game_over(), "position {i}: the line ends the game");
        let mut boards: Vec<Board> = board
            .legal_moves()
            .into_iter()
            .map(|sq| board.play_unchecked(sq))
            .collect();
        boards.push(board);
        for threads in [1, 2, 3] {
            let solved = solve_each(&boards, threads, 1, None).expect("not stopped");
            let last = solved.last().expect("the position");
            assert_eq!(last.pv, serial.pv, "position {i}, {threads} threads");
        }
        checked += 1;
    }
    assert!(checked >= 6, "{checked}");
}

#[test]
fn a_line_read_by_several_threads_is_the_one_thread_line() {
    // From 14 empties on, each test of the line is run by every thread: the line
    // must still be the fresh one-thread line, and play out to the score.
    use othello_tutor::engine::parallel_solve::{solve_each, solve_parallel};
    let mut checked = 0;
    for rec in load("fforum-1-19.obf").iter().filter(|r| {
        let e = r.position.board.empty_count();
        (14..=18).contains(&e)
    }) {
        let board = rec.position.board;
        let serial = Solver::new(16).solve(&board).expect("not stopped");
        check_pv(&board, serial.score, &serial.pv);
        for threads in [2, 3] {
            let one = solve_parallel(&board, threads, 16, None).expect("not stopped");
            assert_eq!(one.pv, serial.pv, "{threads} threads");
            let after = board.play_unchecked(serial.best.expect("a move"));
            let both = solve_each(&[after, board], threads, 16, None).expect("not stopped");
            assert_eq!(both[1].pv, serial.pv, "{threads} threads, together");
        }
        checked += 1;
    }
    assert!(checked >= 3, "{checked} positions of 14 to 18 empties");
}

#[test]
fn the_score_alone_is_the_solves_score_and_first_move_for_less_work() {
    // `solve_score` skips the line below the root: the same score (checked against the
    // slow reference) and the same best move as `solve`, on one and several threads,
    // and on one thread never more nodes than the solve with its line (fewer
    // wherever the line needed proofs of its own).
    use othello_tutor::engine::endgame::SharedTable;
    use othello_tutor::engine::parallel_solve::{score_each_with, score_parallel_with};
    use rand::SeedableRng;
    use std::sync::Arc;
    let mut rng = rand::rngs::StdRng::seed_from_u64(99);
    let (mut checked, mut saved) = (0, 0);
    for i in 0..16 {
        let Some(board) = random_late_position(&mut rng, i * 53 + 5, 10 + (i % 3) as u32) else {
            continue;
        };
        let full = Solver::new(4).solve(&board).expect("not stopped");
        let alone = Solver::new(4).solve_score(&board).expect("not stopped");
        assert_eq!(alone.score, alpha_beta(board, -65, 65), "position {i}");
        assert_eq!(
            (alone.score, alone.best),
            (full.score, full.best),
            "position {i}"
        );
        assert!(alone.nodes <= full.nodes, "position {i}");
        saved += usize::from(alone.nodes < full.nodes);
        for threads in [2, 3] {
            let table = Arc::new(SharedTable::with_megabytes(1));
            let par = score_parallel_with(&board, threads, &table, None).expect("not stopped");
            assert_eq!(
                (par.score, par.best),
                (full.score, full.best),
                "position {i}"
            );
            let each = score_each_with(&[board], threads, &table, None).expect("not stopped");
            assert_eq!((each[0].score, each[0].best), (full.score, full.best));
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
    assert!(
        saved >= checked / 2,
        "the line cost nothing in {saved} of {checked}"
    );
}
