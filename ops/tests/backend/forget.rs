//! `forget`: a deletion request removes the response and its file's bytes, leaves a tombstone
//! the database refuses the id by (a later delivery from the visitor's outbox is refused), asks
//! before deleting more than one, refuses an ambiguous reference, and a second run finds
//! nothing.

use super::emails;
use super::support::{stack, stderr, stdout, Stack};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};
use stepzero_core::reference::reference;

const TIME: &str = "2026-11-03T10:00:00Z";
const SENDER: &str = "backup@stepzero.example";
const FILE: &str = "1791879000000_photo.jpg";
const BYTES: &[u8] = b"\xff\xd8\xff\xe0 not really a photo, but its bytes";

fn insert(stack: &Stack, id: &str, file: Option<&str>) {
    let answers = emails::yes("Sing on the bus", "Yes", "31");
    let row = emails::record_with_file(&answers, id, TIME, file);
    stack.insert(
        &stack.service_key,
        &serde_json::to_value(row).expect("json"),
    );
}

fn insert_with_email(stack: &Stack, id: &str, email: &str) {
    let answers = emails::not_yet("Cold shower", "Too cold", email);
    let row = emails::record(&answers, id, TIME);
    stack.insert(
        &stack.service_key,
        &serde_json::to_value(row).expect("json"),
    );
}

/// The object's bytes as the stand-in stores them; `None` when it has none.
fn stored_bytes(stack: &Stack, name: &str) -> Option<Vec<u8>> {
    let mut answer = ureq::get(format!("{}/__stack/objects/survey_media/{name}", stack.url))
        .config()
        .http_status_as_error(false)
        .build()
        .call()
        .expect("the stand-in answers");
    (answer.status() == 200).then(|| answer.body_mut().read_to_vec().expect("bytes"))
}

/// The object as the Storage API serves it to the service role: its HTTP status.
fn served(stack: &Stack, name: &str) -> u16 {
    ureq::get(format!(
        "{}/storage/v1/object/survey_media/{name}",
        stack.url
    ))
    .header("apikey", &stack.service_key)
    .header("Authorization", format!("Bearer {}", stack.service_key))
    .config()
    .http_status_as_error(false)
    .build()
    .call()
    .expect("storage answers")
    .status()
    .as_u16()
}

fn ids(stack: &Stack) -> Vec<String> {
    stack
        .rows()
        .iter()
        .map(|r| r["id"].as_str().expect("id").to_owned())
        .collect()
}

/// Runs the tool with `input` on its standard input.
fn tool_with_input(
    stack: &Stack,
    dir: &std::path::Path,
    args: &[&str],
    input: &str,
) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stepzero-ops"))
        .current_dir(dir)
        .args(args)
        .env_remove("STEPZERO_BACKUP_FROM")
        .env("STEPZERO_SUPABASE_URL", &stack.url)
        .env("STEPZERO_SERVICE_ROLE_KEY", &stack.service_key)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input");
    child.wait_with_output().expect("output")
}

/// An insert with the anon key, as the site's outbox delivers a response: its HTTP status and
/// PostgreSQL code.
fn deliver(stack: &Stack, id: &str) -> (u16, String) {
    let time = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let answers = emails::yes("Sing on the bus", "No", "31");
    let mut row = serde_json::to_value(emails::record(&answers, id, &time)).expect("json");
    row["work_nonce"] = Value::from(super::support::work_nonce(id, &time).expect("work"));
    let mut answer = ureq::post(format!("{}/rest/v1/survey_responses", stack.url))
        .header("apikey", &stack.anon_key)
        .header("Authorization", format!("Bearer {}", stack.anon_key))
        .header("Content-Type", "application/json")
        .header("Prefer", "return=minimal")
        .config()
        .http_status_as_error(false)
        .build()
        .send(row.to_string())
        .expect("the stack answers");
    let status = answer.status().as_u16();
    let body: Value = serde_json::from_str(&answer.body_mut().read_to_string().unwrap_or_default())
        .unwrap_or(Value::Null);
    (status, body["code"].as_str().unwrap_or_default().to_owned())
}

#[test]
fn forget_by_reference_removes_the_row_and_the_files_bytes_for_good() {
    let Some(stack) = stack() else { return };
    let id = "5f000001-0001-4000-8000-000000000001";
    let other = "5f000002-0001-4000-8000-000000000002";
    stack.upload(FILE, "image/jpeg", BYTES);
    insert(&stack, id, Some(FILE));
    insert(&stack, other, None);
    assert_eq!(stored_bytes(&stack, FILE).as_deref(), Some(BYTES));
    let dir = tempfile::tempdir().expect("dir");
    let typed = reference(id)
        .expect("a reference")
        .to_lowercase()
        .replace('-', " ");

    let output = stack.tool(dir.path(), &["forget", &typed], &[]);
    assert!(output.status.success(), "{output:?}");
    let said = stdout(&output);
    assert!(said.contains(&format!("forgot {id}")), "{said}");
    assert!(said.contains(&format!("its file {FILE} deleted")), "{said}");
    assert_eq!(ids(&stack), [other], "only the named response is gone");
    assert_eq!(stored_bytes(&stack, FILE), None, "the bytes are gone");
    assert_eq!(
        served(&stack, FILE),
        400,
        "the Storage API no longer serves it"
    );

    let again = stack.tool(dir.path(), &["forget", &typed], &[]);
    assert!(again.status.success(), "{again:?}");
    assert!(stdout(&again).starts_with("nothing to forget"), "{again:?}");
    assert_eq!(ids(&stack), [other]);

    // The visitor's outbox still held it: its late delivery is refused for good (410, which
    // the outbox does not retry), and nothing is stored.
    assert_eq!(deliver(&stack, id), (410, "PT410".to_owned()));
    assert_eq!(ids(&stack), [other]);
    // A response nobody forgot is still stored the same way.
    let fresh = "5f000003-0001-4000-8000-000000000003";
    assert_eq!(deliver(&stack, fresh).0, 201);
}

