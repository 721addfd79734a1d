//! Property tests over random valid boards and rules, and fuzzing of the board parser and
//! validator with arbitrary and mutated input. The proptest runner is seeded, so CI runs the
//! same cases every time; `PROPTEST_CASES` raises the number of cases for a longer run.

use approx::assert_relative_eq;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

use candyland::internals::chain::{Chain, FINISH};
use candyland::internals::games::load::About;
use candyland::internals::games::BoardSource;
use candyland::internals::games::{Game, Variant};
use candyland::internals::games::{GameVisitor, Source};
use candyland::internals::sim::{simulate, DeckMode, SimOptions, Simulator};
use candyland::internals::solve::spaces::{hit_probability, Spaces};
use candyland::internals::solve::{dense_solve, Analysis, Options, Sweep};
use candyland::internals::stats::{Summary, Z_LIMIT};

const COLOURS: [&str; 6] = ["red", "purple", "yellow", "blue", "orange", "green"];

fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        rng_seed: RngSeed::Fixed(2026),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A random board file that is valid by construction: 3 to 24 spaces drawn from 2 to 6
/// colours, up to 3 landmarks, licorice on colour spaces (never the last), shortcuts between
/// distinct plain colour spaces, a deck over the colours on the board, and random rules.
fn board() -> impl Strategy<Value = String> {
    (
        2usize..=6,
        prop::collection::vec((0usize..6, 0u8..10), 3..24),
        prop::collection::vec(0usize..100, 0..3),
        prop::collection::vec(0usize..100, 0..4),
        prop::collection::vec((0usize..100, 0usize..100), 0..3),
        prop::collection::vec((0u32..5, 0u32..3), 6),
        prop::collection::vec(0u32..3, 3),
        (0usize..3, any::<bool>(), any::<bool>(), 0usize..3, 0usize..3, any::<bool>(), any::<bool>(), any::<bool>()),
    )
        .prop_map(|(ncol, cells, lm, lic, sc, deck, lmcards, rules)| {
            let n = cells.len();
            // Spaces: a colour (from the first `ncol`) or, where the roll says so, a landmark.
            let mut spaces: Vec<String> = cells.iter().map(|(c, _)| COLOURS[c % ncol].to_string()).collect();
            let mut landmarks = Vec::new();
            for (j, &at) in lm.iter().enumerate() {
                let i = at % n;
                if COLOURS.contains(&spaces[i].as_str()) && i != 0 {
                    spaces[i] = format!("L{j}");
                    landmarks.push(format!("L{j}"));
                }
            }
            let is_colour = |i: usize, spaces: &[String]| COLOURS.contains(&spaces[i].as_str());
            let mut licorice: Vec<usize> = Vec::new();
            for &l in &lic {
                let i = l % n;
                if i != n - 1 && i != 0 && is_colour(i, &spaces) && !licorice.contains(&i) {
                    licorice.push(i);
                }
            }
            let mut shortcuts: Vec<(usize, usize)> = Vec::new();
            for &(a, b) in &sc {
                let (from, to) = (a % n, b % n);
                let used = |x: usize| shortcuts.iter().any(|&(f, t)| f == x || t == x);
                if from != to && from != 0 && is_colour(from, &spaces) && !licorice.contains(&from) && !used(from) && !used(to) {
                    shortcuts.push((from, to));
                }
            }
            let on_board: Vec<&str> = COLOURS.iter().copied().filter(|c| spaces.iter().any(|s| s == c)).collect();
            let mut text = String::from("name = \"random\"\n[board]\n");
            let list: Vec<String> = spaces.iter().map(|s| format!("\"{s}\"")).collect();
            text.push_str(&format!("spaces = [{}]\n", list.join(", ")));
            let lic: Vec<String> = licorice.iter().map(|i| i.to_string()).collect();
            text.push_str(&format!("licorice = [{}]\n", lic.join(", ")));
            let sc: Vec<String> = shortcuts.iter().map(|(f, t)| format!("{{ from = {f}, to = {t} }}")).collect();
            text.push_str(&format!("shortcuts = [{}]\n", sc.join(", ")));
            text.push_str("[deck.single]\n");
            for (c, (single, _)) in on_board.iter().zip(&deck) {
                // At least one single card of the first colour, so the deck is never empty.
                let count = if *c == on_board[0] { single + 1 } else { *single };
                text.push_str(&format!("{c} = {count}\n"));
            }
            text.push_str("[deck.double]\n");
            for (c, (_, double)) in on_board.iter().zip(&deck) {
                text.push_str(&format!("{c} = {double}\n"));
            }
            text.push_str("[deck.landmark]\n");
            for (l, count) in landmarks.iter().zip(&lmcards) {
                text.push_str(&format!("{l} = {count}\n"));
            }
            let (lic, frees, doubles, dsc, dlic, dir, start, last) = rules;
            text.push_str(&format!(
                "[rules]\nlicorice = \"{}\"\nlandmark-frees = {frees}\ndoubles = \"{}\"\ndouble-shortcut = \"{}\"\ndouble-licorice = \"{}\"\nlandmark-direction = \"{}\"\nstart = \"{}\"\nland-on-last-wins = {last}\n",
                ["lose-next-turn", "stuck-until-color", "none"][lic],
                if doubles { "two-steps" } else { "one-step" },
                ["final-step", "each-step", "never"][dsc],
                ["final-step", "stops-move", "never"][dlic],
                if dir { "any" } else { "forward-only" },
                if start { "before-first" } else { "first-space" },
            ));
            text
        })
}

