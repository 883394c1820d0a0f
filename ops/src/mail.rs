//! Finds the responses in saved emails: `.eml` files (one message each) or mbox files (many),
//! as any mail client saves them, with when each was sent. Transfer encodings
//! (quoted-printable, base64) and character sets are mail-parser's; the block between the
//! engine's markers is HTML-escaped by EmailJS and may be wrapped by mail clients, which is
//! undone here.
//!
//! Two forms of the block: the short one (`{"email_format":2,"id":…,"work_nonce":…}`, since
//! the email had to fit EmailJS's 50 KB with every answer at its longest), whose other
//! columns are read from the template's `data-column` cells, each value HTML-escaped by
//! EmailJS (so no value can hold a `<` or a `"` that would end its cell early, nor
//! `data-column="`); and the whole row as JSON, as every email sent before it carries.

use chrono::{DateTime, Utc};
use mail_parser::{mailbox::mbox::MessageIterator, Message, MessageParser};
use std::path::{Path, PathBuf};
use stepzero_core::record::{check_record, SurveyResponse};
use stepzero_core::record_json::{BLOCK_BEGIN, BLOCK_END, EMAIL_FORMAT, EMAIL_FORMAT_KEY};
use stepzero_core::row::{Field, COLUMNS};

/// One message read from a file: where it came from, when it was sent, and its response or
/// why not.
pub struct Found {
    /// `path` for an .eml file, `path, message n` inside an mbox.
    pub source: String,
    pub message: Read,
}

/// What one message holds.
pub struct Read {
    /// Its Date header: written by the mail server that sent it (EmailJS's, for a backup; a
    /// script sending through EmailJS's API cannot set it). `None` when it has no readable one.
    pub sent: Option<DateTime<Utc>>,
    /// The id in its response block, when the block could be read, even if the response is
    /// refused (so an id the operator names is known to have been seen).
    pub id: Option<String>,
    pub response: Result<SurveyResponse, String>,
}

/// Every message in `paths` (files, or folders whose files are read in name order).
///
/// # Errors
/// A message naming a path that cannot be read.
pub fn read_all(paths: &[PathBuf], senders: &[String]) -> Result<Vec<Found>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("cannot read the folder {}: {e}", path.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    let mut found = Vec::new();
    for file in files {
        let bytes =
            std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        found.extend(read_file(&file, &bytes, senders));
    }
    Ok(found)
}

/// The messages of one file: an mbox when it starts with a `From ` line, else one message.
fn read_file(path: &Path, bytes: &[u8], senders: &[String]) -> Vec<Found> {
    let name = path.display().to_string();
    if !bytes.starts_with(b"From ") {
        return vec![Found {
            source: name,
            message: read_message(bytes, senders),
        }];
    }
    MessageIterator::new(bytes)
        .enumerate()
        .map(|(n, message)| Found {
            source: format!("{name}, message {}", n + 1),
            message: match message {
                Ok(m) => read_message(m.contents(), senders),
                Err(_) => unread("the mbox is damaged here".to_owned()),
            },
        })
        .collect()
}

/// A message nothing could be read from, and why.
fn unread(why: String) -> Read {
    Read {
        sent: None,
        id: None,
        response: Err(why),
    }
}

/// The response in one message, and when it was sent.
pub fn read_message(bytes: &[u8], senders: &[String]) -> Read {
    let Some(message) = MessageParser::default().parse(bytes) else {
        return unread("not an email message".to_owned());
    };
    let sent = message
        .date()
        .and_then(|date| DateTime::from_timestamp(date.to_timestamp(), 0));
    let record = check_sender(&message, senders)
        .and_then(|()| block(&message))
        .and_then(|(html, block)| response(&html, &block));
    let id = record
        .as_ref()
        .ok()
        .and_then(|r| r.id.as_deref())
        .map(str::to_ascii_lowercase);
    let response = record.and_then(|r| check_record(&r).map(|()| r).map_err(|e| e.to_string()));
    Read { sent, id, response }
}

