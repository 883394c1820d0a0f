//! Finds the responses in saved emails: `.eml` files (one message each) or mbox files (many),
//! as any mail client saves them, with when each was sent. Transfer encodings
//! (quoted-printable, base64) and character sets are mail-parser's; the block between the
//! engine's markers is HTML-escaped by EmailJS and may be wrapped by mail clients, which is
//! undone here.

use chrono::{DateTime, Utc};
use mail_parser::{mailbox::mbox::MessageIterator, Message, MessageParser};
use std::path::{Path, PathBuf};
use stepzero_core::record::{check_record, SurveyResponse};
use stepzero_core::record_json::{BLOCK_BEGIN, BLOCK_END};

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
        .and_then(|block| {
            serde_json::from_str::<SurveyResponse>(&block)
                .map_err(|e| format!("the response block is damaged ({e})"))
        });
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

/// The JSON between the markers of the first body part that has them (HTML first).
fn block(message: &Message<'_>) -> Result<String, String> {
    let parts = message.html_bodies().chain(message.text_bodies());
    let text = parts
        .filter_map(|part| part.text_contents())
        .find(|text| text.contains(BLOCK_BEGIN))
        .ok_or("not a Step Zero email backup (it has no response block)")?;
    let start = text.find(BLOCK_BEGIN).unwrap_or_default() + BLOCK_BEGIN.len();
    let end = text[start..]
        .find(BLOCK_END)
        .ok_or("the response block is cut short (no END line): save the whole email again")?;
    Ok(unwrap_block(&text[start..start + end]))
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
