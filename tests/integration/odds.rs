//! `odds` and `play --odds`: each seat's chance to win from given positions, against the
//! brute-force product chain started there, against a simulation from there, and against
//! `players` from the start; bad positions; the per-turn chances of a transcript.
//!
//! JSON is parsed into structs declared here with `deny_unknown_fields`, so a schema change
//! shows up as a failing test.

use approx::assert_relative_eq;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Deserialize;

use candyland::internals::chain::product::Product;
use candyland::internals::chain::{Chain, FINISH};
use candyland::internals::games::load::About;
use candyland::internals::games::race::RaceGame;
use candyland::internals::games::BoardSource;
use candyland::internals::games::{Game, Variant};
use candyland::internals::games::{GameVisitor, Source};
use candyland::internals::solve::odds::Curves;
use candyland::internals::solve::Options;
use candyland::internals::stats::Z_LIMIT;

use crate::common::{candyland, game, tol};
use crate::players::{product_wins, TINY};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct OddsJson {
    pub(super) schema_version: u32,
    pub(super) command: String,
    pub(super) board: String,
    pub(super) variant: String,
    pub(super) to_move: usize,
    pub(super) seats: Vec<SeatJson>,
    pub(super) win: Vec<f64>,
    pub(super) rounds: RoundsJson,
    pub(super) turns: MeanJson,
    pub(super) tolerance: f64,
    pub(super) unfinished_mass: f64,
    /// Present (true) only when a curve was cut by the turn limit.
    #[serde(default)]
    pub(super) truncated: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct StateJson {
    pub(super) state: usize,
    pub(super) position: Option<usize>,
    pub(super) name: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct MeanJson {
    pub(super) mean: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct SeatJson {
    pub(super) seat: usize,
    pub(super) state: StateJson,
    pub(super) alone: MeanJson,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(super) struct RoundsJson {
    pub(super) mean: f64,
    pub(super) median: Option<usize>,
    pub(super) pmf: Vec<f64>,
    pub(super) survival: Vec<f64>,
}

/// The binary's output for `args`, which must succeed.
pub(super) fn run(args: &[&str]) -> Vec<u8> {
    let out = candyland().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

pub(super) fn odds(args: &[&str]) -> OddsJson {
    let mut all = vec!["odds", "--json"];
    all.extend_from_slice(args);
    serde_json::from_slice(&run(&all)).expect("valid JSON with exactly the documented keys")
}

/// Every pair of states of the tiny board (a backward landmark jump, lost turns, doubles) and
/// each seat to move: `Curves::odds` against the product chain started there.
#[test]
fn two_players_from_any_positions_match_the_product_chain() {
    let g = game(TINY);
    let chain = Chain::build(&g);
    let states: Vec<usize> = (0..chain.len()).collect();
    let curves = Curves::within(
        &g,
        &chain,
        &About::default(),
        &states,
        &Options::default(),
        (2, 1),
    )
    .unwrap();
    for a in 0..chain.len() {
        for b in 0..chain.len() {
            for to_move in 0..2 {
                let tokens = [chain.states()[a], chain.states()[b]];
                let (wins, turns) = product_wins(&Product::starting_at(&g, tokens, to_move));
                let o = curves.odds(&[a, b], to_move);
                let at = format!(
                    "{} | {}, seat {to_move}",
                    g.describe(tokens[0]),
                    g.describe(tokens[1])
                );
                for (got, want) in o.win.iter().zip(&wins) {
                    assert!(
                        (got - want).abs() < tol::FROM_DISTRIBUTION,
                        "{at}: {got} {want}"
                    );
                }
                assert_relative_eq!(o.mean_turns, turns, max_relative = tol::FROM_DISTRIBUTION);
                assert!(o.unfinished_mass() < 1e-12, "{at}");
            }
        }
    }
}

/// The binary on the shipped boards, a held token among the positions, against the product
/// chain started there.
#[test]
#[ignore = "slow (33 s on 2 busy cores): .ci/run runs it; cargo test -- --ignored"]
fn odds_on_shipped_boards_match_the_product_chain() {
    fn check<G: Game>(
        name: &str,
        variant: &Variant,
        flags: &[&str],
        at: [&str; 2],
        to_move: usize,
    ) {
        let g: G = crate::common::board(crate::shipped_text(name), variant);
        let chain = Chain::build(&g);
        let mut args = vec![name, "--to-move"];
        let seat = (to_move + 1).to_string();
        args.push(&seat);
        args.extend_from_slice(flags);
        for a in at {
            args.extend(["--at", a]);
        }
        let o = odds(&args);
        let tokens = [o.seats[0].state.state, o.seats[1].state.state].map(|s| chain.states()[s]);
        let (wins, turns) = product_wins(&Product::starting_at(&g, tokens, to_move));
        for (got, want) in o.win.iter().zip(&wins) {
            assert_relative_eq!(got, want, epsilon = tol::FROM_DISTRIBUTION);
        }
        assert_relative_eq!(o.turns.mean, turns, max_relative = tol::FROM_DISTRIBUTION);
        assert_eq!(o.to_move, to_move + 1);
    }
    let held = Variant::default().with_rule("licorice", "lose-next-turn");
    check::<candyland::internals::games::CandyLand>(
        "clark-program",
        &held,
        &["--licorice", "lose-next-turn"],
        ["space 47 (yellow, licorice), loses next turn", "40"],
        1,
    );
    check::<candyland::internals::games::ChutesAndLadders>(
        "chutes-and-ladders",
        &Variant::default(),
        &[],
        ["90", "square 60"],
        1,
    );
}

/// Plays `games` games from `tokens` (chain states by seat) with seat `to_move` first, i.i.d.
/// draws from the full deck, by the chain's move table: the wins of each seat.
fn simulate_from<S, C>(
    chain: &Chain<S, C>,
    tokens: &[usize],
    to_move: usize,
    games: u64,
    seed: u64,
) -> Vec<u64> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let cards = chain.cards();
    let d = chain.denominator();
    let kind = |u: u32| {
        let mut left = u;
        cards
            .iter()
            .position(|&(_, count)| {
                if left < count {
                    true
                } else {
                    left -= count;
                    false
                }
            })
            .expect("u < D")
    };
    let mut wins = vec![0; tokens.len()];
    for _ in 0..games {
        let mut at = tokens.to_vec();
        let mut seat = to_move;
        loop {
            let card = if chain.draws(at[seat]) {
                kind(rng.random_range(0..d))
            } else {
                0
            };
            let next = chain.next(at[seat], card);
            if next == FINISH {
                wins[seat] += 1;
                break;
            }
            at[seat] = next as usize;
            seat = (seat + 1) % tokens.len();
        }
    }
    wins
}

/// [`simulate_from`] on a board of any game.
struct SimulateFrom {
    tokens: Vec<usize>,
    to_move: usize,
    games: u64,
    seed: u64,
}

impl GameVisitor for SimulateFrom {
    type Output = Vec<u64>;
    fn visit<G: Game>(self, source: Source<G>) -> Vec<u64> {
        let g = source.game(&Variant::default()).expect("a shipped board");
        let chain = Chain::build(&g);
        simulate_from(&chain, &self.tokens, self.to_move, self.games, self.seed)
    }
}

#[test]
fn a_simulation_from_the_positions_agrees() {
    let games = 100_000;
    for (board, at, to_move) in [
        ("clark-program", ["80", "40", "start"], 3),
        ("chutes-and-ladders", ["90", "60", "start"], 2),
    ] {
        let o = odds(&[
            board,
            "--at",
            at[0],
            "--at",
            at[1],
            "--at",
            at[2],
            "--to-move",
            &to_move.to_string(),
        ]);
        let sim = SimulateFrom {
            tokens: o.seats.iter().map(|s| s.state.state).collect(),
            to_move: to_move - 1,
            games,
            seed: 17,
        };
        let source = BoardSource::new(board, crate::shipped_text(board));
        let wins = candyland::internals::games::with_game(&source, sim).unwrap();
        for (seat, (&w, &p)) in wins.iter().zip(&o.win).enumerate() {
            let n = games as f64;
            let z = (w as f64 - n * p) / (n * p * (1.0 - p)).sqrt();
            assert!(
                z.abs() < Z_LIMIT,
                "{board}, seat {}: {w} wins, p = {p}, z = {z}",
                seat + 1
            );
        }
    }
}

#[test]
fn from_the_start_each_seat_wins_as_players_says() {
    for board in ["clark-program", "chutes-and-ladders"] {
        for k in 1..=4usize {
            let mut args = vec![board];
            for _ in 0..k {
                args.extend(["--at", "start"]);
            }
            let o = odds(&args);
            let k_text = k.to_string();
            let players: serde_json::Value = serde_json::from_slice(&run(&[
                "players",
                board,
                "--players",
                &k_text,
                "--games",
                "1",
                "--json",
            ]))
            .unwrap();
            let first = &players["rows"][0]["exact"]["first_finisher"];
            for seat in 0..k {
                let want = first["win"][seat].as_f64().unwrap();
                assert_relative_eq!(o.win[seat], want, epsilon = tol::FROM_DISTRIBUTION);
            }
            let mean_turns = first["turns"]["mean"].as_f64().unwrap();
            assert_relative_eq!(
                o.turns.mean,
                mean_turns,
                max_relative = tol::FROM_DISTRIBUTION
            );
            let mean_rounds = first["rounds"]["mean"].as_f64().unwrap();
            assert_relative_eq!(
                o.rounds.mean,
                mean_rounds,
                max_relative = tol::FROM_DISTRIBUTION
            );
            assert_eq!(
                o.rounds.median,
                first["rounds"]["median"].as_u64().map(|m| m as usize)
            );
        }
    }
}

/// (arguments, fragments stderr must contain)
const BAD: &[(&[&str], &[&str])] = &[
    (
        &["odds", "--at", "80", "--at", "nowhere"],
        &["--at (seat 2)", "'nowhere'", "0 to 133", "start"],
    ),
    (
        &["odds", "--licorice", "lose-next-turn", "--at", "47"],
        &[
            "--at (seat 1)",
            "space 47 is 2 different states",
            "\"space 47 (yellow, licorice)\"",
            "\"space 47 (yellow, licorice), loses next turn\"",
        ],
    ),
    (
        &[
            "odds", "--at", "1", "--at", "2", "--at", "3", "--at", "4", "--at", "5",
        ],
        &["--at", "5 positions", "1 to 4"],
    ),
    (
        &["odds", "--at", "1", "--at", "2", "--to-move", "3"],
        &["--to-move", "seats are 1 to 2"],
    ),
    (
        &["odds", "--at", "1", "--to-move", "0"],
        &["--to-move", "not a seat"],
    ),
    (
        &["odds", "--at", "1", "--at", "500"],
        &["--at (seat 2)", "no space 500", "0 to 133"],
    ),
    (
        &["odds", "chutes-and-ladders", "--at", "80"],
        &["--at (seat 1)", "no token stands on square 80"],
    ),
    (&["odds"], &["--at"]),
    (&["play", "--chart", "odds.png"], &["--odds"]),
    (
        &["play", "--odds", "--chart", "odds.txt"],
        &["--chart", ".png or .svg"],
    ),
];

#[test]
fn bad_positions_and_seats_exit_2_and_name_the_flag() {
    for (args, fragments) in BAD {
        let out = candyland().args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        for f in *fragments {
            assert!(err.contains(f), "{args:?}: {f:?} not in {err}");
        }
    }
}

#[test]
fn a_hostile_position_is_quoted_short_and_escaped() {
    let hostile = format!("\u{1b}[31m{}", "x".repeat(5000));
    let out = candyland()
        .args(["odds", "--at", &hostile])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.len() < 600, "{} bytes", err.len());
    assert!(!err.contains('\u{1b}'), "{err}");
}
