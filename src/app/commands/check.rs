//! `candyland check`: another simulator's lengths (or a published summary of them) against the
//! exact answer, and the set of boards, rules and decks the data cannot reject.

use crate::output::Layout;
use anyhow::Result;

use crate::app::cli::CheckArgs;
use crate::budget::Budget;
use crate::check::summary::{self, Published};
use crate::check::{
    candidate, conclusion, decide, fit, histogram, rank, rule_space, search, CheckReport,
    Narrowing, Sample, Screen, Settings,
};
use crate::games::load;
use crate::games::Source;
use crate::games::{shipped, Game, Variant};
use crate::output;
use crate::stats::Summary;

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

/// `--vary` and `--fix` as a [`Narrowing`].
fn narrowing(args: &CheckArgs) -> Result<Narrowing> {
    let mut fix = Vec::new();
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
        fix.push((k.trim().to_string(), v.trim().to_string()));
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
        let space = rule_space::<G>(&narrowing(args)?).map_err(|e| {
            bad_flag(
                if args.vary.is_empty() {
                    "--fix"
                } else {
                    "--vary"
                },
                e.message,
            )
        })?;
        let sources = searched_boards(args, &source, &variant, &given)?;
        if let Some(text) = &args.summary {
            let published = Published::parse(text).map_err(|e| bad_flag("--summary", e))?;
            let inputs = SummaryInputs {
                published: &published,
                source: &source,
                variant: &variant,
                sources: &sources,
                space: &space,
            };
            return summary_report(args, &inputs, &settings, layout);
        }
        let file = args.lengths.as_deref().unwrap_or("-");
        let (label, lengths) = read_sample(args, file, b)?;
        let hist = histogram(&lengths);
        let summary = Summary::of(&hist)
            .ok_or_else(|| bad_flag("LENGTHS", format!("{label} holds no game lengths")))?;
        let reference = candidate(&source, &variant, args.deck, summary.max, &settings)?
            .ok_or_else(|| {
                bad_flag(
                    "--board",
                    format!(
                        "{} can go on forever, so there is no distribution of game lengths to check against; `candyland forever {}` gives the chance that a game never ends. Check against a board whose games always end",
                        args.board, args.board
                    ),
                )
            })?;
        let given_fit = fit(&hist, &reference);
        let (_, sd) = reference.model.moments();
        let detectable =
            crate::check::set::detectable_mean_shift(sd.max(summary.sd), summary.games);
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
            search_lengths(&mut report, &hist, &sources, &space, &settings)?;
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

/// The search of boards, rules and decks for lengths, written into the report: the set, what
/// it decides and what it does not.
fn search_lengths<G: Game>(
    report: &mut CheckReport,
    hist: &[u64],
    sources: &[(String, Source<G>)],
    space: &crate::check::RuleSpace,
    settings: &Settings,
) -> Result<()> {
    let sample = Sample::of(hist);
    let steps = (sources.len() * space.rule_sets.len()) as u64;
    let progress = Progress::counting(steps, "searching rules and decks", "rule sets");
    let (candidates, searched) =
        search(sources, space, Screen::Lengths(&sample), settings, &|n| {
            progress.inc(n)
        })?;
    drop(progress);
    let ranking = rank(hist, &candidates, settings.alpha);
    let (decided, undecided) = decide(&ranking);
    let decided = if report.sample.games < crate::check::MIN_GAMES_TO_DECIDE {
        Vec::new()
    } else {
        decided
    };
    let mut text = conclusion(
        report.sample.games,
        &searched,
        &ranking,
        &decided,
        &undecided,
        report.detectable_mean_shift,
    );
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

/// The boards searched, each with the name the report gives it: every shipped board of the
/// game and the given one, the given one with the elements `--without` removes.
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

/// What `check --summary` works from.
struct SummaryInputs<'a, G: Game> {
    published: &'a Published,
    source: &'a Source<G>,
    variant: &'a Variant,
    sources: &'a [(String, Source<G>)],
    space: &'a crate::check::RuleSpace,
}

/// `check --summary`: which hypotheses a published summary is consistent with.
fn summary_report<G: Game>(
    args: &CheckArgs,
    inputs: &SummaryInputs<G>,
    settings: &Settings,
    layout: Layout,
) -> Result<String> {
    let SummaryInputs {
        published,
        source,
        variant,
        sources,
        space,
    } = *inputs;
    let steps = (sources.len() * space.rule_sets.len()) as u64;
    let progress = Progress::counting(steps, "searching rules and decks", "rule sets");
    let (candidates, searched) = search(
        sources,
        space,
        Screen::Mean(published.mean),
        settings,
        &|n| progress.inc(n),
    )?;
    drop(progress);
    let reference = candidate(source, variant, args.deck, 1, settings)?.ok_or_else(|| {
        bad_flag(
            "--board",
            format!(
                "{} can go on forever, so there is no distribution of game lengths to check against; `candyland forever {}` gives the chance that a game never ends. Check against a board whose games always end",
                args.board, args.board
            ),
        )
    })?;
    let report = summary::SummaryReport::of(
        published,
        &reference,
        &candidates,
        searched,
        settings.alpha,
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
