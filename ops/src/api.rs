//! The project's REST API (PostgREST behind Supabase's gateway) with the service-role key:
//! read every response, insert one with its own id, find the responses naming a file, and ask
//! which proof-of-work difficulty was in force at a time. Every failure becomes a message
//! saying what to fix.

use crate::config::Config;
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};
use std::time::Duration;

const TABLE: &str = "survey_responses";
/// The bucket the site uploads files to (supabase/migrations/*_survey_media_bucket.sql).
pub const BUCKET: &str = "survey_media";
/// Hosted Supabase answers at most 1,000 rows per request by default.
const PAGE: usize = 1_000;

/// What became of one insert.
#[derive(Debug, PartialEq)]
pub enum Insert {
    Stored,
    /// A row with this id is already in the table.
    AlreadyStored,
    /// The database refused the row (a CHECK, a type); its message.
    Refused(String),
}

/// A stored response as `stepzero-ops forget` sees it.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Found {
    pub id: String,
    pub completion_time: Option<String>,
    pub media_file_url: Option<String>,
    pub question5b_email: Option<String>,
}

/// A reminder claimed for this run: the response's id and the address to write to.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Claim {
    pub response_id: String,
    pub email: String,
}

pub struct Api {
    config: Config,
    agent: ureq::Agent,
}

/// The HTTP client of every call the tool makes (the project's API and the email service's).
pub fn http_agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_connect(Some(Duration::from_secs(10)))
        .timeout_global(Some(Duration::from_secs(60)))
        // An error answer is read here: its body says what to fix.
        .http_status_as_error(false)
        // Straight to the service: no proxy from the environment (HTTPS_PROXY, ALL_PROXY).
        .proxy(None)
        .build()
        .into()
}

impl Api {
    pub fn new(config: Config) -> Self {
        Self {
            config,
            agent: http_agent(),
        }
    }

    fn url(&self, query: &str) -> String {
        format!("{}/rest/v1/{TABLE}{query}", self.config.url)
    }

