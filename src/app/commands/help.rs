//! `candyland help [TOPIC]` and `candyland completions SHELL`: clap's help for a command (its
//! rule flags those of the default board's game), every game's rule flags, the board file
//! format and the JSON vocabulary (Markdown documents embedded so that an installed binary has
//! them, laid out for the terminal), and shell completion scripts from clap_complete.

use crate::error::Result;
use clap::CommandFactory;

use crate::app::cli::Cli;
use crate::app::format::Form;
use crate::input::error::UserError;
use crate::output::Plain;

/// The board file format, as `data/boards/FORMAT.md` documents it.
pub const FORMAT: &str = include_str!("../../../data/boards/FORMAT.md");
/// The JSON vocabulary, as `schemas/README.md` documents it.
pub const JSON: &str = include_str!("../../../schemas/README.md");

/// Help on `topic`: `format`, `json` (the keys every `--json` shares), `rules` (every game's
/// rule flags), a command's name, or (none) the list of commands; clap's help is wrapped to the
/// layout's width (at most [`crate::app::cli::MAX_HELP_WIDTH`]), the documents to the layout's.
pub(crate) fn help(topic: Option<&str>, form: Form) -> Result<String> {
    form.render(&Plain(help_text(topic, form.layout.width())?))
}

fn help_text(topic: Option<&str>, width: usize) -> Result<String> {
    let mut cli = crate::app::cli::command(width);
    let Some(topic) = topic else {
        return Ok(cli.render_long_help().to_string());
    };
    let layout = crate::output::Layout::new(width);
    if topic == "format" {
        return Ok(crate::app::markdown::render(FORMAT, layout));
    }
    if topic == "json" {
        return Ok(crate::app::markdown::render(JSON, layout));
    }
    if topic == "rules" {
        return Ok(crate::app::cli::rules_command(width)
            .render_long_help()
            .to_string());
    }
    cli.build();
    let names: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    match cli.find_subcommand(topic) {
        Some(command) => Ok(crate::app::cli::fit(command.clone(), topic, None)
            .render_long_help()
            .to_string()),
        None => Err(UserError::BadFlag {
            flag: "help".into(),
            message: format!(
                "'{}'{} is not a command; give one of: format, json, rules, {}",
                crate::input::text::quote(topic),
                crate::input::text::did_you_mean(
                    topic,
                    names
                        .iter()
                        .map(String::as_str)
                        .chain(["format", "json", "rules"])
                ),
                names.join(", ")
            ),
        }
        .into()),
    }
}

/// The completion script for `shell`.
pub(crate) fn completions(shell: clap_complete::Shell, form: Form) -> Result<String> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "candyland", &mut script);
    form.render(&Plain(String::from_utf8_lossy(&script).into_owned()))
}