fn check_sender(message: &Message<'_>, senders: &[String]) -> Result<(), String> {
    if senders.is_empty() {
        return Ok(());
    }
    let from: Vec<String> = message
        .from()
        .map(|list| {
            list.iter()
                .filter_map(|a| a.address())
                .map(str::to_ascii_lowercase)
                .collect()
        })
        .unwrap_or_default();
    if from.iter().any(|a| senders.contains(a)) {
        return Ok(());
    }
    Err(format!(
        "sent by {}, not by the backup sender (STEPZERO_BACKUP_FROM: {})",
        if from.is_empty() {
            "nobody named".to_owned()
        } else {
            from.join(", ")
        },
        senders.join(", ")
    ))
}

/// The response in an email's body part `html` whose block is `block`: the whole row (older
/// emails), or the id and the proof of work with every other column read from its cell.
fn response(html: &str, block: &str) -> Result<SurveyResponse, String> {
    let damaged = |e: serde_json::Error| format!("the response block is damaged ({e})");
    let value: serde_json::Value = serde_json::from_str(block).map_err(damaged)?;
    let Some(format) = value.get(EMAIL_FORMAT_KEY) else {
        return serde_json::from_value(value).map_err(damaged);
    };
    if format.as_u64() != Some(u64::from(EMAIL_FORMAT)) {
        return Err(format!(
            "the response block has a format this tool does not know ({format}): update stepzero-ops"
        ));
    }
    let mut row = SurveyResponse::default();
    for column in &COLUMNS {
        if let Field::OmittedWhenNull(place) = column.field {
            *(place.set)(&mut row) = match value.get(column.name) {
                None | Some(serde_json::Value::Null) => None,
                Some(serde_json::Value::String(text)) => Some(text.clone()),
                Some(other) => {
                    return Err(format!(
                        "the response block is damaged ({}: {other})",
                        column.name
                    ))
                }
            };
            continue;
        }
        let text = cell(html, column.name).ok_or_else(|| {
            format!(
                "the email has no {} field: it was not sent with the repository's template",
                column.name
            )
        })?;
        let wrong = || format!("{} is not a value the survey stores: {text:?}", column.name);
        match column.field {
            Field::Text(place) | Field::TextOrEmpty(place) => *(place.set)(&mut row) = text.clone(),
            Field::Nullable(place) => {
                *(place.set)(&mut row) = Some(text.clone()).filter(|t| !t.is_empty());
            }
            Field::Age(place) => {
                *(place.set)(&mut row) = match text.as_str() {
                    "" => None,
                    digits => Some(digits.parse().map_err(|_| wrong())?),
                };
            }
            Field::Flag(place) => {
                *(place.set)(&mut row) = match text.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(wrong()),
                };
            }
            Field::OmittedWhenNull(_) => {}
        }
    }
    Ok(row)
}

/// The text of the template's cell for `column` (`<td data-column="name">…</td>`): HTML
/// entities decoded, line breaks as the browser gave them (`\n`; the mail may carry `\r\n`).
fn cell(html: &str, column: &str) -> Option<String> {
    let marker = format!("data-column=\"{column}\"");
    let at = html.find(&marker)? + marker.len();
    let start = at + html[at..].find('>')? + 1;
    let end = start + html[start..].find("</td>")?;
    Some(html_escape::decode_html_entities(&html[start..end]).replace("\r\n", "\n"))
}

/// The first body part that has the markers (HTML first), and the JSON between them.
fn block(message: &Message<'_>) -> Result<(String, String), String> {
    let parts = message.html_bodies().chain(message.text_bodies());
    let text = parts
        .filter_map(|part| part.text_contents())
        .find(|text| text.contains(BLOCK_BEGIN))
        .ok_or("not a Step Zero email backup (it has no response block)")?;
    let start = text.find(BLOCK_BEGIN).unwrap_or_default() + BLOCK_BEGIN.len();
    let end = text[start..]
        .find(BLOCK_END)
        .ok_or("the response block is cut short (no END line): save the whole email again")?;
    let block = unwrap_block(&text[start..start + end]);
    Ok((text.to_owned(), block))
}

