//! The report of one board: every figure `candyland report` shows, computed once, as typed
//! results. Rendering them (charts, `report.md`, `report.html`, `summary.json`) is
//! [`crate::output::folder`]'s job; nothing here draws or formats.

use crate::error::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::games::load::About;
use crate::games::BoardSource;
use crate::games::{Game, Track, Variant};
use crate::games::{GameVisitor, Source};
use crate::input::error::UserError;
use crate::results::whatif::WhatIf;
use crate::sim::{simulate, DeckMode, Pilot, SimOptions, SimResult, Simulator};
use crate::solve::players::{OnePlayer, Players, Products};
use crate::solve::spaces::Spaces;
use crate::solve::{Analysis, Moments, Options};
use crate::stats::Summary;

/// Number of players in the players chart and table.
pub const MAX_REPORT_PLAYERS: usize = 4;

/// What a report is computed from.
pub struct Inputs {
    /// The board file as read, before the variant.
    pub source: BoardSource,
    /// Rule overrides and removed elements applied to the board.
    pub variant: Variant,
    /// Games of the i.i.d. simulation drawn over the distribution chart (`--mc`); `None` for
    /// none.
    pub mc: Option<u64>,
    /// Games of the one-player shuffled-deck simulation (none is played for a spinner or die).
    pub games: u64,
    /// Seed of both simulations.
    pub seed: u64,
    /// Time allowed for each piece of the work.
    pub budget: Budget,
}

/// Every figure of one board's report.
pub struct Report {
    /// The board's identity: name, description, source, rules, variant.
    pub about: About,
    /// The track as the board charts draw it.
    pub track: Track,
    /// One player, i.i.d. draws, exact.
    pub analysis: Analysis,
    /// Per-space and per-event figures.
    pub spaces: Spaces,
    /// 1 to [`MAX_REPORT_PLAYERS`] players, exact.
    pub players: Vec<Players>,
    /// The effect of removing each element.
    pub whatif: WhatIf,
    /// P(T > n) ~ C rho^n as (rho, C), when the tail is long enough to measure.
    pub tail: Option<(f64, f64)>,
    /// One player with a shuffled deck, simulated, and its summary (`None` for a spinner).
    pub shuffled: Option<(SimResult, Summary)>,
    /// The `--mc` i.i.d. simulation, if asked for.
    pub iid: Option<SimResult>,
    /// Seed of the simulations.
    pub seed: u64,
}

impl Report {
    /// Computes every figure, refusing at once (before the expensive parts) what would take
    /// longer than the budget; `progress` is told how many games each simulated chunk played.
    pub fn compute(inputs: Inputs, progress: &(dyn Fn(u64) + Sync)) -> Result<Report> {
        let Inputs {
            source,
            variant,
            mc,
            games,
            seed,
            budget,
        } = inputs;
        let compute = Compute {
            variant,
            mc,
            games,
            seed,
            budget,
            progress,
        };
        crate::games::with_game(&source, compute)?
    }
}

/// [`Report::compute`] on a board of any game.
struct Compute<'a> {
    variant: Variant,
    mc: Option<u64>,
    games: u64,
    seed: u64,
    budget: Budget,
    progress: &'a (dyn Fn(u64) + Sync),
}

