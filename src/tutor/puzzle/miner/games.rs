//! The miner's games: a random XOT opening, then two players drawn at random.

use crate::engine::analysis::{AnalysisOptions, analyze};
use crate::engine::players::{Player, Strategy};
use crate::engine::search::{Limits, Searcher};
use crate::engine::{Color, Move, Square};
use crate::tutor::openings::random_xot;
use rand::RngExt;
use rand::rngs::StdRng;

/// A player in a mining game.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// The engine at a depth, slipping with probability `noise`.
    Engine { depth: u32, noise: f64 },
    /// A simple strategy.
    Simple(Strategy),
}

fn draw_style(rng: &mut StdRng) -> Style {
    if rng.random_range(0..100) < 12 {
        let s = [
            Strategy::Greedy,
            Strategy::StaticSquares,
            Strategy::MobilityOnly,
        ];
        Style::Simple(s[rng.random_range(0..s.len())])
    } else {
        let depth = [1, 2, 2, 3, 4, 4, 5, 6][rng.random_range(0..8)];
        let noise = [0.02, 0.05, 0.1, 0.15, 0.25, 0.35][rng.random_range(0..6)];
        Style::Engine { depth, noise }
    }
}

fn choose(
    style: Style,
    board: &crate::engine::Board,
    searcher: &mut Searcher,
    rng: &mut StdRng,
) -> Option<Square> {
    let moves = board.legal_moves();
    let first = moves.into_iter().next()?;
    match style {
        Style::Simple(s) => Player::new(s).choose(board, rng).or(Some(first)),
        Style::Engine { depth, noise } => {
            if rng.random_bool(noise) {
                let options = AnalysisOptions::fixed_depth(2);
                let values = analyze(searcher, board, options).ok()?;
                let n = values.len().min(3);
                match values.get(rng.random_range(0..n.max(1)))?.mv {
                    Move::Place(sq) => Some(sq),
                    Move::Pass => Some(first),
                }
            } else {
                let exact = if depth >= 4 { 10 } else { 0 };
                let r = searcher.search(board, Limits::depth(depth, exact)).ok()?;
                r.best.or(Some(first))
            }
        }
    }
}

/// A game: the opening's moves, then the players' moves, from the start position.
pub(super) fn play_game(rng: &mut StdRng, searcher: &mut Searcher) -> Option<Vec<Move>> {
    let (opening, start) = random_xot(rng);
    let mut moves: Vec<Move> = crate::engine::notation::parse_transcript(opening)
        .ok()?
        .moves()
        .to_vec();
    let styles = [draw_style(rng), draw_style(rng)];
    let mut pos = start;
    while !pos.is_game_over() {
        let mv = if pos.must_pass() {
            Move::Pass
        } else {
            let style = styles[usize::from(pos.to_move == Color::White)];
            Move::Place(choose(style, &pos.board, searcher, rng)?)
        };
        pos = pos.play(mv).ok()?;
        moves.push(mv);
    }
    Some(moves)
}
