//! What `analyze` prints for one computer player alone in a policy game ([`PolicyAlone`]): its exact
//! figures, marked as bounds where `--max-turns` cut the distribution (as `analyze` marks a
//! race's), or, when no game can reach home, that in words with why in place of the figures
//! over the games that reach home; its CSV. The report's page takes its figures' words from
//! here too, so that both say the same.

use std::fmt::Write as _;

use super::render::{json, Render};
use super::Layout;
use crate::input::number::{count, plain, probability};
use crate::results::policies::{CycledPile, PolicyAlone};

impl Render for PolicyAlone {
    fn text(&self, layout: Layout) -> String {
        alone_text(self, &self.label, layout)
    }
    fn json(&self) -> Option<crate::Result<String>> {
        json("analyze", self)
    }
    fn csv(&self) -> Option<crate::Result<String>> {
        Some(Ok(alone_csv(self)))
    }
}

/// The label width of the figure table.
const LABEL: usize = 26;

/// The last turn computed.
fn last_turn(a: &PolicyAlone) -> usize {
    a.pmf.len().saturating_sub(1)
}

/// The mean over the games that reach home, with `digits` decimals: "> m" and why when it is
/// a lower bound, "unknown" and why when no game came home in the turns computed.
pub fn mean_text(a: &PolicyAlone, digits: usize) -> String {
    match a.mean {
        Some(m) if a.mean_lower_bound => format!(
            "> {m:.digits$} (a lower bound: the mean of the games home by turn {})",
            last_turn(a)
        ),
        Some(m) => format!("{m:.digits$}"),
        None => format!("unknown (no game came home by turn {})", last_turn(a)),
    }
}

/// The standard deviation over the games that reach home, or "unknown" and why.
pub fn sd_text(a: &PolicyAlone, digits: usize) -> String {
    match a.sd {
        Some(sd) => format!("{sd:.digits$}"),
        None if a.truncated => format!(
            "unknown (the distribution was cut at turn {})",
            last_turn(a)
        ),
        None => format!("unknown (no game came home by turn {})", last_turn(a)),
    }
}

/// The quantile at level `p` in turns: "n", or "> n - 1" when it is only bounded below.
pub fn quantile_text(a: &PolicyAlone, p: f64) -> String {
    a.quantiles
        .iter()
        .find(|x| x.p == p)
        .map_or("-".to_string(), |x| {
            if x.lower_bound {
                format!("> {}", x.turns.saturating_sub(1))
            } else {
                x.turns.to_string()
            }
        })
}

/// A chance, ">= p" when the distribution was cut (a lower bound).
fn chance(a: &PolicyAlone, p: String) -> String {
    if a.truncated {
        format!(">= {p}")
    } else {
        p
    }
}

