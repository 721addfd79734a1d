//! Multi-player figures: the formulas against a brute-force product chain and against
//! simulation.

use approx::assert_relative_eq;

use candyland::chain::Chain;
use candyland::game::product::Product;
use candyland::game::RaceGame;
use candyland::model::Variant;
use candyland::sim::{simulate, DeckMode, SimOptions, Simulator};
use candyland::solve::players::Players;
use candyland::solve::{About, Analysis, Options, Sweep};
use candyland::stats::{Summary, Z_LIMIT};

use crate::common::{game, game_with};

/// A tiny board with every complication: a backward landmark jump, lose-next-turn licorice
/// (lost turns that draw no card), and doubles.
const TINY: &str = r#"
name = "tiny"
[board]
spaces = ["red", "blue", "Star", "red", "blue", "red"]
licorice = [1]
[deck.single]
red = 2
blue = 1
[deck.double]
red = 1
[deck.landmark]
Star = 1
[rules]
licorice = "lose-next-turn"
"#;

/// P(seat i wins) and E[total turns] on the product chain of K copies.
fn brute_force<G: RaceGame, const K: usize>(g: &G) -> (Vec<f64>, f64) {
    let product = Product::<G, K>::new(g);
    let chain = Chain::build(&product);
    let sweep = Sweep::<f64>::factor(chain.counts(), chain.denominator()).unwrap();
    let d = f64::from(chain.denominator());
    let wins = (0..K)
        .map(|seat| {
            // Finishing from a state where `seat` is on turn: seat wins.
            let rhs: Vec<f64> = (0..chain.len())
                .map(|s| {
                    if chain.states()[s].turn as usize == seat {
                        f64::from(chain.finish_counts()[s]) / d
                    } else {
                        0.0
                    }
                })
                .collect();
            sweep.solve(chain.counts(), &rhs).unwrap()[chain.start()]
        })
        .collect();
    let turns = sweep
        .solve(chain.counts(), &vec![1.0; chain.len()])
        .unwrap()[chain.start()];
    (wins, turns)
}

fn formulas(toml: &str, k: usize) -> Players {
    let g = game(toml);
    let chain = Chain::build(&g);
    let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
    Players::from_single(&a.distribution(), k)
}

#[test]
fn the_formulas_match_the_product_chain() {
    let g = game(TINY);
    let (wins2, turns2) = brute_force::<_, 2>(&g);
    let p2 = formulas(TINY, 2);
    for (a, b) in wins2.iter().zip(&p2.first_finisher.win) {
        assert_relative_eq!(a, b, max_relative = 1e-9);
    }
    assert_relative_eq!(turns2, p2.first_finisher.mean_turns, max_relative = 1e-9);

    let (wins3, turns3) = brute_force::<_, 3>(&g);
    let p3 = formulas(TINY, 3);
    for (a, b) in wins3.iter().zip(&p3.first_finisher.win) {
        assert_relative_eq!(a, b, max_relative = 1e-9);
    }
    assert_relative_eq!(turns3, p3.first_finisher.mean_turns, max_relative = 1e-9);
    // The brute force is a genuinely different computation: its chain is the product.
    let single = Chain::build(&g).len();
    assert!(Chain::build(&Product::<_, 2>::new(&g)).len() > single * single);
}

#[test]
fn seat_probabilities_sum_to_one_and_favour_the_first_seat() {
    for k in 1..=6 {
        let p = formulas(crate::shipped_text("classic"), k);
        let total: f64 = p.first_finisher.win.iter().sum();
        assert_relative_eq!(total, 1.0, max_relative = 1e-10);
        assert!(p.first_finisher.win.windows(2).all(|w| w[0] > w[1]));
        let places: f64 = p.everyone.mean_place.iter().sum();
        // Places 1..K are each taken once: they sum to K(K+1)/2.
        assert_relative_eq!(places, (k * (k + 1) / 2) as f64, max_relative = 1e-10);
    }
}

#[test]
fn iid_simulation_agrees_with_the_formulas() {
    let g = game_with(crate::shipped_text("classic"), &Variant::default());
    let chain = Chain::build(&g);
    let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
    let sim = Simulator::new(&chain);
    let games = 200_000u64;
    for k in [2usize, 3, 4] {
        let exact = Players::from_single(&a.distribution(), k);
        let options = SimOptions {
            games,
            seed: 5,
            deck: DeckMode::Iid,
            players: k,
            max_turns: 1_000_000,
            keep_lengths: false,
        };
        let r = simulate(&sim, &options, &|_| {});
        let s = Summary::of(&r.histogram).unwrap();
        let z = (s.mean - exact.first_finisher.mean_turns) / (s.sd / (games as f64).sqrt());
        assert!(z.abs() < Z_LIMIT, "{k} players: z = {z}");
        for (seat, &w) in r.wins.iter().enumerate() {
            let p = exact.first_finisher.win[seat];
            let z = (w as f64 - games as f64 * p) / (games as f64 * p * (1.0 - p)).sqrt();
            assert!(z.abs() < Z_LIMIT, "{k} players, seat {seat}: z = {z}");
        }
    }
}
