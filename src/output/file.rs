//! Files written atomically: the data goes to a temporary file in the same folder, which is
//! renamed over the target only when complete, so an interrupted run never leaves half a file.
//! The temporary file is created before the long computation, so a bad path fails at once.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::UserError;

/// An output file opened ahead of time; [`PendingFile::commit`] puts it in place.
#[derive(Debug)]
pub struct PendingFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl PendingFile {
    /// Creates the temporary file next to `target`; fails if that folder cannot be written.
    pub fn create(target: &Path, flag: &str) -> Result<PendingFile, UserError> {
        let bad = |message: String| UserError::BadFlag {
            flag: flag.to_string(),
            message,
        };
        if target.is_dir() {
            return Err(bad(format!(
                "'{}' is a directory; give a file name",
                target.display()
            )));
        }
        let name = target
            .file_name()
            .ok_or_else(|| bad(format!("'{}' has no file name", target.display())))?;
        let dir = target.parent().filter(|p| !p.as_os_str().is_empty());
        let temp = dir.unwrap_or(Path::new(".")).join(format!(
            ".{}.tmp{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = File::create(&temp).map_err(|e| {
            bad(format!(
                "cannot write '{}': {e}; check that the folder exists and is writable",
                target.display()
            ))
        })?;
        Ok(PendingFile {
            target: target.to_path_buf(),
            temp,
            file: Some(file),
        })
    }

    /// Writes `bytes` and renames the temporary file over the target.
    pub fn commit(mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let mut file = self.file.take().expect("committed once");
        let context = || format!("could not write '{}'", self.target.display());
        anyhow::Context::with_context(file.write_all(bytes), context)?;
        anyhow::Context::with_context(file.sync_all(), context)?;
        drop(file);
        anyhow::Context::with_context(std::fs::rename(&self.temp, &self.target), context)?;
        Ok(())
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if self.file.is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// Writes a whole file atomically.
pub fn write_atomic(target: &Path, flag: &str, bytes: &[u8]) -> anyhow::Result<()> {
    PendingFile::create(target, flag)?.commit(bytes)
}
