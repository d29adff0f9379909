//! The coach's learner profile: scripted practice games with mistakes whose facts
//! are known by hand are put down to the right concept and phase; the profile is
//! kept with the progress, and an older progress file (without it) still loads.
//!
//! The games are real games (every move legal). The engine's values of the
//! learner's moves are given by hand, as the practice grade would hand them over:
//! a scripted mistake loses the discs written beside it, every other move of the
//! learner is the best or loses one disc (a good move). What names each mistake's
//! concept is a fact of the board, so each one is also stated here as claims of
//! [`Fact`] and checked by its own code (which walks the board's lines rather than
//! calling the move generator or the features the coach uses).

use crate::common;

use common::models::Driver;
use othello_tutor::engine::analysis::MoveValue;
use othello_tutor::engine::notation::parse_transcript;
use othello_tutor::engine::players::Strategy;
use othello_tutor::engine::{Color, Move, Square};
use othello_tutor::tutor::coach::{
    CoachEvent, Concept, GameRecord, GameResult, GradeLines, LearnerProfile, Phase, attribute,
    game_record,
};
use othello_tutor::tutor::facts::Fact;
use othello_tutor::tutor::feedback::{Grade, grade_move};
use othello_tutor::tutor::practice::{Practice, Setup};
use othello_tutor::tutor::progress::{Progress, ProgressStore};
use othello_tutor::tutor::puzzle::Theme;
use othello_tutor::tutor::refutation::{Gain, Refutation, compute};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square")
}

/// One scripted mistake: the move at `index` of the game (0-based, passes
/// counted) is `played`, the best move is `best`, and the engine's line after the
/// mistake is `played` then `reply` (when given), after the best move `best` then
/// `best_line`. It loses `loss` discs.
struct Mistake {
    index: usize,
    played: &'static str,
    best: &'static str,
    reply: Option<&'static str>,
    best_line: &'static [&'static str],
    loss: i32,
    concept: Concept,
    phase: Phase,
    /// The facts that name the concept, checked on the position before the move.
    facts: &'static [&'static str],
    /// The corner the refutation's reply takes, opened by the mistake.
    corner_taken: Option<&'static str>,
}

struct Script {
    transcript: &'static str,
    learner: Color,
    opponent: Strategy,
    mistakes: Vec<Mistake>,
}

const X: fn(Theme) -> Concept = Concept::Theme;

/// Game 1: the learner plays Black. b6 leaves White twice the moves of c6; d2 is
/// played where b1's line (b1 c1 a1) takes the a1 corner; b1 is played while a1,
/// a corner, is Black's to take; g7, the X-square by the empty h8, lets White take
/// h8 at once; e7 leaves White the a8 corner that g2 takes away; near the end g1
/// plays into an even region of 8 empties where a6 fills a region of one.
fn game_one() -> Script {
    Script {
        transcript: "c4c5b6b5b4d3e2a3a4c3f5f1b2c2d2d6c6a2d1f4b1e1a1c1e3e6g5g6h7f3b3b7b8f6g7a7e7a5g4h5g1c7a8g3h2e8f8c8d7d8h6g8h4g2h1f2h8a6h3f7",
        learner: Color::Black,
        opponent: Strategy::StaticSquares,
        mistakes: vec![
            Mistake {
                index: 2,
                played: "b6",
                best: "c6",
                reply: None,
                best_line: &[],
                loss: 4,
                concept: X(Theme::Mobility),
                phase: Phase::Opening,
                facts: &[
                    "moves white = 5",
                    "after b6: moves white = 6",
                    "after c6: moves white = 3",
                    // b6 flips no more frontier discs than c6: not a frontier mistake.
                    "frontier-flips b6 = 1",
                    "frontier-flips c6 = 2",
                ],
                corner_taken: None,
            },
            Mistake {
                index: 14,
                played: "d2",
                best: "b1",
                reply: None,
                best_line: &["c1", "a1"],
                loss: 5,
                concept: X(Theme::Corner),
                phase: Phase::Opening,
                facts: &[
                    // The better move's line takes a1: b1, c1, then a1 for Black.
                    "empty a1",
                    "no-move black a1",
                    "after b1 c1: can-move black a1",
                    // d2 gives no corner, and neither move takes one.
                    "after d2: no-move white a1",
                    "after d2: no-move white h1",
                    "after d2: no-move white a8",
                    "after d2: no-move white h8",
                ],
                corner_taken: None,
            },
            Mistake {
                index: 20,
                played: "b1",
                best: "a1",
                reply: None,
                best_line: &[],
                loss: 10,
                concept: X(Theme::Corner),
                phase: Phase::Midgame,
                facts: &[
                    "empty a1",
                    "can-move black a1",
                    // b1 gives no corner away: the corner missed is the fact.
                    "after b1: no-move white a1",
                    "after b1: no-move white h1",
                    "after b1: no-move white a8",
                    "after b1: no-move white h8",
                ],
                corner_taken: None,
            },
            Mistake {
                index: 34,
                played: "g7",
                best: "g1",
                reply: Some("h8"),
                best_line: &[],
                loss: 16,
                concept: X(Theme::XSquare),
                phase: Phase::Midgame,
                facts: &[
                    "empty h8",
                    "no-move white h8",
                    "after g7: can-move white h8",
                ],
                corner_taken: Some("h8"),
            },
            Mistake {
                index: 36,
                played: "e7",
                best: "g2",
                reply: Some("a8"),
                best_line: &[],
                loss: 7,
                concept: X(Theme::Corner),
                phase: Phase::Midgame,
                facts: &[
                    // White can take a8 before e7 and after it, not after g2.
                    "can-move white a8",
                    "after e7: can-move white a8",
                    "after g2: no-move white a8",
                ],
                corner_taken: None,
            },
            Mistake {
                index: 40,
                played: "g1",
                best: "a6",
                reply: None,
                best_line: &[],
                loss: 6,
                concept: X(Theme::Parity),
                phase: Phase::Endgame,
                facts: &[
                    "region g1 = 8",
                    "region a6 = 1",
                    // g1 is a C-square by the empty h1, but does not give it away.
                    // White's corner moves are a8 and h8 before g1 and after it.
                    "empty h1",
                    "no-move white h1",
                    "after g1: no-move white h1",
                    "can-move white a8",
                    "after g1: can-move white a8",
                    "can-move white h8",
                    "after g1: can-move white h8",
                ],
                corner_taken: None,
            },
        ],
    }
}

