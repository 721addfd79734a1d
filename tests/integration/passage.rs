//! First passage (`passage`): hand-derived answers on tiny boards, an independent dense
//! rational elimination (fraction-free, written here) on the shipped boards, `spaces`' figures
//! for the chances of landing and of being caught, `players`' chance to win for the product
//! chain, the sparse LU against the sweep on a board with many cycles, bad targets, and a
//! jump's start reached by landing on it, in Candy Land as in Chutes and Ladders.

use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::{CandyLand, ChutesAndLadders, RaceTrack};
use candyland::internals::games::{Game, Variant};
use candyland::internals::solve::passage::{every, passage, Passage, PassageOptions};
use candyland::internals::solve::spaces::Spaces;
use candyland::internals::solve::{Analysis, Options, Sweep};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::common::{board, game, run, tol};

/// Solves A x = b exactly: fraction-free (Bareiss) elimination of the integer matrix with
/// partial pivoting on non-zero entries, then back substitution in rationals. Independent of
/// the solver under test (no sweep, no feedback states, no LU).
pub fn bareiss(mut a: Vec<Vec<BigInt>>, mut b: Vec<BigInt>) -> Vec<BigRational> {
    let n = a.len();
    let mut prev = BigInt::one();
    for k in 0..n {
        let p = (k..n).find(|&i| !a[i][k].is_zero()).expect("non-singular");
        a.swap(k, p);
        b.swap(k, p);
        for i in k + 1..n {
            for j in k + 1..n {
                a[i][j] = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &prev;
            }
            b[i] = (&b[i] * &a[k][k] - &a[i][k] * &b[k]) / &prev;
            a[i][k] = BigInt::zero();
        }
        prev = a[k][k].clone();
    }
    let mut x = vec![BigRational::zero(); n];
    for i in (0..n).rev() {
        let mut v = BigRational::from_integer(b[i].clone());
        for j in i + 1..n {
            v -= BigRational::from_integer(a[i][j].clone()) * &x[j];
        }
        x[i] = v / BigRational::from_integer(a[i][i].clone());
    }
    x
}

/// (D I - C') as integers, for counts C' over D of `counts`.
pub fn system(counts: &candyland::internals::chain::Counts, d: u32) -> Vec<Vec<BigInt>> {
    let n = counts.rows();
    let mut a = vec![vec![BigInt::zero(); n]; n];
    for (s, row) in a.iter_mut().enumerate() {
        row[s] = BigInt::from(d);
        for (t, &c) in counts.outer_view(s).unwrap().iter() {
            row[t] -= BigInt::from(c);
        }
    }
    a
}

fn ask<G: Game>(g: &G, to: &[&str]) -> Passage {
    let chain = Chain::build(g);
    let o = PassageOptions::new(to.iter().map(|s| s.to_string()).collect()).unwrap();
    passage(g, &chain, &About::default(), &o).unwrap()
}

const TINY: &str =
    "name = \"t\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n";

#[test]
fn a_tiny_board_by_hand() {
    // Spaces [red, blue], one red and one blue card, start before space 0. Target: space 1.
    // From the start: blue lands on 1 (1/2); red goes to 0 (1/2), where blue lands on 1 and
    // red (no red ahead) finishes. P(reach 1) = 1/2 + 1/4 = 3/4; T = 1 w.p. 1/2, 2 w.p. 1/4,
    // so E[T | reached] = (1/2 + 2/4) / (3/4) = 4/3 and E[T^2 | reached] = (1/2 + 1) / (3/4)
    // = 2: sd = sqrt(2 - 16/9) = sqrt(2)/3.
    let p = ask(&game(TINY), &["1"]);
    assert_eq!(p.probability_exact.as_ref().unwrap().to_string(), "3/4");
    assert_eq!(p.mean_exact.as_ref().unwrap().to_string(), "4/3");
    assert!((p.sd.unwrap() - 2f64.sqrt() / 3.0).abs() < tol::SAME_QUANTITY);
    assert_eq!(p.pmf, [0.0, 0.5, 0.25]);
    assert_eq!(p.survival, [1.0, 1.0 / 3.0, 0.0]);
    assert_eq!(p.median, Some(1));
    // Space 0 (red) is reached only by a red first card: 1/2, always on turn 1.
    let p = ask(&game(TINY), &["red"]);
    assert_eq!(p.probability_exact.unwrap().to_string(), "1/2");
    assert_eq!(p.mean, Some(1.0));
    // The set {0, 1}: every game lands on one of them on turn 1.
    let p = ask(&game(TINY), &["0", "blue"]);
    assert_eq!(p.probability_exact.unwrap().to_string(), "1/1");
    assert_eq!(p.mean_exact.unwrap().to_string(), "1/1");
}

