//! Hostile text in board files: every text field of every game refuses control, separator and
//! invisible characters, and names reach a Markdown page or a spreadsheet only as text.
//!
//! Every test here runs the binary as a user would (`CANDYLAND_TEST_BIN`, as in `shared`).

use crate::common::dir_with;

use super::shared::run_in;

/// `s` as a TOML basic string on one line (usable as a key too): every control character
/// written as `\uXXXX`.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A Candy Land board with `name`, `description`, `source` and a landmark named `landmark`,
/// written in the explicit (`spaces`) form or the compact one.
fn candy_board(
    name: &str,
    description: &str,
    source: &str,
    landmark: &str,
    compact: bool,
) -> String {
    let q = quoted;
    let board = if compact {
        format!(
            "pattern = [\"red\", \"blue\"]\nlength = 4\nlandmarks = [{{ name = {}, at = 2 }}]",
            q(landmark)
        )
    } else {
        format!("spaces = [\"red\", \"blue\", {}, \"red\"]", q(landmark))
    };
    format!(
        "name = {}\ndescription = {}\nsource = {}\n[board]\n{board}\n[deck.single]\nred = 2\nblue = 1\n[deck.landmark]\n{} = 1\n",
        q(name),
        q(description),
        q(source),
        q(landmark)
    )
}

/// A Chutes and Ladders board with its three texts.
fn chutes_board(name: &str, description: &str, source: &str) -> String {
    let q = quoted;
    format!(
        "game = \"chutes-and-ladders\"\nname = {}\ndescription = {}\nsource = {}\n[board]\nsquares = 10\n[spinner]\nfaces = [1, 2, 3]\n",
        q(name),
        q(description),
        q(source)
    )
}

/// A race board with its texts, one `[words]` entry and one named face.
fn race_board(name: &str, description: &str, word: &str, face: &str) -> String {
    let q = quoted;
    format!(
        "game = \"race\"\nname = {}\ndescription = {}\n[board]\nsquares = 10\n[spinner]\nfaces = [1, 2, {{ name = {}, back = 1 }}]\n[words]\nsquare = {}\n",
        q(name),
        q(description),
        q(face),
        q(word)
    )
}

