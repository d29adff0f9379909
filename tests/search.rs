//! The search, analysis and the simple players, checked against the exact solver,
//! against fresh searches, and for their limits and stop flag.

use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
use othello_tutor::engine::endgame::Solver;
use othello_tutor::engine::notation::{parse_obf, parse_transcript};
use othello_tutor::engine::players::{Player, Strategy};
use othello_tutor::engine::search::{Limits, POLL_INTERVAL, SearchError, Searcher};
use othello_tutor::engine::{Board, Move, Square};
use rand::{RngExt, SeedableRng, rngs::StdRng};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::common_positions as positions;
use positions::random_position;

#[test]
fn search_returns_legal_moves_and_handles_passes_and_finished_games() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut searcher = Searcher::new(4, 4);
    let (mut passes, mut finished) = (0, 0);
    for _ in 0..300 {
        let plies = rng.random_range(0..64);
        let p = random_position(&mut rng, plies);
        let r = searcher
            .search(&p.board, Limits::depth(3, 8))
            .expect("not stopped");
        if p.is_game_over() {
            finished += 1;
            assert_eq!(r.best, None);
            assert!(r.exact);
            assert_eq!(r.score, p.board.final_score() * 100);
        } else if p.must_pass() {
            passes += 1;
            assert_eq!(r.best, None);
            assert_eq!(r.pv.first(), Some(&None), "a pass starts the line");
        } else {
            let best = r.best.expect("a move");
            assert!(p.board.is_legal(best), "{best} is illegal in\n{p}");
        }
        // Every move of the line is legal in turn.
        let mut q = p;
        for mv in &r.pv {
            q = match mv {
                Some(sq) => q.play(Move::Place(*sq)).expect("pv move legal"),
                None => q.play(Move::Pass).expect("pv pass forced"),
            };
        }
    }
    assert!(
        finished > 0 && passes > 0,
        "finished {finished}, passes {passes}"
    );
}

#[test]
fn analysis_agrees_with_the_solver_at_low_empties() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut searcher = Searcher::new(8, 8);
    let mut solver = Solver::new(8);
    let mut checked = 0;
    while checked < 40 {
        let p = random_position(&mut rng, 48);
        if p.board.empty_count() > 12 {
            continue;
        }
        if p.is_game_over() || p.must_pass() {
            continue;
        }
        // Exact analysis, and a depth-limited one that reaches the end of the game.
        let exact = analyze(&mut searcher, &p.board, AnalysisOptions::default()).expect("ok");
        let deep = analyze(
            &mut searcher,
            &p.board,
            AnalysisOptions {
                depth: 14,
                exact_empties: 0,
                time: None,
                selective: None,
                smoothed: true,
            },
        )
        .expect("ok");
        assert_eq!(exact.len() as u32, p.legal_moves().len());
        for v in &exact {
            let Move::Place(sq) = v.mv else {
                panic!("placement expected")
            };
            let truth = solver.score_after(&p.board, sq, -64, 64).expect("ok");
            assert!(v.exact);
            assert_eq!(v.score, truth * 100, "{sq} in\n{p}");
            let d = deep.iter().find(|d| d.mv == v.mv).expect("same moves");
            assert!(d.exact);
            assert_eq!(d.score, truth * 100, "depth-limited {sq} in\n{p}");
        }
        // Best first.
        assert!(exact.windows(2).all(|w| w[0].score >= w[1].score));
        checked += 1;
    }
}

#[test]
fn a_raised_stop_flag_stops_at_once() {
    let p = parse_transcript("f5d6c3d3c4f4f6f3e6e7")
        .expect("legal")
        .current();
    let mut searcher = Searcher::new(4, 4);
    let flag = Arc::new(AtomicBool::new(true));
    searcher.set_stop_flag(flag.clone());
    let r = searcher.search(&p.board, Limits::depth(30, 0));
    assert_eq!(r, Err(SearchError::Stopped));
    assert!(
        searcher.nodes() <= 4096 + 1024,
        "{} nodes after the stop",
        searcher.nodes()
    );
    // Lowered again, the same searcher works.
    flag.store(false, Ordering::Relaxed);
    assert!(searcher.search(&p.board, Limits::depth(4, 0)).is_ok());
}