/// The block's text as the engine wrote it: tags (`<br>`) dropped, HTML entities decoded,
/// and every white space removed (the engine writes none; mail clients add line breaks).
fn unwrap_block(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    html_escape::decode_html_entities(&text)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_is_unwrapped_from_escaped_wrapped_html() {
        let html =
            "<br>\n{&quot;a&quot;:&quot;x\\u0020&#x2F;&#x3D;&lt;&quot;,\r\n &quot;b&quot;:1}<br>\n";
        assert_eq!(unwrap_block(html), r#"{"a":"x\u0020/=<","b":1}"#);
    }

    #[test]
    fn a_short_block_takes_its_columns_from_the_cells_and_an_unknown_format_is_refused() {
        let mut html = String::new();
        for column in &COLUMNS {
            let value = match column.name {
                "question1_challenge" => "Say &quot;hi&quot; &lt;b&gt;\r\nZo&#xeb; &#x3D; 😀",
                "question7_age" => "34",
                "terms_consent" => "true",
                "survey_version" => "3.0",
                _ => "",
            };
            html.push_str(&format!(
                "<td data-column=\"{}\">{value}</td>\n",
                column.name
            ));
        }
        let block = r#"{"email_format":2,"id":"0b6f4a6e-3c1d-4f7e-9a2b-1c2d3e4f5a6b"}"#;
        let row = response(&html, block).expect("a row");
        assert_eq!(row.question1_challenge, "Say \"hi\" <b>\nZoë = 😀");
        assert_eq!(row.question7_age, Some(34));
        assert!(row.terms_consent);
        assert_eq!(row.question4b_other, None);
        assert_eq!(row.user_agent, "");
        assert_eq!(row.work_nonce, None);
        assert_eq!(
            row.id.as_deref(),
            Some("0b6f4a6e-3c1d-4f7e-9a2b-1c2d3e4f5a6b")
        );
        let later = r#"{"email_format":3,"id":"0b6f4a6e-3c1d-4f7e-9a2b-1c2d3e4f5a6b"}"#;
        assert!(response(&html, later)
            .unwrap_err()
            .contains("update stepzero-ops"));
        let odd = html.replace(">34<", ">thirty<");
        assert!(response(&odd, block).unwrap_err().contains("question7_age"));
    }

    #[test]
    fn a_whole_row_block_is_read_strictly() {
        let row = SurveyResponse {
            question7_age: Some(34),
            terms_consent: true,
            user_agent: "UA".into(),
            ..SurveyResponse::default()
        };
        let whole = serde_json::to_value(&row).expect("json");
        assert_eq!(response("", &whole.to_string()), Ok(row));
        // What the JS API forgives in a visitor's outbox (wasm/kept_row.rs) is damage here.
        let fraction = whole
            .to_string()
            .replace("\"question7_age\":34", "\"question7_age\":30.7");
        assert!(response("", &fraction).unwrap_err().contains("damaged"));
        let mut no_agent = whole.clone();
        no_agent
            .as_object_mut()
            .expect("object")
            .remove("user_agent");
        assert!(response("", &no_agent.to_string())
            .unwrap_err()
            .contains("damaged"));
    }

    #[test]
    fn a_message_without_the_block_or_cut_short_says_so() {
        let plain = b"From: a@b.co\r\nSubject: hi\r\n\r\nhello\r\n";
        assert!(read_message(plain, &[])
            .response
            .unwrap_err()
            .contains("no response block"));
        let cut = format!("From: a@b.co\r\nSubject: hi\r\n\r\n{BLOCK_BEGIN}\r\n{{\"id\":");
        assert!(read_message(cut.as_bytes(), &[])
            .response
            .unwrap_err()
            .contains("cut short"));
    }

    #[test]
    fn the_date_header_is_when_it_was_sent() {
        let dated = b"From: a@b.co\r\nDate: Sat, 21 Nov 2026 11:00:05 +0100\r\n\r\nhello\r\n";
        let sent = read_message(dated, &[]).sent.expect("a date");
        assert_eq!(sent.to_rfc3339(), "2026-11-21T10:00:05+00:00");
        let undated = b"From: a@b.co\r\n\r\nhello\r\n";
        assert!(read_message(undated, &[]).sent.is_none());
        let unreadable = b"From: a@b.co\r\nDate: yesterday\r\n\r\nhello\r\n";
        assert!(read_message(unreadable, &[]).sent.is_none());
    }
}
