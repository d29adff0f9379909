//! Stated facts as typed claims, checked on the board they are shown with: a lesson
//! step's `facts = [...]` (the hand-written text's claims, written so a machine can
//! check them) and the sentences the tutor writes itself ([`crate::tutor::explain`])
//! carry the same claims, so that `check-content` and the tests replay every one of
//! them and a false sentence fails the build.
//!
//! A fact is written `[after SQ SQ …:] CLAIM`, the moves (if any) played from the
//! board shown first:
//!
//! | claim | true when |
//! |---|---|
//! | `moves black = 10` | Black has 10 legal moves (as if it were Black's turn) |
//! | `frontier white = 10` | White has 10 discs next to an empty square |
//! | `discs black = 12`, `stable black = 3` | counts of discs, of stable discs |
//! | `fewer-frontier white` | White has fewer frontier discs than Black |
//! | `fewer-moves white` | White has fewer legal moves than Black |
//! | `no-move black a1`, `can-move black f2` | whether Black may play there |
//! | `empty a3`, `disc white a2` | what a square holds |
//! | `flips f3 = 1` | the side to move's move flips that many discs |
//! | `must-pass white` | White has no legal move while the game goes on |
//! | `to-move black`, `game-over`, `goes-on` | whose turn it is; the game is over, or not |
//! | `frontier-flips e6 = 2` | the side to move's move flips 2 discs left next to an empty square |
//! | `region a1 = 3` | the empty region holding a1 has 3 squares |
//! | `no-neighbour white a1` | no white disc stands next to a1 |
//! | `opening Comp'Oth`, `opening none` | the deepest named opening the shown line passes through |
//! | `worse f4 d6 by 2..6` | the engine's search values f4 between 2 and 6 discs below d6 |
//! | `at-least c7 e1` | the engine's search values c7 at least as high as e1 |
//!
//! ```
//! use othello_tutor::engine::Position;
//! use othello_tutor::tutor::facts::Fact;
//! let fact: Fact = "after f5: moves white = 3".parse().expect("a fact");
//! assert_eq!(fact.check(&Position::start(), None), Ok(()));
//! let wrong: Fact = "moves black = 5".parse().expect("a fact");
//! assert!(wrong.check(&Position::start(), None).is_err());
//! ```

use crate::engine::features::{frontier_discs, mobility, stable_discs};
use crate::engine::{Board, Color, Position, Square};
use std::fmt;
use std::str::FromStr;

/// A claim about one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The colour's legal moves, as if it were its turn.
    Moves(Color, u32),
    /// The colour's frontier discs (next to an empty square).
    Frontier(Color, u32),
    /// The colour's discs.
    Discs(Color, u32),
    /// The colour's stable discs.
    Stable(Color, u32),
    /// The colour has fewer frontier discs than the other.
    FewerFrontier(Color),
    /// The colour has fewer legal moves than the other.
    FewerMoves(Color),
    /// The colour cannot play the square.
    NoMove(Color, Square),
    /// The colour can play the square.
    CanMove(Color, Square),
    /// The square is empty.
    Empty(Square),
    /// The square holds a disc of the colour.
    Disc(Color, Square),
    /// The side to move's move on the square flips this many discs.
    Flips(Square, u32),
    /// The colour has no legal move and the game goes on.
    MustPass(Color),
    /// The colour is to move.
    ToMove(Color),
    /// Neither side can move.
    GameOver,
    /// The game goes on: a side can move.
    GoesOn,
    /// The side to move's move on the square flips this many discs that are next to an
    /// empty square once it is played (frontier discs).
    FrontierFlips(Square, u32),
    /// The empty region holding the square has this many empty squares.
    Region(Square, u32),
    /// No disc of the colour stands next to the square.
    NoNeighbour(Color, Square),
    /// The deepest named opening of the line shown (`None`: no named opening).
    Opening(Option<String>),
    /// The engine's search values the first move between `min` and `max` discs
    /// (inclusive) below the second.
    Worse {
        /// The weaker move.
        mv: Square,
        /// The move it is compared with.
        than: Square,
        /// The least difference.
        min: i32,
        /// The largest difference.
        max: i32,
    },
    /// The engine's search values the first move at least as high as the second.
    AtLeast(Square, Square),
}

/// A claim, perhaps about the board after some moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// Moves played from the board shown before the claim is checked.
    pub after: Vec<Square>,
    /// What is claimed.
    pub claim: Claim,
}

