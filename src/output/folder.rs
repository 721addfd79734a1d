//! `candyland report`: every chart of a board, `report.md` and `summary.json`, in one folder.
//!
//! Every file is opened (as its temporary) before anything is computed, so a folder that cannot
//! be written fails at once, and every file is renamed into place only when complete.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::chain::Chain;
use crate::charts::players::PlayersSeries;
use crate::charts::{
    render, CdfChart, DeckChart, DistributionChart, Format, LandingChart, PlayersChart,
    RemainingChart, SurvivalChart, WhatIfChart,
};
use crate::config::BoardSource;
use crate::figures::MainFigures;
use crate::game::AnyGame;
use crate::model::{Track, Variant};
use crate::output::PendingFile;
use crate::sim::{simulate, DeckMode, SimOptions, SimResult, Simulator};
use crate::solve::players::Players;
use crate::solve::spaces::Spaces;
use crate::solve::{check_solves, Analysis, Moments, Options};
use crate::stats::Summary;
use crate::whatif::WhatIf;

/// The charts of a report, in order: (file stem, heading). The last one only for games drawn
/// from a deck of cards (see [`Plan::new`]).
pub const CHARTS: [(&str, &str); 8] = [
    ("distribution", "How long a game lasts"),
    ("cdf", "Chance the game is over by turn n"),
    ("survival", "The long tail"),
    ("remaining", "Expected turns left from each space"),
    ("landing", "Chance of landing on each space"),
    ("players", "Several players"),
    ("whatif", "What each element costs or saves"),
    ("deck", "A real shuffled deck"),
];

/// The most characters of a report folder's name.
const MAX_FOLDER_CHARS: usize = 64;

/// The folder a board's report goes into, from its name by a strict rule: ASCII letters,
/// digits, `-`, `_` and `.` are kept, anything else becomes `-`; a leading `.` becomes `_`
/// (no hidden folders, no `..`); at most 64 characters; "board" if nothing is left. The result
/// is always one plain path component.
pub fn folder_name(name: &str) -> String {
    let mut folder: String = name
        .chars()
        .take(MAX_FOLDER_CHARS)
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    if folder.starts_with('.') {
        folder.replace_range(..1, "_");
    }
    if folder.chars().all(|c| c == '-') {
        folder = "board".to_string();
    }
    folder
}

/// Number of players in the players chart and table.
const MAX_REPORT_PLAYERS: usize = 4;

/// The files of one report, opened ahead of time.
pub struct Plan {
    format: Format,
    charts: Vec<(String, PendingFile)>,
    markdown: PendingFile,
    summary: PendingFile,
}

/// What a report is computed from.
pub struct Inputs {
    /// The board file as read, before the variant.
    pub source: BoardSource,
    /// Rule overrides and removed elements applied to the board.
    pub variant: Variant,
    /// Size of each chart in pixels, (width, height).
    pub size: (u32, u32),
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

/// One number of players in `summary.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersSummary {
    /// K, the number of players (1 to 4).
    pub players: usize,
    /// Expected turns of all players together until the first player finishes (exact, i.i.d.
    /// draws).
    pub mean_turns: f64,
    /// Expected rounds until the first player finishes.
    pub mean_rounds: f64,
    /// P(seat i wins), i = 0..K-1 (seat 0 plays first).
    pub win: Vec<f64>,
    /// Expected turns of all players together until every player finishes (finished players
    /// sit out).
    pub everyone_mean_turns: f64,
}

/// `summary.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportSummary {
    /// The board's short name.
    pub board: String,
    /// What the board is (may be empty).
    pub description: String,
    /// Where the layout and rules come from (may be empty).
    pub source: String,
    /// The rules in force, in words.
    pub rules: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// The main figures: one player, i.i.d. draws, exact.
    pub figures: MainFigures,
    /// E\[T\] as an exact fraction "num/den" (empty when not computed).
    pub expected_turns_exact: String,
    /// P(T > n) ~ tail_c * tail_rho^n.
    pub tail_rho: Option<f64>,
    /// The constant of that geometric tail; `None`, like `tail_rho`, when the tail is too
    /// short to measure.
    pub tail_c: Option<f64>,
    /// The exact figures for 1 to 4 players, i.i.d. draws.
    pub players: Vec<PlayersSummary>,
    /// What removing each kind of element, and each element, does to E\[T\].
    pub whatif: WhatIf,
    /// One player, shuffled deck, simulated (`None` for a spinner or die: nothing to shuffle).
    pub shuffled: Option<Summary>,
    /// Seed of the shuffled-deck simulation (and of the `--mc` one); set even when there is
    /// none.
    pub shuffled_seed: u64,
    /// The files of the report.
    pub files: Vec<String>,
}