/// Game 2: the learner plays White. e2 flips two frontier discs where c3 flips one,
/// and Black's moves rise from 3 to 8; h2, the C-square by the empty h1, lets Black
/// take h1; with five empties left, f1 would make Black pass and d2 does not.
fn game_two() -> Script {
    Script {
        transcript: "e6f6d3e3f3e2e1c3c5g3c4d6g7b6b3f4h3b2b1c6a7h2c7b7b8a2g4a1b5h4a3a5a6a8f7d7f5g6h7c2g2h1c8d1g1a4c1d8f2e7e8h8g5b4g8d2h5f1f8h6",
        learner: Color::White,
        opponent: Strategy::Engine(2),
        mistakes: vec![
            Mistake {
                index: 5,
                played: "e2",
                best: "c3",
                reply: None,
                best_line: &[],
                loss: 5,
                concept: X(Theme::Frontier),
                phase: Phase::Opening,
                facts: &[
                    "frontier-flips e2 = 2",
                    "frontier-flips c3 = 1",
                    "moves black = 3",
                    "after e2: moves black = 8",
                ],
                corner_taken: None,
            },
            Mistake {
                index: 21,
                played: "h2",
                best: "a1",
                reply: Some("h1"),
                best_line: &[],
                loss: 12,
                concept: X(Theme::CSquare),
                phase: Phase::Midgame,
                facts: &[
                    "empty h1",
                    "no-move black h1",
                    "after h2: can-move black h1",
                ],
                corner_taken: Some("h1"),
            },
            Mistake {
                index: 55,
                played: "d2",
                best: "f1",
                reply: None,
                best_line: &[],
                loss: 8,
                concept: X(Theme::Tempo),
                phase: Phase::Endgame,
                facts: &[
                    "after f1: must-pass black",
                    "after d2: goes-on",
                    "after d2: moves black = 1",
                ],
                corner_taken: None,
            },
        ],
    }
}

