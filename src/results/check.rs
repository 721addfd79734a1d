//! `check`: another simulator's game lengths (or a published summary of them) against the
//! exact answer, and the set of boards, rules and decks the data cannot reject, searched over
//! the given board's game and every other game's shipped boards ([`crate::check`]).

use anyhow::{Context, Result};
use serde::{Serialize, Serializer};

use crate::budget::{Budget, Progress};
use crate::check::hare::{HareBoard, HareSpace};
use crate::check::lengths::Games;
use crate::check::summary::{Published, SummaryReport};
use crate::check::{
    candidate, combine, conclusion, decide, fit, histogram, rank, rule_space, rule_space_of,
    search_game, Candidate, CheckReport, Evidence, Fit, GameSearch, Narrowing, RuleSpace, Sample,
    Screen, Searched, Settings,
};
use crate::games::{hare, load, shipped, BoardSource, Game, GameVisitor, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, Question};
use crate::results::options::{bad_option, check_players, deck_mode};
use crate::sim::DeckMode;
use crate::stats::{Summary, Z_LIMIT};

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
    /// the reference; a Hare and Tortoise search then tries every count from 1 to 6 (those the
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
    /// On a Hare and Tortoise board: the seats' policies (one name for every seat, or one per
    /// seat); `None` for the board's default.
    pub policy: Option<String>,
    /// The carrot cap of the exact Hare and Tortoise chains (the reference alone and the
    /// search); `None` for [`crate::results::hare::CARROT_CAP`].
    pub carrot_cap: Option<u32>,
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
            carrot_cap: None,
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

    /// The carrot cap of the exact Hare and Tortoise chains.
    fn cap(&self) -> u32 {
        self.carrot_cap.unwrap_or(crate::results::hare::CARROT_CAP)
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
            return Err(bad_option("--policy", "applies only to Hare and Tortoise boards").into());
        }
        let name = board_name(&source.label);
        let plan = Plan {
            sources: searched_boards(name, &source, variant, &given)?,
            space,
            narrowing: narrowed,
            progress,
            hare: HarePlan::other(options),
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

    fn hare(&self, board: &BoardSource, b: &Budget) -> Result<CheckAnswer> {
        let (data, options, progress) = *self;
        check_hare(board, data, options, b, progress)
    }
}

