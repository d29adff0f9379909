//! `othello-lab mine-puzzles --dir DIR`: the puzzle miner as a long job. Each game
//! of the seed is mined on its own (`tutor::miner::mine_game`) by as many threads as
//! asked, and its puzzles go to `DIR/games/gNNNNNN.toml`, written atomically, so a run
//! stopped at any moment goes on where it stopped and gives the same files.
//! `--collect OUT` then brings every game's puzzles under the current rules
//! (`refresh_set`), keeps each position once, caps `least-loss` at 5%, and writes the
//! sets to `OUT`.
//!
//! # The miner's rules and figures
//!
//! **Mining.** `mine-puzzles --dir DIR --games N --seed S` plays game after game of the
//! seed (each with its own random stream, so threads and restarts change nothing),
//! examines positions of up to 24 empties exactly (beyond 20 empties only those where
//! a depth-10 search sees one move 3 discs ahead) and up to 12 positions of 25–36
//! empties: a depth-10 look at every move, then, where one move leads by 7 discs or
//! more, the proof's searches at depths 14 and 16, each a search of the position and
//! null-window tests that every other move trails by the margin and one disc of slack
//! (`tutor::puzzle::searched_lead`; valuing every move at depth 16 took 1–2 minutes a
//! position, the tests take seconds). It writes each game's proved puzzles to
//! `DIR/games/gNNNNNN.toml` atomically, up to six a game, at least three plies apart,
//! preferring positions with more than 20 empties. On this machine a game takes about
//! 40 s of one core and gives three to four puzzles, one of them with more than 20
//! empties.
//! `--collect` then brings them under the current rules, keeps each position once, and
//! writes `mined-endgame.toml`, `mined-lines.toml` and `mined-midgame.toml`. The working
//! folder is not kept in the repository; on a new machine `mine-puzzles --dir DIR --seed
//! 2027 --restore puzzles --games N` first writes the games the shipped sets already
//! hold back into DIR (each puzzle's id is `m<seed>-<game>-<empties>`), then mines on
//! after them, and `--collect` gives back the shipped sets plus the new games.
//!

use super::UserError;
use super::train::parallel;
use othello_tutor::tutor::files::write_atomic;
use othello_tutor::tutor::miner::{
    MineConfig, MinerSearchers, mine_game, position_key, refresh_set,
};
use othello_tutor::tutor::puzzle::{Goal, Proof, Puzzle, to_toml};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A set file of the collection: its name, its title and which puzzles go in it.
type Group = (&'static str, &'static str, fn(&Puzzle) -> bool);

fn game_file(dir: &Path, game_no: usize) -> PathBuf {
    dir.join("games").join(format!("g{game_no:06}.toml"))
}

/// `mine-puzzles`: without `--dir`, mines a set to `--out` (or standard output);
/// with `--dir`, after `--restore`, collects (`--collect`) or mines the long job.
pub fn dispatch(m: super::args::MineArgs) -> Result<(), UserError> {
    let config = MineConfig {
        count: m.count,
        seed: m.seed,
        exact_empties: m.exact_empties,
        mid_tries: m.mid_tries,
        ..Default::default()
    };
    let Some(dir) = &m.dir else {
        return super::content::mine(config, m.out.as_deref());
    };
    if m.out.is_some() && !m.collect {
        return Err(UserError(
            "--out goes with --collect when mining into --dir (the games go to DIR/games)".into(),
        ));
    }
    if let Some(from) = &m.restore {
        restore(dir, from, m.seed)?;
    }
    if m.collect {
        let out = m.out.unwrap_or_else(|| PathBuf::from("puzzles"));
        return collect(dir, &out);
    }
    let threads = m
        .threads
        .map_or_else(othello_tutor::engine::analysis::default_threads, |t| {
            t as usize
        });
    run(&config, dir, m.games.unwrap_or(2000), threads)
}

/// Mines games `1..=games` of `config.seed` into `dir` on `threads` threads, skipping
/// the games already written.
pub fn run(config: &MineConfig, dir: &Path, games: usize, threads: usize) -> Result<(), UserError> {
    let io = |p: &Path, e: std::io::Error| UserError(format!("{}: {e}", p.display()));
    let games_dir = dir.join("games");
    std::fs::create_dir_all(&games_dir).map_err(|e| io(&games_dir, e))?;
    let todo: Vec<usize> = (1..=games)
        .filter(|&g| !game_file(dir, g).exists())
        .collect();
    eprintln!(
        "mining games 1 to {games} of seed {} into {}: {} already done, {} to go",
        config.seed,
        dir.display(),
        games - todo.len(),
        todo.len()
    );
    parallel("games", todo.len(), threads, |i| {
        let game_no = todo[i];
        // Fresh searchers a game: the proofs inside share the threads (a thread
        // waiting for them may mine another game meanwhile).
        let mut searchers = MinerSearchers::new(Arc::new(AtomicBool::new(false)));
        let finds = mine_game(config, game_no, &mut searchers);
        let Some(finds) = finds else {
            return Err(UserError(format!("game {game_no}: stopped")));
        };
        let mut text = format!(
            "# game {game_no}: {} candidates ({} midgame), {} kept\n",
            finds.candidates,
            finds.midgame,
            finds.puzzles.len()
        );
        text.push_str(&to_toml(None, &finds.puzzles));
        let path = game_file(dir, game_no);
        write_atomic(&path, text.as_bytes()).map_err(|e| UserError(e.to_string()))
    })
    .map(|_| ())
}

