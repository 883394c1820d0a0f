//! Backup emails as EmailJS would send them: the repository's template rendered with the
//! engine's params (every `{{name}}` HTML-escaped, as EmailJS does), wrapped in a message
//! with a quoted-printable or base64 body, or several in an mbox.

use encodify::{base64::MIME, qp::BODY};
use stepzero_core::email::email_params;
use stepzero_core::record::{build_record, RecordMeta, SurveyResponse};
use stepzero_core::Answers;

pub const SENDER: &str = "backup@stepzero.test";
const TEMPLATE: &str = include_str!("../../../web/deploy/emailjs-template.html");
/// The template before the short block (commit f1e2a84): no `data-column` cells, the whole
/// row in `response_json`. Emails sent with it must still import.
const TEMPLATE_V1: &str = include_str!("emailjs-template-v1.html");

/// Complete answers on the Yes branch with `challenge` as question 1.
pub fn yes(challenge: &str, consent: &str, age: &str) -> Answers {
    Answers {
        question1: Some(challenge.into()),
        question2: Some("Instagram".into()),
        question3: Some("Yes".into()),
        question4a: Some("Really Uncomfortable".into()),
        question5a: Some("Yes".into()),
        question6: Some(consent.into()),
        age: Some(age.into()),
        gender: Some("Female".into()),
        terms_consent: Some(true),
        ..Answers::default()
    }
}

/// Complete answers on the Not Yet branch, reason Other with `other`, a reminder to `email`.
pub fn not_yet(challenge: &str, other: &str, email: &str) -> Answers {
    Answers {
        question1: Some(challenge.into()),
        question2: Some("A friend".into()),
        question3: Some("Not Yet".into()),
        question4b: Some("Other".into()),
        answer4b_other: Some(other.into()),
        question5b: Some("Yes".into()),
        answer5b_email: Some(email.into()),
        question6: Some("No".into()),
        age: Some("41".into()),
        gender: Some("Non-Binary".into()),
        terms_consent: Some(true),
        ..Answers::default()
    }
}

/// The row the site would have built for `answers`, with `id`, completed at `time`, with its
/// proof of work (none when `time` is not a time).
pub fn record(answers: &Answers, id: &str, time: &str) -> SurveyResponse {
    record_with_file(answers, id, time, None)
}

/// [`record`], naming the uploaded file `file` (the object's name in the bucket) when the
/// answers consent to sharing it.
pub fn record_with_file(
    answers: &Answers,
    id: &str,
    time: &str,
    file: Option<&str>,
) -> SurveyResponse {
    let meta = RecordMeta {
        id: Some(id.into()),
        completion_time: time.into(),
        user_agent: "Mozilla/5.0 (Linux; Android 14) \"quoted\" <ua>".into(),
        media_file_url: file.map(str::to_owned),
        media_file_name: file.map(|_| "photo.jpg".to_owned()),
        work_nonce: super::support::work_nonce(id, time),
    };
    build_record(answers, &meta).expect("complete answers")
}

/// What `{{ }}` does in EmailJS (Mustache's escaping).
fn escape(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
        .replace('/', "&#x2F;")
        .replace('`', "&#x60;")
        .replace('=', "&#x3D;")
}

/// The template rendered for `answers` and `row` (its `response_json` possibly replaced by
/// `block`, to forge a response the engine refuses).
pub fn html(answers: &Answers, row: &SurveyResponse, block: Option<String>) -> String {
    render(TEMPLATE, answers, row, block)
}

/// An email as the site sent it before the short block: the old template, the whole row as
/// `response_json`.
pub fn html_v1(answers: &Answers, row: &SurveyResponse) -> String {
    render(TEMPLATE_V1, answers, row, Some(row.to_json()))
}

fn render(
    template: &str,
    answers: &Answers,
    row: &SurveyResponse,
    block: Option<String>,
) -> String {
    let mut html = template.to_owned();
    for (name, value) in email_params(answers, row, None) {
        let value = match (name, &block) {
            ("response_json", Some(forged)) => forged.clone(),
            _ => value,
        };
        html = html.replace(&format!("{{{{{name}}}}}"), &escape(&value));
    }
    let body = html
        .split_once("-->")
        .map_or(html.as_str(), |(_, body)| body);
    assert!(
        !body.contains("{{"),
        "a template variable the engine does not send"
    );
    html
}

/// How the body travels.
#[derive(Clone, Copy)]
pub enum Encoding {
    QuotedPrintable,
    Base64,
}

/// A single-part HTML message from `from`.
pub fn eml(from: &str, html: &str, encoding: Encoding) -> Vec<u8> {
    eml_sent(
        from,
        html,
        encoding,
        Some("Sat, 21 Nov 2026 10:00:00 +0000"),
    )
}

/// [`eml`] with `date` as its Date header (RFC 5322), or none.
pub fn eml_sent(from: &str, html: &str, encoding: Encoding, date: Option<&str>) -> Vec<u8> {
    let date = date.map_or(String::new(), |date| format!("Date: {date}\r\n"));
    let mut out = format!(
        "From: Step Zero <{from}>\r\nTo: team@stepzero.test\r\n\
         Subject: Step Zero response (email backup)\r\n{date}\
         MIME-Version: 1.0\r\nContent-Type: text/html; charset=\"utf-8\"\r\n\
         Content-Transfer-Encoding: {}\r\n\r\n",
        match encoding {
            Encoding::QuotedPrintable => "quoted-printable",
            Encoding::Base64 => "base64",
        }
    )
    .into_bytes();
    match encoding {
        Encoding::QuotedPrintable => BODY.encode_append(html, &mut out),
        Encoding::Base64 => MIME.encode_append(html, &mut out),
    };
    out
}

/// A multipart/alternative message (a plain-text part and the HTML), as many services send.
pub fn multipart(from: &str, html: &str) -> Vec<u8> {
    mail_builder::MessageBuilder::new()
        .from(("Step Zero", from))
        .to("team@stepzero.test")
        .subject("Step Zero response (email backup)")
        .text_body("The response is in the HTML part.")
        .html_body(html.to_owned())
        .write_to_vec()
        .expect("message")
}

/// Messages in one mbox file (mboxrd: `From ` lines in a body are quoted).
pub fn mbox(messages: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for message in messages {
        out.extend_from_slice(format!("From {SENDER} Sat Nov 21 10:00:00 2026\n").as_bytes());
        let text = String::from_utf8_lossy(message).replace("\r\n", "\n");
        for line in text.lines() {
            if line.trim_start_matches('>').starts_with("From ") {
                out.push(b'>');
            }
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        out.push(b'\n');
    }
    out
}
