//! `candyland generate`: a random valid board file.

use anyhow::Result;

use crate::cli::GenerateArgs;

use super::bad_flag;

pub(crate) fn run(args: &GenerateArgs) -> Result<String> {
    let spec = crate::generate::Spec {
        spaces: args.spaces,
        seed: args.seed,
        licorice: args.licorice,
        landmarks: args.landmarks,
        shortcuts: args.shortcuts,
    };
    if args.spaces > crate::model::MAX_SPACES {
        return Err(bad_flag(
            "--spaces",
            format!("at most {} spaces are supported", crate::model::MAX_SPACES),
        )
        .into());
    }
    if args.spaces < crate::generate::MIN_SPACES {
        return Err(bad_flag(
            "--spaces",
            format!(
                "a generated board has at least {} spaces; {} is too few",
                crate::generate::MIN_SPACES,
                args.spaces
            ),
        )
        .into());
    }
    if !spec.fits() {
        return Err(bad_flag(
            "--spaces",
            format!(
                "{} spaces cannot hold {} landmarks, {} licorice spaces and {} shortcuts (each needs its own space, a shortcut two, plus the first and last); give more spaces or fewer elements",
                args.spaces, args.landmarks, args.licorice, args.shortcuts
            ),
        )
        .into());
    }
    let text = crate::generate::board_text(&spec);
    match &args.out {
        Some(path) => {
            crate::output::write_atomic(path, "--out", text.as_bytes())?;
            Ok(format!("wrote {}\n", path.display()))
        }
        None => Ok(text),
    }
}
