//! The content: the lessons of `lessons/` (embedded in the binary with include_dir,
//! or read from a directory), checked on load, and `check_content`, which proves
//! every stated answer with the engine (`othello-tutor check-content [--full]`).
//!
//! What is proved, step by step:
//! - `find-move`: the stated `moves` equal the set the check defines: a concept
//!   recomputed from the engine's features, or, for `best` and `exact`, every move
//!   within `tolerance` of the best by the exact solver (at most 20 empties; 22 with
//!   `--full`) or a search of depth 12 (14 with `--full`); for `moves`, each listed
//!   move is within `tolerance` of the best. The accepted set must leave out at least
//!   one legal move.
//! - `question`: the stated answer equals the one the engine computes.
//! - `play-out`: the goal can be forced against every reply.
//! - every lesson: ids and orders unique.

use crate::engine::SquareSet;
use crate::engine::analysis::{AnalysisOptions, MoveValue, analyze};
use crate::engine::search::Searcher;
use crate::engine::{Move, Position, Square};
use crate::tutor::explain::{move_facts, square_list};
use crate::tutor::files::{dir_label, toml_files_in};
use crate::tutor::lesson::{
    Check, ContentError, FindMove, Lesson, PlayOut, Problem, Question, Step,
};
use include_dir::{Dir, include_dir};
use std::fmt;
use std::path::Path;

static LESSONS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/lessons");

/// One content file: its name for messages (`lessons/06-mobility.toml`) and bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The name used in error messages.
    pub file: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

/// The lesson files embedded in the binary, sorted by name.
pub fn embedded_lesson_sources() -> Vec<Source> {
    let mut files: Vec<Source> = LESSONS
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "toml"))
        .map(|f| Source {
            file: format!("lessons/{}", f.path().display()),
            bytes: f.contents().to_vec(),
        })
        .collect();
    files.sort_by(|a, b| a.file.cmp(&b.file));
    files
}

/// The `*.toml` files of a directory, sorted by name, named `<dir name>/<file>`.
pub fn lesson_sources_in(dir: &Path) -> Result<Vec<Source>, ContentError> {
    let files = toml_files_in(dir).map_err(|e| {
        ContentError::new(
            &dir_label(dir),
            None,
            None,
            Problem::Invalid(format!("cannot read: {e}")),
        )
    })?;
    Ok(files
        .into_iter()
        .map(|(file, bytes)| Source { file, bytes })
        .collect())
}

