//! Grading a played move against the engine's values of every move: best, good,
//! inaccuracy, mistake or blunder, with the disc loss and the reasons; or, in the
//! opening, against the opening book: a move that follows a named line, or is within
//! [`BOOK_MARGIN`] of the book's best, is a book move.

pub mod words;

pub use words::{SEARCH_LIMIT, loss_words, summary_line, value_words};

use super::explain::{contrast, explain_move};
use crate::engine::analysis::MoveValue;
use crate::engine::book;
use crate::engine::{Board, Move, Position, Square};
use crate::tutor::openings;
use crate::tutor::openings::BOOK_MARGIN;
use crate::tutor::values::StatedValue;
use std::fmt;

/// How good a move was, by the discs it lost against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// A move of the opening book: it follows a named line, or is within
    /// [`BOOK_MARGIN`] of the book's best move.
    Book,
    /// As good as the best move.
    Best,
    /// Loses at most 2 discs.
    Good,
    /// Loses 3 or 4 discs.
    Inaccuracy,
    /// Loses 5 to 8 discs.
    Mistake,
    /// Loses more than 8 discs, or turns a win into a draw or a loss.
    Blunder,
}

/// The most discs a "good" move may lose.
pub const GOOD_MAX_LOSS: i32 = 2;
/// The most discs an "inaccuracy" may lose.
pub const INACCURACY_MAX_LOSS: i32 = 4;
/// The most discs a "mistake" may lose; more is a blunder.
pub const MISTAKE_MAX_LOSS: i32 = 8;

impl Grade {
    /// The grade of a move worth `played` when the best is worth `best` (whole discs,
    /// mover's view). Throwing a win away is a blunder whatever the margin.
    pub fn from_values(best: i32, played: i32) -> Grade {
        Grade::from_search(best, played, true)
    }

    /// The grade of a move worth `played` when the best is worth `best`, from values
    /// that are proved (`exact`) or estimated. Only proved values can show that a move
    /// throws a win away; estimates are graded by the discs lost alone.
    pub fn from_search(best: i32, played: i32, exact: bool) -> Grade {
        let loss = (best - played).max(0);
        if exact && best > 0 && played <= 0 {
            return Grade::Blunder;
        }
        match loss {
            0 => Grade::Best,
            l if l <= GOOD_MAX_LOSS => Grade::Good,
            l if l <= INACCURACY_MAX_LOSS => Grade::Inaccuracy,
            l if l <= MISTAKE_MAX_LOSS => Grade::Mistake,
            _ => Grade::Blunder,
        }
    }

    /// The word for the grade.
    pub const fn word(self) -> &'static str {
        match self {
            Grade::Book => "book",
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }

    /// Whether the learner should be told to look again.
    pub const fn is_error(self) -> bool {
        matches!(self, Grade::Inaccuracy | Grade::Mistake | Grade::Blunder)
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The verdict on one played move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// The move played.
    pub played: Square,
    /// Its value in whole discs (mover's view).
    pub played_value: i32,
    /// The best move (one of them).
    pub best: Square,
    /// The best value in whole discs.
    pub best_value: i32,
    /// Discs lost against the best move.
    pub loss: i32,
    /// The grade.
    pub grade: Grade,
    /// Whether the values are proved (exact) rather than estimated.
    pub exact: bool,
    /// The search depth behind estimated values.
    pub depth: u32,
    /// What the played move does.
    pub why_played: Vec<String>,
    /// What the best move does.
    pub why_best: Vec<String>,
    /// What tells them apart.
    pub difference: Vec<String>,
    /// The opening book's word on the move, when the position was in the book.
    pub book: Option<BookNote>,
    /// Graded meanwhile by a search, near the end: its exact grade is still being
    /// worked out and will replace it. Taken back and replayed, the move keeps it.
    pub interim: bool,
}

/// What the opening book says about a played move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookNote {
    /// The named opening the game is in after the move: the deepest named position
    /// it has passed through.
    pub opening: Option<String>,
    /// The name of the position the move reaches, if it has one.
    pub reached: Option<String>,
    /// When the move leaves the book, the book's move here: the main line's
    /// continuation.
    pub main_line: Option<Square>,
}

/// Grades `played` in `pos` given the values of every move (as from
/// `engine::analysis::analyze`, best first). `None` if the move is not among them.
///
/// ```
/// use othello_tutor::engine::analysis::{AnalysisOptions, analyze};
/// use othello_tutor::engine::search::Searcher;
/// use othello_tutor::engine::{Position, Square};
/// use othello_tutor::tutor::feedback::{Grade, grade_move};
///
/// let pos = Position::start();
/// let mut searcher = Searcher::new(4, 4);
/// let options = AnalysisOptions { depth: 4, exact_empties: 0, time: None, selective: None, smoothed: true };
/// let values = analyze(&mut searcher, &pos.board, options).unwrap();
/// let f5 = Square::parse("f5").unwrap();
/// let feedback = grade_move(&pos, f5, &values).unwrap();
/// // The four first moves are the same move turned: each is a best move.
/// assert_eq!(feedback.grade, Grade::Best);
/// assert_eq!(feedback.loss, 0);
/// assert!(!feedback.why_played.is_empty());
/// ```
pub fn grade_move(pos: &Position, played: Square, values: &[MoveValue]) -> Option<Feedback> {
    let best = values.first()?;
    let mine = values.iter().find(|v| v.mv == Move::Place(played))?;
    let Move::Place(best_sq) = best.mv else {
        return None;
    };
    // A move that ends the game has its final result, exact, whatever the search said.
    let (b, m) = (StatedValue::of(pos, best), StatedValue::of(pos, mine));
    let (best_value, played_value) = (b.discs, m.discs);
    let exact = b.exact && m.exact;
    let grade = Grade::from_search(best_value.max(played_value), played_value, exact);
    Some(build(
        pos,
        Verdict {
            played,
            played_value,
            best: best_sq,
            best_value: best_value.max(played_value),
            grade,
            exact,
            depth: mine.depth,
        },
        None,
    ))
}

