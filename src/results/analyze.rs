//! `analyze`: the exact one-player figures of a board (expected length, variance, the whole
//! distribution, quantiles), its moments alone on boards too big for the distribution, its
//! generating function, or, for a game that can go on forever, the exact chance it never ends.

use crate::error::Result;
use serde::{Serialize, Serializer};

use crate::budget::Budget;
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question};
use crate::results::forever::Unfinishable;
use crate::solve::pgf::Pgf;
use crate::solve::{check_finishes, Analysis, Moments, NotComputed, Options};

/// The turn limit of the distribution when none is given.
pub const DEFAULT_MAX_TURNS: usize = 100_000;

/// Chains with more states than this get the measured cost of one turn-step of the
/// distribution with their figures.
const SHOW_STEP_COST: usize = 100_000;

/// What `analyze` computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Wanted {
    /// The figures and the whole distribution.
    #[default]
    Figures,
    /// Only the expected length and the variance (fast on boards of millions of spaces).
    MomentsOnly,
    /// The length's generating function as a ratio of polynomials (chains of up to 500 states).
    Pgf,
}

/// The options of [`analyze`].
#[derive(Debug, Clone, PartialEq)]
pub struct AnalyzeOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// What to compute.
    pub wanted: Wanted,
    /// Compute the distribution until P(T > n) is below this.
    pub tolerance: f64,
    /// Never compute the distribution past this many turns. `None`: [`DEFAULT_MAX_TURNS`],
    /// and the whole distribution is what is asked for, so a distribution that would not fit
    /// the budget is left out (with a note) rather than cut.
    pub max_turns: Option<usize>,
    /// Compute the exact expected length as a fraction.
    pub exact: bool,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            variant: Variant::default(),
            wanted: Wanted::Figures,
            tolerance: 1e-12,
            max_turns: None,
            exact: true,
        }
    }
}

impl AnalyzeOptions {
    /// Checks the numbers, naming the option as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        if !(self.tolerance > 0.0 && self.tolerance < 1.0) {
            return Err(UserError::BadFlag {
                flag: "--tolerance".into(),
                message: format!(
                    "{} is not a probability between 0 and 1 (exclusive); try 1e-12",
                    self.tolerance
                ),
            });
        }
        if self.max_turns == Some(0) {
            return Err(UserError::BadFlag {
                flag: "--max-turns".into(),
                message: "must be at least 1; try 100000".into(),
            });
        }
        Ok(())
    }

    fn solve_options(&self, budget: &Budget) -> Options {
        Options {
            tolerance: self.tolerance,
            max_turns: self.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
            exact: self.exact,
            budget: *budget,
        }
    }
}

/// The answer of [`analyze`]. Its JSON is the inner struct's, one of the shapes of
/// `schemas/analyze.schema.json`.
// One answer per question, moved once: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum AnalyzeAnswer {
    /// The one-player figures and the whole distribution.
    Figures {
        /// The figures.
        analysis: Analysis,
        /// The estimated seconds of a turn-step of the distribution, on average over its
        /// turns (a turn reads the states holding a chance), given on chains of over 100,000
        /// states.
        step_seconds: Option<f64>,
    },
    /// The moments alone: asked for, or the distribution would not fit the budget.
    Moments {
        /// E\[T\], the variance and the expected draws; its `left_out` says why the
        /// distribution was left out, when it was not asked to be.
        moments: Moments,
        /// Seconds taken to build and solve the chain.
        seconds: f64,
    },
    /// The length's probability generating function.
    Pgf(Pgf),
    /// The game can go on forever: no finite figures, the exact chance it never ends.
    Unfinishable(Unfinishable),
    /// A game of computer players ([`crate::games::PolicyGame`]): one player alone, exactly,
    /// playing the board's first policy.
    Policies(crate::results::policies::PolicyAlone),
    /// A board that loops ([`crate::games::LoopGame`]): the long run under each jail policy,
    /// in floating point (its exact fractions: [`crate::results::loops::analyze`]).
    Loops(crate::results::loops::LoopAnalysis),
}

impl Serialize for AnalyzeAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AnalyzeAnswer::Figures { analysis, .. } => analysis.serialize(s),
            AnalyzeAnswer::Moments { moments, .. } => moments.serialize(s),
            AnalyzeAnswer::Pgf(p) => p.serialize(s),
            AnalyzeAnswer::Unfinishable(u) => u.serialize(s),
            AnalyzeAnswer::Policies(p) => p.serialize(s),
            AnalyzeAnswer::Loops(l) => l.serialize(s),
        }
    }
}

/// The keys of a full `analyze --json` ([`Analysis`]) describing the board, not computed: the
/// moments' document leaves them out whatever the budget (`board show` gives them).
const BOARD_KEYS: [&str; 7] = [
    "description",
    "source",
    "rules",
    "rules_text",
    "variant",
    "size",
    "cards",
];

