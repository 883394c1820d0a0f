//! The email backup fits any valid response (spec section 7.3): with the photo left out, the
//! request the EmailJS SDK sends — `JSON.stringify({lib_version, user_id, service_id,
//! template_id, template_params})`, non-ASCII as raw UTF-8, `"`, `\` and control characters
//! escaped — is at most EmailJS's free-plan limit of 50 KB (51,200 bytes) for every answer set
//! the engine accepts, however long and however hard to escape its texts are.

use proptest::prelude::*;
use serde_json::{Map, Value};
use stepzero_core::constants::{
    MAX_EMAIL_CHARS, MAX_FILE_NAME_CHARS, MAX_MIME_TYPE_CHARS, MAX_TEXT_CHARS, MAX_USER_AGENT_CHARS,
};
use stepzero_core::email::{email_params, FileInfo};
use stepzero_core::record::{build_record, RecordMeta};
use stepzero_core::{work, Answers};

/// EmailJS's free plan: 50 KB of request body.
const LIMIT: usize = 51_200;
const ID: &str = "0b6f4a6e-3c1d-4f7e-9a2b-1c2d3e4f5a6b";

/// The request body's size in UTF-8 bytes, as @emailjs/browser 4.4.1's `send` builds it
/// (serde_json escapes as JSON.stringify does: `"`, `\`, U+0000..U+001F; nothing else). The
/// ids are longer than EmailJS's (a public key of 64 characters, service and template ids of
/// 64), so the bound holds for any account.
fn body_bytes(params: &[(&'static str, String)]) -> usize {
    let template: Map<String, Value> = params
        .iter()
        .map(|(k, v)| ((*k).to_owned(), Value::String(v.clone())))
        .collect();
    let body = serde_json::json!({
        "lib_version": "4.4.1",
        "user_id": "k".repeat(64),
        "service_id": "s".repeat(64),
        "template_id": "t".repeat(64),
        "template_params": template,
    });
    serde_json::to_string(&body).expect("JSON").len()
}

/// The characters that cost the most: 4-byte emoji (4 raw bytes), a control character (6 bytes
/// as `\u0001`), quotes and backslashes (2), markup, a line break.
fn heavy_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => Just('😀'),
        4 => Just('\u{1}'),
        1 => Just('"'),
        1 => Just('\\'),
        1 => proptest::sample::select(vec!['<', '>', '&', '\n', '\u{1f}', '\u{10ffff}', 'é', '語']),
        1 => any::<char>(),
    ]
}

/// A text of `min..=max` heavy characters that neither starts nor ends with white space.
fn heavy_text(min: usize, max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(heavy_char(), min..=max).prop_map(|chars| {
        let text: String = chars.into_iter().collect();
        let text = text.trim();
        if text.is_empty() {
            "😀".to_owned()
        } else {
            text.to_owned()
        }
    })
}

/// A valid reminder address of up to 254 characters: a heavy local part, `@x.co`.
fn heavy_email() -> impl Strategy<Value = String> {
    proptest::collection::vec(heavy_char(), 1..=MAX_EMAIL_CHARS - 5).prop_map(|chars| {
        let local: String = chars
            .into_iter()
            .filter(|c| !c.is_whitespace() && *c != '@')
            .collect();
        let local = if local.is_empty() {
            "a".to_owned()
        } else {
            local
        };
        format!("{local}@x.co")
    })
}

/// The Not Yet branch with reason Other and a reminder: the three free texts (the challenge,
/// where the visitor heard of it, the other reason) and the email.
fn answers(challenge: String, source: String, other: String, email: String, age: u8) -> Answers {
    Answers {
        question1: Some(challenge),
        question2: Some(source),
        question3: Some("Not Yet".into()),
        question4b: Some("Other".into()),
        answer4b_other: Some(other),
        question5b: Some("Yes".into()),
        answer5b_email: Some(email),
        question6: Some("Yes".into()),
        age: Some(age.to_string()),
        gender: Some("Non-Binary".into()),
        terms_consent: Some(true),
        ..Answers::default()
    }
}

