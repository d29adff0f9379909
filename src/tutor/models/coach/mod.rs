//! The coach screen's model: today's plan (each item ticked off as it is done, and
//! why it is there) and the concepts that cost the learner discs, one list to
//! choose from; for the chosen concept its lesson, its puzzles and the learner's own
//! positions; and a page of charts ([`charts`]). A view of
//! [`crate::tutor::coach`]: the report and the plan are made there. No terminal
//! code.

pub mod charts;
pub mod today;

use crate::engine::Color;
use crate::engine::notation::parse_obf;
use crate::engine::players::Strategy;
use crate::tutor::coach::plan::{PlanItem, Task};
use crate::tutor::coach::report::{CoachReport, Weakness, report};
use crate::tutor::coach::{CoachEvent, Concept, DayPlan};
use crate::tutor::lesson::Lesson;
use crate::tutor::practice::Setup;
use crate::tutor::progress::Progress;
use crate::tutor::puzzle::Puzzle;
use crate::tutor::screen::{Binding, Key, ProgressChange, Route};
use today::{ItemStatus, item_status, plan_for_today};

/// The coach screen's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoachAction {
    /// Start the chosen plan item, or say what the coach knows of the chosen concept.
    Open,
    /// The chosen concept's lesson.
    Lesson,
    /// The chosen concept's puzzles.
    Puzzles,
    /// The learner's own positions where the chosen concept cost discs.
    Positions,
    /// Switch between the plan and the charts.
    Charts,
    /// Back to the menu.
    Leave,
}

/// The footer's lead: how the list is chosen from.
pub const COACH_LEAD: &str = "Up/Down or mouse: choose";

/// The coach screen's keys.
pub const COACH_KEYS: &[Binding<CoachAction>] = &[
    Binding {
        keys: &[Key::Enter],
        action: CoachAction::Open,
        footer: "do it",
        help: "a plan item: start it; a concept: what the coach knows of it; on the charts: back to the plan",
    },
    Binding {
        keys: &[Key::Char('l')],
        action: CoachAction::Lesson,
        footer: "lesson",
        help: "the lesson of the chosen concept (on a plan item: the plan's concept)",
    },
    Binding {
        keys: &[Key::Char('p')],
        action: CoachAction::Puzzles,
        footer: "puzzles",
        help: "puzzles of the chosen concept, your due reviews of it first, then those nearest your rating",
    },
    Binding {
        keys: &[Key::Char('o')],
        action: CoachAction::Positions,
        footer: "yours",
        help: "your own positions where the chosen concept cost you discs: one opens on the analysis board",
    },
    Binding {
        keys: &[Key::Char('c')],
        action: CoachAction::Charts,
        footer: "charts",
        help: "switch between the plan and the charts: discs lost per concept, accuracy by phase, your puzzle rating",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: CoachAction::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];

/// A row of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// The plan's item at this index.
    Item(usize),
    /// The weakness at this index of the report.
    Weakness(usize),
}

/// What the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The plan and the concepts, one list.
    Plan,
    /// The charts.
    Charts,
}

/// What an action asks the interface for.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Open a screen.
    Go(Route),
    /// Offer the learner's own positions: each item opens its route.
    Choose {
        /// The dialog's title.
        title: String,
        /// The text above the list.
        text: String,
        /// The items, with the screen each opens.
        items: Vec<(String, Route)>,
    },
    /// Show a text in a dialog.
    Show {
        /// The dialog's title.
        title: String,
        /// The text.
        text: String,
    },
    /// Say a line on the screen (why nothing else happened).
    Say(String),
    /// The page changed: draw it again.
    Redraw,
    /// Back to the menu.
    Leave,
}

/// The coach screen.
#[derive(Clone, Debug)]
pub struct CoachScreen {
    report: CoachReport,
    plan: DayPlan,
    status: Vec<ItemStatus>,
    page: Page,
    /// The last game's mistakes left to ask back.
    mistakes: Option<crate::tutor::mistakes::MistakeRun>,
    /// The learner's playing strength, in words.
    strength: String,
}

/// The squares of the ticked box and the empty one.
const TICKED: &str = "[x]";
const OPEN: &str = "[ ]";

