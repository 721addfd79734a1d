//! Who wins from here: each seat's exact chance to win from any point of a game, and how long
//! the game has left.
//!
//! [`crate::solve::players`] answers before the game starts; mid-game the tokens stand on
//! different states and any seat may be next. With i.i.d. draws the tokens still move
//! independently, so the answer still follows from one-player distributions, each *from its
//! own token's state*. Let the seats in the order they move from now be j_0 (the seat to
//! move), j_1, ..., j_(K-1), a round be one turn of each in that order, and T_j the turns seat
//! j still needs (lost turns included), with pmf p_j and survival S_j(n) = P(T_j > n).
//! - Seat j_m wins in round r when T_(j_m) = r, the seats before it in the round have
//!   T > r and the seats after it T > r - 1:
//!   P(j_m wins in round r) = p_(j_m)(r) prod_(l<m) S_(j_l)(r) prod_(l>m) S_(j_l)(r-1).
//! - The game lasts R = min_j T_j more rounds: P(R > r) = prod_j S_j(r), and
//!   E\[R\] = sum_(r>=0) P(R > r); (r - 1) K + m + 1 more turns in all when j_m wins in round r.
//!
//! With every token at the start and seat 1 to move these are the formulas of `players`.
//! The survival curves come from one backward iteration for all the states asked about
//! ([`Distribution::from_states`]); [`Curves`] keeps them by state, so a transcript that asks
//! after every turn pays once for each distinct state its tokens visit.

use serde::{Deserialize, Serialize};

use crate::chain::Matrix;
use crate::games::race::RaceGame;

use super::SolveError;
use super::{distribution_seconds_by, distribution_steps, Distribution, Moments, Options};
use crate::games::load::About;

/// Each seat's chance to win from given states with a given seat to move, and the length of
/// what is left of the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Odds {
    /// P(seat i wins), by seat (0-based, in seat order, not move order).
    pub win: Vec<f64>,
    /// E\[R\]: expected rounds until someone finishes, a round being one turn of each seat
    /// starting with the seat to move.
    pub mean_rounds: f64,
    /// Expected turns of all seats together until someone finishes (the finishing turn
    /// included).
    pub mean_turns: f64,
    /// R, the rounds until someone finishes: `rounds.pmf[r]` = P(R = r) and
    /// `rounds.survival[r]` = P(nobody has finished after r more rounds). Its last survival
    /// value is the chance the figures leave out (below the tolerance unless the curves were
    /// cut by the turn limit).
    pub rounds: Distribution,
}

impl Odds {
    /// The figures from each seat's one-player distribution from its own state (by seat) and
    /// the seat to move next (0-based).
    ///
    /// # Panics
    ///
    /// If there are no seats or `to_move` is not one of them.
    pub fn of(seats: &[&Distribution], to_move: usize) -> Odds {
        let k = seats.len();
        assert!(to_move < k, "the seat to move is one of the seats");
        let order: Vec<&Distribution> = (0..k).map(|m| seats[(to_move + m) % k]).collect();
        // Past the shortest curve, P(R > r) <= min_j S_j(r) is below the tolerance.
        let last = order.iter().map(|d| d.last_turn()).min().unwrap_or(0);
        let mut win = vec![0.0; k];
        let mut mean_turns = 0.0;
        let mut pmf = vec![0.0];
        let mut survival = vec![1.0];
        for r in 1..=last {
            let before: Vec<f64> = order.iter().map(|d| d.survival(r - 1)).collect();
            // prod_(l<m) S_(j_l)(r), grown as m goes on.
            let mut ahead = 1.0;
            let mut in_round = 0.0;
            for (m, d) in order.iter().enumerate() {
                let behind: f64 = before[m + 1..].iter().product();
                let w = d.pmf[r] * ahead * behind;
                win[(to_move + m) % k] += w;
                in_round += w;
                mean_turns += w * ((r - 1) * k + m + 1) as f64;
                ahead *= d.survival(r);
            }
            pmf.push(in_round);
            // After the loop, `ahead` is prod_j S_j(r) = P(R > r).
            survival.push(ahead);
        }
        Odds {
            win,
            mean_rounds: survival.iter().sum(),
            mean_turns,
            rounds: Distribution { pmf, survival },
        }
    }

    /// The chance the figures leave out: P(R > last round computed).
    pub fn unfinished_mass(&self) -> f64 {
        self.rounds.survival(self.rounds.last_turn())
    }
}

/// The one-player distributions from a set of chain states, computed together and looked up
/// by state.
#[derive(Debug, Clone)]
pub struct Curves {
    /// The states, sorted, without repeats.
    states: Vec<usize>,
    /// The distribution from each of `states`.
    curves: Vec<Distribution>,
    tolerance: f64,
}

