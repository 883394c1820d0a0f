//! Validation (spec section 5): what each step requires, as error codes with the spec's exact
//! messages. Codes are the stable contract; the wording lives in [`ErrorCode::message`] only.

use crate::choices::{Completed, Discomfort, Reason, YesNo};
use crate::constants::{AGE_RANGE, MAX_EMAIL_CHARS, MAX_TEXT_CHARS};
use crate::{Answers, StepId};
use serde::{Deserialize, Serialize};

/// Why a field is invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ErrorCode {
    /// Occurs when question 1 is empty or only white space.
    ChallengeRequired,
    /// Occurs when question 2 is empty or only white space.
    SourceRequired,
    /// Occurs when a closed question (3, 4a, 4b, 5a, 5b, 6) has no choice, or a value that is
    /// not one of its options.
    ChoiceRequired,
    /// Occurs when Other was chosen in 4b and its text is empty or only white space.
    OtherRequired,
    /// Occurs when a free-text answer is longer than [`MAX_TEXT_CHARS`].
    TextTooLong,
    /// Occurs when a reminder was asked for (5b Yes) and the email is empty.
    EmailRequired,
    /// Occurs when a reminder was asked for and the email does not match the pattern.
    EmailInvalid,
    /// Occurs when the age is not a whole number from 1 to 120.
    AgeInvalid,
    /// Occurs when no gender (or an unknown one) is chosen.
    GenderRequired,
    /// Occurs when the privacy and terms box is not ticked.
    ConsentRequired,
    /// Occurs when an attachment is larger than 10 MB.
    FileTooLarge,
    /// Occurs when an attachment is not an image, video, PDF, Word or text file.
    FileTypeNotAccepted,
}

impl ErrorCode {
    /// The message shown under the field: the spec's exact words where the spec has them.
    pub fn message(self) -> &'static str {
        match self {
            Self::ChallengeRequired => "Please enter your challenge",
            Self::SourceRequired => "Please enter where you found it",
            Self::ChoiceRequired => "Please choose a response",
            Self::OtherRequired | Self::GenderRequired => "Please provide a response",
            Self::TextTooLong => "Please keep your answer to 2,000 characters or fewer",
            Self::EmailRequired => "Please provide an email address",
            Self::EmailInvalid => "Please provide a valid email address",
            Self::AgeInvalid => "Please provide a valid age",
            Self::ConsentRequired => {
                "You must acknowledge and agree to the Privacy Policy and Terms of Service to continue"
            }
            Self::FileTooLarge => "File size is too large. Please select a file smaller than 10MB.",
            Self::FileTypeNotAccepted => {
                "This type of file can't be attached. Please choose a photo, video, PDF, Word or text file."
            }
        }
    }
}

/// One invalid field: its answer key, why, and the message to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct FieldError {
    /// The `Answers` key of the field (`"answer5b-email"`, `"termsConsent"`), or `"attachment"`.
    pub field: &'static str,
    pub code: ErrorCode,
    pub message: &'static str,
}

impl FieldError {
    /// The error for `field` with `code`'s message.
    pub fn new(field: &'static str, code: ErrorCode) -> Self {
        Self {
            field,
            code,
            message: code.message(),
        }
    }
}

/// The errors of one step's fields; empty when the step may be left with Next.
pub fn validate_step(step: StepId, answers: &Answers) -> Vec<FieldError> {
    use StepId::*;
    let mut errors = Vec::new();
    let mut push = |field, check: Option<ErrorCode>| {
        if let Some(code) = check {
            errors.push(FieldError::new(field, code));
        }
    };
    match step {
        One => push(
            "question1",
            text(&answers.question1, ErrorCode::ChallengeRequired),
        ),
        Two => push(
            "question2",
            text(&answers.question2, ErrorCode::SourceRequired),
        ),
        Three => push("question3", choice(&answers.question3, Completed::parse)),
        FourA => push("question4a", choice(&answers.question4a, Discomfort::parse)),
        FourB => push("question4b", choice(&answers.question4b, Reason::parse)),
        FourBOther => push(
            "answer4b-other",
            text(&answers.answer4b_other, ErrorCode::OtherRequired),
        ),
        FiveA => push("question5a", choice(&answers.question5a, YesNo::parse)),
        FiveB => {
            push("question5b", choice(&answers.question5b, YesNo::parse));
            if answers.wants_reminder() {
                push("answer5b-email", email(answers.answer5b_email.as_deref()));
            }
        }
        Six => push("question6", choice(&answers.question6, YesNo::parse)),
        Seven => push("age", age(answers.age.as_deref()).err()),
        Eight => {
            let gender = answers.gender_choice().is_none();
            push("gender", gender.then_some(ErrorCode::GenderRequired));
            let consent = answers.terms_consent != Some(true);
            push(
                "termsConsent",
                consent.then_some(ErrorCode::ConsentRequired),
            );
        }
    }
    errors
}