impl CoachScreen {
    /// The screen for `progress` at `now`, with the course's `lessons` and the
    /// puzzle set `puzzles`; and, when today's plan is new, the change that keeps it.
    pub fn new(
        progress: &Progress,
        lessons: &[Lesson],
        puzzles: &[Puzzle],
        now: u64,
    ) -> (CoachScreen, Option<ProgressChange>) {
        let report = report(&progress.coach, &progress.puzzles, lessons, puzzles);
        let (plan, new) = plan_for_today(progress, &report, lessons, now);
        let status = plan
            .items
            .iter()
            .map(|i| item_status(&plan, i, progress, now))
            .collect();
        let keep = new.then(|| ProgressChange::Coach(Box::new(CoachEvent::Plan(plan.clone()))));
        (
            CoachScreen {
                report,
                plan,
                status,
                page: Page::Plan,
                mistakes: today::mistakes_to_learn(progress),
                strength: strength_line(progress),
            },
            keep,
        )
    }

    /// The report shown.
    pub fn report(&self) -> &CoachReport {
        &self.report
    }

    /// Today's plan.
    pub fn plan(&self) -> &DayPlan {
        &self.plan
    }

    /// The page shown.
    pub fn page(&self) -> Page {
        self.page
    }

    /// The lines above the list: what the coach has seen.
    pub fn heading(&self) -> String {
        let r = &self.report;
        let seen = format!(
            "The coach has seen {}, {} and {}.",
            crate::tutor::text::count(r.games_recorded, "graded game"),
            crate::tutor::text::count(r.puzzles_recorded, "puzzle attempt"),
            crate::tutor::text::count(r.lesson_answers, "lesson answer")
        );
        let done = self.status.iter().filter(|s| s.ticked()).count();
        format!(
            "{seen}\n{}\nToday's plan ({done} of {} done), then what costs you discs:",
            self.strength,
            self.plan.items.len()
        )
    }

    /// The list's rows, each with what it is: the plan's items, then the concepts
    /// that cost discs, the most costly first.
    pub fn rows(&self) -> Vec<(String, Row)> {
        let mut out: Vec<(String, Row)> = self
            .plan
            .items
            .iter()
            .zip(&self.status)
            .enumerate()
            .map(|(i, (item, s))| (item_row(item, *s), Row::Item(i)))
            .collect();
        let top = self
            .report
            .weaknesses
            .iter()
            .map(|w| w.per_game())
            .fold(0.0, f64::max);
        out.extend(
            self.report
                .weaknesses
                .iter()
                .enumerate()
                .map(|(i, w)| (weakness_row(w, top), Row::Weakness(i))),
        );
        out
    }

    /// What the line under the list says of `row`: why an item is on the plan; a
    /// concept's figures and links.
    pub fn detail(&self, row: Row) -> String {
        match row {
            Row::Item(i) => match (self.plan.items.get(i), self.status.get(i)) {
                (Some(item), Some(s)) if s.ticked() => format!("Done. {}", item.why),
                (Some(item), _) => item.why.clone(),
                _ => String::new(),
            },
            Row::Weakness(i) => self
                .report
                .weaknesses
                .get(i)
                .map(weakness_detail)
                .unwrap_or_default(),
        }
    }

    /// The charts page, `width` columns wide.
    pub fn charts(&self, width: usize) -> String {
        charts::page(&self.report, width)
    }

    /// The concept a row stands for: a weakness's, or the plan's weakest.
    fn concept_of(&self, row: Option<Row>) -> Option<&Weakness> {
        match row {
            Some(Row::Weakness(i)) => self.report.weaknesses.get(i),
            _ => self.report.weakest(),
        }
    }

    /// What `action` does with `row` chosen. A line said goes under the list, so the
    /// plan's page comes back with it (the charts would hide it); Enter on the charts
    /// brings the plan's page back.
    pub fn act(&mut self, action: CoachAction, row: Option<Row>) -> Outcome {
        if action == CoachAction::Open && self.page == Page::Charts {
            self.page = Page::Plan;
            return Outcome::Redraw;
        }
        let outcome = self.outcome(action, row);
        if matches!(outcome, Outcome::Say(_)) {
            self.page = Page::Plan;
        }
        outcome
    }

