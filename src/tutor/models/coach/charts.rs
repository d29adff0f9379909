//! The coach's charts as plain text: bars of the discs each concept costs, a mark
//! per game for the accuracy of each phase, the puzzle rating's curve. Marks and
//! bars are characters, not colours, so they read the same under `NO_COLOR`; every
//! line fits `width` columns (80 columns and up).

use crate::tutor::coach::report::{CoachReport, PhaseAccuracy};
use crate::tutor::coach::{Concept, Phase};

/// The marks of an accuracy, lowest to highest (a taller mark is more accurate).
pub const LEVELS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/// The mark of a game with no graded move in the phase.
pub const NO_MOVE: char = '·';
/// The mark of a rating on the rating chart.
pub const RATING_MARK: char = '•';
/// The rows of the rating chart.
pub const RATING_ROWS: usize = 4;

/// The mark for an accuracy of `percent`.
///
/// ```
/// use othello_tutor::tutor::models::coach::charts::{LEVELS, level};
/// assert_eq!(level(0), LEVELS[0]);
/// assert_eq!(level(100), LEVELS[7]);
/// assert_eq!(level(50), LEVELS[3]);
/// ```
pub fn level(percent: u32) -> char {
    LEVELS[(percent.min(100) as usize * (LEVELS.len() - 1)) / 100]
}

/// A concept's name padded for a column.
fn name(c: Concept) -> String {
    format!("{:<13}", c.label())
}

/// The longest bar of [`cost_bars`].
pub const LONGEST_BAR: usize = 40;

/// The bars of the discs each concept costs per game, the longest `width - 44`
/// columns (8 to [`LONGEST_BAR`]), with the games behind each figure and its trend.
pub fn cost_bars(report: &CoachReport, width: usize) -> Vec<String> {
    let longest = width.saturating_sub(44).clamp(8, LONGEST_BAR);
    let top = report
        .weaknesses
        .iter()
        .map(|w| w.per_game())
        .fold(0.0, f64::max);
    report
        .weaknesses
        .iter()
        .map(|w| {
            let len = if top > 0.0 {
                ((w.per_game() / top) * longest as f64).round() as usize
            } else {
                0
            };
            format!(
                "{}{:>5.1} {:<longest$} {} of {}, {}",
                name(w.concept),
                w.per_game(),
                "#".repeat(len.max(1)),
                w.games_with,
                w.games,
                w.trend.word()
            )
        })
        .collect()
}

/// One phase's line: a mark per game, then the accuracy over the recent games
/// (with the graded moves behind it) and over as many games before them.
pub fn phase_line(a: &PhaseAccuracy) -> String {
    let marks: String = a.series.iter().map(|p| p.map_or(NO_MOVE, level)).collect();
    let label = match a.phase {
        Phase::Opening => "Opening",
        Phase::Midgame => "Midgame",
        Phase::Endgame => "Endgame",
    };
    let recent = match a.recent {
        Some((p, n)) => format!("{p}% of {}", crate::tutor::text::count(n as usize, "move")),
        None => "no graded move".into(),
    };
    let before = match a.earlier {
        Some((p, _)) => format!(", before: {p}%"),
        None => String::new(),
    };
    format!(
        "{label:<9}{marks:<20}  last {}: {recent}{before}",
        a.recent_games
    )
}

/// The rating chart: [`RATING_ROWS`] rows, one column per rated puzzle (the oldest
/// left), the highest and the lowest rating written on the left.
pub fn rating_chart(ratings: &[f64]) -> Vec<String> {
    if ratings.is_empty() {
        return vec!["  No rated puzzle yet.".into()];
    }
    let hi = ratings.iter().cloned().fold(f64::MIN, f64::max);
    let lo = ratings.iter().cloned().fold(f64::MAX, f64::min);
    let span = (hi - lo).max(1.0);
    let rows = RATING_ROWS;
    let mut grid = vec![vec![' '; ratings.len()]; rows];
    for (x, r) in ratings.iter().enumerate() {
        let y = (((hi - r) / span) * (rows - 1) as f64).round() as usize;
        grid[y.min(rows - 1)][x] = RATING_MARK;
    }
    grid.into_iter()
        .enumerate()
        .map(|(y, row)| {
            let label = if y == 0 {
                format!("{hi:>6.0}")
            } else if y == rows - 1 {
                format!("{lo:>6.0}")
            } else {
                " ".repeat(6)
            };
            format!("{label} |{}", row.into_iter().collect::<String>())
        })
        .collect()
}

/// The charts page, `width` columns wide.
pub fn page(report: &CoachReport, width: usize) -> String {
    let mut out = Vec::new();
    out.push(format!(
        "DISCS LOST PER GAME by concept, last {} (games with it, trend)",
        crate::tutor::text::count(report.recent_games, "graded game")
    ));
    let bars = cost_bars(report, width);
    if bars.is_empty() {
        out.push("  No mistake in your graded games yet.".into());
    }
    out.extend(bars.into_iter().map(|b| format!("  {b}")));
    out.push(String::new());
    out.push(format!(
        "ACCURACY BY PHASE, a mark a game (oldest left, taller better, {NO_MOVE} none)"
    ));
    out.extend(report.phases.iter().map(|a| format!("  {}", phase_line(a))));
    out.push(String::new());
    out.push(format!(
        "PUZZLE RATING after each rated puzzle (now {:.0})",
        report.rating
    ));
    out.extend(rating_chart(&report.ratings));
    out.join("\n")
}
