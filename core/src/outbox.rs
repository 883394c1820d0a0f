//! Delivery rules for a submitted response (the outbox): how a server's answer is read, when
//! to try again, when to give up, and how a taken storage name moves on. The web side keeps
//! the outbox (IndexedDB) and does the I/O; what each answer means is decided here.

use serde::Serialize;

/// An undelivered entry is given up only once it was tried on at least this many distinct days
/// (and the email failed on the last try): days counted one per attempt on a later day, never
/// from the clock's distance, so no clock change can age an entry by more than one day.
pub const OUTBOX_GIVE_UP_DAYS: u32 = 30;
/// One day, the unit `days_seen` counts in.
const DAY_MS: f64 = 24.0 * 60.0 * 60.0 * 1000.0;
/// The first retry waits this long; each further one doubles it.
pub const RETRY_BASE_MS: f64 = 5_000.0;
/// No retry waits longer than this (one hour).
pub const RETRY_MAX_MS: f64 = 60.0 * 60.0 * 1000.0;
/// The shortest wait `retry_delay_ms` can give (the first retry at the lowest jitter): no
/// retry timer fires sooner, even for an entry another tab holds.
pub const RETRY_MIN_MS: f64 = RETRY_BASE_MS / 2.0;
/// PROCESSING shows at most this long once the work began; after it the visitor sees the
/// thank-you page while the delivery goes on from the outbox.
pub const PROCESSING_DEADLINE_MS: u32 = 10_000;
/// The longest the outbox waits for the browser's own store (IndexedDB) to answer before it
/// keeps the response in the page's memory and goes on delivering it. A write there takes
/// milliseconds, a 10 MB photo well under a second; WebKit never answers at all once a page
/// left with a transaction under way sits in its back-forward cache.
pub const STORE_WAIT_MS: u32 = 2_000;
/// Each time IndexedDB answers after the wait, the next wait is twice as long, up to this: a
/// store that is slow rather than stuck (a busy phone, many kept photos to read) is then
/// waited for, instead of every read missing the wait.
pub const STORE_WAIT_MAX_MS: u32 = 32_000;

/// What an answer from the database or the storage bucket means for the response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Delivery {
    /// The server has it (now, or, for a file, from an earlier attempt whose answer was lost).
    Stored,
    /// Insert only: the row was there before this insert (409 for our own id): an earlier
    /// attempt whose answer was lost, or the row sent ahead of its file at pagehide, which names
    /// that file's object (the late-file rule). Delivered like `Stored`, but a file still to go
    /// up may complete that row later.
    AlreadyStored,
    /// Storage only: the object name belongs to someone else; take the next name.
    NameTaken,
    /// A passing failure (network, 5xx, 408, 429): keep it and try again later.
    Retry,
    /// The server will never accept it as it is (a CHECK, a policy, a bad request): stop
    /// trying this channel and fall back to the email backup.
    Refused,
    /// Insert only: the response was deleted at its respondent's request (`stepzero-ops
    /// forget` left its id, and the database answers 410 with SQLSTATE PT410). Drop it from the
    /// outbox and send nothing else: the email backup would bring the deleted answers back.
    Forgotten,
}

/// Reads an insert's answer. `status` 0 means no answer (network down, timeout). A 409 or
/// Postgres unique violation (23505) on our own client-generated id means this very response
/// was stored before: by an earlier attempt, or sent ahead of its file. When an earlier ask
/// in this same attempt got no answer (`earlier_unanswered`), it is most likely that ask's
/// row, which names what this row names: `Stored`, so no file waits for a row that names none.
pub fn classify_insert(status: u16, postgres_code: &str, earlier_unanswered: bool) -> Delivery {
    let exists = status == 409 || postgres_code == "23505";
    match status {
        200..=299 => Delivery::Stored,
        _ if exists && earlier_unanswered => Delivery::Stored,
        _ if exists => Delivery::AlreadyStored,
        410 => Delivery::Forgotten,
        _ if postgres_code == "PT410" => Delivery::Forgotten,
        0 | 408 | 429 | 500..=599 => Delivery::Retry,
        _ => Delivery::Refused,
    }
}

/// What an answer from the email service (EmailJS) means for the backup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum EmailVerdict {
    /// The service accepted the email.
    Sent,
    /// Worth sending again after the spec's pause: no answer, a throttle, a server error, and
    /// the spec's own catalogue of answers (403 block list, 451 headless browser).
    Retry,
    /// The request is over the service's size limit: send again at once without the file's
    /// bytes (its details only), as for a file over the 40,960-byte cap.
    TooLarge,
    /// The same request would be refused the same way (bad ids, a malformed request): stop
    /// this attempt; the outbox tries the whole delivery again later.
    Refused,
}

