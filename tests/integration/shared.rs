//! Shared folders and hostile text: what a run writes stays inside its output, whatever was
//! planted there (a symbolic or hard link, another run writing at the same time, an earlier
//! report), no output replaces an input, a bad output path fails before any work, every
//! catchable signal removes the temporaries, and no board text reaches a terminal, a Markdown
//! page or a spreadsheet as anything but text.
//!
//! Every test here runs the binary as a user would. Set `CANDYLAND_TEST_BIN` to the path of
//! another build of `candyland` to run them against it (against a build from before these
//! guarantees, each fails).

use std::collections::BTreeMap;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::dir_with;

/// The binary under test.
pub(super) fn bin() -> Command {
    match std::env::var_os("CANDYLAND_TEST_BIN") {
        Some(path) => Command::new(path),
        None => {
            let mut c = Command::new(env!("CARGO_BIN_EXE_candyland"));
            c.env_remove("COLUMNS");
            c
        }
    }
}

/// Runs the binary in `dir`: (exit code, stdout, stderr), after checking it did not panic.
pub(super) fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).current_dir(dir).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        err,
    )
}

/// Every file under `dir` whose name ends in `.tmp` (the tool's temporaries).
pub(super) fn temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(".tmp") {
                found.push(p);
            }
        }
    }
    found
}

/// A file outside the output folder that a planted link points to: its bytes and mode.
struct Victim {
    path: PathBuf,
    bytes: Vec<u8>,
    mode: u32,
}

impl Victim {
    fn new(dir: &Path, name: &str) -> Victim {
        let path = dir.join(name);
        let bytes = format!("the victim's own text: {name}\n").into_bytes();
        std::fs::write(&path, &bytes).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        Victim {
            path,
            bytes,
            mode: 0o600,
        }
    }

    fn assert_untouched(&self, what: &str) {
        assert_eq!(
            std::fs::read(&self.path).unwrap(),
            self.bytes,
            "{what}: the victim's bytes changed"
        );
        let mode = std::fs::metadata(&self.path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, self.mode, "{what}: the victim's mode changed");
    }
}

/// The output path is a regular file of its own now (the link replaced, not followed).
fn assert_replaced(path: &Path, victim: &Victim, what: &str) {
    let m = std::fs::symlink_metadata(path).unwrap();
    assert!(
        m.is_file(),
        "{what}: {} is not a regular file",
        path.display()
    );
    assert_eq!(m.nlink(), 1, "{what}: still a hard link");
    assert_ne!(
        m.ino(),
        std::fs::metadata(&victim.path).unwrap().ino(),
        "{what}"
    );
}

