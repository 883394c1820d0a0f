//! `remind` against the real local stack and the Resend stand-in: a due reminder goes once, to
//! the right address, with the response's reference and nothing the visitor typed; runs started
//! together, or after a run killed right after its send, send no second one; the per-address
//! period and the daily cap hold; an address the service refuses is erased and does not hold
//! up the next reminder; after the send the address is nowhere in the database; a forget made
//! while a run waits between two sends keeps the next reminder from going.

use super::emails;
use super::support::{stack, stderr, stdout, Row, Stack};
use serde_json::Value;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use stepzero_core::reference::reference;

const TIME: &str = "2026-11-03T10:00:00Z";
const RESEND_KEY: &str = "re_stepzero_local_stack";
const FROM: &str = "Step Zero <reminders@stepzero.example>";
const SITE: &str = "https://stepzero.example";
/// Words the visitor typed: none may reach the email.
const CHALLENGE: &str = "Ask my neighbour Quentin for his ladder";
const OTHER: &str = "Afraid of the purple door";

fn env(stack: &Stack) -> Vec<(&'static str, String)> {
    vec![
        ("STEPZERO_RESEND_URL", format!("{}/resend", stack.url)),
        ("STEPZERO_RESEND_API_KEY", RESEND_KEY.to_owned()),
        ("STEPZERO_REMINDER_FROM", FROM.to_owned()),
        ("STEPZERO_SITE_URL", SITE.to_owned()),
    ]
}

fn remind(stack: &Stack) -> std::process::Output {
    let dir = tempfile::tempdir().expect("dir");
    let env = env(stack);
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    stack.tool(dir.path(), &["remind"], &env)
}

/// The tool as a child process, started now.
fn spawn_remind(stack: &Stack, dir: &std::path::Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_stepzero-ops"))
        .current_dir(dir)
        .arg("remind")
        .env_remove("STEPZERO_BACKUP_FROM")
        .env("STEPZERO_SUPABASE_URL", &stack.url)
        .env("STEPZERO_SERVICE_ROLE_KEY", &stack.service_key)
        .envs(env(stack))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool runs")
}

/// Stores a Not Yet response asking for a reminder to `email`, stored `days_ago` days ago.
fn response(stack: &Stack, id: &str, email: &str, days_ago: f64) {
    let answers = emails::not_yet(CHALLENGE, OTHER, email);
    let row = emails::record(&answers, id, TIME);
    stack.insert(
        &stack.service_key,
        &serde_json::to_value(row).expect("json"),
    );
    backdate(stack, &[id], &[], days_ago);
}

pub fn backdate(stack: &Stack, rows: &[&str], objects: &[&str], days: f64) {
    let body = serde_json::json!({ "rows": rows, "objects": objects, "days": days });
    let answer = ureq::post(format!("{}/__stack/backdate", stack.url)).send(body.to_string());
    assert!(answer.is_ok(), "backdate: {answer:?}");
}

fn settings(stack: &Stack, values: &Value) {
    let answer = ureq::post(format!("{}/__stack/settings", stack.url)).send(values.to_string());
    assert!(answer.is_ok(), "settings: {answer:?}");
}

fn faults(stack: &Stack, values: &Value) {
    let answer = ureq::post(format!("{}/__stack/faults", stack.url)).send(values.to_string());
    assert!(answer.is_ok(), "faults: {answer:?}");
}

/// What the Resend stand-in sent.
fn sent(stack: &Stack) -> Vec<Value> {
    let body = ureq::get(format!("{}/__stack/resend-emails", stack.url))
        .call()
        .expect("resend-emails")
        .body_mut()
        .read_to_string()
        .expect("text");
    serde_json::from_str(&body).expect("json")
}

fn recipients(stack: &Stack) -> Vec<String> {
    let mut to: Vec<String> = sent(stack)
        .iter()
        .flat_map(|m| m["to"].as_array().expect("to").clone())
        .map(|a| a.as_str().expect("address").to_owned())
        .collect();
    to.sort();
    to
}

