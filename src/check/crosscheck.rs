//! The cross-check: the simulator against the exact solver, on the same rules.
//!
//! 1. I.i.d. draws are exactly the Markov model, so an i.i.d. simulation must fit the exact
//!    distribution: chi-square p-value, z-score of the mean, largest CDF gap, one verdict.
//! 2. A shuffled finite deck is not the Markov model; the difference between a shuffled-deck
//!    simulation and the exact i.i.d. answer measures the finite-deck effect on the board.

use serde::{Deserialize, Serialize};

use crate::input::number::count;
use crate::sim::{simulate, DeckMode, SimOptions, SimResult, Simulator};
use crate::solve::Analysis;
use crate::stats::{chi_square, max_cdf_gap, with_cut, ChiSquare, Summary, P_FLOOR, Z95, Z_LIMIT};

/// Both checks for one board. This struct is `crosscheck --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrossCheck {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// Games of each simulation (one player), unfinished ones included.
    pub games: u64,
    /// Seed of both simulations.
    pub seed: u64,
    /// The exact figures the samples are checked against (one player, i.i.d. draws).
    pub exact: ExactLength,
    /// The i.i.d. simulation against the exact distribution.
    pub iid: IidFit,
    /// The simulation with a real shuffled deck; `None` for a spinner or die (nothing to
    /// shuffle). JSON `finite_deck`.
    #[serde(rename = "finite_deck")]
    pub shuffled: Option<FiniteDeck>,
}

/// The exact length figures a sample is checked against, in turns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExactLength {
    /// E\[T\].
    pub mean: f64,
    /// The standard deviation of T.
    pub sd: f64,
    /// The smallest n with P(T <= n) >= 0.5.
    pub median: usize,
    /// The distribution was cut before its median: the median is at least `median`. In JSON
    /// only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub median_lower_bound: bool,
}

/// I.i.d. simulation against the exact distribution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IidFit {
    /// The simulated game lengths, in turns (games stopped at the turn limit counted as lower
    /// bounds: see the sample's `cut`).
    pub sample: Summary,
    /// (sample mean - exact mean) / (exact sd / sqrt(games)); with cut games, from a lower
    /// bound of the mean.
    pub z_mean: f64,
    /// Pearson's chi-square test of the sample against the exact pmf; `None` when fewer than
    /// two bins can be formed.
    pub chi_square: Option<ChiSquare>,
    /// The largest |F_sample(n) - F_exact(n)|, and where.
    pub max_cdf_gap: f64,
    /// The n of that largest gap, in turns.
    pub max_cdf_gap_at: usize,
    /// Games stopped at the turn limit (there should be none).
    pub unfinished: u64,
    /// Whether the sample fits: |`z_mean`| < [`Z_LIMIT`], chi-square p-value > [`P_FLOOR`]
    /// (1 without a test) and no unfinished game.
    pub consistent: bool,
    /// The result in one sentence, starting "CONSISTENT", "INCONSISTENT", or "UNDECIDED" when
    /// the sample fits as far as it goes but games were stopped at the turn limit.
    pub verdict: String,
}

/// Shuffled-deck simulation against the exact i.i.d. answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteDeck {
    /// The simulated game lengths with a shuffled deck, in turns (games stopped at the turn
    /// limit counted as lower bounds: see the sample's `cut`).
    pub sample: Summary,
    /// Shuffled mean minus exact i.i.d. mean; a lower bound when games were cut.
    pub mean_difference: f64,
    /// 95 % confidence interval of `mean_difference`, [low, high], in turns (normal
    /// approximation; the exact mean has no error); left out when games were cut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difference_ci95: Option<[f64; 2]>,
    /// Shuffled median minus exact median.
    pub median_difference: i64,
    /// Whether the 95 % interval of the difference excludes 0.
    pub significant: bool,
    /// The finite-deck effect on the board in one sentence.
    pub statement: String,
}

/// A game still running after this many turns counts as unfinished in the cross-check.
pub const MAX_TURNS: u32 = 1_000_000;

impl CrossCheck {
    /// The options of the run with `deck` (for estimating it).
    pub fn options(games: u64, seed: u64, deck: DeckMode) -> SimOptions {
        SimOptions {
            games,
            seed,
            deck,
            players: 1,
            max_turns: MAX_TURNS,
            keep_lengths: false,
        }
    }

