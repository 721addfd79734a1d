//! What-if: the exact effect on the expected length of removing board elements, by kind and one
//! at a time. The game says which elements its boards have and lists the edits
//! ([`crate::games::Game::ELEMENTS`], [`crate::games::Game::element_removals`]); every row here is a full
//! exact solve of the edited file, the same as `candyland analyze` on that file would give.
//!
//! The rule ranking ([`RuleRanking`], `whatif --rules`) does the same for the rules: every rule
//! of the game ([`crate::games::Game::rule_space`]) set to every value it can take other than
//! the board's, one at a time ([`Variant::with_rule`]), ranked by the size of the effect.

use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::Chain;
use crate::games::Source;
use crate::games::{Game, Variant};
use crate::input::error::UserError;
use crate::solve::spaces::expected_remaining;
use crate::solve::SolveFailure;
use crate::solve::{check_finishes, check_solves};

/// Why there is no what-if table.
#[derive(Debug, thiserror::Error)]
pub enum WhatIfError {
    /// The board or variant cannot be read, or the board as it is has no finite E\[T\].
    #[error(transparent)]
    Input(#[from] UserError),
    /// The solves would take more memory or time than the budget allows.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// Why a board, or an edit of it, has no expected length: the "unsolved" of a what-if row.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Unsolved {
    /// The edit cannot be applied to the board file (removing an element, or setting a rule,
    /// that the file cannot take).
    #[error("the {what} cannot be made: {why}")]
    Edit {
        /// "edit" or "change".
        what: &'static str,
        /// Why, as the board's own error says.
        why: String,
    },
    /// The edited board does not pass validation: each problem, joined by "; ".
    #[error("the edited board is invalid: {0}")]
    Invalid(String),
    /// Some reachable state cannot reach the finish, so E\[T\] is infinite.
    #[error("the game can go on forever")]
    Forever,
    /// The chain would take more time or memory than the budget allows.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
    /// The linear solve failed its accuracy check.
    #[error(transparent)]
    Solve(#[from] SolveFailure),
}

/// One modified board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Change {
    /// What was removed, e.g. "without shortcut 4 -> 58".
    pub change: String,
    /// E\[T\] of the modified board; `None` if it can no longer always finish. JSON `mean`.
    #[serde(rename = "mean")]
    pub expected_turns: Option<f64>,
    /// Modified minus original E\[T\] (negative: the element makes games longer).
    pub difference: Option<f64>,
    /// Why there is no figure: the edit makes the board invalid, or a game that can go on
    /// forever (`None` when there is one).
    pub unsolved: Option<String>,
}

/// Every what-if row of one board. This struct is `whatif --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WhatIf {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// E\[T\] of the board as it is (with its variant), in turns. JSON `mean`.
    #[serde(rename = "mean")]
    pub expected_turns: f64,
    /// Removing every element of a kind.
    pub by_kind: Vec<Change>,
    /// Removing one element, ranked by the size of the effect.
    pub by_element: Vec<Change>,
}

/// E\[T\] of a validated board, or why there is none.
pub fn expected_turns<G: Game>(game: &G, budget: &Budget) -> Result<f64, Unsolved> {
    let chain = Chain::build_within(game, budget)?;
    chain_expected_turns(game, &chain)
}

/// E\[T\] of a built chain, or why there is none.
fn chain_expected_turns<G: Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
) -> Result<f64, Unsolved> {
    if check_finishes(game, chain).is_err() {
        return Err(Unsolved::Forever);
    }
    let e = expected_remaining(chain)?;
    Ok(e[chain.start()])
}

/// E\[T\] of an edited board file, or why there is none (the edit made it invalid, or a game
/// that can go on forever).
fn edited_expected_turns<G: Game>(file: &G::File, budget: &Budget) -> Result<f64, Unsolved> {
    // Each edit's chain is freed before the next is built.
    crate::budget::scoped(|| edited_within::<G>(file, budget))
}

