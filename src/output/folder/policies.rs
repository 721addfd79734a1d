//! `candyland report` on a board of a policy game: the charts of one computer player alone
//! (exact) and of a game of the usual table (Wiener's game of four, for his game; simulated:
//! its length, each seat's chance to win, the busiest squares), `report.md`, `report.html` and `summary.json`, written into one folder as
//! the other games' reports are (every file opened first, all renamed together under the
//! folder's lock).

use crate::input::number::{count, probability};
use std::path::Path;

use crate::error::{Error, Result};

use super::document::{number, Block, Line, Span};
use super::sections::{render, Section};
use super::{html::html, markdown::markdown};
use crate::output::charts::bars::{Bar, BarsChart};
use crate::output::charts::Format;
use crate::output::policies_alone as alone;
use crate::results::policies::{PolicyReport, PolicySimulation};

/// The charts of a policy game's report, in order: (file stem, heading); `{table}` is the
/// usual table in the game's words ("four"), `{how}` how the chain of one player is known
/// ([`how_known`]).
pub const CHARTS: [(&str, &str); 4] = [
    ("distribution", "How long one player alone takes ({how})"),
    (
        "game-length",
        "How long a game of {table} lasts (simulated)",
    ),
    ("seats", "Each seat's chance to win (simulated)"),
    ("squares", "The busiest squares (simulated)"),
];

/// The files of one policy game's report, opened ahead of time.
pub struct PolicyPlan {
    files: super::Files,
}

impl PolicyPlan {
    /// Opens every file of the report in `dir`.
    pub fn new(dir: &Path, format: Format) -> Result<PolicyPlan> {
        Ok(PolicyPlan {
            files: super::Files::open(dir, format, CHARTS.iter().map(|&(stem, _)| stem))?,
        })
    }

    /// Renders the report at `size` and puts every file in place; returns the file names.
    /// `command` is the command line that made it, quoted for a shell (see
    /// [`super::Plan::write`]).
    pub fn write(
        self,
        mut r: PolicyReport,
        size: (u32, u32),
        command: &str,
    ) -> Result<Vec<String>> {
        let files = self.files;
        r.files = files.names();
        r.generated_by = Some(crate::results::report::GeneratedBy::this(command));
        let sections = sections(&r, files.format, size)?;
        let blocks = document(&r, &sections, command);
        let markdown = markdown(&blocks, &sections, files.format);
        let html = html(&format!("Report: {}", r.board), &blocks, &sections);
        let json = crate::output::json::document("report", &r)?;
        files.finish(&sections, &markdown, &html, &json)
    }
}

fn heading(stem: &str, table: &str, how: &str) -> String {
    CHARTS
        .iter()
        .find(|(s, _)| *s == stem)
        .map_or(String::new(), |(_, h)| {
            h.replace("{table}", table).replace("{how}", how)
        })
}

/// How the figures of one player alone are known: "exact", or, when the chain draws the cards
/// of a cycled pile independently, "independent-cards approximation".
pub fn how_known(a: &crate::results::policies::PolicyAlone) -> &'static str {
    if a.cards_independent {
        "independent-cards approximation"
    } else {
        "exact"
    }
}

/// A share as a percentage; "-" when there is none (no game finished).
fn pct(p: Option<f64>) -> String {
    p.map_or("-".to_string(), |p| format!("{:.1} %", 100.0 * p))
}

/// The frequency of each length in a simulation's histogram.
fn frequencies(s: &PolicySimulation) -> Vec<(f64, f64)> {
    let total: u64 = s.histogram.iter().sum();
    s.histogram
        .iter()
        .enumerate()
        .map(|(t, &c)| (t as f64, c as f64 / total.max(1) as f64))
        .collect()
}

