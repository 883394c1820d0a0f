//! The answer set held in the browser until submit: exactly the object stored under the
//! `stepZeroAnswers` key. Raw strings in, typed choices out through the accessors.

use crate::choices::{Completed, Gender, Reason, YesNo};
use serde::{Deserialize, Serialize};

/// What the visitor has answered so far. Every field is optional: an unanswered question is
/// absent (or `null`). Unknown keys are ignored, wrongly typed ones are an error.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Answers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question1: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question2: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question3: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question4a: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question4b: Option<String>,
    #[serde(
        rename = "answer4b-other",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub answer4b_other: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question5a: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question5b: Option<String>,
    #[serde(
        rename = "answer5b-email",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub answer5b_email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub question6: Option<String>,
    /// Digits as typed (see `digits_only`), not a number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub age: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub gender: Option<String>,
    #[serde(
        rename = "termsConsent",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub terms_consent: Option<bool>,
}

impl Answers {
    /// Question 3 as a choice; `None` when unanswered or not one of the labels.
    pub fn completed(&self) -> Option<Completed> {
        self.question3.as_deref().and_then(Completed::parse)
    }

    /// Whether question 3 was answered Yes: the branch the route takes through 4a and 5a.
    pub fn said_completed(&self) -> bool {
        self.completed() == Some(Completed::Yes)
    }

    /// Question 4b as a choice.
    pub fn reason(&self) -> Option<Reason> {
        self.question4b.as_deref().and_then(Reason::parse)
    }

    /// Whether question 4b was answered Other (so the 4b-other step follows).
    pub fn chose_other_reason(&self) -> bool {
        self.reason() == Some(Reason::Other)
    }

    /// Question 5a, 5b or 6 as a choice.
    pub fn yes_no(value: &Option<String>) -> Option<YesNo> {
        value.as_deref().and_then(YesNo::parse)
    }

    /// Whether a reminder was asked for (question 5b Yes), which reveals the email field.
    pub fn wants_reminder(&self) -> bool {
        Self::yes_no(&self.question5b) == Some(YesNo::Yes)
    }

    /// Whether the visitor consented to sharing (question 6 Yes), which reveals the attachment.
    pub fn consents_to_sharing(&self) -> bool {
        Self::yes_no(&self.question6) == Some(YesNo::Yes)
    }

    /// Question 8 as a choice.
    pub fn gender_choice(&self) -> Option<Gender> {
        self.gender.as_deref().and_then(Gender::parse)
    }

    /// How many answers are present and non-blank (the consent tick does not count).
    pub fn answered_count(&self) -> usize {
        [
            &self.question1,
            &self.question2,
            &self.question3,
            &self.question4a,
            &self.question4b,
            &self.answer4b_other,
            &self.question5a,
            &self.question5b,
            &self.answer5b_email,
            &self.question6,
            &self.age,
            &self.gender,
        ]
        .into_iter()
        .filter(|value| value.as_deref().is_some_and(|text| !text.trim().is_empty()))
        .count()
    }
}
