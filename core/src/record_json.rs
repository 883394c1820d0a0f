//! The record as one line of JSON, for the email backup's machine-readable block: the
//! operator's import tool reads it back into a [`SurveyResponse`] and checks it with
//! [`crate::record::check_record`]. Written by hand because the engine's wasm carries no JSON
//! library (it would cost the visitor's download more than this file); `tests/engine`
//! checks that it parses to exactly what serde makes of the record.

use crate::record::SurveyResponse;
use std::fmt::Write;

/// The line that opens the response block in the email (the template writes it).
pub const BLOCK_BEGIN: &str = "-----BEGIN STEPZERO RESPONSE-----";
/// The line that closes it: a block without it was cut short.
pub const BLOCK_END: &str = "-----END STEPZERO RESPONSE-----";

impl SurveyResponse {
    /// Every column of the row (and `id` when present) as compact JSON, NULL as `null`, in
    /// the struct's order.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        let mut field = |name: &str, value: Json<'_>| {
            if out.len() > 1 {
                out.push(',');
            }
            string(&mut out, name);
            out.push(':');
            match value {
                Json::Text(Some(text)) => string(&mut out, text),
                Json::Text(None) | Json::Number(None) => out.push_str("null"),
                Json::Number(Some(n)) => out.push_str(&n.to_string()),
                Json::Bool(b) => out.push_str(if b { "true" } else { "false" }),
            }
        };
        if let Some(id) = &self.id {
            field("id", Json::Text(Some(id)));
        }
        field(
            "question1_challenge",
            Json::Text(Some(&self.question1_challenge)),
        );
        field("question2_source", Json::Text(Some(&self.question2_source)));
        field(
            "question3_completed",
            Json::Text(Some(&self.question3_completed)),
        );
        field(
            "question4a_discomfort",
            Json::Text(Option::as_deref(&self.question4a_discomfort)),
        );
        field(
            "question4b_reason",
            Json::Text(Option::as_deref(&self.question4b_reason)),
        );
        field(
            "question4b_other",
            Json::Text(Option::as_deref(&self.question4b_other)),
        );
        field(
            "question5a_another",
            Json::Text(Option::as_deref(&self.question5a_another)),
        );
        field(
            "question5b_reminder",
            Json::Text(Option::as_deref(&self.question5b_reminder)),
        );
        field(
            "question5b_email",
            Json::Text(Option::as_deref(&self.question5b_email)),
        );
        field(
            "question6_consent",
            Json::Text(Some(&self.question6_consent)),
        );
        field("question7_age", Json::Number(self.question7_age));
        field("question8_gender", Json::Text(Some(&self.question8_gender)));
        field("terms_consent", Json::Bool(self.terms_consent));
        field("completion_time", Json::Text(Some(&self.completion_time)));
        field("user_agent", Json::Text(Some(&self.user_agent)));
        field("ip_address", Json::Text(Some(&self.ip_address)));
        field("survey_version", Json::Text(Some(&self.survey_version)));
        field(
            "media_file_url",
            Json::Text(Option::as_deref(&self.media_file_url)),
        );
        field(
            "media_file_name",
            Json::Text(Option::as_deref(&self.media_file_name)),
        );
        // The proof of work, so `stepzero-ops import` can tell a visitor's email from a forged
        // one; left out when there is none, as serde leaves it out of the row.
        if let Some(nonce) = &self.work_nonce {
            field("work_nonce", Json::Text(Some(nonce)));
        }
        out.push('}');
        out
    }
}

enum Json<'a> {
    Text(Option<&'a str>),
    Number(Option<u8>),
    Bool(bool),
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
