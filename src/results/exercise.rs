//! Every stage of the pipeline on one arbitrary input, for fuzzing.
//!
//! [`exercise`] takes any bytes, and if they are a board file of either game, runs it through
//! parsing, validation, a few rule variants, the chain, the linear solvers (in `f64` and, for
//! small chains, exact rationals), the distribution, the per-space figures, the odds from every
//! state, `forever` and a short simulation, and checks the invariants that tie them together. A panic anywhere is a bug: the
//! fuzzer (`fuzz/`, libFuzzer) and the seeded test pass of the test suite both call this.
//! Work is capped (chains of at most [`MAX_STATES`] states, small budgets) so that each input
//! runs in milliseconds.

use crate::budget::Budget;
use crate::chain::Chain;
use crate::games::load::About;
use crate::games::{Game, Variant};
use crate::games::{GameVisitor, Source};
use crate::results::forever::{ForeverReport, Question};
use crate::sim::{simulate, DeckMode, SimOptions, Simulator};
use crate::solve::odds::Curves;
use crate::solve::players::{OnePlayer, Players, Products};
use crate::solve::spaces::Spaces;
use crate::solve::{Analysis, Options};

/// The largest chain exercised (bigger inputs are parsed and validated only).
pub const MAX_STATES: usize = 400;
/// The largest chain also solved in exact rationals.
const MAX_EXACT_STATES: usize = 60;

/// Runs `data` through the pipeline; returns whether it is a valid board as it is (without
/// the variants also tried).
pub fn exercise(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let source = crate::games::BoardSource::new("fuzz input", text);
    crate::games::with_game(&source, Exercise).unwrap_or(false)
}

struct Exercise;

impl GameVisitor for Exercise {
    type Output = bool;

    fn visit<G: Game>(self, source: Source<G>) -> bool {
        let mut valid = false;
        for (i, variant) in variants::<G>().into_iter().enumerate() {
            let Ok(game) = source.game(&variant) else {
                continue;
            };
            valid |= i == 0;
            let spaces = game.space_count();
            let transitions = game.states_bound().saturating_mul(game.deck().len());
            if transitions > 50 * MAX_STATES {
                continue;
            }
            let budget = Budget::new(5.0);
            let Ok(chain) = Chain::build_within(&game, &budget) else {
                continue;
            };
            if chain.len() <= MAX_STATES {
                solve(&game, &chain, spaces, &budget);
            }
        }
        valid
    }
}

/// The file as it is, and with each of its game's elements removed.
fn variants<G: Game>() -> Vec<Variant> {
    let mut out = vec![Variant::default()];
    for (element, _) in G::ELEMENTS {
        out.push(Variant::default().without(element));
    }
    out
}

/// Solves a small chain every way the tool does and checks that the routes agree.
fn solve<G: Game>(game: &G, chain: &Chain<G::State, G::Card>, spaces: usize, budget: &Budget) {
    let options = Options {
        max_turns: 5_000,
        exact: chain.len() <= MAX_EXACT_STATES,
        budget: *budget,
        ..Options::default()
    };
    let question = Question {
        players: 2,
        order: None,
        survey: game.has_deck().then_some((8, 1)),
        max_players: 2,
        budget: *budget,
    };
    let _ = ForeverReport::new(game, chain, "fuzz", &question);
    let Ok(a) = Analysis::of(game, chain, About::default(), &options) else {
        return;
    };
    assert!(
        a.expected_turns.is_finite() && a.expected_turns >= 1.0,
        "E[T] = {}",
        a.expected_turns
    );
    assert!(a.variance >= 0.0, "variance {}", a.variance);
    let total: f64 = a.pmf.iter().sum::<f64>() + a.unfinished_mass;
    assert!((total - 1.0).abs() < 1e-9, "pmf + unfinished = {total}");
    if let Some(exact) = a.exact_as_f64() {
        let rel = (exact - a.expected_turns).abs() / exact;
        assert!(rel < 1e-9, "exact {exact} vs f64 {}", a.expected_turns);
    }
    let _ = Spaces::within(game, chain, spaces, budget);
    players(&a, &options);
    odds(game, chain, &a, &options);
    let sim = Simulator::new(chain);
    let deck = if game.has_deck() {
        DeckMode::Shuffled
    } else {
        DeckMode::Iid
    };
    let options = SimOptions {
        games: 64,
        seed: 1,
        deck,
        players: 2,
        max_turns: 2_000,
        keep_lengths: false,
    };
    let r = simulate(&sim, &options, &|_| {});
    assert_eq!(r.histogram.iter().sum::<u64>() + r.unfinished, 64);
}

/// The K-player figures, cut or not: every chance in [0, 1], the seats' chances and the chance
/// left undecided make 1, and every bound is an interval.
fn players(a: &Analysis, options: &Options) {
    let d = a.distribution();
    let one = OnePlayer {
        dist: &d,
        mean: a.expected_turns,
        tolerance: options.tolerance,
    };
    for k in 1..=3 {
        let p = Players::derive(&one, k, &Products::none());
        let ff = &p.first_finisher;
        let total = ff.win.iter().sum::<f64>() + ff.undecided;
        assert!(
            (total - 1.0).abs() < 1e-9,
            "{k} players: win + undecided = {total}"
        );
        let chances = ff
            .win
            .iter()
            .chain(&ff.turns.pmf)
            .chain(p.everyone.iter().flat_map(|e| &e.rounds.pmf))
            .chain(ff.win_by_round.iter().flatten());
        for &c in chances {
            assert!((0.0..=1.0).contains(&c), "{k} players: a chance of {c}");
        }
        let ranges = [
            ff.rounds.mean_range,
            ff.turns.mean_range,
            p.everyone.as_ref().and_then(|e| e.rounds.mean_range),
        ];
        for [low, high] in ranges.into_iter().flatten() {
            assert!(low <= high, "{k} players: bounds [{low}, {high}]");
        }
        assert_eq!(ff.undecided > 0.0, ff.rounds.mean_range.is_some() && k > 1);
    }
}

/// The odds from every state: each seat's chances and the chance left out make 1, and with
/// both tokens at the start they are the `players` formulas.
fn odds<G: Game>(game: &G, chain: &Chain<G::State, G::Card>, a: &Analysis, options: &Options) {
    let states: Vec<usize> = (0..chain.len()).collect();
    let Ok(curves) = Curves::within(game, chain, &About::default(), &states, options, (2, 2))
    else {
        return;
    };
    let start = chain.start();
    for (tokens, to_move) in [([start, start], 0), ([chain.len() - 1, start], 1)] {
        let o = curves.odds(&tokens, to_move);
        let total = o.win.iter().sum::<f64>() + o.unfinished_mass();
        assert!((total - 1.0).abs() < 1e-9, "odds + unfinished = {total}");
    }
    if !a.truncated && !curves.truncated() {
        let players = Players::from_single(&a.distribution(), 2)
            .first_finisher
            .win;
        let odds = curves.odds(&[start, start], 0).win;
        for (p, o) in players.iter().zip(&odds) {
            assert!((p - o).abs() < 1e-9, "players {p} vs odds {o}");
        }
    }
}
