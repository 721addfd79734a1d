//! Best play (`best`, `play --best`, `check`'s standing): Pig's published optima, an
//! independent solver beside the engine, Hare and Tortoise's best play bracketed, below every
//! policy, and its exported table through `simulate`, `check` and `report`; bad input.

use candyland::internals::budget::Budget;
use candyland::internals::games::hare;
use candyland::internals::games::pig;
use candyland::internals::games::{BoardSource, PolicyGame};
use candyland::internals::results::best::{best, BestOptions, BestPlay};
use candyland::internals::results::policies::PolicyOptions;
use candyland::internals::solve::best as engine;

use super::common::{candyland, dir_with, run};

/// Two routes to the same float.
const SAME: f64 = 1e-9;

fn shipped(name: &str) -> BoardSource {
    candyland::read_board(Some(name)).expect("shipped board")
}

fn solve<G: PolicyGame>(source: &BoardSource) -> BestPlay {
    let options = BestOptions {
        policies: PolicyOptions::default(),
        name: "best".into(),
        tolerance: 1e-12,
        max_turns: 100_000,
    };
    best::<G>(source, &options, &Budget::unlimited()).expect("solved")
}

/// Pig solitaire to `goal` with a `faces`-faced die, solved by a recursion written here from
/// the rules alone: T(s) is the expected number of turns from the start of a turn at score s,
/// C(s, k) the turns still to come after rolling to turn total k. Rolling a 1 (chance 1/f)
/// ends the turn at score s; any other face r adds r, and s + k + r >= goal wins at once;
/// holding at k > 0 moves to T(s + k). T(s) = 1 + C(s, 0), C(s, 0) rolls. Each T(s) depends on
/// itself through the 1, so it is the fixed point of x -> 1 + C(s, 0 | T(s) = x), found by
/// iterating (a contraction: each pass scales the error by at most the chance of a 1).
/// `hold_at`: `None` for the best choice at every (s, k), else hold once k reaches it.
fn pig_solitaire(goal: usize, faces: usize, hold_at: Option<usize>) -> f64 {
    let f = faces as f64;
    let mut t = vec![0.0f64; goal];
    for s in (0..goal).rev() {
        let mut x = 0.0;
        for _ in 0..2000 {
            // c[k] for k = goal - s - 1 down to 0.
            let mut c = vec![0.0f64; goal - s];
            for k in (0..goal - s).rev() {
                let mut roll = x / f;
                for r in 2..=faces {
                    if s + k + r < goal {
                        roll += c[k + r] / f;
                    }
                }
                let hold = if k > 0 { t[s + k] } else { f64::INFINITY };
                c[k] = match hold_at {
                    None => roll.min(hold),
                    Some(h) if k >= h => hold,
                    Some(_) => roll,
                };
            }
            x = 1.0 + c[0];
        }
        t[s] = x;
    }
    t[0]
}

#[test]
fn pig_solitaire_matches_the_published_optimum_and_hold_at_20() {
    // Pig solitaire to 100, fewest expected turns: optimal play 12.545232, "hold at 20"
    // 12.636769 (the figures of Neller and Presser's Pig papers, The UMAP Journal, 2004 and
    // 2010; Neller's "Average Pig Turns" exercise, Nifty Assignments 2010, simulates hold at
    // 20 to 12.6349).
    let b = solve::<pig::Board>(&shipped("pig"));
    assert_eq!(format!("{:.6}", b.lower_bound), "12.545232");
    assert_eq!(format!("{:.6}", b.best.mean.unwrap()), "12.545232");
    let hold20 = b
        .policies
        .iter()
        .find(|p| p.policy == "hold-at-20")
        .unwrap();
    assert_eq!(format!("{:.6}", hold20.mean.unwrap()), "12.636769");
    // The independent recursion above agrees to the last digits.
    assert!((pig_solitaire(100, 6, None) - b.lower_bound).abs() < SAME);
    assert!((pig_solitaire(100, 6, Some(20)) - hold20.mean.unwrap()).abs() < SAME);
    assert!((b.gap_to_bound.unwrap()).abs() < SAME);
}

