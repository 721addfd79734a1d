//! Each statistic of a sample (mean, sd, median, shortest and longest game) against its
//! sampling distribution under one hypothesis, for a sample of that many games: the tests of
//! `check --summary`, and of the sample's own summary in every fit.
//!
//! Against an exact reference:
//! - mean: normal, sd / sqrt(n);
//! - sd: the sample variance is about normal with variance (mu4 - sigma^4 (n - 3) / (n - 1)) / n;
//! - median m: the count C(x) of games of length <= x is binomial(n, F(x)); the median (the
//!   smallest length with at least half the games at or below it) is <= m when C(m) >= n/2,
//!   so P(median <= m) = P(C(m) >= ceil(n/2)), and >= m when C(m - 1) < n/2, so P(median >= m)
//!   = P(C(m - 1) <= floor(n/2)) for an odd n; for an even n a published median may be the
//!   average of the two middle games, so the upper tail tests the upper of them, P(C(m - 1) <=
//!   n/2);
//! - min m: P(min >= m) = (1 - F(m - 1))^n, P(min <= m) = 1 - (1 - F(m))^n;
//! - max M: P(max <= M) = (1 - S(M))^n, P(max >= M) = 1 - (1 - S(M - 1))^n.
//!
//! Against a simulated reference of N games, every test counts its noise too (the two-sample
//! form): the mean's and the variance's standard errors add the reference's, sigma^2 (1/n +
//! 1/N) and (mu4 - sigma^4)(1/n + 1/N); the median's count is normal with variance n F (1 - F)
//! (1 + n/N); the shortest and the longest game are tested on the pooled games beyond them,
//! the sample's and the reference's: given y + x of them, x of them the sample's is binomial
//! with the sample's share n / (n + N) ([`none_in`], [`some_in`]). Past the reference's own
//! games this says only what the two samples can, not what a model of the tail would guess.
//!
//! Each p-value is two-sided (twice the smaller tail, at most 1).

use serde::{Deserialize, Serialize};
use statrs::distribution::{Binomial, ContinuousCDF, DiscreteCDF, Normal};

use super::model::LengthModel;
use super::published::Published;
use super::ZScore;

/// One statistic against one hypothesis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatTest {
    /// "mean", "sd", "median", "min" or "max".
    pub statistic: String,
    /// The published value.
    pub published: f64,
    /// Its two-sided p-value under the hypothesis.
    pub p_value: f64,
    /// How the reference's figure entered the test: exact, or with a simulated reference's own
    /// noise counted as a second sample's.
    pub form: TestForm,
}

/// How a statistic was tested against its reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TestForm {
    /// Against an exact distribution.
    Exact,
    /// Against a simulated reference, whose own noise counts as a second sample's.
    TwoSample,
}

impl TestForm {
    /// The form of a test against `model`.
    pub fn of(model: &LengthModel) -> TestForm {
        if model.reference_games().is_some() {
            TestForm::TwoSample
        } else {
            TestForm::Exact
        }
    }
}

/// The z of a mean `x` of `n` games against a model of this (mean, variance): the standard
/// error is sqrt(var / n), plus var / N for a simulated reference of N games (`reference`),
/// whose own mean is as noisy. A reference that cannot vary (variance 0) gives its mean every
/// time (z = 0) or never (infinite z).
pub fn mean_z(x: f64, (mean, var): (f64, f64), n: f64, reference: Option<u64>) -> ZScore {
    let noise = reference.map_or(0.0, |big_n| var / big_n as f64);
    let difference = if (x - mean).abs() <= 1e-9 * mean.abs().max(1.0) {
        0.0
    } else {
        x - mean
    };
    ZScore::of(difference, (var / n + noise).sqrt())
}

/// The moments of a model: mean, variance, fourth central moment.
fn moments(model: &LengthModel) -> (f64, f64, f64) {
    let (mean, sd) = model.moments();
    let mut m4 = 0.0;
    let mut t = 0;
    while t < 10 || model.survival(t) * (t as f64).powi(4) > 1e-12 && t < 10_000_000 {
        m4 += (t as f64 - mean).powi(4) * model.p(t);
        t += 1;
    }
    (mean, sd * sd, m4)
}

fn two_sided(lower: f64, upper: f64) -> f64 {
    (2.0 * lower.min(upper)).clamp(0.0, 1.0)
}

