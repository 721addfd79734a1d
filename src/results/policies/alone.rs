//! `analyze` on a board of a policy game: one computer player alone, exactly (its chain and
//! length distribution, [`crate::solve::chances`]), with the general linear solve beside it. The
//! chain is estimated before it is built and the distribution watched as it is pushed, within
//! the budget ([`crate::solve::chances::cost`]); the figures over the games that reach home are
//! exact, bounds on a distribution cut at the turn limit, or none when no game can reach home
//! ([`super::figures`], [`crate::solve::chances::home`]).

use crate::error::Result;
use serde::{Deserialize, Serialize};

use super::figures::HomeFigures;
use super::pile::CycledPile;
use super::{named_policies, PolicyOptions};
use crate::budget::Budget;
use crate::games::policy_game::{GameWords, PolicyGame};
use crate::games::BoardSource;
use crate::input::number::count;
use crate::solve::chances::home::NeverHome;
use crate::solve::chances::{self as exact, Chain, Lengths};
use crate::solve::Quantile;

/// The most states the exact chain may have.
pub const MAX_STATES: usize = 3_000_000;

/// The general linear solve's answer on the same chain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GeneralSolve {
    /// The chain's feedback states (the targets of its backward moves).
    pub feedback_states: usize,
    /// The solver that ran: "Gauss-Seidel", "sparse LU" or "sweep".
    #[serde(default)]
    pub solver: String,
    /// Expected turns until home or the cap, from the linear solve.
    pub mean: f64,
    /// The chance of reaching home, from the linear solve.
    pub home: f64,
    /// The chance of ever holding more than the cap, from the linear solve.
    pub cut: f64,
}

/// The shortest game: its length.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shortest {
    /// Its length, in turns.
    pub turns: usize,
}

/// `analyze` on a board of a policy game: one computer player alone, exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyAlone {
    /// The board's short name.
    pub board: String,
    /// Where its layout and rules come from.
    pub source: String,
    /// The rules in force: each `[rules]` key with its value.
    pub rules: serde_json::Value,
    /// The policy the player follows.
    pub policy: String,
    /// Squares between start and home.
    pub squares: usize,
    /// States of the chain: everything about the player that the future depends on.
    pub states: usize,
    /// The chain keeps states holding at most this much (the carrots of Wiener's game).
    pub cap: u32,
    /// The board's cards are a pile shuffled once and cycled, which the chain cannot follow:
    /// it draws each card independently, with its share of the pile, and every figure here
    /// but `cycled_pile` is of that approximation.
    pub cards_independent: bool,
    /// With `cards_independent`: the cycled pile itself, simulated by `analyze`, and how far
    /// the approximation's mean is from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycled_pile: Option<CycledPile>,
    /// Why no game can reach home, when none can; every figure over the games that reach
    /// home is then null (`mean`, `sd`, `median`, `shortest_game`) or empty (`quantiles`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why_never_home: Option<String>,
    /// Expected turns until home, over the games that reach home; a lower bound when
    /// `mean_lower_bound`; null when no game reached home.
    pub mean: Option<f64>,
    /// The distribution was cut (`truncated`): `mean` is the mean of the games home by its
    /// last turn, a lower bound of theirs (printed "> mean"). In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mean_lower_bound: bool,
    /// Standard deviation of the turns until home, over the games that reach home; null when
    /// the distribution was cut (no bound holds) or no game reached home.
    pub sd: Option<f64>,
    /// The median turns until home; `None` when it is not known: half the games that reach
    /// home had not yet reached it in the turns computed (the quantile at 0.5 then says the
    /// bound), or none can.
    pub median: Option<usize>,
    /// The quantiles at each level of [`super::QUANTILES`], of the games that reach home
    /// (`lower_bound` where the turns computed only bound it); empty when none can.
    pub quantiles: Vec<Quantile>,
    /// The shortest game; `None` when no game reached home in the turns computed.
    pub shortest_game: Option<Shortest>,
    /// The chance of reaching home (within the cap); a lower bound when `truncated`.
    pub home: f64,
    /// The chance that the player, before reaching home, ends a step of the chain (a turn, or
    /// the part of a turn before the rules let it go on) holding more than the cap: the mass
    /// the cap leaves out of every figure, counted at the first such step; a lower bound when
    /// `truncated`.
    pub cut: f64,
    /// The chance of getting stuck forever (no way home); a lower bound when `truncated`.
    pub stuck: f64,
    /// The turn limit (`--max-turns`) cut the distribution with more than `tolerance` still
    /// playing: `home`, `cut` and `stuck` are lower bounds (with `unfinished_mass` they add up
    /// to 1), and so are the mean and the quantiles marked.
    pub truncated: bool,
    /// The chance still playing after the last turn computed.
    pub unfinished_mass: f64,
    /// The distribution was pushed turn by turn until less than this was still playing.
    pub tolerance: f64,
    /// `pmf[n]`: the chance of reaching home on turn n, n = 0, 1, ...
    pub pmf: Vec<f64>,
    /// `survival[n]`: the chance still playing after turn n.
    pub survival: Vec<f64>,
    /// The general linear solve on the same chain, when it ran within the budget.
    pub general_solve: Option<GeneralSolve>,
    /// Why the general linear solve was not run, and what would let it run, when it was not.
    pub general_solve_skipped: Option<String>,
    /// How the game words its answers (text only).
    #[serde(skip)]
    pub words: GameWords,
    /// Seconds the chain and its distribution took (text only).
    #[serde(skip)]
    pub seconds: f64,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
}

