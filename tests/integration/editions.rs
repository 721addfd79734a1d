//! The boards people own: the printed edition by its rule book is the default and matches a
//! published exact analysis; the boards that reproduce a simulator program say so in their
//! names, and their old names still work; `boards` groups them and says which is the default
//! and why.

use candyland::internals::games::shipped;

use crate::common::{exact_fraction, run};
use crate::shipped_text;

/// E[T] of the 1984 characters board by its rule book, one player, a card from the full deck
/// each turn, as Dave Rusin publishes it in "Analysis of CandyLand" (Northern Illinois
/// University), from Lou Scheffer's transcription of the board, computed with Maple.
const RUSIN_NUM: &str = "85100195894905694643910808669611193138178322815421121785149337089628722771551370036291180702134592105978444355274796416728813090502234082713012105143335237058223704797492635000525593595263";
const RUSIN_DEN: &str = "2173080537717717179828093958428497620958740477680447849390518719676720484473817661353157677132194901659005721111507530070237798581304539064518217727998877873988212783989568261314165080690";

#[test]
fn the_rule_book_board_has_rusins_exact_expected_length() {
    assert_eq!(
        exact_fraction(shipped_text("candy-land-1984")),
        format!("{RUSIN_NUM}/{RUSIN_DEN}")
    );
    // Rusin's other figures: about 39.2 turns, shortest game 4, median 32, one game in 200 still
    // running after 150 turns.
    let (code, out, err) = run(&["analyze", "candy-land-1984", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        (v["mean"].as_f64().unwrap() - 39.161087).abs() < 5e-7,
        "{}",
        v["mean"]
    );
    assert_eq!(v["shortest_game"]["turns"], 4);
    assert_eq!(v["median"], 32);
    let pmf: Vec<f64> = v["pmf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    let longer_than_150: f64 = 1.0 - pmf.iter().take(151).sum::<f64>();
    assert!(
        (1.0 / 250.0..1.0 / 150.0).contains(&longer_than_150),
        "{longer_than_150}"
    );
}

#[test]
fn each_reading_of_the_rule_book_is_pinned_by_rusins_fraction() {
    // Every other reading of the wording, and Chris Clark's place for Princess Lolly (index 94,
    // one space earlier), gives another exact answer: the published fraction singles out the
    // file's readings.
    let text = shipped_text("candy-land-1984");
    let rusin = format!("{RUSIN_NUM}/{RUSIN_DEN}");
    let clark_lolly = text.replace(
        "{ name = \"Princess Lolly\", at = 95 }",
        "{ name = \"Princess Lolly\", at = 94 }",
    );
    assert_ne!(clark_lolly, text);
    assert_ne!(exact_fraction(&clark_lolly), rusin);
    for (key, value) in [
        ("landmark-frees", "true"),
        ("double-shortcut", "\"each-step\""),
        ("double-licorice", "\"stops-move\""),
        ("land-on-last-wins", "false"),
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{key} = ")))
            .unwrap();
        let other = text.replace(line, &format!("{key} = {value}"));
        assert_ne!(exact_fraction(&other), rusin, "{key} = {value}");
    }
}

#[test]
fn the_default_board_is_the_rule_book_edition() {
    assert_eq!(shipped::DEFAULT_BOARD, "candy-land-1984");
    let (code, out, err) = run(&["analyze"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("candy-land-1984: Candy Land, the 1984 characters edition"),
        "{out}"
    );
}

#[test]
fn old_names_reach_the_renamed_program_boards() {
    for (old, new) in shipped::ALIASES {
        let (code, by_old, err) = run(&["analyze", old, "--json"]);
        assert_eq!(code, 0, "{old}: {err}");
        let (_, by_new, _) = run(&["analyze", new, "--json"]);
        assert_eq!(by_old, by_new, "{old} -> {new}");
        let (code, exported, err) = run(&["board", "export", old]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(exported, shipped_text(new));
    }
    assert_eq!(
        shipped::ALIASES,
        [
            ("classic", "clark-program"),
            ("treats-as-coded", "jones-program")
        ]
    );
}

#[test]
fn boards_groups_rule_books_programs_and_other_games() {
    let (code, out, err) = run(&["boards"]);
    assert_eq!(code, 0, "{err}");
    let at = |text: &str| {
        out.find(text)
            .unwrap_or_else(|| panic!("{text:?} in {out}"))
    };
    // The groups in order, each board under its own.
    let books = at("Candy Land as a rule book plays it");
    let programs = at("Candy Land as a published simulator program plays it");
    let others = at("Other games");
    assert!(books < programs && programs < others, "{out}");
    assert!((books..programs).contains(&at("candy-land-1984 (default)")));
    assert!((books..programs).contains(&at("  treats ")));
    assert!((programs..others).contains(&at("clark-program")));
    assert!((programs..others).contains(&at("jones-program")));
    assert!(at("chutes-and-ladders") > others);
    // Old names, and the default with its reason (the text as wrapped, joined).
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("(old name, still accepted: classic)"),
        "{out}"
    );
    assert!(
        flat.contains("(old name, still accepted: treats-as-coded)"),
        "{out}"
    );
    assert!(
        flat.contains("The default, candy-land-1984, is used when no board is named: it is the printed game (the 1984 characters edition) played by its rule book"),
        "{out}"
    );
    assert!(flat.contains("the one Dave Rusin published"), "{out}");

    let (code, json, err) = run(&["boards", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = v["items"].as_array().unwrap_or_else(|| panic!("{json}"));
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {json}"))
    };
    assert_eq!(row("candy-land-1984")["group"], "rule-book");
    assert_eq!(row("candy-land-1984")["default"], true);
    assert_eq!(row("clark-program")["group"], "program");
    assert_eq!(
        row("clark-program")["aliases"],
        serde_json::json!(["classic"])
    );
    assert_eq!(row("clark-program")["default"], false);
    assert_eq!(row("hi-ho-cherry-o")["group"], "other-game");
}

#[test]
fn boards_lists_every_shipped_board_the_hare_and_tortoise_ones_under_their_game() {
    // Every board the binary ships answers `analyze NAME`; `boards` lists each of them, the
    // Hare and Tortoise boards (which have their own commands) under a heading of their own.
    let shipped: Vec<&str> = candyland::internals::games::shipped::SHIPPED
        .iter()
        .chain(candyland::internals::games::hare::SHIPPED)
        .chain(candyland::internals::games::pig::SHIPPED)
        .chain(candyland::internals::games::monopoly::SHIPPED)
        .map(|b| b.name)
        .collect();
    let (code, out, err) = run(&["boards"]);
    assert_eq!(code, 0, "{err}");
    let hare = out
        .find("Hare and Tortoise")
        .unwrap_or_else(|| panic!("no Hare and Tortoise heading in {out}"));
    for name in &shipped {
        assert!(out.contains(&format!("  {name} ")), "{name} not in {out}");
    }
    for name in candyland::internals::games::hare::SHIPPED
        .iter()
        .map(|b| b.name)
    {
        assert!(
            out[hare..].contains(&format!("  {name} ")),
            "{name} in {out}"
        );
    }
    let (code, json, err) = run(&["boards", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = v["items"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), shipped.len(), "{json}");
    for name in &shipped {
        assert!(names.contains(name), "{name} not in {json}");
    }
    for r in rows
        .iter()
        .filter(|r| r["name"].as_str().unwrap().starts_with("hare"))
    {
        assert_eq!(r["game"], "hare-and-tortoise", "{r}");
        assert_eq!(r["group"], "hare-and-tortoise", "{r}");
        assert_eq!(r["default"], false, "{r}");
        assert!(r["size"]["spaces"].as_u64().unwrap() > 60, "{r}");
    }
    // The boards that loop come last, under a heading of their own.
    let loops = out
        .find("Monopoly, a board that loops")
        .expect("the loop boards' heading");
    for name in ["monopoly", "project-euler-84"] {
        assert!(
            out[loops..].contains(&format!("  {name} ")),
            "{name} in {out}"
        );
        let r = rows.iter().find(|r| r["name"] == name).unwrap();
        assert_eq!(
            (r["game"].as_str(), r["group"].as_str()),
            (Some("monopoly"), Some("loops"))
        );
    }
}

#[test]
fn boards_tells_a_parent_which_board_is_their_box() {
    // A parent with a later box (licorice loses a turn) is pointed at treats, and told no
    // board of that edition is published; the 1984 box is the default, exactly.
    let (code, out, err) = run(&["boards"]);
    assert_eq!(code, 0, "{err}");
    let at = out.find("Which board is my box?").expect("the box guide");
    let guide = out[at..].split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        guide.contains("(the edition first printed in 1984): candy-land-1984, exactly:"),
        "{guide}"
    );
    assert!(
        guide.contains("licorice spaces lose a turn: try treats:"),
        "{guide}"
    );
    assert!(guide.contains("no published transcription"), "{guide}");
}
