//! `candyland check`: another simulator's lengths (or a published summary of them) against the
//! exact answer, and the set of boards, rules and decks the data cannot reject.

use crate::output::Layout;
use anyhow::Result;

use crate::app::cli::CheckArgs;
use crate::budget::Budget;
use crate::check::summary::{self, Published};
use crate::check::{
    candidate, combine, conclusion, decide, fit, histogram, rank, rule_space, search_game,
    Candidate, CheckReport, Evidence, GameSearch, Narrowing, RuleSpace, Sample, Screen, Settings,
};
use crate::games::load;
use crate::games::BoardSource;
use crate::games::{shipped, Game, Variant};
use crate::games::{GameVisitor, Source};
use crate::output;
use crate::stats::{Summary, Z_LIMIT};

use super::{bad_flag, check_players, deck_mode, json};
use crate::app::progress::Progress;

/// The game lengths to check, from a file or standard input, with how messages name them.
fn read_sample(args: &CheckArgs, file: &str, b: &Budget) -> Result<(String, Vec<u32>)> {
    const WHAT: &str = "a file of game lengths";
    // The text, and the lengths read from it (4 bytes each, at most one per 2 bytes of text).
    let memory = |bytes: f64| {
        b.memory_kept(
            &format!("reading {} of game lengths", crate::budget::size(bytes)),
            3.0 * bytes,
            crate::budget::Kept::Kept,
            "check a sample of the games",
        )
    };
    let (label, text) = if file == "-" {
        let text = crate::input::files::read_stdin(WHAT, crate::input::files::MAX_LENGTHS_BYTES)?;
        memory(text.len() as f64)?;
        ("standard input".to_string(), text)
    } else {
        let path = std::path::Path::new(file);
        if let Ok(meta) = std::fs::metadata(path) {
            memory(meta.len() as f64)?;
        }
        let text =
            crate::input::files::read_text(path, WHAT, crate::input::files::MAX_LENGTHS_BYTES)?;
        (file.to_string(), text)
    };
    let lengths = crate::check::lengths::read_lengths(&crate::check::lengths::LengthsSource {
        label: &label,
        text: &text,
        column: args.column.as_deref(),
    })?;
    Ok((label, lengths))
}

/// `--vary` and `--fix` as a [`Narrowing`]; a key both varied and fixed, or fixed twice, is
/// refused.
fn narrowing(args: &CheckArgs) -> Result<Narrowing> {
    let mut fix: Vec<(String, String)> = Vec::new();
    for f in &args.fix {
        let (k, v) = f.split_once('=').ok_or_else(|| {
            bad_flag(
                "--fix",
                format!(
                    "'{}' is not KEY=VALUE; write e.g. --fix doubles=two-steps",
                    crate::input::text::quote(f)
                ),
            )
        })?;
        let (k, v) = (k.trim().to_string(), v.trim().to_string());
        if let Some((_, before)) = fix.iter().find(|(key, _)| *key == k) {
            return Err(bad_flag(
                "--fix",
                format!(
                    "{} is fixed twice ({}={} and {}={}); fix each rule once",
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&k),
                    crate::input::text::quote(before),
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&v)
                ),
            )
            .into());
        }
        if args.vary.contains(&k) {
            return Err(bad_flag(
                "--fix",
                format!(
                    "{} is both varied (--vary) and fixed (--fix {}={}): a rule is either tried at every value or held at one; drop one of the two",
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&v)
                ),
            )
            .into());
        }
        fix.push((k, v));
    }
    Ok(Narrowing {
        vary: (!args.vary.is_empty()).then(|| args.vary.clone()),
        fix,
    })
}

