//! The proof-of-work solver's JavaScript API, built only into its own small wasm (`pkg-work/`,
//! feature `work-wasm`, core/work.mk), which the browser runs in a Web Worker.
//!
//! Why not in the engine's wasm: SHA-256 from the `sha2` crate would make the engine larger
//! (figures: commit 83e36cc), and the solver is only needed after the Submit click. On its
//! own it can be built for speed (opt-level 3) instead of size: every hash per second the
//! visitor's device gains is difficulty an attacker pays for.

use crate::{work, EngineError};
use wasm_bindgen::prelude::*;

fn bad(why: &str) -> JsError {
    JsError::new(&EngineError::BadArgument(why.into()).to_string())
}

fn whole_ms(value: f64, name: &str) -> Result<u64, JsError> {
    work::completion_ms(value).ok_or_else(|| bad(&format!("{name} is not a whole number")))
}

/// Searches `budget` nonces from `start` for work of `difficulty` bound to the row's `id` and
/// completion time (epoch ms); the nonce found, or `null` (call again from `start + budget`).
///
/// # Errors
/// A thrown `Error` when `id` is not a UUID or a number is not a whole, non-negative one.
#[wasm_bindgen(js_name = solveWork, unchecked_return_type = "number | null")]
pub fn solve_work(
    id: &str,
    completion_ms: f64,
    difficulty: u32,
    start: f64,
    budget: u32,
) -> Result<JsValue, JsError> {
    if !crate::record::is_uuid(id) {
        return Err(bad("id is not a UUID"));
    }
    let ms = whole_ms(completion_ms, "completionMs")?;
    let found = work::solve(id, ms, difficulty, whole_ms(start, "start")?, budget.into());
    // Nonces stay far below 2^53 (2^32 tries would take a phone days), so f64 is exact.
    Ok(found.map_or(JsValue::NULL, |nonce| JsValue::from_f64(nonce as f64)))
}

/// Searches `budget` nonces from `start` for sub-puzzle `index` of `partBits` bits (from
/// `workShape`) of the row's `id` and completion time; the nonce found, or `null`.
///
/// # Errors
/// A thrown `Error` when `id` is not a UUID or a number is not a whole, non-negative one.
#[wasm_bindgen(js_name = solveWorkPart, unchecked_return_type = "number | null")]
pub fn solve_work_part(
    id: &str,
    completion_ms: f64,
    index: u32,
    part_bits: u32,
    start: f64,
    budget: u32,
) -> Result<JsValue, JsError> {
    if !crate::record::is_uuid(id) {
        return Err(bad("id is not a UUID"));
    }
    let ms = whole_ms(completion_ms, "completionMs")?;
    let start = whole_ms(start, "start")?;
    let found = work::solve_part(id, ms, index, part_bits, start, budget.into());
    Ok(found.map_or(JsValue::NULL, |nonce| JsValue::from_f64(nonce as f64)))
}

/// The split of `difficulty` into sub-puzzles: `[parts, bits of each]` (core/src/work.rs,
/// `shape`). The page solves parts `0..parts` and joins their nonces with `joinWork`.
#[wasm_bindgen(js_name = workShape)]
pub fn work_shape(difficulty: u32) -> Vec<u32> {
    let (parts, bits) = work::shape(difficulty.min(work::MAX_DIFFICULTY));
    vec![parts, bits]
}

/// The work's text from the parts' nonces in index order (what the row's `work_nonce` holds).
///
/// # Errors
/// A thrown `Error` when a nonce is not a whole, non-negative number.
#[wasm_bindgen(js_name = joinWork)]
pub fn join_work(nonces: Vec<f64>) -> Result<String, JsError> {
    let whole: Result<Vec<u64>, JsError> = nonces.iter().map(|n| whole_ms(*n, "a nonce")).collect();
    Ok(work::join(&whole?))
}

/// Whether `nonce` is valid work of `difficulty` for the row: the database's own check.
///
/// # Errors
/// A thrown `Error` when `completionMs` is not a whole, non-negative number.
#[wasm_bindgen(js_name = verifyWork)]
pub fn verify_work(
    id: &str,
    completion_ms: f64,
    nonce: &str,
    difficulty: u32,
) -> Result<bool, JsError> {
    Ok(work::verify(
        id,
        whole_ms(completion_ms, "completionMs")?,
        nonce,
        difficulty,
    ))
}
