//! Runs of many games: options, results, and the chunked, seeded, parallel driver (chunk `c`
//! draws from its own generator seeded from (seed, c), so the thread count never changes a
//! result).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::{CardSource, DeckMode, Iid, Simulator, CHUNK};

/// What to simulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimOptions {
    /// Number of games to play.
    pub games: u64,
    /// Seed of the run: a given seed gives identical results whatever the number of threads.
    pub seed: u64,
    /// How cards are drawn: i.i.d. or from a shuffled deck.
    pub deck: DeckMode,
    /// Number of players K (at least 1), taking turns in seat order from one shared card source.
    pub players: usize,
    /// A game still running after this many turns is stopped and counted as unfinished.
    pub max_turns: u32,
    /// Keep every game's length, in order.
    pub keep_lengths: bool,
}

/// The results of a run. Identical for a given seed whatever the number of threads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimResult {
    /// Games played, unfinished ones included.
    pub games: u64,
    /// `histogram[n]`: finished games that lasted n turns (all players' turns).
    pub histogram: Vec<u64>,
    /// Games won by each seat.
    pub wins: Vec<u64>,
    /// Games stopped at the turn limit.
    pub unfinished: u64,
    /// Cards drawn in all games.
    pub cards: u64,
    /// Every finished game's length, in order, if asked for.
    pub lengths: Vec<u32>,
}

impl SimResult {
    fn merge(mut self, other: SimResult) -> SimResult {
        if other.histogram.len() > self.histogram.len() {
            self.histogram.resize(other.histogram.len(), 0);
        }
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
        if other.wins.len() > self.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.games += other.games;
        self.unfinished += other.unfinished;
        self.cards += other.cards;
        self.lengths.extend(other.lengths);
        self
    }
}

/// The seed of chunk `chunk` of a run seeded with `seed` (SplitMix64's finaliser on a
/// combination of the two, so neighbouring chunks get unrelated streams).
pub fn chunk_seed(seed: u64, chunk: u64) -> u64 {
    let mut z = seed ^ chunk.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Simulates `options.games` games on all of rayon's threads. `progress` is told how many games
/// each finished chunk played.
pub fn simulate(
    sim: &Simulator,
    options: &SimOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> SimResult {
    let chunks = options.games.div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|c| {
            let games = CHUNK.min(options.games - c * CHUNK);
            let r = run_chunk_games(sim, options, c, games);
            progress(games);
            r
        })
        .reduce(SimResult::default, SimResult::merge)
}

/// What a few games of a run cost on one thread, measured: the basis of the run's estimate
/// ([`crate::budget::Budget::simulated`]), since the speed of a turn depends on the board
/// (a table that fits in the caches is several times faster than one that does not), the deck
/// model and the machine's load.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pilot {
    /// Seconds one turn takes on one thread.
    pub seconds_per_turn: f64,
    /// Turns a game takes on average (all players' turns; a game the pilot had to cut counted
    /// at the run's `max_turns`).
    pub turns_per_game: f64,
}

impl Pilot {
    /// Time the pilot may take.
    pub const SECONDS: f64 = 0.02;
    /// Turns a pilot game may take before it is cut.
    pub const MAX_TURNS: u32 = 1_000_000;

