//! The algorithms behind "Can the game run forever?", in its several senses; the `forever`
//! question ([`crate::results::forever()`]) asks them and assembles their answers.
//!
//! 1. With random draws: a reachability certificate (every reachable state can reach the
//!    finish) proves P(never finishing) = 0, and gives a rigorous tail bound: if from every
//!    state the finish is reached within d turns with probability at least p, then
//!    P(T > n) <= (1 - p)^floor(n / d) (`certificate`). The exact asymptotic tail is
//!    P(T > n) ~ C rho^n with rho the spectral radius of Q ([`spectral_radius`]). A broken
//!    board gets the exact probability of never finishing instead (`never_finish`).
//! 2. A longest game exists only if the graph of unfinished states has no cycle
//!    ([`longest_game`]); otherwise the shortest loop ([`shortest_loop`]) with the probability
//!    of each repetition.
//! 3. The shortest game, one card sequence achieving it, and its probability
//!    ([`shortest_path`]).
//!
//! A fixed deck order recycled without shuffling is played by the simulator
//! ([`crate::sim::play_fixed_order`]). What all of this costs is estimated before any of it
//! is computed ([`check_work`]).

mod certificate;
mod cost;
mod never_finish;
mod paths;
mod radius;

pub use certificate::{certificate, distances_to_finish, Certificate};
pub use cost::check_work;
pub use never_finish::never_finish;
pub use paths::{longest_game, probability, shortest_loop, shortest_path, Step};
pub use radius::{dense_radius, radius_by_returns, spectral_radius, tail_constant};
