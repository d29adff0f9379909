//! The make-up of a puzzle set: how many puzzles per theme, per lesson concept, per
//! phase (empties bands), per rating band and per goal (`check-content --stats`).

use super::model::{Goal, Proof, Puzzle, Theme};
use std::collections::BTreeMap;

/// The lesson concepts and the themes that count for each (a puzzle counts once per
/// concept even when it has two of its themes).
pub const CONCEPTS: [(&str, &[Theme]); 14] = [
    ("corner", &[Theme::Corner]),
    ("x-square or c-square", &[Theme::XSquare, Theme::CSquare]),
    ("wedge or edge", &[Theme::Wedge, Theme::Edge]),
    ("mobility", &[Theme::Mobility]),
    (
        "quiet-move or frontier",
        &[Theme::QuietMove, Theme::Frontier],
    ),
    ("tempo", &[Theme::Tempo]),
    ("parity", &[Theme::Parity]),
    ("stable-discs", &[Theme::StableDiscs]),
    ("exact-endgame", &[Theme::ExactEndgame]),
    ("unbalanced-edge", &[Theme::UnbalancedEdge]),
    ("stoner-trap", &[Theme::StonerTrap]),
    ("evaporation", &[Theme::Evaporation]),
    ("access", &[Theme::Access]),
    ("sacrifice", &[Theme::Sacrifice]),
];

/// The rating bands of the per-concept table: 400 points wide from 1000, the lowest
/// and highest open-ended.
pub const RATING_BANDS: [(u32, u32); 5] = [
    (0, 1000),
    (1000, 1400),
    (1400, 1800),
    (1800, 2200),
    (2200, u32::MAX),
];

/// The phase bands of the per-concept table, in empties (inclusive): the last
/// moves, the endgame, the late midgame, the midgame.
pub const PHASE_BANDS: [(u32, u32); 4] = [(1, 14), (15, 20), (21, 26), (27, 60)];

/// The counts as lines of text.
pub fn statistics(puzzles: &[Puzzle]) -> String {
    let mut out = format!("{} puzzles\n", puzzles.len());
    let count = |f: &dyn Fn(&Puzzle) -> bool| puzzles.iter().filter(|p| f(p)).count();
    out.push_str("per concept:\n");
    for (name, themes) in CONCEPTS {
        out.push_str(&format!(
            "  {name:<24} {:>5}\n",
            count(&|p| themes.iter().any(|&t| p.has_theme(t)))
        ));
    }
    out.push_str("per concept and rating:");
    for (lo, hi) in RATING_BANDS {
        let label = if hi == u32::MAX {
            format!("{lo}+")
        } else {
            format!("{lo}-{}", hi - 1)
        };
        out.push_str(&format!(" {label:>9}"));
    }
    out.push('\n');
    for (name, themes) in CONCEPTS {
        out.push_str(&format!("  {name:<22}"));
        for (lo, hi) in RATING_BANDS {
            let n =
                count(&|p| themes.iter().any(|&t| p.has_theme(t)) && (lo..hi).contains(&p.rating));
            out.push_str(&format!(" {n:>9}"));
        }
        out.push('\n');
    }
    out.push_str("per concept and phase (empties):");
    for (lo, hi) in PHASE_BANDS {
        out.push_str(&format!(" {:>9}", format!("{lo}-{hi}")));
    }
    out.push('\n');
    for (name, themes) in CONCEPTS {
        out.push_str(&format!("  {name:<22}"));
        for (lo, hi) in PHASE_BANDS {
            let n = count(&|p| {
                themes.iter().any(|&t| p.has_theme(t)) && (lo..=hi).contains(&p.empties())
            });
            out.push_str(&format!(" {n:>9}"));
        }
        out.push('\n');
    }
    out.push_str("per theme:\n");
    for t in Theme::ALL {
        out.push_str(&format!(
            "  {:<24} {:>5}\n",
            t.name(),
            count(&|p| p.has_theme(t))
        ));
    }
    out.push_str("per phase (empties):\n");
    for (lo, hi) in [
        (1, 10),
        (11, 14),
        (15, 18),
        (19, 20),
        (21, 22),
        (23, 26),
        (27, 30),
        (31, 36),
        (37, 60),
    ] {
        out.push_str(&format!(
            "  {lo:>2}-{hi:<2} {:>5}\n",
            count(&|p| (lo..=hi).contains(&p.empties()))
        ));
    }
    out.push_str(&format!(
        "  more than 20 empties: {}; searched (not exact): {}\n",
        count(&|p| p.empties() > 20),
        count(&|p| p.proof != Proof::Exact)
    ));
    out.push_str("per rating:\n");
    let mut bands: BTreeMap<u32, usize> = BTreeMap::new();
    for p in puzzles {
        *bands.entry(p.rating / 200 * 200).or_default() += 1;
    }
    for (b, n) in bands {
        out.push_str(&format!("  {b:>4}-{:<4} {n:>5}\n", b + 199));
    }
    out.push_str("per goal:\n");
    for g in [Goal::Best, Goal::Win, Goal::Line, Goal::LeastLoss] {
        out.push_str(&format!(
            "  {:<24} {:>5}\n",
            g.name(),
            count(&|p| p.goal == g)
        ));
    }
    out
}
