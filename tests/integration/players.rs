//! Multi-player figures: the formulas against a brute-force product chain and against
//! simulation.

use approx::assert_relative_eq;

use candyland::internals::chain::product::Product;
use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::race::RaceGame;
use candyland::internals::games::Variant;
use candyland::internals::sim::{simulate, DeckMode, SimOptions, Simulator};
use candyland::internals::solve::players::Players;
use candyland::internals::solve::{Analysis, Options, Sweep};
use candyland::internals::stats::{Summary, Z_LIMIT};

use crate::common::{game, game_with};

/// A tiny board with every complication: a backward landmark jump, lose-next-turn licorice
/// (lost turns that draw no card), and doubles.
pub(crate) const TINY: &str = r#"
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
    product_wins(&Product::<G, K>::new(g))
}

/// P(seat i wins) and E[total turns] from the product chain's start, exactly: the absorption
/// probabilities split by who is on turn when the chain finishes.
pub(crate) fn product_wins<G: RaceGame, const K: usize>(
    product: &Product<'_, G, K>,
) -> (Vec<f64>, f64) {
    let chain = Chain::build(product);
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
    assert_relative_eq!(turns2, p2.first_finisher.turns.mean, max_relative = 1e-9);

    let (wins3, turns3) = brute_force::<_, 3>(&g);
    let p3 = formulas(TINY, 3);
    for (a, b) in wins3.iter().zip(&p3.first_finisher.win) {
        assert_relative_eq!(a, b, max_relative = 1e-9);
    }
    assert_relative_eq!(turns3, p3.first_finisher.turns.mean, max_relative = 1e-9);
    // The brute force is a genuinely different computation: its chain is the product.
    let single = Chain::build(&g).len();
    assert!(Chain::build(&Product::<_, 2>::new(&g)).len() > single * single);
}

#[test]
fn seat_probabilities_sum_to_one_and_favour_the_first_seat() {
    for k in 1..=6 {
        let p = formulas(crate::shipped_text("clark-program"), k);
        let total: f64 = p.first_finisher.win.iter().sum();
        assert_relative_eq!(total, 1.0, max_relative = 1e-10);
        assert!(p.first_finisher.win.windows(2).all(|w| w[0] > w[1]));
        let places: f64 = p.everyone.as_ref().unwrap().mean_place.iter().sum();
        // Places 1..K are each taken once: they sum to K(K+1)/2.
        assert_relative_eq!(places, (k * (k + 1) / 2) as f64, max_relative = 1e-10);
    }
}

#[test]
fn iid_simulation_agrees_with_the_formulas() {
    let g = game_with(crate::shipped_text("clark-program"), &Variant::default());
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
        let z = (s.mean - exact.first_finisher.turns.mean) / (s.sd / (games as f64).sqrt());
        assert!(z.abs() < Z_LIMIT, "{k} players: z = {z}");
        for (seat, &w) in r.wins.iter().enumerate() {
            let p = exact.first_finisher.win[seat];
            let z = (w as f64 - games as f64 * p) / (games as f64 * p * (1.0 - p)).sqrt();
            assert!(z.abs() < Z_LIMIT, "{k} players, seat {seat}: z = {z}");
        }
    }
}

/// Two players who keep playing until both finish, one chain step per round: an independent
/// route to the "everyone finishes" figures (the formulas use only the one-player pmf; this
/// chain never computes it). A state is each player's token (`None` once finished) and who
/// finished first: 0 nobody yet, 1 seat 0 strictly first, 2 seat 1 strictly first, 3 both in
/// the same round. A round draws a card for each seat (a seat that sits out or loses its turn
/// ignores its card, which with i.i.d. draws changes nothing).
struct BothFinish<'g, G: RaceGame> {
    game: &'g G,
    deck: Vec<(G::Card, u32)>,
}

type Pair<S> = (Option<S>, Option<S>, u8);

impl<G: RaceGame> BothFinish<'_, G> {
    fn turn_of(&self, s: Option<G::State>, card: usize) -> Option<G::State> {
        let s = s?;
        let outcome = match self.game.turn(s) {
            candyland::internals::games::race::Turn::Skip(o) => o,
            candyland::internals::games::race::Turn::Draw => self.game.step(s, self.deck[card].0),
        };
        match outcome.next {
            candyland::internals::games::race::Next::At(t) => Some(t),
            candyland::internals::games::race::Next::Finished => None,
        }
    }
}

