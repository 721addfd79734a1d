//! Bad input never panics: each fixture in tests/fixtures/invalid gives a message naming the
//! file and the field (or line), with exit code 2.

use crate::common::{candyland, dir_with};

/// (fixture, fragments the message must contain)
const FIXTURES: &[(&str, &[&str])] = &[
    ("race-no-squares.toml", &["board.squares", "is 0"]),
    ("race-face-zero.toml", &["spinner.faces[1]", "is 0"]),
    (
        "race-face-two-moves.toml",
        &["spinner.faces[1]", "has 2 moves"],
    ),
    (
        "race-face-unknown-key.toml",
        &["spinner.faces[1].sideways", "not a face key"],
    ),
    (
        "race-face-to-past-end.toml",
        &["spinner.faces[1].to", "is 11", "0 (the start) to 10"],
    ),
    (
        "race-face-start-false.toml",
        &["spinner.faces[1].start", "start = true"],
    ),
    (
        "race-face-name-not-text.toml",
        &["spinner.faces[0].name", "as text"],
    ),
    (
        "race-face-not-a-move.toml",
        &["spinner.faces[1]", "\"two\""],
    ),
    (
        "race-duplicate-face-name.toml",
        &["spinner.faces[1]", "'bird'", "own `name`"],
    ),
    (
        "race-weights-mismatch.toml",
        &["spinner.weights", "1 weights for 2 faces"],
    ),
    (
        "race-jump-costs-turn-not-bool.toml",
        &["board.ladders[0].costs-turn", "expected a boolean"],
    ),
    (
        "race-bounce-face-too-big.toml",
        &["rules.overshoot", "a face moves 5"],
    ),
    (
        "race-back-by-negative.toml",
        &["rules.back-by", "`-1`", "whole number"],
    ),
    (
        "race-words-position-without-n.toml",
        &["words.position", "{n} exactly once"],
    ),
    (
        "race-unknown-key.toml",
        &["rules.reroll", "unknown field", "roll-again"],
    ),
    ("race-empty-spinner.toml", &["spinner.faces", "is empty"]),
    ("race-words-empty.toml", &["words.draws", "is empty"]),
    (
        "syntax-error.toml",
        &["syntax-error.toml", "line 4, column 1"],
    ),
    ("unknown-key.toml", &["unknown-key.toml", "licorise"]),
    (
        "unknown-colour.toml",
        &["board.spaces[1]", "'pink'", "red, purple"],
    ),
    (
        "licorice-out-of-range.toml",
        &["board.licorice[0]", "past the last space (2)"],
    ),
    (
        "pattern-bad-colour-and-more.toml",
        &[
            "board.pattern[1]: 'purpel' (did you mean 'purple'?) is not a colour",
            "board.licorice[1]: 12 is past the last space (8)",
            "board.shortcuts[0]: leads from space 3 to itself",
        ],
    ),
    ("empty-deck.toml", &["deck", "no cards"]),
    ("negative-count.toml", &["negative-count.toml", "red"]),
    (
        "shortcut-chain.toml",
        &["board.shortcuts[0].to", "chains or cycles of shortcuts"],
    ),
    (
        "landmark-without-card-entry.toml",
        &["board.landmarks[0]", "[deck.landmark]"],
    ),
    (
        "card-for-missing-colour.toml",
        &["deck.single.green", "no space is green"],
    ),
    ("empty-board.toml", &["board", "no spaces"]),
    (
        "landmark-card-without-space.toml",
        &["deck.landmark.\"Plumpy\"", "no space is the landmark"],
    ),
    (
        "duplicate-landmark.toml",
        &["board.landmarks[1]", "already space 2", "unique"],
    ),
    (
        "shortcut-out-of-range.toml",
        &["board.shortcuts[0].to", "past the last space (2)"],
    ),
    (
        "shortcut-to-itself.toml",
        &["board.shortcuts[0]", "to itself"],
    ),
    (
        "shortcut-cycle.toml",
        &["board.shortcuts[0].to", "chains or cycles"],
    ),
    (
        "licorice-on-last-space.toml",
        &["board.licorice[0]", "last space"],
    ),
    (
        "count-overflow.toml",
        &[
            "count-overflow.toml",
            "deck.single.red",
            "99999999999",
            "0 to 4294967295",
        ],
    ),
    (
        "too-many-cards.toml",
        &["deck", "8000000000 cards", "at most 1000000"],
    ),
    ("not-utf8.toml", &["not-utf8.toml", "not UTF-8 text"]),
    ("a-directory.toml", &["a-directory.toml", "is a directory"]),
    (
        "unknown-game.toml",
        &["game", "'snakes'", "chutes-and-ladders"],
    ),
    (
        "chutes-ladder-goes-down.toml",
        &["board.ladders[0]", "a ladder goes up"],
    ),
    (
        "chutes-chute-goes-up.toml",
        &["board.chutes[0]", "a chute goes down"],
    ),
    (
        "chutes-jump-from-last-square.toml",
        &["board.chutes[0]", "square 10", "none on the last square"],
    ),
    (
        "chutes-jump-onto-jump.toml",
        &[
            "board.ladders[0]",
            "another jump starts",
            "chain-jumps = true",
        ],
    ),
    (
        "chutes-jump-cycle.toml",
        &["board.ladders[0]", "cycle of jumps"],
    ),
    (
        "chutes-bounce-face-too-big.toml",
        &["rules.overshoot", "at most the number of squares (4)"],
    ),
    (
        "chutes-roll-again-not-a-face.toml",
        &[
            "rules.roll-again[0]",
            "no face of the spinner moves forward 6",
        ],
    ),
    (
        "chutes-too-many-rolls.toml",
        &["rules.max-rolls", "lower max-rolls"],
    ),
    (
        "chutes-weights-mismatch.toml",
        &["spinner.weights", "one weight per face"],
    ),
    ("chutes-no-squares.toml", &["board.squares", "is 0"]),
    (
        "chutes-unknown-key.toml",
        &["chutes-unknown-key.toml", "line 5", "snakes"],
    ),
];

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/invalid/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn every_invalid_fixture_gives_a_clear_message_and_exit_code_2() {
    for (name, fragments) in FIXTURES {
        let out = candyland()
            .args(["analyze", &fixture(name)])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        for f in *fragments {
            assert!(stderr.contains(f), "{name}: message lacks {f:?}:\n{stderr}");
        }
    }
}