fn edited_within<G: Game>(file: &G::File, budget: &Budget) -> Result<f64, Unsolved> {
    let game =
        G::from_file(file).map_err(|p| Unsolved::Invalid(p.to_string().replace('\n', "; ")))?;
    expected_turns(&game, budget)
}

/// The edits of a what-if table, in its order: removing every element of a kind (a kind the
/// board does not have gets no row), then each element alone. An edit that cannot be made
/// says why.
struct Edits<G: Game> {
    by_kind: Vec<(String, Result<G::File, Unsolved>)>,
    by_element: Vec<(String, G::File)>,
}

impl<G: Game> Edits<G> {
    fn of(source: &Source<G>, variant: &Variant, game: &G) -> Result<Edits<G>, WhatIfError> {
        let base_file = source.edited(variant)?;
        let by_element = game.element_removals(&base_file);
        let mut by_kind = Vec::new();
        let as_is = source.edited(variant).ok();
        for &(element, _) in G::ELEMENTS {
            if variant.without.iter().any(|w| w == element) {
                continue;
            }
            let file = source
                .edited(&variant.clone().without(element))
                .map_err(|e| Unsolved::Edit {
                    what: "edit",
                    why: e.to_string(),
                });
            // A board without that element at all gets no row.
            if file.as_ref().is_ok_and(|f| Some(f) == as_is.as_ref()) {
                continue;
            }
            by_kind.push((format!("without {element}"), file));
        }
        Ok(Edits {
            by_kind,
            by_element,
        })
    }

    /// Every edit that can be made.
    fn files(&self) -> impl Iterator<Item = &G::File> {
        self.by_kind
            .iter()
            .filter_map(|(_, f)| f.as_ref().ok())
            .chain(self.by_element.iter().map(|(_, f)| f))
    }
}

impl WhatIf {
    /// Every what-if row of a board, refused if the solves would take longer than `budget`.
    pub fn of<G: Game>(
        source: &Source<G>,
        variant: &Variant,
        budget: &Budget,
    ) -> Result<WhatIf, WhatIfError> {
        let game = source.game(variant)?;
        let chain = Chain::build_within(&game, budget)?;
        Self::check(source, variant, &chain, budget)?;
        Self::on_chain(source, variant, &game, &chain, budget)
    }

    /// Refuses the what-if table of a board whose chain is `chain` if building every edited
    /// board's chain (one after another, each freed before the next) and solving each would
    /// take longer or more memory than `budget` allows: before any of them is built.
    pub fn check<G: Game>(
        source: &Source<G>,
        variant: &Variant,
        chain: &Chain<G::State, G::Card>,
        budget: &Budget,
    ) -> Result<(), WhatIfError> {
        let game = source.game(variant)?;
        // Each trap and each jump is one edit at least, a copy of the whole board file with a
        // chain about as large as the board's: refused before the copies are made when those
        // chains alone would not fit (20,000 jumps on 200,000 squares made 20,000 copies of
        // the 20,000 jumps, 9 GB, before any estimate).
        let track = game.track();
        let at_least =
            track.traps.1.len() + track.jumps.iter().map(|j| j.moves.len()).sum::<usize>();
        budget.fits(
            &format!("building the chains of the what-if table's {at_least} or more edited boards"),
            at_least as f64 * Chain::build_cost(&game).0,
            "use a smaller board",
        )?;
        let edits = Edits::of(source, variant, &game)?;
        let (mut seconds, mut bytes, mut count) = (0.0, 0.0f64, 0usize);
        for file in edits.files() {
            // An edit that makes the board invalid is a row that says so, at no cost.
            if let Ok(edited) = G::from_file(file) {
                let (s, b) = Chain::build_cost(&edited);
                seconds += s;
                bytes = bytes.max(b);
                count += 1;
            }
        }
        let what = format!("building the chains of the what-if table's {count} edited boards");
        let fix = "use a smaller board";
        budget.memory(&what, bytes, fix)?;
        budget.time(&what, seconds, fix)?;
        check_solves(
            chain,
            (edits.by_kind.len() + edits.by_element.len() + 1) as f64,
            "the what-if table (one solve per edit)",
            budget,
        )?;
        Ok(())
    }