/// The numbers behind a verdict, before the explanations are added.
struct Verdict {
    played: Square,
    played_value: i32,
    best: Square,
    best_value: i32,
    grade: Grade,
    exact: bool,
    depth: u32,
}

/// The feedback for `v` in `pos`: a move worth as much as the best is itself the
/// best move shown, and the explanations of both moves and their contrast.
fn build(pos: &Position, v: Verdict, book: Option<BookNote>) -> Feedback {
    let best = if v.played_value >= v.best_value {
        v.played
    } else {
        v.best
    };
    let difference = if best == v.played {
        Vec::new()
    } else {
        contrast(pos, v.played, best)
    };
    Feedback {
        played: v.played,
        played_value: v.played_value,
        best,
        best_value: v.best_value,
        loss: (v.best_value - v.played_value).max(0),
        grade: v.grade,
        exact: v.exact,
        depth: v.depth,
        why_played: explain_move(pos, v.played),
        why_best: explain_move(pos, best),
        difference,
        book,
        interim: false,
    }
}

/// Grades `played` in `pos` by the shipped opening book, when `pos` is a book
/// position; `None` otherwise (grade it by search then). `earlier` are the game's
/// boards before `pos`, for the opening's name. A move that keeps the game on the
/// named lines, or loses at most [`BOOK_MARGIN`] against the book's best move, is
/// graded [`Grade::Book`]; others are graded by the book's values. A move that
/// leaves the book says what the book plays instead.
///
/// ```
/// use othello_tutor::engine::notation::parse_transcript;
/// use othello_tutor::engine::Square;
/// use othello_tutor::tutor::feedback::{Grade, grade_from_book};
/// // The Tiger's main line: f5 d6 c3, then d3.
/// let game = parse_transcript("f5 d6 c3").unwrap();
/// let d3 = Square::parse("d3").unwrap();
/// let fb = grade_from_book(&game.current(), d3, &[]).expect("a book position");
/// assert_eq!(fb.grade, Grade::Book);
/// ```
pub fn grade_from_book(pos: &Position, played: Square, earlier: &[Board]) -> Option<Feedback> {
    let book = book::shipped().ok()?;
    let moves = book.lookup(&pos.board);
    let best = *moves.first()?;
    let mine = *moves.iter().find(|m| m.square == played)?;
    let after = pos.board.play_unchecked(played);
    let stays = book.contains(&after);
    let (best_value, played_value) = (best.discs(), mine.discs());
    let grade = if stays || best.value - mine.value <= BOOK_MARGIN {
        Grade::Book
    } else {
        Grade::from_search(best_value, played_value, false)
    };
    let names = openings::embedded();
    let boards: Vec<Board> = earlier.iter().copied().chain([pos.board, after]).collect();
    // Leaving the book: the book's move here, preferring one that stays on the lines.
    let main_line = (!stays).then(|| {
        moves
            .iter()
            .find(|m| book.contains(&pos.board.play_unchecked(m.square)))
            .unwrap_or(&best)
            .square
    });
    Some(build(
        pos,
        Verdict {
            played,
            played_value,
            best: best.square,
            best_value,
            grade,
            exact: false,
            depth: mine.depth,
        },
        Some(BookNote {
            opening: crate::tutor::openings::opening_along(&boards),
            reached: names.name_of(&after).map(|o| o.name.clone()),
            main_line,
        }),
    ))
}

/// The one-line summary of a grade whose values are below the evaluation's limit
/// (see [`summary_line`]), such as "c4: mistake, loses 6 discs (best f5, exact)", or
/// "d3: book move, Perpendicular Opening (-1, book depth 11)"; a move that leaves the
/// book adds "; out of book: the main line continues c4".
fn plain_line(f: &Feedback) -> String {
    let basis = if f.exact {
        "exact".to_string()
    } else {
        format!("depth {}", f.depth)
    };
    let line = if f.grade == Grade::Book {
        let name = f
            .book
            .as_ref()
            .and_then(|b| b.opening.as_deref())
            .map(|n| format!(", {n}"))
            .unwrap_or_default();
        format!(
            "{}: book move{name} ({:+}, book depth {})",
            f.played, f.played_value, f.depth
        )
    } else if f.grade == Grade::Best {
        format!("{}: best move ({:+}, {basis})", f.played, f.played_value)
    } else {
        format!(
            "{}: {}, loses {} disc{} ({:+} against {:+} for {}, {basis})",
            f.played,
            f.grade,
            f.loss,
            if f.loss == 1 { "" } else { "s" },
            f.played_value,
            f.best_value,
            f.best
        )
    };
    match f.book.as_ref().and_then(|b| b.main_line) {
        Some(sq) => format!("{line}; out of book: the main line continues {sq}"),
        None => line,
    }
}
