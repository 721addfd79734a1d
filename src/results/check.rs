//! `check`: another simulator's game lengths (or a published summary of them) against the
//! exact answer, and the set of boards, rules and decks the data cannot reject, searched over
//! the given board's game and every other game's shipped boards ([`crate::check`]).

use anyhow::Result;
use serde::{Serialize, Serializer};

use crate::budget::{Budget, Progress};
use crate::check::summary::{Published, SummaryReport};
use crate::check::{
    candidate, combine, conclusion, decide, fit, histogram, rank, rule_space, search_game,
    Candidate, CheckReport, Evidence, GameSearch, Narrowing, RuleSpace, Sample, Screen, Searched,
    Settings,
};
use crate::games::{load, shipped, BoardSource, Game, GameVisitor, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, Question};
use crate::results::options::{bad_option, check_players, deck_mode};
use crate::sim::DeckMode;
use crate::stats::{Summary, Z_LIMIT};

/// What is checked.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckData {
    /// Game lengths in a file: one whole number per line, a JSON array, or a CSV (with a
    /// column); `-` for standard input.
    File {
        /// The path, or `-`.
        path: String,
        /// Read this column of a CSV file.
        column: Option<String>,
    },
    /// Game lengths already read.
    Lengths {
        /// How messages name them.
        label: String,
        /// The lengths.
        lengths: Vec<u32>,
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
    /// Players in each game of the data; lengths count every player's turns.
    pub players: usize,
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
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            variant: Variant::default(),
            players: 1,
            deck: DeckMode::Iid,
            vary: Vec::new(),
            fix: Vec::new(),
            level: 0.95,
            reference_games: 100_000,
            seed: 1,
            rank: true,
        }
    }
}

impl CheckOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        check_players(self.players)?;
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

    fn settings(&self, budget: &Budget) -> Settings {
        Settings {
            players: self.players,
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
        let name = board_name(&source.label);
        let plan = Plan {
            sources: searched_boards(name, &source, variant, &given)?,
            space,
            narrowing: narrowed,
            progress,
        };
        let (label, lengths) = match data {
            CheckData::Summary(text) => {
                let published =
                    Published::parse(text).map_err(|e| bad_option("--summary", e.to_string()))?;
                return summary_report(name, options, &published, &source, &plan, &settings)
                    .map(CheckAnswer::Summary);
            }
            CheckData::File { path, column } => {
                crate::check::lengths::read_file(path, column.as_deref(), b)?
            }
            CheckData::Lengths { label, lengths } => (label.clone(), lengths.clone()),
        };
        let hist = histogram(&lengths);
        let summary = Summary::of(&hist)
            .ok_or_else(|| bad_option("LENGTHS", format!("{label} holds no game lengths")))?;
        let reference = candidate(&source, variant, options.deck, summary.max, &settings)?
            .ok_or_else(|| forever(name))?;
        let given_fit = fit(&hist, &reference).map_err(|e| bad_option("LENGTHS", e.to_string()))?;
        let detectable = detectable_by_fit(&reference, summary.games, options.reference_games);
        let mut report = CheckReport {
            file: label,
            players: options.players,
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
        };
        if options.rank {
            search_lengths(&mut report, &hist, &plan, &settings)?;
        }
        Ok(CheckAnswer::Lengths(report))
    }
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
}

impl<G: Game> Plan<'_, G> {
    /// Searches every game, the given board's first, and merges their hypotheses.
    fn search(&self, screen: Screen, settings: &Settings) -> Result<(Vec<Candidate>, Searched)> {
        let others = other_games::<G>();
        let mut steps = (self.sources.len() * self.space.rule_sets.len()) as u64;
        for (kind, boards) in &others {
            if let Outcome::Count(n) =
                visit(kind, boards, self, Task::Count, screen, settings, &|_| {})?
            {
                steps += n as u64;
            }
        }
        let counter = self
            .progress
            .start(steps, "searching rules and decks", "rule sets");
        let tell = |n| counter.add(n);
        let mut parts = vec![search_game(
            &self.sources,
            &self.space,
            screen,
            settings,
            &tell,
        )?];
        let mut left_out = Vec::new();
        for (kind, boards) in &others {
            match visit(kind, boards, self, Task::Search, screen, settings, &tell)? {
                Outcome::Searched(part) => parts.push(part),
                Outcome::LeftOut(why) => left_out.push(why),
                Outcome::Count(_) => {}
            }
        }
        drop(counter);
        Ok(combine(parts, left_out, screen, settings)?)
    }
}

/// The shipped boards of every game but `G`'s, game by game.
fn other_games<G: Game>() -> Vec<(&'static str, Vec<BoardSource>)> {
    let mut out: Vec<(&'static str, Vec<BoardSource>)> = Vec::new();
    for b in shipped::SHIPPED.iter() {
        let source = BoardSource::new(&format!("{} (shipped board)", b.name), b.text);
        let Ok(kind) = source.kind() else { continue };
        if kind == G::KIND {
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
fn visit<G: Game>(
    kind: &str,
    boards: &[BoardSource],
    plan: &Plan<G>,
    task: Task,
    screen: Screen,
    settings: &Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome> {
    let visitor = OtherGame {
        boards,
        narrowing: &plan.narrowing,
        task,
        screen,
        settings,
        progress,
    };
    crate::games::with_game(&boards[0], visitor)?
        .map_err(|e| anyhow::anyhow!("searching the {kind} boards: {e}"))
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
fn search_lengths<G: Game>(
    report: &mut CheckReport,
    hist: &[u64],
    plan: &Plan<G>,
    settings: &Settings,
) -> Result<()> {
    let sample = Sample::of(hist);
    let (candidates, searched) = plan.search(Screen::Lengths(&sample), settings)?;
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
    });
    if !report.fit.consistent {
        text.push_str(&format!(
            " Against the reference you chose it is {}.",
            report.fit.verdict
        ));
    }
    report.conclusion = text;
    report.set = ranking
        .iter()
        .filter(|r| r.in_set)
        .map(|r| r.candidate.clone())
        .collect();
    report.decided = decided;
    report.undecided = undecided;
    report.searched = Some(searched);
    report.ranking = ranking;
    Ok(())
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
    let reference = candidate(source, &options.variant, options.deck, 1, settings)?
        .ok_or_else(|| forever(name))?;
    Ok(SummaryReport::of(
        published,
        &reference,
        &candidates,
        searched,
        settings.reference_games,
        options.level,
    ))
}
