//! `import`: the responses found in saved emails go into the table with their own ids, so
//! running it twice, or on a response that already reached the database, changes nothing.

use crate::api::{Api, Insert};
use crate::mail::{self, Found};
use crate::progress;
use std::path::PathBuf;
use stepzero_core::record::SurveyResponse;
use stepzero_core::work;

/// What one run did.
#[derive(Debug, Default)]
pub struct Summary {
    pub imported: usize,
    pub already_stored: usize,
    /// (where, why) for each refused message.
    pub refused: Vec<(String, String)>,
}

impl Summary {
    /// `imported <n>, already stored <n>, refused <n>`, then one line per refusal.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "imported {}, already stored {}, refused {}",
            self.imported,
            self.already_stored,
            self.refused.len()
        )];
        lines.extend(
            self.refused
                .iter()
                .map(|(source, why)| format!("refused {source}: {why}")),
        );
        lines
    }
}

/// Reads every message in `paths` and inserts each valid response whose proof of work holds
/// (or, with `accept_without_work`, that carries none).
///
/// # Errors
/// A message when a file cannot be read or the project cannot be used; rows inserted before
/// that stay (each insert stands alone, and a rerun counts them as already stored).
pub fn run(
    api: &Api,
    paths: &[PathBuf],
    senders: &[String],
    accept_without_work: bool,
) -> Result<Summary, String> {
    let found = mail::read_all(paths, senders)?;
    let bar = progress::bar(found.len() as u64, "importing");
    let mut summary = Summary::default();
    for Found { source, response } in found {
        bar.inc(1);
        let record = match response.and_then(|r| check_work(&r, accept_without_work).map(|()| r)) {
            Ok(record) => record,
            Err(why) => {
                summary.refused.push((source, why));
                continue;
            }
        };
        // Every column of the engine's row, whatever it has, so a column added to the
        // record later is imported without changing this tool.
        let row = serde_json::to_value(&record).map_err(|e| e.to_string())?;
        match api.insert(&row)? {
            Insert::Stored => summary.imported += 1,
            Insert::AlreadyStored => summary.already_stored += 1,
            Insert::Refused(why) => summary.refused.push((source, why)),
        }
    }
    bar.finish_and_clear();
    Ok(summary)
}

/// The database's proof-of-work check, which the import's service role is exempt from: the
/// row's nonce must hold for its id and completion time at the engine's default difficulty
/// (the least the database ever asks), so an email forged through the public EmailJS key
/// costs its sender the same work as an insert. A row without work is real when the visitor's
/// browser could not solve it or could not load the database client; it goes in only when the
/// operator, having checked its id, asks for it.
fn check_work(record: &SurveyResponse, accept_without_work: bool) -> Result<(), String> {
    let Some(nonce) = record.work_nonce.as_deref() else {
        return if accept_without_work {
            Ok(())
        } else {
            Err(
                "it carries no proof of work: check its id with the team that runs the site, \
                 then import it with --accept-without-work"
                    .to_owned(),
            )
        };
    };
    let completed_ms = chrono::DateTime::parse_from_rfc3339(&record.completion_time)
        .ok()
        .and_then(|time| u64::try_from(time.timestamp_millis()).ok());
    let id = record.id.as_deref().unwrap_or_default();
    match completed_ms {
        Some(ms) if work::verify(id, ms, nonce, work::DEFAULT_DIFFICULTY) => Ok(()),
        _ => Err(
            "its proof of work does not hold for its id and completion time (forged, or edited \
             after it was sent)"
                .to_owned(),
        ),
    }
}
