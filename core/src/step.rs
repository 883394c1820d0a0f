//! Step ids: the survey's questions, named as in their routes (`/survey/question/{id}`).

use crate::EngineError;
use serde::{Deserialize, Serialize};

/// One question of the survey. Its string form is the route id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub enum StepId {
    #[serde(rename = "1")]
    One,
    #[serde(rename = "2")]
    Two,
    #[serde(rename = "3")]
    Three,
    #[serde(rename = "4a")]
    FourA,
    #[serde(rename = "4b")]
    FourB,
    #[serde(rename = "4b-other")]
    FourBOther,
    #[serde(rename = "5a")]
    FiveA,
    #[serde(rename = "5b")]
    FiveB,
    #[serde(rename = "6")]
    Six,
    #[serde(rename = "7")]
    Seven,
    #[serde(rename = "8")]
    Eight,
}

impl StepId {
    /// Every step, in the order the spec lists them.
    pub const ALL: [StepId; 11] = [
        Self::One,
        Self::Two,
        Self::Three,
        Self::FourA,
        Self::FourB,
        Self::FourBOther,
        Self::FiveA,
        Self::FiveB,
        Self::Six,
        Self::Seven,
        Self::Eight,
    ];

    /// The route id, e.g. `"4b-other"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::One => "1",
            Self::Two => "2",
            Self::Three => "3",
            Self::FourA => "4a",
            Self::FourB => "4b",
            Self::FourBOther => "4b-other",
            Self::FiveA => "5a",
            Self::FiveB => "5b",
            Self::Six => "6",
            Self::Seven => "7",
            Self::Eight => "8",
        }
    }

    /// Parses a route id.
    ///
    /// # Errors
    /// [`EngineError::UnknownStep`] for anything but the eleven route ids (exact, case-sensitive).
    pub fn parse(id: &str) -> Result<Self, EngineError> {
        Self::ALL
            .into_iter()
            .find(|step| step.as_str() == id)
            .ok_or_else(|| EngineError::UnknownStep(id.to_owned()))
    }

    /// The step's number out of eight: the branches 4a, 4b and 4b-other all count as 4,
    /// 5a and 5b as 5.
    pub fn number(self) -> u8 {
        match self {
            Self::One => 1,
            Self::Two => 2,
            Self::Three => 3,
            Self::FourA | Self::FourB | Self::FourBOther => 4,
            Self::FiveA | Self::FiveB => 5,
            Self::Six => 6,
            Self::Seven => 7,
            Self::Eight => 8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_round_trips_through_its_route_id() {
        for step in StepId::ALL {
            assert_eq!(StepId::parse(step.as_str()), Ok(step));
        }
    }

    #[test]
    fn unknown_ids_are_errors() {
        for id in ["", "0", "9", "4A", "4c", " 1", "4b_other"] {
            assert!(StepId::parse(id).is_err(), "{id:?}");
        }
    }
}
