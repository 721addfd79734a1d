//! Hostile input: board names that are paths or escape codes, boards whose chances are
//! astronomically small, absurd counts, outputs and inputs that are not regular files,
//! interrupted runs and a full disk. Each case either gets a correct answer or exits 2 with a
//! message, never panics, writes nothing outside the output folder and leaves no temporary.

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use candyland::chain::Chain;
use candyland::chain::Counts;
use candyland::output::folder::folder_name;
use candyland::solve::{solve_f64, solve_state_exact, SolveFailure, Sweep};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use proptest::prelude::*;

use crate::common::{candyland, dir_with, game};

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

/// The same board with `segments` red shortcuts back to 0: escaping the loop takes
/// `segments` blue cards in a row, a chance of 1e-6^segments.
fn long_loop(segments: usize) -> String {
    let spaces: Vec<&str> = (0..=2 * segments)
        .map(|i| if i % 2 == 0 { "\"blue\"" } else { "\"red\"" })
        .collect();
    let shortcuts: Vec<String> = (0..segments)
        .map(|i| format!("{{ from = {}, to = 0 }}", 2 * i + 1))
        .collect();
    format!(
        "name = \"loop-{segments}\"\n[board]\nspaces = [{}]\nshortcuts = [{}]\n[deck.single]\nred = 999999\nblue = 1\n",
        spaces.join(", "),
        shortcuts.join(", ")
    )
}

/// Runs the binary; returns (exit code, stdout, stderr) after checking it did not panic.
fn run(args: &[&str], dir: &Path) -> (i32, String, String) {
    let out = candyland().args(args).current_dir(dir).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    let code = out.status.code().expect("exited, not killed");
    (
        code,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
    )
}

/// Every `.tmp` file under `dir`.
fn temporaries(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(".tmp") {
                found.push(p);
            }
        }
    }
    found
}

#[test]
fn report_folders_are_named_by_a_strict_rule_never_by_a_path() {
    assert_eq!(folder_name("classic"), "classic");
    assert_eq!(folder_name("../../etc"), "_.-..-etc");
    assert_eq!(folder_name(".."), "_.");
    assert_eq!(folder_name("/tmp/x"), "-tmp-x");
    assert_eq!(folder_name("a\nb\u{1b}[2J"), "a-b--2J");
    assert_eq!(folder_name(""), "board");
    assert_eq!(folder_name("名前"), "board");
    assert_eq!(folder_name(&"x".repeat(1000)).len(), 64);
    for hostile in ["../../../../tmp/a", "/abs", "..", ".", "a/../../b"] {
        let f = folder_name(hostile);
        assert_eq!(Path::new(&f).components().count(), 1, "{hostile} -> {f}");
        assert!(!f.starts_with('.') && !f.contains('/'), "{hostile} -> {f}");
    }

    // End to end: a traversal name and an absolute name write inside reports/ only.
    let tag = std::process::id();
    let escape = format!("/tmp/candyland-escape-{tag}");
    let absolute = format!("/tmp/candyland-absolute-{tag}");
    for name in [format!("../../../../../../..{escape}"), absolute.clone()] {
        let board = format!(
            "name = \"{name}\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n"
        );
        let (dir, _) = dir_with(&[("board.toml", &board)]);
        let args = [
            "report",
            "board.toml",
            "--games",
            "1000",
            "--format",
            "svg",
            "--size",
            "480x320",
        ];
        let (code, out, err) = run(&args, dir.path());
        assert_eq!(code, 0, "{err}");
        let folder = dir.path().join("reports").join(folder_name(&name));
        assert!(folder.join("report.md").is_file(), "{out}");
        assert!(!Path::new(&escape).exists() && !Path::new(&absolute).exists());
        let entries: Vec<_> = std::fs::read_dir(dir.path().join("reports"))
            .unwrap()
            .collect();
        assert_eq!(entries.len(), 1, "one folder, inside reports/");
    }
}