    /// Runs both simulations (`games` each, same seed; the shuffled one only when the game has
    /// a deck) and compares them with `exact`.
    pub fn run(
        exact: &Analysis,
        sim: &Simulator,
        games: u64,
        seed: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Option<CrossCheck> {
        let options = |deck| Self::options(games, seed, deck);
        let iid = simulate(sim, &options(DeckMode::Iid), progress);
        let shuffled = sim
            .has_deck()
            .then(|| simulate(sim, &options(DeckMode::Shuffled), progress));
        Some(CrossCheck {
            board: exact.board.clone(),
            variant: exact.variant.clone(),
            games,
            seed,
            exact: ExactLength {
                mean: exact.expected_turns,
                sd: exact.std_dev,
                median: exact.median,
                median_lower_bound: exact.median_lower_bound,
            },
            iid: iid_fit(exact, &iid)?,
            shuffled: match &shuffled {
                Some(r) => Some(finite_deck(exact, r)?),
                None => None,
            },
        })
    }
}

fn iid_fit(exact: &Analysis, r: &SimResult) -> Option<IidFit> {
    let limit = MAX_TURNS as usize;
    let sample = Summary::censored(&r.histogram, r.unfinished, limit)?;
    let n = r.games;
    let z_mean = (sample.mean - exact.expected_turns) / (exact.std_dev / (n as f64).sqrt());
    // Every game, the cut ones past the limit: the chi-square's last bin holds them.
    let all = with_cut(&r.histogram, r.unfinished, limit);
    let chi = chi_square(&all, &exact.pmf, n);
    // Both CDFs are known only up to the last turn of a cut distribution and up to the turn
    // limit of a sample with cut games: the gap is measured there.
    let known = if exact.truncated || r.unfinished > 0 {
        exact.pmf.len().min(limit + 1)
    } else {
        usize::MAX
    };
    let (gap, at) = max_cdf_gap(
        &all[..all.len().min(known)],
        &exact.pmf[..exact.pmf.len().min(known)],
        n,
    );
    let p = chi.as_ref().map_or(1.0, |c| c.p_value);
    let fits = z_mean.abs() < Z_LIMIT && p > P_FLOOR;
    let consistent = fits && r.unfinished == 0;
    let mut verdict = format!(
        "{}: {} i.i.d. games {} the exact distribution (chi-square {}, z of the mean = {:+.2}, largest CDF gap {:.4} at {} turns)",
        match (fits, r.unfinished) {
            (true, 0) => "CONSISTENT",
            (true, _) => "UNDECIDED",
            (false, _) => "INCONSISTENT",
        },
        count(n),
        if fits { "fit" } else { "do not fit" },
        crate::input::number::p_value(p),
        z_mean,
        gap,
        at
    );
    if r.unfinished > 0 {
        verdict.push_str(&format!(
            "; but {} games were stopped at the turn limit of {}, so the sample's mean (and its z) is only a lower bound",
            count(r.unfinished),
            count(u64::from(MAX_TURNS))
        ));
    }
    if exact.truncated {
        verdict.push_str(&format!(
            "; the exact distribution was cut at turn {}, so the CDFs are compared up to there",
            exact.pmf.len() - 1
        ));
    }
    Some(IidFit {
        sample,
        z_mean,
        chi_square: chi,
        max_cdf_gap: gap,
        max_cdf_gap_at: at,
        unfinished: r.unfinished,
        consistent,
        verdict,
    })
}

/// A length that may be only a lower bound (`t` one past the last known): "n" or "more than n".
fn bounded_turns(t: usize, lower_bound: bool) -> String {
    if lower_bound {
        format!("more than {}", t - 1)
    } else {
        t.to_string()
    }
}

fn finite_deck(exact: &Analysis, r: &SimResult) -> Option<FiniteDeck> {
    let sample = Summary::censored(&r.histogram, r.unfinished, MAX_TURNS as usize)?;
    let d = sample.mean - exact.expected_turns;
    let half = Z95 * sample.sd / (r.games as f64).sqrt();
    let ci = [d - half, d + half];
    let significant = r.unfinished == 0 && (ci[0] > 0.0 || ci[1] < 0.0);
    let median_difference = sample.median as i64 - exact.median as i64;
    let effect = if r.unfinished > 0 {
        format!(
            "cannot be measured here: {} of its {} games were stopped at the turn limit of {}, so its mean ({:.2} turns more than i.i.d. draws, at least) is only a lower bound",
            count(r.unfinished),
            count(r.games),
            count(u64::from(MAX_TURNS)),
            d
        )
    } else if significant {
        format!(
            "makes the average one-player game {:.2} turns {} than i.i.d. draws (95 % CI {:.2} to {:.2})",
            d.abs(),
            if d < 0.0 { "shorter" } else { "longer" },
            ci[0].abs().min(ci[1].abs()),
            ci[0].abs().max(ci[1].abs()),
        )
    } else {
        format!(
            "changes the average one-player game by no detectable amount (difference {d:+.3} turns, 95 % CI {:+.3} to {:+.3})",
            ci[0], ci[1]
        )
    };
    let statement = format!(
        "On {}, a real shuffled deck {effect}; the median is {} turns against {} exactly.",
        exact.board,
        bounded_turns(sample.median, sample.median_lower_bound),
        bounded_turns(exact.median, exact.median_lower_bound)
    );
    Some(FiniteDeck {
        sample,
        mean_difference: d,
        difference_ci95: (r.unfinished == 0).then_some(ci),
        median_difference,
        significant,
        statement,
    })
}
