//! Errors say what to fix: a wrong or public key, an unreachable host, a project without
//! the migrations. None of them changes anything.

use super::emails::{self, Encoding, SENDER};
use super::support::{stack, stderr, stdout, tool, Stack};
use std::process::Command;

fn fails_with(output: &std::process::Output, want: &str) {
    assert!(!output.status.success(), "{output:?}");
    let text = stderr(output);
    assert!(text.contains(want), "wanted \"{want}\" in: {text}");
}

fn one_email(dir: &std::path::Path) {
    let answers = emails::yes("Sing", "No", "30");
    let record = emails::record(
        &answers,
        "40000000-0000-4000-8000-000000000001",
        "2026-11-01T00:00:00Z",
    );
    let eml = emails::eml(
        SENDER,
        &emails::html(&answers, &record, None),
        Encoding::QuotedPrintable,
    );
    std::fs::write(dir.join("one.eml"), eml).expect("write");
}

#[test]
fn a_wrong_or_public_key_is_named() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    one_email(dir.path());
    // Signed with another secret: the gateway refuses it.
    let (head, _) = stack.service_key.rsplit_once('.').expect("jwt");
    let forged = format!("{head}.c2lnbmF0dXJl");
    for args in [&["import", "one.eml"][..], &["export"], &["report"]] {
        let output = tool(
            dir.path(),
            args,
            &[
                ("STEPZERO_SUPABASE_URL", &stack.url),
                ("STEPZERO_SERVICE_ROLE_KEY", &forged),
            ],
        );
        fails_with(&output, "Check STEPZERO_SERVICE_ROLE_KEY");
    }
    let output = tool(
        dir.path(),
        &["export"],
        &[
            ("STEPZERO_SUPABASE_URL", &stack.url),
            ("STEPZERO_SERVICE_ROLE_KEY", &stack.anon_key),
        ],
    );
    fails_with(&output, "use the service_role (secret) key");
    assert!(stack.rows().is_empty());
}

#[test]
fn an_unreachable_host_and_a_missing_config_are_named() {
    let dir = tempfile::tempdir().expect("dir");
    let output = tool(
        dir.path(),
        &["export"],
        &[
            ("STEPZERO_SUPABASE_URL", "http://127.0.0.1:9"),
            ("STEPZERO_SERVICE_ROLE_KEY", "sb_secret_x"),
        ],
    );
    fails_with(&output, "cannot reach http://127.0.0.1:9");
    let output = tool(dir.path(), &["export"], &[]);
    fails_with(
        &output,
        "STEPZERO_SUPABASE_URL is not set: put the project URL",
    );
    std::fs::write(
        dir.path().join("ops.env"),
        "STEPZERO_SUPABASE_URL=http://127.0.0.1:9\nSTEPZERO_SERVICE_ROLE_KEY=sb_secret_x\n",
    )
    .expect("write");
    let output = tool(dir.path(), &["--env-file", "ops.env", "export"], &[]);
    fails_with(&output, "cannot reach http://127.0.0.1:9");
}

/// Runs SQL as the database owner (the stack's --exec sets PGHOST and friends).
fn sql(statement: &str) {
    let status = Command::new("psql")
        .args(["-v", "ON_ERROR_STOP=1", "-qc", statement])
        .status()
        .expect("psql");
    assert!(status.success(), "{statement}");
}

/// Runs the tool until its output passes `done` (PostgREST reloads its schema cache a moment
/// after the tables change).
fn until(
    stack: &Stack,
    dir: &std::path::Path,
    args: &[&str],
    done: impl Fn(&std::process::Output) -> bool,
) -> std::process::Output {
    for _ in 0..100 {
        let output = stack.tool(dir, args, &[]);
        if done(&output) {
            return output;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("{args:?} never reached the expected state");
}

/// The table renamed away while it lives, and back when dropped (even when a test fails).
struct TableAway;

impl TableAway {
    fn new() -> Self {
        sql("alter table public.survey_responses rename to survey_responses_away");
        Self
    }
}

impl Drop for TableAway {
    fn drop(&mut self) {
        sql("alter table public.survey_responses_away rename to survey_responses");
    }
}

#[test]
fn a_project_without_the_table_says_to_apply_the_migrations() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    one_email(dir.path());
    let away = TableAway::new();
    // PostgREST answers from the database (42P01) until its schema cache has reloaded, then
    // from the cache; only then is the rename back below its last reload.
    until(&stack, dir.path(), &["import", "one.eml"], |o| {
        stderr(o).contains("not in the API's schema")
    });
    let export = until(&stack, dir.path(), &["export"], |o| !o.status.success());
    fails_with(
        &export,
        "the table survey_responses does not exist in this project",
    );
    fails_with(&export, "supabase db push");
    let import = until(&stack, dir.path(), &["import", "one.eml"], |o| {
        !o.status.success()
    });
    fails_with(&import, "supabase db push");
    sql("do $$ begin assert (select count(*) from public.survey_responses_away) = 0; end $$");
    drop(away);
    // Back: the same email now goes in, once PostgREST has reloaded its schema cache.
    let import = until(&stack, dir.path(), &["import", "one.eml"], |o| {
        o.status.success()
    });
    assert_eq!(
        stdout(&import).lines().next(),
        Some("imported 1, already stored 0, refused 0")
    );
}

/// The difficulty's history function renamed away while it lives, and back when dropped.
struct FunctionAway;

impl FunctionAway {
    fn new() -> Self {
        sql("alter function public.work_difficulty_at(timestamptz) rename to work_difficulty_at_away");
        Self
    }
}

impl Drop for FunctionAway {
    fn drop(&mut self) {
        sql("alter function public.work_difficulty_at_away(timestamptz) rename to work_difficulty_at");
    }
}

#[test]
fn a_project_without_the_difficulty_history_says_to_apply_the_migrations() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    one_email(dir.path());
    let away = FunctionAway::new();
    let import = until(&stack, dir.path(), &["import", "one.eml"], |o| {
        !o.status.success()
    });
    fails_with(&import, "the project lacks a function this tool calls");
    fails_with(&import, "supabase db push");
    drop(away);
    assert!(
        stack.rows().is_empty(),
        "nothing is stored without the check"
    );
    let import = until(&stack, dir.path(), &["import", "one.eml"], |o| {
        o.status.success()
    });
    assert_eq!(
        stdout(&import).lines().next(),
        Some("imported 1, already stored 0, refused 0")
    );
}
