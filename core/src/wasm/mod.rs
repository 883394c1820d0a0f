//! The JavaScript API (docs/design.md, "The engine's JS API"). Thin: read the JS values at the
//! boundary with serde-wasm-bindgen into the engine's types (their serde attributes say what is
//! tolerated: tests/vectors/boundary.json), call the pure functions, serialise the result. Bad
//! input is a thrown `Error`.

use crate::choices::{CookieChoice, ThankYouType};
use crate::email::FileInfo;
use crate::outbox;
use crate::record::{RecordMeta, SurveyResponse};
use crate::{
    choices, constants, email, flow, journey, media, record, validate, work, Answers, EngineError,
    StepId,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

mod kept_row;

type JsResult<T = JsValue> = Result<T, JsError>;

fn fail(error: EngineError) -> JsError {
    JsError::new(&error.to_string())
}

/// A plain JS object read into `T`; `what` names the argument in the error. Unknown keys are
/// ignored (serde-wasm-bindgen reads each field by name); a `null` or `undefined` field is `None`
/// for an `Option` and refused for a required one, unless `T`'s serde attributes default it.
fn read<T: DeserializeOwned>(value: JsValue, what: &str) -> JsResult<T> {
    let malformed = |why: String| fail(EngineError::BadAnswers(format!("{what}: {why}")));
    // serde-wasm-bindgen would read an array's fields by name too: only a plain object will do.
    if js_sys::Array::is_array(&value) {
        return Err(malformed("expected an object".into()));
    }
    serde_wasm_bindgen::from_value(value).map_err(|error| {
        // Its text is a JS Error's ("Error: invalid type: …"): the message alone is the reason.
        let error: js_sys::Error = JsValue::from(error).unchecked_into();
        malformed(error.message().into())
    })
}

/// The answers object (`stepZeroAnswers`); `undefined` or `null` mean nothing answered yet.
fn answers(value: JsValue) -> JsResult<Answers> {
    Ok(read::<Option<Answers>>(value, "answers")?.unwrap_or_default())
}

fn step(id: &str) -> JsResult<StepId> {
    StepId::parse(id).map_err(fail)
}

/// Plain JS objects and arrays out (never `Map`), `null` for `None`.
fn to_js<T: Serialize + ?Sized>(value: &T) -> JsResult {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The step after `step`, or `"submit"` after step 8.
#[wasm_bindgen(js_name = nextStep, unchecked_return_type = "StepId | \"submit\"")]
pub fn next_step(
    step_id: &str,
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
) -> JsResult<String> {
    Ok(flow::next_step(step(step_id)?, &answers(answers_js)?)
        .as_str()
        .to_owned())
}

/// The step Back leads to, or `"home"` from step 1.
#[wasm_bindgen(js_name = previousStep, unchecked_return_type = "StepId | \"home\"")]
pub fn previous_step(
    step_id: &str,
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
) -> JsResult<String> {
    Ok(flow::previous_step(step(step_id)?, &answers(answers_js)?)
        .as_str()
        .to_owned())
}

/// The errors of one step; `[]` when valid.
#[wasm_bindgen(js_name = validateStep, unchecked_return_type = "FieldError[]")]
pub fn validate_step(
    step_id: &str,
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
) -> JsResult {
    to_js(&validate::validate_step(
        step(step_id)?,
        &answers(answers_js)?,
    ))
}

/// Every invalid step on the route, in order; `[]` when the answers are complete.
#[wasm_bindgen(js_name = validateAll, unchecked_return_type = "StepErrors[]")]
pub fn validate_all(
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
) -> JsResult {
    to_js(&journey::validate_all(&answers(answers_js)?))
}

/// The step a deep link to `target` may show.
#[wasm_bindgen(js_name = reachableStep, unchecked_return_type = "StepId")]
pub fn reachable_step(
    target: &str,
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
) -> JsResult<String> {
    Ok(
        journey::reachable_step(step(target)?, &answers(answers_js)?)
            .as_str()
            .to_owned(),
    )
}

/// Every step id, in the order the spec lists them (the web's route table is checked
/// against it).
#[wasm_bindgen(js_name = stepIds, unchecked_return_type = "StepId[]")]
pub fn step_ids() -> JsResult {
    to_js(&StepId::ALL)
}

/// The step's number out of eight, as "Question N of 8" shows it (4a, 4b and 4b-other are 4).
#[wasm_bindgen(js_name = stepNumber)]
pub fn step_number(step_id: &str) -> JsResult<u8> {
    Ok(step(step_id)?.number())
}

/// Progress bar fill: step number / 9.
#[wasm_bindgen(js_name = progress)]
pub fn progress(step_id: &str) -> JsResult<f64> {
    Ok(flow::progress(step(step_id)?))
}

/// `"completed"` when question 3 was Yes, else `"not-completed"`.
#[wasm_bindgen(js_name = thankYouType, unchecked_return_type = "\"completed\" | \"not-completed\"")]
pub fn thank_you_type(
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
) -> JsResult<String> {
    Ok(flow::thank_you_type(&answers(answers_js)?)
        .label()
        .to_owned())
}

/// The age field's typing filter.
#[wasm_bindgen(js_name = digitsOnly)]
pub fn digits_only(text: &str) -> String {
    validate::digits_only(text)
}

/// Which optional fields the answers reveal.
#[wasm_bindgen(js_name = reveals, unchecked_return_type = "Reveals")]
pub fn reveals(#[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue) -> JsResult {
    to_js(&flow::reveals(&answers(answers_js)?))
}

/// The option labels of every closed question.
#[wasm_bindgen(js_name = choices, unchecked_return_type = "Choices")]
pub fn choices_js() -> JsResult {
    to_js(&choices::choices())
}

/// The timings and limits of spec section 9.
#[wasm_bindgen(js_name = constants, unchecked_return_type = "Constants")]
pub fn constants_js() -> JsResult {
    to_js(&constants::constants())
}

/// The hero's Continue shortcut (raw stored strings in): the thank-you type, or `null`.
#[wasm_bindgen(js_name = repeatVisitThankYou, unchecked_return_type = "\"completed\" | \"not-completed\" | null")]
pub fn repeat_visit_thank_you(
    now_ms: f64,
    survey_completed: Option<String>,
    completion_time_ms: Option<String>,
    last_thank_you_type: Option<String>,
) -> JsValue {
    let shown = flow::repeat_visit_thank_you(
        now_ms,
        survey_completed.as_deref(),
        completion_time_ms.as_deref(),
        last_thank_you_type.as_deref(),
    );
    text_or_null(shown.map(|kind| kind.label()))
}

/// `null`, not `undefined`, for "none": what the TypeScript types promise.
fn text_or_null(text: Option<&str>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from_str)
}

/// Whether step 8 should restore saved answers (fewer than seven given).
#[wasm_bindgen(js_name = shouldRestoreAnswers)]
pub fn should_restore_answers(
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
) -> JsResult<bool> {
    Ok(journey::should_restore_answers(&answers(answers_js)?))
}

/// A stored cookie choice, or `null` when there is none (or it is not one of the three).
#[wasm_bindgen(js_name = parseCookieChoice, unchecked_return_type = "\"true\" | \"false\" | \"necessary\" | null")]
pub fn parse_cookie_choice(raw: Option<String>) -> JsValue {
    text_or_null(
        raw.as_deref()
            .and_then(CookieChoice::parse)
            .map(CookieChoice::label),
    )
}

/// A thank-you route id, or `null` when it is not one of the three.
#[wasm_bindgen(js_name = parseThankYouType, unchecked_return_type = "\"completed\" | \"not-completed\" | \"not-interested\" | null")]
pub fn parse_thank_you_type(raw: &str) -> JsValue {
    text_or_null(ThankYouType::parse(raw).map(ThankYouType::label))
}

/// The `survey_responses` row for complete answers.
#[wasm_bindgen(js_name = buildRecord, unchecked_return_type = "SurveyResponse")]
pub fn build_record(
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RecordMeta")] meta_js: JsValue,
) -> JsResult {
    let meta: RecordMeta = read(meta_js, "meta")?;
    to_js(&record::build_record(&answers(answers_js)?, &meta).map_err(fail)?)
}

/// `<ms>_<sanitised name>`, the attachment's object name in the bucket.
#[wasm_bindgen(js_name = storageObjectName)]
pub fn storage_object_name(ms: f64, name: &str) -> String {
    media::storage_object_name(ms, name)
}

/// The MIME type to upload a file with, or `null` when it is not accepted.
#[wasm_bindgen(js_name = uploadContentType, unchecked_return_type = "string | null")]
pub fn upload_content_type(mime_type: &str, name: &str) -> JsValue {
    text_or_null(media::upload_content_type(mime_type, name).as_deref())
}

/// The attachment check: `null` when acceptable, else the error to show.
#[wasm_bindgen(js_name = checkAttachment, unchecked_return_type = "FieldError | null")]
pub fn check_attachment(size: f64, mime_type: &str, name: &str) -> JsResult {
    to_js(&media::check_attachment(size, mime_type, name).map_err(fail)?)
}

/// The EmailJS template parameters for the email backup.
#[wasm_bindgen(js_name = emailParams, unchecked_return_type = "Record<string, string>")]
pub fn email_params(
    #[wasm_bindgen(unchecked_param_type = "Answers")] answers_js: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SurveyResponse")] record_js: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FileInfo | null")] file_js: JsValue,
) -> JsResult {
    let record: SurveyResponse = read(kept_row::made_whole(record_js), "record")?;
    // `null` (or `undefined`) means no file.
    let file: Option<FileInfo> = read(file_js, "file")?;
    let params = email::email_params(&answers(answers_js)?, &record, file.as_ref());
    params
        .iter()
        .try_fold(js_sys::Object::new(), |object, (name, value)| {
            js_sys::Reflect::set(&object, &JsValue::from_str(name), &JsValue::from_str(value))
                .map(|_| object)
        })
        .map(JsValue::from)
        .map_err(|_| JsError::new("could not build the email parameters"))
}

/// Whether to store a response, given the honeypot field's value (filled means a bot).
#[wasm_bindgen(js_name = shouldStore)]
pub fn should_store(honeypot: &str) -> bool {
    record::should_store(honeypot)
}

/// What an insert's answer means: `status` 0 for no answer; `postgresCode` from the error body;
/// `earlierUnanswered` when an earlier ask in this attempt got no answer.
#[wasm_bindgen(js_name = classifyInsert, unchecked_return_type = "Delivery")]
pub fn classify_insert(status: u16, postgres_code: &str, earlier_unanswered: bool) -> JsResult {
    to_js(&outbox::classify_insert(
        status,
        postgres_code,
        earlier_unanswered,
    ))
}

/// What an upload's answer means; "already exists" is ours only after a lost answer.
#[wasm_bindgen(js_name = classifyUpload, unchecked_return_type = "Delivery")]
pub fn classify_upload(status: u16, message: &str, earlier_outcome_unknown: bool) -> JsResult {
    to_js(&outbox::classify_upload(
        status,
        message,
        earlier_outcome_unknown,
    ))
}

/// The wait before retry `attempt` (1-based), with `jitter` in [0, 1).
#[wasm_bindgen(js_name = retryDelayMs)]
pub fn retry_delay_ms(attempt: u32, jitter: f64) -> f64 {
    outbox::retry_delay_ms(attempt, jitter)
}

/// Distinct days an outbox entry was tried on, counting an attempt at `nowMs` (`lastTriedMs`
/// NaN when never tried).
#[wasm_bindgen(js_name = daysSeen)]
pub fn days_seen(days_seen: u32, last_tried_ms: f64, now_ms: f64) -> u32 {
    outbox::days_seen(days_seen, last_tried_ms, now_ms)
}

/// Whether a kept entry is due at `nowMs` (its backoff passed, or set by a clock that ran fast).
#[wasm_bindgen(js_name = isDue)]
pub fn is_due(next_attempt_ms: f64, now_ms: f64) -> bool {
    outbox::is_due(next_attempt_ms, now_ms)
}

/// Whether an entry is given up after an attempt (30 distinct days, its last way failed).
#[wasm_bindgen(js_name = giveUp)]
pub fn give_up(days_seen: u32, last_way_failed: bool) -> bool {
    outbox::give_up(days_seen, last_way_failed)
}

/// What an EmailJS answer means: `status` 0 for none, `text` the answer's body.
#[wasm_bindgen(js_name = classifyEmail, unchecked_return_type = "EmailVerdict")]
pub fn classify_email(status: u16, text: &str) -> JsResult {
    to_js(&outbox::classify_email(status, text))
}

/// Whether a file (its first bytes, declared type and name) must lose its metadata before upload.
#[wasm_bindgen(js_name = needsMetadataRemoval)]
pub fn needs_metadata_removal(head: &[u8], mime_type: &str, name: &str) -> bool {
    media::needs_metadata_removal(head, mime_type, name)
}

/// A version 4 UUID from 16 random bytes (where `crypto.randomUUID` is missing).
#[wasm_bindgen(js_name = uuidV4)]
pub fn uuid_v4(random: &[u8]) -> JsResult<String> {
    record::uuid_v4(random).map_err(fail)
}

/// The response's short reference (`"1C9K-2H7Q"`: its id's first 40 bits in Crockford's
/// base32), or `null` when `id` is not a UUID. `stepzero-ops forget` reads it back.
#[wasm_bindgen(js_name = responseReference)]
pub fn response_reference(id: &str) -> Option<String> {
    crate::reference::reference(id)
}

/// The object name to try when `objectName` is taken: the next timestamp.
#[wasm_bindgen(js_name = nextObjectName)]
pub fn next_object_name(object_name: &str) -> String {
    outbox::next_object_name(object_name)
}

/// The proof-of-work difficulty the site starts with (the database may ask for more).
#[wasm_bindgen(js_name = defaultWorkDifficulty)]
pub fn default_work_difficulty() -> u32 {
    work::DEFAULT_DIFFICULTY
}

/// How long a delivery attempt waits for unfinished work (ms) before the row waits in the outbox.
#[wasm_bindgen(js_name = workWaitMs)]
pub fn work_wait_ms() -> u32 {
    work::WAIT_MS
}

/// The difficulty the database asks for when it refused a row for its work, else `null`.
#[wasm_bindgen(js_name = workRefusal, unchecked_return_type = "number | null")]
pub fn work_refusal(postgres_code: &str, hint: &str) -> JsValue {
    work::refusal_difficulty(postgres_code, hint).map_or(JsValue::NULL, JsValue::from)
}
