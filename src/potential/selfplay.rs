//! Self-play: one level against itself, printed as a game record.

use super::ai::{DEFAULT_SEARCH_NODES, Level, Player, SearchLimits};
use super::canonical::mix64;
use super::cell::Color;
use super::error::PotentialError;
use super::game::Game;
use super::position::{GameResult, check_pieces_per_side};

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

/// The tally of a match between two players, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchStats {
    /// Games played.
    pub games: u32,
    /// Games the first player won.
    pub wins: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
    /// Wins of the first player with White.
    pub wins_as_white: u32,
    /// Wins of the first player with Black.
    pub wins_as_black: u32,
    /// Sum of the first player's results in points (negative when losing).
    pub points: i64,
    /// Moves the first player chose (forced ones included).
    pub moves: u64,
    /// Time the first player spent choosing, in microseconds.
    pub micros: u64,
    /// The longest time the first player took for one move, in microseconds.
    pub max_micros: u64,
}

impl MatchStats {
    fn add(&mut self, o: &MatchStats) {
        self.games += o.games;
        self.wins += o.wins;
        self.losses += o.losses;
        self.draws += o.draws;
        self.wins_as_white += o.wins_as_white;
        self.wins_as_black += o.wins_as_black;
        self.points += o.points;
        self.moves += o.moves;
        self.micros += o.micros;
        self.max_micros = self.max_micros.max(o.max_micros);
    }
}

/// Plays `games` games between `first` and `second` with `pieces` per side,
/// the first player taking White in even-numbered games and Black in odd
/// ones; game `i` uses seed `seed + i`. Spreads the games over `threads`
/// threads (see [`crate::engine::pool`]; a game that panics is an engine fault
/// naming it). Times are measured for the report only.
pub fn play_match(
    pieces: usize,
    games: u32,
    first: (Level, SearchLimits),
    second: (Level, SearchLimits),
    seed: u64,
    threads: usize,
) -> Result<MatchStats, PotentialError> {
    check_pieces_per_side(pieces)?;
    let indices: Vec<u32> = (0..games).collect();
    let results = crate::engine::pool::try_map(threads.clamp(1, 16), &indices, |_, &i| {
        match_game(pieces, i, first, second, seed + u64::from(i))
    })?;
    let mut total = MatchStats::default();
    for r in &results {
        total.add(r);
    }
    Ok(total)
}

/// A match game that panicked (or threads that did not start): an engine fault
/// naming the game.
impl From<crate::engine::pool::PoolError> for PotentialError {
    fn from(e: crate::engine::pool::PoolError) -> PotentialError {
        use crate::engine::pool::PoolError;
        PotentialError::EngineFault(match e {
            PoolError::Panicked { index, message } => format!("match game {index}: {message}"),
            other => other.to_string(),
        })
    }
}

fn match_game(
    pieces: usize,
    index: u32,
    first: (Level, SearchLimits),
    second: (Level, SearchLimits),
    seed: u64,
) -> Result<MatchStats, PotentialError> {
    let first_color = if index.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let mut ais = [
        Player::new(first.0, first.1, mix64(seed)),
        Player::new(second.0, second.1, mix64(seed ^ 0x5EC0_0000)),
    ];
    let mut game = Game::new(pieces)?;
    let mut stats = MatchStats {
        games: 1,
        ..MatchStats::default()
    };
    while !game.position().is_over() {
        let side = game.position().to_move();
        let who = usize::from(side != first_color);
        let start = std::time::Instant::now();
        let Some(mv) = ais[who].choose(game.position(), None) else {
            break;
        };
        if who == 0 {
            let us = start.elapsed().as_micros() as u64;
            stats.moves += 1;
            stats.micros += us;
            stats.max_micros = stats.max_micros.max(us);
        }
        game.play(mv)
            .map_err(|e| PotentialError::EngineFault(format!("{side} chose {mv}: {e}")))?;
    }
    let result = game.result().unwrap_or(GameResult::DRAW);
    match result.winner() {
        Some(c) if c == first_color => {
            stats.wins = 1;
            if c == Color::White {
                stats.wins_as_white = 1;
            } else {
                stats.wins_as_black = 1;
            }
        }
        Some(_) => stats.losses = 1,
        None => stats.draws = 1,
    }
    let s = i64::from(result.white_score());
    stats.points = if first_color == Color::White { s } else { -s };
    Ok(stats)
}
