//! Proof of work bound to one response: the visitor's device pays a little CPU time for each
//! row, so a script that wants to store thousands of rows pays thousands of times over, and
//! nobody is tracked (no cookie, no IP, no third party).
//!
//! The puzzle is self-issued and needs no server round trip. At difficulty `d` it is [`shape`]`(d)`
//! = `k` sub-puzzles of `d - log2 k` bits each (k = 32 from d = 5 up): for each index `i` in
//! `0..k`, find a `nonce` (decimal digits) such that SHA-256 of
//!
//! ```text
//! stepzero-work:v2:<id>:<completion time in epoch milliseconds>:<i>:<nonce>
//! ```
//!
//! starts with at least `d - log2 k` zero bits. The work is the k nonces in index order, joined
//! by commas. The expected cost is k × 2^(d - log2 k) = 2^d hashes, exactly the single puzzle's,
//! but the solve time is a sum of k geometric draws instead of one, so its tail is short (p95
//! about 1.3 × the mean at k = 32 instead of 3 ×), and the parts can be solved on several
//! workers. `<id>` is the row's UUID in lower case and the time is the row's `completion_time`
//! as whole milliseconds, the two values the database rebuilds exactly from the row (`id::text`
//! and `extract(epoch …) * 1000`), so the database checks a row with k hashes (supabase/migrations,
//! `stepzero_private.check_work`). The work cannot be reused for another id, time or index.
//!
//! The first form is one puzzle of `d` bits, a single nonce for
//!
//! ```text
//! stepzero-work:v1:<id>:<completion time in epoch milliseconds>:<nonce>
//! ```
//!
//! It costs the same 2^d expected hashes, so [`verify`] (and the database) accepts it too: rows
//! solved in that form and still waiting in visitors' outboxes, or emailed, are not lost.

use sha2::{Digest, Sha256};

mod lanes;
mod search;

/// The difficulty the site starts with (the database's default: supabase/migrations,
/// `*_work_difficulty_19.sql`). `make bench` weighs it both ways: the visitor's wasm solver in
/// Chromium under a 4× CPU slowdown (`pow:`, p95 at most 300 ms) and an attacker's native solver
/// (`flood:`, at most 69 stored rows per CPU-second). Why 19 and not 18:
/// docs/decisions.md, "Abuse resistance" (figures: commit 56c7c6a).
pub const DEFAULT_DIFFICULTY: u32 = 19;

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

/// The message prefix of the first form: `<prefix><id>:<ms>:<nonce>`.
const PREFIX: &str = "stepzero-work:v1:";

/// The message prefix of the split form: `<prefix><id>:<ms>:<index>:<nonce>`.
const PART_PREFIX: &str = "stepzero-work:v2:";

/// log2 of the number of sub-puzzles: 32. Not 64: the work's text stays short for the email and
/// the column's CHECK, and 64 gains less than the second worker does
/// (docs/decisions.md, "Abuse resistance"; figures: commit fe2998d).
pub const PARTS_LOG: u32 = 5;

/// The most sub-puzzles any difficulty has.
pub const MAX_PARTS: u32 = 1 << PARTS_LOG;

/// The longest work text: [`MAX_PARTS`] nonces of 20 digits and the commas between them (the
/// column's CHECK; the email's size bound counts it).
pub const MAX_WORK_CHARS: usize = MAX_PARTS as usize * 21 - 1;

/// The bytes that are hashed for the first form's `id` (a UUID, any case), `completion_ms` and
/// `nonce`.
pub fn message(id: &str, completion_ms: u64, nonce: &str) -> String {
    format!(
        "{PREFIX}{}:{completion_ms}:{nonce}",
        id.to_ascii_lowercase()
    )
}

/// The bytes that are hashed for sub-puzzle `index` of the row `id` / `completion_ms`.
pub fn part_message(id: &str, completion_ms: u64, index: u32, nonce: &str) -> String {
    format!(
        "{PART_PREFIX}{}:{completion_ms}:{index}:{nonce}",
        id.to_ascii_lowercase()
    )
}

