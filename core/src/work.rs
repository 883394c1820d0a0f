//! Proof of work bound to one response: the visitor's device pays a little CPU time for each
//! row, so a script that wants to store thousands of rows pays thousands of times over, and
//! nobody is tracked (no cookie, no IP, no third party).
//!
//! The puzzle is self-issued and needs no server round trip: find a `nonce` (decimal digits)
//! such that SHA-256 of
//!
//! ```text
//! stepzero-work:v1:<id>:<completion time in epoch milliseconds>:<nonce>
//! ```
//!
//! starts with at least `difficulty` zero bits. `<id>` is the row's UUID in lower case and
//! the time is the row's `completion_time` as whole milliseconds, the two values the database
//! rebuilds exactly from the row (`id::text` and `extract(epoch …) * 1000`), so the database
//! checks a row with one hash (supabase/migrations, `survey_responses_require_work`). The work
//! cannot be reused for another id or time. Expected cost: 2^difficulty hashes.

use sha2::{Digest, Sha256};

/// The difficulty the site starts with. `make bench` (`pow:` line) measured the wasm solver in
/// Chromium under a 4× CPU slowdown; this keeps the median under a second there.
pub const DEFAULT_DIFFICULTY: u32 = 18;

/// How long a delivery attempt waits for unfinished work before it leaves the row in the outbox
/// (it is sent as soon as the work is done): PROCESSING never lasts longer for the work's sake.
/// Solving starts at the Submit click, so a typical device is done before SUBMITTED ends.
pub const WAIT_MS: u32 = 5_000;

/// The highest difficulty the engine accepts: 2^32 hashes is far beyond any phone, so a larger
/// value can only be a mistake (or a hostile answer) and must not start an endless search.
pub const MAX_DIFFICULTY: u32 = 32;

/// The SQLSTATE the database raises for a row without enough work (PostgREST answers it as
/// HTTP 428 Precondition Required, with this code in the error body).
pub const REFUSAL_CODE: &str = "PT428";

/// The message prefix: the canonical message is `<prefix><id>:<ms>:<nonce>`.
const PREFIX: &str = "stepzero-work:v1:";

/// The bytes that are hashed for `id` (a UUID, any case), `completion_ms` and `nonce`.
pub fn message(id: &str, completion_ms: u64, nonce: &str) -> String {
    format!(
        "{PREFIX}{}:{completion_ms}:{nonce}",
        id.to_ascii_lowercase()
    )
}

/// The number of zero bits at the start of `hash`.
pub fn leading_zero_bits(hash: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in hash {
        if *byte == 0 {
            bits += 8;
        } else {
            return bits + byte.leading_zeros();
        }
    }
    bits
}

/// Whether `nonce` is valid work of at least `difficulty` for the row `id` / `completion_ms`:
/// exactly the database's check. A nonce must be 1 to 20 decimal digits.
pub fn verify(id: &str, completion_ms: u64, nonce: &str, difficulty: u32) -> bool {
    let digits =
        !nonce.is_empty() && nonce.len() <= 20 && nonce.bytes().all(|b| b.is_ascii_digit());
    digits && leading_zero_bits(&Sha256::digest(message(id, completion_ms, nonce))) >= difficulty
}

/// Whether `text` has the form of a nonce: 1 to 20 decimal digits (the column's CHECK).
pub fn is_nonce(text: &str) -> bool {
    (1..=20).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// Searches the nonces `start`, `start + 1`, … (at most `budget` of them) for work of
/// `difficulty`; the first that holds, or `None` when the budget ran out. The caller bounds the
/// time by choosing the budget and calling again from where it stopped; a difficulty above
/// [`MAX_DIFFICULTY`] finds nothing.
pub fn solve(
    id: &str,
    completion_ms: u64,
    difficulty: u32,
    start: u64,
    budget: u64,
) -> Option<u64> {
    if difficulty > MAX_DIFFICULTY {
        return None;
    }
    // Everything before the nonce is hashed once; each try only adds its digits.
    let mut prefix = Sha256::new();
    prefix.update(message(id, completion_ms, ""));
    let mut digits = [0u8; 20];
    let end = start.saturating_add(budget);
    (start..end).find(|&nonce| {
        let mut hasher = prefix.clone();
        hasher.update(decimal(nonce, &mut digits));
        leading_zero_bits(&hasher.finalize()) >= difficulty
    })
}

/// `n` in decimal, written into `buf` (no allocation, no formatter in the hot loop).
fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[at..];
        }
    }
}

