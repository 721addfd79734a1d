//! Quoting what the user gave back to them: short, on one line's worth, and never a character
//! that would act on a terminal; the "did you mean" of a near miss; and the plural and list
//! forms text output builds from a game's words.

/// Characters of the input a message quotes at most.
pub const MAX_QUOTE_CHARS: usize = 60;

/// A game's word in the plural: "spaces", "squares", "cherries".
pub fn plural(word: &str) -> String {
    match word.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{word}s"),
    }
}

/// Items as a list in words: "4", "4 and 33", "4, 33 and 47".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The candidate closest to `given` if it is close enough to be a slip of the keyboard (at
/// most a third of its letters off, ignoring case), as " (did you mean 'X'?)"; else "".
pub fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match near_miss(given, candidates) {
        Some(c) => format!(" (did you mean '{}'?)", quote(c)),
        None => String::new(),
    }
}

/// The candidate closest to `given` if it is close enough to be a slip of the keyboard (at
/// most a third of its letters off, ignoring case, and not equal to it).
pub fn near_miss<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let lower = given.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(&lower, &c.to_lowercase()), c))
        .filter(|&(d, c)| d > 0 && d <= (c.chars().count() / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// At most [`MAX_QUOTE_CHARS`] characters of `text`, with "..." when cut.
pub fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(MAX_QUOTE_CHARS).collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}

/// Cuts every line of a message to at most 200 characters (a parser's message quotes the line
/// it failed on, which may be megabytes long).
pub fn shorten_lines(message: &str) -> String {
    const MAX: usize = 200;
    message
        .split_inclusive('\n')
        .map(|line| {
            if line.chars().count() <= MAX {
                line.to_string()
            } else {
                let head: String = line.chars().take(MAX).collect();
                let newline = if line.ends_with('\n') { "\n" } else { "" };
                format!("{head}... (line cut){newline}")
            }
        })
        .collect()
}

/// Whether `c` must not reach a terminal raw.
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_and_lists_read_as_english() {
        assert_eq!(
            ["space", "square", "berry", "day"].map(plural),
            ["spaces", "squares", "berries", "days"]
        );
        let items = |n: usize| -> Vec<String> { (1..=n).map(|i| i.to_string()).collect() };
        assert_eq!(and_list(&items(1)), "1");
        assert_eq!(and_list(&items(2)), "1 and 2");
        assert_eq!(and_list(&items(3)), "1, 2 and 3");
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("12x"), "12x");
        let long = "9".repeat(1000);
        assert_eq!(quote(&long).len(), MAX_QUOTE_CHARS + 3);
        let msg = shorten_lines(&format!("a\n{long}\nb"));
        assert!(msg.len() < 300, "{msg}");
        assert!(
            msg.starts_with("a\n") && msg.ends_with("(line cut)\nb"),
            "{msg}"
        );
    }
}
