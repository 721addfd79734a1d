//! Budgets against measurement: every command that takes `--budget`, on the generated boards
//! of `benches/scale.rs` (10^3 to 10^6 spaces), run as a user runs it. For each run the
//! command's own estimate of its time and peak memory (what `CANDYLAND_ESTIMATE=1` prints at
//! the end: the sum of the estimates it accepted) is set against the time and peak resident
//! memory measured by `/usr/bin/time -f "%e s %M KB"`, the median of a few runs. A run whose
//! estimate was over the budget is refused at once and shows the estimate alone.
//!
//! `cargo bench --bench budget` prints the table as docs/performance.md quotes it (markdown, sizes with
//! thousands separators; each refusal's message after the table) and fails when a ratio is
//! outside 1/2 to 2. Times are wall-clock on a machine that may be busy: the estimates
//! scale their fixed rates by the share of a core the process gets (`budget::load`). Times and
//! memory under [`FLOOR_SECONDS`] and [`FLOOR_BYTES`] count as agreeing (the start of a
//! process and the resolution of `time`). Environment: `CANDYLAND_BENCH_SIZES` (e.g.
//! "1000,10000"), `CANDYLAND_BENCH_ONLY` (commands, e.g. "spaces,check"),
//! `CANDYLAND_BENCH_REPEATS` (default 3).

use std::path::{Path, PathBuf};
use std::process::Command;

const SIZES: [usize; 4] = [1_000, 10_000, 100_000, 1_000_000];
/// Times both under this agree.
const FLOOR_SECONDS: f64 = 0.1;
/// Memory both under this agrees (the binary and its libraries take about 8 MB).
const FLOOR_BYTES: f64 = 20e6;
/// The budget every run gets: enough for each row to run rather than be refused, except
/// where noted.
const BUDGET: &str = "600";

/// One command line of the table; `{board}`, `{lengths}` and `{out}` are filled in.
struct Case {
    /// The name in the table.
    name: &'static str,
    /// The arguments after `candyland --budget N`.
    args: &'static str,
}

const CASES: &[Case] = &[
    Case {
        name: "analyze",
        args: "analyze {board}",
    },
    Case {
        name: "analyze --moments-only",
        args: "analyze --moments-only {board}",
    },
    Case {
        name: "analyze --exact",
        args: "analyze --exact {board}",
    },
    Case {
        name: "players -n 2000",
        args: "players -n 2000 {board}",
    },
    Case {
        name: "odds",
        args: "odds --at start --at start {board}",
    },
    Case {
        name: "spaces",
        args: "spaces {board}",
    },
    Case {
        name: "whatif",
        args: "whatif {board}",
    },
    Case {
        name: "compare",
        args: "compare {board} {board}",
    },
    Case {
        name: "check (forward landmarks)",
        args: "check {lengths} --board {board} --fix landmark-direction=forward-only",
    },
    Case {
        name: "crosscheck -n 10000",
        args: "crosscheck -n 10000 {board}",
    },
    Case {
        name: "simulate -n 10000",
        args: "simulate -n 10000 {board}",
    },
    Case {
        name: "forever",
        args: "forever {board}",
    },
    Case {
        name: "transitions",
        args: "transitions {board}",
    },
    Case {
        name: "report --games 10000",
        args: "report --games 10000 {board} --out {out}",
    },
];

/// One run: wall seconds and peak bytes measured, and the estimate (None: refused).
struct Run {
    seconds: f64,
    bytes: f64,
    estimate: Option<(f64, f64)>,
    refusal: Option<String>,
}

