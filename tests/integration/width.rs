//! Text output fits the terminal: every command's text output, on every shipped
//! board and on a board of long names, has no line wider than 80 columns when standard output
//! is not a terminal (a pipe, as here), and none wider than 60 under `COLUMNS=60`, the
//! narrowest layout. Widths are counted in characters, not bytes.

use std::path::Path;
use std::sync::Mutex;

use candyland::internals::games::shipped;

use crate::common::{board_commands, candyland, dir_with};

/// A Candy Land board whose name, landmarks (so positions, moves, cards and what-if rows) and
/// description are long.
const LONG_NAMES: &str = r#"
name = "a-board-whose-name-is-much-longer-than-any-column-of-a-table-could-hold"
description = "A board of long names: every table that shows a name must wrap it inside its column or move it to a line of its own, and every paragraph must wrap."
source = "hand-made test fixture for the width of text output, with a source line long enough to wrap more than once on any terminal of a sensible width"
[board]
pattern = ["red", "purple", "yellow", "blue"]
length = 30
landmarks = [
    { name = "The Enchanted Peppermint Forest of Extraordinarily Long Names", at = 5 },
    { name = "Supercalifragilisticexpialidocious-Gumdrop-Mountain-Pass", at = 20 },
]
licorice = [9]
shortcuts = [{ from = 2, to = 12 }]
[deck.single]
red = 4
purple = 4
yellow = 4
blue = 4
[deck.double]
red = 1
blue = 1
[deck.landmark]
"The Enchanted Peppermint Forest of Extraordinarily Long Names" = 1
"Supercalifragilisticexpialidocious-Gumdrop-Mountain-Pass" = 1
[rules]
licorice = "lose-next-turn"
"#;

/// Every text command line on `board` (`lengths`: a file of game lengths for `check`).
fn on_board(board: &str, lengths: &str) -> Vec<Vec<String>> {
    let mut lines: Vec<Vec<String>> = board_commands(board)
        .into_iter()
        // The move table is CSV, data rather than text.
        .filter(|args| args[0] != "transitions")
        .map(|args| args.into_iter().map(String::from).collect())
        .collect();
    let more: [&[&str]; 12] = [
        &["passage", board, "--to", "5"],
        &["passage", board, "--every"],
        &["analyze", board, "--pgf"],
        &["analyze", board],
        &["analyze", board, "--exact"],
        &["analyze", board, "--max-turns", "30"],
        &["simulate", board, "--games", "500", "--players", "6"],
        &["players", board, "--games", "500", "--players", "6"],
        &["play", board, "--seed", "4", "--players", "4", "--odds"],
        &[
            "odds",
            board,
            "--at",
            "start",
            "--at",
            "start",
            "--to-move",
            "2",
        ],
        &["compare", board, "clark-program --without shortcuts"],
        &["check", lengths, "--board", board, "--no-rank"],
    ];
    lines.extend(
        more.iter()
            .map(|args| args.iter().map(|a| a.to_string()).collect()),
    );
    lines
}