/// Reads and checks lesson files: returns the good lessons sorted by order, and every
/// error (bad files, duplicate ids or orders). No engine proof here (see
/// [`check_sources`]).
pub fn load_sources(sources: &[Source]) -> (Vec<Lesson>, Vec<ContentError>) {
    let mut lessons: Vec<Lesson> = Vec::new();
    let mut errors = Vec::new();
    for src in sources {
        let text = match std::str::from_utf8(&src.bytes) {
            Ok(t) => t,
            Err(_) => {
                errors.push(ContentError::new(&src.file, None, None, Problem::NotUtf8));
                continue;
            }
        };
        match Lesson::from_toml(&src.file, text) {
            Ok(lesson) => {
                if let Some(other) = lessons.iter().find(|l| l.id == lesson.id) {
                    errors.push(ContentError::new(
                        &src.file,
                        None,
                        Some("id"),
                        Problem::Duplicate(format!(
                            "the id `{}` is already used by {}",
                            lesson.id, other.file
                        )),
                    ));
                    continue;
                }
                if let Some(other) = lessons.iter().find(|l| l.order == lesson.order) {
                    errors.push(ContentError::new(
                        &src.file,
                        None,
                        Some("order"),
                        Problem::Duplicate(format!(
                            "the order {} is already used by {}",
                            lesson.order, other.file
                        )),
                    ));
                    continue;
                }
                lessons.push(lesson);
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    lessons.sort_by_key(|l| l.order);
    (lessons, errors)
}

/// The embedded lessons, checked and sorted by order; every error if any file is bad.
pub fn load_lessons() -> Result<Vec<Lesson>, Vec<ContentError>> {
    let (lessons, errors) = load_sources(&embedded_lesson_sources());
    if errors.is_empty() {
        Ok(lessons)
    } else {
        Err(errors)
    }
}

/// The lessons of a directory, checked and sorted by order.
pub fn load_lessons_from_dir(dir: &Path) -> Result<Vec<Lesson>, Vec<ContentError>> {
    let sources = lesson_sources_in(dir).map_err(|e| vec![e])?;
    let (lessons, errors) = load_sources(&sources);
    if errors.is_empty() {
        Ok(lessons)
    } else {
        Err(errors)
    }
}

/// How hard the engine works to prove the answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofSettings {
    /// Search depth above `exact_empties`.
    pub depth: u32,
    /// Solve exactly at or below this many empties.
    pub exact_empties: u32,
}

impl ProofSettings {
    /// The settings of `check-content`: the solver at 20 empties or fewer, depth 12
    /// above.
    pub const QUICK: ProofSettings = ProofSettings {
        depth: 12,
        exact_empties: 20,
    };
    /// The settings of `check-content --full`: the solver at 22 empties or fewer,
    /// depth 14 above.
    pub const FULL: ProofSettings = ProofSettings {
        depth: 14,
        exact_empties: 22,
    };

    /// `FULL` or `QUICK`.
    pub const fn new(full: bool) -> ProofSettings {
        if full { Self::FULL } else { Self::QUICK }
    }
}

/// The counts of one checked lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonCount {
    /// Its file.
    pub file: String,
    /// Its id.
    pub id: String,
    /// Its order.
    pub order: u32,
    /// Its title.
    pub title: String,
    /// Steps.
    pub steps: usize,
    /// Interactive steps.
    pub interactive: usize,
}

/// The result of `check-content`: the errors, then the counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// The lessons that loaded, by order.
    pub lessons: Vec<LessonCount>,
    /// The puzzles checked.
    pub puzzles: usize,
    /// Every problem found in the lessons.
    pub errors: Vec<ContentError>,
    /// Every problem found in the puzzles, as the puzzle checker words it.
    pub puzzle_errors: Vec<String>,
}

impl CheckReport {
    /// Whether everything was proved.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty() && self.puzzle_errors.is_empty()
    }

    /// Total steps.
    pub fn steps(&self) -> usize {
        self.lessons.iter().map(|l| l.steps).sum()
    }

    /// Total interactive steps.
    pub fn interactive(&self) -> usize {
        self.lessons.iter().map(|l| l.interactive).sum()
    }

    /// `lessons: L (steps: S, interactive: I), puzzles: P`.
    pub fn summary_line(&self) -> String {
        format!(
            "lessons: {} (steps: {}, interactive: {}), puzzles: {}",
            self.lessons.len(),
            self.steps(),
            self.interactive(),
            self.puzzles
        )
    }

    /// Adds the result of checking the puzzles: how many were checked and their
    /// errors (any type that displays as one line naming file, puzzle and field).
    pub fn add_puzzles<E: fmt::Display>(
        &mut self,
        count: usize,
        errors: impl IntoIterator<Item = E>,
    ) {
        self.puzzles += count;
        self.puzzle_errors
            .extend(errors.into_iter().map(|e| e.to_string()));
    }
}

impl fmt::Display for CheckReport {
    /// Every error on its own line, then the summary line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.errors {
            writeln!(f, "{e}")?;
        }
        for e in &self.puzzle_errors {
            writeln!(f, "{e}")?;
        }
        write!(f, "{}", self.summary_line())
    }
}

