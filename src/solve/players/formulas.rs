//! The K-player figures drawn from the one-player distribution by the formulas of
//! [`crate::solve::players`]: who wins and when, until the first player finishes; the rounds,
//! turns and places until everyone does.

use crate::solve::guarantee::{probability, Cut, Figure};
use crate::solve::Distribution;

use super::figures::{
    Everyone, FirstFinisher, Length, Players, RoundsQuantile, Route, ROUNDS_QUANTILES,
};
use super::product::Products;
use super::reading::Reading;
use super::OnePlayer;

impl Players {
    /// The figures of `k` players from the one-player distribution `d` alone, its mean taken
    /// as sum_n S(n) and its tolerance the default: for a distribution that was not cut.
    pub fn from_single(d: &Distribution, k: usize) -> Players {
        let mean = (0..=d.last_turn()).map(|n| d.survival(n)).sum();
        let one = OnePlayer {
            dist: d,
            mean,
            tolerance: crate::solve::Options::default().tolerance,
        };
        Players::derive(&one, k, &Products::none())
    }

    /// The figures of `k` players (at least 1) from the one-player distribution and E\[T\];
    /// where the distribution was cut, from `products` when they were solved, else as bounds.
    pub fn derive(one: &OnePlayer, k: usize, products: &Products) -> Players {
        assert!(k >= 1, "at least one player");
        let cut = Cut::of(one.dist, one.tolerance);
        let first = first_finisher(one, k, products);
        let everyone = everyone(one, k, products);
        let note = (first.route == Route::CutDistribution
            || everyone.mean_place_range.is_some()
            || everyone.rounds.mean_range.is_some())
        .then(|| {
            (2..=k)
                .filter_map(|j| products.why_not(j))
                .next()
                .map(str::to_string)
        })
        .flatten();
        Players {
            players: k,
            truncated: cut.truncated(),
            unfinished_mass: cut.unfinished_mass,
            last_turn: cut.last_turn,
            tolerance: cut.tolerance,
            first_finisher: first,
            everyone: Some(everyone),
            why_bounds: note,
        }
    }
}

fn first_finisher(one: &OnePlayer, k: usize, products: &Products) -> FirstFinisher {
    let r = Reading::of(one);
    let (last, ki) = (r.last, k as i32);
    let mut win = vec![0.0; k];
    let mut win_by_round = vec![vec![0.0; k]; last + 1];
    let mut turns_pmf = vec![0.0; last.saturating_sub(1) * k + k + 1];
    for round in 1..=last {
        for i in 0..k {
            let w = r.p(round) * r.s(round).powi(i as i32) * r.s(round - 1).powi(ki - 1 - i as i32);
            win[i] += w;
            win_by_round[round][i] = w;
            turns_pmf[(round - 1) * k + i + 1] += w;
        }
    }
    win.iter_mut().for_each(|w| *w = probability(*w));
    let left_out = r.left_out().powi(ki);
    // E[turns] as far as the distribution goes: sum_i sum_(t<=L) S(t)^i S(t-1)^(K-i) plus the
    // (t = L + 1, i = 0) term S(L)^K.
    let turns = (0..k)
        .map(|i| {
            (1..=last)
                .map(|t| r.s(t).powi(i as i32) * r.s(t - 1).powi(ki - i as i32))
                .sum::<f64>()
        })
        .sum::<f64>()
        + left_out;
    // Past the cut each term is at most S(L)^(K-1) S(n) for some n > L.
    let above = r.left_out().powi(ki - 1) * r.tail;
    let mean_rounds = r.min_rounds_figure(k, products);
    let (route, mean_turns, undecided) = if k == 1 {
        // Alone, the one player wins for sure.
        win = vec![1.0];
        (Route::LinearSolve, Figure::Exact(r.mean), 0.0)
    } else if left_out < r.tolerance {
        (Route::Distribution, Figure::Exact(turns), 0.0)
    } else if let Some(p) = products.get(k) {
        win.clone_from(&p.win);
        (Route::ProductChain, Figure::Exact(p.mean_turns), 0.0)
    } else {
        // At most K turns a round: E[turns] <= K E[R].
        let most = match mean_rounds {
            Figure::Exact(v) | Figure::Bounds { high: v, .. } => k as f64 * v,
        };
        let b = Figure::Bounds {
            low: turns,
            high: (turns + k as f64 * above).min(most).max(turns),
        };
        (Route::CutDistribution, b, left_out)
    };
    let rounds_median = Reading::median(last, |n| 1.0 - r.s(n).powi(ki));
    let rounds_quantiles = ROUNDS_QUANTILES
        .iter()
        .map(|&p| {
            let (rounds, lower_bound) = Reading::quantile(last, p, |n| 1.0 - r.s(n).powi(ki));
            RoundsQuantile {
                p,
                rounds,
                lower_bound,
            }
        })
        .collect();
    // Turns up to L K are the games decided within L rounds: their pmf is complete.
    let mut cdf = 0.0;
    let turns_cdf: Vec<f64> = turns_pmf
        .iter()
        .map(|p| {
            cdf += p;
            cdf
        })
        .collect();
    let turns_median = Reading::median(turns_cdf.len() - 1, |n| turns_cdf[n]);
    FirstFinisher {
        // The rounds' pmf is not part of the figures (the turns' is).
        rounds: Length::new(mean_rounds, rounds_median, Vec::new()),
        turns: Length::new(mean_turns, turns_median, turns_pmf),
        win,
        undecided,
        win_by_round,
        unfinished_mass: left_out,
        route,
        rounds_quantiles,
    }
}

