//! Targets of a first passage, in the game's own words.
//!
//! A target is a set of moves: the first turn whose move belongs to it is the first passage.
//! The words come from the board itself ([`Game::track`], [`Game::space_word`], the states'
//! names), so that one grammar serves every game:
//!
//! - a space by number (`47`, `space 47`, `square 100`), or a run of them (`40-50`): a move
//!   lands on it (ends there coming from another space, or passes through it: stands on it on
//!   its way, as on the start of a jump it takes;
//!   [`crate::games::race::RaceGame::passed_through`]), as `spaces` counts landings, in every
//!   game;
//! - a named space (`Plumpy`, `Queen Frostine`): landing on it;
//! - a kind of space (`red`, or any kind the game names): landing on any space of that kind;
//! - the game's word for its trap, alone or with a number (`TRAP 47`): being caught there;
//! - the game's word for a kind of jump (the plural too), alone or with the number of its start
//!   (`JUMP 47`): taking it;
//! - `finish`: finishing the game;
//! - a state's name as `candyland transitions` prints it: any move into that state, staying
//!   there included (the Markov chain's hitting time): for a space, the moves that come to rest
//!   there (a space no move rests on, a jump's start, has no state).
//!
//! Several `--to` make one target: the first move that hits any of them.

use crate::games::race::{Event, Next, Turn};
use crate::games::Game;
use crate::input::text::{did_you_mean, quote};

/// Why a text names no target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    /// No word of the board matches.
    #[error("'{given}' is not a target on this board{suggestion}; give a {word} number ({first} to {last}), a run such as {first}-{last}, {names}, or a state's name as `candyland transitions` prints it")]
    Unknown {
        /// The text as given, shortened.
        given: String,
        /// " (did you mean 'X'?)" or "".
        suggestion: String,
        /// What a space is called.
        word: String,
        /// The first number printed on the track.
        first: usize,
        /// The last number printed on the track.
        last: usize,
        /// The board's own target words, listed.
        names: String,
    },
    /// A number past either end of the track.
    #[error("there is no {word} {number} on this board: its {word}s are {first} to {last}")]
    OffTrack {
        /// What a space is called.
        word: String,
        /// The number given, as text.
        number: String,
        /// The first number printed on the track.
        first: usize,
        /// The last number printed on the track.
        last: usize,
    },
    /// A trap or jump word with the number of a space that has none.
    #[error("{word} {number} is not a {what} on this board; its {what}s are at {list}")]
    NotThere {
        /// The word given (a trap's or a jump's).
        word: String,
        /// The number given.
        number: usize,
        /// What was asked for (a trap space, a jump).
        what: String,
        /// Where they are.
        list: String,
    },
    /// No `--to` at all.
    #[error("give at least one target")]
    Empty,
}

/// One part of a target, resolved against the board.
#[derive(Debug, Clone, PartialEq)]
pub enum Part<S> {
    /// Landing on the space (0-based): a move that ends there from another space, or passes
    /// through it ([`crate::games::race::RaceGame::passed_through`]: a jump's start included).
    Land(usize),
    /// Being caught by the trap on the space (0-based).
    Caught(usize),
    /// Taking the jump that starts on the space (0-based).
    Jump(usize),
    /// Finishing the game.
    Finish,
    /// Any move into the state.
    State(S),
}

/// A target: a set of moves, and how the user named it.
#[derive(Debug, Clone, PartialEq)]
pub struct Target<S> {
    /// The parts, as resolved (read through [`Target::parts`]: `lookup` is made from them).
    parts: Vec<Part<S>>,
    /// The target in words, as the user gave it (the parts joined by " or ").
    pub label: String,
    /// The parts by kind, for [`Target::hit`].
    lookup: Lookup<S>,
}

/// The parts of a target sorted by kind: the spaces of each kind in order, so that a move is
/// tested against a run of every space of the board in O(log m), not O(m), per space it
/// touches (a set of 40,000 spaces tested part by part took a minute on a 40,000-space board).
#[derive(Debug, Clone, PartialEq)]
struct Lookup<S> {
    land: Vec<usize>,
    caught: Vec<usize>,
    jump: Vec<usize>,
    finish: bool,
    states: Vec<S>,
}

