//! `check` for a Hare and Tortoise program: lengths (and winners by seat) from the tool's own
//! simulator are consistent with the rules and policy that played them and reject clearly
//! different ones; a Hare and Tortoise sample keeps a Hare and Tortoise hypothesis and decides
//! no Candy Land rule, and Candy Land lengths decide no Hare and Tortoise rule; the winners'
//! file format and its errors.

use serde_json::Value;

use crate::common::{candyland, dir_with, run};

/// The rule keys of Hare and Tortoise hypotheses, and their policies and player counts.
const HARE_KEYS: [&str; 8] = [
    "start-carrots",
    "finish-carrots",
    "finish-count",
    "hare-draws",
    "card-pile",
    "nobody-there",
    "policy",
    "players",
];

/// The rule keys of Candy Land boards.
const CANDY_KEYS: [&str; 8] = [
    "licorice",
    "landmark-frees",
    "doubles",
    "double-shortcut",
    "double-licorice",
    "landmark-direction",
    "start",
    "land-on-last-wins",
];

/// Simulates `args` (after `simulate`) writing the lengths (with winners for several players)
/// to `file`.
fn simulate_to(file: &std::path::Path, args: &[&str]) {
    let out = candyland()
        .arg("simulate")
        .args(args)
        .arg("--lengths")
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `check` with `args`, as JSON.
fn check_json(args: &[&str]) -> Value {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// The keys the set decides.
fn decided(doc: &Value) -> Vec<String> {
    doc["decided"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["key"].as_str().unwrap().to_string())
        .collect()
}

/// The value the set decides for `key`, if it does.
fn decided_value(doc: &Value, key: &str) -> Option<String> {
    doc["decided"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == key)
        .map(|s| crate::common::setting_word(&s["values"][0]))
}

#[test]
fn one_novice_alone_fits_its_exact_chain_and_rejects_the_cheapest_policy() {
    // 2,000 games of one novice alone (Wiener's rules, seed 5): the exact one-player chain is
    // the reference. The cheapest policy's games last about 51 turns against 28.5
    // (`analyze hare-and-tortoise --policy cheapest`): rejected, both as the reference and
    // in the search.
    let (dir, _) = dir_with(&[]);
    let file = dir.path().join("alone.txt");
    simulate_to(&file, &["hare-and-tortoise", "-n", "2000", "-s", "5"]);
    let f = file.to_str().unwrap();
    let fits = check_json(&[f, "--board", "hare-and-tortoise", "-p", "1", "--no-rank"]);
    assert_eq!(
        fits["fit"]["consistent"], true,
        "{}",
        fits["fit"]["verdict"]
    );
    assert_eq!(fits["fit"]["reference"]["kind"], "exact");
    let other = check_json(&[
        f,
        "--board",
        "hare-and-tortoise",
        "-p",
        "1",
        "--policy",
        "cheapest",
        "--no-rank",
    ]);
    assert_eq!(other["fit"]["consistent"], false);
    assert!(other["fit"]["z_mean"].as_f64().unwrap() < -50.0);
    // The search, narrowed to two rules (which leaves out the other games, which have
    // neither): every member plays a novice policy, Wiener's (which skips when it cannot
    // move) or novice-chews (which chews a carrot then); alone they differ only in the rare
    // states with no square to move to, which 2,000 games need not tell apart.
    let doc = check_json(&[
        f,
        "--board",
        "hare-and-tortoise",
        "-p",
        "1",
        "--vary",
        "finish-count,nobody-there",
        "--reference-games",
        "5000",
        "--budget",
        "600",
    ]);
    let set = doc["set"].as_array().unwrap();
    assert!(!set.is_empty());
    for member in set {
        let m = member["candidate"].as_str().unwrap();
        assert!(m.starts_with("hare-and-tortoise"), "{m}");
        assert!(m.contains("policy novice"), "{m}");
    }
    let decided = decided_value(&doc, "policy");
    assert!(
        decided.as_deref().is_none_or(|p| p.starts_with("novice")),
        "{decided:?}"
    );
    let cheapest = doc["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["candidate"].as_str().unwrap().contains("policy cheapest"))
        .expect("the cheapest policy was searched");
    assert_eq!(cheapest["in_set"], false);
}

#[test]
#[ignore = "slow (about 40 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn four_novices_fit_the_simulated_reference_and_their_winners_their_seats() {
    // 1,500 games of Wiener's game of four novices (seed 7), with each game's winner:
    // consistent with the same rules simulated anew (another seed), and the winners with the
    // seats' chances. Four players of the cheapest policy play games about twice as long
    // (`simulate hare-and-tortoise -p 4 --policy cheapest`): rejected.
    let (dir, _) = dir_with(&[]);
    let file = dir.path().join("four.txt");
    simulate_to(
        &file,
        &["hare-and-tortoise", "-p", "4", "-n", "1500", "-s", "7"],
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.lines().all(|l| l.split(' ').count() == 2),
        "length and winner"
    );
    let f = file.to_str().unwrap();
    let common = [
        "--board",
        "hare-and-tortoise",
        "-p",
        "4",
        "--reference-games",
        "20000",
    ];
    let fits = check_json(&[&[f][..], &common, &["--no-rank", "-s", "11"]].concat());
    assert_eq!(
        fits["fit"]["consistent"], true,
        "{}",
        fits["fit"]["verdict"]
    );
    assert_eq!(fits["fit"]["reference"]["kind"], "simulated, 20,000 games");
    let w = &fits["winners"];
    assert_eq!(w["off_turn"], 0);
    assert_eq!(w["consistent"], true, "{}", w["verdict"]);
    let won: u64 = w["won"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(won, 1500);
    let other = check_json(&[&[f][..], &common, &["--no-rank", "--policy", "cheapest"]].concat());
    assert_eq!(other["fit"]["consistent"], false);
    // A winner moved to another seat is not the seat whose turn ends its game.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let first: Vec<&str> = lines[0].split(' ').collect();
    let seat: u32 = first[1].parse().unwrap();
    lines[0] = format!("{} {}", first[0], seat % 4 + 1);
    let moved = dir.path().join("moved.txt");
    std::fs::write(&moved, lines.join("\n")).unwrap();
    let m = moved.to_str().unwrap();
    let doc = check_json(&[&[m][..], &common, &["--no-rank"]].concat());
    assert_eq!(doc["winners"]["off_turn"], 1);
    assert_eq!(doc["winners"]["consistent"], false);
    assert!(doc["conclusion"]
        .as_str()
        .unwrap()
        .contains("counts turns differently"));
}

#[test]
#[ignore = "slow (about 30 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn a_hare_sample_with_no_board_keeps_a_hare_hypothesis_and_decides_no_candy_land_key() {
    // One novice alone, checked with no --board: the search covers every game. The set keeps
    // Hare and Tortoise hypotheses, so no rule of Candy Land is decided, and the fit is to the
    // best of them (nobody named a board, so none is taken as the reference).
    let (dir, _) = dir_with(&[]);
    let file = dir.path().join("hare.txt");
    simulate_to(&file, &["hare-and-tortoise", "-n", "1000", "-s", "3"]);
    // A cap of 300 carrots keeps the exact chains small (the chance of ever holding more is
    // 5e-5, `analyze hare-and-tortoise --carrot-cap 300`); the budget allows a loaded machine.
    let doc = check_json(&[
        file.to_str().unwrap(),
        "--reference-games",
        "2000",
        "--carrot-cap",
        "300",
        "--budget",
        "600",
    ]);
    let reference = &doc["fit"]["reference"];
    assert_eq!(reference["chosen"], "best_of_set", "{reference}");
    assert!(
        reference["label"]
            .as_str()
            .unwrap()
            .starts_with("hare-and-tortoise"),
        "{reference}"
    );
    assert_eq!(doc["fit"]["consistent"], true, "{}", doc["fit"]["verdict"]);
    let set = doc["set"].as_array().unwrap();
    assert!(
        set.iter().any(|m| m["candidate"]
            .as_str()
            .unwrap()
            .starts_with("hare-and-tortoise")),
        "{set:?}"
    );
    let keys = decided(&doc);
    for key in CANDY_KEYS {
        assert!(!keys.iter().any(|k| k == key), "{key} decided: {keys:?}");
    }
    assert_eq!(
        decided_value(&doc, "game").as_deref(),
        Some("hare-and-tortoise")
    );
    // As every other game, Hare and Tortoise is searched with the players given (one here);
    // its hypotheses keep their simulations, which the search says.
    let searched = &doc["searched"]["games"];
    let hare = searched
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "hare-and-tortoise")
        .unwrap();
    assert!(!hare["keys"]
        .as_array()
        .unwrap()
        .iter()
        .any(|k| k == "players"));
    assert!(doc["searched"]["how"]
        .as_str()
        .unwrap()
        .contains("the hypotheses keep those simulations"));
}

#[test]
#[ignore = "slow (over 60 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn candy_land_lengths_decide_no_hare_and_tortoise_rule() {
    // Lengths of classic Candy Land (one player, shuffled deck), checked against a Hare and
    // Tortoise board: the reference does not fit, and whatever the set holds, no Hare and
    // Tortoise key is decided (the set holds no Hare and Tortoise hypothesis).
    let (dir, _) = dir_with(&[]);
    let file = dir.path().join("classic.txt");
    simulate_to(&file, &["classic", "-n", "1000", "-s", "3"]);
    let doc = check_json(&[
        file.to_str().unwrap(),
        "--board",
        "hare-and-tortoise",
        "-p",
        "1",
        "--reference-games",
        "2000",
        "--budget",
        "600",
    ]);
    assert_eq!(doc["fit"]["consistent"], false);
    let keys = decided(&doc);
    for key in HARE_KEYS {
        assert!(!keys.iter().any(|k| k == key), "{key} decided: {keys:?}");
    }
    assert!(doc["set"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| !m["candidate"]
            .as_str()
            .unwrap()
            .starts_with("hare-and-tortoise")));
}

