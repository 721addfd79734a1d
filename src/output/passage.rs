//! `passage`: the first passage to a target (the chance, and when), the chances of hitting
//! every target (`--every`); and the other chain figure of the same family: the length's
//! generating function (`analyze --pgf`). (The fundamental matrix is written with the other
//! tables of `transitions`, as it is solved.)

use crate::input::number::{decimal, probability};
use std::fmt::Write;

use super::Layout;
use crate::solve::passage::{HittingChances, Passage};
use crate::solve::pgf::Pgf;

/// Width of the labels of the passage table.
const LABEL: usize = 34;

/// "turn" or "turns".
fn turns(n: usize) -> String {
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

/// An exact value as the table shows it: the fraction when short, else its size (the digits
/// are in `--json`).
fn fraction_words(e: &crate::solve::vocabulary::Exact) -> String {
    if e.num.len() + e.den.len() <= 40 {
        e.to_string()
    } else {
        format!(
            "a fraction of {} digits over {} (--json has it)",
            e.num.trim_start_matches('-').len(),
            e.den.len()
        )
    }
}

/// The `passage` table.
pub(crate) fn passage_table(p: &Passage, layout: Layout) -> String {
    let variant = if p.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", p.variant)
    };
    let who = if p.players == 1 {
        "one player".to_string()
    } else {
        format!("seat {} of {} players", p.seat, p.players)
    };
    let mut s = layout.hang(
        "",
        "  ",
        &format!(
            "{}{variant}: first passage to {} ({who})",
            p.board, p.target
        ),
    );
    let from = if p.players == 1 {
        format!("from {}", p.from.name)
    } else {
        "every token from the start, seat 1 moving first".to_string()
    };
    s.push_str(&layout.hang(
        "  ",
        "    ",
        &format!(
            "{from}; {} states, solved by {}",
            crate::input::number::count(p.states as u64),
            solver(&p.solver)
        ),
    ));
    s.push('\n');
    let row = |s: &mut String, label: &str, value: &str| {
        s.push_str(&layout.row("  ", label, LABEL, value))
    };
    row(
        &mut s,
        "P(reached before the game ends)",
        &format!("{:.6}", p.probability),
    );
    if let Some(e) = &p.probability_exact {
        row(&mut s, "exactly", &fraction_words(e));
    } else if let Some(note) = &p.exact_note {
        row(&mut s, "exact fractions", note);
    }
    row(
        &mut s,
        "float error at most",
        &format!("{:.1e}", p.error_bound),
    );
    if p.mean.is_none() {
        let why = if p.probability > 0.0 {
            format!(
                "Its chance, {:.1e}, is within the float error bound ({:.1e}): too small to tell from 0, so there is no mean or distribution of when.",
                p.probability, p.error_bound
            )
        } else {
            "No move reaches it from here before the game ends, so there is no distribution of when.".to_string()
        };
        s.push('\n');
        s.push_str(&layout.hang("", "  ", &why));
        return s;
    }
    let unit = if p.players == 1 {
        "turns"
    } else {
        "turns of all players together"
    };
    s.push('\n');
    s.push_str(&layout.hang(
        "",
        "  ",
        &format!("Given it is reached, the turn it is first reached ({unit}):"),
    ));
    if let Some(m) = p.mean {
        let bound = p
            .mean_error_bound
            .map_or(String::new(), |b| format!(" (error at most {b:.1e})"));
        row(&mut s, "mean", &format!("{m:.4}{bound}"));
    }
    if let Some(e) = &p.mean_exact {
        row(&mut s, "mean, exactly", &fraction_words(e));
    }
    if let Some(sd) = p.sd {
        row(&mut s, "standard deviation", &format!("{sd:.4}"));
    }
    match p.median {
        Some(m) => row(&mut s, "median", &turns(m)),
        None if p.distribution && p.truncated => row(
            &mut s,
            "median",
            &format!("> {} (the turn limit cut it)", turns(p.pmf.len() - 1)),
        ),
        None => {}
    }
    for q in &p.quantiles {
        let label = format!("{}% of passages by", q.p * 100.0);
        let value = if q.lower_bound {
            format!("> {} (the turn limit cut it)", turns(q.turns - 1))
        } else {
            turns(q.turns)
        };
        row(&mut s, &label, &value);
    }
    if !p.distribution {
        s.push_str(&layout.hang("  ", "  ", "(no distribution computed: --moments-only)"));
    } else if p.truncated {
        s.push_str(&layout.hang(
            "  ",
            "  ",
            &format!(
                "(the turn limit cut the distribution at turn {}, with a chance of {} of reaching it later still to come (more than the tolerance {}): figures marked > are bounds; the chance, mean and sd come from linear solves and are not cut)",
                p.pmf.len() - 1,
                probability(p.unfinished_mass),
                probability(p.tolerance)
            ),
        ));
    }
    if !p.others.is_empty() {
        s.push('\n');
        s.push_str(&layout.hang(
            "",
            "  ",
            &format!("Where the others are when seat {} reaches it (chance of reaching it so; given reached):", p.seat),
        ));
        for o in &p.others {
            let given = |x: f64| x / p.probability;
            s.push_str(&layout.hang(
                "  ",
                "    ",
                &format!(
                    "seat {}: behind {:.4} ({:.4}); level {:.4} ({:.4}); ahead {:.4} ({:.4})",
                    o.seat,
                    o.behind,
                    given(o.behind),
                    o.level,
                    given(o.level),
                    o.ahead,
                    given(o.ahead)
                ),
            ));
        }
    }
    s
}