#[test]
fn a_loop_by_hand_on_a_race_with_a_backward_face() {
    // Squares 1..3 (3 is the finish), faces +1 and back 1, equally likely; start off the board
    // (0). Target square 2. From 0: +1 -> 1, back -> 0. From 1: +1 -> 2 (hit), back -> 0.
    // h_0 = h_1 ... both reach 2 for sure (the only way to finish passes 2): P = 1.
    // E[T] from 0: a = 1 + (a + b)/2, b = 1 + (0 + a)/2 (from 1: hit or back to 0):
    // b = 1 + a/2, a = 1 + a/2 + 1/2 + a/4 -> a/4 = 3/2 -> a = 6.
    let race: RaceTrack = board(
        "game = \"race\"\nname = \"loop\"\n[board]\nsquares = 3\n[spinner]\nfaces = [1, { back = 1 }]\n",
        &Variant::default(),
    );
    let p = ask(&race, &["2"]);
    assert_eq!(p.probability_exact.unwrap().to_string(), "1/1");
    assert_eq!(p.mean_exact.unwrap().to_string(), "6/1");
    // The passage to the finish is the game's length: the same as analyze (E[T] = 8: from 2,
    // c = 1 + b/2 with b = 1 + a/2... solved exactly by the library's own route).
    let f = ask(&race, &["finish"]);
    let e = candyland::internals::solve::exact_expected_turns(&Chain::build(&race)).unwrap();
    assert_eq!(
        f.mean_exact.unwrap().to_string(),
        format!("{}/{}", e.numer(), e.denom())
    );
}

/// The chance of reaching a target and E[T | reached] by Bareiss on (D I - C') y = h and
/// (D I - C') m = D y, from the chain with the target's moves taken out.
fn independent<G: Game>(g: &G, to: &str) -> (BigRational, BigRational) {
    let chain = Chain::build(g);
    let target =
        candyland::internals::solve::passage::Target::resolve(g, chain.states(), &[to.to_string()])
            .unwrap();
    let (counts, hits) =
        chain.absorb(|s, c| target.hit(g, chain.states()[s], chain.cards()[c].0, chain.draws(s)));
    let d = chain.denominator();
    let a = system(&counts, d);
    let y = bareiss(a.clone(), hits.iter().map(|&h| BigInt::from(h)).collect());
    // m = N' y: (D I - C') m = D y; scale y to integers by its common denominator.
    let den = y
        .iter()
        .fold(BigInt::one(), |l, v| num_integer::lcm(l, v.denom().clone()));
    let rhs: Vec<BigInt> = y
        .iter()
        .map(|v| (v * BigRational::from_integer(&den * BigInt::from(d))).to_integer())
        .collect();
    let m = bareiss(a, rhs);
    let s = chain.start();
    let mean = &m[s] / BigRational::from_integer(den) / &y[s];
    (y[s].clone(), mean)
}

#[test]
fn the_shipped_boards_agree_with_an_independent_rational_elimination() {
    let cases: [(&str, &str); 3] = [
        ("clark-program", "licorice 47"),
        ("chutes-and-ladders", "chute 47"),
        ("hi-ho-cherry-o", "5"),
    ];
    for (name, to) in cases {
        let text = candyland::internals::games::shipped::find(name)
            .unwrap()
            .text;
        let (p, mean) = match name {
            "clark-program" => {
                let g: CandyLand = board(text, &Variant::default());
                (ask(&g, &[to]), independent(&g, to))
            }
            "chutes-and-ladders" => {
                let g: ChutesAndLadders = board(text, &Variant::default());
                (ask(&g, &[to]), independent(&g, to))
            }
            _ => {
                let g: RaceTrack = board(text, &Variant::default());
                (ask(&g, &[to]), independent(&g, to))
            }
        };
        assert_eq!(
            p.probability_exact.unwrap().value().unwrap(),
            mean.0,
            "{name} {to}"
        );
        assert_eq!(
            p.mean_exact.unwrap().value().unwrap(),
            mean.1,
            "{name} {to}"
        );
        assert!(p.error_bound < 1e-10, "{name}: {}", p.error_bound);
    }
}

