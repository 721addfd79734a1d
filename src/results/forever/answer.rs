//! The `forever` report: every answer with its evidence, as one serde struct.

use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::{Chain, FINISH};
use crate::games::load::About;
use crate::games::Game;
use crate::sim::{play_fixed_order, survey_orders, FixedOrder, Simulator};
use crate::solve::forever::{
    certificate, check_work, longest_game, never_finish, probability, shortest_loop, shortest_path,
    spectral_radius, tail_constant, Certificate, Step,
};
use crate::solve::vocabulary::{Exact, StateRef};
use crate::solve::{Analysis, Options, SolveError, Tail};
use crate::stats::wilson_interval;

/// One turn of a path or loop: the kinds of card that make it, how many of the D cards they
/// are, and where it leads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepReport {
    /// The kinds of card that make this step (empty for a lost turn).
    pub draws: Vec<String>,
    /// How many of the D cards make it (D for a lost turn): its probability is count / D.
    pub count: u32,
    /// The state it leads to.
    pub to: StateRef,
    /// The step in words, e.g. "red or blue (16 of 66) -> space 3 (blue)".
    pub text: String,
}

/// A loop, as people read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LoopReport {
    /// Where the loop starts.
    pub start: StateRef,
    /// The fewest turns that reach it from the start of the game, step by step.
    pub reach: Vec<StepReport>,
    /// The loop, step by step.
    pub steps: Vec<StepReport>,
    /// The probability of one repetition.
    pub probability: Exact,
}

/// One shortest game, step by step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShortestPath {
    /// The fewest turns a game can take.
    pub turns: usize,
    /// The probability of this one sequence of steps.
    pub probability: Exact,
    /// P(T = `turns`), over every way of taking that few turns (`None` when the distribution
    /// was not computed).
    pub p_length: Option<f64>,
    /// The steps.
    pub steps: Vec<StepReport>,
}

/// Why [`ForeverReport::new`] has no report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The work would not fit the budget.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
    /// The fixed deck order cannot be played.
    #[error(transparent)]
    BadOrder(#[from] crate::sim::BadOrder),
}

/// One number of players in the survey of random fixed deck orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SurveyRow {
    /// Number of players K.
    pub players: usize,
    /// How many of the orders loop forever with K players.
    pub looping: u64,
    /// `looping` / `orders`.
    pub fraction: f64,
    /// Wilson 95 % interval of the fraction.
    pub ci95: [f64; 2],
}

/// Random deck orders, each recycled without shuffling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Survey {
    /// Number of random deck orders tried.
    pub orders: u64,
    /// Seed of the random orders.
    pub seed: u64,
    /// One row per number of players, 1 to the survey's maximum.
    pub rows: Vec<SurveyRow>,
    /// The first looping order found (card names), and for how many players it loops.
    pub witness: Option<Vec<String>>,
    /// The fewest players for which the witness order loops.
    pub witness_players: Option<usize>,
}

/// Everything `candyland forever` says. This struct is its `--json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForeverReport {
    /// The board's short name.
    pub board: String,
    /// Number of players K, for the tail per round and the fixed deck order.
    pub players: usize,
    /// Number of reachable states, the finish excluded.
    pub states: usize,
    /// Every reachable state can reach the finish, so P(never finishing) = 0.
    pub ends_surely: bool,
    /// States that cannot reach the finish (at most 20 listed), and how many there are.
    pub trapped: Vec<StateRef>,
    /// How many states cannot reach the finish (`trapped` lists at most 20 of them).
    pub trapped_count: usize,
    /// P(never finishing) (0 when `ends_surely`).
    pub never_finish: Exact,
    /// The reachability certificate behind the tail bounds; `None` when some state cannot finish.
    pub certificate: Option<Certificate>,
    /// The certificate's upper bounds on P(T > n) for n = 50, 100, 200.
    pub tail_bounds: Vec<Tail>,
    /// The certificate's best asymptotic rate per turn, min over windows of (1 - p)^(1/d).
    pub bound_rate: Option<f64>,
    /// Spectral radius of Q: P(T > n) ~ tail_c rho^n for one player.
    pub rho: f64,
    /// The constant C of P(T > n) ~ C rho^n, from the far end of the exact survival function;
    /// `None` when the distribution was not computed or rho is not in (0, 1).
    pub tail_c: Option<f64>,
    /// With K players the game outlasts n rounds with probability S(n)^K ~ (rho^K)^n.
    pub rho_players: f64,
    /// P(one player's game lasts longer than 200 turns) (empty when the distribution was not
    /// computed).
    pub tail: Vec<Tail>,
    /// 1 / P(T > 200): one game in this many lasts longer than 200 turns (`None` when that chance
    /// is 0 or was not computed).
    pub one_in: Option<f64>,
    /// The longest possible game, if there is one (no loop).
    pub longest_game: Option<usize>,
    /// The shortest loop of unfinished states (turns that stand still allowed), if there is one;
    /// the most likely if several are equally short.
    pub shortest_loop: Option<LoopReport>,
    /// The shortest loop that never stands still, if different.
    pub moving_loop: Option<LoopReport>,
    /// One shortest game, step by step; absent when no game can finish (the start cannot
    /// reach the finish).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortest_game: Option<ShortestPath>,
    /// The fixed deck order asked about, played to the end or to a loop.
    pub fixed_order: Option<FixedOrder>,
    /// The survey of random fixed deck orders, if asked for.
    pub survey: Option<Survey>,
}