impl<S: Copy + PartialEq> Lookup<S> {
    fn of(parts: &[Part<S>]) -> Lookup<S> {
        let mut lookup = Lookup {
            land: Vec::new(),
            caught: Vec::new(),
            jump: Vec::new(),
            finish: false,
            states: Vec::new(),
        };
        for part in parts {
            match part {
                Part::Land(x) => lookup.land.push(*x),
                Part::Caught(x) => lookup.caught.push(*x),
                Part::Jump(x) => lookup.jump.push(*x),
                Part::Finish => lookup.finish = true,
                Part::State(s) => lookup.states.push(*s),
            }
        }
        for spaces in [&mut lookup.land, &mut lookup.caught, &mut lookup.jump] {
            spaces.sort_unstable();
            spaces.dedup();
        }
        lookup
    }
}

/// Whether the sorted `spaces` hold `x`.
fn holds(spaces: &[usize], x: usize) -> bool {
    spaces.binary_search(&x).is_ok()
}

/// What a target is made of, read off the board once.
struct Words<S> {
    word: String,
    plural: String,
    first: usize,
    count: usize,
    /// (name, space) of each named space.
    named: Vec<(String, usize)>,
    /// (kind name, spaces) of each kind of space.
    kinds: Vec<(String, Vec<usize>)>,
    /// The trap word and the trap spaces.
    traps: (String, Vec<usize>),
    /// (jump word, starts) of each kind of jump.
    jumps: Vec<(String, Vec<usize>)>,
    /// (lowercase name, state) of every state.
    states: Vec<(String, S)>,
}

impl<S: Copy> Words<S> {
    fn of<G: Game<State = S>>(game: &G, states: &[S]) -> Words<S> {
        let track = game.track();
        let count = game.space_count();
        let kinds = track
            .kinds
            .iter()
            .enumerate()
            .map(|(k, (name, _))| {
                let on: Vec<usize> = (0..count)
                    .filter(|&i| track.fills.get(i) == Some(&k))
                    .collect();
                (name.clone(), on)
            })
            .filter(|(name, on)| !name.is_empty() && !on.is_empty())
            .collect();
        Words {
            word: game.space_word().to_string(),
            plural: game.space_plural(),
            first: game.first_number(),
            count,
            named: track.named.2.iter().map(|(i, n)| (n.clone(), *i)).collect(),
            kinds,
            traps: track.traps.clone(),
            jumps: track
                .jumps
                .iter()
                .filter(|j| !j.moves.is_empty())
                .map(|j| (j.name.clone(), j.moves.iter().map(|m| m.0).collect()))
                .collect(),
            states: states
                .iter()
                .map(|&s| (game.describe(s).to_lowercase(), s))
                .collect(),
        }
    }

