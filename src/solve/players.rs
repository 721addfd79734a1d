//! K players, exactly, from the one-player distribution; where that distribution was cut, from
//! the product chain or as bounds, never as values.
//!
//! With i.i.d. draws the players' tokens move independently, each with the one-player length
//! T (turns, lost turns included): pmf p(n), cdf F(n), survival S(n) = P(T > n). Seats play in
//! order 0..K-1 within each round.
//! - Seat i wins in round r when its T = r, every earlier seat has T > r and every later seat
//!   T > r - 1: P(i wins in round r) = p(r) S(r)^i S(r-1)^(K-1-i).
//! - The game (first finisher) lasts R = min T_j rounds: P(R > r) = S(r)^K, so
//!   E\[R\] = sum_(r>=0) S(r)^K; (r-1)K + i + 1 turns in all when seat i wins in round r, and
//!   E\[turns\] = sum_i sum_(t>=1) S(t)^i S(t-1)^(K-i) (seat i takes its t-th turn when seats
//!   before it have outlasted t turns and the others t - 1).
//! - Played until everyone finishes: max T_j rounds, P(max <= r) = F(r)^K, and
//!   E\[max\] = sum_(j=1..K) (-1)^(j+1) C(K, j) E\[R_j\] (inclusion-exclusion over the minimum
//!   R_j of j copies); sum T_j turns in all (finished players sit out), so K E\[T\] on average.
//!   Seat i's finishing place is 1 + #{j: T_j < T_i, or T_j = T_i and j < i}, so
//!   E\[place_i\] = 1 + (K-1) P(T' < T) + i P(T' = T) for two independent copies T, T'; with two
//!   players seat 1 wins with P(T' < T) and seat 0 with P(T' < T) + P(T' = T).
//!
//! The distribution is computed until P(T > n) falls below a tolerance, or to a turn limit L.
//! Cut at L with S(L) left out, the first-finisher figures leave out S(L)^K, which may still be
//! below the tolerance; if not, E\[R\], E\[turns\] and the seat chances are solved on the product
//! chain of the K tokens ([`ProductFigures`]) when it fits the budget, and otherwise given as
//! bounds: the tail terms past L are at most S(L)^(K-1) S(n) each, and
//! sum_(n>L) S(n) = E\[T\] - sum_(n<=L) S(n) is known from the linear solve of E\[T\]; the seat
//! chances are at least what the rounds computed give, and together miss exactly S(L)^K.

use serde::{Deserialize, Serialize};

use crate::budget::{rate, Budget, CHAIN_BYTES_HASHED};
use crate::chain::product::Product;
use crate::chain::Chain;
use crate::games::race::RaceGame;
use crate::solve::guarantee::{probability, Cut, Figure};
use crate::solve::{check_sweep_solves, Distribution, Sweep};

/// The most players the product chain is tried for (its states grow as the K-th power of the
/// one-player chain's).
pub const MAX_PRODUCT_PLAYERS: usize = 4;

/// The figures of a K-player game with i.i.d. draws.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// K, the number of players (at least 1).
    pub players: usize,
    /// The one-player distribution these figures are drawn from was cut by the turn limit:
    /// figures with a `mean_range` or `median_lower_bound` are bounds, and `undecided` says how
    /// much of the seat chances is not assigned.
    pub truncated: bool,
    /// P(T > `last_turn`) of the one-player distribution: the chance it leaves out.
    pub unfinished_mass: f64,
    /// The last turn of the one-player distribution computed.
    pub last_turn: usize,
    /// The one-player distribution was computed until the chance left out fell below this (or
    /// to the turn limit).
    pub tolerance: f64,
    /// Until the first player finishes.
    pub first_finisher: FirstFinisher,
    /// Until every player finishes.
    pub everyone: Everyone,
    /// Why the product chain could not replace the bounds, where figures are bounds because
    /// of it (in JSON only then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why_bounds: Option<String>,
}

