//! A `--json` document written piece by piece, byte for byte as [`super::json::document`]
//! writes it whole (serde_json's pretty printing, the envelope first), for an answer too large
//! to hold as one value: its fields one by one, and the items of one list as they are made.
//!
//! Each piece is serialized on its own and indented to its depth: serde_json escapes every line
//! break inside a string, so every line break in a piece's text is between its lines.

use std::io::Write;

use serde::Serialize;

use super::json::SCHEMA_VERSION;

/// A document being written: the envelope is written when it is opened, then fields, at most
/// one list at a time open, and the closing brace.
#[derive(Debug, Default)]
pub(crate) struct JsonStream {
    /// Items written to the open list, if one is open.
    list: Option<usize>,
}

/// `value` as pretty JSON indented to `depth` (two spaces a level) after its first line.
fn piece<T: Serialize + ?Sized>(value: &T, depth: usize) -> crate::Result<String> {
    let text = serde_json::to_string_pretty(value)?;
    Ok(text.replace('\n', &format!("\n{}", "  ".repeat(depth))))
}

impl JsonStream {
    /// Opens `command`'s document: `schema_version` and `command`.
    pub(crate) fn open(w: &mut dyn Write, command: &str) -> crate::Result<JsonStream> {
        write!(
            w,
            "{{\n  \"schema_version\": {SCHEMA_VERSION},\n  \"command\": {}",
            piece(command, 1)?
        )?;
        Ok(JsonStream::default())
    }

    /// The next field of the document.
    pub(crate) fn field<T: Serialize + ?Sized>(
        &mut self,
        w: &mut dyn Write,
        key: &str,
        value: &T,
    ) -> crate::Result<()> {
        write!(w, ",\n  {}: {}", piece(key, 1)?, piece(value, 1)?)?;
        Ok(())
    }

    /// Opens the field `key`, a list whose items follow ([`JsonStream::item`]).
    pub(crate) fn open_list(&mut self, w: &mut dyn Write, key: &str) -> crate::Result<()> {
        write!(w, ",\n  {}: [", piece(key, 1)?)?;
        self.list = Some(0);
        Ok(())
    }

    /// The next item of the open list.
    pub(crate) fn item<T: Serialize + ?Sized>(
        &mut self,
        w: &mut dyn Write,
        value: &T,
    ) -> crate::Result<()> {
        let items = self.list.get_or_insert(0);
        let comma = if *items == 0 { "" } else { "," };
        *items += 1;
        write!(w, "{comma}\n    {}", piece(value, 2)?)?;
        Ok(())
    }

    /// Closes the open list (an empty one is `[]`).
    pub(crate) fn close_list(&mut self, w: &mut dyn Write) -> crate::Result<()> {
        match self.list.take() {
            Some(0) | None => w.write_all(b"]")?,
            Some(_) => w.write_all(b"\n  ]")?,
        }
        Ok(())
    }

    /// Closes the document, with the line feed [`super::json::document`] ends with.
    pub(crate) fn close(self, w: &mut dyn Write) -> crate::Result<()> {
        w.write_all(b"\n}\n")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_written_in_pieces_is_the_one_written_whole() {
        #[derive(Serialize)]
        struct Item {
            name: String,
            values: Vec<f64>,
            empty: Vec<u8>,
        }
        #[derive(Serialize)]
        struct Whole {
            board: String,
            n: usize,
            items: Vec<Item>,
            none: Vec<Item>,
            last: Option<f64>,
        }
        let item = |name: &str| Item {
            name: name.into(),
            values: vec![1.0, 0.1, f64::NAN],
            empty: vec![],
        };
        let whole = Whole {
            board: "a \"b\"\nc".into(),
            n: 3,
            items: vec![item("x"), item("y\u{1b}")],
            none: vec![],
            last: None,
        };
        let mut w = Vec::new();
        let mut doc = JsonStream::open(&mut w, "transitions").unwrap();
        doc.field(&mut w, "board", &whole.board).unwrap();
        doc.field(&mut w, "n", &whole.n).unwrap();
        doc.open_list(&mut w, "items").unwrap();
        for i in &whole.items {
            doc.item(&mut w, i).unwrap();
        }
        doc.close_list(&mut w).unwrap();
        doc.open_list(&mut w, "none").unwrap();
        doc.close_list(&mut w).unwrap();
        doc.field(&mut w, "last", &whole.last).unwrap();
        doc.close(&mut w).unwrap();
        let expected = crate::output::json::document("transitions", &whole).unwrap();
        assert_eq!(String::from_utf8(w).unwrap(), expected);
    }
}
