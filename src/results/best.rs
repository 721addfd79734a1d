//! `best`: the best play of one player alone on a board of a game with decisions, solved as a
//! Markov decision process ([`crate::solve::best`]), and how far every policy of the board is
//! from it.
//!
//! The answer is bracketed, never claimed past the evidence: value iteration from zero gives a
//! lower bound that no policy beats; the policy it reads off is written as a policy table,
//! appended to the board file's text and read back by the game's own parser (so the table is
//! a policy the board file holds), and its exact chain gives its expected turns and whole
//! distribution, the upper bound. For a game whose players never meet (Pig) the chance of
//! winning a game of two is solved too, for best play on both sides and against each policy.

use serde::{Deserialize, Serialize};

use super::policies::{PolicyAlone, PolicyOptions};
use crate::budget::Budget;
use crate::error::Result;
use crate::games::policy_game::PolicyGame;
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::input::number::count;
use crate::solve::best::{self, duel, Graph, Values};
use crate::solve::chances::{outcomes, Target};

/// The most states the decision graph may have.
pub const MAX_STATES: usize = 3_000_000;
/// Value iteration stops when a sweep moves no value by more than this.
pub const VALUE_TOLERANCE: f64 = 1e-12;
/// The most sweeps of value iteration.
pub const MOST_SWEEPS: usize = 100_000;

/// What `best` is asked.
#[derive(Debug, Clone, PartialEq)]
pub struct BestOptions {
    /// The board file's changes and the cap (`policy` is not used).
    pub policies: PolicyOptions,
    /// The name the best play's table is saved under in the board file.
    pub name: String,
    /// The best policy's distribution is pushed until less than this is still playing.
    pub tolerance: f64,
    /// The most turns of that distribution.
    pub max_turns: usize,
}

/// A policy of the board against the best play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyGap {
    /// The policy's name.
    pub policy: String,
    /// Its expected turns alone, exactly (as `analyze --policy NAME`); null when no game of it
    /// reaches home.
    pub mean: Option<f64>,
    /// The turns it loses to the best play on average: its mean less the best policy's.
    pub gap: Option<f64>,
    /// The chance it ever holds more than the cap, left out of its mean.
    pub cut: f64,
}

/// A game of two players who never meet, exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelFigure {
    /// How the first player plays: "best" (the most chance of winning, at every state) or a
    /// policy's name.
    pub first: String,
    /// How the second player plays.
    pub second: String,
    /// The chance that the first player wins.
    pub first_wins: f64,
    /// Sweeps of value iteration made.
    pub sweeps: usize,
    /// The largest change of the last sweep.
    pub last_change: f64,
}

/// `best` on a board: the best play alone, bracketed, its table and every policy's gap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BestPlay {
    /// The board's short name.
    pub board: String,
    /// The name the best play's table has in the board file written.
    pub policy: String,
    /// States of the decision graph: everything about the player any choices reach.
    pub states: usize,
    /// Choices over all states.
    pub choices: usize,
    /// The graph keeps states holding at most this much (what the game caps, if anything);
    /// a lower bound counts a state past it as finished.
    pub cap: u32,
    /// The chance draws a pile shuffled once as if each card were drawn independently (the
    /// graph cannot follow the pile): the best play is that of independent cards.
    pub cards_independent: bool,
    /// No policy, holding any amount, has fewer expected turns: value iteration from zero.
    pub lower_bound: f64,
    /// Sweeps of value iteration made.
    pub sweeps: usize,
    /// The largest change of the last sweep.
    pub last_change: f64,
    /// The best play's expected turns less the lower bound: how far it may be from the
    /// optimum; null when its mean is not an upper bound (some of its games pass the cap, get
    /// stuck or were cut at the turn limit, and the mean is over the others).
    pub gap_to_bound: Option<f64>,
    /// Rows of the best play's table: the situations it reaches alone.
    pub table_rows: usize,
    /// The best play as a policy of the board file, exactly (as `analyze --policy NAME` on
    /// the board written): its mean is an upper bound of the optimum.
    pub best: PolicyAlone,
    /// Every policy of the board, against it.
    pub policies: Vec<PolicyGap>,
    /// Games of two, when the players never meet (else empty).
    pub duels: Vec<DuelFigure>,
    /// Why no game of two is given, when none is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duels_left_out: Option<String>,
    /// The board file with the best play's table added (text only: `--out` writes it).
    #[serde(skip)]
    pub board_text: String,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
    /// Seconds it all took (text only).
    #[serde(skip)]
    pub seconds: f64,
}

/// Builds the decision graph of `board` within `budget`.
fn graph<G: PolicyGame>(
    board: &G,
    cap: u32,
    budget: &Budget,
) -> Result<Graph<G::Player, G::Choice>> {
    let words = board.cap_words();
    let probe = budget.probe(
        "building every state of one player choosing its moves",
        &format!("a smaller {} makes the graph smaller", words.flag),
    );
    let built =
        probe.run(|watch| best::graph::build_watched(&board.deciding(), cap, MAX_STATES, watch))?;
    built.map_err(|t| {
        UserError::Board {
            board: board.name().to_string(),
            message: format!(
                "one player choosing its moves reaches more than {} states ({} found) with at most {cap} {} held; set a smaller {}",
                count(MAX_STATES as u64),
                count(t.states as u64),
                words.noun,
                words.flag
            ),
        }
        .into()
    })
}