/// Checks and proves every lesson embedded in the binary. `progress` hears one line
/// per step proved. The puzzles are checked by their own module and added with
/// [`CheckReport::add_puzzles`]; until then the report counts 0 puzzles.
pub fn check_content(full: bool, progress: &mut dyn FnMut(&str)) -> CheckReport {
    let mut report = check_sources(&embedded_lesson_sources(), full, progress);
    let (count, errors) = crate::tutor::puzzle::check_embedded(full, progress);
    report.add_puzzles(count, errors);
    report
}

/// Checks and proves the lessons of a directory (tests use it on broken files).
pub fn check_lessons_dir(dir: &Path, full: bool, progress: &mut dyn FnMut(&str)) -> CheckReport {
    match lesson_sources_in(dir) {
        Ok(sources) => check_sources(&sources, full, progress),
        Err(e) => CheckReport {
            errors: vec![e],
            ..CheckReport::default()
        },
    }
}

/// Checks and proves lesson files given as sources.
pub fn check_sources(
    sources: &[Source],
    full: bool,
    progress: &mut dyn FnMut(&str),
) -> CheckReport {
    let (lessons, mut errors) = load_sources(sources);
    let settings = ProofSettings::new(full);
    let mut searcher = Searcher::new(64, 64);
    for lesson in &lessons {
        errors.extend(prove_lesson(lesson, settings, &mut searcher, progress));
    }
    // Keep the errors in file order, load errors first within a file.
    errors.sort_by(|a, b| a.file.cmp(&b.file).then(a.step.cmp(&b.step)));
    CheckReport {
        lessons: lessons
            .iter()
            .map(|l| LessonCount {
                file: l.file.clone(),
                id: l.id.clone(),
                order: l.order,
                title: l.title.clone(),
                steps: l.step_count(),
                interactive: l.interactive_count(),
            })
            .collect(),
        puzzles: 0,
        errors,
        puzzle_errors: Vec::new(),
    }
}

/// Proves every stated answer of a lesson with the engine; returns the problems.
pub fn prove_lesson(
    lesson: &Lesson,
    settings: ProofSettings,
    searcher: &mut Searcher,
    progress: &mut dyn FnMut(&str),
) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        let n = i + 1;
        progress(&format!("{}, step {n} ({})", lesson.file, step.kind_name()));
        let mut err = |field: &str, problem: Problem| {
            errors.push(ContentError::new(
                &lesson.file,
                Some(n),
                Some(field),
                problem,
            ));
        };
        match step {
            Step::Read(_) => {}
            Step::FindMove(fm) => prove_find_move(fm, settings, searcher, &mut err),
            Step::Question(q) => prove_question(q, searcher, &mut err),
            Step::PlayOut(p) => prove_play_out(p, searcher, &mut err),
        }
    }
    errors
}

