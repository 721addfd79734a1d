//! Games of computer players following fixed policies ([`TableTurn`]), played with the game's
//! one turn function and a seeded generator: players interact (occupied squares, race
//! positions), so the game of several is simulated rather than solved. Runs are split into chunks, each with its own
//! generator seeded from (seed, chunk), so a seed gives the same figures on any number of
//! threads.

use rand::{Rng, RngExt as _};
use rayon::prelude::*;

use crate::games::chance::{Chance, Phase, TableTurn};

/// Games per chunk.
const CHUNK: u64 = 4096;

/// A seeded generator as the game's chances; with a cyclic pile, the pile itself (the order of
/// its cards, by index).
pub struct Dice<'a, R: Rng> {
    rng: &'a mut R,
    pile: Option<(Vec<usize>, usize)>,
}

impl<'a, R: Rng> Dice<'a, R> {
    /// Chances from `rng`; for a game that draws from a pile of `cyclic` cards dealt in a
    /// cycle, the pile shuffled once.
    pub fn new(cyclic: Option<usize>, rng: &'a mut R) -> Dice<'a, R> {
        let pile = cyclic.filter(|&n| n > 0).map(|n| {
            let mut pile: Vec<usize> = (0..n).collect();
            for i in (1..pile.len()).rev() {
                let j = rng.random_range(0..=i);
                pile.swap(i, j);
            }
            (pile, 0)
        });
        Dice { rng, pile }
    }
}

impl<R: Rng> Chance for Dice<'_, R> {
    fn pick(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }
    fn card(&mut self, n: usize) -> usize {
        match &mut self.pile {
            // The top card is drawn and goes under the pile.
            Some((cards, next)) => {
                let card = cards[*next];
                *next = (*next + 1) % cards.len();
                card
            }
            None => self.pick(n),
        }
    }
}

/// What happened in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Turns played, all players' together (a missed or skipped turn counts).
    pub turns: u32,
    /// The winning seat, `None` when the game hit the turn limit.
    pub winner: Option<usize>,
    /// What the winner holds at the finish ([`TableTurn::held`]).
    pub held_left: u32,
    /// Turns skipped for lack of a legal move (or of one the policy makes), by seat.
    pub skips: Vec<u32>,
    /// Landings per space (moves, and moves the rules make, [`TableTurn::landed`]), home included.
    pub landings: Vec<u32>,
}

/// Plays one game of the table's players, seat 0 first, stopping after `max_turns` turns;
/// `log` hears every note with the turn number (1-based, all players') and the seat.
pub fn play_game<T: TableTurn, R: Rng>(
    table: &T,
    rng: &mut R,
    max_turns: u32,
    log: &mut dyn FnMut(u32, usize, T::Note),
) -> Game {
    play_game_seen(table, rng, max_turns, log, &mut |_, _| {})
}

/// [`play_game`], telling `seen` the players and the seat before each call of a turn (each
/// decision): what `play --best` reads the state of a decision from.
pub fn play_game_seen<T: TableTurn, R: Rng>(
    table: &T,
    rng: &mut R,
    max_turns: u32,
    log: &mut dyn FnMut(u32, usize, T::Note),
    seen: &mut dyn FnMut(&[T::Player], usize),
) -> Game {
    let k = table.seats();
    if k == 0 {
        // No one at the table: no turn is played, and no one wins.
        return Game {
            turns: 0,
            winner: None,
            held_left: 0,
            skips: Vec::new(),
            landings: vec![0; table.spaces()],
        };
    }
    let mut dice = Dice::new(table.cyclic_pile(), rng);
    let mut players = vec![table.start(); k];
    let mut game = Game {
        turns: 0,
        winner: None,
        held_left: 0,
        skips: vec![0; k],
        landings: vec![0; table.spaces()],
    };
    while game.turns < max_turns {
        let seat = game.turns as usize % k;
        game.turns += 1;
        let turn = game.turns;
        loop {
            let mut sink = |n: T::Note| {
                if table.skipped(n) {
                    game.skips[seat] += 1;
                } else if let Some(to) = table.landed(n) {
                    game.landings[to] += 1;
                }
                log(turn, seat, n);
            };
            seen(&players, seat);
            match table.play(&mut players, seat, &mut dice, &mut sink) {
                Phase::Again => continue,
                Phase::Done => {
                    log(turn, seat, table.turn_end(players[seat]));
                    break;
                }
                Phase::Home => {
                    game.winner = Some(seat);
                    game.held_left = table.held(players[seat]);
                    return game;
                }
            }
        }
    }
    game
}

