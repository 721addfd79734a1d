//! What Hare and Tortoise promises when its figures do not exist or are cut (issue 40): a
//! player that can never reach home is said in words (with why), never a NaN or a chance below
//! 0; a distribution cut at `--max-turns`, and a sample of games stopped there, mark every
//! figure drawn from them as the race games do; a policy name the board does not have is
//! refused by every command; the general solver runs at the default carrot cap; and `check`
//! refuses a reference whose games cannot reach home.

use serde_json::Value;

use crate::common::{dir_with, run};

/// Wiener's board with a third policy, `wander` (the default): `steps = ["random"]`, a move
/// at random and nothing else, so it never chews a lettuce and never reaches home (a player
/// must have chewed its three lettuces to finish).
fn wander_board() -> String {
    candyland::internals::games::hare::SHIPPED[0]
        .text
        .replace("policy = \"novice\"", "policy = \"wander\"")
        + "\n[policies.wander]\ndescription = \"any legal move\"\nsteps = [\"random\"]\n"
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// Every number in `v`, with its path.
fn numbers(v: &Value, at: &str, out: &mut Vec<(String, f64)>) {
    match v {
        Value::Number(n) => out.push((at.to_string(), n.as_f64().unwrap())),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| numbers(x, &format!("{at}/{i}"), out)),
        Value::Object(o) => o
            .iter()
            .for_each(|(k, x)| numbers(x, &format!("{at}/{k}"), out)),
        _ => {}
    }
}

#[test]
fn a_player_that_can_never_reach_home_is_told_in_words_with_no_nan_and_no_negative_chance() {
    let (dir, paths) = dir_with(&[("wander.toml", &wander_board())]);
    let wander = paths[0].to_str().unwrap();
    // (arguments, words the reason must hold)
    let cases: [(Vec<&str>, &[&str]); 3] = [
        (
            vec!["analyze", "hare-and-tortoise", "--carrot-cap", "0"],
            &["--carrot-cap"],
        ),
        (
            vec!["analyze", "hare-and-tortoise", "--start-carrots", "1000"],
            &["1000", "--carrot-cap"],
        ),
        (vec!["analyze", wander], &["wander"]),
    ];
    for (args, reason) in cases {
        // `analyze` on a race board whose games can go on forever reports it with exit 0
        // (cli::a_game_that_can_go_on_forever_is_reported_not_failed): the same here.
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("No game can reach home"), "{args:?}: {out}");
        for word in reason {
            assert!(flat.contains(word), "{args:?}: no {word} in {out}");
        }
        for wrong in ["NaN", "-0.0", "median", "games end by"] {
            assert!(!out.contains(wrong), "{args:?}: {wrong} in {out}");
        }
        assert!(
            !flat.split(' ').any(|w| w.ends_with("inf")),
            "{args:?}: {out}"
        );
        let j = json(&[&args[..], &["--json"]].concat());
        for key in ["mean", "sd", "median", "shortest_game"] {
            assert!(j[key].is_null(), "{args:?}: {key} = {}", j[key]);
        }
        assert!(j["why_never_home"].is_string(), "{args:?}: {j}");
        let mut all = Vec::new();
        numbers(&j, "", &mut all);
        for (at, x) in &all {
            assert!(x.is_finite(), "{args:?}: {at} = {x}");
            let chance = ["/home", "/cut", "/stuck", "/general_solve/home"];
            if chance.contains(&at.as_str()) {
                assert!((0.0..=1.0).contains(x), "{args:?}: {at} = {x}");
            }
        }
        assert_eq!(j["home"], 0.0, "{args:?}");
    }
    // `report` on a race board whose games can go on forever is refused with exit 2
    // (messages::errors_about_a_board_whose_games_can_go_on_forever_name_the_board_file):
    // the same here, and nothing is written.
    for args in [vec!["hare-and-tortoise", "--carrot-cap", "0"], vec![wander]] {
        let out_dir = dir.path().join("report");
        let o = out_dir.to_str().unwrap();
        let all = [&["report"][..], &args, &["--games", "100", "-o", o]].concat();
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains("no game can reach home"), "{all:?}: {err}");
        assert!(err.contains(args[0]), "{all:?}: {err}");
        assert!(!out_dir.join("report.md").exists());
        assert!(!out_dir.join("summary.json").exists());
    }
}

