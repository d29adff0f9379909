//! The records of the profile made from what the learner did: a finished practice
//! game (its graded moves tallied by phase, its mistakes each put down to a concept),
//! a puzzle attempt, a lesson answer.

use super::Phase;
use super::attribute::{GradeLines, attribute};
use super::concept::lesson_concepts;
use super::profile::{GameRecord, GameResult, LessonRecord, MistakeRecord, PuzzleRecord};
use crate::engine::Color;
use crate::engine::notation::to_obf;
use crate::tutor::feedback::Grade;
use crate::tutor::lesson::{Lesson, StepAttempts};
use crate::tutor::personal::GradedMistake;
use crate::tutor::practice::{Practice, Seat};
use crate::tutor::puzzle::Puzzle;
use crate::tutor::rating::Outcome;
use crate::tutor::refutation::Refutation;
use std::collections::BTreeMap;

/// The colour the learner plays in `practice`: the one seat a person sits in
/// (`None` when both or neither are people: a game between two people at one
/// keyboard is nobody's to coach).
pub fn learner_color(practice: &Practice) -> Option<Color> {
    let setup = practice.setup();
    match (setup.black, setup.white) {
        (Seat::Human, Seat::Computer(_)) => Some(Color::Black),
        (Seat::Computer(_), Seat::Human) => Some(Color::White),
        _ => None,
    }
}

/// The record of a finished practice game for its learner, made at time `at`:
/// every graded move of the learner tallied by phase, and each mistake (a move
/// graded inaccuracy or worse) put down to a concept by [`attribute`], with the
/// refutation kept for it in `refutations` and the grade's whole lines kept in
/// `lines` (both by move index) when there are.
/// `None` when the game is not over, has no single learner, or none of the
/// learner's moves was graded (feedback off, or a loaded game).
pub fn game_record(
    practice: &Practice,
    refutations: &BTreeMap<usize, Refutation>,
    lines: &BTreeMap<usize, GradeLines>,
    at: u64,
) -> Option<GameRecord> {
    let learner = learner_color(practice)?;
    let summary = practice.summary()?;
    let game = practice.game();
    let positions = game.positions();
    let mut record = GameRecord {
        at,
        opponent: practice.setup().seat(learner.opposite()).name(),
        learner: learner.name().to_string(),
        ..GameRecord::default()
    };
    for (i, fb) in practice.grades().iter().enumerate() {
        let (Some(fb), Some(pos)) = (fb, positions.get(i)) else {
            continue;
        };
        if pos.to_move != learner {
            continue;
        }
        let empties = pos.board.empty_count();
        let good = matches!(fb.grade, Grade::Book | Grade::Best | Grade::Good);
        record
            .phase_mut(Phase::of_empties(empties))
            .add(good, fb.loss);
        if fb.grade.is_error() {
            let why = attribute(pos, fb, refutations.get(&i), lines.get(&i));
            record.mistakes.push(MistakeRecord {
                number: game.move_number(i),
                square: fb.played.to_string(),
                empties,
                lost: fb.loss.max(0) as u32,
                grade: fb.grade.word().to_string(),
                concept: why.concept,
                fact: why.fact,
                position: to_obf(pos),
                best: fb.best.to_string(),
                best_value: fb.best_value,
                played_value: fb.played_value,
                exact: fb.exact,
                depth: fb.depth,
                game: crate::tutor::personal::game_text(&game.start(), &game.moves()[..i]),
            });
        }
    }
    if record.graded() == 0 {
        return None;
    }
    let (mine, theirs) = match learner {
        Color::Black => (summary.black, summary.white),
        Color::White => (summary.white, summary.black),
    };
    record.discs = mine;
    record.opponent_discs = theirs;
    record.resigned = summary.resigned.is_some();
    record.result = match summary.winner {
        Some(w) if w == learner => GameResult::Won,
        Some(_) => GameResult::Lost,
        None => GameResult::Drawn,
    };
    Some(record)
}

/// The record of an attempt at `puzzle` that ended with `outcome`; `review`: it was
/// due in the spaced review; `rated` and `rating`: whether the attempt was rated and
/// the learner's rating after it.
pub fn puzzle_record(
    puzzle: &Puzzle,
    outcome: Outcome,
    review: bool,
    rated: bool,
    rating: f64,
    at: u64,
) -> PuzzleRecord {
    PuzzleRecord {
        seq: 0,
        at,
        id: puzzle.id.clone(),
        concepts: super::concept::practised(puzzle),
        empties: puzzle.empties(),
        solved: outcome.solved(),
        near_miss: outcome == Outcome::NearMiss,
        review,
        rated,
        rating,
    }
}

/// The record of step `step` of `lesson` (0-based), with the learner's `tries` (none
/// for a reading step); `finished`: it was the lesson's last step.
pub fn lesson_record(
    lesson: &Lesson,
    step: usize,
    tries: Option<StepAttempts>,
    finished: bool,
) -> LessonRecord {
    let empties = lesson
        .steps
        .get(step)
        .map_or(60, |s| s.shown().0.board.empty_count());
    let t = tries.unwrap_or_default();
    LessonRecord {
        seq: 0,
        lesson: lesson.id.clone(),
        step,
        concepts: lesson_concepts(lesson),
        empties,
        answered: tries.is_some(),
        wrong: t.wrong,
        hints: t.hints,
        revealed: t.revealed,
        solved: t.solved,
        finished,
    }
}

/// The mistake a record keeps, as a graded mistake to ask back; `None` for a record
/// made before the grade's figures were kept, or a damaged one.
pub fn graded_mistake(m: &MistakeRecord) -> Option<GradedMistake> {
    let position = crate::engine::notation::parse_obf(&m.position)
        .ok()?
        .position;
    let square = |t: &str| {
        crate::engine::Square::parse(t)
            .ok()
            .filter(|&sq| position.board.is_legal(sq))
    };
    let (played, best) = (square(&m.square)?, square(&m.best)?);
    let grade = [Grade::Inaccuracy, Grade::Mistake, Grade::Blunder]
        .into_iter()
        .find(|g| g.word() == m.grade)?;
    (played != best).then(|| GradedMistake {
        position,
        played,
        grade,
        best,
        best_value: m.best_value,
        played_value: m.played_value,
        exact: m.exact,
        depth: m.depth,
        number: m.number,
        game: m.game.clone(),
    })
}
