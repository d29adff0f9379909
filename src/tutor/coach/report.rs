//! The coach's view of the learner, computed from the profile: the concepts that
//! cost the most discs per game over the recent games (with the number of games
//! behind each figure and its trend), accuracy by phase game after game, the puzzle
//! rating's history, and for each weakness its lesson, a set of its puzzles at the
//! learner's rating and the learner's own positions where it happened.

use super::Phase;
use super::concept::{Concept, lesson_for};
use super::profile::{GameRecord, LearnerProfile, PhaseTally};
use crate::tutor::lesson::Lesson;
use crate::tutor::puzzle::{Focus, Puzzle};
use crate::tutor::puzzle_progress::PuzzleProgress;

/// The recent games the weaknesses are counted over.
pub const RECENT_GAMES: usize = 10;
/// The fewest recent games a trend is told from (half of them against the other
/// half).
pub const TREND_MIN_GAMES: usize = 4;
/// A concept's discs lost per game must move by at least this much between the two
/// halves of the recent games to be a trend.
pub const TREND_DISCS: f64 = 2.0;
/// The puzzles in a weakness's set.
pub const SET_SIZE: usize = 5;
/// The learner's own positions kept for a weakness.
pub const OWN_POSITIONS: usize = 5;
/// The games the phase chart covers.
pub const CHART_GAMES: usize = 20;
/// The puzzle attempts the per-concept puzzle results count over.
pub const RECENT_PUZZLES: usize = 50;
/// The ratings the rating history keeps.
pub const RATING_POINTS: usize = 40;

/// Where a concept's discs lost per game is heading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Trend {
    /// Fewer than [`TREND_MIN_GAMES`] recent games: no trend yet.
    TooFew,
    /// The later half of the recent games lost at least [`TREND_DISCS`] fewer discs
    /// a game to it than the earlier half.
    Better {
        /// Discs lost per game in the earlier half.
        earlier: f64,
        /// Discs lost per game in the later half.
        later: f64,
    },
    /// The later half lost at least [`TREND_DISCS`] more a game.
    Worse {
        /// Discs lost per game in the earlier half.
        earlier: f64,
        /// Discs lost per game in the later half.
        later: f64,
    },
    /// Neither.
    Steady {
        /// Discs lost per game in the earlier half.
        earlier: f64,
        /// Discs lost per game in the later half.
        later: f64,
    },
}

impl Trend {
    /// The trend in a word or three ("better", "worse", "steady", "no trend yet").
    pub const fn word(self) -> &'static str {
        match self {
            Trend::TooFew => "no trend yet",
            Trend::Better { .. } => "better",
            Trend::Worse { .. } => "worse",
            Trend::Steady { .. } => "steady",
        }
    }
}

/// A lesson a weakness links to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonLink {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its number in the course.
    pub order: u32,
}

/// One of the learner's own positions where a mistake of a concept happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnPosition {
    /// The game's record number.
    pub game: u64,
    /// The opponent of that game.
    pub opponent: String,
    /// The move number.
    pub number: usize,
    /// The move played.
    pub square: String,
    /// Discs it lost.
    pub lost: u32,
    /// Its phase.
    pub phase: Phase,
    /// The checked fact that names the concept.
    pub fact: String,
    /// The position before the move, as an OBF line.
    pub position: String,
}

/// A concept that cost the learner discs in the recent games.
#[derive(Clone, Debug, PartialEq)]
pub struct Weakness {
    /// The concept.
    pub concept: Concept,
    /// Discs lost to it over the recent games.
    pub lost: u32,
    /// Its mistakes over the recent games.
    pub mistakes: usize,
    /// The recent games counted (the figures' basis).
    pub games: usize,
    /// Of those, the games in which it cost discs.
    pub games_with: usize,
    /// Its trend.
    pub trend: Trend,
    /// Its lesson, if the course has one.
    pub lesson: Option<LessonLink>,
    /// A set of its puzzles near the learner's rating (ids).
    pub puzzles: Vec<String>,
    /// The learner's own positions where it happened, the latest first.
    pub positions: Vec<OwnPosition>,
    /// Recent attempts at its puzzles: solved, tried.
    pub puzzle_results: (u32, u32),
}

