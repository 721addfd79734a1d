//! `check` tried as an adversary and as a new user would: summaries no whole-number lengths can
//! have, a budget that cannot hold the whole search, a budget no clock can hold, a game long
//! enough to decide a rejection, a program with a rule outside the search, lengths checked with
//! no board named. Each test failed on the code before it.

use serde_json::Value;

use crate::common::{candyland, dir_with, run};

/// `check ARGS --json`, which must succeed.
fn check_json(args: &[&str]) -> Value {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// Simulates `args` (after `simulate`) into a file of lengths in a new folder.
fn lengths_of(args: &[&str]) -> (tempfile::TempDir, String) {
    let (dir, _) = dir_with(&[]);
    let file = dir.path().join("l.txt").to_str().unwrap().to_string();
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--lengths", &file]);
    let (code, _, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    (dir, file)
}

#[test]
fn summaries_no_whole_number_lengths_can_have_are_refused_with_the_rule_and_exit_2() {
    for (summary, rule) in [
        (
            "games=10,sd=0,min=5,max=20",
            "less than games between min=5 and max=20 can spread",
        ),
        (
            "games=10,mean=10,sd=0,median=11",
            "a median lies within one standard deviation",
        ),
        (
            "games=10,mean=5,min=5,max=20",
            "the mean is at least min + (max - min) / games",
        ),
        ("games=1,mean=30.5", "no total of turns gives 30.5"),
        (
            "games=2,mean=10,min=5,max=20",
            "at least min + (max - min) / games = 12.5",
        ),
        (
            "games=10,mean=15,sd=0.01",
            "spread either not at all (sd 0) or by at least 0.3000",
        ),
    ] {
        let (code, _, err) = run(&["check", "--summary", summary, "--no-rank"]);
        assert_eq!(code, 2, "{summary}: {err}");
        assert!(
            err.contains("--summary") && err.contains(rule),
            "{summary}: {err}"
        );
    }
}

#[test]
fn a_budget_too_short_for_another_game_leaves_that_game_out_and_says_how_to_include_it() {
    // Chutes and Ladders lengths against its own board (the library, so that no watchdog stops
    // the run): the other games are searched after it, and 1 s does not hold the Candy Land
    // search, estimated alone at over a second. It is left out, where its refusal ended the
    // run before (rewrapped as an unknown error, exit 1), and the reason names a budget above
    // what it says the work would take.
    use candyland::internals::budget::{Budget, Silent};
    use candyland::internals::results::check::{check, CheckAnswer, CheckData, CheckOptions};
    let (_dir, file) = lengths_of(&["chutes-and-ladders", "-n", "2000"]);
    let lengths: Vec<u32> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    let board = candyland::internals::games::load::read_board(Some("chutes-and-ladders")).unwrap();
    let data = CheckData::Lengths {
        label: "l.txt".into(),
        lengths,
    };
    let answer = check(
        &board,
        &data,
        &CheckOptions::default(),
        &Budget::new(1.0),
        &Silent,
    );
    let CheckAnswer::Lengths(r) = answer.unwrap() else {
        panic!("lengths")
    };
    let searched = r.searched.unwrap();
    let candy = searched
        .games_left_out
        .iter()
        .find(|w| w.starts_with("candyland (left out for the budget"))
        .unwrap_or_else(|| panic!("{:?}", searched.games_left_out));
    let number_after = |key: &str| -> f64 {
        let rest = candy.split(key).nth(1).unwrap_or_else(|| panic!("{candy}"));
        let n: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        n.parse().unwrap_or_else(|_| panic!("{candy}"))
    };
    let needed = number_after("--budget ");
    let cost = number_after("would take about ");
    let cost = if candy.contains(&format!("about {cost} ms")) {
        cost / 1e3
    } else {
        cost
    };
    assert!(needed >= cost && needed > 1.0, "{candy}");
    assert!(
        r.conclusion.contains("left out for the budget"),
        "{}",
        r.conclusion
    );
}

#[test]
fn a_budget_refusal_inside_the_search_keeps_its_type_and_exit_code() {
    // Another game's search wraps its errors with the game's name; the budget's refusal
    // inside must still be the user's to fix (exit 2), not an unknown error (exit 1).
    let refusal = candyland::internals::budget::Budget::new(0.001)
        .time("searching 864 rule sets", 10.0, "narrow the rules")
        .unwrap_err();
    let wrapped = candyland::Error::from(refusal).context("searching the candyland boards");
    assert_eq!(wrapped.kind(), candyland::ErrorKind::OverBudget);
    assert_eq!(candyland::internals::app::exit_code(&wrapped), 2);
    assert!(format!("{wrapped}").contains("searching the candyland boards: searching 864"));
}

#[test]
fn a_refusal_of_the_given_boards_own_search_exits_2() {
    let (_dir, file) = lengths_of(&["chutes-and-ladders", "-n", "200"]);
    let (code, _, err) = run(&[
        "check",
        &file,
        "--board",
        "chutes-and-ladders",
        "--budget",
        "0.001",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--budget"), "{err}");
    assert!(!err.contains("would take about 0 ms"), "{err}");
}

#[test]
fn any_finite_budget_is_accepted_by_every_command() {
    // Past what a clock can hold (1e19 s, 1e308 s): no deadline, and no panic.
    for budget in ["1e19", "1e308"] {
        for args in [
            vec!["analyze", "--budget", budget],
            vec!["simulate", "-n", "1000", "--budget", budget],
            vec!["players", "--games", "200", "--budget", budget],
            vec!["spaces", "--budget", budget],
            vec![
                "check",
                "--summary",
                "games=100,mean=39",
                "--no-rank",
                "--budget",
                budget,
            ],
        ] {
            let (code, _, err) = run(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
        }
    }
}

#[test]
fn the_game_that_decides_an_extreme_is_named_with_its_line() {
    // 20,000 i.i.d. games of clark-program and one of 900 turns at the end: under these rules
    // a game that long has a chance far below 1e-9, and the verdict names it and its line.
    let (dir, file) = lengths_of(&["clark-program", "-n", "20000", "-s", "3", "--deck", "iid"]);
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("900\n");
    let path = dir.path().join("bug.txt");
    std::fs::write(&path, &text).unwrap();
    let v = check_json(&[
        path.to_str().unwrap(),
        "--board",
        "clark-program",
        "--no-rank",
    ]);
    let verdict = v["fit"]["verdict"].as_str().unwrap();
    assert!(verdict.starts_with("INCONSISTENT"), "{verdict}");
    // The game alone decides it: without it the same games are consistent.
    let alone = check_json(&[&file, "--board", "clark-program", "--no-rank"]);
    assert_eq!(
        alone["fit"]["consistent"], true,
        "{}",
        alone["fit"]["verdict"]
    );
    assert!(
        verdict.contains("1 game of 900 turns (line 20,001): under these rules a game that long has chance about"),
        "{verdict}"
    );
    let o = &v["fit"]["outliers"][0];
    assert_eq!(o["side"], "long");
    assert!(o["chance"].as_f64().unwrap() < 1e-9, "{o}");
}

#[test]
fn a_decided_setting_says_it_holds_only_inside_the_search_and_what_could_tell() {
    // A student's program with a rule outside the search (a tortoise square pays 5 carrots a
    // square, not 10): whatever the set decides, it says so only if the program follows one of
    // the rule sets searched, and points at the winners by seat and at `play`.
    let board = std::fs::read_to_string("data/boards/hare-and-tortoise.toml")
        .unwrap()
        .replace("tortoise-carrots = 10", "tortoise-carrots = 5")
        .replace("name = \"hare-and-tortoise\"", "name = \"student\"");
    let (dir, paths) = dir_with(&[("student.toml", &board)]);
    let student = paths[0].to_str().unwrap();
    let file = dir.path().join("l.txt");
    let file = file.to_str().unwrap();
    let (code, _, err) = run(&[
        "simulate",
        student,
        "-p",
        "2",
        "-n",
        "3000",
        "--lengths",
        file,
    ]);
    assert_eq!(code, 0, "{err}");
    let v = check_json(&[
        file,
        "--board",
        "hare-and-tortoise",
        "--players",
        "2",
        "--vary",
        "start-carrots,hare-draws",
    ]);
    let c = v["conclusion"].as_str().unwrap();
    if !v["decided"].as_array().unwrap().is_empty() {
        assert!(
            c.contains("Decided, if the data come from one of the"),
            "{c}"
        );
        assert!(
            c.contains("a rule outside them can make a wrong combination of these fit as well"),
            "{c}"
        );
        assert!(
            c.contains("winning seat") && c.contains("candyland play"),
            "{c}"
        );
    }
    assert!(!c.contains("Decided, among the"), "{c}");
}

#[test]
fn lengths_checked_with_no_board_named_are_fitted_to_the_best_of_the_set() {
    // Chutes and Ladders lengths and no --board: nobody chose candy-land-1984, so no sentence
    // says "the reference you chose", and the fit is to the best hypothesis of the set.
    let (_dir, file) = lengths_of(&["chutes-and-ladders", "-n", "3000", "-s", "5"]);
    let v = check_json(&[&file]);
    let c = v["conclusion"].as_str().unwrap();
    assert!(!c.contains("you chose"), "{c}");
    let reference = &v["fit"]["reference"];
    assert_eq!(reference["chosen"], "best_of_set", "{reference}");
    assert!(
        reference["label"]
            .as_str()
            .unwrap()
            .starts_with("chutes-and-ladders"),
        "{reference}"
    );
    assert_eq!(v["fit"]["consistent"], true, "{}", v["fit"]["verdict"]);
    let text = candyland().args(["check", &file]).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("the best hypothesis of the set, as no board was named"),
        "{text}"
    );
    // Named, it is the board named, as before.
    let v = check_json(&[&file, "--board", "candy-land-1984", "--vary", "doubles"]);
    assert_eq!(v["fit"]["reference"]["chosen"], "named");
    let label = v["fit"]["reference"]["label"].as_str().unwrap();
    assert!(label.starts_with("candy-land-1984"), "{label}");
}

#[test]
fn a_search_that_does_not_fit_the_budget_runs_the_part_that_fits_and_says_what_it_left_out() {
    // Four novices on the shipped boards (start-carrots varied) with references of 2,000,000
    // games: the pilots fit 6 s, the later stages (a tenth of that and all of it for the best,
    // seconds to minutes of simulation) do not. They are left out, each with the budget that
    // includes it, and the hypotheses keep their pilots' models; before, the search refused
    // as a whole.
    use candyland::internals::budget::Budget;
    use candyland::internals::check::policies::{search_game, PolicyBoard, PolicySpace};
    use candyland::internals::check::{rule_space_of, Narrowing, Sample, Settings};
    use candyland::internals::games::{hare, BoardSource};
    let (_dir, file) = lengths_of(&["hare-and-tortoise", "-p", "4", "-n", "2000", "-s", "7"]);
    let lengths: Vec<u32> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    let hist = candyland::internals::check::histogram(&lengths);
    let boards: Vec<PolicyBoard> = hare::SHIPPED
        .iter()
        .map(|b| PolicyBoard {
            name: b.name.to_string(),
            source: BoardSource::new(b.name, b.text),
        })
        .collect();
    let narrowing = Narrowing {
        vary: Some(vec!["start-carrots".into()]),
        fix: Vec::new(),
    };
    let space = rule_space_of(hare::KIND, hare::board::rule_space(), &narrowing).unwrap();
    let hs = PolicySpace {
        boards: &boards,
        space: &space,
        players: &[4],
        mixed: &[],
        cap: None,
        refine: true,
        left_out_players: &[],
    };
    let settings = Settings {
        players: 4,
        reference_games: 2_000_000,
        seed: 1,
        budget: Budget::new(6.0),
        alpha: 0.05,
    };
    let part =
        search_game::<hare::Board>(&hs, &Sample::of(&hist), &settings, None, &|_| {}).unwrap();
    assert!(!part.notes.is_empty(), "{:?}", part.how);
    assert!(
        part.notes.iter().all(|n| n.contains("run with --budget")),
        "{:?}",
        part.notes
    );
    assert!(!part.candidates.is_empty());
}
