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

/// What a few games of a run cost, measured on as many threads at once as the run will use:
/// the basis of the run's estimate, since the speed of a
/// turn depends on the board (a table that fits in the caches is several times faster than one
/// that does not), the deck model, the machine's load, and how much faster two threads go than
/// one (twice on an idle machine; no faster at all on one whose other work takes every core the
/// scheduler would give a second thread).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pilot {
    /// Seconds one turn takes on one thread playing alone (wall-clock, under the load now).
    pub alone: f64,
    /// Seconds one turn takes on each thread while [`Pilot::threads`] threads play at once.
    pub together: f64,
    /// Turns a game takes on average (all players' turns; a game the pilot had to cut counted
    /// at the run's `max_turns`).
    pub turns_per_game: f64,
    /// Threads the run plays on at once (at most one per chunk of games).
    pub threads: usize,
}

/// What one thread of a pilot played and how long it took.
#[derive(Debug, Clone, Copy, Default)]
struct Played {
    /// Turns and seconds after the warm-up game.
    timed_turns: f64,
    timed_seconds: f64,
    /// Every game, the warm-up's included.
    games: u64,
    turns: f64,
    cut: u64,
}

impl Pilot {
    /// Time the pilot takes at least (twice when the run plays on more than one thread: alone,
    /// then together).
    pub const SECONDS: f64 = 0.02;
    /// Time a pilot of a long run may take, at most about a hundredth of the run (a longer
    /// sample evens out a busy machine's moments).
    pub const MAX_SECONDS: f64 = 0.25;
    /// Turns a pilot game may take before it is cut.
    pub const MAX_TURNS: u32 = 1_000_000;
    /// Seconds of a run (its threads taken as going as fast together as alone) below which
    /// its threads are not timed together.
    pub const WORTH_TOGETHER: f64 = 1.0;

    /// Plays games of `options` (on seed streams no run uses; the results are discarded), on
    /// one thread and then, if the run uses more and lasts more than [`Pilot::WORTH_TOGETHER`],
    /// on as many threads at once, each until
    /// [`Pilot::SECONDS`] have passed (up to [`Pilot::MAX_SECONDS`] for a long run), or as many
    /// games as the run has.
    pub fn measure(sim: &Simulator, options: &SimOptions) -> Pilot {
        let threads = run_threads(options.games);
        let mut played = vec![pilot_thread(sim, options, 0, threads)];
        let alone = played[0].seconds_per_turn();
        // A run short enough that its threads' speed together cannot matter to any budget is
        // not measured again: at worst it takes twice what the idle machine would give.
        let per_game = alone * played[0].turns / played[0].games.max(1) as f64;
        let short = games_per_thread(options.games, threads as u64)
            .into_iter()
            .max()
            .unwrap_or(0) as f64
            * per_game
            < Self::WORTH_TOGETHER;
        let together = if threads == 1 || short {
            alone
        } else {
            let at_once: Vec<Played> = std::thread::scope(|scope| {
                let others: Vec<_> = (1..threads)
                    .map(|i| scope.spawn(move || pilot_thread(sim, options, i as u64 + 1, threads)))
                    .collect();
                let mut all = vec![pilot_thread(sim, options, 1, threads)];
                all.extend(others.into_iter().map(|h| h.join().unwrap_or_default()));
                all
            });
            let seconds: f64 = at_once.iter().map(|p| p.timed_seconds).sum();
            let turns: f64 = at_once.iter().map(|p| p.timed_turns).sum();
            played.extend(at_once);
            seconds / turns.max(1.0)
        };
        let sum = |f: fn(&Played) -> f64| played.iter().map(f).sum::<f64>();
        let (games, turns, cut) = (
            sum(|p| p.games as f64),
            sum(|p| p.turns),
            sum(|p| p.cut as f64),
        );
        let cap = options.max_turns.min(Pilot::MAX_TURNS);
        // A cut game would go on to the run's own limit.
        let full = turns + cut * f64::from(options.max_turns - cap);
        Pilot {
            alone,
            together,
            turns_per_game: full / games.max(1.0),
            threads,
        }
    }

