//! Figures per space and per event, from the fundamental matrix N = (I - Q)^-1, never formed:
//! - expected remaining turns from each state: E = N 1 (a column solve);
//! - expected turns begun in each state, from the start: v = e_start^T N, i.e. the solve
//!   (I - Q)^T v = e_start, done by the same sweep on Q^T with the state order reversed (so
//!   that its few backward entries are again the targets of backward moves);
//! - expected number of each event per game: N r_e, with r_e(s) the chance of the event on a
//!   turn from s ("rewards on the chain");
//! - the probability of ever landing on a space (or of being caught by a trap there): for all
//!   spaces at once, by the segments between backward moves (`landing`); a space that one
//!   segment could hit twice gets the absorption probability of the chain in which those moves
//!   absorb, one more solve.
//!
//! The finish is a row too: every game ends there exactly once, so its expected landings and
//! its chance of landing are 1; no turn begins there and none remain. It is the game's last
//! space when reaching that space ends the game ([`RaceGame::finish_space`]), else one more row
//! past the last space.

use crate::chain::Counts;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::{Chain, FINISH};
use crate::games::race::{Event, RaceGame};
use crate::solve::landing::{hit_probabilities, FirstHit};
use crate::solve::{check_solves, solve_f64, SolveFailure, Sweep};

/// Why the per-space figures could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpacesError {
    /// A linear solve failed (see [`SolveFailure`]).
    #[error("the per-space figures cannot be computed: {0}")]
    Solve(#[from] SolveFailure),
    /// The solves would take more memory or time than the budget allows.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// The expected number of one kind of event per game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventCount {
    /// The event's kebab-case name, as the game declares it ([`RaceGame::events`]).
    pub event: String,
    /// Expected number of such events per game, from the start: (N r_e)(start).
    pub expected: f64,
}

/// The figures of one space.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpaceFigures {
    /// 0-based index of the space (the number of spaces for a finish past the last space).
    pub space: usize,
    /// Whether this is the finish, where every game ends: landed on exactly once per game.
    pub finish: bool,
    /// Expected turns left when standing on the space, free (`None` if no game ever rests
    /// there, e.g. the start of a jump; 0 at the finish).
    pub expected_remaining: Option<f64>,
    /// Expected number of landings on the space per game: moves that end there (the move that
    /// ends the game included), and moves that pass through it by a jump or between the rolls
    /// of one turn ([`RaceGame::passed_through`]).
    pub expected_landings: f64,
    /// P(a game lands on the space at least once), landings as above.
    pub p_land: f64,
    /// Expected turns begun on the space, per game (stuck and lost turns included).
    pub expected_turns_on: f64,
    /// P(a game is caught by a trap on this space at least once).
    pub p_caught: f64,
    /// Expected turns lost on the space, per game.
    pub expected_turns_lost: f64,
}

/// Per-space and per-event figures of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spaces {
    /// The figures of each space, in track order (entry i is space i), then the finish when it
    /// lies past the last space (one entry more).
    pub spaces: Vec<SpaceFigures>,
    /// The expected count of each of the game's events per game, in the order it declares them.
    pub events: Vec<EventCount>,
    /// Expected cards drawn per game.
    pub cards: f64,
}

/// E = N 1 for every state.
pub fn expected_remaining<S, C>(chain: &Chain<S, C>) -> Result<Vec<f64>, SolveFailure> {
    one(chain.counts(), chain.denominator(), &vec![1.0; chain.len()])
}

/// One solve of (I - Q) y = rhs.
fn one(counts: &Counts, d: u32, rhs: &[f64]) -> Result<Vec<f64>, SolveFailure> {
    let mut solutions = solve_f64(counts, d, &[rhs])?;
    Ok(solutions
        .pop()
        .expect("one solution for one right-hand side"))
}

/// v = e_start^T N: the expected number of turns begun in each state.
pub fn occupancy<S, C>(chain: &Chain<S, C>) -> Result<Vec<f64>, SolveFailure> {
    let n = chain.len();
    let rev = |i: usize| n - 1 - i;
    // (Q^T) in reversed order: entry (rev(t), rev(s)) = c(s, t).
    let mut tri = sprs::TriMatI::<u32, u32>::new((n, n));
    for (s, row) in chain.counts().outer_iterator().enumerate() {
        for (t, &c) in row.iter() {
            tri.add_triplet(rev(t), rev(s), c);
        }
    }
    let m: Counts = tri.to_csr();
    let mut e = vec![0.0; n];
    e[rev(chain.start())] = 1.0;
    let v = one(&m, chain.denominator(), &e)?;
    Ok((0..n).map(|s| v[rev(s)]).collect())
}

/// P(the game ever makes a move for which `hit(state, card)` holds), from the start.
pub fn hit_probability<S, C>(
    chain: &Chain<S, C>,
    hit: impl Fn(usize, usize) -> bool,
) -> Result<f64, SolveFailure> {
    let (counts, hits) = chain.absorb(hit);
    let d = f64::from(chain.denominator());
    let rhs: Vec<f64> = hits.iter().map(|&h| f64::from(h) / d).collect();
    Ok(one(&counts, chain.denominator(), &rhs)?[chain.start()])
}

