//! Properties every chain and solution must have, checked on every shipped board and on rule
//! variants of the default board.

use approx::assert_relative_eq;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use candyland::internals::chain::Chain;
use candyland::internals::games::load::parse;
use candyland::internals::games::load::About;
use candyland::internals::games::CandyLand;
use candyland::internals::games::{shipped, Game, Variant};
use candyland::internals::solve::{dense_solve, solve_state_exact, Analysis, Options, Sweep};

use crate::common::tol;

/// The rule variants of each game that exercise other rules.
fn variants<G: Game>() -> Vec<Variant> {
    let base = Variant::default();
    if G::KIND == "candyland" {
        vec![
            base.clone(),
            base.clone().with_rule("licorice", "lose-next-turn"),
            base.clone().with_rule("licorice", "none"),
            base.without("landmarks").without("shortcuts"),
        ]
    } else if G::KIND == "race" {
        vec![
            base.clone(),
            base.clone().with_rule("overshoot", "bounce"),
            base.clone().with_rule("overshoot", "stay"),
            base.clone()
                .with_rule("jump-costs-turn", true)
                .with_rule("back-by", 1),
            base.with_rule("back-by", 3),
        ]
    } else {
        vec![
            base.clone(),
            base.clone().with_rule("overshoot", "bounce"),
            base.clone().with_rule("overshoot", "win"),
            base.clone()
                .with_rule("jump-costs-turn", true)
                .with_rule("roll-again", vec![6]),
            base.with_rule("roll-again", vec![5, 6])
                .with_rule("on-max-rolls", "forfeit"),
        ]
    }
}

/// Every shipped board of game `G` under the rule variants of its game.
fn cases<G: Game>() -> Vec<(String, G)> {
    let mut out = Vec::new();
    for (name, text, _) in crate::common::shipped_of::<G>() {
        for v in variants::<G>() {
            let board = parse(name, text, &v).unwrap();
            out.push((format!("{name} {v}"), board));
        }
    }
    out
}

#[test]
fn every_row_sums_to_exactly_one_in_rationals() {
    crate::each_game!(every_row_sums_to_exactly_one_in_rationals_of);
}

fn every_row_sums_to_exactly_one_in_rationals_of<G: Game>() {
    // Rebuilt from the per-card table (what the step function returned for every card), not
    // from the merged matrix: each entry of Q and r must be the sum of its cards' counts, and
    // the row must add up to exactly 1.
    for (name, g) in cases::<G>() {
        let chain = Chain::build(&g);
        let d = BigInt::from(chain.denominator());
        for s in 0..chain.len() {
            let mut by_target: std::collections::BTreeMap<u32, u32> = Default::default();
            if chain.draws(s) {
                for (card, (_, count)) in chain.cards().iter().enumerate() {
                    *by_target.entry(chain.next(s, card)).or_default() += count;
                }
            } else {
                // A lost turn: one outcome, whatever the card.
                by_target.insert(chain.next(s, 0), chain.denominator());
            }
            let finish = by_target
                .remove(&candyland::internals::chain::FINISH)
                .unwrap_or(0);
            assert_eq!(finish, chain.finish_counts()[s], "{name}: r at {s}");
            let row = chain.counts().outer_view(s).unwrap();
            let stored: Vec<(u32, u32)> = row.iter().map(|(t, &c)| (t as u32, c)).collect();
            let rebuilt: Vec<(u32, u32)> = by_target.into_iter().collect();
            assert_eq!(stored, rebuilt, "{name}: row {s}");
            let mut sum = BigRational::new(BigInt::from(finish), d.clone());
            for (_, c) in &rebuilt {
                sum += BigRational::new(BigInt::from(*c), d.clone());
            }
            assert!(sum.is_one(), "{name}: row {s} sums to {sum}");
        }
    }
}

#[test]
fn the_distribution_sums_to_one_minus_the_left_out_mass() {
    crate::each_game!(the_distribution_sums_to_one_minus_the_left_out_mass_of);
}

fn the_distribution_sums_to_one_minus_the_left_out_mass_of<G: Game>() {
    for (name, g) in cases::<G>() {
        let chain = Chain::build(&g);
        let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
        let total: f64 = a.pmf.iter().sum();
        assert!(
            (total - (1.0 - a.unfinished_mass)).abs() < tol::SAME_QUANTITY,
            "{name}: pmf sums to {total}"
        );
        assert!(a.pmf.iter().all(|p| *p >= 0.0), "{name}");
    }
}

#[test]
fn the_mean_and_variance_of_the_distribution_equal_the_linear_solves() {
    crate::each_game!(the_mean_and_variance_of_the_distribution_equal_the_linear_solves_of);
}