    /// The same pilot for games of `turns` turns on average (another chain of the same board
    /// and deck, whose mean is known).
    pub fn with_turns_per_game(self, turns: f64) -> Pilot {
        Pilot {
            turns_per_game: turns,
            ..self
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
        // (Summed as floats: counts near u64::MAX are hostile input, never wrapped around.)
        let games: f64 = runs.iter().map(|r| r.0 as f64).sum();
        let seconds = runs.iter().map(|(g, p)| p.seconds(*g)).sum();
        let what = format!(
            "simulating {} games",
            crate::input::number::approx_count(games)
        );
        budget.time(&what, seconds, fix)
    }

    /// Seconds a run of `games` games takes. Games are dealt out in chunks of [`CHUNK`] to the
    /// threads (a run of 10,000 games on two threads is one chunk of 8,192 games on one and
    /// 1,808 on the other), so the run lasts as long as the thread given the most games; while
    /// k threads still play, each goes at the speed measured together (all threads) or alone
    /// (one), in between for k in between.
    pub fn seconds(&self, games: u64) -> f64 {
        let mut loads = games_per_thread(games, self.threads as u64);
        loads.sort_unstable();
        let p = loads.len();
        let speed = |k: usize| {
            if p <= 1 {
                self.alone
            } else {
                self.alone + (self.together - self.alone) * (k - 1) as f64 / (p - 1) as f64
            }
        };
        let (mut seconds, mut done) = (0.0, 0u64);
        for (i, &load) in loads.iter().enumerate() {
            // Threads i.. still play: p - i of them.
            seconds += (load - done) as f64 * self.turns_per_game * speed(p - i);
            done = load;
        }
        seconds
    }
}

/// Threads a run of `games` games plays on: rayon's, at most the cores, at most one per chunk.
fn run_threads(games: u64) -> usize {
    let threads = rayon::current_num_threads().max(1) as u64;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    threads.min(cores).min(games.div_ceil(CHUNK)).max(1) as usize
}

/// The games each of `threads` threads plays when `games` are dealt out in chunks of
/// [`CHUNK`], each to a thread with the fewest games so far (the last chunk is the short one).
fn games_per_thread(games: u64, threads: u64) -> Vec<u64> {
    let threads = threads.clamp(1, games.div_ceil(CHUNK).max(1));
    let (full, rest) = (games / CHUNK, games % CHUNK);
    let (each, extra) = (full / threads, full % threads);
    let mut loads: Vec<u64> = (0..threads)
        .map(|t| (each + u64::from(t < extra)) * CHUNK)
        .collect();
    // The short chunk goes to a thread with one chunk fewer (the first such).
    loads[(extra % threads) as usize] += rest;
    loads
}

/// One thread of a pilot: plays games of `options` on pilot stream `stream` in batches that
/// double, the first game a warm-up (its table's first touches are page faults and cache
/// misses that a run pays once, not once a game), until [`Pilot::SECONDS`] have passed and,
/// for a long run, until its hundredth or [`Pilot::MAX_SECONDS`].
fn pilot_thread(sim: &Simulator, options: &SimOptions, stream: u64, threads: usize) -> Played {
    let cap = options.max_turns.min(Pilot::MAX_TURNS);
    let quota = options.games.max(1);
    let share = options.games as f64 / threads as f64;
    let mut played = Played::default();
    let mut started = crate::budget::clock::Instant::now();
    let mut warmed = false;
    let mut batch = 1u64;
    while played.games < quota {
        let elapsed = started.elapsed().as_secs_f64();
        if warmed && elapsed >= Pilot::SECONDS {
            let per_game = played.timed_seconds_now(elapsed) * played.turns / played.games as f64;
            if elapsed >= Pilot::MAX_SECONDS || elapsed >= 0.01 * share * per_game {
                break;
            }
        }
        let n = batch.min(quota - played.games);
        let pilot = SimOptions {
            games: n,
            max_turns: cap,
            keep_lengths: false,
            ..*options
        };
        let r = run_chunk_games(sim, &pilot, u64::MAX - (stream << 40) - played.games, n);
        let turns = r
            .histogram
            .iter()
            .enumerate()
            .map(|(t, &c)| t as f64 * c as f64)
            .sum::<f64>()
            + r.unfinished as f64 * f64::from(cap);
        played.turns += turns;
        played.cut += r.unfinished;
        played.games += n;
        if warmed {
            played.timed_turns += turns;
        } else {
            // Timed from here on; if no more games follow, the warm-up's own time stands.
            warmed = true;
            played.timed_turns = turns;
            played.timed_seconds = started.elapsed().as_secs_f64();
            started = crate::budget::clock::Instant::now();
            batch = 1;
            if played.games >= quota {
                return played;
            }
            played.timed_turns = 0.0;
            played.timed_seconds = 0.0;
        }
        batch *= 2;
    }
    played.timed_seconds = started.elapsed().as_secs_f64();
    played
}

impl Played {
    /// Seconds per timed turn so far, `elapsed` seconds into the timed games.
    fn timed_seconds_now(&self, elapsed: f64) -> f64 {
        elapsed / self.timed_turns.max(1.0)
    }

    /// Seconds per timed turn.
    fn seconds_per_turn(&self) -> f64 {
        self.timed_seconds / self.timed_turns.max(1.0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_dealt_in_chunks_to_the_thread_with_fewest() {
        // 10,000 games on two threads: one chunk of 8,192 and the short one of 1,808.
        assert_eq!(games_per_thread(10_000, 2), vec![8_192, 1_808]);
        // Fewer games than a chunk: one thread, however many there are.
        assert_eq!(games_per_thread(5_000, 2), vec![5_000]);
        // Three chunks: two full ones, one each; the short one joins the first to finish.
        assert_eq!(
            games_per_thread(2 * CHUNK + 100, 2),
            vec![CHUNK + 100, CHUNK]
        );
        assert_eq!(games_per_thread(4 * CHUNK, 2), vec![2 * CHUNK, 2 * CHUNK]);
    }

    #[test]
    fn a_run_lasts_as_long_as_its_busiest_thread() {
        // 1 s a game alone, 2 s a game each when two play at once (a machine that gives the
        // process one core's worth whatever its threads).
        let pilot = Pilot {
            alone: 0.1,
            together: 0.2,
            turns_per_game: 10.0,
            threads: 2,
        };
        // 8,192 and 1,808 games: 1,808 together (2 s each), then 6,384 alone (1 s each).
        assert!((pilot.seconds(10_000) - (1_808.0 * 2.0 + 6_384.0)).abs() < 1e-6);
        // Twice as fast together as alone per game would be the idle two-core machine.
        let idle = Pilot {
            together: 0.1,
            ..pilot
        };
        assert!((idle.seconds(10_000) - 8_192.0).abs() < 1e-6);
        assert!((idle.seconds(4 * CHUNK) - 2.0 * CHUNK as f64).abs() < 1e-6);
    }
}