/// The tables (every schema, the extensions' and the catalog's included) holding `text`.
fn tables_holding(stack: &Stack, text: &str) -> Vec<String> {
    let body = ureq::get(format!("{}/__stack/find/{text}", stack.url))
        .call()
        .expect("find")
        .body_mut()
        .read_to_string()
        .expect("text");
    let found: Value = serde_json::from_str(&body).expect("json");
    assert!(
        found["tables"].as_u64().expect("tables") > 50,
        "it searched the catalog too: {found}"
    );
    found["found"]
        .as_array()
        .expect("found")
        .iter()
        .map(|f| f["table"].as_str().expect("table").to_owned())
        .collect()
}

fn row(stack: &Stack, id: &str) -> Row {
    stack
        .rows()
        .into_iter()
        .find(|r| r["id"] == id)
        .expect("the row is stored")
}

#[test]
fn a_due_reminder_goes_once_with_the_reference_and_then_the_address_is_nowhere() {
    let Some(stack) = stack() else { return };
    let due = "7e000001-0001-4000-8000-000000000001";
    let young = "7e000002-0001-4000-8000-000000000002";
    response(&stack, due, "Visitor.One@example.org", 8.0);
    response(&stack, young, "visitor.two@example.org", 6.0);

    let output = remind(&stack);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("1 sent"), "{}", stdout(&output));
    let mails = sent(&stack);
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = &mails[0];
    assert_eq!(mail["to"], serde_json::json!(["Visitor.One@example.org"]));
    assert_eq!(mail["from"], FROM);
    let text = mail["text"].as_str().expect("text");
    let reference = reference(due).expect("reference");
    assert!(
        text.contains(&format!("Your reference: {reference}")),
        "{text}"
    );
    assert!(text.contains(SITE), "{text}");
    for typed in [CHALLENGE, OTHER, "Quentin", "purple"] {
        assert!(!text.contains(typed) && !mail["subject"].as_str().unwrap().contains(typed));
    }
    assert!(
        mail["html"].is_null(),
        "plain text only: no pixel, no other link"
    );
    assert_eq!(mail["idempotencyKey"], format!("stepzero-reminder/{due}"));

    // The address is erased from the row, which keeps its answers, and is in no table at all.
    let stored = row(&stack, due);
    assert_eq!(stored["question5b_email"], Value::Null);
    assert_eq!(stored["question5b_reminder"], "Yes");
    assert!(stored["address_erased_at"].is_string());
    assert_eq!(
        tables_holding(&stack, "visitor.one@example.org"),
        Vec::<String>::new()
    );
    // The search does find an address still kept (the young response's): it would see one.
    assert_eq!(
        tables_holding(&stack, "visitor.two@example.org"),
        ["public.survey_responses"]
    );

    // Another run sends nothing more.
    let again = remind(&stack);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(sent(&stack).len(), 1);
    assert!(
        row(&stack, young)["question5b_email"].is_string(),
        "not due yet"
    );
}

#[test]
fn two_runs_started_together_send_each_reminder_once() {
    let Some(stack) = stack() else { return };
    let ids: Vec<String> = (1..=6)
        .map(|i| format!("7e0000{i:02}-0002-4000-8000-000000000000"))
        .collect();
    for (i, id) in ids.iter().enumerate() {
        response(&stack, id, &format!("together{i}@example.org"), 10.0);
    }
    let dirs = [
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    ];
    let children: Vec<_> = dirs
        .iter()
        .map(|d| spawn_remind(&stack, d.path()))
        .collect();
    for child in children {
        let output = child.wait_with_output().expect("output");
        assert!(output.status.success(), "{}", stderr(&output));
    }
    let expected: Vec<String> = (0..6).map(|i| format!("together{i}@example.org")).collect();
    assert_eq!(recipients(&stack), expected, "each address once");
}

#[test]
fn a_run_killed_right_after_the_send_leaves_no_second_reminder() {
    let Some(stack) = stack() else { return };
    let id = "7e000001-0003-4000-8000-000000000000";
    response(&stack, id, "killed@example.org", 8.0);
    // The stand-in takes the mail, then keeps the answer back: the tool is killed meanwhile.
    faults(&stack, &serde_json::json!({ "resend": "delay:20000" }));
    let dir = tempfile::tempdir().expect("dir");
    let mut child = spawn_remind(&stack, dir.path());
    let start = Instant::now();
    while sent(&stack).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the mail never went"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().expect("kill");
    child.wait().expect("wait");
    faults(&stack, &serde_json::json!({}));

    let output = remind(&stack);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        recipients(&stack),
        ["killed@example.org"],
        "no second reminder"
    );
}