#[test]
fn stopping_from_another_thread_ends_the_search_long_before_its_node_limit() {
    let p = parse_transcript("f5d6c3d3c4f4f6f3e6e7")
        .expect("legal")
        .current();
    let mut searcher = Searcher::new(8, 8);
    let flag = Arc::new(AtomicBool::new(false));
    searcher.set_stop_flag(flag.clone());
    // A depth that no search reaches here, with a node limit as a backstop: only the
    // flag can stop it well before the limit.
    const BACKSTOP: u64 = 400_000_000;
    let limits = Limits {
        nodes: BACKSTOP,
        ..Limits::depth(40, 0)
    };
    let handle = std::thread::spawn(move || {
        let r = searcher.search(&p.board, limits);
        (r.map(|r| r.depth), searcher.nodes())
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    flag.store(true, Ordering::Relaxed);
    let (result, nodes) = handle.join().expect("no panic");
    assert!(
        nodes < BACKSTOP / 4,
        "{nodes} nodes: the flag did not stop it"
    );
    // Usually depth 1 finished in the 300 ms; on a very busy machine the search may
    // not have started, and then it stops before its first iteration.
    match result {
        Ok(depth) => assert!((1..40).contains(&depth)),
        Err(e) => assert_eq!(e, SearchError::Stopped),
    }
}

#[test]
fn a_node_limit_stops_the_search_within_one_poll() {
    let p = parse_transcript("f5d6c3d3c4f4f6f3e6e7")
        .expect("legal")
        .current();
    let mut searcher = Searcher::new(8, 8);
    for limit in [10_000u64, 100_000, 1_000_000] {
        let limits = Limits {
            nodes: limit,
            ..Limits::depth(40, 0)
        };
        let r = searcher.search(&p.board, limits).expect("depth 1 fits");
        assert!(!r.exact && r.depth < 40);
        // The limit is polled every POLL_INTERVAL nodes (a frontier node may add up
        // to a move list's worth past it).
        assert!(
            searcher.nodes() <= limit + POLL_INTERVAL + 64,
            "{} nodes for a limit of {limit}",
            searcher.nodes()
        );
    }
}

#[test]
fn the_simple_players_follow_their_rule() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut greedy = Player::new(Strategy::Greedy);
    let mut fixed = Player::new(Strategy::StaticSquares);
    let mut mobile = Player::new(Strategy::MobilityOnly);
    for _ in 0..100 {
        let plies = rng.random_range(0..50);
        let p = random_position(&mut rng, plies);
        let moves: Vec<Square> = p.legal_moves().into_iter().collect();
        if moves.is_empty() {
            continue;
        }
        let most = moves
            .iter()
            .map(|&m| p.board.flips(m).len())
            .max()
            .expect("moves");
        let g = greedy.choose(&p.board, &mut rng).expect("a move");
        assert_eq!(p.board.flips(g).len(), most);
        let best_value = moves
            .iter()
            .map(|m| othello_tutor::engine::players::SQUARE_VALUES[m.index()])
            .max()
            .expect("moves");
        let s = fixed.choose(&p.board, &mut rng).expect("a move");
        assert_eq!(
            othello_tutor::engine::players::SQUARE_VALUES[s.index()],
            best_value
        );
        let fewest = moves
            .iter()
            .map(|&m| p.board.play_unchecked(m).legal_moves().len())
            .min()
            .expect("moves");
        let m = mobile.choose(&p.board, &mut rng).expect("a move");
        assert_eq!(p.board.play_unchecked(m).legal_moves().len(), fewest);
    }
}

#[test]
fn ffo_obf_positions_parse_for_the_search() {
    let rec = parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
        .expect("obf");
    let mut searcher = Searcher::new(4, 4);
    let r = searcher
        .search(&rec.position.board, Limits::depth(60, 20))
        .expect("ok");
    assert!(r.exact);
    assert_eq!(r.score, 1800);
    assert_eq!(r.best, Square::parse("g8").ok());
}

/// A constructed position where Black may play on every one of the 33 empty squares
/// (issue 12: move lists of 32 slots overflowed on it).
const EVERY_EMPTY_SQUARE_LEGAL: &str =
    "----OX---O----O-XOXO-OO--OOOXXX--X-XOOO--OX-XX---OOXOOO--------- X";

/// Fails unless every move of `line` can be played in turn from `board`, a pass only
/// when it is forced. Written with the checked `Board::play`, not the engine's helper.
fn assert_replays(board: &Board, line: &[Option<Square>], what: &str) {
    let mut b = *board;
    for (i, mv) in line.iter().enumerate() {
        b = match mv {
            Some(sq) => b
                .play(*sq)
                .unwrap_or_else(|e| panic!("{what}: move {} ({sq}) of {line:?}: {e}", i + 1)),
            None => {
                assert!(
                    b.legal_moves_bits() == 0 && b.pass().legal_moves_bits() != 0,
                    "{what}: move {} of {line:?} is a pass that is not forced",
                    i + 1
                );
                b.pass()
            }
        };
    }
}

#[test]
fn a_position_with_33_legal_moves_is_searched() {
    let board = parse_obf(EVERY_EMPTY_SQUARE_LEGAL)
        .expect("obf")
        .position
        .board;
    assert_eq!(board.legal_moves().len(), 33);
    let mut searcher = Searcher::new(4, 4);
    for depth in 1..=6 {
        let r = searcher
            .search(&board, Limits::depth(depth, 0))
            .expect("not stopped");
        assert!(!r.exact);
        assert!(r.score.abs() < 64 * 100, "depth {depth}: {}", r.score);
        let best = r.best.expect("a move");
        assert!(board.is_legal(best));
        assert_eq!(r.pv.first().copied().flatten(), Some(best), "depth {depth}");
        assert_replays(&board, &r.pv, &format!("depth {depth}"));
    }
}

#[test]
fn a_position_with_33_legal_moves_is_analyzed_with_legal_lines() {
    let board = parse_obf(EVERY_EMPTY_SQUARE_LEGAL)
        .expect("obf")
        .position
        .board;
    let mut searcher = Searcher::new(4, 4);
    let options = AnalysisOptions {
        depth: 8,
        ..AnalysisOptions::default()
    };
    let values = analyze(&mut searcher, &board, options).expect("not stopped");
    assert_eq!(values.len(), 33);
    for v in &values {
        let Move::Place(sq) = v.mv else {
            panic!("a pass with moves to play")
        };
        assert_eq!(v.pv.first().copied().flatten(), Some(sq));
        assert_replays(&board, &v.pv, &sq.to_string());
        // An estimate never reads as a wipe-out (it did: "e3 +64 d8").
        assert!(!v.exact);
        assert!(v.discs().abs() < 64, "{sq}: {}", v.discs());
    }
}

#[test]
fn choose_move_gives_each_strategy_a_legal_move_and_a_value() {
    use othello_tutor::engine::players::choose_move;
    let mut rng = StdRng::seed_from_u64(5);
    let mut searcher = Searcher::new(4, 4);
    for plies in [0, 10, 30, 50] {
        let p = random_position(&mut rng, plies);
        if p.legal_moves().is_empty() {
            continue;
        }
        for strategy in [
            Strategy::Greedy,
            Strategy::StaticSquares,
            Strategy::MobilityOnly,
            Strategy::Engine(1),
            Strategy::Engine(3),
        ] {
            let c = choose_move(&mut searcher, &p.board, strategy, &mut rng).expect("a move");
            assert!(p.board.is_legal(c.square), "{strategy:?}");
            assert!(c.value.abs() <= 64);
            // The simple strategies follow their rule, as `Player::choose` does.
            if strategy == Strategy::Greedy {
                let most = p.legal_moves().into_iter().map(|m| p.board.flips(m).len());
                assert_eq!(p.board.flips(c.square).len(), most.max().expect("moves"));
            }
        }
    }
    // Near the end an engine level's value is the exact one.
    let rec = parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
        .expect("obf");
    let c = choose_move(
        &mut searcher,
        &rec.position.board,
        Strategy::Engine(6),
        &mut rng,
    )
    .expect("a move");
    assert_eq!((c.value, c.exact), (18, true));
    // No move, no choice.
    let full = Board {
        player: u64::MAX,
        opponent: 0,
    };
    assert_eq!(
        choose_move(&mut searcher, &full, Strategy::Engine(3), &mut rng),
        None
    );
}

#[test]
fn multi_probcut_prunes_and_stays_close() {
    use othello_tutor::engine::mpc;
    use std::sync::Arc;
    let table = Arc::new(mpc::shipped().clone());
    let (mut plain_nodes, mut cut_nodes) = (0u64, 0u64);
    for i in 0..6 {
        let board = othello_tutor::tutor::openings::xot_position(300 + 11 * i).board;
        let limits = Limits::depth(9, 0);
        let mut plain = Searcher::new(4, 4);
        let p = plain.search(&board, limits).expect("not stopped");
        // A confidence no prediction can reach: nothing is cut, the same search.
        let mut never = Searcher::new(4, 4);
        never.set_selectivity(Some((table.clone(), 1.0e6)));
        let n = never.search(&board, limits).expect("not stopped");
        assert_eq!(
            (n.score, n.best, n.nodes),
            (p.score, p.best, p.nodes),
            "opening {i}"
        );
        // A usual confidence: fewer nodes, a legal move, a value within a few discs.
        let mut cut = Searcher::new(4, 4);
        cut.set_selectivity(Some((table.clone(), 1.5)));
        let c = cut.search(&board, limits).expect("not stopped");
        assert!(board.is_legal(c.best.expect("a move")));
        assert!(
            (c.score - p.score).abs() <= 10 * 100,
            "opening {i}: {} vs {}",
            c.score,
            p.score
        );
        plain_nodes += p.nodes;
        cut_nodes += c.nodes;
    }
    assert!(
        cut_nodes < plain_nodes,
        "{cut_nodes} nodes with cuts, {plain_nodes} without"
    );
}

/// A fresh searcher's iteration d gives exactly what a fresh search to depth d gives,
/// with and without Multi-ProbCut, and for a side that must pass (the book build takes
/// its two leaf values from one search on this ground).
#[test]
fn each_iteration_equals_a_fresh_search_to_its_depth() {
    use othello_tutor::engine::mpc;
    let table = Arc::new(mpc::shipped().clone());
    let mut rng = StdRng::seed_from_u64(77);
    let mut boards: Vec<Board> = (0..3)
        .map(|i| othello_tutor::tutor::openings::xot_position(40 + 7 * i).board)
        .collect();
    // A side that must pass while its opponent can move, found by random play.
    let must_pass = |b: &Board| b.legal_moves_bits() == 0 && b.pass().legal_moves_bits() != 0;
    let pass = (0..10_000)
        .find_map(|_| {
            let plies = 40 + rng.random_range(0..20);
            let p = random_position(&mut rng, plies);
            must_pass(&p.board).then_some(p.board)
        })
        .expect("random games reach a pass");
    boards.push(pass);
    for (i, board) in boards.iter().enumerate() {
        for selectivity in [None, Some((table.clone(), 1.5))] {
            let fresh = |depth: u32| {
                let mut s = Searcher::new(4, 4);
                s.set_selectivity(selectivity.clone());
                s.search(board, Limits::depth(depth, 0))
                    .expect("not stopped")
            };
            let mut deep = Searcher::new(4, 4);
            deep.set_selectivity(selectivity.clone());
            let r = deep
                .search(board, Limits::depth(8, 0))
                .expect("not stopped");
            let iterations = deep.iterations().to_vec();
            let reached = 8.min(board.empty_count());
            assert_eq!(iterations.len() as u32, reached, "position {i}");
            assert_eq!(iterations.last().map(|it| it.1), Some(r.score));
            for (depth, score, best) in iterations {
                let f = fresh(depth);
                assert_eq!(score, f.score, "position {i}, depth {depth}");
                if best.is_some() {
                    assert_eq!(best, f.best, "position {i}, depth {depth}");
                }
            }
        }
    }
}