/// Game 3: the learner plays Black. a3 and g3 flip one frontier disc each and
/// leave White 10 and 11 moves, neither takes a corner nor gives one, neither makes
/// an unbalanced edge or a wedge: no checked fact tells them apart, so a3 counts as
/// "other". b2, the
/// X-square by the empty a1, lets White take a1.
fn game_three() -> Script {
    Script {
        transcript: "e6f4d3c4b3f6e3d6d7d2f3c7g7g6b8d8c3b7c6b6c1a2a3d1g5b4b2b1a6a4e1c5c2g4b5g8a8a5a1f7g3h3g2e2h4e7e8f5h8h1h7c8h2f8h5f1a7f2g1h6",
        learner: Color::Black,
        opponent: Strategy::StaticSquares,
        mistakes: vec![
            Mistake {
                index: 22,
                played: "a3",
                best: "g3",
                reply: None,
                best_line: &[],
                loss: 3,
                concept: Concept::Other,
                phase: Phase::Midgame,
                facts: &[
                    "frontier-flips a3 = 1",
                    "frontier-flips g3 = 1",
                    "moves white = 10",
                    "after a3: moves white = 10",
                    "after g3: moves white = 11",
                    // White's one corner move is h8, before a3 and after it.
                    "can-move white h8",
                    "after a3: can-move white h8",
                    "after a3: no-move white a1",
                    "after a3: no-move white h1",
                    "after a3: no-move white a8",
                ],
                corner_taken: None,
            },
            Mistake {
                index: 26,
                played: "b2",
                best: "a1",
                reply: Some("a1"),
                best_line: &[],
                loss: 14,
                concept: X(Theme::XSquare),
                phase: Phase::Midgame,
                facts: &[
                    "empty a1",
                    "no-move white a1",
                    "after b2: can-move white a1",
                ],
                corner_taken: Some("a1"),
            },
        ],
    }
}

fn value(mv: Square, discs: i32, pv: Vec<Option<Square>>) -> MoveValue {
    MoveValue {
        mv: Move::Place(mv),
        score: discs * 100,
        exact: false,
        depth: 14,
        pv,
    }
}

/// The game played through a practice game, the learner's moves graded from the
/// hand-given values; the refutations the grade makes, by move index.
fn play(script: &Script) -> (Practice, BTreeMap<usize, Refutation>) {
    let game = parse_transcript(script.transcript).expect("a legal game");
    let mut practice = Practice::new(Setup::against(script.learner, script.opponent));
    let mut refutations = BTreeMap::new();
    let mut learner_moves = 0;
    for (i, &mv) in game.moves().iter().enumerate() {
        let pos = game.position_at(i);
        practice.play(mv).expect("a legal move");
        let Move::Place(played) = mv else { continue };
        if pos.to_move != script.learner {
            continue;
        }
        learner_moves += 1;
        let values = match script.mistakes.iter().find(|m| m.index == i) {
            Some(m) => {
                assert_eq!(sq(m.played), played, "move {i} of the script");
                let mut pv = vec![Some(played)];
                pv.extend(m.reply.map(|r| Some(sq(r))));
                let mut best_pv = vec![Some(sq(m.best))];
                best_pv.extend(m.best_line.iter().map(|s| Some(sq(s))));
                vec![value(sq(m.best), 2, best_pv), value(played, 2 - m.loss, pv)]
            }
            None => {
                // Every third other move loses a disc against another legal move.
                let other = pos.legal_moves().into_iter().find(|&s| s != played);
                match other {
                    Some(o) if learner_moves % 3 == 0 => vec![
                        value(o, 1, vec![Some(o)]),
                        value(played, 0, vec![Some(played)]),
                    ],
                    _ => vec![value(played, 0, vec![Some(played)])],
                }
            }
        };
        let fb = grade_move(&pos, played, &values).expect("graded");
        if let Ok(r) = compute(&pos, played, &values) {
            refutations.insert(i, r);
        }
        practice.set_feedback_at(i, fb);
    }
    assert!(practice.is_over(), "the scripted game is played to its end");
    (practice, refutations)
}

fn record(script: &Script, at: u64) -> GameRecord {
    let (practice, refutations) = play(script);
    game_record(&practice, &refutations, &BTreeMap::new(), at).expect("a record")
}

#[test]
fn the_facts_behind_each_scripted_mistake_hold_on_the_board() {
    for script in [game_one(), game_two(), game_three()] {
        let game = parse_transcript(script.transcript).expect("a legal game");
        for m in &script.mistakes {
            let pos = game.position_at(m.index);
            assert_eq!(pos.to_move, script.learner, "move {}", m.index);
            assert_eq!(Phase::of_empties(pos.board.empty_count()), m.phase);
            for text in m.facts {
                let fact: Fact = text.parse().expect("a fact");
                assert_eq!(fact.check(&pos, None), Ok(()), "{text} before {}", m.played);
            }
        }
    }
}

#[test]
fn each_mistake_is_put_down_to_the_concept_its_fact_names_in_its_phase() {
    for script in [game_one(), game_two(), game_three()] {
        let game = parse_transcript(script.transcript).expect("a legal game");
        let r = record(&script, 1_000);
        let found: Vec<(usize, &str, Concept, Phase, u32)> = r
            .mistakes
            .iter()
            .map(|m| (m.number, m.square.as_str(), m.concept, m.phase(), m.lost))
            .collect();
        let expected: Vec<(usize, &str, Concept, Phase, u32)> = script
            .mistakes
            .iter()
            .map(|m| {
                (
                    game.move_number(m.index),
                    m.played,
                    m.concept,
                    m.phase,
                    m.loss as u32,
                )
            })
            .collect();
        assert_eq!(found, expected, "{}", script.transcript);
        for (m, rec) in script.mistakes.iter().zip(&r.mistakes) {
            let before = game.position_at(m.index);
            assert_eq!(
                rec.position,
                othello_tutor::engine::notation::to_obf(&before)
            );
            if m.concept == Concept::Other {
                assert!(rec.fact.is_empty(), "{}", rec.fact);
            } else {
                assert!(!rec.fact.is_empty(), "a fact names {}", m.concept);
            }
        }
    }
}

