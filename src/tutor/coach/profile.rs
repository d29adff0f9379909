//! The learner profile, kept in the progress file (`[coach]`): a record of every
//! graded practice game, puzzle attempt and lesson answer, with the concepts
//! involved, the discs lost or the result, and the empties of the position (its
//! phase: [`super::Phase`]). Records are numbered in the order they were made
//! ([`LearnerProfile::next`]); the oldest are dropped past [`MAX_GAMES`],
//! [`MAX_PUZZLES`] and [`MAX_LESSONS`].
//!
//! The answers of "learn from your mistakes" ([`RelearnRecord`]) are kept too, so
//! that today's plan knows which of the last game's mistakes were asked back.
//!
//! Every field has a default, so a progress file written before the profile loads
//! with an empty one. The day's plan is rebuilt when it cannot be read (a newer
//! version's plan), rather than the whole file being set aside.

use super::Phase;
use super::concept::Concept;
use super::plan::DayPlan;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};

/// The most practice games the profile keeps.
pub const MAX_GAMES: usize = 100;
/// The most puzzle attempts the profile keeps.
pub const MAX_PUZZLES: usize = 300;
/// The most lesson answers the profile keeps.
pub const MAX_LESSONS: usize = 200;
/// The most "learn from your mistakes" answers the profile keeps.
pub const MAX_RELEARNED: usize = 300;

/// Discs lost and moves graded in one phase of one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PhaseTally {
    /// The learner's moves graded in the phase.
    pub graded: u32,
    /// Of those, book, best or good moves.
    pub good: u32,
    /// Discs lost over the graded moves.
    pub lost: u32,
}

impl PhaseTally {
    /// Adds one graded move that lost `lost` discs; `good`: book, best or good.
    pub fn add(&mut self, good: bool, lost: i32) {
        self.graded += 1;
        self.good += u32::from(good);
        self.lost += lost.max(0) as u32;
    }
}

/// One mistake of the learner's (a move graded inaccuracy or worse).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MistakeRecord {
    /// The move number in the game (1-based, passes counted).
    pub number: usize,
    /// The move played.
    pub square: String,
    /// The empties of the position it was played from.
    pub empties: u32,
    /// Discs lost against the best move.
    pub lost: u32,
    /// The grade's word ("inaccuracy", "mistake", "blunder").
    pub grade: String,
    /// The concept it is put down to (`super::attribute`).
    pub concept: Concept,
    /// The checked fact that names the concept (empty for "other").
    pub fact: String,
    /// The position it was played from, as an OBF line.
    pub position: String,
    /// The grade's best move (empty in records made before it was kept).
    pub best: String,
    /// The best move's value in discs, as graded.
    pub best_value: i32,
    /// The played move's value in discs, as graded.
    pub played_value: i32,
    /// Whether the values are exact.
    pub exact: bool,
    /// The depth behind the values when not exact.
    pub depth: u32,
    /// The game up to the position (a transcript, or the start's OBF line and the
    /// moves).
    pub game: String,
}

impl Default for MistakeRecord {
    fn default() -> Self {
        MistakeRecord {
            number: 0,
            square: String::new(),
            empties: 0,
            lost: 0,
            grade: String::new(),
            concept: Concept::Other,
            fact: String::new(),
            position: String::new(),
            best: String::new(),
            best_value: 0,
            played_value: 0,
            exact: false,
            depth: 0,
            game: String::new(),
        }
    }
}

impl MistakeRecord {
    /// The phase it was played in.
    pub fn phase(&self) -> Phase {
        Phase::of_empties(self.empties)
    }
}

/// How a game ended for the learner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// The learner won.
    Won,
    /// The learner lost.
    #[default]
    Lost,
    /// A draw.
    Drawn,
}

impl GameResult {
    /// The word for it ("won", "lost", "drawn").
    pub const fn word(self) -> &'static str {
        match self {
            GameResult::Won => "won",
            GameResult::Lost => "lost",
            GameResult::Drawn => "drawn",
        }
    }
}

/// One practice game of the learner's, with at least one graded move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameRecord {
    /// Its number among the profile's records.
    pub seq: u64,
    /// When it ended (seconds since the epoch).
    pub at: u64,
    /// The opponent (a strategy's name).
    pub opponent: String,
    /// The learner's colour ("Black" or "White").
    pub learner: String,
    /// The result.
    pub result: GameResult,
    /// Whether a side resigned.
    pub resigned: bool,
    /// The learner's discs at the end (empties to the winner).
    pub discs: u32,
    /// The opponent's discs at the end.
    pub opponent_discs: u32,
    /// The graded moves of the opening.
    pub opening: PhaseTally,
    /// The graded moves of the midgame.
    pub midgame: PhaseTally,
    /// The graded moves of the endgame.
    pub endgame: PhaseTally,
    /// The learner's mistakes, in game order.
    pub mistakes: Vec<MistakeRecord>,
}

impl GameRecord {
    /// The tally of one phase.
    pub fn phase(&self, phase: Phase) -> &PhaseTally {
        match phase {
            Phase::Opening => &self.opening,
            Phase::Midgame => &self.midgame,
            Phase::Endgame => &self.endgame,
        }
    }

    /// The tally of one phase, to add to.
    pub fn phase_mut(&mut self, phase: Phase) -> &mut PhaseTally {
        match phase {
            Phase::Opening => &mut self.opening,
            Phase::Midgame => &mut self.midgame,
            Phase::Endgame => &mut self.endgame,
        }
    }

