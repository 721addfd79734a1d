//! Reading what the user points at: board files, game lengths, deck orders.
//!
//! A path is hostile until checked. Only regular files are read (a FIFO with no writer would
//! block forever, `/dev/zero` would never end), each kind of input has a size cap, and a
//! message quotes at most a short piece of the input, never the input itself. Every file read
//! is recorded (by device and inode), so that no output of the same run can replace it
//! ([`input_named`]).

use std::io::Read;
use std::path::Path;
use std::sync::Mutex;

use crate::input::error::UserError;

/// The largest board file read (a ten-million-space explicit board is about 100 MB).
pub const MAX_BOARD_BYTES: u64 = 256 << 20;
/// The largest file of game lengths read (about a hundred million games).
pub const MAX_LENGTHS_BYTES: u64 = 1 << 30;
/// The largest deck-order file read.
pub const MAX_ORDER_BYTES: u64 = 64 << 20;

/// Reads a whole text file of at most `max_bytes`; `what` says what it should be ("a board
/// file"). Every failure is a [`UserError::BadDataFile`] naming the file and what to do.
pub fn read_text(path: &Path, what: &str, max_bytes: u64) -> Result<String, UserError> {
    let file = path.display().to_string();
    let bad = |message: String| UserError::BadDataFile {
        file: file.clone(),
        line: 0,
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| {
        bad(format!(
            "cannot read it ({}); check the path",
            io_reason(&e)
        ))
    })?;
    if meta.is_dir() {
        return Err(bad(format!("is a directory; give {what}")));
    }
    if !meta.is_file() {
        return Err(bad(format!(
            "is not a regular file (a device, FIFO or socket); give {what}, or for piped data use - and standard input where the command allows it"
        )));
    }
    if meta.len() > max_bytes {
        return Err(bad(format!(
            "is {}, more than the {} this tool reads as {what}",
            crate::budget::size(meta.len() as f64),
            crate::budget::size(max_bytes as f64)
        )));
    }
    let handle = std::fs::File::open(path).map_err(|e| {
        bad(format!(
            "cannot read it ({}); check its permissions",
            io_reason(&e)
        ))
    })?;
    // The file as opened (a link swapped after the check above is caught here too).
    if let Ok(opened) = handle.metadata() {
        record(&opened, path, what);
    }
    read_capped(handle, max_bytes, what).map_err(bad)
}

/// One file this run reads: its identity, the path as given, and what it is read as.
struct Input {
    id: FileId,
    path: String,
    what: String,
}

/// A file's identity: device and inode, the same through every link or path that names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileId(u64, u64);

impl FileId {
    /// The identity of the file `meta` describes.
    #[cfg(unix)]
    pub fn of(meta: &std::fs::Metadata) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        Some(FileId(meta.dev(), meta.ino()))
    }

    /// Without device and inode numbers no identity is known (paths are compared instead).
    #[cfg(not(unix))]
    pub fn of(_meta: &std::fs::Metadata) -> Option<FileId> {
        None
    }
}

/// The files this process has read.
static INPUTS: Mutex<Vec<Input>> = Mutex::new(Vec::new());

fn record(meta: &std::fs::Metadata, path: &Path, what: &str) {
    let Some(id) = FileId::of(meta) else { return };
    if let Ok(mut inputs) = INPUTS.lock() {
        inputs.push(Input {
            id,
            path: path.display().to_string(),
            what: what.to_string(),
        });
    }
}

/// If `target` names a file this run has read (the same file through any path, symbolic link
/// or hard link): what it was read as and the path it was read by.
pub fn input_named(target: &Path) -> Option<(String, String)> {
    let ids: Vec<FileId> = [std::fs::symlink_metadata(target), std::fs::metadata(target)]
        .iter()
        .filter_map(|m| m.as_ref().ok().and_then(FileId::of))
        .collect();
    let inputs = INPUTS.lock().ok()?;
    inputs
        .iter()
        .find(|i| ids.contains(&i.id))
        .map(|i| (i.what.clone(), i.path.clone()))
}

/// Reads standard input, at most `max_bytes`.
pub fn read_stdin(what: &str, max_bytes: u64) -> Result<String, UserError> {
    read_capped(std::io::stdin().lock(), max_bytes, what).map_err(|message| {
        UserError::BadDataFile {
            file: "standard input".into(),
            line: 0,
            message,
        }
    })
}

/// Reads at most `max_bytes` (a file can grow while it is read) as UTF-8.
fn read_capped(reader: impl Read, max_bytes: u64, what: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    reader
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read it ({})", io_reason(&e)))?;
    if bytes.len() as u64 > max_bytes {
        return Err(format!(
            "is more than the {} this tool reads as {what}",
            crate::budget::size(max_bytes as f64)
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| format!("is not UTF-8 text; {what} is text, saved as UTF-8"))
}

/// An I/O error's reason without the "(os error N)" suffix.
fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}
