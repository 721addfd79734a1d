//! "Can the game run forever?": loops, fixed deck orders, tail bounds, broken boards.

use candyland::internals::budget::Budget;
use candyland::internals::chain::Chain;
use candyland::internals::games::candyland::generate::{board_text, Spec};
use candyland::internals::games::Game;
use candyland::internals::results::forever::{ForeverReport, Question};
use candyland::internals::sim::{play_fixed_order, Simulator};
use candyland::internals::solve::forever::{
    certificate, dense_radius, probability, radius_by_returns, shortest_loop, spectral_radius,
};
use num_rational::BigRational;

use crate::common::{analysis, candyland, dir_with, game, tol};

/// Spaces [red, Star, blue, red]; one red, one blue, one Star card.
const LOOPY: &str = r#"
name = "loopy"
[board]
spaces = ["red", "Star", "blue", "red"]
[deck.single]
red = 1
blue = 1
[deck.landmark]
Star = 1
"#;

#[test]
fn the_shortest_loop_of_a_tiny_board() {
    // On the Star space (1) the Star card leaves the token there: a loop of one turn with
    // probability 1/3, the shortest possible. The shortest loop that moves takes two turns:
    // from 1, red -> 3 then Star -> 1 (or blue -> 2 then Star -> 1); each 1/3 * 1/3 = 1/9.
    let g = game(LOOPY);
    let chain = Chain::build(&g);
    let one = shortest_loop(&chain, false).unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].from, one[0].to as usize);
    assert_eq!(
        probability(&one, 3),
        Some(BigRational::new(1.into(), 3.into()))
    );
    let moving = shortest_loop(&chain, true).unwrap();
    assert_eq!(moving.len(), 2);
    assert_eq!(
        probability(&moving, 3),
        Some(BigRational::new(1.into(), 9.into()))
    );
    // A denominator of 0, or a step more likely than 1, is no probability (it panicked).
    assert_eq!(probability(&one, 0), None);
    assert_eq!(probability(&moving, 0), None);
    let r = ForeverReport::new(&g, &chain, "loopy", &question()).unwrap();
    assert!(r.ends_surely && r.longest_game.is_none());
    assert_eq!(r.shortest_loop.unwrap().probability.to_string(), "1/3");
}

#[test]
fn hand_built_deck_orders_that_loop_and_end() {
    let g = game(LOOPY);
    let chain = Chain::build(&g);
    let kind = |name: &str| {
        use candyland::internals::games::race::RaceGame;
        chain
            .cards()
            .iter()
            .position(|(c, _)| g.card_name(*c) == name)
            .unwrap()
    };
    // [red, Star, blue]: S -> 0 -> 1 -> 2 | 2 -> 3 -> 1 -> 2 | ...: at the top of the deck the
    // token is on 2 after turn 3 and again after turn 6: a loop from turn 3, period 3.
    let loops = play_fixed_order(
        &Simulator::new(&chain),
        &[kind("red"), kind("Star"), kind("blue")],
        1,
    )
    .unwrap();
    assert_eq!(loops.loops, Some((3, 3)));
    assert_eq!(loops.ends, None);
    // [red, blue, Star]: S -> 0 -> 2 -> 1 | 1 -> 3, then blue has no space ahead: it ends on
    // turn 5.
    let ends = play_fixed_order(
        &Simulator::new(&chain),
        &[kind("red"), kind("blue"), kind("Star")],
        1,
    )
    .unwrap();
    assert_eq!(ends.ends, Some((5, 0)));
}

#[test]
fn a_deck_order_that_cannot_be_played_is_refused() {
    // An empty order panicked, no player looped forever, and a kind the game lacks read past
    // the deck; each is now refused by name.
    use candyland::internals::sim::BadOrder;
    let g = game(LOOPY);
    let chain = Chain::build(&g);
    let sim = Simulator::new(&chain);
    assert_eq!(play_fixed_order(&sim, &[], 1), Err(BadOrder::Empty));
    assert_eq!(play_fixed_order(&sim, &[0, 1], 0), Err(BadOrder::NoPlayers));
    assert_eq!(
        play_fixed_order(&sim, &[0, 7], 2),
        Err(BadOrder::UnknownKind {
            kind: 7,
            place: 2,
            kinds: 3
        })
    );
}

#[test]
fn a_certificate_window_of_no_turns_tells_nothing() {
    // A window of 0 turns divided by zero (a panic); one of chance 0 or above 1 gave bounds
    // that are no bounds. They are passed over: with nothing else, P(T > n) <= 1 and the rate
    // is 1; beside a true window, that window's bound, (1 - 1/2)^(10 / 5) = 1/4.
    use candyland::internals::solve::forever::Certificate;
    let empty = Certificate {
        windows: vec![(0, 0.5), (3, 0.0), (4, 1.5)],
    };
    assert_eq!((empty.bound(10), empty.rate()), (1.0, 1.0));
    let one = Certificate {
        windows: vec![(0, 0.5), (5, 0.5)],
    };
    assert_eq!(one.bound(10), 0.25);
    assert!((one.rate() - 0.5f64.powf(0.2)).abs() < 1e-15);
}

#[test]
fn rho_is_the_ratio_of_successive_survival_values() {
    crate::each_game!(rho_is_the_ratio_of);
}

