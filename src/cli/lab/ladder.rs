//! `othello-lab ladder`: the strength ladder. Every pair of the rated players (the
//! flawed strategies and the engine levels) plays `--games` games from XOT openings,
//! each opening with both colours; the results are fitted to ratings (engine level 1
//! at 1000) and printed as the table the tutor ships, which `--write` writes (the
//! shipped one is `src/data/level_ratings.toml`). The games, the fit and the table
//! are library code in `othello_tutor::tutor::strength`; the same seed and game count
//! give the same table on any machine and with any number of threads.
//!
//! The shipped table was made with
//! `nice -n 19 othello-lab ladder --games 16 --seed 1 --threads 1 --write src/data/level_ratings.toml`.

use super::UserError;
use super::jobs::{JobError, Progress};
use othello_tutor::tutor::files::write_atomic;
use othello_tutor::tutor::strength::ladder::{
    LADDER_PLAYERS, LadderSettings, ladder_games, play_ladder_game,
};
use othello_tutor::tutor::strength::ladder_table;
use std::path::Path;

/// Plays the ladder on `threads` threads and prints its table; writes it to `write`
/// when given.
pub fn run(
    settings: LadderSettings,
    threads: usize,
    write: Option<&Path>,
) -> Result<(), UserError> {
    if settings.games == 0 || !settings.games.is_multiple_of(2) {
        return Err(UserError(format!(
            "--games {} is not an even number above 0 (each opening is played with both colours)",
            settings.games
        )));
    }
    let games = ladder_games(&settings);
    let progress = Progress::new("ladder", games.len());
    let margins = othello_tutor::engine::pool::try_map_streamed(
        threads,
        &games,
        |_, &g| Ok::<_, JobError>(play_ladder_game(&settings, g)),
        |k, margin| {
            let g = games[k];
            progress.done(&format!(
                "{} vs {} game {}: {margin:+}",
                LADDER_PLAYERS[g.a].name(),
                LADDER_PLAYERS[g.b].name(),
                g.game + 1
            ));
            Ok(())
        },
    )
    .map_err(|e| {
        e.within("ladder", |i| {
            let g = games[i];
            format!(
                "{} vs {} game {}",
                LADDER_PLAYERS[g.a].name(),
                LADDER_PLAYERS[g.b].name(),
                g.game + 1
            )
        })
    })?;
    let command = format!(
        "othello-lab ladder --games {} --seed {}{}",
        settings.games,
        settings.seed,
        if settings.first_opening == 0 {
            String::new()
        } else {
            format!(" --offset {}", settings.first_opening)
        }
    );
    let table = ladder_table(&settings, &games, &margins, &command);
    let text = table.to_toml();
    print!("{text}");
    if let Some(path) = write {
        write_atomic(path, text.as_bytes())
            .map_err(|e| UserError(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}
