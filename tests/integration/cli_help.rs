//! The binary's help, flags, completions and tables: help that fits, short flags, did-you-mean,
//! the transitions CSV, `boards --json`.

use crate::common::candyland;
use approx::assert_relative_eq;

use super::cli::{json, stdout};

/// Every command's name, as `candyland --help` lists them (and `board`'s own).
fn commands() -> Vec<Vec<String>> {
    let top = stdout(&["--help"]);
    let mut out: Vec<Vec<String>> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .map(|l| vec![l.split_whitespace().next().unwrap().to_string()])
        .collect();
    out.push(vec!["board".into(), "show".into()]);
    out.push(vec!["board".into(), "export".into()]);
    out
}

#[test]
fn every_help_fits_100_columns() {
    let commands = commands();
    assert!(commands.len() >= 19, "{commands:?}");
    let mut runs: Vec<Vec<String>> = vec![vec!["--help".into()]];
    for c in &commands {
        for flag in ["-h", "--help"] {
            let mut args = c.clone();
            args.push(flag.into());
            runs.push(args);
        }
    }
    for args in runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let text = stdout(&args);
        assert!(!text.is_empty(), "{args:?}");
        for line in text.lines() {
            assert!(line.chars().count() <= 100, "{args:?}: {line}");
        }
    }
}

#[test]
fn short_flags_are_the_long_ones() {
    let long = stdout(&[
        "simulate",
        "--games",
        "3000",
        "--seed",
        "7",
        "--players",
        "2",
        "--threads",
        "1",
        "--json",
    ]);
    let short = stdout(&[
        "simulate", "-n", "3000", "-s", "7", "-p", "2", "-j", "1", "--json",
    ]);
    assert_eq!(long, short);
}

#[test]
fn help_format_is_the_format_file_and_export_gives_each_shipped_board_back() {
    let format = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/boards/FORMAT.md"
    ))
    .unwrap();
    // The format file laid out for a terminal (tests in help_fit.rs): every section is there.
    let help = stdout(&["help", "format"]);
    let mut in_code = false;
    let prose = format.lines().filter(|l| {
        in_code ^= l.starts_with("```");
        !in_code
    });
    for heading in prose.filter(|l| l.starts_with('#')) {
        let title = heading.trim_start_matches('#').trim().replace('`', "");
        let shown = help.lines().any(|l| l.replace('`', "") == title);
        assert!(shown, "{title}");
    }
    assert!(stdout(&["help", "odds"]).contains("--to-move"));
    let dir = tempfile::tempdir().unwrap();
    for b in candyland::internals::games::shipped::SHIPPED.iter() {
        let text = stdout(&["board", "export", b.name]);
        assert_eq!(text, b.text, "{}", b.name);
        // The copy is a board file: it solves to the shipped board's exact length.
        let path = dir.path().join(format!("{}.toml", b.name));
        std::fs::write(&path, &text).unwrap();
        let exact = |board: &str| {
            let v: serde_json::Value =
                serde_json::from_str(&stdout(&["analyze", board, "--exact", "--json"])).unwrap();
            v["mean_exact"].clone()
        };
        assert_eq!(exact(path.to_str().unwrap()), exact(b.name), "{}", b.name);
    }
}

#[test]
fn near_misses_get_a_did_you_mean_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("typo.toml");
    let classic = candyland::internals::games::shipped::find("clark-program")
        .unwrap()
        .text;
    std::fs::write(
        &typo,
        classic.replace("\"purple\", \"yellow\"", "\"purpel\", \"yellow\""),
    )
    .unwrap();
    for (args, fragment) in [
        (vec!["analyze", "classc"], "did you mean 'classic'?"),
        (vec!["board", "export", "tretas"], "did you mean 'treats'?"),
        (vec!["help", "simulat"], "did you mean 'simulate'?"),
        (
            vec!["analyze", typo.to_str().unwrap()],
            "'purpel' (did you mean 'purple'?)",
        ),
    ] {
        let out = candyland().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(fragment), "{args:?}: {err}");
    }
    // Nothing close: no suggestion.
    let out = candyland().args(["analyze", "monopoly"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("did you mean"));
}

