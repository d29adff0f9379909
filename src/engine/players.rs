//! The simple strategies the lessons talk about, and the engine's levels, as players
//! that choose a move: sparring partners for practice games and for strength tests.

use super::board::{Board, Color, Move, Position};
use super::book;
use super::eval::UNITS_PER_DISC;
use super::search::{Limits, SearchError, SearchResult, Searcher};
use super::square::Square;
use rand::{Rng, RngExt};
use std::time::Duration;

/// Static square values for the "static squares" partner: corners high, X- and
/// C-squares low (the classic beginner's table).
pub const SQUARE_VALUES: [i32; 64] = [
    100, -20, 10, 5, 5, 10, -20, 100, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    10, -2, -1, -1, -1, -1, -2, 10, //
    5, -2, -1, -1, -1, -1, -2, 5, //
    5, -2, -1, -1, -1, -1, -2, 5, //
    10, -2, -1, -1, -1, -1, -2, 10, //
    -20, -50, -2, -2, -2, -2, -50, -20, //
    100, -20, 10, 5, 5, 10, -20, 100, //
];

/// Who chooses the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Always flips the most discs (the maximum-disc fallacy).
    Greedy,
    /// Plays the square with the best fixed value (corners high, X/C squares low).
    StaticSquares,
    /// Leaves the opponent the fewest moves, nothing else.
    MobilityOnly,
    /// The engine at a level, 1 (weakest) to `MAX_LEVEL` (full strength).
    Engine(u8),
}

/// The strongest engine level.
pub const MAX_LEVEL: u8 = 6;

/// The midgame nodes a move that stand for the full-strength level's time limit when
/// a move must not depend on the machine's speed ([`choose_move_untimed`]): about
/// what its 0.9 s search at 3.3 million nodes a second (the bench's midgame speed on
/// one core of the reference machine).
pub const UNTIMED_NODES: u64 = 3_000_000;

/// Search settings of an engine level: depth, exact-solve empties, time limit.
pub const fn level_settings(level: u8) -> (u32, u32, Option<Duration>) {
    match level {
        0 | 1 => (1, 6, None),
        2 => (2, 8, None),
        3 => (4, 12, None),
        4 => (6, 14, None),
        5 => (8, 16, None),
        _ => (14, 20, Some(Duration::from_millis(900))),
    }
}

impl Strategy {
    /// A name for menus and reports.
    pub fn name(self) -> String {
        match self {
            Strategy::Greedy => "Greedy".into(),
            Strategy::StaticSquares => "Static squares".into(),
            Strategy::MobilityOnly => "Mobility only".into(),
            Strategy::Engine(l) if l >= MAX_LEVEL => format!("Engine level {l} (full strength)"),
            Strategy::Engine(l) => format!("Engine level {l}"),
        }
    }

    /// The strategy whose [`Strategy::name`] is `name` (as saved games name their
    /// players), if any.
    ///
    /// ```
    /// use othello_tutor::engine::players::Strategy;
    /// assert_eq!(Strategy::from_name("Engine level 6 (full strength)"), Some(Strategy::Engine(6)));
    /// assert_eq!(Strategy::from_name("Mobility only"), Some(Strategy::MobilityOnly));
    /// assert_eq!(Strategy::from_name("Alice"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Strategy> {
        [
            Strategy::Greedy,
            Strategy::StaticSquares,
            Strategy::MobilityOnly,
        ]
        .into_iter()
        .chain((1..=MAX_LEVEL).map(Strategy::Engine))
        .find(|s| s.name() == name.trim())
    }

    /// One line on how it plays.
    pub fn description(self) -> &'static str {
        match self {
            Strategy::Greedy => "grabs the most discs with every move",
            Strategy::StaticSquares => "loves corners, shuns the squares by them",
            Strategy::MobilityOnly => "leaves you as few moves as it can",
            Strategy::Engine(1) => "looks one move ahead",
            Strategy::Engine(2) => "looks two moves ahead",
            Strategy::Engine(3) => "looks 4 moves ahead, exact in the last 12",
            Strategy::Engine(4) => "looks 6 moves ahead, exact in the last 14",
            Strategy::Engine(5) => "looks 8 moves ahead, exact in the last 16",
            Strategy::Engine(_) => "searches deep, perfect in the last 20",
        }
    }
}