/// An event of one game: lasting longer than t turns, or t turns or fewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// T > t.
    Longer(usize),
    /// T <= t.
    Within(usize),
}

impl Event {
    /// Its probability under `model`.
    fn p(self, model: &LengthModel) -> f64 {
        match self {
            Event::Longer(t) => model.survival(t),
            // A small P(T <= t) summed from the pmf, where 1 - S(t) would lose its digits.
            Event::Within(t) if model.survival(t) > 0.5 => (0..=t).map(|u| model.p(u)).sum(),
            Event::Within(t) => 1.0 - model.survival(t),
        }
    }

    /// The simulated reference's games in it (`None` when exact).
    fn games(self, model: &LengthModel) -> Option<u64> {
        match self {
            Event::Longer(t) => model.games_longer(t),
            Event::Within(t) => model.games_within(t),
        }
    }
}

/// The chance that none of `n` games falls in `event`: (1 - p)^n exactly; against a simulated
/// reference of N games, y of them in it, the conditional two-sample test's chance that all y
/// pooled games are the reference's, (N / (n + N))^y.
pub fn none_in(n: u64, model: &LengthModel, event: Event) -> f64 {
    match (event.games(model), model.reference_games()) {
        (Some(y), Some(big_n)) => share(big_n, n).powf(y as f64),
        _ => (n as f64 * (-event.p(model)).ln_1p()).exp(),
    }
}

/// The chance that at least `x` (>= 1) of `n` games fall in `event`, as far as it can be
/// told: exactly, that at least one does, 1 - (1 - p)^n (to full precision when tiny);
/// against a simulated reference of N games, y of them in it, that at least x of the x + y
/// pooled games are the sample's, P(Bin(x + y, n / (n + N)) >= x). An event the rules make
/// impossible has chance 0 either way.
pub fn some_in(n: u64, model: &LengthModel, event: Event, x: u64) -> f64 {
    if event.p(model) <= 0.0 {
        return 0.0;
    }
    match (event.games(model), model.reference_games()) {
        (Some(y), Some(big_n)) => match Binomial::new(share(n, big_n), x + y) {
            Ok(b) => b.sf(x.saturating_sub(1)),
            Err(_) => 1.0,
        },
        _ => -(n as f64 * (-event.p(model)).ln_1p()).exp_m1(),
    }
}

/// a / (a + b): the share of the pooled games that are a's.
fn share(a: u64, b: u64) -> f64 {
    a as f64 / (a as f64 + b as f64)
}

/// The p-value of a sample variance `s2` of `n` games against a model's variance `var` and
/// fourth central moment `m4`: Var(s^2) = (mu4 - sigma^4 (n - 3)/(n - 1)) / n, plus (mu4 -
/// sigma^4) / N for a simulated reference of N games.
fn variance_p(s2: f64, (var, m4): (f64, f64), n: f64, reference: Option<u64>) -> f64 {
    let own = (m4 - var * var * (n - 3.0) / (n - 1.0)).max(0.0) / n;
    let noise = reference.map_or(0.0, |big_n| (m4 - var * var).max(0.0) / big_n as f64);
    let se = (own + noise).sqrt();
    if se > 0.0 {
        2.0 * Normal::standard().cdf(-((s2 - var) / se).abs())
    } else if var == 0.0 {
        // Every game the same length: the sample sd is 0, and nothing else.
        f64::from(u8::from(s2 == 0.0))
    } else {
        // A sample variance with no spread of its own (a two-point distribution): the normal
        // approximation says nothing.
        1.0
    }
}

/// P(C >= k) and P(C <= j) for the count C of `n` games at or below a length of probability
/// `f`: binomial(n, f) against an exact reference; against a simulated one of N games, normal
/// with variance n f (1 - f) (1 + n / N) (the two-sample form), with a continuity correction.
fn count_tails(n: u64, f: f64, reference: Option<u64>, k: u64, j: u64) -> (f64, f64) {
    let f = f.clamp(0.0, 1.0);
    match reference {
        Some(big_n) if f > 0.0 && f < 1.0 => {
            let nf = n as f64;
            let sd = (nf * f * (1.0 - f) * (1.0 + nf / big_n as f64)).sqrt();
            let normal = Normal::standard();
            (
                normal.sf((k as f64 - 0.5 - nf * f) / sd),
                normal.cdf((j as f64 + 0.5 - nf * f) / sd),
            )
        }
        _ => match Binomial::new(f, n) {
            Ok(b) => (if k == 0 { 1.0 } else { b.sf(k - 1) }, b.cdf(j)),
            Err(_) => (1.0, 1.0),
        },
    }
}

