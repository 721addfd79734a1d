//! The one renderer (after hyperfine's exporters): every answer implements [`Render`], which
//! writes it as text, JSON or CSV, and [`render`] writes it in the [`Format`] the command line
//! chose. A new form is one method here; a new answer is one `impl`.

use crate::error::Result;
use serde::Serialize;

use super::Layout;
pub use crate::results::Format;

/// An answer that can be written as text, and as JSON and CSV where it has those forms.
pub trait Render {
    /// The answer as text for a person, laid out for `layout`.
    fn text(&self, layout: Layout) -> String;
    /// The answer as one JSON document ([`super::json::document`]); `None` when it has no JSON
    /// form.
    fn json(&self) -> Option<Result<String>> {
        None
    }
    /// The answer's table as CSV; `None` when it has no table.
    fn csv(&self) -> Option<Result<String>> {
        None
    }
}

/// `answer` written as `format` asks. An answer without the form asked for is written as its
/// text (an analysis stopped at the moments has no distribution to write as CSV).
pub fn render(answer: &dyn Render, format: Format, layout: Layout) -> Result<String> {
    let form = match format {
        Format::Text => None,
        Format::Json => answer.json(),
        Format::Csv => answer.csv(),
    };
    form.unwrap_or_else(|| Ok(answer.text(layout)))
}

/// `value` as `command`'s JSON document: the usual [`Render::json`].
pub fn json<T: Serialize>(command: &str, value: &T) -> Option<Result<String>> {
    Some(super::json::document(command, value).map_err(Into::into))
}

/// Text that is its own answer (help, a board file, a completion script): the same in every
/// form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plain(pub String);

impl Render for Plain {
    fn text(&self, _: Layout) -> String {
        self.0.clone()
    }
}

/// Files a command wrote into a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The folder, as the user named it.
    pub folder: String,
    /// The files' names.
    pub files: Vec<String>,
}

impl Render for Written {
    fn text(&self, layout: Layout) -> String {
        let label = format!("wrote {} files to {}: ", self.files.len(), self.folder);
        layout.list(&label, "  ", &self.files, ", ")
    }
}