fn value_list(values: &[MoveValue]) -> String {
    values
        .iter()
        .map(|v| format!("{} {:+}", v.mv, v.discs()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The number behind a concept check for one move, to show in a mismatch.
fn concept_key(check: Check, pos: &Position, sq: Square) -> String {
    let Some(f) = move_facts(pos, sq) else {
        return "illegal".into();
    };
    match check {
        Check::MinOpponentMobility => format!("{}", f.their_moves_after),
        Check::Quiet => format!("{}", f.frontier_flipped.len()),
        Check::MaxStable => format!("{}", f.stable_after),
        Check::MaxFlips => format!("{}", f.flipped.len()),
        Check::Parity => format!("{}", f.region_size),
        _ => String::new(),
    }
}

fn concept_basis(check: Check, pos: &Position) -> String {
    let what = match check {
        Check::MinOpponentMobility => "opponent moves after",
        Check::Quiet => "frontier discs flipped by",
        Check::MaxStable => "stable discs after",
        Check::MaxFlips => "discs flipped by",
        Check::Parity => "region size of",
        _ => return String::new(),
    };
    let items: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|sq| format!("{sq} {}", concept_key(check, pos, sq)))
        .collect();
    format!(" ({what} each move: {})", items.join(", "))
}

fn prove_find_move(
    fm: &FindMove,
    settings: ProofSettings,
    searcher: &mut Searcher,
    err: &mut dyn FnMut(&str, Problem),
) {
    let pos = fm.position();
    let legal = pos.legal_moves();
    let accepted = match fm.check.concept_moves(pos) {
        Some(set) => {
            if set != fm.moves {
                err(
                    "moves",
                    Problem::Mismatch {
                        stated: square_list(fm.moves),
                        computed: format!(
                            "{} for {}{}",
                            square_list(set),
                            fm.check.name(),
                            concept_basis(fm.check, pos)
                        ),
                    },
                );
            }
            set
        }
        None => {
            let exact_empties = if fm.check == Check::Exact {
                64
            } else {
                settings.exact_empties
            };
            let options = AnalysisOptions {
                depth: settings.depth,
                exact_empties,
                time: None,
            };
            let values = match analyze(searcher, &pos.board, options) {
                Ok(v) => v,
                Err(e) => {
                    err(
                        "check",
                        Problem::NotProved(format!("the engine stopped: {e}")),
                    );
                    return;
                }
            };
            let Some(best) = values.first() else {
                err("check", Problem::NotProved("no move to value".into()));
                return;
            };
            let exact = values.iter().all(|v| v.exact);
            let basis = if exact {
                "exact".to_string()
            } else {
                format!("depth {}", settings.depth)
            };
            let floor = best.discs() - fm.tolerance as i32;
            let within: SquareSet = values
                .iter()
                .filter(|v| v.discs() >= floor)
                .filter_map(|v| match v.mv {
                    Move::Place(sq) => Some(sq),
                    Move::Pass => None,
                })
                .collect();
            let tol = if fm.tolerance > 0 {
                format!(" within {} of the best", fm.tolerance)
            } else {
                String::new()
            };
            if fm.check == Check::Moves {
                let outside = SquareSet(fm.moves.0 & !within.0);
                if !outside.is_empty() {
                    err(
                        "moves",
                        Problem::Mismatch {
                            stated: square_list(fm.moves),
                            computed: format!(
                                "{} not{tol} among the best ({basis}: {})",
                                square_list(outside),
                                value_list(&values)
                            ),
                        },
                    );
                }
                fm.moves
            } else {
                if within != fm.moves {
                    err(
                        "moves",
                        Problem::Mismatch {
                            stated: square_list(fm.moves),
                            computed: format!(
                                "{}{tol} ({basis}: {})",
                                square_list(within),
                                value_list(&values)
                            ),
                        },
                    );
                }
                within
            }
        }
    };
    if accepted.is_empty() {
        err(
            "check",
            Problem::Invalid(format!("no legal move is {}", fm.check.name())),
        );
    } else if accepted == legal {
        err(
            "check",
            Problem::Invalid(format!(
                "every legal move ({}) is accepted, so the step tests nothing",
                square_list(legal)
            )),
        );
    }
}

fn prove_question(q: &Question, searcher: &mut Searcher, err: &mut dyn FnMut(&str, Problem)) {
    match q.compute(searcher.solver()) {
        Ok(a) if a == q.answer => {}
        Ok(a) => err(
            "answer",
            Problem::Mismatch {
                stated: q.answer.to_string(),
                computed: format!("{a} for {}", q.ask.name()),
            },
        ),
        Err(msg) => err("ask", Problem::NotProved(msg)),
    }
}

fn prove_play_out(p: &PlayOut, searcher: &mut Searcher, err: &mut dyn FnMut(&str, Problem)) {
    match p.forcing_moves(searcher.solver()) {
        Ok(set) if set.is_empty() => err(
            "goal",
            Problem::NotProved(format!(
                "{} to move cannot force the goal ({}) against every reply",
                p.learner(),
                p.goal
            )),
        ),
        Ok(_) => {}
        Err(e) => err("goal", Problem::NotProved(e.to_string())),
    }
}
