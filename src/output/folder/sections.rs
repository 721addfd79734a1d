//! The charts of a report, each built as one [`Section`] record: file stem, heading, image and
//! the paragraph that explains it, together.

use crate::error::Result;
use crate::input::number::count;

use super::{ReportSummary, CHARTS};
use crate::output::charts::players::PlayersSeries;
use crate::output::charts::{
    CdfChart, Chart, DeckChart, DistributionChart, Format, LandingChart, Legend, PlayersChart,
    RemainingChart, SurvivalChart, WhatIfChart,
};
use crate::results::report::Report;
use crate::results::whatif::WhatIf;
use crate::sim::SimResult;

/// One chart of the report with everything that goes with it.
pub(super) struct Section {
    /// The file stem, as in [`CHARTS`].
    pub(super) stem: &'static str,
    /// Its heading in `report.md`.
    pub(super) heading: std::borrow::Cow<'static, str>,
    /// The rendered chart, in the report's format (its file).
    pub(super) image: Vec<u8>,
    /// The same chart drawn for `report.html`.
    pub(super) page: Page,
    /// The paragraph under it: what it shows, with the figures.
    pub(super) text: String,
}

/// A chart as `report.html` shows it: the drawing, sized for the page (see [`page_size`]),
/// with its caption and legend as text beside it (text in the page keeps its size and wraps on
/// any screen; text in the drawing shrinks with it).
pub(super) struct Page {
    /// The SVG drawing, axes and their labels only.
    pub(super) svg: String,
    /// What the chart shows, of which board.
    pub(super) caption: String,
    /// What each colour and mark means.
    pub(super) legend: Vec<Legend>,
}

/// A chart drawn in the report's format at `size` (for its file), and for the page at
/// [`page_size`].
pub(super) fn render<C: Chart>(
    chart: &C,
    format: Format,
    size: (u32, u32),
) -> Result<(Vec<u8>, Page)> {
    render_at(chart, format, size, page_size(size))
}

/// [`render`], drawn `page` pixels large for the page (a chart of many rows, or of two panels
/// one above the other, is taller there).
fn render_at<C: Chart>(
    chart: &C,
    format: Format,
    size: (u32, u32),
    page: (u32, u32),
) -> Result<(Vec<u8>, Page)> {
    let image = crate::output::charts::render(chart, format, size)?;
    let page = Page {
        svg: crate::output::charts::render_page(chart, page, PAGE_TICK)?,
        caption: chart.title(),
        legend: chart.legend(),
    };
    Ok((image, page))
}

/// The share of each length in a simulated histogram.
fn frequencies(r: &SimResult) -> Vec<f64> {
    let total: u64 = r.histogram.iter().sum();
    r.histogram
        .iter()
        .map(|&c| c as f64 / total as f64)
        .collect()
}

fn pct(p: f64) -> String {
    format!("{:.1} %", p * 100.0)
}

/// The heading of a chart in [`CHARTS`].
fn heading(stem: &str) -> &'static str {
    CHARTS
        .iter()
        .find(|(s, _)| *s == stem)
        .map_or("", |(_, h)| h)
}

