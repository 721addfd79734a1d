//! `check` on a board that loops: another program's landing counts (one row per game of N
//! turns, or per batch of N turns of one long run) tested against the exact expected counts
//! of every hypothesis searched: the board's rules and every combination of the rules that
//! programs most often get wrong ([`LoopGame::rule_space`]), with independent draws, exactly;
//! and the same rules with cycled piles (shuffled anew each game, by simulation, its noise
//! counted; or in the file's order for one run, exactly). The hypotheses the data cannot
//! reject at the level asked form the confidence set; a rule that differs from the board's
//! in every one of them is named.

use std::collections::BTreeMap;

use serde::Serialize;

use super::long_run::{by_square, chain, landings};
use super::{ask, parse};
use crate::budget::Budget;
use crate::check::landings::{fit, Estimated, LandingFit, RowMoments, MIN_ROWS};
use crate::error::{Error, Result};
use crate::games::loop_game::LoopGame;
use crate::games::{value_word, BoardSource, LoopVisitor, Variant};
use crate::input::error::UserError;
use crate::solve::stationary::{self, passage::expected_landings};

/// What the rows of landing counts are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema, Default)]
#[serde(rename_all = "kebab-case")]
pub enum RowsAre {
    /// Independent games of N turns from the start.
    #[default]
    Games,
    /// Consecutive batches of N turns of one long run (batch means).
    Batches,
}

/// The options of [`check`].
#[derive(Debug, Clone, PartialEq)]
pub struct LandingCheckOptions {
    /// Rule overrides of the reference board.
    pub variant: Variant,
    /// Turns in each row.
    pub turns: u64,
    /// What the rows are.
    pub rows: RowsAre,
    /// Confidence level of the set of hypotheses kept.
    pub level: f64,
    /// Games of each simulated reference (cycled piles shuffled per game).
    pub reference_games: u64,
    /// Their seed.
    pub seed: u64,
}

/// One hypothesis tested.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LandingHypothesis {
    /// Every searched rule's value.
    pub rules: BTreeMap<String, String>,
    /// The rules whose value differs from the reference board's.
    pub differs: Vec<String>,
    /// How the cards are drawn, and whether the expected counts are exact or simulated.
    pub cards: String,
    /// Whether the expected counts are exact (else simulated, their noise counted).
    pub exact: bool,
    /// The test.
    pub fit: LandingFit,
    /// Whether the data cannot reject it at the level asked.
    pub kept: bool,
}

/// The answer of [`check`] on a board that loops.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LandingCheck {
    /// The reference board.
    pub board: String,
    /// The data's name.
    pub data: String,
    /// What the rows are.
    pub rows_are: RowsAre,
    /// Rows tested (for one run, the first batch is left out as warm-up).
    pub rows: usize,
    /// Turns in each row.
    pub turns: u64,
    /// The confidence level.
    pub level: f64,
    /// The largest lag-1 correlation between consecutive rows over the squares (batches
    /// should be nearly independent: above 0.2 they are too short).
    pub lag1: f64,
    /// The squares' names, in board order.
    pub squares: Vec<String>,
    /// Every hypothesis, best fit first.
    pub hypotheses: Vec<LandingHypothesis>,
    /// Whether the reference board's own rules are kept.
    pub reference_kept: bool,
    /// The rules every kept hypothesis gives another value than the reference board.
    pub named_rules: Vec<String>,
    /// Rule sets searched with independent draws.
    pub searched: usize,
    /// What the sample can detect, on its most landed square.
    pub detectable: Detectable,
}

/// The smallest difference a sample detects on one square: 4 standard errors of its mean.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Detectable {
    /// The square's number.
    pub square: usize,
    /// Landings a row: 4 standard errors of the mean.
    pub difference: f64,
    /// The square's mean landings a row.
    pub mean: f64,
}

/// Reads landing counts: one row a line, a count per square separated by spaces or commas;
/// `#` starts a comment.
pub fn read_rows(text: &str, file: &str, squares: usize) -> Result<Vec<Vec<u64>>, UserError> {
    let bad = |line: usize, message: String| UserError::BadDataFile {
        file: file.to_string(),
        line,
        message,
    };
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let cells: Vec<&str> = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|c| !c.is_empty())
            .collect();
        if cells.len() != squares {
            return Err(bad(i + 1, format!(
                "{} counts: a row holds one landing count per square, {squares} in board order from GO (one game or batch a line)",
                cells.len()
            )));
        }
        let row = cells
            .iter()
            .map(|c| {
                c.parse::<u64>().map_err(|_| {
                    bad(
                        i + 1,
                        format!(
                            "'{}' is not a count: write whole numbers of at least 0",
                            crate::input::text::quote(c)
                        ),
                    )
                })
            })
            .collect::<Result<Vec<u64>, UserError>>()?;
        rows.push(row);
    }
    Ok(rows)
}