/// Why a fact cannot be read or does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FactError {
    /// The text is not a fact.
    #[error("`{text}` is not a fact: {why}")]
    Unreadable {
        /// The text.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// A move of `after` is not legal.
    #[error("`{fact}`: {square} is not a legal move there")]
    IllegalAfter {
        /// The fact.
        fact: String,
        /// The move.
        square: Square,
    },
    /// The claim is false: what the board says instead.
    #[error("`{fact}` is false: {found}")]
    False {
        /// The fact.
        fact: String,
        /// What the board shows.
        found: String,
    },
    /// A text describes a board (names a square, or an edge's gaps) that its step does
    /// not show.
    #[error("the text describes a board ({0}) but the step shows none (add a `position`)")]
    NoBoard(String),
    /// The claim needs the engine's values or the line shown, which were not given.
    #[error("`{0}` needs the engine's values or the game's line to be checked")]
    NeedsMore(String),
}

impl Fact {
    /// A claim about the board itself.
    pub fn now(claim: Claim) -> Fact {
        Fact {
            after: Vec::new(),
            claim,
        }
    }

    /// Whether checking it needs the engine's values of the moves.
    pub fn needs_values(&self) -> bool {
        matches!(self.claim, Claim::Worse { .. } | Claim::AtLeast(..))
    }

    /// The board the claim is about: `shown` with the `after` moves played (a pass
    /// where the side to move must pass).
    pub fn board_of(&self, shown: &Position) -> Result<Position, FactError> {
        let mut pos = *shown;
        for &sq in &self.after {
            if pos.must_pass() {
                pos = pos.pass();
            }
            if !pos.board.is_legal(sq) {
                return Err(FactError::IllegalAfter {
                    fact: self.to_string(),
                    square: sq,
                });
            }
            pos = pos.play_unchecked(sq);
        }
        Ok(pos)
    }