/// The distribution as CSV: turn, P(first reached on that turn), the same given it is reached,
/// and P(T > turn | reached).
pub(crate) fn passage_csv(p: &Passage) -> crate::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["turn", "pmf", "conditional_pmf", "survival"])?;
    for (n, (&f, &sv)) in p.pmf.iter().zip(&p.survival).enumerate() {
        let conditional = if p.probability > 0.0 {
            f / p.probability
        } else {
            0.0
        };
        w.write_record([
            n.to_string(),
            f.to_string(),
            conditional.to_string(),
            sv.to_string(),
        ])?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

/// The `passage --every` table: traps, jumps and named spaces; every space and state are in the
/// CSV and JSON.
pub(crate) fn every_table(c: &HittingChances, layout: Layout) -> String {
    let variant = if c.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", c.variant)
    };
    let mut s = layout.hang(
        "",
        "  ",
        &format!(
            "{}{variant}: the chance of ever hitting each target from {} (one player, by linear solves)",
            c.board, c.from.name
        ),
    );
    s.push_str(&layout.hang(
        "  ",
        "    ",
        &format!(
            "{} states, solved by {}; float error at most {:.1e}",
            crate::input::number::count(c.states as u64),
            solver(&c.solver),
            c.error_bound
        ),
    ));
    let mut words: Vec<(&str, &str)> = Vec::new();
    for t in c
        .targets
        .iter()
        .filter(|t| t.kind == "trap" || t.kind == "jump")
    {
        if !words.contains(&(t.kind.as_str(), t.word.as_str())) {
            words.push((t.kind.as_str(), t.word.as_str()));
        }
    }
    for (kind, word) in words {
        s.push('\n');
        let verb = if kind == "jump" {
            "taken"
        } else {
            "caught there"
        };
        s.push_str(&layout.hang("", "  ", &format!("Each {word} ({verb} at least once):")));
        for t in c
            .targets
            .iter()
            .filter(|t| t.word == word && t.kind == kind)
        {
            target_row(&mut s, layout, &t.name, t.probability);
        }
    }
    // Named spaces: those whose name no other space shares (a named space, not a kind of space).
    let spaces: Vec<_> = c.targets.iter().filter(|t| t.kind == "space").collect();
    let mut counts: std::collections::HashMap<&str, usize> = Default::default();
    for t in &spaces {
        *counts.entry(t.name.as_str()).or_default() += 1;
    }
    let named: Vec<_> = spaces
        .iter()
        .filter(|t| counts[t.name.as_str()] == 1 && !t.name.starts_with(&t.word))
        .collect();
    if let Some(first) = named.first() {
        let word = &first.word;
        s.push('\n');
        s.push_str(&layout.hang(
            "",
            "  ",
            &format!("Each named {word} (landed on at least once):"),
        ));
        for t in &named {
            let label = format!(
                "{} {}",
                t.name,
                t.position
                    .map_or(String::new(), |p| format!("({word} {p})"))
            );
            target_row(&mut s, layout, &label, t.probability);
        }
    }
    s.push('\n');
    s.push_str(&layout.hang(
        "",
        "",
        "Every space and every state of the chain: --csv or --json.",
    ));
    s
}

