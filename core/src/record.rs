//! The `survey_responses` row (spec section 3) built from complete answers, and checked when
//! it comes from outside the survey.

use crate::constants::{IP_ADDRESS, MAX_FILE_NAME_CHARS, MAX_USER_AGENT_CHARS, SURVEY_VERSION};
use crate::row::COLUMNS;
use crate::{journey, validate, work, Answers, EngineError};
use serde::Deserialize;

/// The row [`build_record`] makes, defined with the list of its columns in `row.rs` and named
/// here too, beside what builds and checks it.
pub use crate::row::SurveyResponse;

/// What the shell knows that the answers do not: the clock, the browser and the upload.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RecordMeta {
    /// The response's client-generated UUID (the row's primary key), so a retry can never
    /// store it twice.
    #[serde(default)]
    pub id: Option<String>,
    /// When the visitor submitted, as an ISO 8601 string.
    pub completion_time: String,
    /// Absent or `null` when the browser gave none: the row's is then empty.
    #[serde(default, deserialize_with = "crate::tolerant::null_as_default")]
    pub user_agent: String,
    /// The storage object path of the uploaded attachment, if one was stored.
    #[serde(default)]
    pub media_file_url: Option<String>,
    /// The attachment's original file name, if one was stored.
    #[serde(default)]
    pub media_file_name: Option<String>,
    /// The proof of work for this id and completion time (`work::solve`), once solved.
    #[serde(default)]
    pub work_nonce: Option<String>,
}

/// Builds the row for complete answers. Text is stored trimmed; the branch not taken, the
/// Other text unless Other was chosen, the email unless a reminder was asked for, and the
/// file unless question 6 was Yes, are all left out.
///
/// # Errors
/// [`EngineError::Incomplete`] naming the first step to revisit when the answers do not pass
/// [`journey::validate_all`]; [`EngineError::BadArgument`] when the id is not a UUID.
pub fn build_record(answers: &Answers, meta: &RecordMeta) -> Result<SurveyResponse, EngineError> {
    if let Some(first) = journey::validate_all(answers).first() {
        return Err(EngineError::Incomplete(first.step));
    }
    if meta.id.as_deref().is_some_and(|id| !is_uuid(id)) {
        return Err(EngineError::BadArgument("id is not a UUID".into()));
    }
    let trimmed = |value: &Option<String>| value.as_deref().unwrap_or_default().trim().to_owned();
    let yes = answers.said_completed();
    let on_branch = |taken: bool, value: &Option<String>| taken.then(|| trimmed(value));
    let shares_file = answers.consents_to_sharing();
    let media = |value: &Option<String>| {
        value
            .as_deref()
            .filter(|_| shares_file)
            .map(|text| cap(text, MAX_FILE_NAME_CHARS))
    };
    Ok(SurveyResponse {
        id: meta.id.as_deref().map(str::to_ascii_lowercase),
        question1_challenge: trimmed(&answers.question1),
        question2_source: trimmed(&answers.question2),
        question3_completed: trimmed(&answers.question3),
        question4a_discomfort: on_branch(yes, &answers.question4a),
        question4b_reason: on_branch(!yes, &answers.question4b),
        question4b_other: on_branch(
            !yes && answers.chose_other_reason(),
            &answers.answer4b_other,
        ),
        question5a_another: on_branch(yes, &answers.question5a),
        question5b_reminder: on_branch(!yes, &answers.question5b),
        question5b_email: on_branch(!yes && answers.wants_reminder(), &answers.answer5b_email),
        question6_consent: trimmed(&answers.question6),
        question7_age: validate::age(answers.age.as_deref()).ok(),
        question8_gender: trimmed(&answers.gender),
        terms_consent: answers.terms_consent == Some(true),
        completion_time: cap(&meta.completion_time, 64),
        user_agent: cap(&meta.user_agent, MAX_USER_AGENT_CHARS),
        ip_address: IP_ADDRESS.to_owned(),
        survey_version: SURVEY_VERSION.to_owned(),
        media_file_url: media(&meta.media_file_url),
        media_file_name: media(&meta.media_file_name),
        // A malformed nonce would only be refused: leave it out (the database asks for work).
        work_nonce: meta
            .work_nonce
            .clone()
            .filter(|nonce| work::is_nonce(nonce)),
    })
}

