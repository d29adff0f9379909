//! `othello-tutor` with no subcommand: the cursive TUI.
//!
//! The screens' rules in full (the README gives the keys); they belong in the module
//! docs of `src/tutor/` and wait here while those files are edited elsewhere.
//!
//! # Puzzle ratings and modes
//!
//! Main menu, **2 Puzzles**: puzzles near your rating (Glicko-2 for you and for each
//! puzzle; reviews of missed puzzles first). The rating rules
//! (`src/tutor/rating.rs`, `src/tutor/puzzle/grading.rs`):
//!
//! 1. **Near miss**: a wrong move within 2 discs of the best (exact solver; exact
//!    `best` and `line` puzzles only) counts as a draw (score 0.5), not a loss. It is
//!    still a miss for the review queue, the streak and the themes. (A first step's margin is 6 discs or more unless the answer alone wins or
//!    draws, so near misses come mostly from those and from the later steps of lines.)
//! 2. **Give-away**: a puzzle whose theme gives the answer away (a `corner` puzzle
//!    whose answer is its only corner move; likewise the only pass-forcing move of a
//!    `tempo` puzzle and the only X- or C-square move of an `x-square` or `c-square` one)
//!    moves both ratings by half the usual change.
//! 3. **Replays are unrated**: a puzzle tried before (a review, say) moves no rating;
//!    it still counts in the history (solved/failed counts, themes, streak, queue).
//! 4. **Provisional**: your first 10 rated results move your rating 1.5 times the
//!    Glicko-2 change.
//!
//! `m` on the puzzle screen opens the unrated modes (`src/tutor/puzzle/timed.rs`,
//! `drill.rs`; `src/ui/puzzles/`):
//!
//! - **Storm**: as many puzzles as you can in 3:00, rising in rating (80 in the queue,
//!   one drawn from each rating slice of the set); a wrong move costs 10 s (a near miss
//!   5 s) and moves on. The best score is kept. `n` a new run; once the run is over `r`
//!   refutes each miss in turn.
//! - **Streak**: puzzles of rising rating until the first miss; the best streak is kept.
//! - **Endgame drill**: a position with 6 to 14 empties (from the exact puzzles and
//!   their solution lines); type the final score with best play, as your margin (`+4`,
//!   `-2`) or the final discs, Black first (`34-30`), then Enter; or play it out on
//!   the board against the solver's perfect defence. Then the solver's score and best
//!   line (`[` `]` step through it); `n` the next position.
//!
//! The queue's and the drill's order is seeded by the clock (a test fixes it). The
//! records (best Storm and Streak, drill answers) are saved in `progress.toml`; files
//! written before them still load.
//!
//!
//! # The opening trainer
//!
//! Main menu, **5 Openings** (lesson 8 leads into it). The list groups the named lines
//! by family; typing searches names, other names and moves (`tiger`, `f5 d6 c3`), and
//! each line shows whether it is new, due, or when it comes back; due reviews stand at
//! the top, under "A random line" (a due review first, else a line never rehearsed).
//! In a rehearsal the learner plays the side that makes the line's last move, in whichever
//! of the four orientations their first move picks (the engine picks one at random when
//! it opens); the engine answers with the line. A move off the line is not played: the
//! panel shows the line's move (marked on the board), both moves' book values, and the
//! named opening the move would lead to; the learner then plays the line's move.
//! `s` shows the move (a miss), `r` starts the line again, `n` serves the next line,
//! `i` turns on side lines (the engine sometimes answers with another book move within
//! one disc of the best, and the learner then follows the book), `o` goes back to the
//! list. A finished line is scheduled with the puzzles' Leitner boxes (1, 3, 7, 14, 30
//! days): a missed line comes back the next day, a clean first run after 3 days, each
//! clean review when due a box later, and the last box takes it out of the queue. The
//! record (rehearsals, clean rehearsals, last date) and the queue are saved in `progress.toml`
//! with the rest (`src/tutor/openings/trainer.rs`, `schedule.rs`; `src/ui/openings/`).
//!
//!
//! # Openings and the book in practice
//!
//! `src/data/openings.toml` holds 79 named openings: the name, the moves from the
//! start written f5-first, other names where the public lists disagree, and a family
//! (the shorter named line it grows from) for grouping. The names and move sequences
//! were compiled from public lists (Robert Gatliff's catalogue of openings, as
//! reproduced in public repositories, cross-checked against a second public opening
//! table; the file's header lists them and where they differ). A name belongs to a
//! position, not to a move order: positions are compared in their canonical
//! orientation under the eight symmetries of the board, so a transposition, or the
//! same line begun with d3, c4 or e6, gets the same name; a game carries the name of
//! the deepest named position it has passed through. `othello-lab check-content` proves every
//! line legal and every name found by its own position (`src/tutor/openings/`).
//!
//!
//! In practice and analysis, `tutor::feedback::grade_from_book` grades a move played in
//! a book position by the book: a move that keeps the game on the named lines, or
//! loses at most one disc against the book's best, is a "book move" (with the
//! opening's name and the book value); a move that leaves the book says what the book
//! plays ("out of book: the main line continues c4"). The engine levels play book
//! moves while in the book: the full-strength level the best one, the weaker ones one
//! at random among those within a level's margin (1 to 6 discs), so games differ.
//! The practice panel shows the name of the opening the game has passed through, and a
//! saved game carries it as a GGF comment (`C[Opening: Tiger]`).
//!
//!
//! # Saving and locking
//!
//! Progress is saved in the data directory (`progress.toml`), written atomically (a
//! temporary file, then a rename); a file that cannot be read is renamed
//! `progress.toml.damaged-<time>` and the learner is told.
//!
//! One writer per data directory: the tutor holds an operating-system lock on
//! `tutor.lock` in it while it runs (std's `File::try_lock`; the lock goes with the
//! process, even after a crash). A second tutor on the same directory says so over its
//! menu and opens read-only: it never writes `progress.toml`, saved games or the
//! library there (each save says why it was not made). `othello-tutor import` takes the
//! same lock and stops with one line while a tutor runs (`src/tutor/lock.rs`).
//!