impl GameVisitor for Compute<'_> {
    type Output = Result<Report>;

    fn visit<G: Game>(self, source: Source<G>) -> Result<Report> {
        let Compute {
            variant,
            mc,
            games,
            seed,
            budget,
            progress,
        } = self;
        let game = source.game(&variant)?;
        let about = crate::games::load::about(&game, &variant);
        let track = game.track();
        let len = game.space_count();
        let chain = Chain::build_within(&game, &budget)?;
        // Every part is estimated before any of it is computed, so that a report too big for
        // the budget is refused at once: the moments (cheap, and the distribution's length
        // is read from them), the simulations from their pilots, the what-if table's edited
        // chains, the distribution, the per-space figures, and last the exact fraction, whose
        // probe leaves the time of all the rest.
        let moments = Moments::within(&game, &chain, &about, &budget)?;
        let sim = Simulator::within(&chain, &budget)?;
        let sim_options = |deck, games| SimOptions {
            games,
            seed,
            deck,
            players: 1,
            max_turns: crate::check::crosscheck::MAX_TURNS,
            keep_lengths: false,
        };
        let mut runs = Vec::new();
        if chain.has_deck() {
            let o = sim_options(DeckMode::Shuffled, games);
            runs.push((games, Pilot::measure(&sim, &o)));
        }
        if let Some(n) = mc {
            runs.push((n, Pilot::measure(&sim, &sim_options(DeckMode::Iid, n))));
        }
        Pilot::check(
            &budget,
            &runs,
            "simulate fewer games with --games N (and --mc N)",
        )?;
        WhatIf::check(&source, &variant, &chain, &budget)?;
        let options = Options {
            budget,
            ..Options::default()
        };
        Analysis::check_distribution(&chain, &moments, &options)?;
        Spaces::check(&game, &chain, len, &budget)?;
        let exact = Analysis::exact_fraction(&game, &chain, &options)?;
        // The work, its cost accepted: each part's own estimate still refuses (work that runs
        // far past its estimate), but is not counted again.
        crate::budget::counted(move || -> Result<Report> {
            let whatif = WhatIf::on_chain(&source, &variant, &game, &chain, &budget)?;
            let analysis =
                Analysis::with_exact(&game, &chain, about.clone(), &options, &moments, exact)?;
            let spaces = Spaces::computed(&game, &chain, len, &budget)?;
            let dist = analysis.distribution();
            let one = OnePlayer {
                dist: &dist,
                mean: moments.expected_turns,
                tolerance: options.tolerance,
            };
            // Several players of a game whose tokens meet are not independent: one player.
            let most = if game.tokens_meet() {
                1
            } else {
                MAX_REPORT_PLAYERS
            };
            let counts: Vec<usize> = (1..=most).collect();
            // Where the distribution was cut, the product chains that fit the budget.
            let products = Products::within(&game, chain.len(), &one, &counts, &budget);
            let players = counts
                .iter()
                .map(|&k| Players::derive(&one, k, &products))
                .collect();
            let run = |deck, games| simulate(&sim, &sim_options(deck, games), progress);
            let shuffled = match chain.has_deck().then(|| run(DeckMode::Shuffled, games)) {
                Some(r) => {
                    // Games still running at the turn limit count as lower bounds (`cut`).
                    let finished = r.histogram.iter().any(|&c| c > 0);
                    let summary = Summary::censored(
                        &r.histogram,
                        r.unfinished,
                        crate::check::crosscheck::MAX_TURNS as usize,
                    )
                    .filter(|_| finished)
                    .ok_or_else(|| {
                        UserError::unfinished_games(
                            &about.board,
                            games,
                            crate::check::crosscheck::MAX_TURNS,
                        )
                    })?;
                    Some((r, summary))
                }
                None => None,
            };
            let iid = mc.map(|n| run(DeckMode::Iid, n));
            Ok(Report {
                about,
                track,
                tail: dist.tail(1e-11),
                analysis,
                spaces,
                players,
                whatif,
                shuffled,
                iid,
                seed,
            })
        })
    }
}

/// The options of [`report`].
#[derive(Debug, Clone, PartialEq)]
pub struct ReportOptions {
    /// Rule overrides and removed elements applied to the board.
    pub variant: Variant,
    /// Games of the i.i.d. simulation drawn over the distribution chart; `None` for none.
    pub mc: Option<u64>,
    /// Games of the one-player shuffled-deck simulation (none is played for a spinner or die).
    pub games: u64,
    /// Seed of both simulations.
    pub seed: u64,
}

impl Default for ReportOptions {
    fn default() -> ReportOptions {
        ReportOptions {
            variant: Variant::default(),
            mc: None,
            games: 1_000_000,
            seed: 1,
        }
    }
}

impl ReportOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        if self.games == 0 || self.mc == Some(0) {
            return Err(crate::results::options::bad_option(
                "--games",
                "simulations need at least 1 game",
            ));
        }
        Ok(())
    }
}

/// Every figure of `board`'s report, whatever its game, the simulated games counted on
/// `progress`.
pub fn report(
    board: &BoardSource,
    options: &ReportOptions,
    budget: &Budget,
    progress: &dyn crate::budget::Progress,
) -> Result<Report> {
    options.validate()?;
    let counter = progress.start(
        options.games.saturating_add(options.mc.unwrap_or(0)),
        "simulating for the report",
        "games",
    );
    let inputs = Inputs {
        source: board.clone(),
        variant: options.variant.clone(),
        mc: options.mc,
        games: options.games,
        seed: options.seed,
        budget: *budget,
    };
    Report::compute(inputs, &|n| counter.add(n))
        .map_err(|e| crate::results::board::name_the_board(e, &board.label))
}

/// What made a report, so that a figure of it can be cited (`summary.json`): the tool and its
/// version, and the command line that ran.
#[derive(
    Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct GeneratedBy {
    /// The tool and its version, as `candyland --version` prints them: "candyland 0.1.0".
    pub tool: String,
    /// The command line that made the report, quoted for a POSIX shell.
    pub command: String,
}

impl GeneratedBy {
    /// This build of the tool, running `command`.
    pub fn this(command: &str) -> GeneratedBy {
        GeneratedBy {
            tool: format!("candyland {}", env!("CARGO_PKG_VERSION")),
            command: command.to_string(),
        }
    }
}
