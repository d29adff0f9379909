//! The interface holds no game decision: no file under `src/ui/` calls the engine
//! (a solver, a search, a computer player, the analysis) except the one worker that
//! runs the models' engine work, and none plays a move on a board or a position
//! itself, Othello or Potential (the second game). A line is read without its
//! comment.

use std::path::{Path, PathBuf};

/// What no interface file may call, with why.
const ENGINE_CALLS: &[(&str, &str)] = &[
    ("Solver::new", "a solver"),
    (".solve(", "a solve"),
    ("Searcher::new", "a searcher"),
    (".search(", "a search"),
    ("choose_move", "a computer move"),
    ("analyze_position", "an analysis"),
    ("analyze_position", "an analysis"),
    ("is_near_miss", "a near-miss solve"),
    ("judge_exactly", "an exact judgement"),
    ("Player::new", "a Potential computer player"),
    (".choose(&", "a Potential computer move"),
];

/// What no interface file may do to an Othello board or position.
const BOARD_MUTATIONS: &[(&str, &str)] = &[
    ("play_unchecked", "plays a move"),
    (".play(Move", "plays a move"),
    (".play(sq", "plays a move"),
    (".pass()", "plays a pass"),
    (".undo()", "takes a move back"),
    (".redo()", "replays a move"),
    (".play(mv", "plays a move"),
    ("PotentialMove::", "makes a Potential move"),
    ("targets_of(", "works out a piece's legal moves"),
];

/// The one file allowed to make the searcher the engine work runs on (the shared
/// engine; `worker.rs` runs the jobs on it).
const WORKER: &str = "src/ui/engine.rs";

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_interface_makes_no_game_decision() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(&root.join("src/ui"), &mut all);
    assert!(all.len() > 20, "the interface's files were found");
    let mut found = Vec::new();
    for path in &all {
        let name = path
            .strip_prefix(root)
            .expect("inside the crate")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (pattern, what) in ENGINE_CALLS {
                if code.contains(pattern) && !(name == WORKER && *pattern == "Searcher::new") {
                    found.push(format!("{name}:{}: {what} ({pattern})", n + 1));
                }
            }
            for (pattern, what) in BOARD_MUTATIONS {
                if code.contains(pattern) {
                    found.push(format!("{name}:{}: {what} ({pattern})", n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "game decisions in the interface:\n{}",
        found.join("\n")
    );
}

/// The check would see a call if there were one (it does not pass by reading nothing).
#[test]
fn the_check_sees_a_call() {
    let line = "    let s = solver.solve(&pos.board)?; // the exact score";
    let code = line.split("//").next().unwrap_or("");
    assert!(ENGINE_CALLS.iter().any(|(p, _)| code.contains(p)));
    let line = "let next = pos.play_unchecked(sq);";
    assert!(BOARD_MUTATIONS.iter().any(|(p, _)| line.contains(p)));
}

/// The check would see the Potential screen deciding its game, as it once did (these
/// lines are from its old files).
#[test]
fn the_check_sees_the_potential_game_played_in_the_interface() {
    let mutations = [
        "        match st.game.play(mv) {",
        "            return self.try_play(PotentialMove::Place(here));",
        "                        let targets = pos.targets_of(here);",
        "        while self.game.undo() {",
    ];
    for line in mutations {
        assert!(
            BOARD_MUTATIONS.iter().any(|(p, _)| line.contains(p)),
            "{line}"
        );
    }
    let calls = [
        "            let mut player = Player::new(level, limits, seed);",
        "            player.choose(&position, Some(flag.as_ref()))",
    ];
    for line in calls {
        assert!(ENGINE_CALLS.iter().any(|(p, _)| line.contains(p)), "{line}");
    }
}
