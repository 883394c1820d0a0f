//! The proof-of-work solver's JavaScript API, built only into its own small wasm (`pkg-work/`,
//! feature `work-wasm`, core/work.mk), which the browser runs in a Web Worker.
//!
//! Why not in the engine's wasm: SHA-256 from the `sha2` crate added 4.8 KB gzip to it
//! (34.0 -> 38.9 KB, measured with `make pkg`), leaving no room under the engine's 40 KB
//! first-load budget once the JS glue counts. On its own the solver is only needed after the
//! Submit click, and can be built for speed (opt-level 3) instead of size: every hash per
//! second the visitor's device gains is difficulty an attacker pays for.

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
