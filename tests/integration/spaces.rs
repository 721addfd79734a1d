//! Per-space and event figures, by hand on tiny boards and by a second route on classic.

use approx::assert_relative_eq;

use candyland::internals::chain::Chain;
use candyland::internals::games::race::RaceGame;
use candyland::internals::games::Game;
use candyland::internals::solve::spaces::{occupancy, Spaces};

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
    let g = game(crate::shipped_text("clark-program"));
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
    let s = Spaces::of(&g, &chain, len(crate::shipped_text("clark-program"))).unwrap();
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
    use candyland::internals::chain::FINISH;
    use candyland::internals::solve::spaces::hit_probability;
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
        // The finish is landed on once by every game, by definition: no move rests there.
        for f in figures.spaces.iter().filter(|f| !f.finish) {
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

/// The sum over every row of the expected landings, the finish's included.
fn total_landings(s: &Spaces) -> f64 {
    s.spaces.iter().map(|f| f.expected_landings).sum()
}

fn spaces_of<G: Game>(g: &G) -> Spaces {
    Spaces::of(g, &Chain::build(g), g.space_count()).unwrap()
}

#[test]
fn the_finish_is_landed_on_once_by_every_game() {
    // Candy Land, spaces [red, blue], red and blue 1/2 each, start before space 0 (the board
    // of the test above): the finish lies past the last space, so it gets one row more, index
    // 2. Landings: 1/2 on 0, 3/4 on 1, 1 on the finish; their sum 9/4 is the number of moves,
    // E[T] = 9/4 (every card moves the token: no lost turn, no jump).
    let s = spaces(
        "name = \"t\"\n[board]\nspaces = [\"red\", \"blue\"]\n[deck.single]\nred = 1\nblue = 1\n",
    );
    assert_eq!(s.spaces.len(), 3);
    let finish = &s.spaces[2];
    assert!(finish.finish && !s.spaces[0].finish && !s.spaces[1].finish);
    assert_eq!(
        (
            finish.expected_landings,
            finish.p_land,
            finish.expected_turns_on
        ),
        (1.0, 1.0, 0.0)
    );
    assert_eq!(finish.expected_remaining, Some(0.0));
    assert_relative_eq!(total_landings(&s), 2.25, max_relative = tol::SAME_QUANTITY);

    // A race of 3 squares, faces +1 and +2 (1/2 each), passing the last square wins. The
    // finish is square 3 (index 2), a row of the track. From 0: +1 -> 1, +2 -> 2; from 1:
    // +1 -> 2, +2 -> 3; from 2 every face finishes. E_2 = 1, E_1 = 1 + E_2/2 = 3/2,
    // E_0 = 1 + (E_1 + E_2)/2 = 9/4. Landings: square 1, 1/2; square 2, 1/2 + 1/4 = 3/4;
    // square 3, 1. Sum 9/4 = E[T]: one landing per turn.
    let race: candyland::internals::games::RaceTrack = crate::common::board(
        "game = \"race\"\nname = \"r\"\n[board]\nsquares = 3\n[spinner]\nfaces = [1, 2]\n[rules]\novershoot = \"win\"\n",
        &candyland::internals::games::Variant::default(),
    );
    let s = spaces_of(&race);
    assert_eq!(s.spaces.len(), 3);
    assert!(s.spaces[2].finish && s.spaces[2].expected_landings == 1.0);
    assert_relative_eq!(
        s.spaces[0].expected_landings,
        0.5,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(
        s.spaces[1].expected_landings,
        0.75,
        max_relative = tol::SAME_QUANTITY
    );
    assert_relative_eq!(total_landings(&s), 2.25, max_relative = tol::SAME_QUANTITY);
    assert_relative_eq!(
        crate::common::mean_turns(&race),
        2.25,
        max_relative = tol::SAME_QUANTITY
    );
}

#[test]
fn the_landings_add_up_to_the_moves_that_end_on_a_space() {
    // Sum over the spaces of the expected landings = E[moves that end on a space], the move
    // that finishes included, plus the jumps taken (a jump's start is landed on). Counted
    // independently: where every turn moves the token to a space or the finish, that is E[T]
    // (plus the shortcuts taken, on a Candy Land board that has them); on Chutes and Ladders,
    // a turn that overshoots does not move, and a ladder or chute lands twice (its foot and
    // its end), so it is E[T] - E[overshoots] + E[ladders] + E[chutes] (event counts, solved
    // separately).
    use candyland::internals::games::Variant;
    let plain = Variant::default()
        .without("licorice")
        .without("landmarks")
        .without("shortcuts");
    let classic = crate::common::game_with(crate::shipped_text("clark-program"), &plain);
    let s = spaces_of(&classic);
    assert_relative_eq!(
        total_landings(&s),
        crate::common::mean_turns(&classic),
        max_relative = 1e-10
    );
    // With its shortcuts, a move that takes one lands on its start too: E[T] + E[shortcuts]
    // (no move on this board takes two: a double's second step never reaches the other start).
    let jumps = Variant::default().without("licorice").without("landmarks");
    let classic = crate::common::game_with(crate::shipped_text("clark-program"), &jumps);
    let s = spaces_of(&classic);
    assert_relative_eq!(
        total_landings(&s),
        crate::common::mean_turns(&classic) + event(&s, "shortcut"),
        max_relative = 1e-10
    );

    let race: candyland::internals::games::RaceTrack = crate::common::board(
        "game = \"race\"\nname = \"r\"\n[board]\nsquares = 30\n[spinner]\nfaces = [1, 2, 3, 4, 5, 6]\n[rules]\novershoot = \"win\"\n",
        &Variant::default(),
    );
    assert_relative_eq!(
        total_landings(&spaces_of(&race)),
        crate::common::mean_turns(&race),
        max_relative = 1e-10
    );

    for (name, _, chutes) in
        crate::common::shipped_of::<candyland::internals::games::ChutesAndLadders>()
    {
        let s = spaces_of(&chutes);
        let moves = crate::common::mean_turns(&chutes) - event(&s, "overshoot")
            + event(&s, "ladder")
            + event(&s, "chute");
        assert_relative_eq!(total_landings(&s), moves, max_relative = 1e-10);
        assert_eq!(s.spaces.iter().filter(|f| f.finish).count(), 1, "{name}");
        assert!(s.spaces[99].finish, "{name}");
    }
}

#[test]
fn the_spaces_table_speaks_the_games_words() {
    // Each game's word for a position and for its draws; the trap and lost-turn columns, and
    // the jumps in the legend, only where the game has them.
    let text = |board: &str| {
        let (code, out, err) = crate::common::run(&["spaces", board]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let cherry = text("hi-ho-cherry-o");
    assert!(
        cherry.contains("per cherry") && cherry.contains("\n  cherry  name"),
        "{cherry}"
    );
    assert!(cherry.contains("\n  spins ") && cherry.contains("every game ends here"));
    for absent in [
        "space", "card", "draws", "P(stuck)", "lost", "trap", "jump", "free",
    ] {
        assert!(!cherry.contains(absent), "{absent:?} in\n{cherry}");
    }
    let chutes = text("chutes-and-ladders");
    assert!(chutes.contains("\n   square  name") || chutes.contains("\n  square  name"));
    assert!(chutes.contains("take a ladder or chute from it") && chutes.contains("\n  spins "));
    for absent in ["card", "P(stuck)", "licorice", "draws"] {
        assert!(!chutes.contains(absent), "{absent:?} in\n{chutes}");
    }
    let classic = text("clark-program");
    assert!(classic.contains("P(stuck)") && classic.contains("caught by licorice"));
    assert!(classic.contains("\n  cards drawn ") && classic.contains("134  finish"));
}
