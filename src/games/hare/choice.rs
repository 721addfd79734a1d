//! A decision of a turn as data: the action ([`Action`]) and how a hare's "chew a carrot" met
//! on the way is answered ([`Choice`]), written as a policy table writes it
//! ([`Choice::words`]). What the rules allow is [`super::moves`]'s; every choice of a
//! situation and a table's words read back are [`super::choices`]'s.

/// What a player does with its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chew a lettuce on this lettuce square.
    ChewLettuce,
    /// Stay on this carrot square and take (positive) or give (negative) carrots.
    Carrots(i64),
    /// Move forward to this square.
    Forward(usize),
    /// Move back to this tortoise square.
    Back(usize),
}

/// A decision of a turn: the action, and how a hare's "chew a carrot" met on the square it
/// moves to is answered (`None`: as the policy's give rule says when it comes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice {
    /// What the player does.
    pub action: Action,
    /// On a hare square's "chew a carrot": give (true) or take (false) carrots.
    pub hare_gives: Option<bool>,
}

impl Choice {
    /// `action`, a hare's "chew a carrot" answered by the policy's give rule.
    pub fn by_policy(action: Action) -> Choice {
        Choice {
            action,
            hare_gives: None,
        }
    }
}

impl Choice {
    /// The choice in words, as a policy table writes it: "lettuce", "take", "give",
    /// "back 12", "forward 17", "forward 17 give".
    pub fn words(&self) -> String {
        let hare = match self.hare_gives {
            None => "",
            Some(true) => " give",
            Some(false) => " take",
        };
        match self.action {
            Action::ChewLettuce => "lettuce".into(),
            Action::Carrots(d) if d < 0 => "give".into(),
            Action::Carrots(_) => "take".into(),
            Action::Back(t) => format!("back {t}"),
            Action::Forward(t) => format!("forward {t}{hare}"),
        }
    }
}
