//! The one content loader: the lessons of `lessons/` and the puzzle sets of
//! `puzzles/`, embedded in the binary with include_dir (the only place that embeds
//! them) or read from a directory, each file a [`Source`]; and `check_content`, which
//! loads everything and proves every stated answer with the engine, checks the named
//! openings ([`crate::tutor::openings::load_openings`]) and replays the facts of what
//! the tutor says about the moves of a practice sample
//! ([`crate::tutor::practice_sample`]) (`othello-lab check-content [--full]`; see
//! [`crate::tutor::lesson`] and [`crate::tutor::puzzle`] for what is proved).
//!
//! ```
//! use othello_tutor::tutor::content::load_lessons;
//!
//! let lessons = load_lessons().expect("the embedded lessons load");
//! assert_eq!(lessons.len(), 24);
//! let first = &lessons[0];
//! println!("{}: {} steps", first.title, first.step_count());
//! assert!(first.interactive_count() > 0);
//! ```

use crate::engine::search::Searcher;
use crate::tutor::files::{Source, dir_label, toml_files_in};
use crate::tutor::lesson::{ContentError, Duplicate, Lesson, Problem};
use crate::tutor::openings::load_openings;
use crate::tutor::practice_sample::{SAMPLE_GAMES, check_practice_sample, practice_sample};
use crate::tutor::puzzle::{Puzzle, PuzzleError, PuzzleProblem, check_puzzles, parse_set};
use include_dir::{Dir, include_dir};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

pub use crate::tutor::lesson::{ProofSettings, prove_lesson};

static LESSONS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/lessons");
static PUZZLES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/puzzles");

/// The `*.toml` files of an embedded directory, sorted by name, named `<label>/<file>`.
fn embedded(dir: &Dir<'_>, label: &str) -> Vec<Source> {
    let mut files: Vec<Source> = dir
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "toml"))
        .map(|f| Source {
            file: format!("{label}/{}", f.path().display()),
            bytes: f.contents().to_vec(),
        })
        .collect();
    files.sort();
    files
}

/// The lesson files embedded in the binary, sorted by name.
pub fn embedded_lesson_sources() -> Vec<Source> {
    embedded(&LESSONS, "lessons")
}

/// The puzzle set files embedded in the binary, sorted by name, named `puzzles/<file>`.
pub fn embedded_puzzle_sources() -> Vec<Source> {
    embedded(&PUZZLES, "puzzles")
}

/// The `*.toml` lesson files of a directory, sorted by name, named `<dir name>/<file>`.
pub fn lesson_sources_in(dir: &Path) -> Result<Vec<Source>, ContentError> {
    toml_files_in(dir).map_err(|e| {
        ContentError::new(
            &dir_label(dir),
            None,
            None,
            Problem::Unreadable(e.to_string()),
        )
    })
}