fn everyone(one: &OnePlayer, k: usize, products: &Products) -> Everyone {
    let r = Reading::of(one);
    let (last, ki) = (r.last, k as i32);
    let all_rounds: Vec<f64> = (0..=last)
        .map(|n| match n {
            0 => r.f(0).powi(ki),
            n => probability(r.f(n).powi(ki) - r.f(n - 1).powi(ki)),
        })
        .collect();
    let mean_rounds = r.max_rounds_figure(k, products);
    let rounds_median = Reading::median(last, |n| r.f(n).powi(ki));
    let turns_median = sum_median(&r, k);
    let (mean_place, mean_place_range) = places(&r, k, products);
    Everyone {
        rounds: Length::new(mean_rounds, rounds_median, all_rounds),
        turns: Length::new(Figure::Exact(k as f64 * r.mean), turns_median, Vec::new()),
        mean_place,
        mean_place_range,
        unfinished_mass: probability(1.0 - r.f(last).powi(ki)),
    }
}

/// E\[place\] of each seat, and their ranges when they are bounds.
fn places(r: &Reading, k: usize, products: &Products) -> (Vec<f64>, Option<Vec<[f64; 2]>>) {
    let last = r.last;
    let place = |less: f64, tie: f64, i: usize| 1.0 + (k - 1) as f64 * less + i as f64 * tie;
    if k == 1 {
        return (vec![1.0], None);
    }
    // As far as the distribution goes: P(T' < T) over T <= L, plus T' <= L < T; P(T' = T <= L).
    let less: f64 = (1..=last).map(|n| r.p(n) * r.f(n - 1)).sum::<f64>() + r.f(last) * r.s(last);
    let tie: f64 = (1..=last).map(|n| r.p(n) * r.p(n)).sum();
    let both = r.left_out().powi(2);
    let exact = if both < r.tolerance {
        Some((less, tie))
    } else {
        // Two players: seat 1 wins with P(T' < T), seat 0 with that plus P(T' = T).
        products
            .get(2)
            .map(|p| (p.win[1], probability(p.win[0] - p.win[1])))
    };
    if let Some((less, tie)) = exact {
        return ((0..k).map(|i| place(less, tie, i)).collect(), None);
    }
    // Both copies past L (chance S(L)^2): x of it has T' < T, as much T < T', the rest ties;
    // x lies in [0, S(L)^2 / 2] and each place is linear in x.
    let ranges: Vec<[f64; 2]> = (0..k)
        .map(|i| {
            let a = place(less, tie + both, i);
            let b = place(less + both / 2.0, tie, i);
            [a.min(b), a.max(b)]
        })
        .collect();
    (ranges.iter().map(|x| x[0]).collect(), Some(ranges))
}