    /// Checks the claim on `shown` (the `after` moves played first). `line` is the
    /// game that led to `shown`, its boards in order (for `opening`); the claims on
    /// the engine's values are checked by [`Fact::check_values`].
    pub fn check(&self, shown: &Position, line: Option<&[Board]>) -> Result<(), FactError> {
        let pos = self.board_of(shown)?;
        let false_because = |found: String| {
            Err(FactError::False {
                fact: self.to_string(),
                found,
            })
        };
        let count = |c: Color, n: u32, what: &str, found: u32| {
            if n == found {
                Ok(())
            } else {
                false_because(format!("{c} has {found} {what}"))
            }
        };
        match &self.claim {
            Claim::Moves(c, n) => count(*c, *n, "legal moves", moves_of(&pos, *c)),
            Claim::Frontier(c, n) => count(*c, *n, "frontier discs", frontier_of(&pos, *c)),
            Claim::Discs(c, n) => count(*c, *n, "discs", pos.discs(*c).count_ones()),
            Claim::Stable(c, n) => count(
                *c,
                *n,
                "stable discs",
                stable_discs(pos.discs(*c), pos.discs(c.opposite())).count_ones(),
            ),
            Claim::FewerFrontier(c) => {
                let (mine, theirs) = (frontier_of(&pos, *c), frontier_of(&pos, c.opposite()));
                if mine < theirs {
                    Ok(())
                } else {
                    false_because(format!(
                        "{c} has {mine} frontier discs, {} {theirs}",
                        c.opposite()
                    ))
                }
            }
            Claim::FewerMoves(c) => {
                let (mine, theirs) = (moves_of(&pos, *c), moves_of(&pos, c.opposite()));
                if mine < theirs {
                    Ok(())
                } else {
                    false_because(format!("{c} has {mine} moves, {} {theirs}", c.opposite()))
                }
            }
            Claim::NoMove(c, sq) | Claim::CanMove(c, sq) => {
                let legal = can_play(&pos, *c, *sq);
                match (&self.claim, legal) {
                    (Claim::NoMove(..), false) | (Claim::CanMove(..), true) => Ok(()),
                    (Claim::NoMove(..), true) => false_because(format!("{c} can play {sq}")),
                    _ => false_because(format!("{c} cannot play {sq}")),
                }
            }
            Claim::Empty(sq) => match pos.disc_at(*sq) {
                None => Ok(()),
                Some(c) => false_because(format!("{sq} holds a {} disc", lower(c))),
            },
            Claim::Disc(c, sq) => match pos.disc_at(*sq) {
                Some(found) if found == *c => Ok(()),
                Some(found) => false_because(format!("{sq} holds a {} disc", lower(found))),
                None => false_because(format!("{sq} is empty")),
            },
            Claim::Flips(sq, n) => {
                if !pos.board.is_legal(*sq) {
                    return false_because(format!("{sq} is not a legal move"));
                }
                let found = pos.board.flips(*sq).len();
                if found == *n {
                    Ok(())
                } else {
                    false_because(format!("{sq} flips {found}"))
                }
            }
            Claim::MustPass(c) => {
                if pos.is_game_over() {
                    false_because("the game is over".into())
                } else if moves_of(&pos, *c) == 0 {
                    Ok(())
                } else {
                    false_because(format!("{c} has {} legal moves", moves_of(&pos, *c)))
                }
            }
            Claim::ToMove(c) => {
                if pos.to_move == *c && !pos.is_game_over() {
                    Ok(())
                } else {
                    false_because(format!("{} is to move", pos.to_move))
                }
            }
            Claim::GameOver => {
                if pos.is_game_over() {
                    Ok(())
                } else {
                    false_because("the game goes on".into())
                }
            }
            Claim::GoesOn => {
                if pos.is_game_over() {
                    false_because("the game is over".into())
                } else {
                    Ok(())
                }
            }
            Claim::FrontierFlips(sq, n) => {
                if !pos.board.is_legal(*sq) {
                    return false_because(format!("{sq} is not a legal move"));
                }
                let after = pos.play_unchecked(*sq);
                let flipped = pos.board.flips(*sq);
                let found = flipped
                    .into_iter()
                    .filter(|f| touches_empty(&after, *f))
                    .count() as u32;
                if found == *n {
                    Ok(())
                } else {
                    false_because(format!("{sq} flips {found} frontier discs"))
                }
            }
            Claim::Region(sq, n) => {
                let found = region_size(&pos, *sq);
                if found == *n {
                    Ok(())
                } else {
                    false_because(format!("the empty region of {sq} has {found} squares"))
                }
            }
            Claim::NoNeighbour(c, sq) => {
                match neighbours(*sq).find(|n| pos.disc_at(*n) == Some(*c)) {
                    None => Ok(()),
                    Some(n) => {
                        false_because(format!("{n}, next to {sq}, holds a {} disc", lower(*c)))
                    }
                }
            }
            Claim::Opening(name) => {
                let Some(boards) = line else {
                    return Err(FactError::NeedsMore(self.to_string()));
                };
                let found = crate::tutor::openings::opening_along(boards);
                if found.as_deref() == name.as_deref() {
                    Ok(())
                } else {
                    false_because(format!(
                        "the line's named opening is {}",
                        found.unwrap_or_else(|| "none".into())
                    ))
                }
            }
            Claim::Worse { .. } | Claim::AtLeast(..) => Err(FactError::NeedsMore(self.to_string())),
        }
    }

    /// Checks a claim on the engine's values; `value` gives a move's value in discs
    /// for the side to move of the board the claim is about. Other claims pass.
    pub fn check_values(
        &self,
        value: &mut dyn FnMut(Square) -> Option<i32>,
    ) -> Result<(), FactError> {
        let mut get = |sq: Square| {
            value(sq).ok_or_else(|| FactError::False {
                fact: self.to_string(),
                found: format!("{sq} is not a legal move"),
            })
        };
        match self.claim {
            Claim::Worse { mv, than, min, max } => {
                let diff = get(than)? - get(mv)?;
                if (min..=max).contains(&diff) {
                    Ok(())
                } else {
                    Err(FactError::False {
                        fact: self.to_string(),
                        found: format!("the search puts {mv} {diff} discs below {than}"),
                    })
                }
            }
            Claim::AtLeast(a, b) => {
                let (va, vb) = (get(a)?, get(b)?);
                if va >= vb {
                    Ok(())
                } else {
                    Err(FactError::False {
                        fact: self.to_string(),
                        found: format!("the search values {a} {va:+} and {b} {vb:+}"),
                    })
                }
            }
            _ => Ok(()),
        }
    }
}

fn lower(c: Color) -> String {
    c.name().to_lowercase()
}