impl SpaceFigures {
    /// A space's figures before anything is counted.
    fn zero(space: usize) -> SpaceFigures {
        SpaceFigures {
            space,
            finish: false,
            expected_remaining: None,
            expected_landings: 0.0,
            p_land: 0.0,
            expected_turns_on: 0.0,
            p_caught: 0.0,
            expected_turns_lost: 0.0,
        }
    }
}

/// Spaces a move lands on without resting there at its end (jump starts, squares between
/// rolls), for the few moves that have any: (state * kinds of card + card) -> spaces.
fn passed_through<G: RaceGame>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
) -> FxHashMap<usize, Vec<usize>> {
    let k = chain.cards().len();
    let mut through = FxHashMap::default();
    for s in (0..chain.len()).filter(|&s| chain.draws(s)) {
        for (card, (c, _)) in chain.cards().iter().enumerate() {
            let p = game.passed_through(chain.states()[s], *c);
            if !p.is_empty() {
                through.insert(s * k + card, p);
            }
        }
    }
    through
}

/// Processor time per move (state x kind of card) of the per-space figures besides their
/// solves: about 5 s for the 18 million moves of a million-space Candy Land board, 0.2 s for
/// the 1.8 million of 10^5 spaces.
const SECONDS_PER_MOVE: f64 = 2e-7;

impl Spaces {
    /// Computes every per-space and per-event figure of a game on a track of `track_len` spaces.
    pub fn of<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        track_len: usize,
    ) -> Result<Spaces, SpacesError> {
        Self::within(game, chain, track_len, &Budget::default())
    }

    /// [`Spaces::of`], refused if its solves (a few, plus one per space a game can land on twice
    /// between backward moves) would take more
    /// time or memory than allowed.
    pub fn within<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        track_len: usize,
        budget: &Budget,
    ) -> Result<Spaces, SpacesError> {
        Self::check(game, chain, track_len, budget)?;
        Self::computed(game, chain, track_len, budget)
    }

    /// Refuses [`Spaces::within`] if its solves and its pass over every move would take more
    /// time or memory than allowed (the spaces a game can land on twice between backward moves,
    /// solved one by one, are found, and refused, only as it goes).
    pub fn check<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        track_len: usize,
        budget: &Budget,
    ) -> Result<(), OverBudget> {
        // Expected turns, occupancy, draws and each event: one solve each; the chances of
        // landing and of being caught: a factorisation and k + 1 forward sweeps each.
        let k = Sweep::<f64>::feedback_size(chain.counts()) as f64;
        let events = game.events().len() as f64;
        check_solves(
            chain,
            5.0 + events + 2.0 * (k + 2.0),
            "the per-space figures",
            budget,
        )?;
        // Every move is played again for its events and the spaces it passes, and the landing
        // chances sum over segments of moves; the vectors: one per event, the figures.
        let moves = (chain.len() * chain.cards().len()) as f64;
        let what = format!("the events and landings of {moves:.0} moves");
        budget.memory(
            &what,
            8.0 * chain.len() as f64 * (Event::MAX as f64 + 6.0) + 100.0 * track_len as f64,
            "",
        )?;
        budget.time(&what, crate::budget::idle(moves * SECONDS_PER_MOVE), "")
    }

    /// [`Spaces::within`] once its cost is accepted ([`Spaces::check`]).
    pub fn computed<G: RaceGame>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        track_len: usize,
        budget: &Budget,
    ) -> Result<Spaces, SpacesError> {
        let n = chain.len();
        let expected = expected_remaining(chain)?;
        let occ = occupancy(chain)?;
        let pos: Vec<Option<usize>> = chain.states().iter().map(|s| game.position(*s)).collect();
        let k = chain.cards().len();
        let through = passed_through(game, chain);

        let mut figures: Vec<SpaceFigures> = (0..track_len).map(SpaceFigures::zero).collect();
        let mut rates = vec![vec![0.0; n]; Event::MAX];
        // The transitions that catch a player, as s * k + card (the chain keeps no events).
        let mut traps: FxHashSet<usize> = FxHashSet::default();
        for s in 0..n {
            for (card, w) in super::landing::card_weights(chain, s) {
                let events = chain.events(game, s, card);
                for e in events.iter() {
                    rates[e.index()][s] += w;
                }
                if events.contains(Event::TRAP) {
                    traps.insert(s * k + card);
                }
                let t = chain.next(s, card);
                let passed = through.get(&(s * k + card));
                if t != FINISH {
                    if let Some(p) = pos[t as usize] {
                        // A move that ends where it began lands there only if it went somewhere
                        // on the way (a backward jump to the square the move began on).
                        if pos[s] != Some(p) || passed.is_some() {
                            figures[p].expected_landings += occ[s] * w;
                        }
                    }
                }
                for &p in passed.into_iter().flatten() {
                    figures[p].expected_landings += occ[s] * w;
                }
            }
            if let Some(p) = pos[s] {
                let f = &mut figures[p];
                f.expected_turns_on += occ[s];
                f.expected_turns_lost += occ[s] * rates[Event::TURN_LOST.index()][s];
                // The free state on a space sorts after the one that owes a turn: keep the last.
                f.expected_remaining = Some(expected[s]);
            }
        }
        let moves = Moves {
            pos: &pos,
            through: &through,
            traps: &traps,
        };
        chances(chain, &moves, &mut figures, budget)?;
        add_finish(&mut figures, game.finish_space());
        let start = chain.start();
        let draws: Vec<f64> = (0..n)
            .map(|s| f64::from(u8::from(chain.draws(s))))
            .collect();
        // One solve for the draws and one for each of the game's events.
        let declared = game.events();
        let mut rhss: Vec<&[f64]> = vec![&draws];
        rhss.extend(declared.iter().map(|(e, _)| rates[e.index()].as_slice()));
        let solved = solve_f64(chain.counts(), chain.denominator(), &rhss)?;
        let events = declared
            .iter()
            .zip(&solved[1..])
            .map(|((_, name), y)| EventCount {
                event: name.to_string(),
                expected: y[start],
            })
            .collect();
        Ok(Spaces {
            spaces: figures,
            events,
            cards: solved[0][start],
        })
    }
}