/// The split of `difficulty`: `(parts, bits of each part)`, with parts × 2^bits = 2^difficulty,
/// so the expected cost (the operator's setting) keeps its meaning. Below [`PARTS_LOG`] bits
/// there are fewer parts of 0 bits (any nonce does).
pub const fn shape(difficulty: u32) -> (u32, u32) {
    let log = if difficulty < PARTS_LOG {
        difficulty
    } else {
        PARTS_LOG
    };
    (1 << log, difficulty - log)
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

/// Whether `work` is valid work of at least `difficulty` for the row `id` / `completion_ms`:
/// exactly the database's check. Either form: one nonce (the first form, the whole difficulty
/// in one hash), or exactly [`shape`]`(difficulty).0` nonces joined by commas, nonce `i`
/// solving sub-puzzle `i`. A nonce must be 1 to 20 decimal digits.
pub fn verify(id: &str, completion_ms: u64, work: &str, difficulty: u32) -> bool {
    if is_digits(work) {
        return leading_zero_bits(&Sha256::digest(message(id, completion_ms, work))) >= difficulty;
    }
    let (parts, bits) = shape(difficulty);
    let mut count = 0u32;
    work.split(',').all(|nonce| {
        let index = count;
        count += 1;
        index < parts
            && is_digits(nonce)
            && leading_zero_bits(&Sha256::digest(part_message(
                id,
                completion_ms,
                index,
                nonce,
            ))) >= bits
    }) && count == parts
}

/// Whether `text` is one nonce: 1 to 20 decimal digits.
fn is_digits(text: &str) -> bool {
    (1..=20).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `text` has the form of work (the column's CHECK): 1 to [`MAX_PARTS`] nonces of 1 to
/// 20 decimal digits, joined by commas.
pub fn is_nonce(text: &str) -> bool {
    let mut count = 0;
    text.split(',').all(|nonce| {
        count += 1;
        count <= MAX_PARTS && is_digits(nonce)
    })
}

/// Searches the nonces `start`, `start + 1`, … (at most `budget` of them) for work of the
/// first form (one puzzle) of `difficulty`; the first that holds, or `None` when the budget ran
/// out. The site solves the split form ([`solve_part`]); this stays for the tests of the
/// transition and for what an attacker could still send. A difficulty above [`MAX_DIFFICULTY`]
/// finds nothing.
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
    search(&message(id, completion_ms, ""), difficulty, start, budget)
}

/// Searches the nonces `start`, `start + 1`, … (at most `budget` of them) for sub-puzzle
/// `index` of `part_bits` bits (from [`shape`]); the first that holds, or `None` when the
/// budget ran out. The caller bounds the time by choosing the budget and calling again from
/// where it stopped; more than [`MAX_DIFFICULTY`] bits finds nothing.
pub fn solve_part(
    id: &str,
    completion_ms: u64,
    index: u32,
    part_bits: u32,
    start: u64,
    budget: u64,
) -> Option<u64> {
    if part_bits > MAX_DIFFICULTY {
        return None;
    }
    search(
        &part_message(id, completion_ms, index, ""),
        part_bits,
        start,
        budget,
    )
}

/// The whole work of `difficulty` for the row, in its split form (what the site sends), solved
/// on this thread without a bound: for native callers (tests, the operators' tool, the flood
/// bench). `None` above [`MAX_DIFFICULTY`].
pub fn solve_all(id: &str, completion_ms: u64, difficulty: u32) -> Option<String> {
    if difficulty > MAX_DIFFICULTY {
        return None;
    }
    let (parts, bits) = shape(difficulty);
    let nonces: Option<Vec<u64>> = (0..parts)
        .map(|i| solve_part(id, completion_ms, i, bits, 0, u64::MAX))
        .collect();
    Some(join(&nonces?))
}

/// The work's text from the parts' nonces in index order: decimal, joined by commas.
pub fn join(nonces: &[u64]) -> String {
    nonces
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The first nonce from `start` (at most `budget` tries) whose hash after `prefix` has `bits`
/// leading zero bits (`search.rs`: one SHA-256 compression per try, four at once in the
/// browser's wasm).
fn search(prefix: &str, bits: u32, start: u64, budget: u64) -> Option<u64> {
    search::first(prefix.as_bytes(), bits, start, budget)
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
    fn the_split_keeps_the_expected_cost() {
        for difficulty in 0..=MAX_DIFFICULTY {
            let (parts, bits) = shape(difficulty);
            assert_eq!(u64::from(parts) << bits, 1u64 << difficulty, "{difficulty}");
            assert!(parts <= MAX_PARTS);
        }
        assert_eq!(shape(18), (32, 13));
        assert_eq!(shape(3), (8, 0));
    }

    #[test]
    fn the_default_is_19_in_32_parts() {
        // Not 18: with the faster search an attacker's native solver stores more than the 69
        // rows per CPU-second the work is held to there (figures: commit 56c7c6a).
        assert_eq!(DEFAULT_DIFFICULTY, 19);
        assert_eq!(shape(DEFAULT_DIFFICULTY), (32, 14));
    }

    #[test]
    fn split_work_verifies_and_is_bound_to_its_row_and_indexes() {
        let work = solve_all(ID, 1_000, 12).expect("difficulty 12 is quick");
        let nonces: Vec<&str> = work.split(',').collect();
        assert_eq!(nonces.len(), 32);
        assert!(verify(ID, 1_000, &work, 12));
        assert!(verify(&ID.to_uppercase(), 1_000, &work, 12));
        assert!(is_nonce(&work));
        // Each part is bound to its index: swapping two parts almost surely fails (7 bits each).
        let mut swapped = nonces.clone();
        swapped.swap(0, 1);
        assert!(nonces[0] == nonces[1] || !verify(ID, 1_000, &swapped.join(","), 12));
        // Exactly `parts` nonces: one missing or one more is refused.
        assert!(!verify(ID, 1_000, &nonces[..31].join(","), 12));
        assert!(!verify(ID, 1_000, &format!("{work},0"), 12));
        // Another row's time.
        assert!(!verify(ID, 1_001, &work, 12));
        // Work of a lower difficulty is not enough (its parts have fewer bits).
        let easy = solve_all(ID, 1_000, 6).expect("quick");
        assert!(!verify(ID, 1_000, &easy, 12));
    }

    #[test]
    fn verify_refuses_malformed_split_work() {
        for work in [",", "1,", ",1", "1,,1", "1, 2", "1;2", &"1,".repeat(32)] {
            assert!(!verify(ID, 1, work, 1), "{work:?}");
        }
        assert!(verify(ID, 1, "0,0", 1)); // 2 parts of 0 bits
        assert!(!verify(ID, 1, "0,0,0", 1));
    }

    #[test]
    fn the_forms_of_work() {
        assert!(is_nonce("0"));
        assert!(is_nonce(&vec!["18446744073709551615"; 32].join(",")));
        assert_eq!(
            vec!["18446744073709551615"; 32].join(",").len(),
            MAX_WORK_CHARS
        );
        assert!(!is_nonce(&vec!["1"; 33].join(",")));
        assert!(!is_nonce("1,,2"));
        assert!(!is_nonce(""));
    }

    #[test]
    fn solve_part_returns_the_first_nonce_in_its_window() {
        let first = solve_part(ID, 7, 3, 8, 0, 1 << 16).expect("8 bits is quick");
        assert_eq!(solve_part(ID, 7, 3, 8, first, 1), Some(first));
        assert_eq!(solve_part(ID, 7, 3, 8, 0, first), None);
        assert_eq!(solve_part(ID, 7, 3, MAX_DIFFICULTY + 1, 0, 1 << 16), None);
        assert_eq!(solve_all(ID, 7, MAX_DIFFICULTY + 1), None);
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
        assert_eq!(search::decimal(0, &mut buf), b"0");
        assert_eq!(search::decimal(907, &mut buf), b"907");
        assert_eq!(search::decimal(u64::MAX, &mut buf), b"18446744073709551615");
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