fn moves_of(pos: &Position, c: Color) -> u32 {
    mobility(pos.discs(c), pos.discs(c.opposite()))
}

fn frontier_of(pos: &Position, c: Color) -> u32 {
    frontier_discs(pos.discs(c), pos.board.empty()).count_ones()
}

/// The eight neighbours of `sq` on the board.
fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    let (col, row) = ((sq.index() % 8) as i32, (sq.index() / 8) as i32);
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| (col + dx, row + dy)))
        .filter(move |&(x, y)| (x, y) != (col, row) && (0..8).contains(&x) && (0..8).contains(&y))
        .map(|(x, y)| Square::from_index_unchecked((y * 8 + x) as u32))
}

/// Whether the disc on `sq` touches an empty square.
fn touches_empty(pos: &Position, sq: Square) -> bool {
    neighbours(sq).any(|n| pos.disc_at(n).is_none())
}

/// The size of the empty region (squares joined by king moves) holding `sq`; 0 when
/// `sq` holds a disc.
fn region_size(pos: &Position, sq: Square) -> u32 {
    if pos.disc_at(sq).is_some() {
        return 0;
    }
    let mut seen = vec![sq];
    let mut next = 0;
    while next < seen.len() {
        let at = seen[next];
        next += 1;
        for n in neighbours(at) {
            if pos.disc_at(n).is_none() && !seen.contains(&n) {
                seen.push(n);
            }
        }
    }
    seen.len() as u32
}

/// Whether `c` may play `sq` on `pos`, found by walking the eight lines from the
/// square (not by the move generator, which the claim is there to check).
fn can_play(pos: &Position, c: Color, sq: Square) -> bool {
    if pos.disc_at(sq).is_some() {
        return false;
    }
    let (col, row) = ((sq.index() % 8) as i32, (sq.index() / 8) as i32);
    let at = |x: i32, y: i32| -> Option<Option<Color>> {
        ((0..8).contains(&x) && (0..8).contains(&y))
            .then(|| pos.disc_at(Square::from_index_unchecked((y * 8 + x) as u32)))
    };
    for (dx, dy) in [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ] {
        let (mut x, mut y, mut between) = (col + dx, row + dy, 0);
        while at(x, y) == Some(Some(c.opposite())) {
            x += dx;
            y += dy;
            between += 1;
        }
        if between > 0 && at(x, y) == Some(Some(c)) {
            return true;
        }
    }
    false
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.after.is_empty() {
            let moves: Vec<String> = self.after.iter().map(|s| s.to_string()).collect();
            write!(f, "after {}: ", moves.join(" "))?;
        }
        match &self.claim {
            Claim::Moves(c, n) => write!(f, "moves {} = {n}", lower(*c)),
            Claim::Frontier(c, n) => write!(f, "frontier {} = {n}", lower(*c)),
            Claim::Discs(c, n) => write!(f, "discs {} = {n}", lower(*c)),
            Claim::Stable(c, n) => write!(f, "stable {} = {n}", lower(*c)),
            Claim::FewerFrontier(c) => write!(f, "fewer-frontier {}", lower(*c)),
            Claim::FewerMoves(c) => write!(f, "fewer-moves {}", lower(*c)),
            Claim::NoMove(c, sq) => write!(f, "no-move {} {sq}", lower(*c)),
            Claim::CanMove(c, sq) => write!(f, "can-move {} {sq}", lower(*c)),
            Claim::Empty(sq) => write!(f, "empty {sq}"),
            Claim::Disc(c, sq) => write!(f, "disc {} {sq}", lower(*c)),
            Claim::Flips(sq, n) => write!(f, "flips {sq} = {n}"),
            Claim::MustPass(c) => write!(f, "must-pass {}", lower(*c)),
            Claim::ToMove(c) => write!(f, "to-move {}", lower(*c)),
            Claim::GameOver => f.write_str("game-over"),
            Claim::GoesOn => f.write_str("goes-on"),
            Claim::FrontierFlips(sq, n) => write!(f, "frontier-flips {sq} = {n}"),
            Claim::Region(sq, n) => write!(f, "region {sq} = {n}"),
            Claim::NoNeighbour(c, sq) => write!(f, "no-neighbour {} {sq}", lower(*c)),
            Claim::Opening(Some(name)) => write!(f, "opening {name}"),
            Claim::Opening(None) => f.write_str("opening none"),
            Claim::Worse { mv, than, min, max } => write!(f, "worse {mv} {than} by {min}..{max}"),
            Claim::AtLeast(a, b) => write!(f, "at-least {a} {b}"),
        }
    }
}

