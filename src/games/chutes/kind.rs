//! Chutes and Ladders as a [`Game`]: its board-file word, its words for squares and spins, its
//! notes on squares, its chart marks, what `--without` removes and the rule hypotheses `check`
//! tries.

use crate::model::shipped::ShippedBoard;
use crate::model::{values_of, Edit, Game, InvalidBoard, Jumps, Rgb, Track};

use super::{ChutesAndLadders, ChutesBoard, ChutesFile, ChutesRules, OnMaxRolls, Overshoot};

const GREY: Rgb = (120, 120, 120);
const LADDER_GREEN: Rgb = (40, 150, 60);
const CHUTE_RED: Rgb = (210, 50, 40);
const SQUARE_BLUE: Rgb = (90, 130, 200);

impl Game for ChutesAndLadders {
    const KIND: &'static str = "chutes-and-ladders";
    const ELEMENTS: &'static [(&'static str, &'static str)] = &[
        ("ladders", "Every ladder is removed (Chutes and Ladders)"),
        ("chutes", "Every chute is removed (Chutes and Ladders)"),
    ];
    const SHIPPED: &'static [ShippedBoard] = &[
        ShippedBoard {
            name: "chutes-and-ladders",
            text: include_str!("../../../data/boards/chutes-and-ladders.toml"),
        },
        ShippedBoard {
            name: "chutes-and-ladders-48",
            text: include_str!("../../../data/boards/chutes-and-ladders-48.toml"),
        },
    ];
    type File = ChutesFile;
    type Rules = ChutesRules;

    fn from_file(file: &ChutesFile) -> Result<ChutesAndLadders, InvalidBoard> {
        ChutesBoard::from_file(file).map(ChutesAndLadders::new)
    }

    fn rules_mut(file: &mut ChutesFile) -> &mut ChutesRules {
        &mut file.rules
    }

    fn remove_element(file: &mut ChutesFile, element: &str) -> Result<(), InvalidBoard> {
        match element {
            "ladders" => file.board.ladders.clear(),
            "chutes" => file.board.chutes.clear(),
            // Checked against ELEMENTS before any removal.
            _ => {}
        }
        Ok(())
    }

    fn element_removals(&self, base: &ChutesFile) -> Vec<Edit<ChutesFile>> {
        let mut out = Vec::new();
        for (i, j) in base.board.ladders.iter().enumerate() {
            let mut f = base.clone();
            f.board.ladders.remove(i);
            out.push((format!("without ladder {} -> {}", j.from, j.to), f));
        }
        for (i, j) in base.board.chutes.iter().enumerate() {
            let mut f = base.clone();
            f.board.chutes.remove(i);
            out.push((format!("without chute {} -> {}", j.from, j.to), f));
        }
        out
    }

    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
        let yes_no = || vec![toml::Value::Boolean(false), toml::Value::Boolean(true)];
        let faces = |f: &[i64]| toml::Value::Array(f.iter().map(|&x| x.into()).collect());
        vec![
            ("overshoot", values_of::<Overshoot>()),
            ("jump-costs-turn", yes_no()),
            ("roll-again", vec![faces(&[]), faces(&[6])]),
            ("max-rolls", vec![2.into(), 3.into()]),
            ("on-max-rolls", values_of::<OnMaxRolls>()),
            ("chain-jumps", yes_no()),
        ]
    }

    fn name(&self) -> &str {
        &self.board().name
    }

    fn description(&self) -> &str {
        &self.board().description
    }

    fn source(&self) -> &str {
        &self.board().source
    }

    fn rules_text(&self) -> String {
        self.board().rules.to_string()
    }

    fn space_count(&self) -> usize {
        self.board().squares()
    }

    fn first_number(&self) -> usize {
        1
    }

    fn space_word(&self) -> &'static str {
        "square"
    }

    fn draws_word(&self) -> &'static str {
        "spins"
    }

    fn size_text(&self) -> String {
        let b = self.board();
        format!(
            "{} squares, {} ladders, {} chutes",
            b.squares(),
            b.ladders().len(),
            b.chutes().len()
        )
    }

    fn space_name(&self, i: usize) -> String {
        format!("square {}", i + 1)
    }

    fn space_notes(&self, i: usize) -> String {
        let b = self.board();
        let mut notes = Vec::new();
        let square = i + 1;
        if let Some(to) = b.jump(square) {
            let kind = if to > square { "ladder" } else { "chute" };
            notes.push(format!("{kind} to {to}"));
            if b.jumps().costs_turn(square) {
                notes.push("costs a turn".to_string());
            }
        }
        if square == b.squares() {
            notes.push("last square: wins".to_string());
        }
        notes.join("; ")
    }

    fn draws_text(&self) -> (String, Vec<(u32, String)>) {
        let b = self.board();
        let total: u32 = b.faces().iter().map(|f| f.1).sum();
        (
            format!("spinner: {} faces, total weight {total}", b.faces().len()),
            b.faces()
                .iter()
                .map(|&(v, w)| (w, format!("move {v}")))
                .collect(),
        )
    }

    fn track(&self) -> Track {
        let b = self.board();
        let index = |(from, to): (usize, usize)| (from - 1, to - 1);
        Track {
            first_number: 1,
            word: self.space_word().into(),
            axis: "square".into(),
            kinds: vec![
                ("square".into(), SQUARE_BLUE),
                ("ladder foot".into(), LADDER_GREEN),
                ("chute top".into(), CHUTE_RED),
            ],
            fills: (1..=b.squares())
                .map(|s| match b.jump(s) {
                    None => 0,
                    Some(t) if t > s => 1,
                    Some(_) => 2,
                })
                .collect(),
            traps: (String::new(), Vec::new()),
            named: (String::new(), GREY, Vec::new()),
            jumps: vec![
                Jumps {
                    name: "ladder".into(),
                    colour: LADDER_GREEN,
                    moves: b.ladders().iter().copied().map(index).collect(),
                },
                Jumps {
                    name: "chute".into(),
                    colour: CHUTE_RED,
                    moves: b.chutes().iter().copied().map(index).collect(),
                },
            ],
        }
    }
}
