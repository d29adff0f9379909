//! Bringing a puzzle set up to the current rules (`othello-lab refresh-puzzles`):
//! the themes recomputed from the engine's facts, the goal `least-loss` for lost
//! positions, the explanation rewritten, and the puzzles whose answer does not matter
//! (or that are lines in lost positions) left out, each with its reason; with
//! `--revalue`, the searched puzzles' values measured again by the engine of this
//! build ([`revalue`], after the evaluation changed).

use super::why_text;
use crate::engine::Square;
use crate::engine::notation::parse_obf;
use crate::engine::pool::{self, PoolError};
use crate::engine::search::Searcher;
use crate::tutor::puzzle::{
    Disproof, Goal, Proof, Puzzle, PuzzleProblem, RawPuzzle, answer_matters, proof_searcher,
    prove_puzzle, themes_of,
};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What refreshing one set did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refreshed {
    /// The set's title.
    pub title: Option<String>,
    /// The puzzles kept, checked under the current rules.
    pub kept: Vec<Puzzle>,
    /// The puzzles left out: id and reason.
    pub dropped: Vec<(String, String)>,
}

#[derive(serde::Deserialize)]
struct RawSet {
    title: Option<String>,
    #[serde(default)]
    puzzle: Vec<RawPuzzle>,
}

/// Refreshes the set `text` (read from `file`); an error names the place when the
/// file is not a puzzle set at all.
pub fn refresh_set(file: &str, text: &str) -> Result<Refreshed, String> {
    let set: RawSet = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
    let mut out = Refreshed {
        title: set.title,
        ..Refreshed::default()
    };
    for mut raw in set.puzzle {
        let id = raw.id.clone();
        let drop = |out: &mut Refreshed, why: String| out.dropped.push((id.clone(), why));
        let Ok(position) = parse_obf(&raw.position).map(|r| r.position) else {
            drop(&mut out, "bad position".into());
            continue;
        };
        let key = match raw.solution.first().map(|m| Square::parse(m)) {
            Some(Ok(sq)) => sq,
            _ => {
                drop(&mut out, "no first move".into());
                continue;
            }
        };
        let proof = match raw.depth {
            Some(depth) => Proof::Search { depth },
            None => Proof::Exact,
        };
        if raw.value < 0 {
            match Goal::parse(&raw.goal) {
                Some(Goal::Best) => raw.goal = Goal::LeastLoss.name().into(),
                Some(Goal::Line) => {
                    drop(
                        &mut out,
                        format!("a line in a lost position ({:+})", raw.value),
                    );
                    continue;
                }
                _ => {}
            }
        }
        if !answer_matters(raw.value, raw.margin) {
            drop(
                &mut out,
                format!(
                    "the answer ({:+}) is only {} better and changes no result",
                    raw.value, raw.margin
                ),
            );
            continue;
        }
        raw.themes = themes_of(&position, key, raw.value, proof)
            .iter()
            .map(|t| t.name().to_string())
            .collect();
        match raw.check(file) {
            Ok(mut p) => {
                p.why = why_text(&p);
                out.kept.push(p);
            }
            Err(errors) => {
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                drop(&mut out, first);
            }
        }
    }
    Ok(out)
}

/// Values the searched puzzles kept in `set` again, on `threads` threads (each puzzle
/// on a fresh [`proof_searcher`], so a value does not depend on the thread or the
/// order; after the evaluation changed, a depth-16 value moves by a few discs): a
/// puzzle whose only disproof is its value takes the search's value (its goal,
/// themes and explanation follow it, and it is proved again); one whose answer or
/// lead no longer holds, or whose answer no longer matters, is left out with the
/// reason. Exact puzzles are left as they are (the solver does not depend on the
/// evaluation). `progress` hears (done, total) after each searched puzzle, from the
/// thread that searched it.
pub fn revalue(
    set: &mut Refreshed,
    threads: usize,
    progress: impl Fn(usize, usize) + Sync + Send,
) -> Result<(), PoolError> {
    let searched = |p: &Puzzle| matches!(p.proof, Proof::Search { .. });
    let total = set.kept.iter().filter(|p| searched(p)).count();
    let done = AtomicUsize::new(0);
    let results = pool::map(threads, &set.kept, |_, p| {
        // `None`: an exact puzzle, kept as it is.
        if !searched(p) {
            return None;
        }
        let mut p = p.clone();
        let result = revalue_one(&mut p, &mut proof_searcher()).map(|()| p);
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        Some(result)
    })?;
    let mut kept = Vec::with_capacity(set.kept.len());
    for (p, result) in std::mem::take(&mut set.kept).into_iter().zip(results) {
        match result {
            None => kept.push(p),
            Some(Ok(revalued)) => kept.push(revalued),
            Some(Err(why)) => set.dropped.push((p.id.clone(), why)),
        }
    }
    set.kept = kept;
    Ok(())
}