#[test]
fn control_characters_never_reach_the_terminal_raw() {
    let (dir, _) = dir_with(&[
        (
            "escape-name.toml",
            "name = \"evil\\u001b]0;pwned\\u0007\"\n[board]\nspaces = [\"red\"]\n[deck.single]\nred = 1\n",
        ),
        (
            "newline-name.toml",
            "name = \"two\\nlines\"\n[board]\nspaces = [\"red\"]\n[deck.single]\nred = 1\n",
        ),
        (
            "escape-description.toml",
            "name = \"ok\"\ndescription = \"clear \\u001b[2J screen\"\n[board]\nspaces = [\"red\"]\n[deck.single]\nred = 1\n",
        ),
    ]);
    let (code, _, err) = run(&["analyze", "escape-name.toml"], dir.path());
    assert_eq!(code, 2);
    assert!(
        err.contains("name: contains the control character U+001B"),
        "{err}"
    );
    let (code, _, err) = run(&["analyze", "newline-name.toml"], dir.path());
    assert_eq!(code, 2);
    assert!(err.contains("U+000A; use plain text on one line"), "{err}");
    // A description is checked like a name (it lands in report.md and report.html).
    let (code, out, err) = run(&["analyze", "escape-description.toml"], dir.path());
    assert_eq!(code, 2);
    assert!(
        err.contains("description: contains the control character U+001B"),
        "{err}"
    );
    // A path with an escape code in a message is escaped too.
    let (code, _, err) = run(&["analyze", "no-such-\u{1b}[31m.toml"], dir.path());
    assert_eq!(code, 2);
    assert!(err.contains("no-such-\\u001b[31m.toml"), "{err}");
    for text in [&out, &err] {
        assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'));
    }
}

#[test]
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
    let exact = candyland::solve::exact_expected_turns(&Chain::build(&g)).unwrap();
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