#[test]
fn forget_by_id_and_an_id_not_stored_yet_is_refused_when_it_arrives() {
    let Some(stack) = stack() else { return };
    let id = "5f000011-0001-4000-8000-000000000011";
    insert(&stack, id, None);
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["forget", &id.to_uppercase()], &[]);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains(&format!("forgot {id}")));
    assert!(stdout(&output).contains("no file"));
    assert!(ids(&stack).is_empty());

    // Its emailed backup, imported later: refused, with the reason.
    let answers = emails::yes("Sing on the bus", "Yes", "31");
    let row = emails::record(&answers, id, TIME);
    let html = emails::html(&answers, &row, None);
    let eml = emails::eml(SENDER, &html, emails::Encoding::QuotedPrintable);
    std::fs::write(dir.path().join("backup.eml"), eml).expect("write");
    let output = stack.tool(dir.path(), &["import", "backup.eml"], &[]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).contains("refused 1")
            && stdout(&output).contains("it was deleted at its respondent's request"),
        "{output:?}"
    );
    assert!(ids(&stack).is_empty());

    let later = "5f000012-0001-4000-8000-000000000012";
    let output = stack.tool(dir.path(), &["forget", later], &[]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).starts_with("nothing to forget"),
        "{output:?}"
    );
    assert_eq!(deliver(&stack, later), (410, "PT410".to_owned()));
    assert!(ids(&stack).is_empty());
}

#[test]
fn forget_by_email_asks_before_deleting_two_and_yes_deletes_both() {
    let Some(stack) = stack() else { return };
    let (a, b, kept) = (
        "5f000021-0001-4000-8000-000000000021",
        "5f000022-0001-4000-8000-000000000022",
        "5f000023-0001-4000-8000-000000000023",
    );
    insert_with_email(&stack, a, "sam@mail.example");
    insert_with_email(&stack, b, "Sam@Mail.example");
    insert_with_email(&stack, kept, "kim@mail.example");
    let dir = tempfile::tempdir().expect("dir");

    // No answer (standard input closed), then "n": nothing is deleted.
    for input in [None, Some("n\n")] {
        let output = match input {
            None => stack.tool(dir.path(), &["forget", "sam@mail.example"], &[]),
            Some(text) => {
                tool_with_input(&stack, dir.path(), &["forget", "sam@mail.example"], text)
            }
        };
        assert!(!output.status.success(), "{output:?}");
        assert!(stderr(&output).contains("2 responses match"), "{output:?}");
        assert!(stderr(&output).contains("[y/N]"), "{output:?}");
        assert!(
            stderr(&output).contains("nothing was deleted"),
            "{output:?}"
        );
        assert_eq!(ids(&stack), [a, b, kept]);
    }

    let output = stack.tool(dir.path(), &["forget", "SAM@mail.example", "--yes"], &[]);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("forgot 2 responses"), "{output:?}");
    assert_eq!(ids(&stack), [kept]);
    let again = stack.tool(dir.path(), &["forget", "sam@mail.example"], &[]);
    assert!(again.status.success(), "{again:?}");
    assert!(stdout(&again).starts_with("nothing to forget"), "{again:?}");

    // "y" on standard input is a yes too.
    let kept_too = "5f000024-0001-4000-8000-000000000024";
    insert_with_email(&stack, kept_too, "kim@mail.example");
    let output = tool_with_input(&stack, dir.path(), &["forget", "kim@mail.example"], "y\n");
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("forgot 2 responses"), "{output:?}");
    assert!(ids(&stack).is_empty());
}

#[test]
fn a_reference_matching_two_responses_is_refused_and_deletes_nothing() {
    let Some(stack) = stack() else { return };
    let (a, b) = (
        "5f5a5a5a-5a00-4000-8000-000000000031",
        "5f5a5a5a-5aff-4000-8000-000000000032",
    );
    insert(&stack, a, None);
    insert(&stack, b, None);
    let r = reference(a).expect("reference");
    assert_eq!(
        reference(b).as_deref(),
        Some(r.as_str()),
        "same first 40 bits"
    );
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["forget", &r, "--yes"], &[]);
    assert!(!output.status.success(), "{output:?}");
    let said = stderr(&output);
    assert!(said.contains("matches 2 responses"), "{said}");
    assert!(
        said.contains(a) && said.contains(b),
        "both are listed: {said}"
    );
    assert_eq!(ids(&stack), [a, b]);
    assert_eq!(
        deliver(&stack, "5f5a5a5a-5a11-4000-8000-000000000033").0,
        201,
        "no tombstone was left"
    );

    let output = stack.tool(dir.path(), &["forget", "not-a-thing"], &[]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("is not a reference"), "{output:?}");
}