/// A random valid Chutes and Ladders board: 2 to 30 squares, a spinner of 1 to 6 distinct
/// faces with weights 1 to 4, up to 6 jumps (no jump starts where another one starts or ends),
/// and random rules (bounce only when every face fits on the board).
fn chutes_board() -> impl Strategy<Value = String> {
    (
        2usize..=30,
        prop::collection::btree_set(1u32..=6, 1..=6),
        prop::collection::vec(1u32..=4, 6),
        prop::collection::vec((1usize..100, 1usize..100), 0..6),
        (0usize..3, any::<bool>(), any::<bool>(), 2u32..=3, any::<bool>()),
    )
        .prop_map(|(n, faces, weights, jumps, (over, costs, again, max_rolls, forfeit))| {
            let faces: Vec<u32> = faces.into_iter().collect();
            let mut starts = std::collections::BTreeSet::new();
            let mut ends = std::collections::BTreeSet::new();
            let (mut ladders, mut chutes) = (Vec::new(), Vec::new());
            for (a, b) in jumps {
                let (from, to) = (1 + a % (n - 1), 1 + b % n);
                if from == to || starts.contains(&to) || ends.contains(&from) || starts.contains(&from) {
                    continue;
                }
                starts.insert(from);
                ends.insert(to);
                let entry = format!("{{ from = {from}, to = {to} }}");
                if to > from { ladders.push(entry) } else { chutes.push(entry) }
            }
            let max_face = *faces.last().unwrap() as usize;
            let overshoot = match over {
                1 if max_face <= n => "bounce",
                2 => "win",
                _ => "stay",
            };
            let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
            let roll_again = if again { format!("[{max_face}]") } else { "[]".into() };
            format!(
                "game = \"chutes-and-ladders\"\nname = \"random\"\n[board]\nsquares = {n}\nladders = [{}]\nchutes = [{}]\n[spinner]\nfaces = [{}]\nweights = [{}]\n[rules]\novershoot = \"{overshoot}\"\njump-costs-turn = {costs}\nroll-again = {roll_again}\nmax-rolls = {max_rolls}\non-max-rolls = \"{}\"\n",
                ladders.join(", "),
                chutes.join(", "),
                list(&faces),
                list(&weights[..faces.len()]),
                if forfeit { "forfeit" } else { "move" },
            )
        })
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn random_boards_keep_every_invariant(text in prop_oneof![board(), chutes_board()]) {
        let source = BoardSource::new("random", &text);
        candyland::internals::games::with_game(&source, Invariants(&text)).expect("parses")?;
    }

    /// Arbitrary bytes never make the parser or validator panic.
    #[test]
    fn arbitrary_input_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = candyland::internals::games::load::validate("fuzz", &text, &Variant::default());
    }

    /// Valid boards with random edits (bytes replaced, deleted, inserted) never make the parser
    /// or validator panic, and whatever validates also builds, solves, simulates and passes the
    /// fuzz target's checks (a seeded pass of what `fuzz/` runs for minutes).
    #[test]
    fn mutated_boards_never_panic(
        text in prop_oneof![board(), chutes_board()],
        edits in prop::collection::vec((0usize..2000, 0u8..3, any::<u8>()), 1..6),
    ) {
        let mut bytes = text.into_bytes();
        for (at, kind, byte) in edits {
            let i = at % (bytes.len() + 1);
            match kind {
                0 if i < bytes.len() => bytes[i] = byte,
                1 if i < bytes.len() => { bytes.remove(i); }
                _ => bytes.insert(i, byte),
            }
        }
        // The fuzzer's own target (fuzz/): parse, validate, variants, chain, solvers, checks.
        candyland::internals::results::exercise::exercise(&bytes);
    }
}