#[test]
fn analyze_cut_at_the_turn_limit_marks_every_figure_drawn_from_the_cut() {
    // The cheapest policy alone: E[T] = 50.7733, median 50 (docs/games.md, "Hare and Tortoise played
    // by computer players"); cut at 48 turns, the games home by then average about 46.5 and
    // their median is 47, neither of which is the answer.
    let args = [
        "analyze",
        "hare-and-tortoise",
        "--policy",
        "cheapest",
        "--max-turns",
        "48",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let line = |label: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("{label} in {out}"))
            .to_string()
    };
    assert!(line("expected turns").contains("> "), "{out}");
    assert!(line("standard deviation").contains("unknown"), "{out}");
    assert!(line("median").contains("> "), "{out}");
    assert!(line("99% of games end by").contains("> "), "{out}");
    assert!(line("P(reaching home)").contains(">="), "{out}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("warning: the turn limit cut the distribution at turn 48"),
        "{out}"
    );
    assert!(flat.contains("--max-turns"), "{out}");
    let j = json(&[&args[..], &["--json"]].concat());
    assert_eq!(j["truncated"], true, "{j}");
    assert_eq!(j["mean_lower_bound"], true, "{j}");
    let mean = j["mean"].as_f64().unwrap();
    assert!(mean < 50.7733, "{mean}");
    assert!(j["sd"].is_null() && j["median"].is_null(), "{j}");
    let median = j["quantiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["p"] == 0.5)
        .unwrap();
    assert_eq!(median["lower_bound"], true, "{median}");
    assert!(median["turns"].as_u64().unwrap() <= 50, "{median}");
    // Uncut, nothing is marked.
    let whole = json(&[
        "analyze",
        "hare-and-tortoise",
        "--policy",
        "cheapest",
        "--json",
    ]);
    assert_eq!(whole["truncated"], false);
    assert!(whole.get("mean_lower_bound").is_none(), "{whole}");
    assert!((whole["mean"].as_f64().unwrap() - 50.7733).abs() < 5e-5);
    assert_eq!(whole["median"], 50);
}

#[test]
fn simulate_stopped_at_the_turn_limit_gives_a_censored_sample_as_the_race_games_do() {
    // Two novices stopped at 60 turns of both: 180 of 2,000 games stopped (seed 5). As
    // `simulate` of a race (exactness::a_simulation_cut_at_the_turn_limit_gives_its_mean_as_a
    // _lower_bound): each counts as 61 turns, the mean is a lower bound with no interval.
    let args = [
        "simulate",
        "hare-and-tortoise",
        "-p",
        "2",
        "-n",
        "2000",
        "-s",
        "5",
        "--max-turns",
        "60",
    ];
    let j = json(&[&args[..], &["--json"]].concat());
    let unfinished = j["unfinished"].as_u64().unwrap();
    assert!(unfinished > 0, "{j}");
    let turns = &j["turns"];
    assert_eq!(turns["games"], 2000, "{turns}");
    assert_eq!(turns["cut"].as_u64(), Some(unfinished), "{turns}");
    assert!(turns.get("mean_ci95").is_none(), "{turns}");
    assert_eq!(turns["max"], 61, "{turns}");
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("mean > "), "{out}");
    assert!(
        flat.contains(&format!(
            "a lower bound: {unfinished} of 2,000 games were stopped at the turn limit and count as 61 turns; no confidence interval"
        )),
        "{out}"
    );
    assert!(
        flat.contains(&format!(
            "warning: {unfinished} of the 2,000 games were stopped at --max-turns 60"
        )),
        "{out}"
    );
    let length = out
        .lines()
        .find(|l| l.trim_start().starts_with("length (all turns)"))
        .unwrap();
    assert!(!length.contains('±'), "an interval of lengths: {out}");
}

