//! One JSON vocabulary: every command's `--json` (and `report`'s `summary.json`) validates
//! against its schema in `schemas/`, the schemas there are the ones the result structs
//! generate, and the same quantity has the same key in every command.
//!
//! `CANDYLAND_BLESS=1 cargo test --test integration json::` rewrites `schemas/` from the code.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{candyland, dir_with};

/// A board that can go on forever: red cards only; the shortcut from 0 leads onto the blue
/// licorice space 1, which no card frees (`analyze` reports it instead of figures).
const FOREVER: &str = "name = \"forever\"\n[board]\nspaces = [\"red\", \"blue\", \"red\"]\nlicorice = [1]\nshortcuts = [{ from = 0, to = 1 }]\n[deck.single]\nred = 1\n[rules]\nlicorice = \"stuck-until-color\"\n";

fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas")
}

fn schema_file(command: &str) -> PathBuf {
    schema_dir().join(format!("{}.schema.json", command.replace(' ', "-")))
}

pub(super) fn run_json(args: &[&str]) -> Value {
    let (code, out, err) = crate::common::run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// Every shape of every command's JSON, on each kind of game: (command, document).
fn documents() -> Vec<(String, Value)> {
    let (dir, paths) = dir_with(&[("forever.toml", FOREVER)]);
    let forever = paths[0].to_str().unwrap().to_string();
    let lengths = dir.path().join("lengths.txt");
    let lengths = lengths.to_str().unwrap();
    let out = candyland()
        .args(["simulate", "-n", "2000", "-s", "3", "--lengths", lengths])
        .output()
        .unwrap();
    assert!(out.status.success());
    let report = dir.path().join("report");
    let report_dir = report.to_str().unwrap();

    let mut runs: Vec<Vec<String>> = Vec::new();
    let mut add = |args: &[&str]| runs.push(args.iter().map(|s| s.to_string()).collect());
    for board in ["clark-program", "chutes-and-ladders", "hi-ho-cherry-o"] {
        add(&["analyze", board, "--exact"]);
        add(&["analyze", board, "--moments-only"]);
        add(&["players", board, "-n", "2000", "-p", "2"]);
        add(&["odds", board, "--at", "start", "--at", "3"]);
        add(&["spaces", board]);
        add(&["whatif", board]);
        add(&["whatif", board, "--rules"]);
        add(&["simulate", board, "-n", "2000", "-p", "3"]);
        add(&["crosscheck", board, "-n", "2000"]);
        add(&["forever", board, "--orders", "200"]);
        add(&["transitions", board]);
        add(&["play", board, "-p", "2", "--odds"]);
        add(&["board", "show", board]);
        add(&["passage", board, "--to", "5"]);
        add(&["passage", board, "--every"]);
        add(&["transitions", board, "--fundamental"]);
        add(&["transitions", board, "--aggregate"]);
        add(&["analyze", board, "--pgf"]);
    }
    // Hare and Tortoise: one player alone exactly, four simulated, one game's log, and a check
    // of four players' lengths with their winners.
    let hare_lengths = dir.path().join("hare.txt");
    let hare_lengths = hare_lengths.to_str().unwrap();
    let out = candyland()
        .args(["simulate", "hare-and-tortoise", "-p", "4", "-n", "300"])
        .args(["--lengths", hare_lengths])
        .output()
        .unwrap();
    assert!(out.status.success());
    add(&["analyze", "hare-and-tortoise", "--policy", "cheapest"]);
    // Best play: Pig's (with its games of two) and Hare and Tortoise's; a game judged by it.
    add(&["best", "pig"]);
    add(&["best", "hare-and-tortoise", "--carrot-cap", "150"]);
    add(&["play", "pig", "--best"]);
    // ... no game reaching home, a distribution cut at the turn limit, games stopped there.
    add(&["analyze", "hare-and-tortoise", "--carrot-cap", "0"]);
    add(&[
        "analyze",
        "hare-and-tortoise",
        "--policy",
        "cheapest",
        "--max-turns",
        "48",
    ]);
    add(&[
        "simulate",
        "hare-and-tortoise",
        "-n",
        "500",
        "-p",
        "2",
        "--max-turns",
        "60",
    ]);
    add(&["simulate", "hare-and-tortoise", "-n", "2000", "-p", "4"]);
    add(&["play", "hare-and-tortoise", "-p", "2"]);
    add(&[
        "check",
        hare_lengths,
        "--board",
        "hare-and-tortoise",
        "-p",
        "4",
        "--no-rank",
        "--reference-games",
        "2000",
    ]);
    add(&["passage", "hi-ho-cherry-o", "--to", "5", "--players", "2"]);
    // Boards that loop: the long run (exactly, and with cycled piles), a simulation in games
    // and in one run, a first landing (reached and never), and a check of landing counts.
    let landings = dir.path().join("landings.txt");
    let landings = landings.to_str().unwrap();
    let out = candyland()
        .args([
            "simulate",
            "monopoly",
            "-n",
            "200",
            "--turns",
            "50",
            "--landings",
            landings,
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    add(&["analyze", "project-euler-84", "--exact"]);
    add(&[
        "analyze",
        "project-euler-84",
        "--cards",
        "cycled",
        "--orders",
        "2",
    ]);
    add(&["simulate", "monopoly", "-n", "200", "--turns", "50"]);
    add(&[
        "simulate",
        "monopoly",
        "-n",
        "50",
        "--turns",
        "100",
        "--one-run",
    ]);
    add(&["passage", "monopoly", "--to", "Boardwalk"]);
    add(&["passage", "monopoly", "--to", "Go To Jail"]);
    add(&["check", landings, "--board", "monopoly", "--turns", "50"]);
    add(&["analyze", &forever]);
    add(&["forever", &forever]);
    add(&["compare", "clark-program", "clark-program --licorice none"]);
    add(&["compare", "chutes-and-ladders", "hi-ho-cherry-o"]);
    add(&["boards"]);
    let small = ["--vary", "licorice", "--reference-games", "2000"];
    add(&[&["check", lengths][..], &small].concat());
    add(&[
        &[
            "check",
            "--summary",
            "games=10000 mean=38.69 median=33 min=4 max=242",
        ][..],
        &small,
    ]
    .concat());

    let mut docs = Vec::new();
    for args in &runs {
        let mut with_json: Vec<&str> = args.iter().map(String::as_str).collect();
        with_json.push("--json");
        let command = if args[0] == "board" {
            "board show".to_string()
        } else {
            args[0].clone()
        };
        docs.push((command, run_json(&with_json)));
    }
    let out = candyland()
        .args(["report", "clark-program", "--mc", "2000", "-o", report_dir])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = std::iter::once(report.join("summary.json"))
        .chain(
            std::fs::read_dir(&report)
                .unwrap()
                .map(|e| e.unwrap().path().join("summary.json")),
        )
        .find(|p| p.exists())
        .expect("the report wrote summary.json");
    let text = std::fs::read_to_string(summary).unwrap();
    docs.push(("report".into(), serde_json::from_str(&text).unwrap()));
    let hare = dir.path().join("hare-report");
    let out = candyland()
        .args(["report", "hare-and-tortoise", "--games", "500", "-o"])
        .arg(&hare)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(hare.join("summary.json")).unwrap();
    docs.push(("report".into(), serde_json::from_str(&text).unwrap()));
    for board in ["monopoly", "project-euler-84"] {
        let looped = dir.path().join(board);
        let out = candyland()
            .args(["report", board, "--games", "500", "--format", "svg", "-o"])
            .arg(&looped)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The rent chart only for the board with rent tables.
        assert_eq!(looped.join("rent.svg").is_file(), board == "monopoly");
        let text = std::fs::read_to_string(looped.join("summary.json")).unwrap();
        docs.push(("report".into(), serde_json::from_str(&text).unwrap()));
    }
    drop(dir);
    docs
}

#[test]
fn the_schemas_in_the_repository_are_the_ones_the_code_generates() {
    let bless = std::env::var_os("CANDYLAND_BLESS").is_some();
    for (command, schema) in candyland::internals::output::json::schemas() {
        let path = schema_file(command);
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if bless {
            std::fs::create_dir_all(schema_dir()).unwrap();
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run CANDYLAND_BLESS=1 cargo test --test integration json::",
                path.display()
            )
        });
        assert!(
            kept == text,
            "{} differs from the schema the code generates; if the change is meant, run CANDYLAND_BLESS=1 cargo test --test integration json:: (and raise SCHEMA_VERSION when a key changes meaning or goes away)",
            path.display()
        );
    }
}

#[test]
fn every_commands_json_validates_against_its_schema_and_they_share_one_vocabulary() {
    let docs = documents();
    let mut validated = BTreeSet::new();
    for (command, doc) in &docs {
        let path = schema_file(command);
        let schema: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
        let errors: Vec<String> = validator
            .iter_errors(doc)
            .take(5)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{command}: {errors:#?}");
        assert_eq!(
            doc["schema_version"],
            candyland::internals::output::json::SCHEMA_VERSION
        );
        assert_eq!(doc["command"], command.as_str());
        validated.insert(command.clone());
    }
    let every: BTreeSet<String> = candyland::internals::output::json::schemas()
        .into_iter()
        .map(|(c, _)| c.to_string())
        .collect();
    assert_eq!(
        validated, every,
        "every schema is checked against real output"
    );
    one_vocabulary(&docs);
}

/// Keys the vocabulary replaced: each names a quantity that has one key everywhere now.
const RETIRED: [(&str, &str); 17] = [
    ("expected_turns", "mean"),
    ("exact_mean", "exact.mean"),
    ("reference_mean", "reference.mean"),
    ("mean_turns", "turns.mean"),
    ("mean_rounds", "rounds.mean"),
    ("median_rounds", "rounds.median"),
    ("std_dev", "sd"),
    ("exact_sd", "exact.sd"),
    ("win_share", "win"),
    ("min_turns", "shortest_game.turns"),
    ("shortest_game_turns", "shortest_game.turns"),
    ("longer_than", "tail"),
    ("longer_than_200", "tail"),
    ("expected_turns_exact", "mean_exact"),
    ("expected_cards", "draws.mean"),
    ("cards_per_game", "draws.mean"),
    ("probability_f64", "p or an Exact's float"),
];

/// The same quantity has the same key in every command: no retired alias anywhere, no key ending
/// in `_f64` (exact values are `{num, den, float}` objects), and each quantity where the
/// vocabulary puts it.
fn one_vocabulary(docs: &[(String, Value)]) {
    fn keys(v: &Value, path: &str, out: &mut Vec<(String, String)>) {
        match v {
            Value::Object(o) => {
                for (k, v) in o {
                    out.push((k.clone(), format!("{path}/{k}")));
                    keys(v, &format!("{path}/{k}"), out);
                }
            }
            Value::Array(a) => a.iter().for_each(|v| keys(v, &format!("{path}/0"), out)),
            _ => {}
        }
    }
    for (command, doc) in docs {
        let mut all = Vec::new();
        keys(doc, "", &mut all);
        for (key, path) in &all {
            if let Some((_, instead)) = RETIRED.iter().find(|(old, _)| old == key) {
                panic!(
                    "{command}: {path} uses the retired key {key:?}; the vocabulary says {instead}"
                );
            }
            assert!(
                !key.ends_with("_f64"),
                "{command}: {path}: an exact value is an Exact object"
            );
        }
    }
    // (command, JSON pointer): where each quantity lives. Each pointer's last segment is the
    // quantity's one key.
    let mean = [
        ("analyze", "/mean"),
        ("compare", "/a/mean"),
        ("crosscheck", "/exact/mean"),
        ("crosscheck", "/iid/sample/mean"),
        ("simulate", "/turns/mean"),
        ("players", "/rows/0/exact/first_finisher/turns/mean"),
        ("players", "/rows/0/iid/turns/mean"),
        ("odds", "/rounds/mean"),
        ("odds", "/seats/0/alone/mean"),
        ("whatif", "/mean"),
        ("report", "/figures/mean"),
        ("report", "/players/0/turns/mean"),
        ("check", "/sample/mean"),
    ];
    let sd = [
        ("analyze", "/sd"),
        ("compare", "/b/sd"),
        ("crosscheck", "/exact/sd"),
        ("simulate", "/turns/sd"),
        ("report", "/figures/sd"),
    ];
    let win = [
        ("players", "/rows/0/exact/first_finisher/win"),
        ("players", "/rows/0/iid/win"),
        ("simulate", "/win"),
        ("odds", "/win"),
        ("report", "/players/0/win"),
    ];
    let shortest = [
        ("analyze", "/shortest_game/turns"),
        ("compare", "/a/shortest_game/turns"),
        ("forever", "/shortest_game/turns"),
        ("report", "/figures/shortest_game/turns"),
    ];
    let tail = [
        ("analyze", "/tail/0/probability"),
        ("compare", "/a/tail/0/probability"),
        ("forever", "/tail/0/probability"),
        ("report", "/figures/tail/0/probability"),
    ];
    let exact = [
        ("analyze", "/mean_exact/num"),
        ("forever", "/never_finish/den"),
        ("forever", "/shortest_game/probability/float"),
        ("transitions", "/rows/0/p_exact/num"),
    ];
    let states = [
        ("odds", "/seats/1/state/position"),
        ("play", "/turns/0/from/state"),
        ("transitions", "/rows/0/to/name"),
    ];
    for (quantity, places) in [
        ("mean", &mean[..]),
        ("sd", &sd[..]),
        ("win", &win[..]),
        ("shortest game", &shortest[..]),
        ("tail", &tail[..]),
        ("exact value", &exact[..]),
        ("state", &states[..]),
    ] {
        for (command, pointer) in places {
            let found = docs
                .iter()
                .filter(|(c, _)| c == command)
                .any(|(_, d)| d.pointer(pointer).is_some_and(|v| !v.is_null()));
            assert!(found, "{quantity}: {command} has no {pointer}");
        }
    }
}

#[test]
fn help_json_prints_the_vocabulary_an_installed_binary_carries() {
    let out = candyland().args(["help", "json"]).output().unwrap();
    assert!(out.status.success());
    let kept = std::fs::read_to_string(schema_dir().join("README.md")).unwrap();
    // Laid out for a terminal (help_fit.rs): every quantity of the table is there.
    let text = String::from_utf8(out.stdout).unwrap();
    for row in kept
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| quantity"))
    {
        let quantity = row.split('|').nth(1).unwrap().trim();
        assert!(text.contains(&format!("- {quantity}\n")), "{quantity}");
    }
    // Every key the table names as retired is absent from it.
    for (old, _) in RETIRED {
        assert!(
            !kept.contains(&format!("`{old}`")),
            "schemas/README.md names the retired key {old}"
        );
    }
}
