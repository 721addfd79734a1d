//! A bump race as a [`Game`]: its words, its size, the rules `check` varies, and what the
//! charts mark (nothing but the squares: the track has no jumps).

use super::{Bump, BumpBoard, BumpFile, BumpRules, Landing, Overshoot, KIND};
use crate::games::{values_of, Edit, Game, Identity, ShippedBoard, Size, Track};
use crate::input::problems::InvalidBoard;

impl Game for Bump {
    const KIND: &'static str = KIND;
    const ELEMENTS: &'static [(&'static str, &'static str)] = &[];
    const SHIPPED: &'static [ShippedBoard] = &[];
    type File = BumpFile;
    type Rules = BumpRules;

    fn from_file(file: &BumpFile) -> Result<Bump, InvalidBoard> {
        BumpBoard::from_file(file).map(Bump::new)
    }

    fn rules_mut(file: &mut BumpFile) -> &mut BumpRules {
        &mut file.rules
    }

    /// The track has no element to remove ([`Game::ELEMENTS`] is empty).
    fn remove_element(_file: &mut BumpFile, _element: &str) -> Result<(), InvalidBoard> {
        Ok(())
    }

    fn element_removals(&self, _file: &BumpFile) -> Vec<Edit<BumpFile>> {
        Vec::new()
    }

    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
        vec![
            ("overshoot", values_of::<Overshoot>()),
            ("landing", values_of::<Landing>()),
        ]
    }

    fn identity(&self) -> &Identity {
        &self.board().identity
    }

    fn rules(&self) -> &BumpRules {
        &self.board().rules
    }

    /// Squares 1..N, the last being the finish.
    fn space_count(&self) -> usize {
        self.board().squares as usize
    }

    fn first_number(&self) -> usize {
        1
    }

    fn space_word(&self) -> &str {
        "square"
    }

    fn draws_word(&self) -> &str {
        "rolls"
    }

    fn size_text(&self) -> String {
        format!(
            "{} squares, {} faces",
            self.board().squares,
            self.board().faces.len()
        )
    }

    fn size(&self) -> Size {
        Size {
            spaces: self.board().squares as usize,
            faces: Some(self.board().faces.len()),
            ..Size::default()
        }
    }

    fn space_name(&self, i: usize) -> String {
        format!("square {}", i + 1)
    }

    fn space_notes(&self, i: usize) -> String {
        if i + 1 == self.board().squares as usize {
            "finish".to_string()
        } else {
            String::new()
        }
    }

    fn draws_text(&self) -> (String, Vec<(u32, String)>) {
        let faces = &self.board().faces;
        let total: u32 = faces.iter().map(|f| f.1).sum();
        (
            format!("die: {} faces, total weight {total}", faces.len()),
            faces
                .iter()
                .map(|&(k, w)| (w, format!("move {k}")))
                .collect(),
        )
    }

    fn track(&self) -> Track {
        let n = self.board().squares as usize;
        Track {
            first_number: 1,
            word: "square".to_string(),
            axis: "square".to_string(),
            kinds: vec![("square".to_string(), (200, 200, 200))],
            fills: vec![0; n],
            traps: ("trap".to_string(), Vec::new()),
            named: (
                "finish".to_string(),
                (40, 160, 60),
                vec![(n - 1, "finish".to_string())],
            ),
            jumps: Vec::new(),
        }
    }
}