#[test]
fn every_licorice_and_space_chance_on_classic_is_what_spaces_says() {
    let g: CandyLand = board(crate::shipped_text("clark-program"), &Variant::default());
    let chain = Chain::build(&g);
    let all = every(&g, &chain, &About::default(), None, &Default::default()).unwrap();
    let spaces = Spaces::of(&g, &chain, g.space_count()).unwrap();
    let mut compared = 0;
    for t in &all.targets {
        let Some(i) = t.position else { continue };
        match t.kind.as_str() {
            "trap" => {
                assert!(
                    (t.probability - spaces.spaces[i].p_caught).abs() < 1e-12,
                    "{}",
                    t.name
                );
                compared += 1;
            }
            "space" => {
                assert!(
                    (t.probability - spaces.spaces[i].p_land).abs() < 1e-12,
                    "{}",
                    t.name
                );
                compared += 1;
            }
            _ => {}
        }
    }
    assert_eq!(compared, 3 + 134);
    // Each shortcut: against the independent elimination, exactly to the float's precision.
    for (to, name) in [
        ("shortcut 4", "shortcut 4 to 58"),
        ("shortcut 33", "shortcut 33 to 46"),
    ] {
        let (p, _) = independent(&g, to);
        let row = all.targets.iter().find(|t| t.name == name).unwrap();
        let exact: f64 = num_traits::ToPrimitive::to_f64(&p).unwrap();
        assert!(
            (row.probability - exact).abs() <= all.error_bound.max(1e-15),
            "{name}"
        );
    }
    // A state's chance: from the start, N_sj / N_jj (the chain's own fundamental matrix).
    assert!(all.error_bound < 1e-10);
}

