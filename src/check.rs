//! Checking someone else's simulator from the game lengths it produced.
//!
//! 1. Goodness of fit to one reference: the exact distribution for i.i.d. draws, or a large
//!    shuffled-deck simulation for a finite deck (then a two-sample test, so the reference's
//!    own noise counts): chi-square, z of the mean, largest CDF gap, one verdict.
//! 2. Which rules the data most likely came from: every shipped board under every combination
//!    of the rules simulators disagree on ([`crate::model::Game::rule_hypotheses`]) and both
//!    decks, ranked by the log-likelihood of the sample. The i.i.d. candidates use the exact pmf; the shuffled ones a simulated pmf
//!    with half a game added to every length (so that no length is impossible by chance).

use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::Chain;
use crate::games::Source;
use crate::model::{Game, Variant};
use crate::sim::{simulate, DeckMode, SimOptions, Simulator};
use crate::solve::players::Players;
use crate::solve::{check_finishes, Analysis, Options, SolveError};
use crate::stats::{
    chi_square, chi_square_two_sample, max_cdf_gap, max_cdf_gap_two_sample, ChiSquare, Summary,
    P_FLOOR, Z_LIMIT,
};

/// A game still running after this many turns is left out of a reference simulation.
const MAX_TURNS: u32 = 1_000_000;

/// What the sample is compared with: an exact pmf or a simulated histogram.
#[derive(Debug, Clone)]
pub enum Reference {
    /// The exact distribution for i.i.d. draws.
    Exact {
        /// `pmf[n]` = P(the game lasts n turns, all players' turns counted until the first
        /// finishes).
        pmf: Vec<f64>,
        /// Mean of `pmf`, in turns.
        mean: f64,
        /// Standard deviation of `pmf`, in turns.
        sd: f64,
    },
    /// A shuffled-deck simulation.
    Simulated {
        /// `histogram[n]`: reference games that lasted n turns, all players' turns counted
        /// (unfinished games left out).
        histogram: Vec<u64>,
    },
}

/// A board with a rule variant and a deck: one hypothesis about the data.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The board's short name.
    pub board: String,
    /// The rule variant applied to the board.
    pub variant: Variant,
    /// How cards are drawn.
    pub deck: DeckMode,
    /// The distribution of game lengths under this hypothesis.
    pub reference: Reference,
}

impl Candidate {
    /// "classic --doubles one-step, shuffled deck".
    pub fn label(&self) -> String {
        let v = self.variant.to_string();
        let sep = if v.is_empty() { "" } else { " " };
        format!("{}{sep}{v}, {} deck", self.board, self.deck.name())
    }
}

/// How to build references.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// K, players in each game of the data (lengths count every player's turns).
    pub players: usize,
    /// Games of each shuffled-deck reference simulation.
    pub reference_games: u64,
    /// Seed of every reference simulation.
    pub seed: u64,
    /// Time allowed for each reference.
    pub budget: Budget,
}

/// The reference of one board, variant and deck; `None` if the variant makes the board
/// invalid or unfinishable; an error if it would take longer than the budget.
pub fn candidate<G: Game>(
    source: &Source<G>,
    variant: &Variant,
    deck: DeckMode,
    settings: &Settings,
) -> Result<Option<Candidate>, OverBudget> {
    let Ok(game) = source.game(variant) else {
        return Ok(None);
    };
    let name = game.name().to_string();
    let chain = Chain::build_within(&game, &settings.budget)?;
    if check_finishes(&game, &chain).is_err() {
        return Ok(None);
    }
    let options = Options::quick(&settings.budget);
    let a = match Analysis::of(&game, &chain, Default::default(), &options) {
        Ok(a) => a,
        Err(SolveError::OverBudget(e)) => return Err(e),
        Err(_) => return Ok(None),
    };
    let reference = match deck {
        DeckMode::Iid => {
            let p = Players::from_single(&a.distribution(), settings.players);
            let pmf = p.first_finisher.turns_pmf;
            let mean = pmf
                .iter()
                .enumerate()
                .map(|(n, q)| n as f64 * q)
                .sum::<f64>();
            let var = pmf
                .iter()
                .enumerate()
                .map(|(n, q)| (n as f64 - mean).powi(2) * q)
                .sum::<f64>();
            Reference::Exact {
                pmf,
                mean,
                sd: var.sqrt(),
            }
        }
        DeckMode::Shuffled => {
            settings.budget.simulation(
                settings.reference_games,
                (a.expected_turns * settings.players as f64).min(f64::from(MAX_TURNS)),
                "use fewer --reference-games",
            )?;
            let options = SimOptions {
                games: settings.reference_games,
                seed: settings.seed,
                deck,
                players: settings.players,
                max_turns: MAX_TURNS,
                keep_lengths: false,
            };
            let r = simulate(&Simulator::new(&chain), &options, &|_| {});
            Reference::Simulated {
                histogram: r.histogram,
            }
        }
    };
    Ok(Some(Candidate {
        board: name,
        variant: variant.clone(),
        deck,
        reference,
    }))
}

