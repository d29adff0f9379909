//! Ratings from the ladder's results: the Bradley–Terry model on the Elo scale,
//! fitted by maximum likelihood.
//!
//! Player `i` scores against player `j` with probability
//! `1 / (1 + 10^((R_j - R_i) / 400))`; a draw counts half a win for each side. Every
//! pair that played also counts [`VIRTUAL_DRAWS`] drawn game (a weak prior that keeps
//! a player who won every game at a finite rating, as in Hunter's and Coulom's
//! treatments of Bradley–Terry). The likelihood is maximised by the
//! minorization–maximization iteration of Hunter (2004, "MM algorithms for
//! generalized Bradley–Terry models"), which converges to the one maximum when the
//! players are connected by their games; the ratings are then shifted so that the
//! anchor has its rating (engine level 1 at 1000: [`ANCHOR_RATING`]).
//!
//! ```
//! use othello_tutor::tutor::strength::fit::fit;
//! use othello_tutor::tutor::strength::ladder::PairResult;
//! // Player 1 scores 15 of 20 against player 0: about 190 points above it.
//! let results = [PairResult { a: 0, b: 1, wins: 5, draws: 0, losses: 15, margin: 0 }];
//! let fitted = fit(2, &results, 0, 1000.0);
//! assert_eq!(fitted[0].rating, 1000.0);
//! assert!((fitted[1].rating - 1000.0 - 181.0).abs() < 10.0, "{:?}", fitted);
//! ```

use super::ladder::PairResult;

/// The drawn games every pair that played is also counted (the fit's prior).
pub const VIRTUAL_DRAWS: f64 = 1.0;
/// The anchor's rating: engine level 1 is rated 1000.
pub const ANCHOR_RATING: f64 = 1000.0;
/// Points of the Elo scale per unit of the natural logarithm of the odds (400 / ln 10).
pub const ELO_PER_NEPER: f64 = 173.717_792_761_245_7;

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitted {
    /// The rating on the Elo scale.
    pub rating: f64,
    /// Its standard error from the fit's curvature (the player's own term of the
    /// Fisher information, its games only: a rough figure, on the Elo scale).
    pub deviation: f64,
    /// Games played (virtual draws not counted).
    pub games: u32,
    /// Points scored (wins and half the draws).
    pub score: f64,
}

/// The ratings of `players` players from `results` (each pair's games from its first
/// player's side), shifted so that player `anchor` has `anchor_rating`. A player
/// with no games gets the anchor's rating and an infinite deviation.
pub fn fit(
    players: usize,
    results: &[PairResult],
    anchor: usize,
    anchor_rating: f64,
) -> Vec<Fitted> {
    // Games and points between each pair, virtual draws included.
    let mut n = vec![vec![0.0f64; players]; players];
    let mut won = vec![0.0f64; players];
    let mut games = vec![0u32; players];
    let mut score = vec![0.0f64; players];
    for r in results.iter().filter(|r| r.games() > 0) {
        let g = f64::from(r.games()) + VIRTUAL_DRAWS;
        n[r.a][r.b] += g;
        n[r.b][r.a] += g;
        let (sa, sb) = (r.score(), f64::from(r.games()) - r.score());
        won[r.a] += sa + VIRTUAL_DRAWS / 2.0;
        won[r.b] += sb + VIRTUAL_DRAWS / 2.0;
        games[r.a] += r.games();
        games[r.b] += r.games();
        score[r.a] += sa;
        score[r.b] += sb;
    }
    let mut gamma = vec![1.0f64; players];
    for _ in 0..100_000 {
        let mut change = 0.0f64;
        let mut next = gamma.clone();
        for i in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&j| j != i && n[i][j] > 0.0)
                .map(|j| n[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 {
                next[i] = won[i] / denominator;
            }
        }
        // Keep the scale fixed: geometric mean 1 over the players with games.
        let played: Vec<usize> = (0..players).filter(|&i| games[i] > 0).collect();
        if !played.is_empty() {
            let mean = played.iter().map(|&i| next[i].ln()).sum::<f64>() / played.len() as f64;
            for &i in &played {
                next[i] /= mean.exp();
            }
        }
        for i in 0..players {
            change = change.max((next[i].ln() - gamma[i].ln()).abs());
        }
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = gamma.iter().map(|g| g.ln()).collect();
    let at_anchor = theta.get(anchor).copied().unwrap_or(0.0);
    (0..players)
        .map(|i| {
            let information: f64 = (0..players)
                .filter(|&j| j != i && n[i][j] > 0.0)
                .map(|j| {
                    let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                    n[i][j] * p * (1.0 - p)
                })
                .sum();
            Fitted {
                rating: if games[i] > 0 {
                    anchor_rating + ELO_PER_NEPER * (theta[i] - at_anchor)
                } else {
                    anchor_rating
                },
                deviation: if information > 0.0 {
                    ELO_PER_NEPER / information.sqrt()
                } else {
                    f64::INFINITY
                },
                games: games[i],
                score: score[i],
            }
        })
        .collect()
}

/// The expected score of a player rated `rating` against one rated `opponent` (the
/// model's probability, draws as half).
pub fn expected_score(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - rating) / 400.0))
}