    /// Every what-if row of a board whose game and chain are given, its cost already accepted
    /// ([`WhatIf::check`]): each edit's own estimate still refuses, but is not counted again.
    pub fn on_chain<G: Game>(
        source: &Source<G>,
        variant: &Variant,
        game: &G,
        chain: &Chain<G::State, G::Card>,
        budget: &Budget,
    ) -> Result<WhatIf, WhatIfError> {
        let edits = Edits::of(source, variant, game)?;
        let base = chain_expected_turns(game, chain).map_err(|why| UserError::Board {
            board: source.label.clone(),
            message: format!("{why}, so removing elements has no finite effect to measure"),
        })?;
        let solve = |change: String, file: Result<&G::File, Unsolved>| -> Change {
            let e =
                file.and_then(|f| crate::budget::counted(|| edited_expected_turns::<G>(f, budget)));
            Change {
                change,
                expected_turns: e.as_ref().ok().copied(),
                difference: e.as_ref().ok().map(|e| e - base),
                unsolved: e.err().map(|why| why.to_string()),
            }
        };
        let by_kind = edits
            .by_kind
            .iter()
            .map(|(label, file)| solve(label.clone(), file.as_ref().map_err(Clone::clone)))
            .collect();
        let mut by_element: Vec<Change> = edits
            .by_element
            .iter()
            .map(|(label, file)| solve(label.clone(), Ok(file)))
            .collect();
        by_element.sort_by(|a, b| {
            let size = |c: &Change| c.difference.map_or(f64::INFINITY, f64::abs);
            size(b).total_cmp(&size(a))
        });
        Ok(WhatIf {
            board: game.name().to_string(),
            variant: variant.to_string(),
            expected_turns: base,
            by_kind,
            by_element,
        })
    }
}

/// One rule set to one value other than the board's, in `whatif --rules`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleChange {
    /// The change as its flag without the dashes, e.g. "start first-space".
    pub label: String,
    /// The rule: a key of the board's `[rules]` table, kebab-case (the flag's name).
    pub rule: String,
    /// The value the rule is set to, as the board file writes it (a string, a boolean, a number
    /// or a list).
    pub value: serde_json::Value,
    /// E\[T\] with the rule so set, in turns; `None` when there is no figure (see `unsolved`).
    pub mean: Option<f64>,
    /// `mean` minus the board's E\[T\] (negative: the change makes games shorter).
    pub difference: Option<f64>,
    /// Why there is no figure: the change makes the board invalid, or a game that can go on
    /// forever (`None` when there is one).
    pub unsolved: Option<String>,
}

/// Every single rule change of a board, ranked by the size of its effect on E\[T\]. This
/// struct is `whatif --rules --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleRanking {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// E\[T\] of the board as it is (with its variant), in turns.
    pub mean: f64,
    /// The board's rules in words, for the text (not in JSON).
    #[serde(skip)]
    pub rules_text: String,
    /// One row per rule change: largest |difference| first, the rows without a figure last.
    pub rules: Vec<RuleChange>,
}

/// Every rule key of `G` with every value it can take other than the one in `file`.
fn rule_changes<G: Game>(file: &mut G::File) -> Vec<(&'static str, toml::Value)> {
    let current = toml::Table::try_from(&*G::rules_mut(file)).unwrap_or_default();
    G::rule_space()
        .into_iter()
        .flat_map(|(key, values)| {
            let now = current.get(key).cloned();
            values
                .into_iter()
                .filter(move |v| Some(v) != now.as_ref())
                .map(move |v| (key, v))
        })
        .collect()
}