/// The best play of one player alone on `source`, within `budget`.
pub fn best<G: PolicyGame>(
    source: &BoardSource,
    options: &BestOptions,
    budget: &Budget,
) -> Result<BestPlay> {
    let started = crate::budget::clock::Instant::now();
    let board: G = options.policies.board(source)?;
    let cap = options.policies.cap(&board);
    if board.policy(&options.name).is_ok() {
        return Err(crate::results::options::bad_option(
            "--name",
            format!(
                "'{}' is already a policy of the board; name the best play otherwise",
                crate::input::text::quote(&options.name)
            ),
        )
        .into());
    }
    let tolerances = (options.tolerance, options.max_turns);
    let variant = &options.policies.variant;
    let solved = solve(
        &board,
        source,
        variant,
        &options.name,
        cap,
        tolerances,
        budget,
    )?;
    let Solved {
        g,
        values,
        rows,
        board_text,
        best: best_alone,
    } = solved;
    let mut policies = Vec::new();
    for name in board.policy_names() {
        let policy = board.policy(name).map_err(|m| UserError::Board {
            board: source.label.clone(),
            message: m,
        })?;
        let a = PolicyAlone::of(&board, policy, cap, tolerances, budget)?;
        policies.push(PolicyGap {
            policy: name.to_string(),
            mean: a.mean,
            gap: a.mean.zip(best_alone.mean).map(|(m, b)| m - b),
            cut: a.cut,
        });
    }
    let (duels, duels_left_out) = if G::APART {
        (duels_of(&board, &g, &options.name, budget)?, None)
    } else {
        (
            Vec::new(),
            Some(format!(
                "players of {} meet on the board (a square taken, a race position that pays), so a game of several is the product of their states, far past any budget: no best response at a table is computed. The best play alone is not one there; simulate the table with --policy {},... to measure it",
                G::TITLE,
                options.name
            )),
        )
    };
    Ok(BestPlay {
        board: board.name().to_string(),
        policy: options.name.clone(),
        states: g.len(),
        choices: g.choices.len(),
        cap,
        cards_independent: !board.draws_independent(),
        lower_bound: values.lower[g.start],
        sweeps: values.passes,
        last_change: values.change,
        // The best play's mean bounds the optimum only when every game of it is counted (none
        // past the cap, none stuck, the distribution not cut).
        gap_to_bound: best_alone
            .mean
            .filter(|_| best_alone.cut == 0.0 && best_alone.stuck == 0.0 && !best_alone.truncated)
            .map(|m| m - values.lower[g.start]),
        table_rows: rows.len(),
        best: best_alone,
        policies,
        duels,
        duels_left_out,
        board_text,
        label: source.label.clone(),
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The decision graph of a game's player alone.
pub type DecisionGraph<G> = Graph<<G as PolicyGame>::Player, <G as PolicyGame>::Choice>;

/// Each state's outcomes under a fixed policy, indexed as the graph's states.
type PolicyRows = Vec<Vec<(Target, f64)>>;

/// The decision graph of `board` and value iteration on it, within `budget`.
pub fn values<G: PolicyGame>(
    board: &G,
    cap: u32,
    budget: &Budget,
) -> Result<(DecisionGraph<G>, Values)> {
    let g = graph(board, cap, budget)?;
    let probe = budget.probe(
        &format!(
            "value iteration over {} states choosing among {} moves",
            count(g.len() as u64),
            count(g.choices.len() as u64)
        ),
        &format!("a smaller {} makes the graph smaller", g.words.flag),
    );
    let values =
        probe.run(|watch| best::value::iterate_watched(&g, VALUE_TOLERANCE, MOST_SWEEPS, watch))?;
    Ok((g, values))
}

/// The best play solved on `board` (its text `source`): the decision graph, value iteration,
/// the policy it reads off written as table `name` into the board file's text, read back and
/// analysed exactly.
pub struct Solved<G: PolicyGame> {
    /// The decision graph.
    pub g: Graph<G::Player, G::Choice>,
    /// Value iteration's lower bounds and policy.
    pub values: Values,
    /// The policy table's rows.
    pub rows: Vec<String>,
    /// The board file with the table added.
    pub board_text: String,
    /// The best play's exact figures alone.
    pub best: PolicyAlone,
}

/// Solves the best play of one player alone on `board` (read from `source`), writing it as
/// policy `name` of the board file, within `budget`.
pub fn solve<G: PolicyGame>(
    board: &G,
    source: &BoardSource,
    variant: &crate::games::Variant,
    name: &str,
    cap: u32,
    tolerances: (f64, usize),
    budget: &Budget,
) -> Result<Solved<G>> {
    let (g, values) = self::values(board, cap, budget)?;
    if g.choices_of(g.start).is_empty() {
        return Err(UserError::Board {
            board: source.label.clone(),
            message: format!(
                "no way of playing reaches home with certainty{}: from the start, every choice risks a game that never ends, so no policy has a finite expected length",
                g.words.capped(cap).map_or(String::new(), |c| format!(" ({c})"))
            ),
        }
        .into());
    }
    let rows: Vec<String> = best::value::reached(&g, &values.policy)
        .into_iter()
        .filter_map(|s| {
            let c = values.policy[s];
            (c != u32::MAX)
                .then(|| board.table_row(g.states[s], g.choices[c as usize]))
                .flatten()
        })
        .collect();
    let description = match g.words.capped(cap) {
        Some(c) => {
            format!("best play alone: the fewest expected turns, solved by candyland best ({c})")
        }
        None => "best play alone: the fewest expected turns, solved by candyland best".to_string(),
    };
    let board_text = format!(
        "{}\n\n# The best play of one player alone, written by candyland best.\n{}",
        with_rules(&source.text, variant),
        board.table_policy(name, &description, &rows)
    );
    // The table is read back by the game's own parser: what --out writes is a board file,
    // its rules those the table was solved under.
    let with_best = G::parse(
        &source.label,
        &board_text,
        &crate::games::Variant::default(),
    )?;
    let policy = with_best.policy(name).map_err(|m| UserError::Board {
        board: source.label.clone(),
        message: m,
    })?;
    let best = PolicyAlone::of(&with_best, policy, cap, tolerances, budget)?;
    Ok(Solved {
        g,
        values,
        rows,
        board_text,
        best,
    })
}

/// The board file's text with the rule flags of `variant` written into its `[rules]` table:
/// as written when there are none, else read and written again (its comments lost, the
/// flags said in one).
fn with_rules(text: &str, variant: &crate::games::Variant) -> String {
    if variant.rules.is_empty() {
        return text.trim_end().to_string();
    }
    let Ok(mut table) = text.parse::<toml::Table>() else {
        return text.trim_end().to_string();
    };
    let rules = table
        .entry("rules")
        .or_insert_with(|| toml::Value::Table(toml::Table::new()));
    if let toml::Value::Table(rules) = rules {
        for (key, value) in &variant.rules {
            rules.insert(key.clone(), value.clone());
        }
    }
    let flags: Vec<String> = variant
        .rules
        .iter()
        .map(|(k, v)| format!("--{k} {}", crate::games::value_word(v)))
        .collect();
    format!(
        "# Written by candyland best with the rule flags {}, which are set in [rules] below.\n{}",
        flags.join(" "),
        toml::to_string(&table).unwrap_or_default().trim_end()
    )
}

/// Each state's outcomes under `policy`, indexed as the graph's states; `None` when the policy
/// reaches a state the graph does not hold (past the cap).
fn policy_rows<G: PolicyGame>(
    board: &G,
    policy: &G::Policy,
    g: &Graph<G::Player, G::Choice>,
) -> Option<Vec<Vec<(Target, f64)>>> {
    let index: rustc_hash::FxHashMap<G::Player, u32> = g
        .states
        .iter()
        .enumerate()
        .map(|(i, s)| (*s, i as u32))
        .collect();
    let alone = board.alone(policy);
    g.states
        .iter()
        .map(|&s| {
            outcomes(&alone, s)
                .into_iter()
                .map(|(to, den)| {
                    let t = match to {
                        None => Target::Home,
                        Some(p) => Target::State(*index.get(&p)?),
                    };
                    Some((t, 1.0 / den as f64))
                })
                .collect()
        })
        .collect()
}

/// The games of two: best against best, and best against each policy in either seat.
fn duels_of<G: PolicyGame>(
    board: &G,
    g: &Graph<G::Player, G::Choice>,
    name: &str,
    budget: &Budget,
) -> Result<Vec<DuelFigure>> {
    let probe = budget.probe(
        &format!(
            "games of two: value iteration over {} pairs of states",
            count((g.len() * g.mid_turn.iter().filter(|m| !**m).count()) as u64)
        ),
        "a smaller board makes fewer pairs",
    );
    probe
        .run(|_| {
            use rayon::prelude::*;
            let fixed: Vec<(&str, PolicyRows)> = board
                .policy_names()
                .into_iter()
                .filter_map(|n| Some((n, policy_rows(board, board.policy(n).ok()?, g)?)))
                .collect();
            let mut jobs = vec![(name, name, duel::Play::Best, duel::Play::Best)];
            for (n, rows) in &fixed {
                let f = duel::Play::Fixed(rows);
                jobs.push((name, n, duel::Play::Best, f));
                jobs.push((n, name, f, duel::Play::Best));
                jobs.push((n, n, f, f));
            }
            jobs.into_par_iter()
                .map(|(first, second, a, b)| {
                    let d = duel::duel(g, a, b, VALUE_TOLERANCE, MOST_SWEEPS);
                    DuelFigure {
                        first: first.to_string(),
                        second: second.to_string(),
                        first_wins: d.first_wins,
                        sweeps: d.passes,
                        last_change: d.change,
                    }
                })
                .collect()
        })
        .map_err(Into::into)
}