/// P-values of each published statistic under `model`; against a simulated reference, each
/// counts the reference's own noise (the module's two-sample forms).
pub fn test(published: &Published, model: &LengthModel) -> Vec<StatTest> {
    let n = published.games as f64;
    let reference = model.reference_games();
    let form = TestForm::of(model);
    let (mean, var, m4) = moments(model);
    let mut out = Vec::new();
    let mut push = |name: &str, value: f64, p: f64| {
        out.push(StatTest {
            statistic: name.to_string(),
            published: value,
            p_value: p,
            form,
        })
    };
    if let Some(x) = published.mean {
        push("mean", x, mean_z(x, (mean, var), n, reference).p_value());
    }
    // The sd of one game is no statistic (it is 0 by convention).
    if let Some(s) = published.sd.filter(|_| published.games > 1) {
        push("sd", s, variance_p(s * s, (var, m4), n, reference));
    }
    let cdf = |x: i64| {
        if x < 0 {
            0.0
        } else {
            1.0 - model.survival(x as usize)
        }
    };
    if let Some(m) = published.median {
        let games = published.games;
        // P(median <= floor m) = P(C(floor m) >= ceil(n/2)); P(median >= ceil m) = P(C(ceil m -
        // 1) <= floor(n/2)).
        let (lower, _) = count_tails(
            games,
            cdf(m.floor() as i64),
            reference,
            games.div_ceil(2),
            0,
        );
        let (_, upper) = count_tails(games, cdf(m.ceil() as i64 - 1), reference, 0, games / 2);
        push("median", m, two_sided(lower, upper));
    }
    let n = published.games;
    if let Some(m) = published.min {
        // P(min >= m): no game at or below m - 1; P(min <= m): some game at or below m.
        let at_least = match m.checked_sub(1) {
            Some(below) => none_in(n, model, Event::Within(below)),
            None => 1.0,
        };
        let at_most = some_in(n, model, Event::Within(m), 1);
        push("min", m as f64, two_sided(at_most, at_least));
    }
    if let Some(big) = published.max {
        // P(max <= M): no game longer than M; P(max >= M): some game longer than M - 1.
        let at_most = none_in(n, model, Event::Longer(big));
        let at_least = match big.checked_sub(1) {
            Some(b) => some_in(n, model, Event::Longer(b), 1),
            None => 1.0,
        };
        push("max", big as f64, two_sided(at_most, at_least));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fair_coin_game_by_hand() {
        // T = 1 or 2 with probability 1/2 each: mean 1.5, variance 1/4. 100 games with mean
        // 1.5 fit (p = 1); min 2 in 100 games has probability (1/2)^100: rejected.
        let model = LengthModel::exact(vec![0.0, 0.5, 0.5], vec![1.0, 0.5, 0.0]).unwrap();
        let p = Published::parse("games=100 mean=1.5").unwrap();
        assert!((test(&p, &model)[0].p_value - 1.0).abs() < 1e-12);
        let p = Published::parse("games=100 min=2").unwrap();
        let t = test(&p, &model);
        assert!(t[0].p_value < 1e-29, "{}", t[0].p_value);
    }

    #[test]
    fn a_reference_that_cannot_vary_gives_p_of_0_or_1_never_nan() {
        // Every game lasts 3 turns: a mean of 3 and an sd of 0 are certain, anything else
        // impossible (the standard errors are 0, so no normal approximation applies).
        let model = LengthModel::exact(vec![0.0, 0.0, 0.0, 1.0], vec![1.0, 1.0, 1.0, 0.0]).unwrap();
        let p = |text: &str| test(&Published::parse(text).unwrap(), &model);
        let same = p("games=50 mean=3 sd=0");
        assert_eq!((same[0].p_value, same[1].p_value), (1.0, 1.0));
        let off = p("games=50 mean=3.5 sd=0.5");
        assert_eq!((off[0].p_value, off[1].p_value), (0.0, 0.0));
    }

    #[test]
    fn the_medians_upper_tail_for_an_odd_number_of_games_is_c_below_n_over_2() {
        // T = 1 with probability 0.9, 2 with 0.1; 3 games with median 2. The median is >= 2
        // when fewer than 3/2 games last 1 turn: C(1) <= 1, binomial(3, 0.9): 0.1^3 + 3 0.9
        // 0.1^2 = 0.028. The median is <= 2 always. Two-sided: 0.056.
        let model = LengthModel::exact(vec![0.0, 0.9, 0.1], vec![1.0, 0.1, 0.0]).unwrap();
        let t = test(&Published::parse("games=3 median=2").unwrap(), &model);
        assert!((t[0].p_value - 0.056).abs() < 1e-12, "{}", t[0].p_value);
        // 4 games with median 2 (the average of the two middle games may be 2): the upper tail
        // tests the upper middle game, C(1) <= 2: 1 - 0.9^4 - 4 0.9^3 0.1 = 0.0523.
        let t = test(&Published::parse("games=4 median=2").unwrap(), &model);
        assert!(
            (t[0].p_value - 2.0 * 0.0523).abs() < 1e-12,
            "{}",
            t[0].p_value
        );
    }

    #[test]
    fn a_simulated_references_noise_widens_the_variance_test_as_a_second_samples() {
        // sigma^2 = 4, mu4 = 48 (a normal's 3 sigma^4); 100 games of sample variance 5.6.
        // Alone: Var(s^2) = (48 - 16 97/99) / 100 = 0.32323, z = 1.6 / 0.56854 = 2.8142, p =
        // 0.004890. With a reference of 100 simulated games: + (48 - 16) / 100 = 0.32, se =
        // 0.80202, z = 1.99497, p = 0.046046.
        let exact = variance_p(5.6, (4.0, 48.0), 100.0, None);
        assert!((exact - 0.004890).abs() < 2e-6, "{exact}");
        let two = variance_p(5.6, (4.0, 48.0), 100.0, Some(100));
        assert!((two - 0.046046).abs() < 2e-6, "{two}");
    }

    #[test]
    fn the_extremes_against_a_simulated_reference_are_its_games_against_the_samples() {
        // A reference of 1,000 simulated games, 4 of them longer than 10 turns, none longer
        // than 20; a sample of 3,000. No sample game longer than 10: all 4 pooled games are the
        // reference's, (1000 / 4000)^4 = 1/256. A sample game of 25 turns: beyond every
        // reference game, it is one pooled game the sample holds with chance 3/4, whatever a
        // model of the tail would say; an impossible length (0 turns) has chance 0.
        let mut h = vec![0u64; 21];
        h[5] = 996;
        h[12] = 3;
        h[20] = 1;
        let prior = std::sync::Arc::new(crate::check::model::tail::tests::geometric(0.5, 60));
        let m = LengthModel::simulated(h, prior);
        assert!((none_in(3000, &m, Event::Longer(10)) - 1.0 / 256.0).abs() < 1e-15);
        assert!((some_in(3000, &m, Event::Longer(24), 1) - 0.75).abs() < 1e-12);
        // Three sample games beyond 10 with the reference's 4: P(Bin(7, 3/4) >= 3) = 1 - (0.25^7 + 7 0.75 0.25^6
        // + 21 0.75^2 0.25^5) = 0.987122.
        let p = some_in(3000, &m, Event::Longer(10), 3);
        assert!((p - 0.987_121_582_031_25).abs() < 1e-12, "{p}");
        assert_eq!(some_in(3000, &m, Event::Within(0), 1), 0.0);
    }

    #[test]
    fn a_tiny_chance_against_an_exact_reference_keeps_its_digits() {
        // P(T > 899) = 1e-15 and 300,001 games: 1 - (1 - 1e-15)^300001 = 3.00001e-10, which
        // 1 - powf loses to rounding (1 - 1e-15 is not exact in f64).
        let mut pmf = vec![0.0; 901];
        let mut survival = vec![1.0; 901];
        pmf[1] = 1.0 - 1e-15;
        pmf[900] = 1e-15;
        for (t, s) in survival.iter_mut().enumerate().skip(1) {
            *s = if t < 900 { 1e-15 } else { 0.0 };
        }
        let m = LengthModel::exact(pmf, survival).unwrap();
        let p = some_in(300_001, &m, Event::Longer(899), 1);
        assert!((p / 3.00001e-10 - 1.0).abs() < 1e-6, "{p}");
    }
}
