//! Per-space and event figures, by hand on tiny boards and by a second route on classic.

use approx::assert_relative_eq;

use candyland::chain::Chain;
use candyland::model::Game;
use candyland::race::RaceGame;
use candyland::solve::spaces::{occupancy, Spaces};

use crate::common::{game, tol};

/// The number of spaces of a board given as TOML.
fn len(toml: &str) -> usize {
    game(toml).space_count()
}

fn spaces(toml: &str) -> Spaces {
    let g = game(toml);
    let chain = Chain::build(&g);
    Spaces::of(&g, &chain, len(toml)).unwrap()
}

fn event(s: &Spaces, name: &str) -> f64 {
    s.events.iter().find(|e| e.event == name).unwrap().expected
}

#[test]
fn visits_and_remaining_turns_on_a_pure_colour_track() {
    // Spaces [red, blue], red and blue 1/2 each, start before space 0.
    // S -> 0 (1/2), S -> 1 (1/2); 0 -> 1 (1/2) or done; 1 -> done.
    // Landings: on 0, 1/2; on 1, 1/2 + 1/4 = 3/4; each space at most once, so P(land) equals
    // the landings. Remaining: E_0 = 3/2, E_1 = 1 (tiny_boards.rs).
    let s = spaces(
        "name = \"t\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n",
    );
    let f = &s.spaces;
    assert_relative_eq!(
        f[0].expected_landings,
        0.5,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        f[1].expected_landings,
        0.75,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(f[0].p_land, 0.5, max_relative = tol::SAME_QUANTITY);
    assert_relative_eq!(f[1].p_land, 0.75, max_relative = tol::SAME_QUANTITY);
    assert_relative_eq!(
        f[0].expected_remaining.unwrap(),
        1.5,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        f[1].expected_remaining.unwrap(),
        1.0,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(s.cards, 2.25, max_relative = tol::SAME_QUANTITY);
}

#[test]
fn licorice_figures_by_hand() {
    // Spaces [red, blue (licorice), red], red and blue 1/2 each, stuck-until-color.
    // Landings on 1: from S by blue (1/2), from 0 by blue (1/2 * 1/2): 3/4, at most once each
    // game, so P(land) = P(stuck) = 3/4. Once there only blue leaves (and finishes): 2 turns
    // begun there on average, one of them lost. So turns on 1 = 3/2, turns lost = 3/4.
    // Landings on 2: only 0 -> 2 by red: 1/4. E_1 = 2, E_2 = 1.
    // Events per game: licorice landings 3/4, turns lost 3/4, cards = E[T] = 13/4.
    let s = spaces(
        "name = \"t\"\n[board]\nspaces = [\"red\", \"blue\", \"red\"]\nlicorice = [1]\n[deck.single]\nred = 1\nblue = 1\n[rules]\nlicorice = \"stuck-until-color\"\n",
    );
    let f = &s.spaces;
    assert_relative_eq!(
        f[1].expected_landings,
        0.75,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(f[1].p_caught, 0.75, max_relative = tol::SAME_QUANTITY);
    assert_relative_eq!(
        f[1].expected_turns_on,
        1.5,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        f[1].expected_turns_lost,
        0.75,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        f[2].expected_landings,
        0.25,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        f[1].expected_remaining.unwrap(),
        2.0,
        max_relative = tol::SAME_QUANTITY
    );
    assert_eq!(f[0].p_caught, 0.0);
    assert_relative_eq!(
        event(&s, "licorice"),
        0.75,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        event(&s, "turn-lost"),
        0.75,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(s.cards, 3.25, max_relative = tol::SAME_QUANTITY);
}

#[test]
fn landing_twice_separates_landings_from_the_chance_of_landing() {
    // Spaces [red, Star, blue, red]; red, blue, Star 1/3 each (the backward-jump board of
    // tiny_boards.rs). Star can be landed on more than once, so E[landings] > P(land).
    let s = spaces(
        "name = \"t\"\n[board]\nspaces = [\"red\", \"Star\", \"blue\", \"red\"]\n[deck.single]\nred = 1\nblue = 1\n[deck.landmark]\nStar = 1\n",
    );
    let star = &s.spaces[1];
    assert!(star.expected_landings > star.p_land && star.p_land > 0.0 && star.p_land < 1.0);
    // Landings on Star = P(land) * (1 + expected further landings after one): with
    // h = P(landing again from Star), E[landings] = P(land) / (1 - h), h between 0 and 1.
    let h = 1.0 - star.p_land / star.expected_landings;
    assert!(h > 0.0 && h < 1.0);
    assert!(event(&s, "landmark-backward") > 0.0 && event(&s, "landmark-forward") > 0.0);
}

#[test]
fn occupancy_equals_the_summed_distribution_iteration() {
    // Second route: sum over n of pi_n (the state distribution after n turns).
    let g = game(crate::shipped_text("classic"));
    let chain = Chain::build(&g);
    let v = occupancy(&chain).unwrap();
    // Q^T as floats, built here from the counts (not the library's own product).
    let d = f64::from(chain.denominator());
    let qt = chain
        .counts()
        .map(|&c| f64::from(c) / d)
        .transpose_view()
        .to_csr();
    let mut pi = vec![0.0; chain.len()];
    pi[chain.start()] = 1.0;
    let mut total = pi.clone();
    for _ in 0..5000 {
        let mut next = vec![0.0; chain.len()];
        sprs::prod::mul_acc_mat_vec_csr(qt.view(), &pi[..], &mut next[..]);
        pi = next;
        total.iter_mut().zip(&pi).for_each(|(t, p)| *t += p);
    }
    assert!(pi.iter().sum::<f64>() < 1e-15);
    for (a, b) in v.iter().zip(&total) {
        assert_relative_eq!(a, b, max_relative = 1e-9, epsilon = 1e-15);
    }
    // And the occupancies sum to E[T].
    let e: f64 = v.iter().sum();
    let s = Spaces::of(&g, &chain, len(crate::shipped_text("classic"))).unwrap();
    assert_relative_eq!(e, s.cards, max_relative = 1e-12);
    assert!(g.position(chain.states()[chain.start()]).is_none());
}

#[test]
fn the_chance_of_landing_by_segments_equals_one_solve_per_space() {
    crate::each_game!(landing_by_segments_of);
}

/// Second route: P(ever land on x) as the absorption probability of the chain in which the
/// moves that land on x absorb, one solve per space (quadratic, fine on shipped boards), with
/// "land" written out again here from the game's positions and passed-through spaces. Chutes
/// and Ladders has backward moves (chutes) and roll-again passes, so the segment system with
/// k > 0 targets is exercised; Candy Land's landmark cards back and its backward shortcuts too.
fn landing_by_segments_of<G: Game>() {
    use candyland::chain::FINISH;
    use candyland::solve::spaces::hit_probability;
    for (name, _, g) in crate::common::shipped_of::<G>() {
        let chain = Chain::build(&g);
        let n = g.space_count();
        let figures = Spaces::of(&g, &chain, n).unwrap();
        let position = |t: u32| (t != FINISH).then(|| g.position(chain.states()[t as usize]))?;
        let lands = |s: usize, card: usize, x: usize| {
            let from = chain.states()[s];
            let ends = position(chain.next(s, card)) == Some(x) && g.position(from) != Some(x);
            let through =
                chain.draws(s) && g.passed_through(from, chain.cards()[card].0).contains(&x);
            ends || through
        };
        for f in &figures.spaces {
            let alone = hit_probability(&chain, |s, c| lands(s, c, f.space)).unwrap();
            assert_relative_eq!(f.p_land, alone, max_relative = 1e-12, epsilon = 1e-15);
            assert!(
                f.p_land <= f.expected_landings + 1e-12,
                "{name} space {}",
                f.space
            );
        }
    }
}