/// Goodness of fit of a sample to one reference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fit {
    /// The reference's label, e.g. "classic, iid deck".
    pub reference: String,
    /// "exact" or "simulated, N games".
    pub reference_kind: String,
    /// Mean game length of the reference, in turns (all players' turns counted).
    pub reference_mean: f64,
    /// Pearson's chi-square test of the sample against the reference (two-sample for a
    /// simulated one); `None` when fewer than two bins can be formed.
    pub chi_square: Option<ChiSquare>,
    /// (sample mean - reference mean) / its standard error; for a simulated reference the
    /// standard error includes the reference's own noise.
    pub z_mean: f64,
    /// The largest |F_sample(n) - F_reference(n)|, in [0, 1].
    pub max_cdf_gap: f64,
    /// The n of that largest gap, in turns.
    pub max_cdf_gap_at: usize,
    /// Whether the sample fits: |`z_mean`| < [`Z_LIMIT`] and chi-square p-value > [`P_FLOOR`]
    /// (1 without a test).
    pub consistent: bool,
    /// The result in one sentence, starting "consistent with" or "INCONSISTENT with".
    pub verdict: String,
}

/// A sample's histogram.
pub fn histogram(lengths: &[u32]) -> Vec<u64> {
    let mut h = vec![0u64; lengths.iter().max().map_or(1, |&m| m as usize + 1)];
    for &l in lengths {
        h[l as usize] += 1;
    }
    h
}

/// Fits a sample (histogram) to a candidate.
pub fn fit(sample: &[u64], c: &Candidate) -> Fit {
    let n: u64 = sample.iter().sum();
    let s = Summary::of(sample).expect("a non-empty sample");
    let (chi, z, (gap, at), mean, kind) = match &c.reference {
        Reference::Exact { pmf, mean, sd } => (
            chi_square(sample, pmf, n),
            (s.mean - mean) / (sd / (n as f64).sqrt()),
            max_cdf_gap(sample, pmf, n),
            *mean,
            "exact".to_string(),
        ),
        Reference::Simulated { histogram } => {
            let r = Summary::of(histogram).expect("a non-empty reference");
            let se = (s.sd.powi(2) / n as f64 + r.sd.powi(2) / r.games as f64).sqrt();
            (
                chi_square_two_sample(sample, histogram),
                (s.mean - r.mean) / se,
                max_cdf_gap_two_sample(sample, histogram),
                r.mean,
                format!("simulated, {} games", r.games),
            )
        }
    };
    let p = chi.as_ref().map_or(1.0, |c| c.p_value);
    let consistent = z.abs() < Z_LIMIT && p > P_FLOOR;
    let verdict = if consistent {
        format!(
            "consistent with {} (chi-square p = {p:.3}, z of the mean = {z:+.2})",
            c.label()
        )
    } else {
        format!(
            "INCONSISTENT with {} (chi-square p = {}, z of the mean = {z:+.2})",
            c.label(),
            if p < 1e-12 {
                "< 1e-12".to_string()
            } else {
                format!("{p:.2e}")
            }
        )
    };
    Fit {
        reference: c.label(),
        reference_kind: kind,
        reference_mean: mean,
        chi_square: chi,
        z_mean: z,
        max_cdf_gap: gap,
        max_cdf_gap_at: at,
        consistent,
        verdict,
    }
}

/// Log-likelihood of a sample under a candidate, sum over games of log P(length), and its
/// standard error from the reference's own noise (0 for an exact reference): for a simulated
/// pmf with counts c_n out of N, Var(log p_n) ~ 1/c_n - 1/N.
pub fn log_likelihood(sample: &[u64], c: &Candidate) -> (f64, f64) {
    let (p, var): (Vec<f64>, Vec<f64>) = match &c.reference {
        Reference::Exact { pmf, .. } => (pmf.clone(), vec![0.0; pmf.len()]),
        Reference::Simulated { histogram } => {
            let len = histogram.len().max(sample.len());
            let counts: Vec<f64> = (0..len)
                .map(|t| {
                    if t == 0 {
                        0.0
                    } else {
                        histogram.get(t).copied().unwrap_or(0) as f64 + 0.5
                    }
                })
                .collect();
            let total: f64 = counts.iter().sum();
            (
                counts.iter().map(|c| c / total).collect(),
                counts
                    .iter()
                    .map(|&c| if c > 0.0 { 1.0 / c - 1.0 / total } else { 0.0 })
                    .collect(),
            )
        }
    };
    let mut ll = 0.0;
    let mut noise = 0.0;
    for (t, &k) in sample.iter().enumerate().filter(|(_, &k)| k > 0) {
        let q = p.get(t).copied().unwrap_or(0.0);
        if q <= 0.0 {
            return (f64::NEG_INFINITY, 0.0);
        }
        ll += k as f64 * q.ln();
        noise += (k as f64).powi(2) * var.get(t).copied().unwrap_or(0.0);
    }
    (ll, noise.sqrt())
}