fn main() {
    let bin = env!("CARGO_BIN_EXE_candyland");
    let sizes: Vec<usize> = std::env::var("CANDYLAND_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| SIZES.to_vec());
    let only: Option<Vec<String>> = std::env::var("CANDYLAND_BENCH_ONLY")
        .ok()
        .map(|s| s.split(',').map(|c| c.trim().to_string()).collect());
    let repeats: usize = std::env::var("CANDYLAND_BENCH_REPEATS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut failures = Vec::new();
    let mut refusals = Vec::new();
    println!("| command | spaces | estimated time | measured time | ratio | estimated memory | peak memory | ratio |");
    println!("|---|---|---|---|---|---|---|---|");
    for &size in &sizes {
        let (board, lengths) = inputs(bin, dir.path(), size);
        for case in CASES {
            if only
                .as_ref()
                .is_some_and(|o| !o.iter().any(|c| case.name.starts_with(c.as_str())))
            {
                continue;
            }
            let out = dir.path().join(format!("report-{size}"));
            let args: Vec<String> = case
                .args
                .replace("{board}", &board.display().to_string())
                .replace("{lengths}", &lengths.display().to_string())
                .replace("{out}", &out.display().to_string())
                .split(' ')
                .map(String::from)
                .collect();
            let runs: Vec<Run> = (0..repeats).map(|_| run(bin, &args)).collect();
            let row = Row::of(&runs);
            println!("{}", row.line(case.name, size));
            if let Some(why) = &row.refusal {
                refusals.push(format!(
                    "{} at {} spaces: {why}",
                    case.name,
                    thousands(size)
                ));
            }
            if let Some(why) = row.failure() {
                failures.push(format!("{} at {size} spaces: {why}", case.name));
            }
        }
    }
    if !refusals.is_empty() {
        println!("\nRefusals:");
        for r in &refusals {
            println!("- {r}");
        }
    }
    println!(
        "\n(load average at the end: {}; {repeats} runs each, medians)",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    if !failures.is_empty() {
        eprintln!("estimates off by more than a factor of 2:");
        for f in &failures {
            eprintln!("  {f}");
        }
        std::process::exit(1);
    }
}

/// The generated board of `size` spaces (seed 1, as `benches/scale.rs`) and 1,000 game
/// lengths simulated on it.
fn inputs(bin: &str, dir: &Path, size: usize) -> (PathBuf, PathBuf) {
    let board = dir.join(format!("g{size}.toml"));
    let lengths = dir.join(format!("g{size}.lengths"));
    let ok = |args: &[&str]| {
        let status = Command::new(bin)
            .args(args)
            .stdout(std::process::Stdio::null())
            .status()
            .expect("candyland runs");
        assert!(status.success(), "{args:?}");
    };
    let size_text = size.to_string();
    let board_text = board.display().to_string();
    ok(&[
        "generate",
        "--spaces",
        &size_text,
        "--seed",
        "1",
        "--out",
        &board_text,
    ]);
    ok(&[
        "--budget",
        "3600",
        "simulate",
        &board_text,
        "-n",
        "1000",
        "--lengths",
        &lengths.display().to_string(),
    ]);
    (board, lengths)
}

/// Runs `candyland --budget BUDGET ARGS` under `/usr/bin/time` with the estimate printed.
fn run(bin: &str, args: &[String]) -> Run {
    let output = Command::new("/usr/bin/time")
        .args(["-f", "time: %e s %M KB", bin, "--budget", BUDGET])
        .args(args)
        .env("CANDYLAND_ESTIMATE", "1")
        .stdout(std::process::Stdio::null())
        .output()
        .expect("/usr/bin/time runs (apt-get install time)");
    let err = String::from_utf8_lossy(&output.stderr);
    let mut run = Run {
        seconds: f64::NAN,
        bytes: f64::NAN,
        estimate: None,
        refusal: None,
    };
    for line in err.lines() {
        if let Some(rest) = line.strip_prefix("time: ") {
            let mut words = rest.split_whitespace();
            run.seconds = words
                .next()
                .and_then(|w| w.parse().ok())
                .unwrap_or(f64::NAN);
            run.bytes = words
                .nth(1)
                .and_then(|w| w.parse::<f64>().ok())
                .map_or(f64::NAN, |kb| kb * 1024.0);
        } else if let Some(rest) = line.strip_prefix("estimate: ") {
            let mut words = rest.split_whitespace();
            let seconds = words.next().and_then(|w| w.parse().ok());
            let bytes = words.nth(1).and_then(|w| w.parse().ok());
            if let (Some(s), Some(b)) = (seconds, bytes) {
                run.estimate = Some((s, b));
            }
        } else if line.starts_with("error:") && line.contains("would") {
            run.refusal = Some(line.trim_start_matches("error: ").to_string());
        }
    }
    if run.refusal.is_none() && !output.status.success() {
        run.refusal = Some(format!(
            "failed ({}): {}",
            output.status,
            err.lines().find(|l| l.starts_with("error")).unwrap_or("")
        ));
    }
    run
}

/// The medians of a case's runs.
struct Row {
    measured: (f64, f64),
    estimated: (f64, f64),
    refusal: Option<String>,
}

impl Row {
    fn of(runs: &[Run]) -> Row {
        let median = |f: &dyn Fn(&Run) -> f64| {
            let mut v: Vec<f64> = runs.iter().map(f).filter(|x| x.is_finite()).collect();
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
        };
        Row {
            measured: (median(&|r| r.seconds), median(&|r| r.bytes)),
            estimated: (
                median(&|r| r.estimate.map_or(f64::NAN, |e| e.0)),
                median(&|r| r.estimate.map_or(f64::NAN, |e| e.1)),
            ),
            refusal: runs.iter().find_map(|r| r.refusal.clone()),
        }
    }

    fn ratio(estimated: f64, measured: f64, floor: f64) -> f64 {
        if estimated < floor && measured < floor {
            1.0
        } else {
            estimated.max(floor) / measured.max(floor)
        }
    }

    fn line(&self, name: &str, size: usize) -> String {
        let size = thousands(size);
        if self.refusal.is_some() {
            return format!(
                "| {name} | {size} | refused in {:.2} s | | | | | |",
                self.measured.0
            );
        }
        let (et, eb) = self.estimated;
        let (mt, mb) = self.measured;
        format!(
            "| {name} | {size} | {et:.2} s | {mt:.2} s | {:.2} | {:.0} MB | {:.0} MB | {:.2} |",
            Self::ratio(et, mt, FLOOR_SECONDS),
            eb / 1e6,
            mb / 1e6,
            Self::ratio(eb, mb, FLOOR_BYTES)
        )
    }

    /// Why the row is off, if it is.
    fn failure(&self) -> Option<String> {
        if self.refusal.is_some() {
            return None;
        }
        let t = Self::ratio(self.estimated.0, self.measured.0, FLOOR_SECONDS);
        let m = Self::ratio(self.estimated.1, self.measured.1, FLOOR_BYTES);
        let off = |r: f64| !(0.5..=2.0).contains(&r);
        (off(t) || off(m)).then(|| format!("time ratio {t:.2}, memory ratio {m:.2}"))
    }
}

/// 1000000 as "1,000,000", as docs/performance.md writes sizes.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
