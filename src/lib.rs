//! othello-tutor: an Othello engine and the teaching logic built on it.
//!
//! # Architecture
//!
//! The crate is layered, and the arrows point down only:
//! `ui` (cursive screens) → `tutor` (lessons, puzzles, feedback) → `engine`
//! (rules, notation, search). `potential`, the second game of the reference texts,
//! stands on the engine's level: the tutor's and the interface's Potential screens
//! use it. `tests/module_cycles.rs` checks that no arrow points up and that no module
//! cycle forms. The binaries (`src/main.rs`, the learner's; `src/bin/othello-lab.rs`,
//! the maintainers') parse the command line and hand each command to a file of
//! `src/cli/`.
//!
//! - [`engine`]: pure Othello, no I/O and no content. `square`, `board` (bitboards,
//!   `play` and `play_unchecked`), `game`, `notation` (transcripts, OBF, GGF,
//!   `parse_any`), `features` (mobility, frontier, stable discs, wedges, regions…),
//!   `eval` (the named-feature evaluator and its breakdown), `search` (PVS),
//!   `endgame` (the exact solver), `analysis` (every move's value), `players` (levels
//!   and the flawed strategies; `choose_move`), `book` (the opening book: lookup by
//!   position, its checked file format), `perft`, `tune`.
//! - [`tutor`]: teaching on top of the engine, no terminal code. `explain` (why a
//!   move is good or bad), `feedback` (grades), `lesson/` (format, model, checks,
//!   answers, play-out proofs, stars), `puzzle/` (format, model, proofs, themes,
//!   miner), `course` (what follows a lesson), `content` (the one loader of
//!   `lessons/` and `puzzles/`, and the content check), `openings/` (named openings
//!   recognised by position, the XOT list, the opening trainer), `practice` (a game
//!   with undo and grades), `leitner` (the queue of what comes back for another try),
//!   `puzzle_progress` (the puzzle training state) and `rating` (Glicko-2), `progress` and
//!   `saved_games` (the learner's files), `files` (atomic writes, reading a game from
//!   text or a file).
//! - [`ui`]: cursive only. `app` (theme, menu, the one place that opens screens),
//!   `nav` (the routes screens ask for), `shell` (state every screen shares),
//!   `engine` (the shared searcher), `worker` (the one way to run engine work off the
//!   UI thread), `board_view`,
//!   `wrap_text`, `size_guard`, `text_dialog`, and one file or folder per screen:
//!   `lesson/`, `puzzles`, `practice/`, `analyze`, `progress`, `potential/`, `help`.
//! - [`potential`]: the rules, move generation and AI of the second game.
//!
//! Where new things go: a lesson is a TOML file in `lessons/` and a puzzle set one in
//! `puzzles/` (no Rust change; `check-content` proves them); a screen is a file or
//! folder in `src/ui/` with a [`ui::nav::Route`] and one arm in `ui::app`; a player
//! is a `Strategy` in `engine::players`; an evaluator lives in `src/engine/` beside
//! `eval` and is chosen by the search; a subcommand is a file in `src/cli/`.

#![warn(missing_docs)]

pub mod engine;
pub mod potential;
pub mod tutor;
pub mod ui;