#[test]
fn a_corner_given_away_is_named_by_the_refutation_that_takes_it() {
    for script in [game_one(), game_two(), game_three()] {
        let (practice, refutations) = play(&script);
        for m in script.mistakes.iter().filter(|m| m.corner_taken.is_some()) {
            let corner = sq(m.corner_taken.expect("a corner"));
            let r = refutations.get(&m.index).expect("a refutation");
            assert!(
                r.gains.iter().any(|g| g.gain()
                    == Gain::Corner {
                        square: corner,
                        opened: true
                    }),
                "{}: {:?}",
                m.played,
                r.gains
            );
            // The record's fact says so in the refutation's words.
            let rec = game_record(&practice, &refutations, &BTreeMap::new(), 0).expect("a record");
            let fact = &rec
                .mistakes
                .iter()
                .find(|x| x.square == m.played)
                .expect("the mistake")
                .fact;
            assert!(
                fact.contains(&format!(
                    "takes the {corner} corner, which {} opened",
                    m.played
                )),
                "{fact}"
            );
        }
    }
}

#[test]
fn a_corner_the_better_move_takes_away_or_wins_is_named_by_the_refutation() {
    let r = record(&game_one(), 0);
    let fact = |sq: &str| {
        r.mistakes
            .iter()
            .find(|m| m.square == sq)
            .map(|m| m.fact.clone())
            .expect("the mistake")
    };
    // e7: White's a8 was open before it; g2, the better move, takes it away.
    assert_eq!(
        fact("e7"),
        "After g2 White cannot take the a8 corner, as it could after e7."
    );
    // d2: nothing tells the two moves apart but the better move's line, which
    // takes a1.
    assert!(
        fact("d2").starts_with("After b1 c1 a1: Black takes the a1 corner"),
        "{}",
        fact("d2")
    );
}

#[test]
fn without_the_refutation_the_corner_given_is_still_a_checked_fact() {
    // The grade of a book move has no refutation: the move's own facts (the corner
    // the opponent can take after it and not after the better move) still name it.
    let script = game_one();
    let (practice, _) = play(&script);
    let r = game_record(&practice, &BTreeMap::new(), &BTreeMap::new(), 0).expect("a record");
    let g7 = r
        .mistakes
        .iter()
        .find(|m| m.square == "g7")
        .expect("the X-square");
    assert_eq!(g7.concept, Concept::Theme(Theme::XSquare));
    assert!(g7.fact.contains("can take the h8 corner"), "{}", g7.fact);
}

/// The walk's X-square (issue 43): after d3 c3 b3 e3 f3 f4 c5 c4 b5 e2 d1 f2, Black's
/// g2 lost 31 discs at depth 14; White cannot take h1 at once, and takes it only at
/// the tenth ply of the engine's line, beyond what the refutation looks at.
const WALK_GAME: &str = "d3c3b3e3f3f4c5c4b5e2d1f2";
const WALK_G2_LINE: &str = "g2 g3 h3 f1 f6 d2 g1 e6 e1 h1 f5 c2 c1 b1";
const WALK_G3_LINE: &str = "g3 e1 f1 d2 g4 f5 c1 c6 d6 a4 a6 d7 e6 b6";

fn pv(text: &str) -> Vec<Option<Square>> {
    text.split(' ').map(|s| Some(sq(s))).collect()
}

/// The grade of the walk's g2 (its values as the grading search gave them, the
/// best move the first of `best_line`, worth -20), the refutation made from them,
/// and the grade's lines.
fn walk_g2(
    best_line: &str,
) -> (
    othello_tutor::engine::Position,
    othello_tutor::tutor::feedback::Feedback,
    Refutation,
    GradeLines,
) {
    let pos = parse_transcript(WALK_GAME).expect("legal").current();
    let values = vec![
        value(sq(&best_line[..2]), -20, pv(best_line)),
        value(sq("g2"), -51, pv(WALK_G2_LINE)),
    ];
    let fb = grade_move(&pos, sq("g2"), &values).expect("graded");
    let r = compute(&pos, sq("g2"), &values).expect("a refutation");
    let lines = GradeLines::of(&pos, &fb, &values).expect("both lines");
    (pos, fb, r, lines)
}