impl PolicyAlone {
    /// One player alone with `policy` on `board`, exactly, within `budget`: the chain of at
    /// most `cap` held, its distribution pushed until at most `tolerance` is left (or
    /// `max_turns`), and the general linear solve where it fits.
    pub fn of<G: PolicyGame>(
        board: &G,
        policy: &G::Policy,
        cap: u32,
        (tolerance, max_turns): (f64, usize),
        budget: &Budget,
    ) -> Result<PolicyAlone> {
        let started = crate::budget::clock::Instant::now();
        let chain = exact::cost::build_within(&board.alone(policy), cap, MAX_STATES, budget)?;
        let l = push(&chain, tolerance, max_turns, budget)?;
        let general = exact::general::solve_within(&chain, budget).map(|s| GeneralSolve {
            feedback_states: s.feedback,
            solver: s.solver.to_string(),
            mean: s.mean,
            home: s.home,
            cut: s.cut,
        });
        Ok(PolicyAlone::from_parts(
            board,
            policy,
            &chain,
            &l,
            tolerance,
            general,
            started.elapsed().as_secs_f64(),
        ))
    }

    fn from_parts<G: PolicyGame>(
        board: &G,
        policy: &G::Policy,
        chain: &Chain<G::Player>,
        l: &Lengths,
        tolerance: f64,
        general: Result<GeneralSolve, String>,
        seconds: f64,
    ) -> PolicyAlone {
        let cut: f64 = l.cut.iter().sum();
        let never = NeverHome::of(chain, cut, l.stuck);
        let truncated = l.left > tolerance;
        let f = HomeFigures::of(l, truncated, never.is_none());
        let (general_solve, general_solve_skipped) = match general {
            Ok(s) => (Some(s), None),
            Err(why) => (None, Some(why)),
        };
        let name = G::policy_name(policy);
        PolicyAlone {
            board: board.name().to_string(),
            source: board.source().to_string(),
            rules: board.rules_json(),
            policy: name.to_string(),
            squares: board.squares_between(),
            states: chain.len(),
            cap: chain.cap,
            cards_independent: !board.draws_independent(),
            cycled_pile: None,
            why_never_home: never.map(|n| n.words(name)),
            mean: f.mean,
            mean_lower_bound: f.mean_lower_bound,
            sd: f.sd,
            median: f.median,
            quantiles: f.quantiles,
            shortest_game: l
                .home
                .iter()
                .position(|&p| p > 0.0)
                .map(|turns| Shortest { turns }),
            home: l.home.iter().sum(),
            cut,
            stuck: l.stuck,
            truncated,
            unfinished_mass: l.left,
            tolerance,
            pmf: l.home.clone(),
            survival: l.survival.clone(),
            general_solve,
            general_solve_skipped,
            words: board.words(),
            seconds,
            label: String::new(),
        }
    }
}

/// The distribution of `chain` pushed turn by turn, watched against `budget` as it goes: its
/// length is not known before. Once all but 1 % of the games have ended, the chance still
/// playing falls about geometrically, so its logarithm against the tolerance's is the share
/// done, from which the watch extrapolates. Before that nothing is extrapolated, nor from the
/// share of `--max-turns` pushed, which would predict the whole limit (a policy that wanders
/// for hundreds of turns would be refused on a guess): the work is stopped only when the
/// budget is spent, naming it.
fn push<S>(chain: &Chain<S>, tolerance: f64, max_turns: usize, budget: &Budget) -> Result<Lengths> {
    let probe = budget.probe(
        &format!(
            "pushing the length distribution of one player alone turn by turn ({} states)",
            count(chain.len() as u64)
        ),
        "compute fewer turns with --max-turns N, or stop at a larger --tolerance",
    );
    let floor = tolerance.clamp(f64::MIN_POSITIVE, 0.5).ln();
    Ok(probe.run(|watch| {
        exact::lengths_watched(chain, tolerance, 0, max_turns, &mut |_, left| {
            let by_tail = if left < 0.01 && left > 0.0 {
                left.ln() / floor
            } else {
                0.0
            };
            watch(by_tail.min(1.0))
        })
    })?)
}

/// One player alone on `source`, exactly, within `budget`: the first policy `options` names
/// (else the board's; every name is checked), its distribution pushed turn by turn until less
/// than `tolerance` is still playing (or `max_turns`). When the chain draws cards independently
/// of a cycled pile, the pile itself is simulated beside it ([`CycledPile`]).
pub fn analyze<G: PolicyGame>(
    source: &BoardSource,
    options: &PolicyOptions,
    tolerance: f64,
    max_turns: usize,
    budget: &Budget,
) -> Result<PolicyAlone> {
    let board: G = options.board(source)?;
    let policy = named_policies(&board, options.policy.as_deref())?[0];
    let mut a = PolicyAlone::of(
        &board,
        policy,
        options.cap(&board),
        (tolerance, max_turns),
        budget,
    )?;
    a.label = source.label.clone();
    if a.cards_independent {
        let mean = a.mean.filter(|_| !a.mean_lower_bound);
        a.cycled_pile = Some(CycledPile::simulate(&board, policy, mean));
    }
    Ok(a)
}
