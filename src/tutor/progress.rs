//! The learner's saved progress: per lesson the current step, completion, stars and
//! the tries of the current run; the puzzles (rating, review queue); the opening
//! trainer's lines; the coach's learner profile.
//!
//! The file is `progress.toml` in the data directory: the `--data-dir` path if given,
//! else the `OTHELLO_TUTOR_DATA` environment variable, else the platform's data
//! directory (`directories`: `~/.local/share/othello-tutor` on Linux). Writes are
//! atomic (a temporary file in the same directory, flushed to disk, then renamed over
//! the old one). A damaged file is never silently replaced: it is renamed to
//! `progress.toml.damaged-<unix seconds>` and the load says so.

use crate::tutor::coach::LearnerProfile;
use crate::tutor::files::write_atomic;
use crate::tutor::lesson::{StepAttempts, stars};
use crate::tutor::openings::OpeningProgress;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable that overrides the data directory.
pub const DATA_ENV: &str = "OTHELLO_TUTOR_DATA";
/// The progress file's name in the data directory.
pub const FILE_NAME: &str = "progress.toml";
/// The format version written.
pub const VERSION: u32 = 1;

/// Everything saved about the learner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// The format version.
    pub version: u32,
    /// Per lesson id.
    pub lessons: BTreeMap<String, LessonProgress>,
    /// The puzzles.
    pub puzzles: PuzzleProgress,
    /// The opening trainer.
    pub openings: OpeningProgress,
    /// The unrated puzzle modes' records (Storm, Streak, the endgame drill). Absent
    /// from files written before the modes: it then starts empty.
    pub modes: ModeRecords,
    /// The opponent of the learner's last practice game (a strategy's name), which
    /// the new-game dialog offers first. Absent from older files.
    pub practice_opponent: Option<String>,
    /// The coach's learner profile: graded games, puzzle attempts, lesson answers
    /// and today's plan ([`crate::tutor::coach`]). Absent from older files: it then
    /// starts empty.
    pub coach: LearnerProfile,
    /// The learner's playing strength on the engine levels' scale, from rated
    /// practice games ([`crate::tutor::strength::learner`]). Absent from older files:
    /// it then starts with no estimate.
    pub strength: crate::tutor::strength::LearnerStrength,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: VERSION,
            lessons: BTreeMap::new(),
            puzzles: PuzzleProgress::default(),
            openings: OpeningProgress::default(),
            modes: ModeRecords::default(),
            practice_opponent: None,
            coach: LearnerProfile::default(),
            strength: crate::tutor::strength::LearnerStrength::default(),
        }
    }
}

impl Progress {
    /// The progress of a lesson, if it was ever started.
    pub fn lesson(&self, id: &str) -> Option<&LessonProgress> {
        self.lessons.get(id)
    }

    /// The progress of a lesson, created when missing.
    pub fn lesson_mut(&mut self, id: &str) -> &mut LessonProgress {
        self.lessons.entry(id.to_string()).or_default()
    }

    /// Stars earned over all lessons (the best of each).
    pub fn total_stars(&self) -> u32 {
        self.lessons.values().map(|l| u32::from(l.stars)).sum()
    }
}

/// One lesson's progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    /// The step to resume at (0-based).
    pub current_step: usize,
    /// Whether the lesson was ever finished.
    pub completed: bool,
    /// The best stars earned (0 before the first finish).
    pub stars: u8,
    /// Wrong answers in the current run.
    pub attempts: u32,
    /// Hints taken in the current run.
    pub hints: u32,
    /// Answers shown in the current run.
    pub revealed: u32,
    /// Interactive steps finished in the current run.
    pub answered: u32,
    /// The lesson's puzzles: solved and served in the last run, once tried.
    pub puzzle_score: Option<(u32, u32)>,
}

impl LessonProgress {
    /// Adds a finished interactive step's tries to the current run.
    pub fn record(&mut self, tries: &StepAttempts) {
        self.attempts += tries.wrong;
        self.hints += tries.hints;
        self.revealed += u32::from(tries.revealed);
        self.answered += 1;
    }

    /// Moves the resume point to `step` (0-based).
    pub fn advance(&mut self, step: usize) {
        self.current_step = step;
    }