/// Collects the mined games of `dir` into set files in `out`: `mined-endgame.toml`
/// (exact, one step), `mined-lines.toml` (exact lines) and `mined-midgame.toml`
/// (searched); each position once, `least-loss` at most 5% of the whole.
pub fn collect(dir: &Path, out: &Path) -> Result<(), UserError> {
    let io = |p: &Path, e: std::io::Error| UserError(format!("{}: {e}", p.display()));
    let games_dir = dir.join("games");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&games_dir)
        .map_err(|e| io(&games_dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut all: Vec<Puzzle> = Vec::new();
    let mut seen = BTreeSet::new();
    let mut dropped = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).map_err(|e| io(path, e))?;
        let set = refresh_set(&path.display().to_string(), &text).map_err(UserError)?;
        dropped += set.dropped.len();
        for p in set.kept {
            if seen.insert(position_key(&p.position)) {
                all.push(p);
            }
        }
    }
    let cap = all.len() * 5 / 100;
    let mut least = 0;
    all.retain(|p| {
        if p.goal != Goal::LeastLoss {
            return true;
        }
        least += 1;
        least <= cap
    });
    std::fs::create_dir_all(out).map_err(|e| io(out, e))?;
    let groups: [Group; 3] = [
        (
            "mined-endgame.toml",
            "Endgames: find the move that matters",
            |p| p.proof == Proof::Exact && p.goal != Goal::Line,
        ),
        (
            "mined-lines.toml",
            "Endgame lines: keep finding the best move",
            |p| p.goal == Goal::Line,
        ),
        (
            "mined-midgame.toml",
            "Midgame: the clearly best move",
            |p| p.proof != Proof::Exact,
        ),
    ];
    for (name, title, pick) in groups {
        let mut set: Vec<Puzzle> = all.iter().filter(|p| pick(p)).cloned().collect();
        set.sort_by(|a, b| a.rating.cmp(&b.rating).then(a.id.cmp(&b.id)));
        let path = out.join(name);
        write_atomic(&path, to_toml(Some(title), &set).as_bytes())
            .map_err(|e| UserError(e.to_string()))?;
        super::outln!("{}: {} puzzles", path.display(), set.len());
    }
    eprintln!(
        "{} games, {} puzzles kept, {dropped} left out by the current rules",
        files.len(),
        all.len()
    );
    Ok(())
}

/// Writes the games of seed `seed` that the sets in `from` already hold (puzzle ids
/// `m<seed>-<game>-<empties>`) back into `dir` as game files, one for every game up
/// to the highest found (a game whose puzzles were all left out gets an empty file),
/// so that mining goes on after them on a machine without the old working folder.
/// Files already in `dir` are kept. Returns the number of files written.
pub fn restore(dir: &Path, from: &Path, seed: u64) -> Result<usize, UserError> {
    use othello_tutor::tutor::puzzle::parse_set;
    use std::collections::BTreeMap;
    let io = |p: &Path, e: std::io::Error| UserError(format!("{}: {e}", p.display()));
    let prefix = format!("m{seed}-");
    let mut games: BTreeMap<usize, Vec<Puzzle>> = BTreeMap::new();
    for name in [
        "mined-endgame.toml",
        "mined-lines.toml",
        "mined-midgame.toml",
    ] {
        let path = from.join(name);
        if !path.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        let (puzzles, errors) = parse_set(&path.display().to_string(), &text);
        if let Some(e) = errors.first() {
            return Err(UserError(e.to_string()));
        }
        for p in puzzles {
            let game =
                p.id.strip_prefix(&prefix)
                    .and_then(|rest| rest.split('-').next())
                    .and_then(|g| g.parse::<usize>().ok());
            if let Some(g) = game.filter(|&g| g > 0) {
                games.entry(g).or_default().push(p);
            }
        }
    }
    let last = games.keys().next_back().copied().unwrap_or(0);
    let games_dir = dir.join("games");
    std::fs::create_dir_all(&games_dir).map_err(|e| io(&games_dir, e))?;
    let mut written = 0;
    for g in 1..=last {
        let path = game_file(dir, g);
        if path.exists() {
            continue;
        }
        let puzzles = games.remove(&g).unwrap_or_default();
        let mut text = format!(
            "# game {g}: restored from {} ({} puzzles)\n",
            from.display(),
            puzzles.len()
        );
        text.push_str(&to_toml(None, &puzzles));
        write_atomic(&path, text.as_bytes()).map_err(|e| UserError(e.to_string()))?;
        written += 1;
    }
    eprintln!(
        "restored games 1 to {last} of seed {seed} from {} into {}: {written} files written",
        from.display(),
        dir.display()
    );
    Ok(written)
}
