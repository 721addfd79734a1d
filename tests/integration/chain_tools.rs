//! The chain as a whole: the fundamental matrix (`transitions --fundamental`) by hand and
//! against an independent rational elimination, the state graph (`transitions --dot`) through
//! Graphviz, and the length's generating function (`analyze --pgf`): mean and variance
//! re-derived from its coefficients here, and its recurrence against the distribution.

use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::{CandyLand, ChutesAndLadders, RaceTrack};
use candyland::internals::games::{Game, Variant};
use candyland::internals::solve::fundamental::{fundamental, FundamentalOptions};
use candyland::internals::solve::pgf::{pgf, Pgf};
use candyland::internals::solve::{exact_expected_turns, Analysis, Moments, Options};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

use crate::common::{board, game, run};
use crate::passage::{bareiss, system};

#[test]
fn the_fundamental_matrix_of_a_tiny_board_by_hand() {
    // Spaces [red, blue], one card of each, start S before space 0. States S, 0, 1.
    // From S: 0 or 1 (1/2 each); from 0: 1 (1/2) or finish; from 1: finish.
    // N_S. = (1, 1/2, 1/2 + 1/4 = 3/4); N_0. = (0, 1, 1/2); N_1. = (0, 0, 1). Row sums 9/4,
    // 3/2, 1: the expected lengths.
    let g = game(
        "name = \"t\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n",
    );
    let chain = Chain::build(&g);
    let n = fundamental(
        &g,
        &chain,
        "t",
        &FundamentalOptions::all(Default::default()),
    )
    .unwrap();
    let rows: Vec<Vec<f64>> = n.rows.iter().map(|r| r.visits.clone()).collect();
    assert_eq!(rows, [[1.0, 0.5, 0.75], [0.0, 1.0, 0.5], [0.0, 0.0, 1.0]]);
    assert_eq!(
        n.rows.iter().map(|r| r.mean).collect::<Vec<_>>(),
        [2.25, 1.5, 1.0]
    );
    assert!(n.dense && n.error_bound < 1e-14);
}

/// The start's row of N exactly: x^T (D I - C) = D e_s^T, by Bareiss on the transpose.
fn start_row<G: Game>(g: &G) -> (Vec<BigRational>, Vec<f64>, f64) {
    let chain = Chain::build(g);
    let d = chain.denominator();
    let a = system(chain.counts(), d);
    let n = a.len();
    let at: Vec<Vec<BigInt>> = (0..n)
        .map(|i| (0..n).map(|j| a[j][i].clone()).collect())
        .collect();
    let mut e = vec![BigInt::zero(); n];
    e[chain.start()] = BigInt::from(d);
    let exact = bareiss(at, e);
    let o = FundamentalOptions::all(Default::default()).rows(vec!["start".into()]);
    let f = fundamental(g, &chain, "b", &o).unwrap();
    (exact, f.rows[0].visits.clone(), f.error_bound)
}

#[test]
fn the_start_rows_of_the_shipped_boards_agree_with_an_independent_rational_elimination() {
    let mut checked = 0;
    for b in candyland::internals::games::shipped::SHIPPED
        .iter()
        .filter(|b| ["clark-program", "chutes-and-ladders", "hi-ho-cherry-o"].contains(&b.name))
    {
        let (exact, float, bound) = match b.name {
            "clark-program" => start_row(&board::<CandyLand>(b.text, &Variant::default())),
            "chutes-and-ladders" => {
                start_row(&board::<ChutesAndLadders>(b.text, &Variant::default()))
            }
            _ => start_row(&board::<RaceTrack>(b.text, &Variant::default())),
        };
        assert!(bound < 1e-10, "{}: {bound}", b.name);
        for (x, f) in exact.iter().zip(&float) {
            assert!(
                (x.to_f64().unwrap() - f).abs() <= bound,
                "{}: {x} vs {f}",
                b.name
            );
        }
        // The row sums to E[T] (the expected turns begun anywhere).
        let sum: BigRational = exact.iter().sum();
        let chain_mean = match b.name {
            "clark-program" => exact_expected_turns(&Chain::build(&board::<CandyLand>(
                b.text,
                &Variant::default(),
            )))
            .unwrap(),
            "chutes-and-ladders" => exact_expected_turns(&Chain::build(
                &board::<ChutesAndLadders>(b.text, &Variant::default()),
            ))
            .unwrap(),
            _ => exact_expected_turns(&Chain::build(&board::<RaceTrack>(
                b.text,
                &Variant::default(),
            )))
            .unwrap(),
        };
        assert_eq!(sum, chain_mean, "{}", b.name);
        checked += 1;
    }
    assert_eq!(checked, 3);
}

