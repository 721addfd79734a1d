//! Boards small enough to solve by hand. Each test derives the expected values in its comment
//! (E_x = expected turns to finish from x, "S" = before the first space) and checks the exact
//! fraction, the float and, where derived, the distribution.

use approx::assert_relative_eq;

use crate::common::{analysis, game_with, solve, tol};
use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::Variant;
use candyland::internals::solve::{Analysis, Options};

/// Checks the exact expected length and that the float agrees with it.
fn assert_expected(a: &Analysis, fraction: &str) {
    assert_eq!(crate::common::exact_text(a), fraction);
    let (n, d) = fraction.split_once('/').unwrap();
    let value = n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap();
    assert_relative_eq!(a.expected_turns, value, max_relative = tol::SAME_QUANTITY);
}

/// Spaces [red, blue]; one red and one blue card (1/2 each).
/// From 1 (blue): red and blue both have no space ahead: finish. E_1 = 1.
/// From 0 (red): red finishes, blue -> 1. E_0 = 1 + E_1/2 = 3/2.
/// From S: red -> 0, blue -> 1. E_S = 1 + E_0/2 + E_1/2 = 9/4.
/// Distribution: T = 2 via S->1->done (1/2) or S->0->done (1/4); T = 3 via S->0->1->done (1/4).
/// E[T^2] = 4 * 3/4 + 9 * 1/4 = 21/4, Var = 21/4 - 81/16 = 3/16.
const TWO_COLOURS: &str = r#"
name = "two colours"
[board]
spaces = ["red", "blue"]
[deck.single]
red = 1
blue = 1
"#;

#[test]
fn pure_colour_track_matches_the_hand_derivation() {
    let a = analysis(TWO_COLOURS);
    assert_expected(&a, "9/4");
    assert_relative_eq!(a.variance, 3.0 / 16.0, max_relative = tol::SAME_QUANTITY);
    assert_eq!(a.pmf.len(), 4, "T <= 3, so the pmf stops at turn 3");
    assert_relative_eq!(a.pmf[1], 0.0);
    assert_relative_eq!(a.pmf[2], 0.75, max_relative = tol::SAME_QUANTITY);
    assert_relative_eq!(a.pmf[3], 0.25, max_relative = tol::SAME_QUANTITY);
    assert_eq!((a.shortest_game.turns, a.median, a.mode), (2, 2, 2));
    // No lost turns: every turn draws a card.
    assert_relative_eq!(a.draws.mean, 2.25, max_relative = tol::SAME_QUANTITY);
}

#[test]
fn starting_on_the_first_space_skips_the_first_move() {
    // Start on space 0 of TWO_COLOURS: E_0 = 3/2 from the derivation above.
    let toml = format!("{TWO_COLOURS}\n[rules]\nstart = \"first-space\"\n");
    assert_expected(&analysis(&toml), "3/2");
}

#[test]
fn a_one_colour_track_is_deterministic() {
    // Spaces [red, red, red], only red cards: S -> 0 -> 1 -> 2 -> done: exactly 4 turns.
    // With land-on-last-wins the third card (landing on 2) already wins: 3 turns.
    let base =
        "name = \"reds\"\n[board]\nspaces = [\"red\", \"red\", \"red\"]\n[deck.single]\nred = 5\n";
    let a = analysis(base);
    assert_expected(&a, "4/1");
    assert_relative_eq!(a.variance, 0.0, epsilon = tol::SAME_QUANTITY);
    assert_relative_eq!(a.pmf[4], 1.0, max_relative = tol::SAME_QUANTITY);
    let won = analysis(&format!("{base}[rules]\nland-on-last-wins = true\n"));
    assert_expected(&won, "3/1");
}

/// Spaces [red, blue (licorice), red]; one red, one blue card.
const LICORICE: &str = r#"
name = "licorice"
[board]
spaces = ["red", "blue", "red"]
licorice = [1]
[deck.single]
red = 1
blue = 1
"#;

#[test]
fn licorice_under_each_rule_matches_the_hand_derivation() {
    let with = |rule: &str| analysis(&format!("{LICORICE}[rules]\nlicorice = \"{rule}\"\n"));

    // none: E_2 = 1 (both colours finish). E_1 = 1 + E_2/2 (red -> 2, blue finishes) = 3/2.
    // E_0 = 1 + E_2/2 + E_1/2 (red -> 2, blue -> 1) = 9/4.
    // E_S = 1 + E_0/2 + E_1/2 = 1 + 9/8 + 3/4 = 23/8.
    let none = with("none");
    assert_expected(&none, "23/8");

    // lose-next-turn: landing on 1 costs one extra turn with no card: E_1' = 1 + E_1 = 5/2.
    // E_0 = 1 + E_2/2 + E_1'/2 = 11/4; E_S = 1 + E_0/2 + E_1'/2 = 1 + 11/8 + 5/4 = 29/8.
    // Cards: the same card sequence as under `none`, so E[cards] = 23/8.
    let skip = with("lose-next-turn");
    assert_expected(&skip, "29/8");
    assert_relative_eq!(
        skip.draws.mean,
        23.0 / 8.0,
        max_relative = tol::SAME_QUANTITY
    );

    // stuck-until-color: on 1 only blue leaves (and, with no blue ahead, finishes), red stays:
    // E_1 = 2 (geometric, p = 1/2). E_0 = 1 + E_2/2 + E_1/2 = 5/2.
    // E_S = 1 + E_0/2 + E_1/2 = 1 + 5/4 + 1 = 13/4.
    let stuck = with("stuck-until-color");
    assert_expected(&stuck, "13/4");
    assert_relative_eq!(stuck.draws.mean, 3.25, max_relative = tol::SAME_QUANTITY);
}

