//! Today's plan: a short list of things to do, built from the profile and the
//! schedules the tutor already keeps (the puzzles' spaced review, the opening lines'
//! review), each with the reason it is there. The same progress at the same time
//! gives the same plan ([`build_plan`] is a pure function); the plan is kept for
//! its day while the weakest concept stays the one it was made for (a plan made
//! before a new weakness came up is made again), and what the learner does after it
//! was made ticks its items off ([`item_status`]).
//!
//! The items, in this order, each when it applies:
//!
//! 0. the last practice game's mistakes not yet asked back ("learn from your
//!    mistakes": [`mistakes_to_learn`]);
//! 1. the puzzles due in the spaced review (at most [`PLAN_REVIEWS`]);
//! 2. the opening lines due for review (at most [`PLAN_OPENINGS`]);
//! 3. for the weakest concept of the recent games (`crate::tutor::coach::report`): its lesson,
//!    unless a step of it was answered since the first recent game the concept cost
//!    discs in; [`PLAN_PUZZLES`] of its puzzles near the learner's rating; a game
//!    against the partner of its lesson's practice game
//!    ([`crate::tutor::course::lesson_game`]); and, once a game was rated, a game
//!    against the next level of the learner's playing strength
//!    ([`crate::tutor::strength`]);
//! 4. with no weakness to work on: the course's next unfinished lesson, and a graded
//!    game, so that the coach can learn what costs the learner discs: against the
//!    next level of the learner's playing strength ([`crate::tutor::strength`]) once
//!    a game was rated, else against the last practice opponent.

use crate::tutor::coach::graded_mistake;
use crate::tutor::coach::plan::{
    DayPlan, PLAN_OPENINGS, PLAN_PUZZLES, PLAN_REVIEWS, PlanItem, Task, day_of,
};
use crate::tutor::coach::report::{CoachReport, Weakness};
use crate::tutor::course::lesson_game;
use crate::tutor::lesson::Lesson;
use crate::tutor::mistakes::{MistakeRun, OpenedFrom};
use crate::tutor::practice::first_opponent;
use crate::tutor::progress::Progress;
use crate::tutor::puzzle::Focus;
use crate::tutor::strength::LevelRatings;

/// The last practice game's mistakes that were not answered again since it ended,
/// to ask back from the coach (`None` when none is left, or the last game's records
/// predate the grade's figures).
pub fn mistakes_to_learn(progress: &Progress) -> Option<MistakeRun> {
    let coach = &progress.coach;
    let game = coach.games.last()?;
    let answered: Vec<&str> = coach
        .relearned
        .iter()
        .filter(|r| r.seq > game.seq)
        .map(|r| r.position.as_str())
        .collect();
    let mistakes: Vec<_> = game
        .mistakes
        .iter()
        .filter(|m| !answered.contains(&m.position.as_str()))
        .filter_map(graded_mistake)
        .collect();
    (!mistakes.is_empty()).then(|| MistakeRun {
        mistakes,
        opponent: game.opponent.clone(),
        from: OpenedFrom::Coach,
    })
}

/// A game against the next level of the learner's playing strength, once a game was
/// rated, when the plan has no game against that level yet.
fn climb_item(progress: &Progress, items: &[PlanItem]) -> Option<PlanItem> {
    let s = LevelRatings::shipped().and_then(|t| progress.strength.suggestion(t))?;
    let opponent = s.level.name();
    let planned = items
        .iter()
        .any(|i| matches!(&i.task, Task::Practice { opponent: o } if *o == opponent));
    (!planned).then(|| PlanItem {
        task: Task::Practice { opponent },
        why: format!(
            "The next level of your playing strength ({:.0}): rated {:.0}, you would score about {:.0}% against it.",
            progress.strength.current().rating,
            s.rating,
            100.0 * s.expected
        ),
    })
}

/// The plan's item for the last game's mistakes, when some are left to answer.
fn learn_item(progress: &Progress) -> Option<PlanItem> {
    let run = mistakes_to_learn(progress)?;
    let n = run.mistakes.len();
    Some(PlanItem {
        task: Task::LearnMistakes {
            count: n as u32,
            positions: run
                .mistakes
                .iter()
                .map(|m| crate::engine::notation::to_obf(&m.position))
                .collect(),
        },
        why: format!(
            "Your last game, against {}, has {} you have not answered again: each is asked back as \"find a better move\"; one you miss goes into your spaced review.",
            run.opponent,
            crate::tutor::text::count_with(n, "mistake", "mistakes")
        ),
    })
}