    /// The learner's graded moves over the game.
    pub fn graded(&self) -> u32 {
        Phase::ALL.iter().map(|&p| self.phase(p).graded).sum()
    }
}

/// One puzzle attempt.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleRecord {
    /// Its number among the profile's records.
    pub seq: u64,
    /// When (seconds since the epoch).
    pub at: u64,
    /// The puzzle's id.
    pub id: String,
    /// The concepts it practises ([`super::concept::practised`]): its themes, and an
    /// X- or C-square it tempts the learner to play.
    pub concepts: Vec<Concept>,
    /// The empties of its position.
    pub empties: u32,
    /// Whether it was solved.
    pub solved: bool,
    /// Whether it was a near miss (missed, but within a few discs of the best).
    pub near_miss: bool,
    /// Whether it was due in the spaced review when it was tried.
    pub review: bool,
    /// Whether the attempt was rated.
    pub rated: bool,
    /// The learner's puzzle rating after it.
    pub rating: f64,
}

impl PuzzleRecord {
    /// The phase of the puzzle's position.
    pub fn phase(&self) -> Phase {
        Phase::of_empties(self.empties)
    }
}

/// One answered (or, at a lesson's end, read) lesson step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonRecord {
    /// Its number among the profile's records.
    pub seq: u64,
    /// The lesson's id.
    pub lesson: String,
    /// The step (0-based).
    pub step: usize,
    /// The concepts the lesson teaches.
    pub concepts: Vec<Concept>,
    /// The empties of the step's position.
    pub empties: u32,
    /// Whether the step asked for an answer (a reading step asks none).
    pub answered: bool,
    /// Wrong answers.
    pub wrong: u32,
    /// Hints shown.
    pub hints: u32,
    /// Whether the answer was shown.
    pub revealed: bool,
    /// Whether the learner found the answer.
    pub solved: bool,
    /// Whether it was the lesson's last step: the lesson was finished.
    pub finished: bool,
}

impl LessonRecord {
    /// The phase of the step's position.
    pub fn phase(&self) -> Phase {
        Phase::of_empties(self.empties)
    }

    /// Whether the step was answered right at the first try, with no hint.
    pub fn clean(&self) -> bool {
        self.answered && self.solved && self.wrong == 0 && self.hints == 0 && !self.revealed
    }
}

/// One answer in "learn from your mistakes": a mistake of a practice game asked
/// back as "find a better move".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RelearnRecord {
    /// Its number among the profile's records.
    pub seq: u64,
    /// When (seconds since the epoch).
    pub at: u64,
    /// The position of the mistake, as an OBF line.
    pub position: String,
    /// The move played in the game.
    pub played: String,
    /// The learner's answer.
    pub answer: String,
    /// Whether the answer was within the grade's tolerance of the best move.
    pub solved: bool,
}

/// What the coach knows of the learner.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LearnerProfile {
    /// The number the next record gets.
    pub next: u64,
    /// Practice games, oldest first.
    pub games: Vec<GameRecord>,
    /// Puzzle attempts, oldest first.
    pub puzzles: Vec<PuzzleRecord>,
    /// Lesson answers, oldest first.
    pub lessons: Vec<LessonRecord>,
    /// Answers in "learn from your mistakes", oldest first.
    pub relearned: Vec<RelearnRecord>,
    /// Today's plan, once made.
    #[serde(deserialize_with = "lenient")]
    pub plan: Option<DayPlan>,
}

/// Reads a field, or its default when it cannot be read.
fn lenient<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(d: D) -> Result<T, D::Error> {
    let value = toml::Value::deserialize(d)?;
    Ok(value.try_into().unwrap_or_default())
}

/// Something to add to the profile.
#[derive(Clone, Debug, PartialEq)]
pub enum CoachEvent {
    /// A practice game ended.
    Game(GameRecord),
    /// A puzzle was tried.
    Puzzle(PuzzleRecord),
    /// A lesson step was answered (or a lesson finished).
    Lesson(LessonRecord),
    /// A mistake was asked back and answered.
    Relearned(RelearnRecord),
    /// Today's plan was made.
    Plan(DayPlan),
}

fn push_capped<T>(list: &mut Vec<T>, item: T, max: usize) {
    list.push(item);
    if list.len() > max {
        let extra = list.len() - max;
        list.drain(..extra);
    }
}

impl LearnerProfile {
    /// Adds `event`, numbering a record with [`LearnerProfile::next`]; returns the
    /// record's number (the plan's: the number of the next record).
    pub fn record(&mut self, event: CoachEvent) -> u64 {
        let seq = self.next;
        match event {
            CoachEvent::Game(mut g) => {
                g.seq = seq;
                push_capped(&mut self.games, g, MAX_GAMES);
            }
            CoachEvent::Puzzle(mut p) => {
                p.seq = seq;
                push_capped(&mut self.puzzles, p, MAX_PUZZLES);
            }
            CoachEvent::Lesson(mut l) => {
                l.seq = seq;
                push_capped(&mut self.lessons, l, MAX_LESSONS);
            }
            CoachEvent::Relearned(mut r) => {
                r.seq = seq;
                push_capped(&mut self.relearned, r, MAX_RELEARNED);
            }
            CoachEvent::Plan(plan) => {
                self.plan = Some(plan);
                return seq;
            }
        }
        self.next += 1;
        seq
    }
}