#[test]
fn two_player_pig_gives_the_first_player_the_published_chance() {
    // Both playing to win: the first player wins 53.06 % (Neller and Presser, "Optimal Play of
    // the Dice Game Pig", The UMAP Journal, 2004).
    let b = solve::<pig::Board>(&shipped("pig"));
    let both = b
        .duels
        .iter()
        .find(|d| d.first == "best" && d.second == "best")
        .unwrap();
    assert_eq!(format!("{:.2}", 100.0 * both.first_wins), "53.06");
    assert!(both.last_change <= 1e-12);
    // Best play against a policy beats that policy against itself, in either seat.
    let get = |a: &str, c: &str| {
        b.duels
            .iter()
            .find(|d| d.first == a && d.second == c)
            .unwrap()
            .first_wins
    };
    for p in ["hold-at-20", "hold-at-25"] {
        assert!(get("best", p) > get(p, p));
        assert!(get(p, "best") < get(p, p));
    }
}

#[test]
fn a_tiny_pig_by_hand() {
    // Goal 3, a two-faced die (1 loses the total, 2 adds 2). From score 2 every turn wins
    // with chance 1/2: T(2) = 2. From score 0 the first roll busts (1/2) or makes total 2;
    // there, holding costs T(2) = 2 more turns, rolling wins (1/2) or busts back to T(0):
    // T(0) = 1 + T(0)/2 + min(2, T(0)/2) / 2, which is 4 either way. So the optimum is 4.
    let text = std::fs::read_to_string("data/boards/pig.toml")
        .unwrap()
        .replace("goal = 100", "goal = 3")
        .replace("faces = 6", "faces = 2")
        .replace("hold-at = 20", "hold-at = 2")
        .replace("hold-at = 25", "hold-at = 3");
    let b = solve::<pig::Board>(&BoardSource::new("tiny pig", &text));
    assert!((b.lower_bound - 4.0).abs() < SAME && (b.best.mean.unwrap() - 4.0).abs() < SAME);
    assert!((pig_solitaire(3, 2, None) - 4.0).abs() < SAME);
}

#[test]
fn every_choice_of_the_decision_graphs_is_a_distribution() {
    // Each choice's outcomes sum to 1, on both games' shipped boards.
    let pig: pig::Board =
        pig::parse_with("pig", pig::SHIPPED[0].text, &Default::default()).unwrap();
    let g = engine::build(&pig.deciding(), 0, 1_000_000).unwrap();
    let sums = |first: &[u32], chances: &[f64]| {
        first
            .windows(2)
            .map(|w| chances[w[0] as usize..w[1] as usize].iter().sum::<f64>())
            .fold(0.0f64, |m, s| m.max((s - 1.0).abs()))
    };
    assert!(sums(&g.first_outcome, &g.chances) < 1e-12);
    let hare = hare::parse("hare", hare::SHIPPED[0].text).unwrap();
    let g = engine::build(&hare.deciding(), 120, 1_000_000).unwrap();
    assert!(sums(&g.first_outcome, &g.chances) < 1e-12);
}

/// A small Hare and Tortoise track with no carrot or tortoise square: carrots come only from
/// lettuces, a number square and hares, and never pass the 100 a player may finish with;
/// moves only go forward, so every way of playing that keeps carrots to move finishes, and
/// policy iteration's linear solves are all proper.
const TINY_HARE: &str = r#"game = "hare-and-tortoise"
name = "tiny"
squares = "H L H 1 H L H"
policy = "cheapest"
[rules]
start-carrots = 30
start-lettuces = 2
finish-carrots = 100
[hare]
die = [["miss-turn"], ["chew-carrot"], ["move-again"], ["last-turn-free"]]
[policies.cheapest]
steps = ["chew-lettuce", "finish", "cheapest"]
[policies.random]
steps = ["chew-lettuce", "finish", "random"]
"#;