#[test]
fn a_busy_service_takes_nothing_and_the_next_run_sends_it() {
    let Some(stack) = stack() else { return };
    let id = "7e000001-0004-4000-8000-000000000000";
    response(&stack, id, "busy@example.org", 8.0);
    faults(
        &stack,
        &serde_json::json!({ "resend": { "fault": 429, "times": 1 } }),
    );
    let output = remind(&stack);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("rate_limit_exceeded"),
        "{}",
        stderr(&output)
    );
    assert!(sent(&stack).is_empty());
    assert_eq!(row(&stack, id)["question5b_email"], "busy@example.org");

    let output = remind(&stack);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(recipients(&stack), ["busy@example.org"]);
    assert_eq!(row(&stack, id)["question5b_email"], Value::Null);
}

#[test]
fn an_address_the_service_refuses_is_erased_and_the_next_due_reminder_still_goes() {
    let Some(stack) = stack() else { return };
    // The database's pattern takes it; Resend answers 422 validation_error "Invalid `to`
    // field" (tests/stack/lib/resend.mjs). Older, so it is claimed first.
    let bad = "7e000001-0009-4000-8000-000000000000";
    let next = "7e000002-0009-4000-8000-000000000000";
    response(&stack, bad, "visitor@gmail..com", 9.0);
    response(&stack, next, "next@example.org", 8.0);

    let output = remind(&stack);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("1 sent, 1 refused for good"),
        "{}",
        stdout(&output)
    );
    assert!(
        !stdout(&output).contains("gmail..com"),
        "the log names references, never an address: {}",
        stdout(&output)
    );
    assert_eq!(recipients(&stack), ["next@example.org"]);
    let refused = row(&stack, bad);
    assert_eq!(refused["question5b_email"], Value::Null, "erased for good");
    assert!(refused["address_erased_at"].is_string());
    assert_eq!(row(&stack, next)["question5b_email"], Value::Null);

    // A later run does not try it again.
    assert!(remind(&stack).status.success());
    assert_eq!(sent(&stack).len(), 1);
}

#[test]
fn one_reminder_per_address_in_the_period_and_no_more_than_the_daily_cap() {
    let Some(stack) = stack() else { return };
    // The same address twice (any case): one reminder, both addresses erased.
    response(
        &stack,
        "7e000001-0005-4000-8000-000000000000",
        "twice@example.org",
        9.0,
    );
    response(
        &stack,
        "7e000002-0005-4000-8000-000000000000",
        "TWICE@Example.org",
        8.0,
    );
    let output = remind(&stack);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(recipients(&stack), ["twice@example.org"]);
    assert!(stack.rows().iter().all(|r| r["question5b_email"].is_null()));
    // Later in the period, a new response with that address gets none either.
    response(
        &stack,
        "7e000003-0005-4000-8000-000000000000",
        "twice@example.org",
        8.0,
    );
    assert!(remind(&stack).status.success());
    assert_eq!(sent(&stack).len(), 1);

    // The daily cap: 2 a day (1 already sent), three more due: one goes today.
    settings(&stack, &serde_json::json!({ "reminder_daily_cap": 2 }));
    for i in 1..=3 {
        response(
            &stack,
            &format!("7e00000{i}-0006-4000-8000-000000000000"),
            &format!("capped{i}@example.org"),
            8.0,
        );
    }
    assert!(remind(&stack).status.success());
    assert!(remind(&stack).status.success());
    assert_eq!(
        recipients(&stack),
        ["capped1@example.org", "twice@example.org"]
    );
    let waiting = stack
        .rows()
        .iter()
        .filter(|r| r["question5b_email"].is_string())
        .count();
    assert_eq!(
        waiting, 2,
        "the others wait for the next day, addresses kept until then"
    );
}

#[test]
fn an_imported_response_gets_its_reminder_the_same_way() {
    let Some(stack) = stack() else { return };
    let id = "7e000001-0007-4000-8000-000000000000";
    let answers = emails::not_yet(CHALLENGE, OTHER, "imported@example.org");
    let record = emails::record(&answers, id, TIME);
    let html = emails::html(&answers, &record, None);
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(
        dir.path().join("backup.eml"),
        emails::eml(emails::SENDER, &html, emails::Encoding::QuotedPrintable),
    )
    .expect("write");
    let output = stack.tool(dir.path(), &["import", "backup.eml"], &[]);
    assert!(stdout(&output).contains("imported 1"), "{output:?}");
    backdate(&stack, &[id], &[], 8.0);
    assert!(remind(&stack).status.success());
    assert_eq!(recipients(&stack), ["imported@example.org"]);
    assert_eq!(row(&stack, id)["question5b_email"], Value::Null);
}

