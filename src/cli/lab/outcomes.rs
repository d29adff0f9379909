//! `train --outcome-weight`: the self-play games' outcomes, gathered per training
//! position and mixed into its searched label (the computation is
//! [`othello_tutor::engine::train::outcome`]).

use super::UserError;
use super::run_folder::read_boards;
use super::train::{GAMES_PER_CHUNK, TrainConfig};
use othello_tutor::engine::board::Board;
use othello_tutor::engine::symmetry;
use othello_tutor::engine::train::outcome::{games, signs_to_anchor};

/// Per number of empties, per position of `by_empties` (its boards, sorted, and the
/// labels known so far): the sum of the outcomes of the games through it (hundredths
/// of a disc, its side to move's view) and how many games. Needs the exact labels of
/// the anchors (the games' first positions at or below `config.exact` empties); only
/// positions above that get outcomes.
pub fn game_outcomes(
    config: &TrainConfig,
    by_empties: &[(Vec<Board>, Vec<i16>)],
) -> Result<Vec<Vec<(f64, u32)>>, UserError> {
    let mut sums: Vec<Vec<(f64, u32)>> = by_empties
        .iter()
        .enumerate()
        .map(|(e, (boards, _))| {
            if e as u32 > config.exact {
                vec![(0.0, 0); boards.len()]
            } else {
                Vec::new()
            }
        })
        .collect();
    let find = |b: &Board| {
        let c = symmetry::canonical(b).0;
        let slice = &by_empties[c.empty_count() as usize].0;
        slice
            .binary_search_by_key(&(c.player, c.opponent), |x| (x.player, x.opponent))
            .ok()
    };
    let (mut counted, mut without) = (0u64, 0u64);
    for chunk in 0..config.games.div_ceil(GAMES_PER_CHUNK) {
        let path = config.dir.join("games").join(format!("{chunk:05}.bin"));
        let boards = read_boards(&path)?;
        for game in games(&boards) {
            let game = &boards[game];
            let Some((anchor, signs)) = signs_to_anchor(game, config.exact) else {
                without += 1;
                continue;
            };
            let a = &game[anchor];
            let Some(value) = find(a).and_then(|i| by_empties[a.empty_count() as usize].1.get(i))
            else {
                return Err(UserError(format!(
                    "{}: a game's position at {} empties has no exact label",
                    path.display(),
                    a.empty_count()
                )));
            };
            for (b, sign) in game[..anchor].iter().zip(&signs) {
                let e = b.empty_count() as usize;
                if let Some(i) = find(b) {
                    let slot = &mut sums[e][i];
                    slot.0 += (sign * *value as i32) as f64;
                    slot.1 += 1;
                    counted += 1;
                }
            }
        }
    }
    eprintln!(
        "outcomes: {counted} positions of games through them; {without} games ended above {} empties",
        config.exact
    );
    Ok(sums)
}

/// Mixes each label of `labels` with the mean outcome in `sums` (where a game went
/// through the position): `(1 - share) * label + share * outcome`.
pub fn blend(labels: &mut [i16], sums: &[(f64, u32)], share: f64) {
    for (l, &(sum, n)) in labels.iter_mut().zip(sums) {
        if n > 0 {
            let outcome = sum / n as f64;
            *l = ((1.0 - share) * *l as f64 + share * outcome).round() as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::blend;

    #[test]
    fn a_label_mixes_with_the_mean_outcome_only_where_games_went() {
        let mut labels = vec![400, -200, 1000];
        // Two games through the first (+8 and +4: mean +6), none through the second,
        // one through the third (-10).
        blend(&mut labels, &[(1200.0, 2), (0.0, 0), (-1000.0, 1)], 0.5);
        assert_eq!(labels, vec![500, -200, 0]);
    }
}