    /// The body of a successful answer, or a message saying what to fix.
    fn body(
        &self,
        answer: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<String, String> {
        let mut response = answer.map_err(|error| self.unreachable(&error))?;
        let status = response.status();
        let body = response.body_mut().read_to_string();
        if !status.is_success() {
            return Err(self.explain(status.as_u16(), &body.unwrap_or_default()));
        }
        body.map_err(|e| format!("cannot read the server's answer: {e}"))
    }

    /// `request` with the key.
    fn authorized<B>(&self, request: ureq::RequestBuilder<B>) -> ureq::RequestBuilder<B> {
        let request = request.header("apikey", &self.config.key);
        // An sb_secret_ key is not a JWT: the gateway takes it only as `apikey`.
        if self.config.key_is_jwt() {
            request.header("Authorization", format!("Bearer {}", self.config.key))
        } else {
            request
        }
    }

    /// Inserts `row` (a JSON object with its `id`).
    ///
    /// # Errors
    /// A message saying what to fix when the project cannot be used at all (unreachable,
    /// wrong key, missing table or column); a refusal of this one row is `Ok(Refused)`.
    pub fn insert(&self, row: &Value) -> Result<Insert, String> {
        let answer = self
            .authorized(self.agent.post(self.url("")))
            .header("Content-Type", "application/json")
            .header("Prefer", "return=minimal")
            .send(row.to_string());
        match answer {
            Ok(response) if response.status().is_success() => Ok(Insert::Stored),
            Ok(mut response) => {
                let status = response.status().as_u16();
                let body = response.body_mut().read_to_string().unwrap_or_default();
                let (code, message) = error_parts(&body);
                match (status, code.as_str()) {
                    (409, "23505") => Ok(Insert::AlreadyStored),
                    // The tombstone's trigger (the forgotten_responses migration).
                    (410, "PT410") => Ok(Insert::Refused(format!(
                        "it was deleted at its respondent's request (stepzero-ops forget), \
                         so it is not stored again ({message})"
                    ))),
                    (400 | 409, c) if c.starts_with("23") || c.starts_with("22") => Ok(
                        Insert::Refused(format!("the database refused it: {message}")),
                    ),
                    _ => Err(self.explain(status, &body)),
                }
            }
            Err(error) => Err(self.unreachable(&error)),
        }
    }

    /// The proof-of-work difficulty the database asked for at `sent` (the last change at or
    /// before it; `public.work_difficulty_at`, which only the service role may call), today's
    /// when `sent` is `None`; `None` for a time before the database kept the difficulty's
    /// history.
    ///
    /// # Errors
    /// A message saying what to fix (see [`Api::insert`]; a project without the function needs
    /// the latest migrations).
    pub fn work_difficulty_at(&self, sent: Option<&DateTime<Utc>>) -> Result<Option<u32>, String> {
        let url = format!("{}/rest/v1/rpc/work_difficulty_at", self.config.url);
        let question = serde_json::json!({ "sent_at": sent.map(DateTime::to_rfc3339) });
        let answer = self
            .authorized(self.agent.post(url))
            .header("Content-Type", "application/json")
            .send(question.to_string());
        let body = self.body(answer)?;
        serde_json::from_str(&body).map_err(|_| {
            format!("the project's work_difficulty_at answered {body:?}, not a difficulty")
        })
    }

    /// The ids of the stored responses whose `media_file_url` is `file`.
    ///
    /// # Errors
    /// A message saying what to fix (see [`Api::insert`]).
    pub fn naming(&self, file: &str) -> Result<Vec<String>, String> {
        let request = self
            .agent
            .get(self.url(""))
            .query("select", "id")
            .query("media_file_url", format!("eq.{file}"));
        ids_of(&self.body(self.authorized(request).call())?)
    }

    /// Every stored response, oldest first (by completion time, then id), optionally only
    /// those completed at or after `since` (an RFC 3339 time). `progress` hears each page.
    ///
    /// # Errors
    /// A message saying what to fix (see [`Api::insert`]).
    pub fn rows(
        &self,
        since: Option<&str>,
        mut progress: impl FnMut(usize),
    ) -> Result<Vec<Map<String, Value>>, String> {
        let mut rows = Vec::new();
        loop {
            let mut query = format!(
                "?select=*&order=completion_time.asc,id.asc&limit={PAGE}&offset={}",
                rows.len()
            );
            if let Some(since) = since {
                query.push_str("&completion_time=gte.");
                query.push_str(&since.replace('+', "%2B"));
            }
            let body = self.body(self.authorized(self.agent.get(self.url(&query))).call())?;
            let page: Vec<Map<String, Value>> = serde_json::from_str(&body)
                .map_err(|e| format!("the server's answer is not a list of rows: {e}"))?;
            let last = page.len() < PAGE;
            rows.extend(page);
            progress(rows.len());
            if last {
                return Ok(rows);
            }
        }
    }

    /// The names of every object stored in the bucket `bucket` (Storage's list, a page at a
    /// time), for telling a row whose file never arrived from one whose file is there.
    ///
    /// # Errors
    /// A message saying what to fix.
    pub fn object_names(&self, bucket: &str) -> Result<std::collections::HashSet<String>, String> {
        let url = format!("{}/storage/v1/object/list/{bucket}", self.config.url);
        let mut names = std::collections::HashSet::new();
        let mut offset = 0;
        loop {
            let answer = self
                .authorized(self.agent.post(&url))
                .header("Content-Type", "application/json")
                .send(
                    serde_json::json!({ "prefix": "", "limit": PAGE, "offset": offset,
                                        "sortBy": { "column": "name", "order": "asc" } })
                    .to_string(),
                );
            let body = self.body(answer)?;
            let page: Vec<Map<String, Value>> = serde_json::from_str(&body)
                .map_err(|e| format!("the storage's answer is not a list of objects: {e}"))?;
            let count = page.len();
            names.extend(
                page.iter()
                    .filter_map(|o| o.get("name")?.as_str().map(str::to_owned)),
            );
            if count < PAGE {
                return Ok(names);
            }
            offset += count;
        }
    }

    /// The stored responses matching `filters` (PostgREST filters, e.g. `("id", "eq.…")`),
    /// oldest first: each one's id, completion time, file and email address, what
    /// `stepzero-ops forget` needs to find and delete it.
    ///
    /// # Errors
    /// A message saying what to fix (see [`Api::insert`]).
    pub fn matching(&self, filters: &[(&str, String)]) -> Result<Vec<Found>, String> {
        let mut found: Vec<Found> = Vec::new();
        loop {
            let mut request = self
                .agent
                .get(self.url(""))
                .query(
                    "select",
                    "id,completion_time,media_file_url,question5b_email",
                )
                .query("order", "completion_time.asc,id.asc")
                .query("limit", PAGE.to_string())
                .query("offset", found.len().to_string());
            for (column, filter) in filters {
                request = request.query(*column, filter);
            }
            let body = self.body(self.authorized(request).call())?;
            let page: Vec<Found> = serde_json::from_str(&body)
                .map_err(|e| format!("the server's answer is not a list of rows: {e}"))?;
            let last = page.len() < PAGE;
            found.extend(page);
            if last {
                return Ok(found);
            }
        }
    }

    /// Records `ids` as forgotten (`public.forget_responses`, the service role's only): the
    /// database then refuses them for good. Answers how many were not recorded before.
    ///
    /// # Errors
    /// A message saying what to fix (a project without the function needs the latest
    /// migrations).
    pub fn record_forgotten(&self, ids: &[String]) -> Result<u64, String> {
        let url = format!("{}/rest/v1/rpc/forget_responses", self.config.url);
        let answer = self
            .authorized(self.agent.post(url))
            .header("Content-Type", "application/json")
            .send(serde_json::json!({ "ids": ids }).to_string());
        let body = self.body(answer)?;
        serde_json::from_str(&body)
            .map_err(|_| format!("the project's forget_responses answered {body:?}, not a count"))
    }

    /// Deletes the objects `names` of the bucket `bucket` through the Storage API (their bytes
    /// too). Answers the names it deleted (a name already gone is not among them).
    ///
    /// # Errors
    /// A message saying what to fix.
    pub fn delete_objects(&self, bucket: &str, names: &[String]) -> Result<Vec<String>, String> {
        if names.is_empty() {
            return Ok(Vec::new());
        }
        let url = format!("{}/storage/v1/object/{bucket}", self.config.url);
        let answer = self
            .authorized(self.agent.delete(url))
            .header("Content-Type", "application/json")
            .force_send_body()
            .send(serde_json::json!({ "prefixes": names }).to_string());
        let body = self.body(answer)?;
        let deleted: Vec<Map<String, Value>> = serde_json::from_str(&body)
            .map_err(|e| format!("the storage's answer is not a list of objects: {e}"))?;
        Ok(deleted
            .iter()
            .filter_map(|o| o.get("name")?.as_str().map(str::to_owned))
            .collect())
    }

    /// Deletes the responses `ids`; answers the ids deleted.
    ///
    /// # Errors
    /// A message saying what to fix.
    pub fn delete_rows(&self, ids: &[String]) -> Result<Vec<String>, String> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let request = self
            .agent
            .delete(self.url(""))
            .query("id", format!("in.({})", ids.join(",")))
            .header("Prefer", "return=representation")
            .query("select", "id");
        ids_of(&self.body(self.authorized(request).call())?)
    }