impl Curves {
    /// The distributions from `states` (chain indices), each computed until P(T > n) is below
    /// `options.tolerance` (at most `options.max_turns` turns). Refused, as the distribution
    /// of `analyze` is, if it would take longer than `options.budget`, counting `evaluations`
    /// later calls of [`Odds::of`] for `seats` seats each (a transcript asks after every turn).
    pub fn within<G: RaceGame>(
        game: &G,
        chain: &Matrix<G::State>,
        about: &About,
        states: &[usize],
        options: &Options,
        (seats, evaluations): (usize, usize),
    ) -> Result<Curves, SolveError> {
        // The moments check that every state can finish and estimate the curves' length (from
        // the start: a rough guide to the length from anywhere).
        let moments = Moments::within(game, chain, about, &options.budget)?;
        let steps = distribution_steps(&moments, options.tolerance, options.max_turns);
        // Two products with Q per turn-step (the survival and the pmf), each reading every
        // state, then the evaluations.
        let seconds = 2.0 * distribution_seconds_by(chain, steps, &mut None)
            + crate::budget::idle(
                (evaluations * seats * seats) as f64 * steps / crate::budget::rate::SWEEP_FLOPS,
            );
        options.budget.time(
            &format!("computing the chances to win ({steps:.0} turn-steps)"),
            seconds,
            "",
        )?;
        let mut states = states.to_vec();
        states.sort_unstable();
        states.dedup();
        let curves = Distribution::from_states(
            (chain.counts(), chain.denominator()),
            &chain.r(),
            &states,
            options.tolerance,
            options.max_turns,
        );
        Ok(Curves {
            states,
            curves,
            tolerance: options.tolerance,
        })
    }

    /// The distribution of the turns a token in `state` still needs.
    ///
    /// # Panics
    ///
    /// If `state` was not one of the states the curves were computed for.
    pub fn from(&self, state: usize) -> &Distribution {
        let i = self
            .states
            .binary_search(&state)
            .expect("a state the curves were computed for");
        &self.curves[i]
    }

    /// The odds with the tokens in `tokens` (chain states, by seat) and seat `to_move`
    /// (0-based) to move next.
    pub fn odds(&self, tokens: &[usize], to_move: usize) -> Odds {
        let seats: Vec<&Distribution> = tokens.iter().map(|&s| self.from(s)).collect();
        Odds::of(&seats, to_move)
    }

    /// Whether some curve was cut by the turn limit before its tail fell below the tolerance.
    pub fn truncated(&self) -> bool {
        self.curves
            .iter()
            .any(|d| d.survival(d.last_turn()) >= self.tolerance)
    }

    /// The tolerance the curves were computed to.
    pub fn tolerance(&self) -> f64 {
        self.tolerance
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::players::Players;

    /// T = 1 or 2 turns with probability 1/2 each.
    fn coin() -> Distribution {
        Distribution {
            pmf: vec![0.0, 0.5, 0.5],
            survival: vec![1.0, 0.5, 0.0],
        }
    }

    /// T = 1 for sure: a token one step from the finish.
    fn one() -> Distribution {
        Distribution {
            pmf: vec![0.0, 1.0],
            survival: vec![1.0, 0.0],
        }
    }

    #[test]
    fn from_equal_states_with_seat_one_to_move_it_is_the_players_formula() {
        let c = coin();
        for k in 1..=4 {
            let odds = Odds::of(&vec![&c; k], 0);
            let players = Players::from_single(&c, k).first_finisher;
            assert_eq!(odds.win, players.win, "{k} seats");
            approx::assert_relative_eq!(odds.mean_turns, players.turns.mean, epsilon = 1e-15);
            approx::assert_relative_eq!(odds.mean_rounds, players.rounds.mean, epsilon = 1e-15);
        }
    }

    #[test]
    fn two_seats_by_hand() {
        // Seat 0 finishes in its next turn for sure, seat 1 in 1 or 2 turns. Seat 0 to move:
        // it wins at once (1 turn, 1 round). Seat 1 to move: it wins with its first turn w.p.
        // 1/2 (1 turn), else seat 0 wins (2 turns): 1.5 turns, 1 round.
        let (a, b) = (one(), coin());
        let first = Odds::of(&[&a, &b], 0);
        assert_eq!(first.win, [1.0, 0.0]);
        assert_eq!((first.mean_turns, first.mean_rounds), (1.0, 1.0));
        let second = Odds::of(&[&a, &b], 1);
        assert_eq!(second.win, [0.5, 0.5]);
        assert_eq!((second.mean_turns, second.mean_rounds), (1.5, 1.0));
        assert_eq!(second.rounds.pmf, [0.0, 1.0]);
        assert_eq!(second.unfinished_mass(), 0.0);
    }
}