/// One step, with its words.
fn step_report<G: Game>(game: &G, chain: &Chain<G::State, G::Card>, s: &Step) -> StepReport {
    let to = if s.to == FINISH {
        StateRef::finish(chain.len())
    } else {
        StateRef::of(game, s.to as usize, chain.states()[s.to as usize])
    };
    let draws: Vec<String> = s
        .cards
        .iter()
        .map(|&c| game.card_name(chain.cards()[c].0))
        .collect();
    let to_text = if s.to == FINISH {
        "the finish"
    } else {
        &to.name
    };
    let text = if draws.is_empty() {
        format!("(lost turn) -> {to_text}")
    } else {
        let cards = if draws.len() > 4 {
            format!("any of {} kinds of card", draws.len())
        } else {
            draws.join(" or ")
        };
        format!(
            "{cards} ({} of {}) -> {to_text}",
            s.count,
            chain.denominator()
        )
    };
    StepReport {
        draws,
        count: s.count,
        to,
        text,
    }
}

fn loop_report<G: Game>(game: &G, chain: &Chain<G::State, G::Card>, steps: &[Step]) -> LoopReport {
    let start = steps[0].from;
    // The loop is among the reachable states, so a way to it exists.
    let reach = shortest_path(chain, chain.start(), start as u32)
        .expect("the loop's states are reachable from the start");
    // A chain's steps are counts over its D (at least 1): never `None`.
    let p = probability(steps, chain.denominator()).unwrap_or_default();
    LoopReport {
        start: StateRef::of(game, start, chain.states()[start]),
        reach: reach.iter().map(|s| step_report(game, chain, s)).collect(),
        steps: steps.iter().map(|s| step_report(game, chain, s)).collect(),
        probability: Exact::from(&p),
    }
}

/// What `forever` is asked besides the board.
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    /// Players, for the tail per round and the fixed deck order.
    pub players: usize,
    /// A fixed deck order (card kinds) to decide.
    pub order: Option<&'a [usize]>,
    /// A survey of random orders: (orders, seed).
    pub survey: Option<(u64, u64)>,
    /// The survey tries 1 to this many players.
    pub max_players: usize,
    /// Time allowed.
    pub budget: Budget,
}

/// The survey of `orders` random deck orders for 1..=`max_players` players, as reported.
fn survey_report<G: Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    orders: u64,
    seed: u64,
    max_players: usize,
    budget: &Budget,
) -> Result<Survey, OverBudget>
where
    G::State: Sync,
    G::Card: Sync,
{
    let (looping, witness) = survey_orders(chain, orders, seed, max_players, budget)?;
    Ok(Survey {
        orders,
        seed,
        rows: looping
            .iter()
            .enumerate()
            .map(|(k, &l)| SurveyRow {
                players: k + 1,
                looping: l,
                fraction: l as f64 / orders as f64,
                ci95: wilson_interval(l, orders),
            })
            .collect(),
        witness_players: witness.as_ref().map(|w| w.1),
        witness: witness.map(|w| {
            w.2.iter()
                .map(|&k| game.card_name(chain.cards()[k].0))
                .collect()
        }),
    })
}

