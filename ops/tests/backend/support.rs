//! The stack the tests run against, the tool as a process, and rows as the owner sees them.

use serde_json::{Map, Value};
use std::path::Path;
use std::process::{Command, Output};

pub type Row = Map<String, Value>;

/// The running stack, from the variables `node tests/stack/stack.mjs --exec` sets.
pub struct Stack {
    pub url: String,
    pub service_key: String,
    pub anon_key: String,
}

/// The stack, emptied; `None` (after saying so) when no stack is running, unless
/// `STEPZERO_OPS_REQUIRE_STACK` is set, as `make test-ops` does.
pub fn stack() -> Option<Stack> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let (Some(url), Some(service_key), Some(anon_key)) = (
        var("STACK_URL"),
        var("STACK_SERVICE_ROLE_KEY"),
        var("STACK_ANON_KEY"),
    ) else {
        assert!(
            var("STEPZERO_OPS_REQUIRE_STACK").is_none(),
            "STEPZERO_OPS_REQUIRE_STACK is set but no stack is running"
        );
        eprintln!("skipped: needs the local backend (run: make test-ops)");
        return None;
    };
    let stack = Stack {
        url,
        service_key,
        anon_key,
    };
    let reset = ureq::post(format!("{}/__stack/reset", stack.url)).send("{}");
    assert!(reset.is_ok(), "reset: {reset:?}");
    Some(stack)
}

impl Stack {
    /// Every stored row, as the database owner sees it, sorted by id.
    pub fn rows(&self) -> Vec<Row> {
        let body = ureq::get(format!("{}/__stack/rows/survey_responses", self.url))
            .call()
            .expect("rows")
            .body_mut()
            .read_to_string()
            .expect("text");
        let mut rows: Vec<Row> = serde_json::from_str(&body).expect("json");
        rows.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
        rows
    }

    /// Inserts a row with `key` (the anon key: as the site does, with its proof of work; the
    /// service key: as the owner, who needs none).
    pub fn insert(&self, key: &str, row: &Value) {
        let mut row = row.clone();
        if key == self.anon_key {
            row["work_nonce"] = Value::from(work_for(&row));
        }
        let answer = ureq::post(format!("{}/rest/v1/survey_responses", self.url))
            .header("apikey", key)
            .header("Authorization", format!("Bearer {key}"))
            .header("Content-Type", "application/json")
            .send(row.to_string());
        assert!(answer.is_ok(), "insert: {answer:?}");
    }

    /// Stores `bytes` as the object `name` of the site's bucket, as the owner (Storage's upload).
    pub fn upload(&self, name: &str, content_type: &str, bytes: &[u8]) {
        let answer = ureq::post(format!(
            "{}/storage/v1/object/survey_media/{name}",
            self.url
        ))
        .header("apikey", &self.service_key)
        .header("Authorization", format!("Bearer {}", self.service_key))
        .header("Content-Type", content_type)
        .send(bytes);
        assert!(answer.is_ok(), "upload: {answer:?}");
    }

    /// Sets the proof of work's difficulty, as the operator does during an attack (`update
    /// stepzero_private.settings set work_difficulty = n`).
    pub fn set_difficulty(&self, difficulty: u32) {
        let answer = ureq::post(format!("{}/__stack/work-difficulty", self.url))
            .send(format!("{{\"difficulty\":{difficulty}}}"));
        assert!(answer.is_ok(), "work-difficulty: {answer:?}");
    }

    /// Runs the tool in `dir` (so no config file of the repository is read) with this stack's
    /// URL and service key, plus `env`.
    pub fn tool(&self, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
        tool(
            dir,
            args,
            &[
                &[
                    ("STEPZERO_SUPABASE_URL", self.url.as_str()),
                    ("STEPZERO_SERVICE_ROLE_KEY", self.service_key.as_str()),
                ],
                env,
            ]
            .concat(),
        )
    }
}

/// Runs the tool in `dir` with exactly these STEPZERO_ variables.
pub fn tool(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stepzero-ops"));
    command.current_dir(dir).args(args);
    for name in [
        "STEPZERO_SUPABASE_URL",
        "STEPZERO_SERVICE_ROLE_KEY",
        "STEPZERO_BACKUP_FROM",
        "STEPZERO_RESEND_URL",
        "STEPZERO_RESEND_API_KEY",
        "STEPZERO_REMINDER_FROM",
        "STEPZERO_SITE_URL",
    ] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.output().expect("the tool runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A timestamp as an instant, so `…Z` and `…+00:00` compare equal.
pub fn instant(value: &Value) -> chrono::DateTime<chrono::FixedOffset> {
    chrono::DateTime::parse_from_rfc3339(value.as_str().expect("a time")).expect("rfc 3339")
}

/// The proof of work the site would send with `row` (the database's default difficulty).
fn work_for(row: &Value) -> String {
    let time = row["completion_time"].as_str().expect("time");
    work_nonce(row["id"].as_str().expect("id"), time).expect("an RFC 3339 time after 1970")
}

/// The proof of work the site sends for `id` completed at `time`; none when `time` is not an
/// RFC 3339 time after 1970 (no work can be bound to it).
pub fn work_nonce(id: &str, time: &str) -> Option<String> {
    use stepzero_core::work;
    let time = chrono::DateTime::parse_from_rfc3339(time).ok()?;
    let ms = u64::try_from(time.timestamp_millis()).ok()?;
    // The split form the site solves (core/src/work.rs); emails of the first form are
    // import.rs's unit tests.
    work::solve_all(id, ms, work::DEFAULT_DIFFICULTY)
}
