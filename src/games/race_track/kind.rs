//! A race as a [`Game`], under either of its board-file words ([`Dialect`]): its own words for
//! squares and spins (from the board's `[words]`), its notes on squares, its chart marks, what
//! `--without` removes and the rules `check` varies.

use crate::games::ShippedBoard;
use crate::games::{values_of, Edit, Game, Identity, Track};
use crate::input::problems::InvalidBoard;

use super::jumps;
use super::{Dialect, Face, OnMaxRolls, Overshoot, RaceBoard, RaceFile, RaceRules, RaceTrack};

/// Every rule of a race with the values `check` and `whatif --rules` try, in the order of the
/// `[rules]` table; each word varies those of its [`Dialect::RULES`].
fn every_rule() -> Vec<(&'static str, Vec<toml::Value>)> {
    let yes_no = || vec![toml::Value::Boolean(false), toml::Value::Boolean(true)];
    let faces = |f: &[i64]| toml::Value::Array(f.iter().map(|&x| x.into()).collect());
    vec![
        ("overshoot", values_of::<Overshoot>()),
        ("jump-costs-turn", yes_no()),
        ("back-by", vec![0.into(), 1.into(), 2.into()]),
        ("roll-again", vec![faces(&[]), faces(&[6])]),
        ("max-rolls", vec![2.into(), 3.into()]),
        ("on-max-rolls", values_of::<OnMaxRolls>()),
        ("chain-jumps", yes_no()),
    ]
}

impl<D: Dialect> Game for RaceTrack<D> {
    const KIND: &'static str = D::KIND;
    const ELEMENTS: &'static [(&'static str, &'static str)] = jumps::ELEMENTS;
    const SHIPPED: &'static [ShippedBoard] = D::SHIPPED;
    type File = RaceFile;
    type Rules = RaceRules;

    fn from_file(file: &RaceFile) -> Result<RaceTrack<D>, InvalidBoard> {
        let example = D::SHIPPED.first().map_or(D::KIND, |b| b.name);
        RaceBoard::from_file(file, example).map(RaceTrack::new)
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
        every_rule()
            .into_iter()
            .filter(|(key, _)| D::RULES.contains(key))
            .collect()
    }

    fn identity(&self) -> &Identity {
        &self.board().identity
    }

    fn rules(&self) -> &RaceRules {
        &self.board().rules
    }

    /// The word's own rules ([`Dialect::RULES`]), and any other rule the board sets away from
    /// its default.
    fn rules_json(&self) -> serde_json::Value {
        let all = serde_json::to_value(self.rules()).unwrap_or_default();
        let default = serde_json::to_value(RaceRules::default()).unwrap_or_default();
        match all {
            serde_json::Value::Object(map) => map
                .into_iter()
                .filter(|(key, value)| {
                    D::RULES.contains(&key.as_str()) || default.get(key) != Some(value)
                })
                .collect(),
            other => other,
        }
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
        let s = self.size();
        let text = format!(
            "{} {}, {} ladders, {} chutes",
            s.spaces,
            self.space_plural(),
            s.ladders.unwrap_or(0),
            s.chutes.unwrap_or(0),
        );
        match s.faces.filter(|_| D::COUNTS_FACES) {
            Some(faces) => format!("{text}, {faces} faces"),
            None => text,
        }
    }

    fn size(&self) -> crate::games::Size {
        let b = self.board();
        crate::games::Size {
            spaces: b.squares(),
            cards: None,
            faces: Some(b.faces().len()),
            ladders: Some(b.jumps().ladders.len()),
            chutes: Some(b.jumps().chutes.len()),
        }
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
                        Face::Forward(k) if D::FACES_AS_MOVES && *name == k.to_string() => {
                            return (*w, format!("move {k}"));
                        }
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
