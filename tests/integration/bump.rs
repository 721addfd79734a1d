//! A game the pipeline had not seen: the bump race (`game = "bump"`), whose tokens meet — a
//! token landed on goes back to the start. It enters as one folder under `src/games/` plus its
//! word in the list of kinds, and every shared stage serves it: the exact chain and its
//! solvers, the simulator, `check`, and the chain of the whole table for several players
//! (`passage`, `players`, `simulate`, `check`), which applies the meeting. Questions that take several players to be
//! independent refuse them, by the game's own word that its tokens meet.

use crate::common::{board, dir_with, exact_fraction, run};
use candyland::internals::chain::Chain;
use candyland::internals::games::{Bump, Variant};

/// Six squares, a fair die of 1, 2, 3; square 6 must be reached exactly (overshoot stays).
/// One player, E_s = expected turns from square s (0 = the start), E_6 = 0:
/// - E_5: 1 finishes, 2 and 3 overshoot: E_5 = 1 + (2/3) E_5, so E_5 = 3.
/// - E_4: 1 -> 5, 2 finishes, 3 stays: E_4 = 1 + (E_5 + E_4)/3, (2/3) E_4 = 2, E_4 = 3.
/// - E_3: 1 -> 4, 2 -> 5, 3 finishes: E_3 = 1 + (3 + 3)/3 = 3.
/// - E_2 = 1 + (E_3 + E_4 + E_5)/3 = 4; E_1 = 1 + (E_2 + E_3 + E_4)/3 = 13/3;
/// - E_0 = 1 + (E_1 + E_2 + E_3)/3 = 1 + (13/3 + 7)/3 = 43/9.
const SIX: &str = r#"
game = "bump"
name = "bump-6"
description = "Six squares and a three-sided die; landing on a token sends it to the start."

[track]
squares = 6

[die]
faces = [1, 2, 3]
"#;

/// Three squares, a fair die of 1, 2; square 3 reached exactly.
const THREE: &str = r#"
game = "bump"
name = "bump-3"

[track]
squares = 3

[die]
faces = [1, 2]
"#;

#[test]
fn one_player_is_the_hand_derived_race() {
    assert_eq!(exact_fraction(SIX), "43/9");
    let g: Bump = board(SIX, &Variant::default());
    assert_eq!(Chain::build(&g).len(), 6);
    crate::common::assert_iid_simulation_fits(&g, 100_000, 7, "bump-6");
}

