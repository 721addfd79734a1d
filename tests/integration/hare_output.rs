//! Hare and Tortoise output: `--json` parsed back into the result structs (which forbid
//! unknown keys), `--csv` against the same run's JSON, the rule flags against the same rules
//! written into a board file, the flags a command does not use refused by name, and the report
//! folder with its charts.

use candyland::internals::games::hare::notes::Transaction;
use candyland::internals::results::policies::{
    PolicyAlone, PolicyReport, PolicySimulation, PolicyTranscript,
};

use crate::common::{dir_with, run};

fn stdout(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn read<T: serde::de::DeserializeOwned>(args: &[&str]) -> T {
    candyland::internals::output::json::read(&stdout(args))
        .unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// CSV rows as cells, header first.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    r.records()
        .map(|rec| rec.unwrap().iter().map(String::from).collect())
        .collect()
}

#[test]
fn analyze_json_and_csv_carry_the_exact_distribution() {
    let a: PolicyAlone = read(&[
        "analyze",
        "hare-and-tortoise",
        "--policy",
        "cheapest",
        "--json",
    ]);
    assert_eq!((a.policy.as_str(), a.cap), ("cheapest", 600));
    // The distribution sums to the chance of reaching home, and its mean is the mean given.
    let home: f64 = a.pmf.iter().sum();
    assert!((home - a.home).abs() < 1e-12);
    let mean: f64 = a
        .pmf
        .iter()
        .enumerate()
        .map(|(t, p)| t as f64 * p)
        .sum::<f64>()
        / home;
    let a_mean = a.mean.expect("games reach home");
    assert!((mean - a_mean).abs() < 1e-9, "{mean} {a_mean}");
    // The general solver runs on the cheapest policy's chain and gives the same mean.
    let g = a.general_solve.as_ref().expect("small feedback set");
    assert!((g.mean - a_mean).abs() < 1e-6, "{} {a_mean}", g.mean);
    let rows = csv_rows(&stdout(&[
        "analyze",
        "hare-and-tortoise",
        "--policy",
        "cheapest",
        "--csv",
    ]));
    assert_eq!(rows[0], ["turn", "pmf", "cdf", "survival"]);
    assert_eq!(rows.len(), a.pmf.len());
    for row in &rows[1..] {
        let t: usize = row[0].parse().unwrap();
        assert_eq!(row[1].parse::<f64>().unwrap(), a.pmf[t]);
        assert_eq!(row[3].parse::<f64>().unwrap(), a.survival[t]);
    }
}

#[test]
fn simulate_and_play_json_and_csv_agree_with_the_text() {
    let args = [
        "simulate",
        "hare-and-tortoise",
        "-p",
        "4",
        "-n",
        "3000",
        "-s",
        "2",
    ];
    let s: PolicySimulation = read(&[&args[..], &["--json"]].concat());
    assert_eq!((s.players, s.games, s.unfinished), (4, 3000, 0));
    let won: f64 = s.win.iter().sum();
    assert!((won - 1.0).abs() < 1e-12);
    let histogram: u64 = s.histogram.iter().sum();
    assert_eq!(histogram, 3000);
    let rows = csv_rows(&stdout(&[&args[..], &["--csv"]].concat()));
    assert_eq!(rows[0], ["turns", "games", "frequency"]);
    assert_eq!(
        rows.len() - 1,
        s.histogram.iter().filter(|&&c| c > 0).count()
    );
    let text = stdout(&args);
    let mean = s.turns.as_ref().unwrap().mean;
    assert!(text.contains(&format!("mean {mean:.3}")), "{text}");
    // play: the first game simulate plays; its events are the log's lines.
    let t: PolicyTranscript<Transaction> =
        read(&["play", "hare-and-tortoise", "-p", "4", "-s", "2", "--json"]);
    let last = t.events.last().unwrap();
    assert_eq!(last.event, "home");
    assert_eq!(Some(last.player), t.winner);
    let log = stdout(&["play", "hare-and-tortoise", "-p", "4", "-s", "2"]);
    for e in t.events.iter().filter(|e| e.event == "moved").take(20) {
        assert!(log.contains(&e.text), "{}", e.text);
    }
    // Its length is the length of that first game of `simulate -n 1`.
    let one: PolicySimulation = read(&[
        "simulate",
        "hare-and-tortoise",
        "-p",
        "4",
        "-n",
        "1",
        "-s",
        "2",
        "--json",
    ]);
    assert_eq!(
        one.histogram.iter().position(|&c| c == 1),
        Some(t.length as usize)
    );
}

#[test]
fn rule_flags_give_the_rules_written_into_the_board_file() {
    // --start-carrots 68 --finish-carrots 10 on Wiener's board is his board file with those
    // two keys changed: the same exact distribution, to the last bit.
    let text = candyland::internals::games::hare::SHIPPED[0]
        .text
        .replace("start-carrots = 65", "start-carrots = 68")
        .replace("finish-carrots = 20", "finish-carrots = 10");
    let (_dir, paths) = dir_with(&[("edited.toml", &text)]);
    let edited: PolicyAlone = read(&["analyze", paths[0].to_str().unwrap(), "--json"]);
    let flags: PolicyAlone = read(&[
        "analyze",
        "hare-and-tortoise",
        "--start-carrots",
        "68",
        "--finish-carrots",
        "10",
        "--json",
    ]);
    assert_eq!(edited.pmf, flags.pmf);
    assert_eq!(flags.rules["start-carrots"], 68);
    let plain: PolicyAlone = read(&["analyze", "hare-and-tortoise", "--json"]);
    assert_ne!(plain.pmf, flags.pmf);
}

#[test]
fn flags_a_command_does_not_use_are_refused_by_name() {
    let (_dir, paths) = dir_with(&[("l.txt", "30\n28\n")]);
    let lengths = paths[0].to_str().unwrap();
    for (args, flag) in [
        // --policy and --carrot-cap, on commands that never use them.
        (vec!["spaces", "classic", "--policy", "novice"], "--policy"),
        (
            vec!["players", "hare-and-tortoise", "--policy", "novice"],
            "--policy",
        ),
        (vec!["whatif", "--carrot-cap", "10"], "--carrot-cap"),
        (
            vec!["simulate", "hare-and-tortoise", "--carrot-cap", "10"],
            "--carrot-cap",
        ),
        (
            vec!["play", "classic", "--carrot-cap", "10"],
            "--carrot-cap",
        ),
        // ... and on another game's board.
        (vec!["analyze", "classic", "--policy", "novice"], "--policy"),
        (vec!["check", lengths, "--policy", "novice"], "--policy"),
        (vec!["report", "classic", "--policy", "novice"], "--policy"),
        // Another game's rules on a Hare and Tortoise board, and the reverse.
        (
            vec![
                "analyze",
                "hare-and-tortoise",
                "--licorice",
                "lose-next-turn",
            ],
            "--licorice",
        ),
        (
            vec!["simulate", "hare-and-tortoise", "--without", "shortcuts"],
            "--without",
        ),
        (
            vec!["analyze", "classic", "--hare-draws", "cards"],
            "--hare-draws",
        ),
        // What the Hare and Tortoise commands do not do.
        (vec!["analyze", "hare-and-tortoise", "--exact"], "--exact"),
        (vec!["analyze", "hare-and-tortoise", "--pgf"], "--pgf"),
        (
            vec!["simulate", "hare-and-tortoise", "--deck", "shuffled"],
            "--deck",
        ),
        (vec!["play", "hare-and-tortoise", "--odds"], "--odds"),
        (
            vec![
                "check",
                "--summary",
                "games=100 mean=30",
                "--board",
                "hare-and-tortoise",
            ],
            "--summary",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(flag), "{args:?}: {err}");
    }
}

#[test]
fn report_writes_the_hare_charts_and_a_summary_that_parses_back() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("hare");
    let o = out.to_str().unwrap();
    let text = stdout(&[
        "report",
        "hare-and-tortoise",
        "--games",
        "2000",
        "--mc",
        "2000",
        "-o",
        o,
    ]);
    assert!(text.contains("wrote 7 files"), "{text}");
    for chart in ["distribution", "game-length", "seats", "squares"] {
        let png = std::fs::read(out.join(format!("{chart}.png"))).unwrap();
        assert_eq!(&png[..4], b"\x89PNG", "{chart}");
        assert!(png.len() > 5_000, "{chart}: {} bytes", png.len());
    }
    let summary = std::fs::read_to_string(out.join("summary.json")).unwrap();
    let r: PolicyReport = candyland::internals::output::json::read(&summary).unwrap();
    assert_eq!((r.game.players, r.game.games), (4, 2000));
    assert_eq!(r.alone.policy, "novice");
    assert_eq!(r.alone_simulated.as_ref().map(|s| s.games), Some(2000));
    assert_eq!(r.files.len(), 7);
    let by = r
        .generated_by
        .expect("the tool and the command that made it");
    assert_eq!(by.tool, format!("candyland {}", env!("CARGO_PKG_VERSION")));
    assert!(
        by.command.starts_with("candyland report "),
        "{}",
        by.command
    );
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    for chart in ["distribution", "game-length", "seats", "squares"] {
        assert!(md.contains(&format!("({chart}.png)")), "{chart}");
    }
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert_eq!(html.matches("<svg").count(), 4);
}
