//! Several players of a game whose tokens meet ([`RaceGame::tokens_meet`]), simulated on the
//! chain of the whole table ([`Product`]): its state is every token and the seat to move, so a
//! move that sends another token back is in the table the simulator walks, and the rules are
//! still the one step function. The table is walked as one player; the seats take turns in
//! order from the first, so a game that ends on its L-th turn was won by seat (L - 1) mod K.

use crate::budget::{Budget, OverBudget};
use crate::chain::product::Product;
use crate::chain::Chain;
use crate::games::race::RaceGame;
use crate::solve::players::MAX_TABLE_PLAYERS;

use super::{run, SimOptions, SimResult, Simulator};

/// The simulator of the whole table of K players.
#[derive(Debug, Clone)]
pub struct TableSimulator {
    simulator: Simulator,
    players: usize,
}

impl TableSimulator {
    /// The whole table of `k` players (2 to [`MAX_TABLE_PLAYERS`]) of `game`, its chain and
    /// the simulator's table built within `budget`.
    pub fn within<G: RaceGame>(
        game: &G,
        k: usize,
        budget: &Budget,
    ) -> Result<TableSimulator, OverBudget> {
        let simulator = match k {
            2 => table::<G, 2>(game, budget),
            3 => table::<G, 3>(game, budget),
            4 => table::<G, 4>(game, budget),
            5 => table::<G, 5>(game, budget),
            _ => table::<G, 6>(game, budget),
        }?;
        Ok(TableSimulator {
            simulator,
            players: k.clamp(2, MAX_TABLE_PLAYERS),
        })
    }

    /// The table's simulator, which plays every seat's turn as one player's.
    pub fn simulator(&self) -> &Simulator {
        &self.simulator
    }

    /// `options` for the table's simulator: the same run, walked as one player.
    pub fn walked(options: &SimOptions) -> SimOptions {
        SimOptions {
            players: 1,
            ..*options
        }
    }

    /// Plays `options.games` games (`options.players` is this table's K) and gives each seat
    /// its wins: seat (L - 1) mod K won a game of L turns.
    pub fn simulate(&self, options: &SimOptions, progress: &(dyn Fn(u64) + Sync)) -> SimResult {
        let mut r = run::simulate(&self.simulator, &Self::walked(options), progress);
        let k = self.players;
        r.wins = vec![0; k];
        for (turns, &games) in r.histogram.iter().enumerate().skip(1) {
            r.wins[(turns - 1) % k] += games;
        }
        r
    }
}

fn table<G: RaceGame, const K: usize>(game: &G, budget: &Budget) -> Result<Simulator, OverBudget> {
    let chain = Chain::build_within(&Product::<G, K>::new(game), budget)?;
    Simulator::within(&chain, budget)
}