use othello_tutor::tutor::lock::DataDirAccess;
use std::io::{BufRead, Write};

/// The environment variable that makes the tutor take its data directory as it
/// always does, print how it got it (one line, see [`DataDirAccess::describe`]),
/// hold it until its input ends, and exit, without opening the screen: the tests'
/// way to run two tutors on one directory without a terminal.
pub const LOCK_PROBE_ENV: &str = "OTHELLO_TUTOR_LOCK_PROBE";

/// Takes the data directory for this tutor: its lock, or read-only when another
/// tutor holds it; `None` when there is no data directory at all (the screens say
/// so where it matters).
fn take_data_dir(options: &othello_tutor::ui::UiOptions) -> Option<DataDirAccess> {
    let dir = othello_tutor::tutor::progress::data_dir(options.data_dir.as_deref()).ok()?;
    Some(DataDirAccess::open(&dir))
}

/// Runs the TUI, holding the data directory's lock while it runs (a second tutor
/// on the same directory opens read-only and says so). A panic on the UI thread first
/// restores the terminal, then prints its message. A panic in an engine job is caught
/// by the worker, which reports it on the screen and in the error log: printing it
/// here would write over the screen.
pub fn run(options: othello_tutor::ui::UiOptions) {
    let access = take_data_dir(&options);
    if std::env::var_os(LOCK_PROBE_ENV).is_some_and(|v| !v.is_empty()) {
        probe(access.as_ref());
        return;
    }
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() == Some("main") {
            restore_terminal();
            default_hook(info);
        }
    }));
    let mut siv = cursive::default();
    othello_tutor::ui::build(&mut siv, options);
    siv.run();
    drop(access);
}

/// Prints how the data directory was taken, then holds it until stdin ends.
fn probe(access: Option<&DataDirAccess>) {
    let line = access.map_or_else(|| "no data directory".to_string(), |a| a.describe());
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    for line in std::io::stdin().lock().lines() {
        if line.is_err() {
            break;
        }
    }
}

fn restore_terminal() {
    use cursive::backends::crossterm::crossterm::{
        cursor, event::DisableMouseCapture, execute, terminal,
    };
    let _ = execute!(
        std::io::stdout(),
        terminal::LeaveAlternateScreen,
        DisableMouseCapture,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}