/// Picks uniformly among the moves with the highest key.
fn best_by_key(moves: impl Iterator<Item = (Square, i32)>, rng: &mut impl Rng) -> Option<Square> {
    let all: Vec<(Square, i32)> = moves.collect();
    let top = all.iter().map(|m| m.1).max()?;
    let best: Vec<Square> = all.iter().filter(|m| m.1 == top).map(|m| m.0).collect();
    Some(best[rng.random_range(0..best.len())])
}

/// A player: a strategy, and for engine levels a searcher to keep between moves.
#[derive(Debug)]
pub struct Player {
    strategy: Strategy,
    searcher: Option<Searcher>,
}

impl Player {
    /// A player with its own (small) tables.
    pub fn new(strategy: Strategy) -> Player {
        let searcher = match strategy {
            Strategy::Engine(_) => Some(Searcher::new(16, 16)),
            _ => None,
        };
        Player { strategy, searcher }
    }

    /// The move to play, or `None` if the side to move has none (pass or game over).
    pub fn choose(&mut self, board: &Board, rng: &mut impl Rng) -> Option<Square> {
        if board.legal_moves_bits() == 0 {
            return None;
        }
        match self.strategy {
            Strategy::Engine(level) => {
                let searcher = self.searcher.get_or_insert_with(|| Searcher::new(16, 16));
                engine_search(searcher, board, level, true)
                    .ok()
                    .and_then(|r| r.best)
                    .or_else(|| board.legal_moves().into_iter().next())
            }
            simple => simple_move(simple, board, rng),
        }
    }
}

/// The engine's choice of a move, with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub square: Square,
    /// Its value in whole discs for the side that plays it.
    pub value: i32,
    /// Whether the value is the proved final margin rather than an estimate.
    pub exact: bool,
    /// Whether the move and its value come from the opening book.
    pub book: bool,
}

/// The move `strategy` plays on `board`, with its value: in a book position an
/// engine level plays a book move (see [`book_choice`]) with the book's value;
/// otherwise an engine level's own search value, or for the simple strategies a quick estimate of the chosen move
/// (depth 4, exact at 12 empties). `None` when the side to move has no move, or when
/// the search was stopped (by the searcher's stop flag) before it found one.
///
/// ```
/// use othello_tutor::engine::Board;
/// use othello_tutor::engine::players::{Strategy, choose_move};
/// use othello_tutor::engine::search::Searcher;
/// let mut searcher = Searcher::new(1, 1);
/// let choice = choose_move(&mut searcher, &Board::start(), Strategy::Engine(1), &mut rand::rng())
///     .expect("a move");
/// assert!(Board::start().is_legal(choice.square));
/// assert!(!choice.exact);
/// ```
pub fn choose_move(
    searcher: &mut Searcher,
    board: &Board,
    strategy: Strategy,
    rng: &mut impl Rng,
) -> Option<Choice> {
    choose(searcher, board, strategy, rng, true)
}

/// [`choose_move`] with no clock: the full-strength level's time limit is replaced by
/// a budget of [`UNTIMED_NODES`] nodes a move (its exact solves run to the end, as
/// they do under the clock), so that the same board and the same random draws give
/// the same move on any machine (the strength ladder's matches).
pub fn choose_move_untimed(
    searcher: &mut Searcher,
    board: &Board,
    strategy: Strategy,
    rng: &mut impl Rng,
) -> Option<Choice> {
    choose(searcher, board, strategy, rng, false)
}

