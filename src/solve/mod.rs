//! Solvers on the chain: moments from linear systems, the exact rational expected length, the
//! full distribution, and the summary figures built from them.
//!
//! With N = (I - Q)^-1 the fundamental matrix:
//! - expected turns from each state: E = N 1;
//! - second moment: M2 = N (2E - 1), since E[T^2] = 1 + 2 Q E + Q M2 and Q E = E - 1;
//! - expected cards drawn: N c, with c_s = 1 where a turn draws a card.
//!
//! N is never formed: every product N b is one [`linear::Sweep::solve`].

pub mod distribution;
pub mod linear;
pub mod players;
pub mod spaces;

use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::chain::Chain;
use crate::game::RaceGame;
pub use distribution::Distribution;
pub use linear::{dense_solve, Scalar, Sweep, Trapped};

/// How far to compute the distribution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Stop when P(T > n) falls below this.
    pub tolerance: f64,
    /// Never iterate past this many turns.
    pub max_turns: usize,
    /// Compute the exact rational expected length.
    pub exact: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            tolerance: 1e-12,
            max_turns: 100_000,
            exact: true,
        }
    }
}

/// The thresholds of the "P(longer than n turns)" figures.
pub const LONGER_THAN: [usize; 3] = [50, 100, 200];
/// The quantiles reported.
pub const QUANTILES: [f64; 3] = [0.9, 0.99, 0.999];
/// A local maximum of the pmf counts as a secondary peak if it is at least this fraction of the
/// mode's height.
pub const PEAK_FRACTION: f64 = 0.01;

/// Why a chain could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error(
        "this game can go on forever: {stuck} of its {states} reachable states cannot reach the finish (for example {example}), so its expected length is infinite; `candyland forever` gives the probability that a game never ends"
    )]
    CannotFinish {
        stuck: usize,
        states: usize,
        example: String,
    },
}

/// Expected length, variance and expected cards drawn: the figures that need no distribution,
/// in time linear in the number of transitions. This struct is `analyze --moments-only --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moments {
    pub board: String,
    pub spaces: usize,
    pub states: usize,
    pub expected_turns: f64,
    pub variance: f64,
    pub std_dev: f64,
    pub expected_cards: f64,
}

impl Moments {
    /// E = N 1, M2 = N (2E - 1), cards = N c, each one sweep of the same factorisation.
    pub fn of<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        about: &About,
    ) -> Result<Moments, SolveError> {
        check_finishes(game, chain)?;
        let n = chain.len();
        let counts = chain.counts();
        let trapped = |t: Trapped| trapped_error(game, chain, t);
        let sweep = Sweep::<f64>::factor(counts, chain.denominator()).map_err(trapped)?;
        let expected = sweep.solve(counts, &vec![1.0; n]);
        let rhs2: Vec<f64> = expected.iter().map(|e| 2.0 * e - 1.0).collect();
        let second = sweep.solve(counts, &rhs2);
        let draws: Vec<f64> = (0..n)
            .map(|s| f64::from(u8::from(chain.draws(s))))
            .collect();
        let cards = sweep.solve(counts, &draws);
        let s0 = chain.start();
        let mean = expected[s0];
        let variance = (second[s0] - mean * mean).max(0.0);
        Ok(Moments {
            board: about.board.clone(),
            spaces: about.spaces,
            states: n,
            expected_turns: mean,
            variance,
            std_dev: variance.sqrt(),
            expected_cards: cards[s0],
        })
    }
}

/// One quantile of the length distribution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quantile {
    pub p: f64,
    pub turns: usize,
}

/// P(T > turns).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tail {
    pub turns: usize,
    pub probability: f64,
}

/// What the analysis is of: the board's identity, carried into every report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct About {
    pub board: String,
    pub description: String,
    pub source: String,
    pub rules: String,
    pub variant: String,
    pub spaces: usize,
    /// The board's size in words, e.g. "134 spaces, 66 cards".
    pub size: String,
    /// What one draw is called in the plural, e.g. "cards drawn" or "spins".
    pub draws: String,
}

