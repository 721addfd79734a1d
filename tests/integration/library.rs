//! The library answers every question as the command line does: each public function of
//! the public API (`candyland::analyze` and the rest), called from Rust with the options the flags stand for, gives the
//! answer whose JSON, CSV and text are byte for byte what the binary prints. (The binary is
//! now only flags, these functions and the renderer, so a difference would be a figure
//! computed outside the library.)

use std::path::Path;

// The public API only: what a caller of the library has.
use candyland::*;

use crate::common::run;

/// What the binary prints for `args`, which must succeed.
fn printed(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "candyland {args:?} failed: {err}");
    out
}

/// `answer` written as each of `formats`, against the binary's output for `args` plus the
/// format's flag.
fn same_as_binary(answer: &dyn Render, args: &[&str], formats: &[Format]) {
    for &format in formats {
        let mut full: Vec<&str> = args.to_vec();
        match format {
            Format::Json => full.push("--json"),
            Format::Csv => full.push("--csv"),
            Format::Text => {}
        }
        let mine = render(answer, format, Layout::default()).unwrap();
        assert_eq!(mine, printed(&full), "candyland {full:?}");
    }
}

const ALL: [Format; 3] = [Format::Text, Format::Json, Format::Csv];

fn budget() -> Budget {
    Budget::default()
}

#[test]
fn analyze_players_odds_and_spaces_from_rust_are_what_the_binary_prints() {
    let board = read_board(Some("hi-ho-cherry-o")).unwrap();
    let exact = AnalyzeOptions::default();
    let answer = analyze(&board, &exact, &budget()).unwrap();
    same_as_binary(&answer, &["analyze", "hi-ho-cherry-o"], &[Format::Json]);
    // The text shows the exact fraction when it was computed, as `--exact` asks.
    same_as_binary(
        &answer,
        &["analyze", "hi-ho-cherry-o", "--exact"],
        &[Format::Text],
    );
    same_as_binary(&answer, &["analyze", "hi-ho-cherry-o"], &[Format::Csv]);

    let options = PlayersOptions {
        games: 2_000,
        seed: 3,
        ..PlayersOptions::default()
    };
    let answer = players(&board, &options, &budget(), &Silent).unwrap();
    let args = ["players", "hi-ho-cherry-o", "-n", "2000", "-s", "3"];
    same_as_binary(&answer, &args, &ALL);

    let options = OddsOptions {
        at: vec!["3".into(), "5".into()],
        to_move: 2,
        variant: Variant::default(),
    };
    let answer = odds(&board, &options, &budget()).unwrap();
    let args = [
        "odds",
        "hi-ho-cherry-o",
        "--at",
        "3",
        "--at",
        "5",
        "--to-move",
        "2",
    ];
    same_as_binary(&answer, &args, &ALL);

    let answer = spaces(&board, &SpacesOptions::default(), &budget()).unwrap();
    same_as_binary(&answer, &["spaces", "hi-ho-cherry-o"], &ALL);
}

#[test]
fn whatif_compare_and_transitions_from_rust_are_what_the_binary_prints() {
    // No board named: the default, on both sides.
    let default = read_board(None).unwrap();
    let answer = whatif(&default, &WhatIfOptions::default(), &budget()).unwrap();
    same_as_binary(&answer, &["whatif"], &ALL);
    let rules = WhatIfOptions {
        rules: true,
        ..WhatIfOptions::default()
    };
    let answer = whatif(&default, &rules, &budget()).unwrap();
    same_as_binary(&answer, &["whatif", "--rules"], &ALL);

    // An old name still reaches its board.
    let classic = read_board(Some("classic")).unwrap();

    let a = Side {
        board: classic.clone(),
        variant: Variant::default(),
    };
    let b = Side {
        board: classic.clone(),
        variant: Variant::default().with_rule("licorice", "none"),
    };
    let answer = compare(&a, &b, &Variant::default(), &budget()).unwrap();
    same_as_binary(
        &answer,
        &["compare", "classic", "classic --licorice none"],
        &ALL,
    );

    let hiho = read_board(Some("hi-ho-cherry-o")).unwrap();
    let table = TransitionsOptions {
        written_as: Format::Json,
        ..TransitionsOptions::default()
    };
    let answer = transitions(&hiho, &table, &budget()).unwrap();
    same_as_binary(&answer, &["transitions", "hi-ho-cherry-o"], &[Format::Json]);
    let fundamental = TransitionsOptions {
        table: TransitionsTable::Fundamental(vec!["start".into()]),
        ..TransitionsOptions::default()
    };
    let answer = transitions(&hiho, &fundamental, &budget()).unwrap();
    let args = [
        "transitions",
        "hi-ho-cherry-o",
        "--fundamental",
        "--from",
        "start",
    ];
    same_as_binary(&answer, &args, &[Format::Csv, Format::Json]);
}