/// Reads an EmailJS answer: `status` 0 for none, `text` its body (EmailJS answers in plain
/// text, e.g. "Variables size limit. The maximum allowed variables size is 50Kb").
pub fn classify_email(status: u16, text: &str) -> EmailVerdict {
    match status {
        200..=299 => EmailVerdict::Sent,
        413 => EmailVerdict::TooLarge,
        400 if contains_ignoring_case(text, "size limit")
            || contains_ignoring_case(text, "too large") =>
        {
            EmailVerdict::TooLarge
        }
        0 | 403 | 408 | 429 | 451 | 500..=599 => EmailVerdict::Retry,
        _ => EmailVerdict::Refused,
    }
}

/// Reads an upload's answer. "Already exists" (409, or 400 saying so, as hosted storage
/// does) means ours only when an earlier attempt with this same name may have succeeded
/// without us hearing back (`earlier_outcome_unknown`); otherwise another visitor's file has
/// the name and ours must take the next one.
pub fn classify_upload(status: u16, message: &str, earlier_outcome_unknown: bool) -> Delivery {
    let exists =
        status == 409 || (status == 400 && contains_ignoring_case(message, "already exists"));
    match status {
        200..=299 => Delivery::Stored,
        _ if exists && earlier_outcome_unknown => Delivery::Stored,
        _ if exists => Delivery::NameTaken,
        0 | 408 | 429 | 500..=599 => Delivery::Retry,
        _ => Delivery::Refused,
    }
}

/// Whether `hay` contains `needle` (lower-case ASCII), in any case. A plain loop:
/// `str::contains` and `slice::windows` each add kilobytes of searcher code to the wasm.
fn contains_ignoring_case(hay: &str, needle: &str) -> bool {
    let (hay, needle) = (hay.as_bytes(), needle.as_bytes());
    let mut start = 0;
    while start + needle.len() <= hay.len() {
        let mut matched = 0;
        while matched < needle.len() && hay[start + matched].to_ascii_lowercase() == needle[matched]
        {
            matched += 1;
        }
        if matched == needle.len() {
            return true;
        }
        start += 1;
    }
    false
}

/// The wait before retry number `attempt` (1 for the first retry): 5 s doubling to at most
/// an hour, scaled by `jitter` in [0, 1) to between 50% and 100% so many visitors coming back
/// online at once do not retry in step.
pub fn retry_delay_ms(attempt: u32, jitter: f64) -> f64 {
    let doublings = attempt.saturating_sub(1).min(20);
    let full = (RETRY_BASE_MS * f64::from(1u32 << doublings)).min(RETRY_MAX_MS);
    let jitter = if jitter.is_finite() {
        jitter.clamp(0.0, 1.0)
    } else {
        0.0
    };
    full * (0.5 + jitter / 2.0)
}

/// How many distinct days an entry has been tried on, counting the attempt made at `now_ms`:
/// `days_seen` so far, plus one when `now_ms` falls on a later (UTC) day than `last_tried_ms`,
/// the clock at its previous attempt. Never tried (`last_tried_ms` NaN: a new entry, or one
/// kept before the count existed) counts as a new day. A clock jumped forward adds one day,
/// however far; a clock set back adds none and, since the caller then keeps the earlier time,
/// counting resumes as days pass: it is neither reset nor stopped. An unreadable `now_ms`
/// adds none.
pub fn days_seen(days_seen: u32, last_tried_ms: f64, now_ms: f64) -> u32 {
    let (day, last) = ((now_ms / DAY_MS).floor(), (last_tried_ms / DAY_MS).floor());
    if last.is_nan() && !day.is_nan() || day > last {
        days_seen.saturating_add(1)
    } else {
        days_seen
    }
}

/// Whether a kept entry is due for its next try at `now_ms`: its backoff has passed, or its
/// next try lies further ahead than the longest backoff, which only a clock that ran fast when
/// it was set can do (corrected since, it would wait as long as the clock was fast). A time
/// that cannot be read (NaN) is due: an entry is never left waiting for a time that never comes.
pub fn is_due(next_attempt_ms: f64, now_ms: f64) -> bool {
    let ahead = next_attempt_ms - now_ms;
    !(ahead > 0.0 && ahead <= RETRY_MAX_MS)
}

/// Whether what an entry still carries is given up: only right after an attempt whose last way
/// of delivering it failed (`last_way_failed`: the email backup, for a response; the upload, for
/// the file of a row already stored), once it was tried on at least `OUTBOX_GIVE_UP_DAYS`
/// distinct days.
pub fn give_up(days_seen: u32, last_way_failed: bool) -> bool {
    last_way_failed && days_seen >= OUTBOX_GIVE_UP_DAYS
}

/// The name to try when `object_name` (`<ms>_<file>`) is taken: the next free timestamp,
/// `<ms + 1>_<file>`. A name not of that form gets a `0_` prefix.
pub fn next_object_name(object_name: &str) -> String {
    match object_name.split_once('_') {
        Some((stamp, file)) if !stamp.is_empty() && stamp.bytes().all(|b| b.is_ascii_digit()) => {
            let next = stamp.parse::<u64>().map_or(0, |ms| ms.saturating_add(1));
            format!("{next}_{file}")
        }
        _ => format!("0_{object_name}"),
    }
}
