//! `export`: every stored response as CSV (safe to open in a spreadsheet) or JSON Lines. The
//! email addresses (question5b_email) are left out (the column empty) unless asked for with
//! `--with-emails`. A last column says whether each row's file is in the bucket.

use serde_json::{Map, Value};
use std::io::Write;

/// The two formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One header line, then one line per response; text that a spreadsheet would run as a
    /// formula gets a leading apostrophe.
    Csv,
    /// One JSON object per line, exactly as stored.
    Jsonl,
}

/// Writes `rows` in `format`.
///
/// # Errors
/// When `out` cannot be written.
pub fn write(rows: &[Map<String, Value>], format: Format, out: impl Write) -> Result<(), String> {
    match format {
        Format::Jsonl => jsonl(rows, out),
        Format::Csv => csv(rows, out),
    }
    .map_err(|e| format!("cannot write the export: {e}"))
}

fn jsonl(rows: &[Map<String, Value>], mut out: impl Write) -> std::io::Result<()> {
    for row in rows {
        serde_json::to_writer(&mut out, row)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

fn csv(rows: &[Map<String, Value>], out: impl Write) -> std::io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    // Columns as the table has them (the first row's order); a column only some rows have
    // (none today) is added at the end.
    let mut columns: Vec<&String> = Vec::new();
    for row in rows {
        for key in row.keys() {
            if !columns.contains(&key) {
                columns.push(key);
            }
        }
    }
    if !columns.is_empty() {
        writer.write_record(&columns)?;
    }
    for row in rows {
        let cells = columns
            .iter()
            .map(|c| cell(row.get(*c).unwrap_or(&Value::Null)));
        writer.write_record(cells)?;
    }
    writer.flush()
}

/// A value as a spreadsheet cell: NULL empty, text as is, anything else as JSON.
fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => spreadsheet_safe(text),
        other => other.to_string(),
    }
}

/// Text a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab or carriage return
/// first) is prefixed with an apostrophe, which spreadsheets show as text (OWASP's advice).
pub fn spreadsheet_safe(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

/// The column the export adds: for a row that names a file, whether that file is in the
/// bucket (`false`: its upload never arrived, or has not yet: a row may be sent ahead of its
/// file, docs/guarantees.md "A late file"); empty for a row with no file.
pub const FILE_ARRIVED_COLUMN: &str = "media_file_arrived";

/// Adds [`FILE_ARRIVED_COLUMN`] to every row, from the names of the bucket's objects.
pub fn mark_arrived_files(
    rows: &mut [Map<String, Value>],
    stored: &std::collections::HashSet<String>,
) {
    for row in rows {
        let arrived = match row.get("media_file_url").and_then(Value::as_str) {
            Some(name) => Value::Bool(stored.contains(name)),
            None => Value::Null,
        };
        row.insert(FILE_ARRIVED_COLUMN.to_owned(), arrived);
    }
}

/// The column holding the address a visitor gave for a reminder (question 5b).
pub const EMAIL_COLUMN: &str = "question5b_email";

/// Empties the email address of every row (the column stays, NULL), for an export without
/// `--with-emails`.
pub fn without_emails(rows: &mut [Map<String, Value>]) {
    for row in rows {
        if let Some(value) = row.get_mut(EMAIL_COLUMN) {
            *value = Value::Null;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_named_file_is_marked_arrived_or_not_and_a_row_without_one_is_left_empty() {
        let mut rows: Vec<Map<String, Value>> = [
            json!({"id": "a", "media_file_url": "1_here.jpg"}),
            json!({"id": "b", "media_file_url": "2_never.mp4"}),
            json!({"id": "c", "media_file_url": null}),
        ]
        .iter()
        .map(|v| v.as_object().unwrap().clone())
        .collect();
        mark_arrived_files(&mut rows, &["1_here.jpg".to_owned()].into());
        let arrived: Vec<&Value> = rows.iter().map(|r| &r[FILE_ARRIVED_COLUMN]).collect();
        assert_eq!(arrived, [&json!(true), &json!(false), &Value::Null]);
    }

    #[test]
    fn formulas_are_defused_and_other_text_is_kept() {
        for risky in ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\r=x"] {
            assert_eq!(spreadsheet_safe(risky), format!("'{risky}"));
        }
        for plain in ["Talk to a stranger", "a=b", "'quoted", ""] {
            assert_eq!(spreadsheet_safe(plain), plain);
        }
    }

    #[test]
    fn csv_keeps_column_order_and_writes_null_as_empty() {
        let row = json!({"id": "x", "question7_age": 30, "question4b_reason": null, "terms_consent": true, "question1_challenge": "=cmd"});
        let mut out = Vec::new();
        write(&[row.as_object().unwrap().clone()], Format::Csv, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "id,question7_age,question4b_reason,terms_consent,question1_challenge\nx,30,,true,'=cmd\n"
        );
    }
}