/// The median of T_1 + ... + T_K and whether it is only a lower bound. P(sum <= n) is the
/// K-fold convolution of the pmf up to n, computed to twice the length needed (doubling).
/// Past L a cut pmf misses mass, so a median not reached by then is a lower bound L + 1; and
/// since the sum is at most n only if every T_j is, P(sum <= L) <= F(L)^K tells at once when
/// the median lies past L.
fn sum_median(r: &Reading, k: usize) -> (usize, bool) {
    let cut = r.left_out() >= r.tolerance;
    let exact_to = if cut { r.last } else { r.last * k };
    if cut && r.f(r.last).powi(k as i32) < 0.5 {
        return (r.last + 1, true);
    }
    let mut m = exact_to.min(64);
    loop {
        let mut sum = vec![0.0; m + 1];
        sum[0] = 1.0;
        for _ in 0..k {
            let mut next = vec![0.0; m + 1];
            for (a, &x) in sum.iter().enumerate().filter(|(_, x)| **x > 0.0) {
                for (b, y) in next[a..].iter_mut().enumerate() {
                    *y += x * r.p(b);
                }
            }
            sum = next;
        }
        let mut cdf = 0.0;
        for (n, p) in sum.iter().enumerate() {
            cdf += p;
            if cdf >= 0.5 {
                return (n, false);
            }
        }
        if m >= exact_to {
            return (exact_to + 1, true);
        }
        m = (2 * m).min(exact_to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::players::ProductFigures;

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
        assert_eq!(ff.undecided, 0.0);
        assert_eq!(ff.route, Route::Distribution);
        assert_eq!(ff.turns.pmf, [0.0, 0.5, 0.25, 0.25, 0.0]);
        assert_eq!(ff.turns.mean, 1.75);
        assert_eq!(ff.rounds.mean, 1.25);
        assert_eq!(pl.everyone.as_ref().unwrap().rounds.pmf, [0.0, 0.25, 0.75]);
        assert_eq!(pl.everyone.as_ref().unwrap().rounds.mean, 1.75);
        assert_eq!(pl.everyone.as_ref().unwrap().turns.mean, 3.0);
        // T0 + T1 <= 2 w.p. 1/4, <= 3 w.p. 3/4: median 3.
        assert_eq!(
            (
                pl.everyone.as_ref().unwrap().turns.median,
                pl.everyone.as_ref().unwrap().turns.median_lower_bound
            ),
            (3, false)
        );
        assert_eq!(pl.everyone.as_ref().unwrap().mean_place, [1.25, 1.75]);
        assert!(!pl.truncated);
    }

    #[test]
    fn each_route_is_named_as_the_json_names_it() {
        for route in [
            Route::LinearSolve,
            Route::Distribution,
            Route::ProductChain,
            Route::CutDistribution,
        ] {
            assert_eq!(serde_json::to_value(route).unwrap(), route.name());
        }
    }

    #[test]
    fn one_player_is_the_single_player_game() {
        let pl = Players::from_single(&coin(), 1);
        assert_eq!(pl.first_finisher.win, [1.0]);
        assert_eq!(pl.first_finisher.turns.mean, 1.5);
        assert_eq!(pl.first_finisher.route, Route::LinearSolve);
        assert_eq!(pl.everyone.as_ref().unwrap().mean_place, [1.0]);
    }

    /// The geometric length P(T > n) = 2^-n, computed to turn 3 only: S(3) = 1/8 left out.
    fn cut_geometric() -> (Distribution, f64) {
        let d = Distribution {
            pmf: vec![0.0, 0.5, 0.25, 0.125],
            survival: vec![1.0, 0.5, 0.25, 0.125],
        };
        (d, 2.0)
    }

    #[test]
    fn a_cut_distribution_gives_bounds_that_hold_the_true_values() {
        // Two players of T ~ geometric(1/2): R = min is geometric(3/4): E[R] = 4/3. Seat 0
        // wins w.p. P(T0 <= T1) = sum_r 2^-r 2^-(r-1) = 2/3. E[turns] = sum_t S(t-1)^2 +
        // S(t) S(t-1) = 4/3 + 2/3 = 2. E[max] = 2 E[T] - E[R] = 8/3. Places: P(T' < T) = 1/3,
        // P(T' = T) = 1/3: 4/3 and 5/3.
        let (d, mean) = cut_geometric();
        let one = OnePlayer {
            dist: &d,
            mean,
            tolerance: 1e-12,
        };
        let pl = Players::derive(&one, 2, &Products::none());
        assert!(pl.truncated);
        assert_eq!(pl.unfinished_mass, 0.125);
        let ff = &pl.first_finisher;
        assert_eq!(ff.route, Route::CutDistribution);
        // The rounds computed miss S(3)^2 = 1/64, which is what stays undecided.
        assert_eq!(ff.undecided, 1.0 / 64.0);
        assert!((ff.win.iter().sum::<f64>() + ff.undecided - 1.0).abs() < 1e-15);
        let within = |x: f64, range: [f64; 2]| range[0] <= x + 1e-12 && x <= range[1] + 1e-12;
        assert!(ff.win[0] <= 2.0 / 3.0 && 2.0 / 3.0 <= ff.win[0] + ff.undecided);
        assert!(within(4.0 / 3.0, ff.rounds.mean_range.unwrap()));
        assert!(within(2.0, ff.turns.mean_range.unwrap()));
        assert!(within(
            8.0 / 3.0,
            pl.everyone.as_ref().unwrap().rounds.mean_range.unwrap()
        ));
        assert_eq!(pl.everyone.as_ref().unwrap().turns.mean, 4.0);
        assert!(
            pl.everyone.as_ref().unwrap().turns.mean_range.is_none(),
            "K E[T] is exact"
        );
        let places = pl
            .everyone
            .as_ref()
            .unwrap()
            .mean_place_range
            .clone()
            .unwrap();
        assert!(within(4.0 / 3.0, places[0]) && within(5.0 / 3.0, places[1]));
        // The median of R (P(R <= 1) = 3/4) is reached before the cut, and so is that of
        // T0 + T1: P(sum = n) = (n - 1) 2^-n, so P(sum <= 3) = 1/4 + 1/4 = 1/2.
        assert_eq!((ff.rounds.median, ff.rounds.median_lower_bound), (1, false));
        let sum = &pl.everyone.as_ref().unwrap().turns;
        assert_eq!((sum.median, sum.median_lower_bound), (3, false));
        // max(T0, T1) <= r w.p. (1 - 2^-r)^2: 1/4, 9/16 at r = 1, 2: median 2.
        assert_eq!(pl.everyone.as_ref().unwrap().rounds.median, 2);
    }

    #[test]
    fn the_product_figures_replace_the_bounds() {
        let (d, mean) = cut_geometric();
        let one = OnePlayer {
            dist: &d,
            mean,
            tolerance: 1e-12,
        };
        let products = Products {
            tried: vec![(
                2,
                Ok(ProductFigures {
                    players: 2,
                    states: 2,
                    win: vec![2.0 / 3.0, 1.0 / 3.0],
                    mean_rounds: 4.0 / 3.0,
                    mean_turns: 2.0,
                }),
            )],
        };
        let pl = Players::derive(&one, 2, &products);
        let ff = &pl.first_finisher;
        assert_eq!(ff.route, Route::ProductChain);
        assert_eq!(
            (ff.undecided, ff.rounds.mean, ff.turns.mean),
            (0.0, 4.0 / 3.0, 2.0)
        );
        assert!((pl.everyone.as_ref().unwrap().rounds.mean - 8.0 / 3.0).abs() < 1e-15);
        assert!(pl.everyone.as_ref().unwrap().mean_place_range.is_none());
        assert!((pl.everyone.as_ref().unwrap().mean_place[1] - 5.0 / 3.0).abs() < 1e-15);
    }
}
