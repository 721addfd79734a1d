//! Hostile input: board names that are paths or escape codes, boards whose chances are
//! astronomically small, absurd counts, outputs and inputs that are not regular files,
//! interrupted runs and a full disk. Each case either gets a correct answer or exits 2 with a
//! message, never panics, writes nothing outside the output folder and leaves no temporary.

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use candyland::internals::output::folder::folder_name;

use crate::common::{candyland, dir_with};

/// The same board with `segments` red shortcuts back to 0: escaping the loop takes
/// `segments` blue cards in a row, a chance of 1e-6^segments.
pub(super) fn long_loop(segments: usize) -> String {
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
pub(super) fn run(args: &[&str], dir: &Path) -> (i32, String, String) {
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
pub(super) fn temporaries(dir: &Path) -> Vec<std::path::PathBuf> {
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
    crate::shared_signals::give_children_default_signals();
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
    for b in candyland::internals::games::shipped::SHIPPED.iter() {
        assert!(
            candyland::internals::results::exercise::exercise(b.text.as_bytes()),
            "{}",
            b.name
        );
    }
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    for (folder, valid) in [("valid", true), ("invalid", false)] {
        for entry in std::fs::read_dir(Path::new(fixtures).join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if let Ok(bytes) = std::fs::read(&path) {
                let ok = candyland::internals::results::exercise::exercise(&bytes);
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
    // 200,000 squares with 20,000 chained chutes and ladders: a dense n x k solve of tens of GB
    // for the sweep, over a minute for the sparse LU; its backward moves are rare enough for
    // Gauss-Seidel (139 passes a solve), so its moments are answered (below).
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
    // Simulating jumps.toml needs only its chain and the table (a few MB), not the solve, and
    // its moments a second of Gauss-Seidel: they are answered (below), not refused. (Its
    // distribution, 32,555 turn-steps, takes 13 s: left out here.)
    for (board, says) in [("faces.toml", "of memory"), ("jumps.toml", "of memory")] {
        for command in [
            "analyze", "spaces", "simulate", "forever", "whatif", "report",
        ] {
            if board == "jumps.toml" && ["simulate", "analyze"].contains(&command) {
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
    let (code, out, err) = run(&["analyze", "jumps.toml", "--moments-only"], dir.path());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("expected turns"), "{out}");
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