/// Every invariant on one random board, whatever its game.
struct Invariants<'a>(&'a str);

impl GameVisitor for Invariants<'_> {
    type Output = Result<(), TestCaseError>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<(), TestCaseError> {
        let text = self.0;
        let b = source.game(&Variant::default());
        prop_assert!(
            b.is_ok(),
            "generated an invalid board: {:?}\n{}",
            b.err(),
            text
        );
        let game = b.unwrap();
        let chain = Chain::build(&game);
        let d = BigInt::from(chain.denominator());
        // Rows of [Q | r] sum to exactly 1, rebuilt from the per-card table.
        for s in 0..chain.len() {
            let mut sum = BigRational::from_integer(0.into());
            if chain.draws(s) {
                for (_, count) in chain.cards() {
                    sum += BigRational::new(BigInt::from(*count), d.clone());
                }
            } else {
                prop_assert!(
                    chain.next(s, 0) != FINISH || chain.finish_counts()[s] == chain.denominator()
                );
                sum += BigRational::one();
            }
            prop_assert!(sum.is_one());
            let stored: u32 = chain
                .counts()
                .outer_view(s)
                .unwrap()
                .iter()
                .map(|(_, c)| c)
                .sum::<u32>()
                + chain.finish_counts()[s];
            prop_assert_eq!(stored, chain.denominator());
        }
        let Ok(a) = Analysis::of(&game, &chain, About::default(), &Options::default()) else {
            // A board that cannot always finish is valid input; the forever report covers it.
            return Ok(());
        };
        let total: f64 = a.pmf.iter().sum();
        prop_assert!((total - (1.0 - a.unfinished_mass)).abs() < 1e-12);
        let mean: f64 = a.pmf.iter().enumerate().map(|(n, p)| n as f64 * p).sum();
        assert_relative_eq!(mean, a.expected_turns, max_relative = 1e-9);
        assert_relative_eq!(
            a.exact_as_f64().unwrap(),
            a.expected_turns,
            max_relative = 1e-12
        );
        let ones = vec![1.0; chain.len()];
        let sweep = Sweep::<f64>::factor(chain.counts(), chain.denominator()).unwrap();
        let fast = sweep.solve(chain.counts(), &ones).unwrap();
        let dense = dense_solve(chain.counts(), chain.denominator(), &ones).unwrap();
        for (x, y) in fast.iter().zip(&dense) {
            assert_relative_eq!(*x, *y, max_relative = 1e-10);
        }
        // The chance of landing on each space, by segments, equals one solve per space.
        let figures = Spaces::of(&game, &chain, game.space_count()).unwrap();
        let position = |t: u32| (t != FINISH).then(|| game.position(chain.states()[t as usize]))?;
        for f in figures.spaces.iter().filter(|f| !f.finish) {
            let alone = hit_probability(&chain, |s, card| {
                let from = chain.states()[s];
                (position(chain.next(s, card)) == Some(f.space)
                    && game.position(from) != Some(f.space))
                    || (chain.draws(s)
                        && game
                            .passed_through(from, chain.cards()[card].0)
                            .contains(&f.space))
            })
            .unwrap();
            prop_assert!(
                (f.p_land - alone).abs() <= 1e-10 * alone.max(1e-300) + 1e-15,
                "space {}: {} vs {alone}\n{text}",
                f.space,
                f.p_land
            );
        }
        // The simulator agrees with the exact mean.
        let games = 20_000;
        let options = SimOptions {
            games,
            seed: 1,
            deck: DeckMode::Iid,
            players: 1,
            max_turns: 10_000_000,
            keep_lengths: false,
        };
        let r = simulate(&Simulator::new(&chain), &options, &|_| {});
        prop_assert_eq!(r.unfinished, 0);
        let s = Summary::of(&r.histogram).unwrap();
        if a.std_dev > 0.0 {
            let z = (s.mean - a.expected_turns) / (a.std_dev / (games as f64).sqrt());
            prop_assert!(z.abs() < Z_LIMIT, "z = {}\n{}", z, text);
        } else {
            prop_assert_eq!(s.mean, a.expected_turns);
        }
        Ok(())
    }
}