/// The expected landings per row of `game` (its draws as its rules say): games of `turns`
/// turns from the start, exactly; or batches of a long run, from the stationary law.
pub fn expected<G: LoopGame>(
    game: &G,
    rows: RowsAre,
    turns: u64,
    budget: &Budget,
) -> Result<Vec<f64>> {
    let chain = chain(game, budget)?;
    let landing = landings(game, &chain);
    let n = game.squares();
    match rows {
        RowsAre::Games => {
            budget.time(
                "the expected landings of each game",
                chain.counts.nnz() as f64 * turns as f64 * 1.3 * 2e-9,
                "check games of fewer turns",
            )?;
            let turns = u32::try_from(turns).map_err(|_| UserError::BadFlag {
                flag: "--turns".into(),
                message: format!("{turns} turns: give at most {}", u32::MAX),
            })?;
            Ok(expected_landings(&chain, &landing, n, turns).0)
        }
        RowsAre::Batches => {
            let st = stationary::stationary(&chain, false, &|_| true).map_err(|e| {
                Error::from(UserError::Board {
                    board: game.name().to_string(),
                    message: e.to_string(),
                })
            })?;
            let per_roll = by_square(&landing, &st.law, n);
            let turn_ends: f64 = landing
                .iter()
                .zip(&st.law)
                .filter(|(l, _)| l.ends_turn)
                .map(|(_, p)| p)
                .sum();
            Ok(per_roll
                .iter()
                .map(|p| p / turn_ends * turns as f64)
                .collect())
        }
    }
}

/// Every combination of the values of `space`.
fn combinations(
    space: &[(&'static str, Vec<toml::Value>)],
) -> Vec<Vec<(&'static str, toml::Value)>> {
    let mut out: Vec<Vec<(&'static str, toml::Value)>> = vec![Vec::new()];
    for (key, values) in space {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                values.iter().map(move |v| {
                    let mut p = prefix.clone();
                    p.push((*key, v.clone()));
                    p
                })
            })
            .collect();
    }
    out
}

/// Checks the landing counts `text` (named `data`) against the loop board `source` and
/// every hypothesis searched (`None` for a board of another game).
pub fn check(
    source: &BoardSource,
    text: &str,
    data: &str,
    options: &LandingCheckOptions,
    budget: &Budget,
) -> Result<Option<LandingCheck>> {
    struct Check<'a>(
        &'a BoardSource,
        &'a str,
        &'a str,
        &'a LandingCheckOptions,
        &'a Budget,
    );
    impl LoopVisitor for Check<'_> {
        type Output = Result<LandingCheck>;
        fn visit<G: LoopGame>(self) -> Result<LandingCheck> {
            let Check(source, text, data, o, budget) = self;
            let reference: G = parse(source, &o.variant)?;
            let mut rows = read_rows(text, data, reference.squares())?;
            if o.rows == RowsAre::Batches && !rows.is_empty() {
                rows.remove(0);
            }
            if rows.len() < MIN_ROWS {
                return Err(UserError::BadDataFile {
                    file: data.to_string(),
                    line: 0,
                    message: format!(
                        "{} rows{}: the test estimates the spread between rows, so give at least {MIN_ROWS}",
                        rows.len(),
                        if o.rows == RowsAre::Batches { " after the first batch (left out as warm-up)" } else { "" }
                    ),
                }
                .into());
            }
            let moments = RowMoments::of(&rows);
            let space = G::rule_space();
            let base = reference.rules_json();
            let alpha = 1.0 - o.level;
            let mut hypotheses = Vec::new();
            for combo in combinations(&space) {
                let mut variant = o.variant.clone();
                for (k, v) in &combo {
                    variant = variant.with_rule(k, v.clone());
                }
                let rules: BTreeMap<String, String> = combo
                    .iter()
                    .map(|(k, v)| (k.to_string(), value_word(v)))
                    .collect();
                let differs: Vec<String> = combo
                    .iter()
                    .filter(|(k, v)| {
                        base.get(*k).map(|b| value_word(&json_to_toml(b))) != Some(value_word(v))
                    })
                    .map(|(k, v)| format!("{k} = {}", value_word(v)))
                    .collect();
                let Ok(game) = G::parse(&source.label, &source.text, &variant) else {
                    continue;
                };
                let independent = game.unordered();
                let e = expected(&independent, o.rows, o.turns, budget)?;
                let fit = fit(&moments, &e, None);
                let reference_cycled = reference.ordered();
                let mut own = differs.clone();
                if reference_cycled {
                    own.push("cards = independent".to_string());
                }
                hypotheses.push(LandingHypothesis {
                    rules: rules.clone(),
                    differs: own,
                    cards: independent.cards_words(),
                    exact: true,
                    kept: fit.p >= alpha,
                    fit,
                });
                // The cycled piles, for the rule sets the independent draws keep and for the
                // reference's own rules (whose truth may be cycled piles that independent
                // draws miss).
                if hypotheses.last().is_some_and(|h| h.kept) || differs.is_empty() {
                    let cycled = variant.clone().with_rule("cards", "cycled");
                    if let Ok(game) = G::parse(&source.label, &source.text, &cycled) {
                        let mut differs = differs;
                        if !reference_cycled {
                            differs.push("cards = cycled".to_string());
                        }
                        hypotheses.push(cycled_hypothesis(
                            &game, &moments, o, budget, rules, differs, alpha,
                        )?);
                    }
                }
            }
            hypotheses.sort_by(|a, b| b.fit.p.total_cmp(&a.fit.p));
            let searched = hypotheses.iter().filter(|h| h.exact).count();
            let most = (0..moments.mean.len())
                .max_by(|a, b| moments.mean[*a].total_cmp(&moments.mean[*b]))
                .unwrap_or(0);
            let detectable = Detectable {
                square: most,
                difference: 4.0 * (moments.variance[most] / moments.rows as f64).sqrt(),
                mean: moments.mean[most],
            };
            let reference_kept = hypotheses.iter().any(|h| h.kept && h.differs.is_empty());
            let kept: Vec<&LandingHypothesis> = hypotheses.iter().filter(|h| h.kept).collect();
            let named_rules = match kept.first() {
                Some(first) if !reference_kept => first
                    .differs
                    .iter()
                    .filter(|d| kept.iter().all(|h| h.differs.contains(d)))
                    .cloned()
                    .collect(),
                _ => Vec::new(),
            };
            Ok(LandingCheck {
                board: reference.name().to_string(),
                data: data.to_string(),
                rows_are: o.rows,
                rows: rows.len(),
                turns: o.turns,
                level: o.level,
                lag1: moments.lag1.iter().copied().fold(0.0, f64::max),
                squares: (0..reference.squares())
                    .map(|i| reference.square_name(i).to_string())
                    .collect(),
                hypotheses,
                reference_kept,
                named_rules,
                searched,
                detectable,
            })
        }
    }
    ask(source, Check(source, text, data, options, budget))
}

