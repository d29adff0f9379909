//! Personal puzzles: the mistakes of the learner's practice games, valued again and
//! kept in the progress file as puzzles of their own.

use crate::engine::analysis::{AnalysisOptions, analyze};
use crate::engine::notation::{parse_obf, to_obf};
use crate::engine::search::Searcher;
use crate::engine::{Color, Move, Position, Square, SquareSet};
use crate::tutor::feedback::{GOOD_MAX_LOSS, Grade};
use crate::tutor::practice::Practice;
use crate::tutor::puzzle::{
    Goal, InvalidPuzzle, PERSONAL_GENERATOR, Proof, Puzzle, PuzzleError, PuzzleProblem,
    PuzzleSource, Step, Theme, themes_of,
};
use crate::tutor::rating::{MAX_PUZZLE_RATING, MIN_PUZZLE_RATING};
use serde::{Deserialize, Serialize};

/// Personal puzzles are searched this deep when they have more empties than
/// [`PERSONAL_EXACT_EMPTIES`].
pub const PERSONAL_DEPTH: u32 = 10;
/// Personal puzzles with at most this many empties are valued exactly.
pub const PERSONAL_EXACT_EMPTIES: u32 = 18;

/// A personal puzzle: a mistake from one of the learner's practice games, stored in
/// the progress file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PersonalPuzzle {
    /// Id, `my-` and a hash of the position.
    pub id: String,
    /// The position as an OBF line.
    pub position: String,
    /// The moves accepted: every move within [`GOOD_MAX_LOSS`] discs of the best.
    pub accepted: Vec<String>,
    /// The best move.
    pub best: String,
    /// The move played in the game.
    pub played: String,
    /// The best move's value in discs, as the game's grading gave it.
    pub best_value: i32,
    /// The played move's value in discs, as the game's grading gave it.
    pub played_value: i32,
    /// Whether the game's values are exact; otherwise searched at `depth`.
    pub exact: bool,
    /// The game's search depth when not exact.
    pub depth: u32,
    /// The move number in the game.
    pub number: usize,
    /// The game up to the position, from its start position, as a transcript.
    pub game: String,
    /// When it was made (seconds since the epoch).
    pub added: u64,
    /// Its rating when made (the learner's rating then, within 600 to 2400).
    pub rating: u32,
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The id of a personal puzzle at `pos`.
pub fn personal_id(pos: &Position) -> String {
    let side = u64::from(pos.to_move == Color::White);
    let h = mix(mix(pos.black()) ^ pos.white().rotate_left(17) ^ side);
    format!("my-{:012x}", h >> 16)
}

impl PersonalPuzzle {
    /// The puzzle to play: goal `best`, accepting every move within
    /// [`GOOD_MAX_LOSS`] discs of the best (as the practice grades), themes from the
    /// engine's facts. Fails if the stored record is damaged.
    pub fn to_puzzle(&self) -> Result<Puzzle, PuzzleError> {
        let file = "progress (personal puzzles)";
        let bad = |field: &str, what: InvalidPuzzle| {
            PuzzleError::new(
                file,
                Some(&self.id),
                Some(field),
                PuzzleProblem::Invalid(what),
            )
        };
        let position = parse_obf(&self.position)
            .map_err(|e| bad("position", InvalidPuzzle::StoredPosition(Box::new(e))))?
            .position;
        let square = |field: &str, t: &str| {
            Square::parse(t)
                .ok()
                .filter(|&sq| position.board.is_legal(sq))
                .ok_or_else(|| bad(field, InvalidPuzzle::NotLegalHere(t.to_string())))
        };
        let best = square("best", &self.best)?;
        let mut accepted = SquareSet::EMPTY;
        for t in &self.accepted {
            accepted.0 |= square("accepted", t)?.bit();
        }
        if !accepted.contains(best) {
            return Err(bad("accepted", InvalidPuzzle::BestNotAccepted));
        }
        let proof = if self.exact {
            Proof::Exact
        } else {
            Proof::Search { depth: self.depth }
        };
        let loss = self.best_value - self.played_value;
        let why = format!(
            "In your game (move {}) you played {}, {} disc{} worse than {} ({:+}, {}).",
            self.number,
            self.played,
            loss,
            if loss == 1 { "" } else { "s" },
            self.best,
            self.best_value,
            if self.exact {
                "exact".to_string()
            } else {
                format!("depth {}", self.depth)
            }
        );
        let themes: Vec<Theme> = themes_of(&position, best, self.best_value, proof);
        Ok(Puzzle {
            file: file.to_string(),
            id: self.id.clone(),
            position,
            goal: Goal::Best,
            steps: vec![Step {
                position,
                accepted,
                answer: best,
                reply: None,
            }],
            solution: vec![Move::Place(best)],
            value: self.best_value,
            margin: loss.max(1),
            proof,
            themes,
            rating: self.rating.clamp(MIN_PUZZLE_RATING, MAX_PUZZLE_RATING),
            why,
            source: PuzzleSource {
                generator: PERSONAL_GENERATOR.into(),
                seed: None,
                game: Some(self.game.clone()),
            },
        })
    }
}

