//! Repeatable analysis values (issue 13): the same values whatever was searched
//! before, on the eight symmetric images of a position, and with any thread count;
//! the stop flag stops every thread; the tutor's grading settings.

use othello_tutor::engine::analysis::{
    AnalysisOptions, MoveValue, analyze, analyze_with_threads, best_and_played, prepare_grade,
};
use othello_tutor::engine::notation::parse_obf;
use othello_tutor::engine::search::{Limits, SearchError, Searcher};
use othello_tutor::engine::{Board, Move, Square, symmetry};
use othello_tutor::tutor::settings;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A few midgame positions: XOT openings played on by a fixed rule (the last legal
/// move, then the first, in turn) to about 44 empties.
fn midgame_boards() -> Vec<Board> {
    (0..4)
        .map(|i| {
            let mut b = othello_tutor::tutor::openings::xot_position(i * 37 + 5).board;
            for k in 0..8 {
                let moves: Vec<Square> = b.legal_moves().into_iter().collect();
                if moves.is_empty() {
                    b = b.pass();
                    continue;
                }
                let sq = if k % 2 == 0 {
                    moves[moves.len() - 1]
                } else {
                    moves[0]
                };
                b = b.play_unchecked(sq);
            }
            b
        })
        .collect()
}

const MIDGAME: AnalysisOptions = AnalysisOptions {
    depth: 6,
    exact_empties: 0,
    time: None,
    selective: None,
    smoothed: true,
};

/// Multi-ProbCut at confidence 2, depth 8: a selective search's grade.
const SELECTIVE: AnalysisOptions = AnalysisOptions {
    depth: 8,
    exact_empties: 0,
    time: None,
    selective: Some(othello_tutor::engine::mpc::Confidence(200)),
    smoothed: true,
};

fn scores(values: &[MoveValue]) -> Vec<(Move, i32)> {
    values.iter().map(|v| (v.mv, v.score)).collect()
}

#[test]
fn symmetry_maps_squares_and_bits_alike_and_inverts() {
    for sym in 0..symmetry::SYMMETRIES {
        let back = symmetry::inverse(sym);
        for i in 0..64u32 {
            let sq = Square::from_index_unchecked(i);
            let image = symmetry::square(sq, sym);
            assert_eq!(
                symmetry::apply(sq.bit(), sym),
                image.bit(),
                "sym {sym} {sq}"
            );
            assert_eq!(symmetry::square(image, back), sq, "sym {sym} {sq}");
        }
    }
    // Eight different images of an asymmetric set.
    let x = (1u64 << 1) | (1 << 10) | (1 << 20);
    let mut images: Vec<u64> = (0..8).map(|s| symmetry::apply(x, s)).collect();
    images.sort();
    images.dedup();
    assert_eq!(images.len(), 8);
}

#[test]
fn the_four_opening_moves_get_equal_values() {
    let mut searcher = Searcher::new(4, 4);
    for depth in [1, 4, 7] {
        let options = AnalysisOptions {
            depth,
            exact_empties: 0,
            time: None,
            selective: None,
            smoothed: true,
        };
        let values = analyze(&mut searcher, &Board::start(), options).expect("not stopped");
        assert_eq!(values.len(), 4);
        assert!(
            values.iter().all(|v| v.score == values[0].score),
            "depth {depth}: {:?}",
            scores(&values)
        );
        // Ties are listed by square: d3 (19), c4 (26), f5 (37), e6 (44).
        let order: Vec<String> = values.iter().map(|v| v.mv.to_string()).collect();
        assert_eq!(order, ["d3", "c4", "f5", "e6"]);
    }
}

#[test]
fn values_do_not_depend_on_what_was_searched_before() {
    let boards = midgame_boards();
    let fresh: Vec<Vec<MoveValue>> = boards
        .iter()
        .map(|b| analyze(&mut Searcher::new(4, 4), b, MIDGAME).expect("not stopped"))
        .collect();
    // One searcher, used for deep searches and other analyses first, in another order.
    let mut used = Searcher::new(4, 4);
    for b in boards.iter().rev() {
        used.search(b, Limits::depth(9, 0)).expect("not stopped");
        let deeper = AnalysisOptions {
            depth: 8,
            ..MIDGAME
        };
        analyze(&mut used, b, deeper).expect("not stopped");
    }
    for (b, expected) in boards.iter().zip(&fresh) {
        assert_eq!(
            &analyze(&mut used, b, MIDGAME).expect("not stopped"),
            expected
        );
    }
}

#[test]
fn symmetric_images_get_the_same_values() {
    let mut searcher = Searcher::new(4, 4);
    for b in midgame_boards() {
        let values = analyze(&mut searcher, &b, MIDGAME).expect("not stopped");
        for sym in 1..symmetry::SYMMETRIES {
            let image = symmetry::board(&b, sym);
            let turned = analyze(&mut searcher, &image, MIDGAME).expect("not stopped");
            // Move by move: the image of each move has the same value.
            let mut expected: Vec<(Move, i32)> = values
                .iter()
                .map(|v| match v.mv {
                    Move::Place(sq) => (Move::Place(symmetry::square(sq, sym)), v.score),
                    Move::Pass => (Move::Pass, v.score),
                })
                .collect();
            let mut got = scores(&turned);
            expected.sort_by_key(|m| format!("{}", m.0));
            got.sort_by_key(|m| format!("{}", m.0));
            assert_eq!(got, expected, "symmetry {sym}");
        }
    }
}

#[test]
fn the_thread_count_never_changes_the_values() {
    let mut searcher = Searcher::new(1, 1);
    for b in midgame_boards().iter().take(2) {
        let one = analyze_with_threads(&mut searcher, b, MIDGAME, 1).expect("not stopped");
        let two = analyze_with_threads(&mut searcher, b, MIDGAME, 2).expect("not stopped");
        let many = analyze_with_threads(&mut searcher, b, MIDGAME, 5).expect("not stopped");
        assert_eq!(one, two);
        assert_eq!(one, many);
    }
}

#[test]
fn exact_analysis_is_parallel_symmetric_and_right() {
    // FFO #1 (14 empties): every move's exact value, from the FFO test suite.
    let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let board = parse_obf(line).expect("obf").position.board;
    let options = AnalysisOptions {
        depth: 10,
        exact_empties: 14,
        time: None,
        selective: None,
        smoothed: true,
    };
    let mut searcher = Searcher::new(1, 1);
    let one = analyze_with_threads(&mut searcher, &board, options, 1).expect("not stopped");
    let two = analyze_with_threads(&mut searcher, &board, options, 2).expect("not stopped");
    assert_eq!(one, two);
    let got: Vec<(String, i32)> = one.iter().map(|v| (v.mv.to_string(), v.discs())).collect();
    let expected = [
        ("g8", 18),
        ("h1", 12),
        ("a2", 6),
        ("h7", 6),
        ("a3", 4),
        ("b1", -4),
        ("a4", -22),
        ("g2", -24),
    ];
    let expected: Vec<(String, i32)> = expected.iter().map(|(m, s)| (m.to_string(), *s)).collect();
    assert_eq!(got, expected);
    assert!(
        one.iter()
            .all(|v| v.exact && board.legal_prefix(&v.pv) == v.pv.len())
    );
    let image = symmetry::board(&board, 5);
    let turned = analyze_with_threads(&mut searcher, &image, options, 2).expect("not stopped");
    let mut a: Vec<i32> = one.iter().map(|v| v.score).collect();
    let mut b: Vec<i32> = turned.iter().map(|v| v.score).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

#[test]
fn a_flag_raised_before_the_start_stops_the_analysis() {
    let mut searcher = Searcher::new(1, 1);
    let flag = Arc::new(AtomicBool::new(true));
    searcher.set_stop_flag(flag);
    let b = &midgame_boards()[0];
    for threads in [1, 2] {
        let r = analyze_with_threads(&mut searcher, b, MIDGAME, threads);
        assert_eq!(r, Err(SearchError::Stopped));
    }
}

#[test]
fn a_flag_raised_from_another_thread_stops_every_thread() {
    // Depth 30 would take far longer than any test run: the analysis returns only
    // because the flag stops every thread.
    let b = midgame_boards()[1];
    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let mut searcher = Searcher::new(1, 1);
    searcher.set_stop_flag(flag);
    let deep = AnalysisOptions {
        depth: 30,
        exact_empties: 0,
        time: None,
        selective: None,
        smoothed: true,
    };
    let r = analyze_with_threads(&mut searcher, &b, deep, 2);
    raiser.join().expect("the raiser ends");
    match r {
        Err(SearchError::Stopped) => {}
        Ok(values) => {
            // Partial: every move at one common depth, short of the target.
            assert!(
                values
                    .iter()
                    .all(|v| v.depth == values[0].depth && v.depth < 30)
            );
        }
    }
}

#[test]
fn a_forced_pass_gives_one_value() {
    // White has no move here, Black has: one entry, a pass.
    let line = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O";
    let board = parse_obf(line).expect("obf").position.board;
    assert!(board.must_pass());
    let options = AnalysisOptions {
        depth: 4,
        exact_empties: 0,
        time: None,
        selective: None,
        smoothed: true,
    };
    let values = analyze(&mut Searcher::new(1, 1), &board, options).expect("not stopped");
    assert_eq!(values.len(), 1);
    assert_eq!(values[0].mv, Move::Pass);
}

#[test]
fn the_practice_settings_are_the_tutors() {
    assert_eq!(settings::FEEDBACK_ANALYSIS.depth, settings::FEEDBACK_DEPTH);
    assert_eq!(
        settings::FEEDBACK_ANALYSIS.exact_empties,
        settings::FEEDBACK_EXACT_EMPTIES
    );
    assert_eq!(settings::HINT_ANALYSIS.depth, settings::HINT_DEPTH);
    assert_eq!(
        settings::HINT_ANALYSIS.exact_empties,
        settings::HINT_EXACT_EMPTIES
    );
    assert!(settings::FEEDBACK_ANALYSIS.time.is_none() && settings::HINT_ANALYSIS.time.is_none());
    assert_eq!(
        othello_tutor::ui::practice::FEEDBACK_ANALYSIS,
        settings::FEEDBACK_ANALYSIS
    );
    let b = midgame_boards()[2];
    let mut searcher = Searcher::new(1, 1);
    assert_eq!(
        settings::feedback_values(&mut searcher, &b).expect("not stopped"),
        analyze(&mut searcher, &b, settings::FEEDBACK_ANALYSIS).expect("not stopped")
    );
}

/// Checks that `best_and_played` gives, for every move of `board`, the best value and
/// that move's value as `analyze` gives them.
fn check_two_searches(board: &Board, options: AnalysisOptions, label: &str) {
    let mut searcher = Searcher::new(1, 1);
    let all = analyze(&mut searcher, board, options).expect("not stopped");
    for v in &all {
        let Move::Place(sq) = v.mv else { continue };
        let two = best_and_played(&mut searcher, board, options, sq).expect("not stopped");
        if options.exact_empties >= board.empty_count() {
            assert!(two.iter().all(|m| m.exact), "{label} {sq}");
            // Among equal best moves, the one `analyze` lists first.
            if two.len() == 2 {
                assert_eq!(two[0].mv, all[0].mv, "{label} {sq}: best move");
            }
            for m in &two {
                assert_eq!(board.legal_prefix(&m.pv), m.pv.len(), "{label} {sq}");
                assert_eq!(
                    m.pv.first(),
                    Some(&Some(match m.mv {
                        Move::Place(q) => q,
                        Move::Pass => unreachable!("a placement"),
                    }))
                );
            }
        }
        assert_eq!(
            two.last().unwrap().score,
            v.score,
            "{label} {sq}: played value"
        );
        if options.exact_empties >= board.empty_count() {
            assert_eq!(two[0].score, all[0].score, "{label} {sq}: best value");
            assert_eq!(two.len() == 1, v.score == all[0].score, "{label} {sq}");
        } else {
            // Searched values are a mean of three depths: the best is the move the board's
            // search picks, valued as `analyze` values it.
            let value_of = |mv: Move| all.iter().find(|w| w.mv == mv).expect("a move").score;
            assert_eq!(
                two[0].score,
                value_of(two[0].mv),
                "{label} {sq}: best value"
            );
            assert!(
                two.len() == 1 || two[0].score > two[1].score,
                "{label} {sq}"
            );
        }
    }
}

#[test]
fn grading_values_are_the_analysis_values_of_the_two_moves() {
    // Two searches give the same best value and played value as valuing every move.
    let searched = AnalysisOptions {
        depth: 5,
        exact_empties: 0,
        time: None,
        selective: None,
        smoothed: true,
    };
    for i in 0..3 {
        let board = othello_tutor::tutor::openings::xot_position(40 + 17 * i).board;
        check_two_searches(&board, searched, &format!("XOT opening {}", 40 + 17 * i));
    }
    // Exactly solved: FFO #1.
    let ffo = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let board = parse_obf(ffo).expect("OBF").position.board;
    let exact = AnalysisOptions {
        depth: 4,
        exact_empties: 64,
        time: None,
        selective: None,
        smoothed: true,
    };
    check_two_searches(&board, exact, "FFO #1");
}

#[test]
fn selective_grading_values_are_analysis_values() {
    // With Multi-ProbCut a value depends on the search window: the two values are the
    // ones `analyze` gives those two moves, the best one being the move the board's
    // search picks.
    let selective = SELECTIVE;
    let mut boards: Vec<Board> = (0..3)
        .map(|i| othello_tutor::tutor::openings::xot_position(60 + 23 * i).board)
        .collect();
    boards.extend(midgame_boards());
    let mut searcher = Searcher::new(1, 1);
    for (i, board) in boards.iter().enumerate() {
        let all = analyze(&mut searcher, board, selective).expect("not stopped");
        let value_of = |mv: Move| all.iter().find(|v| v.mv == mv).expect("a move").score;
        for v in &all {
            let Move::Place(sq) = v.mv else { continue };
            let two = best_and_played(&mut searcher, board, selective, sq).expect("not stopped");
            let label = format!("board {i} {sq}");
            assert_eq!(two.last().unwrap().score, v.score, "{label}: played value");
            assert_eq!(two.last().unwrap().mv, v.mv, "{label}");
            assert_eq!(two[0].score, value_of(two[0].mv), "{label}: best value");
            if two.len() == 2 {
                assert!(two[0].score > two[1].score, "{label}");
            }
        }
    }
}

#[test]
fn a_grade_prepared_beyond_the_exact_threshold_has_the_values_of_a_fresh_one() {
    // While the learner thinks, the board's side of a searched grade is worked out and
    // kept in the searcher; the grade that follows values only the played move, with
    // the numbers of a grade from nothing, whichever move is played (the best one too).
    let selective = SELECTIVE;
    let boards = midgame_boards();
    let mut prepared = Searcher::new(1, 1);
    for (i, board) in boards.iter().enumerate() {
        prepare_grade(&mut prepared, board, selective).expect("not stopped");
        for sq in board.legal_moves() {
            let fresh =
                best_and_played(&mut Searcher::new(1, 1), board, selective, sq).expect("run");
            let after = best_and_played(&mut prepared, board, selective, sq).expect("run");
            assert_eq!(after, fresh, "board {i} {sq}");
        }
        // Groundwork for another board, or for other settings, is not used.
        let next = &boards[(i + 1) % boards.len()];
        let sq = next.legal_moves().into_iter().next().expect("a move");
        let fresh = best_and_played(&mut Searcher::new(1, 1), next, selective, sq).expect("run");
        assert_eq!(
            best_and_played(&mut prepared, next, selective, sq),
            Ok(fresh)
        );
        let plain = AnalysisOptions {
            selective: None,
            ..selective
        };
        let sq = board.legal_moves().into_iter().last().expect("a move");
        let fresh = best_and_played(&mut Searcher::new(1, 1), board, plain, sq).expect("run");
        assert_eq!(best_and_played(&mut prepared, board, plain, sq), Ok(fresh));
    }
}

#[test]
fn a_searched_value_is_the_one_two_one_mean_of_three_depths() {
    // A move's value stated at depth d is the 1:2:1 mean of fresh searches of the
    // position after it to d − 1, d − 2 and d − 3 plies (d, d − 1 and d − 2 counting
    // the move), so that the side that ends the search does not decide the value.
    let mut differ = 0;
    for (i, board) in midgame_boards().iter().enumerate() {
        for depth in [4, 5] {
            let options = AnalysisOptions {
                depth,
                exact_empties: 0,
                time: None,
                selective: None,
                smoothed: true,
            };
            let all = analyze(&mut Searcher::new(1, 1), board, options).expect("not stopped");
            for v in &all {
                let Move::Place(sq) = v.mv else { continue };
                let (child, _) = symmetry::canonical(&board.play_unchecked(sq));
                let raw = |d: u32| {
                    let mut fresh = Searcher::new(1, 1);
                    -fresh
                        .search(&child, Limits::depth(d, 0))
                        .expect("not stopped")
                        .score
                };
                let (a, b, c) = (raw(depth - 1), raw(depth - 2), raw(depth - 3));
                assert_eq!(v.score, (a + 2 * b + c) / 4, "board {i} {sq} depth {depth}");
                assert_eq!(v.depth, depth);
                differ += usize::from(a != b || b != c);
            }
        }
    }
    // The depths differ on most moves: the mean is not one of them alone.
    assert!(differ > 20, "{differ}");
}

#[test]
fn the_start_position_reads_even_at_every_depth() {
    // The start is a draw with perfect play: its four moves, at the analysis board's
    // settings, read within a disc of 0 at every depth from 4 to 11.
    let options = AnalysisOptions {
        depth: 11,
        exact_empties: 0,
        ..settings::ANALYSIS
    };
    let by_depth = othello_tutor::engine::analysis::analyze_by_depth(
        &mut Searcher::new(1, 1),
        &Board::start(),
        options,
        2,
    )
    .expect("not stopped");
    assert_eq!(by_depth.len(), 11);
    for (k, values) in by_depth.iter().enumerate().skip(3) {
        assert_eq!(values.len(), 4);
        for v in values {
            assert!(
                v.discs().abs() <= 1,
                "depth {}: {} reads {}",
                k + 1,
                v.mv,
                v.score
            );
        }
    }
}

#[test]
fn a_grade_without_time_for_its_proof_is_searched_unless_the_search_reaches_the_end() {
    use settings::{GradingValues, INTERIM_ANALYSIS, grading_values_within};
    use std::time::Duration;
    let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let mut board = parse_obf(ffo_1).expect("OBF").position.board;
    for sq in ["b1", "a1"] {
        board = board
            .play(Square::parse(sq).expect("square"))
            .expect("legal");
    }
    let a2 = board.legal_moves().into_iter().last().expect("a move");
    // 12 empties: the 12-ply search reaches the end, so its values are exact and the
    // grade is final, equal to the proved one.
    assert_eq!(board.empty_count(), 12);
    assert!(board.legal_moves().len() >= 2);
    let proved = settings::grading_values(&mut Searcher::new(1, 1), &board, a2).expect("run");
    match grading_values_within(&mut Searcher::new(1, 1), &board, a2, Duration::ZERO) {
        Ok(GradingValues::Final(v)) => assert_eq!(scores(&v), scores(&proved)),
        other => panic!("{other:?}"),
    }
    // A midgame position within the threshold but beyond the search's reach: the
    // grade is the search's, not exact, at the interim depth.
    let deep = parse_obf("-----------OOOO--OOOOOOO-OXXXXOOO-XXXOXO-OXXOXOO--XXXXOO--OOOO-- X")
        .expect("OBF")
        .position
        .board;
    let g8 = Square::parse("g8").expect("square");
    match grading_values_within(&mut Searcher::new(1, 1), &deep, g8, Duration::ZERO) {
        Ok(GradingValues::Interim(v)) => {
            assert!(
                v.iter()
                    .all(|m| !m.exact && m.depth == INTERIM_ANALYSIS.depth),
                "{v:?}"
            )
        }
        other => panic!("{other:?}"),
    }
}
