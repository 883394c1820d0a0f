//! The email backup's machine-readable row: it reads back as exactly the row, and
//! `check_record` accepts what the engine builds and refuses anything else, saying why.

use crate::props::any_answers;
use proptest::prelude::*;
use serde_json::Value;
use stepzero_core::email::{email_params, FileInfo};
use stepzero_core::record::{build_record, check_record, RecordMeta, SurveyResponse};
use stepzero_core::record_json::{BLOCK_BEGIN, BLOCK_END};
use stepzero_core::{Answers, EngineError};

const ID: &str = "0b6f4a6e-3c1d-4f7e-9a2b-1c2d3e4f5a6b";

fn meta(user_agent: &str) -> RecordMeta {
    RecordMeta {
        id: Some(ID.into()),
        completion_time: "2026-11-21T10:00:00.000Z".into(),
        user_agent: user_agent.into(),
        media_file_url: None,
        media_file_name: None,
        work_nonce: None,
    }
}

fn meta_with_work(user_agent: &str, work_nonce: Option<String>) -> RecordMeta {
    RecordMeta {
        work_nonce,
        ..meta(user_agent)
    }
}

fn not_yet_with_reminder() -> Answers {
    Answers {
        question1: Some("Talk to a stranger".into()),
        question2: Some("Instagram".into()),
        question3: Some("Not Yet".into()),
        question4b: Some("Other".into()),
        answer4b_other: Some("Shy".into()),
        question5b: Some("Yes".into()),
        answer5b_email: Some("a@b.co".into()),
        question6: Some("No".into()),
        age: Some("30".into()),
        gender: Some("Male".into()),
        terms_consent: Some(true),
        ..Answers::default()
    }
}

fn refusal(record: &SurveyResponse) -> String {
    match check_record(record) {
        Err(EngineError::BadRecord(why)) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

proptest! {
    #[test]
    fn the_json_reads_back_as_the_row_and_the_row_checks(
        answers in any_answers(),
        user_agent in any::<String>(),
        work_nonce in proptest::option::of("[0-9]{1,20}(,[0-9]{1,20}){0,31}"),
    ) {
        if let Ok(record) = build_record(&answers, &meta_with_work(&user_agent, work_nonce)) {
            let json = record.to_json();
            prop_assert!(json.bytes().all(|b| b.is_ascii_graphic()), "{json}");
            let parsed: Value = serde_json::from_str(&json).expect("valid JSON");
            prop_assert_eq!(&parsed, &serde_json::to_value(&record).expect("serde"));
            let back: SurveyResponse = serde_json::from_str(&json).expect("a row");
            prop_assert_eq!(&back, &record);
            prop_assert_eq!(check_record(&back), Ok(()));
        }
    }
}

#[test]
fn a_row_without_an_id_or_with_a_bad_one_is_refused() {
    let mut record = build_record(&not_yet_with_reminder(), &meta("ua")).expect("record");
    record.id = None;
    assert_eq!(refusal(&record), "it has no id");
    record.id = Some("42".into());
    assert_eq!(refusal(&record), "its id is not a UUID");
}

#[test]
fn an_invalid_answer_is_named_with_the_surveys_message() {
    let mut record = build_record(&not_yet_with_reminder(), &meta("ua")).expect("record");
    record.question5b_email = Some("not-an-email".into());
    assert_eq!(
        refusal(&record),
        "question 5b (answer5b-email): Please provide a valid email address"
    );
    record.question5b_email = Some("a@b.co".into());
    record.question8_gender = "Robot".into();
    assert_eq!(
        refusal(&record),
        "question 8 (gender): Please provide a response"
    );
}

#[test]
fn a_column_the_engine_would_not_store_is_named() {
    let good = build_record(&not_yet_with_reminder(), &meta("ua")).expect("record");
    let mut record = good.clone();
    record.question4a_discomfort = Some("Neutral".into()); // the branch not taken
    assert_eq!(
        refusal(&record),
        "question4a_discomfort is not what the survey stores for these answers"
    );
    let mut record = good.clone();
    record.question1_challenge = "  padded  ".into();
    assert_eq!(
        refusal(&record),
        "question1_challenge is not what the survey stores for these answers"
    );
    let mut record = good;
    record.media_file_url = Some("1_a.jpg".into()); // a file without consent to share
    assert_eq!(
        refusal(&record),
        "media_file_url is not what the survey stores for these answers"
    );
}

/// EmailJS caps a request's dynamic variables (50 KB on its free plan, more on paid ones; the
/// attachment counts). The block holds only the id and the work (email_size.rs proves the
/// whole request's bound without the photo); measure the worst case the survey allows:
/// three 2,000-character answers of characters that escape longest, a 254-character email
/// address, a 512-character user agent and the largest photo the email may carry.
#[test]
fn the_worst_case_email_stays_within_measured_bounds() {
    let long = "\u{1F600}".repeat(2_000); // 4 bytes each, once: the block has no answer
    let answers = Answers {
        question1: Some(long.clone()),
        question2: Some(long.clone()),
        answer4b_other: Some(long),
        answer5b_email: Some(format!("{}@example.com", "a".repeat(242))),
        ..not_yet_with_reminder()
    };
    let record = build_record(&answers, &meta(&"U".repeat(512))).expect("record");
    let photo = FileInfo {
        name: "photo.jpg".into(),
        mime_type: "image/jpeg".into(),
        size: 5e6,
        uploaded: false,
        base64: Some("A".repeat(54_616)), // base64 of 40,960 bytes
        compressed_size: Some(40_960.0),
    };
    let params = email_params(&answers, &record, Some(&photo));
    let size =
        |pairs: &[(&str, String)]| -> usize { pairs.iter().map(|(k, v)| k.len() + v.len()).sum() };
    let block = params
        .iter()
        .find(|(k, _)| *k == "response_json")
        .map(|(_, v)| v.len())
        .expect("response_json");
    let total = size(&params);
    println!("worst case: params {total} bytes, of which the block {block}");
    // The block: the format, the id and at most a 20-digit nonce, whatever the answers.
    assert!(block < 128, "block {block}");
    // The photo's base64 (54,616) and three answers once (24,000) and the short columns.
    assert!(total < 90_000, "total {total}");
}

#[test]
fn the_template_carries_the_block_between_the_engines_markers() {
    let template = include_str!("../../../web/deploy/emailjs-template.html");
    let begin = template.find(BLOCK_BEGIN).expect("begin marker");
    let end = template.find(BLOCK_END).expect("end marker");
    let inside = &template[begin + BLOCK_BEGIN.len()..end];
    assert!(inside.contains("{{response_json}}"), "{inside}");
    assert!(!inside.contains("{{{"));
    // Every other column the import reads from its own cell.
    for column in stepzero_core::row::COLUMNS.iter().filter(|c| c.emailed) {
        let cell = format!("<td data-column=\"{0}\">{{{{{0}}}}}</td>", column.name);
        assert!(template.contains(&cell), "{cell}");
    }
}