/// A version 4 UUID (RFC 9562) made from 16 random bytes, for browsers without
/// `crypto.randomUUID` (Safari before 15.4, pages not served over HTTPS) that still have
/// `crypto.getRandomValues`.
///
/// # Errors
/// [`EngineError::BadArgument`] unless exactly 16 bytes are given.
pub fn uuid_v4(random: &[u8]) -> Result<String, EngineError> {
    let Ok(mut bytes) = <[u8; 16]>::try_from(random) else {
        return Err(EngineError::BadArgument(
            "a UUID needs 16 random bytes".into(),
        ));
    };
    bytes[6] = (bytes[6] & 0x0F) | 0x40; // version 4
    bytes[8] = (bytes[8] & 0x3F) | 0x80; // the RFC variant
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(36);
    for (i, byte) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            text.push('-');
        }
        text.push(char::from(HEX[usize::from(byte >> 4)]));
        text.push(char::from(HEX[usize::from(byte & 0x0F)]));
    }
    Ok(text)
}

impl SurveyResponse {
    /// The answer set this row was built from, as far as the row keeps it: what
    /// [`check_record`] rebuilds the row from.
    pub fn answers(&self) -> Answers {
        Answers {
            question1: Some(self.question1_challenge.clone()),
            question2: Some(self.question2_source.clone()),
            question3: Some(self.question3_completed.clone()),
            question4a: self.question4a_discomfort.clone(),
            question4b: self.question4b_reason.clone(),
            answer4b_other: self.question4b_other.clone(),
            question5a: self.question5a_another.clone(),
            question5b: self.question5b_reminder.clone(),
            answer5b_email: self.question5b_email.clone(),
            question6: Some(self.question6_consent.clone()),
            age: self.question7_age.map(|age| age.to_string()),
            gender: Some(self.question8_gender.clone()),
            terms_consent: Some(self.terms_consent),
        }
    }
}

/// Checks a row that arrived from outside the survey (an emailed backup an operator imports):
/// it must carry an id and be exactly the row [`build_record`] makes of its own answers, so
/// every rule of the survey holds for it as for a row the site sent.
///
/// # Errors
/// [`EngineError::BadRecord`] saying what is wrong: no id, an id that is not a UUID, the
/// first invalid answer (its question and the survey's message), or the first column that
/// differs from what the engine would store.
pub fn check_record(record: &SurveyResponse) -> Result<(), EngineError> {
    let bad = |why: String| Err(EngineError::BadRecord(why));
    let Some(id) = record.id.as_deref() else {
        return bad("it has no id".into());
    };
    if !is_uuid(id) {
        return bad("its id is not a UUID".into());
    }
    let answers = record.answers();
    let invalid = journey::validate_all(&answers);
    if let Some((step, error)) = invalid
        .iter()
        .find_map(|s| s.errors.first().map(|e| (s.step, e)))
    {
        return bad(format!(
            "question {} ({}): {}",
            step.as_str(),
            error.field,
            error.message
        ));
    }
    let meta = RecordMeta {
        id: record.id.clone(),
        completion_time: record.completion_time.clone(),
        user_agent: record.user_agent.clone(),
        media_file_url: record.media_file_url.clone(),
        media_file_name: record.media_file_name.clone(),
        work_nonce: record.work_nonce.clone(),
    };
    let built = build_record(&answers, &meta)?;
    if built == *record {
        return Ok(());
    }
    // Named as the operator sees it in the email: the first column whose field there differs,
    // else `response_json`, the only place a NULL against empty text or the proof of work shows.
    let column = COLUMNS
        .iter()
        .filter(|column| column.emailed)
        .find(|column| column.text(&built) != column.text(record))
        .map_or("response_json", |column| column.name);
    bad(format!(
        "{column} is not what the survey stores for these answers"
    ))
}

/// Whether a response should be stored: not when the honeypot field — hidden from people,
/// filled in by form-filling bots — has anything in it. The visitor sees the thank-you page
/// either way, so a bot learns nothing.
pub fn should_store(honeypot: &str) -> bool {
    honeypot.trim().is_empty()
}

/// Whether `id` is a UUID in its canonical text form (8-4-4-4-12 hex digits), as the
/// `survey_responses.id` column needs.
pub fn is_uuid(id: &str) -> bool {
    let groups: Vec<&str> = id.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(group, len)| group.len() == len && group.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// `text` cut to at most `max` characters (never inside a character).
pub(crate) fn cap(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}