    /// Ends the run: computes its stars (with `interactive` steps in the lesson),
    /// keeps the best, marks the lesson completed, and starts a fresh run. Returns the
    /// run's stars.
    pub fn finish(&mut self, interactive: u32) -> u8 {
        let earned = stars(interactive, self.attempts, self.hints, self.revealed);
        self.stars = self.stars.max(earned);
        self.completed = true;
        self.restart();
        earned
    }

    /// Starts the lesson over (keeps completion and the best stars).
    pub fn restart(&mut self) {
        self.current_step = 0;
        self.attempts = 0;
        self.hints = 0;
        self.revealed = 0;
        self.answered = 0;
    }
}

/// The records of the unrated puzzle modes: best scores and counts. Every field has
/// a default, so an older file (without them) still loads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ModeRecords {
    /// Storm: the most puzzles solved in one run.
    pub storm_best: u32,
    /// Storm: runs finished.
    pub storm_runs: u32,
    /// Streak: the longest run of puzzles solved before the first miss.
    pub streak_best: u32,
    /// Streak: runs finished.
    pub streak_runs: u32,
    /// Endgame drill: positions answered.
    pub drill_tried: u32,
    /// Endgame drill: positions answered right (the exact score, or the best result
    /// kept when played out).
    pub drill_right: u32,
}

impl ModeRecords {
    /// Records a finished Storm run of `score`; returns whether it is a new best.
    pub fn finish_storm(&mut self, score: u32) -> bool {
        self.storm_runs += 1;
        let best = score > self.storm_best;
        self.storm_best = self.storm_best.max(score);
        best
    }

    /// Records a finished Streak run of `streak`; returns whether it is a new best.
    pub fn finish_streak(&mut self, streak: u32) -> bool {
        self.streak_runs += 1;
        let best = streak > self.streak_best;
        self.streak_best = self.streak_best.max(streak);
        best
    }

    /// Records an answered drill position.
    pub fn record_drill(&mut self, right: bool) {
        self.drill_tried += 1;
        self.drill_right += u32::from(right);
    }
}

/// The puzzles' progress: the learner's rating, the review queue, results per theme.
pub use crate::tutor::puzzle_progress::PuzzleProgress;

/// Why the progress could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    /// No data directory: no `--data-dir`, no `OTHELLO_TUTOR_DATA`, no home directory.
    #[error("no data directory: set {DATA_ENV} or pass --data-dir")]
    NoDataDir,
    /// A file operation failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The progress could not be written as TOML.
    #[error("cannot write the progress: {0}")]
    Serialize(String),
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> ProgressError + '_ {
    move |source| ProgressError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The data directory from an explicit path (`--data-dir`), else the value of
/// `OTHELLO_TUTOR_DATA` (`env`, ignored when empty), else the platform's.
pub fn resolve_data_dir(
    explicit: Option<&Path>,
    env: Option<OsString>,
) -> Result<PathBuf, ProgressError> {
    if let Some(p) = explicit {
        return Ok(p.to_path_buf());
    }
    if let Some(v) = env.filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(v));
    }
    directories::ProjectDirs::from("", "", "othello-tutor")
        .map(|d| d.data_dir().to_path_buf())
        .ok_or(ProgressError::NoDataDir)
}

/// The data directory: `explicit`, else `$OTHELLO_TUTOR_DATA`, else the platform's.
pub fn data_dir(explicit: Option<&Path>) -> Result<PathBuf, ProgressError> {
    resolve_data_dir(explicit, std::env::var_os(DATA_ENV))
}

/// What loading found.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadOutcome {
    /// The progress (fresh when there was no file or it was damaged).
    pub progress: Progress,
    /// Where a damaged file was moved to, if it was.
    pub recovered_from: Option<PathBuf>,
    /// What was wrong with the damaged file.
    pub damage: Option<String>,
    /// Where a copy of a file written by a newer format version was kept, if it
    /// was (this version drops what it does not know when it saves).
    pub newer_copy: Option<PathBuf>,
}

impl LoadOutcome {
    /// A sentence for the learner when a damaged file was moved aside, or a newer
    /// version's file was copied before this version rewrites it.
    pub fn notice(&self) -> Option<String> {
        if let Some(p) = &self.recovered_from {
            return Some(format!(
                "Your saved progress could not be read, so it starts afresh. The damaged file was kept as {}.",
                p.display()
            ));
        }
        self.newer_copy.as_ref().map(|p| {
            format!(
                "Your progress was saved by a newer version of othello-tutor; a copy of it was kept as {}.",
                p.display()
            )
        })
    }
}

