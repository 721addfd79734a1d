//! `check`: another simulator's game lengths (or a published summary of them) against the
//! exact answer, and the set of boards, rules and decks the data cannot reject, searched over
//! the given board's game and every other game's shipped boards ([`crate::check`]).

mod policy_search;
mod report;
mod search;
pub mod standing;

use policy_search::PolicyPlan;
use report::{check_policies, lengths_report, summary_report};
use search::{searched_boards, Plan};

use crate::error::Result;
use serde::{Serialize, Serializer};

use crate::budget::{Budget, Progress};
use crate::check::lengths::Games;
use crate::check::summary::{Published, SummaryReport};
use crate::check::{candidate, histogram, rule_space, CheckReport, Narrowing, Screen, Settings};
use crate::games::{BoardSource, Game, PolicyGame, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, Question};
use crate::results::options::policies_only;
use crate::results::options::{bad_option, check_players, deck_mode};
use crate::sim::DeckMode;
use crate::stats::Summary;

/// What is checked.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckData {
    /// Game lengths in a file: one whole number per line, a JSON array, or a CSV (with a
    /// column); `-` for standard input. With the winners: a second number on every line, the
    /// winning seat (`83 2`: 83 turns of all players, seat 2 won), or a CSV column.
    File {
        /// The path, or `-`.
        path: String,
        /// Read this column of a CSV file.
        column: Option<String>,
        /// Read each game's winner (its seat, 1 first) from this column of a CSV file.
        winner_column: Option<String>,
    },
    /// Game lengths already read.
    Lengths {
        /// How messages name them.
        label: String,
        /// The lengths.
        lengths: Vec<u32>,
    },
    /// Games already read, with their winners if known.
    Games {
        /// How messages name them.
        label: String,
        /// The lengths and the winners.
        games: Games,
    },
    /// A published summary instead of lengths, e.g. "games=10000 mean=38.69 median=33 min=4
    /// max=242" ([`Published::parse`]).
    Summary(String),
}

/// The options of [`check`].
#[derive(Debug, Clone, PartialEq)]
pub struct CheckOptions {
    /// Changes to the reference board's file (`--without`, rule overrides).
    pub variant: Variant,
    /// Players in each game of the data; lengths count every player's turns. `None`: one for
    /// the reference; a policy game's search then tries every count from 1 to 6 (those the
    /// winners, if given, allow).
    pub players: Option<usize>,
    /// The reference's deck model.
    pub deck: DeckMode,
    /// Vary only these rule keys; empty: every key of the game.
    pub vary: Vec<String>,
    /// Hold rule keys at one value each, as `KEY=VALUE`.
    pub fix: Vec<String>,
    /// Confidence level of the set of hypotheses the data cannot reject, in (0.5, 1).
    pub level: f64,
    /// Games of each simulated (finite-deck) reference, at least 1,000.
    pub reference_games: u64,
    /// Seed of the reference simulations.
    pub seed: u64,
    /// Search boards, rules and decks (else only the fit to the reference).
    pub rank: bool,
    /// On a policy game's board: the seats' policies (one name for every seat, or one per
    /// seat); `None` for the board's default.
    pub policy: Option<String>,
    /// The cap of a policy game's exact chains (the reference alone and the search); `None`
    /// for the game's default.
    pub cap: Option<u32>,
    /// Whether the user named the reference (a board, a rule, a deck or a policy). When not,
    /// the board is the default one, and after a search the fit is to the best hypothesis of
    /// the set instead ([`CheckReport::fit`]).
    pub named: bool,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            variant: Variant::default(),
            players: None,
            deck: DeckMode::Iid,
            vary: Vec::new(),
            fix: Vec::new(),
            level: 0.95,
            reference_games: 100_000,
            seed: 1,
            rank: true,
            policy: None,
            cap: None,
            named: true,
        }
    }
}

impl CheckOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        check_players(self.players())?;
        if self.reference_games < 1000 {
            return Err(bad_option(
                "--reference-games",
                "must be at least 1000 for a usable reference",
            ));
        }
        if !(self.level > 0.5 && self.level < 1.0) {
            return Err(bad_option(
                "--level",
                format!(
                    "{} is not a confidence level between 0.5 and 1; try 0.95",
                    self.level
                ),
            ));
        }
        self.narrowing()?;
        Ok(())
    }

    /// `vary` and `fix` as a [`Narrowing`]; a key both varied and fixed, or fixed twice, is
    /// refused.
    fn narrowing(&self) -> Result<Narrowing, UserError> {
        let quote = crate::input::text::quote;
        let mut fix: Vec<(String, String)> = Vec::new();
        for f in &self.fix {
            let (k, v) = f.split_once('=').ok_or_else(|| {
                bad_option(
                    "--fix",
                    format!(
                        "'{}' is not KEY=VALUE; write e.g. --fix doubles=two-steps",
                        quote(f)
                    ),
                )
            })?;
            let (k, v) = (k.trim().to_string(), v.trim().to_string());
            if let Some((_, before)) = fix.iter().find(|(key, _)| *key == k) {
                return Err(bad_option(
                    "--fix",
                    format!(
                        "{} is fixed twice ({}={} and {}={}); fix each rule once",
                        quote(&k),
                        quote(&k),
                        quote(before),
                        quote(&k),
                        quote(&v)
                    ),
                ));
            }
            if self.vary.contains(&k) {
                return Err(bad_option(
                    "--fix",
                    format!(
                        "{} is both varied (--vary) and fixed (--fix {}={}): a rule is either tried at every value or held at one; drop one of the two",
                        quote(&k),
                        quote(&k),
                        quote(&v)
                    ),
                ));
            }
            fix.push((k, v));
        }
        Ok(Narrowing {
            vary: (!self.vary.is_empty()).then(|| self.vary.clone()),
            fix,
        })
    }

    /// Players in each game of the reference.
    fn players(&self) -> usize {
        self.players.unwrap_or(1)
    }

    fn settings(&self, budget: &Budget) -> Settings {
        Settings {
            players: self.players(),
            reference_games: self.reference_games,
            seed: self.seed,
            budget: *budget,
            alpha: 1.0 - self.level,
        }
    }
}

