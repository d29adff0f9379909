//! Self-play: one level against itself, printed as a game record.

use super::ai::{DEFAULT_SEARCH_NODES, Level, Player, SearchLimits};
use super::canonical::mix64;
use super::error::PotentialError;
use super::game::Game;
use super::position::check_pieces_per_side;

/// The limits the search level uses in self-play: a node budget, so that a
/// seed always gives the same game.
pub const SELFPLAY_LIMITS: SearchLimits = SearchLimits::nodes(DEFAULT_SEARCH_NODES);

/// Plays one game between two players of `level` (`random`, `greedy` or
/// `search`) with `pieces` per side (3 to 25), and returns the whole record:
/// one line per move (`W 0,0`, `B 1,0`, …, `W 1,1-2,2`, see
/// [`super::game`] for the exact format), then a last line `White +k`,
/// `Black +k` or `Draw`. The same seed always gives the same text.
pub fn selfplay_text(pieces: usize, seed: u64, level: &str) -> Result<String, PotentialError> {
    check_pieces_per_side(pieces)?;
    let level: Level = level.parse()?;
    let game = play_game(
        pieces,
        seed,
        [(level, SELFPLAY_LIMITS), (level, SELFPLAY_LIMITS)],
    )?;
    Ok(game.record())
}

/// Plays a whole game: `players[0]` is White, `players[1]` Black, each with
/// its limits; random choices come from `seed`.
pub fn play_game(
    pieces: usize,
    seed: u64,
    players: [(Level, SearchLimits); 2],
) -> Result<Game, PotentialError> {
    let mut game = Game::new(pieces)?;
    let [(w_level, w_limits), (b_level, b_limits)] = players;
    let mut ais = [
        Player::new(w_level, w_limits, mix64(seed)),
        Player::new(b_level, b_limits, mix64(seed ^ 0xB1AC_0000)),
    ];
    while !game.position().is_over() {
        let side = game.position().to_move();
        let Some(mv) = ais[side.index()].choose(game.position(), None) else {
            break;
        };
        game.play(mv)
            .map_err(|e| PotentialError::EngineFault(format!("{side} chose {mv}: {e}")))?;
    }
    Ok(game)
}
