//! Reading plain JS objects into the engine's types, field by field.
//!
//! Hand-written rather than serde-wasm-bindgen: the generic deserialiser and the float
//! formatting its error messages need were over half the engine's wasm. Each reader names the
//! field that is wrong, and unknown keys are ignored.

use crate::constants::AGE_RANGE;
use crate::email::FileInfo;
use crate::record::RecordMeta;
use crate::row::{Field, SurveyResponse, COLUMNS};
use crate::{Answers, EngineError};
use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;

/// A plain JS object whose fields are read one by one.
pub struct Fields<'a> {
    object: &'a JsValue,
    what: &'static str,
}

impl<'a> Fields<'a> {
    /// Wraps `value` when it is a plain object (not an array, not a primitive).
    pub fn of(value: &'a JsValue, what: &'static str) -> Result<Self, EngineError> {
        if value.is_object() && !Array::is_array(value) {
            Ok(Self {
                object: value,
                what,
            })
        } else {
            Err(EngineError::BadAnswers(format!(
                "{what}: expected an object"
            )))
        }
    }

    fn get(&self, key: &str) -> Option<JsValue> {
        Reflect::get(self.object, &JsValue::from_str(key))
            .ok()
            .filter(|value| !value.is_undefined() && !value.is_null())
    }

    fn wrong(&self, key: &str, kind: &str) -> EngineError {
        EngineError::BadAnswers(format!("{}.{key} must be {kind}", self.what))
    }

    /// An optional string field.
    pub fn text(&self, key: &str) -> Result<Option<String>, EngineError> {
        self.get(key)
            .map(|value| value.as_string().ok_or_else(|| self.wrong(key, "a string")))
            .transpose()
    }

    /// A required string field.
    pub fn required_text(&self, key: &str) -> Result<String, EngineError> {
        self.text(key)?.ok_or_else(|| self.wrong(key, "a string"))
    }

    /// An optional boolean field.
    pub fn flag(&self, key: &str) -> Result<Option<bool>, EngineError> {
        self.get(key)
            .map(|value| {
                value
                    .as_bool()
                    .ok_or_else(|| self.wrong(key, "true or false"))
            })
            .transpose()
    }

    /// An optional number field.
    pub fn number(&self, key: &str) -> Result<Option<f64>, EngineError> {
        self.get(key)
            .map(|value| value.as_f64().ok_or_else(|| self.wrong(key, "a number")))
            .transpose()
    }
}

/// The answers object (`stepZeroAnswers`); `undefined` or `null` mean nothing answered yet.
pub fn answers(value: &JsValue) -> Result<Answers, EngineError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Answers::default());
    }
    let f = Fields::of(value, "answers")?;
    Ok(Answers {
        question1: f.text("question1")?,
        question2: f.text("question2")?,
        question3: f.text("question3")?,
        question4a: f.text("question4a")?,
        question4b: f.text("question4b")?,
        answer4b_other: f.text("answer4b-other")?,
        question5a: f.text("question5a")?,
        question5b: f.text("question5b")?,
        answer5b_email: f.text("answer5b-email")?,
        question6: f.text("question6")?,
        age: f.text("age")?,
        gender: f.text("gender")?,
        terms_consent: f.flag("termsConsent")?,
    })
}

/// `buildRecord`'s meta argument.
pub fn record_meta(value: &JsValue) -> Result<RecordMeta, EngineError> {
    let f = Fields::of(value, "meta")?;
    Ok(RecordMeta {
        id: f.text("id")?,
        completion_time: f.required_text("completionTime")?,
        user_agent: f.text("userAgent")?.unwrap_or_default(),
        media_file_url: f.text("mediaFileUrl")?,
        media_file_name: f.text("mediaFileName")?,
        work_nonce: f.text("workNonce")?,
    })
}

/// `emailParams`' file argument; `null` means no file.
pub fn file_info(value: &JsValue) -> Result<Option<FileInfo>, EngineError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let f = Fields::of(value, "file")?;
    Ok(Some(FileInfo {
        name: f.text("name")?.unwrap_or_default(),
        mime_type: f.text("type")?.unwrap_or_default(),
        size: f.number("size")?.unwrap_or(0.0),
        uploaded: f.flag("uploaded")?.unwrap_or(false),
        base64: f.text("base64")?,
        compressed_size: f.number("compressedSize")?,
    }))
}

/// A `survey_responses` row as `buildRecord` returned it.
pub fn survey_response(value: &JsValue) -> Result<SurveyResponse, EngineError> {
    let f = Fields::of(value, "record")?;
    let ages = f64::from(*AGE_RANGE.start())..=f64::from(*AGE_RANGE.end());
    let mut row = SurveyResponse::default();
    for column in &COLUMNS {
        let key = column.name;
        match column.field {
            Field::Text(place) => *(place.set)(&mut row) = f.required_text(key)?,
            Field::TextOrEmpty(place) => *(place.set)(&mut row) = f.text(key)?.unwrap_or_default(),
            Field::Nullable(place) | Field::OmittedWhenNull(place) => {
                *(place.set)(&mut row) = f.text(key)?;
            }
            Field::Age(place) => {
                let age = f.number(key)?;
                *(place.set)(&mut row) = age.filter(|n| ages.contains(n)).map(|n| n as u8);
            }
            Field::Flag(place) => *(place.set)(&mut row) = f.flag(key)?.unwrap_or(false),
        }
    }
    Ok(row)
}
