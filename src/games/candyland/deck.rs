//! The deck of a Candy Land board file, checked: counts within range, a card for every
//! landmark it names, no card for a colour the board does not have.

use std::collections::HashSet;

use crate::input::problems::{Problems, MAX_CARDS};

use super::{BoardFile, Card, Colour, Deck, Landmark, LandmarkId, Space};

/// A space whose name is neither a colour nor a landmark (already reported): the checks that
/// depend on what a space is say nothing more about it.
pub(super) const UNKNOWN: LandmarkId = LandmarkId::MAX;

pub(super) fn deck(
    file: &BoardFile,
    spaces: &[Space],
    landmarks: &[Landmark],
    p: &mut Problems,
) -> Option<Deck> {
    let on_board: HashSet<Colour> = spaces
        .iter()
        .filter_map(|s| match s {
            Space::Colour(c) => Some(*c),
            Space::Landmark(_) => None,
        })
        .collect();
    // A space whose name was not understood (reported already) may be meant as any colour.
    let unknown = spaces.contains(&Space::Landmark(UNKNOWN));
    let mut cards = Vec::new();
    let mut total: u64 = 0;
    for (table, counts, double) in [
        ("single", &file.deck.single, false),
        ("double", &file.deck.double, true),
    ] {
        for (&c, &count) in counts {
            if count == 0 {
                continue;
            }
            if !on_board.contains(&c) && !unknown {
                p.add(
                    format!("deck.{table}.{c}"),
                    format!("{count} {c} cards, but no space is {c}: such a card would win from anywhere; remove them or add {c} spaces"),
                );
            }
            total += u64::from(count);
            cards.push((
                if double {
                    Card::Double(c)
                } else {
                    Card::Single(c)
                },
                count,
            ));
        }
    }
    let mut by_space: Vec<(usize, &Landmark)> = landmarks.iter().enumerate().collect();
    by_space.sort_by_key(|(_, l)| l.space);
    for (id, l) in by_space {
        // Every landmark space was declared in [deck.landmark] (checked when the track was read).
        let count = file.deck.landmark.get(&l.name).copied().unwrap_or(0);
        if count > 0 {
            total += u64::from(count);
            cards.push((Card::Landmark(id as LandmarkId), count));
        }
    }
    // A [deck.landmark] key that names no space was reported with the track (`validate.rs`),
    // with a suggestion when a space's name is a slip away from it.
    if total == 0 {
        p.add(
            "deck",
            "has no cards; give counts in [deck.single], [deck.double] or [deck.landmark]",
        );
        return None;
    }
    if total > MAX_CARDS {
        p.add(
            "deck",
            format!("has {total} cards; at most {MAX_CARDS} are supported"),
        );
        return None;
    }
    Some(Deck {
        cards,
        total: total as u32,
    })
}
