//! `clean-uploads`: deletes, through the Storage API (so their bytes go too), the uploads no
//! response names that no pending response can still claim: older than the retention the
//! database keeps (stepzero_private.settings.upload_retention_days, 45 days by default: a
//! response waits in a visitor's outbox until tried on 30 different days, plus time to import
//! the email backups). Run every hour by the scheduled CI job with `remind`.

use crate::api::Api;

/// Names per Storage API delete.
const BATCH: usize = 100;

/// Runs `stepzero-ops clean-uploads`; answers what to print.
///
/// # Errors
/// A message saying what to fix.
pub fn run(api: &Api) -> Result<String, String> {
    let expired = api.expired_unclaimed_uploads()?;
    let mut deleted = 0;
    for names in expired.chunks(BATCH) {
        deleted += api.delete_objects(crate::api::BUCKET, names)?.len();
    }
    Ok(if expired.is_empty() {
        "clean-uploads: no upload to delete (every one is named by a response, or young enough to be)".to_owned()
    } else {
        format!(
            "clean-uploads: deleted {deleted} upload(s) no response names, older than the retention"
        )
    })
}