fn weakness_items(w: &Weakness, progress: &Progress, lessons: &[Lesson]) -> Vec<PlanItem> {
    let label = w.concept.label();
    let cost = format!(
        "{label} cost you {:.1} discs a game over your last {} (in {} of them)",
        w.per_game(),
        crate::tutor::text::count(w.games, "graded game"),
        w.games_with
    );
    let mut items = Vec::new();
    let lesson = w
        .lesson
        .as_ref()
        .and_then(|link| lessons.iter().find(|l| l.id == link.id));
    if let Some(lesson) = lesson {
        let coach = &progress.coach;
        let first_seen = coach
            .games
            .iter()
            .rev()
            .take(w.games)
            .filter(|g| g.mistakes.iter().any(|m| m.concept == w.concept))
            .map(|g| g.seq)
            .min()
            .unwrap_or(0);
        let revisited = coach
            .lessons
            .iter()
            .any(|r| r.lesson == lesson.id && r.seq > first_seen);
        if !revisited {
            items.push(PlanItem {
                task: Task::Lesson {
                    id: lesson.id.clone(),
                    title: lesson.title.clone(),
                    order: lesson.order,
                },
                why: format!(
                    "{cost}, and you have not answered a step of this lesson since it began to cost you."
                ),
            });
        }
    }
    if !w.puzzles.is_empty() {
        let count = PLAN_PUZZLES.min(w.puzzles.len() as u32);
        items.push(PlanItem {
            task: Task::ConceptPuzzles {
                concept: w.concept,
                count,
                ids: w.puzzles.iter().take(count as usize).cloned().collect(),
            },
            why: format!(
                "{cost}: the {} nearest your rating ({:.0}), new ones first.{}",
                w.concept
                    .focus()
                    .map_or_else(|| "puzzles".to_string(), |f| f.puzzles_name()),
                progress.puzzles.learner().rating,
                match w.concept.focus() {
                    Some(Focus::Tempted(near)) => format!(
                        " In each, a move on an {} next to an empty corner would let the opponent take that corner.",
                        near.label()
                    ),
                    _ => String::new(),
                }
            ),
        });
    }
    if let Some(lesson) = lesson {
        let game = lesson_game(lesson);
        items.push(PlanItem {
            task: Task::Practice {
                opponent: game.opponent.name(),
            },
            why: format!(
                "Lesson {}'s game puts {label} to the test: {}.",
                lesson.order, game.task
            ),
        });
    }
    items
}

/// Today's plan for `progress` at `now`, from the coach's `report` on it (which
/// holds the weakest concept and its puzzle set) and the course's `lessons`: the
/// same arguments give the same plan.
pub fn build_plan(
    progress: &Progress,
    report: &CoachReport,
    lessons: &[Lesson],
    now: u64,
) -> DayPlan {
    let mut items = Vec::new();
    items.extend(learn_item(progress));
    let due = progress.puzzles.review.due_count(now) as u32;
    if due > 0 {
        let count = due.min(PLAN_REVIEWS);
        items.push(PlanItem {
            task: Task::ReviewPuzzles { count },
            why: format!(
                "{} due in your spaced review: a puzzle you missed, or a mistake from your games, comes back until you solve it.",
                crate::tutor::text::count_with(due as usize, "puzzle is", "puzzles are")
            ),
        });
    }
    let lines = progress.openings.due_count(now) as u32;
    if lines > 0 {
        items.push(PlanItem {
            task: Task::ReviewOpenings {
                count: lines.min(PLAN_OPENINGS),
            },
            why: format!(
                "{} due for review: a line comes back until you play it without a miss.",
                crate::tutor::text::count_with(
                    lines as usize,
                    "opening line is",
                    "opening lines are"
                )
            ),
        });
    }
    let weakest = report.weakest().filter(|w| w.lost > 0);
    match weakest {
        Some(w) => {
            items.extend(weakness_items(w, progress, lessons));
            items.extend(climb_item(progress, &items));
        }
        None => {
            let mut course: Vec<&Lesson> = lessons.iter().collect();
            course.sort_by_key(|l| l.order);
            if let Some(next) = course
                .into_iter()
                .find(|l| !progress.lesson(&l.id).is_some_and(|p| p.completed))
            {
                items.push(PlanItem {
                    task: Task::Lesson {
                        id: next.id.clone(),
                        title: next.title.clone(),
                        order: next.order,
                    },
                    why: "The next lesson of the course you have not finished.".into(),
                });
            }
            let suggestion = LevelRatings::shipped().and_then(|t| progress.strength.suggestion(t));
            let opponent = suggestion.map_or_else(
                || first_opponent(progress.practice_opponent.as_deref()),
                |s| s.level,
            );
            items.push(PlanItem {
                task: Task::Practice {
                    opponent: opponent.name(),
                },
                why: if let Some(s) = suggestion {
                    format!(
                        "{} It is the next level of your playing strength ({:.0}): rated {:.0}, you would score about {:.0}% against it.",
                        if report.recent_games == 0 {
                            "Keep playing with feedback on: the coach learns from your graded moves what costs you discs."
                        } else {
                            "No concept cost you discs in your recent graded games."
                        },
                        progress.strength.current().rating,
                        s.rating,
                        100.0 * s.expected
                    )
                } else if report.recent_games == 0 {
                    "No graded game yet: play one with feedback on, and the coach learns from your graded moves what costs you discs.".into()
                } else {
                    "No concept cost you discs in your recent graded games: keep playing with feedback on.".into()
                },
            });
        }
    }
    DayPlan {
        day: day_of(now),
        made: now,
        from: progress.coach.next,
        items,
        weakness: weakest.map(|w| w.concept),
    }
}