/// Every Hare and Tortoise command's text on both shipped boards: one player alone, several
/// simulated (with different policies), a game's log, `check` (fit and a narrowed search),
/// the report.
fn hare_commands(dir: &Path) -> Vec<Vec<String>> {
    let lengths = dir.join("hare-lengths.txt");
    let out = candyland()
        .args([
            "simulate",
            "hare-and-tortoise",
            "-p",
            "4",
            "-n",
            "300",
            "-s",
            "3",
        ])
        .arg("--lengths")
        .arg(&lengths)
        .output()
        .unwrap();
    assert!(out.status.success());
    let lengths = lengths.to_str().unwrap().to_string();
    let reports = dir.join("hare-reports").to_str().unwrap().to_string();
    let mut lines: Vec<Vec<String>> = Vec::new();
    for board in ["hare-and-tortoise", "hare-and-tortoise-ravensburger"] {
        let more: [&[&str]; 7] = [
            &["analyze", board],
            &[
                "analyze",
                board,
                "--policy",
                "cheapest",
                "--carrot-cap",
                "200",
            ],
            &["simulate", board, "-n", "500", "-p", "4"],
            &[
                "simulate",
                board,
                "-n",
                "300",
                "-p",
                "6",
                "--policy",
                "novice,cheapest,novice,cheapest,novice,cheapest",
            ],
            &["play", board, "-p", "4", "-s", "5"],
            &[
                "check",
                &lengths,
                "--board",
                board,
                "-p",
                "4",
                "--no-rank",
                "--reference-games",
                "2000",
            ],
            &["report", board, "--games", "300", "-o", &reports],
        ];
        lines.extend(
            more.iter()
                .map(|a| a.iter().map(|s| s.to_string()).collect()),
        );
    }
    lines.push(
        [
            "check",
            &lengths,
            "--board",
            "hare-and-tortoise",
            "-p",
            "4",
            "--vary",
            "finish-count",
            "--reference-games",
            "2000",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    );
    lines
}

/// Every command's text output: the board commands on every shipped board and on the board of
/// long names, the Hare and Tortoise commands, and the commands that take no board.
fn every_text_command(dir: &Path) -> Vec<Vec<String>> {
    let long = dir.join("long.toml");
    std::fs::write(&long, LONG_NAMES).unwrap();
    let lengths = dir.join("lengths.txt");
    let out = candyland()
        .args(["simulate", "jones-program", "--games", "300", "--seed", "3"])
        .arg("--lengths")
        .arg(&lengths)
        .output()
        .unwrap();
    assert!(out.status.success());
    let (long, lengths) = (long.to_str().unwrap(), lengths.to_str().unwrap());
    let mut lines: Vec<Vec<String>> = shipped::SHIPPED
        .iter()
        .flat_map(|b| on_board(b.name, lengths))
        .collect();
    lines.extend(on_board(long, lengths));
    lines.extend(hare_commands(dir));
    let reports = dir.join("reports");
    let others: [&[&str]; 10] = [
        &["passage", "hi-ho-cherry-o", "--to", "5", "--players", "2"],
        &["boards"],
        &["help"],
        &["help", "check"],
        &["analyze", "--help"],
        &[
            "odds",
            "--licorice",
            "lose-next-turn",
            "--at",
            "80",
            "--at",
            "space 47 (yellow, licorice), loses next turn",
        ],
        &["compare", "chutes-and-ladders", "chutes-and-ladders-48"],
        &[
            "check",
            lengths,
            "--reference-games",
            "1000",
            "--vary",
            "doubles,start",
        ],
        &[
            "check",
            "--summary",
            "games=10000,mean=38.6897,median=33,min=4,max=242",
            "--vary",
            "doubles,start",
        ],
        &[
            "report",
            "hi-ho-cherry-o",
            "--games",
            "200",
            "--out",
            reports.to_str().unwrap(),
        ],
    ];
    lines.extend(
        others
            .iter()
            .map(|args| args.iter().map(|a| a.to_string()).collect()),
    );
    lines
}

/// Runs every command line (two at a time), `COLUMNS` set to `columns` or unset, and returns
/// each line of output wider than `limit` characters, with its command; and each figure of
/// 1e-4 or more (and under a million) written in e-notation, which the one number style of
/// the text output never does.
fn too_wide(
    lines: &[Vec<String>],
    columns: Option<usize>,
    limit: usize,
) -> (Vec<String>, Vec<String>) {
    let queue = Mutex::new(lines.iter());
    let found = Mutex::new(Vec::new());
    let e_notation = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some(args) = queue.lock().unwrap().next() else {
                    break;
                };
                let mut command = candyland();
                command.args(args);
                if let Some(c) = columns {
                    command.env("COLUMNS", c.to_string());
                }
                let out = command.output().unwrap();
                let text = String::from_utf8(out.stdout).expect("UTF-8 output");
                assert!(
                    out.status.success(),
                    "{args:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                assert!(!text.is_empty(), "{args:?}");
                let mut wide: Vec<String> = text
                    .lines()
                    .filter(|l| l.chars().count() > limit)
                    .map(|l| format!("{args:?} ({} columns): {l}", l.chars().count()))
                    .collect();
                found.lock().unwrap().append(&mut wide);
                let mut spelled: Vec<String> = text
                    .lines()
                    .flat_map(|l| {
                        let mut found = e_notation_figures(l);
                        found.extend(ungrouped_counts(l));
                        found
                    })
                    .map(|x| format!("{args:?}: {x}"))
                    .collect();
                e_notation.lock().unwrap().append(&mut spelled);
            });
        }
    });
    (
        found.into_inner().unwrap(),
        e_notation.into_inner().unwrap(),
    )
}

/// The figures of `line` in e-notation ("2.629e-1") whose value is 1e-4 or more and under a
/// million (a chance, a p-value, a count), each with its line.
fn e_notation_figures(line: &str) -> Vec<String> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '+'))
        .map(|w| w.trim_matches(|c: char| c == '.' || c == '-' || c == '+'))
        .filter(|w| {
            w.split_once('e').is_some_and(|(m, e)| {
                !m.is_empty()
                    && m.chars().all(|c| c.is_ascii_digit() || c == '.')
                    && m.starts_with(|c: char| c.is_ascii_digit())
                    && e.trim_start_matches(['-', '+'])
                        .chars()
                        .all(|c| c.is_ascii_digit())
                    && !e.trim_start_matches(['-', '+']).is_empty()
            })
        })
        .filter_map(|w| w.parse::<f64>().ok().map(|x| (w, x)))
        .filter(|&(_, x)| (1e-4..1e6).contains(&x))
        .map(|(w, _)| format!("{w} in: {line}"))
        .collect()
}

