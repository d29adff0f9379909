//! What the README states is true: its settings table says what `tutor::settings`
//! holds, and the numbers and commands it quotes are the project's.

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

/// Every file at the top of `tests/` is a module of the one test binary (Cargo finds
/// no other: `autotests = false`), so none is left out unseen; the README quotes
/// their number.
#[test]
fn every_test_file_is_a_module_of_the_test_binary() {
    let readme = include_str!("../README.md");
    let root = include_str!("integration.rs");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the tests folder")
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| name.ends_with(".rs") && name != "integration.rs")
        .collect();
    files.sort();
    // `mod NAME;` is the file `NAME.rs` beside the root; the shared helpers are
    // `common` (a folder) and `common_*` (its files, named by a path).
    let mut listed: Vec<String> = root
        .lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .filter(|name| !name.starts_with("common"))
        .map(|name| format!("{name}.rs"))
        .collect();
    listed.sort();
    assert_eq!(listed, files);
    let quoted: usize = readme
        .split("The ")
        .find_map(|rest| rest.split(" files of `tests/`").next()?.parse().ok())
        .expect("the README quotes the number of test files");
    assert_eq!(quoted, files.len());
}

/// The README's test command is the one `.ci/run` runs, and so are its lints.
#[test]
fn the_readmes_test_command_is_what_ci_runs() {
    let readme = include_str!("../README.md");
    let ci = include_str!("../.ci/run");
    let command = readme
        .lines()
        .find(|l| l.starts_with("cargo test "))
        .and_then(|l| l.split('#').next())
        .map(str::trim)
        .expect("a test command in the README");
    assert!(
        ci.lines().any(|l| l.trim().ends_with(command)),
        "{command} is not in .ci/run"
    );
    assert!(readme.contains("cargo clippy --release --all-targets -- -D warnings"));
    assert!(ci.contains("cargo clippy --release --all-targets -- -D warnings"));
}

/// Both binaries the README names are Cargo targets.
#[test]
fn the_binaries_are_the_two_the_readme_names() {
    let cargo = include_str!("../Cargo.toml");
    for name in ["othello-tutor", "othello-lab"] {
        assert!(cargo.contains(&format!("name = \"{name}\"")), "{name}");
        assert!(include_str!("../README.md").contains(&format!("`{name}`")));
    }
}