impl Weakness {
    /// Discs lost to it per recent game.
    pub fn per_game(&self) -> f64 {
        per_game(self.lost, self.games)
    }
}

/// Accuracy in one phase, game after game.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseAccuracy {
    /// The phase.
    pub phase: Phase,
    /// Per game over the last [`CHART_GAMES`], oldest first: the percentage of
    /// graded moves that were book, best or good (`None`: no graded move of the
    /// phase in that game).
    pub series: Vec<Option<u32>>,
    /// Over the recent games: the percentage, and the graded moves behind it.
    pub recent: Option<(u32, u32)>,
    /// The recent games counted.
    pub recent_games: usize,
    /// Over the games before them (as many): the percentage and the moves.
    pub earlier: Option<(u32, u32)>,
}

/// Everything the coach shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CoachReport {
    /// Practice games in the profile.
    pub games_recorded: usize,
    /// The recent games counted.
    pub recent_games: usize,
    /// The weaknesses, the most costly first (discs, then mistakes, then the
    /// concept's order); "other" among them at its place.
    pub weaknesses: Vec<Weakness>,
    /// Accuracy per phase.
    pub phases: Vec<PhaseAccuracy>,
    /// The puzzle rating after each rated attempt, oldest first (the last
    /// [`RATING_POINTS`]).
    pub ratings: Vec<f64>,
    /// The rating now.
    pub rating: f64,
    /// Puzzle attempts recorded.
    pub puzzles_recorded: usize,
    /// Lesson answers recorded.
    pub lesson_answers: usize,
}

impl CoachReport {
    /// The accuracy of one phase.
    pub fn phase(&self, phase: Phase) -> Option<&PhaseAccuracy> {
        self.phases.iter().find(|a| a.phase == phase)
    }

    /// The weakest concept the plan can work on: the first weakness that is not
    /// "other".
    pub fn weakest(&self) -> Option<&Weakness> {
        self.weaknesses.iter().find(|w| w.concept != Concept::Other)
    }
}

fn per_game(lost: u32, games: usize) -> f64 {
    if games == 0 {
        0.0
    } else {
        f64::from(lost) / games as f64
    }
}

fn percent(t: &PhaseTally) -> Option<u32> {
    (100 * t.good).checked_div(t.graded)
}

/// The last `n` of `list`.
fn last<T>(list: &[T], n: usize) -> &[T] {
    &list[list.len().saturating_sub(n)..]
}

/// Discs lost to `concept` in `games`, and its mistakes.
fn lost_to(concept: Concept, games: &[GameRecord]) -> (u32, usize) {
    games
        .iter()
        .flat_map(|g| &g.mistakes)
        .filter(|m| m.concept == concept)
        .fold((0, 0), |(l, n), m| (l + m.lost, n + 1))
}

fn trend(concept: Concept, games: &[GameRecord]) -> Trend {
    if games.len() < TREND_MIN_GAMES {
        return Trend::TooFew;
    }
    let (earlier, later) = games.split_at(games.len() / 2);
    let e = per_game(lost_to(concept, earlier).0, earlier.len());
    let l = per_game(lost_to(concept, later).0, later.len());
    if l <= e - TREND_DISCS {
        Trend::Better {
            earlier: e,
            later: l,
        }
    } else if l >= e + TREND_DISCS {
        Trend::Worse {
            earlier: e,
            later: l,
        }
    } else {
        Trend::Steady {
            earlier: e,
            later: l,
        }
    }
}

/// A set of the puzzles of `focus` for the learner: those never tried first, then
/// the nearest the learner's rating, then by id; at most `n` (ids). The learner's own
/// puzzles are left out (their positions are linked on their own).
pub fn concept_set(
    focus: Focus,
    puzzles: &[Puzzle],
    progress: &PuzzleProgress,
    n: usize,
) -> Vec<String> {
    let me = progress.learner().rating;
    let mut candidates: Vec<(bool, f64, &Puzzle)> = puzzles
        .iter()
        .filter(|p| !p.is_personal() && focus.fits(p))
        .map(|p| {
            (
                progress.attempted(&p.id),
                (progress.puzzle_rating(p).rating - me).abs(),
                p,
            )
        })
        .collect();
    candidates.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.id.cmp(&b.2.id))
    });
    candidates
        .into_iter()
        .take(n)
        .map(|(_, _, p)| p.id.clone())
        .collect()
}

