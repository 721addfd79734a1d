//! `--budget` and the memory limits keep their promise: work is refused before it starts when
//! its estimate is over the budget, work that outruns its estimate is stopped at the budget,
//! and a process memory limit is a message with exit code 2, never an abort. (How close the
//! estimates are to measured runs is a benchmark, `cargo bench --bench budget`, not a test.)

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::common::candyland;

/// A generated Candy Land board of `spaces` spaces (seed 1, as `benches/scale.rs`), in `dir`.
pub fn generated(dir: &Path, spaces: usize) -> PathBuf {
    let path = dir.join(format!("g{spaces}.toml"));
    let out = candyland()
        .args(["generate", "--spaces", &spaces.to_string(), "--seed", "1"])
        .arg("--out")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    path
}

/// Runs `candyland ARGS` under `sh -c 'ulimit -v KB; exec ...'`: (exit code, stdout, stderr).
pub(super) fn under_ulimit_v(kb: u64, args: &[&str], dir: &Path) -> (Option<i32>, String, String) {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_candyland"))
        .args(args)
        .current_dir(dir)
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_of_one_game_of_100000_turns_ends_within_its_budget() {
    // One game of 10^5 turns makes every rule set's exact distribution 10^5 turn-steps long:
    // the search once ran 180 s past a 60 s budget with nothing printed, and `--budget 5` was
    // still running at 100 s. Now it is refused (or stopped) within 1.5 x the budget, exit 2,
    // naming the flag that would allow it.
    let started = Instant::now();
    let out = candyland()
        .args(["--budget", "10", "check", "-"])
        .write_stdin("100000\n")
        .output()
        .unwrap();
    let took = started.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--budget"), "{err}");
    assert!(took < Duration::from_secs(15), "took {took:?}: {err}");
}

#[test]
fn work_that_outruns_its_estimate_is_stopped_at_the_budget_with_exit_2() {
    // CANDYLAND_SLOWDOWN below 1 makes every estimate from the tuned rates that many times too
    // optimistic: a million-space board's chain and moments (seconds of work) are accepted
    // under a budget of half a second, and only the budget's watch can stop them. Before the
    // watch, the run went on to the end and exited 0.
    let dir = tempfile::tempdir().unwrap();
    let board = generated(dir.path(), 1_000_000);
    let started = Instant::now();
    let out = candyland()
        .env("CANDYLAND_SLOWDOWN", "1e-6")
        .args(["--budget", "0.5", "analyze", "--moments-only"])
        .arg(&board)
        .output()
        .unwrap();
    let took = started.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("stopped at the budget of 500 ms"), "{err}");
    assert!(err.contains("run with --budget"), "{err}");
    // Nothing half-done is printed.
    assert!(out.stdout.is_empty());
    // The watch acts within a quarter of a second of the budget (some slack for a busy
    // machine's scheduling and the process's start).
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn a_process_memory_limit_is_an_exit_2_message_not_an_abort() {
    // Under `ulimit -v` (400 MB of address space) the chain of a million-space board (36
    // million transitions, about 260 MB, with the process's own threads and libraries) does
    // not fit: the estimate counts the limit and refuses, where it used to count only the
    // machine's free memory and the allocation aborted the run (SIGABRT).
    let dir = tempfile::tempdir().unwrap();
    let board = generated(dir.path(), 1_000_000);
    let board = board.to_str().unwrap();
    let (code, out, err) =
        under_ulimit_v(400_000, &["analyze", "--moments-only", board], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("ulimit -v"), "{err}");
    assert!(out.is_empty());
    // The same limit leaves the classic board alone.
    let (code, out, err) = under_ulimit_v(
        400_000,
        &["analyze", "--moments-only", "clark-program"],
        dir.path(),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("expected turns"), "{out}");
}

#[test]
fn a_json_lengths_file_is_read_in_about_its_own_size_of_memory() {
    // Six million lengths as a JSON array (18 MB): read through JSON values first, it took
    // about 38 bytes of memory per byte of input (680 MB), more than a 500 MB address space
    // leaves; read element by element into 4-byte lengths it fits, and the summary is
    // the file's (half of the games 30 turns, half 31: mean 30.5).
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("[");
    for i in 0..6_000_000u32 {
        if i > 0 {
            text.push(',');
        }
        text.push_str(if i % 2 == 0 { "30" } else { "31" });
    }
    text.push(']');
    std::fs::write(dir.path().join("lengths.json"), &text).unwrap();
    let (code, out, err) = under_ulimit_v(
        500_000,
        &["check", "lengths.json", "--no-rank", "--json"],
        dir.path(),
    );
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["sample"]["games"], 6_000_000, "{out}");
    assert_eq!(json["sample"]["mean"], 30.5, "{out}");
}