fn the_mean_and_variance_of_the_distribution_equal_the_linear_solves_of<G: Game>() {
    for (_, g) in cases::<G>() {
        let chain = Chain::build(&g);
        let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
        let mean: f64 = a.pmf.iter().enumerate().map(|(n, p)| n as f64 * p).sum();
        let m2: f64 = a
            .pmf
            .iter()
            .enumerate()
            .map(|(n, p)| (n * n) as f64 * p)
            .sum();
        assert_relative_eq!(
            mean,
            a.expected_turns,
            max_relative = tol::FROM_DISTRIBUTION
        );
        // The truncated tail weighs more in the second moment (n^2 times up to 1e-12).
        assert_relative_eq!(m2 - mean * mean, a.variance, max_relative = 1e-7);
    }
}

#[test]
fn the_exact_rational_equals_the_float() {
    crate::each_game!(the_exact_rational_equals_the_float_of);
}

fn the_exact_rational_equals_the_float_of<G: Game>() {
    for (name, g) in cases::<G>() {
        let chain = Chain::build(&g);
        let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
        let exact = a.exact_as_f64().expect("exact fraction");
        assert_relative_eq!(exact, a.expected_turns, max_relative = tol::SAME_QUANTITY);
        assert!(!name.is_empty());
    }
}

#[test]
fn the_sweep_agrees_with_dense_lu() {
    crate::each_game!(the_sweep_agrees_with_dense_lu_of);
}

fn the_sweep_agrees_with_dense_lu_of<G: Game>() {
    for (name, g) in cases::<G>() {
        let chain = Chain::build(&g);
        let ones = vec![1.0; chain.len()];
        let sweep = Sweep::<f64>::factor(chain.counts(), chain.denominator()).unwrap();
        let fast = sweep.solve(chain.counts(), &ones).unwrap();
        let dense = dense_solve(chain.counts(), chain.denominator(), &ones).unwrap();
        for (s, (x, y)) in fast.iter().zip(&dense).enumerate() {
            assert_relative_eq!(*x, *y, max_relative = 1e-10);
            assert!(x.is_finite(), "{name}: state {s}");
        }
    }
}

#[test]
#[ignore = "slow (56 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn the_fraction_free_solve_equals_the_rational_sweep() {
    crate::each_game!(the_fraction_free_solve_equals_the_rational_sweep_of);
}

/// Two exact routes to (I - Q) y = b: the rational sweep (a gcd per value) and the
/// fraction-free sweep (integers over a product of pivots), at states along the board, with b = 1
/// (expected turns) and b = r (the chance of finishing, 1 everywhere on these boards, but reached by another sum).
fn the_fraction_free_solve_equals_the_rational_sweep_of<G: Game>() {
    for (name, g) in cases::<G>() {
        let chain = Chain::build(&g);
        let (counts, d) = (chain.counts(), chain.denominator());
        let sweep = Sweep::<BigRational>::factor(counts, d).unwrap();
        let big_d = BigRational::from_integer(BigInt::from(d));
        let turns = vec![u64::from(d); chain.len()];
        let finish: Vec<u64> = chain
            .finish_counts()
            .iter()
            .map(|&c| u64::from(c))
            .collect();
        // (The rational sweep takes seconds per solve on some Chutes variants, where every
        // game finishes anyway: the chance of finishing is compared on Candy Land.)
        let rhss = if G::KIND == "candyland" {
            vec![turns, finish]
        } else {
            vec![turns]
        };
        for h in rhss {
            let b: Vec<BigRational> = h
                .iter()
                .map(|&x| BigRational::from_integer(BigInt::from(x)) / &big_d)
                .collect();
            let y = sweep.solve(counts, &b).unwrap();
            // The start and states spread along the board (each is a whole sweep).
            let n = chain.len();
            for s in [chain.start(), n / 5, n / 2, 4 * n / 5, n - 1] {
                let free = solve_state_exact(counts, d, &h, s, &|_| true).unwrap();
                assert_eq!(&free, &y[s], "{name}: state {s}");
            }
        }
    }
}

#[test]
fn the_exact_solve_satisfies_the_equations() {
    // (I - Q) E = 1 checked exactly, row by row, on the classic board.
    let g: CandyLand = parse(
        "clark-program",
        shipped::SHIPPED[0].text,
        &Variant::default(),
    )
    .unwrap();
    let chain = Chain::build(&g);
    let d = BigRational::from_integer(BigInt::from(chain.denominator()));
    let sweep = Sweep::<BigRational>::factor(chain.counts(), chain.denominator()).unwrap();
    let e = sweep
        .solve(chain.counts(), &vec![BigRational::one(); chain.len()])
        .unwrap();
    for s in 0..chain.len() {
        let mut qe = BigRational::zero();
        for (t, &c) in chain.counts().outer_view(s).unwrap().iter() {
            qe += BigRational::from_integer(BigInt::from(c)) * &e[t];
        }
        assert_eq!(&e[s] - qe / &d, BigRational::one(), "row {s}");
    }
}

