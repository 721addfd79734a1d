//! Chutes and Ladders through the same engine: tiny boards solved by hand (derivations in the
//! comments), overshoot rules against closed forms, the shipped board against an independent
//! value iteration written here, Monte Carlo against exact, and the commands end to end.

use approx::assert_relative_eq;

use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::Variant;
use candyland::internals::solve::{Analysis, Options};

use crate::common::{chutes_with as game_with, run, tol};

/// The exact analysis of a board under a variant.
fn exact(toml: &str, variant: &Variant) -> Analysis {
    let g = game_with(toml, variant);
    let chain = Chain::build(&g);
    Analysis::of(&g, &chain, About::default(), &Options::default()).expect("solvable")
}

fn with(overshoot: &str) -> Variant {
    Variant::default().with_rule("overshoot", overshoot)
}

/// Three squares, one ladder 1 -> 2, a spinner that moves 1 (weight 2) or 2 (weight 1).
const ONE_LADDER: &str = r#"
game = "chutes-and-ladders"
name = "one-ladder"
[board]
squares = 3
ladders = [{ from = 1, to = 2 }]
[spinner]
faces = [1, 2]
weights = [2, 1]
"#;

#[test]
fn a_three_square_board_with_one_ladder_by_hand() {
    // From off the board (0): a 1 (p 2/3) lands on 1 and climbs to 2; a 2 (p 1/3) lands on 2.
    // So after one turn the token is always on 2. From 2: a 1 (p 2/3) reaches 3 and wins; a 2
    // overshoots. Stay: T - 1 is geometric with p = 2/3, E = 1 + 3/2 = 5/2,
    // P(T = n) = (1/3)^(n-2) (2/3) for n >= 2, Var = (1 - p)/p^2 = 3/4.
    let a = exact(ONE_LADDER, &Variant::default());
    assert_eq!(crate::common::exact_text(&a), "5/2");
    assert_relative_eq!(a.variance, 0.75, max_relative = tol::SAME_QUANTITY);
    assert_eq!(a.pmf[1], 0.0);
    for n in 2..12 {
        let p = (1.0f64 / 3.0).powi(n as i32 - 2) * (2.0 / 3.0);
        assert_relative_eq!(a.pmf[n], p, max_relative = tol::SAME_QUANTITY);
    }
    assert_eq!(a.shortest_game.draws, ["1", "1"]);
    // Bounce: from 2 a 2 goes to 4, 1 past the end, and bounces back to 2: the same game.
    assert_eq!(
        crate::common::exact_text(&exact(ONE_LADDER, &with("bounce"))),
        "5/2"
    );
    // Win: from 2 every spin wins, E = 1 + 1 = 2.
    assert_eq!(
        crate::common::exact_text(&exact(ONE_LADDER, &with("win"))),
        "2/1"
    );
}

#[test]
fn roll_again_by_hand() {
    // ONE_LADDER with "roll a 2, go again", at most 2 rolls. A turn's outcomes over 3^2 = 9:
    // [1] weight 2*3 = 6, [2,1] weight 1*2 = 2, [2,2] weight 1.
    // Move: from 0, [1] -> 2; [2,1] -> 2 then 3: wins; [2,2] -> 2, then overshoot: stays on 2.
    // From 2: [1] wins; [2,1]: overshoot, then 1 wins; [2,2]: stays. P(win per turn) = 8/9,
    // E2 = 9/8, E0 = 1 + (7/9)(9/8) = 15/8.
    let again = Variant::default()
        .with_rule("roll-again", vec![2])
        .with_rule("max-rolls", 2);
    assert_eq!(
        crate::common::exact_text(&exact(ONE_LADDER, &again)),
        "15/8"
    );
    // Forfeit: [2,2] cancels the turn. From 0: [1] -> 2 (6/9), [2,1] wins (2/9), [2,2] stays on
    // 0 (1/9); from 2 as before, E2 = 9/8. E0 = 1 + (6/9) E2 + (1/9) E0, so
    // (8/9) E0 = 1 + 3/4 and E0 = 63/32.
    let forfeit = again.with_rule("on-max-rolls", "forfeit");
    assert_eq!(
        crate::common::exact_text(&exact(ONE_LADDER, &forfeit)),
        "63/32"
    );
}

/// Three squares, one chute 2 -> 1, a fair coin that moves 1 or 2.
const ONE_CHUTE: &str = r#"
game = "chutes-and-ladders"
name = "one-chute"
[board]
squares = 3
chutes = [{ from = 2, to = 1 }]
[spinner]
faces = [1, 2]
"#;