/// How the first-finisher means and seat chances were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// One player: E\[T\] from the linear solve.
    LinearSolve,
    /// The formulas on the one-player distribution, which leaves out less than the tolerance
    /// for them (S(L)^K).
    Distribution,
    /// The one-player distribution was cut: the linear systems of the product chain of the K
    /// tokens.
    ProductChain,
    /// The one-player distribution was cut and the product chain did not fit the budget: the
    /// means are bounds and the seat chances lower bounds.
    CutDistribution,
}

impl Route {
    /// The route's JSON word.
    pub fn name(self) -> &'static str {
        match self {
            Route::LinearSolve => "linear_solve",
            Route::Distribution => "distribution",
            Route::ProductChain => "product_chain",
            Route::CutDistribution => "cut_distribution",
        }
    }
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
    /// P(seat i wins), i = 0..K-1; lower bounds when `undecided` > 0.
    pub win: Vec<f64>,
    /// The chance not assigned to any seat: each seat's true chance lies between `win[i]` and
    /// `win[i] + undecided`, and they sum to 1 with it (0 when the chances are exact).
    pub undecided: f64,
    /// `win_by_round[r][i]` = P(seat i wins in round r), r = 0, 1, ... (to the last round
    /// computed).
    pub win_by_round: Vec<Vec<f64>>,
    /// P(R > the last round computed): the chance `win_by_round` and the pmfs leave out.
    pub unfinished_mass: f64,
    /// How the means and seat chances were computed.
    pub route: Route,
    /// Rounds until the first player finishes, at 50, 90 and 99 %: the smallest r with
    /// P(R <= r) >= p, P(R <= r) = 1 - S(r)^K from the one-player survival S.
    pub rounds_quantiles: Vec<RoundsQuantile>,
}

/// A quantile of a number of rounds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundsQuantile {
    /// The probability level: 0.5, 0.9 or 0.99.
    pub p: f64,
    /// The smallest r with P(rounds <= r) >= `p`.
    pub rounds: usize,
    /// The one-player distribution was cut before reaching `p`: the quantile is at least
    /// `rounds` (one past the last round computed), shown as "> rounds - 1". In JSON only when
    /// true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lower_bound: bool,
}

/// The levels of [`FirstFinisher::rounds_quantiles`].
pub const ROUNDS_QUANTILES: [f64; 3] = [0.5, 0.9, 0.99];

/// Until every player finishes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Everyone {
    /// max T_j, rounds until the last player finishes: mean, median (the smallest r with
    /// F(r)^K >= 1/2) and `pmf[r]` = P(the last player finishes in round r).
    pub rounds: Length,
    /// sum T_j, the turns of all players together (finished players sit out): mean (K E\[T\])
    /// and median.
    pub turns: Length,
    /// E\[finishing place\] of each seat (1 = first); the lower ends of `mean_place_range` when
    /// that is there.
    pub mean_place: Vec<f64>,
    /// When the places are not known exactly: \[low, high\] for each seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_place_range: Option<Vec<[f64; 2]>>,
    /// P(max T_j > the last round computed): the chance `rounds.pmf` leaves out.
    pub unfinished_mass: f64,
}

/// A length's mean and median, and its distribution where the JSON carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Length {
    /// The expected length; when `mean_range` is there, its lower end (printed "> mean").
    pub mean: f64,
    /// When the mean is not known exactly (the distribution was cut): \[low, high\], the
    /// interval it is known to lie in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_range: Option<[f64; 2]>,
    /// The smallest n with P(length <= n) >= 1/2.
    pub median: usize,
    /// The median is past the cut distribution: it is at least `median` (one past the last
    /// length computed), printed "> median - 1". In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub median_lower_bound: bool,
    /// `pmf[n]` = P(length = n), n = 0, 1, ... (left out of the JSON when not kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pmf: Vec<f64>,
}