fn meta(user_agent: String, file_name: String, object: String) -> RecordMeta {
    RecordMeta {
        id: Some(ID.into()),
        completion_time: "2026-11-21T10:00:00.000Z".into(),
        user_agent,
        media_file_url: Some(object),
        media_file_name: Some(file_name),
        // The longest work: 32 nonces of 20 digits (work::MAX_WORK_CHARS).
        work_nonce: Some(vec!["18446744073709551615"; work::MAX_PARTS as usize].join(",")),
    }
}

/// The file's details once its photo was dropped for size (or it was no image).
fn dropped(name: String, mime_type: String) -> FileInfo {
    FileInfo {
        name,
        mime_type,
        size: 10_485_760.0,
        uploaded: false,
        base64: None,
        compressed_size: None,
    }
}

/// Every text at its cap, in the costliest characters: 2,000 control characters (6 bytes
/// each once JSON-escaped) in each free text, the longest valid address, user agent, file
/// names and type.
fn worst() -> (Answers, RecordMeta, FileInfo) {
    let control = |n: usize| "\u{1}".repeat(n);
    let answers = answers(
        control(MAX_TEXT_CHARS),
        control(MAX_TEXT_CHARS),
        control(MAX_TEXT_CHARS),
        format!("{}@x.co", control(MAX_EMAIL_CHARS - 5)),
        120,
    );
    let meta = meta(
        control(MAX_USER_AGENT_CHARS),
        control(MAX_FILE_NAME_CHARS),
        control(MAX_FILE_NAME_CHARS),
    );
    let file = dropped(
        control(MAX_FILE_NAME_CHARS + 100),
        control(MAX_FILE_NAME_CHARS + 100),
    );
    (answers, meta, file)
}

#[test]
fn the_largest_valid_response_fits_emailjs_50_kb() {
    let (answers, meta, file) = worst();
    let record = build_record(&answers, &meta).expect("a valid response");
    let body = body_bytes(&email_params(&answers, &record, Some(&file)));
    println!("worst case (control characters): {body} bytes of request body");
    let control_body = body;
    // The same in 4-byte emoji, the most UTF-8 bytes a character can take.
    let emoji = |n: usize| "😀".repeat(n);
    let answers = self::answers(
        emoji(MAX_TEXT_CHARS),
        emoji(MAX_TEXT_CHARS),
        emoji(MAX_TEXT_CHARS),
        format!("{}@x.co", emoji(MAX_EMAIL_CHARS - 5)),
        120,
    );
    let meta = self::meta(
        emoji(MAX_USER_AGENT_CHARS),
        emoji(MAX_FILE_NAME_CHARS),
        emoji(MAX_FILE_NAME_CHARS),
    );
    let record = build_record(&answers, &meta).expect("a valid response");
    let file = dropped(emoji(MAX_FILE_NAME_CHARS), emoji(MAX_MIME_TYPE_CHARS));
    let body = body_bytes(&email_params(&answers, &record, Some(&file)));
    println!("worst case (emoji): {body} bytes of request body");
    assert!(control_body <= LIMIT, "{control_body} bytes");
    assert!(body <= LIMIT, "{body} bytes");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_valid_response_fits_emailjs_50_kb(
        challenge in heavy_text(MAX_TEXT_CHARS - 50, MAX_TEXT_CHARS),
        source in heavy_text(1, MAX_TEXT_CHARS),
        other in heavy_text(1, MAX_TEXT_CHARS),
        email in heavy_email(),
        age in 1u8..=120,
        user_agent in heavy_text(0, MAX_USER_AGENT_CHARS + 50),
        file_name in heavy_text(1, MAX_FILE_NAME_CHARS + 50),
        object in heavy_text(1, MAX_FILE_NAME_CHARS + 50),
        mime in heavy_text(1, MAX_MIME_TYPE_CHARS + 50),
        with_file in any::<bool>(),
    ) {
        let answers = answers(challenge, source, other, email, age);
        // Every generated answer set is valid: the bound is proven on real responses.
        let record = build_record(&answers, &meta(user_agent, file_name.clone(), object));
        prop_assert!(record.is_ok(), "{:?}", record);
        let record = record.expect("valid");
        let file = dropped(file_name, mime);
        let params = email_params(&answers, &record, with_file.then_some(&file));
        let body = body_bytes(&params);
        prop_assert!(body <= LIMIT, "{} bytes", body);
    }
}