#[test]
fn a_policy_name_the_board_lacks_is_refused_by_every_command() {
    let (dir, paths) = dir_with(&[("l.txt", "30\n28\n33\n")]);
    let lengths = paths[0].to_str().unwrap();
    let report = dir.path().join("report");
    let report = report.to_str().unwrap();
    let h = "hare-and-tortoise";
    for args in [
        vec!["analyze", h, "--policy", "novice,nonexistent"],
        vec!["analyze", h, "--policy", "nonexistent"],
        vec!["simulate", h, "-n", "10", "--policy", "novice,nonexistent"],
        vec![
            "simulate",
            h,
            "-n",
            "10",
            "-p",
            "2",
            "--policy",
            "novice,nonexistent",
        ],
        vec!["play", h, "--policy", "nonexistent,novice"],
        vec![
            "report",
            h,
            "--games",
            "100",
            "-o",
            report,
            "--policy",
            "novice,nonexistent",
        ],
        vec![
            "check",
            lengths,
            "--board",
            h,
            "--policy",
            "novice,nonexistent",
        ],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        for word in ["--policy", "'nonexistent'", "cheapest", "novice"] {
            assert!(err.contains(word), "{args:?}: no {word} in {err}");
        }
    }
}

#[test]
fn the_general_solver_runs_at_the_default_carrot_cap() {
    // The novice alone at carrot cap 600 has 21,757 feedback states, too many for the sweep's
    // dense part; the general solve still runs (by Gauss-Seidel) and agrees with the
    // distribution's E[T] = 28.5249 (docs/games.md) to far below its digits (both stop the game at the
    // cap, which it passes with chance 4.6e-12).
    let j = json(&["analyze", "hare-and-tortoise", "--json"]);
    let g = &j["general_solve"];
    assert!(g.is_object(), "{}", j["general_solve_skipped"]);
    assert_eq!(g["feedback_states"], 21_757);
    let (mean, general) = (j["mean"].as_f64().unwrap(), g["mean"].as_f64().unwrap());
    assert!((mean - 28.5249).abs() < 5e-5, "{mean}");
    assert!((general - mean).abs() < 1e-6, "{general} against {mean}");
    assert!((g["home"].as_f64().unwrap() - 1.0).abs() < 1e-9, "{g}");
}

#[test]
fn check_refuses_a_reference_whose_games_cannot_reach_home() {
    let (dir, paths) = dir_with(&[("wander.toml", &wander_board())]);
    let lengths = dir.path().join("l.txt");
    let (code, _, err) = run(&[
        "simulate",
        "hare-and-tortoise",
        "-n",
        "200",
        "--lengths",
        lengths.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let l = lengths.to_str().unwrap();
    let wander = paths[0].to_str().unwrap();
    for (args, names) in [
        (
            vec![
                "check",
                l,
                "--board",
                "hare-and-tortoise",
                "--start-carrots",
                "1000",
            ],
            vec!["hare-and-tortoise", "--carrot-cap", "1000"],
        ),
        (
            vec![
                "check",
                l,
                "--board",
                "hare-and-tortoise",
                "--carrot-cap",
                "0",
            ],
            vec!["hare-and-tortoise", "--carrot-cap"],
        ),
        (
            vec!["check", l, "--board", wander],
            vec!["wander.toml", "wander"],
        ),
    ] {
        let started = std::time::Instant::now();
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("no game can reach home"), "{args:?}: {err}");
        for name in names {
            assert!(err.contains(name), "{args:?}: no {name} in {err}");
        }
        assert!(!err.contains("NaN"), "{err}");
        assert!(started.elapsed().as_secs() < 30, "{args:?}");
    }
}