/// Every chart with its paragraph.
fn sections(r: &PolicyReport, format: Format, size: (u32, u32)) -> Result<Vec<Section>> {
    let a = &r.alone;
    let g = &r.game;
    let section = |stem: &'static str,
                   (image, page): (Vec<u8>, super::sections::Page),
                   text: String| Section {
        stem,
        heading: heading(stem, g.words.table, how_known(a)).into(),
        image,
        page,
        text,
    };
    // The exact distribution from its first visible bar to its 99.9 % point.
    let tallest = a.pmf.iter().copied().fold(0.0, f64::max);
    let from = a.pmf.iter().position(|&p| p >= 1e-3 * tallest).unwrap_or(0);
    let mut shown = a.pmf.len();
    let mut c = 0.0;
    for (t, p) in a.pmf.iter().enumerate() {
        c += p;
        if c >= 0.999 * a.home {
            shown = t + 2;
            break;
        }
    }
    let distribution = BarsChart {
        stem: "distribution",
        title: format!(
            "{}: one player alone, policy {} ({})",
            r.board,
            a.policy,
            how_known(a)
        ),
        axes: ("game length (turns)", "probability"),
        bars: a
            .pmf
            .iter()
            .enumerate()
            .take(shown)
            .skip(from)
            .map(|(t, &p)| Bar {
                x: t as f64,
                height: p,
                error: 0.0,
                series: 0,
            })
            .collect(),
        series: vec!["exact P(home on turn n)".into()],
        line: r.alone_simulated.as_ref().map(|s| {
            (
                frequencies(s).into_iter().take(shown).skip(from).collect(),
                format!("Monte Carlo, {} games", count(s.games)),
            )
        }),
        marks: a
            .mean
            .map(|m| {
                (
                    m,
                    format!("mean {}{m:.2}", if a.mean_lower_bound { "> " } else { "" }),
                )
            })
            .into_iter()
            .chain(a.median.map(|m| (m as f64, format!("median {m}"))))
            .collect(),
        width: 0.8,
        whole_x: true,
    };
    let Some(turns) = &g.turns else {
        return Err(Error::Internal(format!(
            "no simulated game of {} finished",
            r.board
        )));
    };
    let games = g.games;
    let more = if turns.cut > 0 { "> " } else { "" };
    let game_length = BarsChart {
        stem: "game-length",
        title: format!(
            "{}: {} players ({}), {} simulated games",
            r.board,
            g.players,
            g.seats[0].policy,
            count(games)
        ),
        axes: ("game length (turns of all players)", "share of games"),
        bars: frequencies(g)
            .into_iter()
            .filter(|(_, f)| *f > 0.0)
            .map(|(t, f)| Bar {
                x: t,
                height: f,
                error: 0.0,
                series: 0,
            })
            .collect(),
        series: vec!["simulated".into()],
        line: None,
        marks: vec![(turns.mean, format!("mean {more}{:.2}", turns.mean))],
        width: 0.8,
        whole_x: true,
    };
    let seats = BarsChart {
        stem: "seats",
        title: format!(
            "{}: each seat's chance to win, {} players",
            r.board, g.players
        ),
        axes: ("seat (1 moves first)", "share of games won"),
        bars: g
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                Some(Bar {
                    x: (i + 1) as f64,
                    height: s.win?,
                    error: s.win_ci95_half?,
                    series: 0,
                })
            })
            .collect(),
        series: vec![format!("{} simulated games", count(games))],
        line: None,
        marks: Vec::new(),
        width: 0.6,
        whole_x: true,
    };
    let kinds = g.words.square_kinds;
    let mut by_square = g.landings.clone();
    by_square.sort_by_key(|l| l.square);
    let squares = BarsChart {
        stem: "squares",
        title: format!(
            "{}: landings per game on each square, {} players",
            r.board, g.players
        ),
        axes: ("square", "landings per game"),
        bars: by_square
            .iter()
            .map(|l| Bar {
                x: l.square as f64,
                height: l.per_game,
                error: 0.0,
                series: kinds
                    .iter()
                    .position(|k| l.kind.starts_with(k))
                    .unwrap_or(kinds.len().saturating_sub(1)),
            })
            .collect(),
        series: kinds.iter().map(|k| format!("{k} square")).collect(),
        line: None,
        marks: Vec::new(),
        width: 0.8,
        whole_x: true,
    };
    let seat_words: Vec<String> = g
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("seat {} {}", i + 1, pct(s.win)))
        .collect();
    let busiest: Vec<String> = g
        .landings
        .iter()
        .take(3)
        .map(|l| format!("{} ({}, {:.2} a game)", l.square, l.kind, l.per_game))
        .collect();
    Ok(vec![
        section(
            "distribution",
            render(&distribution, format, size)?,
            format!(
                "Bars: the {} chance that one player alone, playing {}, reaches home on turn n (the chain of {} states{}). Mean {}, sd {}, median {} turns, shortest game {}.{}{}",
                if a.cards_independent { "approximate (cards drawn independently)" } else { "exact" },
                a.policy,
                count(a.states as u64),
                a.words.held.capped(a.cap).map_or(String::new(), |c| format!(", {c}; the chance of ever holding more is {}", probability(a.cut))),
                alone::mean_text(a, 2),
                alone::sd_text(a, 2),
                alone::quantile_text(a, 0.5),
                crate::output::policies::turns_or_dash(a.shortest_game.as_ref().map(|s| s.turns)),
                match &r.alone_simulated {
                    Some(s) => format!(" The orange line is {} simulated games of the same rules, which should follow the bars.", count(s.games)),
                    None => String::new(),
                },
                a.cycled_pile.as_ref().map_or(String::new(), |p| format!(" {}", alone::pile_text(a, p)))
            ),
        ),
        section(
            "game-length",
            render(&game_length, format, size)?,
            format!(
                "{} simulated games of {} computer players (seed {}, {}: {}): the game ends when the first player is home, after {more}{:.2} turns of all players on average ({more}{} rounds), sd {:.2}.{}",
                count(games),
                g.players,
                g.seed,
                g.words.draws_at,
                g.draws,
                turns.mean,
                g.rounds.as_ref().map_or("-".to_string(), |r| format!("{:.2}", r.mean)),
                turns.sd,
                if turns.cut > 0 {
                    format!(" {} games were stopped at {} turns and count as {} (the least they last): the means are lower bounds.", count(turns.cut), g.max_turns, u64::from(g.max_turns) + 1)
                } else {
                    String::new()
                }
            ),
        ),
        section(
            "seats",
            render(&seats, format, size)?,
            format!(
                "The share of games each seat won, with its 95 % interval: {}. Seat 1 moves first.",
                seat_words.join(", ")
            ),
        ),
        section(
            "squares",
            render(&squares, format, size)?,
            format!(
                "Landings per game on each square, all players together ({}), coloured by kind. The busiest: {}.",
                g.words.landings,
                busiest.join("; ")
            ),
        ),
    ])
}