    /// Calls the database function `name` (POST /rest/v1/rpc/<name>) with `args`; its answer.
    ///
    /// # Errors
    /// A message saying what to fix (a project without the function needs the latest
    /// migrations).
    fn rpc(&self, name: &str, args: &Value) -> Result<String, String> {
        let url = format!("{}/rest/v1/rpc/{name}", self.config.url);
        let answer = self
            .authorized(self.agent.post(url))
            .header("Content-Type", "application/json")
            .send(args.to_string());
        self.body(answer)
    }

    /// Claims at most `max` due reminders (`public.claim_reminders`, the service role's only):
    /// each is recorded as claimed, and committed, before this returns, so no other run sends
    /// it.
    ///
    /// # Errors
    /// A message saying what to fix.
    pub fn claim_reminders(&self, max: u32) -> Result<Vec<Claim>, String> {
        let body = self.rpc("claim_reminders", &serde_json::json!({ "max_count": max }))?;
        serde_json::from_str(&body)
            .map_err(|_| format!("the project's claim_reminders answered {body:?}, not claims"))
    }

    /// Records what became of a claimed reminder (`public.finish_reminder`): `sent` and
    /// `failed` erase the address, `retry` gives the claim back. Answers whether the claim was
    /// still open.
    ///
    /// # Errors
    /// A message saying what to fix.
    pub fn finish_reminder(&self, id: &str, outcome: &str) -> Result<bool, String> {
        let body = self.rpc(
            "finish_reminder",
            &serde_json::json!({ "response_id": id, "outcome": outcome }),
        )?;
        serde_json::from_str(&body)
            .map_err(|_| format!("the project's finish_reminder answered {body:?}, not a yes/no"))
    }

    /// Deletes the per-address reminder periods (keyed hashes, no address) of `addresses`
    /// (`public.forget_reminder_addresses`, the service role's only), any case. Answers how
    /// many there were.
    ///
    /// # Errors
    /// A message saying what to fix.
    pub fn forget_reminder_addresses(&self, addresses: &[String]) -> Result<u64, String> {
        if addresses.is_empty() {
            return Ok(0);
        }
        let body = self.rpc(
            "forget_reminder_addresses",
            &serde_json::json!({ "addresses": addresses }),
        )?;
        serde_json::from_str(&body).map_err(|_| {
            format!("the project's forget_reminder_addresses answered {body:?}, not a count")
        })
    }

