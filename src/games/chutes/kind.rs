//! Chutes and Ladders as a [`Game`]: its board-file word, its words for squares and spins, its
//! notes on squares, its chart marks, what `--without` removes and the rule hypotheses `check`
//! tries.

use crate::games::jumps;
use crate::games::ShippedBoard;
use crate::games::{values_of, Edit, Game, Track};
use crate::input::problems::InvalidBoard;

use super::{ChutesAndLadders, ChutesBoard, ChutesFile, ChutesRules, OnMaxRolls, Overshoot};

impl Game for ChutesAndLadders {
    const KIND: &'static str = "chutes-and-ladders";
    const ELEMENTS: &'static [(&'static str, &'static str)] = jumps::ELEMENTS;
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
        file.board.remove(element);
        Ok(())
    }

    fn element_removals(&self, base: &ChutesFile) -> Vec<Edit<ChutesFile>> {
        jumps::removals(base, |f| &mut f.board)
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

    fn rules(&self) -> &ChutesRules {
        &self.board().rules
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
        b.jumps().notes(i + 1, b.squares(), self.space_word())
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
        b.jumps().track(b.squares(), self.space_word())
    }
}