/// Reads an insert's answer: `Some(difficulty)` when the database refused the row for missing
/// or insufficient work and asks for that difficulty (the error's `hint` is
/// `difficulty=<d>`), `None` for any other answer (then `outbox::classify_insert` decides).
/// A difficulty above [`MAX_DIFFICULTY`] is read as that maximum.
pub fn refusal_difficulty(postgres_code: &str, hint: &str) -> Option<u32> {
    if postgres_code != REFUSAL_CODE {
        return None;
    }
    let value = hint.trim().strip_prefix("difficulty=")?;
    if value.is_empty() || value.len() > 9 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse::<u32>().ok().map(|d| d.min(MAX_DIFFICULTY))
}

/// A completion time in epoch milliseconds as the engine takes it from JavaScript: a whole,
/// non-negative number below 2^53. `None` otherwise.
pub fn completion_ms(value: f64) -> Option<u64> {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    ((0.0..=MAX_SAFE).contains(&value) && value.fract() == 0.0).then_some(value as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11";

    #[test]
    fn message_is_lower_case_and_canonical() {
        assert_eq!(
            message(&ID.to_uppercase(), 1_763_850_000_123, "42"),
            format!("stepzero-work:v1:{ID}:1763850000123:42")
        );
    }

    #[test]
    fn counts_leading_zero_bits() {
        assert_eq!(leading_zero_bits(&[0x00, 0x00, 0x80]), 16);
        assert_eq!(leading_zero_bits(&[0x00, 0x1f]), 11);
        assert_eq!(leading_zero_bits(&[0xff]), 0);
        assert_eq!(leading_zero_bits(&[0, 0]), 16);
    }

    #[test]
    fn solved_work_verifies_and_is_bound_to_its_row() {
        let nonce = solve(ID, 1_000, 12, 0, 1 << 20).expect("found within a million tries");
        let text = nonce.to_string();
        assert!(verify(ID, 1_000, &text, 12));
        assert!(verify(&ID.to_uppercase(), 1_000, &text, 12));
        let other = "1b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11";
        // Another id or time almost surely fails at difficulty 12 (1 in 4096 would pass).
        assert!(!verify(other, 1_000, &text, 12) || !verify(other, 1_001, &text, 12));
    }

    #[test]
    fn solve_returns_the_first_nonce_in_its_window() {
        let first = solve(ID, 7, 8, 0, 1 << 16).expect("difficulty 8 is quick");
        assert_eq!(solve(ID, 7, 8, first, 1), Some(first));
        assert_eq!(solve(ID, 7, 8, 0, first), None);
        assert_eq!(solve(ID, 7, MAX_DIFFICULTY + 1, 0, 1 << 16), None);
        assert_eq!(solve(ID, 7, 0, u64::MAX, 5), None); // the window is empty, no overflow
    }

    #[test]
    fn verify_refuses_malformed_nonces() {
        for nonce in ["", "-1", "1.0", " 1", "123456789012345678901", "１"] {
            assert!(!verify(ID, 1, nonce, 0), "{nonce:?}");
        }
        assert!(verify(ID, 1, "0", 0));
    }

    #[test]
    fn decimal_writes_digits() {
        let mut buf = [0u8; 20];
        assert_eq!(decimal(0, &mut buf), b"0");
        assert_eq!(decimal(907, &mut buf), b"907");
        assert_eq!(decimal(u64::MAX, &mut buf), b"18446744073709551615");
    }

    #[test]
    fn reads_the_refusal() {
        assert_eq!(refusal_difficulty("PT428", "difficulty=18"), Some(18));
        assert_eq!(
            refusal_difficulty("PT428", "difficulty=99"),
            Some(MAX_DIFFICULTY)
        );
        assert_eq!(refusal_difficulty("PT428", "difficulty="), None);
        assert_eq!(refusal_difficulty("PT428", "difficulty=-1"), None);
        assert_eq!(refusal_difficulty("P0001", "difficulty=18"), None);
        assert_eq!(refusal_difficulty("PT428", ""), None);
    }

    #[test]
    fn reads_completion_ms() {
        assert_eq!(completion_ms(1_763_850_000_123.0), Some(1_763_850_000_123));
        assert_eq!(completion_ms(-1.0), None);
        assert_eq!(completion_ms(1.5), None);
        assert_eq!(completion_ms(f64::NAN), None);
        assert_eq!(completion_ms(f64::INFINITY), None);
    }
}