impl FromStr for Fact {
    type Err = FactError;

    fn from_str(text: &str) -> Result<Fact, FactError> {
        let bad = |why: &str| FactError::Unreadable {
            text: text.to_string(),
            why: why.to_string(),
        };
        let (after, claim_text) = match text.trim().strip_prefix("after ") {
            Some(rest) => {
                let (moves, claim) = rest
                    .split_once(':')
                    .ok_or_else(|| bad("`after` needs a `:` before the claim"))?;
                let mut after = Vec::new();
                for m in moves.split_whitespace() {
                    after.push(
                        Square::parse(m).map_err(|_| bad("a move of `after` is not a square"))?,
                    );
                }
                (after, claim.trim())
            }
            None => (Vec::new(), text.trim()),
        };
        let words: Vec<&str> = claim_text.split_whitespace().collect();
        let color = |w: &str| match w {
            "black" => Ok(Color::Black),
            "white" => Ok(Color::White),
            _ => Err(bad("expected `black` or `white`")),
        };
        let square = |w: &str| Square::parse(w).map_err(|_| bad("expected a square"));
        let number = |w: &str| w.parse::<u32>().map_err(|_| bad("expected a count"));
        let claim = match words.as_slice() {
            ["moves", c, "=", n] => Claim::Moves(color(c)?, number(n)?),
            ["frontier", c, "=", n] => Claim::Frontier(color(c)?, number(n)?),
            ["discs", c, "=", n] => Claim::Discs(color(c)?, number(n)?),
            ["stable", c, "=", n] => Claim::Stable(color(c)?, number(n)?),
            ["fewer-frontier", c] => Claim::FewerFrontier(color(c)?),
            ["fewer-moves", c] => Claim::FewerMoves(color(c)?),
            ["no-move", c, sq] => Claim::NoMove(color(c)?, square(sq)?),
            ["can-move", c, sq] => Claim::CanMove(color(c)?, square(sq)?),
            ["empty", sq] => Claim::Empty(square(sq)?),
            ["disc", c, sq] => Claim::Disc(color(c)?, square(sq)?),
            ["flips", sq, "=", n] => Claim::Flips(square(sq)?, number(n)?),
            ["must-pass", c] => Claim::MustPass(color(c)?),
            ["to-move", c] => Claim::ToMove(color(c)?),
            ["game-over"] => Claim::GameOver,
            ["goes-on"] => Claim::GoesOn,
            ["frontier-flips", sq, "=", n] => Claim::FrontierFlips(square(sq)?, number(n)?),
            ["region", sq, "=", n] => Claim::Region(square(sq)?, number(n)?),
            ["no-neighbour", c, sq] => Claim::NoNeighbour(color(c)?, square(sq)?),
            ["opening", "none"] => Claim::Opening(None),
            ["opening", ..] => {
                let name = claim_text["opening".len()..].trim();
                Claim::Opening(Some(name.to_string()))
            }
            ["worse", a, b, "by", range] => {
                let (lo, hi) = range
                    .split_once("..")
                    .ok_or_else(|| bad("expected a range such as 2..6"))?;
                let lo: i32 = lo
                    .parse()
                    .map_err(|_| bad("expected a range such as 2..6"))?;
                let hi: i32 = hi
                    .parse()
                    .map_err(|_| bad("expected a range such as 2..6"))?;
                if lo > hi {
                    return Err(bad("the range is empty"));
                }
                Claim::Worse {
                    mv: square(a)?,
                    than: square(b)?,
                    min: lo,
                    max: hi,
                }
            }
            ["at-least", a, b] => Claim::AtLeast(square(a)?, square(b)?),
            _ => return Err(bad("unknown claim (see tutor::facts for the list)")),
        };
        Ok(Fact { after, claim })
    }
}

/// Checks `facts` on `shown` (with the line that led there, for openings); every
/// failure, in order.
pub fn check_all(facts: &[Fact], shown: &Position, line: Option<&[Board]>) -> Vec<FactError> {
    facts
        .iter()
        .filter(|f| !f.needs_values())
        .filter_map(|f| f.check(shown, line).err())
        .collect()
}
