//! What `best` prints ([`BestPlay`]): the fewest expected turns alone as a bracket (the lower
//! bound no policy beats, the exact expected turns of the best play found), the best play's
//! distribution as `analyze` words it, every policy's gap, and the games of two.

use super::policies_alone::{mean_text, quantile_text, sd_text};
use super::render::{json, Render};
use super::Layout;
use crate::input::number::{count, probability};
use crate::results::best::BestPlay;

/// The label width of the figure table.
const LABEL: usize = 30;

impl Render for BestPlay {
    fn text(&self, layout: Layout) -> String {
        best_text(self, layout)
    }
    fn json(&self) -> Option<crate::Result<String>> {
        json("best", self)
    }
}

fn best_text(b: &BestPlay, layout: Layout) -> String {
    let a = &b.best;
    let noun = a.words.held.noun;
    let mut t = layout.para(
        "",
        &format!(
            "{}, {}: best play of one player alone (the fewest expected turns)",
            a.words.title, b.label
        ),
    );
    if b.cards_independent {
        t.push_str(&layout.para("  ", a.words.independent_cards));
    }
    t.push_str(&layout.para(
        "  ",
        &format!(
            "every state any choices reach: {} states, {} choices{}, {:.1} s",
            count(b.states as u64),
            count(b.choices as u64),
            a.words.held.capped(b.cap).map_or(String::new(), |c| format!(" ({c})")),
            b.seconds
        ),
    ));
    t.push('\n');
    let mut rows = vec![
        (
            "no policy does better than",
            format!(
                "{:.6} turns (value iteration from zero: {} sweeps, the last moving a value by {:.1e}{})",
                b.lower_bound, b.sweeps, b.last_change,
                if a.words.held.caps() { "; a state past the cap counted as finished" } else { "" }
            ),
        ),
        (
            "the best play found takes",
            format!(
                "{} turns ({}, as analyze --policy {} on the board --out writes)",
                mean_text(a, 6),
                if b.cards_independent {
                    "its chain with independent cards"
                } else {
                    "its exact chain"
                },
                b.policy
            ),
        ),
        (
            "so the optimum is within",
            match b.gap_to_bound {
                Some(g) => format!("{:.1e} turns of both", g.max(0.0)),
                None => "unknown: the best play's mean is over the games it finishes within the cap and the turns computed, not all of them (see below)".to_string(),
            },
        ),
        ("standard deviation", sd_text(a, 4)),
        ("median", format!("{} turns", quantile_text(a, 0.5))),
        ("5% of games end by", format!("{} turns", quantile_text(a, 0.05))),
        ("95% of games end by", format!("{} turns", quantile_text(a, 0.95))),
    ];
    let over_cap = format!("P({noun} over the cap)");
    if a.words.held.caps() {
        rows.push((
            &over_cap,
            format!("{} (left out of every figure)", probability(a.cut)),
        ));
    }
    for (label, value) in rows {
        t.push_str(&layout.row("  ", label, LABEL, &value));
    }
    t.push_str(&layout.para(
        "  ",
        &format!(
            "The best play as a policy table: {} rows, one for each situation it reaches alone; --out FILE writes the board file with it as policy \"{}\".",
            count(b.table_rows as u64),
            b.policy
        ),
    ));
    t.push('\n');
    t.push_str(&layout.para("", "The board's policies alone, against the best play:"));
    t.push_str(&format!(
        "  {:<20} {:>14} {:>16}\n",
        "policy", "expected turns", "turns lost"
    ));
    for p in &b.policies {
        let mean = p
            .mean
            .map_or("never home".to_string(), |m| format!("{m:.4}"));
        let gap = p.gap.map_or("-".to_string(), |g| format!("{g:+.4}"));
        t.push_str(&format!("  {:<20} {:>14} {:>16}\n", p.policy, mean, gap));
    }
    if !b.duels.is_empty() {
        t.push('\n');
        t.push_str(&layout.para(
            "",
            "Games of two (the players never meet; the first to move is first), exactly:",
        ));
        t.push_str(&format!(
            "  {:<20} {:<20} {:>16}\n",
            "first", "second", "first wins"
        ));
        for d in &b.duels {
            t.push_str(&format!(
                "  {:<20} {:<20} {:>15.4}%\n",
                d.first,
                d.second,
                100.0 * d.first_wins
            ));
        }
        t.push_str(&layout.para(
            "  ",
            "(\"best\" plays for the most chance of winning at every state, against the other as it plays; value iteration until no chance moved by more than 1e-12)",
        ));
    }
    if let Some(why) = &b.duels_left_out {
        t.push('\n');
        t.push_str(&layout.labelled("Games of several: ", why));
    }
    t
}