    /// Plays games of `options` (on a seed stream no run uses; the results are discarded)
    /// until [`Pilot::SECONDS`] have passed, or as many games as the run has.
    pub fn measure(sim: &Simulator, options: &SimOptions) -> Pilot {
        let cap = options.max_turns.min(Pilot::MAX_TURNS);
        let mut started = std::time::Instant::now();
        let (mut games, mut turns, mut cut) = (0u64, 0.0f64, 0u64);
        // What the first game (the warm-up) cost: its table's first touches are page faults
        // and cache misses that a run pays once, not once a game.
        let mut warm_up: Option<(u64, f64, u64, f64)> = None;
        let mut batch = 1u64;
        while games < options.games.max(1) && started.elapsed().as_secs_f64() < Pilot::SECONDS {
            let n = batch.min(options.games.max(1) - games);
            let pilot = SimOptions {
                games: n,
                max_turns: cap,
                keep_lengths: false,
                ..*options
            };
            let r = run_chunk_games(sim, &pilot, u64::MAX - games, n);
            turns += r
                .histogram
                .iter()
                .enumerate()
                .map(|(t, &c)| t as f64 * c as f64)
                .sum::<f64>()
                + r.unfinished as f64 * f64::from(cap);
            cut += r.unfinished;
            games += n;
            if warm_up.is_none() {
                // Timed from here on, when there is time and games for more.
                warm_up = Some((games, turns, cut, started.elapsed().as_secs_f64()));
                started = std::time::Instant::now();
            }
            batch *= 2;
        }
        let (seconds, games, turns, cut) = match warm_up {
            Some((g, t, c, _)) if games > g => (
                started.elapsed().as_secs_f64(),
                games - g,
                turns - t,
                cut - c,
            ),
            // Only the warm-up ran (a game longer than the pilot, or a run of one game).
            Some((_, _, _, s)) => (s, games, turns, cut),
            None => (0.0, games, turns, cut),
        };
        let games_f = games.max(1) as f64;
        // A cut game would go on to the run's own limit.
        let full = turns + cut as f64 * f64::from(options.max_turns - cap);
        Pilot {
            seconds_per_turn: seconds / turns.max(1.0),
            turns_per_game: full / games_f,
        }
    }

    /// Refuses the simulations of `runs` (games, and their pilot), run one after another on
    /// the current thread pool, if they would not fit `budget`; `fix` names what else the
    /// user can change.
    pub fn check(
        budget: &crate::budget::Budget,
        runs: &[(u64, Pilot)],
        fix: &str,
    ) -> Result<(), crate::budget::OverBudget> {
        let games = runs.iter().map(|r| r.0).fold(0u64, u64::saturating_add);
        let seconds = runs.iter().map(|(g, p)| p.seconds(*g)).sum();
        budget.simulated(games, seconds, fix)
    }

    /// Seconds the whole run of `games` games takes on rayon's threads: games are dealt out in
    /// chunks of [`CHUNK`], so a run of fewer chunks than threads uses fewer threads.
    pub fn seconds(&self, games: u64) -> f64 {
        let threads = rayon::current_num_threads().max(1) as u64;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        let parallel = threads.min(cores).min(games.div_ceil(CHUNK)).max(1) as f64;
        games as f64 * self.turns_per_game * self.seconds_per_turn / parallel
    }
}

/// Plays `games` games of chunk `chunk` on the calling thread (what each parallel task does;
/// public for the benchmarks).
pub fn run_chunk_games(sim: &Simulator, options: &SimOptions, chunk: u64, games: u64) -> SimResult {
    let mut rng = chunk_rng(options.seed, chunk);
    match options.deck {
        DeckMode::Iid => run_games(sim, options, games, &mut rng, &mut Iid::new(sim.cards)),
        deck => run_games(sim, options, games, &mut rng, &mut deck.source(sim.cards)),
    }
}

/// The random stream of chunk `chunk` of a run seeded with `seed`.
pub fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(chunk_seed(seed, chunk))
}

fn run_games<R: Rng, D: CardSource>(
    sim: &Simulator,
    options: &SimOptions,
    games: u64,
    rng: &mut R,
    cards: &mut D,
) -> SimResult {
    let mut seats = vec![sim.start; options.players];
    let mut r = SimResult {
        games,
        wins: vec![0; options.players],
        ..SimResult::default()
    };
    if options.keep_lengths {
        r.lengths.reserve(games as usize);
    }
    for _ in 0..games {
        let played = sim.play(rng, cards, &mut seats, options.max_turns);
        r.cards += u64::from(played.cards);
        match played.winner {
            Some(w) => {
                r.wins[w] += 1;
                let t = played.turns as usize;
                if t >= r.histogram.len() {
                    r.histogram.resize(t + 1, 0);
                }
                r.histogram[t] += 1;
                if options.keep_lengths {
                    r.lengths.push(played.turns);
                }
            }
            None => r.unfinished += 1,
        }
    }
    r
}