impl Plan {
    /// Opens every file; `has_deck` says whether the game deals cards from a deck (else the
    /// shuffled-deck chart is left out).
    pub fn new(dir: &Path, format: Format, has_deck: bool) -> Result<Plan> {
        let charts = CHARTS
            .iter()
            .filter(|(stem, _)| has_deck || *stem != "deck")
            .map(|(stem, _)| {
                let name = format!("{stem}.{}", format.extension());
                let file = PendingFile::create(&dir.join(&name), "--out")?;
                Ok((name, file))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Plan {
            format,
            charts,
            markdown: PendingFile::create(&dir.join("report.md"), "--out")?,
            summary: PendingFile::create(&dir.join("summary.json"), "--out")?,
        })
    }

    /// Computes everything, renders, and puts every file in place; returns the file names.
    pub fn write(self, inputs: Inputs, progress: &(dyn Fn(u64) + Sync)) -> Result<Vec<String>> {
        let Inputs {
            source,
            variant,
            size,
            mc,
            games,
            seed,
            budget,
        } = inputs;
        let board = source.game(&variant)?;
        let about = crate::config::about(&board, &variant);
        let track = board.track();
        let name = board.name().to_string();
        let len = board.len();
        let game = AnyGame::new(board.clone());
        let chain = Chain::build_within(&game, &budget)?;
        // The cheap estimates first, so that a report too big for the budget is refused
        // before any of it is computed.
        let moments = Moments::within(&game, &chain, &about, &budget)?;
        let sims = (games * u64::from(chain.has_deck())).saturating_add(mc.unwrap_or(0));
        budget.simulation(
            sims,
            moments.expected_turns,
            "simulate fewer games with --games N (and --mc N)",
        )?;
        check_solves(
            &chain,
            2.0 * len as f64 + 3.0,
            "the per-space figures (two linear solves for each space)",
            &budget,
        )?;
        let whatif = WhatIf::of(&source, &variant, &budget)?;
        let options = Options {
            budget,
            ..Options::default()
        };
        let a = Analysis::from_moments(&game, &chain, about.clone(), &options, &moments)?;
        let spaces = Spaces::within(&game, &chain, len, &budget)?;
        let dist = a.distribution();
        let tail = dist.tail(1e-11);
        let players: Vec<Players> = (1..=MAX_REPORT_PLAYERS)
            .map(|k| Players::from_single(&dist, k))
            .collect();
        let sim = Simulator::new(&chain);
        let run = |deck, games| {
            let options = SimOptions {
                games,
                seed,
                deck,
                players: 1,
                max_turns: crate::verify::MAX_TURNS,
                keep_lengths: false,
            };
            simulate(&sim, &options, progress)
        };
        let shuffled = chain.has_deck().then(|| run(DeckMode::Shuffled, games));
        let shuffled_summary = match &shuffled {
            Some(r) => Some(
                Summary::of(&r.histogram)
                    .ok_or_else(|| crate::error::UserError::unfinished_games(games))?,
            ),
            None => None,
        };
        let iid = mc.map(|n| run(DeckMode::Iid, n));

        let freq = |r: &SimResult| -> Vec<f64> {
            let total: u64 = r.histogram.iter().sum();
            r.histogram
                .iter()
                .map(|&c| c as f64 / total as f64)
                .collect()
        };
        let quantile = |p: f64| a.quantiles.iter().find(|q| q.p == p).map(|q| q.turns);
        let rows: Vec<(String, f64)> = whatif
            .by_element
            .iter()
            .filter_map(|c| Some((c.change.clone(), c.difference?)))
            .collect();
        let mut images = Vec::new();
        images.push(render(
            &DistributionChart {
                board: &name,
                pmf: &a.pmf,
                mean: a.expected_turns,
                median: a.median,
                mode: a.mode,
                simulated: iid.as_ref().map(|r| (r.games, freq(r))),
            },
            self.format,
            size,
        )?);
        images.push(render(
            &CdfChart {
                board: &name,
                pmf: &a.pmf,
                marks: [0.5, 0.9, 0.99]
                    .iter()
                    .filter_map(|&p| Some((p, if p == 0.5 { a.median } else { quantile(p)? })))
                    .collect(),
            },
            self.format,
            size,
        )?);
        images.push(render(
            &SurvivalChart {
                board: &name,
                survival: &dist.survival,
                rho: tail.map_or(0.0, |t| t.0),
                c: tail.map_or(0.0, |t| t.1),
            },
            self.format,
            size,
        )?);
        images.push(render(
            &RemainingChart {
                board: &name,
                track: &track,
                remaining: spaces.spaces.iter().map(|f| f.expected_remaining).collect(),
            },
            self.format,
            size,
        )?);
        images.push(render(
            &LandingChart {
                board: &name,
                track: &track,
                p_land: spaces.spaces.iter().map(|f| f.p_land).collect(),
            },
            self.format,
            size,
        )?);
        images.push(render(
            &PlayersChart {
                board: &name,
                series: players
                    .iter()
                    .map(|p| PlayersSeries {
                        players: p.players,
                        win: p.first_finisher.win.clone(),
                        turns_pmf: p.first_finisher.turns_pmf.clone(),
                        mean_turns: p.first_finisher.mean_turns,
                    })
                    .collect(),
            },
            self.format,
            size,
        )?);
        images.push(render(
            &WhatIfChart {
                board: &name,
                expected_turns: whatif.expected_turns,
                rows,
            },
            self.format,
            size,
        )?);
        if let (Some(r), Some(summary)) = (&shuffled, &shuffled_summary) {
            images.push(render(
                &DeckChart {
                    board: &name,
                    pmf: &a.pmf,
                    exact_mean: a.expected_turns,
                    shuffled: (r.games, freq(r), summary.mean),
                },
                self.format,
                size,
            )?);
        }

        let mut files: Vec<String> = self.charts.iter().map(|(n, _)| n.clone()).collect();
        files.push("report.md".into());
        files.push("summary.json".into());
        let summary = ReportSummary {
            board: name.clone(),
            description: about.description.clone(),
            source: about.source.clone(),
            rules: about.rules.clone(),
            variant: about.variant.clone(),
            figures: MainFigures::of(&a),
            expected_turns_exact: a.expected_turns_exact.clone(),
            tail_rho: tail.map(|t| t.0),
            tail_c: tail.map(|t| t.1),
            players: players
                .iter()
                .map(|p| PlayersSummary {
                    players: p.players,
                    mean_turns: p.first_finisher.mean_turns,
                    mean_rounds: p.first_finisher.mean_rounds,
                    win: p.first_finisher.win.clone(),
                    everyone_mean_turns: p.everyone.mean_turns,
                })
                .collect(),
            whatif,
            shuffled: shuffled_summary,
            shuffled_seed: seed,
            files: files.clone(),
        };
        let markdown = markdown(
            &summary,
            &a,
            &spaces,
            &track,
            iid.as_ref().map(|r| r.games),
            &self.charts,
        );
        let mut json = serde_json::to_string_pretty(&summary)?;
        json.push('\n');
        // Every file is written to its temporary first and only then are they renamed, one
        // after the other: a failure leaves the folder as it was, and an interruption can only
        // fall between two renames.
        let mut pending: Vec<PendingFile> = Vec::new();
        let contents = images
            .iter()
            .map(Vec::as_slice)
            .chain([json.as_bytes(), markdown.as_bytes()]);
        let files_in_order = self
            .charts
            .into_iter()
            .map(|(_, f)| f)
            .chain([self.summary, self.markdown]);
        for (mut file, bytes) in files_in_order.zip(contents) {
            file.write(bytes)?;
            pending.push(file);
        }
        for file in pending {
            file.finish()?;
        }
        Ok(files)
    }
}

fn pct(p: f64) -> String {
    format!("{:.1} %", p * 100.0)
}

/// `report.md`: the main figures, then each chart with a paragraph on what it shows.
fn markdown(
    s: &ReportSummary,
    a: &Analysis,
    spaces: &Spaces,
    track: &Track,
    mc: Option<u64>,
    charts: &[(String, PendingFile)],
) -> String {
    let f = &s.figures;
    let mut m = String::new();
    let _ = writeln!(m, "# Report: {}\n", s.board);
    let _ = writeln!(m, "{}\n", s.description);
    if !s.source.is_empty() {
        let _ = writeln!(m, "- Source: {}", s.source);
    }
    let _ = writeln!(m, "- Rules: {}", s.rules);
    if !s.variant.is_empty() {
        let _ = writeln!(m, "- Variant: `{}`", s.variant);
    }
    let _ = writeln!(
        m,
        "- Generated by `candyland report {}`; every figure below is computed by the tool (exact unless marked simulated).\n",
        s.board
    );
    let _ = writeln!(m, "## Main figures (one player, i.i.d. draws, exact)\n");
    let _ = writeln!(m, "| figure | value |\n|---|---|");
    let rows: Vec<(String, String)> = vec![
        ("states of the chain".into(), f.states.to_string()),
        ("expected turns".into(), format!("{:.4}", f.expected_turns)),
        (
            "expected turns, exact fraction".into(),
            if s.expected_turns_exact.len() > 60 {
                format!(
                    "{} digits over {} digits (see summary.json)",
                    s.expected_turns_exact.split('/').next().unwrap_or("").len(),
                    s.expected_turns_exact.split('/').nth(1).unwrap_or("").len()
                )
            } else {
                format!("`{}`", s.expected_turns_exact)
            },
        ),
        ("standard deviation".into(), format!("{:.4}", f.std_dev)),
        (
            "expected cards drawn".into(),
            format!("{:.4}", f.expected_cards),
        ),
        (
            "shortest game".into(),
            format!("{} turns ({})", f.min_turns, a.shortest_game.join(", ")),
        ),
        ("median".into(), format!("{} turns", f.median)),
        ("mode".into(), format!("{} turns", f.mode)),
    ];
    for (k, v) in rows {
        let _ = writeln!(m, "| {k} | {v} |");
    }
    for q in &f.quantiles {
        let _ = writeln!(
            m,
            "| {}% of games end by | {} turns |",
            q.p * 100.0,
            q.turns
        );
    }
    for t in &f.longer_than {
        let _ = writeln!(
            m,
            "| P(longer than {} turns) | {:.3e} |",
            t.turns, t.probability
        );
    }
    if let Some(sh) = &s.shuffled {
        let _ = writeln!(
            m,
            "| shuffled deck (simulated, {} games, seed {}): mean turns | {:.4} (95 % CI {:.4} to {:.4}) |",
            sh.games, s.shuffled_seed, sh.mean, sh.mean_ci95[0], sh.mean_ci95[1]
        );
    }
    let _ = writeln!(m, "\n### Players (exact, i.i.d. draws)\n");
    let _ = writeln!(
        m,
        "| players | mean turns (all players) | mean rounds | P(win) by seat | everyone finishes: mean turns |\n|---|---|---|---|---|"
    );
    for p in &s.players {
        let win: Vec<String> = p.win.iter().map(|w| format!("{w:.4}")).collect();
        let _ = writeln!(
            m,
            "| {} | {:.3} | {:.3} | {} | {:.3} |",
            p.players,
            p.mean_turns,
            p.mean_rounds,
            win.join(" / "),
            p.everyone_mean_turns
        );
    }
    let _ = writeln!(m, "\n### What-if (exact)\n");
    let _ = writeln!(m, "| change | expected turns | difference |\n|---|---|---|");
    for c in s.whatif.by_kind.iter().chain(&s.whatif.by_element) {
        match (c.expected_turns, c.difference) {
            (Some(e), Some(d)) => {
                let _ = writeln!(m, "| {} | {e:.4} | {d:+.4} |", c.change);
            }
            _ => {
                let _ = writeln!(m, "| {} | never ends | |", c.change);
            }
        }
    }

    let _ = writeln!(m, "\n## Charts\n");
    let most = spaces
        .spaces
        .iter()
        .max_by(|x, y| x.p_land.total_cmp(&y.p_land))
        .map(|x| (x.space + track.first_number, x.p_land));
    let turns_lost: f64 = spaces.spaces.iter().map(|x| x.expected_turns_lost).sum();
    let mut marked = Vec::new();
    if !track.traps.1.is_empty() {
        marked.push(format!("{} spaces are crosses", track.traps.0));
    }
    if !track.named.2.is_empty() {
        marked.push(format!("{}s are triangles", track.named.0));
    }
    for jumps in &track.jumps {
        if !jumps.moves.is_empty() {
            marked.push(format!("the {}s are the arrows near the axis", jumps.name));
        }
    }
    let word = &track.word;
    let two = s.players.iter().find(|p| p.players == 2);
    let top_change = s.whatif.by_element.first();
    let paragraphs: Vec<String> = vec![
        format!(
            "Bars: the exact probability that a one-player game lasts exactly n turns. The dashed lines mark the mean ({:.2}), the median ({}) and the most likely length ({}).{}",
            f.expected_turns,
            f.median,
            f.mode,
            match mc {
                Some(n) => format!(" The red line is a Monte Carlo histogram of {n} i.i.d. games, which should follow the bars."),
                None => String::new(),
            }
        ),
        format!(
            "The chance that the game is over by turn n. Half the games end by turn {}, 90 % by turn {} and 99 % by turn {}.",
            f.median,
            f.quantiles.first().map_or(0, |q| q.turns),
            f.quantiles.get(1).map_or(0, |q| q.turns)
        ),
        match (s.tail_rho, s.tail_c) {
            (Some(rho), Some(c)) => format!(
                "The chance that a game lasts longer than n turns, on a log scale. Far out it falls geometrically, like {c:.3} x {rho:.5}^n: each extra turn ends {:.2} % of the games still running. One game in {:.0} lasts longer than 100 turns.",
                (1.0 - rho) * 100.0,
                1.0 / f.longer_than.iter().find(|t| t.turns == 100).map_or(f64::NAN, |t| t.probability)
            ),
            _ => "The chance that a game lasts longer than n turns, on a log scale.".into(),
        },
        format!(
            "Expected turns still to play when standing on each {word} (a token free to move; on a trap, a caught one){}.",
            if marked.is_empty() { String::new() } else { format!("; {}", marked.join("; ")) }
        ),
        format!(
            "The chance of landing on each {word} at least once (a move that comes to rest there, or takes a jump from it). The most visited is {word} {} ({}). Expected turns lost per game: {:.2}.",
            most.map_or(0, |x| x.0),
            most.map_or(String::new(), |x| pct(x.1)),
            turns_lost
        ),
        match two {
            Some(p) => format!(
                "Left: each seat's chance to win with 2, 3 and 4 players (the first seat's edge: {} against {} with two). Right: how long the game lasts, all players' turns together, until the first player finishes.",
                pct(p.win[0]),
                pct(p.win[1])
            ),
            None => "Each seat's chance to win, and the game length for 1 to 4 players.".into(),
        },
        match top_change {
            Some(c) => format!(
                "Removing one element at a time, largest effect first: green bars mean the element costs turns (games get shorter without it), red bars that it saves turns. The largest: {} ({:+.2} turns).",
                c.change,
                c.difference.unwrap_or(f64::NAN)
            ),
            None => "Removing one element at a time.".into(),
        },
    ];
    let mut paragraphs = paragraphs;
    if let Some(sh) = &s.shuffled {
        paragraphs.push(format!(
            "The exact distribution with i.i.d. draws (what the Markov chain assumes) against {} simulated games with a real shuffled deck: mean {:.2} against {:.2}.",
            sh.games, sh.mean, f.expected_turns
        ));
    }
    let headings = CHARTS.iter().filter(|(stem, _)| {
        charts
            .iter()
            .any(|(n, _)| n.starts_with(&format!("{stem}.")))
    });
    for (((name, _), (_, heading)), text) in charts.iter().zip(headings).zip(paragraphs) {
        let _ = writeln!(m, "### {heading}\n\n![{heading}]({name})\n\n{text}\n");
    }
    m
}
