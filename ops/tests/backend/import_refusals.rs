//! `import`'s refusals of emails that look real: work short of what the database asked when the
//! email was sent, a file another response claims, and `--accept-without-work <id>`, which
//! lets in the named responses only.

use super::emails::{self, Encoding, SENDER};
use super::import::{assert_stored, IDS};
use super::support::{instant, stack, stderr, stdout};
use serde_json::Value;
use std::path::Path;
use stepzero_core::record::SurveyResponse;
use stepzero_core::{work, Answers};

/// The difficulty the operator raises to in the tests below. The default's work for the ids
/// and time used there falls short of it (each test checks, so a lucky nonce cannot pass).
const RAISED: u32 = 24;
const TIME: &str = "2026-10-01T08:30:00.000Z";

/// Writes `record` as a single-part email `name` in `dir`, sent at `date` (RFC 5322) or with
/// no Date header.
fn write_email(
    dir: &Path,
    name: &str,
    answers: &Answers,
    record: &SurveyResponse,
    date: Option<&str>,
) {
    let html = emails::html(answers, record, None);
    let eml = emails::eml_sent(SENDER, &html, Encoding::QuotedPrintable, date);
    std::fs::write(dir.join(name), eml).expect("write");
}

/// Whether `record`'s work meets `difficulty`.
fn holds_at(record: &SurveyResponse, difficulty: u32) -> bool {
    let ms = instant(&Value::from(record.completion_time.clone())).timestamp_millis();
    let nonce = record.work_nonce.as_deref().expect("work");
    let id = record.id.as_deref().expect("id");
    work::verify(
        id,
        u64::try_from(ms).expect("after 1970"),
        nonce,
        difficulty,
    )
}

/// An email's Date as the refusals name it.
fn shown(date: chrono::DateTime<chrono::Utc>) -> String {
    date.format("%Y-%m-%d %H:%M:%S UTC").to_string()
}

#[test]
fn work_is_checked_at_the_difficulty_asked_for_when_the_email_was_sent() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let answers = emails::yes("Sing on the bus", "No", "30");
    let [before, after, undated] =
        [IDS[0], IDS[1], IDS[2]].map(|id| emails::record(&answers, id, TIME));
    for record in [&before, &after, &undated] {
        assert!(holds_at(record, work::DEFAULT_DIFFICULTY) && !holds_at(record, RAISED));
    }
    let sent_before = chrono::Utc::now() - chrono::Duration::hours(1);
    stack.set_difficulty(RAISED);
    // After the raise (a Date header counts whole seconds, so a minute after it).
    let sent_after = chrono::Utc::now() + chrono::Duration::minutes(1);
    write_email(
        dir.path(),
        "before.eml",
        &answers,
        &before,
        Some(&sent_before.to_rfc2822()),
    );
    write_email(
        dir.path(),
        "after.eml",
        &answers,
        &after,
        Some(&sent_after.to_rfc2822()),
    );
    write_email(dir.path(), "undated.eml", &answers, &undated, None);

    let output = stack.tool(dir.path(), &["import", "."], &[]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        format!(
            "imported 1, already stored 0, refused 2\n\
             refused ./after.eml: its proof of work falls short of difficulty 24, which the \
             database asked for when the email was sent ({}): forged, or solved while the site \
             could not reach the database; check its id with the team that runs the site, then \
             import it with --accept-without-work {}\n\
             refused ./undated.eml: its proof of work falls short of difficulty 24, which the \
             database asks for now (the email has no Date header to tell when it was sent): \
             forged, or solved while the site could not reach the database; check its id with \
             the team that runs the site, then import it with --accept-without-work {}\n",
            shown(sent_after),
            IDS[1],
            IDS[2]
        )
    );
    let rows = stack.rows();
    assert_eq!(rows.len(), 1, "only the email sent before the raise");
    assert_stored(&rows[0], &before);
}