#[test]
fn two_players_whose_tokens_meet_are_solved_on_the_whole_table() {
    // bump-3, two players. W(m, o) = P(the player to move wins), its token on m, the other's
    // on o (0 = the start; landing on the other's square, not the start, sends it to 0):
    //   W(2, o) = 1/2 + 1/2 (1 - W(o, 2))                   (1 wins; 2 overshoots, stays)
    //   W(1, o) = 1/2 + 1/2 (1 - W(o', 2)), o' = 0 if o = 2  (2 wins; 1 lands on 2)
    //   W(0, o) = 1/2 (1 - W(o'', 1)) + 1/2 (1 - W(o''', 2)), the other sent back when landed on.
    // Nine equations; eliminating gives W(0, 0) = 22/39 for the first seat. With tokens that
    // share squares the players are independent, each finishing in T turns, and the first
    // seat wins with P(T1 <= T2) = 2/3 (`players`' formulas give the same below).
    let (dir, paths) = dir_with(&[("three.toml", THREE)]);
    let three = paths[0].to_str().unwrap();
    let passage = |file: &str| {
        let (code, out, err) = run(&[
            "passage", file, "-p", "2", "--seat", "1", "--to", "finish", "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["probability"].as_f64().unwrap()
    };
    let bumped = passage(three);
    assert!((bumped - 22.0 / 39.0).abs() < 1e-12, "{bumped}");
    let share = dir.path().join("share.toml");
    std::fs::write(
        &share,
        THREE.replace("[die]", "[rules]\nlanding = \"share\"\n\n[die]"),
    )
    .unwrap();
    let share = share.to_str().unwrap();
    let independent = passage(share);
    assert!((independent - 2.0 / 3.0).abs() < 1e-12, "{independent}");
    let players = |file: &str| {
        let (code, out, err) = run(&["players", file, "-p", "2", "--games", "2000", "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["rows"][0]["exact"].clone()
    };
    // Independent tokens: the one-player formulas, which agree with the whole table.
    let p = players(share);
    let win = p["first_finisher"]["win"][0].as_f64().unwrap();
    assert!((win - independent).abs() < 1e-12, "{win} vs {independent}");
    assert_eq!(p["first_finisher"]["route"], "distribution");
    // Tokens that meet: `players` solves the whole table too, and says so. E[R], the rounds,
    // counts the table's states with the first seat to move: (I - Q)^-1 times that indicator
    // at the start is 128/39 (the same nine equations); E[L] = 6 turns.
    let p = players(three);
    let ff = &p["first_finisher"];
    assert_eq!(ff["route"], "table_chain");
    let win = ff["win"][0].as_f64().unwrap();
    assert!((win - bumped).abs() < 1e-12, "{win} vs {bumped}");
    let rounds = ff["rounds"]["mean"].as_f64().unwrap();
    assert!((rounds - 128.0 / 39.0).abs() < 1e-9, "{rounds}");
    let turns = ff["turns"]["mean"].as_f64().unwrap();
    assert!((turns - 6.0).abs() < 1e-9, "{turns}");
    assert!(p["everyone"].is_null(), "{p}");
}

#[test]
fn several_players_whose_tokens_meet_are_simulated_on_the_whole_table() {
    // The same bump-3 game of two players, simulated: the first seat's share of 200,000 wins
    // against 22/39 (derived above), |z| < 4; the mean length against E[L] = 6 turns (the
    // linear solve of the nine-state table chain, (I - Q)^-1 1 at the start, by hand the same
    // elimination as above), |z| < 4 with the sample's own sd.
    let (_dir, paths) = dir_with(&[("three.toml", THREE)]);
    let three = paths[0].to_str().unwrap();
    let (code, out, err) = run(&[
        "simulate", three, "-p", "2", "--games", "200000", "--seed", "3", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let n = 200_000.0;
    let p = 22.0 / 39.0;
    let share = v["win"][0].as_f64().unwrap();
    let z = (share - p) / (p * (1.0 - p) / n).sqrt();
    assert!(
        z.abs() < candyland::internals::stats::Z_LIMIT,
        "seat 1: {share} vs {p}, z = {z}"
    );
    let (mean, sd) = (
        v["turns"]["mean"].as_f64().unwrap(),
        v["turns"]["sd"].as_f64().unwrap(),
    );
    let z = (mean - 6.0) / (sd / n.sqrt());
    assert!(
        z.abs() < candyland::internals::stats::Z_LIMIT,
        "mean {mean}, z = {z}"
    );
}

#[test]
fn check_of_several_players_whose_tokens_meet_is_against_the_whole_table() {
    // Two players of bump-3, simulated: `check --players 2` takes its reference from the chain
    // of the whole table, whose mean length is E[L] = 6 turns (derived above), and its search
    // tells the rule that sends a landed-on token back (landing = to-start) from the rule that
    // lets tokens share a square (independent players: E[L] = 4 by the formulas, see `players`
    // on share.toml). The one-player chains of the two rules are the same, so the search must
    // tell them apart by their tables. Data from the sharing rule, checked against bump-3, are
    // rejected and decide the sharing rule.
    let (dir, paths) = dir_with(&[("three.toml", THREE)]);
    let three = paths[0].to_str().unwrap();
    let share = dir.path().join("share.toml");
    std::fs::write(
        &share,
        THREE.replace("[die]", "[rules]\nlanding = \"share\"\n\n[die]"),
    )
    .unwrap();
    let check = |board: &str, seed: &str| -> serde_json::Value {
        let lengths = dir.path().join(format!("lengths-{seed}.txt"));
        let (code, _, err) = run(&[
            "simulate",
            board,
            "-p",
            "2",
            "--games",
            "20000",
            "--seed",
            seed,
            "--lengths",
            lengths.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = run(&[
            "check",
            lengths.to_str().unwrap(),
            "--board",
            three,
            "--players",
            "2",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).unwrap()
    };
    let landing = |v: &serde_json::Value| {
        v["decided"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["key"] == "landing")
            .map(|d| d["values"].clone())
    };
    let own = check(three, "5");
    let mean = own["fit"]["reference"]["mean"].as_f64().unwrap();
    assert!((mean - 6.0).abs() < 1e-9, "{mean}");
    assert_eq!(own["fit"]["consistent"], true, "{}", own["fit"]["verdict"]);
    assert_eq!(
        landing(&own),
        Some(serde_json::json!(["to-start"])),
        "{}",
        own["conclusion"]
    );
    let shared = check(share.to_str().unwrap(), "6");
    assert_eq!(
        shared["fit"]["consistent"], false,
        "{}",
        shared["fit"]["verdict"]
    );
    assert_eq!(
        landing(&shared),
        Some(serde_json::json!(["share"])),
        "{}",
        shared["conclusion"]
    );
}

#[test]
fn questions_that_take_players_to_be_independent_refuse_several_of_a_game_whose_tokens_meet() {
    let (_dir, paths) = dir_with(&[("six.toml", SIX)]);
    let six = paths[0].to_str().unwrap();
    for args in [
        vec!["play", six, "-p", "2"],
        vec!["forever", six, "-p", "2"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("--players"), "{args:?}: {err}");
        assert!(err.contains("not independent"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn every_one_player_question_and_format_serves_the_new_game() {
    let (dir, paths) = dir_with(&[("six.toml", SIX)]);
    let six = paths[0].to_str().unwrap();
    let out = dir.path().join("report");
    let lengths = dir.path().join("l.txt");
    for args in [
        vec!["analyze", six],
        vec!["analyze", six, "--json"],
        vec!["analyze", six, "--csv"],
        vec!["simulate", six, "--games", "2000"],
        vec!["crosscheck", six, "--games", "2000"],
        vec!["players", six, "-p", "1"],
        vec!["spaces", six],
        vec!["whatif", six],
        vec!["forever", six],
        vec!["transitions", six, "--csv"],
        vec!["play", six, "--seed", "4"],
        vec!["board", "show", six],
        vec!["report", six, "--out", out.to_str().unwrap()],
        vec![
            "simulate",
            six,
            "--games",
            "20000",
            "--lengths",
            lengths.to_str().unwrap(),
        ],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty() || args[0] == "report", "{args:?}");
    }
    assert!(out.join("report.md").exists());
    // `check` fits the simulated lengths to the board and decides the game.
    let (code, out, err) = run(&["check", lengths.to_str().unwrap(), "--board", six, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["fit"]["consistent"], true, "{}", v["fit"]["verdict"]);
    let decided = v["decided"].as_array().unwrap();
    assert!(
        decided
            .iter()
            .any(|d| d["key"] == "game" && d["values"][0] == "bump"),
        "{}",
        v["conclusion"]
    );
}
