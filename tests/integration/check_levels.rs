//! The level printed is the level used: the power sentence describes the test that is run, a
//! summary is rejected at alpha / statistics (test inversion), and one sample gives one
//! verdict from its lengths and from its own summary.

use rand::{RngExt, SeedableRng};
use serde_json::Value;
use statrs::distribution::{ContinuousCDF, Normal};

use candyland::internals::check::{candidate, fit, histogram};
use candyland::internals::games::Variant;
use candyland::internals::sim::DeckMode;

use crate::check::{lengths, settings, source};
use crate::common::{candyland, dir_with};

/// Runs the binary and parses its JSON (`--json` is added).
fn json(args: &[&str]) -> Value {
    let out = candyland().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// z at which a standard normal's upper tail is `p`.
fn upper(p: f64) -> f64 {
    Normal::standard().inverse_cdf(1.0 - p)
}

#[test]
fn the_power_sentence_is_computed_for_the_fits_test_and_holds_by_simulation() {
    // The fit calls a mean INCONSISTENT at |z| >= 4, z = (mean - mu) / (sd / sqrt(n)) against
    // an exact reference. A shift X of the mean gives E[z] = X / se, so 80 % power needs
    // X = (4 + z_0.8) se with z_0.8 = Phi^-1(0.8) = 0.8416: for 500 games of classic, with the
    // sd `analyze` computes. Then by simulation: 1,000 samples of 500 games shifted by X on
    // average (each game by floor(X) turns, plus one with probability frac(X)) reach |z| >= 4
    // in 80 % of them (within 4 standard errors of a binomial proportion, +-0.051).
    let analyze = json(&["analyze", "clark-program"]);
    let sd = analyze["sd"].as_f64().unwrap();
    let n = 500u64;
    let data = lengths("clark-program", &Variant::default(), DeckMode::Iid, n, 1);
    let text: Vec<String> = data.iter().map(u32::to_string).collect();
    let (_dir, paths) = dir_with(&[("l.txt", &text.join("\n"))]);
    let v = json(&[
        "check",
        paths[0].to_str().unwrap(),
        "--no-rank",
        "--board",
        "clark-program",
    ]);
    let shift = v["detectable_mean_shift"].as_f64().unwrap();
    let want = (4.0 + upper(0.2)) * sd / (n as f64).sqrt();
    assert!((shift - want).abs() < 1e-9 * want, "{shift} vs {want}");
    // The same test, run in the library as `check` runs it.
    let reference = candidate(
        &source("clark-program"),
        &Variant::default(),
        DeckMode::Iid,
        2000,
        &settings(),
    )
    .unwrap()
    .unwrap();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(80);
    let reps = 1000;
    let mut noticed = 0;
    for seed in 0..reps {
        let sample: Vec<u32> = lengths(
            "clark-program",
            &Variant::default(),
            DeckMode::Iid,
            n,
            1000 + seed,
        )
        .into_iter()
        .map(|t| {
            let extra = u32::from(rng.random_bool(shift.fract()));
            t + shift.floor() as u32 + extra
        })
        .collect();
        let z = fit(&histogram(&sample), &reference).unwrap().z_mean.value();
        noticed += u32::from(z.abs() >= 4.0);
    }
    let power = f64::from(noticed) / reps as f64;
    assert!((power - 0.8).abs() < 0.051, "power {power}");
}

#[test]
fn a_summary_is_rejected_at_alpha_over_its_statistics() {
    // A 95 % set by test inversion: each hypothesis is tested at 5 %, shared among its 4
    // statistics (Bonferroni): rejected at p <= 0.0125, whatever the number of hypotheses;
    // at --level 0.9, 0.025. The power sentence is the set's two-sided test of the mean at
    // that p: (Phi^-1(1 - p / 2) + Phi^-1(0.8)) sd / sqrt(n), with the published sd. The
    // search is narrowed to two rules (the threshold does not depend on how many hypotheses
    // are searched).
    let s = "games=10000 mean=38.6897 median=33 min=4 max=242";
    for (level, threshold) in [("0.95", 0.05 / 4.0), ("0.9", 0.1 / 4.0)] {
        let v = json(&[
            "check",
            "--summary",
            s,
            "--deck",
            "shuffled",
            "--level",
            level,
            "--vary",
            "licorice,doubles",
        ]);
        let t = v["threshold"].as_f64().unwrap();
        assert!((t - threshold).abs() < 1e-15, "{level}: {t}");
        for c in v["candidates"].as_array().unwrap() {
            let min_p = c["min_p"].as_f64().unwrap();
            assert_eq!(c["in_set"] == true, min_p > threshold, "{c}");
        }
    }
    let v = json(&[
        "check",
        "--summary",
        "games=10000 mean=38.69 sd=31.5",
        "--no-rank",
    ]);
    // Two statistics: rejected at p <= 0.025, two-sided, so |z| >= Phi^-1(1 - 0.0125).
    let want = (upper(0.025 / 2.0) + upper(0.2)) * 31.5 / 100.0;
    let got = v["detectable_mean_shift"].as_f64().unwrap();
    assert!((got - want).abs() < 1e-9, "{got} vs {want}");
    let out = candyland()
        .args([
            "check",
            "--summary",
            s,
            "--deck",
            "shuffled",
            "--vary",
            "licorice",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("at or below 0.0125 (5 % shared among 4 statistics"),
        "{text}"
    );
}

/// "games=N mean=... sd=... median=... min=... max=..." of a `check --json` sample.
fn summary_of(sample: &Value) -> String {
    format!(
        "games={} mean={} sd={} median={} min={} max={}",
        sample["games"],
        sample["mean"],
        sample["sd"],
        sample["median"],
        sample["min"],
        sample["max"]
    )
}

#[test]
fn one_sample_gets_one_verdict_from_its_lengths_and_from_its_summary() {
    // 2,000 games of classic with a shuffled deck. From the lengths and from their own
    // summary, each reference gets the same word (consistent or INCONSISTENT: both at the
    // fit's floor), and no member of the set the lengths give is called INCONSISTENT by the
    // summary.
    let data = lengths(
        "clark-program",
        &Variant::default(),
        DeckMode::Shuffled,
        2000,
        21,
    );
    let text: Vec<String> = data.iter().map(u32::to_string).collect();
    let (_dir, paths) = dir_with(&[("l.txt", &text.join("\n"))]);
    let file = paths[0].to_str().unwrap();
    let mut compared_references = 0;
    for reference in [
        &["--deck", "shuffled"][..],
        &["--deck", "iid"],
        &["--board", "treats", "--deck", "shuffled"],
        &["--doubles", "one-step", "--deck", "shuffled"],
    ] {
        let from_lengths = json(&[&["check", file, "--no-rank"][..], reference].concat());
        let s = summary_of(&from_lengths["sample"]);
        let from_summary =
            json(&[&["check", "--summary", &s, "--no-rank"][..], reference].concat());
        // The same tests of the same statistics give the same p-values; the lengths add a
        // chi-square, so they may reject what their summary cannot, never the other way.
        assert_eq!(
            from_lengths["fit"]["statistics"], from_summary["reference"],
            "{reference:?}"
        );
        let (l, s) = (&from_lengths["fit"], &from_summary);
        assert!(
            l["consistent"] == s["consistent"]
                || (s["consistent"] == true && l["chi_square"]["p_value"].as_f64() <= Some(1e-4)),
            "{reference:?}: {} / {}",
            l["verdict"],
            s["verdict"]
        );
        compared_references += 1;
    }
    assert_eq!(compared_references, 4);
    // Over three Candy Land rules (the same narrowing both ways keeps the two searches alike
    // and the test short).
    let narrow = ["--vary", "licorice,doubles,start"];
    let v = json(&[&["check", file][..], &narrow].concat());
    let s = summary_of(&v["sample"]);
    let summary = json(&[&["check", "--summary", &s][..], &narrow].concat());
    let rows = summary["candidates"].as_array().unwrap();
    let floor = 2.0 * Normal::standard().cdf(-4.0);
    let mut compared = 0;
    for member in v["set"].as_array().unwrap() {
        let Some(row) = rows.iter().find(|r| r["candidate"] == member["candidate"]) else {
            continue;
        };
        compared += 1;
        for t in row["tests"].as_array().unwrap() {
            let p = t["p_value"].as_f64().unwrap();
            let least = if t["statistic"] == "mean" {
                floor
            } else {
                1e-4
            };
            assert!(p > least, "{member}: {t}");
        }
    }
    assert!(compared > 0, "{}", v["conclusion"]);
}
