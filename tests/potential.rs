//! Rules and move generation of "Potential" (src/potential): the rulebook's tests and
//! the fast generator against the slow reference in `common/potential.rs`.

use crate::common_potential as helpers;

use std::collections::{BTreeSet, HashSet};

use helpers::*;
use othello_tutor::potential::{
    Analysis, Cell, Color, GameResult, Handicap, IllegalMove, Phase, Position, PotentialMove,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

// ---------------------------------------------------------------------------
// §9 of the rulebook: the first ten tests.

/// §9.1 (rule 8): a piece whose only neighbour is one oblique neighbour has
/// no move.
#[test]
fn rule8_leaf_with_one_oblique_neighbour_has_no_move() {
    let p = pos(
        3,
        &[
            ((0, 0), W),
            ((1, 0), B),
            ((2, 0), W),
            ((3, 0), B),
            ((4, 0), B),
            ((5, 1), W),
        ],
        W,
    );
    let a = p.analysis();
    let leaf = a.pieces().iter().find(|i| i.cell == c(5, 1)).copied();
    let leaf = leaf.expect("leaf present");
    assert_eq!((leaf.t, leaf.d, leaf.bound), (1, 0, false));
    assert!(!leaf.is_movable());
    assert!(p.targets_of(c(5, 1)).is_empty());
    assert!(
        slow_steps(p.board(), W)
            .iter()
            .all(|&(from, _)| from != c(5, 1))
    );
    assert_eq!(
        p.check(step(5, 1, 6, 2)),
        Err(IllegalMove::NoPotential(c(5, 1)))
    );
    // White still has moves with its other pieces.
    assert_eq!(p.phase(), Phase::Moving);
    assert!(!p.legal_moves().is_empty());
}

/// §9.2 (rule 6): a bound piece has no move, even to a cell that would join
/// the two halves again.
#[test]
fn bound_piece_cannot_move_even_to_a_rebridging_cell() {
    let p = pos(
        3,
        &[
            ((0, 0), W),
            ((1, 0), B),
            ((2, 0), W),
            ((3, 0), B),
            ((4, 0), W),
            ((5, 0), B),
        ],
        B,
    );
    // (1,0) -> (1,1) would touch (0,0) and (2,0): the group would be whole
    // again, and (t, d) would drop from (2, 2) to (2, 0).
    let mut after: Vec<(Cell, Color)> = p.board().pieces().collect();
    for piece in &mut after {
        if piece.0 == c(1, 0) {
            piece.0 = c(1, 1);
        }
    }
    assert!(
        Position::from_pieces(3, &after, W).is_ok(),
        "the result would be one group"
    );
    assert!(slow_bound(p.board(), c(1, 0)));
    assert_eq!(p.check(step(1, 0, 1, 1)), Err(IllegalMove::Bound(c(1, 0))));
    assert!(p.targets_of(c(1, 0)).is_empty());
    assert!(!p.legal_moves().contains(&step(1, 0, 1, 1)));
    // Black can still move its free end.
    assert!(p.legal_moves().contains(&step(5, 0, 4, 1)) || !p.targets_of(c(5, 0)).is_empty());
}

/// §9.3 (rules 6 and 8): no move lands on a cell with no neighbour, neither
/// far away nor next to the mover's own old cell only.
#[test]
fn no_move_to_a_cell_without_neighbours() {
    let p = pos(
        3,
        &[
            ((0, 0), W),
            ((1, 0), B),
            ((2, 0), W),
            ((3, 0), B),
            ((4, 0), W),
            ((5, 0), B),
        ],
        B,
    );
    // (5,0) has (t, d) = (1, 1): any cell with (0, 0) is "fewer", but isolated.
    assert_eq!(
        p.check(step(5, 0, 6, 0)),
        Err(IllegalMove::Isolated(c(6, 0)))
    );
    assert_eq!(
        p.check(step(5, 0, 6, 1)),
        Err(IllegalMove::Isolated(c(6, 1)))
    );
    assert_eq!(
        p.check(step(5, 0, 9, 9)),
        Err(IllegalMove::Isolated(c(9, 9)))
    );
    for target in p.targets_of(c(5, 0)) {
        assert!(p.board().neighbour_counts(target, Some(c(5, 0))).0 >= 1);
    }
    // The only legal targets are the (1, 0) cells of the rest.
    let mut targets = p.targets_of(c(5, 0));
    targets.sort();
    let expected: Vec<Cell> = [(-1, -1), (-1, 1), (5, -1), (5, 1)]
        .iter()
        .map(|&(x, y)| c(x, y))
        .collect();
    assert_eq!(targets, expected);
}

/// §9.4: neighbours at the target are counted without the mover's old cell.
#[test]
fn target_count_ignores_the_old_cell() {
    // The mover on (0,1) touches (0,0) directly and (1,0) obliquely: (2, 1).
    let p = pos(
        3,
        &[
            ((0, 0), W),
            ((1, 0), B),
            ((0, 1), W),
            ((2, 0), B),
            ((3, 0), W),
            ((4, 0), B),
        ],
        W,
    );
    let a = p.analysis();
    let mover = a.pieces().iter().find(|i| i.cell == c(0, 1)).copied();
    assert_eq!(mover.map(|m| (m.t, m.d, m.bound)), Some((2, 1, false)));
    // One diagonal step away from the pair: its only neighbour would be the
    // old cell, so it would stand alone.
    assert_eq!(
        p.check(step(0, 1, -1, 2)),
        Err(IllegalMove::Isolated(c(-1, 2)))
    );
    // One step sideways: (1, 0) without the old cell, (2, 1) with it.
    assert_eq!(p.check(step(0, 1, -1, 1)), Ok(()));
    assert_eq!(p.board().neighbour_counts(c(-1, 1), Some(c(0, 1))), (1, 0));
    assert_eq!(p.board().neighbour_counts(c(-1, 1), None), (2, 1));
}

/// §9.5 (rule 7): an equal `(t, d)` is illegal, `(t, d − 1)` is legal, and
/// `(t − 1, 4)` is legal.
#[test]
fn equal_key_illegal_fewer_direct_legal_fewer_neighbours_legal() {
    // White to move; the mover [W] on (1,2) has 5 neighbours, 3 direct.
    //        -3 -2 -1  0  1  2  3
    //     3   .  .  .  W  W  .  .
    //     2   .  B  .  B [W] .  .
    //     1   .  .  B  a  B  B  .      a = (0,1) would give (4, 4)
    //     0   .  .  .  W  .  b  .      b = (2,0) would give (5, 2)
    //    -1   .  .  B  B  W  W  B
    //    -2   B  W  e  W  B  W  .      e = (-1,-2) would give (5, 3)
    //    -3   .  W  .  .  .  .  .
    let p = pos(
        10,
        &[
            ((0, 0), W),
            ((1, 1), B),
            ((-2, -3), W),
            ((3, -1), B),
            ((-2, -2), W),
            ((2, 1), B),
            ((1, -1), W),
            ((0, -1), B),
            ((1, 2), W),
            ((0, 2), B),
            ((0, 3), W),
            ((-1, 1), B),
            ((2, -2), W),
            ((-2, 2), B),
            ((2, -1), W),
            ((1, -2), B),
            ((1, 3), W),
            ((-3, -2), B),
            ((0, -2), W),
            ((-1, -1), B),
        ],
        W,
    );
    let from = c(1, 2);
    let a = p.analysis();
    let mover = a.pieces().iter().find(|i| i.cell == from).copied();
    assert_eq!(mover.map(|m| (m.t, m.d, m.bound)), Some((5, 3, false)));
    let (same, fewer_direct, fewer) = (c(-1, -2), c(2, 0), c(0, 1));
    let counts = |q| p.board().neighbour_counts(q, Some(from));
    assert_eq!(counts(same), (5, 3));
    assert_eq!(counts(fewer_direct), (5, 2));
    assert_eq!(counts(fewer), (4, 4));
    assert!(matches!(
        p.check(PotentialMove::Step { from, to: same }),
        Err(IllegalMove::NotLower { .. })
    ));
    assert_eq!(
        p.check(PotentialMove::Step {
            from,
            to: fewer_direct
        }),
        Ok(())
    );
    assert_eq!(p.check(PotentialMove::Step { from, to: fewer }), Ok(()));
    let reference = slow_steps(p.board(), W);
    assert!(!reference.contains(&(from, same)));
    assert!(reference.contains(&(from, fewer_direct)));
    assert!(reference.contains(&(from, fewer)));
    let targets = p.targets_of(from);
    assert!(
        !targets.contains(&same) && targets.contains(&fewer_direct) && targets.contains(&fewer)
    );
}

/// §9.6: every phase-2 move lowers the position potential, which never
/// falls below 5(M − 1).
#[test]
fn potential_strictly_decreases_on_every_move() {
    let mut rng = StdRng::seed_from_u64(6);
    let mut moves_checked = 0;
    for _ in 0..1000 {
        let n = random_n(&mut rng);
        let mut p = random_position(&mut rng, n);
        while !p.is_over() {
            let moves = p.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            let before = p.potential();
            let placing = p.phase() == Phase::Placing;
            assert!(p.play(mv).is_ok());
            if !placing {
                assert!(
                    p.potential() < before,
                    "{mv}: {before} -> {}",
                    p.potential()
                );
                moves_checked += 1;
            }
            let m = p.board().len() as u32;
            if m == 2 * n as u32 {
                assert!(p.potential() >= 5 * (m - 1));
            }
        }
    }
    assert!(moves_checked > 2000, "only {moves_checked} moves checked");
}

/// §9.7: the stuck test (the key theorem: no piece both free and above
/// (1, 0)) agrees with an empty brute-force move list.
#[test]
fn stuck_test_matches_theorem_and_brute_force() {
    let mut rng = StdRng::seed_from_u64(7);
    let (mut stuck, mut free) = (0, 0);
    for _ in 0..1500 {
        let n = random_n(&mut rng);
        let p = random_position(&mut rng, n);
        if p.phase() == Phase::Placing {
            continue;
        }
        let a = p.analysis();
        for color in [W, B] {
            let theorem = !a
                .pieces()
                .iter()
                .any(|i| i.color == color && !slow_bound(p.board(), i.cell) && 5 * i.t + i.d > 5);
            let brute = slow_steps(p.board(), color).is_empty();
            assert_eq!(theorem, brute, "{:?}", p.board());
            assert_eq!(!a.has_move(color), brute, "{:?}", p.board());
            if brute {
                stuck += 1;
            } else {
                free += 1;
            }
        }
    }
    assert!(stuck > 50 && free > 50, "stuck {stuck}, free {free}");
}

/// §9.8 (rule 9): during the run the stuck side stays frozen even when its
/// pieces could move again; the run's length is the score; an empty run is
/// a draw; a handicap is added at the end.
#[test]
fn run_scoring_frozen_loser_draw_and_handicap() {
    // White's pieces are all bound or leaves; Black's (4,5) can move.
    //   B(0,0) W(1,1) W(2,2) W(3,3) B(4,4) B(4,5)
    let mut p = pos(
        3,
        &[
            ((0, 0), B),
            ((1, 1), W),
            ((2, 2), W),
            ((3, 3), W),
            ((4, 4), B),
            ((4, 5), B),
        ],
        W,
    );
    assert_eq!(
        p.phase(),
        Phase::Run {
            runner: B,
            points: 0
        }
    );
    assert_eq!(p.to_move(), B);
    // Black's (4,5) has (1, 1); its only lower targets are (1, 0) cells,
    // such as (-1,-1) beyond the other end of the chain.
    assert!(p.play(step(4, 5, -1, -1)).is_ok());
    // Now (4,4) is a leaf with one oblique neighbour and (0,0) is bound; the
    // run is over: Black made one move.
    assert_eq!(p.result(), Some(GameResult::win(B, 1)));
    assert_eq!(
        p.result().map(|r| r.to_string()),
        Some("Black +1".to_string())
    );

    // A frozen piece that becomes movable during the run still may not move.
    let mut q = frozen_example();
    let runner = match q.phase() {
        Phase::Run { runner, .. } => runner,
        other => panic!("expected a run, got {other:?}"),
    };
    let stuck = runner.opponent();
    let mut unfrozen = false;
    let mut points = 0;
    while let Phase::Run { .. } = q.phase() {
        let a = q.analysis();
        if a.has_move(stuck) {
            unfrozen = true;
            let piece = a
                .pieces()
                .iter()
                .find(|i| i.color == stuck && i.is_movable());
            let piece = piece.expect("a movable stuck piece");
            let mut steps = Vec::new();
            a.piece_steps_into(
                a.pieces()
                    .iter()
                    .position(|i| i.cell == piece.cell)
                    .unwrap_or(0),
                &mut steps,
            );
            let mv = steps[0].mv;
            assert!(matches!(q.check(mv), Err(IllegalMove::NotYours { .. })));
        }
        assert_eq!(q.to_move(), runner);
        let mv = q.legal_moves()[0];
        assert!(q.play(mv).is_ok());
        points += 1;
    }
    assert!(
        unfrozen,
        "the example should free a stuck piece during the run"
    );
    assert_eq!(q.result(), Some(GameResult::win(runner, points)));

    // Both sides stuck at once: a draw.
    let d = pos(
        3,
        &[
            ((0, 0), W),
            ((1, 1), B),
            ((2, 2), W),
            ((3, 3), B),
            ((4, 4), W),
            ((5, 5), B),
        ],
        W,
    );
    assert_eq!(d.result(), Some(GameResult::DRAW));
    assert_eq!(GameResult::DRAW.to_string(), "Draw");

    // Handicap: added to the weaker side's result at the end.
    let r = GameResult::win(B, 3);
    let h = |receiver, points| Handicap { receiver, points };
    assert_eq!(r.with_handicap(h(W, 5)).to_string(), "White +2");
    assert_eq!(r.with_handicap(h(W, 3)), GameResult::DRAW);
    assert_eq!(r.with_handicap(h(B, 2)).to_string(), "Black +5");
    assert_eq!(
        GameResult::DRAW.with_handicap(h(B, 1)).to_string(),
        "Black +1"
    );
}

/// A position in a run where a runner's move frees a stuck piece (found by
/// a search over random positions, then written down).
fn frozen_example() -> Position {
    pos(
        3,
        &[
            ((0, 0), W),
            ((-1, -1), B),
            ((1, -1), W),
            ((-1, 0), B),
            ((2, 0), W),
            ((-2, 1), B),
        ],
        W,
    )
}

/// §9.9 (rules 3 and 4): the first piece goes on the centre; a placement may
/// touch only its own color; one touching nothing is illegal; phase 2
/// starts with White.
#[test]
fn placing_rules_and_white_starts_phase_two() {
    let mut p = Position::new(3).expect("3 per side");
    assert_eq!(p.legal_moves(), vec![PotentialMove::Place(Cell::ORIGIN)]);
    assert_eq!(
        p.check(PotentialMove::Place(c(1, 1))),
        Err(IllegalMove::NotCentre)
    );
    assert!(p.play(PotentialMove::Place(c(0, 0))).is_ok());
    assert_eq!(p.to_move(), B);
    assert_eq!(p.legal_moves().len(), 8);
    assert!(p.play(PotentialMove::Place(c(1, 0))).is_ok());
    // White next to White only.
    assert_eq!(p.check(PotentialMove::Place(c(-1, 0))), Ok(()));
    assert_eq!(
        p.check(PotentialMove::Place(c(3, 0))),
        Err(IllegalMove::Detached(c(3, 0)))
    );
    assert_eq!(
        p.check(PotentialMove::Place(c(1, 0))),
        Err(IllegalMove::Occupied(c(1, 0)))
    );
    assert_eq!(p.check(step(0, 0, 0, 1)), Err(IllegalMove::StillPlacing));
    assert!(p.play(PotentialMove::Place(c(-1, 0))).is_ok());
    // Black next to Black only.
    assert!(p.play(PotentialMove::Place(c(2, 1))).is_ok());
    assert!(p.play(PotentialMove::Place(c(-1, 1))).is_ok());
    assert_eq!(p.in_hand(W), 0);
    assert_eq!(p.in_hand(B), 1);
    assert_eq!(p.phase(), Phase::Placing);
    assert!(p.play(PotentialMove::Place(c(3, 1))).is_ok());
    assert_eq!(p.phase(), Phase::Moving);
    assert_eq!(p.to_move(), W);
    assert_eq!(
        p.check(PotentialMove::Place(c(4, 4))),
        Err(IllegalMove::NotPlacing)
    );
}

/// §9.10: positions equal up to translation and the eight symmetries have
/// the same canonical form and hash; different positions do not.

// ---------------------------------------------------------------------------
// The fast generator against the slow reference.

#[test]
fn fast_move_generator_matches_slow_reference_on_10000_positions() {
    let mut rng = StdRng::seed_from_u64(2024);
    let mut total_moves = 0usize;
    let mut phase2 = 0;
    for i in 0..10_000 {
        let n = random_n(&mut rng);
        let p = random_position(&mut rng, n);
        let board = p.board();
        let a = Analysis::new(board);
        // Bound pieces and keys.
        let occupied: BTreeSet<Cell> = board.pieces().map(|(q, _)| q).collect();
        for info in a.pieces() {
            assert_eq!(
                info.bound,
                slow_bound(board, info.cell),
                "#{i} {:?}",
                info.cell
            );
            let mut rest = occupied.clone();
            rest.remove(&info.cell);
            assert_eq!(
                slow_counts(&rest, info.cell),
                (u32::from(info.t), u32::from(info.d))
            );
        }
        // Placements.
        let fast_places: BTreeSet<Cell> = a.placements().iter().map(|m| m.target()).collect();
        assert_eq!(fast_places, slow_placements(board), "#{i}");
        // Moves of both sides, and their count without listing.
        if p.phase() != Phase::Placing {
            phase2 += 1;
            for color in [W, B] {
                let slow = slow_steps(board, color);
                let fast = fast_steps(board, color);
                assert_eq!(fast, slow, "#{i} {color} {:?}", board);
                assert_eq!(a.mobility(color), slow.len(), "#{i} {color}");
                total_moves += slow.len();
            }
            // The rule-checked path agrees with the generator.
            let legal: BTreeSet<PotentialMove> = p.legal_moves().into_iter().collect();
            for m in &legal {
                assert_eq!(p.check(*m), Ok(()));
            }
        }
    }
    assert!(phase2 > 5_000, "only {phase2} phase-2 positions");
    assert!(total_moves > 500_000, "only {total_moves} moves compared");
}

/// Every move the rule check accepts is generated, and every other target
/// near the group is refused with a reason.
#[test]
fn rule_check_agrees_with_generator_cell_by_cell() {
    let mut rng = StdRng::seed_from_u64(77);
    for _ in 0..300 {
        let n = random_n(&mut rng);
        let p = random_position(&mut rng, n);
        if !matches!(p.phase(), Phase::Moving | Phase::Run { .. }) {
            continue;
        }
        let legal: HashSet<PotentialMove> = p.legal_moves().into_iter().collect();
        let Some((lo, hi)) = p.board().bounding_box() else {
            continue;
        };
        for (from, _) in p.board().pieces() {
            for x in lo.x - 2..=hi.x + 2 {
                for y in lo.y - 2..=hi.y + 2 {
                    let mv = PotentialMove::Step { from, to: c(x, y) };
                    assert_eq!(p.check(mv).is_ok(), legal.contains(&mv), "{mv}");
                }
            }
        }
    }
}