#[test]
fn every_text_field_of_every_game_refuses_control_separator_and_invisible_text() {
    // (what is wrong, the text, the words the message must hold)
    let bad: [(&str, &str, &str); 8] = [
        ("escape", "evil\u{1b}[2J", "control character U+001B"),
        ("bell", "ding\u{7}", "control character U+0007"),
        ("line feed", "two\nlines", "control character U+000A"),
        (
            "line separator",
            "two\u{2028}lines",
            "line separator U+2028",
        ),
        (
            "paragraph separator",
            "two\u{2029}paras",
            "paragraph separator U+2029",
        ),
        (
            "zero-width only",
            "\u{200b}\u{200b}",
            "only invisible characters",
        ),
        (
            "word joiner and space",
            " \u{2060} ",
            "only invisible characters",
        ),
        (
            "bidirectional override",
            "abc\u{202e}def",
            "bidirectional control U+202E",
        ),
    ];
    let ok = "fine";
    for (what, text, expected) in bad {
        // (field, board text) for every text field of every game.
        let boards: Vec<(&str, String)> = vec![
            ("name", candy_board(text, ok, ok, "Plumpy", false)),
            ("description", candy_board(ok, text, ok, "Plumpy", false)),
            ("source", candy_board(ok, ok, text, "Plumpy", false)),
            ("board.spaces[2]", candy_board(ok, ok, ok, text, false)),
            (
                "board.landmarks[0].name",
                candy_board(ok, ok, ok, text, true),
            ),
            ("name", chutes_board(text, ok, ok)),
            ("description", chutes_board(ok, text, ok)),
            ("source", chutes_board(ok, ok, text)),
            ("name", race_board(text, ok, "cherry", "bird")),
            ("description", race_board(ok, text, "cherry", "bird")),
            ("words.square", race_board(ok, ok, text, "bird")),
            ("spinner.faces[2].name", race_board(ok, ok, "cherry", text)),
        ];
        for (field, board) in boards {
            let (dir, _) = dir_with(&[("b.toml", &board)]);
            let (code, out, err) = run_in(dir.path(), &["analyze", "b.toml"]);
            assert_eq!(code, 2, "{what} in {field} was accepted:\n{out}");
            assert!(
                err.contains(field) && err.contains(expected),
                "{what} in {field}: {err}"
            );
            for raw in ['\u{1b}', '\u{7}', '\u{2028}', '\u{2029}', '\u{202e}'] {
                assert!(
                    !err.contains(raw),
                    "{what} in {field}: raw {raw:?} in {err}"
                );
            }
        }
    }
    // Empty names, in both forms of a landmark too; an empty description is "none".
    for (field, board) in [
        ("name", candy_board("", "", "", "Plumpy", false)),
        ("board.spaces[2]", candy_board(ok, "", "", "", false)),
        (
            "board.landmarks[0].name",
            candy_board(ok, "", "", " ", true),
        ),
    ] {
        let (dir, _) = dir_with(&[("b.toml", &board)]);
        let (code, _, err) = run_in(dir.path(), &["analyze", "b.toml"]);
        assert_eq!(code, 2, "an empty {field} was accepted");
        assert!(
            err.contains(field) && err.contains("is empty"),
            "{field}: {err}"
        );
    }
    let (dir, _) = dir_with(&[("b.toml", &candy_board(ok, "", "", "Plumpy", false))]);
    assert_eq!(run_in(dir.path(), &["analyze", "b.toml"]).0, 0);
    // What reaches the terminal from elsewhere (a path in a message) is escaped, separators
    // too.
    let (code, _, err) = run_in(dir.path(), &["analyze", "no-such-\u{2028}\u{1b}[31m.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-\\u2028\\u001b[31m.toml"), "{err}");
}
#[test]
fn report_md_shows_hostile_names_as_text() {
    let board = r##"name = "<script>alert(1)</script> | *x*"
description = "1. <img src=x onerror=alert(2)> | `tick` [link](http://example.com)"
source = "# not a heading & <b>bold</b>"
[board]
spaces = ["red", "Pipe|Land <script>", "blue"]
[deck.single]
red = 1
blue = 1
[deck.landmark]
"Pipe|Land <script>" = 1
"##;
    let (dir, _) = dir_with(&[("hostile.toml", board)]);
    let args = [
        "report",
        "hostile.toml",
        "-o",
        "out",
        "--games",
        "1000",
        "--format",
        "svg",
        "--size",
        "480x320",
    ];
    let (code, _, err) = run_in(dir.path(), &args);
    assert_eq!(code, 0, "{err}");
    let md = std::fs::read_to_string(dir.path().join("out").join("report.md")).unwrap();
    // No raw HTML: outside code spans, every `<` is escaped.
    for (i, piece) in md.split('`').enumerate() {
        if i % 2 == 0 {
            let raw = piece
                .match_indices('<')
                .filter(|(at, _)| !piece[..*at].ends_with('\\'));
            assert_eq!(raw.count(), 0, "raw '<' in report.md: {piece}");
        }
    }
    assert!(
        md.contains("# Report: \\<script\\>alert(1)\\</script\\> \\| \\*x\\*"),
        "{md}"
    );
    assert!(md.contains("\n1\\. \\<img"), "{md}");
    // Every table row has as many unescaped `|` as its header: a name cannot add a column.
    let mut columns = None;
    for line in md.lines() {
        if !line.starts_with('|') {
            columns = None;
            continue;
        }
        let bars = line
            .char_indices()
            .filter(|&(at, c)| c == '|' && !line[..at].ends_with('\\'))
            .count();
        match columns {
            None => columns = Some(bars),
            Some(n) => assert_eq!(bars, n, "a row with extra cells: {line}"),
        }
    }
    assert!(md.contains("Pipe\\|Land \\<script\\>"), "{md}");
}

#[test]
fn csv_quotes_names_by_rfc_4180_and_defuses_formulas() {
    let names = [
        "Comma, Place",
        "Say \"hi\"",
        "=HYPERLINK(\"http://example.com\",\"x\")",
        "@SUM(A1)",
        "+1+2",
    ];
    let spaces: Vec<String> = names.iter().map(|n| quoted(n)).collect();
    let landmarks: Vec<String> = spaces.iter().map(|s| format!("{s} = 1")).collect();
    let board = format!(
        "name = \"csv\"\n[board]\nspaces = [\"red\", {}, \"blue\"]\n[deck.single]\nred = 2\nblue = 1\n[deck.landmark]\n{}\n",
        spaces.join(", "),
        landmarks.join("\n")
    );
    let (dir, _) = dir_with(&[("csv.toml", &board)]);
    let (code, out, err) = run_in(dir.path(), &["spaces", "csv.toml", "--csv"]);
    assert_eq!(code, 0, "{err}");
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let name_col = headers.iter().position(|h| h == "name").unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert!(rows.iter().all(|r| r.len() == headers.len()), "{out}");
    let read: Vec<&str> = rows.iter().map(|r| &r[name_col]).collect();
    for name in names {
        let expected = if name.starts_with(['=', '+', '-', '@']) {
            format!("'{name}")
        } else {
            name.to_string()
        };
        assert!(read.contains(&expected.as_str()), "{name}: {read:?}");
    }
    // The same guard in every other CSV that carries names.
    let (code, out, _) = run_in(dir.path(), &["transitions", "csv.toml", "--csv"]);
    assert_eq!(code, 0);
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    for r in reader.records() {
        let r = r.unwrap();
        for cell in r.iter() {
            assert!(
                !cell.starts_with(['=', '@', '+']) || cell.parse::<f64>().is_ok(),
                "formula cell {cell:?}"
            );
        }
    }
}
