//! `candyland boards`, `candyland board show` and `candyland board export`.

use anyhow::Result;

use crate::app::cli::ShowArgs;
use crate::budget::Budget;
use crate::games::Game;
use crate::games::{shipped, Variant};
use crate::games::{GameVisitor, Source};
use crate::output::{self, Layout};

pub(crate) fn boards(json: bool, layout: Layout) -> Result<String> {
    let mut list = Vec::new();
    for b in shipped::SHIPPED.iter() {
        let source = crate::games::BoardSource::new(b.name, b.text);
        list.push(crate::games::with_game(&source, Row)??);
    }
    Ok(if json {
        super::json("boards", &list)?
    } else {
        output::board_list(&list, layout)
    })
}

/// One board's row of the list.
struct Row;

impl GameVisitor for Row {
    type Output = Result<output::BoardRow>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<output::BoardRow> {
        Ok(output::BoardRow::of(&source.game(&Variant::default())?))
    }
}

pub(crate) fn show(args: &ShowArgs, b: &Budget, layout: Layout) -> Result<String> {
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for ShowArgs {
    fn run_on<G: Game>(&self, source: Source<G>, _: &Budget, layout: Layout) -> Result<String> {
        let variant = self.variant.to_variant();
        let board = source.game(&variant)?;
        Ok(if self.json {
            super::json("board show", &output::BoardShow::of(&board, &variant))?
        } else {
            output::board_table(&board, &variant, layout)
        })
    }
}

/// A shipped board's file as shipped, comments included.
pub(crate) fn export(name: &str) -> Result<String> {
    match shipped::find(name) {
        Some(b) => Ok(b.text.to_string()),
        None => Err(crate::input::error::UserError::UnknownShipped {
            name: crate::input::text::quote(name),
            suggestion: crate::input::text::did_you_mean(name, shipped::all_names()),
            shipped: shipped::names(),
        }
        .into()),
    }
}
