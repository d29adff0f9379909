//! The README's settings table says what `tutor::settings` holds.

use othello_tutor::tutor::settings;

/// The (depth, exact) pair of the README table's row that starts with `row`.
fn row(readme: &str, row: &str) -> (u32, u32) {
    let line = readme
        .lines()
        .find(|l| l.starts_with(&format!("| {row} |")))
        .unwrap_or_else(|| panic!("the README has a row for {row}"));
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    let depth = cells[2].parse().expect("a depth");
    let exact = cells[3]
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .expect("an exact threshold");
    (depth, exact)
}

#[test]
fn the_settings_table_matches_the_code() {
    let readme = include_str!("../README.md");
    assert_eq!(
        row(readme, "practice grades and the game review"),
        (settings::FEEDBACK_DEPTH, settings::FEEDBACK_EXACT_EMPTIES)
    );
    assert_eq!(
        row(readme, "hints"),
        (settings::HINT_DEPTH, settings::HINT_EXACT_EMPTIES)
    );
    assert_eq!(
        row(readme, "the analysis board and `analyze`"),
        (settings::ANALYSIS_DEPTH, settings::ANALYSIS_EXACT_EMPTIES)
    );
}
