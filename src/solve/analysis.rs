//! The one-player analysis of a board: the moments, the whole length distribution and what
//! is read off it (quantiles, tails, the mode), the exact E[T] where asked for, and the board's
//! identity. [`Analysis`] is both the solver's typed result and `analyze --json`.

use num_rational::BigRational;
use num_traits::ToPrimitive;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::chain::Chain;
use crate::games::race::RaceGame;

use super::{
    distribution_seconds, distribution_steps, exact_expected_turns_within, failure_error,
    Distribution, Moments, Options, SolveError, SolveFailure, SweepError, LONGER_THAN,
    PEAK_FRACTION, QUANTILES,
};
use crate::games::load::About;

/// One quantile of the length distribution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quantile {
    /// The probability level, e.g. 0.99 (one of [`QUANTILES`]).
    pub p: f64,
    /// The smallest n with P(T <= n) >= `p`, in turns.
    pub turns: usize,
    /// The distribution was cut (`--max-turns`) before reaching `p`: the quantile is at
    /// least `turns` (one past the last turn computed), shown as "> turns - 1". In JSON only
    /// when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lower_bound: bool,
}

/// P(T > turns).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tail {
    /// The threshold n, in turns (one of [`LONGER_THAN`]).
    pub turns: usize,
    /// P(T > `turns`).
    pub probability: f64,
    /// `turns` is past the cut distribution: `probability` is P(T > last turn computed), an
    /// upper bound. In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub upper_bound: bool,
}

/// The shortest possible game: its length and one sequence of draws that achieves it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShortestGame {
    /// Its length, in turns.
    pub turns: usize,
    /// One sequence of draws achieving it ("(lost turn)" for a turn that draws nothing).
    pub draws: Vec<String>,
}

/// The draws of a game: what one is called, and how many a game takes on average.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Draws {
    /// What draws are called in the plural: "cards drawn", "spins".
    pub word: String,
    /// E\[draws per game\]: less than E\[T\] when lost turns draw nothing.
    pub mean: f64,
}

/// Every single-player figure of one game. This struct is the `--json` output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Analysis {
    /// The board's name.
    pub board: String,
    /// What the board is and where it comes from.
    pub description: String,
    /// Where the layout, deck and rules come from.
    pub source: String,
    /// The rules in force: each `[rules]` key of the board file with its value.
    #[serde(rename = "rules")]
    pub rules_json: serde_json::Value,
    /// The rules in force, in words.
    #[serde(rename = "rules_text")]
    pub rules: String,
    /// Command-line changes to the board file ("" for none).
    pub variant: String,
    /// Number of spaces on the track.
    pub spaces: usize,
    /// The board's size in words, e.g. "134 spaces, 66 cards".
    pub size: String,
    /// What one draw is called in the plural, and how many a game takes.
    pub draws: Draws,
    /// D: cards in a full deck (for a spinner, the total weight of one turn's outcomes).
    pub cards: u32,
    /// Number of transient states of the chain.
    pub states: usize,
    /// E\[T\], turns until the player finishes (lost turns count). JSON `mean`.
    #[serde(rename = "mean")]
    pub expected_turns: f64,
    /// E\[T\] exactly; `None` when not computed. JSON `mean_exact`, an
    /// `Exact` (`{num, den, float}`) or null.
    #[serde(rename = "mean_exact", with = "crate::solve::vocabulary::exact_option")]
    #[schemars(with = "Option<crate::solve::vocabulary::Exact>")]
    pub expected_turns_exact: Option<BigRational>,
    /// Var\[T\], in turns squared.
    pub variance: f64,
    /// Standard deviation of T, in turns. JSON `sd`.
    #[serde(rename = "sd")]
    pub std_dev: f64,
    /// The shortest possible game.
    pub shortest_game: ShortestGame,
    /// The smallest n with P(T <= n) >= 0.5, in turns.
    pub median: usize,
    /// The median is past the cut distribution: at least `median`.
    pub median_lower_bound: bool,
    /// The most likely length, in turns (the first, if several tie).
    pub mode: usize,
    /// Whether the mode is certain: false when the distribution was cut with more mass left
    /// out than the mode's own probability (a later turn could be more likely).
    pub mode_settled: bool,
    /// Other local maxima of the pmf, at least `PEAK_FRACTION` of the mode's height.
    pub secondary_modes: Vec<usize>,
    /// The quantiles at each level of [`QUANTILES`].
    pub quantiles: Vec<Quantile>,
    /// P(T > n) for each n of [`LONGER_THAN`]. JSON `tail`.
    #[serde(rename = "tail")]
    pub longer_than: Vec<Tail>,
    /// P(T > last computed turn): the mass the distribution leaves out.
    pub unfinished_mass: f64,
    /// The distribution was cut by `max_turns` before the mass left out fell below the
    /// tolerance: figures past the cut are bounds (see `lower_bound`, `upper_bound`).
    pub truncated: bool,
    /// The distribution was computed until `unfinished_mass` fell below this.
    pub tolerance: f64,
    /// `pmf[n]` = P(T = n), n = 0, 1, ...
    pub pmf: Vec<f64>,
    /// `survival[n]` = P(T > n), kept for the multi-player figures (not in the JSON).
    #[serde(skip)]
    pub survival: Vec<f64>,
}