/// The games of `data` (not a summary), read, with the winners checked against the players.
fn read_games(data: &CheckData, options: &CheckOptions, b: &Budget) -> Result<(String, Games)> {
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

/// The search of boards, rules and decks: the hypotheses and what was searched.
type Found = (Vec<Candidate>, Searched);

/// The answer for lengths: the fit to `reference`, the winners' test if given, and unless
/// `options.rank` is false the search `search` does (the set, what it decides and what it
/// does not).
#[allow(clippy::too_many_arguments)]
fn lengths_report(
    options: &CheckOptions,
    label: String,
    games: &Games,
    hist: &[u64],
    summary: Summary,
    reference: &Candidate,
    settings: &Settings,
    search: impl FnOnce(Screen, &Settings) -> Result<Found>,
) -> Result<CheckReport> {
    let mut given_fit = fit_of(hist, games, reference)?;
    if !options.named {
        given_fit.reference.chosen = crate::check::Chosen::DefaultBoard;
    }
    let detectable = detectable_by_fit(reference, summary.games, options.reference_games);
    let winners = games.winners.as_ref().map(|w| {
        crate::check::winners::test(&games.lengths, w, settings.players, &reference.model)
    });
    let mut report = CheckReport {
        file: label,
        players: settings.players,
        sample: summary,
        conclusion: given_fit.verdict.clone(),
        fit: given_fit,
        level: options.level,
        detectable_mean_shift: detectable,
        searched: None,
        set: Vec::new(),
        decided: Vec::new(),
        undecided: Vec::new(),
        ranking: Vec::new(),
        winners,
    };
    if options.rank {
        let best = search_lengths(&mut report, hist, search, settings, options.named)?;
        // No reference named: the fit (and the winners' test) is to the best hypothesis of the
        // set, or of the search when the set is empty.
        if let Some((best, in_set)) = best.filter(|_| !options.named) {
            report.fit = fit_of(hist, games, &best)?;
            report.fit.reference.chosen = if in_set {
                crate::check::Chosen::BestOfSet
            } else {
                crate::check::Chosen::MostLikely
            };
            report.detectable_mean_shift =
                detectable_by_fit(&best, report.sample.games, options.reference_games);
            report.winners = games.winners.as_ref().map(|w| {
                crate::check::winners::test(&games.lengths, w, settings.players, &best.model)
            });
        }
    }
    if let Some(w) = &report.winners {
        if w.off_turn > 0 {
            report
                .conclusion
                .push_str(&format!(" Winners: {}.", w.verdict));
        }
    }
    Ok(report)
}

/// The fit of the sample (`hist`, of `games`) to `reference`, its outliers placed in the input
/// and, when they decide an inconsistent verdict, named in it.
fn fit_of(hist: &[u64], games: &Games, reference: &Candidate) -> Result<Fit> {
    let mut f = fit(hist, reference).map_err(|e| bad_option("LENGTHS", e.to_string()))?;
    crate::check::outliers::locate(&mut f.outliers, &games.lengths, &games.lines, games.place);
    if !f.consistent && !f.outliers.is_empty() {
        let n = games.lengths.len() as u64;
        let said: Vec<String> = f
            .outliers
            .iter()
            .map(|o| crate::check::outliers::words(o, n))
            .collect();
        f.verdict
            .push_str(&format!("; decided by {}", said.join("; ")));
    }
    Ok(f)
}

/// `check` with a Hare and Tortoise board as the reference: its rules, the policies and the
/// players (one player alone by default), exact alone and simulated otherwise; the search
/// covers every Hare and Tortoise board, rule set, policy and player count, and every other
/// game's shipped boards.
fn check_hare(
    source: &BoardSource,
    data: &CheckData,
    options: &CheckOptions,
    b: &Budget,
    progress: &dyn Progress,
) -> Result<CheckAnswer> {
    if let CheckData::Summary(_) = data {
        return Err(bad_option(
            "--summary",
            "is not available with a Hare and Tortoise board: its references of several players are simulated, and a summary is checked against exact ones; give the lengths",
        )
        .into());
    }
    if options.deck != DeckMode::Iid {
        return Err(bad_option(
            "--deck",
            "does not apply to Hare and Tortoise boards: the hare card pile is a rule (--card-pile)",
        )
        .into());
    }
    let settings = options.settings(b);
    let variant = &options.variant;
    let board = hare::parse_with(&source.label, &source.text, variant)?;
    let policies =
        crate::results::hare::seat_policies(&board, options.policy.as_deref(), settings.players)?;
    let narrowed = options.narrowing()?;
    let (label, games) = read_games(data, options, b)?;
    let hist = histogram(&games.lengths);
    let summary = Summary::of(&hist)
        .ok_or_else(|| bad_option("LENGTHS", format!("{label} holds no game lengths")))?;
    let reference = crate::check::hare::reference(
        &board,
        source.label.clone(),
        variant,
        &policies,
        options.cap(),
        summary.max,
        &settings,
    )?;
    let names: Vec<String> = policies.iter().map(|p| p.name.clone()).collect();
    let mixed = if names.iter().any(|n| *n != names[0]) {
        vec![names]
    } else {
        Vec::new()
    };
    let given = HareBoard {
        name: board.name.clone(),
        source: source.clone(),
    };
    let plan = HarePlan::of(options, &games, mixed);
    let search = |screen: Screen, settings: &Settings| {
        search_all(
            screen,
            settings,
            &narrowed,
            Some(given),
            &plan,
            None,
            progress,
        )
    };
    let report = lengths_report(
        options, label, &games, &hist, summary, &reference, &settings, search,
    )?;
    Ok(CheckAnswer::Lengths(report))
}

/// The board as the user named it: a shipped board's name, or the path.
fn board_name(label: &str) -> &str {
    label.strip_suffix(" (shipped board)").unwrap_or(label)
}

/// The error for a reference board whose game can go on forever.
fn forever(board: &str) -> UserError {
    bad_option(
        "--board",
        format!(
            "{board} can go on forever, so there is no distribution of game lengths to check against; `candyland forever {board}` gives the chance that a game never ends. Check against a board whose games always end"
        ),
    )
}

/// The smallest shift of the mean that the fit's test of the mean (|z| >= [`Z_LIMIT`]) notices
/// 80 % of the time with `games` games: its standard error is the reference's sd / sqrt(n),
/// with a simulated reference's own noise added.
fn detectable_by_fit(reference: &Candidate, games: u64, reference_games: u64) -> f64 {
    let (_, sd) = reference.model.moments();
    let n = games as f64;
    let se = if reference.model.histogram().is_some() {
        (sd * sd / n + sd * sd / reference_games as f64).sqrt()
    } else {
        sd / n.sqrt()
    };
    crate::check::set::detectable_mean_shift(se, Z_LIMIT)
}

/// The words describing the fit's test of the mean, for the power sentence.
const FIT_TEST: &str = "the fit's test of the mean, |z| >= 4";

/// What `check` searches: the given board's game (its shipped boards and the given one, under
/// the narrowed rule space) and every other game's shipped boards.
struct Plan<'a, G: Game> {
    sources: Vec<(String, Source<G>)>,
    space: RuleSpace,
    narrowing: Narrowing,
    progress: &'a dyn Progress,
    /// The Hare and Tortoise part (searched from lengths only).
    hare: HarePlan,
}

