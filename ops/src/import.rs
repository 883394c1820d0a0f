//! `import`: the responses found in saved emails go into the table with their own ids, so
//! running it twice, or on a response that already reached the database, changes nothing.

use crate::api::{Api, Insert};
use crate::mail::{self, Found};
use crate::progress;
use std::path::PathBuf;

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

/// Reads every message in `paths` and inserts each valid response.
///
/// # Errors
/// A message when a file cannot be read or the project cannot be used; rows inserted before
/// that stay (each insert stands alone, and a rerun counts them as already stored).
pub fn run(api: &Api, paths: &[PathBuf], senders: &[String]) -> Result<Summary, String> {
    let found = mail::read_all(paths, senders)?;
    let bar = progress::bar(found.len() as u64, "importing");
    let mut summary = Summary::default();
    for Found { source, response } in found {
        bar.inc(1);
        let record = match response {
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