/// `analyze`'s table.
pub fn alone_text(a: &PolicyAlone, label: &str, layout: Layout) -> String {
    let mut t = layout.para(
        "",
        &format!(
            "{}, {label}: one player alone, policy {}",
            a.words.title, a.policy
        ),
    );
    if a.cards_independent {
        t.push_str(&layout.para("  ", a.words.independent_cards));
    }
    if let Some(pile) = &a.cycled_pile {
        t.push_str(&layout.para("  ", &pile_text(a, pile)));
    }
    t.push_str(&layout.para(
        "  ",
        &format!(
            "{}: {} state{}{}, {:.1} s",
            if a.cards_independent {
                "chain of the approximation"
            } else {
                "exact chain"
            },
            count(a.states as u64),
            if a.states == 1 { "" } else { "s" },
            a.words.held.capped(a.cap).map_or(String::new(), |c| format!(" ({c})")),
            a.seconds
        ),
    ));
    t.push('\n');
    let over_cap = format!("P({} over the cap)", a.words.held.noun);
    let mut rows: Vec<(&str, String)> = Vec::new();
    if let Some(why) = &a.why_never_home {
        t.push_str(&layout.para("  ", &format!("No game can reach home: {why}.")));
    } else {
        rows.extend([
            ("expected turns", mean_text(a, 4)),
            ("standard deviation", sd_text(a, 4)),
            (
                "shortest game",
                match &a.shortest_game {
                    Some(s) => format!("{} turns", s.turns),
                    None => format!("> {} turns", last_turn(a)),
                },
            ),
            ("median", format!("{} turns", quantile_text(a, 0.5))),
            (
                "5% of games end by",
                format!("{} turns", quantile_text(a, 0.05)),
            ),
            (
                "95% of games end by",
                format!("{} turns", quantile_text(a, 0.95)),
            ),
            (
                "99% of games end by",
                format!("{} turns", quantile_text(a, 0.99)),
            ),
        ]);
    }
    rows.push(("P(reaching home)", chance(a, format!("{:.12}", a.home))));
    if a.words.held.caps() {
        rows.push((
            &over_cap,
            format!(
                "{} (left out of every figure)",
                chance(a, probability(a.cut))
            ),
        ));
    }
    rows.push(("P(stuck forever)", chance(a, probability(a.stuck))));
    for (label, value) in rows {
        t.push_str(&layout.row("  ", label, LABEL, &value));
    }
    let over = if a.why_never_home.is_some() {
        ""
    } else {
        "; figures over the games that reach home"
    };
    let how = if a.truncated {
        format!("to turn {}", last_turn(a))
    } else if a.unfinished_mass > 0.0 {
        format!(
            "until less than {:.1e} of the games were still playing",
            a.unfinished_mass
        )
    } else {
        "until no game was still playing".to_string()
    };
    t.push_str(&layout.para("  ", &format!("(turn by turn, {how}{over})")));
    if a.words.held.caps() {
        t.push_str(&layout.para("  ", &over_cap_event(a)));
    }
    if a.truncated {
        t.push_str(&layout.labelled(
            "  warning: ",
            &format!(
                "the turn limit cut the distribution at turn {}, with {} of the games still playing (more than the tolerance {:e}): figures marked > or >= are bounds (--max-turns N computes further)",
                last_turn(a),
                probability(a.unfinished_mass),
                a.tolerance
            ),
        ));
    }
    t.push('\n');
    let general = match (&a.general_solve, &a.general_solve_skipped) {
        (Some(s), _) => format!(
            "cyclic chain, {} feedback states, by {}: expected turns until home or the cap {:.6}, P(home) {:.12}, P(the cap) {}",
            s.feedback_states,
            s.solver,
            s.mean,
            s.home,
            probability(s.cut)
        ),
        (None, Some(why)) => format!("not run: {why}"),
        (None, None) => "not run".to_string(),
    };
    t.push_str(&layout.labelled("General linear solve: ", &general));
    t
}

/// Which event `P(... over the cap)` counts, exactly, so that another count can be set beside it.
fn over_cap_event(a: &PolicyAlone) -> String {
    let held = &a.words.held;
    format!(
        "({} counts the games in which a step of the chain, a turn or the part of a turn before it goes on, ends before home with more than {} {}: each at the first such step, whatever it holds between steps; the general linear solve below counts the same event.)",
        format_args!("P({} over the cap)", held.noun),
        a.cap,
        held.noun
    )
}

/// The cycled pile, simulated, beside the approximation: its mean with a 95 % interval, its
/// shortest game seen, and the approximation's difference from it.
pub fn pile_text(a: &PolicyAlone, p: &CycledPile) -> String {
    let mut t = format!(
        "The cycled pile, simulated ({} games, seed {}",
        count(p.games),
        p.seed
    );
    if p.unfinished > 0 {
        let _ = write!(
            t,
            "; {} stopped at the turn limit, left out",
            count(p.unfinished)
        );
    }
    let _ = write!(
        t,
        "): mean {:.4} ± {:.4} turns (95 %), sd {:.2}",
        p.mean,
        1.96 * p.standard_error,
        p.sd
    );
    if let Some(s) = p.shortest_seen {
        let _ = write!(t, ", shortest game seen {s} turns");
        if let Some(c) = &a.shortest_game {
            let _ = write!(t, " (the approximation's: {})", c.turns);
        }
    }
    match (p.difference, p.z) {
        (Some(d), Some(z)) => {
            let longer = if d >= 0.0 { "longer" } else { "shorter" };
            let _ = write!(
                t,
                "; the approximation's mean is {:.4} turns {longer} (z = {z:.1}{}).",
                d.abs(),
                if z.abs() < 2.0 {
                    ", within the simulation's error"
                } else {
                    ""
                }
            );
        }
        _ => t.push('.'),
    }
    t
}

/// `analyze --csv`: turn, pmf, cdf, survival (of reaching home).
pub fn alone_csv(a: &PolicyAlone) -> String {
    let mut s = String::from("turn,pmf,cdf,survival\n");
    let mut cdf = 0.0;
    for (n, p) in a.pmf.iter().enumerate().skip(1) {
        cdf += p;
        let survival = a.survival.get(n).copied().unwrap_or(0.0);
        let _ = writeln!(
            s,
            "{n},{},{},{}",
            plain(*p),
            plain(cdf.min(1.0)),
            plain(survival)
        );
    }
    s
}