#[test]
fn completions_cover_every_command() {
    let script = stdout(&["completions", "bash"]);
    for c in commands() {
        assert!(script.contains(&c[0]), "{}", c[0]);
    }
    assert!(script.contains("--games") && script.contains("-n"));
}
#[test]
fn the_transitions_csv_is_a_matrix_a_markov_chain_package_loads() {
    // Per card: numeric p beside the exact fraction, the finish as state N (no empty cell),
    // no column R would rename (`next`).
    let per_card = stdout(&["transitions", "clark-program"]);
    let header = per_card.lines().next().unwrap();
    assert_eq!(
        header,
        "from,from_name,card,count,p,p_exact,to,to_name,events"
    );
    let n = json(&["analyze", "clark-program", "--json"]).states;
    let mut r = csv::Reader::from_reader(per_card.as_bytes());
    let mut finishing = 0;
    for row in r.records() {
        let row = row.unwrap();
        let to: usize = row[6].parse().unwrap();
        assert!(to <= n);
        if &row[7] == "finish" {
            assert_eq!(to, n);
            finishing += 1;
        }
        let (num, den) = row[5].split_once('/').unwrap();
        let exact = num.parse::<f64>().unwrap() / den.parse::<f64>().unwrap();
        assert_relative_eq!(row[4].parse::<f64>().unwrap(), exact, max_relative = 1e-15);
    }
    assert!(finishing > 0);
    // Aggregated: one row per (from, to), every state's counts add up to exactly D, and the
    // finish stays put, so the matrix is square (N + 1 states) and stochastic.
    let matrix = stdout(&["transitions", "clark-program", "--aggregate"]);
    let mut r = csv::Reader::from_reader(matrix.as_bytes());
    assert_eq!(
        r.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "from",
            "from_name",
            "to",
            "to_name",
            "count",
            "p",
            "p_exact"
        ]
    );
    let mut sums = vec![0u64; n + 1];
    let mut pairs = std::collections::HashSet::new();
    for row in r.records() {
        let row = row.unwrap();
        let (from, to): (usize, usize) = (row[0].parse().unwrap(), row[2].parse().unwrap());
        assert!(pairs.insert((from, to)), "({from}, {to}) twice");
        sums[from] += row[4].parse::<u64>().unwrap();
    }
    assert!(sums.iter().all(|&s| s == 66), "{sums:?}");
    assert!(pairs.contains(&(n, n)));
}

#[test]
fn boards_and_board_show_have_json() {
    use candyland::internals::output::{BoardRow, BoardShow};
    let list: Vec<BoardRow> =
        candyland::internals::output::json::read(&stdout(&["boards", "--json"])).unwrap();
    // Every shipped board, the Hare and Tortoise ones and then the boards that loop last.
    let shipped = candyland::internals::games::shipped::SHIPPED
        .iter()
        .chain(candyland::internals::games::hare::SHIPPED)
        .chain(candyland::internals::games::pig::SHIPPED)
        .chain(candyland::internals::games::monopoly::SHIPPED);
    assert_eq!(
        list.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(),
        shipped.map(|b| b.name).collect::<Vec<_>>()
    );
    for (row, (name, total, spaces, first)) in list.iter().zip([
        ("candy-land-1984", 66, 134, 0),
        ("treats", 64, 134, 0),
        ("clark-program", 66, 134, 0),
        ("jones-program", 64, 134, 0),
        ("chutes-and-ladders", 6, 100, 1),
        ("chutes-and-ladders-48", 6, 100, 1),
        ("hi-ho-cherry-o", 7, 10, 1),
    ]) {
        assert_eq!(row.name, name);
        let show: BoardShow =
            candyland::internals::output::json::read(&stdout(&["board", "show", name, "--json"]))
                .unwrap();
        assert_eq!(
            (show.board.as_str(), show.game.as_str()),
            (name, row.game.as_str())
        );
        assert_eq!(show.spaces.len(), spaces, "{name}");
        assert_eq!(show.spaces[0].number, first, "{name}");
        assert_eq!(
            show.draws.iter().map(|d| d.weight).sum::<u32>(),
            total,
            "{name}"
        );
    }
}