/// The progress file in a data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgressStore {
    dir: PathBuf,
}

impl ProgressStore {
    /// The store in `dir` (created on the first save).
    pub fn new(dir: impl Into<PathBuf>) -> ProgressStore {
        ProgressStore { dir: dir.into() }
    }

    /// The store in the data directory (see [`data_dir`]).
    pub fn open(explicit: Option<&Path>) -> Result<ProgressStore, ProgressError> {
        Ok(ProgressStore::new(data_dir(explicit)?))
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The progress file.
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Reads the progress. No file gives a fresh progress. A file that cannot be
    /// parsed is renamed to `progress.toml.damaged-<seconds>` and reported in the
    /// outcome; a file that cannot be read or moved is an error. A file written by a
    /// newer format version is read as far as this version understands it, and a
    /// copy is kept as `progress.toml.v<N>` first (once), since saving drops what
    /// this version does not know. In a data directory this process opened
    /// read-only ([`crate::tutor::lock`]) nothing is moved or copied: a damaged file
    /// is an error and stays where it is.
    pub fn load(&self) -> Result<LoadOutcome, ProgressError> {
        let path = self.path();
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(LoadOutcome {
                    progress: Progress::default(),
                    recovered_from: None,
                    damage: None,
                    newer_copy: None,
                });
            }
            Err(e) => return Err(io_err(&path)(e)),
        };
        let parsed = std::str::from_utf8(&bytes)
            .map_err(|_| "the file is not UTF-8 text".to_string())
            .and_then(|t| toml::from_str::<Progress>(t).map_err(|e| e.to_string()));
        match parsed {
            Ok(progress) => {
                // A tutor that opened read-only never saves: no copy is needed.
                let read_only = crate::tutor::lock::read_only_reason(&path).is_some();
                let newer_copy = if progress.version > VERSION && !read_only {
                    let base = format!("{FILE_NAME}.v{}", progress.version);
                    let kept = self.dir.join(&base);
                    if std::fs::read(&kept).is_ok_and(|k| k == bytes) {
                        Some(kept)
                    } else {
                        let copy = self.free_name(&base);
                        std::fs::write(&copy, &bytes).map_err(io_err(&copy))?;
                        Some(copy)
                    }
                } else {
                    None
                };
                Ok(LoadOutcome {
                    progress: Progress {
                        version: VERSION,
                        ..progress
                    },
                    recovered_from: None,
                    damage: None,
                    newer_copy,
                })
            }
            Err(damage) => {
                crate::tutor::lock::check_writable(&path).map_err(io_err(&path))?;
                let aside = self.damaged_name();
                std::fs::rename(&path, &aside).map_err(io_err(&path))?;
                Ok(LoadOutcome {
                    progress: Progress::default(),
                    recovered_from: Some(aside),
                    damage: Some(damage.trim_end().to_string()),
                    newer_copy: None,
                })
            }
        }
    }

    /// A free name `progress.toml.damaged-<seconds>[-n]` beside the file.
    fn damaged_name(&self) -> PathBuf {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        self.free_name(&format!("{FILE_NAME}.damaged-{secs}"))
    }

    /// `base` in the data directory, or `base-n` for the first n that is free.
    fn free_name(&self, base: &str) -> PathBuf {
        let mut candidate = self.dir.join(base);
        let mut n = 1;
        while candidate.exists() {
            n += 1;
            candidate = self.dir.join(format!("{base}-{n}"));
        }
        candidate
    }

    /// Writes the progress atomically: a temporary file in the same directory,
    /// flushed to disk, then renamed over `progress.toml`.
    pub fn save(&self, progress: &Progress) -> Result<(), ProgressError> {
        let text = toml::to_string_pretty(progress)
            .map_err(|e| ProgressError::Serialize(e.to_string()))?;
        let path = self.path();
        write_atomic(&path, text.as_bytes()).map_err(|e| ProgressError::Io {
            path: e.path,
            source: e.source,
        })?;
        Ok(())
    }
}