/// One searched puzzle: proved, given the search's value where only the value was
/// disproved, proved again.
fn revalue_one(p: &mut Puzzle, searcher: &mut Searcher) -> Result<(), String> {
    let errors = prove_puzzle(p, searcher);
    if errors.is_empty() {
        return Ok(());
    }
    let mut value = None;
    for e in &errors {
        match e.problem {
            PuzzleProblem::Disproved(Disproof::SearchValue { value: v, .. }) => value = Some(v),
            _ => return Err(e.to_string()),
        }
    }
    let Some(value) = value else {
        return Err(errors[0].to_string());
    };
    if value < 0 {
        match p.goal {
            Goal::Best => p.goal = Goal::LeastLoss,
            Goal::Line => return Err(format!("a line in a lost position ({value:+})")),
            _ => {}
        }
    }
    if !answer_matters(value, p.margin) {
        return Err(format!(
            "the answer ({value:+}) is only {} better and changes no result",
            p.margin
        ));
    }
    p.value = value;
    p.themes = themes_of(&p.position, p.steps[0].answer, value, p.proof);
    p.why = why_text(p);
    match prove_puzzle(p, searcher).first() {
        None => Ok(()),
        Some(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first searched puzzle of the shipped midgame set, as refreshing reads it.
    fn midgame_set() -> Refreshed {
        let text = include_str!("../../../../puzzles/mined-midgame.toml");
        let mut set = refresh_set("puzzles/mined-midgame.toml", text).expect("the shipped set");
        set.kept.truncate(1);
        assert!(matches!(set.kept[0].proof, Proof::Search { .. }));
        set
    }

    #[test]
    fn a_moved_value_is_searched_again_and_a_lost_lead_leaves_the_puzzle_out() {
        let mut searcher = crate::tutor::puzzle::proof_searcher();
        let right = midgame_set();
        // Six discs off: the value is rewritten (to within the proof's tolerance of
        // the file's) and the puzzle kept, its explanation naming the new value.
        let mut off = right.clone();
        off.kept[0].value += 6;
        let mut heard = Vec::new();
        let heard_at = std::sync::Mutex::new(&mut heard);
        revalue(&mut off, 2, |done, total| {
            heard_at.lock().expect("not poisoned").push((done, total))
        })
        .expect("no panic");
        assert_eq!(heard, [(1, 1)]);
        assert_eq!(off.kept.len(), 1, "{:?}", off.dropped);
        let (was, now) = (right.kept[0].value, off.kept[0].value);
        assert!(
            (now - was).abs() <= crate::tutor::puzzle::SEARCH_VALUE_TOLERANCE,
            "{was} {now}"
        );
        assert!(prove_puzzle(&off.kept[0], &mut searcher).is_empty());
        // An answer the search does not choose: left out, with the reason.
        let mut wrong = right.clone();
        let answer = right.kept[0].steps[0].answer;
        let other = right.kept[0].steps[0]
            .position
            .board
            .legal_moves()
            .into_iter()
            .find(|&sq| sq != answer)
            .expect("another move");
        wrong.kept[0].steps[0].accepted = crate::engine::SquareSet(other.bit());
        revalue(&mut wrong, 2, |_, _| {}).expect("no panic");
        assert!(wrong.kept.is_empty());
        assert_eq!(wrong.dropped.len(), 1);
        assert_eq!(wrong.dropped[0].0, right.kept[0].id);
        let why = &wrong.dropped[0].1;
        assert!(why.contains(&answer.to_string()), "{why}");
    }
}
