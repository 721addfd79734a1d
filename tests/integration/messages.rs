//! Messages that point at the user's real mistake, through the binary: a misspelt deck key is
//! named with the space it was meant for, a rule flag of another game is the flag's fault (not
//! the board file's), a path that does not exist is "not found", a CSV header points at
//! `--column`, a landmark's name given as a position points at the landmark's own space, and
//! `-` as a board reads the board file from standard input.

use crate::common::{candyland, dir_with, run};
use crate::shipped_text;

/// Runs `candyland args` in `dir` and returns (exit code, stdout, stderr).
fn run_in(dir: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = candyland().current_dir(dir).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_misspelt_deck_key_is_named_with_the_space_it_was_meant_for() {
    // jones-program's deck has `"Cupcake" = 1` for the Cupcake space (8); the typo is in the key.
    let text = shipped_text("jones-program").replace("\"Cupcake\" = 1", "Cupcak = 1");
    assert!(text.contains("Cupcak = 1"));
    let (_dir, paths) = dir_with(&[("typo.toml", &text)]);
    let (code, _, err) = run(&["analyze", paths[0].to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    // The key the user wrote, and the name it should have.
    assert!(
        err.contains("deck.landmark.\"Cupcak\": no space is the landmark 'Cupcak' (did you mean 'Cupcake', space 8?)"),
        "{err}"
    );
    // Not the backwards suggestion at the (correct) space.
    assert!(!err.contains("did you mean 'Cupcak'"), "{err}");
    assert!(!err.contains("board.landmarks"), "{err}");
    // A key that is nobody's slip is still reported as before.
    let text =
        shipped_text("jones-program").replace("\"Rainbow\" = 0", "\"Rainbow\" = 0\nZebra = 1");
    let (_dir, paths) = dir_with(&[("stray.toml", &text)]);
    let (code, _, err) = run(&["analyze", paths[0].to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("deck.landmark.\"Zebra\": no space is the landmark 'Zebra'; add the space to the board or remove the card"),
        "{err}"
    );
}

#[test]
fn a_rule_flag_of_another_game_names_the_flag_not_the_board_file() {
    let (code, _, err) = run(&["analyze", "chutes-and-ladders", "--licorice", "none"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--licorice is a rule of Candy Land boards, and chutes-and-ladders (shipped board) is a Chutes and Ladders board, whose rule flags are --back-by, --chain-jumps, --jump-costs-turn"),
        "{err}"
    );
    assert!(err.contains("leave --licorice out"), "{err}");
    assert!(!err.contains("invalid board"), "{err}");
    // A flag two games share names both; an element of another game names this board's.
    let (code, _, err) = run(&["analyze", "--chain-jumps", "true", "--without", "ladders"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--chain-jumps is a rule of Chutes and Ladders and race boards"),
        "{err}"
    );
    assert!(
        err.contains("--without ladders: candy-land-1984 (shipped board) is a Candy Land board, which has no ladders; it has: licorice, landmarks, shortcuts"),
        "{err}"
    );
}

#[test]
fn a_path_that_does_not_exist_is_not_found_and_only_a_bare_word_is_a_board_name() {
    let dir = tempfile::tempdir().unwrap();
    for path in ["./nothere.toml", "nothere.toml", "boards/nothere"] {
        let (code, _, err) = run_in(dir.path(), &["analyze", path]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!("board file '{path}' not found; check the path")),
            "{path}: {err}"
        );
        assert!(!err.contains("no shipped board"), "{path}: {err}");
    }
    let (code, _, err) = run_in(dir.path(), &["analyze", "clasic"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no shipped board is called 'clasic' (did you mean 'classic'?)"),
        "{err}"
    );
}

#[test]
fn a_lengths_file_with_a_csv_header_points_at_column() {
    let (_dir, paths) = dir_with(&[
        ("header.csv", "length\n12\n30\n"),
        ("table.csv", "game,turns\n1,12\n2,30\n"),
    ]);
    let (code, _, err) = run(&["check", paths[0].to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 1: 'length' is not a number"), "{err}");
    assert!(
        err.contains("this looks like a CSV file's header: read one column with `--column length` (columns: length)"),
        "{err}"
    );
    let (code, _, err) = run(&["check", paths[1].to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("`--column game` (columns: game, turns)"),
        "{err}"
    );
    // And with --column the same file is read.
    let (code, out, err) = run(&[
        "check",
        paths[1].to_str().unwrap(),
        "--column",
        "turns",
        "--no-rank",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 games"), "{out}");
}

#[test]
fn a_landmarks_name_as_a_position_points_at_its_own_space() {
    // On candy-land-1984 Plumpy is space 8 (Lou Scheffer's cell 9, numbered from 1).
    let (code, _, err) = run(&["odds", "--at", "Plumpy"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "'Plumpy' names space 8, not a position; give its number, 8, or 'space 8 (Plumpy)'"
        ),
        "{err}"
    );
    // Which is then accepted.
    let (code, out, err) = run(&["odds", "--at", "space 8 (Plumpy)"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
    // A colour names many spaces: a number is what to give.
    let (code, _, err) = run(&["odds", "--at", "red"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'red' is the name of "), "{err}");
    assert!(
        err.contains("give one space's number, e.g. 0 for 'space 0 (red)'"),
        "{err}"
    );
}

#[test]
fn a_dash_as_the_board_reads_the_board_file_from_standard_input() {
    let text = shipped_text("treats");
    let via_stdin = candyland()
        .args(["analyze", "-", "--json"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(
        via_stdin.status.success(),
        "{}",
        String::from_utf8_lossy(&via_stdin.stderr)
    );
    let (code, by_name, err) = run(&["analyze", "treats", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(String::from_utf8_lossy(&via_stdin.stdout), by_name);
    // A broken board on standard input is named as such.
    let out = candyland()
        .args(["board", "show", "-"])
        .write_stdin("name = 3\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: standard input: "), "{err}");
}

#[test]
fn errors_about_a_board_whose_games_can_go_on_forever_name_the_board_file() {
    // Two squares' worth of a spinner that only shows 2 on 3 squares: from square 2 (and so
    // from the start) the finish, square 3, cannot be reached exactly.
    let stuck = "game = \"chutes-and-ladders\"\nname = \"stuck\"\n[board]\nsquares = 3\n[spinner]\nfaces = [2]\n";
    let (dir, _) = dir_with(&[("stuck.toml", stuck), ("lengths.txt", "3\n4\n")]);
    let d = dir.path();
    for args in [
        vec!["players", "stuck.toml"],
        vec!["simulate", "stuck.toml", "--games", "10"],
        vec!["crosscheck", "stuck.toml"],
        vec!["spaces", "stuck.toml"],
        vec!["report", "stuck.toml", "-o", "out"],
        vec!["check", "lengths.txt", "--board", "stuck.toml"],
    ] {
        let (code, _, err) = run_in(d, &args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("stuck.toml") && err.contains("go on forever"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("candyland forever"),
            "{args:?} does not say what to do: {err}"
        );
    }
}