#[test]
fn winners_files_are_read_and_checked_line_by_line() {
    let (dir, paths) = dir_with(&[
        ("mixed.txt", "83 2\n90\n"),
        ("seat.txt", "83 9\n"),
        ("three.txt", "83 2 1\n"),
        ("four.txt", "83 3\n86 2\n"),
        ("csv.txt", "turns,seat\n83,3\n86,2\n"),
    ]);
    let p = |i: usize| paths[i].to_str().unwrap().to_string();
    for (args, needle) in [
        (vec![p(0), "-p".into(), "2".into()], "line 2"),
        (
            vec![p(1), "-p".into(), "2".into()],
            "'9' is not a winner's seat",
        ),
        (vec![p(2), "-p".into(), "2".into()], "more than two numbers"),
        (vec![p(3)], "--players"),
        (vec![p(3), "-p".into(), "2".into()], "won by seat 3"),
    ] {
        let mut all = vec!["check".to_string()];
        all.extend(args);
        all.extend([
            "--board".into(),
            "hare-and-tortoise".into(),
            "--no-rank".into(),
        ]);
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{all:?}");
        assert!(err.contains(needle), "{all:?}: {err}");
    }
    // Turns 83 and 86 of 4 players are seats 3 and 2: the winners fit their turns, in plain
    // text and as a CSV column.
    for args in [
        vec![p(3)],
        vec![
            p(4),
            "--column".into(),
            "turns".into(),
            "--winner-column".into(),
            "seat".into(),
        ],
    ] {
        let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
        all.extend(["--board", "hare-and-tortoise", "-p", "4", "--no-rank"]);
        all.extend(["--reference-games", "2000"]);
        let doc = check_json(&all);
        assert_eq!(doc["winners"]["won"], serde_json::json!([0, 1, 1, 0]));
        assert_eq!(doc["winners"]["off_turn"], 0);
    }
    drop(dir);
}