/// How the Hare and Tortoise boards are searched: the player counts (with those the winners
/// rule out), the seats' policies besides "all the same", the carrot cap.
struct HarePlan {
    players: Vec<usize>,
    /// Whether the given board is a Hare and Tortoise one ([`HareSpace::refine`]).
    given: bool,
    left_out_players: Vec<String>,
    mixed: Vec<Vec<String>>,
    cap: u32,
}

impl HarePlan {
    /// The Hare and Tortoise search as one of the other games: the given players (else one),
    /// as every other game is searched.
    fn other(options: &CheckOptions) -> HarePlan {
        HarePlan {
            players: vec![options.players()],
            given: false,
            left_out_players: Vec::new(),
            mixed: Vec::new(),
            cap: options.cap(),
        }
    }

    /// The search of a given Hare and Tortoise board: the given players (else every count from
    /// 1 to 6 that the winners, if given, allow), with the seatings `mixed` besides "every seat
    /// the same policy".
    fn of(options: &CheckOptions, games: &Games, mixed: Vec<Vec<String>>) -> HarePlan {
        let mut plan = HarePlan {
            players: match options.players {
                Some(k) => vec![k],
                None => crate::check::hare::PLAYER_COUNTS.collect(),
            },
            given: true,
            left_out_players: Vec::new(),
            mixed,
            cap: options.cap(),
        };
        if let (None, Some(w)) = (options.players, &games.winners) {
            let most = *crate::check::hare::PLAYER_COUNTS.end();
            let allowed = crate::check::winners::players_allowed(&games.lengths, w, most);
            if !allowed.is_empty() {
                plan.left_out_players = plan
                    .players
                    .iter()
                    .filter(|k| !allowed.contains(k))
                    .map(|k| {
                        format!("{k} players (a winner is not the seat whose turn ends its game)")
                    })
                    .collect();
                plan.players = allowed;
            }
        }
        plan
    }
}