pub(crate) fn run(args: &CheckArgs, b: &Budget, layout: Layout) -> Result<String> {
    check_players(args.players)?;
    if args.reference_games < 1000 {
        return Err(bad_flag(
            "--reference-games",
            "must be at least 1000 for a usable reference",
        )
        .into());
    }
    if !(args.level > 0.5 && args.level < 1.0) {
        return Err(bad_flag(
            "--level",
            format!(
                "{} is not a confidence level between 0.5 and 1; try 0.95",
                args.level
            ),
        )
        .into());
    }
    narrowing(args)?;
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for CheckArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let settings = Settings {
            players: args.players,
            reference_games: args.reference_games,
            seed: args.seed,
            budget: *b,
            alpha: 1.0 - args.level,
        };
        let variant = args.variant.to_variant();
        let given = source.game(&variant)?;
        deck_mode(Some(args.deck), given.has_deck())?;
        let narrowed = narrowing(args)?;
        let space = rule_space::<G>(&narrowed).map_err(|e| {
            bad_flag(
                if args.vary.is_empty() {
                    "--fix"
                } else {
                    "--vary"
                },
                e.message,
            )
        })?;
        let plan = Plan {
            sources: searched_boards(args, &source, &variant, &given)?,
            space,
            narrowing: narrowed,
        };
        if let Some(text) = &args.summary {
            let published =
                Published::parse(text).map_err(|e| bad_flag("--summary", e.to_string()))?;
            return summary_report(
                args, &published, &source, &variant, &plan, &settings, layout,
            );
        }
        let file = args.lengths.as_deref().unwrap_or("-");
        let (label, lengths) = read_sample(args, file, b)?;
        let hist = histogram(&lengths);
        let summary = Summary::of(&hist)
            .ok_or_else(|| bad_flag("LENGTHS", format!("{label} holds no game lengths")))?;
        let reference = candidate(&source, &variant, args.deck, summary.max, &settings)?
            .ok_or_else(|| forever(&args.board))?;
        let given_fit = fit(&hist, &reference).map_err(|e| bad_flag("LENGTHS", e.to_string()))?;
        let detectable = detectable_by_fit(&reference, summary.games, args.reference_games);
        let mut report = CheckReport {
            file: label,
            players: args.players,
            sample: summary,
            conclusion: given_fit.verdict.clone(),
            fit: given_fit,
            level: args.level,
            detectable_mean_shift: detectable,
            searched: None,
            set: Vec::new(),
            decided: Vec::new(),
            undecided: Vec::new(),
            ranking: Vec::new(),
        };
        if !args.no_rank {
            search_lengths(&mut report, &hist, &plan, &settings)?;
        }
        Ok(if args.json {
            json("check", &report)?
        } else if args.csv {
            output::ranking_csv(&report)?
        } else {
            output::check_text(&report, layout)
        })
    }
}

/// The error for a reference board whose game can go on forever.
fn forever(board: &str) -> crate::input::error::UserError {
    bad_flag(
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
struct Plan<G: Game> {
    sources: Vec<(String, Source<G>)>,
    space: RuleSpace,
    narrowing: Narrowing,
}

impl<G: Game> Plan<G> {
    /// Searches every game, the given board's first, and merges their hypotheses.
    fn search(
        &self,
        screen: Screen,
        settings: &Settings,
    ) -> Result<(Vec<crate::check::Candidate>, crate::check::Searched)> {
        let others = other_games::<G>();
        let mut steps = (self.sources.len() * self.space.rule_sets.len()) as u64;
        for (kind, boards) in &others {
            if let Outcome::Count(n) =
                visit(kind, boards, self, Task::Count, screen, settings, &|_| {})?
            {
                steps += n as u64;
            }
        }
        let progress = Progress::counting(steps, "searching rules and decks", "rule sets");
        let tell = |n| progress.inc(n);
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
        drop(progress);
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
        // `--vary` and `--fix` name rules of the given board's game: another game is searched
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
        let space = rule_space::<H>(self.narrowing).map_err(|e| bad_flag("--fix", e.message))?;
        if let Task::Count = self.task {
            return Ok(Outcome::Count(self.boards.len() * space.rule_sets.len()));
        }
        let mut sources = Vec::new();
        for b in self.boards {
            let name = b.label.trim_end_matches(" (shipped board)").to_string();
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
    let ranking =
        rank(hist, &candidates, settings.alpha).map_err(|e| bad_flag("LENGTHS", e.to_string()))?;
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
/// every shipped board of the game and the given one, the given one with the elements
/// `--without` removes.
fn searched_boards<G: Game>(
    args: &CheckArgs,
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
        if shipped.kind()? == G::KIND && s.name != args.board {
            sources.push((s.name.to_string(), shipped.parse::<G>()?));
        }
    }
    sources.push((given_name, given_source));
    Ok(sources)
}

/// `check --summary`: which hypotheses a published summary is consistent with (with
/// `--no-rank`, only the reference's tests).
fn summary_report<G: Game>(
    args: &CheckArgs,
    published: &Published,
    source: &Source<G>,
    variant: &Variant,
    plan: &Plan<G>,
    settings: &Settings,
    layout: Layout,
) -> Result<String> {
    let (candidates, searched) = if args.no_rank {
        (Vec::new(), None)
    } else {
        let (c, s) = plan.search(Screen::Mean(published.mean), settings)?;
        (c, Some(s))
    };
    let reference =
        candidate(source, variant, args.deck, 1, settings)?.ok_or_else(|| forever(&args.board))?;
    let report = summary::SummaryReport::of(
        published,
        &reference,
        &candidates,
        searched,
        settings.reference_games,
        args.level,
    );
    Ok(if args.json {
        json("check", &report)?
    } else if args.csv {
        output::summary_csv(&report)?
    } else {
        output::summary_text(&report, layout)
    })
}
