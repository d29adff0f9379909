//! Refutations, checked on the board: for every wrong move of every lesson step that
//! asks for a move (find-move and play-out starts), for the most tempting wrong move
//! of every step of every puzzle, and for a sample of the puzzles' other wrong moves,
//! every gain a refutation states is recounted on the board at the end of its line by
//! an independent check (`common/refutation.rs`), its line is legal, and its cost is
//! the difference of the engine's values. Then hand-built positions whose refutation
//! is known: an X- or C-square move that opens a corner, a move that leaves the
//! learner squeezed onto X- and C-squares, and a wrong move whose lines win nothing
//! on the board but whose facts and moves tell it from the better one. Every
//! refutation gives the better move a reason: a gain, a fact, the moves compared, or
//! the plain statement that no one fact tells them apart.

use crate::common_positions as positions;
use crate::common_refutation as check;

use check::{SHALLOW, check_refutation};
use othello_tutor::engine::analysis::AnalysisOptions;
use othello_tutor::engine::notation::parse_position;
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Position, Square};
use othello_tutor::tutor::content::load_lessons;
use othello_tutor::tutor::content::load_puzzles;
use othello_tutor::tutor::lesson::Step;
use othello_tutor::tutor::refutation::{Gain, Reason, Refutation, RefuteError, refute_with};

fn sq(s: &str) -> Square {
    Square::parse(s).expect("a square")
}

/// Refutes `wrong` in `pos` and checks it; how many gains it stated.
fn refute_and_check(s: &mut Searcher, pos: &Position, wrong: Square, label: &str) -> usize {
    match refute_with(s, pos, wrong, SHALLOW) {
        Ok(r) => {
            check_refutation(s, pos, wrong, &r, SHALLOW, label);
            r.gains.len()
        }
        // The engine values the move as high as the best at these settings.
        Err(RefuteError::NoLoss(_)) => 0,
        Err(e) => panic!("{label}: {e}"),
    }
}

#[test]
fn every_lesson_wrong_move_is_refuted_with_gains_that_hold_on_the_board() {
    let mut s = Searcher::new(16, 16);
    let (mut refuted, mut gains) = (0, 0);
    for lesson in load_lessons().expect("lessons") {
        for (i, step) in lesson.steps.iter().enumerate() {
            let (pos, accepted) = match step {
                Step::FindMove(fm) => (fm.setup.position, fm.moves),
                Step::PlayOut(po) => (po.header.setup.position, Default::default()),
                _ => continue,
            };
            for wrong in pos.legal_moves() {
                if accepted.contains(wrong) {
                    continue;
                }
                let label = format!("{} step {} {wrong}", lesson.id, i + 1);
                gains += refute_and_check(&mut s, &pos, wrong, &label);
                refuted += 1;
            }
        }
    }
    assert!(refuted > 100, "{refuted} wrong moves");
    // Most refutations name a gain: the checks above are not vacuous.
    assert!(
        gains > refuted / 2,
        "{gains} gains in {refuted} refutations"
    );
}

#[test]
fn sampled_puzzle_wrong_moves_are_refuted_with_gains_that_hold_on_the_board() {
    let mut s = Searcher::new(16, 16);
    let puzzles = load_puzzles().expect("puzzles");
    let (mut refuted, mut gains) = (0, 0);
    // Every 12th puzzle of every set, at every step, its first three wrong moves.
    for p in puzzles.iter().step_by(12) {
        for (k, step) in p.steps.iter().enumerate() {
            let wrong: Vec<Square> = step
                .position
                .legal_moves()
                .into_iter()
                .filter(|m| !step.accepted.contains(*m))
                .take(3)
                .collect();
            for w in wrong {
                let label = format!("puzzle {} step {k} {w}", p.id);
                gains += refute_and_check(&mut s, &step.position, w, &label);
                refuted += 1;
            }
        }
    }
    assert!(refuted > 100, "{refuted} wrong moves");
    assert!(
        gains > refuted / 3,
        "{gains} gains in {refuted} refutations"
    );
}

/// The wrong move a learner is most drawn to at `pos`: the one the evaluation likes
/// best one ply deep (ties to the lower square).
fn most_tempting(pos: &Position, accepted: &othello_tutor::engine::SquareSet) -> Option<Square> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| !accepted.contains(*m))
        .max_by_key(|m| {
            let child = pos.board.play_unchecked(*m);
            (
                -othello_tutor::engine::eval::evaluate(&child),
                -(m.index() as i32),
            )
        })
}