impl Analysis {
    /// Solves a game: moments, exact expected length, distribution and figures.
    pub fn of<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        about: About,
        options: &Options,
    ) -> Result<Analysis, SolveError> {
        let moments = Moments::within(game, chain, &about, &options.budget)?;
        Self::from_moments(game, chain, about, options, &moments)
    }

    /// The rest of [`Analysis::of`], given the moments already solved.
    pub fn from_moments<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        about: About,
        options: &Options,
        moments: &Moments,
    ) -> Result<Analysis, SolveError> {
        // The exact fraction first: its probe refuses within a second, before the
        // distribution has been paid for.
        let exact = Self::exact_fraction(game, chain, options)?;
        Self::check_distribution(chain, moments, options)?;
        Self::with_exact(game, chain, about, options, moments, exact)
    }

    /// E\[T\] exactly when `options` asks for it (`None` otherwise), stopped at once when it
    /// would not fit the budget with the work already accepted.
    pub fn exact_fraction<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        options: &Options,
    ) -> Result<Option<BigRational>, SolveError> {
        if !options.exact {
            return Ok(None);
        }
        let exact = exact_expected_turns_within(chain, &options.budget)?.map_err(|e| match e {
            SweepError::Trapped { state } => {
                failure_error(game, chain, SolveFailure::Trapped { state })
            }
            _ => failure_error(game, chain, SolveFailure::CannotFinish),
        })?;
        Ok(Some(exact))
    }

    /// Refuses the distribution's turn-steps if they would not fit the budget.
    pub fn check_distribution<S>(
        chain: &crate::chain::Matrix<S>,
        moments: &Moments,
        options: &Options,
    ) -> Result<(), crate::budget::OverBudget> {
        let steps = distribution_steps(moments, options.tolerance, options.max_turns);
        options.budget.time(
            &format!("computing the distribution ({steps:.0} turn-steps)"),
            distribution_seconds(chain, steps),
            "compute fewer turns with --max-turns N, or only the moments with --moments-only",
        )
    }

    /// [`Analysis::from_moments`] with the exact fraction given (or left out), once the
    /// distribution's cost is accepted ([`Analysis::check_distribution`]).
    pub fn with_exact<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        about: About,
        options: &Options,
        moments: &Moments,
        expected_turns_exact: Option<BigRational>,
    ) -> Result<Analysis, SolveError> {
        let n = chain.len();
        let s0 = chain.start();
        let (mean, variance) = (moments.expected_turns, moments.variance);
        let shortest = chain.shortest_game().expect("every state can finish");
        let dist = Distribution::compute(
            (chain.counts(), chain.denominator()),
            &chain.r(),
            s0,
            options.tolerance,
            LONGER_THAN[LONGER_THAN.len() - 1],
            options.max_turns,
            options.tolerance * super::DROPPED_SHARE,
        );
        let last = dist.last_turn();
        let left_out = dist.survival(last);
        // (turns, is a lower bound): past the cut, the quantile is at least one turn more.
        let quantile = |p: f64| dist.quantile(p).map_or((last + 1, true), |t| (t, false));
        let mode = dist.mode();
        let (median, median_lower_bound) = quantile(0.5);
        Ok(Analysis {
            board: about.board,
            description: about.description,
            source: about.source,
            rules_json: about.rules_json,
            rules: about.rules,
            variant: about.variant,
            spaces: about.spaces,
            size: about.size,
            draws: Draws {
                word: about.draws,
                mean: moments.expected_cards,
            },
            cards: chain.denominator(),
            states: n,
            expected_turns: mean,
            expected_turns_exact,
            variance,
            std_dev: variance.sqrt(),
            shortest_game: ShortestGame {
                turns: shortest.len(),
                draws: shortest
                    .iter()
                    .map(|c| {
                        c.map_or("(lost turn)".to_string(), |c| {
                            game.card_name(chain.cards()[c].0)
                        })
                    })
                    .collect(),
            },
            median,
            median_lower_bound,
            mode,
            mode_settled: left_out <= dist.pmf[mode],
            secondary_modes: dist.secondary_peaks(PEAK_FRACTION),
            quantiles: quantiles(&dist),
            longer_than: tails(&dist),
            unfinished_mass: left_out,
            truncated: left_out >= options.tolerance,
            tolerance: options.tolerance,
            pmf: dist.pmf,
            survival: dist.survival,
        })
    }

    /// The length distribution.
    pub fn distribution(&self) -> Distribution {
        Distribution {
            pmf: self.pmf.clone(),
            survival: self.survival.clone(),
        }
    }

    /// What the distribution leaves out: every figure drawn from it carries this.
    pub fn cut(&self) -> super::guarantee::Cut {
        super::guarantee::Cut {
            last_turn: self.pmf.len() - 1,
            unfinished_mass: self.unfinished_mass,
            tolerance: self.tolerance,
        }
    }

    /// The exact expected length as a float (for checks against `expected_turns`).
    pub fn exact_as_f64(&self) -> Option<f64> {
        self.expected_turns_exact.as_ref()?.to_f64()
    }
}