/// The counts of `line` of 10,000 or more written without thousands separators ("100000
/// games", "within 90862 rounds"), each with its line: a count in words is grouped.
fn ungrouped_counts(line: &str) -> Vec<String> {
    const UNITS: [&str; 9] = [
        "games",
        "rounds",
        "turns",
        "hypotheses",
        "orders",
        "states",
        "spaces",
        "squares",
        "rule",
    ];
    // A count may have one qualifier before its unit: "100000 i.i.d. games".
    const QUALIFIERS: [&str; 3] = ["i.i.d.", "simulated", "random"];
    let words: Vec<&str> = line.split_whitespace().collect();
    let unit = |w: &str| UNITS.contains(&w.trim_end_matches([',', '.', ';', ':', ')']));
    (0..words.len())
        .filter(|&i| {
            let n = words[i].trim_start_matches(['(', '>', '<', '=']);
            let counted = match (words.get(i + 1), words.get(i + 2)) {
                (Some(next), _) if unit(next) => true,
                (Some(q), Some(next)) if QUALIFIERS.contains(q) => unit(next),
                _ => false,
            };
            n.len() >= 5 && n.chars().all(|c| c.is_ascii_digit()) && counted
        })
        .map(|i| format!("{} in: {line}", words[i]))
        .collect()
}

#[test]
fn ungrouped_counts_are_found() {
    assert_eq!(
        ungrouped_counts("a histogram of 100000 i.i.d. games").len(),
        1
    );
    assert_eq!(
        ungrouped_counts("20000 games, within 90862 rounds").len(),
        2
    );
    assert!(ungrouped_counts("100,000 games; seed 2026; 262142.000 turns; 1234 games").is_empty());
}

#[test]
fn every_command_fits_80_columns_and_spells_no_figure_above_1e_4_in_e_notation() {
    // One run of every command checks both: the width when not on a terminal, and the number
    // style (a chance of 0.26 read "2.629e-1" in one command and "0.262898" in another).
    let dir = tempfile::tempdir().unwrap();
    let lines = every_text_command(dir.path());
    assert!(lines.len() > 100, "{} command lines", lines.len());
    let (wide, e_notation) = too_wide(&lines, None, 80);
    assert!(wide.is_empty(), "{}", wide.join("\n"));
    assert!(e_notation.is_empty(), "{}", e_notation.join("\n"));
}

#[test]
fn every_command_fits_60_columns_with_columns_60() {
    let dir = tempfile::tempdir().unwrap();
    let lines = every_text_command(dir.path());
    let (wide, _) = too_wide(&lines, Some(60), 60);
    assert!(wide.is_empty(), "{}", wide.join("\n"));
}

#[test]
fn the_width_follows_columns_within_bounds() {
    // COLUMNS wins, brought within 60 to 160; unset (and piped), 80. A description of short
    // words fills every wrapped line to within a word of the width.
    let board = format!(
        "name = \"words\"\ndescription = \"{}\"\n[board]\nspaces = [\"red\"]\n[deck.single]\nred = 1\n",
        "ab ".repeat(200).trim_end()
    );
    let (_dir, paths) = dir_with(&[("words.toml", &board)]);
    let widest = |columns: Option<&str>| {
        let mut command = candyland();
        command.args(["board", "show"]).arg(&paths[0]);
        if let Some(c) = columns {
            command.env("COLUMNS", c);
        }
        let out = command.output().unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap()
    };
    for (columns, width) in [
        (None, 80),
        (Some("20"), 60),
        (Some("100"), 100),
        (Some("1000"), 160),
        (Some("wide"), 80),
    ] {
        let got = widest(columns);
        assert!((width - 2..=width).contains(&got), "{columns:?}: {got}");
    }
}

#[test]
fn figures_in_e_notation_are_found() {
    assert_eq!(e_notation_figures("p = 2.629e-1, mass 9.9e-13").len(), 1);
    assert!(e_notation_figures("P = 0.000642647 (1e-12)").is_empty());
    assert!(e_notation_figures("4.0e12 years; --seed 3e").is_empty());
}

#[test]
fn compare_keeps_its_columns_apart_at_60_columns() {
    // At 60 columns `compare` squeezes three figures into what its labels leave; the longest
    // chance in the probability style ("-0.000642596", 12 characters) still has a space before
    // it. Two figures run together show as a digit followed at once by a sign or a digit.
    let out = crate::common::candyland()
        .args(["compare", "candy-land-1984", "treats"])
        .env("COLUMNS", "60")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text
        .lines()
        .filter(|l| l.starts_with("  P(") || l.contains("end by"))
    {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let figures = &cells[cells.len() - 3..];
        assert!(
            figures
                .iter()
                .all(|f| f.parse::<f64>().is_ok() || f.starts_with('>')),
            "{line}\n{text}"
        );
        assert!(line.chars().count() <= 60, "{line}");
    }
}
