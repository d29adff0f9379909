//! The explanation the miner writes into a puzzle's `why`: the idea in the lessons'
//! words, the facts on the board that make the move right, and the result. No search
//! depth appears in it.

use crate::engine::bits::CORNERS;
use crate::engine::{Move, Square, SquareSet};
use crate::tutor::explain::{MoveFacts, describe_sentences, drawback_clause, move_facts, plural};
use crate::tutor::puzzle::themes::frontier_after;
use crate::tutor::puzzle::{Goal, Proof, Puzzle, Theme};
use crate::tutor::values::{at_least_text, rounded, search_basis};

/// "a1", "a1 and h8", "a1, h1 and h8".
fn join(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// What becomes of the corners the key move offers, along the solution line: the
/// opponent leaves them alone, or takes them while the learner takes others, or
/// takes them and the key is still the best move.
fn offered_corners(p: &Puzzle, f: &MoveFacts) -> String {
    let them = f.mover.opposite();
    let (mut theirs, mut mine) = (Vec::new(), Vec::new());
    let mut pos = Some(p.position);
    for (i, m) in p.solution.iter().enumerate() {
        pos = pos.and_then(|q| q.play(*m).ok());
        if let Move::Place(s) = *m {
            if i % 2 == 1 && f.corners_given.contains(&s) {
                theirs.push(s);
            } else if i % 2 == 0 && s.bit() & CORNERS != 0 {
                mine.push(s);
            }
        }
    }
    let offered = join(&f.corners_given);
    if theirs.is_empty() {
        if pos.is_some_and(|q| q.is_game_over()) {
            format!("{them} could take {offered} at once, but with best play never does")
        } else {
            format!("{them} could take {offered} at once, but does not in the best line")
        }
    } else if mine.is_empty() {
        format!(
            "with best play {them} takes {}, yet every other move does worse",
            join(&theirs)
        )
    } else {
        format!(
            "with best play {them} takes {}, but you take {}",
            join(&theirs),
            join(&mine)
        )
    }
}

fn list(set: SquareSet) -> String {
    join(&set.into_iter().collect::<Vec<_>>())
}

/// The idea of the puzzle's leading theme, in the lessons' words, with the facts of
/// the key move; `None` when no theme beyond the exact endgame applies.
fn idea(p: &Puzzle, f: &MoveFacts) -> Option<String> {
    let key = f.square;
    let them = f.mover.opposite();
    let has = |t: Theme| p.has_theme(t);
    let corner_word = |f: &MoveFacts| {
        if f.corners_given.is_empty() {
            format!("{them} gets no corner from it")
        } else {
            offered_corners(p, f)
        }
    };
    if has(Theme::WipeOut) {
        return Some(format!(
            "Go for the wipe-out: after {key}, with best play {them} is left with no disc at all."
        ));
    }
    if let Some(c) = f.takes_corner {
        let stable = f.stable_after.saturating_sub(f.stable_before);
        return Some(format!(
            "Take the corner: a disc on {c} can never be flipped{}.",
            if stable > 1 {
                format!(", and {stable} of yours become stable with it")
            } else {
                String::new()
            }
        ));
    }
    if has(Theme::Corner) {
        return Some(format!(
            "Set up the corner: after {key} every answer {them} has leaves you a corner move."
        ));
    }
    if let Some(c) = f.x_square_of {
        return Some(format!(
            "{key} is an X-square next to the empty {c} corner, the square the lessons warn against because it can hand the corner over, but {key} is still the right move: {}.",
            corner_word(f)
        ));
    }
    if let Some(c) = f.c_square_of {
        return Some(format!(
            "{key} is a C-square next to the empty {c} corner, risky unless the edge is safe, but {key} is still the right move: {}.",
            corner_word(f)
        ));
    }
    if has(Theme::Tempo) {
        return Some(format!(
            "Gain a tempo: after {key} {them} has no move and must pass, so you move twice in a row."
        ));
    }
    if has(Theme::Wedge) {
        return Some(format!(
            "A wedge: {key} sits on the edge between two {} discs, so it cannot be flanked along the edge.",
            them.name().to_lowercase()
        ));
    }
    if has(Theme::StableDiscs) {
        return Some(format!(
            "Build stable discs: {key} makes {} more of your discs permanent, {} in all.",
            f.stable_after.saturating_sub(f.stable_before),
            f.stable_after
        ));
    }
    if has(Theme::Mobility) {
        return Some(format!(
            "Take away moves: after {key} {them} has only {}, at least two fewer than after any other move.",
            plural(f.their_moves_after, "move", "moves")
        ));
    }
    if has(Theme::QuietMove) {
        return Some(format!(
            "A quiet move: none of the discs {key} flips touches an empty square, so they add nothing to your frontier, and {them} is left with {}.",
            plural(f.their_moves_after, "move", "moves")
        ));
    }
    if has(Theme::Frontier) {
        let n = frontier_after(&p.steps[0].position, key);
        return Some(format!(
            "Keep your frontier small: after {key} only {n} of your discs {} an empty square, at least two fewer than after any other move.",
            if n == 1 { "touches" } else { "touch" }
        ));
    }
    if has(Theme::Parity) {
        return Some(format!(
            "Mind the parity: {key} plays into a region of {}, an odd one; moving first in the odd regions lets you keep the last move in each.",
            plural(f.region_size, "empty square", "empty squares")
        ));
    }
    if has(Theme::Edge) {
        let left = plural(f.their_moves_after, "move", "moves");
        if f.corners_given.is_empty() {
            return Some(format!(
                "An edge move at the right time: {key} is on the edge, {them} gets no corner from it, and {them} is left with {left}."
            ));
        }
        return Some(format!(
            "An edge move at the right time: {key} is on the edge and {them} is left with {left}; {}.",
            corner_word(f)
        ));
    }
    None
}

/// The result in plain words: what the answer keeps and what the others get.
fn result(p: &Puzzle) -> String {
    let st = &p.steps[0];
    let key = st.answer;
    let v = p.value;
    let next = v - p.margin;
    let one = st.accepted.len() == 1;
    let verb = |single: &str, many: &str| if one { single } else { many }.to_string();
    let who = if one {
        key.to_string()
    } else {
        list(st.accepted)
    };
    let others = if next == 0 {
        "every other move at best draws".to_string()
    } else if next < 0 {
        format!("every other move loses (at best {next:+})")
    } else {
        format!("every other move wins by {next} at most")
    };
    match (p.goal, p.proof) {
        (Goal::LeastLoss, Proof::Exact) => format!(
            "Every move loses, but {who} {} by only {} with best play; every other move loses by {} or more.",
            verb("loses", "lose"),
            -v,
            -next
        ),
        (Goal::LeastLoss, Proof::Search { .. }) => format!(
            "Every move loses by {}, but {who} {} the least (about {:+}); every other move is {} worse.",
            search_basis(),
            verb("loses", "lose"),
            rounded(v),
            at_least_text(p.margin)
        ),
        (_, Proof::Search { .. }) => format!(
            "{} puts {who} at about {:+} and every other move {} lower.",
            capitalised(&search_basis()),
            rounded(v),
            at_least_text(p.margin)
        ),
        (Goal::Win, _) => format!(
            "{who} {} with best play ({v:+}); {others}.",
            verb("wins", "win"),
        ),
        (Goal::Line, _) => {
            let finds: Vec<String> = p.steps.iter().map(|s| s.answer.to_string()).collect();
            format!(
                "{}: each time the only move that keeps {v:+} against the best defence (the next best first move gets {next:+}).",
                finds.join(", then ")
            )
        }
        (_, _) if v == 0 => format!(
            "{who} {} the draw with best play; {others}.",
            verb("saves", "save")
        ),
        (_, _) => format!(
            "{who} {} by {v} with best play; every other move scores at least {} less.",
            verb("wins", "win"),
            discs(p.margin)
        ),
    }
}

/// The explanation the miner writes for a puzzle: the idea (the leading theme in the
/// lessons' words, with the facts of the board), then the result. When the answer
/// looks bad at first (an X- or C-square, a corner offered, more moves for the
/// opponent) and no idea covers it, the text opens with that drawback and says why
/// the move is right all the same.
pub fn why_text(p: &Puzzle) -> String {
    let st = &p.steps[0];
    let key = st.answer;
    let res = result(p);
    let Some(f) = move_facts(&st.position, key) else {
        return res;
    };
    if let Some(idea) = idea(p, &f) {
        return format!("{idea} {res}");
    }
    let first = describe_sentences(&f).into_iter().next();
    match first {
        Some(s) => match drawback_clause(&f, &s) {
            Some(clause) => format!("{clause}, but {key} is still the right move. {res}"),
            None if key.bit() & CORNERS == 0 => format!("{res} {}", s.text),
            None => res,
        },
        None => res,
    }
}

/// The text with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "1 disc", "3 discs".
fn discs(n: i32) -> String {
    plural(n.max(0) as u32, "disc", "discs")
}