/// The answer of [`check`]. Its JSON is the inner struct's, one of the shapes of
/// `schemas/check.schema.json`.
#[derive(Debug, Clone, PartialEq)]
// One answer per run, returned once: boxing the larger variant would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum CheckAnswer {
    /// Lengths checked: the fit and the ranking.
    Lengths(CheckReport),
    /// A published summary checked.
    Summary(SummaryReport),
}

impl Serialize for CheckAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            CheckAnswer::Lengths(r) => r.serialize(s),
            CheckAnswer::Summary(r) => r.serialize(s),
        }
    }
}

/// `data` against the reference `board` (whatever its game) and, unless `options.rank` is
/// false, against every board, rule set and deck searched; the search is counted on
/// `progress`.
pub fn check(
    board: &BoardSource,
    data: &CheckData,
    options: &CheckOptions,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<CheckAnswer> {
    options.validate()?;
    ask(board, &(data, options, progress), budget)
}

impl Question for (&CheckData, &CheckOptions, &dyn Progress) {
    type Answer = CheckAnswer;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<CheckAnswer> {
        let (data, options, progress) = *self;
        let settings = options.settings(b);
        let variant = &options.variant;
        let given = source.game(variant)?;
        deck_mode(Some(options.deck), given.has_deck())?;
        if given.tokens_meet() && options.players() > 1 && options.deck != DeckMode::Iid {
            return Err(bad_option(
                "--deck",
                "the chain of the whole table, which a game whose tokens meet is checked against with several players, draws i.i.d.; use --deck iid",
            )
            .into());
        }
        let narrowed = options.narrowing()?;
        let space = rule_space::<G>(&narrowed).map_err(|e| {
            bad_option(
                if options.vary.is_empty() {
                    "--fix"
                } else {
                    "--vary"
                },
                e.message,
            )
        })?;
        if options.policy.is_some() {
            return Err(bad_option("--policy", policies_only()).into());
        }
        let name = board_name(&source.label);
        let plan = Plan {
            sources: searched_boards(name, &source, variant, &given)?,
            space,
            narrowing: narrowed,
            progress,
            policies: PolicyPlan::other(options),
        };
        let (label, games) = match data {
            CheckData::Summary(text) => {
                let published =
                    Published::parse(text).map_err(|e| bad_option("--summary", e.to_string()))?;
                return summary_report(name, options, &published, &source, &plan, &settings)
                    .map(CheckAnswer::Summary);
            }
            other => read_games(other, options, b)?,
        };
        let hist = histogram(&games.lengths);
        let summary = Summary::of(&hist)
            .ok_or_else(|| bad_option("LENGTHS", format!("{label} holds no game lengths")))?;
        let reference = candidate(&source, variant, options.deck, summary.max, &settings)?
            .ok_or_else(|| forever(name))?;
        let search = |screen: Screen, settings: &Settings| plan.search(screen, settings);
        let report = lengths_report(
            options, label, &games, &hist, summary, &reference, &settings, search,
        )?;
        Ok(CheckAnswer::Lengths(report))
    }

    fn policies<P: PolicyGame>(&self, board: &BoardSource, b: &Budget) -> Result<CheckAnswer> {
        let (data, options, progress) = *self;
        check_policies::<P>(board, data, options, b, progress)
    }
}

/// The games of `data` (not a summary), read, with the winners checked against the players.
pub(super) fn read_games(
    data: &CheckData,
    options: &CheckOptions,
    b: &Budget,
) -> Result<(String, Games)> {
    let (label, games) = match data {
        CheckData::File {
            path,
            column,
            winner_column,
        } => {
            crate::check::lengths::read_file(path, column.as_deref(), winner_column.as_deref(), b)?
        }
        CheckData::Lengths { label, lengths } => (label.clone(), Games::of(lengths.clone(), None)),
        CheckData::Games { label, games } => (label.clone(), games.clone()),
        CheckData::Summary(_) => {
            return Err(bad_option("--summary", "a summary has no games to read").into())
        }
    };
    if let Some(winners) = &games.winners {
        let k = match options.players {
            Some(k) => k,
            None => {
                let most = winners.iter().copied().max().unwrap_or(1);
                if most > 1 {
                    return Err(bad_option(
                        "--players",
                        format!(
                            "{label} names winners up to seat {most}: give the number of players its games were played with (--players K)"
                        ),
                    )
                    .into());
                }
                1
            }
        };
        if let Some(i) = winners.iter().position(|&w| w as usize > k) {
            return Err(bad_option(
                "--players",
                format!(
                    "{k} players, but game {} of {label} was won by seat {}; give the number of players the data was played with",
                    i + 1,
                    winners[i]
                ),
            )
            .into());
        }
    }
    Ok((label, games))
}

/// The board as the user named it: a shipped board's name, or the path.
pub(super) fn board_name(label: &str) -> &str {
    label.strip_suffix(" (shipped board)").unwrap_or(label)
}

/// The error for a reference board whose game can go on forever.
pub(super) fn forever(board: &str) -> UserError {
    bad_option(
        "--board",
        format!(
            "{board} can go on forever, so there is no distribution of game lengths to check against; `candyland forever {board}` gives the chance that a game never ends. Check against a board whose games always end"
        ),
    )
}