#[test]
fn a_landmark_card_frees_from_licorice_only_when_the_rule_says_so() {
    // Spaces [red, blue (licorice), Star]; cards red, blue, Star (1/3 each);
    // stuck-until-color.
    // E_2 (Star): red, blue finish; Star -> itself (a stay). E_2 = 1 + E_2/3 -> E_2 = 3/2.
    // Not freed by Star: on 1, blue finishes, red and Star stay: E_1 = 3.
    //   E_0 = 1 + E_1/3 + E_2/3 (red finishes, blue -> 1, Star -> 2) = 1 + 1 + 1/2 = 5/2.
    //   E_S = 1 + E_0/3 + E_1/3 + E_2/3 = 1 + 5/6 + 1 + 1/2 = 10/3.
    // Freed by Star: on 1, blue finishes, Star -> 2, red stays:
    //   E_1 = 1 + E_1/3 + E_2/3 -> (2/3) E_1 = 3/2 -> E_1 = 9/4.
    //   E_0 = 1 + E_1/3 + E_2/3 = 1 + 3/4 + 1/2 = 9/4.
    //   E_S = 1 + (9/4 + 9/4 + 3/2)/3 = 3.
    let base = r#"
name = "freed"
[board]
spaces = ["red", "blue", "Star"]
licorice = [1]
[deck.single]
red = 1
blue = 1
[deck.landmark]
Star = 1
[rules]
licorice = "stuck-until-color"
"#;
    assert_expected(&analysis(base), "10/3");
    assert_expected(&analysis(&format!("{base}landmark-frees = true\n")), "3/1");
}

/// Spaces [red, blue, red, blue, red], shortcut 1 -> 3; one red, one blue card.
const SHORTCUT: &str = r#"
name = "shortcut"
[board]
spaces = ["red", "blue", "red", "blue", "red"]
shortcuts = [{ from = 1, to = 3 }]
[deck.single]
red = 1
blue = 1
"#;

#[test]
fn a_shortcut_matches_the_hand_derivation() {
    // E_4 = 1. E_3 = 1 + E_4/2 = 3/2 (red -> 4, blue finishes).
    // E_2 = 1 + E_4/2 + E_3/2 = 9/4. Landing on 1 means standing on 3.
    // E_0 = 1 + E_2/2 + E_3/2 = 23/8 (red -> 2, blue -> 1 -> 3).
    // E_S = 1 + E_0/2 + E_3/2 = 1 + 23/16 + 3/4 = 51/16.
    let (_, chain, a) = solve(SHORTCUT);
    assert_expected(&a, "51/16");
    // Nobody ever stands on 1: states are S, 0, 2, 3, 4.
    assert_eq!(chain.len(), 5);

    // Without it: E_1 = 1 + E_2/2 + E_3/2 = 23/8, E_0 = 1 + E_2/2 + E_1/2 = 57/16,
    // E_S = 1 + E_0/2 + E_1/2 = 1 + 57/32 + 46/32 = 135/32.
    let toml = SHORTCUT.replace("shortcuts = [{ from = 1, to = 3 }]", "");
    assert_expected(&analysis(&toml), "135/32");
}

/// Spaces [red, Star, blue, red]; cards red, blue, Star (1/3 each).
const LANDMARK: &str = r#"
name = "landmark"
[board]
spaces = ["red", "Star", "blue", "red"]
[deck.single]
red = 1
blue = 1
[deck.landmark]
Star = 1
"#;

#[test]
fn a_backward_landmark_jump_matches_the_hand_derivation() {
    // With a = E_1 (the Star space):
    // E_3 = 1 + a/3 (red, blue finish; Star -> 1).
    // E_2 = 1 + E_3/3 + a/3 (red -> 3, blue finishes) = 4/3 + 4a/9.
    // a = 1 + E_3/3 + E_2/3 + a/3 (red -> 3, blue -> 2, Star stays) = 16/9 + 16a/27,
    // so a = 48/11, E_3 = 27/11, E_2 = 36/11,
    // E_0 = 1 + (E_3 + E_2 + a)/3 = 48/11, E_S = 1 + (E_0 + E_2 + a)/3 = 5.
    let a = analysis(LANDMARK);
    assert_expected(&a, "5/1");
    // The shortest game: Star? No: red -> 0, red -> 3, red -> done is 3 turns; blue -> 2 and
    // blue -> done is 2.
    assert_eq!(a.shortest_game.turns, 2);
}