#[test]
fn planted_symbolic_and_hard_links_are_replaced_never_followed() {
    let (dir, _) = dir_with(&[]);
    let d = dir.path();
    let elsewhere = d.join("elsewhere");
    let out = d.join("out");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::create_dir_all(&out).unwrap();

    // report: a symlink at report.md, a hard link at summary.json.
    let md_victim = Victim::new(&elsewhere, "report-victim.txt");
    let json_victim = Victim::new(&elsewhere, "summary-victim.txt");
    std::os::unix::fs::symlink("../elsewhere/report-victim.txt", out.join("report.md")).unwrap();
    // An earlier report.html of the user's, readable by the owner only: the new one keeps that.
    std::fs::write(out.join("report.html"), "old page").unwrap();
    std::fs::set_permissions(
        out.join("report.html"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    std::fs::hard_link(&json_victim.path, out.join("summary.json")).unwrap();
    let (code, _, err) = run_in(
        d,
        &[
            "report", "treats", "-o", "out", "--games", "1000", "--format", "svg", "--size",
            "480x320",
        ],
    );
    assert!(code == 0 || code == 2, "{err}");
    md_victim.assert_untouched("report.md");
    json_victim.assert_untouched("summary.json");
    if code == 0 {
        assert_replaced(&out.join("report.md"), &md_victim, "report.md");
        assert_replaced(&out.join("summary.json"), &json_victim, "summary.json");
        let md = std::fs::read_to_string(out.join("report.md")).unwrap();
        assert!(md.starts_with("# Report: treats"), "{md}");
        let page = std::fs::metadata(out.join("report.html")).unwrap();
        assert_eq!(
            page.permissions().mode() & 0o777,
            0o600,
            "report.html's mode"
        );
    }

    // Each command's own output: a symlink and a hard link at the path it writes.
    let cases: [(&str, &[&str]); 4] = [
        ("lengths.txt", &["simulate", "--games", "100", "--lengths"]),
        ("board.toml", &["generate", "--spaces", "20", "-o"]),
        (
            "chart.svg",
            &["play", "clark-program", "--seed", "4", "--odds", "--chart"],
        ),
        (
            "witness.txt",
            &["forever", "clark-program", "--orders", "200", "--witness"],
        ),
    ];
    for (name, args) in cases {
        for link in ["symlink", "hard link"] {
            let victim = Victim::new(&elsewhere, &format!("{name}-{link}-victim"));
            let target = out.join(name);
            let _ = std::fs::remove_file(&target);
            if link == "symlink" {
                std::os::unix::fs::symlink(&victim.path, &target).unwrap();
            } else {
                std::fs::hard_link(&victim.path, &target).unwrap();
            }
            let target_arg = format!("out/{name}");
            let args: Vec<&str> = args.iter().copied().chain([target_arg.as_str()]).collect();
            let (code, _, err) = run_in(d, &args);
            let what = format!("{} onto a {link}", args[0]);
            assert!(code == 0 || code == 2, "{what}: {err}");
            victim.assert_untouched(&what);
            if code == 0 {
                assert_replaced(&target, &victim, &what);
            }
        }
    }
    // A link planted where `report` names the folder itself (`reports/classic`) is refused,
    // not followed.
    let victim_folder = elsewhere.join("victim-folder");
    std::fs::create_dir(&victim_folder).unwrap();
    std::fs::create_dir(d.join("reports")).unwrap();
    std::os::unix::fs::symlink(&victim_folder, d.join("reports").join("clark-program")).unwrap();
    let (code, _, err) = run_in(d, &["report", "clark-program", "--games", "1000"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--out") && err.contains("symbolic link"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(&victim_folder).unwrap().count(), 0);
    // A dangling link to a place outside: nothing is created there.
    let outside = elsewhere.join("created-through-a-link.txt");
    let _ = std::fs::remove_file(out.join("lengths.txt"));
    std::os::unix::fs::symlink(&outside, out.join("lengths.txt")).unwrap();
    let (code, _, err) = run_in(
        d,
        &["simulate", "--games", "100", "--lengths", "out/lengths.txt"],
    );
    assert!(code == 0 || code == 2, "{err}");
    assert!(!outside.exists(), "a dangling link was followed");
    assert!(temporaries(d).is_empty(), "{:?}", temporaries(d));
}

/// Report files of `dir` by name, with their bytes.
fn files_of(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// (file name, bytes) of the report `args` writes when it has the folder to itself.
fn solo_report(args: &[&str]) -> BTreeMap<String, Vec<u8>> {
    let (dir, _) = dir_with(&[]);
    let all: Vec<&str> = args.iter().copied().chain(["-o", "solo"]).collect();
    let (code, _, err) = run_in(dir.path(), &all);
    assert_eq!(code, 0, "{err}");
    files_of(&dir.path().join("solo"))
}

/// The board a report folder's summary.json names.
fn board_of(dir: &Path) -> String {
    let s: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("summary.json")).unwrap()).unwrap();
    s["board"].as_str().unwrap().to_string()
}

#[test]
fn concurrent_reports_into_one_folder_leave_one_whole_report() {
    // Two boards, each fast or slow (the slow one simulates 2,000,000 more games for its
    // distribution chart), so that each finishes last in some round.
    let common = ["--games", "1000", "--format", "svg", "--size", "480x320"];
    let config = |board: &'static str, slow: bool| -> Vec<&'static str> {
        let mut a = vec!["report", board];
        a.extend(common);
        if slow {
            a.extend(["--mc", "2000000"]);
        }
        a
    };
    let configs = [
        config("clark-program", false),
        config("clark-program", true),
        config("chutes-and-ladders", false),
        config("chutes-and-ladders", true),
    ];
    let solo: Vec<BTreeMap<String, Vec<u8>>> = configs.iter().map(|c| solo_report(c)).collect();
    // Rounds: (configs started together, in this order).
    let rounds: [&[usize]; 4] = [
        &[1, 2],             // classic slow, chutes fast: classic ends last
        &[0, 3],             // classic fast, chutes slow: chutes ends last
        &[0, 2, 0, 2, 0, 2], // six at once, ending close together
        &[2, 0, 2, 0, 2, 0],
    ];
    // The folder has the solo runs' name: a report quotes its command line, `-o` included.
    let (dir, _) = dir_with(&[]);
    let shared = dir.path().join("solo");
    for (round, started) in rounds.iter().enumerate() {
        let children: Vec<(usize, Child)> = started
            .iter()
            .map(|&c| {
                let child = bin()
                    .current_dir(dir.path())
                    .args(&configs[c])
                    .args(["-o", "solo"])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap();
                (c, child)
            })
            .collect();
        for (c, mut child) in children {
            assert!(
                child.wait().unwrap().success(),
                "round {round}: {:?}",
                configs[c]
            );
        }
        // The folder holds exactly the files of one of the runs, byte for byte.
        let found = files_of(&shared);
        let board = board_of(&shared);
        let whole = started
            .iter()
            .any(|&c| configs[c][1] == board && solo[c] == found);
        let names: Vec<&String> = found.keys().collect();
        assert!(
            whole,
            "round {round}: the folder is not one whole report of {board}: {names:?}"
        );
        assert!(temporaries(&shared).is_empty());
    }
}

#[test]
fn a_reused_report_folder_keeps_no_file_of_the_earlier_report_and_no_user_file_is_lost() {
    let (dir, _) = dir_with(&[]);
    let d = dir.path();
    let args = |board: &'static str, format: &'static str| {
        vec![
            "report", board, "-o", "out", "--games", "1000", "--format", format, "--size",
            "480x320",
        ]
    };
    assert_eq!(run_in(d, &args("clark-program", "svg")).0, 0);
    assert!(d.join("out/deck.svg").is_file());
    std::fs::write(d.join("out/notes.txt"), "mine").unwrap();
    std::fs::write(d.join("out/deck.png"), "mine too: no report listed it").unwrap();
    // Chutes and Ladders has no deck: no deck chart, and classic's must go.
    assert_eq!(run_in(d, &args("chutes-and-ladders", "svg")).0, 0);
    assert!(!d.join("out/deck.svg").exists(), "a stale deck.svg stayed");
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("out/summary.json")).unwrap()).unwrap();
    let listed: Vec<&str> = summary["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    let present: Vec<String> = files_of(&d.join("out")).into_keys().collect();
    for name in &present {
        assert!(
            listed.contains(&name.as_str()) || name == "notes.txt" || name == "deck.png",
            "{name} is neither this report's nor the user's"
        );
    }
    // The user's files stay.
    assert_eq!(
        std::fs::read_to_string(d.join("out/notes.txt")).unwrap(),
        "mine"
    );
    assert!(d.join("out/deck.png").is_file());
    // SVG then PNG: every chart of the earlier format goes.
    assert_eq!(run_in(d, &args("chutes-and-ladders", "png")).0, 0);
    let present: Vec<String> = files_of(&d.join("out")).into_keys().collect();
    assert!(!present.iter().any(|n| n.ends_with(".svg")), "{present:?}");
}

#[test]
fn an_output_that_is_an_input_of_the_same_run_is_refused() {
    let board = crate::shipped_text("clark-program");
    let (dir, _) = dir_with(&[("mine.toml", board), ("order.txt", "red\n")]);
    let d = dir.path();
    std::os::unix::fs::symlink("mine.toml", d.join("link.toml")).unwrap();
    std::fs::hard_link(d.join("mine.toml"), d.join("hard.toml")).unwrap();
    for (board_arg, out) in [
        ("mine.toml", "mine.toml"),
        ("mine.toml", "./mine.toml"),
        ("link.toml", "mine.toml"),
        ("mine.toml", "link.toml"),
        ("mine.toml", "hard.toml"),
    ] {
        let (code, _, err) = run_in(
            d,
            &["simulate", board_arg, "--games", "100", "--lengths", out],
        );
        assert_eq!(code, 2, "{board_arg} -> {out}: {err}");
        assert!(
            err.contains("--lengths") && err.contains("this run reads"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(d.join("mine.toml")).unwrap(), board);
    }
    let (code, _, err) = run_in(
        d,
        &[
            "forever",
            "clark-program",
            "--deck-order",
            "order.txt",
            "--witness",
            "order.txt",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--witness"), "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("order.txt")).unwrap(),
        "red\n"
    );
    assert!(temporaries(d).is_empty());
}

#[test]
fn a_bad_output_path_fails_at_once_naming_its_flag_and_leaves_nothing() {
    let (dir, _) = dir_with(&[("file.txt", "a file")]);
    let d = dir.path();
    let before = files_of(d);
    // (flag, command line): each would work for a long time before writing.
    let cases: Vec<(&str, Vec<&str>)> = vec![
        (
            "--lengths",
            vec!["simulate", "-n", "20000000", "--lengths", "q/"],
        ),
        (
            "--lengths",
            vec!["simulate", "-n", "20000000", "--lengths", "q/."],
        ),
        (
            "--lengths",
            vec!["simulate", "-n", "20000000", "--lengths", "file.txt/x"],
        ),
        (
            "--lengths",
            vec!["simulate", "-n", "20000000", "--lengths", "/proc/x.txt"],
        ),
        ("--out", vec!["generate", "--spaces", "1000000", "-o", "q/"]),
        (
            "--witness",
            vec![
                "forever",
                "clark-program",
                "--orders",
                "100000000",
                "--witness",
                "q/",
            ],
        ),
        (
            "--chart",
            vec!["play", "clark-program", "--odds", "--chart", "q/x/"],
        ),
        (
            "--out",
            vec![
                "report",
                "clark-program",
                "--games",
                "100000000",
                "-o",
                "file.txt/a",
            ],
        ),
    ];
    for (flag, args) in cases {
        let started = Instant::now();
        let (code, _, err) = run_in(d, &args);
        let took = started.elapsed();
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?} does not name {flag}: {err}");
        assert!(took < Duration::from_secs(1), "{args:?} took {took:?}");
        assert_eq!(files_of(d), before, "{args:?} left something");
        assert!(!d.join("q").exists(), "{args:?} left q");
    }
    // A report refused after its folder was made (the work is over the budget) leaves no
    // empty folders behind.
    let (code, _, err) = run_in(
        d,
        &[
            "report",
            "clark-program",
            "--games",
            "100000000000",
            "--budget",
            "1",
            "-o",
            "out/a/b/c",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(!d.join("out").exists(), "empty folders left: {err}");
}