#[test]
fn an_email_naming_a_file_another_response_claims_is_refused() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let answers = emails::yes("Dance in the rain", "Yes", "27");
    let file = "1791879000000_photo.jpg";
    // A visitor's row reached the database and names its file.
    let visitor = emails::record_with_file(&answers, IDS[0], TIME, Some(file));
    stack.insert(
        &stack.service_key,
        &serde_json::to_value(&visitor).expect("json"),
    );
    // Its own email backup; a forged one, with its own paid work, naming the same file; and
    // one naming a file the bucket does not have yet (it may still come from the outbox).
    let forged = emails::record_with_file(&answers, IDS[1], TIME, Some(file));
    let early = emails::record_with_file(&answers, IDS[2], TIME, Some("1791879000001_photo.jpg"));
    write_email(dir.path(), "1-visitor.eml", &answers, &visitor, None);
    write_email(dir.path(), "2-forged.eml", &answers, &forged, None);
    write_email(dir.path(), "3-early.eml", &answers, &early, None);

    let output = stack.tool(dir.path(), &["import", "."], &[]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        format!(
            "imported 1, already stored 1, refused 1\n\
             refused ./2-forged.eml: another response ({}) already claims its file {file}: an \
             email may point at any visitor's file, so it was not imported\n",
            IDS[0]
        )
    );
    let rows = stack.rows();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["media_file_url"], file);
    assert_stored(&rows[1], &early);
}

#[test]
fn accept_without_work_accepts_only_the_ids_it_is_given() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let answers = emails::yes("Call an old friend", "No", "52");
    let [mut asked, mut other, short] =
        [IDS[0], IDS[1], IDS[2]].map(|id| emails::record(&answers, id, TIME));
    asked.work_nonce = None;
    other.work_nonce = None;
    assert!(!holds_at(&short, RAISED));
    stack.set_difficulty(RAISED);
    write_email(dir.path(), "asked.eml", &answers, &asked, None);
    write_email(dir.path(), "other.eml", &answers, &other, None);
    write_email(dir.path(), "short.eml", &answers, &short, None);
    let typo = "10000000-0000-4000-8000-00000000000f";

    let output = stack.tool(
        dir.path(),
        &[
            "import",
            ".",
            "--accept-without-work",
            IDS[0],
            "--accept-without-work",
            &IDS[2].to_uppercase(),
            "--accept-without-work",
            typo,
        ],
        &[],
    );
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        format!(
            "imported 2, already stored 0, refused 1\n\
             refused ./other.eml: it carries no proof of work: check its id with the team that \
             runs the site, then import it with --accept-without-work {}\n\
             not found: {typo}\n",
            IDS[1]
        )
    );
    let rows = stack.rows();
    assert_eq!(rows.len(), 2);
    assert_stored(&rows[0], &asked);
    assert_stored(&rows[1], &short);

    // Never a whole run: the flag needs an id, and a file name is not one.
    let output = stack.tool(
        dir.path(),
        &["import", "--accept-without-work", "other.eml", "."],
        &[],
    );
    assert!(!output.status.success(), "{output:?}");
    assert!(
        stderr(&output).contains("is not a response id"),
        "{}",
        stderr(&output)
    );
    assert_eq!(stack.rows().len(), 2);
}

#[test]
fn the_difficulty_history_answers_the_service_role_only() {
    let Some(stack) = stack() else { return };
    let ask = |key: &str, sent_at: Value| {
        let mut answer = ureq::post(format!("{}/rest/v1/rpc/work_difficulty_at", stack.url))
            .config()
            .http_status_as_error(false)
            .build()
            .header("apikey", key)
            .header("Authorization", format!("Bearer {key}"))
            .header("Content-Type", "application/json")
            .send(serde_json::json!({ "sent_at": sent_at }).to_string())
            .expect("an answer");
        let status = answer.status().as_u16();
        let body: Value =
            serde_json::from_str(&answer.body_mut().read_to_string().expect("text")).expect("json");
        (status, body)
    };
    let service = stack.service_key.as_str();
    assert_eq!(
        ask(service, Value::Null),
        (200, Value::from(work::DEFAULT_DIFFICULTY))
    );
    stack.set_difficulty(RAISED);
    let later = chrono::Utc::now() + chrono::Duration::minutes(1);
    assert_eq!(ask(service, Value::Null), (200, Value::from(RAISED)));
    assert_eq!(
        ask(service, Value::from(later.to_rfc3339())),
        (200, Value::from(RAISED))
    );
    let (status, body) = ask(&stack.anon_key, Value::Null);
    assert!(matches!(status, 401 | 403), "{status} {body}");
    assert_eq!(body["code"], "42501", "{body}");
}