    fn outcome(&mut self, action: CoachAction, row: Option<Row>) -> Outcome {
        match action {
            CoachAction::Leave => Outcome::Leave,
            CoachAction::Charts => {
                self.page = match self.page {
                    Page::Plan => Page::Charts,
                    Page::Charts => Page::Plan,
                };
                Outcome::Redraw
            }
            CoachAction::Open => match row {
                Some(Row::Item(i)) => match self.plan.items.get(i) {
                    Some(item) => self.start(&item.task),
                    None => Outcome::Say("Choose an item of the plan.".into()),
                },
                Some(Row::Weakness(i)) => match self.report.weaknesses.get(i) {
                    Some(w) => Outcome::Show {
                        title: w.concept.label().to_string(),
                        text: weakness_text(w),
                    },
                    None => Outcome::Say("Choose a concept.".into()),
                },
                None => Outcome::Say("Choose an item of the plan or a concept.".into()),
            },
            CoachAction::Lesson => match self.concept_of(row) {
                Some(w) => match &w.lesson {
                    Some(l) => Outcome::Go(Route::Lesson(l.id.clone())),
                    None => Outcome::Say(no_link(w.concept, "no lesson")),
                },
                None => Outcome::Say(NOTHING_YET.into()),
            },
            CoachAction::Puzzles => match self.concept_of(row) {
                Some(w) => match w.concept.focus() {
                    Some(f) if !w.puzzles.is_empty() => Outcome::Go(Route::FocusPuzzles(f)),
                    _ => Outcome::Say(no_link(w.concept, "no puzzle")),
                },
                None => Outcome::Say(NOTHING_YET.into()),
            },
            CoachAction::Positions => match self.concept_of(row) {
                Some(w) => positions(w),
                None => Outcome::Say(NOTHING_YET.into()),
            },
        }
    }
}

/// The learner's playing strength and the next level, in one line.
pub fn strength_line(progress: &Progress) -> String {
    let strength = &progress.strength;
    let Some(table) = crate::tutor::strength::LevelRatings::shipped() else {
        return String::new();
    };
    match strength.suggestion(table) {
        Some(s) => {
            let me = strength.current();
            let level = match s.level {
                Strategy::Engine(l) => format!("level {l}"),
                other => other.name(),
            };
            format!(
                "Strength {:.0} ±{:.0} after {}; next: {level} ({:.0}), expect {:.0}%",
                me.rating,
                me.deviation,
                crate::tutor::text::count(strength.count as usize, "rated game"),
                s.rating,
                100.0 * s.expected
            )
        }
        None => "Playing strength: none yet; play an engine level from the start.".into(),
    }
}

/// Said when the coach has no concept to link to.
const NOTHING_YET: &str =
    "No concept has cost you discs yet: play a practice game with feedback on.";

fn no_link(concept: Concept, what: &str) -> String {
    match concept {
        Concept::Other => format!(
            "\"Other\" gathers the mistakes no checked fact explains: it has {what} of its own."
        ),
        c => format!("The course has {what} for {}.", c.label()),
    }
}

/// A plan item's row: its box, what to do, how far it has got.
fn item_row(item: &PlanItem, s: ItemStatus) -> String {
    let mark = if s.ticked() { TICKED } else { OPEN };
    let progress = if s.of > 1 {
        format!("  {}/{}", s.done.min(s.of), s.of)
    } else {
        String::new()
    };
    format!("{mark} {}{progress}", item.task.title())
}

/// A weakness's row: its name, discs per game, a bar, the games behind it.
fn weakness_row(w: &Weakness, top: f64) -> String {
    const BAR: f64 = 14.0;
    let len = if top > 0.0 {
        ((w.per_game() / top) * BAR).round() as usize
    } else {
        0
    };
    format!(
        " •  {:<13}{:>5.1} a game {:<14} {} of {} games, {}",
        w.concept.label(),
        w.per_game(),
        "#".repeat(len.max(1)),
        w.games_with,
        w.games,
        w.trend.word()
    )
}

/// A weakness's figures and links, on two lines.
fn weakness_detail(w: &Weakness) -> String {
    let mut links = Vec::new();
    if let Some(l) = &w.lesson {
        links.push(format!("l: lesson {}", l.order));
    }
    if !w.puzzles.is_empty() {
        links.push("p: its puzzles".to_string());
    }
    if !w.positions.is_empty() {
        links.push(format!(
            "o: {}",
            crate::tutor::text::count_with(
                w.positions.len(),
                "position of yours",
                "positions of yours"
            )
        ));
    }
    format!("{}\n{}", weakness_figures(w), links.join("   "))
}