fn text(s: impl Into<String>) -> Line {
    vec![Span::Text(s.into())]
}

/// The report's text: heading, identity, the main figures of both games, the charts.
fn document(r: &PolicyReport, sections: &[Section], command: &str) -> Vec<Block> {
    let a = &r.alone;
    let g = &r.game;
    let mut d = vec![Block::Heading(1, format!("Report: {}", r.board))];
    let mut about = Vec::new();
    if !r.source.is_empty() {
        about.push(text(format!("Source: {}", r.source)));
    }
    if !r.variant.is_empty() {
        about.push(vec![
            Span::Text("Variant: ".into()),
            Span::Code(r.variant.clone()),
        ]);
    }
    about.push(vec![
        Span::Text("Generated by ".into()),
        Span::Code(command.to_string()),
        Span::Text(if a.cards_independent {
            "; one player alone by a chain of independent cards (an approximation of the cycled pile, beside which the pile is simulated), the game of several players simulated (marked).".into()
        } else {
            "; one player alone is exact, the game of several players simulated (marked).".into()
        }),
    ]);
    d.push(Block::List(about));
    d.push(Block::Heading(
        2,
        format!("One player alone, policy {} ({})", a.policy, how_known(a)),
    ));
    let q = |p: f64| alone::quantile_text(a, p);
    let mut rows = vec![
        vec![text("states of the chain"), number(a.states.to_string())],
        vec![text(a.words.held.name), number(a.cap.to_string())],
        vec![text("expected turns"), number(alone::mean_text(a, 4))],
        vec![text("standard deviation"), number(alone::sd_text(a, 4))],
        vec![text("median"), number(format!("{} turns", q(0.5)))],
        vec![
            text("5 % - 95 % of games end by"),
            number(format!("{} - {} turns", q(0.05), q(0.95))),
        ],
        vec![
            text(format!("P({} ever over the cap)", a.words.held.noun)),
            number(probability(a.cut)),
        ],
    ];
    if !a.words.held.caps() {
        // Nothing is capped: no cap row, no chance of passing it.
        rows.remove(6);
        rows.remove(1);
    }
    if let Some(p) = &a.cycled_pile {
        rows.push(vec![
            text("the cycled pile, simulated: expected turns"),
            number(format!(
                "{:.4} ± {:.4} (95 %, {} games, seed {})",
                p.mean,
                1.96 * p.standard_error,
                count(p.games),
                p.seed
            )),
        ]);
    }
    d.push(Block::Table(vec!["figure", "value"], rows));
    d.push(Block::Heading(
        2,
        format!(
            "{} players (simulated, {} games)",
            g.players,
            count(g.games)
        ),
    ));
    let mut rows = Vec::new();
    if let Some(t) = &g.turns {
        let more = if t.cut > 0 { "> " } else { "" };
        rows.push(vec![
            text("length (turns of all players)"),
            number(format!("{more}{:.2}, sd {:.2}", t.mean, t.sd)),
        ]);
    }
    for (i, s) in g.seats.iter().enumerate() {
        rows.push(vec![
            text(format!("seat {} ({}) wins", i + 1, s.policy)),
            number(format!("{} ± {}", pct(s.win), pct(s.win_ci95_half))),
        ]);
    }
    rows.push(vec![
        text("turns skipped per game"),
        number(format!("{:.3}", g.skips_per_game)),
    ]);
    rows.push(vec![
        text(format!("winner's {} at the finish", g.words.held.noun)),
        number(
            g.winners_held
                .as_ref()
                .map_or("-".to_string(), |c| format!("{:.2}", c.mean)),
        ),
    ]);
    d.push(Block::Table(vec!["figure", "value"], rows));
    d.push(Block::Heading(2, "Charts".into()));
    d.extend((0..sections.len()).map(Block::Chart));
    d
}