/// One graded mistake of the learner's: the position before the move, the move and
/// the grade's figures (its best move, both values, exact or searched), as practice
/// graded it. A personal puzzle and a "find the better move" step are made from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradedMistake {
    /// The position the move was played from.
    pub position: Position,
    /// The move played.
    pub played: Square,
    /// Its grade.
    pub grade: Grade,
    /// The grade's best move.
    pub best: Square,
    /// The best move's value in discs, as graded.
    pub best_value: i32,
    /// The played move's value in discs, as graded.
    pub played_value: i32,
    /// Whether the values are exact; otherwise searched at `depth` (or the book's).
    pub exact: bool,
    /// The search (or book) depth behind the values when not exact.
    pub depth: u32,
    /// The move number in the game.
    pub number: usize,
    /// The game up to the position, as a transcript (or the start's OBF line and the
    /// moves).
    pub game: String,
}

impl GradedMistake {
    /// Discs lost against the best move.
    pub fn loss(&self) -> i32 {
        (self.best_value - self.played_value).max(0)
    }
}

/// `color`'s mistakes in a practice game (the moves graded inaccuracy or worse), in
/// game order.
pub fn graded_mistakes(practice: &Practice, color: Color) -> Vec<GradedMistake> {
    let game = practice.game();
    practice
        .review(color)
        .errors
        .iter()
        .filter_map(|item| {
            let pos = game.position_at(item.index);
            let fb = &item.feedback;
            (pos.to_move == color && pos.board.is_legal(fb.played)).then(|| GradedMistake {
                position: pos,
                played: fb.played,
                grade: fb.grade,
                best: fb.best,
                best_value: fb.best_value,
                played_value: fb.played_value,
                exact: fb.exact,
                depth: fb.depth,
                number: item.number,
                game: game_text(&game.start(), &game.moves()[..item.index]),
            })
        })
        .collect()
}

/// Personal puzzles from `color`'s mistakes in a practice game (the moves its review
/// grades inaccuracy or worse), each made by [`personal_puzzle`]; one per position.
/// Stops early if the searcher's stop flag is raised.
pub fn personal_puzzles(
    practice: &Practice,
    color: Color,
    searcher: &mut Searcher,
    rating: f64,
    now: u64,
) -> Vec<PersonalPuzzle> {
    let mut out: Vec<PersonalPuzzle> = Vec::new();
    for mistake in graded_mistakes(practice, color) {
        if searcher.stop_requested() {
            break;
        }
        if let Some(p) = personal_puzzle(&mistake, searcher, rating, now)
            && !out.iter().any(|q| q.id == p.id)
        {
            out.push(p);
        }
    }
    out
}

/// The personal puzzle of one mistake. The puzzle keeps the game's grading: its best
/// move is the solution, and its values and depth are the ones stated (one value per
/// fact). The position is valued again by the engine (exactly at
/// [`PERSONAL_EXACT_EMPTIES`] empties or fewer, else at [`PERSONAL_DEPTH`]) only to
/// accept the other moves within [`GOOD_MAX_LOSS`] discs of that best move; `None`
/// when the new values no longer confirm the mistake (or the search was stopped).
/// `rating` is the learner's rating now (the puzzle starts there).
pub fn personal_puzzle(
    mistake: &GradedMistake,
    searcher: &mut Searcher,
    rating: f64,
    now: u64,
) -> Option<PersonalPuzzle> {
    let pos = mistake.position;
    let (played, best) = (mistake.played, mistake.best);
    if !pos.board.is_legal(played) || best == played || !pos.board.is_legal(best) {
        return None;
    }
    let options = AnalysisOptions {
        depth: PERSONAL_DEPTH,
        exact_empties: PERSONAL_EXACT_EMPTIES,
        time: None,
        selective: None,
        smoothed: true,
    };
    let values = analyze(searcher, &pos.board, options).ok()?;
    // One value per fact: the puzzle states the game's grading (its best move, the
    // values and the depth the learner was shown); the new values only decide which
    // other moves are as good as that best move.
    let value_of = |sq: Square| {
        values
            .iter()
            .find(|v| v.mv == Move::Place(sq))
            .map(|v| v.discs())
    };
    let (reference, played_now) = (value_of(best)?, value_of(played)?);
    if played_now >= reference - GOOD_MAX_LOSS {
        return None;
    }
    let mut accepted: Vec<Square> = vec![best];
    accepted.extend(
        values
            .iter()
            .filter(|v| v.discs() >= reference - GOOD_MAX_LOSS)
            .filter_map(|v| match v.mv {
                Move::Place(sq) if sq != best && sq != played => Some(sq),
                _ => None,
            }),
    );
    let exact = mistake.exact;
    Some(PersonalPuzzle {
        id: personal_id(&pos),
        position: to_obf(&pos),
        accepted: accepted.iter().map(|s| s.to_string()).collect(),
        best: best.to_string(),
        played: played.to_string(),
        best_value: mistake.best_value,
        played_value: mistake.played_value,
        exact,
        depth: if exact { 0 } else { mistake.depth },
        number: mistake.number,
        game: mistake.game.clone(),
        added: now,
        rating: (rating.round().max(0.0) as u32).clamp(MIN_PUZZLE_RATING, MAX_PUZZLE_RATING),
    })
}

/// The game as a transcript, or as the start's OBF line and the moves when it did not
/// start from the initial position.
pub fn game_text(start: &Position, moves: &[Move]) -> String {
    let t = crate::engine::notation::to_transcript(moves);
    if *start == Position::start() {
        t
    } else {
        format!("{} ; {t}", to_obf(start))
    }
}
