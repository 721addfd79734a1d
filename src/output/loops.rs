//! What the questions of a board that loops print ([`crate::results::loops`]): the long run
//! ranked under each jail policy side by side, with the rent it brings, how fast it is
//! reached and what cycled piles change; a simulation; a first landing; another program's
//! landing counts checked. Each as text, JSON and (where it has a table) CSV.

use std::fmt::Write as _;

use super::render::{json, Render};
use super::Layout;
use crate::input::number::{count, p_value, plain, probability};
use crate::results::loops::{
    LandingCheck, LongRun, LoopAnalysis, LoopPassage, LoopSimulation, RowsAre,
};

/// A share as a percentage with 4 decimals.
fn percent(p: f64) -> String {
    format!("{:.4} %", 100.0 * p)
}

/// Where a square is in a long run's ranking, and its share.
fn share(run: &LongRun, square: usize) -> (f64, f64) {
    run.squares
        .iter()
        .find(|s| s.square == square)
        .map_or((0.0, 0.0), |s| (s.per_roll, s.per_turn))
}

impl Render for LoopAnalysis {
    fn text(&self, layout: Layout) -> String {
        let mut s = String::new();
        let first = &self.long_runs[0];
        s.push_str(&layout.para(
            "",
            &format!(
                "{}: the long run of one token, exact (a Markov chain of one roll a step, solved for its stationary law). Source: {}.",
                self.board, self.source
            ),
        ));
        let rules: Vec<String> = self
            .rules
            .as_object()
            .map(|o| {
                o.iter()
                    .map(|(k, v)| {
                        format!("{k} = {}", v.as_str().map_or(v.to_string(), str::to_string))
                    })
                    .collect()
            })
            .unwrap_or_default();
        s.push_str(&layout.list("Rules: ", "  ", &rules, ", "));
        s.push('\n');
        for run in &self.long_runs {
            s.push_str(&layout.para(
                "",
                &format!(
                    "{}: {} states ({} recurrent), solved by {}, residual max |pi P - pi| = {:.1e}; {:.4} rolls a turn; {} of rolls leave the token in jail.",
                    capital(&run.cards),
                    count(run.states as u64),
                    count(run.recurrent as u64),
                    match run.method {
                        crate::solve::stationary::Method::Gth => "GTH state reduction",
                        crate::solve::stationary::Method::SparseLu => "sparse LU",
                    },
                    run.residual,
                    run.rolls_per_turn,
                    percent(run.held_back)
                ),
            ));
        }
        s.push('\n');
        s.push_str(&layout.para(
            "",
            &format!(
                "Where rolls leave the token, ranked by the first column: \"per roll\" is the share of all rolls that end on the square (the stationary law), \"per turn\" the expected landings on it in a turn (rolls a turn x per roll). {}",
                self.counting
            ),
        ));
        let _ = write!(s, "{:>4}  {:<26}", "rank", "square");
        for run in &self.long_runs {
            let _ = write!(s, "  {:>21}", run.jail);
        }
        s.push('\n');
        let _ = write!(s, "{:>4}  {:<26}", "", "");
        for _ in &self.long_runs {
            let _ = write!(s, "  {:>10} {:>10}", "per roll", "per turn");
        }
        s.push('\n');
        for (rank, sq) in first.squares.iter().enumerate() {
            let _ = write!(s, "{:>4}  {:<26}", rank + 1, clip(&sq.name, 26));
            for run in &self.long_runs {
                let (roll, turn) = share(run, sq.square);
                let _ = write!(s, "  {:>10} {:>10.5}", percent(roll), turn);
            }
            s.push('\n');
        }
        s.push('\n');
        for run in &self.long_runs {
            match &run.exact_left_out {
                None => {
                    let e = run.squares[0].per_roll_exact.as_ref();
                    let digits = |t: Option<&String>| t.map_or(0, String::len);
                    s.push_str(&layout.para("", &format!(
                        "Exact, {}: every share above is also a fraction, in --json (per_roll_exact) and --csv; the first, {}'s, has a numerator of {} digits over {} digits.",
                        run.jail, first_name(run), digits(e.map(|e| &e.num)), digits(e.map(|e| &e.den)))));
                }
                Some(why) => s.push_str(&layout.para(
                    "",
                    &format!("Exact fractions, {}: left out ({why}).", run.jail),
                )),
            }
        }
        s.push('\n');
        s.push_str(&layout.para("", "How fast the long run is reached from the start (GO), after n rolls: the total variation distance between where the token may be and the long run; the second eigenvalue's modulus is the factor it shrinks by a roll, in the end."));
        for run in &self.long_runs {
            let d: Vec<String> = run
                .distance
                .iter()
                .map(|d| format!("{}: {:.2e}", d.rolls, d.distance))
                .collect();
            let eig = run
                .second_eigenvalue
                .map_or(String::new(), |e| format!(" |lambda_2| = {e:.4};"));
            s.push_str(&layout.list(&format!("  {}:{eig} ", run.jail), "    ", &d, ", "));
        }
        if !first.group_rent.is_empty() {
            s.push('\n');
            s.push_str(&layout.para("", &format!(
                "Expected rent per opponent turn ({}), from the board's rent tables: unimproved, 1 to 4 houses, a hotel.",
                first.jail
            )));
            for r in first.group_rent.iter().chain(&first.property_rent) {
                let cells: Vec<String> = r.per_turn.iter().map(|v| format!("{v:8.2}")).collect();
                let _ = writeln!(s, "  {:<26}{}", clip(&r.name, 26), cells.join(""));
            }
        }
        if let Some(c) = &self.cycled {
            s.push('\n');
            s.push_str(&layout.para("", &format!(
                "Cycled piles ({}): the law with the piles dealt in the board file's order, exactly ({} states), and its mean over {} random starting orders (seed {}), each order's law exact, with the mean's 95 % interval; the change is the mean's from independent draws, with its z.",
                c.jail, count(c.states as u64), c.orders, c.seed
            )));
            let _ = writeln!(
                s,
                "  {:<26}{:>11}{:>11}{:>11}  {:<23}{:>8}",
                "square", "independent", "file order", "mean", "95 % interval", "z"
            );
            for sq in &first.squares {
                let o = &c.squares[sq.square];
                let _ = writeln!(
                    s,
                    "  {:<26}{:>11}{:>11}{:>11}  {:<23}{:>8}",
                    clip(&o.name, 26),
                    percent(o.independent),
                    percent(o.file_order),
                    percent(o.mean),
                    format!(
                        "{:.4}-{:.4} %",
                        100.0 * o.mean_ci95[0],
                        100.0 * o.mean_ci95[1]
                    ),
                    o.z.to_string()
                );
            }
        }
        let _ = writeln!(s, "\n({:.2} s)", self.seconds);
        s
    }