#[test]
fn value_iteration_agrees_with_policy_iteration_on_a_small_track() {
    // An independent route on the same graph: policy iteration, each policy evaluated by a
    // dense linear solve (I - P) v = c, improved until no state changes its choice. Its
    // value must equal value iteration's lower bound, and the best play's exact mean.
    let board = hare::parse("tiny", TINY_HARE).unwrap();
    let g = engine::build(&board.deciding(), 200, 100_000).unwrap();
    let n = g.len();
    assert!(n > 20 && !g.choices_of(g.start).is_empty(), "{n} states");
    let values = engine::iterate(&g, 1e-13, 100_000);
    // Start from every state's first choice: on this track every policy is proper.
    let mut policy: Vec<usize> = (0..n).map(|s| g.choices_of(s).start).collect();
    let mut v = vec![0.0; n];
    for _ in 0..100 {
        let mut a = nalgebra::DMatrix::<f64>::identity(n, n);
        let mut c = nalgebra::DVector::<f64>::zeros(n);
        for s in 0..n {
            c[s] = if g.mid_turn[s] { 0.0 } else { 1.0 };
            for o in g.outcomes_of(policy[s]) {
                if let engine::graph::Target::State(t) = g.targets[o] {
                    a[(s, t as usize)] -= g.chances[o];
                }
            }
        }
        let x = a.lu().solve(&c).expect("a proper policy");
        v = x.iter().copied().collect();
        let mut changed = false;
        for (s, chosen) in policy.iter_mut().enumerate() {
            let here = engine::value::after(&g, &v, s, *chosen);
            for c in g.choices_of(s) {
                if engine::value::after(&g, &v, s, c) < here - 1e-10 {
                    *chosen = c;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            break;
        }
    }
    assert!((v[g.start] - values.lower[g.start]).abs() < 1e-9);
    let b = solve::<hare::Board>(&BoardSource::new("tiny", TINY_HARE));
    assert!((b.best.mean.unwrap() - v[g.start]).abs() < 1e-9);
    for p in &b.policies {
        assert!(p.mean.unwrap() >= b.lower_bound - SAME, "{p:?}");
    }
}

#[test]
fn hare_best_play_is_bracketed_below_every_policy_and_simulates_to_its_figure() {
    let (dir, _) = dir_with(&[]);
    let out = dir.path().join("best.toml");
    let (code, json, err) = run(&[
        "best",
        "hare-and-tortoise",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let b: serde_json::Value = serde_json::from_str(&json).unwrap();
    let lower = b["lower_bound"].as_f64().unwrap();
    let mean = b["best"]["mean"].as_f64().unwrap();
    // The bracket closes: the policy found is the optimum to within the iteration's residual.
    assert!(
        mean - lower < 1e-9 && mean >= lower - 1e-12,
        "{lower} {mean}"
    );
    assert_eq!(b["best"]["cut"].as_f64(), Some(0.0));
    // At or below the Novice's 28.5249 and every other policy of the board.
    for p in b["policies"].as_array().unwrap() {
        assert!(p["mean"].as_f64().unwrap() > mean, "{p}");
    }
    let novice = b["policies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["policy"] == "novice");
    assert_eq!(
        format!("{:.4}", novice.unwrap()["mean"].as_f64().unwrap()),
        "28.5249"
    );
    // The written board file holds the policy: simulate it (seeded), |z| < 4 against the exact
    // mean.
    let path = out.to_str().unwrap();
    let (code, json, err) = run(&[
        "simulate", path, "--policy", "best", "--games", "40000", "--seed", "3", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let s: serde_json::Value = serde_json::from_str(&json).unwrap();
    let sim_mean = s["turns"]["mean"].as_f64().unwrap();
    let sd = s["turns"]["sd"].as_f64().unwrap();
    let z = (sim_mean - mean) / (sd / 40_000f64.sqrt());
    assert!(z.abs() < 4.0, "z = {z}");
    // ... and `analyze` on it gives the same exact figure.
    let (code, json, _) = run(&["analyze", path, "--policy", "best", "--json"]);
    assert_eq!(code, 0);
    let a: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!((a["mean"].as_f64().unwrap() - mean).abs() < SAME);
}

#[test]
fn the_exported_policy_runs_through_check_and_report() {
    let (dir, _) = dir_with(&[]);
    let board = dir.path().join("best.toml");
    let lengths = dir.path().join("lengths.txt");
    let folder = dir.path().join("report");
    let b = board.to_str().unwrap();
    assert_eq!(run(&["best", "pig", "--out", b]).0, 0);
    let (code, _, err) = run(&[
        "simulate",
        b,
        "--policy",
        "best",
        "--games",
        "3000",
        "--seed",
        "9",
        "--lengths",
        lengths.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // check: consistent with the best play, and where the player stands.
    let (code, json, err) = run(&[
        "check",
        lengths.to_str().unwrap(),
        "--board",
        b,
        "--policy",
        "best",
        "--no-rank",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let c: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(c["fit"]["consistent"], true, "{}", c["fit"]);
    let st = &c["standing"];
    assert!(
        (st["best"].as_f64().unwrap() - 12.545232).abs() < 1e-6,
        "{st}"
    );
    assert!(st["words"]
        .as_str()
        .unwrap()
        .contains("more than the best play"));
    let (code, _, err) = run(&[
        "report",
        b,
        "--policy",
        "best",
        "--games",
        "2000",
        "-o",
        folder.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(folder.join("report.md")).unwrap();
    assert!(page.contains("best"), "{page}");
}

#[test]
fn play_best_shows_each_decision_beside_the_best_play() {
    let (code, json, err) = run(&["play", "pig", "--best", "--seed", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_str(&json).unwrap();
    let decisions = t["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    for d in decisions {
        let (made, best) = (
            d["made_turns"].as_f64().unwrap(),
            d["best_turns"].as_f64().unwrap(),
        );
        // The best choice is never worse than the one made, and the loss is their difference.
        assert!(best <= made + 1e-12);
        assert!((d["lost"].as_f64().unwrap() - (made - best)).abs() < 1e-12);
    }
    // hold-at-20 rolls on at a total of 20 or less where the best play holds, somewhere.
    let (code, text, _) = run(&["play", "pig", "--best", "--seed", "2"]);
    assert_eq!(code, 0);
    assert!(text.contains("Decisions against the best play alone"));
}

#[test]
fn bad_input_to_best_play_is_refused_with_exit_2() {
    // A policy table naming a situation the board cannot have.
    let text = std::fs::read_to_string("data/boards/pig.toml").unwrap()
        + "\n[policies.mine]\ntable = [\"99 5: roll\", \"10 0: hold\", \"3 4: jump\"]\n";
    let (dir, files) = dir_with(&[("mine.toml", &text)]);
    let _ = dir;
    let out = candyland()
        .args(["analyze", files[0].to_str().unwrap(), "--policy", "mine"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    for row in ["table[0]", "table[1]", "table[2]"] {
        assert!(err.contains(row), "{err}");
    }
    // A Hare and Tortoise table row on a square with no such choice.
    let text = hare::SHIPPED[0].text.to_string()
        + "\n[policies.mine]\nsteps = [\"table\", \"cheapest\"]\ntable = [\"3 40 3: lettuce\", \"90 40 3: forward 91\"]\n";
    let (_dir, files) = dir_with(&[("mine.toml", &text)]);
    let (code, _, err) = run(&["analyze", files[0].to_str().unwrap(), "--policy", "mine"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("table[0]") && err.contains("not possible on square 3"),
        "{err}"
    );
    assert!(err.contains("table[1]"), "{err}");
    // Best play of a race, a bad name, several players for play --best.
    assert_eq!(run(&["best", "candy-land-1984"]).0, 2);
    assert_eq!(run(&["best", "pig", "--name", "no spaces"]).0, 2);
    assert_eq!(run(&["best", "pig", "--name", "hold-at-20"]).0, 2);
    assert_eq!(run(&["play", "pig", "--best", "--players", "2"]).0, 2);
    // A game where no way of playing finishes: no carrots to move, no carrot square.
    let stuck = r#"game = "hare-and-tortoise"
name = "stuck"
squares = "L"
policy = "p"
[rules]
start-carrots = 0
start-lettuces = 1
[policies.p]
steps = ["cheapest"]
"#;
    let (_dir, files) = dir_with(&[("stuck.toml", stuck)]);
    let (code, _, err) = run(&["best", files[0].to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no way of playing reaches home"), "{err}");
}

#[test]
fn check_leaves_the_standing_out_rather_than_the_fit_when_the_budget_is_short() {
    // The best play of Hare and Tortoise takes seconds; with half of a 4 s budget left for it,
    // check still answers the fit, and says why the standing is missing.
    let (dir, _) = dir_with(&[]);
    let lengths = dir.path().join("novice.txt");
    let l = lengths.to_str().unwrap();
    let (code, _, err) = run(&[
        "simulate",
        "hare-and-tortoise",
        "-n",
        "500",
        "--seed",
        "4",
        "--lengths",
        l,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, json, err) = run(&[
        "check",
        l,
        "--board",
        "hare-and-tortoise",
        "--no-rank",
        "--budget",
        "4",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let c: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(c["fit"]["consistent"].as_bool().unwrap());
    let why = c["standing_left_out"]
        .as_str()
        .unwrap_or_else(|| panic!("{c}"));
    assert!(why.contains("--budget"), "{why}");
}