#[test]
fn a_jump_that_costs_a_turn_by_hand() {
    // From 0: a 1 lands on 1; a 2 lands on 2 and slides to 1. From 1: a 1 slides back to 1, a
    // 2 wins. E1 = 2 and E0 = 3.
    assert_eq!(
        crate::common::exact_text(&exact(ONE_CHUTE, &Variant::default())),
        "3/1"
    );
    // Each slide costs a turn: from 1, E1 = 1 + (1/2)(1 + E1), so E1 = 3; from 0,
    // E0 = 1 + (1/2) E1 + (1/2)(1 + E1) = 9/2.
    let costly = Variant::default().with_rule("jump-costs-turn", true);
    let a = exact(ONE_CHUTE, &costly);
    assert_eq!(crate::common::exact_text(&a), "9/2");
    // A lost turn spins nothing, so the expected spins are those of the plain game: from 1,
    // S1 = 1 + (1/2) S1 = 2; from 0, S0 = 1 + S1 = 3.
    assert_relative_eq!(a.draws.mean, 3.0, max_relative = tol::SAME_QUANTITY);
}

/// N squares and a fair N-sided spinner, no jumps.
fn plain(n: u32) -> String {
    let faces: Vec<String> = (1..=n).map(|f| f.to_string()).collect();
    format!(
        "game = \"chutes-and-ladders\"\nname = \"plain\"\n[board]\nsquares = {n}\n[spinner]\nfaces = [{}]\n",
        faces.join(", ")
    )
}

