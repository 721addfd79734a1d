//! Players on a distribution cut by the turn limit: the product chain's exact figures where it
//! fits (a dense solve in the test checks them), bounds that say so where it does not, and no
//! probability below zero or above one.

use approx::assert_relative_eq;
use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::Variant;
use candyland::internals::solve::players::Players;
use candyland::internals::solve::{Analysis, Options};

/// The text of a board of `tests/fixtures/valid`, and its path.
fn fixture(name: &str) -> (String, String) {
    let path = format!(
        "{}/tests/fixtures/valid/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    (std::fs::read_to_string(&path).expect("fixture"), path)
}

/// Solves `a x = b` (dense, n x n) by Gaussian elimination with partial pivoting.
fn solve_dense(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (done, rest) = a.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for (i, row) in rest.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            if f != 0.0 {
                for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= f * p;
                }
                b[col + 1 + i] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|j| a[row][j] * x[j]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

/// Two players on the slow race of `n` squares (each spin: forward one square, or back to the
/// start, 1/2 each; reaching square n wins), written from those rules alone, one step per
/// round: state (a, b), the squares of seats 1 and 2 (0 to n - 1). A round is seat 1's spin,
/// then, unless it finished, seat 2's. From (0, 0): [P(seat 1 wins), P(seat 2 wins),
/// E[rounds], E[turns]], each the solution of (I - M) x = rhs with M the round's moves that
/// finish nobody.
fn slow_race_two_players(n: usize) -> [f64; 4] {
    let index = |a: usize, b: usize| a * n + b;
    // Where one spin from square s goes, with its chance; None: it finishes.
    let spin = |s: usize| {
        [
            (if s + 1 == n { None } else { Some(s + 1) }, 0.5),
            (Some(0), 0.5),
        ]
    };
    let mut m = vec![vec![0.0; n * n]; n * n];
    let mut rhs = vec![[0.0; 4]; n * n];
    for a in 0..n {
        for b in 0..n {
            let s = index(a, b);
            m[s][s] += 1.0;
            rhs[s][2] = 1.0;
            rhs[s][3] = 1.0;
            for (a2, pa) in spin(a) {
                let Some(a2) = a2 else {
                    rhs[s][0] += pa;
                    continue;
                };
                // Seat 1 did not finish: seat 2 takes its turn.
                rhs[s][3] += pa;
                for (b2, pb) in spin(b) {
                    match b2 {
                        None => rhs[s][1] += pa * pb,
                        Some(b2) => m[s][index(a2, b2)] -= pa * pb,
                    }
                }
            }
        }
    }
    let mut out = [0.0; 4];
    for (i, x) in out.iter_mut().enumerate() {
        let b: Vec<f64> = rhs.iter().map(|r| r[i]).collect();
        *x = solve_dense(m.clone(), b)[index(0, 0)];
    }
    out
}

#[test]
fn the_dense_two_player_solve_is_right_on_a_board_small_enough_for_hand() {
    // One square: each spin wins w.p. 1/2, so seat 1 wins w.p. 1/2 + 1/4 * 1/2 + ... = 2/3,
    // seat 2 w.p. 1/3; a round finishes w.p. 3/4 (E[rounds] = 4/3), and has 1 turn w.p. 1/2,
    // else 2: E[turns] = 3/2 / (3/4) = 2.
    let [w1, w2, rounds, turns] = slow_race_two_players(1);
    assert_relative_eq!(w1, 2.0 / 3.0, max_relative = 1e-15);
    assert_relative_eq!(w2, 1.0 / 3.0, max_relative = 1e-15);
    assert_relative_eq!(rounds, 4.0 / 3.0, max_relative = 1e-15);
    assert_relative_eq!(turns, 2.0, max_relative = 1e-15);
}

#[test]
fn two_players_on_a_cut_distribution_get_the_product_chains_exact_figures() {
    // E[T] = 2^18 - 2 = 262,142 turns: at the turn limit of 100,000 the one-player
    // distribution still leaves out 0.68. The seat chances and means come from the product
    // chain instead, and agree with the dense solve written above from the rules.
    let (_, path) = fixture("slow-race-17");
    let out = crate::common::candyland()
        .args([
            "players",
            &path,
            "--players",
            "2",
            "--games",
            "20",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let exact = &v["rows"][0]["exact"];
    assert_eq!(exact["truncated"], true);
    assert!(exact["unfinished_mass"].as_f64().unwrap() > 0.6);
    let ff = &exact["first_finisher"];
    assert_eq!(ff["route"], "product_chain");
    assert_eq!(ff["undecided"], 0.0);
    let [w1, w2, rounds, turns] = slow_race_two_players(17);
    let win: Vec<f64> = serde_json::from_value(ff["win"].clone()).unwrap();
    // Both are f64 solves of systems whose escape chance per round is about 2^-17: they agree
    // to a few units of 1e-16 times that condition number.
    assert!(
        (win[0] - w1).abs() < 1e-9 && (win[1] - w2).abs() < 1e-9,
        "{win:?} vs {w1}, {w2}"
    );
    assert!((win[0] + win[1] - 1.0).abs() < 1e-12);
    assert!(win[0] > win[1], "the first seat moves first");
    assert_relative_eq!(
        ff["rounds"]["mean"].as_f64().unwrap(),
        rounds,
        max_relative = 1e-9
    );
    assert_relative_eq!(
        ff["turns"]["mean"].as_f64().unwrap(),
        turns,
        max_relative = 1e-9
    );
    assert!(ff["rounds"].get("mean_range").is_none());
    // Until both finish: 2 E[T] turns, and E[max] = 2 E[T] - E[min] rounds, both exact.
    let everyone = &exact["everyone"];
    assert_eq!(everyone["turns"]["mean"], 524_284.0);
    assert_relative_eq!(
        everyone["rounds"]["mean"].as_f64().unwrap(),
        2.0 * 262_142.0 - rounds,
        max_relative = 1e-9
    );
    // Places: 1 + P(the other finishes first), 1 + P(T' < T) for seat 1 and seat 2.
    let places: Vec<f64> = serde_json::from_value(everyone["mean_place"].clone()).unwrap();
    assert!((places[0] - (1.0 + w2)).abs() < 1e-9 && (places[1] - (1.0 + w1)).abs() < 1e-9);
    // Quantiles of the rounds: P(R > L) = S(L)^2 > 0.6^2 at the cut L, so the 90 % and 99 %
    // ones lie past it and are lower bounds (one past the last round computed), and the text
    // says that fewer than 90 % finish within the cut.
    let quantiles = ff["rounds_quantiles"].as_array().unwrap();
    assert_eq!(quantiles.len(), 3);
    for q in &quantiles[1..] {
        assert_eq!(q["lower_bound"], true, "{q}");
        assert_eq!(q["rounds"], 100_001, "{q}");
    }
    let text = crate::common::candyland()
        .args(["players", &path, "--players", "2", "--games", "20"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "2 players: within 90,862 rounds 50 % of the time; fewer than 90 % within 100,000 rounds"
        ),
        "{text}"
    );
}

#[test]
fn players_one_player_mean_is_analyzes_even_when_the_distribution_is_cut() {
    let (_, path) = fixture("slow-race-17");
    let json = |args: &[&str]| -> serde_json::Value {
        let out = crate::common::candyland().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let analyze = json(&["analyze", &path, "--json"]);
    let players = json(&[
        "players",
        &path,
        "--players",
        "1",
        "--games",
        "20",
        "--json",
    ]);
    let one = &players["rows"][0]["exact"];
    // The same linear solve: the same f64, and 2^18 - 2.
    assert_eq!(one["first_finisher"]["turns"]["mean"], analyze["mean"]);
    assert_eq!(one["everyone"]["rounds"]["mean"], analyze["mean"]);
    assert_eq!(analyze["mean"], 262_142.0);
    assert_eq!(one["first_finisher"]["win"][0], 1.0);
    // Its median is past the cut, as analyze says.
    assert_eq!(analyze["median_lower_bound"], true);
    assert_eq!(one["first_finisher"]["turns"]["median_lower_bound"], true);
    assert_eq!(one["first_finisher"]["turns"]["median"], analyze["median"]);
}

#[test]
fn where_the_product_chain_does_not_fit_every_figure_is_a_bound_and_says_so() {
    // Four players on the slow race: the product chain (334,084 states, 19,652 of them
    // targets of moves back) is far beyond a minute's budget, so the first-finisher figures
    // are bounds, in the text and in the JSON.
    let (_, path) = fixture("slow-race-17");
    let args = ["players", &path, "--players", "4", "--games", "20"];
    let out = crate::common::candyland().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("the turn limit cut the distribution at turn 100000"),
        "{text}"
    );
    assert!(
        text.contains("seat 1 >= 0.19") && text.contains("undecided 0.21"),
        "{text}"
    );
    assert!(
        text.contains("exact values need the product chain"),
        "{text}"
    );
    let out = crate::common::candyland()
        .args([&args[..], &["--json"]].concat())
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ff = &v["rows"][0]["exact"]["first_finisher"];
    assert_eq!(ff["route"], "cut_distribution");
    let win: Vec<f64> = serde_json::from_value(ff["win"].clone()).unwrap();
    let undecided = ff["undecided"].as_f64().unwrap();
    assert!(undecided > 0.2);
    assert!((win.iter().sum::<f64>() + undecided - 1.0).abs() < 1e-9);
    for key in ["rounds", "turns"] {
        let range: [f64; 2] = serde_json::from_value(ff[key]["mean_range"].clone()).unwrap();
        assert!(range[0] < range[1] && range[0] == ff[key]["mean"].as_f64().unwrap());
    }
}

/// The K-player figures of a board, from its cut distribution alone and with the product
/// chains, for K = 1 to 3.
fn with_and_without_products(toml: &str) -> Vec<(Players, Players)> {
    use candyland::internals::games::Game;
    use candyland::internals::games::{GameVisitor, Source};
    use candyland::internals::solve::players::{OnePlayer, Products};
    use candyland::internals::solve::Moments;
    struct Both;
    impl GameVisitor for Both {
        type Output = Vec<(Players, Players)>;
        fn visit<G: Game>(self, source: Source<G>) -> Self::Output {
            let g = source.game(&Variant::default()).unwrap();
            let chain = Chain::build(&g);
            let options = Options::default();
            let a = Analysis::of(&g, &chain, About::default(), &options).unwrap();
            let m = Moments::of(&g, &chain, &About::default()).unwrap();
            let d = a.distribution();
            let one = OnePlayer {
                dist: &d,
                mean: m.expected_turns,
                tolerance: options.tolerance,
            };
            let products = Products::within(&g, chain.len(), &one, &[3], &options.budget);
            (1..=3)
                .map(|k| {
                    (
                        Players::derive(&one, k, &Products::none()),
                        Players::derive(&one, k, &products),
                    )
                })
                .collect()
        }
    }
    let source = candyland::internals::games::BoardSource::new("test board", toml);
    candyland::internals::games::with_game(&source, Both).unwrap()
}

#[test]
fn the_bounds_of_a_cut_distribution_hold_the_product_chains_values() {
    // On the slow race, what the cut distribution alone gives (bounds) must contain what the
    // product chain solves exactly, for every figure with 2 and 3 players.
    let (text, _) = fixture("slow-race-17");
    let inside = |x: f64, range: Option<[f64; 2]>, what: &str| {
        let [low, high] = range.unwrap_or_else(|| panic!("{what} is not a bound"));
        assert!(
            low <= x * (1.0 + 1e-12) && x <= high * (1.0 + 1e-12),
            "{what}: {x} not in [{low}, {high}]"
        );
    };
    for (bounds, exact) in with_and_without_products(&text).into_iter().skip(1) {
        let k = exact.players;
        let (b, e) = (&bounds.first_finisher, &exact.first_finisher);
        assert_eq!(
            e.route,
            candyland::internals::solve::players::Route::ProductChain,
            "{k}"
        );
        assert!(e.rounds.mean_range.is_none() && e.turns.mean_range.is_none());
        inside(e.rounds.mean, b.rounds.mean_range, "E[rounds]");
        inside(e.turns.mean, b.turns.mean_range, "E[turns]");
        for (lower, w) in b.win.iter().zip(&e.win) {
            assert!(
                *lower <= w + 1e-12 && *w <= lower + b.undecided + 1e-12,
                "{k}: {w}"
            );
        }
        inside(
            exact.everyone.as_ref().unwrap().rounds.mean,
            bounds.everyone.as_ref().unwrap().rounds.mean_range,
            "E[max]",
        );
        let ranges = bounds
            .everyone
            .as_ref()
            .unwrap()
            .mean_place_range
            .clone()
            .expect("places are bounds");
        for (p, range) in exact
            .everyone
            .as_ref()
            .unwrap()
            .mean_place
            .iter()
            .zip(ranges)
        {
            inside(*p, Some(range), "place");
        }
        // Places 1..K are each taken once: the exact ones sum to K(K+1)/2.
        let places: f64 = exact.everyone.as_ref().unwrap().mean_place.iter().sum();
        assert_relative_eq!(places, (k * (k + 1) / 2) as f64, max_relative = 1e-9);
    }
}

#[test]
fn no_probability_players_prints_is_below_zero_or_above_one() {
    // Differences of powers of the cdf round to -4.4e-16 on the classic board unless clamped.
    fn walk(v: &serde_json::Value, key: &str, out: &mut Vec<(String, f64)>) {
        match v {
            serde_json::Value::Object(m) => m.iter().for_each(|(k, v)| walk(v, k, out)),
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, key, out)),
            serde_json::Value::Number(n) => out.push((key.to_string(), n.as_f64().unwrap())),
            _ => {}
        }
    }
    let (_, slow) = fixture("slow-race-17");
    for args in [
        vec!["players", "clark-program", "--games", "200", "--json"],
        vec!["players", &slow, "--games", "20", "--json"],
    ] {
        let out = crate::common::candyland().args(&args).output().unwrap();
        assert!(out.status.success());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut numbers = Vec::new();
        for row in v["rows"].as_array().unwrap() {
            walk(&row["exact"], "", &mut numbers);
        }
        let chances = ["pmf", "win", "win_by_round", "undecided", "unfinished_mass"];
        let probabilities: Vec<&(String, f64)> = numbers
            .iter()
            .filter(|(k, _)| chances.contains(&k.as_str()))
            .collect();
        assert!(probabilities.len() > 1000, "{args:?}");
        for (key, p) in probabilities {
            assert!((0.0..=1.0).contains(p), "{args:?}: {key} = {p}");
        }
    }
}
