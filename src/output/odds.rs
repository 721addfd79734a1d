//! `odds`: each seat's chance to win from given positions, and how long the game has left.

use crate::input::number::probability;
use std::fmt::Write;

use super::Layout;
use crate::results::odds::OddsReport;

/// Columns of a row besides the position: seat, P(win), turns alone and "(moves next)".
const FIXED: usize = 2 + 4 + 2 + 2 + 6 + 2 + 21 + 14;
/// The narrowest the positions' column gets before the positions move under their rows.
const POSITION: usize = 16;

/// The `odds` table.
pub(crate) fn odds_table(r: &OddsReport, layout: Layout) -> String {
    let variant = if r.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", r.variant)
    };
    let head = format!(
        "{}{variant}: who wins from here (exact, i.i.d. draws)",
        r.board
    );
    let mut s = layout.hang("", "  ", &head);
    s.push('\n');
    // Positions longer than the line leaves wrap inside their column; with less than
    // POSITION columns left, they go under their rows.
    // ">= " before each chance when they are lower bounds.
    let win_width = if r.truncated { 9 } else { 6 };
    let room = layout.width().saturating_sub(FIXED + win_width - 6);
    let width = r
        .seats
        .iter()
        .map(|p| p.state.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(room)
        .max("position".len());
    let under = room < POSITION;
    let _ = writeln!(
        s,
        "  seat  {}{:<win_width$}  turns to finish alone",
        if under {
            String::new()
        } else {
            format!("{:<width$}  ", "position")
        },
        "P(win)"
    );
    for (p, win) in r.seats.iter().zip(&r.odds.win) {
        let next = if p.seat == r.to_move {
            "  (moves next)"
        } else {
            ""
        };
        // A cut leaves each chance a lower bound.
        let win = if r.truncated {
            format!(">= {win:.4}")
        } else {
            format!("{win:.4}")
        };
        let figures = format!("{win:>win_width$}  {:>21.2}{next}", p.alone.mean);
        if under {
            let _ = writeln!(s, "  {:>4}  {figures}", p.seat);
            s.push_str(&layout.para("        ", &p.state.name));
            continue;
        }
        let position = super::cell(&p.state.name, width);
        let _ = writeln!(s, "  {:>4}  {:<width$}  {figures}", p.seat, position[0]);
        for more in &position[1..] {
            let _ = writeln!(s, "        {more}");
        }
    }
    let o = &r.odds;
    let more = if r.truncated { "> " } else { "" };
    let mut until = format!(
        "Until someone finishes: {more}{:.2} rounds on average ({more}{:.2} turns of all players together)",
        o.mean_rounds, o.mean_turns
    );
    let within: Vec<String> = [(0.5, "50 %"), (0.9, "90 %"), (0.99, "99 %")]
        .iter()
        .filter_map(|&(p, how_often)| {
            let q = o.rounds.quantile(p)?;
            let rounds = if q == 1 { "round" } else { "rounds" };
            Some(format!("{q} {rounds} {how_often}"))
        })
        .collect();
    if within.is_empty() {
        until.push('.');
    } else {
        let _ = write!(until, "; within {} of the time.", within.join(", "));
    }
    s.push('\n');
    s.push_str(&layout.hang("", "  ", &until));
    if r.truncated {
        let cut = crate::solve::guarantee::Cut {
            last_turn: o.rounds.last_turn(),
            unfinished_mass: r.unfinished_mass,
            tolerance: r.tolerance,
        };
        let note = format!(
            "{}; each seat's chance is at most the figure shown plus {}",
            cut.sentence(),
            probability(r.unfinished_mass)
        );
        s.push_str(&layout.labelled("note: ", &note));
    }
    s
}

impl super::Render for OddsReport {
    fn text(&self, layout: Layout) -> String {
        odds_table(self, layout)
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("odds", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        Some(super::tables::odds_csv(self))
    }
}