/// The figures of a full `analyze --json` ([`Analysis`]) that the moments' document lacks, by
/// key: read from the two structs' serialized shapes, so that a new figure is listed without a
/// change here, less `BOARD_KEYS`.
pub fn keys_beyond_moments() -> Vec<String> {
    fn keys<T: schemars::JsonSchema>() -> Vec<String> {
        let schema = schemars::generate::SchemaSettings::draft2020_12()
            .for_serialize()
            .into_generator()
            .into_root_schema_for::<T>();
        schema
            .get("properties")
            .and_then(|p| p.as_object())
            .map_or_else(Vec::new, |o| o.keys().cloned().collect())
    }
    let have = keys::<Moments>();
    keys::<Analysis>()
        .into_iter()
        .filter(|k| !have.contains(k) && !BOARD_KEYS.contains(&k.as_str()))
        .collect()
}

/// The exact one-player figures of `board`, whatever its game.
pub fn analyze(
    board: &BoardSource,
    options: &AnalyzeOptions,
    budget: &Budget,
) -> Result<AnalyzeAnswer> {
    options.validate()?;
    let long_run = crate::results::loops::LoopOptions {
        variant: options.variant.clone(),
        ..Default::default()
    };
    if let Some(a) = crate::results::loops::analyze(board, &long_run, budget)? {
        return Ok(AnalyzeAnswer::Loops(a));
    }
    ask(board, options, budget)
}

impl Question for AnalyzeOptions {
    type Answer = AnalyzeAnswer;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<AnalyzeAnswer> {
        analyze_game(&source, self, b)
    }

    fn policies<P: crate::games::PolicyGame>(
        &self,
        board: &BoardSource,
        b: &Budget,
    ) -> Result<AnalyzeAnswer> {
        let options = crate::results::policies::PolicyOptions {
            variant: self.variant.clone(),
            ..Default::default()
        };
        let alone = crate::results::policies::analyze::<P>(
            board,
            &options,
            self.tolerance,
            self.max_turns.unwrap_or(POLICY_MAX_TURNS),
            b,
        )?;
        Ok(AnalyzeAnswer::Policies(alone))
    }
}

/// The turns a policy game's distribution is pushed to at most, when no `max_turns` is given
/// (as `candyland analyze` does on such a board).
const POLICY_MAX_TURNS: usize = 100_000;

/// [`analyze`] on a board of game `G`.
pub fn analyze_game<G: Game>(
    source: &Source<G>,
    options: &AnalyzeOptions,
    b: &Budget,
) -> Result<AnalyzeAnswer> {
    options.validate()?;
    let started = crate::budget::clock::Instant::now();
    let Built { game, about, chain } = build(source, &options.variant, b)?;
    if check_finishes(&game, &chain).is_err() {
        // Valid input with no finite figures: reported, with the exact chance of never ending.
        return Ok(AnalyzeAnswer::Unfinishable(Unfinishable::of(
            &game,
            &chain,
            &about.board,
            b,
        )?));
    }
    match options.wanted {
        Wanted::Pgf => {
            return Ok(AnalyzeAnswer::Pgf(crate::solve::pgf::pgf(
                &game, &chain, &about, b,
            )?))
        }
        Wanted::MomentsOnly => {
            // The per-card table is not needed for the moments: freed before the solves.
            let matrix = chain.into_matrix();
            let moments = Moments::within(&game, &matrix, &about, b)?;
            return Ok(AnalyzeAnswer::Moments {
                moments,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        Wanted::Figures => {}
    }
    let mut moments = Moments::within(&game, &chain, &about, b)?;
    let seconds = started.elapsed().as_secs_f64();
    // Estimate the distribution's cost: about E + 28 sd turn-steps (the tail falls by e per sd
    // or so, and 1e-12 is e^-28), each one sparse mat-vec over the chain.
    // Without a turn limit, the whole distribution (to the tolerance) is what is asked for.
    let limit = options.max_turns.unwrap_or(usize::MAX);
    let steps = crate::solve::distribution_steps(&moments, options.tolerance, limit);
    let estimate = crate::solve::distribution_seconds(&chain, steps);
    if estimate > b.left() && options.max_turns.is_none() {
        // The exact fraction is computed with the distribution's figures, so it goes with them.
        let fraction = if options.exact {
            ", and the exact fraction of the expected length with them"
        } else {
            ""
        };
        let why = format!(
            "the full distribution would take about {} ({} turn-steps), more than the budget of {}, so the figures drawn from it are left out{fraction}; run with --max-turns N to compute its first N turns, --budget SECONDS to allow it, or --moments-only to skip it",
            crate::budget::duration(estimate),
            crate::input::number::approx_count(steps),
            crate::budget::duration(b.seconds()),
        );
        moments.not_computed = Some(NotComputed {
            keys: keys_beyond_moments(),
            why,
        });
        return Ok(AnalyzeAnswer::Moments { moments, seconds });
    }
    let analysis =
        Analysis::from_moments(&game, &chain, about, &options.solve_options(b), &moments)?;
    Ok(AnalyzeAnswer::Figures {
        analysis,
        step_seconds: (chain.len() > SHOW_STEP_COST).then(|| estimate / steps),
    })
}