#[test]
fn the_distribution_that_drops_the_states_holding_least_is_the_full_one_within_its_bound() {
    crate::each_game!(the_dropping_distribution_is_the_full_one_within_its_bound_of);
    // Generated boards, whose mass fills a window of the board: most states are left out of
    // most turns there.
    for (spaces, seed) in [(2_000, 1), (20_000, 1), (20_000, 7)] {
        let spec = candyland::internals::games::candyland::generate::Spec {
            spaces,
            seed,
            licorice: 3,
            landmarks: 6,
            shortcuts: 2,
        };
        let text = candyland::internals::games::candyland::generate::board_text(&spec);
        let g: CandyLand = parse("generated", &text, &Variant::default()).unwrap();
        same_within_the_bound(
            &format!("generated {spaces} {seed}"),
            &Chain::build(&g),
            true,
        );
    }
}

fn the_dropping_distribution_is_the_full_one_within_its_bound_of<G: Game>() {
    for (name, g) in cases::<G>() {
        same_within_the_bound(&name, &Chain::build(&g), false);
    }
}

/// The distribution as `analyze` computes it (up to 1e-15 dropped, tolerance 1e-12) against
/// the plain iteration pi_n = pi_(n-1) Q over every state: every P(T = n) and P(T > n) agrees
/// within the mass left out it states (plus rounding), and it stops where the plain one does
/// or at most a turn from it. `drops`: some mass must have been dropped (the test would not
/// test the dropping otherwise).
fn same_within_the_bound<S, C>(name: &str, chain: &Chain<S, C>, drops: bool) {
    use candyland::internals::chain::{push, Probabilities};
    use candyland::internals::solve::{Distribution, DROPPED_SHARE};
    let (tolerance, r) = (1e-12, chain.r());
    let counts = (chain.counts(), chain.denominator());
    let d = Distribution::compute(
        counts,
        &r,
        chain.start(),
        tolerance,
        200,
        100_000,
        tolerance * DROPPED_SHARE,
    );
    // The plain iteration, to the same turn.
    let p = Probabilities::new(chain.denominator());
    let mut pi = vec![0.0; chain.len()];
    pi[chain.start()] = 1.0;
    let mut next = vec![0.0; chain.len()];
    let (mut pmf, mut survival) = (vec![0.0], vec![1.0]);
    for _ in 0..d.last_turn() {
        pmf.push(pi.iter().zip(&r).map(|(a, b)| a * b).sum::<f64>());
        push(chain.counts(), &p, &pi, &mut next);
        std::mem::swap(&mut pi, &mut next);
        survival.push(pi.iter().sum::<f64>());
    }
    let bound = d.survival(d.last_turn()) - survival[d.last_turn()];
    // What was dropped: at most the allowance, and counted in the stated mass left out.
    assert!(
        bound <= tolerance * DROPPED_SHARE + 1e-15,
        "{name}: dropped {bound}"
    );
    if drops {
        assert!(bound > 0.0, "{name}: nothing was dropped");
    }
    for n in 0..=d.last_turn() {
        assert!(
            (d.pmf[n] - pmf[n]).abs() <= bound.max(0.0) + 1e-15,
            "{name}: P(T = {n}) {} against {}",
            d.pmf[n],
            pmf[n]
        );
        assert!(
            (d.survival[n] - survival[n]).abs() <= bound.max(0.0) + 1e-14,
            "{name}: P(T > {n}) {} against {}",
            d.survival[n],
            survival[n]
        );
    }
    // It stops where the plain iteration would, a turn later (the dropped mass is counted in
    // what it leaves out), or, short of 200 turns, earlier once every chance left is dropped;
    // never leaving out more than the tolerance.
    let plain_stop = (0..=d.last_turn())
        .find(|&t| survival[t] < tolerance && (t >= 200 || survival[t] < f64::MIN_POSITIVE));
    assert!(d.survival(d.last_turn()) < tolerance, "{name}");
    assert!(
        plain_stop.is_none_or(|t| d.last_turn() <= t + 1),
        "{name}: stopped at {} where the plain one would at {plain_stop:?}",
        d.last_turn()
    );
}