/// Every chart of the report, each with its paragraph.
pub(super) fn sections(
    r: &Report,
    s: &ReportSummary,
    format: Format,
    size: (u32, u32),
) -> Result<Vec<Section>> {
    let a = &r.analysis;
    let f = &s.figures;
    let name = r.about.board.as_str();
    let section = |stem: &'static str, (image, page): (Vec<u8>, Page), text: String| Section {
        stem,
        heading: heading(stem).into(),
        image,
        page,
        text,
    };
    let mut out = vec![
        section(
            "distribution",
            render(
                &DistributionChart {
                    board: name,
                    pmf: &a.pmf,
                    mean: a.expected_turns,
                    median: a.median,
                    mode: a.mode,
                    simulated: r.iid.as_ref().map(|x| (x.games, frequencies(x))),
                },
                format,
                size,
            )?,
            format!(
                "Bars: the exact probability that a one-player game lasts exactly n turns. The dashed lines mark the mean ({:.2}, red), the median ({}, green) and the most likely length ({}, purple).{}",
                f.expected_turns,
                f.median,
                f.mode,
                match r.iid.as_ref().map(|x| x.games) {
                    Some(n) => format!(" The solid orange line is a Monte Carlo histogram of {} i.i.d. games, which should follow the bars.", crate::input::number::count(n)),
                    None => String::new(),
                }
            ),
        ),
        cdf(r, s, format, size)?,
        survival(r, s, format, size)?,
    ];
    out.extend(board_sections(r, format, size)?);
    out.push(players(r, s, format, size)?);
    out.push(whatif(r, s, format, size)?);
    if let Some((sim, summary)) = &r.shuffled {
        out.push(section(
            "deck",
            render(
                &DeckChart {
                    board: name,
                    pmf: &a.pmf,
                    exact_mean: a.expected_turns,
                    shuffled: (sim.games, frequencies(sim), summary.mean),
                },
                format,
                size,
            )?,
            format!(
                "The exact distribution with i.i.d. draws (what the Markov chain assumes) against {} simulated games with a real shuffled deck: mean {:.2} against {:.2}.",
                count(summary.games), summary.mean, f.expected_turns
            ),
        ));
    }
    Ok(out)
}

fn cdf(r: &Report, s: &ReportSummary, format: Format, size: (u32, u32)) -> Result<Section> {
    let a = &r.analysis;
    let f = &s.figures;
    let quantile = |p: f64| a.quantiles.iter().find(|q| q.p == p).map(|q| q.turns);
    let (image, page) = render(
        &CdfChart {
            board: &r.about.board,
            pmf: &a.pmf,
            marks: [0.5, 0.9, 0.99]
                .iter()
                .filter_map(|&p| Some((p, if p == 0.5 { a.median } else { quantile(p)? })))
                .collect(),
        },
        format,
        size,
    )?;
    Ok(Section {
        stem: "cdf",
        heading: heading("cdf").into(),
        image,
        page,
        text: {
            // "by turn n", or "after turn n" for a quantile past a cut distribution (at least
            // one past the last turn computed).
            let by = |t: usize, lower_bound: bool| {
                if lower_bound {
                    format!("after turn {}", t - 1)
                } else {
                    format!("by turn {t}")
                }
            };
            let levels: Vec<String> = f
                .quantiles
                .iter()
                .take(2)
                .map(|q| format!("{:.0} % {}", q.p * 100.0, by(q.turns, q.lower_bound)))
                .collect();
            format!(
                "The chance that the game is over by turn n. Half the games end {}, {}.",
                by(f.median, f.median_lower_bound),
                levels.join(" and ")
            )
        },
    })
}

fn survival(r: &Report, s: &ReportSummary, format: Format, size: (u32, u32)) -> Result<Section> {
    let f = &s.figures;
    let (image, page) = render(
        &SurvivalChart {
            board: &r.about.board,
            survival: &r.analysis.survival,
            rho: r.tail.map_or(0.0, |t| t.0),
            c: r.tail.map_or(0.0, |t| t.1),
        },
        format,
        size,
    )?;
    Ok(Section {
        stem: "survival",
        heading: heading("survival").into(),
        image,
        page,
        text: match (s.tail_rho, s.tail_c) {
            (Some(rho), Some(c)) => format!(
                "The chance that a game lasts longer than n turns, on a log scale. Far out it falls geometrically, like {c:.3} x {rho:.5}^n: each extra turn ends {:.2} % of the games still running. One game in {:.0} lasts longer than 100 turns.",
                (1.0 - rho) * 100.0,
                1.0 / f.longer_than.iter().find(|t| t.turns == 100).map_or(f64::NAN, |t| t.probability)
            ),
            _ => "The chance that a game lasts longer than n turns, on a log scale.".into(),
        },
    })
}