/// An exact value as JSON and text show it: "num/den" (the denominator even when it is 1), ""
/// for none.
pub mod fraction {
    use num_rational::BigRational;
    use serde::{Deserialize, Deserializer, Serializer};

    /// "num/den", or "" for `None`.
    pub fn text(value: Option<&BigRational>) -> String {
        value.map_or_else(String::new, |r| format!("{}/{}", r.numer(), r.denom()))
    }

    /// Serializes as [`text`].
    pub fn serialize<S: Serializer>(value: &Option<BigRational>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&text(value.as_ref()))
    }

    /// Reads "num/den" (or "" for `None`).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BigRational>, D::Error> {
        let text = String::deserialize(d)?;
        if text.is_empty() {
            return Ok(None);
        }
        let (num, den) = text
            .split_once('/')
            .ok_or_else(|| serde::de::Error::custom("expected \"num/den\""))?;
        let num = num.parse().map_err(serde::de::Error::custom)?;
        let den = den.parse().map_err(serde::de::Error::custom)?;
        Ok(Some(BigRational::new(num, den)))
    }
}

/// The [`QUANTILES`] of a distribution; past a cut one, lower bounds (one turn past the cut).
fn quantiles(dist: &Distribution) -> Vec<Quantile> {
    let last = dist.last_turn();
    QUANTILES
        .iter()
        .map(|&p| {
            let (turns, lower_bound) = dist.quantile(p).map_or((last + 1, true), |t| (t, false));
            Quantile {
                p,
                turns,
                lower_bound,
            }
        })
        .collect()
}

/// P(T > n) for each n of [`LONGER_THAN`]; past a cut distribution, upper bounds.
fn tails(dist: &Distribution) -> Vec<Tail> {
    LONGER_THAN
        .iter()
        .map(|&t| Tail {
            turns: t,
            probability: dist.survival(t),
            upper_bound: t > dist.last_turn(),
        })
        .collect()
}