/// How far an item has got: done of out of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemStatus {
    /// Done so far.
    pub done: u32,
    /// To do.
    pub of: u32,
}

impl ItemStatus {
    /// Whether the item is ticked off.
    pub const fn ticked(self) -> bool {
        self.done >= self.of
    }
}

/// How far `item` of `plan` has got in `progress` at `now`: by the profile's
/// records made since the plan (and the review queues, which empty as they are
/// done).
pub fn item_status(plan: &DayPlan, item: &PlanItem, progress: &Progress, now: u64) -> ItemStatus {
    let coach = &progress.coach;
    let since = |seq: u64| seq >= plan.from;
    match &item.task {
        Task::ReviewPuzzles { count } => {
            let done = coach
                .puzzles
                .iter()
                .filter(|p| since(p.seq) && p.review)
                .count() as u32;
            let left = progress.puzzles.review.due_count(now) == 0;
            ItemStatus {
                done: if left { *count } else { done.min(*count) },
                of: *count,
            }
        }
        Task::ReviewOpenings { count } => {
            let done = progress
                .openings
                .lines
                .values()
                .filter(|r| r.rehearsals > 0 && r.last >= plan.made)
                .count() as u32;
            let left = progress.openings.due_count(now) == 0;
            ItemStatus {
                done: if left { *count } else { done.min(*count) },
                of: *count,
            }
        }
        Task::Lesson { id, .. } => {
            let finished = coach
                .lessons
                .iter()
                .any(|r| since(r.seq) && &r.lesson == id && r.finished);
            ItemStatus {
                done: u32::from(finished),
                of: 1,
            }
        }
        Task::ConceptPuzzles { concept, count, .. } => {
            let done = coach
                .puzzles
                .iter()
                .filter(|p| since(p.seq) && p.concepts.contains(concept))
                .count() as u32;
            ItemStatus {
                done: done.min(*count),
                of: *count,
            }
        }
        Task::LearnMistakes { count, positions } => {
            let mut answered: Vec<&str> = coach
                .relearned
                .iter()
                .filter(|r| since(r.seq) && positions.contains(&r.position))
                .map(|r| r.position.as_str())
                .collect();
            answered.sort_unstable();
            answered.dedup();
            ItemStatus {
                done: (answered.len() as u32).min(*count),
                of: *count,
            }
        }
        Task::Practice { opponent } => {
            let played = coach
                .games
                .iter()
                .any(|g| since(g.seq) && &g.opponent == opponent);
            ItemStatus {
                done: u32::from(played),
                of: 1,
            }
        }
    }
}

/// The plan for today: the one kept in `progress` when it is today's and made for
/// the weakest concept of `report`, else a new one (which the caller keeps with
/// [`super::CoachEvent::Plan`]); `true` when it is new. A game played since today's plan was made brings its mistakes in, in place
/// of an earlier game's not all answered.
pub fn plan_for_today(
    progress: &Progress,
    report: &CoachReport,
    lessons: &[Lesson],
    now: u64,
) -> (DayPlan, bool) {
    let weakest = report.weakest().filter(|w| w.lost > 0).map(|w| w.concept);
    match &progress.coach.plan {
        // A plan made for another weakest concept (a new one came up, or the old one
        // was fixed) is made again.
        Some(p) if p.day == day_of(now) && p.weakness == weakest => {
            // A game played since the plan was made brings its mistakes in.
            let mut p = p.clone();
            let item = learn_item(progress);
            let covered = item.as_ref().is_none_or(|item| {
                p.items.iter().any(|i| match (&i.task, &item.task) {
                    (
                        Task::LearnMistakes { positions: old, .. },
                        Task::LearnMistakes { positions: new, .. },
                    ) => new.iter().all(|n| old.contains(n)),
                    _ => false,
                })
            });
            match item {
                Some(item) if !covered => {
                    // Only the last game's mistakes are asked back: an earlier game's
                    // item still open would open them under its own count.
                    let open: Vec<bool> = p
                        .items
                        .iter()
                        .map(|i| {
                            matches!(i.task, Task::LearnMistakes { .. })
                                && !item_status(&p, i, progress, now).ticked()
                        })
                        .collect();
                    let mut open = open.into_iter();
                    p.items.retain(|_| !open.next().unwrap_or(false));
                    p.items.insert(0, item);
                    (p, true)
                }
                _ => (p, false),
            }
        }
        _ => (build_plan(progress, report, lessons, now), true),
    }
}
