//! What a user reads names its sources by author, title and year, never by words only the team
//! knows: no "seed 0..." (which reads like a random seed next to `--seed`), no "issue N", no
//! "shared/" path and no identifier of the published simulators' source code (plain words
//! instead). Checked in every command's output (the text commands on every shipped board, their
//! JSON, `boards`, `board show` and `board export` of every board, `help` and its topics), every
//! command's `--help`, the board files with their comments, FORMAT.md, README (its prose and
//! output blocks; code blocks of our own commands are skipped) and the text files of `reports/`.

use std::path::Path;
use std::sync::Mutex;

use candyland::internals::games::shipped;

use crate::common::{board_commands, candyland};

/// Identifiers from the source code of the simulators the shipped boards reproduce (Clark's
/// Python, Jones's C#, Haren's JavaScript): a user reads what they do in plain words.
const CODE_WORDS: &[&str] = &[
    "CreateDeck",
    "create_cards",
    "generate_move",
    "Player.position",
    "COLORS =",
    "COLORS=",
    "LICORICE =",
    "SHORTCUTS =",
    "SPECIALS =",
    "spaces.index",
    "GetMatchingSpace",
    "TakeTurn",
    "CurrentLocation",
    "IsSkipped",
    "Card.Amount",
    "Board()",
    "DoMove",
    "DoPlayerLoop",
    "MakeDeck",
    "isLosingATurn",
    "bridgeTo",
];

/// Every internal word in `text`, each with the line it is on.
fn internal_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let lower = line.to_lowercase();
        let mut hits: Vec<&str> = CODE_WORDS
            .iter()
            .copied()
            .filter(|w| line.contains(w))
            .collect();
        if lower.contains("seed 0") || lower.contains("seed0") {
            hits.push("seed 0");
        }
        if lower.contains("seed program") {
            hits.push("seed program");
        }
        if lower.contains("shared/") {
            hits.push("shared/");
        }
        // "issue" followed by a number ("issue 17", "issue #17").
        for (at, _) in lower.match_indices("issue") {
            let rest = lower[at + 5..].trim_start_matches([' ', '#']);
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                hits.push("issue N");
            }
        }
        for hit in hits {
            found.push(format!("{hit:?} in: {}", line.trim()));
        }
    }
    found
}

#[test]
fn the_check_finds_each_kind_of_internal_word() {
    for bad in [
        "as the Python program of seed 002 plays it",
        "Seed 000's deck",
        "the project's issue 9",
        "see issue #17",
        "from /work/shared/seeds/",
        "the deck its CreateDeck builds",
        "Player.position starts at -1",
        "COLORS = list('RPYBOG')",
        "what the seed programs print",
    ] {
        assert_eq!(internal_words(bad).len(), 1, "{bad}");
    }
    for fine in [
        "simulate --games 1000 --seed 1",
        "Chris Clark, \"Adventures in Candy Land\" (2021)",
        "an issue with the deck",
        "seed 42",
    ] {
        assert!(internal_words(fine).is_empty(), "{fine}");
    }
}

/// Every command line whose output a user reads: the board commands, in text and JSON, on
/// every shipped board, and the commands that take no board.
fn every_command() -> Vec<Vec<String>> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    for board in shipped::SHIPPED.iter().map(|b| b.name) {
        for args in board_commands(board) {
            let mut json: Vec<&str> = args.clone();
            lines.push(args.iter().map(|a| a.to_string()).collect());
            if args[0] != "transitions" && args[0] != "play" {
                json.push("--json");
                lines.push(json.iter().map(|a| a.to_string()).collect());
            }
        }
        for args in [
            vec!["analyze", board],
            vec!["analyze", board, "--json"],
            vec!["board", "export", board],
            vec!["passage", board, "--to", "5"],
            vec!["play", board, "--seed", "4", "--players", "2", "--json"],
        ] {
            lines.push(args.iter().map(|a| a.to_string()).collect());
        }
    }
    let others: [&[&str]; 7] = [
        &["boards"],
        &["boards", "--json"],
        &["help"],
        &["help", "format"],
        &["help", "json"],
        &["generate", "--spaces", "40", "--seed", "3"],
        &[
            "check",
            "--summary",
            "games=10000,mean=38.6897,median=33,min=4,max=242",
        ],
    ];
    lines.extend(
        others
            .iter()
            .map(|args| args.iter().map(|a| a.to_string()).collect()),
    );
    // Every command's `--help` (and each `board` subcommand's).
    let mut cli = candyland::internals::app::cli::command(80);
    cli.build();
    for command in cli.get_subcommands() {
        let name = command.get_name().to_string();
        if name == "help" {
            continue;
        }
        lines.push(vec![name.clone(), "--help".into()]);
        for sub in command.get_subcommands() {
            if sub.get_name() != "help" {
                lines.push(vec![name.clone(), sub.get_name().into(), "--help".into()]);
            }
        }
    }
    lines
}

#[test]
fn no_command_output_or_help_uses_internal_words() {
    let lines = every_command();
    assert!(lines.len() > 100, "{} command lines", lines.len());
    let queue = Mutex::new(lines.iter());
    let found = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some(args) = queue.lock().unwrap().next() else {
                    break;
                };
                let out = candyland().args(args).output().unwrap();
                assert!(
                    out.status.success(),
                    "{args:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let text = String::from_utf8_lossy(&out.stdout).into_owned()
                    + &String::from_utf8_lossy(&out.stderr);
                let mut hits: Vec<String> = internal_words(&text)
                    .into_iter()
                    .map(|h| format!("{args:?}: {h}"))
                    .collect();
                found.lock().unwrap().append(&mut hits);
            });
        }
    });
    let found = found.into_inner().unwrap();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// README without the code blocks of our own commands and code (sh, rust, toml, python, r):
/// its prose and its output (`text`) blocks.
fn readme_prose(readme: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    let mut in_block = false;
    for line in readme.lines() {
        if let Some(lang) = line.strip_prefix("```") {
            if in_block {
                in_block = false;
                skipping = false;
            } else {
                in_block = true;
                skipping = !lang.is_empty() && lang != "text";
            }
            continue;
        }
        if !skipping {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The text files under `dir`, recursively (charts are images, skipped).
fn text_files(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            text_files(&path, out);
        } else if path.extension().is_some_and(|e| {
            ["md", "html", "json", "toml", "txt"].contains(&e.to_str().unwrap_or(""))
        }) {
            out.push((
                path.display().to_string(),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
}

#[test]
fn no_file_a_user_reads_uses_internal_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    text_files(&root.join("data/boards"), &mut files);
    text_files(&root.join("reports"), &mut files);
    text_files(&root.join("schemas"), &mut files);
    for (path, text) in crate::common::documents() {
        files.push((path, readme_prose(&text)));
    }
    assert!(files.len() > 20, "{} files", files.len());
    let found: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| {
            internal_words(text)
                .into_iter()
                .map(move |h| format!("{path}: {h}"))
        })
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}
