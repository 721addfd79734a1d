//! The answers: one public function per question the tool answers, each returning one typed,
//! documented serde struct that the output stage renders ([`crate::output::Render`]) and that
//! a library user can take as it is. Each takes the board as read ([`BoardSource`], any game),
//! its options (checked first, each named as the command line spells it) and a [`Budget`]:
//!
//! | question | function | answer |
//! |---|---|---|
//! | how long is one player's game | [`analyze()`] | [`AnalyzeAnswer`] |
//! | K players, each seat's chance | [`players()`] | [`PlayersReport`] |
//! | who wins from here | [`odds()`] | [`OddsReport`] |
//! | per-space figures | [`spaces()`] | [`SpacesReport`] |
//! | what if an element or a rule changes | [`whatif()`] | [`WhatIfAnswer`] |
//! | two boards side by side | [`compare()`] | [`Comparison`] |
//! | does another simulator fit, and which rules | [`check()`] | [`CheckAnswer`] |
//! | the simulator against the exact answer | [`crosscheck()`] | [`CrossCheck`] |
//! | Monte Carlo games | [`simulate()`] | [`Simulated`] |
//! | can the game run forever | [`forever()`] | [`ForeverReport`] |
//! | the move table, N, the state graph | [`transitions()`] | [`TransitionsAnswer`] |
//! | one game turn by turn | [`play()`] | [`Transcript`] |
//! | the first passage to a target | [`passage()`] | [`PassageAnswer`] |
//! | every figure of the report | [`report()`] | [`Report`] |
//! | the shipped boards, one board's spaces | [`boards()`], [`show()`] | [`BoardList`], [`BoardShow`] |
//!
//! The questions that play many games take a [`crate::budget::Progress`] too, which they tell
//! how far they have got ([`crate::budget::Silent`] shows nothing).
//!
//! [`BoardSource`]: crate::games::BoardSource
//! [`Budget`]: crate::budget::Budget
//! [`CrossCheck`]: crate::check::crosscheck::CrossCheck
//! [`Transcript`]: crate::sim::transcript::Transcript

pub mod analyze;
pub mod best;
pub mod board;
pub mod boards;
pub mod check;
pub mod choices;
pub mod compare;
pub mod crosscheck;
pub mod exercise;
pub mod forever;
mod format;
pub mod loops;
pub mod odds;
pub mod options;
pub mod passage;
pub mod play;
pub mod players;
pub mod policies;
pub mod report;
pub mod simulate;
pub mod spaces;
pub mod transitions;
pub mod whatif;

pub use analyze::{analyze, AnalyzeAnswer, AnalyzeOptions};
pub use boards::{boards, show, BoardList, BoardShow};
pub use check::{check, CheckAnswer, CheckData, CheckOptions};
pub use choices::{choices, Choices, ElementChoice, RuleChoice};
pub use compare::{compare, Comparison, Side};
pub use crosscheck::{crosscheck, CrosscheckOptions};
pub use forever::{forever, ForeverOptions, ForeverReport};
pub use format::Format;
pub use odds::{odds, OddsOptions, OddsReport};
pub use options::MAX_PLAYERS;
pub use passage::{passage, PassageAnswer, PassageAsked, PassageQuestion};
pub use play::{play, PlayOptions};
pub use players::{players, PlayersOptions, PlayersReport};
pub use report::{report, Report, ReportOptions};
pub use simulate::{simulate, SimulateOptions, Simulated};
pub use spaces::{spaces, SpacesOptions, SpacesReport};
pub use transitions::{transitions, TransitionsAnswer, TransitionsOptions};
pub use whatif::{whatif, WhatIfAnswer, WhatIfOptions};