impl Length {
    fn new(mean: Figure, (median, median_lower_bound): (usize, bool), pmf: Vec<f64>) -> Length {
        Length {
            mean: mean.value(),
            mean_range: mean.range(),
            median,
            median_lower_bound,
            pmf,
        }
    }

    /// The mean with its guarantee.
    pub fn mean_figure(&self) -> Figure {
        match self.mean_range {
            None => Figure::Exact(self.mean),
            Some([low, high]) => Figure::Bounds { low, high },
        }
    }

    /// The median as text: "n", or "> n" when it is past the cut.
    pub fn median_text(&self) -> String {
        if self.median_lower_bound {
            format!("> {}", self.median.saturating_sub(1))
        } else {
            self.median.to_string()
        }
    }
}

/// What the K-player figures are drawn from.
#[derive(Debug, Clone, Copy)]
pub struct OnePlayer<'a> {
    /// The one-player length distribution, possibly cut.
    pub dist: &'a Distribution,
    /// E\[T\] from the linear solve (exact, whatever the distribution left out).
    pub mean: f64,
    /// The distribution was computed until the chance left out fell below this (or to the
    /// turn limit).
    pub tolerance: f64,
}

/// The first-finisher figures of j players solved on the product chain (race::product): the
/// absorption probabilities split by the seat on turn when the chain finishes, and the
/// expected turns (every state counts 1) and rounds (the states with seat 0 to move count 1).
#[derive(Debug, Clone, PartialEq)]
pub struct ProductFigures {
    /// j, the number of players.
    pub players: usize,
    /// States of the product chain.
    pub states: usize,
    /// P(seat i wins).
    pub win: Vec<f64>,
    /// E\[R\], rounds until the first player finishes.
    pub mean_rounds: f64,
    /// E\[turns of all players together\] until the first player finishes.
    pub mean_turns: f64,
}

/// The product chains tried for the numbers of players whose figures need them: each one's
/// figures, or why it could not be solved.
#[derive(Debug, Clone, Default)]
pub struct Products {
    tried: Vec<(usize, Result<ProductFigures, String>)>,
}

impl Products {
    /// None: every figure from the distribution (or as bounds where it was cut).
    pub fn none() -> Products {
        Products::default()
    }

    /// Solves, within `budget` each, the product chains that the figures for `counts` players
    /// need and the distribution cannot give: j players for every j from 2 to the largest
    /// count (E\[max\] needs every E\[R_j\], the places need j = 2) whose first-finisher
    /// figures the cut leaves S(L)^j of, at least the tolerance. `states` is the size of the
    /// one-player chain.
    pub fn within<G: RaceGame>(
        game: &G,
        states: usize,
        one: &OnePlayer,
        counts: &[usize],
        budget: &Budget,
    ) -> Products {
        let cut = Cut::of(one.dist, one.tolerance);
        let most = counts.iter().copied().max().unwrap_or(1);
        let tried = (2..=most)
            .filter(|&j| cut.unfinished_mass.powi(j as i32) >= one.tolerance)
            .map(|j| (j, ProductFigures::within(game, states, j, budget)))
            .collect();
        Products { tried }
    }

    /// The figures of `j` players, if their product chain was solved.
    pub fn get(&self, j: usize) -> Option<&ProductFigures> {
        self.tried
            .iter()
            .find(|(k, _)| *k == j)
            .and_then(|(_, r)| r.as_ref().ok())
    }

    /// Why the product chain of `j` players was not solved, if it was tried and failed.
    pub fn why_not(&self, j: usize) -> Option<&str> {
        self.tried
            .iter()
            .find(|(k, _)| *k == j)
            .and_then(|(_, r)| r.as_ref().err().map(String::as_str))
    }
}

