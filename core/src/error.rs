//! The engine's error values: what bad input turns into instead of a panic.

use std::fmt;

/// Why the engine refused an input. Every variant reaches JavaScript as a thrown `Error`
/// whose message is this type's `Display` text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// Occurs when a step id is not one of the route ids ("1" … "8", "4a", "4b-other", …).
    UnknownStep(String),
    /// Occurs when the answers object has a wrongly typed field (say, a number for `question1`).
    BadAnswers(String),
    /// Occurs when a record is built from answers that do not pass `validate_all`; names the
    /// first step to revisit.
    Incomplete(crate::StepId),
    /// Occurs when an argument other than the answers is malformed (say, a negative size).
    BadArgument(String),
    /// Occurs when a row from outside the survey (an imported email backup) is not one the
    /// engine would have built; says why.
    BadRecord(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownStep(id) => {
                let shown: String = id.chars().take(40).collect();
                write!(f, "unknown step id \"{shown}\"")
            }
            Self::BadAnswers(why) => write!(f, "answers are malformed: {why}"),
            Self::Incomplete(step) => {
                write!(
                    f,
                    "answers are incomplete: step {} needs an answer",
                    step.as_str()
                )
            }
            Self::BadArgument(why) => write!(f, "bad argument: {why}"),
            Self::BadRecord(why) => write!(f, "not a valid response: {why}"),
        }
    }
}

impl std::error::Error for EngineError {}