impl<G: Game> Plan<'_, G> {
    /// Searches every game, the given board's first, and merges their hypotheses.
    fn search(&self, screen: Screen, settings: &Settings) -> Result<Found> {
        let steps = (self.sources.len() * self.space.rule_sets.len()) as u64;
        let first = |tell: &(dyn Fn(u64) + Sync)| -> Result<GameSearch> {
            Ok(search_game(
                &self.sources,
                &self.space,
                screen,
                settings,
                tell,
            )?)
        };
        search_all(
            screen,
            settings,
            &self.narrowing,
            None,
            &self.hare,
            Some((G::KIND, steps, &first)),
            self.progress,
        )
    }
}

/// One game searched first: its kind, its steps, and its search.
type First<'a> = (
    &'static str,
    u64,
    &'a dyn Fn(&(dyn Fn(u64) + Sync)) -> Result<GameSearch>,
);

/// The share of the time left each other game may take when the given board's game comes last.
const OTHERS_SHARE: f64 = 1.0 / 3.0;

/// Searches `first` (the given board's game), then every other game's shipped boards (every
/// Hare and Tortoise board, with `given` among them when it is one), and merges their
/// hypotheses. Hare and Tortoise is searched from lengths only.
fn search_all(
    screen: Screen,
    settings: &Settings,
    narrowing: &Narrowing,
    given: Option<HareBoard>,
    hare_plan: &HarePlan,
    first: Option<First>,
    progress: &dyn Progress,
) -> Result<Found> {
    let except = first.as_ref().map_or(hare::KIND, |f| f.0);
    let others = other_games(except);
    let mut steps = first.as_ref().map_or(0, |f| f.1);
    for (kind, boards) in &others {
        if let Outcome::Count(n) = visit(
            kind,
            boards,
            narrowing,
            Task::Count,
            screen,
            settings,
            &|_| {},
        )? {
            steps += n as u64;
        }
    }
    let hare_part = hare_space(narrowing, given);
    if let (Ok((boards, space)), Screen::Lengths(_)) = (&hare_part, screen) {
        let policies: usize = boards
            .iter()
            .filter_map(|b| hare::parse(&b.source.label, &b.source.text).ok())
            .map(|b| b.policies.len() + hare_plan.mixed.len())
            .max()
            .unwrap_or(1);
        steps += (boards.len() * space.rule_sets.len() * hare_plan.players.len() * policies) as u64;
    }
    let counter = progress.start(steps, "searching rules and decks", "rule sets");
    let tell = |n| counter.add(n);
    let mut parts = Vec::new();
    let mut left_out = Vec::new();
    if let Some((_, _, search)) = &first {
        parts.push(search(&tell)?);
    }
    // When the given board's game is searched last (Hare and Tortoise), each other game may take
    // a third of the time left, so that most of it stays for the given one.
    let share = if first.is_some() { 1.0 } else { OTHERS_SHARE };
    // Another game that does not fit in what is left of the budget is left out, and said so
    // with the --budget that would include it (through its share, when it had one): the set
    // is then among the hypotheses searched.
    let over = |kind: &str, e: &anyhow::Error, from: f64| {
        e.chain()
            .find_map(|c| c.downcast_ref::<crate::budget::OverBudget>())
            .map(|o| {
                let advice = o.needed.map_or(String::new(), |n| {
                    let whole = (from + (n as f64 - from).max(0.0) / share).ceil();
                    format!("; run with --budget {whole:.0} to include it")
                });
                format!(
                    "{kind} (left out for the budget: {} would {}{advice})",
                    o.what, o.cost
                )
            })
    };
    let for_others = |s: &Settings| Settings {
        budget: s.budget.share(share),
        ..*s
    };
    for (kind, boards) in &others {
        let from = settings.budget.seconds() - settings.budget.left();
        let outcome = visit(
            kind,
            boards,
            narrowing,
            Task::Search,
            screen,
            &for_others(settings),
            &tell,
        );
        match outcome {
            Ok(Outcome::Searched(part)) => parts.push(part),
            Ok(Outcome::LeftOut(why)) => left_out.push(why),
            Ok(Outcome::Count(_)) => {}
            Err(e) => left_out.push(over(kind, &e, from).ok_or(e)?),
        }
    }
    // Hare and Tortoise last: its stages screen its hypotheses against the best of every game
    // searched (its part still comes first when the given board is one of its).
    match (&hare_part, screen) {
        (Ok((boards, space)), Screen::Lengths(sample)) => {
            let hs = HareSpace {
                boards,
                space,
                players: &hare_plan.players,
                mixed: &hare_plan.mixed,
                cap: hare_plan.cap,
                refine: hare_plan.given,
                left_out_players: &hare_plan.left_out_players,
            };
            let others_best = crate::check::hare::best_of(&parts, sample);
            match crate::check::hare::search_game(&hs, sample, settings, others_best, &tell) {
                Ok(part) => {
                    let at = if first.is_some() { parts.len() } else { 0 };
                    parts.insert(at, part);
                }
                // Hare and Tortoise as another game is left out when it does not fit; as the
                // given board's game it is the answer, and its refusal ends the run.
                Err(e) if first.is_some() => {
                    let e = anyhow::Error::new(e);
                    left_out.push(over(hare::KIND, &e, 0.0).ok_or(e)?)
                }
                Err(e) => return Err(e.into()),
            }
        }
        (Ok(_), Screen::Mean(_)) => left_out.push(format!(
            "{} (a published summary is checked against the games with exact references; check its lengths instead)",
            hare::KIND
        )),
        (Err(why), _) => left_out.push(why.clone()),
    }
    drop(counter);
    Ok(combine(parts, left_out, screen, settings)?)
}

