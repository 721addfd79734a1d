//! What `--without` removes from a Candy Land board, and the single-element removals of
//! what-if.

use crate::games::Edit;
use crate::input::problems::{BoardProblem, InvalidBoard};

use super::{Board, BoardFile, Colour};

/// Removes one element (`licorice`, `landmarks`, `shortcuts`) from a parsed file.
///
/// `landmarks` undoes what the file says about landmarks. In the compact form the landmarks are
/// insertions into the colour pattern, so removing them lets the pattern fill those spaces: the
/// length and every index in the file stay as written (this is how the Python program of seed
/// 002 builds its "No Specials" board). In the explicit form the landmark entries are deleted
/// and licorice and shortcut indices are renumbered so that they keep pointing at the same
/// spaces.
pub(super) fn remove_element(file: &mut BoardFile, element: &str) -> Result<(), InvalidBoard> {
    match element {
        "licorice" => file.board.licorice.clear(),
        "shortcuts" => file.board.shortcuts.clear(),
        "landmarks" => remove_landmarks(file)?,
        // Checked against ELEMENTS before any removal.
        _ => {}
    }
    Ok(())
}

fn remove_landmarks(file: &mut BoardFile) -> Result<(), InvalidBoard> {
    file.deck.landmark.clear();
    file.board.landmarks.clear();
    let Some(spaces) = &file.board.spaces else {
        return Ok(());
    };
    // New index of each old space; None for a removed landmark.
    let mut renumber = Vec::with_capacity(spaces.len());
    let mut kept = Vec::with_capacity(spaces.len());
    for s in spaces {
        if Colour::from_name(s).is_some() {
            renumber.push(Some(kept.len()));
            kept.push(s.clone());
        } else {
            renumber.push(None);
        }
    }
    let mut problems = Vec::new();
    let mut map = |field: String, old: usize| -> usize {
        match renumber.get(old) {
            Some(Some(new)) => *new,
            Some(None) => {
                problems.push(BoardProblem {
                    field,
                    message: format!("points at landmark space {old}, which --without landmarks removes; point it at a colour space"),
                });
                old
            }
            // Out of range: left for validation to report.
            None => old,
        }
    };
    for (i, l) in file.board.licorice.iter_mut().enumerate() {
        *l = map(format!("board.licorice[{i}]"), *l);
    }
    for (i, s) in file.board.shortcuts.iter_mut().enumerate() {
        s.from = map(format!("board.shortcuts[{i}].from"), s.from);
        s.to = map(format!("board.shortcuts[{i}].to"), s.to);
    }
    file.board.spaces = Some(kept);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(InvalidBoard { problems })
    }
}

/// Every single-element removal of a board file (after its variant): each licorice space, each
/// shortcut, each landmark's cards. `board` is `file` validated (it names the spaces).
pub(super) fn element_removals(board: &Board, base: &BoardFile) -> Vec<Edit<BoardFile>> {
    let mut out = Vec::new();
    for (i, &space) in base.board.licorice.iter().enumerate() {
        let mut f = base.clone();
        f.board.licorice.remove(i);
        out.push((
            format!("without licorice on {space} ({})", board.space_name(space)),
            f,
        ));
    }
    for (i, s) in base.board.shortcuts.iter().enumerate() {
        let mut f = base.clone();
        f.board.shortcuts.remove(i);
        out.push((format!("without shortcut {} -> {}", s.from, s.to), f));
    }
    for (name, &count) in &base.deck.landmark {
        if count == 0 {
            continue;
        }
        let mut f = base.clone();
        f.deck.landmark.insert(name.clone(), 0);
        let cards = if count == 1 { "card" } else { "cards" };
        out.push((format!("without the {name} {cards} ({count})"), f));
    }
    out
}
