//! The Hare and Tortoise chain keeps the promise of `--budget` and of the memory limits, as
//! every other game's chain does (see `budget`): its size is estimated before it is built,
//! work over the budget is refused with exit 2 naming the work and the flag to change, and a
//! process memory limit is a message, never an abort.

use std::time::{Duration, Instant};

use super::budget::under_ulimit_v;
use crate::common::run;

#[test]
fn a_huge_carrot_cap_is_refused_at_once_naming_the_chain_and_the_flags() {
    // With no carrot cap to speak of, the chain of the novice grows by about 80 states a
    // carrot (47,857 at 600): it grew to 1 GB before the budget's watch stopped it, naming
    // no work. Now its estimate refuses it at once.
    for args in [
        vec![
            "--budget",
            "5",
            "analyze",
            "hare-and-tortoise",
            "--carrot-cap",
            "4294967295",
        ],
        vec![
            "--budget",
            "5",
            "report",
            "hare-and-tortoise",
            "--carrot-cap",
            "4294967295",
            "-o",
            "never-written",
        ],
    ] {
        let started = Instant::now();
        let (code, out, err) = run(&args);
        let took = started.elapsed();
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        for word in ["chain", "--carrot-cap", "carrots capped at 4294967295"] {
            assert!(err.contains(word), "{args:?}: no {word} in {err}");
        }
        assert!(
            took < Duration::from_secs(4),
            "{args:?} took {took:?}: {err}"
        );
    }
    // `check`'s exact reference too.
    let dir = tempfile::tempdir().unwrap();
    let lengths = dir.path().join("l.txt");
    std::fs::write(&lengths, "30\n28\n33\n").unwrap();
    let l = lengths.to_str().unwrap();
    let args = [
        "--budget",
        "5",
        "check",
        l,
        "--board",
        "hare-and-tortoise",
        "--carrot-cap",
        "4294967295",
        "--no-rank",
    ];
    let started = Instant::now();
    let (code, _, err) = run(&args);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--carrot-cap") && err.contains("chain"),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(4), "{err}");
}

#[test]
fn a_process_memory_limit_is_an_exit_2_message_for_the_hare_chain_too() {
    // Under `ulimit -v` the novice's chain at cap 600 (about 110 MB at its peak, measured)
    // does not fit what the process's threads leave of 200 or 400 MB of address space: it
    // aborted with SIGABRT (exit 134). Every other game's chain is refused with exit 2 under
    // such a limit (budget::a_process_memory_limit_is_an_exit_2_message_not_an_abort, which
    // uses 400 MB), and so is this one.
    let dir = tempfile::tempdir().unwrap();
    for kb in [200_000, 400_000] {
        let (code, out, err) = under_ulimit_v(kb, &["analyze", "hare-and-tortoise"], dir.path());
        assert_eq!(code, Some(2), "{kb}: {err}");
        assert!(out.is_empty(), "{out}");
        for word in ["ulimit -v", "chain", "--carrot-cap"] {
            assert!(err.contains(word), "{kb}: no {word} in {err}");
        }
    }
    // A chain the limit holds is built: the novice at cap 100 (10,306 states).
    let (code, out, err) = under_ulimit_v(
        400_000,
        &["analyze", "hare-and-tortoise", "--carrot-cap", "100"],
        dir.path(),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("10,306 states"), "{out}");
}