#[test]
fn overshoot_rules_match_their_closed_forms() {
    for k in [2u32, 3, 6] {
        let board = plain(k);
        // Stay and bounce: from every square s < k exactly one face (k - s) lands on k, and
        // every other face leaves the token somewhere short of k; so each turn wins with
        // probability 1/k whatever happened before: T is geometric, E = k, Var = k(k - 1),
        // P(T = n) = (1/k)(1 - 1/k)^(n-1).
        for rule in ["stay", "bounce"] {
            let a = exact(&board, &with(rule));
            assert_eq!(
                crate::common::exact_text(&a),
                format!("{k}/1"),
                "{rule:?} k = {k}"
            );
            let kf = f64::from(k);
            assert_relative_eq!(
                a.variance,
                kf * (kf - 1.0),
                max_relative = tol::FROM_DISTRIBUTION
            );
            for n in 1..20 {
                let p = (1.0 / kf) * (1.0 - 1.0 / kf).powi(n as i32 - 1);
                assert_relative_eq!(a.pmf[n], p, max_relative = 1e-9);
            }
        }
        // Win: T is the number of uniform 1..k spins until the total reaches k. With m(j) the
        // expected spins to reach j, m(1) = 1 and m(j) = 1 + (1/k) sum_{r<j} m(j - r), which
        // gives m(j) = (1 + 1/k) m(j - 1): E = (1 + 1/k)^(k-1) = (k+1)^(k-1) / k^(k-1).
        let a = exact(&board, &with("win"));
        let num = u64::from(k + 1).pow(k - 1);
        let den = u64::from(k).pow(k - 1);
        let g = gcd(num, den);
        let expected = format!("{}/{}", num / g, den / g);
        assert_eq!(crate::common::exact_text(&a), expected, "win, k = {k}");
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The shipped board's ladders and chutes as (from, to), written out again here.
const MB_JUMPS: [(usize, usize); 19] = [
    (1, 38),
    (4, 14),
    (9, 31),
    (21, 42),
    (28, 84),
    (36, 44),
    (51, 67),
    (71, 91),
    (80, 100),
    (16, 6),
    (47, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

/// E[T] from square 0 by plain value iteration on the rules as the issue states them (no
/// chain, no step function): E(s) = 1 + (1/6) sum_f E(next(s, f)), E(100) = 0.
fn value_iteration(jumps: &[(usize, usize)]) -> f64 {
    let jump = |s: usize| jumps.iter().find(|j| j.0 == s).map_or(s, |j| j.1);
    let next = |s: usize, f: usize| if s + f > 100 { s } else { jump(s + f) };
    let mut e = [0.0f64; 101];
    for _ in 0..20_000 {
        let mut new = [0.0f64; 101];
        for s in 0..100 {
            new[s] = 1.0 + (1..=6).map(|f| e[next(s, f)]).sum::<f64>() / 6.0;
        }
        e = new;
    }
    e[0]
}

#[test]
fn the_shipped_boards_agree_with_an_independent_value_iteration() {
    let a = exact(
        crate::shipped_text("chutes-and-ladders"),
        &Variant::default(),
    );
    assert_relative_eq!(
        a.expected_turns,
        value_iteration(&MB_JUMPS),
        max_relative = 1e-10
    );
    // The printing with the chute at 48 instead of 47.
    let mut moved = MB_JUMPS;
    moved[10] = (48, 26);
    let b = exact(
        crate::shipped_text("chutes-and-ladders-48"),
        &Variant::default(),
    );
    assert_relative_eq!(
        b.expected_turns,
        value_iteration(&moved),
        max_relative = 1e-10
    );
    // The shortest game: 1 -> 38, then 39, 45, 51 -> 67, 68, 74, 80 -> 100: 7 turns.
    assert_eq!(a.shortest_game.turns, 7);
}

#[test]
fn landings_on_jump_starts_add_up_to_the_jumps_taken() {
    // Two routes: the per-space landings (counting the moves that pass through a jump's start)
    // and the event counts N r_e (turns with a ladder, with a chute). They agree when a turn
    // takes at most one jump: one roll per turn (with roll-again an event counts the turn once).
    use candyland::internals::solve::spaces::Spaces;
    for v in [
        Variant::default(),
        with("bounce"),
        Variant::default().with_rule("jump-costs-turn", true),
    ] {
        let g = game_with(crate::shipped_text("chutes-and-ladders"), &v);
        let chain = Chain::build(&g);
        let s = Spaces::of(&g, &chain, 100).unwrap();
        let landings = |jumps: &[(usize, usize)]| -> f64 {
            jumps
                .iter()
                .map(|&(from, _)| s.spaces[from - 1].expected_landings)
                .sum()
        };
        let event = |name: &str| s.events.iter().find(|e| e.event == name).unwrap().expected;
        assert_relative_eq!(
            landings(&MB_JUMPS[..9]),
            event("ladder"),
            max_relative = 1e-9
        );
        assert_relative_eq!(
            landings(&MB_JUMPS[9..]),
            event("chute"),
            max_relative = 1e-9
        );
        // A jump's start is never rested on, but is landed on.
        assert!(s.spaces[27].expected_remaining.is_none() && s.spaces[27].p_land > 0.4);
    }
}

#[test]
fn iid_simulation_fits_the_exact_distribution_under_every_rule() {
    let text = crate::shipped_text("chutes-and-ladders");
    let variants = [
        Variant::default(),
        with("bounce"),
        Variant::default()
            .with_rule("jump-costs-turn", true)
            .with_rule("roll-again", vec![6])
            .with_rule("on-max-rolls", "forfeit"),
    ];
    for v in variants {
        let g = game_with(text, &v);
        crate::common::assert_iid_simulation_fits(&g, 200_000, 909, &v.to_string());
    }
}

#[test]
fn every_command_runs_on_the_shipped_board() {
    let b = "chutes-and-ladders";
    let (code, out, _) = run(&["analyze", b, "--exact"]);
    assert_eq!(code, 0);
    assert!(out.contains("expected turns            39.2251"), "{out}");
    // The exact fraction (on lines of its own when too long for its column), and it is the
    // float.
    let fraction: String = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("exactly"))
        .take_while(|l| !l.contains("standard deviation"))
        .collect::<String>()
        .replace("exactly", "")
        .split_whitespace()
        .collect();
    let (num, den) = fraction.split_once('/').unwrap();
    let ratio = num.parse::<f64>().unwrap() / den.parse::<f64>().unwrap();
    assert_relative_eq!(ratio, 39.225122, max_relative = 1e-7);
    crate::common::assert_every_command_runs(
        b,
        &[
            &["compare", b, "chutes-and-ladders-48"],
            &["analyze", b, "--overshoot", "bounce", "--roll-again", "6"],
        ],
    );
    let (_, out, _) = run(&["whatif", b]);
    assert!(out.contains("without ladder 80 -> 100") && out.contains("without chute 87 -> 24"));
    let (_, out, _) = run(&["board", "show", b]);
    assert!(out.contains("ladder to 38") && out.contains("chute to 6"));
}

#[test]
fn flags_of_the_other_game_and_a_shuffled_spinner_are_refused() {
    for (args, fragment) in [
        (
            &["simulate", "chutes-and-ladders", "--deck", "shuffled"][..],
            "nothing to shuffle",
        ),
        (
            &["analyze", "chutes-and-ladders", "--licorice", "none"],
            "--licorice",
        ),
        (
            &["analyze", "chutes-and-ladders", "--without", "licorice"],
            "ladders, chutes",
        ),
        (
            &["analyze", "clark-program", "--overshoot", "win"],
            "--overshoot",
        ),
        (
            &["forever", "chutes-and-ladders", "--witness", "w.txt"],
            "no deck order",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(fragment), "{args:?}: {err}");
    }
}

#[test]
fn check_finds_the_rules_of_chutes_and_ladders_data() {
    // 50,000 games with roll-again on 6: the ranking must decide roll-again and name the board.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lengths.txt");
    let file = file.to_str().unwrap();
    let (code, _, err) = run(&[
        "simulate",
        "chutes-and-ladders",
        "--roll-again",
        "6",
        "--games",
        "50000",
        "--seed",
        "12",
        "--lengths",
        file,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["check", file, "--board", "chutes-and-ladders"]);
    assert_eq!(code, 0, "{err}");
    let first = out
        .lines()
        .find(|l| l.trim_start().starts_with("1. "))
        .unwrap();
    assert!(
        first.contains("--roll-again 6") && first.contains("--overshoot stay"),
        "{out}"
    );
    assert!(
        out.contains("INCONSISTENT with chutes-and-ladders"),
        "{out}"
    );
}