impl<G: RaceGame> RaceGame for BothFinish<'_, G> {
    type State = Pair<G::State>;
    type Card = (usize, usize);

    fn start(&self) -> Self::State {
        (Some(self.game.start()), Some(self.game.start()), 0)
    }
    fn deck(&self) -> Vec<((usize, usize), u32)> {
        let n = self.deck.len();
        (0..n * n)
            .map(|k| ((k / n, k % n), self.deck[k / n].1 * self.deck[k % n].1))
            .collect()
    }
    fn turn(&self, _: Self::State) -> candyland::internals::games::race::Turn<Self::State> {
        candyland::internals::games::race::Turn::Draw
    }
    fn step(
        &self,
        s: Self::State,
        (a, b): (usize, usize),
    ) -> candyland::internals::games::race::Outcome<Self::State> {
        let (p0, p1) = (self.turn_of(s.0, a), self.turn_of(s.1, b));
        let first = match (
            s.2,
            s.0.is_some() && p0.is_none(),
            s.1.is_some() && p1.is_none(),
        ) {
            (0, true, true) => 3,
            (0, true, false) => 1,
            (0, false, true) => 2,
            (f, _, _) => f,
        };
        candyland::internals::games::race::Outcome {
            next: if p0.is_none() && p1.is_none() {
                candyland::internals::games::race::Next::Finished
            } else {
                candyland::internals::games::race::Next::At((p0, p1, first))
            },
            events: candyland::internals::games::race::Events::NONE,
        }
    }
    fn describe(&self, s: Self::State) -> String {
        format!("{s:?}")
    }
    fn card_name(&self, (a, b): (usize, usize)) -> String {
        format!("{a},{b}")
    }
    fn position(&self, _: Self::State) -> Option<usize> {
        None
    }
}

#[test]
fn everyone_finishes_figures_match_a_two_player_round_chain() {
    let g = game(TINY);
    let both = BothFinish {
        game: &g,
        deck: g.deck(),
    };
    let chain = Chain::build(&both);
    let sweep = Sweep::<f64>::factor(chain.counts(), chain.denominator()).unwrap();
    let d = f64::from(chain.denominator());
    // P(the game ends with flag f): finishing from a state whose flag is f (flag 0: a tie).
    let ends_with = |f: u8| {
        let rhs: Vec<f64> = (0..chain.len())
            .map(|s| {
                let flag = chain.states()[s].2;
                let f_here = if flag == 0 { 3 } else { flag };
                if f_here == f {
                    f64::from(chain.finish_counts()[s]) / d
                } else {
                    0.0
                }
            })
            .collect();
        sweep.solve(chain.counts(), &rhs).unwrap()[chain.start()]
    };
    let (seat0_first, seat1_first, tie) = (ends_with(1), ends_with(2), ends_with(3));
    assert_relative_eq!(seat0_first + seat1_first + tie, 1.0, max_relative = 1e-12);
    let rounds = sweep
        .solve(chain.counts(), &vec![1.0; chain.len()])
        .unwrap()[chain.start()];
    let p = formulas(TINY, 2).everyone.unwrap();
    assert_relative_eq!(rounds, p.rounds.mean, max_relative = 1e-9);
    // Place of seat i = 1 + #{j: T_j < T_i, or T_j = T_i and j < i}.
    assert_relative_eq!(1.0 + seat1_first, p.mean_place[0], max_relative = 1e-9);
    assert_relative_eq!(
        1.0 + seat0_first + tie,
        p.mean_place[1],
        max_relative = 1e-9
    );
}

#[test]
fn the_finite_deck_beside_the_iid_draws_is_chosen_with_deck() {
    let out = crate::common::candyland()
        .args([
            "players",
            "--players",
            "2",
            "--games",
            "2000",
            "--deck",
            "carried",
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
    assert_eq!(v["rows"][0]["finite_deck"]["deck"], "carried");
    assert_eq!(v["rows"][0]["iid"]["deck"], "iid");
    let out = crate::common::candyland()
        .args(["players", "--deck", "iid"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--deck"));
}

#[test]
fn k_player_quantiles_are_those_of_the_first_finisher() {
    // R = min of K independent lengths: P(R <= r) = 1 - S(r)^K, S the one-player survival
    // that `analyze --csv` prints; the quantile at p is the smallest r where that reaches p.
    let csv = crate::cli::stdout(&["analyze", "chutes-and-ladders", "--csv"]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let survival: Vec<(usize, f64)> = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].parse().unwrap(), r[3].parse().unwrap())
        })
        .collect();
    let out = crate::cli::stdout(&[
        "players",
        "chutes-and-ladders",
        "-p",
        "3",
        "-n",
        "2000",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let quantiles = v["rows"][0]["exact"]["first_finisher"]["rounds_quantiles"]
        .as_array()
        .unwrap()
        .clone();
    let mut expected = Vec::new();
    for (q, p) in quantiles.iter().zip([0.5, 0.9, 0.99]) {
        assert_eq!(q["p"], p);
        let r = survival
            .iter()
            .find(|(_, s)| 1.0 - s.powi(3) >= p)
            .unwrap()
            .0;
        assert_eq!(q["rounds"], r, "{q}");
        assert!(q.get("lower_bound").is_none());
        expected.push(r);
    }
    let text = crate::cli::stdout(&["players", "chutes-and-ladders", "-p", "3", "-n", "2000"]);
    let phrase = format!(
        "3 players: within {} rounds 50 %, {} rounds 90 %,",
        expected[0], expected[1]
    );
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&phrase), "{text}");
}