#[test]
fn forward_only_landmarks_ignore_cards_behind_the_token() {
    // Same board, landmark-direction = forward-only: behind-you Star cards are lost turns.
    // E_3 = 1 + E_3/3 -> 3/2. E_2 = 1 + E_3/3 + E_2/3 -> 9/4.
    // E_1 = 1 + E_3/3 + E_2/3 + E_1/3 -> 27/8. E_0 = 1 + (E_3 + E_2 + E_1)/3 = 27/8.
    // E_S = 1 + (E_0 + E_2 + E_1)/3 = 1 + (27 + 18 + 27)/24 = 4.
    let a = analysis(&format!(
        "{LANDMARK}[rules]\nlandmark-direction = \"forward-only\"\n"
    ));
    assert_expected(&a, "4/1");
}

/// Spaces [red, blue, red, blue]; one double red and one single blue card.
const DOUBLES: &str = r#"
name = "doubles"
[board]
spaces = ["red", "blue", "red", "blue"]
[deck.single]
blue = 1
[deck.double]
red = 1
"#;

#[test]
fn doubles_move_two_steps_or_one_as_the_rule_says() {
    // two-steps: E_3 = 1. E_2 = 1 + E_3/2 (RR finishes, blue -> 3) = 3/2.
    // E_1 = 1 + E_3/2 (RR: 2 then no red -> finishes; blue -> 3) = 3/2.
    // E_S = 1 + E_2/2 + E_1/2 (RR -> 0 -> 2, blue -> 1) = 5/2.
    assert_expected(&analysis(DOUBLES), "5/2");
    // one-step: E_3 = 1, E_2 = 3/2, E_1 = 1 + (E_2 + E_3)/2 = 9/4,
    // E_0 = 1 + (E_2 + E_1)/2 = 23/8, E_S = 1 + (E_0 + E_1)/2 = 1 + 23/16 + 18/16 = 57/16.
    let one = format!("{DOUBLES}[rules]\ndoubles = \"one-step\"\n");
    assert_expected(&analysis(&one), "57/16");
}

#[test]
fn a_shortcut_on_a_doubles_first_step_follows_the_rule() {
    // Spaces r b r b r b r (0..6), shortcut 0 -> 3, only double red cards: deterministic.
    // each-step: S -RR-> 0 -> (shortcut) 3 -> 4; 4 -RR-> 6 -> none: finish. T = 2.
    // final-step: S -RR-> 0 -> 2; 2 -RR-> 4 -> 6; 6 -RR-> none: finish. T = 3.
    let base = r#"
name = "double shortcut"
[board]
spaces = ["red", "blue", "red", "blue", "red", "blue", "red"]
shortcuts = [{ from = 0, to = 3 }]
[deck.double]
red = 1
"#;
    let rule = |r: &str| analysis(&format!("{base}[rules]\ndouble-shortcut = \"{r}\"\n"));
    assert_expected(&rule("each-step"), "2/1");
    assert_expected(&rule("final-step"), "3/1");
    assert_expected(&rule("never"), "3/1");
}

#[test]
fn licorice_on_a_doubles_first_step_follows_the_rule() {
    // Spaces r b r b r (0..4), licorice on 0, lose-next-turn, only double red cards.
    // stops-move: S -RR-> 0, caught: turn 2 is lost; 0 -RR-> 2 -> 4; 4 -RR-> finish. T = 4,
    //   with 3 cards drawn.
    // final-step: S -RR-> 0 -> 2 (licorice passed over); 2 -RR-> 4 -> none: finish. T = 2.
    let base = r#"
name = "double licorice"
[board]
spaces = ["red", "blue", "red", "blue", "red"]
licorice = [0]
[deck.double]
red = 1
"#;
    let rule = |r: &str| analysis(&format!("{base}[rules]\ndouble-licorice = \"{r}\"\n"));
    let stops = rule("stops-move");
    assert_expected(&stops, "4/1");
    assert_relative_eq!(stops.draws.mean, 3.0, max_relative = tol::SAME_QUANTITY);
    assert_eq!(
        stops.shortest_game.draws,
        ["double red", "(lost turn)", "double red", "double red"]
    );
    assert_expected(&rule("final-step"), "2/1");
}

#[test]
fn removing_elements_by_flag_equals_editing_the_file() {
    // --without shortcuts on SHORTCUT gives the hand-derived 135/32 of the test above.
    let variant = Variant::default().without("shortcuts");
    let g = game_with(SHORTCUT, &variant);
    let chain = Chain::build(&g);
    let a = Analysis::of(&g, &chain, About::default(), &Options::default()).unwrap();
    assert_expected(&a, "135/32");
}