/// One candidate in the ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    /// The candidate's label, e.g. "classic --doubles one-step, shuffled deck".
    pub candidate: String,
    /// The candidate's settings as (name, value): board, each rule, deck.
    pub settings: Vec<(String, String)>,
    /// Mean log-likelihood per game (None: some length is impossible under these rules).
    pub log_likelihood_per_game: Option<f64>,
    /// Standard error of that figure due to a simulated reference (0 for an exact one).
    pub noise_per_game: f64,
    /// Within two standard errors of the best: the data cannot tell the two apart.
    pub tied_with_best: bool,
    /// P-value of the chi-square test of the sample against this candidate, in [0, 1]
    /// (`None` when fewer than two bins can be formed).
    pub chi_square_p: Option<f64>,
    /// Whether the sample passes the goodness-of-fit test against this candidate, as
    /// [`Fit::consistent`].
    pub consistent: bool,
}

/// The settings of a candidate, for grouping: board, the varied rules, deck.
fn settings(c: &Candidate) -> Vec<(String, String)> {
    let mut out = vec![("board".to_string(), c.board.clone())];
    for (key, value) in &c.variant.rules {
        out.push((key.clone(), crate::model::value_word(value)));
    }
    out.push(("deck".to_string(), c.deck.name().to_string()));
    out
}

/// Ranks candidates by log-likelihood, best first, and marks those the data cannot tell from
/// the best.
pub fn rank(sample: &[u64], candidates: &[Candidate]) -> Vec<Ranked> {
    let n = sample.iter().sum::<u64>() as f64;
    let mut scored: Vec<(f64, f64, Ranked)> = candidates
        .iter()
        .map(|c| {
            let (ll, noise) = log_likelihood(sample, c);
            let f = fit(sample, c);
            let r = Ranked {
                candidate: c.label(),
                settings: settings(c),
                log_likelihood_per_game: ll.is_finite().then_some(ll / n),
                noise_per_game: noise / n,
                tied_with_best: false,
                chi_square_p: f.chi_square.map(|c| c.p_value),
                consistent: f.consistent,
            };
            (ll, noise, r)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (best, best_noise) = scored.first().map_or((0.0, 0.0), |s| (s.0, s.1));
    scored
        .into_iter()
        .map(|(ll, noise, mut r)| {
            r.tied_with_best =
                ll.is_finite() && best - ll <= 2.0 * (best_noise.powi(2) + noise.powi(2)).sqrt();
            r
        })
        .collect()
}

/// `check --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckReport {
    /// Where the lengths came from: the path as given, or "standard input".
    pub file: String,
    /// K, players in each game of the data.
    pub players: usize,
    /// The sample's game lengths, in turns (all players' turns counted).
    pub sample: Summary,
    /// Goodness of fit to the reference given by `--board`, its variant flags and `--deck`.
    pub fit: Fit,
    /// Every candidate, best first.
    pub ranking: Vec<Ranked>,
    /// The ranking in one sentence.
    pub conclusion: String,
}

/// The conclusion from a ranking and the fit to the chosen reference: the settings every
/// candidate tied with the best agrees on, those the data cannot decide, and how the best
/// alternative to each decided setting fares.
pub fn conclusion(ranking: &[Ranked], fit: &Fit) -> String {
    let Some(best) = ranking.first() else {
        return fit.verdict.clone();
    };
    let tied: Vec<&Ranked> = ranking.iter().filter(|r| r.tied_with_best).collect();
    let mut decided = Vec::new();
    let mut open = Vec::new();
    for (i, (key, value)) in best.settings.iter().enumerate() {
        let mut values: Vec<&str> = tied.iter().map(|r| r.settings[i].1.as_str()).collect();
        values.sort_unstable();
        values.dedup();
        if values.len() == 1 {
            decided.push((i, key.clone(), value.clone()));
        } else {
            open.push(format!("{key} ({})", values.join(" or ")));
        }
    }
    let mut s = format!(
        "Your data fits {}.",
        decided
            .iter()
            .map(|(_, k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if !best.consistent {
        s.push_str(" (Even the best fit fails the goodness-of-fit test: the data may come from rules not tried here.)");
    }
    if !open.is_empty() {
        s.push_str(&format!(
            " At this sample size the data cannot tell apart: {}.",
            open.join("; ")
        ));
    }
    for (i, key, value) in &decided {
        if let Some(alt) = ranking.iter().find(|r| &r.settings[*i].1 != value) {
            let p = alt.chi_square_p.map_or("-".to_string(), |p| {
                if p < 1e-12 {
                    "p < 1e-12".to_string()
                } else {
                    format!("p = {p:.2e}")
                }
            });
            s.push_str(&format!(
                " Best with another {key} ({}): {}{p}.",
                alt.settings[*i].1,
                if alt.consistent {
                    "still consistent, "
                } else {
                    "inconsistent, "
                }
            ));
        }
    }
    if !fit.consistent {
        s.push_str(&format!(
            " Against the reference you chose it is {}.",
            fit.verdict
        ));
    }
    s
}
