//! The one place that chooses how the answer is written ([`Format`]) from the flags: every
//! command's `--json` and `--csv` are read here and nowhere else.

use crate::error::Result;

use crate::app::cli::{BoardCommand, Command};
use crate::output::{Layout, Render};
use crate::results::Format;

/// How a command's answer is written: its format and, for text, its layout.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Form {
    /// Text, JSON or CSV.
    pub format: Format,
    /// The width text is laid out for.
    pub layout: Layout,
}

impl Form {
    /// `answer` written in this form.
    pub(crate) fn render(&self, answer: &dyn Render) -> Result<String> {
        crate::output::render(answer, self.format, self.layout)
    }

    /// Whether the answer is written as JSON (which carries the whole answer, the exact
    /// fraction included).
    pub(crate) fn json(&self) -> bool {
        self.format == Format::Json
    }
}

/// The format `command`'s flags ask for.
pub(crate) fn format(command: &Command) -> Format {
    let (json, csv) = match command {
        Command::Analyze(args) => (args.json, args.csv),
        Command::Simulate(args) => (args.json, args.csv),
        Command::Crosscheck(args) => (args.json, args.csv),
        Command::Players(args) => (args.json, args.csv),
        Command::Odds(args) => (args.json, args.csv),
        Command::Passage(args) => (args.json, args.csv),
        Command::Spaces(args) => (args.json, args.csv),
        Command::Whatif(args) => (args.json, args.csv),
        Command::Compare(args) => (args.json, args.csv),
        Command::Check(args) => (args.json, args.csv),
        // The move table is CSV unless JSON is asked for.
        Command::Transitions(args) => (args.json, !args.json),
        Command::Play(args) => (args.json, args.csv),
        Command::Best(args) => (args.json, false),
        Command::Forever(args) => (args.json, args.csv),
        Command::Boards(args) => (args.json, false),
        Command::Board(BoardCommand::Show(args)) => (args.json, args.csv),
        Command::Board(BoardCommand::Export(_))
        | Command::Generate(_)
        | Command::Report(_)
        | Command::Help(_)
        | Command::Completions(_) => (false, false),
    };
    match (json, csv) {
        (true, _) => Format::Json,
        (false, true) => Format::Csv,
        (false, false) => Format::Text,
    }
}
