//! `candyland report` on a board that loops: two charts (where rolls leave the token under
//! each jail policy, and the rent each colour group brings), `report.md`, `report.html` and
//! `summary.json`, written into one folder as the other games' reports are.

use std::path::Path;

use crate::error::Result;

use super::document::{number, Block, Line, Span};
use super::sections::{render, Section};
use super::{html::html, markdown::markdown};
use crate::input::number::{count, p_value};
use crate::output::charts::bars::{Bar, BarsChart};
use crate::output::charts::Format;
use crate::results::loops::{LongRun, LoopReport};

/// The charts of a loop board's report, in order: (file stem, heading).
pub const CHARTS: [(&str, &str); 2] = [
    ("landings", "Where rolls leave the token (exact)"),
    ("rent", "Rent per opponent turn by colour group (exact)"),
];

/// The files of one loop board's report, opened ahead of time.
pub struct LoopPlan {
    files: super::Files,
}

impl LoopPlan {
    /// Opens every file of the report in `dir`; the rent chart only for a board with `rents`.
    pub fn new(dir: &Path, format: Format, rents: bool) -> Result<LoopPlan> {
        let stems = CHARTS
            .iter()
            .map(|&(stem, _)| stem)
            .filter(|stem| rents || *stem != "rent");
        Ok(LoopPlan {
            files: super::Files::open(dir, format, stems)?,
        })
    }

