//! Step Zero's survey engine: every rule of the survey, once.
//!
//! Pure functions over values: no clock, no storage, no network. The web front end asks this
//! crate which step comes next, what Back does, what is valid and what gets stored, and only
//! renders the answers and performs I/O. With the `wasm` feature the same functions are
//! exported to JavaScript (see [`wasm`]); without it, `cargo test` runs them natively.

pub mod answers;
pub mod choices;
pub mod constants;
pub mod email;
pub mod error;
pub mod flow;
#[cfg(feature = "image")]
pub mod image;
pub mod journey;
pub mod media;
pub mod outbox;
pub mod record;
pub mod record_json;
pub mod reference;
pub mod row;
pub mod step;
mod tolerant;
pub mod validate;
#[cfg(feature = "wasm")]
pub mod wasm;
pub mod work;
#[cfg(feature = "work-wasm")]
pub mod work_wasm;

pub use answers::Answers;
pub use error::EngineError;
pub use flow::{Backward, Forward};
pub use journey::StepErrors;
pub use step::StepId;
pub use validate::{ErrorCode, FieldError};
