//! A race as a [`Game`]: its board-file word, its own words for squares and spins (from the
//! board's `[words]`), its notes on squares, its chart marks, what `--without` removes and the
//! rules `check` varies.

use crate::model::shipped::ShippedBoard;
use crate::model::{values_of, Edit, Game, InvalidBoard, Jumps, Rgb, Track};

use super::{Face, RaceBoard, RaceFile, RaceRules, RaceTrack};
use crate::games::spinner::Overshoot;

const GREY: Rgb = (120, 120, 120);
const LADDER_GREEN: Rgb = (40, 150, 60);
const CHUTE_RED: Rgb = (210, 50, 40);
const SQUARE_BLUE: Rgb = (90, 130, 200);

impl Game for RaceTrack {
    const KIND: &'static str = "race";
    const ELEMENTS: &'static [(&'static str, &'static str)] = &[
        (
            "ladders",
            "Every ladder is removed (Chutes and Ladders, race)",
        ),
        (
            "chutes",
            "Every chute is removed (Chutes and Ladders, race)",
        ),
    ];
    const SHIPPED: &'static [ShippedBoard] = &[ShippedBoard {
        name: "hi-ho-cherry-o",
        text: include_str!("../../../data/boards/hi-ho-cherry-o.toml"),
    }];
    type File = RaceFile;
    type Rules = RaceRules;

    fn from_file(file: &RaceFile) -> Result<RaceTrack, InvalidBoard> {
        RaceBoard::from_file(file).map(RaceTrack::new)
    }

    fn rules_mut(file: &mut RaceFile) -> &mut RaceRules {
        &mut file.rules
    }

    fn remove_element(file: &mut RaceFile, element: &str) -> Result<(), InvalidBoard> {
        match element {
            "ladders" => file.board.ladders.clear(),
            "chutes" => file.board.chutes.clear(),
            // Checked against ELEMENTS before any removal.
            _ => {}
        }
        Ok(())
    }

    fn element_removals(&self, base: &RaceFile) -> Vec<Edit<RaceFile>> {
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
        vec![
            ("overshoot", values_of::<Overshoot>()),
            ("jump-costs-turn", yes_no()),
            ("back-by", vec![0.into(), 1.into(), 2.into()]),
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

    fn space_word(&self) -> &str {
        &self.board().words.square
    }

    fn draws_word(&self) -> &str {
        &self.board().words.draws
    }

    fn size_text(&self) -> String {
        let b = self.board();
        format!(
            "{} {}, {} ladders, {} chutes, {} faces",
            b.squares(),
            self.space_plural(),
            b.jumps().ladders.len(),
            b.jumps().chutes.len(),
            b.faces().len()
        )
    }

    fn space_name(&self, i: usize) -> String {
        self.board().position_name(i + 1)
    }

    fn space_notes(&self, i: usize) -> String {
        let b = self.board();
        let mut notes = Vec::new();
        let square = i + 1;
        if let Some(to) = b.jumps().jump(square) {
            let kind = if to > square { "ladder" } else { "chute" };
            notes.push(format!("{kind} to {to}"));
            if b.jumps().costs_turn(square) {
                notes.push("costs a turn".to_string());
            }
        }
        if square == b.squares() {
            notes.push("last: wins".to_string());
        }
        notes.join("; ")
    }

    fn draws_text(&self) -> (String, Vec<(u32, String)>) {
        let b = self.board();
        let total: u32 = b.faces().iter().map(|f| f.2).sum();
        (
            format!("spinner: {} faces, total weight {total}", b.faces().len()),
            b.faces()
                .iter()
                .map(|(face, name, w)| {
                    let what = match face {
                        Face::Forward(k) => format!("forward {k}"),
                        Face::Back(k) if b.rules.back_by > 0 => {
                            format!("back {} (back-by rule; the face says {k})", b.rules.back_by)
                        }
                        Face::Back(k) => format!("back {k}"),
                        Face::To(0) | Face::Start => "back to the start".to_string(),
                        Face::To(k) => format!("to {}", b.position_name(*k as usize)),
                    };
                    (*w, format!("{name}: {what}"))
                })
                .collect(),
        )
    }

    fn track(&self) -> Track {
        let b = self.board();
        let index = |(from, to): (usize, usize)| (from - 1, to - 1);
        Track {
            first_number: 1,
            word: self.space_word().into(),
            axis: self.space_word().into(),
            kinds: vec![
                (self.space_word().into(), SQUARE_BLUE),
                ("ladder foot".into(), LADDER_GREEN),
                ("chute top".into(), CHUTE_RED),
            ],
            fills: (1..=b.squares())
                .map(|s| match b.jumps().jump(s) {
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
                    moves: b.jumps().ladders.iter().copied().map(index).collect(),
                },
                Jumps {
                    name: "chute".into(),
                    colour: CHUTE_RED,
                    moves: b.jumps().chutes.iter().copied().map(index).collect(),
                },
            ],
        }
    }
}
