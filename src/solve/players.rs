//! K players, exactly, from the one-player distribution.
//!
//! With i.i.d. draws the players' tokens move independently, each with the one-player length
//! T (turns, lost turns included): pmf p(n), cdf F(n), survival S(n) = P(T > n). Seats play in
//! order 0..K-1 within each round.
//! - Seat i wins in round r when its T = r, every earlier seat has T > r and every later seat
//!   T > r - 1: P(i wins in round r) = p(r) S(r)^i S(r-1)^(K-1-i).
//! - The game (first finisher) lasts R = min T_j rounds: P(R > r) = S(r)^K, and
//!   (r-1)K + i + 1 turns in all when seat i wins in round r.
//! - Played until everyone finishes (seed 001's option): max T_j rounds, P(max <= r) = F(r)^K;
//!   sum T_j turns in all (finished players sit out), so K E\[T\] on average. Seat i's finishing
//!   place is 1 + #{j: T_j < T_i, or T_j = T_i and j < i}, so
//!   E\[place_i\] = 1 + (K-1) P(T' < T) + i P(T' = T) for two independent copies T, T'.

use serde::{Deserialize, Serialize};

use crate::solve::Distribution;

/// The figures of a K-player game with i.i.d. draws.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// K, the number of players (at least 1).
    pub players: usize,
    /// Until the first player finishes.
    pub first_finisher: FirstFinisher,
    /// Until every player finishes.
    pub everyone: Everyone,
}

/// Until the first player finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FirstFinisher {
    /// R = min T_j, rounds until the first player finishes: E\[R\] and its median (the
    /// smallest r with P(R <= r) >= 1/2).
    pub rounds: Length,
    /// Turns of all players together until the first player finishes ((r-1)K + i + 1 when
    /// seat i wins in round r): mean, median and `pmf[n]` = P(the game lasts n turns in all).
    pub turns: Length,
    /// P(seat i wins), i = 0..K-1.
    pub win: Vec<f64>,
    /// `win_by_round[r][i]` = P(seat i wins in round r), r = 0, 1, ...
    pub win_by_round: Vec<Vec<f64>>,
}

/// Until every player finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Everyone {
    /// max T_j, rounds until the last player finishes: mean, median (the smallest r with
    /// F(r)^K >= 1/2) and `pmf[r]` = P(the last player finishes in round r).
    pub rounds: Length,
    /// sum T_j, the turns of all players together (finished players sit out): mean and median.
    pub turns: Length,
    /// E[finishing place] of each seat (1 = first).
    pub mean_place: Vec<f64>,
}

/// A length's mean and median, and its distribution where the JSON carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Length {
    /// The expected length.
    pub mean: f64,
    /// The smallest n with P(length <= n) >= 1/2.
    pub median: usize,
    /// `pmf[n]` = P(length = n), n = 0, 1, ... (left out of the JSON when not kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pmf: Vec<f64>,
}

impl Length {
    /// The mean and median of `pmf`, keeping it when `keep`.
    fn of(pmf: Vec<f64>, keep: bool) -> Length {
        Length {
            mean: mean(&pmf),
            median: median(&pmf),
            pmf: if keep { pmf } else { Vec::new() },
        }
    }
}

/// The smallest n with cdf(n) >= 1/2, from a pmf.
fn median(pmf: &[f64]) -> usize {
    let mut c = 0.0;
    for (n, p) in pmf.iter().enumerate() {
        c += p;
        if c >= 0.5 {
            return n;
        }
    }
    pmf.len().saturating_sub(1)
}

fn mean(pmf: &[f64]) -> f64 {
    pmf.iter().enumerate().map(|(n, p)| n as f64 * p).sum()
}