impl ProductFigures {
    /// The first-finisher figures of `k` players (2 to [`MAX_PRODUCT_PLAYERS`]) on the product
    /// chain of `game`, whose one-player chain has `states` states (the product has at most
    /// k states^k); refused, with the reason in words, when building or solving it would take
    /// more memory or time than `budget`, or the solve fails.
    pub fn within<G: RaceGame>(
        game: &G,
        states: usize,
        k: usize,
        budget: &Budget,
    ) -> Result<ProductFigures, String> {
        match k {
            2 => product::<G, 2>(game, states, budget),
            3 => product::<G, 3>(game, states, budget),
            4 => product::<G, 4>(game, states, budget),
            _ => Err(format!(
                "the product chain is solved for at most {MAX_PRODUCT_PLAYERS} players"
            )),
        }
    }
}

fn product<G: RaceGame, const K: usize>(
    game: &G,
    states: usize,
    budget: &Budget,
) -> Result<ProductFigures, String> {
    let bound = K as f64 * (states as f64).powi(K as i32);
    let transitions = bound * game.deck().len() as f64;
    let what = format!(
        "the product chain of {K} players (up to {} states)",
        crate::input::number::approx_count(bound)
    );
    let fail = |e: &dyn std::fmt::Display| format!("{what}: {e}");
    // The product's states are hashed (it numbers none densely).
    budget
        .memory(&what, transitions * CHAIN_BYTES_HASHED, "")
        .map_err(|e| e.to_string())?;
    budget
        .time(
            &what,
            crate::budget::idle(transitions / rate::CHAIN_HASHED),
            "",
        )
        .map_err(|e| e.to_string())?;
    let chain = Chain::build(&Product::<G, K>::new(game));
    // K seat chances, the turns and the rounds: K + 2 solves.
    // The sweep, priced as the sweep (the sparse LU's fill on a product chain is not known
    // before it is factored).
    check_sweep_solves(
        &chain,
        (K + 2) as f64,
        &format!("solving the product chain of {K} players"),
        budget,
    )
    .map_err(|e| e.to_string())?;
    let sweep = Sweep::<f64>::factor(chain.counts(), chain.denominator()).map_err(|e| fail(&e))?;
    let n = chain.len();
    let d = f64::from(chain.denominator());
    let solve = |rhs: Vec<f64>| -> Result<f64, String> {
        let y = sweep.solve(chain.counts(), &rhs).map_err(|e| fail(&e))?;
        let v = y[chain.start()];
        if v.is_finite() {
            Ok(v)
        } else {
            Err(fail(&"a result beyond the floating-point range"))
        }
    };
    let turn = |s: usize| usize::from(chain.states()[s].turn);
    let win = (0..K)
        .map(|seat| {
            // Finishing from a state where `seat` is on turn: seat wins.
            let rhs = (0..n)
                .map(|s| {
                    if turn(s) == seat {
                        f64::from(chain.finish_counts()[s]) / d
                    } else {
                        0.0
                    }
                })
                .collect();
            solve(rhs).map(probability)
        })
        .collect::<Result<Vec<f64>, String>>()?;
    let mean_turns = solve(vec![1.0; n])?;
    let mean_rounds = solve((0..n).map(|s| f64::from(u8::from(turn(s) == 0))).collect())?;
    Ok(ProductFigures {
        players: K,
        states: n,
        win,
        mean_rounds,
        mean_turns,
    })
}

impl Players {
    /// The figures of `k` players from the one-player distribution `d` alone, its mean taken
    /// as sum_n S(n) and its tolerance the default: for a distribution that was not cut.
    pub fn from_single(d: &Distribution, k: usize) -> Players {
        let mean = (0..=d.last_turn()).map(|n| d.survival(n)).sum();
        let one = OnePlayer {
            dist: d,
            mean,
            tolerance: super::Options::default().tolerance,
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
            everyone,
            why_bounds: note,
        }
    }
}

impl Players {
    /// What the one-player distribution these figures come from leaves out.
    pub fn cut(&self) -> Cut {
        Cut {
            last_turn: self.last_turn,
            unfinished_mass: self.unfinished_mass,
            tolerance: self.tolerance,
        }
    }
}