/// Counts the finish: the track's space `on_track`, or one more row past the last space.
/// Every game lands there once (the moves that finish lead to no state, so nothing above counted
/// them), and no turn begins there.
fn add_finish(figures: &mut Vec<SpaceFigures>, on_track: Option<usize>) {
    let at = match on_track.filter(|&i| i < figures.len()) {
        Some(i) => i,
        None => {
            figures.push(SpaceFigures::zero(figures.len()));
            figures.len() - 1
        }
    };
    let f = &mut figures[at];
    f.finish = true;
    f.expected_landings += 1.0;
    f.p_land = 1.0;
    f.expected_remaining.get_or_insert(0.0);
}

/// Where the transitions of a chain lead on the track, keyed by s * k + card.
struct Moves<'a> {
    /// The space of each state.
    pos: &'a [Option<usize>],
    /// The spaces a move passes through and counts as landing on, besides where it ends.
    through: &'a FxHashMap<usize, Vec<usize>>,
    /// The moves that catch a player.
    traps: &'a FxHashSet<usize>,
}

/// P(land) and P(caught) of every space, into `figures`: all spaces at once by the segments
/// between backward moves (see `landing`); a space that a segment could hit twice is solved on
/// its own.
fn chances<S, C>(
    chain: &Chain<S, C>,
    moves: &Moves,
    figures: &mut [SpaceFigures],
    budget: &Budget,
) -> Result<(), SpacesError> {
    let (k, track_len) = (chain.cards().len(), figures.len());
    let Moves {
        pos,
        through,
        traps,
    } = *moves;
    let trap = |s: usize, card: usize| traps.contains(&(s * k + card));
    let pos_of = |t: u32| if t == FINISH { None } else { pos[t as usize] };
    let passes = |s: usize, card: usize, space: usize| {
        through
            .get(&(s * k + card))
            .is_some_and(|p| p.contains(&space))
    };
    let lands_on = |s: usize, card: usize, space: usize| {
        let t = chain.next(s, card);
        (t != FINISH && pos[t as usize] == Some(space) && pos[s] != Some(space))
            || passes(s, card, space)
    };
    let caught_on = |s: usize, card: usize, space: usize| {
        let t = chain.next(s, card);
        t != FINISH && pos[t as usize] == Some(space) && trap(s, card)
    };

    let landing = hit_probabilities(chain, track_len, |s, card, found| {
        let t = chain.next(s, card);
        let end = pos_of(t).filter(|&p| pos[s] != Some(p));
        if let Some(p) = end {
            found(p);
        }
        if let Some(passed) = through.get(&(s * k + card)) {
            for &p in passed.iter().filter(|&&p| Some(p) != end) {
                found(p);
            }
        }
    })?;
    let caught = hit_probabilities(chain, track_len, |s, card, found| {
        if let Some(p) = pos_of(chain.next(s, card)) {
            if trap(s, card) {
                found(p);
            }
        }
    })?;
    // The spaces a segment could hit twice are solved one by one.
    let alone = landing
        .iter()
        .chain(&caught)
        .filter(|h| **h == FirstHit::SolveAlone)
        .count();
    if alone > 0 {
        check_solves(
            chain,
            alone as f64,
            &format!("the chance of landing on {alone} spaces that a game can land on twice between backward moves (one solve each)"),
            budget,
        )?;
    }
    for f in figures.iter_mut() {
        f.p_land = match landing[f.space] {
            FirstHit::Never => 0.0,
            FirstHit::Chance(p) => p,
            FirstHit::SolveAlone => hit_probability(chain, |s, c| lands_on(s, c, f.space))?,
        };
        f.p_caught = match caught[f.space] {
            FirstHit::Never => 0.0,
            FirstHit::Chance(p) => p,
            FirstHit::SolveAlone => hit_probability(chain, |s, c| caught_on(s, c, f.space))?,
        };
    }
    Ok(())
}