#[test]
fn forget_after_the_reminder_says_the_address_is_gone_and_drops_its_period() {
    let Some(stack) = stack() else { return };
    let first = "7e000001-000a-4000-8000-000000000000";
    response(&stack, first, "asks.later@example.org", 8.0);
    assert!(remind(&stack).status.success());
    assert_eq!(recipients(&stack), ["asks.later@example.org"]);

    // The reminder went, so the address is erased: the request by address finds no row, and
    // the tool says why and what to ask for instead.
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["forget", "Asks.Later@example.org"], &[]);
    assert!(output.status.success(), "{output:?}");
    let said = stdout(&output);
    assert!(said.starts_with("nothing to forget"), "{said}");
    for words in ["erased", "reminder", "30 days", "reference"] {
        assert!(said.contains(words), "{words}: {said}");
    }
    assert!(
        row(&stack, first)["id"] == first,
        "the response itself stays"
    );

    // Its per-address period (the keyed hash) is gone with the request: a new response with
    // that address is reminded like any other.
    let second = "7e000002-000a-4000-8000-000000000000";
    response(&stack, second, "asks.later@example.org", 8.0);
    assert!(remind(&stack).status.success());
    assert_eq!(
        recipients(&stack),
        ["asks.later@example.org", "asks.later@example.org"]
    );
}

#[test]
fn a_forget_while_the_run_waits_between_two_sends_keeps_the_next_reminder_from_going() {
    let Some(stack) = stack() else { return };
    let first = "7e000001-000b-4000-8000-000000000000";
    let second = "7e000002-000b-4000-8000-000000000000";
    response(&stack, first, "goes.first@example.org", 9.0);
    response(&stack, second, "asks.to.be.forgotten@example.org", 8.0);
    let dir = tempfile::tempdir().expect("dir");
    let child = spawn_remind(&stack, dir.path());
    // The first reminder is finished (its address erased): the run now waits out its spacing
    // (600 ms) before the next send. The second's respondent is forgotten at that moment: the
    // forget's first step, recording the id (what `forget` does once it has found the response,
    // here a call of a few milliseconds, so the test does not race the wait). Nothing of the
    // second reminder may be held by the run through that wait, so none goes.
    let start = Instant::now();
    while row(&stack, first)["address_erased_at"].is_null() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the first reminder never finished"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let recorded = ureq::post(format!("{}/rest/v1/rpc/forget_responses", stack.url))
        .header("apikey", &stack.service_key)
        .header("Authorization", format!("Bearer {}", stack.service_key))
        .header("Content-Type", "application/json")
        .send(serde_json::json!({ "ids": [second] }).to_string());
    assert!(recorded.is_ok(), "forget_responses: {recorded:?}");
    let output = child.wait_with_output().expect("output");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(recipients(&stack), ["goes.first@example.org"]);
    // The rest of the forget (the row, its address) by the tool, as an operator runs it.
    let output = stack.tool(
        dir.path(),
        &["forget", "asks.to.be.forgotten@example.org"],
        &[],
    );
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        tables_holding(&stack, "asks.to.be.forgotten@example.org"),
        Vec::<String>::new()
    );
}

#[test]
fn forget_removes_what_was_scheduled_and_remind_names_what_it_lacks() {
    let Some(stack) = stack() else { return };
    let id = "7e000001-0008-4000-8000-000000000000";
    response(&stack, id, "forgotten@example.org", 8.0);
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["forget", "forgotten@example.org"], &[]);
    assert!(output.status.success(), "{output:?}");
    assert!(remind(&stack).status.success());
    assert!(sent(&stack).is_empty(), "nothing was left scheduled for it");
    assert_eq!(
        tables_holding(&stack, "forgotten@example.org"),
        Vec::<String>::new()
    );

    let output = stack.tool(dir.path(), &["remind"], &[]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("STEPZERO_RESEND_API_KEY"),
        "{}",
        stderr(&output)
    );
}
