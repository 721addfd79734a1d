//! The winners of the games, when the data gives them, against a reference.
//!
//! Lengths count every player's turn, seat 1 first, and a game ends on its winner's turn: with
//! K players, a game of T turns was won by seat (T - 1) mod K + 1. So each seat's chance to win
//! follows from the length distribution (the chance that the length is one of its turns), and
//! a winner that is not the seat whose turn the length ends on says the data counts turns
//! differently from this tool (a skipped, missed or extra turn counted otherwise).

use serde::{Deserialize, Serialize};

use crate::stats::{chi_square, ChiSquare, P_FLOOR};

use super::LengthModel;

/// The winners' test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Winners {
    /// K, the players the winners are counted for.
    pub players: usize,
    /// Games won by each seat in the data, seat 1 first.
    pub won: Vec<u64>,
    /// Each seat's chance to win under the reference, seat 1 first: the chance that the game
    /// ends on one of its turns.
    pub win: Vec<f64>,
    /// Pearson's chi-square test of the seats' wins against `win` (`None` with one player, or
    /// too few games for two bins).
    pub chi_square: Option<ChiSquare>,
    /// Games whose winner is not the seat whose turn the length ends on ((length - 1) mod K +
    /// 1): counted turns that this tool would not count, or the reverse.
    pub off_turn: u64,
    /// The first such game, as (length, winner), if any.
    pub first_off_turn: Option<(u32, u32)>,
    /// Whether the winners fit: none off its turn, and the chi-square's p-value above the
    /// floor.
    pub consistent: bool,
    /// The result in one sentence.
    pub verdict: String,
}

/// The seat, 1 first, whose turn ends a game of `length` turns among `players`.
pub fn seat_of(length: u32, players: usize) -> u32 {
    (length.saturating_sub(1) % players.max(1) as u32) + 1
}

/// Each seat's chance to win under `model` with `players` players.
pub fn win_chances(model: &LengthModel, players: usize) -> Vec<f64> {
    let k = players.max(1);
    let mut win = vec![0.0; k];
    let mut t = 1;
    while model.survival(t - 1) > 1e-15 && t < 10_000_000 {
        win[(t - 1) % k] += model.p(t);
        t += 1;
    }
    let total: f64 = win.iter().sum();
    if total > 0.0 {
        win.iter_mut().for_each(|w| *w /= total);
    }
    win
}

/// Tests `winners` (seat 1 first, beside `lengths`) against `model` with `players` players.
pub fn test(lengths: &[u32], winners: &[u32], players: usize, model: &LengthModel) -> Winners {
    let k = players.max(1);
    let mut won = vec![0u64; k];
    let (mut off_turn, mut first_off_turn) = (0, None);
    for (&t, &w) in lengths.iter().zip(winners) {
        if let Some(c) = won.get_mut(w as usize - 1) {
            *c += 1;
        }
        if w != seat_of(t, k) {
            off_turn += 1;
            first_off_turn.get_or_insert((t, w));
        }
    }
    let win = win_chances(model, k);
    let games = won.iter().sum();
    let chi = (k > 1).then(|| chi_square(&won, &win, games)).flatten();
    let consistent = off_turn == 0 && chi.as_ref().is_none_or(|c| c.p_value > P_FLOOR);
    let shares: Vec<String> = won
        .iter()
        .zip(&win)
        .map(|(&w, &p)| {
            format!(
                "{:.1}% against {:.1}%",
                100.0 * w as f64 / games.max(1) as f64,
                100.0 * p
            )
        })
        .collect();
    let verdict = if off_turn > 0 {
        let (t, w) = first_off_turn.unwrap_or((0, 0));
        format!(
            "{off_turn} of {games} games were won by a seat whose turn the length does not end on (the first: {t} turns, won by seat {w}, where turn {t} of {k} players is seat {}): the data counts turns differently from this tool, which counts every turn of every player, a missed or skipped one too, and none for a move again",
            seat_of(t, k)
        )
    } else {
        format!(
            "{} with the reference's chances by seat ({}{}); every winner is the seat whose turn ends its game",
            if consistent { "consistent" } else { "INCONSISTENT" },
            shares.join(", "),
            chi.as_ref()
                .map_or(String::new(), |c| format!("; chi-square p = {:.2e}", c.p_value))
        )
    };
    Winners {
        players: k,
        won,
        win,
        chi_square: chi,
        off_turn,
        first_off_turn,
        consistent,
        verdict,
    }
}

/// The player counts from 1 to `most` that the winners allow: every winner's seat at most K,
/// and the seat whose turn ends its game.
pub fn players_allowed(lengths: &[u32], winners: &[u32], most: usize) -> Vec<usize> {
    (1..=most)
        .filter(|&k| {
            lengths
                .iter()
                .zip(winners)
                .all(|(&t, &w)| w as usize <= k && w == seat_of(t, k))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_on_its_winners_turn() {
        // Two players: turns 1, 3, 5 are seat 1's, 2, 4 seat 2's.
        assert_eq!(seat_of(1, 2), 1);
        assert_eq!(seat_of(4, 2), 2);
        assert_eq!(seat_of(9, 3), 3);
        assert_eq!(seat_of(7, 1), 1);
        // 10 turns won by seat 2 fits 2 players (turn 10 is seat 2's) and 4 (10 = 2 + 4 + 4),
        // and 8 turns won by seat 2 fits 2 (8 is even) and 3 (8 = 2 + 3 + 3), not 4 (seat 4).
        assert_eq!(players_allowed(&[10, 8], &[2, 2], 6), vec![2]);
        assert_eq!(players_allowed(&[10], &[2], 6), vec![2, 4]);
    }

    #[test]
    fn seat_chances_follow_from_the_lengths() {
        // Lengths 1, 2, 3 with chances 1/2, 1/4, 1/4: with 2 players seat 1 wins on turns 1
        // and 3 (3/4), seat 2 on turn 2 (1/4).
        let m = LengthModel::exact(vec![0.0, 0.5, 0.25, 0.25], vec![1.0, 0.5, 0.25, 0.0]).unwrap();
        let w = win_chances(&m, 2);
        assert!(
            (w[0] - 0.75).abs() < 1e-12 && (w[1] - 0.25).abs() < 1e-12,
            "{w:?}"
        );
        let t = test(&[1, 2, 3, 2], &[1, 2, 1, 1], 2, &m);
        assert_eq!(t.won, vec![3, 1]);
        assert_eq!((t.off_turn, t.first_off_turn), (1, Some((2, 1))));
        assert!(!t.consistent);
    }
}