#[test]
fn every_puzzles_most_tempting_wrong_move_is_refuted_with_gains_that_hold_on_the_board() {
    use std::cell::RefCell;
    thread_local! {
        static SEARCHER: RefCell<Searcher> = RefCell::new(Searcher::new(16, 16));
    }
    let puzzles = load_puzzles().expect("puzzles");
    let steps: Vec<(String, Position, Square)> = puzzles
        .iter()
        .flat_map(|p| {
            p.steps.iter().enumerate().filter_map(move |(k, step)| {
                most_tempting(&step.position, &step.accepted)
                    .map(|w| (format!("puzzle {} step {k} {w}", p.id), step.position, w))
            })
        })
        .collect();
    let gains = othello_tutor::engine::pool::map(2, &steps, |_, (label, pos, w)| {
        SEARCHER.with(|s| refute_and_check(&mut s.borrow_mut(), pos, *w, label))
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(steps.len() >= puzzles.len(), "{} steps", steps.len());
    let gains: usize = gains.iter().sum();
    assert!(
        gains > steps.len() / 3,
        "{gains} gains in {} refutations",
        steps.len()
    );
}

/// Exact to the end: the positions below have 13 to 22 empties.
const EXACT: AnalysisOptions = AnalysisOptions {
    depth: 22,
    exact_empties: 22,
    time: None,
    selective: None,
    smoothed: true,
};

fn exact_refutation(obf: &str, wrong: &str) -> Refutation {
    let pos = parse_position(obf).expect("a position");
    let mut s = Searcher::new(16, 16);
    let r = refute_with(&mut s, &pos, sq(wrong), EXACT).expect("a refutation");
    check_refutation(&mut s, &pos, sq(wrong), &r, EXACT, obf);
    r
}

#[test]
fn a_c_square_that_opens_the_corner_is_refuted_by_the_corner() {
    // White to move; b1 (a C-square) lets Black flank along the first row into a1,
    // which it could not take before.
    let r = exact_refutation(
        "--XXXXXXXX-OOOOOXXOOOXOXXXOXXOXXOOXXOO-X-OOOXXX-OOOOOX--O-OX---- O",
        "b1",
    );
    assert!(r.cost().exact);
    assert_eq!(r.line.text(), "b1 a1");
    assert!(
        r.gains.iter().any(|g| g.gain()
            == Gain::Corner {
                square: sq("a1"),
                opened: true
            }),
        "{:?}",
        r.lines()
    );
    let text = r.lines().join("\n");
    assert!(
        text.contains("Black takes the a1 corner, which b1 opened."),
        "{text}"
    );
    assert!(text.contains("b1 costs 4 discs (exact)"), "{text}");
    // The better move is the corner itself.
    assert_eq!(r.better, sq("a1"));
}

#[test]
fn an_x_square_next_to_an_empty_corner_is_refuted_by_that_corner() {
    // White to move; h7 (the X-square of h8) opens h8 to Black.
    let r = exact_refutation(
        "XOOOOO--XO-OOOO-XOOOOOOOXXXXOOOOOOXXXOO--XXXXXXXX-OOOO----XXO-X- O",
        "h7",
    );
    assert!(
        r.gains.iter().any(|g| g.gain()
            == Gain::Corner {
                square: sq("h8"),
                opened: true
            }),
        "{:?}",
        r.lines()
    );
    // The better move takes that reply away.
    assert!(
        r.reasons
            .iter()
            .any(|x| matches!(x, Reason::Prevents { square, .. } if *square == sq("h8"))),
        "{:?}",
        r.lines()
    );
}

/// White to move, 21 empties: after b7 Black can answer h5, leaving White g7, h7
/// and b8 only, each next to an empty corner (counted by hand).
const SQUEEZED: &str = "XOOOOO--XO-OOOO-XOOOOOOOXXXXOOOOOOXXXOO--XXXXXXXX-OOOO----XXO-X- O";

/// The exact values of b7 and the best move in [`SQUEEZED`], b7's line replaced by
/// the purpose-built "b7 h5" (an optimal start: the engine's own line begins so, and
/// goes on to a corner, which would outweigh the squeeze).
fn squeezed_values() -> (Position, Vec<othello_tutor::engine::analysis::MoveValue>) {
    let pos = parse_position(SQUEEZED).expect("a position");
    let mut s = Searcher::new(16, 16);
    let mut values =
        othello_tutor::engine::analysis::best_and_played(&mut s, &pos.board, EXACT, sq("b7"))
            .expect("not stopped");
    let b7 = values
        .iter_mut()
        .find(|v| v.mv == othello_tutor::engine::Move::Place(sq("b7")))
        .expect("b7 valued");
    assert_eq!(
        &b7.pv[..2],
        &[Some(sq("b7")), Some(sq("h5"))],
        "{:?}",
        b7.pv
    );
    b7.pv.truncate(2);
    (pos, values)
}

#[test]
fn a_reply_that_leaves_the_learner_only_x_and_c_squares_is_named_a_squeeze() {
    let (pos, values) = squeezed_values();
    let line = othello_tutor::tutor::refutation::Line::from_pv(pos, &values[1].pv);
    assert_eq!(line.text(), "b7 h5");
    let gains: Vec<Gain> =
        othello_tutor::tutor::refutation::gains_on(&line, 1, pos.to_move.opposite())
            .iter()
            .map(|g| g.gain())
            .collect();
    let squeeze = gains
        .iter()
        .find_map(|g| match g {
            Gain::Squeeze { moves } => Some(*moves),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no squeeze: {gains:?}"));
    let names: Vec<String> = squeeze.into_iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ["g7", "h7", "b8"]);
    // The squeeze says more than the moves it takes away.
    assert!(
        !gains.iter().any(|g| matches!(g, Gain::Mobility { .. })),
        "{gains:?}"
    );
    // Built into a refutation, it is the headline.
    let r = othello_tutor::tutor::refutation::compute(&pos, sq("b7"), &values).expect("refuted");
    check::check_refutation(
        &mut Searcher::new(16, 16),
        &pos,
        sq("b7"),
        &r,
        EXACT,
        SQUEEZED,
    );
    assert!(
        r.headline().contains("White is left only X- and C-squares"),
        "{}",
        r.headline()
    );
}

#[test]
fn a_gain_that_is_not_on_the_board_is_refused() {
    // After b7 h5 Black has no corner, White can still move, Black has no stable
    // disc and h5 is no wedge: verify refuses each claim.
    let (pos, values) = squeezed_values();
    let line = othello_tutor::tutor::refutation::Line::from_pv(pos, &values[1].pv);
    let (end, who) = (1, pos.to_move.opposite());
    for claim in [
        Gain::Corner {
            square: sq("a8"),
            opened: false,
        },
        Gain::Pass,
        Gain::StableDiscs {
            before: 0,
            after: 30,
        },
        Gain::EdgeWedge(sq("h5")),
    ] {
        assert!(claim.verify(&line, end, who).is_err(), "{claim:?}");
    }
    // The squeeze that holds for Black is refused when claimed for White.
    let squeeze = Gain::Squeeze {
        moves: othello_tutor::tutor::refutation::gain::moves_of(&line.end(), pos.to_move),
    };
    assert!(squeeze.verify(&line, end, who).is_ok());
    assert!(squeeze.verify(&line, end, who.opposite()).is_err());
}

#[test]
fn a_refutation_reads_the_same_whatever_was_solved_before_and_on_any_threads() {
    // The exact line comes from a solver table shared by threads and kept between
    // grades; what it holds must not change the line shown.
    let pos = parse_position(SQUEEZED).expect("a position");
    let fresh = refute_with(&mut Searcher::new(16, 16), &pos, sq("b7"), EXACT).expect("refuted");
    let mut warm = Searcher::new(16, 16);
    for wrong in ["b8", "h5", "g7", "b7"] {
        let _ = refute_with(&mut warm, &pos, sq(wrong), EXACT);
    }
    let again = refute_with(&mut warm, &pos, sq("b7"), EXACT).expect("refuted");
    assert_eq!(fresh.lines(), again.lines());
    let one = othello_tutor::engine::pool::install(1, || {
        refute_with(&mut Searcher::new(16, 16), &pos, sq("b7"), EXACT).expect("refuted")
    })
    .expect("a pool");
    assert_eq!(fresh.lines(), one.lines());
}

#[test]
fn a_best_move_has_nothing_to_refute() {
    let pos = Position::start();
    let mut s = Searcher::new(4, 4);
    assert_eq!(
        refute_with(&mut s, &pos, sq("f5"), SHALLOW),
        Err(RefuteError::NoLoss(sq("f5")))
    );
    assert_eq!(
        refute_with(&mut s, &pos, sq("a1"), SHALLOW),
        Err(RefuteError::Illegal(sq("a1")))
    );
}

#[test]
fn a_move_whose_lines_win_nothing_is_told_apart_by_its_facts_and_the_moves_left() {
    // Black to move, 22 empties (a mined endgame puzzle). After c8 White has
    // 8 moves, after h2 only 6: no line wins a corner, a wedge or stable discs, so
    // the better move's reasons are that fact and the moves each side has after the
    // two replies (c8 h7: Black 8, White 7; h2 a7: Black 10, White 5).
    let r = exact_refutation(
        "----XX-----XXX--OOOOOXOOXXXXXXOOXXOOXOOOXXXOOO-X--OOOO-----OO--- X",
        "c8",
    );
    let text = r.lines().join("\n");
    assert_eq!(r.better, sq("h2"), "{text}");
    assert!(r.gains.is_empty(), "{text}");
    assert!(
        r.reasons.contains(&Reason::Contrast(
            "c8 leaves White 8 moves, h2 only 6.".into()
        )),
        "{text}"
    );
    let moves = r
        .reasons
        .iter()
        .find_map(|x| match x {
            Reason::Moves { wrong, better, .. } => Some((*wrong, *better)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no moves compared: {text}"));
    assert_eq!(
        (moves.0.reply, moves.0.mine, moves.0.theirs),
        (sq("h7"), 8, 7),
        "{text}"
    );
    assert_eq!(
        (moves.1.reply, moves.1.mine, moves.1.theirs),
        (sq("a7"), 10, 5),
        "{text}"
    );
    assert!(
        text.contains("After c8 h7 Black has 8 moves to White's 7; after h2 a7, 10 to 5."),
        "{text}"
    );
}

#[test]
fn every_refutation_in_positions_of_random_play_gives_the_better_move_a_reason() {
    use rand::SeedableRng;
    use std::cell::RefCell;
    thread_local! {
        static SEARCHER: RefCell<Searcher> = RefCell::new(Searcher::new(16, 16));
    }
    // Forty positions 14 to 33 plies into random games, each with a random legal
    // move that is not the only one: practice-like middle games, not the content's.
    let mut rng = rand::rngs::StdRng::seed_from_u64(4242);
    let mut items = Vec::new();
    while items.len() < 40 {
        let plies = 14 + items.len() / 2;
        let pos = positions::random_position(&mut rng, plies);
        let moves: Vec<Square> = pos.legal_moves().into_iter().collect();
        if moves.len() < 2 {
            continue;
        }
        use rand::RngExt;
        let w = moves[rng.random_range(0..moves.len())];
        items.push((format!("random {} {w}", items.len()), pos, w));
    }
    let reasons = othello_tutor::engine::pool::map(2, &items, |_, (label, pos, w)| {
        SEARCHER.with(|s| {
            let s = &mut s.borrow_mut();
            match refute_with(s, pos, *w, SHALLOW) {
                Ok(r) => {
                    check_refutation(s, pos, *w, &r, SHALLOW, label);
                    Some(r.reasons)
                }
                Err(RefuteError::NoLoss(_)) => None,
                Err(e) => panic!("{label}: {e}"),
            }
        })
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let refuted: Vec<_> = reasons.into_iter().flatten().collect();
    assert!(refuted.len() >= 25, "{} refuted", refuted.len());
    let plain = refuted
        .iter()
        .filter(|r| matches!(r.as_slice(), [Reason::NoSingleFact { .. }]))
        .count();
    // The plain statement is the exception, not the rule.
    assert!(plain * 4 <= refuted.len(), "{plain} of {}", refuted.len());
}

#[test]
fn a_corner_the_better_move_gives_as_early_is_not_what_the_reply_wins() {
    use othello_tutor::engine::Move;
    use othello_tutor::engine::analysis::MoveValue;
    use othello_tutor::tutor::refutation::compute;
    // White to move; h7 opens h8 to Black (the test above). Made-up values: a better
    // move after which Black can take h8 at once as well; its line does so.
    let pos = parse_position("XOOOOO--XO-OOOO-XOOOOOOOXXXXOOOOOOXXXOO--XXXXXXXX-OOOO----XXO-X- O")
        .expect("a position");
    let (h7, h8) = (sq("h7"), sq("h8"));
    let also = pos
        .legal_moves()
        .into_iter()
        .find(|&m| m != h7 && pos.play_unchecked(m).legal_moves().contains(h8))
        .expect("another move that opens h8");
    let value = |mv: Square, discs: i32, pv: &[Square]| MoveValue {
        mv: Move::Place(mv),
        score: discs * 100,
        exact: false,
        depth: 14,
        pv: pv.iter().map(|&s| Some(s)).collect(),
    };
    let values = [value(also, 4, &[also, h8]), value(h7, -10, &[h7, h8])];
    let r = compute(&pos, h7, &values).expect("a refutation");
    assert!(
        !r.gains
            .iter()
            .any(|g| matches!(g.gain(), Gain::Corner { square, .. } if square == h8)),
        "{also}: {:?}",
        r.lines()
    );
    // With a better line that keeps h8, the corner is named as before.
    let keeps = pos
        .legal_moves()
        .into_iter()
        .find(|&m| m != h7 && !pos.play_unchecked(m).legal_moves().contains(h8))
        .expect("a move that keeps h8");
    let values = [value(keeps, 4, &[keeps]), value(h7, -10, &[h7, h8])];
    let r = compute(&pos, h7, &values).expect("a refutation");
    assert!(
        r.gains
            .iter()
            .any(|g| matches!(g.gain(), Gain::Corner { square, .. } if square == h8)),
        "{keeps}: {:?}",
        r.lines()
    );
}
