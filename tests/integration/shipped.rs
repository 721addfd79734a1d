//! The shipped boards: they load, match their sources space for space, and solve.

use candyland::internals::games::candyland::{Board, Card, Colour, LicoriceRule};
use candyland::internals::games::load::load;
use candyland::internals::games::CandyLand;
use candyland::internals::games::{shipped, Variant};

use crate::common::analysis;

fn board(name: &str) -> Board {
    load::<CandyLand>(Some(name), &Variant::default())
        .expect("shipped board loads")
        .board()
        .clone()
}

/// The board as Chris Clark's "Adventures in Candy Land" (2021) prints it (`print([spc_fmt(i, s) ...])`), with the
/// "Licorice: " and "Shortcut to N: " prefixes stripped.
const CLARK_PRINTED: &str = "R P Y B O G R P Plumpy Y B O G R P Y B Mr.Mint O G R P Y B O G R P Y B O G R P Y B O G R P Y B Jolly O G R P Y B O G R P Y B O G R P Y B O G R P Y B O G R P Y B O GrammaNut G R P Y B O G R P Y B O G R P Y B O G PrincessLolly R P Y B O G R P QueenFrostine Y B O G R P Y B O G R P Y B O G R P Y B O G R P Y B O G R P";

fn letter(c: Colour) -> &'static str {
    match c {
        Colour::Red => "R",
        Colour::Purple => "P",
        Colour::Yellow => "Y",
        Colour::Blue => "B",
        Colour::Orange => "O",
        Colour::Green => "G",
    }
}

#[test]
fn clark_program_matches_the_board_clark_prints() {
    let b = board("clark-program");
    let ours: Vec<String> = (0..b.len())
        .map(|i| match b.colour(i) {
            Some(c) => letter(c).to_string(),
            None => b.space_name(i).replace(' ', ""),
        })
        .collect();
    let printed: Vec<&str> = CLARK_PRINTED.split(' ').collect();
    assert_eq!(ours, printed);
    // The printout marks these: "Licorice: Y" at 47, "Licorice: B" at 85, "Licorice: R" at 120,
    // "Shortcut to 58: O" at 4, "Shortcut to 46: P" at 33.
    assert_eq!(b.licorice_spaces().collect::<Vec<_>>(), [47, 85, 120]);
    assert_eq!(b.shortcuts().collect::<Vec<_>>(), [(4, 58), (33, 46)]);
    // create_cards: 6 specials + 6 colours * 8 + 6 doubles * 2 = 66.
    assert_eq!(b.deck().total(), 66);
    assert_eq!(b.rules.licorice, LicoriceRule::StuckUntilColor);
}

#[test]
fn treats_matches_the_csharp_board_constructor() {
    for name in ["treats", "jones-program"] {
        let b = board(name);
        assert_eq!(b.len(), 134, "21 * 6 colours + 8 inserted landmarks");
        // Licorice "replaces" 44 and 75 with green spaces: the pattern already has green there.
        assert_eq!(b.licorice_spaces().collect::<Vec<_>>(), [44, 75]);
        assert_eq!(b.colour(44), Some(Colour::Green));
        assert_eq!(b.colour(75), Some(Colour::Green));
        // Shortcuts replace 3 with a blue and 28 with a yellow space.
        assert_eq!(b.shortcuts().collect::<Vec<_>>(), [(3, 59), (28, 40)]);
        assert_eq!(b.colour(3), Some(Colour::Blue));
        assert_eq!(b.colour(28), Some(Colour::Yellow));
        assert_eq!(b.space_name(132), "Rainbow");
        assert_eq!(b.colour(133), Some(Colour::Green));
        assert_eq!(
            b.deck().total(),
            64,
            "both of the write-up's decks have 64 cards"
        );
        assert!(b.rules.land_on_last_wins, "CurrentLocation == 133 wins");
    }
}

fn count(b: &Board, card: Card) -> u32 {
    b.deck()
        .cards()
        .iter()
        .find(|(c, _)| *c == card)
        .map_or(0, |c| c.1)
}

fn landmark(b: &Board, name: &str) -> Card {
    let id = b.landmarks().iter().position(|l| l.name == name).unwrap();
    Card::Landmark(id as u32)
}

#[test]
fn the_two_treats_decks_differ_where_the_write_up_contradicts_itself() {
    let table = board("treats");
    let coded = board("jones-program");
    // Counted table: purple 5, yellow 6 singles; CreateDeck: purple 6, yellow 5.
    assert_eq!(count(&table, Card::Single(Colour::Purple)), 5);
    assert_eq!(count(&table, Card::Single(Colour::Yellow)), 6);
    assert_eq!(count(&coded, Card::Single(Colour::Purple)), 6);
    assert_eq!(count(&coded, Card::Single(Colour::Yellow)), 5);
    // Table: Ice Pop twice, no Cupcake; CreateDeck: one of each.
    assert_eq!(count(&table, landmark(&table, "Ice Pop")), 2);
    assert_eq!(count(&table, landmark(&table, "Cupcake")), 0);
    assert_eq!(count(&coded, landmark(&coded, "Ice Pop")), 1);
    assert_eq!(count(&coded, landmark(&coded, "Cupcake")), 1);
    // Doubles agree: red, orange, yellow, purple 4; green, blue 3.
    for b in [&table, &coded] {
        assert_eq!(count(b, Card::Double(Colour::Green)), 3);
        assert_eq!(count(b, Card::Double(Colour::Red)), 4);
    }
}

#[test]
fn every_shipped_board_loads_and_solves() {
    for s in shipped::SHIPPED.iter() {
        let a = analysis(s.text);
        assert_eq!(a.board, s.name, "a shipped board's name is its file name");
        assert!(!a.source.is_empty() && !a.description.is_empty());
        assert!(a.expected_turns.is_finite() && a.expected_turns > 1.0);
        assert!(a.unfinished_mass < 1e-12);
    }
}

#[test]
fn the_data_directory_holds_exactly_the_embedded_boards() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "toml").then(|| p.file_stem().unwrap().to_string_lossy().into())
        })
        .collect();
    on_disk.sort();
    let all = || {
        shipped::SHIPPED
            .iter()
            .chain(candyland::internals::games::hare::SHIPPED)
            .chain(candyland::internals::games::pig::SHIPPED)
            .chain(candyland::internals::games::monopoly::SHIPPED)
    };
    let mut embedded: Vec<String> = all().map(|b| b.name.into()).collect();
    embedded.sort();
    assert_eq!(on_disk, embedded);
    for b in all() {
        let text = std::fs::read_to_string(dir.join(format!("{}.toml", b.name))).unwrap();
        assert_eq!(text, b.text);
    }
}

#[test]
fn without_landmarks_refills_a_compact_board_from_its_pattern() {
    // Clark's (2021) "No Specials" board: his board built without characters, i.e. 134
    // pattern spaces with licorice and shortcuts at the same indices, and no special cards.
    let variant = Variant::default().without("landmarks");
    let g: CandyLand = load(Some("clark-program"), &variant).unwrap();
    let b = g.board();
    assert_eq!(b.len(), 134);
    assert!(b.landmarks().is_empty());
    assert_eq!(b.deck().total(), 60);
    for i in 0..134 {
        assert_eq!(b.colour(i), Some(Colour::ALL[i % 6]));
    }
    assert_eq!(b.licorice_spaces().collect::<Vec<_>>(), [47, 85, 120]);
}
