//! The explanation the miner writes into a puzzle's `why`.

use crate::engine::SquareSet;
use crate::tutor::explain::{describe_sentences, drawback_clause, move_facts, plural};
use crate::tutor::puzzle::{Goal, Proof, Puzzle};

fn list(set: SquareSet) -> String {
    set.into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The explanation the miner writes for a puzzle: why the answer is right, from the
/// proof's values, then the first sentence of the answer's description. When that
/// sentence names a drawback (a C-square, a corner given, more moves for the
/// opponent, …), the text opens with it and says why the move is right all the same.
pub fn why_text(c: &Puzzle) -> String {
    let st = &c.steps[0];
    let key = st.answer;
    let v = c.value;
    let next = v - c.margin;
    let one = st.accepted.len() == 1;
    // The verb agrees with one answer or two.
    let verb = |single: &str, plural: &str| if one { single } else { plural }.to_string();
    let others = if next == 0 {
        "every other move at best draws".to_string()
    } else if next < 0 {
        format!("every other move loses (at best {next:+})")
    } else {
        format!("every other move wins by {next} at most")
    };
    let text = match (c.goal, c.proof) {
        (_, Proof::Search { depth }) => format!(
            "At depths {}, {} and {depth}, {key} is at least {} better than any other move ({v:+}).",
            depth.saturating_sub(4),
            depth.saturating_sub(2),
            discs(c.margin)
        ),
        (Goal::Win, _) => format!(
            "{} {} ({v:+} with best play); {others}.",
            list(st.accepted),
            verb("wins", "win"),
        ),
        (Goal::Line, _) => {
            let finds: Vec<String> = c.steps.iter().map(|s| s.answer.to_string()).collect();
            format!(
                "{}: each time the only move that keeps {v:+} against the best defence (the next best first move gets {next:+}).",
                finds.join(", then ")
            )
        }
        (Goal::Best, _) => {
            let who = if one {
                format!("{key} is the only move that")
            } else {
                format!("{} are the only moves that", list(st.accepted))
            };
            if v == 0 {
                format!("{who} {} the draw; {others}.", verb("saves", "save"))
            } else if v > 0 {
                format!(
                    "{who} {} by {v}; every other move scores at least {} less.",
                    verb("wins", "win"),
                    discs(c.margin)
                )
            } else {
                format!(
                    "{who} {} the loss to {}; every other move loses at least {} more.",
                    verb("limits", "limit"),
                    -v,
                    discs(c.margin)
                )
            }
        }
    };
    let Some(f) = move_facts(&st.position, key) else {
        return text;
    };
    let Some(first) = describe_sentences(&f).into_iter().next() else {
        return text;
    };
    match drawback_clause(&f, &first) {
        Some(clause) => format!("{clause}, but {key} is still the right move: {text}"),
        None => format!("{text} {}", first.text),
    }
}

/// "1 disc", "3 discs".
fn discs(n: i32) -> String {
    plural(n.max(0) as u32, "disc", "discs")
}
