//! How a value is stated to the learner: with the precision it has. A move that ends
//! the game has its final, exact result whatever the search said of it; a solved
//! value is exact and says so; a searched value is an estimate and reads as one
//! ("about +5", rounded to [`SEARCHED_STEP`] discs), since deeper searches move it by
//! a few discs (the mined midgame puzzles' depth-16 values run about 3 discs above a
//! deep outside search).

use crate::engine::analysis::MoveValue;
use crate::engine::{Move, Position};

/// Searched values are stated rounded to this many discs.
pub const SEARCHED_STEP: i32 = 5;

/// A move's value as the tutor states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatedValue {
    /// Discs for the side to move (the final margin when exact).
    pub discs: i32,
    /// Whether it is the proved final margin (solved, or the game ends with the move).
    pub exact: bool,
    /// The search depth when not exact.
    pub depth: u32,
}

impl StatedValue {
    /// The value of `v`, a move of `pos`: a move that ends the game gets its final
    /// margin, exact, whatever depth the search reached.
    ///
    /// ```
    /// use othello_tutor::engine::analysis::MoveValue;
    /// use othello_tutor::engine::notation::parse_transcript;
    /// use othello_tutor::engine::{Move, Square};
    /// use othello_tutor::tutor::values::StatedValue;
    /// // After c4 c3 c2 b4 a5 f4 g4 c5, Black's d6 wipes White out.
    /// let pos = parse_transcript("c4 c3 c2 b4 a5 f4 g4 c5").expect("legal").current();
    /// let d6 = Square::parse("d6").expect("a square");
    /// let searched = MoveValue { mv: Move::Place(d6), score: 6000, exact: false, depth: 10, pv: vec![Some(d6)] };
    /// let v = StatedValue::of(&pos, &searched);
    /// assert!(v.exact);
    /// assert_eq!(v.discs, 64);
    /// assert_eq!(v.basis(), "exact");
    /// ```
    pub fn of(pos: &Position, v: &MoveValue) -> StatedValue {
        if let Move::Place(sq) = v.mv
            && pos.board.is_legal(sq)
        {
            let after = pos.board.play_unchecked(sq);
            if after.is_game_over() {
                // The final score from the opponent's view, turned to the mover's.
                return StatedValue {
                    discs: -after.final_score(),
                    exact: true,
                    depth: 0,
                };
            }
        }
        StatedValue {
            discs: v.discs(),
            exact: v.exact,
            depth: v.depth,
        }
    }

    /// "exact" or "depth 12".
    pub fn basis(&self) -> String {
        if self.exact {
            "exact".into()
        } else {
            format!("depth {}", self.depth)
        }
    }
}

/// The most discs a searched value can say: the limit of the engine's evaluation. A
/// search that reaches it only says "this many or more".
pub const SEARCH_LIMIT: i32 = crate::engine::eval::MAX_EVAL / crate::engine::eval::UNITS_PER_DISC;

/// A searched value in words: "about +5" (rounded to [`SEARCHED_STEP`]), or at the
/// evaluation's limit the bound it is, "-63 or worse" (never "about -65").
///
/// ```
/// use othello_tutor::tutor::values::searched_words;
/// assert_eq!(searched_words(7), "about +5");
/// assert_eq!(searched_words(-63), "-63 or worse");
/// assert_eq!(searched_words(64), "+63 or better");
/// ```
pub fn searched_words(discs: i32) -> String {
    if discs <= -SEARCH_LIMIT {
        format!("-{SEARCH_LIMIT} or worse")
    } else if discs >= SEARCH_LIMIT {
        format!("+{SEARCH_LIMIT} or better")
    } else {
        format!("about {:+}", rounded(discs))
    }
}

/// A searched value rounded to the precision it has: the nearest multiple of
/// [`SEARCHED_STEP`].
pub fn rounded(discs: i32) -> i32 {
    let step = SEARCHED_STEP;
    let half = step / 2;
    if discs >= 0 {
        (discs + half) / step * step
    } else {
        -((-discs + half) / step * step)
    }
}

/// A value in words with its precision: "+5 (exact)" when proved, "about +5 (by the
/// engine's search)" otherwise.
///
/// ```
/// use othello_tutor::tutor::values::value_text;
/// assert_eq!(value_text(7, true), "+7 (exact)");
/// assert_eq!(value_text(7, false), "about +5 (by the engine's search)");
/// assert_eq!(value_text(-8, false), "about -10 (by the engine's search)");
/// assert_eq!(value_text(2, false), "about +0 (by the engine's search)");
/// ```
pub fn value_text(discs: i32, exact: bool) -> String {
    if exact {
        format!("{discs:+} (exact)")
    } else {
        format!("{} (by the engine's search)", searched_words(discs))
    }
}

/// A difference between two moves in words with its precision: "13 discs" when
/// proved; when searched "about 15 discs", or "a few discs" below 6.
///
/// ```
/// use othello_tutor::tutor::values::difference_text;
/// assert_eq!(difference_text(13, true), "13 discs");
/// assert_eq!(difference_text(1, true), "1 disc");
/// assert_eq!(difference_text(13, false), "about 15 discs");
/// assert_eq!(difference_text(4, false), "a few discs");
/// ```
pub fn difference_text(discs: i32, exact: bool) -> String {
    if exact {
        if discs == 1 {
            "1 disc".into()
        } else {
            format!("{discs} discs")
        }
    } else if discs < 6 {
        "a few discs".into()
    } else {
        format!("about {} discs", rounded(discs))
    }
}

/// A searched lower bound on a difference in words: "some 20 discs or more" (rounded
/// down to [`SEARCHED_STEP`]), or "a few discs or more" below it.
///
/// ```
/// use othello_tutor::tutor::values::at_least_text;
/// assert_eq!(at_least_text(23), "some 20 discs or more");
/// assert_eq!(at_least_text(3), "a few discs or more");
/// ```
pub fn at_least_text(discs: i32) -> String {
    let floor = discs.max(0) / SEARCHED_STEP * SEARCHED_STEP;
    if floor == 0 {
        "a few discs or more".into()
    } else {
        format!("some {floor} discs or more")
    }
}

/// The basis of a searched value as the learner reads it: "the engine's search". The
/// depth is left out: the precision ("about", "some … or more") says what it is worth.
pub fn search_basis() -> String {
    "the engine's search".into()
}