impl Players {
    /// Derives the K-player figures from the one-player distribution.
    pub fn from_single(d: &Distribution, k: usize) -> Players {
        assert!(k >= 1, "at least one player");
        let last = d.last_turn();
        let p = &d.pmf;
        let s = |n: usize| d.survival(n);
        let f = |n: usize| d.cdf(n);
        let ki = k as i32;

        // First finisher.
        let mut win = vec![0.0; k];
        let mut win_by_round = vec![vec![0.0; k]; last + 1];
        let mut turns_pmf = vec![0.0; last.saturating_sub(1) * k + k + 1];
        for r in 1..=last {
            for i in 0..k {
                let w = p[r] * s(r).powi(i as i32) * s(r - 1).powi(ki - 1 - i as i32);
                win[i] += w;
                win_by_round[r][i] = w;
                turns_pmf[(r - 1) * k + i + 1] += w;
            }
        }
        let rounds_pmf: Vec<f64> = (0..=last)
            .map(|r| {
                if r == 0 {
                    0.0
                } else {
                    s(r - 1).powi(ki) - s(r).powi(ki)
                }
            })
            .collect();

        // Everyone: rounds = max of K copies; turns = sum of K copies (K-fold convolution).
        let all_rounds: Vec<f64> = (0..=last)
            .map(|r| {
                if r == 0 {
                    f(0).powi(ki)
                } else {
                    f(r).powi(ki) - f(r - 1).powi(ki)
                }
            })
            .collect();
        let mut sum = vec![1.0];
        for _ in 0..k {
            let mut next = vec![0.0; sum.len() + p.len() - 1];
            for (a, x) in sum.iter().enumerate().filter(|(_, x)| **x > 0.0) {
                for (b, y) in p.iter().enumerate() {
                    next[a + b] += x * y;
                }
            }
            sum = next;
        }
        // P(T' < T) and P(T' = T) for independent copies.
        let less: f64 = (1..=last).map(|n| p[n] * f(n - 1)).sum();
        let tie: f64 = p.iter().map(|x| x * x).sum();
        let mean_place = (0..k)
            .map(|i| 1.0 + (k - 1) as f64 * less + i as f64 * tie)
            .collect();

        Players {
            players: k,
            first_finisher: FirstFinisher {
                rounds: Length::of(rounds_pmf, false),
                turns: Length::of(turns_pmf, true),
                win,
                win_by_round,
            },
            everyone: Everyone {
                rounds: Length::of(all_rounds, true),
                turns: Length::of(sum, false),
                mean_place,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// T = 1 or 2 turns with probability 1/2 each.
    fn coin() -> Distribution {
        Distribution {
            pmf: vec![0.0, 0.5, 0.5],
            survival: vec![1.0, 0.5, 0.0],
        }
    }

    #[test]
    fn two_players_by_hand() {
        // Seat 0 wins if T0 = 1 (1/2), or T0 = 2 and T1 = 2 (1/4): 3/4. Seat 1: T0 = 2, T1 = 1.
        // Turns: 1 (seat 0, round 1) w.p. 1/2; 2 (seat 1, round 1) 1/4; 3 (seat 0, round 2) 1/4.
        // Everyone: rounds = max: 1 w.p. 1/4, 2 w.p. 3/4; turns = T0 + T1: 2, 3, 4 w.p. 1/4,
        // 1/2, 1/4. P(T' < T) = 1/4, P(T' = T) = 1/2: places 1 + 1/4 = 5/4 and 5/4 + 1/2.
        let pl = Players::from_single(&coin(), 2);
        let ff = &pl.first_finisher;
        assert_eq!(ff.win, [0.75, 0.25]);
        assert_eq!(ff.turns.pmf, [0.0, 0.5, 0.25, 0.25, 0.0]);
        assert_eq!(ff.turns.mean, 1.75);
        assert_eq!(ff.rounds.mean, 1.25);
        assert_eq!(pl.everyone.rounds.pmf, [0.0, 0.25, 0.75]);
        assert_eq!(pl.everyone.turns.mean, 3.0);
        assert_eq!(pl.everyone.mean_place, [1.25, 1.75]);
    }

    #[test]
    fn one_player_is_the_single_player_game() {
        let pl = Players::from_single(&coin(), 1);
        assert_eq!(pl.first_finisher.win, [1.0]);
        assert_eq!(pl.first_finisher.turns.mean, 1.5);
        assert_eq!(pl.everyone.mean_place, [1.0]);
    }
}
