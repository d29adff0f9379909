//! The strength ladder's matches: the rated players (the three flawed strategies of
//! the texts and the engine levels, [`LADDER_PLAYERS`], in their expected order of
//! strength) play each other when they are at most [`LADDER_SPAN`] places apart in
//! that order (a pair further apart has a foregone result and costs the most time
//! when a strong level is in it), each pair the same number of games from XOT
//! openings, each opening once with each colour.
//!
//! A game is reproducible on any machine and with any number of threads: every pair
//! plays the same XOT openings (`first_opening`, `first_opening + 1`, …, each with
//! both colours), its random draws (the flawed strategies' ties, the engine levels' choice among
//! near-best book moves) come from its own generator seeded from the ladder's seed,
//! the pair and the game, each engine player searches with fresh tables, and the
//! full-strength level searches a fixed number of nodes in place of its time limit
//! ([`choose_move_untimed`]); the flawed strategies play the move practice plays
//! ([`simple_move`]). The same seed and game count therefore give the same
//! results, game by game.

use crate::engine::players::{MAX_LEVEL, Strategy, choose_move_untimed, simple_move};
use crate::engine::search::Searcher;
use crate::engine::{Color, Move, Position};
use crate::tutor::openings::xot_position;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The players the ladder rates: the flawed strategies, then the engine levels from
/// the weakest.
pub const LADDER_PLAYERS: [Strategy; 9] = [
    Strategy::Greedy,
    Strategy::StaticSquares,
    Strategy::MobilityOnly,
    Strategy::Engine(1),
    Strategy::Engine(2),
    Strategy::Engine(3),
    Strategy::Engine(4),
    Strategy::Engine(5),
    Strategy::Engine(MAX_LEVEL),
];

/// The most places apart in [`LADDER_PLAYERS`] two players are that play each other.
pub const LADDER_SPAN: usize = 4;

/// The megabytes of each table of an engine player's searcher in the ladder.
pub const LADDER_TABLE_MB: usize = 8;

/// How the ladder is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderSettings {
    /// Games each pair plays (an even number: each opening with both colours).
    pub games: usize,
    /// The seed of the games' random draws.
    pub seed: u64,
    /// The first XOT opening (index into the XOT list).
    pub first_opening: usize,
}

/// One game of the ladder: which pair, which game of the pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderGame {
    /// The first player (index into [`LADDER_PLAYERS`]).
    pub a: usize,
    /// The second player.
    pub b: usize,
    /// The game's number within the pair (even: `a` plays Black).
    pub game: usize,
}

/// Every game of the ladder, pair by pair (each pair of [`LADDER_PLAYERS`] at most
/// [`LADDER_SPAN`] places apart, the earlier player first).
pub fn ladder_games(settings: &LadderSettings) -> Vec<LadderGame> {
    let n = LADDER_PLAYERS.len();
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n.min(a + LADDER_SPAN + 1) {
            out.extend((0..settings.games).map(|game| LadderGame { a, b, game }));
        }
    }
    out
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Plays one game of the ladder; returns `a`'s disc margin at the end (empties to
/// the winner), positive when `a` won.
pub fn play_ladder_game(settings: &LadderSettings, g: LadderGame) -> i32 {
    let (a, b) = (LADDER_PLAYERS[g.a], LADDER_PLAYERS[g.b]);
    let start = xot_position(settings.first_opening + g.game / 2);
    let a_black = g.game.is_multiple_of(2);
    let key = mix(settings.seed ^ mix(((g.a * 16 + g.b) as u64) << 32 | g.game as u64));
    let mut rng = StdRng::seed_from_u64(key);
    let mut searchers = [
        Searcher::new(LADDER_TABLE_MB, LADDER_TABLE_MB),
        Searcher::new(LADDER_TABLE_MB, LADDER_TABLE_MB),
    ];
    let mut pos = start;
    while !pos.is_game_over() {
        if pos.must_pass() {
            pos = pos.pass();
            continue;
        }
        let black_to_move = pos.to_move == Color::Black;
        let (strategy, slot) = if black_to_move == a_black {
            (a, 0)
        } else {
            (b, 1)
        };
        let square = match strategy {
            Strategy::Engine(_) => {
                choose_move_untimed(&mut searchers[slot], &pos.board, strategy, &mut rng)
                    .map(|c| c.square)
            }
            // The move practice plays, without the value it shows beside it.
            flawed => simple_move(flawed, &pos.board, &mut rng),
        }
        .or_else(|| pos.legal_moves().into_iter().next());
        match square.map(|s| pos.play(Move::Place(s))) {
            Some(Ok(next)) => pos = next,
            _ => break,
        }
    }
    margin_for(&pos, a_black)
}

fn margin_for(end: &Position, a_black: bool) -> i32 {
    let (black, white) = end.final_counts();
    let d = black as i32 - white as i32;
    if a_black { d } else { -d }
}

/// The results of one pair, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairResult {
    /// The first player (index into [`LADDER_PLAYERS`]).
    pub a: usize,
    /// The second player.
    pub b: usize,
    /// Games `a` won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games `a` lost.
    pub losses: u32,
    /// `a`'s disc margins added up.
    pub margin: i64,
}

impl PairResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// `a`'s score: wins and half the draws.
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }
}

/// The pairs' results from the games' margins (`margins[i]` of `games[i]`), in the
/// order the pairs first appear.
pub fn pair_results(games: &[LadderGame], margins: &[i32]) -> Vec<PairResult> {
    let mut out: Vec<PairResult> = Vec::new();
    for (g, &m) in games.iter().zip(margins) {
        let i = match out.iter().position(|p| p.a == g.a && p.b == g.b) {
            Some(i) => i,
            None => {
                out.push(PairResult {
                    a: g.a,
                    b: g.b,
                    ..PairResult::default()
                });
                out.len() - 1
            }
        };
        let p = &mut out[i];
        p.margin += i64::from(m);
        match m.signum() {
            1 => p.wins += 1,
            0 => p.draws += 1,
            _ => p.losses += 1,
        }
    }
    out
}