/// The Hare and Tortoise boards searched (every shipped one, and `given`) and the rule space,
/// or why the game is left out (`--vary` or `--fix` names a rule it does not have).
fn hare_space(
    narrowing: &Narrowing,
    given: Option<HareBoard>,
) -> std::result::Result<(Vec<HareBoard>, RuleSpace), String> {
    let keys = hare::board::rule_keys();
    let missing: Vec<&str> = narrowing
        .vary
        .iter()
        .flatten()
        .chain(narrowing.fix.iter().map(|(k, _)| k))
        .map(String::as_str)
        .filter(|k| !keys.iter().any(|own| own == k))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} (it has no rule {}, which --vary or --fix names)",
            hare::KIND,
            missing.join(", ")
        ));
    }
    let space = rule_space_of(hare::KIND, hare::board::rule_space(), narrowing)
        .map_err(|e| format!("{} ({})", hare::KIND, e.message))?;
    let mut boards: Vec<HareBoard> = hare::SHIPPED
        .iter()
        .filter(|b| given.as_ref().is_none_or(|g| g.name != b.name))
        .map(|b| HareBoard {
            name: b.name.to_string(),
            source: BoardSource::new(&format!("{} (shipped board)", b.name), b.text),
        })
        .collect();
    boards.extend(given);
    Ok((boards, space))
}

/// The shipped boards of every game but `except`, game by game (Hare and Tortoise boards, which
/// have their own search, are not among them).
fn other_games(except: &str) -> Vec<(&'static str, Vec<BoardSource>)> {
    let mut out: Vec<(&'static str, Vec<BoardSource>)> = Vec::new();
    for b in shipped::SHIPPED.iter() {
        let source = BoardSource::new(&format!("{} (shipped board)", b.name), b.text);
        let Ok(kind) = source.kind() else { continue };
        if kind == except {
            continue;
        }
        match out.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, boards)) => boards.push(source),
            None => out.push((kind, vec![source])),
        }
    }
    out
}

/// What to do with another game.
#[derive(Clone, Copy)]
enum Task {
    /// Count its board x rule set combinations.
    Count,
    /// Search it.
    Search,
}

