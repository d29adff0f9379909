//! Every integration test of the crate, one module per file beside this one, in one
//! test binary: it builds and links once (as 67 binaries the tests took about 1.5
//! times as long to build), and all its tests share the cores.
//! `cargo test --profile tests --test integration MODULE::` runs one file's tests.

mod common;
#[allow(dead_code)]
#[path = "common/fuzz.rs"]
mod common_fuzz;
#[path = "common/lessons.rs"]
mod common_lessons;
#[allow(dead_code)]
#[path = "common/positions.rs"]
mod common_positions;
#[path = "common/potential.rs"]
mod common_potential;
#[path = "common/puzzles.rs"]
mod common_puzzles;
#[path = "common/refutation.rs"]
mod common_refutation;
#[path = "common/theme_counts.rs"]
mod common_theme_counts;

mod analysis_board;
mod cli;
mod cli_analysis;
mod coach_plan;
mod coach_profile;
mod coach_ui;
mod data_dir_lock;
mod drill_screen;
mod editor;
mod editor_screen;
mod editor_ui;
mod endgame;
mod explain;
mod features;
mod footer_keys_ui;
mod fuzz;
mod game_review;
mod grading;
mod help_ui;
mod lesson_content;
mod lesson_screen;
mod lessons;
mod level_ratings;
mod library;
mod library_screen;
mod library_ui;
mod list_screens;
mod mistakes;
mod mistakes_ui;
mod module_cycles;
mod nboard;
mod notation;
mod opening_cli;
mod opening_screen;
mod opening_trainer;
mod openings;
mod openings_ui;
mod potential;
mod potential_play;
mod potential_screen;
mod potential_ui;
mod practice_keys_ui;
mod practice_screen;
mod progress;
mod properties;
mod puzzle_judging;
mod puzzle_modes;
mod puzzle_screen;
mod puzzles;
mod rating;
mod readme;
mod refutation;
mod refutation_screens;
mod review_screen;
mod review_ui;
mod rules;
mod run_screen;
mod search;
mod stated_facts;
mod strength;
mod theme_explanations;
mod themes;
mod ui;
mod ui_layering;
mod ui_regressions;
mod verdict_ui;
mod wthor;