/// A JSON rule value as TOML, to word it as the flags do.
fn json_to_toml(v: &serde_json::Value) -> toml::Value {
    match v {
        serde_json::Value::Bool(b) => toml::Value::Boolean(*b),
        serde_json::Value::String(s) => toml::Value::String(s.clone()),
        serde_json::Value::Number(n) => n
            .as_i64()
            .map(toml::Value::Integer)
            .unwrap_or_else(|| toml::Value::Float(n.as_f64().unwrap_or(0.0))),
        other => toml::Value::String(other.to_string()),
    }
}

/// The hypothesis of cycled piles under one rule set (`differs` from the reference as given): for games, shuffled anew each game
/// (expected counts simulated, their noise counted); for one run, in the file's order (exact).
fn cycled_hypothesis<G: LoopGame>(
    game: &G,
    data: &RowMoments,
    o: &LandingCheckOptions,
    budget: &Budget,
    rules: BTreeMap<String, String>,
    differs: Vec<String>,
    alpha: f64,
) -> Result<LandingHypothesis> {
    let (fit, cards, exact) = match o.rows {
        RowsAre::Games => {
            budget.time(
                "a simulated reference with cycled piles",
                o.reference_games as f64 * o.turns as f64 * 1.2 * 1e-7 / 2.0,
                "lower --reference-games",
            )?;
            let rows = crate::sim::loops::games(game, o.reference_games, o.turns, o.seed, true);
            let reference = RowMoments::of(&rows);
            let fit = fit(
                data,
                &reference.mean,
                Some(Estimated {
                    moments: &reference,
                }),
            );
            (
                fit,
                "cycled piles, shuffled anew for each game (simulated reference)".to_string(),
                false,
            )
        }
        RowsAre::Batches => {
            let e = expected(game, o.rows, o.turns, budget)?;
            (fit(data, &e, None), game.cards_words(), true)
        }
    };
    Ok(LandingHypothesis {
        rules,
        differs,
        cards,
        exact,
        kept: fit.p >= alpha,
        fit,
    })
}