/// What came of another game.
enum Outcome {
    Count(usize),
    Searched(GameSearch),
    /// Not searched, with why.
    LeftOut(String),
}

/// Runs `task` on another game's shipped `boards` (all of game `kind`).
fn visit(
    kind: &str,
    boards: &[BoardSource],
    narrowing: &Narrowing,
    task: Task,
    screen: Screen,
    settings: &Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome> {
    let visitor = OtherGame {
        boards,
        narrowing,
        task,
        screen,
        settings,
        progress,
    };
    // The cause keeps its type (a budget refusal is the user's to fix: exit 2).
    crate::games::with_game(&boards[0], visitor)?
        .with_context(|| format!("searching the {kind} boards"))
}

/// Another game's search, generic over the game.
struct OtherGame<'a> {
    boards: &'a [BoardSource],
    narrowing: &'a Narrowing,
    task: Task,
    screen: Screen<'a>,
    settings: &'a Settings,
    progress: &'a (dyn Fn(u64) + Sync),
}

impl GameVisitor for OtherGame<'_> {
    type Output = Result<Outcome>;

    fn visit<H: Game>(self, _first: Source<H>) -> Result<Outcome> {
        // `vary` and `fix` name rules of the given board's game: another game is searched
        // only when it has every one of them.
        let keys: Vec<&str> = H::rule_space().iter().map(|(k, _)| *k).collect();
        let named = self
            .narrowing
            .vary
            .iter()
            .flatten()
            .chain(self.narrowing.fix.iter().map(|(k, _)| k));
        let missing: Vec<&str> = named
            .map(String::as_str)
            .filter(|k| !keys.contains(k))
            .collect();
        if !missing.is_empty() {
            return Ok(Outcome::LeftOut(format!(
                "{} (it has no rule {}, which --vary or --fix names)",
                H::KIND,
                missing.join(", ")
            )));
        }
        let space = rule_space::<H>(self.narrowing).map_err(|e| bad_option("--fix", e.message))?;
        if let Task::Count = self.task {
            return Ok(Outcome::Count(self.boards.len() * space.rule_sets.len()));
        }
        let mut sources = Vec::new();
        for b in self.boards {
            let name = board_name(&b.label).to_string();
            sources.push((name, b.parse::<H>()?));
        }
        let part = search_game(&sources, &space, self.screen, self.settings, self.progress)?;
        Ok(Outcome::Searched(part))
    }
}

/// The search of boards, rules and decks for lengths, written into the report: the set, what
/// it decides and what it does not.
/// Returns the best hypothesis of the set (by likelihood), or of the search when the set is
/// empty; `named` says whether the user chose the reference the fit is to.
fn search_lengths(
    report: &mut CheckReport,
    hist: &[u64],
    search: impl FnOnce(Screen, &Settings) -> Result<Found>,
    settings: &Settings,
    named: bool,
) -> Result<Option<(Candidate, bool)>> {
    let sample = Sample::of(hist);
    let (candidates, searched) = search(Screen::Lengths(&sample), settings)?;
    let ranking = rank(hist, &candidates, settings.alpha)
        .map_err(|e| bad_option("LENGTHS", e.to_string()))?;
    let (decided, undecided) = decide(&ranking);
    let small = report.sample.games < crate::check::MIN_GAMES_TO_DECIDE;
    let decided = if small { Vec::new() } else { decided };
    // The best fit in the set, when even it fails a goodness-of-fit test at the set's level.
    let best_fit = ranking
        .iter()
        .filter(|r| r.in_set)
        .max_by(|a, b| a.fit_p.total_cmp(&b.fit_p));
    let marginal = best_fit
        .filter(|r| !small && r.fit_p < settings.alpha)
        .map(|r| (r.candidate.as_str(), r.fit_p, settings.alpha));
    let mut text = conclusion(&Evidence {
        games: report.sample.games,
        searched: &searched,
        ranking: &ranking,
        decided: &decided,
        undecided: &undecided,
        detectable: (report.detectable_mean_shift, FIT_TEST),
        marginal,
        impossible: "some length of the sample is impossible under it",
        tell: &tell(&ranking, report),
    });
    if named && !report.fit.consistent {
        text.push_str(&format!(
            " Against the reference you chose it is {}.",
            report.fit.verdict
        ));
    }
    report.conclusion = text;
    report.set = ranking
        .iter()
        .filter(|r| r.in_set)
        .map(|r| crate::check::Member {
            candidate: r.candidate.clone(),
            settings: r.settings.clone(),
        })
        .collect();
    report.decided = decided;
    report.undecided = undecided;
    let best = ranking
        .iter()
        .find(|r| r.in_set)
        .or(ranking.first())
        .and_then(|r| {
            let c = candidates.iter().find(|c| c.label() == r.candidate)?;
            Some((c.clone(), r.in_set))
        });
    report.searched = Some(searched);
    report.ranking = ranking;
    Ok(best)
}