    /// The uploads no row names that are older than the retention the database keeps
    /// (`public.expired_unclaimed_uploads`), oldest first.
    ///
    /// # Errors
    /// A message saying what to fix.
    pub fn expired_unclaimed_uploads(&self) -> Result<Vec<String>, String> {
        let body = self.rpc("expired_unclaimed_uploads", &serde_json::json!({}))?;
        serde_json::from_str(&body).map_err(|_| {
            format!("the project's expired_unclaimed_uploads answered {body:?}, not names")
        })
    }

    fn unreachable(&self, error: &ureq::Error) -> String {
        format!(
            "cannot reach {} ({error}). Check STEPZERO_SUPABASE_URL and the network \
             (for the local backend: make stack)",
            self.config.url
        )
    }

    fn explain(&self, status: u16, body: &str) -> String {
        explain(&self.config.url, status, body)
    }
}

/// PostgREST's `{code, message}`, or the gateway's `{message}`.
fn error_parts(body: &str) -> (String, String) {
    let json: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let text = |key: &str| json[key].as_str().unwrap_or_default().to_owned();
    let message = Some(text("message"))
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| body.chars().take(200).collect());
    (text("code"), message)
}

/// What an error answer means for the operator.
fn explain(url: &str, status: u16, body: &str) -> String {
    let (code, message) = error_parts(body);
    match (status, code.as_str()) {
        (401 | 403, _) => format!(
            "the project refused the key ({status}: {message}). Check \
             STEPZERO_SERVICE_ROLE_KEY: it must be this project's service_role (secret) key"
        ),
        (_, "PGRST205" | "42P01") => missing_table(&message),
        // PostgREST 12.0 answers an insert into a table missing from its schema cache with
        // 404 and `{}`; later versions say PGRST205.
        (404, _) if body.trim() == "{}" => missing_table("not in the API's schema"),
        (_, "PGRST202" | "42883") => format!(
            "the project lacks a function this tool calls ({message}). Apply the latest \
             migrations: supabase db push"
        ),
        (_, "PGRST204" | "42703") => format!(
            "the table {TABLE} lacks a column this tool writes ({message}). Apply the latest \
             migrations: supabase db push"
        ),
        (404, _) => format!(
            "no REST API at {url}/rest/v1 (404: {message}). Check STEPZERO_SUPABASE_URL: it is \
             the project URL, https://<ref>.supabase.co"
        ),
        _ => format!("the project answered {status}: {message}"),
    }
}

fn missing_table(why: &str) -> String {
    format!(
        "the table {TABLE} does not exist in this project ({why}). Apply the migrations: \
         supabase db push"
    )
}

/// The `id` of each row in a PostgREST answer that selected `id`.
fn ids_of(body: &str) -> Result<Vec<String>, String> {
    let rows: Vec<Map<String, Value>> = serde_json::from_str(body)
        .map_err(|e| format!("the server's answer is not a list of rows: {e}"))?;
    Ok(rows
        .iter()
        .filter_map(|row| row.get("id")?.as_str().map(str::to_owned))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_says_what_to_fix() {
        let url = "https://x.supabase.co";
        let says = |status, body: &str, want: &str| {
            let got = explain(url, status, body);
            assert!(got.contains(want), "{status} {body}: {got}");
        };
        says(
            401,
            r#"{"message":"Invalid API key"}"#,
            "STEPZERO_SERVICE_ROLE_KEY",
        );
        says(403, "", "service_role");
        says(
            404,
            r#"{"code":"PGRST205","message":"Could not find the table"}"#,
            "supabase db push",
        );
        says(
            404,
            r#"{"code":"42P01","message":"relation does not exist"}"#,
            "migrations",
        );
        says(
            400,
            r#"{"code":"PGRST204","message":"Could not find the 'x' column"}"#,
            "lacks a column",
        );
        says(
            404,
            r#"{"code":"PGRST202","message":"Could not find the function public.work_difficulty_at(sent_at)"}"#,
            "lacks a function this tool calls (Could not find the function public.work_difficulty_at",
        );
        says(404, "{}", "supabase db push");
        says(404, "<html>", "STEPZERO_SUPABASE_URL");
        says(
            404,
            r#"{"message":"no Route matched with those values"}"#,
            "STEPZERO_SUPABASE_URL",
        );
        says(500, r#"{"message":"boom"}"#, "500: boom");
    }
}
