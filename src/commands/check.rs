//! `candyland check`: another simulator's lengths against the exact answer and the rule
//! hypotheses.

use anyhow::Result;

use crate::budget::Budget;
use crate::check::{candidate, fit, Candidate, Fit, Settings};
use crate::cli::CheckArgs;
use crate::config;
use crate::games::{GameVisitor, Source};
use crate::model::shipped;
use crate::model::Game;
use crate::output;
use crate::sim::DeckMode;

use super::{bad_flag, check_players, deck_mode, json};
use crate::progress::Progress;

/// The game lengths to check, from a file or standard input, with how messages name them.
fn read_sample(args: &CheckArgs) -> Result<(String, Vec<u32>)> {
    const WHAT: &str = "a file of game lengths";
    let (label, text) = if args.lengths == "-" {
        let text = crate::input::read_stdin(WHAT, crate::input::MAX_LENGTHS_BYTES)?;
        ("standard input".to_string(), text)
    } else {
        let path = std::path::Path::new(&args.lengths);
        let text = crate::input::read_text(path, WHAT, crate::input::MAX_LENGTHS_BYTES)?;
        (args.lengths.clone(), text)
    };
    let lengths = crate::lengths::read_lengths(&crate::lengths::LengthsSource {
        label: &label,
        text: &text,
        column: args.column.as_deref(),
    })?;
    Ok((label, lengths))
}

pub(crate) fn run(args: &CheckArgs, b: &Budget) -> Result<String> {
    use crate::check::{conclusion, histogram, rank, CheckReport};
    check_players(args.players)?;
    if args.reference_games < 1000 {
        return Err(bad_flag(
            "--reference-games",
            "must be at least 1000 for a usable reference",
        )
        .into());
    }
    let (label, lengths) = read_sample(args)?;
    let sample = histogram(&lengths);
    let settings = Settings {
        players: args.players,
        reference_games: args.reference_games,
        seed: args.seed,
        budget: *b,
    };
    let source = config::read_board(Some(&args.board))?;
    let (fit, candidates) = crate::games::with_game(
        &source,
        Rank {
            args,
            sample: &sample,
            settings: &settings,
            budget: b,
        },
    )??;
    let ranking = rank(&sample, &candidates);
    let summary = crate::stats::Summary::of(&sample)
        .ok_or_else(|| bad_flag("LENGTHS", format!("{label} holds no game lengths")))?;
    let report = CheckReport {
        file: label,
        players: args.players,
        sample: summary,
        conclusion: if args.no_rank {
            fit.verdict.clone()
        } else {
            conclusion(&ranking, &fit)
        },
        fit,
        ranking,
    };
    Ok(if args.json {
        json(&report)?
    } else {
        output::check_text(&report)
    })
}

/// The fit to the given board and the candidates of every rule hypothesis, for a board of any
/// game.
struct Rank<'a> {
    args: &'a CheckArgs,
    sample: &'a [u64],
    settings: &'a Settings,
    budget: &'a Budget,
}

impl GameVisitor for Rank<'_> {
    type Output = Result<(Fit, Vec<Candidate>)>;

    fn visit<G: Game>(self, source: Source<G>) -> Result<(Fit, Vec<Candidate>)> {
        let Rank {
            args,
            sample,
            settings,
            budget: b,
        } = self;
        let variant = args.variant.to_variant();
        let given = source.game(&variant)?;
        let deck_has_cards = given.has_deck();
        deck_mode(Some(args.deck), deck_has_cards)?;
        let reference = candidate(&source, &variant, args.deck, settings)?.ok_or_else(|| {
            bad_flag(
                "--board",
                format!(
                    "{} can go on forever; there is no distribution to check against",
                    args.board
                ),
            )
        })?;
        let fit = fit(sample, &reference);
        let mut candidates = Vec::new();
        if !args.no_rank {
            // Every shipped board of the same game, and the given file.
            let mut sources: Vec<Source<G>> = Vec::new();
            for b in shipped::SHIPPED.iter() {
                let shipped = config::read_board(Some(b.name))?;
                if shipped.kind()? == G::KIND {
                    sources.push(shipped.parse::<G>()?);
                }
            }
            if shipped::find(&args.board).is_none() {
                sources.push(source.clone());
            }
            let tried = G::rule_hypotheses();
            let decks: &[DeckMode] = if deck_has_cards {
                &[DeckMode::Iid, DeckMode::Shuffled]
            } else {
                &[DeckMode::Iid]
            };
            let total = (sources.len() * tried.len() * decks.len()) as u64;
            if deck_has_cards {
                let mean = fit.reference_mean;
                b.simulation(
                    args.reference_games.saturating_mul(total / 2),
                    (mean * args.players as f64).min(1e6),
                    "use fewer --reference-games, or --no-rank",
                )?;
            }
            let progress = Progress::new(total, "ranking rules");
            for src in &sources {
                for v in &tried {
                    for &deck in decks {
                        if let Some(c) = candidate(src, v, deck, settings)? {
                            candidates.push(c);
                        }
                        progress.inc(1);
                    }
                }
            }
        }
        Ok((fit, candidates))
    }
}