#[test]
fn every_file_in_the_invalid_folder_has_an_expectation() {
    let dir = format!("{}/tests/fixtures/invalid", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        assert!(
            FIXTURES.iter().any(|(f, _)| *f == name),
            "no expectation for {name}"
        );
    }
}

#[test]
fn all_problems_of_a_file_are_reported_at_once() {
    let (_dir, paths) = dir_with(&[(
        "two.toml",
        "name = \"two problems\"\n[board]\nspaces = [\"red\", \"blue\"]\nlicorice = [5]\nshortcuts = [{ from = 1, to = 9 }]\n[deck.single]\nred = 1\n",
    )]);
    let out = candyland().arg("analyze").arg(&paths[0]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr.contains("board.licorice[0]") && stderr.contains("board.shortcuts[0].to"));
}

#[test]
fn a_bad_pattern_colour_is_reported_once_and_the_other_checks_go_on() {
    // Pattern red, purpel, blue over 9 spaces: spaces 1, 4 and 7 are the bad colour. Licorice
    // on 4 and purple cards are not mistakes of their own (4 may be meant purple), so they get
    // no message; licorice past the end and the shortcut to itself do.
    let out = candyland()
        .args(["analyze", &fixture("pattern-bad-colour-and-more.toml")])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.matches("purpel").count(), 1, "{err}");
    for wrong in ["board.licorice[0]", "deck.single.purple", "landmark"] {
        assert!(
            !err.contains(wrong),
            "a follow-on message {wrong:?}:\n{err}"
        );
    }
    assert!(err.contains("board.licorice[1]") && err.contains("board.shortcuts[0]"));
}

#[test]
fn a_missing_board_names_the_shipped_ones() {
    let out = candyland()
        .args(["analyze", "no-such-board"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("no-such-board")
            && stderr.contains("candy-land-1984, treats, clark-program")
    );
}

#[test]
fn a_directory_is_not_a_board() {
    let dir = tempfile::tempdir().unwrap();
    let out = candyland().arg("analyze").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a directory"));
}

#[test]
fn bad_flags_exit_with_code_2() {
    for args in [
        &["analyze", "--tolerance", "2"][..],
        &["analyze", "--tolerance", "abc"],
        &["analyze", "--max-turns", "0"],
        &["analyze", "--licorice", "sticky"],
        &["analyze", "--without", "everything"],
        &["analyze", "--landmark-frees", "maybe"],
        &["analyze", "--json", "--csv"],
        &["frobnicate"],
    ] {
        let out = candyland().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}");
    }
}

#[test]
fn a_variant_that_breaks_an_explicit_board_is_reported() {
    // --without landmarks on an explicit list whose shortcut leads onto a landmark space.
    let (_dir, paths) = dir_with(&[(
        "b.toml",
        "name = \"b\"\n[board]\nspaces = [\"red\", \"Star\", \"blue\", \"red\"]\nshortcuts = [{ from = 0, to = 1 }]\n[deck.single]\nred = 1\nblue = 1\n[deck.landmark]\nStar = 1\n",
    )]);
    let out = candyland()
        .arg("analyze")
        .arg(&paths[0])
        .args(["--without", "landmarks"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("board.shortcuts[0].to"), "{stderr}");
}

#[test]
fn a_board_with_five_mistakes_of_different_kinds_reports_all_five_in_one_run() {
    // First a file whose shape is wrong four ways: an unknown key, a
    // negative count, two words that are not a rule's values; each named with its line.
    let board = r#"
name = "six"
colour = "nope"

[board]
spaces = ["red", "blue", "pink", "green", "red", "blue"]
licorice = [9]

[deck.single]
red = 2
blue = 2
green = 2
purple = -1

[rules]
licorice = "sticky"
doubles = "three-steps"
"#;
    let (_dir, paths) = dir_with(&[("six.toml", board)]);
    let out = candyland().arg("analyze").arg(&paths[0]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    for fragment in [
        "colour (line 3): unknown field `colour`",
        "deck.single.purple (line 13): invalid value: integer `-1`",
        "rules.licorice (line 16): unknown variant `sticky`",
        "rules.doubles (line 17): unknown variant `three-steps`",
    ] {
        assert!(err.contains(fragment), "lacks {fragment:?}:\n{err}");
    }
    // A removed deck count skips the board's own checks (the deck would look emptier than the
    // file says). Without it, five mistakes of different kinds: an unknown key, two bad rule
    // words, a colour that does not exist and licorice past the end, all in one report.
    let fixed = board.replace("purple = -1\n", "");
    let (_dir, paths) = dir_with(&[("five.toml", &fixed)]);
    let out = candyland().arg("analyze").arg(&paths[0]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    for fragment in [
        "colour (line 3): unknown field",
        "rules.licorice (line 15):",
        "rules.doubles (line 16):",
        "board.spaces[2]: 'pink'",
        "board.licorice[0]: 9 is past the last space",
    ] {
        assert!(err.contains(fragment), "lacks {fragment:?}:\n{err}");
    }
    assert!(!err.contains("expected u"), "Rust types leak:\n{err}");
}
