//! A `survey_responses` row read back from a visitor's outbox (`emailParams`). Rows kept by
//! earlier builds may lack what the engine now always writes, so three columns are made whole on a
//! copy of the JS object before serde reads it strictly. This lives here, not in serde attributes
//! on `SurveyResponse`, because the same type is the output of `buildRecord` (whose TypeScript
//! type would turn these columns optional) and what the ops tool must refuse when damaged.

use crate::constants::AGE_RANGE;
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// `value` with an absent or `null` `user_agent` as "", `terms_consent` as false, and a
/// `question7_age` outside 1-120 (or not finite) as `null`, a fraction cut to its whole part.
/// Anything that is not an object is returned as it is, for serde to refuse.
pub fn made_whole(value: JsValue) -> JsValue {
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return value;
    }
    let row = Object::assign(&Object::new(), value.unchecked_ref());
    let absent = |key: &str| get(&row, key).is_none_or(|v| v.is_null() || v.is_undefined());
    if absent("user_agent") {
        set(&row, "user_agent", JsValue::from_str(""));
    }
    if absent("terms_consent") {
        set(&row, "terms_consent", JsValue::FALSE);
    }
    if let Some(age) = get(&row, "question7_age").and_then(|v| v.as_f64()) {
        let ages = f64::from(*AGE_RANGE.start())..=f64::from(*AGE_RANGE.end());
        let kept = if ages.contains(&age) {
            JsValue::from_f64(age.trunc())
        } else {
            JsValue::NULL
        };
        set(&row, "question7_age", kept);
    }
    row.into()
}

fn get(row: &Object, key: &str) -> Option<JsValue> {
    Reflect::get(row, &JsValue::from_str(key)).ok()
}

fn set(row: &Object, key: &str, value: JsValue) {
    // A plain object's own data property: the set cannot fail.
    let _ = Reflect::set(row, &JsValue::from_str(key), &value);
}
