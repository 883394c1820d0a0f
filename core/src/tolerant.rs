//! What the engine's serde readers tolerate in the JS API's input-only types (`RecordMeta`,
//! `FileInfo`) beyond what their Rust types accept: entries kept in visitors' outboxes by earlier
//! builds are read back (tests/vectors/boundary.json lists each tolerance; the row's own are in
//! `wasm/kept_row.rs`).

use serde::{Deserialize, Deserializer};

/// A `null` (or, with `#[serde(default)]`, an absent field) as the type's default: "" or false.
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}