/// The age field's typing filter: keeps the ASCII digits of `text`, drops everything else.
pub fn digits_only(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// Parses an age: ASCII digits only, a whole number from 1 to 120.
///
/// # Errors
/// [`ErrorCode::AgeInvalid`] for empty, non-digit, zero or over-120 values.
pub fn age(value: Option<&str>) -> Result<u8, ErrorCode> {
    let digits = value.unwrap_or_default();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ErrorCode::AgeInvalid);
    }
    // Leading zeros are harmless ("007" is 7); past them, more than three digits is too old.
    let significant = digits.trim_start_matches('0');
    let number: u32 = if significant.len() > 3 {
        u32::MAX
    } else {
        significant.parse().unwrap_or(0)
    };
    if AGE_RANGE.contains(&number) {
        u8::try_from(number).map_err(|_| ErrorCode::AgeInvalid)
    } else {
        Err(ErrorCode::AgeInvalid)
    }
}

/// Whether `text` matches the spec's simple email pattern, `^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$`:
/// a local part, `@`, a domain, a dot, and a top-level part of at least two ASCII letters.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    let no_space_or_at = |part: &str| !part.chars().any(|c| c.is_whitespace() || c == '@');
    let Some((host, top_level)) = domain.rsplit_once('.') else {
        return false;
    };
    !local.is_empty()
        && no_space_or_at(local)
        && no_space_or_at(domain)
        && !host.is_empty()
        && top_level.len() >= 2
        && top_level.bytes().all(|b| b.is_ascii_alphabetic())
}

/// A required free-text answer: present, not blank once trimmed, within the length cap.
fn text(value: &Option<String>, when_empty: ErrorCode) -> Option<ErrorCode> {
    let trimmed = value.as_deref().unwrap_or_default().trim();
    if trimmed.is_empty() {
        Some(when_empty)
    } else if trimmed.chars().count() > MAX_TEXT_CHARS {
        Some(ErrorCode::TextTooLong)
    } else {
        None
    }
}

/// A closed question: its value must be exactly one of the options.
fn choice<T>(value: &Option<String>, parse: fn(&str) -> Option<T>) -> Option<ErrorCode> {
    match value.as_deref().and_then(parse) {
        Some(_) => None,
        None => Some(ErrorCode::ChoiceRequired),
    }
}

/// The reminder email, checked once trimmed (it is stored trimmed).
fn email(value: Option<&str>) -> Option<ErrorCode> {
    let trimmed = value.unwrap_or_default().trim();
    if trimmed.is_empty() {
        Some(ErrorCode::EmailRequired)
    } else if trimmed.chars().count() > MAX_EMAIL_CHARS || !is_email(trimmed) {
        Some(ErrorCode::EmailInvalid)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_pattern_matches_the_regex_on_tricky_cases() {
        for ok in ["a@b.co", "a.b@c.d.ef", "a@b.c.co", "x+y@host-name.org"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in [
            "a@b.c", "ab.co", "@b.co", "a@.co", "a@b.c0", "a b@c.co", "a@b@c.co", "a@b.co ",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn age_bounds_and_filters() {
        assert_eq!(age(Some("1")), Ok(1));
        assert_eq!(age(Some("120")), Ok(120));
        assert_eq!(age(Some("007")), Ok(7));
        for bad in [
            "0",
            "121",
            "",
            "12a",
            "-5",
            // str::parse takes a leading '+': only the digits check refuses it.
            "+5",
            "1.5",
            "99999999999999999999999",
        ] {
            assert_eq!(age(Some(bad)), Err(ErrorCode::AgeInvalid), "{bad}");
        }
        assert_eq!(digits_only("1a2 ٣3"), "123");
    }
}
