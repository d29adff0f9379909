//! `othello-lab match A B`: a match between two players from XOT openings.

use super::{UserError, outln};
use othello_tutor::engine::duel::duel;
use othello_tutor::engine::evaluator::Evaluator;
use othello_tutor::engine::players::{MAX_LEVEL, Player, Strategy, play_game};
use othello_tutor::engine::search::Limits;
use rand::SeedableRng;

/// Reads a player's name: greedy, static, mobility, or level1..level6.
pub fn parse_strategy(text: &str) -> Result<Strategy, UserError> {
    match text.to_ascii_lowercase().as_str() {
        "greedy" => Ok(Strategy::Greedy),
        "static" => Ok(Strategy::StaticSquares),
        "mobility" => Ok(Strategy::MobilityOnly),
        other => other
            .strip_prefix("level")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=MAX_LEVEL).contains(n))
            .map(Strategy::Engine)
            .ok_or_else(|| {
                UserError(format!(
                    "`{text}` is not a player (greedy, static, mobility, level1..level{MAX_LEVEL}; or two evaluations: patterns, features, patterns:FILE)"
                ))
            }),
    }
}

/// Reads an evaluation's name: patterns, features, or `patterns:FILE` (pattern weights
/// from a file that `train` wrote; a file that cannot be read is an error).
fn parse_evaluator(text: &str) -> Result<Option<Evaluator>, UserError> {
    if let Some(path) = text.strip_prefix("patterns:") {
        let weights = super::run_folder::read_weights(std::path::Path::new(path))?;
        return Ok(Some(Evaluator::Patterns(std::sync::Arc::new(weights))));
    }
    Ok(match text.to_ascii_lowercase().as_str() {
        "patterns" => Some(Evaluator::patterns()),
        "features" => Some(Evaluator::features()),
        _ => None,
    })
}

/// Settings of a match between two evaluations.
pub struct DuelSettings {
    /// Search depth of both sides.
    pub depth: u32,
    /// Both solve exactly at or below this many empties.
    pub exact: u32,
    /// Threads.
    pub threads: usize,
}

/// Plays `games` games (each opening once with each colour) and prints one line:
/// wins, draws, losses, score and mean margin for `a`. Two evaluations (`patterns`,
/// `features`) play a deterministic match at `duel.depth`.
pub fn run(
    a: &str,
    b: &str,
    games: usize,
    offset: usize,
    duel_settings: &DuelSettings,
) -> Result<(), UserError> {
    if let (Some(ea), Some(eb)) = (parse_evaluator(a)?, parse_evaluator(b)?) {
        let openings: Vec<_> = (0..games.div_ceil(2))
            .map(|i| othello_tutor::tutor::openings::xot_position(offset + i))
            .collect();
        let limits = Limits::depth(duel_settings.depth, duel_settings.exact);
        let r = duel(&openings, &ea, &eb, limits, duel_settings.threads)
            .map_err(|e| UserError(format!("match, games: {e}")))?;
        outln!(
            "{a} vs {b} at depth {} (exact at {}): {} games, {} wins, {} draws, {} losses, score {:.1}%, mean margin {:+.1}",
            duel_settings.depth,
            duel_settings.exact,
            r.games(),
            r.wins,
            r.draws,
            r.losses,
            r.score_percent(),
            r.margin as f64 / r.games().max(1) as f64
        );
        return Ok(());
    }
    let (sa, sb) = (parse_strategy(a)?, parse_strategy(b)?);
    let (mut pa, mut pb) = (Player::new(sa), Player::new(sb));
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
    for g in 0..games {
        let start = othello_tutor::tutor::openings::xot_position(offset + g / 2);
        let a_is_black = g % 2 == 0;
        let end = if a_is_black {
            play_game(start, &mut pa, &mut pb, &mut rng)
        } else {
            play_game(start, &mut pb, &mut pa, &mut rng)
        };
        let (bl, wh) = end.final_counts();
        let d = bl as i64 - wh as i64;
        let d = if a_is_black { d } else { -d };
        margin += d;
        match d.signum() {
            1 => wins += 1,
            0 => draws += 1,
            _ => losses += 1,
        }
    }
    outln!(
        "{} vs {}: {games} games, {wins} wins, {draws} draws, {losses} losses, score {:.1}%, mean margin {:+.1}",
        sa.name(),
        sb.name(),
        100.0 * (wins as f64 + 0.5 * draws as f64) / games.max(1) as f64,
        margin as f64 / games.max(1) as f64
    );
    Ok(())
}