fn phase_accuracy(phase: Phase, games: &[GameRecord]) -> PhaseAccuracy {
    let sum = |games: &[GameRecord]| {
        games.iter().fold(PhaseTally::default(), |mut acc, g| {
            let t = g.phase(phase);
            acc.graded += t.graded;
            acc.good += t.good;
            acc.lost += t.lost;
            acc
        })
    };
    let with_moves = |t: PhaseTally| percent(&t).map(|p| (p, t.graded));
    let n = games.len();
    let recent = last(games, RECENT_GAMES);
    let before = &games[..n - recent.len()];
    PhaseAccuracy {
        phase,
        series: last(games, CHART_GAMES)
            .iter()
            .map(|g| percent(g.phase(phase)))
            .collect(),
        recent: with_moves(sum(recent)),
        recent_games: recent.len(),
        earlier: with_moves(sum(last(before, RECENT_GAMES))),
    }
}

/// The coach's report on `profile`, with the puzzle progress `puzzles_progress`
/// (the rating, the attempts), the course's `lessons` and the puzzle set `puzzles`.
pub fn report(
    profile: &LearnerProfile,
    puzzles_progress: &PuzzleProgress,
    lessons: &[Lesson],
    puzzles: &[Puzzle],
) -> CoachReport {
    let recent = last(&profile.games, RECENT_GAMES);
    let recent_puzzles = last(&profile.puzzles, RECENT_PUZZLES);
    let mut concepts: Vec<Concept> = Vec::new();
    for m in recent.iter().flat_map(|g| &g.mistakes) {
        if !concepts.contains(&m.concept) {
            concepts.push(m.concept);
        }
    }
    let mut weaknesses: Vec<Weakness> = concepts
        .into_iter()
        .map(|concept| {
            let (lost, mistakes) = lost_to(concept, recent);
            let games_with = recent
                .iter()
                .filter(|g| g.mistakes.iter().any(|m| m.concept == concept))
                .count();
            let positions = recent
                .iter()
                .rev()
                .flat_map(|g| {
                    g.mistakes
                        .iter()
                        .rev()
                        .filter(|m| m.concept == concept)
                        .map(|m| OwnPosition {
                            game: g.seq,
                            opponent: g.opponent.clone(),
                            number: m.number,
                            square: m.square.clone(),
                            lost: m.lost,
                            phase: m.phase(),
                            fact: m.fact.clone(),
                            position: m.position.clone(),
                        })
                })
                .take(OWN_POSITIONS)
                .collect();
            let puzzle_results = recent_puzzles
                .iter()
                .filter(|p| p.concepts.contains(&concept))
                .fold((0, 0), |(s, t), p| (s + u32::from(p.solved), t + 1));
            Weakness {
                concept,
                lost,
                mistakes,
                games: recent.len(),
                games_with,
                trend: trend(concept, recent),
                lesson: lesson_for(concept, lessons).map(|l| LessonLink {
                    id: l.id.clone(),
                    title: l.title.clone(),
                    order: l.order,
                }),
                puzzles: concept
                    .focus()
                    .map(|f| concept_set(f, puzzles, puzzles_progress, SET_SIZE))
                    .unwrap_or_default(),
                positions,
                puzzle_results,
            }
        })
        .collect();
    weaknesses.sort_by(|a, b| {
        b.lost
            .cmp(&a.lost)
            .then(b.mistakes.cmp(&a.mistakes))
            .then(a.concept.cmp(&b.concept))
    });
    let ratings: Vec<f64> = profile
        .puzzles
        .iter()
        .filter(|p| p.rated)
        .map(|p| p.rating)
        .collect();
    CoachReport {
        games_recorded: profile.games.len(),
        recent_games: recent.len(),
        weaknesses,
        phases: Phase::ALL
            .iter()
            .map(|&p| phase_accuracy(p, &profile.games))
            .collect(),
        ratings: last(&ratings, RATING_POINTS).to_vec(),
        rating: puzzles_progress.learner().rating,
        puzzles_recorded: profile.puzzles.len(),
        lesson_answers: profile.lessons.iter().filter(|l| l.answered).count(),
    }
}