/// The two charts drawn along the track: turns left, and the chance of landing.
fn board_sections(r: &Report, format: Format, size: (u32, u32)) -> Result<[Section; 2]> {
    let (track, spaces) = (&r.track, &r.spaces);
    // The finish, landed on once by every game, is left out: its chance, 1, says nothing about
    // the track, and would flatten the chart.
    let on_track = || {
        spaces
            .spaces
            .iter()
            .take(track.fills.len())
            .map(|f| (f, !f.finish))
    };
    let most = on_track()
        .filter(|(_, counted)| *counted)
        .map(|(f, _)| f)
        .max_by(|x, y| x.p_land.total_cmp(&y.p_land))
        .map(|x| (x.space + track.first_number, x.p_land));
    let turns_lost: f64 = spaces.spaces.iter().map(|x| x.expected_turns_lost).sum();
    let word = &track.word;
    let free = if !track.traps.1.is_empty() {
        format!(
            " (a token free to move; on a {} space, a caught one)",
            track.traps.0
        )
    } else if turns_lost > 0.0 {
        " (a token free to move)".to_string()
    } else {
        String::new()
    };
    let lost = if turns_lost > 0.0 {
        format!(" Expected turns lost per game: {turns_lost:.2}.")
    } else {
        String::new()
    };
    let mut marked = Vec::new();
    if !track.traps.1.is_empty() {
        marked.push(format!("{} spaces are crosses", track.traps.0));
    }
    if !track.named.2.is_empty() {
        marked.push(format!("{}s are triangles", track.named.0));
    }
    let jumps: Vec<String> = track
        .jumps
        .iter()
        .filter(|j| !j.moves.is_empty())
        .map(|j| format!("{}s", j.name))
        .collect();
    if !jumps.is_empty() {
        marked.push(format!(
            "the {} are the arrows in the grey band under the axis' 0, each from a dot on the {word} it leaves to the head on the {word} it reaches",
            jumps.join(" and ")
        ));
    }
    let (remaining, remaining_page) = render(
        &RemainingChart {
            board: &r.about.board,
            track,
            remaining: on_track()
                .map(|(f, counted)| f.expected_remaining.filter(|_| counted))
                .collect(),
        },
        format,
        size,
    )?;
    let landing_chart = LandingChart {
        board: &r.about.board,
        track,
        p_land: on_track()
            .map(|(f, counted)| if counted { f.p_land } else { 0.0 })
            .collect(),
    };
    let (landing, landing_page) = render(&landing_chart, format, size)?;
    Ok([
        Section {
            stem: "remaining",
            heading: heading("remaining").into(),
            image: remaining,
            page: remaining_page,
            text: format!(
                "Expected turns still to play when standing on each {word}{free}{}.",
                if marked.is_empty() { String::new() } else { format!("; {}", marked.join("; ")) }
            ),
        },
        Section {
            stem: "landing",
            heading: heading("landing").into(),
            image: landing,
            page: landing_page,
            text: format!(
                "The chance of landing on each {word} at least once ({}), the finish left out.{}{lost}",
                crate::output::landing_words(
                    &spaces.spaces,
                    &track
                        .jumps
                        .iter()
                        .filter(|j| !j.moves.is_empty())
                        .map(|j| j.name.clone())
                        .collect::<Vec<_>>(),
                    false
                ),
                // A track with no space before the finish has no most visited one.
                most.map_or(String::new(), |(space, p)| format!(
                    " The most visited is {word} {space} ({}).",
                    pct(p)
                )),
            ),
        },
    ])
}