/// The figures of many games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games stopped at the turn limit.
    pub unfinished: u64,
    /// `lengths[n]`: finished games of n turns (all players' turns).
    pub lengths: Vec<u64>,
    /// Wins by seat.
    pub wins: Vec<u64>,
    /// Skipped turns by seat, over all games.
    pub skips: Vec<u64>,
    /// Games in which some player skipped at least once.
    pub games_with_skip: u64,
    /// Sum of what the winners hold at the finish.
    pub held_left: u64,
    /// Sum of squares of the same, for its spread.
    pub held_left_sq: u64,
    /// Landings per square over all games.
    pub landings: Vec<u64>,
}

impl Summary {
    fn add(&mut self, g: &Game) {
        self.games += 1;
        match g.winner {
            Some(w) => {
                let t = g.turns as usize;
                if self.lengths.len() <= t {
                    self.lengths.resize(t + 1, 0);
                }
                self.lengths[t] += 1;
                self.wins[w] += 1;
                self.held_left += u64::from(g.held_left);
                self.held_left_sq += u64::from(g.held_left).pow(2);
            }
            None => self.unfinished += 1,
        }
        for (a, b) in self.skips.iter_mut().zip(&g.skips) {
            *a += u64::from(*b);
        }
        if g.skips.iter().any(|&s| s > 0) {
            self.games_with_skip += 1;
        }
        for (a, b) in self.landings.iter_mut().zip(&g.landings) {
            *a += u64::from(*b);
        }
    }

    fn merge(mut self, o: Summary) -> Summary {
        self.games += o.games;
        self.unfinished += o.unfinished;
        if self.lengths.len() < o.lengths.len() {
            self.lengths.resize(o.lengths.len(), 0);
        }
        for (a, b) in self.lengths.iter_mut().zip(&o.lengths) {
            *a += b;
        }
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        for (a, b) in self.skips.iter_mut().zip(&o.skips) {
            *a += b;
        }
        self.games_with_skip += o.games_with_skip;
        self.held_left += o.held_left;
        self.held_left_sq += o.held_left_sq;
        for (a, b) in self.landings.iter_mut().zip(&o.landings) {
            *a += b;
        }
        self
    }

    fn empty(k: usize, squares: usize) -> Summary {
        Summary {
            wins: vec![0; k],
            skips: vec![0; k],
            landings: vec![0; squares],
            ..Summary::default()
        }
    }

    /// Finished games.
    pub fn finished(&self) -> u64 {
        self.games - self.unfinished
    }

    /// Mean and standard deviation of the finished games' lengths.
    pub fn mean_sd(&self) -> (f64, f64) {
        let n = self.finished() as f64;
        let s1: f64 = self
            .lengths
            .iter()
            .enumerate()
            .map(|(t, &c)| t as f64 * c as f64)
            .sum();
        let s2: f64 = self
            .lengths
            .iter()
            .enumerate()
            .map(|(t, &c)| (t * t) as f64 * c as f64)
            .sum();
        let mean = s1 / n;
        let var = if n > 1.0 {
            (s2 - n * mean * mean) / (n - 1.0)
        } else {
            0.0
        };
        (mean, var.max(0.0).sqrt())
    }
}

/// Plays `games` games of the table, seeded with `seed`.
pub fn simulate<T: TableTurn>(table: &T, games: u64, seed: u64, max_turns: u32) -> Summary {
    run(table, games, seed, max_turns, false).0
}

/// [`simulate`], keeping every game's length (all players' turns) and winner (seat 1 first; 0
/// for a game stopped at the turn limit, whose length is then `max_turns`), in the order
/// played.
pub fn simulate_kept<T: TableTurn>(
    table: &T,
    games: u64,
    seed: u64,
    max_turns: u32,
) -> (Summary, Vec<(u32, u8)>) {
    run(table, games, seed, max_turns, true)
}

fn run<T: TableTurn>(
    table: &T,
    games: u64,
    seed: u64,
    max_turns: u32,
    keep: bool,
) -> (Summary, Vec<(u32, u8)>) {
    let k = table.seats();
    let chunks = games.div_ceil(CHUNK);
    let parts: Vec<(Summary, Vec<(u32, u8)>)> = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut rng = super::chunk_rng(seed, c);
            let mut s = Summary::empty(k, table.spaces());
            let mut kept = Vec::new();
            let n = CHUNK.min(games - c * CHUNK);
            for _ in 0..n {
                let g = play_game(table, &mut rng, max_turns, &mut |_, _, _| {});
                if keep {
                    kept.push((g.turns, g.winner.map_or(0, |w| w as u8 + 1)));
                }
                s.add(&g);
            }
            (s, kept)
        })
        .collect();
    let mut summary = Summary::empty(k, table.spaces());
    let mut kept = Vec::new();
    for (s, g) in parts {
        summary = summary.merge(s);
        kept.extend(g);
    }
    (summary, kept)
}