/// The `*.toml` puzzle set files of a directory, sorted by name, named `<dir name>/<file>`.
pub fn puzzle_sources_in(dir: &Path) -> Result<Vec<Source>, PuzzleError> {
    toml_files_in(dir).map_err(|e| {
        PuzzleError::new(
            &dir_label(dir),
            None,
            None,
            PuzzleProblem::Io(e.to_string()),
        )
    })
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
                        Problem::Duplicate(Duplicate::Id {
                            id: lesson.id.clone(),
                            other: other.file.clone(),
                        }),
                    ));
                    continue;
                }
                if let Some(other) = lessons.iter().find(|l| l.order == lesson.order) {
                    errors.push(ContentError::new(
                        &src.file,
                        None,
                        Some("order"),
                        Problem::Duplicate(Duplicate::Order {
                            order: lesson.order,
                            other: other.file.clone(),
                        }),
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

/// Reads and checks puzzle sets, checking that ids are unique over all of them:
/// the good puzzles (in file order) and every problem. No engine proof here.
pub fn load_puzzle_sources(sources: &[Source]) -> (Vec<Puzzle>, Vec<PuzzleError>) {
    let mut all: Vec<Puzzle> = Vec::new();
    let mut errors = Vec::new();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for src in sources {
        let file = &src.file;
        let Ok(text) = std::str::from_utf8(&src.bytes) else {
            errors.push(PuzzleError::new(file, None, None, PuzzleProblem::NotUtf8));
            continue;
        };
        let (puzzles, mut errs) = parse_set(file, text);
        errors.append(&mut errs);
        for p in puzzles {
            if let Some(other) = seen.get(&p.id) {
                errors.push(PuzzleError::new(
                    file,
                    Some(&p.id),
                    Some("id"),
                    PuzzleProblem::DuplicateId(other.clone()),
                ));
                continue;
            }
            seen.insert(p.id.clone(), file.clone());
            all.push(p);
        }
    }
    (all, errors)
}

/// The embedded puzzles and every load problem (none in a good build).
pub fn load_embedded_puzzles() -> (Vec<Puzzle>, Vec<PuzzleError>) {
    load_puzzle_sources(&embedded_puzzle_sources())
}

/// The puzzles of a directory and every load problem.
pub fn load_puzzle_dir(dir: &Path) -> (Vec<Puzzle>, Vec<PuzzleError>) {
    match puzzle_sources_in(dir) {
        Ok(sources) => load_puzzle_sources(&sources),
        Err(e) => (Vec::new(), vec![e]),
    }
}

/// The embedded puzzles, or every problem if any set is bad.
pub fn load_puzzles() -> Result<Vec<Puzzle>, Vec<PuzzleError>> {
    let (puzzles, errors) = load_embedded_puzzles();
    if errors.is_empty() {
        Ok(puzzles)
    } else {
        Err(errors)
    }
}

/// Loads and checks the embedded puzzles: the number loaded and every problem (load
/// problems first). This is the puzzles' part of `check-content [--full]`.
pub fn check_embedded_puzzles(
    full: bool,
    progress: &mut dyn FnMut(&str),
) -> (usize, Vec<PuzzleError>) {
    let (puzzles, mut errors) = load_embedded_puzzles();
    for p in &puzzles {
        if !p.is_personal() {
            errors.extend(crate::tutor::puzzle::stated_fact_errors(p));
        }
    }
    errors.extend(check_puzzles(&puzzles, full, progress));
    (puzzles.len(), errors)
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
    /// The named openings proved (0 when the openings were not checked).
    pub openings: usize,
    /// Every problem found in the named openings.
    pub opening_errors: Vec<String>,
    /// The facts replayed in what the tutor says about the moves of the practice
    /// sample (0 when it was not checked).
    pub practice_facts: usize,
    /// Every false one.
    pub practice_errors: Vec<String>,
}

impl CheckReport {
    /// Whether everything was proved.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
            && self.puzzle_errors.is_empty()
            && self.opening_errors.is_empty()
            && self.practice_errors.is_empty()
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
        for e in &self.opening_errors {
            writeln!(f, "{e}")?;
        }
        for e in &self.practice_errors {
            writeln!(f, "{e}")?;
        }
        if self.practice_facts > 0 {
            writeln!(
                f,
                "practice sample: {} facts stated about its moves, {} false",
                self.practice_facts,
                self.practice_errors.len()
            )?;
        }
        if self.openings > 0 {
            writeln!(
                f,
                "openings: {} named lines, each legal and found by its position",
                self.openings
            )?;
        }
        write!(f, "{}", self.summary_line())
    }
}

/// Checks and proves every lesson embedded in the binary. `progress` hears one line
/// per step proved. The puzzles are checked by their own module and added with
/// [`CheckReport::add_puzzles`]; until then the report counts 0 puzzles.
pub fn check_content(full: bool, progress: &mut dyn FnMut(&str)) -> CheckReport {
    let mut report = check_sources(&embedded_lesson_sources(), full, progress);
    let (count, errors) = check_embedded_puzzles(full, progress);
    report.add_puzzles(count, errors);
    match load_openings() {
        Ok(openings) => report.openings = openings.len(),
        Err(errors) => report.opening_errors = errors.iter().map(|e| e.to_string()).collect(),
    }
    progress("practice sample: replaying what the tutor says about each move");
    let sample = practice_sample(SAMPLE_GAMES);
    (report.practice_facts, report.practice_errors) = check_practice_sample(&sample);
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
    // One lesson per task, each with a searcher of its own (so its proof depends on
    // the lesson alone), on the machine's cores; the progress line as each is done.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let proved = crate::engine::pool::try_map_streamed(
        threads,
        &lessons,
        |_, lesson| {
            let mut searcher = Searcher::new(64, 64);
            Ok::<_, crate::engine::pool::PoolError>(prove_lesson(
                lesson,
                settings,
                &mut searcher,
                &mut |_| {},
            ))
        },
        |i, _| {
            progress(&format!("{}: proved", lessons[i].file));
            Ok(())
        },
    );
    match proved {
        Ok(found) => errors.extend(found.into_iter().flatten()),
        Err(e) => errors.push(ContentError::new(
            "lessons",
            None,
            None,
            Problem::ProofFailed(e.to_string()),
        )),
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
        ..CheckReport::default()
    }
}
