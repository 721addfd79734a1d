//! The answer of `check` in sentences: the set, what it decides (only inside the search) and
//! what it does not, what was searched and what was left out.

use crate::input::number::count;

use super::{setting, Ranked, Searched, Setting, MIN_GAMES_TO_DECIDE};

/// What a conclusion is drawn from.
#[derive(Debug, Clone, Copy)]
pub struct Evidence<'a> {
    /// Games in the sample.
    pub games: u64,
    /// What was searched.
    pub searched: &'a Searched,
    /// Every hypothesis, the set's members marked.
    pub ranking: &'a [Ranked],
    /// The settings the set agrees on.
    pub decided: &'a [Setting],
    /// The settings it does not.
    pub undecided: &'a [Setting],
    /// The smallest shift of the mean noticed 80 % of the time, and by which test.
    pub detectable: (f64, &'a str),
    /// Set when the best fit in the set is marginal: its label and goodness-of-fit p-value,
    /// with the level it falls below.
    pub marginal: Option<(&'a str, f64, f64)>,
    /// With too few games to test, what still rejects a hypothesis: "some length of the
    /// sample is impossible under it".
    pub impossible: &'a str,
    /// What else could tell whether the data follow one of the hypotheses searched at all
    /// (their winners by seat, a game turn by turn): said beside what is decided.
    pub tell: &'a str,
}

/// The games searched, each with its boards, and the rules varied and decks tried.
pub fn scope(searched: &Searched) -> String {
    let games: Vec<String> = searched
        .games
        .iter()
        .map(|g| format!("{} (boards {})", g.game, g.boards.join(", ")))
        .collect();
    let keys = if searched.keys.is_empty() {
        "none".to_string()
    } else {
        searched.keys.join(", ")
    };
    let mut s = format!("games {}; rules varied: {keys}", games.join(", "));
    // Games without a deck (spinners, dice) try none.
    if !searched.decks.is_empty() {
        s.push_str(&format!("; decks: {}", searched.decks.join(", ")));
    }
    s.push_str(&left_out(searched));
    s
}

/// "; not searched: ...; left out for the budget: ...", or nothing when the search was whole.
fn left_out(searched: &Searched) -> String {
    let mut s = String::new();
    if !searched.games_left_out.is_empty() {
        s.push_str(&format!(
            "; not searched: {}",
            searched.games_left_out.join("; ")
        ));
    }
    if !searched.left_out_for_budget.is_empty() {
        s.push_str(&format!(
            "; left out for the budget: {}",
            searched.left_out_for_budget.join("; ")
        ));
    }
    s
}

/// The answer in sentences, built from the set.
pub fn conclusion(e: &Evidence) -> String {
    let members: Vec<&Ranked> = e.ranking.iter().filter(|r| r.in_set).collect();
    let searched = e.searched;
    let hypotheses = count(searched.hypotheses as u64);
    if members.is_empty() {
        return format!(
            "Not consistent with any of the {} hypotheses searched ({}): your simulator probably uses a rule, a board or a deck this tool does not model.",
            hypotheses,
            scope(searched)
        );
    }
    let values_of = |key: &str| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for r in &members {
            if let Some(b) = r.settings.get(key).map(ToString::to_string) {
                if !out.contains(&b) {
                    out.push(b);
                }
            }
        }
        out
    };
    let (boards, games) = (values_of("board"), values_of("game"));
    let (shift, test) = e.detectable;
    if e.games < MIN_GAMES_TO_DECIDE {
        return format!(
            "Only {} game{}: too few to test (at least {MIN_GAMES_TO_DECIDE} are needed), so no hypothesis is rejected unless {}; {} of the {} hypotheses searched remain ({}). Nothing is decided. With this many games a mean off by less than {shift:.1} turns is noticed less than 80 % of the time ({test}).",
            count(e.games),
            if e.games == 1 { "" } else { "s" },
            e.impossible,
            count(members.len() as u64),
            hypotheses,
            searched_games(searched),
        );
    }
    let mut s = format!(
        "Consistent with {} under {} of the {} hypotheses searched ({}).",
        boards.join(" or "),
        count(members.len() as u64),
        hypotheses,
        searched_games(searched),
    );
    if let Some((label, p, alpha)) = e.marginal {
        s.push_str(&format!(
            " But the best fit among them is marginal ({label}: goodness-of-fit p = {}, below {}): the data may come from a board, rule or deck outside the search, and what follows holds only if it does not.",
            crate::input::number::probability(p),
            crate::input::number::probability(alpha)
        ));
    }
    let list = |v: &[Setting], or: bool| -> String {
        v.iter()
            .filter(|x| !x.makes_no_difference)
            .map(|x| {
                if or {
                    let only = if x.only_in.is_empty() {
                        String::new()
                    } else {
                        format!("; a rule of {} only", x.only_in.join(" and "))
                    };
                    format!("{} ({}{only})", x.key, setting::words(&x.values, " or "))
                } else {
                    format!("{} {}", x.key, x.values[0])
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let decided = list(e.decided, false);
    if decided.is_empty() {
        s.push_str(&format!(
            " Decided, among the {hypotheses} hypotheses searched: nothing."
        ));
    } else {
        // A program with a rule outside the search can fit some wrong combination of the
        // searched rules as well as the truth would: what is decided holds only inside it.
        s.push_str(&format!(
            " Decided, if the data come from one of the {hypotheses} hypotheses searched: {decided} (a rule outside them can make a wrong combination of these fit as well; {}).",
            e.tell
        ));
    }
    let open = list(e.undecided, true);
    s.push_str(&format!(
        " Undecided: {}.",
        if open.is_empty() {
            "nothing".into()
        } else {
            open
        }
    ));
    let idle: Vec<&str> = e
        .undecided
        .iter()
        .filter(|x| x.makes_no_difference)
        .map(|x| x.key.as_str())
        .collect();
    if !idle.is_empty() {
        s.push_str(&format!(
            " Makes no difference under any setting of the set: {}.",
            idle.join(", ")
        ));
    }
    if games.len() > 1 {
        s.push_str(" A rule of one game is never decided while the set holds another game.");
    }
    s
}

/// "2 games, 4 boards: candyland (classic, treats, treats-as-coded), race (a-spinner-race)",
/// and the games left out.
fn searched_games(searched: &Searched) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let games: Vec<String> = searched
        .games
        .iter()
        .map(|g| format!("{} ({})", g.game, g.boards.join(", ")))
        .collect();
    let mut s = format!(
        "{}, {}: {}",
        plural(searched.games.len(), "game"),
        plural(searched.boards.len(), "board"),
        games.join(", ")
    );
    s.push_str(&left_out(searched));
    s
}

#[cfg(test)]
mod tests {
    use super::super::tests::row;
    use super::super::SAME_DISTRIBUTION;
    use super::*;

    #[test]
    fn a_marginal_best_fit_is_said_before_anything_is_decided() {
        let ranking = vec![row(&[("skip", "x")], 1, true)];
        let (decided, undecided) = super::super::decide(&ranking);
        let searched = Searched {
            games: Vec::new(),
            games_left_out: Vec::new(),
            boards: vec!["classic".into()],
            keys: vec!["skip".into()],
            fixed: Vec::new(),
            decks: vec!["iid".into()],
            rule_sets: 3,
            left_out: 0,
            distinct: 3,
            same_distribution_within: SAME_DISTRIBUTION,
            hypotheses: 3,
            simulated: 0,
            how: String::new(),
            left_out_for_budget: Vec::new(),
        };
        let text = conclusion(&Evidence {
            games: 2000,
            searched: &searched,
            ranking: &ranking,
            decided: &decided,
            undecided: &undecided,
            detectable: (1.0, "a test"),
            marginal: Some(("classic, iid deck", 0.0012, 0.05)),
            impossible: "",
            tell: "",
        });
        let marginal = text.find("marginal").expect(&text);
        let decided_at = text
            .find("Decided, if the data come from one of the 3 hypotheses searched")
            .expect(&text);
        assert!(marginal < decided_at, "{text}");
        assert!(text.contains("p = 0.0012, below 0.05"), "{text}");
    }
}
