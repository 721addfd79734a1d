//! A race as a [`Game`]: its board-file word, its own words for squares and spins (from the
//! board's `[words]`), its notes on squares, its chart marks, what `--without` removes and the
//! rules `check` varies.

use crate::games::jumps;
use crate::games::spinner::Overshoot;
use crate::games::ShippedBoard;
use crate::games::{values_of, Edit, Game, Track};
use crate::input::problems::InvalidBoard;

use super::{Face, RaceBoard, RaceFile, RaceRules, RaceTrack};

impl Game for RaceTrack {
    const KIND: &'static str = "race";
    const ELEMENTS: &'static [(&'static str, &'static str)] = jumps::ELEMENTS;
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
        file.board.remove(element);
        Ok(())
    }

    fn element_removals(&self, base: &RaceFile) -> Vec<Edit<RaceFile>> {
        jumps::removals(base, |f| &mut f.board)
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

    fn rules(&self) -> &RaceRules {
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
        b.jumps().notes(i + 1, b.squares(), self.space_word())
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
        b.jumps().track(b.squares(), self.space_word())
    }
}
