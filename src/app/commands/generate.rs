//! `candyland generate`: a random valid board file.

use crate::error::Result;

use crate::app::cli::GenerateArgs;
use crate::app::format::Form;
use crate::games::candyland::generate::board_text;
use crate::output::Plain;

use super::bad_flag;

pub(crate) fn run(args: &GenerateArgs, form: Form) -> Result<String> {
    let spec = args.spec();
    spec.check()
        .map_err(|p| bad_flag(&format!("--{}", p.field), p.message))?;
    // The output is checked (its temporary created) before the board is generated.
    let file = args
        .out
        .as_deref()
        .map(|path| crate::output::PendingFile::create(path, "--out"))
        .transpose()?;
    let text = board_text(&spec);
    match file {
        Some(file) => {
            let shown = file.target().display().to_string();
            file.commit(text.as_bytes())?;
            form.render(&Plain(format!("wrote {shown}\n")))
        }
        None => form.render(&Plain(text)),
    }
}
