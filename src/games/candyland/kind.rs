//! Candy Land as a [`Game`]: its board-file word, its words for spaces and draws, its notes on
//! spaces and its chart marks.

use crate::games::ShippedBoard;
use crate::games::{values_of, Edit, Game, Identity, Jumps, Rgb, Track};
use crate::input::problems::InvalidBoard;

use super::{
    Board, BoardFile, CandyLand, Card, Colour, DoubleLicorice, DoubleMove, DoubleShortcut,
    LandmarkDirection, LicoriceRule, Rules, Space, Start,
};

/// The colour a Candy Land space is drawn in.
fn colour_rgb(c: Colour) -> Rgb {
    match c {
        Colour::Red => (220, 40, 40),
        Colour::Purple => (140, 60, 170),
        Colour::Yellow => (235, 190, 0),
        Colour::Blue => (40, 90, 220),
        Colour::Orange => (245, 140, 20),
        Colour::Green => (40, 160, 60),
    }
}

const LANDMARK_PINK: Rgb = (236, 112, 180);
const GREY: Rgb = (120, 120, 120);

impl Game for CandyLand {
    const KIND: &'static str = "candyland";
    const ELEMENTS: &'static [(&'static str, &'static str)] = &[
        ("licorice", "Every licorice space becomes an ordinary space"),
        (
            "landmarks",
            "Landmark cards leave the deck and landmark spaces leave the board",
        ),
        ("shortcuts", "Every shortcut is removed"),
    ];
    const SHIPPED: &'static [ShippedBoard] = &[
        ShippedBoard {
            name: "candy-land-1984",
            text: include_str!("../../../data/boards/candy-land-1984.toml"),
        },
        ShippedBoard {
            name: "treats",
            text: include_str!("../../../data/boards/treats.toml"),
        },
        ShippedBoard {
            name: "clark-program",
            text: include_str!("../../../data/boards/clark-program.toml"),
        },
        ShippedBoard {
            name: "jones-program",
            text: include_str!("../../../data/boards/jones-program.toml"),
        },
    ];
    type File = BoardFile;
    type Rules = Rules;

    fn from_file(file: &BoardFile) -> Result<CandyLand, InvalidBoard> {
        Board::from_file(file).map(CandyLand::new)
    }

    fn rules_mut(file: &mut BoardFile) -> &mut Rules {
        &mut file.rules
    }

    fn remove_element(file: &mut BoardFile, element: &str) -> Result<(), InvalidBoard> {
        super::variant::remove_element(file, element)
    }

    fn element_removals(&self, file: &BoardFile) -> Vec<Edit<BoardFile>> {
        super::variant::element_removals(self.board(), file)
    }

    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
        let yes_no = || vec![toml::Value::Boolean(false), toml::Value::Boolean(true)];
        vec![
            ("licorice", values_of::<LicoriceRule>()),
            ("landmark-frees", yes_no()),
            ("doubles", values_of::<DoubleMove>()),
            ("double-shortcut", values_of::<DoubleShortcut>()),
            ("double-licorice", values_of::<DoubleLicorice>()),
            ("landmark-direction", values_of::<LandmarkDirection>()),
            ("start", values_of::<Start>()),
            ("land-on-last-wins", yes_no()),
        ]
    }

    fn identity(&self) -> &Identity {
        &self.board().identity
    }

    fn rules(&self) -> &Rules {
        &self.board().rules
    }

    fn space_count(&self) -> usize {
        self.board().len()
    }

    fn first_number(&self) -> usize {
        0
    }

    fn space_word(&self) -> &'static str {
        "space"
    }

    fn draws_word(&self) -> &'static str {
        "cards drawn"
    }

    fn size_text(&self) -> String {
        let s = self.size();
        format!("{} spaces, {} cards", s.spaces, s.cards.unwrap_or(0))
    }

    fn size(&self) -> crate::games::Size {
        let b = self.board();
        crate::games::Size {
            spaces: b.len(),
            cards: Some(b.deck().total()),
            ..Default::default()
        }
    }

    fn space_name(&self, i: usize) -> String {
        self.board().space_name(i).to_string()
    }

    fn space_notes(&self, i: usize) -> String {
        let b = self.board();
        let mut notes = Vec::new();
        if b.is_licorice(i) {
            notes.push("licorice".to_string());
        }
        if let Some(to) = b.shortcut(i) {
            notes.push(format!("shortcut to {to}"));
        }
        if let Space::Landmark(l) = b.spaces()[i] {
            let n = b
                .deck()
                .cards()
                .iter()
                .find(|(c, _)| *c == Card::Landmark(l))
                .map_or(0, |c| c.1);
            notes.push(format!(
                "landmark, {n} card{}",
                if n == 1 { "" } else { "s" }
            ));
        }
        if i + 1 == b.len() {
            notes.push("last space".to_string());
        }
        notes.join("; ")
    }

    fn draws_text(&self) -> (String, Vec<(u32, String)>) {
        let b = self.board();
        (
            format!("deck: {} cards", b.deck().total()),
            b.deck()
                .cards()
                .iter()
                .map(|&(c, n)| (n, b.card_name(c)))
                .collect(),
        )
    }

    fn track(&self) -> Track {
        let b = self.board();
        let mut kinds: Vec<(String, Rgb)> = Colour::ALL
            .iter()
            .map(|&c| (c.name().to_string(), colour_rgb(c)))
            .collect();
        kinds.push(("landmark".into(), LANDMARK_PINK));
        Track {
            first_number: 0,
            word: self.space_word().into(),
            axis: "space (0-based index)".into(),
            fills: (0..b.len())
                .map(|i| b.colour(i).map_or(Colour::ALL.len(), Colour::index))
                .collect(),
            kinds,
            traps: ("licorice".into(), b.licorice_spaces().collect()),
            named: (
                "landmark".into(),
                LANDMARK_PINK,
                b.landmarks()
                    .iter()
                    .map(|l| (l.space, l.name.clone()))
                    .collect(),
            ),
            jumps: vec![Jumps {
                name: "shortcut".into(),
                colour: GREY,
                moves: b.shortcuts().collect(),
            }],
        }
    }
}