/// A weakness's figures in one sentence.
fn weakness_figures(w: &Weakness) -> String {
    let trend = match w.trend {
        crate::tutor::coach::Trend::TooFew => "too few games for a trend".to_string(),
        t => format!("trend {}", t.word()),
    };
    format!(
        "{}: {:.1} discs a game over your last {} (in {} of them), {}; {trend}.",
        w.concept.label(),
        w.per_game(),
        crate::tutor::text::count(w.games, "graded game"),
        w.games_with,
        crate::tutor::text::count(w.mistakes, "mistake"),
    )
}

/// Everything the coach knows of a weakness, for a dialog.
fn weakness_text(w: &Weakness) -> String {
    use crate::tutor::coach::Trend;
    let mut out = vec![weakness_figures(w)];
    match w.trend {
        Trend::Better { earlier, later }
        | Trend::Worse { earlier, later }
        | Trend::Steady { earlier, later } => out.push(format!(
            "The earlier half of those games: {earlier:.1} discs a game; the later half: {later:.1}."
        )),
        Trend::TooFew => out.push("Too few games for a trend yet.".into()),
    }
    let (solved, tried) = w.puzzle_results;
    if tried > 0 {
        out.push(format!("Its puzzles lately: {solved} of {tried} solved."));
    }
    if let Some(l) = &w.lesson {
        out.push(format!("Its lesson: lesson {}, {}.", l.order, l.title));
    }
    if let Some(p) = w.positions.first() {
        out.push(format!(
            "The latest: move {} against {}, {} lost {} ({}).{}",
            p.number,
            p.opponent,
            p.square,
            crate::tutor::text::count(p.lost as usize, "disc"),
            p.phase,
            if p.fact.is_empty() {
                String::new()
            } else {
                format!(" {}", p.fact)
            }
        ));
    }
    out.join("\n")
}

/// The learner's own positions of a weakness, each opening the analysis board on
/// the position before the move.
fn positions(w: &Weakness) -> Outcome {
    let items: Vec<(String, Route)> = w
        .positions
        .iter()
        .filter_map(|p| {
            let pos = parse_obf(&p.position).ok()?.position;
            Some((
                format!(
                    "move {} vs {}: {} lost {} ({})",
                    p.number,
                    p.opponent,
                    p.square,
                    crate::tutor::text::count(p.lost as usize, "disc"),
                    p.phase
                ),
                Route::AnalyzeAt(pos),
            ))
        })
        .collect();
    if items.is_empty() {
        return Outcome::Say(format!(
            "None of your recent positions is kept for {}.",
            w.concept.label()
        ));
    }
    Outcome::Choose {
        title: format!("Your positions: {}", w.concept.label()),
        text: "The position before your move, the latest first: Enter opens it on the analysis board, where you can look for the better move.".into(),
        items,
    }
}

impl CoachScreen {
    /// What doing a plan item opens.
    fn start(&self, task: &Task) -> Outcome {
        match task {
            Task::LearnMistakes { .. } => match &self.mistakes {
                Some(run) => Outcome::Go(Route::Mistakes(Box::new(run.clone()))),
                None => Outcome::Say(
                    "You have answered every mistake of your last game again: play another.".into(),
                ),
            },
            other => start(other),
        }
    }
}

/// What doing a plan item opens (the last game's mistakes: [`CoachScreen::start`]).
fn start(task: &Task) -> Outcome {
    match task {
        Task::LearnMistakes { .. } => Outcome::Say("No mistake to ask back.".into()),
        Task::ReviewPuzzles { .. } => Outcome::Go(Route::Puzzles(None)),
        Task::ReviewOpenings { .. } => Outcome::Go(Route::Openings(None)),
        Task::Lesson { id, .. } => Outcome::Go(Route::Lesson(id.clone())),
        Task::ConceptPuzzles { concept, .. } => match concept.focus() {
            Some(f) => Outcome::Go(Route::FocusPuzzles(f)),
            None => Outcome::Say(no_link(*concept, "no puzzle")),
        },
        Task::Practice { opponent } => match Strategy::from_name(opponent) {
            Some(s) => {
                let mut setup = Setup::against(Color::Black, s);
                setup.start_name = "the initial position (today's plan)".into();
                Outcome::Go(Route::Practice(Box::new(setup)))
            }
            None => Outcome::Say(format!("No opponent is called {opponent}.")),
        },
    }
}