#[test]
fn simulations_and_checks_from_rust_are_what_the_binary_prints() {
    let board = read_board(None).unwrap();
    let options = SimulateOptions {
        games: 3_000,
        seed: 3,
        ..SimulateOptions::default()
    };
    let answer = simulate(&board, &options, &budget(), &Silent).unwrap();
    same_as_binary(&answer, &["simulate", "-n", "3000", "-s", "3"], &ALL);

    let options = CrosscheckOptions {
        games: 3_000,
        seed: 3,
        ..CrosscheckOptions::default()
    };
    let answer = crosscheck(&board, &options, &budget(), &Silent).unwrap();
    same_as_binary(&answer, &["crosscheck", "-n", "3000", "-s", "3"], &ALL);

    let summary = "games=10000,mean=38.6897,median=33,min=4,max=242";
    let options = CheckOptions {
        deck: DeckMode::Shuffled,
        reference_games: 2_000,
        rank: false,
        ..CheckOptions::default()
    };
    let data = CheckData::Summary(summary.into());
    let answer = check(&board, &data, &options, &budget(), &Silent).unwrap();
    let args = [
        "check",
        "--summary",
        summary,
        "--deck",
        "shuffled",
        "--reference-games",
        "2000",
        "--no-rank",
    ];
    same_as_binary(&answer, &args, &ALL);

    let options = ForeverOptions {
        orders: 100,
        seed: 3,
        ..ForeverOptions::default()
    };
    let answer = forever(&board, &options, &budget()).unwrap();
    same_as_binary(&answer, &["forever", "--orders", "100", "-s", "3"], &ALL);
}

#[test]
fn play_passage_and_boards_from_rust_are_what_the_binary_prints() {
    let board = read_board(Some("hi-ho-cherry-o")).unwrap();
    let options = PlayOptions {
        players: 2,
        seed: 3,
        odds: true,
        ..PlayOptions::default()
    };
    let answer = play(&board, &options, &budget()).unwrap();
    let args = ["play", "hi-ho-cherry-o", "-p", "2", "-s", "3", "--odds"];
    same_as_binary(&answer, &args, &[Format::Text, Format::Json]);

    let asked = PassageAsked {
        variant: Variant::default(),
        question: PassageQuestion::To(PassageOptions::new(vec!["5".into()]).unwrap()),
    };
    let answer = passage(&board, &asked, &budget()).unwrap();
    same_as_binary(&answer, &["passage", "hi-ho-cherry-o", "--to", "5"], &ALL);
    let every = PassageAsked {
        variant: Variant::default(),
        question: PassageQuestion::Every { from: None },
    };
    let answer = passage(&board, &every, &budget()).unwrap();
    same_as_binary(&answer, &["passage", "hi-ho-cherry-o", "--every"], &ALL);

    same_as_binary(
        &boards().unwrap(),
        &["boards"],
        &[Format::Text, Format::Json],
    );
    let answer = show(&board, &Variant::default()).unwrap();
    let args = ["board", "show", "hi-ho-cherry-o"];
    same_as_binary(&answer, &args, &[Format::Text, Format::Json]);
}

#[test]
fn options_are_checked_before_the_board_and_name_the_flag() {
    // The same checks and words for a library user as on the command line.
    let board = read_board(Some("classic")).unwrap();
    let bad = PlayersOptions {
        players: Some(7),
        ..PlayersOptions::default()
    };
    let e = players(&board, &bad, &budget(), &Silent).unwrap_err();
    assert_eq!(e.to_string(), "--players: 7 is not between 1 and 6");
    let bad = AnalyzeOptions {
        tolerance: 2.0,
        ..AnalyzeOptions::default()
    };
    let e = analyze(&board, &bad, &budget()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("--tolerance: 2 is not a probability"),
        "{e}"
    );
    let (code, _, err) = run(&["analyze", "--tolerance", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains(&e.to_string()), "{err}");
}

/// Every Rust file under `dir`, with its path.
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((
                path.display().to_string(),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
    out
}

#[test]
fn the_format_is_chosen_in_one_place_and_no_command_computes() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (path, text) in sources(&src) {
        if path.ends_with("app/format.rs") {
            continue;
        }
        for flag in ["args.json", "args.csv", "self.json", "self.csv"] {
            // A field, not a method such as `Render::json()`.
            let read = text
                .match_indices(flag)
                .any(|(at, _)| !text[at + flag.len()..].starts_with('('));
            assert!(
                !read,
                "{path} reads {flag}: the format is chosen in src/app/format.rs only"
            );
        }
    }
    // The commands ask the library: none builds a chain, solves or simulates itself.
    for (path, text) in sources(&src.join("app/commands")) {
        if path.ends_with("hare.rs") {
            continue;
        }
        for call in [
            "Chain::build",
            "Analysis::",
            "Moments::",
            "simulate(&sim",
            "Simulator::",
        ] {
            assert!(
                !text.contains(call),
                "{path} computes ({call}); ask crate::results"
            );
        }
    }
}

#[test]
fn the_documents_show_the_examples_as_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut shown = Vec::new();
    for (path, text) in crate::common::documents() {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(name) = line
                .strip_prefix("<!-- example: ")
                .and_then(|l| l.strip_suffix(" -->"))
            else {
                continue;
            };
            assert_eq!(lines[i + 1], "```rust", "{path} line {}", i + 2);
            let block: Vec<&str> = lines[i + 2..]
                .iter()
                .take_while(|l| **l != "```")
                .copied()
                .collect();
            let file = std::fs::read_to_string(root.join(format!("examples/{name}.rs"))).unwrap();
            // The example's code, without its `//!` header.
            let code: Vec<&str> = file
                .lines()
                .skip_while(|l| l.starts_with("//!"))
                .skip_while(|l| l.is_empty())
                .collect();
            assert_eq!(
                block, code,
                "{path}'s example {name} differs from examples/{name}.rs"
            );
            shown.push(path.clone());
        }
    }
    // README's From Rust shows one (and the doc tests run it: `ReadmeDoctests` in lib.rs), the
    // library page two more.
    assert!(
        shown.iter().filter(|p| *p == "README.md").count() >= 1 && shown.len() >= 3,
        "examples shown: {shown:?}"
    );
}
