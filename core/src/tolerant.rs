//! What the engine's serde readers tolerate beyond what it writes itself, for the fields whose
//! Rust type alone would refuse it: entries kept in visitors' outboxes by earlier builds are
//! read back (tests/vectors/boundary.json lists each tolerance).

use crate::constants::AGE_RANGE;
use serde::{Deserialize, Deserializer};

/// A `null` (or, with `#[serde(default)]`, an absent field) as the type's default: "" or false.
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// A row's age: any number, kept as its whole part when within [`AGE_RANGE`], else dropped
/// (`None`, as a `null` is); a value that is not a number is refused.
pub fn age<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u8>, D::Error> {
    let ages = f64::from(*AGE_RANGE.start())..=f64::from(*AGE_RANGE.end());
    let age = Option::<f64>::deserialize(deserializer)?;
    Ok(age.filter(|n| ages.contains(n)).map(|n| n as u8))
}