#[test]
fn outputs_that_are_not_regular_files_are_refused_and_links_replaced() {
    let (dir, _) = dir_with(&[("real.txt", "old")]);
    let d = dir.path();
    let fifo = d.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    std::os::unix::fs::symlink("/dev/null", d.join("null-link")).unwrap();
    std::os::unix::fs::symlink(d.join("real.txt"), d.join("real-link")).unwrap();
    std::fs::create_dir(d.join("a-dir")).unwrap();
    for target in ["fifo", "a-dir"] {
        let (code, _, err) = run(&["simulate", "--games", "100", "--lengths", target], d);
        assert_eq!(code, 2, "{target}: {err}");
        assert!(err.contains("--lengths"), "{err}");
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    // A symlink is replaced by the file, never followed: /dev/null stays a device, the file a
    // link pointed to keeps its text.
    for link in ["null-link", "real-link"] {
        let (code, _, err) = run(&["simulate", "--games", "100", "--lengths", link], d);
        assert_eq!(code, 0, "{err}");
        let m = std::fs::symlink_metadata(d.join(link)).unwrap();
        assert!(m.is_file(), "{link} is still a link");
        assert_eq!(
            std::fs::read_to_string(d.join(link))
                .unwrap()
                .lines()
                .count(),
            100
        );
    }
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    assert_eq!(std::fs::read_to_string(d.join("real.txt")).unwrap(), "old");
    assert!(temporaries(d).is_empty());
}

#[test]
fn inputs_that_are_not_regular_files_or_too_big_are_refused_quoting_little() {
    let (dir, _) = dir_with(&[]);
    let d = dir.path();
    let fifo = d.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (code, _, err) = run(&["analyze", "/dev/zero"], d);
    assert_eq!(code, 2);
    assert!(err.contains("/dev/zero: is not a regular file"), "{err}");
    // A FIFO with no writer: refused, not waited on.
    let (code, _, err) = run(&["check", "fifo"], d);
    assert_eq!(code, 2);
    assert!(err.contains("not a regular file"), "{err}");
    let (code, _, err) = run(&["analyze", "fifo"], d);
    assert_eq!(code, 2, "{err}");
    // A 20 MB line in a lengths file and in a board file: the message quotes a few dozen
    // characters of it.
    let long = format!("{}x\n", "1".repeat(20 << 20));
    std::fs::write(d.join("lengths.txt"), &long).unwrap();
    std::fs::write(d.join("board.toml"), format!("name = {long}")).unwrap();
    for args in [["check", "lengths.txt"], ["analyze", "board.toml"]] {
        let (code, _, err) = run(&args, d);
        assert_eq!(code, 2, "{err}");
        assert!(err.len() < 2000, "{args:?}: {} bytes of message", err.len());
    }
}

/// Waits until `dir` holds a temporary file (the run has opened its outputs).
fn wait_for_temporaries(dir: &Path) {
    let started = Instant::now();
    while temporaries(dir).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no temporary appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn long_report(out: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_candyland"))
        .args([
            "report", "--all", "--games", "50000000", "--budget", "100000", "--out",
        ])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

#[test]
fn an_interrupted_report_leaves_no_temporary_files() {
    let (dir, _) = dir_with(&[]);
    let out = dir.path().join("reports");
    crate::shared::give_children_default_signals();
    // 128 + the signal's number, as a shell reports a run the signal ended.
    for (signal, code) in [("-TERM", 143), ("-INT", 130)] {
        let mut child = long_report(&out);
        wait_for_temporaries(&out);
        let pid = child.id().to_string();
        assert!(Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap()
            .success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "{signal}");
        assert!(
            temporaries(&out).is_empty(),
            "{signal}: {:?}",
            temporaries(&out)
        );
        assert!(!out.join("candy-land-1984").join("report.md").exists());
    }
    // SIGKILL cannot be caught: the temporaries stay, and the next run removes them.
    let mut child = long_report(&out);
    wait_for_temporaries(&out);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!temporaries(&out).is_empty());
    let args = ["report", "--all", "--games", "1000", "--mc", "1000"];
    let (code, _, err) = run(
        &[&args[..], &["--out", out.to_str().unwrap()]].concat(),
        dir.path(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(temporaries(&out).is_empty(), "{:?}", temporaries(&out));
    assert!(out.join("candy-land-1984").join("report.md").is_file());
}

/// Runs the binary with files limited to `blocks` 512-byte blocks, as on a full disk (SIGXFSZ
/// ignored, so a write past the limit fails with an error instead of killing the process).
fn with_small_disk(args: &str, dir: &Path, blocks: u32) -> (i32, String) {
    let bin = env!("CARGO_BIN_EXE_candyland");
    let script = format!("trap '' XFSZ; ulimit -f {blocks}; exec '{bin}' {args}");
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{err}");
    (out.status.code().unwrap_or(-1), err)
}

#[test]
fn a_full_disk_leaves_no_temporary_and_the_old_files_as_they_were() {
    let (dir, _) = dir_with(&[("lengths.txt", "old")]);
    let d = dir.path();
    let (code, err) = with_small_disk("simulate --games 20000 --lengths lengths.txt", d, 8);
    assert_ne!(code, 0);
    assert!(
        err.contains("could not write") && err.contains("lengths.txt"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("lengths.txt")).unwrap(),
        "old"
    );
    // A report: every file is written before any is renamed, so the folder keeps the old set.
    std::fs::create_dir(d.join("r")).unwrap();
    std::fs::write(d.join("r").join("report.md"), "old").unwrap();
    let tiny = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/tiny.toml"
    );
    let (code, err) = with_small_disk(&format!("report '{tiny}' --games 1000 --out r"), d, 8);
    assert_ne!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("r").join("report.md")).unwrap(),
        "old"
    );
    assert!(temporaries(d).is_empty(), "{:?}", temporaries(d));
}

#[test]
fn whatif_rows_say_why_an_edit_has_no_figure() {
    // Only landmark cards: without landmarks the deck is empty, an invalid board. Landing on
    // the last space wins, so the board itself ends in one turn.
    let board = "name = \"landmarks only\"\n[board]\nspaces = [\"red\", \"Plumpy\"]\n[deck.landmark]\nPlumpy = 1\n[rules]\nland-on-last-wins = true\n";
    let (dir, _) = dir_with(&[("b.toml", board)]);
    let (code, out, err) = run(&["whatif", "b.toml", "--json"], dir.path());
    assert_eq!(code, 0, "{err}");
    let w: serde_json::Value = serde_json::from_str(&out).unwrap();
    let row = &w["by_kind"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["change"] == "without landmarks")
        .expect("the failed whole-kind edit is listed")
        .clone();
    assert!(row["mean"].is_null());
    let why = row["unsolved"].as_str().unwrap();
    assert!(
        why.contains("the edited board is invalid") && why.contains("deck"),
        "{why}"
    );
    let (_, table, _) = run(&["whatif", "b.toml"], dir.path());
    assert!(table.contains("(the edited board is invalid"), "{table}");
}

#[test]
fn the_fuzz_seed_corpus_passes_the_fuzz_target() {
    // What fuzz/run starts from: every shipped board runs through the whole pipeline and its
    // checks; every invalid fixture is turned away without a panic.
    for b in candyland::games::shipped::SHIPPED.iter() {
        assert!(
            candyland::results::exercise::exercise(b.text.as_bytes()),
            "{}",
            b.name
        );
    }
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    for (folder, valid) in [("valid", true), ("invalid", false)] {
        for entry in std::fs::read_dir(Path::new(fixtures).join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if let Ok(bytes) = std::fs::read(&path) {
                let ok = candyland::results::exercise::exercise(&bytes);
                assert_eq!(ok, valid, "{}", path.display());
            }
        }
    }
}

#[test]
fn huge_valid_boards_get_an_answer_or_an_estimate_at_once() {
    // 100,000 spinner faces on 1,000,000 squares: 1e11 transitions, terabytes of table.
    let faces: Vec<String> = (1..=100_000).map(|f| f.to_string()).collect();
    let faces = format!(
        "game = \"chutes-and-ladders\"\nname = \"faces\"\n[board]\nsquares = 1000000\n[spinner]\nfaces = [{}]\n",
        faces.join(", ")
    );
    // 200,000 squares with 20,000 chained chutes and ladders: a dense n x k solve of tens of GB.
    let mut ladders = Vec::new();
    let mut chutes = Vec::new();
    for i in 0..20_000u64 {
        let from = 2 + i * 9;
        let to = 1 + (i * 7_919 + 13) % 199_990;
        if to > from {
            ladders.push(format!("{{ from = {from}, to = {to} }}"));
        } else if to < from {
            chutes.push(format!("{{ from = {from}, to = {to} }}"));
        }
    }
    let jumps = format!(
        "game = \"chutes-and-ladders\"\nname = \"jumps\"\n[board]\nsquares = 200000\nladders = [{}]\nchutes = [{}]\n[spinner]\nfaces = [1, 2, 3, 4, 5, 6]\n[rules]\nchain-jumps = true\novershoot = \"win\"\n",
        ladders.join(", "),
        chutes.join(", ")
    );
    let (dir, _) = dir_with(&[("faces.toml", &faces), ("jumps.toml", &jumps)]);
    // Simulating jumps.toml needs only its chain and the table (a few MB), not the solve: it
    // is answered (below), not refused.
    for (board, says) in [("faces.toml", "of memory"), ("jumps.toml", "of memory")] {
        for command in ["analyze", "spaces", "simulate", "forever", "report"] {
            if board == "jumps.toml" && command == "simulate" {
                continue;
            }
            let mut args = vec![command, board];
            if command == "report" {
                args.extend(["--out", "r"]);
            }
            let (code, _, err) = run(&args, dir.path());
            assert_eq!(code, 2, "{command} {board}: {err}");
            assert!(
                err.contains(says) || err.contains("--budget"),
                "{command} {board}: {err}"
            );
        }
    }
    let (code, out, err) = run(&["simulate", "jumps.toml", "--games", "1000"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mean turns"), "{out}");
    // A 20,000-space Candy Land board: the moments in a moment, and the per-space figures too
    // (one set of sweeps, not a solve per space); with a budget too small even for that, the
    // command is refused with its cost.
    let (code, big, _) = run(
        &["generate", "--spaces", "20000", "--seed", "1"],
        dir.path(),
    );
    assert_eq!(code, 0);
    std::fs::write(dir.path().join("big.toml"), big).unwrap();
    let (code, out, err) = run(&["analyze", "big.toml", "--moments-only"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("expected turns"), "{out}");
    let (code, out, err) = run(&["spaces", "big.toml"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("19999"), "{out}");
    let (code, _, err) = run(&["--budget", "0.0001", "spaces", "big.toml"], dir.path());
    assert_eq!(code, 2);
    assert!(
        err.contains("would take") && err.contains("--budget"),
        "{err}"
    );
}