/// One target of the `--every` table: its name and chance on one line, or a name too wide
/// for its column wrapped on lines of its own with the chance under it.
fn target_row(s: &mut String, layout: Layout, name: &str, probability: f64) {
    const NAME: usize = 28;
    let value = format!("{probability:.6}");
    if textwrap::core::display_width(name) < NAME {
        s.push_str(&layout.row("  ", name, NAME, &value));
    } else {
        s.push_str(&layout.hang("  ", "    ", name));
        s.push_str(&layout.row("  ", "", NAME, &value));
    }
}

/// `passage --every --csv`: one row per target.
pub(crate) fn every_csv(c: &HittingChances) -> crate::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["kind", "word", "position", "name", "state", "probability"])?;
    for t in &c.targets {
        super::csv_cells::record(
            &mut w,
            [
                t.kind.clone(),
                t.word.clone(),
                t.position.map_or(String::new(), |p| p.to_string()),
                t.name.clone(),
                t.state.map_or(String::new(), |s| s.to_string()),
                t.probability.to_string(),
            ],
        )?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

/// A polynomial's coefficients, one line each: "z^k  c".
fn polynomial(s: &mut String, layout: Layout, name: &str, coefficients: &[String]) {
    let degree = coefficients.len().saturating_sub(1);
    s.push_str(&layout.hang(
        "  ",
        "    ",
        &format!("{name}(z), degree {degree}, coefficients of z^0 first:"),
    ));
    for (k, c) in coefficients.iter().enumerate() {
        if c == "0" {
            continue;
        }
        s.push_str(&layout.row("    ", &format!("z^{k}"), 7, c));
    }
}

/// `analyze --pgf`.
pub(crate) fn pgf_text(p: &Pgf, layout: Layout) -> String {
    let variant = if p.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", p.variant)
    };
    let mut s = layout.hang(
        "",
        "  ",
        &format!(
            "{}{variant}: the length's generating function P(z) = E[z^T] = A(z) / B(z), exactly ({} states)",
            p.board,
            crate::input::number::count(p.states as u64)
        ),
    );
    s.push('\n');
    polynomial(&mut s, layout, "A", &p.numerator);
    s.push('\n');
    polynomial(&mut s, layout, "B", &p.denominator);
    s.push('\n');
    let row =
        |s: &mut String, label: &str, value: &str| s.push_str(&layout.row("  ", label, 26, value));
    row(&mut s, "E[T] = P'(1)", &format!("{:.6}", p.mean));
    row(&mut s, "  exactly", &p.mean_exact.to_string());
    row(
        &mut s,
        "Var[T] = P''+P'-P'^2 at 1",
        &format!("{:.6}", p.variance_exact.float),
    );
    row(&mut s, "  exactly", &p.variance_exact.to_string());
    row(&mut s, "sd", &format!("{:.6}", p.sd));
    s.push('\n');
    let r = &p.recurrence;
    let _ = write!(
        s,
        "{}",
        layout.hang(
            "",
            "  ",
            &format!(
                "The distribution obeys a linear recurrence of order {}: P(T = n) = a_1 P(T = n-1) + ... + a_{} P(T = n-{}) for every n >= {}, with (the first few; --json has all)",
                r.order, r.order, r.order, r.from_turn
            )
        )
    );
    for (i, a) in r.coefficients.iter().enumerate().take(6) {
        s.push_str(&layout.row(
            "  ",
            &format!("a_{}", i + 1),
            8,
            &format!("{}  ({a})", decimal(a.float)),
        ));
    }
    s
}

impl super::Render for crate::results::passage::PassageAnswer {
    fn text(&self, layout: Layout) -> String {
        use crate::results::passage::PassageAnswer;
        match self {
            PassageAnswer::To(p) => passage_table(p, layout),
            PassageAnswer::Every(c) => every_table(c, layout),
        }
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("passage", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        use crate::results::passage::PassageAnswer;
        Some(match self {
            PassageAnswer::To(p) => passage_csv(p),
            PassageAnswer::Every(c) => every_csv(c),
        })
    }
}

/// A solver's name as the object of "solved by": "the sweep", "the sparse LU", "Gauss-Seidel"
/// (a method named after its authors takes no article).
fn solver(name: &str) -> String {
    match name {
        "Gauss-Seidel" => name.to_string(),
        _ => format!("the {name}"),
    }
}