    /// Renders the report at `size` and puts every file in place; returns the file names.
    pub fn write(self, mut r: LoopReport, size: (u32, u32), command: &str) -> Result<Vec<String>> {
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

/// The colour of each group of kinds: the second colour is left to the line of the other
/// jail policy.
const COLOURS: [usize; 5] = [0, 2, 3, 4, 5];

/// The colour of a square of kind `kind`, by the game's groups of kinds.
fn series_of(groups: &[(String, Vec<String>)], kind: &str) -> usize {
    let group = groups
        .iter()
        .position(|(_, kinds)| kinds.iter().any(|k| k == kind))
        .unwrap_or(groups.len().saturating_sub(1));
    COLOURS[group.min(COLOURS.len() - 1)]
}

/// The legend of each colour (none for the unused ones).
fn legend(groups: &[(String, Vec<String>)]) -> Vec<String> {
    let mut out = vec![String::new(); 6];
    for (i, (name, _)) in groups.iter().enumerate().take(COLOURS.len()) {
        out[COLOURS[i]] = name.clone();
    }
    out
}

fn heading(stem: &str) -> &'static str {
    CHARTS
        .iter()
        .find(|(s, _)| *s == stem)
        .map_or("", |(_, h)| h)
}

/// The share of rolls of each square, board order, in percent.
fn by_square(run: &LongRun, squares: usize) -> Vec<f64> {
    let mut out = vec![0.0; squares];
    for s in &run.squares {
        out[s.square] = 100.0 * s.per_roll;
    }
    out
}

fn sections(r: &LoopReport, format: Format, size: (u32, u32)) -> Result<Vec<Section>> {
    let runs = &r.analysis.long_runs;
    let first = &runs[0];
    let n = first.squares.len();
    let shares = by_square(first, n);
    let landings = BarsChart {
        stem: "landings",
        title: format!(
            "{}: share of rolls ending on each square, {}",
            r.board, first.jail
        ),
        axes: ("square (GO = 0)", "% of rolls"),
        bars: first
            .squares
            .iter()
            .map(|s| Bar {
                x: s.square as f64,
                height: shares[s.square],
                error: 0.0,
                series: series_of(&r.analysis.kind_groups, &s.kind),
            })
            .collect(),
        series: legend(&r.analysis.kind_groups),
        line: runs.get(1).map(|other| {
            let law = by_square(other, n);
            (
                (0..n).map(|i| (i as f64, law[i])).collect(),
                other.jail.clone(),
            )
        }),
        marks: Vec::new(),
        width: 0.8,
        whole_x: true,
    };
    let hotel = |v: &[f64]| v.last().copied().unwrap_or(0.0);
    let rent = BarsChart {
        stem: "rent",
        title: format!(
            "{}: rent per opponent turn with hotels, {}",
            r.board, first.jail
        ),
        axes: ("colour group, board order", "rent per turn"),
        bars: first
            .group_rent
            .iter()
            .enumerate()
            .map(|(i, g)| Bar {
                x: i as f64 + 1.0,
                height: hotel(&g.per_turn),
                error: 0.0,
                series: 0,
            })
            .collect(),
        series: vec!["with a hotel on every property".to_string()],
        line: None,
        marks: Vec::new(),
        width: 0.6,
        whole_x: true,
    };
    let top: Vec<String> = first
        .squares
        .iter()
        .take(3)
        .map(|s| format!("{} ({:.4} %)", s.name, 100.0 * s.per_roll))
        .collect();
    let groups: Vec<String> = first
        .group_rent
        .iter()
        .enumerate()
        .map(|(i, g)| format!("{} {}: {:.1}", i + 1, g.name, hotel(&g.per_turn)))
        .collect();
    let section = |stem: &'static str,
                   (image, page): (Vec<u8>, super::sections::Page),
                   text: String| Section {
        stem,
        heading: heading(stem).into(),
        image,
        page,
        text,
    };
    let mut out = vec![section(
        "landings",
        render(&landings, format, size)?,
        format!(
            "Bars: the exact share of rolls that end on each square in the long run ({}), coloured by kind; the line: the same under {}. The most landed: {}. {}",
            first.cards,
            runs.get(1).map_or("-", |o| o.cards.as_str()),
            top.join(", "),
            r.analysis.counting
        ),
    )];
    if !first.group_rent.is_empty() {
        out.push(section(
            "rent",
            render(&rent, format, size)?,
            format!(
                "The expected rent one opponent pays per turn to a colour group with a hotel on each property (landings per turn times the hotel rent of the board's rent tables), groups numbered in board order: {}.",
                groups.join("; ")
            ),
        ));
    }
    Ok(out)
}

fn text(s: impl Into<String>) -> Line {
    vec![Span::Text(s.into())]
}

/// The report's text: heading, identity, the top squares under each policy, the check of the
/// simulator, the charts.
fn document(r: &LoopReport, sections: &[Section], command: &str) -> Vec<Block> {
    let a = &r.analysis;
    let mut d = vec![Block::Heading(1, format!("Report: {}", r.board))];
    let mut about = vec![text(format!("Source: {}", a.source))];
    if !r.variant.is_empty() {
        about.push(vec![
            Span::Text("Variant: ".into()),
            Span::Code(r.variant.clone()),
        ]);
    }
    about.push(vec![
        Span::Text("Generated by ".into()),
        Span::Code(command.to_string()),
        Span::Text("; the long run is exact, the games simulated (marked).".into()),
    ]);
    d.push(Block::List(about));
    d.push(Block::Heading(2, "The long run (exact)".into()));
    let mut rows = Vec::new();
    for run in &a.long_runs {
        rows.push(vec![
            text(run.cards.clone()),
            number(count(run.states as u64)),
            number(format!("{:.4}", run.rolls_per_turn)),
            number(format!("{:.4} %", 100.0 * run.held_back)),
            text(
                run.squares
                    .iter()
                    .take(5)
                    .map(|s| format!("{} {:.4} %", s.name, 100.0 * s.per_roll))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        ]);
    }
    d.push(Block::Table(
        vec![
            "rules",
            "states",
            "rolls a turn",
            "rolls in jail",
            "most landed (per roll)",
        ],
        rows,
    ));
    let s = &r.simulation;
    d.push(Block::Heading(
        2,
        "The simulator against the chain (simulated)".into(),
    ));
    d.push(Block::Paragraph(text(format!(
        "{} games of {} turns (seed {}, {}): each square's landings per game against the exact expectation for such games: {}{}.",
        count(s.games),
        s.turns,
        s.seed,
        s.cards,
        s.p.map_or("no exact expectation".to_string(), p_value),
        if s.p.is_some_and(|p| p >= 1e-3) { ", consistent" } else { "" }
    ))));
    d.push(Block::Heading(2, "Charts".into()));
    d.extend((0..sections.len()).map(Block::Chart));
    d
}
