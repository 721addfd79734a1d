//! `check`'s inputs as a user (or an adversary) gives them: published statistics that
//! contradict each other, contradictory flags, flags that do nothing, odd bytes in a lengths
//! file. Each is refused with exit 2 and a message naming the rule, or honoured.

use serde_json::Value;

use crate::common::{candyland, dir_with};

/// Runs `check` with `args`; returns (exit code, stdout, stderr).
fn check(args: &[&str]) -> (Option<i32>, String, String) {
    let out = candyland().arg("check").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn summaries_that_contradict_themselves_are_refused_naming_the_rule() {
    for (summary, rule) in [
        ("games=10 median=50 max=10", "median=50 is above max=10"),
        ("games=10 min=4 max=3", "min=4 is above max=3"),
        ("games=10 min=0", "a game lasts at least 1 turn"),
        (
            "games=1e30 mean=40",
            "too large, at most 1000000000000 games",
        ),
        ("games=10 mean=40 games=20", "games is given twice"),
        (
            "games=10 mean=-1",
            "mean=-1: negative; a game lasts at least 1 turn",
        ),
        ("games=10 mean=50 max=40", "mean=50 is above max=40"),
        (
            "games=10 max=170141183460469231731687303715884105728",
            "too large, at most 10000000 turns",
        ),
    ] {
        let (code, _, err) = check(&["--summary", summary]);
        assert_eq!(code, Some(2), "{summary}: {err}");
        assert!(
            err.contains("--summary") && err.contains(rule),
            "{summary}: {err}"
        );
        assert!(!err.contains("not a number"), "{summary}: {err}");
    }
}

#[test]
fn a_rule_both_varied_and_fixed_is_refused() {
    let (code, _, err) = check(&[
        "--summary",
        "games=100 mean=40",
        "--fix",
        "doubles=two-steps",
        "--vary",
        "doubles",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--fix") && err.contains("both varied (--vary) and fixed"),
        "{err}"
    );
    let (code, _, err) = check(&[
        "--summary",
        "games=100 mean=40",
        "--fix",
        "doubles=two-steps",
        "--fix",
        "doubles=one-step",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("fixed twice"), "{err}");
}

#[test]
fn no_rank_with_a_summary_tests_only_the_reference() {
    // --no-rank skips the search with a summary as with lengths: the reference's tests, no
    // set, and it says so.
    let (code, out, err) = check(&[
        "--summary",
        "games=10000 mean=38.6897 median=33 min=4 max=242",
        "--deck",
        "shuffled",
        "--no-rank",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["searched"].is_null());
    assert_eq!(v["candidates"].as_array().unwrap().len(), 0);
    assert_eq!(v["reference"].as_array().unwrap().len(), 4);
    assert!(v["conclusion"]
        .as_str()
        .unwrap()
        .starts_with("Not searched (--no-rank)"));
}

#[test]
fn a_byte_order_mark_is_skipped_and_a_huge_length_is_too_large() {
    let (_dir, paths) = dir_with(&[
        ("bom.txt", "\u{feff}12\n30\n41\n"),
        ("huge.txt", "12\n170141183460469231731687303715884105728\n"),
    ]);
    let (code, out, err) = check(&[paths[0].to_str().unwrap(), "--no-rank", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["sample"]["games"], 3);
    assert_eq!(v["sample"]["min"], 12);
    let (code, _, err) = check(&[paths[1].to_str().unwrap(), "--no-rank"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 2") && err.contains("too large: at most 10000000 turns"),
        "{err}"
    );
    assert!(!err.contains("not a whole number"), "{err}");
}

#[test]
fn edited_lengths_files_and_summaries_never_panic_the_fuzz_target() {
    // The seed corpus of `fuzz/run 600 lengths` and 400 seeded random edits of it (a byte
    // flipped, a byte or a digit run inserted, a slice cut or doubled) through the fuzz
    // target, which reads each input both ways and checks its answers (p-values in [0, 1], no
    // NaN, no null figure, a summary's statistics in order).
    use rand::{RngExt, SeedableRng};
    let seeds: [&[u8]; 9] = [
        b"12\n30\n41\n# a comment\n\n7\n",
        b"\xef\xbb\xbf12\n30\n",
        b"[12, 30, 41, 7]",
        b"game,turns\n1,12\n2,30\n3,41\n",
        b"3\n3\n3\n3\n",
        b"40\n",
        b"games=10000 mean=38.6897 median=33 min=4 max=242",
        b"games=100,mean=12.5,sd=6.1,median=11.5",
        b"games=1 mean=3 median=3 min=3 max=3 sd=0",
    ];
    for s in seeds {
        candyland::internals::check::exercise::lengths_and_summary(s);
    }
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(26);
    for _ in 0..400 {
        let mut bytes = seeds[rng.random_range(0..seeds.len())].to_vec();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..=bytes.len());
            match rng.random_range(0..4) {
                0 if at < bytes.len() => bytes[at] ^= 1 << rng.random_range(0..8),
                1 => bytes.insert(at, rng.random()),
                2 => {
                    let digits: Vec<u8> = (0..rng.random_range(1..40))
                        .map(|_| b'0' + rng.random_range(0..10u8))
                        .collect();
                    bytes.splice(at..at, digits);
                }
                _ => {
                    let end = rng.random_range(at..=bytes.len());
                    let piece = bytes[at..end].to_vec();
                    if rng.random_bool(0.5) {
                        bytes.drain(at..end);
                    } else {
                        bytes.splice(end..end, piece);
                    }
                }
            }
        }
        candyland::internals::check::exercise::lengths_and_summary(&bytes);
    }
}

#[test]
fn the_library_refuses_an_empty_sample_and_a_distribution_that_is_not_one() {
    use std::sync::Arc;

    use candyland::internals::check::LengthModelError as E;
    use candyland::internals::check::{fit, histogram, rank, Candidate, FitError, LengthModel};
    use candyland::internals::games::Variant;
    use candyland::internals::sim::DeckMode;

    // A fair coin decides the length: T = 1 or 2, each 1/2.
    let coin = LengthModel::exact(vec![0.0, 0.5, 0.5], vec![1.0, 0.5, 0.0]).unwrap();
    let c = Candidate {
        game: "race",
        board: "coin".into(),
        variant: Variant::default(),
        deck: Some(DeckMode::Iid),
        extra: Vec::new(),
        model: Arc::new(coin),
        model_id: 0,
    };
    // No game at all, given empty or as counts of zero: an error, where it was a panic.
    for sample in [&[][..], &[0, 0, 0][..]] {
        assert_eq!(fit(sample, &c).unwrap_err(), FitError::EmptySample);
        assert_eq!(
            rank(sample, std::slice::from_ref(&c), 0.05).unwrap_err(),
            FitError::EmptySample
        );
    }
    assert!(fit(&histogram(&[1, 2, 2, 1]), &c).unwrap().consistent);
    // Each way a distribution is not one, where mismatched lengths were a panic and the rest
    // were taken as given.
    let exact = LengthModel::exact;
    assert_eq!(exact(Vec::new(), Vec::new()).unwrap_err(), E::Empty);
    assert!(matches!(
        exact(vec![0.0, 1.0], vec![1.0, 0.0, 0.0]),
        Err(E::LengthsDiffer {
            pmf: 2,
            survival: 3
        })
    ));
    assert!(matches!(
        exact(vec![0.0, 2.0], vec![1.0, 0.0]),
        Err(E::NotAProbability {
            what: "pmf",
            turn: 1,
            ..
        })
    ));
    assert!(matches!(
        exact(vec![0.0, 0.5], vec![1.0, 0.0]),
        Err(E::NotNormalised { last: 1, .. })
    ));
}
