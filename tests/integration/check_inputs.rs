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