/// The figure of "would take about N s" in a refusal.
fn refused_seconds(err: &str) -> f64 {
    let rest = err
        .split("would take about ")
        .nth(1)
        .unwrap_or_else(|| panic!("{err}"));
    let (number, unit) = rest.split_once(' ').unwrap();
    assert!(unit.starts_with("s "), "{err}");
    number.parse().unwrap()
}

/// The run's estimated peak bytes, from the line `CANDYLAND_ESTIMATE=1` prints.
fn estimated_bytes(err: &str) -> f64 {
    let line = err.lines().find(|l| l.starts_with("estimate: ")).unwrap();
    line.split(", ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn the_sparse_lus_estimate_is_its_fill_within_a_factor_of_2() {
    // The first passage to the licorice with two players of `clark-program` is solved on the
    // product chain (34,201 states, many cycles) by sparse LU: about 11 s of processor time and
    // 1.4 GB at the peak, measured with `candyland --budget 300 passage -p 2 --to licorice
    // clark-program` and /usr/bin/time. The estimate from how far its moves reach said 119 s and
    // 11.5 GB, and refused it under the default budget; from the bound on the factors'
    // structure it is within a factor of 2 both ways. (On an idle machine's rates, with a
    // budget that refuses the solve once estimated, so that nothing is factored.)
    let out = candyland()
        .env("CANDYLAND_SLOWDOWN", "1")
        .env("CANDYLAND_ESTIMATE", "1")
        .args(["--budget", "5", "passage", "-p", "2", "--to", "licorice"])
        .args(["--moments-only", "clark-program"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("by sparse LU"), "{err}");
    let seconds = refused_seconds(&err);
    assert!((5.5..=22.0).contains(&seconds), "{seconds} s: {err}");
    let bytes = estimated_bytes(&err);
    assert!((0.7e9..=2.9e9).contains(&bytes), "{bytes} bytes: {err}");
}

#[test]
fn a_report_too_big_for_its_budget_is_refused_before_any_of_its_work() {
    // On a 10^5-space board the report's parts before the exact fraction are estimated at 13 to
    // 26 s (the distribution alone 10 to 19 s, by the machine's load) and the fraction's probe at
    // 13 to 22 s more (measured with CANDYLAND_ESTIMATE=1 at load 1 to 5), so the whole is 2.6x
    // to 4.8x a budget of 10 s: refused whatever the load. (At --budget 30 the whole was only
    // 1.3x the budget, and a quiet moment could accept it.) Its parts used to be estimated one
    // by one as the work reached them: the what-if table's edited boards were built and solved
    // (seconds of work) before the distribution was refused. Now every part is estimated first:
    // the board's own chain is the only one built.
    let dir = tempfile::tempdir().unwrap();
    let board = generated(dir.path(), 100_000);
    let out = candyland()
        .env("CANDYLAND_ESTIMATE", "1")
        .args(["--budget", "10", "report", "--games", "100"])
        .arg(&board)
        .arg("--out")
        .arg(dir.path().join("report"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("run with --budget"), "{err}");
    // The ledger of accepted estimates: the what-if table's chains estimated, not built.
    assert!(err.contains("what-if table's"), "{err}");
    let built = err.matches("building this board's chain").count();
    assert_eq!(built, 1, "{err}");
    assert!(!dir.path().join("report").exists());
}

#[test]
fn the_sweeps_estimate_of_a_product_chain_is_its_time_within_a_factor_of_2() {
    // Three players on the slow race of 26 squares (the fixture of 17 with 26): the product
    // chain has 52,728 states, 2,028 of them targets of moves back, and a dense 2,028 x 2,028
    // system that its five solves share. Measured: 5.5 s for the whole run (`candyland players
    // slow-race-26.toml --players 3 --games 1 --budget 3000` under /usr/bin/time, release
    // build). The estimate used to count k^3 for each solve at the sparse sweep's rate: 2
    // minutes, which refused a second's work on a busy machine. On an idle machine's rates,
    // with a budget that refuses it, so that nothing is solved.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/slow-race-17.toml"
    ))
    .unwrap()
    .replace("squares = 17", "squares = 26")
    .replace("slow-race-17", "slow-race-26");
    let board = dir.path().join("slow-race-26.toml");
    std::fs::write(&board, text).unwrap();
    let out = candyland()
        .env("CANDYLAND_SLOWDOWN", "1")
        .args([
            "players",
            "--players",
            "3",
            "--games",
            "1",
            "--budget",
            "5",
            "--json",
        ])
        .arg(&board)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let why = v["rows"][0]["exact"]["why_bounds"]
        .as_str()
        .unwrap_or_else(|| panic!("no why_bounds: {v}"));
    assert!(why.contains("52,728 states, 2,028 of them"), "{why}");
    let seconds = refused_seconds(why);
    assert!((2.75..=11.0).contains(&seconds), "{seconds} s: {why}");
}