impl ForeverReport {
    /// The survey's first deck order that never ends (card names), and the fewest players for
    /// which it loops; `None` when there was no survey or it found none.
    pub fn witness(&self) -> Option<(&[String], usize)> {
        let survey = self.survey.as_ref()?;
        Some((survey.witness.as_deref()?, survey.witness_players?))
    }

    /// Builds the report; `order` is a fixed deck order to decide, `survey` (orders, seed) a
    /// sample of random orders.
    pub fn new<G: Game>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        board: &str,
        question: &Question,
    ) -> Result<ForeverReport, ReportError>
    where
        G::State: Sync,
        G::Card: Sync,
    {
        let Question {
            players,
            order,
            survey: survey_of,
            max_players,
            budget,
        } = *question;
        let budget = &budget;
        let can = chain.can_finish();
        let trapped_states: Vec<usize> = (0..chain.len()).filter(|&s| !can[s]).collect();
        let ends_surely = trapped_states.is_empty();
        check_work(chain, ends_surely, budget)?;
        let never = if ends_surely {
            num_rational::BigRational::from_integer(0.into())
        } else {
            never_finish(chain, budget)?
        };
        let analysis = if ends_surely {
            match Analysis::of(game, chain, About::default(), &Options::quick(budget)) {
                Ok(a) => Some(a),
                Err(SolveError::OverBudget(e)) => return Err(e.into()),
                Err(_) => None,
            }
        } else {
            None
        };
        let dist = analysis.as_ref().map(|a| a.distribution());
        let rho = spectral_radius(chain);
        let cert = certificate(chain);
        let shortest = shortest_path(chain, chain.start(), FINISH);
        let loop_any = shortest_loop(chain, false);
        let loop_moving = shortest_loop(chain, true);
        let moving_loop = match (&loop_any, &loop_moving) {
            (Some(a), Some(m)) if a != m => Some(loop_report(game, chain, m)),
            _ => None,
        };
        let survey = survey_of
            .map(|(orders, seed)| survey_report(game, chain, orders, seed, max_players, budget))
            .transpose()?;
        let s200 = dist.as_ref().map(|d| d.survival(200));
        Ok(ForeverReport {
            board: board.to_string(),
            players,
            states: chain.len(),
            ends_surely,
            trapped: trapped_states
                .iter()
                .take(20)
                .map(|&s| StateRef::of(game, s, chain.states()[s]))
                .collect(),
            trapped_count: trapped_states.len(),
            never_finish: Exact::from(&never),
            tail_bounds: cert
                .as_ref()
                .map(|c| {
                    [50, 100, 200]
                        .iter()
                        .map(|&n| Tail {
                            turns: n,
                            probability: c.bound(n),
                            upper_bound: true,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            bound_rate: cert.as_ref().map(Certificate::rate),
            certificate: cert,
            rho,
            tail_c: dist.as_ref().and_then(|d| tail_constant(d, rho)),
            rho_players: rho.powi(players as i32),
            tail: s200
                .map(|p| Tail {
                    turns: 200,
                    probability: p,
                    upper_bound: false,
                })
                .into_iter()
                .collect(),
            one_in: s200.filter(|&s| s > 0.0).map(|s| 1.0 / s),
            longest_game: longest_game(chain),
            shortest_loop: loop_any.as_ref().map(|l| loop_report(game, chain, l)),
            moving_loop,
            shortest_game: shortest.map(|shortest| ShortestPath {
                turns: shortest.len(),
                // A chain's steps are counts over its D (at least 1): never `None`.
                probability: Exact::from(
                    &probability(&shortest, chain.denominator()).unwrap_or_default(),
                ),
                p_length: analysis
                    .as_ref()
                    .and_then(|a| a.pmf.get(shortest.len()).copied()),
                steps: shortest
                    .iter()
                    .map(|s| step_report(game, chain, s))
                    .collect(),
            }),
            fixed_order: order
                .map(|o| play_fixed_order(&Simulator::new(chain), o, players))
                .transpose()?,
            survey,
        })
    }
}