fn players(r: &Report, s: &ReportSummary, format: Format, size: (u32, u32)) -> Result<Section> {
    // On the page, the two panels one above the other (each as wide as the page, its text of
    // the page's size): a drawing taller than wide.
    let (width, height) = page_size(size);
    let (image, page) = render_at(
        &PlayersChart {
            board: &r.about.board,
            series: r
                .players
                .iter()
                .map(|p| PlayersSeries {
                    players: p.players,
                    win: p.first_finisher.win.clone(),
                    undecided: p.first_finisher.undecided,
                    turns_pmf: p.first_finisher.turns.pmf.clone(),
                    mean_turns: p.first_finisher.turns.mean_figure(),
                })
                .collect(),
            cut_at: r
                .players
                .first()
                .filter(|p| p.truncated)
                .map(|p| p.last_turn),
        },
        format,
        size,
        (width, height * 2 - height / 4),
    )?;
    Ok(Section {
        stem: "players",
        heading: heading("players").into(),
        image,
        page,
        text: match s.players.iter().find(|p| p.players == 2) {
            Some(p) => format!(
                "Each seat's chance to win with 2, 3 and 4 players (the first seat's edge: {}{} against {} with two), and how long the game lasts, all players' turns together, until the first player finishes.",
                if p.undecided > 0.0 { "at least " } else { "" },
                pct(p.win[0]),
                pct(p.win[1])
            ),
            None => "Each seat's chance to win, and the game length for 1 to 4 players.".into(),
        },
    })
}

fn whatif(r: &Report, s: &ReportSummary, format: Format, size: (u32, u32)) -> Result<Section> {
    let w: &WhatIf = &r.whatif;
    let rows: Vec<(String, f64)> = w
        .by_element
        .iter()
        .filter_map(|c| Some((c.change.clone(), c.difference?)))
        .collect();
    // On the page, each row about three lines of the page's text high: its label above its
    // bar, apart from the next (plus the axis below).
    let (width, height) = page_size(size);
    let tall = (rows.len() as f64 * 3.0 * PAGE_TICK + 6.0 * PAGE_TICK).ceil() as u32;
    let (image, page) = render_at(
        &WhatIfChart {
            board: &r.about.board,
            expected_turns: w.expected_turns,
            rows,
        },
        format,
        size,
        (width, height.max(tall)),
    )?;
    Ok(Section {
        stem: "whatif",
        heading: heading("whatif").into(),
        image,
        page,
        text: match s.whatif.by_element.first() {
            Some(c) => format!(
                "Removing one element at a time, largest effect first: green bars mean the element costs turns (games get shorter without it), red bars that it saves turns. The largest: {} ({}).",
                c.change,
                c.difference.map_or_else(
                    || c.unsolved.clone().unwrap_or_else(|| "not solved".into()),
                    |d| format!("{d:+.2} turns")
                )
            ),
            None => "Removing one element at a time.".into(),
        },
    })
}

/// The width, in pixels, of the charts drawn for the page. The page shows a chart at most this
/// many CSS pixels wide (one pixel of the drawing, one CSS pixel: its text as drawn) and
/// narrower on a narrower screen, where the drawing and its text shrink together.
pub const PAGE_CHART_WIDTH: u32 = 600;

/// The narrowest column the page's chart text is sized for, in CSS pixels: a phone 412 pixels
/// wide, less the page's margins (1em of 16 pixels on each side).
pub const PHONE_COLUMN: f64 = 412.0 - 32.0;

/// The size of the smallest chart text (the tick labels) on that phone, in CSS pixels: a little
/// over 11, the smallest size that reads comfortably on a phone.
const PHONE_TEXT: f64 = 11.5;

/// The tick labels' font size in a page drawing, in its own pixels: [`PHONE_TEXT`] once the
/// drawing is shrunk from [`PAGE_CHART_WIDTH`] to [`PHONE_COLUMN`] (about 18 pixels, as the
/// drawing shows on a wider screen).
const PAGE_TICK: f64 = PHONE_TEXT * PAGE_CHART_WIDTH as f64 / PHONE_COLUMN;

/// The size of the charts drawn for `report.html`: [`PAGE_CHART_WIDTH`] pixels wide, with the
/// aspect ratio of the report's `--size`, at least two thirds as tall as wide (a wide, low
/// `--size` would leave no room up the axes for text of the page's size).
pub(super) fn page_size((width, height): (u32, u32)) -> (u32, u32) {
    let tall = f64::from(height) * f64::from(PAGE_CHART_WIDTH) / f64::from(width);
    let height = (tall.round() as u32).max(PAGE_CHART_WIDTH * 2 / 3);
    (PAGE_CHART_WIDTH, height)
}