/// Every single-player figure of one game. This struct is the `--json` output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Analysis {
    /// The board's name.
    pub board: String,
    /// What the board is and where it comes from.
    pub description: String,
    pub source: String,
    /// The rules in force, in words.
    pub rules: String,
    /// Command-line changes to the board file ("" for none).
    pub variant: String,
    /// Number of spaces on the track.
    pub spaces: usize,
    /// The board's size in words, e.g. "134 spaces, 66 cards".
    pub size: String,
    /// What one draw is called in the plural: "cards drawn", "spins".
    pub draws: String,
    /// D: cards in a full deck (for a spinner, the total weight of one turn's outcomes).
    pub cards: u32,
    /// Number of transient states of the chain.
    pub states: usize,
    /// E[T], turns until the player finishes (lost turns count).
    pub expected_turns: f64,
    /// E[T] as an exact fraction "num/den" (empty when not computed).
    pub expected_turns_exact: String,
    pub variance: f64,
    pub std_dev: f64,
    /// The shortest possible game, in turns.
    pub min_turns: usize,
    /// One card sequence achieving it ("(lost turn)" for a turn that draws no card).
    pub shortest_game: Vec<String>,
    pub median: usize,
    pub mode: usize,
    /// Other local maxima of the pmf, at least `PEAK_FRACTION` of the mode's height.
    pub secondary_modes: Vec<usize>,
    pub quantiles: Vec<Quantile>,
    pub longer_than: Vec<Tail>,
    /// E[cards drawn]: less than E[T] when lost turns draw no card.
    pub expected_cards: f64,
    /// P(T > last computed turn): the mass the distribution leaves out.
    pub unfinished_mass: f64,
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
        let moments = Moments::of(game, chain, &about)?;
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
        let n = chain.len();
        let trapped = |t: Trapped| trapped_error(game, chain, t);
        let s0 = chain.start();
        let (mean, variance) = (moments.expected_turns, moments.variance);

        let expected_turns_exact = if options.exact {
            let exact = exact_expected_turns(chain).map_err(trapped)?;
            format!("{}/{}", exact.numer(), exact.denom())
        } else {
            String::new()
        };

        let shortest = chain.shortest_game().expect("every state can finish");
        let dist = Distribution::compute(
            &chain.q(),
            &chain.r(),
            s0,
            options.tolerance,
            LONGER_THAN[LONGER_THAN.len() - 1],
            options.max_turns,
        );
        let quantile = |p: f64| dist.quantile(p).unwrap_or(dist.last_turn());
        Ok(Analysis {
            board: about.board,
            description: about.description,
            source: about.source,
            rules: about.rules,
            variant: about.variant,
            spaces: about.spaces,
            size: about.size,
            draws: about.draws,
            cards: chain.denominator(),
            states: n,
            expected_turns: mean,
            expected_turns_exact,
            variance,
            std_dev: variance.sqrt(),
            min_turns: shortest.len(),
            shortest_game: shortest
                .iter()
                .map(|c| {
                    c.map_or("(lost turn)".to_string(), |c| {
                        game.card_name(chain.cards()[c].0)
                    })
                })
                .collect(),
            median: quantile(0.5),
            mode: dist.mode(),
            secondary_modes: dist.secondary_peaks(PEAK_FRACTION),
            quantiles: QUANTILES
                .iter()
                .map(|&p| Quantile {
                    p,
                    turns: quantile(p),
                })
                .collect(),
            longer_than: LONGER_THAN
                .iter()
                .map(|&t| Tail {
                    turns: t,
                    probability: dist.survival(t),
                })
                .collect(),
            expected_cards: moments.expected_cards,
            unfinished_mass: dist.survival(dist.last_turn()),
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

    /// The exact expected length as a float (for checks against `expected_turns`).
    pub fn exact_as_f64(&self) -> Option<f64> {
        let (num, den) = self.expected_turns_exact.split_once('/')?;
        let r = BigRational::new(num.parse().ok()?, den.parse().ok()?);
        r.to_f64()
    }
}

/// The error for a state that cannot leave itself.
fn trapped_error<G: RaceGame>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    t: Trapped,
) -> SolveError {
    SolveError::CannotFinish {
        stuck: 1,
        states: chain.len(),
        example: game.describe(chain.states()[t.state]),
    }
}

/// Checks that the finish can be reached from every reachable state.
pub fn check_finishes<G: RaceGame>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
) -> Result<(), SolveError> {
    let can_finish = chain.can_finish();
    // The last such state in board order is usually the trap itself, the best example.
    match can_finish.iter().rposition(|ok| !ok) {
        None => Ok(()),
        Some(bad) => Err(SolveError::CannotFinish {
            stuck: can_finish.iter().filter(|ok| !**ok).count(),
            states: chain.len(),
            example: game.describe(chain.states()[bad]),
        }),
    }
}

/// E[T] from the start, exactly.
pub fn exact_expected_turns<S, C>(chain: &Chain<S, C>) -> Result<BigRational, Trapped> {
    let counts = chain.counts();
    let sweep = Sweep::<BigRational>::factor(counts, chain.denominator())?;
    let ones = vec![BigRational::from_count(1); chain.len()];
    let e = sweep.solve(counts, &ones);
    Ok(e[chain.start()].clone())
}