#[test]
fn an_x_square_whose_corner_falls_further_down_the_engines_line_is_named_by_it() {
    let (pos, fb, r, lines) = walk_g2(WALK_G3_LINE);
    assert_eq!(fb.grade, Grade::Blunder);
    // The refutation's plies hold no corner: alone, it puts g2 down to another
    // concept (the walk's coach said its frontier discs; with the moves it leaves
    // Black, mobility), never the X-square.
    assert!(
        !r.gains
            .iter()
            .any(|g| matches!(g.gain(), Gain::Corner { .. })),
        "{:?}",
        r.gains
    );
    let without = attribute(&pos, &fb, Some(&r), None);
    assert_ne!(
        without.concept,
        Concept::Theme(Theme::XSquare),
        "{}",
        without.fact
    );
    // The grade's whole line has White take h1: the X-square is named, with the line.
    let with = attribute(&pos, &fb, Some(&r), Some(&lines));
    assert_eq!(
        with.concept,
        Concept::Theme(Theme::XSquare),
        "{}",
        with.fact
    );
    assert_eq!(
        with.fact,
        "g2 is an X-square next to the empty h1 corner: in the engine's line after it \
         (g2 g3 h3 f1 f6 d2 g1 e6 e1 h1) White takes the h1 corner; in its line after g3 \
         (g3 e1 f1 d2 g4 f5 c1 c6 d6 a4) it does not."
    );
}

#[test]
fn a_corner_down_the_line_is_not_the_x_squares_when_the_better_line_gives_it_too() {
    // A (made-up) better move g1 whose line has White take h1 at the same ply: the
    // corner is not what tells g2 from it.
    let (pos, fb, r, lines) = walk_g2("g1 e1 f1 b2 b1 a1 c2 c1 g3 h1");
    assert_eq!(fb.best, sq("g1"));
    assert_eq!(
        lines.best.moves().len(),
        10,
        "the made-up line is legal to its end"
    );
    let a = attribute(&pos, &fb, Some(&r), Some(&lines));
    assert_ne!(a.concept, Concept::Theme(Theme::XSquare), "{}", a.fact);
    // Nor when the better line stops before the ply the corner falls at.
    let (pos, fb, r, lines) = walk_g2("g3 e1 f1 d2");
    let a = attribute(&pos, &fb, Some(&r), Some(&lines));
    assert_ne!(a.concept, Concept::Theme(Theme::XSquare), "{}", a.fact);
    // Lines of another position are not read.
    let (_, _, _, walk_lines) = walk_g2(WALK_G3_LINE);
    let other = parse_transcript("d3c3b3e3f3f4c5c4b5e2d1")
        .expect("legal")
        .current();
    assert!(GradeLines::of(&other, &fb, &[]).is_none());
    let a = attribute(
        &pos,
        &fb,
        Some(&r),
        Some(&GradeLines {
            played: othello_tutor::tutor::refutation::Line::from_pv(other, &pv("g2")),
            ..walk_lines
        }),
    );
    assert_ne!(a.concept, Concept::Theme(Theme::XSquare), "{}", a.fact);
}

#[test]
fn the_game_is_tallied_by_phase_with_its_result() {
    let script = game_one();
    let game = parse_transcript(script.transcript).expect("a legal game");
    let r = record(&script, 77);
    assert_eq!(r.at, 77);
    assert_eq!(r.opponent, "Static squares");
    assert_eq!(r.learner, "Black");
    let (black, white) = game.current().final_counts();
    assert_eq!((r.discs, r.opponent_discs), (black, white));
    let expected = match black.cmp(&white) {
        std::cmp::Ordering::Greater => GameResult::Won,
        std::cmp::Ordering::Less => GameResult::Lost,
        std::cmp::Ordering::Equal => GameResult::Drawn,
    };
    assert_eq!(r.result, expected);
    // Every move of Black's is graded once, in the phase of its position.
    let mut graded: BTreeMap<Phase, u32> = BTreeMap::new();
    let mut lost: BTreeMap<Phase, u32> = BTreeMap::new();
    for (i, mv) in game.moves().iter().enumerate() {
        let pos = game.position_at(i);
        if pos.to_move == Color::Black && matches!(mv, Move::Place(_)) {
            let p = Phase::of_empties(pos.board.empty_count());
            *graded.entry(p).or_default() += 1;
            if let Some(m) = script.mistakes.iter().find(|m| m.index == i) {
                *lost.entry(p).or_default() += m.loss as u32;
            }
        }
    }
    for p in Phase::ALL {
        let t = r.phase(p);
        assert_eq!(t.graded, graded[&p], "{p}");
        let errors = script.mistakes.iter().filter(|m| m.phase == p).count() as u32;
        assert_eq!(
            t.graded - t.good,
            errors,
            "{p}: only the mistakes are errors"
        );
        // The good moves that lose a disc add theirs.
        assert!(t.lost >= lost.get(&p).copied().unwrap_or(0), "{p}");
        assert!(t.lost <= lost.get(&p).copied().unwrap_or(0) + t.good, "{p}");
    }
}