/// What could tell whether the data follow a searched rule set at all: the winners by seat
/// (for several players, when not given), and one game turn by turn from `play` on the best
/// hypothesis's board.
fn tell(ranking: &[crate::check::Ranked], report: &CheckReport) -> String {
    let best = ranking.iter().find(|r| r.in_set).or(ranking.first());
    let board = best.and_then(|r| r.settings.get("board")).map_or_else(
        || crate::games::shipped::DEFAULT_BOARD.to_string(),
        |b| b.to_string(),
    );
    let players = if report.players > 1 {
        format!(" --players {}", report.players)
    } else {
        String::new()
    };
    let play = format!(
        "a game of your program's turn by turn against `candyland play {board}{players} --seed 1` can tell"
    );
    if report.players > 1 && report.winners.is_none() {
        format!("each game's winning seat, a second number on each line, tests the seats too, and {play}")
    } else {
        play
    }
}

/// The boards searched of the given board's game, each with the name the report gives it:
/// every shipped board of the game and the given one (`name`, as the user named it), the given
/// one with the elements `--without` removes.
fn searched_boards<G: Game>(
    name: &str,
    source: &Source<G>,
    variant: &Variant,
    given: &G,
) -> Result<Vec<(String, Source<G>)>> {
    let removed = variant
        .without
        .iter()
        .fold(Variant::default(), |v, e| v.without(e));
    let given_name = if removed.is_default() {
        given.name().to_string()
    } else {
        format!("{} {removed}", given.name())
    };
    let given_source = Source {
        label: source.label.clone(),
        file: source.edited(&removed)?,
    };
    let mut sources = Vec::new();
    for s in shipped::SHIPPED.iter() {
        let shipped = load::read_board(Some(s.name))?;
        if shipped.kind()? == G::KIND && s.name != name {
            sources.push((s.name.to_string(), shipped.parse::<G>()?));
        }
    }
    sources.push((given_name, given_source));
    Ok(sources)
}

/// A published summary: which hypotheses it is consistent with (without the search, only the
/// reference's tests).
fn summary_report<G: Game>(
    name: &str,
    options: &CheckOptions,
    published: &Published,
    source: &Source<G>,
    plan: &Plan<G>,
    settings: &Settings,
) -> Result<SummaryReport> {
    let (candidates, searched) = if options.rank {
        let (c, s) = plan.search(Screen::Mean(published.mean), settings)?;
        (c, Some(s))
    } else {
        (Vec::new(), None)
    };
    // Computed to the published longest game, as the lengths' own reference is.
    let longest = published.max.unwrap_or(1);
    let reference = candidate(source, &options.variant, options.deck, longest, settings)?
        .ok_or_else(|| forever(name))?;
    Ok(SummaryReport::of(
        published,
        &reference,
        &candidates,
        searched,
        options.level,
        options.named,
    ))
}