fn choose(
    searcher: &mut Searcher,
    board: &Board,
    strategy: Strategy,
    rng: &mut impl Rng,
    timed: bool,
) -> Option<Choice> {
    if board.legal_moves_bits() == 0 {
        return None;
    }
    match strategy {
        Strategy::Engine(level) => {
            if let Some(choice) = book_choice(board, level, rng) {
                return Some(choice);
            }
            let r = engine_search(searcher, board, level, timed).ok()?;
            r.best.map(|square| Choice {
                square,
                value: whole_discs(r.score),
                exact: r.exact,
                book: false,
            })
        }
        simple => {
            let square = simple_move(simple, board, rng)?;
            let child = board.play_unchecked(square);
            let value = searcher
                .search(&child, Limits::depth(4, 12))
                .map(|r| -whole_discs(r.score))
                .unwrap_or(0);
            Some(Choice {
                square,
                value,
                exact: false,
                book: false,
            })
        }
    }
}

/// A search value rounded to whole discs.
/// How far below the book's best move (hundredths of a disc) an engine level may
/// pick a book move: the full-strength level plays the best one, weaker levels vary.
pub const fn book_margin(level: u8) -> i32 {
    match level {
        0 | 1 => 600,
        2 => 400,
        3 => 300,
        4 => 200,
        5 => 100,
        _ => 0,
    }
}

/// In a book position, a book move for `level`: the best at full strength, else one
/// at random among those within [`book_margin`] of the best.
pub fn book_choice(board: &Board, level: u8, rng: &mut impl Rng) -> Option<Choice> {
    let moves = book::shipped().ok()?.lookup(board);
    let best = moves.first()?.value;
    let near: Vec<_> = moves
        .iter()
        .filter(|m| m.value >= best - book_margin(level))
        .collect();
    let pick = if level >= MAX_LEVEL {
        near[0]
    } else {
        near[rng.random_range(0..near.len())]
    };
    Some(Choice {
        square: pick.square,
        value: pick.discs(),
        exact: false,
        book: true,
    })
}

fn whole_discs(score: i32) -> i32 {
    (score as f64 / UNITS_PER_DISC as f64).round() as i32
}

/// The search of an engine level, with the level's depth, exact-solve empties and
/// time limit (when not `timed`, [`UNTIMED_NODES`] in its place).
fn engine_search(
    searcher: &mut Searcher,
    board: &Board,
    level: u8,
    timed: bool,
) -> Result<SearchResult, SearchError> {
    let (depth, exact, time) = level_settings(level);
    let limits = Limits {
        depth,
        nodes: if time.is_some() && !timed {
            UNTIMED_NODES
        } else {
            u64::MAX
        },
        time: time.filter(|_| timed),
        exact_empties: exact,
    };
    searcher.search(board, limits)
}

/// The move of a flawed strategy (for an engine level, the first legal move);
/// `None` when there is none. [`choose_move`] plays the same move (it draws the same
/// random numbers for ties) and values it too.
pub fn simple_move(strategy: Strategy, board: &Board, rng: &mut impl Rng) -> Option<Square> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return None;
    }
    match strategy {
        Strategy::Greedy => best_by_key(
            moves
                .into_iter()
                .map(|sq| (sq, board.flips(sq).len() as i32)),
            rng,
        ),
        Strategy::StaticSquares => best_by_key(
            moves.into_iter().map(|sq| (sq, SQUARE_VALUES[sq.index()])),
            rng,
        ),
        Strategy::MobilityOnly => best_by_key(
            moves.into_iter().map(|sq| {
                let child = board.play_unchecked(sq);
                (sq, -(child.legal_moves().len() as i32))
            }),
            rng,
        ),
        Strategy::Engine(_) => moves.into_iter().next(),
    }
}

/// Plays a game from `start` between two players; returns the finished game's final
/// position. Engine levels lose some of their determinism to ties only.
pub fn play_game(
    start: Position,
    black: &mut Player,
    white: &mut Player,
    rng: &mut impl Rng,
) -> Position {
    let mut pos = start;
    loop {
        if pos.is_game_over() {
            return pos;
        }
        if pos.must_pass() {
            pos = pos.pass();
            continue;
        }
        let player = match pos.to_move {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let sq = player
            .choose(&pos.board, rng)
            .or_else(|| pos.legal_moves().into_iter().next());
        match sq.map(|s| pos.play(Move::Place(s))) {
            Some(Ok(next)) => pos = next,
            _ => return pos,
        }
    }
}
