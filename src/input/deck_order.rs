//! Deck-order files, which `forever --deck-order` reads and `forever --witness` writes: one
//! card per line, named as the tool names cards, every card of the deck exactly once. Writing
//! is here beside reading so that a witness written is always a file that reads back.

/// Reads a deck order: one card per line, named as the tool names cards ("red",
/// "double green", "Plumpy"); blank lines and lines starting with '#' are ignored. The order
/// must hold exactly the cards of the deck. Returns card-kind indices.
pub fn parse_order(
    text: &str,
    names: &[String],
    counts: &[u32],
) -> Result<Vec<usize>, (usize, String)> {
    let mut order = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let card = line.trim();
        if card.is_empty() || card.starts_with('#') {
            continue;
        }
        let kind = names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(card))
            .ok_or_else(|| {
                (
                    i + 1,
                    format!(
                        "'{card}' is not a card of this deck; the cards are: {}",
                        names.join(", ")
                    ),
                )
            })?;
        order.push(kind);
    }
    let total: u32 = counts.iter().sum();
    if order.len() != total as usize {
        return Err((
            0,
            format!(
                "lists {} cards, but the deck has {total}; list every card exactly once",
                order.len()
            ),
        ));
    }
    for (kind, &want) in counts.iter().enumerate() {
        let have = order.iter().filter(|&&k| k == kind).count();
        if have != want as usize {
            return Err((
                0,
                format!(
                    "has {have} '{}' cards, but the deck has {want}",
                    names[kind]
                ),
            ));
        }
    }
    Ok(order)
}

/// Writes a deck order in the format [`parse_order`] reads.
pub fn format_order(order: &[usize], names: &[String], header: &str) -> String {
    let mut s = String::new();
    for line in header.lines() {
        s.push_str("# ");
        s.push_str(line);
        s.push('\n');
    }
    for &k in order {
        s.push_str(&names[k]);
        s.push('\n');
    }
    s
}