/// `passage BOARD --to TARGET --json`'s probability.
fn chance_of(board: &str, to: &str) -> f64 {
    let (code, out, err) = run(&["passage", board, "--to", to, "--json"]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    j["probability"].as_f64().unwrap()
}

/// `spaces BOARD --json`'s P(land) of the space numbered `number` as the board prints it.
fn p_land_of(board: &str, number: u64) -> f64 {
    let (code, out, err) = run(&["spaces", board, "--json"]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let row = j["spaces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["number"] == number)
        .unwrap();
    row["p_land"].as_f64().unwrap()
}

#[test]
fn a_space_a_move_lands_on_is_reached_in_every_game_the_start_of_a_jump_included() {
    // A token that lands on a jump's start and takes the jump has landed there: `--to SPACE`
    // and `spaces`' P(land) count it, in Candy Land as in Chutes and Ladders. The expected
    // figures are the tool's own chances of taking each jump, printed by `candyland passage
    // candy-land-1984 --to "shortcut 4"` (0.191557, exactly 7496644/39135393) and `candyland
    // passage chutes-and-ladders --to "chute 47"` (0.411845), not published ones (the tests
    // above check the jump targets against an independent rational elimination: "chute 47"
    // here, the shortcuts on clark-program). What this test checks is that two routes agree:
    // the space and the jump from it, and `spaces`' P(land) of the same space.
    for (board, space, jump, number, expected) in [
        ("candy-land-1984", "4", "shortcut 4", 4, 0.191557),
        ("chutes-and-ladders", "47", "chute 47", 47, 0.411845),
    ] {
        let by_space = chance_of(board, space);
        let by_jump = chance_of(board, jump);
        let p_land = p_land_of(board, number);
        assert!(
            (by_space - by_jump).abs() < 1e-12,
            "{board}: {by_space} vs {by_jump}"
        );
        assert!(
            (by_space - p_land).abs() < 1e-12,
            "{board}: {by_space} vs {p_land}"
        );
        assert_eq!(
            format!("{by_space:.6}"),
            format!("{expected:.6}"),
            "{board}"
        );
    }
    // The old meaning, a move that comes to rest there, is the chain's state: space 5 (green)
    // has one, and naming it counts the same moves as its number (nothing passes over it).
    assert_eq!(
        chance_of("candy-land-1984", "space 5 (green)"),
        chance_of("candy-land-1984", "5")
    );
}

#[test]
fn seat_one_reaching_the_finish_first_is_its_chance_to_win() {
    // With 2 players the game ends when the first finishes: seat 1 reaching the finish before
    // the game ends is seat 1 winning, which `players` computes from the one-player
    // distribution (a different route: no product chain).
    let g: RaceTrack = board(crate::shipped_text("hi-ho-cherry-o"), &Variant::default());
    let chain = Chain::build(&g);
    let o = PassageOptions::new(vec!["finish".into()])
        .unwrap()
        .players(2, 1)
        .unwrap();
    let p = passage(&g, &chain, &About::default(), &o).unwrap();
    let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
    let players = candyland::internals::solve::players::Players::from_single(&a.distribution(), 2);
    assert!((p.probability - players.first_finisher.win[0]).abs() < tol::FROM_DISTRIBUTION);
    // When seat 1 finishes, seat 2 is behind it (it has not finished): all of the chance.
    assert_eq!(p.others.len(), 1);
    assert!((p.others[0].behind - p.probability).abs() < 1e-12);
    assert_eq!(p.others[0].ahead, 0.0);
}

#[test]
fn the_sparse_lu_agrees_with_the_sweep_on_a_board_with_many_cycles() {
    // 400 squares, faces +1..+4 and back 1, back 2: every square is the target of a backward
    // move, so the general solver takes over; the sweep (slow here, but exact in structure)
    // is the reference.
    let race: RaceTrack = board(
        "game = \"race\"\nname = \"cycles\"\n[board]\nsquares = 400\n[spinner]\nfaces = [1, 2, 3, 4, { back = 1 }, { back = 2 }]\n[rules]\novershoot = \"win\"\n",
        &Variant::default(),
    );
    let chain = Chain::build(&race);
    assert!(candyland::internals::solve::uses_sparse_lu(chain.counts()));
    let o = PassageOptions::new(vec!["200-210".into()])
        .unwrap()
        .exact(false);
    let p = passage(&race, &chain, &About::default(), &o).unwrap();
    assert_eq!(p.solver, "sparse LU");
    let target = candyland::internals::solve::passage::Target::resolve(
        &race,
        chain.states(),
        &["200-210".to_string()],
    )
    .unwrap();
    let (counts, hits) = chain
        .absorb(|s, c| target.hit(&race, chain.states()[s], chain.cards()[c].0, chain.draws(s)));
    let d = chain.denominator();
    let h: Vec<f64> = hits.iter().map(|&x| f64::from(x) / f64::from(d)).collect();
    let sweep = Sweep::<f64>::factor(&counts, d).unwrap();
    let y = sweep.solve(&counts, &h).unwrap();
    assert!((p.probability - y[chain.start()]).abs() < 1e-12);
    assert!(p.error_bound < 1e-9, "{}", p.error_bound);
    // Every track square is passed on the way to the finish with forward steps of at most 4,
    // so a run of 11 squares is reached for sure.
    assert!((p.probability - 1.0).abs() < 1e-12);
}

#[test]
fn bad_and_unreachable_targets_say_what_to_do() {
    let (code, _, err) = run(&["passage", "--to", "Plumpi"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--to") && err.contains("did you mean 'Plumpy'?"),
        "{err}"
    );
    let (code, _, err) = run(&["passage", "--to", "47", "--to", "licorice 48"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--to (the second one)") && err.contains("47, 85, 120"),
        "{err}"
    );
    let (code, _, err) = run(&["passage", "--to", "999"]);
    assert_eq!(code, 2);
    assert!(err.contains("no space 999"), "{err}");
    let (code, _, err) = run(&["passage", "--to", "finish", "--players", "9"]);
    assert_eq!(code, 2);
    assert!(err.contains("--players"), "{err}");
    // From space 9 no move reaches space 2: every card moves forward but a landmark card, and
    // the first landmark, Plumpy, is space 8. Probability 0, and no distribution.
    let behind = ["passage", "--from", "9", "--to", "2"];
    let (code, out, err) = run(&behind);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("0.000000") && out.contains("there is no distribution"),
        "{out}"
    );
    let (code, out, _) = run(&[&behind[..], &["--json"]].concat());
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["probability"], 0.0);
    assert!(j["mean"].is_null() && j["pmf"].as_array().unwrap().is_empty());
}

#[test]
fn a_distribution_cut_by_the_turn_limit_says_so_in_every_figure_drawn_from_it() {
    // Classic's passage to the finish is the game itself (E[T] = 37.5 turns or so, as
    // `analyze` gives): cut at turn 5, the median and every quantile lie past the cut, so each
    // is a bound; the chance and the mean come from linear solves and are not cut.
    let (code, out, err) = run(&["passage", "--to", "finish", "--max-turns", "5"]);
    assert_eq!(code, 0, "{err}");
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        out.contains("median") && out.contains("> 5 turns (the turn limit cut it)"),
        "{out}"
    );
    assert!(
        out.contains("the turn limit cut the distribution at turn 5"),
        "{out}"
    );
    assert!(out.contains("figures marked > are bounds"), "{out}");
    let (_, out, _) = run(&["passage", "--to", "finish", "--max-turns", "5", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["truncated"], true);
    assert!(j["unfinished_mass"].as_f64().unwrap() > 0.9);
    assert!(j["median"].is_null());
    for q in j["quantiles"].as_array().unwrap() {
        assert_eq!(q["lower_bound"], true, "{q}");
    }
    let (_, a, _) = run(&["analyze", "--json"]);
    let a: serde_json::Value = serde_json::from_str(&a).unwrap();
    let (m, am) = (j["mean"].as_f64().unwrap(), a["mean"].as_f64().unwrap());
    assert!((m - am).abs() < 1e-9 * am, "{m} vs {am}");
    // Not cut: no such note.
    let (_, out, _) = run(&["passage", "--to", "finish"]);
    assert!(!out.contains("cut"), "{out}");
}
