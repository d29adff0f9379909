//! Self-play games for training positions: from an opening, engines at a small depth
//! with a random move now and then, so that the positions are varied but realistic.

use crate::engine::board::{Board, Position};
use crate::engine::search::{Limits, Searcher};
use rand::{Rng, RngExt};

/// How the self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSettings {
    /// Search depth of the players.
    pub depth: u32,
    /// Chance (per cent) of a uniformly random move instead of the search's.
    pub noise_percent: u32,
    /// Random moves played from the opening before the engines take over.
    pub random_plies: u32,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            depth: 3,
            noise_percent: 12,
            random_plies: 2,
        }
    }
}

/// Plays one game from `opening` and returns every position in which the side to
/// move has a move, in order.
///
/// ```
/// use othello_tutor::engine::search::Searcher;
/// use othello_tutor::engine::train::{GameSettings, play_game};
/// use othello_tutor::engine::Position;
/// use rand::SeedableRng;
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// let mut searcher = Searcher::new(1, 1);
/// let settings = GameSettings { depth: 1, ..GameSettings::default() };
/// let positions = play_game(Position::start(), &settings, &mut searcher, &mut rng);
/// assert!(positions.len() >= 9); // nobody can be wiped out before move 9
/// ```
pub fn play_game(
    opening: Position,
    settings: &GameSettings,
    searcher: &mut Searcher,
    rng: &mut impl Rng,
) -> Vec<Board> {
    let mut pos = opening;
    let mut out = Vec::with_capacity(60);
    let mut ply = 0;
    let limits = Limits::depth(settings.depth, 0);
    loop {
        let b = pos.board;
        let moves = b.legal_moves();
        if moves.is_empty() {
            if b.pass().legal_moves_bits() == 0 {
                return out;
            }
            pos = pos.pass();
            continue;
        }
        out.push(b);
        let list: Vec<_> = moves.into_iter().collect();
        let random =
            ply < settings.random_plies || rng.random_range(0..100) < settings.noise_percent;
        let sq = if random {
            list[rng.random_range(0..list.len())]
        } else {
            searcher
                .search(&b, limits)
                .ok()
                .and_then(|r| r.best)
                .unwrap_or(list[0])
        };
        pos = pos.play_unchecked(sq);
        ply += 1;
    }
}
