//! Graded practice games for the personal-puzzle and the mistakes tests.
#![allow(dead_code)]

use othello_tutor::engine::Square;
use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
use othello_tutor::engine::players::{Player, Strategy};
use othello_tutor::engine::search::Searcher;
use othello_tutor::engine::{Color, Move};
use othello_tutor::tutor::feedback::grade_move;
use othello_tutor::tutor::practice::{Practice, Setup};
use othello_tutor::tutor::settings::grading_values;
use rand::SeedableRng;

/// A practice game of a greedy Black against engine level 3, each of Black's moves
/// graded by a shallow search (depth 4, exact at 10 empties), on purpose unlike the
/// personal puzzles' own search: the puzzles must state the game's values.
pub fn graded_game() -> Practice {
    let mut practice = Practice::new(Setup::against(Color::Black, Strategy::Engine(3)));
    let mut learner = Player::new(Strategy::Greedy);
    let mut engine = Player::new(Strategy::Engine(3));
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut searcher = Searcher::new(16, 16);
    let options = AnalysisOptions {
        depth: 4,
        exact_empties: 10,
        time: None,
        selective: None,
        smoothed: true,
    };
    while !practice.is_over() {
        if practice.pass_if_forced().is_some() {
            continue;
        }
        let pos = practice.position();
        let black = pos.to_move == Color::Black;
        let player = if black { &mut learner } else { &mut engine };
        let sq = player.choose(&pos.board, &mut rng).expect("a move");
        practice.play(Move::Place(sq)).expect("legal");
        if black {
            let values = analyze(&mut searcher, &pos.board, options).expect("values");
            let feedback = grade_move(&pos, sq, &values).expect("graded");
            practice.set_feedback_at(practice.game().len() - 1, feedback);
        }
    }
    practice
}

/// Black's moves are graded from this many empties on (exact: quick to judge again).
pub const GRADED_FROM: u32 = 14;

/// A finished game of Black (engine level 4, then from [`GRADED_FROM`] empties a
/// random legal move each time) against engine level 3, seeded; Black's moves from
/// [`GRADED_FROM`] empties on graded with the practice feedback's own values.
pub fn scripted_game() -> Practice {
    game_with_seed(SEED)
}

/// The seed of the scripted game.
pub const SEED: u64 = 1;

pub fn game_with_seed(seed: u64) -> Practice {
    use rand::RngExt;
    let mut practice = Practice::new(Setup::against(Color::Black, Strategy::Engine(3)));
    let mut learner = Player::new(Strategy::Engine(4));
    let mut engine = Player::new(Strategy::Engine(3));
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut searcher = Searcher::new(16, 16);
    while !practice.is_over() {
        if practice.pass_if_forced().is_some() {
            continue;
        }
        let pos = practice.position();
        let black = pos.to_move == Color::Black;
        let late = pos.board.empty_count() <= GRADED_FROM;
        let sq = if black && late {
            let moves: Vec<Square> = pos.board.legal_moves().into_iter().collect();
            moves[rng.random_range(0..moves.len())]
        } else {
            let player = if black { &mut learner } else { &mut engine };
            player.choose(&pos.board, &mut rng).expect("a move")
        };
        practice.play(Move::Place(sq)).expect("legal");
        if black && late {
            let values = grading_values(&mut searcher, &pos.board, sq).expect("values");
            let feedback = grade_move(&pos, sq, &values).expect("graded");
            practice.set_feedback_at(practice.game().len() - 1, feedback);
        }
    }
    practice
}