    /// Every word a target can be named by, for suggestions.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.named.iter().map(|(n, _)| n.clone()).collect();
        names.extend(self.kinds.iter().map(|(n, _)| n.clone()));
        if !self.traps.0.is_empty() && !self.traps.1.is_empty() {
            names.push(self.traps.0.clone());
        }
        names.extend(self.jumps.iter().map(|(n, _)| n.clone()));
        names.push("finish".into());
        names
    }

    fn last(&self) -> usize {
        self.first + self.count.saturating_sub(1)
    }

    /// A space number as printed, to a 0-based index.
    fn index(&self, digits: &str) -> Result<usize, TargetError> {
        let off = || TargetError::OffTrack {
            word: self.word.clone(),
            number: quote(digits),
            first: self.first,
            last: self.last(),
        };
        let number: usize = digits.parse().map_err(|_| off())?;
        number
            .checked_sub(self.first)
            .filter(|&i| i < self.count)
            .ok_or_else(off)
    }

    fn resolve(&self, text: &str) -> Result<Vec<Part<S>>, TargetError> {
        let wanted = text.trim().to_lowercase();
        if wanted == "finish" {
            return Ok(vec![Part::Finish]);
        }
        if let Some((_, s)) = self.states.iter().find(|(n, _)| *n == wanted) {
            return Ok(vec![Part::State(*s)]);
        }
        if let Some((_, i)) = self.named.iter().find(|(n, _)| n.to_lowercase() == wanted) {
            return Ok(vec![Part::Land(*i)]);
        }
        if let Some((_, on)) = self.kinds.iter().find(|(n, _)| n.to_lowercase() == wanted) {
            return Ok(on.iter().map(|&i| Part::Land(i)).collect());
        }
        // "TRAP", "TRAP 47"; "JUMP", "JUMPs", "JUMP 47", in the game's words.
        let (head, number) = match wanted.rsplit_once(' ') {
            Some((h, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                (h.trim(), Some(n))
            }
            _ => (wanted.as_str(), None),
        };
        let singular = |w: &str| w.strip_suffix('s').unwrap_or(w).to_string();
        let matches = |name: &str| {
            let name = name.to_lowercase();
            head == name || singular(head) == name
        };
        let listed = |on: &[usize]| {
            on.iter()
                .map(|i| (i + self.first).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !self.traps.0.is_empty() && !self.traps.1.is_empty() && matches(&self.traps.0) {
            return self.pick(number, &self.traps, "space", Part::Caught, &listed);
        }
        if let Some(jump) = self.jumps.iter().find(|(n, _)| matches(n)) {
            return self.pick(number, jump, "", Part::Jump, &listed);
        }
        // Space numbers: "47", "space 47", "40-50", "spaces 40-50".
        let digits = [self.word.as_str(), self.plural.as_str()]
            .iter()
            .find_map(|w| {
                wanted
                    .strip_prefix(&w.to_lowercase())
                    .filter(|rest| rest.starts_with(' '))
            })
            .unwrap_or(&wanted)
            .trim();
        let is_number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if is_number(digits) {
            return Ok(vec![Part::Land(self.index(digits)?)]);
        }
        if let Some((a, b)) = digits.split_once('-') {
            let (a, b) = (a.trim(), b.trim());
            if is_number(a) && is_number(b) {
                let (a, b) = (self.index(a)?, self.index(b)?);
                return Ok((a.min(b)..=a.max(b)).map(Part::Land).collect());
            }
        }
        let names = self.names();
        let listed_names = names
            .iter()
            .map(|n| format!("'{}'", quote(n)))
            .collect::<Vec<_>>()
            .join(", ");
        Err(TargetError::Unknown {
            given: quote(text.trim()),
            suggestion: did_you_mean(text.trim(), names.iter().map(String::as_str)),
            word: self.word.clone(),
            first: self.first,
            last: self.last(),
            names: listed_names,
        })
    }

    /// All of a trap's or jump's spaces, or the one at `number`.
    fn pick(
        &self,
        number: Option<&str>,
        (name, on): &(String, Vec<usize>),
        suffix: &str,
        part: fn(usize) -> Part<S>,
        listed: &dyn Fn(&[usize]) -> String,
    ) -> Result<Vec<Part<S>>, TargetError> {
        let what = if suffix.is_empty() {
            name.clone()
        } else {
            format!("{name} {suffix}")
        };
        match number {
            None => Ok(on.iter().map(|&i| part(i)).collect()),
            Some(digits) => {
                let i = self.index(digits)?;
                if on.contains(&i) {
                    Ok(vec![part(i)])
                } else {
                    Err(TargetError::NotThere {
                        word: name.clone(),
                        number: i + self.first,
                        what,
                        list: listed(on),
                    })
                }
            }
        }
    }
}

impl<S: Copy + PartialEq> Target<S> {
    /// The target named by `texts` (each one `--to`), on `game`, whose chain states are `states`.
    pub fn resolve<G: Game<State = S>>(
        game: &G,
        states: &[S],
        texts: &[String],
    ) -> Result<Target<S>, (usize, TargetError)> {
        if texts.is_empty() {
            return Err((0, TargetError::Empty));
        }
        let words = Words::of(game, states);
        let mut parts = Vec::new();
        // Each space part once: a run given twice is still one set (kept in the order given).
        let mut seen = std::collections::HashSet::new();
        for (i, text) in texts.iter().enumerate() {
            for part in words.resolve(text).map_err(|e| (i, e))? {
                let new = match &part {
                    Part::Land(x) => seen.insert((0u8, *x)),
                    Part::Caught(x) => seen.insert((1, *x)),
                    Part::Jump(x) => seen.insert((2, *x)),
                    // One per `--to` at most: a short list.
                    Part::Finish | Part::State(_) => !parts.contains(&part),
                };
                if new {
                    parts.push(part);
                }
            }
        }
        let label = texts
            .iter()
            .map(|t| t.trim().to_string())
            .collect::<Vec<_>>()
            .join(" or ");
        Ok(Target::of(parts, label))
    }

    /// The parts, as resolved, each once, in the order given.
    pub fn parts(&self) -> &[Part<S>] {
        &self.parts
    }

    /// The target made of `parts`, named `label`.
    fn of(parts: Vec<Part<S>>, label: String) -> Target<S> {
        Target {
            lookup: Lookup::of(&parts),
            parts,
            label,
        }
    }

    /// Whether a turn of `game` from `state` (`card` its draw; `None` for a turn that draws
    /// none) hits the target.
    pub fn hit<G: Game<State = S>>(&self, game: &G, state: S, card: G::Card, draws: bool) -> bool {
        let outcome = match game.turn(state) {
            Turn::Skip(o) => o,
            Turn::Draw => game.step(state, card),
        };
        let here = game.position(state);
        let (to_state, to_pos) = match outcome.next {
            Next::At(t) => (Some(t), game.position(t)),
            Next::Finished => (None, None),
        };
        let l = &self.lookup;
        (l.finish && to_state.is_none())
            || to_state.is_some_and(|t| l.states.contains(&t))
            || to_pos.is_some_and(|x| {
                (holds(&l.caught, x) && outcome.events.contains(Event::TRAP))
                    || (holds(&l.land, x) && here != Some(x))
            })
            || (to_state.is_none() && game.finish_space().is_some_and(|x| holds(&l.land, x)))
            || (draws
                && !l.land.is_empty()
                && game
                    .passed_through(state, card)
                    .iter()
                    .any(|&x| holds(&l.land, x)))
            || (draws
                && !l.jump.is_empty()
                && game
                    .jump_starts(state, card)
                    .iter()
                    .any(|&x| holds(&l.jump, x)))
    }
}

/// Every target `passage --every` lists for a board, each with its class ("trap", "jump",
/// "space", "finish"), the game's word for it, its number and its name: every trap (caught),
/// every jump (taken), every space (landing), the finish.
#[allow(clippy::type_complexity)]
pub fn every_target<S: Copy, G: Game<State = S>>(
    game: &G,
) -> Vec<(&'static str, String, Option<usize>, String, Part<S>)> {
    let track = game.track();
    let first = game.first_number();
    let mut out = Vec::new();
    for (name, on) in [track.traps.clone()] {
        for &i in &on {
            out.push((
                "trap",
                name.clone(),
                Some(i + first),
                format!("{name} {}", i + first),
                Part::Caught(i),
            ));
        }
    }
    for jumps in &track.jumps {
        for &(from, to) in &jumps.moves {
            out.push((
                "jump",
                jumps.name.clone(),
                Some(from + first),
                format!("{} {} to {}", jumps.name, from + first, to + first),
                Part::Jump(from),
            ));
        }
    }
    let word = game.space_word().to_string();
    for i in 0..game.space_count() {
        out.push((
            "space",
            word.clone(),
            Some(i + first),
            game.space_name(i),
            Part::Land(i),
        ));
    }
    out.push((
        "finish",
        "finish".into(),
        None,
        "finish".into(),
        Part::Finish,
    ));
    out
}

/// The target of one part, named.
pub fn single<S: Copy + PartialEq>(part: Part<S>, label: String) -> Target<S> {
    Target::of(vec![part], label)
}
