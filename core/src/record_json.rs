//! The record as one line of JSON, for the email backup's machine-readable block: the
//! operator's import tool reads it back into a [`SurveyResponse`] and checks it with
//! [`crate::record::check_record`]. Written by hand because the engine's wasm carries no JSON
//! library (it would cost the visitor's download more than this file); `tests/engine`
//! checks that it parses to exactly what serde makes of the record.

use crate::row::{Cell, Field, SurveyResponse, COLUMNS};
use std::fmt::Write;

/// The line that opens the response block in the email (the template writes it).
pub const BLOCK_BEGIN: &str = "-----BEGIN STEPZERO RESPONSE-----";
/// The line that closes it: a block without it was cut short.
pub const BLOCK_END: &str = "-----END STEPZERO RESPONSE-----";

/// The key of the email's block that marks the short form (the block's `"email_format"`):
/// [`SurveyResponse::to_email_json`]. A block without it is the whole row (emails sent
/// before the short form).
pub const EMAIL_FORMAT_KEY: &str = "email_format";
/// The short form's version.
pub const EMAIL_FORMAT: u8 = 2;

impl SurveyResponse {
    /// The email's block (`response_json`): only what the template's own fields cannot tell
    /// the import, the id and the proof of work (left out when NULL), after
    /// `"email_format":2`. Every other column is a template parameter of its own, which the
    /// import reads from the email (its `data-column` cells), so no answer travels twice and
    /// the largest valid response fits EmailJS's 50 KB (spec section 7.3).
    pub fn to_email_json(&self) -> String {
        let mut out = format!("{{\"{EMAIL_FORMAT_KEY}\":{EMAIL_FORMAT}");
        for column in COLUMNS
            .iter()
            .filter(|column| matches!(column.field, Field::OmittedWhenNull(_)))
        {
            if let Cell::Text(Some(text)) = column.cell(self) {
                out.push(',');
                string(&mut out, column.name);
                out.push(':');
                string(&mut out, text);
            }
        }
        out.push('}');
        out
    }

    /// Every column of the row as compact JSON, NULL as `null`, in the order of
    /// [`COLUMNS`]; a column the row omits when NULL ([`Field::OmittedWhenNull`]: the id, the
    /// proof of work) is left out then, as serde leaves it out.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        for column in &COLUMNS {
            let cell = column.cell(self);
            if matches!(column.field, Field::OmittedWhenNull(_)) && cell == Cell::Text(None) {
                continue;
            }
            if out.len() > 1 {
                out.push(',');
            }
            string(&mut out, column.name);
            out.push(':');
            match cell {
                Cell::Text(Some(text)) => string(&mut out, text),
                Cell::Text(None) | Cell::Number(None) => out.push_str("null"),
                Cell::Number(Some(n)) => out.push_str(&n.to_string()),
                Cell::Flag(b) => out.push_str(if b { "true" } else { "false" }),
            }
        }
        out.push('}');
        out
    }
}

/// `text` as a JSON string holding no white space and nothing but printable ASCII: spaces,
/// line breaks and non-ASCII characters become `\uXXXX`, so any white space found in the
/// block was added on the way (a mail client's line wrapping) and the reader drops it, and no
/// character set can garble it. `<`, `>` and `&` are escaped too, so nothing in it looks like
/// markup even before the template's own HTML escaping.
fn string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '!'..='~' if !matches!(c, '<' | '>' | '&') => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_quotes_controls_markup_and_non_ascii() {
        let mut out = String::new();
        string(&mut out, "a \"b\\c\n<é😀>");
        assert_eq!(
            out,
            r#""a\u0020\"b\\c\u000a\u003c\u00e9\ud83d\ude00\u003e""#
        );
    }
}
