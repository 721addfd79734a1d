//! `candyland generate`: a random valid board file.

use anyhow::Result;

use crate::cli::GenerateArgs;
use crate::games::candyland::generate::board_text;

use super::bad_flag;

pub(crate) fn run(args: &GenerateArgs) -> Result<String> {
    let spec = args.spec();
    spec.check()
        .map_err(|p| bad_flag(&format!("--{}", p.field), p.message))?;
    let text = board_text(&spec);
    match &args.out {
        Some(path) => {
            crate::output::write_atomic(path, "--out", text.as_bytes())?;
            Ok(format!("wrote {}\n", path.display()))
        }
        None => Ok(text),
    }
}
