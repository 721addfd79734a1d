//! `transitions` writes its tables as it makes them (one state's rows, one row of N at a time),
//! so that its memory is bounded by the chain and not by its output: the bytes written so are
//! the answer kept in memory and rendered, byte for byte, in CSV and JSON, for the move table,
//! the matrix and N, and what the binary prints; a reader that stops early (`| head`) ends the
//! run quietly, with exit code 0.

use std::io::Read;

use candyland::{
    read_board, render, transitions, write_transitions, Budget, Format, Layout, TransitionsOptions,
    TransitionsTable,
};

use crate::common::{candyland, dir_with, run};

/// The binary's flags for `table` in `format`.
fn flags(table: &TransitionsTable, format: Format) -> Vec<String> {
    let mut flags: Vec<String> = match table {
        TransitionsTable::Moves => vec![],
        TransitionsTable::Matrix => vec!["--aggregate".into()],
        TransitionsTable::Fundamental(from) => std::iter::once("--fundamental".to_string())
            .chain(from.iter().flat_map(|f| ["--from".to_string(), f.clone()]))
            .collect(),
        TransitionsTable::Graph => vec!["--dot".into()],
    };
    if format == Format::Json {
        flags.push("--json".into());
    }
    flags
}

#[test]
fn the_streamed_tables_are_the_answers_kept_in_memory_and_what_the_binary_prints() {
    let tables = [
        TransitionsTable::Moves,
        TransitionsTable::Matrix,
        TransitionsTable::Fundamental(vec![]),
        TransitionsTable::Fundamental(vec!["start".into()]),
        TransitionsTable::Graph,
    ];
    for name in ["hi-ho-cherry-o", "chutes-and-ladders", "candy-land-1984"] {
        let board = read_board(Some(name)).unwrap();
        for table in &tables {
            for format in [Format::Csv, Format::Json] {
                if *table == TransitionsTable::Graph && format == Format::Json {
                    // The state graph is DOT only (`--dot` refuses `--json`).
                    continue;
                }
                let options = TransitionsOptions {
                    table: table.clone(),
                    written_as: format,
                    ..TransitionsOptions::default()
                };
                let kept = transitions(&board, &options, &Budget::default()).unwrap();
                let rendered = render(&kept, format, Layout::default()).unwrap();
                let mut streamed = Vec::new();
                write_transitions(&board, &options, &Budget::default(), &mut streamed).unwrap();
                let streamed = String::from_utf8(streamed).unwrap();
                let what = format!("{name} {table:?} {format:?}");
                assert_eq!(streamed, rendered, "{what}");
                let flags = flags(table, format);
                let mut args = vec!["transitions", name];
                args.extend(flags.iter().map(String::as_str));
                let (code, printed, err) = run(&args);
                assert_eq!(code, 0, "{what}: {err}");
                assert_eq!(printed, streamed, "{what}");
                if format == Format::Json {
                    let doc: serde_json::Value = serde_json::from_str(&streamed).unwrap();
                    assert_eq!(doc["command"], "transitions", "{what}");
                }
            }
        }
    }
}

#[test]
fn a_reader_that_stops_early_ends_the_writing_quietly() {
    // 20,000 spaces: megabytes of table, far more than a pipe holds.
    let text = candyland::internals::games::candyland::generate::board_text(
        &candyland::internals::games::candyland::generate::Spec {
            spaces: 20_000,
            seed: 1,
            licorice: 3,
            landmarks: 6,
            shortcuts: 2,
        },
    );
    let (dir, paths) = dir_with(&[("big.toml", &text)]);
    for flag in ["--aggregate", "--json"] {
        let mut child = std::process::Command::new(candyland().get_program())
            .args(["transitions", paths[0].to_str().unwrap(), flag])
            .env_remove("COLUMNS")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 100];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{flag}: {err}");
        assert!(err.is_empty(), "{flag}: {err}");
    }
    drop(dir);
}
