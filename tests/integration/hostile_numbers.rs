//! Hostile numbers: chances astronomically small (a loop left once in a million cards, chances
//! down to 1e-300) are solved, not a panic; absurd counts are refused with an estimate.

use crate::common::{dir_with, game};
use candyland::internals::chain::Chain;
use candyland::internals::chain::Counts;
use candyland::internals::solve::{solve_f64, solve_state_exact, SolveFailure, Sweep};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use proptest::prelude::*;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::hostile::{long_loop, run, temporaries};

/// Shortcuts from 1, 3, 5 and 7 back to 0 with `red = 999999, blue = 1` (a loop board).
///
/// By hand: the first card moves the token to space 0 (blue: directly; red: to space 1, whose
/// shortcut leads to 0). From 0 only a run of four blue cards (p = 1e-6 each) reaches space 8,
/// the last: any red on the way lands on a shortcut back to 0. The expected number of turns to
/// see n successes in a row, each with chance p, is sum_{i=1..n} p^-i. From 8 any card wins
/// (no space of either colour is ahead). So E[T] = 1 + (1e6 + 1e12 + 1e18 + 1e24) + 1.
pub const LOOP_BOARD: &str = r#"name = "loop"
[board]
spaces = ["blue", "red", "blue", "red", "blue", "red", "blue", "red", "blue"]
shortcuts = [{ from = 1, to = 0 }, { from = 3, to = 0 }, { from = 5, to = 0 }, { from = 7, to = 0 }]
[deck.single]
red = 999999
blue = 1
"#;
#[test]
#[ignore = "slow (17 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn a_loop_left_once_in_a_million_cards_is_solved_not_a_panic() {
    let (dir, _) = dir_with(&[("loop.toml", LOOP_BOARD)]);
    let args = [
        "analyze",
        "loop.toml",
        "--exact",
        "--json",
        "--max-turns",
        "1000",
    ];
    let (code, out, err) = run(&args, dir.path());
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The derivation is on LOOP_BOARD.
    assert_eq!(j["mean_exact"]["num"], "1000001000001000001000002");
    assert_eq!(j["mean_exact"]["den"], "1");
    let e = j["mean"].as_f64().unwrap();
    approx::assert_relative_eq!(e, 1.000_001_000_001e24, max_relative = 1e-12);
    // Every command answers or refuses with exit 2; none panics (run() checks).
    for args in [
        vec!["spaces", "loop.toml"],
        vec!["whatif", "loop.toml"],
        vec!["forever", "loop.toml", "--orders", "100"],
        // Games capped at a million turns each: a small budget refuses them at once.
        vec!["players", "loop.toml", "--games", "1000", "--budget", "2"],
        vec![
            "crosscheck",
            "loop.toml",
            "--games",
            "1000",
            "--budget",
            "2",
        ],
        vec!["simulate", "loop.toml", "--games", "1000", "--budget", "2"],
        vec!["compare", "loop.toml", "clark-program"],
        vec!["play", "loop.toml"],
        vec!["transitions", "loop.toml"],
    ] {
        let (code, _, err) = run(&args, dir.path());
        assert!(code == 0 || code == 2, "{args:?}: {code} {err}");
        if code == 2 {
            assert!(
                err.contains("--budget")
                    || err.contains("--games")
                    || err.contains("too long to simulate"),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn chances_down_to_1e_300_are_solved_in_floating_point() {
    // 25 segments: a chance of escaping of 1e-150, which plain elimination loses
    // (1 - (1 - 1e-150) = 0 in f64); the GTH sweep keeps it. Exact and float agree.
    let (dir, _) = dir_with(&[
        ("loop25.toml", &long_loop(25)),
        ("loop50.toml", &long_loop(50)),
    ]);
    let (code, out, err) = run(
        &["analyze", "loop25.toml", "--json", "--moments-only"],
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    let moments: serde_json::Value = serde_json::from_str(&out).unwrap();
    let g = game(&long_loop(25));
    let exact = candyland::internals::solve::exact_expected_turns(&Chain::build(&g)).unwrap();
    let e = moments["mean"].as_f64().unwrap();
    approx::assert_relative_eq!(e, exact.to_f64().unwrap(), max_relative = 1e-12);
    approx::assert_relative_eq!(e, 1.000001e150, max_relative = 1e-5);
    // 50 segments: a chance of 1e-300; E[T] = 1e300 is still a float, its square is not.
    let (code, _, err) = run(&["analyze", "loop50.toml", "--moments-only"], dir.path());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the expected length is 1.000001e300 turns"),
        "{err}"
    );
}

/// A random chain whose forward chances are as small as 1 in 4e9 per step, so that escaping
/// its loops has a chance down to 1e-300 and below: rows of counts over `d`, state i moving
/// forward (to i + 1, or finishing from the last state) with `forward[i]`, back to
/// `back_to[i] <= i` with `back[i]`, and staying put with the rest.
fn chain_counts(d: u32, forward: &[u32], back: &[(usize, u32)]) -> Counts {
    let n = forward.len();
    let mut tri = sprs::TriMatI::<u32, u32>::new((n, n));
    for i in 0..n {
        let (to, b) = back[i];
        let stay = d - forward[i] - b;
        if i + 1 < n {
            tri.add_triplet(i, i + 1, forward[i]);
        }
        if b > 0 {
            tri.add_triplet(i, to.min(i), b);
        }
        if stay > 0 {
            tri.add_triplet(i, i, stay);
        }
    }
    tri.to_csr()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The f64 route (GTH sweep, exact retry) equals exact rationals to 1e-9 wherever the
    /// answer is a float, and says OutOfRange where it is not; it never panics.
    #[test]
    fn the_f64_solver_agrees_with_exact_rationals_on_tiny_chances(
        d in prop::sample::select(vec![10u32, 1_000_000, 4_000_000_000]),
        rows in prop::collection::vec((1u32..=1000, 0u32..=1000, 0usize..40), 1..40),
    ) {
        let forward: Vec<u32> = rows.iter().map(|r| (r.0 % (d / 2)).max(1)).collect();
        let back: Vec<(usize, u32)> = rows
            .iter()
            .zip(&forward)
            .map(|(r, f)| (r.2, ((u64::from(d - f) * u64::from(r.1)) / 1000) as u32))
            .collect();
        let counts = chain_counts(d, &forward, &back);
        let n = counts.rows();
        let ones = vec![1.0; n];
        let exact = {
            let sweep = Sweep::<BigRational>::factor(&counts, d).unwrap();
            let one = vec![BigRational::from_integer(1.into()); n];
            sweep.solve(&counts, &one).unwrap()[0].clone()
        };
        // The fraction-free route ((D I - C) y = D 1 in integers, one gcd) gives the same fraction.
        let h = vec![u64::from(d); n];
        prop_assert_eq!(&solve_state_exact(&counts, d, &h, 0, &|_| true).unwrap(), &exact);
        let exact = exact.to_f64().unwrap_or(f64::INFINITY);
        match solve_f64(&counts, d, &[&ones]) {
            Ok(y) => {
                prop_assert!(exact.is_finite());
                let rel = (y[0][0] - exact).abs() / exact;
                prop_assert!(rel < 1e-9, "f64 {} exact {exact}", y[0][0]);
            }
            Err(SolveFailure::OutOfRange) => prop_assert!(exact > 1e307, "exact {exact}"),
            Err(other) => prop_assert!(false, "{other}"),
        }
    }
}

#[test]
#[ignore = "slow (18 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn absurd_counts_are_refused_with_an_estimate() {
    let (dir, paths) = dir_with(&[("loop.toml", LOOP_BOARD)]);
    let max = "18446744073709551615";
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["forever", "--orders", max], "--orders"),
        (vec!["simulate", "--games", max], "--games"),
        (
            vec!["simulate", "--games", max, "--lengths", "l.txt"],
            "--games",
        ),
        (vec!["crosscheck", "--games", max], "--games"),
        (vec!["players", "--games", max], "--games"),
        (vec!["report", "--mc", max, "--out", out], "--mc"),
        (
            vec!["check", "-", "--reference-games", max],
            "--reference-games",
        ),
        (
            vec!["analyze", "loop.toml", "--max-turns", "9223372036854775808"],
            "--max-turns",
        ),
        (vec!["simulate", "--threads", "10000"], "--threads"),
        (vec!["analyze", "--budget", "0"], "--budget"),
        (
            vec!["generate", "--spaces", "100", "--licorice", max],
            "--spaces",
        ),
        (vec!["generate", "--spaces", "3"], "at least 8 spaces"),
    ];
    for (args, flag) in cases {
        let started = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_candyland"))
            .args(&args)
            .current_dir(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(b"30\n41\n");
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        // Refused at once, not after running (a generous bound for a loaded machine).
        assert!(started.elapsed() < Duration::from_secs(30), "{args:?}");
    }
    assert!(!dir
        .path()
        .join("out")
        .join("candy-land-1984")
        .join("report.md")
        .exists());
    assert!(temporaries(dir.path()).is_empty());
    drop(paths);
}