/// The one-player distribution read with its guarantees: values clamped to \[0, 1\] and the
/// sums the bounds need.
struct Reading<'a> {
    d: &'a Distribution,
    /// L, the last turn computed.
    last: usize,
    /// E\[T\] from the linear solve.
    mean: f64,
    tolerance: f64,
    /// sum_(n>L) S(n) = E\[T\] - sum_(n<=L) S(n): what the turns past the cut add to E\[T\].
    tail: f64,
}

impl<'a> Reading<'a> {
    fn of(one: &OnePlayer<'a>) -> Reading<'a> {
        let d = one.dist;
        let last = d.last_turn();
        let computed: f64 = (0..=last).map(|n| probability(d.survival(n))).sum();
        Reading {
            d,
            last,
            mean: one.mean,
            tolerance: one.tolerance,
            tail: (one.mean - computed).max(0.0),
        }
    }
    /// S(n), n <= L.
    fn s(&self, n: usize) -> f64 {
        probability(self.d.survival(n))
    }
    /// F(n) = 1 - S(n), n <= L.
    fn f(&self, n: usize) -> f64 {
        probability(1.0 - self.s(n))
    }
    /// p(n), 0 past L.
    fn p(&self, n: usize) -> f64 {
        self.d.pmf.get(n).map_or(0.0, |&x| probability(x))
    }
    /// S(L), the chance left out.
    fn left_out(&self) -> f64 {
        self.s(self.last)
    }
    /// E\[R_j\] = sum_(r<=L) S(r)^j, the rounds until the first of j players finishes, as far as
    /// the distribution goes.
    fn min_rounds(&self, j: usize) -> f64 {
        (0..=self.last).map(|r| self.s(r).powi(j as i32)).sum()
    }
    /// E\[R_j\] with its guarantee: exact for j = 1 (the linear solve), for a cut that leaves
    /// out less than the tolerance for j players (S(L)^j), or from the product chain; else
    /// bounds: what the distribution gives, plus at most S(L)^(j-1) sum_(n>L) S(n) past the
    /// cut, and never more than E\[R_(j-1)\] (the first of j players finishes no later than the
    /// first of j - 1 of them).
    fn min_rounds_figure(&self, j: usize, products: &Products) -> Figure {
        if j == 1 {
            return Figure::Exact(self.mean);
        }
        if self.left_out().powi(j as i32) < self.tolerance {
            return Figure::Exact(self.min_rounds(j));
        }
        if let Some(p) = products.get(j) {
            return Figure::Exact(p.mean_rounds);
        }
        let low = self.min_rounds(j);
        let fewer = match self.min_rounds_figure(j - 1, products) {
            Figure::Exact(v) | Figure::Bounds { high: v, .. } => v,
        };
        let high = (low + self.left_out().powi(j as i32 - 1) * self.tail).min(fewer);
        Figure::Bounds {
            low,
            high: high.max(low),
        }
    }
    /// E\[max T_j\] over k players with its guarantee. Exact for one player (E\[T\]), for a
    /// distribution that was not cut (sum_(r<=L) (1 - F(r)^k)), and by inclusion-exclusion,
    /// E\[max\] = sum_j (-1)^(j+1) C(k, j) E\[R_j\], when every E\[R_j\] is exact. Otherwise
    /// bounds: that sum in interval arithmetic over the bounded E\[R_j\]; what the distribution
    /// gives plus, past the cut, terms 1 - F(n)^k between S(n) and k S(n); and between
    /// E\[max\] of k - 1 players and that plus E\[T\] (one more player finishes no earlier and
    /// adds at most its own length).
    fn max_rounds_figure(&self, k: usize, products: &Products) -> Figure {
        let ki = k as i32;
        let computed: f64 = (0..=self.last).map(|n| 1.0 - self.f(n).powi(ki)).sum();
        if k == 1 {
            return Figure::Exact(self.mean);
        }
        if self.left_out() < self.tolerance {
            return Figure::Exact(computed);
        }
        let (mut low, mut high, mut exact) = (0.0, 0.0, true);
        let mut binomial = 1.0;
        for j in 1..=k {
            binomial = binomial * (k + 1 - j) as f64 / j as f64;
            let (a, b) = match self.min_rounds_figure(j, products) {
                Figure::Exact(v) => (v, v),
                Figure::Bounds { low, high } => {
                    exact = false;
                    (low, high)
                }
            };
            if j % 2 == 1 {
                (low, high) = (low + binomial * a, high + binomial * b);
            } else {
                (low, high) = (low - binomial * b, high - binomial * a);
            }
        }
        if exact {
            return Figure::Exact(low);
        }
        let (fewer_low, fewer_high) = match self.max_rounds_figure(k - 1, products) {
            Figure::Exact(v) => (v, v),
            Figure::Bounds { low, high } => (low, high),
        };
        let low = low.max(computed + self.tail).max(fewer_low);
        let high = high
            .min(computed + k as f64 * self.tail)
            .min(fewer_high + self.mean);
        Figure::Bounds {
            low,
            high: high.max(low),
        }
    }

    /// The smallest n <= `to` with `cdf(n)` >= `p`, or (`to` + 1, a lower bound).
    fn quantile(to: usize, p: f64, cdf: impl Fn(usize) -> f64) -> (usize, bool) {
        (0..=to)
            .find(|&n| cdf(n) >= p)
            .map_or((to + 1, true), |n| (n, false))
    }

    /// The smallest n <= `to` with `cdf(n)` >= 1/2, or (`to` + 1, a lower bound).
    fn median(to: usize, cdf: impl Fn(usize) -> f64) -> (usize, bool) {
        (0..=to)
            .find(|&n| cdf(n) >= 0.5)
            .map_or((to + 1, true), |n| (n, false))
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
        assert_eq!(pl.everyone.rounds.pmf, [0.0, 0.25, 0.75]);
        assert_eq!(pl.everyone.rounds.mean, 1.75);
        assert_eq!(pl.everyone.turns.mean, 3.0);
        // T0 + T1 <= 2 w.p. 1/4, <= 3 w.p. 3/4: median 3.
        assert_eq!(
            (
                pl.everyone.turns.median,
                pl.everyone.turns.median_lower_bound
            ),
            (3, false)
        );
        assert_eq!(pl.everyone.mean_place, [1.25, 1.75]);
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
        assert_eq!(pl.everyone.mean_place, [1.0]);
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
        assert!(within(8.0 / 3.0, pl.everyone.rounds.mean_range.unwrap()));
        assert_eq!(pl.everyone.turns.mean, 4.0);
        assert!(pl.everyone.turns.mean_range.is_none(), "K E[T] is exact");
        let places = pl.everyone.mean_place_range.unwrap();
        assert!(within(4.0 / 3.0, places[0]) && within(5.0 / 3.0, places[1]));
        // The median of R (P(R <= 1) = 3/4) is reached before the cut, and so is that of
        // T0 + T1: P(sum = n) = (n - 1) 2^-n, so P(sum <= 3) = 1/4 + 1/4 = 1/2.
        assert_eq!((ff.rounds.median, ff.rounds.median_lower_bound), (1, false));
        let sum = &pl.everyone.turns;
        assert_eq!((sum.median, sum.median_lower_bound), (3, false));
        // max(T0, T1) <= r w.p. (1 - 2^-r)^2: 1/4, 9/16 at r = 1, 2: median 2.
        assert_eq!(pl.everyone.rounds.median, 2);
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
        assert!((pl.everyone.rounds.mean - 8.0 / 3.0).abs() < 1e-15);
        assert!(pl.everyone.mean_place_range.is_none());
        assert!((pl.everyone.mean_place[1] - 5.0 / 3.0).abs() < 1e-15);
    }
}