#[test]
fn a_game_with_no_graded_move_or_no_single_learner_is_not_recorded() {
    let script = game_two();
    let game = parse_transcript(script.transcript).expect("a legal game");
    let mut practice = Practice::new(Setup::against(Color::White, Strategy::Engine(2)));
    for &mv in game.moves() {
        practice.play(mv).expect("legal");
    }
    assert!(game_record(&practice, &BTreeMap::new(), &BTreeMap::new(), 0).is_none());
    // A game between two people at one keyboard is nobody's to coach.
    let (graded, _) = play(&script);
    let mut two = Setup::against(Color::White, Strategy::Engine(2));
    two.black = othello_tutor::tutor::practice::Seat::Human;
    let mut both = Practice::new(two);
    for (i, &mv) in game.moves().iter().enumerate() {
        both.play(mv).expect("legal");
        if let Some(fb) = graded.feedback_at(i) {
            both.set_feedback_at(i, fb.clone());
        }
    }
    assert!(game_record(&both, &BTreeMap::new(), &BTreeMap::new(), 0).is_none());
}

#[test]
fn only_moves_graded_inaccuracy_or_worse_are_mistakes() {
    let r = record(&game_two(), 0);
    assert!(
        r.mistakes
            .iter()
            .all(|m| ["inaccuracy", "mistake", "blunder"].contains(&m.grade.as_str()))
    );
    let grades: Vec<&str> = r.mistakes.iter().map(|m| m.grade.as_str()).collect();
    assert_eq!(
        grades,
        [
            Grade::Mistake.word(),
            Grade::Blunder.word(),
            Grade::Mistake.word()
        ]
    );
}

fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = std::env::temp_dir().join(format!(
        "othello-tutor-coach-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

#[test]
fn the_profile_is_kept_with_the_progress_and_read_back() {
    let dir = temp_dir("round-trip");
    let store = ProgressStore::new(&dir);
    let mut progress = Progress::default();
    for (n, script) in [game_one(), game_two(), game_three()].iter().enumerate() {
        progress
            .coach
            .record(CoachEvent::Game(record(script, 1_000 + n as u64)));
    }
    assert_eq!(progress.coach.next, 3);
    assert_eq!(
        progress
            .coach
            .games
            .iter()
            .map(|g| g.seq)
            .collect::<Vec<_>>(),
        [0, 1, 2]
    );
    store.save(&progress).expect("saved");
    let back = store.load().expect("loaded");
    assert_eq!(back.recovered_from, None);
    assert_eq!(back.progress.coach, progress.coach);
    assert_eq!(back.progress, progress);
}

#[test]
fn an_older_progress_file_without_the_profile_still_loads() {
    let dir = temp_dir("older");
    // A file as the version before the coach wrote it.
    let old = r#"version = 1
practice_opponent = "Engine level 2"

[lessons.mobility]
current_step = 3
completed = true
stars = 2

[puzzles]
rating = 1612.5
deviation = 80.0
volatility = 0.06
streak = 2
"#;
    std::fs::write(dir.join("progress.toml"), old).expect("written");
    let loaded = ProgressStore::new(&dir).load().expect("loaded");
    assert_eq!(loaded.recovered_from, None, "{:?}", loaded.damage);
    let p = loaded.progress;
    assert_eq!(p.coach, LearnerProfile::default());
    assert_eq!(p.puzzles.rating, 1612.5);
    assert_eq!(p.lesson("mobility").map(|l| l.stars), Some(2));
    assert_eq!(p.practice_opponent.as_deref(), Some("Engine level 2"));
}

#[test]
fn a_plan_this_version_cannot_read_is_dropped_and_the_rest_kept() {
    let dir = temp_dir("newer-plan");
    let text = r#"version = 1

[coach]
next = 2

[[coach.games]]
seq = 0
opponent = "Greedy"
learner = "Black"
result = "won"

[[coach.games.mistakes]]
number = 12
square = "b2"
empties = 39
lost = 9
grade = "blunder"
concept = "a-concept-of-the-future"

[coach.plan]
day = 20000
from = 2

[[coach.plan.items]]
why = "a task of the future"
[coach.plan.items.task]
kind = "fly-to-the-moon"
"#;
    std::fs::write(dir.join("progress.toml"), text).expect("written");
    let loaded = ProgressStore::new(&dir).load().expect("loaded");
    assert_eq!(loaded.recovered_from, None, "{:?}", loaded.damage);
    let coach = loaded.progress.coach;
    assert_eq!(coach.plan, None);
    assert_eq!(coach.next, 2);
    assert_eq!(coach.games.len(), 1);
    assert_eq!(coach.games[0].result, GameResult::Won);
    // A concept this version does not know reads as "other".
    assert_eq!(coach.games[0].mistakes[0].concept, Concept::Other);
    assert_eq!(coach.games[0].mistakes[0].phase(), Phase::Midgame);
}

#[test]
fn the_practice_screen_records_a_finished_game_once() {
    use othello_tutor::tutor::models::practice::{Action, Env, PracticeScreen};
    let (practice, _) = play(&game_one());
    let env = Env {
        data_dir: None,
        rating: 1500.0,
        now: 4_242,
        grading_wait: None,
    };
    let (model, effects) = PracticeScreen::open(practice, env);
    let mut d = Driver::new(model, effects);
    let games = &d.progress.coach.games;
    assert_eq!(games.len(), 1, "recorded at the game's end");
    assert_eq!(games[0].at, 4_242);
    let concepts: Vec<Concept> = games[0].mistakes.iter().map(|m| m.concept).collect();
    // Without the grade's refutations (this game was graded before the screen
    // opened) the corner given away is still named by the move's own facts; d2 and
    // e7, named only by their refutations' lines, count as "other".
    assert_eq!(
        concepts,
        [
            X(Theme::Mobility),
            Concept::Other,
            X(Theme::Corner),
            X(Theme::XSquare),
            Concept::Other,
            X(Theme::Parity)
        ]
    );
    // Taken back and replayed to the end: not recorded again.
    d.act(Action::Undo);
    d.act(Action::Redo);
    assert!(d.model.practice().is_over());
    assert_eq!(d.progress.coach.games.len(), 1);
}

#[test]
fn the_lesson_screen_records_each_answered_step() {
    use othello_tutor::tutor::content::load_lessons;
    use othello_tutor::tutor::models::lesson::{LessonScreen, StepAction};
    let lesson = load_lessons()
        .expect("the lessons load")
        .into_iter()
        .find(|l| l.id == "corners-stable")
        .expect("lesson 3");
    let first = lesson
        .steps
        .iter()
        .position(|s| matches!(s, othello_tutor::tutor::lesson::Step::Question(_)))
        .expect("a question");
    let (model, effects) = LessonScreen::new(lesson.clone(), first);
    let mut d = Driver::new(model, effects);
    d.act(StepAction::ShowAnswer);
    d.act(StepAction::Next);
    let records = &d.progress.coach.lessons;
    assert_eq!(records.len(), 1, "{records:?}");
    let r = &records[0];
    assert_eq!((r.lesson.as_str(), r.step), ("corners-stable", first));
    assert!(r.answered && r.revealed && !r.solved && !r.finished);
    assert_eq!(
        r.concepts,
        [X(Theme::Corner), X(Theme::StableDiscs)],
        "the lesson's concepts, named as the themes name them"
    );
    let shown = lesson.steps[first].shown().0;
    assert_eq!(r.phase(), Phase::of_empties(shown.board.empty_count()));
}

/// A line of `plies` placements from `pos` (no pass), chosen by a seeded walk:
/// `want` picks a move when it can, else the walk's own choice.
fn walk_line(
    pos: othello_tutor::engine::Position,
    plies: usize,
    seed: &mut u64,
    want: &dyn Fn(&othello_tutor::engine::Position) -> Option<Square>,
) -> Option<Vec<Square>> {
    let mut pos = pos;
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves: Vec<Square> = pos.legal_moves().into_iter().collect();
        if moves.is_empty() {
            return None;
        }
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let sq = want(&pos).unwrap_or(moves[(*seed >> 33) as usize % moves.len()]);
        out.push(sq);
        pos = pos.play_unchecked(sq);
    }
    Some(out)
}

#[test]
fn a_corner_the_refutation_takes_later_is_named_corner_when_the_better_line_keeps_it() {
    // Mistakes next to no corner and giving none at once, whose refutation line
    // (made-up engine lines, legal move by move) has White take a corner a few plies
    // on, while the better move's line gives White no corner.
    let pos = parse_transcript(WALK_GAME).expect("legal").current();
    let corners = ["a1", "h1", "a8", "h8"].map(sq);
    let near_corner = |s: Square| {
        let (f, r) = (s.index() % 8, s.index() / 8);
        (f <= 1 || f >= 6) && (r <= 1 || r >= 6)
    };
    let white_corner = |p: &othello_tutor::engine::Position| {
        (p.to_move == Color::White)
            .then(|| corners.into_iter().find(|&c| p.legal_moves().contains(c)))
            .flatten()
    };
    let no_corner = |p: &othello_tutor::engine::Position| {
        let m: Vec<Square> = p
            .legal_moves()
            .into_iter()
            .filter(|s| !corners.contains(s))
            .collect();
        m.first().copied()
    };
    let mut seed = 7;
    let mut named = 0;
    for wrong in pos.legal_moves() {
        if near_corner(wrong) || white_corner(&pos.play_unchecked(wrong)).is_some() {
            continue;
        }
        for _ in 0..200 {
            let Some(line) = walk_line(pos.play_unchecked(wrong), 6, &mut seed, &white_corner)
            else {
                continue;
            };
            let mut p = pos.play_unchecked(wrong);
            let taken = line.iter().any(|&s| {
                let t = p.to_move == Color::White && corners.contains(&s);
                p = p.play_unchecked(s);
                t
            });
            if !taken {
                continue;
            }
            let Some(better) = pos
                .legal_moves()
                .into_iter()
                .find(|&b| b != wrong && !near_corner(b) && !corners.contains(&b))
            else {
                continue;
            };
            let Some(best_line) = walk_line(pos.play_unchecked(better), 6, &mut seed, &no_corner)
            else {
                continue;
            };
            let mut full = vec![Some(wrong)];
            full.extend(line.iter().map(|&s| Some(s)));
            let mut good = vec![Some(better)];
            good.extend(best_line.iter().map(|&s| Some(s)));
            let values = vec![value(better, -20, good), value(wrong, -51, full)];
            let fb = grade_move(&pos, wrong, &values).expect("graded");
            let Ok(r) = compute(&pos, wrong, &values) else {
                continue;
            };
            let Some(corner) = r.gains.iter().find_map(|g| match g.gain() {
                Gain::Corner { square, opened } if g.beneficiary() == Color::White => {
                    assert!(!opened, "{wrong} opened {square}");
                    Some(square)
                }
                _ => None,
            }) else {
                continue;
            };
            // The better line gives White no corner (it was walked so).
            let a = attribute(&pos, &fb, Some(&r), None);
            assert_eq!(a.concept, Concept::Theme(Theme::Corner), "{}", a.fact);
            assert!(
                a.fact.contains(&format!("White takes the {corner} corner")),
                "{}",
                a.fact
            );
            named += 1;
            break;
        }
    }
    assert!(named >= 1, "no made-up line took a corner");
}

#[test]
fn stable_discs_the_better_move_gives_away_as_well_do_not_name_the_mistake() {
    // From a walk: 14 empties, White owns three corners; Black's g6 lost 10 discs
    // to c7. After either move White's stable discs grow: the refutation of g6 says
    // so, and so does the line after c7.
    let pos = othello_tutor::engine::notation::parse_obf(
        "OOOOOOXOOOOOOXOOOOOOOOXOOXOXOOOOOOXOOOOOOXOOOO-O-O-O--O-OOO----O X",
    )
    .expect("a position")
    .position;
    let mut searcher = othello_tutor::engine::search::Searcher::new(16, 16);
    let values =
        othello_tutor::tutor::settings::grading_values(&mut searcher, &pos.board, sq("g6"))
            .expect("values");
    let fb = grade_move(&pos, sq("g6"), &values).expect("graded");
    assert!(fb.grade.is_error(), "{:?}", fb.grade);
    let r = compute(&pos, sq("g6"), &values).expect("a refutation");
    let stable = |p: &othello_tutor::engine::Position| {
        othello_tutor::engine::features::stable_discs(p.discs(Color::White), p.discs(Color::Black))
            .count_ones()
    };
    let gained = r.gains.iter().find_map(|g| match g.gain() {
        Gain::StableDiscs { after, .. } => Some(after),
        _ => None,
    });
    let Some(after) = gained else {
        panic!("the refutation names no stable discs: {:?}", r.gains);
    };
    // The better line, as far as the refutation's, leaves White nearly as many.
    let n = r.line.moves().len().min(r.better_line.moves().len());
    let better_end = r.better_line.after(n - 1);
    assert!(
        stable(&better_end) + 2 > after,
        "{} vs {after}",
        stable(&better_end)
    );
    let a = attribute(&pos, &fb, Some(&r), None);
    assert_ne!(a.concept, Concept::Theme(Theme::StableDiscs), "{}", a.fact);
}
