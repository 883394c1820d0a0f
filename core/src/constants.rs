//! The business constants of spec section 9 that the web side needs for timing and display.

use serde::Serialize;

/// Largest attachment accepted, in bytes (10 MB).
pub const MAX_ATTACHMENT_BYTES: u64 = 10_485_760;
/// Most characters a free-text answer may have; the database enforces the same cap.
pub const MAX_TEXT_CHARS: usize = 2_000;
/// Most characters of a reminder email address (RFC 5321's path limit).
pub const MAX_EMAIL_CHARS: usize = 254;
/// Most characters of the user agent kept in a record.
pub const MAX_USER_AGENT_CHARS: usize = 512;
/// Most characters of a stored file name or object path.
pub const MAX_FILE_NAME_CHARS: usize = 255;
/// Most characters of a file's media type in the email backup (RFC 6838 names a type or a
/// subtype in at most 127; browsers give far shorter ones). With the caps above it keeps the
/// largest valid response's email within EmailJS's 50 KB (core/tests/engine/email_size.rs).
pub const MAX_MIME_TYPE_CHARS: usize = 127;
/// The youngest and oldest accepted ages.
pub const AGE_RANGE: std::ops::RangeInclusive<u32> = 1..=120;
/// A survey completed this recently sends Continue straight to its thank-you page.
pub const REPEAT_VISIT_WINDOW_MS: u32 = 60_000;
/// Progress is the step number over this.
pub const PROGRESS_STEPS: u8 = 9;
/// The record's `survey_version`.
pub const SURVEY_VERSION: &str = "3.0";
/// The record's `ip_address`: the site never sees the visitor's address.
pub const IP_ADDRESS: &str = "client-side";
/// The email backup carries a compressed image only when it is at most this many bytes.
pub const EMAIL_ATTACHMENT_MAX_BYTES: u64 = 40_960;
/// Answers fewer than this at step 8 mean the saved answers should be restored.
pub const RESTORE_BELOW_ANSWERED: usize = 7;

/// The timings and display constants of spec section 9, as one object for the UI.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Constants {
    /// The intro transition before question 1.
    pub intro_ms: u32,
    /// A survey completed this recently sends Continue straight to its thank-you page.
    pub repeat_visit_window_ms: u32,
    /// How long the SUBMITTED screen shows before processing.
    pub submitted_ms: u32,
    /// The pause between the processing state and the work.
    pub work_delay_ms: u32,
    /// Email backup attempts.
    pub email_attempts: u32,
    /// Pause between email backup attempts.
    pub email_retry_ms: u32,
    pub max_attachment_bytes: u64,
    pub email_attachment_max_bytes: u64,
    pub copyright_year: u32,
    pub survey_version: &'static str,
    pub policy_effective_date: &'static str,
    pub progress_steps: u8,
    pub max_text_chars: usize,
    pub min_age: u32,
    pub max_age: u32,
    /// The longest PROCESSING shows before the thank-you page (delivery goes on behind it).
    pub processing_deadline_ms: u32,
    /// The shortest wait before the outbox tries again.
    pub retry_min_ms: f64,
    /// The longest: a next try set further ahead was set by a clock that ran fast.
    pub retry_max_ms: f64,
    /// How long the outbox waits for IndexedDB before keeping a response in the page instead.
    pub store_wait_ms: u32,
    /// The longest that wait grows to after IndexedDB answered late (it doubles each time).
    pub store_wait_max_ms: u32,
}

/// The constants of spec section 9.
pub fn constants() -> Constants {
    Constants {
        intro_ms: 3_500,
        repeat_visit_window_ms: REPEAT_VISIT_WINDOW_MS,
        submitted_ms: 2_250,
        work_delay_ms: 18,
        email_attempts: 3,
        email_retry_ms: 2_000,
        max_attachment_bytes: MAX_ATTACHMENT_BYTES,
        email_attachment_max_bytes: EMAIL_ATTACHMENT_MAX_BYTES,
        copyright_year: 2025,
        survey_version: SURVEY_VERSION,
        policy_effective_date: "08/20/2025",
        progress_steps: PROGRESS_STEPS,
        max_text_chars: MAX_TEXT_CHARS,
        min_age: *AGE_RANGE.start(),
        max_age: *AGE_RANGE.end(),
        processing_deadline_ms: crate::outbox::PROCESSING_DEADLINE_MS,
        retry_min_ms: crate::outbox::RETRY_MIN_MS,
        retry_max_ms: crate::outbox::RETRY_MAX_MS,
        store_wait_ms: crate::outbox::STORE_WAIT_MS,
        store_wait_max_ms: crate::outbox::STORE_WAIT_MAX_MS,
    }
}