    fn json(&self) -> Option<crate::Result<String>> {
        json("analyze", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        let write = || -> crate::Result<String> {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record([
                "jail",
                "rank",
                "square",
                "name",
                "kind",
                "per_roll",
                "per_turn",
                "per_roll_exact",
            ])?;
            for run in &self.long_runs {
                for (rank, sq) in run.squares.iter().enumerate() {
                    let exact = sq
                        .per_roll_exact
                        .as_ref()
                        .map_or(String::new(), |e| format!("{}/{}", e.num, e.den));
                    super::csv_cells::record(
                        &mut w,
                        [
                            run.jail.clone(),
                            (rank + 1).to_string(),
                            sq.square.to_string(),
                            sq.name.clone(),
                            sq.kind.clone(),
                            plain(sq.per_roll),
                            plain(sq.per_turn),
                            exact,
                        ],
                    )?;
                }
            }
            Ok(String::from_utf8(w.into_inner()?)?)
        };
        Some(write())
    }
}

fn first_name(run: &LongRun) -> &str {
    &run.squares[0].name
}

/// `x` with three significant digits.
fn plain_round(x: f64) -> String {
    format!("{x:.3}")
}

/// `part` as a percentage of `whole`.
fn percent_of(part: f64, whole: f64) -> String {
    if whole > 0.0 {
        format!("{:.2} %", 100.0 * part / whole)
    } else {
        "-".to_string()
    }
}

/// `text` cut to `width` characters.
fn clip(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

/// `text` with its first letter in capitals.
fn capital(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

impl Render for LoopSimulation {
    fn text(&self, layout: Layout) -> String {
        let mut s = String::new();
        let what = match self.rows_are {
            RowsAre::Games => format!(
                "{} games of {} turns from the start",
                count(self.games),
                count(self.turns)
            ),
            RowsAre::Batches => format!(
                "one long run, {} batches of {} turns after {} turns of warm-up",
                count(self.games),
                count(self.turns),
                count(crate::results::loops::WARMUP_TURNS)
            ),
        };
        s.push_str(&layout.para("", &format!(
            "{}: {what}, seed {}, {}; {:.2} rolls a {}. Landings per {} on each square, the mean with its 95 % interval, beside what the exact chain expects and the z of the difference.",
            self.board, self.seed, self.cards, self.rolls_per_game,
            if self.rows_are == RowsAre::Games { "game" } else { "batch" },
            if self.rows_are == RowsAre::Games { "game" } else { "batch" },
        )));
        let _ = writeln!(
            s,
            "  {:<26}{:>10}  {:<21}{:>10}{:>9}",
            "square", "mean", "95 % interval", "exact", "z"
        );
        for sq in &self.squares {
            let _ = writeln!(
                s,
                "  {:<26}{:>10.4}  {:<21}{:>10}{:>9}",
                clip(&sq.name, 26),
                sq.mean,
                format!("{:.4}-{:.4}", sq.mean_ci95[0], sq.mean_ci95[1]),
                sq.expected.map_or("-".into(), |e| format!("{e:.4}")),
                sq.z.map_or("-".into(), |z| z.to_string()),
            );
        }
        match self.p {
            Some(p) => s.push_str(&layout.para("", &format!(
                "Against the exact chain: {} (the smallest square's two-sided p times the squares tested); {}.",
                p_value(p),
                if p >= 1e-3 { "consistent" } else { "NOT consistent" }
            ))),
            None => s.push_str(&layout.para("", "No exact expectation: cycled piles shuffled anew each game are averaged over orders, which `analyze --cards cycled` estimates; `check` compares such counts with a simulated reference.")),
        }
        s
    }

    fn json(&self) -> Option<crate::Result<String>> {
        json("simulate", self)
    }
}

impl Render for LoopPassage {
    fn text(&self, layout: Layout) -> String {
        let mut s = String::new();
        if !self.reached {
            return layout.para("", &format!(
                "{}: no roll from {} is ever counted on {}: the token never comes to rest there (a square that sends it on, as Go To Jail does, is counted where it goes).",
                self.board, self.from, self.to
            ));
        }
        s.push_str(&layout.para(
            "",
            &format!(
                "{}: the first landing on {} from {}, exact.",
                self.board, self.to, self.from
            ),
        ));
        let mean = self.mean.unwrap_or(f64::NAN);
        let rolls = self.mean_rolls.unwrap_or(f64::NAN);
        let _ = writeln!(
            s,
            "  expected turns   {mean:.6} (the turn of the landing counted)"
        );
        let _ = writeln!(s, "  expected rolls   {rolls:.6}");
        for q in &self.quantiles {
            let _ = writeln!(s, "  {:>3.0} % by turn   {}", 100.0 * q.p, q.turns);
        }
        if self.left_out > 0.0 {
            s.push_str(&layout.para("  ", &format!(
                "The turns listed hold all but {} of the chance; the quantiles are exact within it.",
                probability(self.left_out)
            )));
        }
        s
    }

    fn json(&self) -> Option<crate::Result<String>> {
        json("passage", self)
    }
}

impl Render for LandingCheck {
    fn text(&self, layout: Layout) -> String {
        let mut s = String::new();
        let rows = match self.rows_are {
            RowsAre::Games => format!("{} independent games of {} turns", count(self.rows as u64), count(self.turns)),
            RowsAre::Batches => format!("{} batches of {} turns of one run (batch means; the first batch left out as warm-up; largest lag-1 correlation between batches {:.2}{})",
                count(self.rows as u64), count(self.turns), self.lag1,
                if self.lag1 > 0.2 { ": too high, use longer batches" } else { "" }),
        };
        s.push_str(&layout.para("", &format!(
            "{}: landing counts of {rows}, against {} and every hypothesis searched ({} rule sets of the rules simulator programs most often get wrong, with independent draws, exactly; and cycled piles for the rule sets kept): each square's mean landings per row against the expected, a z from the spread between rows, and one p for the board (the smallest square's p times the squares tested). Kept at level {}: p >= {}.",
            self.data, self.board, self.searched, self.level, probability(1.0 - self.level)
        )));
        s.push_str(&layout.para("", &format!(
            "What this sample can detect: a difference of about {} landings a {} on {} (4 standard errors; {} of its {:.3}), less on rarer squares; smaller differences it cannot decide.",
            plain_round(self.detectable.difference), if self.rows_are == RowsAre::Games { "game" } else { "batch" },
            self.squares[self.detectable.square], percent_of(self.detectable.difference, self.detectable.mean), self.detectable.mean
        )));
        s.push('\n');
        if self.reference_kept {
            s.push_str(&layout.para("", &format!("Consistent with {}'s rules.", self.board)));
        } else if self.named_rules.is_empty() {
            s.push_str(&layout.para(
                "",
                &format!(
                    "Rejected: {}'s rules do not fit{}.",
                    self.board,
                    if self.hypotheses.iter().any(|h| h.kept) {
                        ", and the hypotheses that do differ in more than one way (below)"
                    } else {
                        ", and no hypothesis searched does"
                    }
                ),
            ));
        } else {
            s.push_str(&layout.para("", &format!(
                "Rejected: {}'s rules do not fit. Every hypothesis kept has {}: the program plays {} that way.",
                self.board,
                self.named_rules.join(" and "),
                if self.named_rules.len() == 1 { "this rule" } else { "these rules" }
            )));
        }
        s.push('\n');
        let _ = writeln!(
            s,
            "  {:<9}{:<44}{:<38}p",
            "", "differs from the board by", "worst square (observed / expected, z)"
        );
        for h in self.hypotheses.iter().take(12) {
            let differs = if h.differs.is_empty() {
                "(the board's rules)".to_string()
            } else {
                h.differs.join(", ")
            };
            let worst = h.fit.worst.map_or("-".to_string(), |w| {
                let t = &h.fit.squares[w];
                format!(
                    "{} {:.3} / {:.3}, {}",
                    clip(&self.squares[w], 14),
                    t.observed,
                    t.expected,
                    t.z.map_or("-".into(), |z| z.to_string())
                )
            });
            let _ = writeln!(
                s,
                "  {:<9}{:<44}{:<38}{}",
                if h.kept { "kept" } else { "rejected" },
                clip(&differs, 43),
                clip(&worst, 37),
                p_value(h.fit.p)
            );
        }
        if self.hypotheses.len() > 12 {
            let _ = writeln!(
                s,
                "  ... and {} more (all in --json)",
                self.hypotheses.len() - 12
            );
        }
        s
    }

    fn json(&self) -> Option<crate::Result<String>> {
        json("check", self)
    }
}