#[test]
fn a_fundamental_matrix_too_big_for_the_budget_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.toml");
    let text = candyland::internals::games::candyland::generate::board_text(
        &candyland::internals::games::candyland::generate::Spec {
            spaces: 200_000,
            seed: 1,
            licorice: 3,
            landmarks: 6,
            shortcuts: 2,
        },
    );
    std::fs::write(&path, text).unwrap();
    let started = std::time::Instant::now();
    let (code, _, err) = run(&["transitions", path.to_str().unwrap(), "--fundamental"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("fundamental matrix") && err.contains("entries") && err.contains("--from"),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 30);
}

/// Renders `dot_text` with Graphviz's `dot -K<engine> -Tsvg`; None when `dot` is missing.
fn render(dot_text: &str, engine: &str) -> Option<String> {
    use std::io::Write;
    let mut dot = std::process::Command::new("dot")
        .args([format!("-K{engine}").as_str(), "-Tsvg"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    dot.stdin
        .take()
        .unwrap()
        .write_all(dot_text.as_bytes())
        .unwrap();
    let svg = dot.wait_with_output().unwrap();
    assert!(
        svg.status.success(),
        "{}",
        String::from_utf8_lossy(&svg.stderr)
    );
    Some(String::from_utf8(svg.stdout).unwrap())
}

#[test]
fn the_state_graph_renders_with_graphviz() {
    // Classic: 136 states, jumps (shortcuts) dashed and the licorice states filled. Its 2,000
    // edges take `dot`'s layered layout minutes, so it is drawn with `sfdp` (same package);
    // Hi Ho! Cherry-O (11 states) with `dot` itself.
    let (code, classic, err) = run(&["transitions", "clark-program", "--dot"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        classic.starts_with("digraph \"clark-program\" {"),
        "{classic}"
    );
    assert!(classic.contains("style=dashed") && classic.contains("tooltip=\"licorice\""));
    // Every move is drawn once with its exact chance: each state's outgoing chances add to 1.
    let mut out: std::collections::BTreeMap<String, BigRational> = Default::default();
    for line in classic.lines().filter(|l| l.contains(" -> ")) {
        let from = line.trim().split(' ').next().unwrap().to_string();
        let label = line
            .split("label=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let p: BigRational = label.parse().unwrap();
        *out.entry(from).or_insert_with(BigRational::zero) += p;
    }
    assert!(out.len() > 100);
    for (from, total) in &out {
        assert_eq!(*total, BigRational::from_integer(1.into()), "{from}");
    }
    let (code, hiho, err) = run(&["transitions", "hi-ho-cherry-o", "--dot"]);
    assert_eq!(code, 0, "{err}");
    let Some(svg) = render(&hiho, "dot") else {
        println!("skipped: Graphviz's `dot` is not installed (apt-get install graphviz)");
        return;
    };
    assert!(svg.contains("<svg") && svg.contains("finish"));
    let svg = render(&classic, "sfdp").unwrap();
    assert!(svg.contains("<svg") && svg.contains("Queen Frostine") && svg.contains("finish"));
}

/// P'(1) and P''(1) + P'(1) - P'(1)^2 from the coefficients, by the quotient rule, here.
fn moments_of(p: &Pgf) -> (BigRational, BigRational) {
    let parse = |v: &[String]| -> Vec<BigRational> {
        v.iter()
            .map(|s| BigRational::from_integer(s.parse().unwrap()))
            .collect()
    };
    let (a, b) = (parse(&p.numerator), parse(&p.denominator));
    let derive = |c: &[BigRational], k: usize| -> BigRational {
        c.iter()
            .enumerate()
            .map(|(i, x)| {
                let falling: i64 = (0..k as i64).map(|j| i as i64 - j).product();
                x * BigRational::from_integer(falling.into())
            })
            .sum()
    };
    let (a0, a1, a2) = (derive(&a, 0), derive(&a, 1), derive(&a, 2));
    let (b0, b1, b2) = (derive(&b, 0), derive(&b, 1), derive(&b, 2));
    assert_eq!(a0, b0, "P(1) = 1");
    // P = A/B with A(1) = B(1): P' = (A' - B')/B, P'' = (A'' - B'' - 2 B' P')/B at 1.
    let p1 = (&a1 - &b1) / &b0;
    let p2 = (&a2 - &b2 - BigRational::from_integer(2.into()) * &b1 * &p1) / &b0;
    let var = &p2 + &p1 - &p1 * &p1;
    (p1, var)
}

fn check_pgf<G: Game>(g: &G, name: &str) {
    let chain = Chain::build(g);
    let p = pgf(g, &chain, &About::default(), &Default::default()).unwrap();
    let (mean, var) = moments_of(&p);
    assert_eq!(
        mean,
        exact_expected_turns(&chain).unwrap(),
        "{name}: P'(1) = E[T]"
    );
    let m = Moments::of(g, &chain, &About::default()).unwrap();
    assert!(
        (var.to_f64().unwrap() - m.variance).abs() < 1e-9 * m.variance,
        "{name}"
    );
    assert_eq!(p.mean_exact.value().unwrap(), mean);
    assert_eq!(p.variance_exact.value().unwrap(), var);
    // The recurrence, against the distribution the iteration computes.
    let a = Analysis::of(g, &chain, About::default(), &Options::default()).unwrap();
    let c: Vec<f64> = p.recurrence.coefficients.iter().map(|c| c.float).collect();
    let l = p.recurrence.order;
    for n in p.recurrence.from_turn..a.pmf.len().min(400) {
        let predicted: f64 = (1..=l).map(|i| c[i - 1] * a.pmf[n - i]).sum();
        let scale: f64 = (1..=l)
            .map(|i| (c[i - 1] * a.pmf[n - i]).abs())
            .sum::<f64>()
            + a.pmf[n];
        assert!(
            (predicted - a.pmf[n]).abs() <= 1e-12 * scale.max(1e-300) + 1e-15,
            "{name}: turn {n}"
        );
    }
    // And exactly: the first terms of P's power series are the pmf's.
    let exact = candyland::internals::solve::pgf::pmf_from(&p, 60).unwrap();
    for (n, x) in exact.iter().enumerate() {
        assert!(
            (x.to_f64().unwrap() - a.pmf.get(n).copied().unwrap_or(0.0)).abs() < 1e-15,
            "{name}: {n}"
        );
    }
}

#[test]
fn the_generating_function_gives_back_the_mean_the_variance_and_the_distribution() {
    // Hand check first, the tiny board: from S, blue -> 1 -> finish: T = 2 (1/2); red -> 0,
    // then red finishes (T = 2, 1/4) or blue -> 1 -> finish (T = 3, 1/4).
    // P(z) = (3/4) z^2 + (1/4) z^3: E = 9/4.
    let g = game(
        "name = \"t\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n",
    );
    let chain = Chain::build(&g);
    let p = pgf(&g, &chain, &About::default(), &Default::default()).unwrap();
    let (mean, _) = moments_of(&p);
    assert_eq!(mean.to_string(), "9/4");
    let series = candyland::internals::solve::pgf::pmf_from(&p, 4).unwrap();
    let q: Vec<String> = series.iter().map(|x| x.to_string()).collect();
    assert_eq!(q, ["0", "0", "3/4", "1/4", "0"]);
    for b in candyland::internals::games::shipped::SHIPPED.iter() {
        match b.name {
            "clark-program" | "treats" => {
                check_pgf(&board::<CandyLand>(b.text, &Variant::default()), b.name)
            }
            "chutes-and-ladders" => check_pgf(
                &board::<ChutesAndLadders>(b.text, &Variant::default()),
                b.name,
            ),
            "hi-ho-cherry-o" => check_pgf(&board::<RaceTrack>(b.text, &Variant::default()), b.name),
            _ => {}
        }
    }
}

/// The code block after `<!-- run: PROGRAM -->` in the documents and the text block after it.
fn readme_snippet(program: &str) -> (String, String) {
    let marker = format!("<!-- run: {program} -->\n");
    let documents = crate::common::documents();
    let readme = documents
        .iter()
        .map(|(_, text)| text)
        .find(|text| text.contains(&marker))
        .expect("a document has the snippet");
    let at = readme.find(&marker).unwrap() + marker.len();
    let mut blocks = readme[at..].split("```").skip(1).step_by(2);
    let code = blocks.next().unwrap();
    let code = code.split_once('\n').unwrap().1.to_string();
    let out = blocks.next().unwrap();
    let out = out
        .strip_prefix("text\n")
        .expect("a text block follows")
        .to_string();
    (code, out)
}

#[test]
fn the_readme_loads_the_fundamental_matrix_in_python_and_r_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let (code, csv, err) = run(&["transitions", "chutes-and-ladders", "--fundamental"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.path().join("N.csv"), csv).unwrap();
    for (program, flag) in [("python3", "-c"), ("Rscript", "-e")] {
        let (snippet, want) = readme_snippet(program);
        assert_eq!(snippet.trim().lines().count(), 1, "{program}: one line");
        let Ok(out) = std::process::Command::new(program)
            .args([flag, snippet.trim()])
            .current_dir(dir.path())
            .output()
        else {
            println!("skipped: {program} is not installed");
            continue;
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() && stderr.contains("No module named") {
            println!("skipped: {program} has no pandas ({stderr})");
            continue;
        }
        assert!(out.status.success(), "{program}: {stderr}");
        let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect();
        let want: Vec<String> = want.lines().map(|l| l.trim_end().to_string()).collect();
        assert_eq!(got, want, "{program}");
    }
}

/// The documents' snippets (docs/check.md) for the Markov-chain packages (R's markovchain, Python's PyDTMC), each
/// run on `transitions chutes-and-ladders --csv --aggregate` as the page says, its output compared
/// with the block it shows. Skipped, with a message, where the interpreter or the package
/// is missing (the page pins the versions and how to install them).
#[test]
fn the_readme_runs_markovchain_and_pydtmc_on_the_aggregated_move_table() {
    let dir = tempfile::tempdir().unwrap();
    let (code, csv, err) = run(&["transitions", "chutes-and-ladders", "--csv", "--aggregate"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.path().join("cl.csv"), csv).unwrap();
    for (marker, program, package, probe) in [
        (
            "Rscript markovchain",
            "Rscript",
            "markovchain",
            "suppressPackageStartupMessages(library(markovchain))",
        ),
        (
            "python3 pydtmc",
            "python3",
            "pydtmc",
            "import pandas, pydtmc",
        ),
    ] {
        let (snippet, want) = readme_snippet(marker);
        let flag = if program == "Rscript" { "-e" } else { "-c" };
        let Ok(probed) = std::process::Command::new(program)
            .args([flag, probe])
            .output()
        else {
            println!("skipped: {program} is not installed");
            continue;
        };
        if !probed.status.success() {
            let why = String::from_utf8_lossy(&probed.stderr);
            let why = why.lines().last().unwrap_or_default();
            println!(
                "skipped: {program} cannot load {package} ({why}); docs/check.md says how to install it"
            );
            continue;
        }
        let script = dir.path().join(if program == "Rscript" {
            "snippet.R"
        } else {
            "snippet.py"
        });
        std::fs::write(&script, &snippet).unwrap();
        let out = std::process::Command::new(program)
            .arg(&script)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{marker}: {stderr}");
        let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect();
        let want: Vec<String> = want.lines().map(|l| l.trim_end().to_string()).collect();
        assert_eq!(got, want, "{marker}");
    }
}