impl RuleRanking {
    /// Every single rule change of a board, ranked; refused if the solves would take longer
    /// than `budget`.
    pub fn of<G: Game>(
        source: &Source<G>,
        variant: &Variant,
        budget: &Budget,
    ) -> Result<RuleRanking, WhatIfError> {
        let game = source.game(variant)?;
        let changes = rule_changes::<G>(&mut source.edited(variant)?);
        let chain = Chain::build_within(&game, budget)?;
        check_solves(
            &chain,
            (changes.len() + 1) as f64,
            "the rule ranking (one solve per rule change)",
            budget,
        )?;
        let base = chain_expected_turns(&game, &chain).map_err(|why| UserError::Board {
            board: source.label.clone(),
            message: format!("{why}, so changing a rule has no finite effect to measure"),
        })?;
        let mut rules: Vec<RuleChange> = changes
            .into_iter()
            .map(|(key, value)| {
                let changed = variant.clone().with_rule(key, value.clone());
                let e = source
                    .edited(&changed)
                    .map_err(|e| Unsolved::Edit {
                        what: "change",
                        why: e.to_string(),
                    })
                    .and_then(|f| edited_expected_turns::<G>(&f, budget));
                RuleChange {
                    label: format!("{key} {}", crate::games::value_word(&value)),
                    rule: key.to_string(),
                    value: serde_json::to_value(&value).unwrap_or_default(),
                    mean: e.as_ref().ok().copied(),
                    difference: e.as_ref().ok().map(|e| e - base),
                    unsolved: e.err().map(|why| why.to_string()),
                }
            })
            .collect();
        // Largest effect first; the rows without a figure last, in the game's order.
        let size = |c: &RuleChange| c.difference.map_or(-1.0, f64::abs);
        rules.sort_by(|a, b| size(b).total_cmp(&size(a)));
        Ok(RuleRanking {
            board: game.name().to_string(),
            variant: variant.to_string(),
            mean: base,
            rules_text: game.rules_text(),
            rules,
        })
    }
}

/// The options of [`whatif`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct WhatIfOptions {
    /// Changes to the board file (`--without`, rule overrides) before the what-ifs.
    pub variant: Variant,
    /// Change each rule ([`RuleRanking`]) instead of removing each element ([`WhatIf`]).
    pub rules: bool,
}

/// The answer of [`whatif`]. Its JSON is the inner struct's, one of the shapes of
/// `schemas/whatif.schema.json`.
#[derive(Debug, Clone, PartialEq)]
pub enum WhatIfAnswer {
    /// The effect of removing each element.
    Removals(WhatIf),
    /// The effect of changing each rule.
    Rules(RuleRanking),
}

impl Serialize for WhatIfAnswer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            WhatIfAnswer::Removals(w) => w.serialize(s),
            WhatIfAnswer::Rules(r) => r.serialize(s),
        }
    }
}

/// The exact effect on E\[T\] of removing each element of `board`, or of changing each rule,
/// whatever its game.
pub fn whatif(
    board: &crate::games::BoardSource,
    options: &WhatIfOptions,
    budget: &Budget,
) -> crate::Result<WhatIfAnswer> {
    crate::results::board::ask(board, options, budget)
}

impl crate::results::board::Question for WhatIfOptions {
    type Answer = WhatIfAnswer;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> crate::Result<WhatIfAnswer> {
        Ok(if self.rules {
            WhatIfAnswer::Rules(RuleRanking::of(&source, &self.variant, b)?)
        } else {
            WhatIfAnswer::Removals(WhatIf::of(&source, &self.variant, b)?)
        })
    }
}

impl From<WhatIfError> for crate::Error {
    fn from(e: WhatIfError) -> crate::Error {
        match e {
            WhatIfError::Input(e) => crate::Error::Input(e),
            WhatIfError::OverBudget(e) => crate::Error::OverBudget(e),
        }
    }
}