fn rho_is_the_ratio_of<G: Game>() {
    for (name, text, g) in crate::common::shipped_of::<G>() {
        let s = Named { name, text };
        let chain = Chain::build(&g);
        let rho = spectral_radius(&chain);
        let a = analysis(s.text);
        let d = a.distribution();
        let n = d.last_turn() - 5;
        let ratio = d.survival(n + 1) / d.survival(n);
        assert!((ratio - rho).abs() < 1e-6, "{}: {ratio} vs {rho}", s.name);
    }
}

#[test]
fn rho_from_first_returns_equals_the_dense_eigenvalues() {
    crate::each_game!(rho_from_first_returns_of);
    // Loop boards whose backward moves make blocks that every game must leave: the dense
    // route and the bisection on the first-return matrix agree there too.
    // And generated boards with several backward shortcuts (a quarter of them go back).
    let generated: Vec<String> = (1..=3)
        .map(|seed| {
            board_text(&Spec {
                spaces: 300,
                seed,
                licorice: 3,
                landmarks: 6,
                shortcuts: 16,
            })
        })
        .collect();
    let texts = [LOOPY, crate::hostile_numbers::LOOP_BOARD].into_iter();
    for text in texts.chain(generated.iter().map(String::as_str)) {
        let chain = Chain::build(&game(text));
        let (counts, d) = (chain.counts(), chain.denominator());
        let (dense, returns) = (dense_radius(counts, d), radius_by_returns(counts, d));
        assert!((dense - returns).abs() < 1e-9, "{dense} vs {returns}");
    }
}

fn rho_from_first_returns_of<G: Game>() {
    for (name, _, g) in crate::common::shipped_of::<G>() {
        let chain = Chain::build(&g);
        let (counts, d) = (chain.counts(), chain.denominator());
        let (dense, returns) = (dense_radius(counts, d), radius_by_returns(counts, d));
        assert!(
            (dense - returns).abs() < 1e-9,
            "{name}: {dense} vs {returns}"
        );
    }
}

#[test]
fn the_tail_bound_bounds_the_exact_survival_function() {
    crate::each_game!(the_tail_bound_bounds);
}

/// A shipped board's name and text.
struct Named {
    name: &'static str,
    text: &'static str,
}

fn the_tail_bound_bounds<G: Game>() {
    for (name, text, g) in crate::common::shipped_of::<G>() {
        let s = Named { name, text };
        let chain = Chain::build(&g);
        let cert = certificate(&chain).unwrap();
        let d = analysis(s.text).distribution();
        for n in 0..=d.last_turn() {
            // The survival values are float sums: allow their rounding (relative 1e-12).
            assert!(
                cert.bound(n) >= d.survival(n) * (1.0 - tol::SAME_QUANTITY),
                "{} at {n}: bound {} < {}",
                s.name,
                cert.bound(n),
                d.survival(n)
            );
        }
        assert!(
            cert.bound(200) < 0.05,
            "{}: the bound is not vacuous",
            s.name
        );
    }
}

#[test]
fn a_broken_board_is_reported_with_the_exact_probability_of_never_finishing() {
    // Spaces [red, blue (licorice), red, green], shortcut 0 -> 1, stuck-until-color, cards red
    // and green only. From the start red (1/2) leads to 0 and down the shortcut onto the blue
    // licorice, which no card frees: trapped. Green (1/2) leads to 3, from where every card
    // finishes. So P(never finishing) = 1/2 exactly.
    let broken = r#"
name = "broken"
[board]
spaces = ["red", "blue", "red", "green"]
licorice = [1]
shortcuts = [{ from = 0, to = 1 }]
[deck.single]
red = 1
green = 1
[rules]
licorice = "stuck-until-color"
"#;
    let g = game(broken);
    let chain = Chain::build(&g);
    let r = ForeverReport::new(&g, &chain, "broken", &question()).unwrap();
    assert!(!r.ends_surely);
    assert_eq!(r.never_finish.to_string(), "1/2");
    assert_eq!(r.trapped[0].name, "space 1 (blue, licorice)");
    assert_eq!(r.trapped.len(), 1);
    let (_dir, paths) = dir_with(&[("broken.toml", broken)]);
    let out = candyland().arg("forever").arg(&paths[0]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("P(a game never ends) = 1/2"), "{text}");
}

#[test]
fn the_classic_witness_order_loops_when_fed_back() {
    let dir = tempfile::tempdir().unwrap();
    let witness = dir.path().join("witness.txt");
    let out = candyland()
        .args(["forever", "--orders", "5000", "--witness"])
        .arg(&witness)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let players = text
        .split("loops forever for ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .expect("a witness was found");
    let back = candyland()
        .args(["forever", "--players", players, "--deck-order"])
        .arg(&witness)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&back.stdout);
    assert!(text.contains("This order NEVER ends"), "{text}");
}

#[test]
fn bad_deck_order_files_name_the_line() {
    let (_dir, paths) = dir_with(&[
        ("unknown.txt", "red\npink\n"),
        ("short.txt", "# too few\nred\nblue\n"),
    ]);
    for (path, needle) in [
        (&paths[0], "line 2"),
        (&paths[1], "lists 2 cards, but the deck has 66"),
    ] {
        let out = candyland()
            .arg("forever")
            .arg("--deck-order")
            .arg(path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(needle), "{stderr}");
    }
}

/// One player, no deck orders, the default budget.
fn question() -> Question<'static> {
    Question {
        players: 1,
        order: None,
        survey: None,
        max_players: 1,
        budget: Budget::default(),
    }
}
