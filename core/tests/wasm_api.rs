//! The exported JS API in a real browser (`make test-wasm`: headless Chromium through
//! `wasm-bindgen-test-runner`): plain JS
//! objects in, as the UI passes them, and the shared vectors checked at the JS boundary.
#![cfg(all(target_arch = "wasm32", feature = "wasm"))]

use js_sys::{Reflect, JSON};
use stepzero_core::wasm;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const FLOW: &str = include_str!("../../tests/vectors/flow.json");
const VALIDATION: &str = include_str!("../../tests/vectors/validation.json");
const RECORDS: &str = include_str!("../../tests/vectors/records.json");
const EMAIL: &str = include_str!("../../tests/vectors/email.json");
const BOUNDARY: &str = include_str!("../../tests/vectors/boundary.json");

fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON parses")
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("property")
}

fn list(doc: &JsValue, key: &str) -> js_sys::Array {
    get(doc, key).dyn_into().expect("array")
}

fn text(value: &JsValue) -> String {
    value.as_string().expect("string")
}

fn same(a: &JsValue, b: &JsValue) -> bool {
    JSON::stringify(a).ok() == JSON::stringify(b).ok()
}

fn message(error: wasm_bindgen::JsError) -> String {
    let value = JsValue::from(error);
    text(&get(&value, "message"))
}

#[wasm_bindgen_test]
fn flow_vectors_hold_at_the_js_boundary() {
    let doc = js(FLOW);
    for case in list(&doc, "next").iter() {
        let got = wasm::next_step(&text(&get(&case, "step")), get(&case, "answers")).expect("next");
        assert_eq!(
            got,
            text(&get(&case, "expect")),
            "{}",
            text(&get(&case, "name"))
        );
    }
    for case in list(&doc, "previous").iter() {
        let got = wasm::previous_step(&text(&get(&case, "step")), get(&case, "answers"))
            .expect("previous");
        assert_eq!(
            got,
            text(&get(&case, "expect")),
            "{}",
            text(&get(&case, "name"))
        );
    }
}

#[wasm_bindgen_test]
fn validation_vectors_hold_at_the_js_boundary() {
    let doc = js(VALIDATION);
    for case in list(&doc, "steps").iter() {
        let got = wasm::validate_step(&text(&get(&case, "step")), get(&case, "answers"))
            .expect("validate");
        assert!(js_sys::Array::is_array(&got), "a plain array");
        assert!(
            same(&got, &get(&case, "expect")),
            "{}",
            text(&get(&case, "name"))
        );
    }
}

#[wasm_bindgen_test]
fn record_vectors_hold_at_the_js_boundary() {
    let doc = js(RECORDS);
    for case in list(&doc, "records").iter() {
        let expect = get(&case, "expect");
        if expect.is_undefined() {
            continue;
        }
        let got = wasm::build_record(get(&case, "answers"), get(&case, "meta")).expect("record");
        assert!(same(&got, &expect), "{}", text(&get(&case, "name")));
    }
}

/// `emailParams` of a vector case's answers, record and file.
fn email_params_of(case: &JsValue) -> JsValue {
    wasm::email_params(get(case, "answers"), get(case, "record"), get(case, "file"))
        .expect("params")
}

#[wasm_bindgen_test]
fn email_vectors_hold_at_the_js_boundary() {
    let doc = js(EMAIL);
    for case in list(&doc, "params").iter() {
        let got = email_params_of(&case);
        let expect = get(&case, "expect");
        if expect.is_undefined() {
            let fields = get(&case, "expectFields");
            for key in js_sys::Object::keys(fields.unchecked_ref::<js_sys::Object>()).iter() {
                let key = text(&key);
                assert!(
                    same(&get(&got, &key), &get(&fields, &key)),
                    "{}: {key}",
                    text(&get(&case, "name"))
                );
            }
        } else {
            assert!(same(&got, &expect), "{}", text(&get(&case, "name")));
        }
    }
}

#[wasm_bindgen_test]
fn a_built_record_feeds_email_params() {
    let doc = js(RECORDS);
    let case = list(&doc, "records").get(0);
    let record = wasm::build_record(get(&case, "answers"), get(&case, "meta")).expect("record");
    let params = wasm::email_params(get(&case, "answers"), record, JsValue::NULL).expect("params");
    assert_eq!(text(&get(&params, "question7_age")), "34");
    assert_eq!(
        text(&get(&params, "media_file_url")),
        "1763719200000_IMG_0001.jpg"
    );
}

#[wasm_bindgen_test]
fn bad_input_throws_an_error_instead_of_panicking() {
    let wrong_type = js(r#"{"question1": 42}"#);
    let error = wasm::next_step("1", wrong_type).expect_err("wrong type");
    assert!(message(error).contains("answers are malformed"));
    let error = wasm::next_step("9", JsValue::NULL).expect_err("unknown step");
    assert!(message(error).contains("unknown step id"));
    assert!(wasm::validate_all(js("[1,2,3]")).is_err());
    assert!(wasm::build_record(js("{}"), js(r#"{"completionTime":"t","userAgent":"u"}"#)).is_err());
    assert!(wasm::check_attachment(-1.0, "image/png", "a.png").is_err());
    assert!(
        wasm::build_record(js("{}"), js(r#"{"userAgent":"u"}"#)).is_err(),
        "no completionTime"
    );
    let error = wasm::email_params(js("{}"), js(r#"{"question1_challenge":1}"#), JsValue::NULL)
        .expect_err("bad record");
    // serde names the argument and what it expected (not the field: it has no path to it).
    let said = message(error);
    assert!(
        said.contains("record: invalid type") && said.contains("expected a string"),
        "{said}"
    );
    let error = wasm::validate_step("8", js(r#"{"termsConsent":"yes"}"#)).expect_err("bad flag");
    let said = message(error);
    assert!(
        said.contains("answers: invalid type") && said.contains("expected a boolean"),
        "{said}"
    );
    let error = wasm::build_record(js("{}"), js(r#"{"userAgent":"u"}"#)).expect_err("no time");
    assert!(message(error).contains("meta: missing field `completionTime`"));
    // undefined answers mean "nothing answered yet"
    assert_eq!(
        wasm::next_step("3", JsValue::UNDEFINED).expect("next"),
        "4b"
    );
}

/// The fields of `expectFields` in `got`, for one case of an emailParams vector list.
fn has_fields(got: &JsValue, case: &JsValue) {
    let fields = get(case, "expectFields");
    for key in js_sys::Object::keys(fields.unchecked_ref::<js_sys::Object>()).iter() {
        let key = text(&key);
        assert!(
            same(&get(got, &key), &get(&fields, &key)),
            "{}: {key} is {:?}",
            text(&get(case, "name")),
            JSON::stringify(&get(got, &key)).ok().map(String::from)
        );
    }
}

/// What the readers tolerate (tests/vectors/boundary.json): nulls as absent, unknown keys
/// ignored, an out-of-range age dropped, a missing user agent, consent or file field defaulted.
#[wasm_bindgen_test]
fn boundary_vectors_hold_at_the_js_boundary() {
    let doc = js(BOUNDARY);
    for case in list(&doc, "records").iter() {
        let got = wasm::build_record(get(&case, "answers"), get(&case, "meta")).expect("record");
        assert!(
            same(&got, &get(&case, "expect")),
            "{}",
            text(&get(&case, "name"))
        );
    }
    for case in list(&doc, "params").iter() {
        let got = email_params_of(&case);
        has_fields(&got, &case);
    }
    for case in list(&doc, "refused").iter() {
        let name = text(&get(&case, "name"));
        let args = list(&case, "args");
        let result = match text(&get(&case, "call")).as_str() {
            "nextStep" => wasm::next_step(&text(&args.get(0)), args.get(1)).map(JsValue::from),
            "validateStep" => wasm::validate_step(&text(&args.get(0)), args.get(1)),
            "validateAll" => wasm::validate_all(args.get(0)),
            "buildRecord" => wasm::build_record(args.get(0), args.get(1)),
            "emailParams" => wasm::email_params(args.get(0), args.get(1), args.get(2)),
            other => panic!("{name}: no call {other}"),
        };
        let error = JsValue::from(result.expect_err(&name));
        assert!(error.is_instance_of::<js_sys::Error>(), "{name}: an Error");
        let said = text(&get(&error, "message"));
        assert!(said.starts_with("answers are malformed"), "{name}: {said}");
        assert!(said.contains(&text(&get(&case, "names"))), "{name}: {said}");
    }
}

/// What JSON cannot hold: `undefined` is absent as `null` is, wherever the readers look.
#[wasm_bindgen_test]
fn undefined_is_absent_as_null_is() {
    let doc = js(BOUNDARY);
    let case = list(&doc, "records").get(0);
    let answers = get(&case, "answers");
    let meta = get(&case, "meta");
    for key in ["question4b", "question5b", "answer5b-email"] {
        Reflect::set(&answers, &JsValue::from_str(key), &JsValue::UNDEFINED).expect("set");
    }
    for key in ["id", "mediaFileUrl", "workNonce", "userAgent"] {
        Reflect::set(&meta, &JsValue::from_str(key), &JsValue::UNDEFINED).expect("set");
    }
    let record = wasm::build_record(answers.clone(), meta).expect("record");
    assert_eq!(text(&get(&record, "user_agent")), "");
    assert!(get(&record, "id").is_undefined(), "no id");
    for key in [
        "user_agent",
        "terms_consent",
        "question7_age",
        "question4b_reason",
    ] {
        Reflect::set(&record, &JsValue::from_str(key), &JsValue::UNDEFINED).expect("set");
    }
    let params =
        wasm::email_params(answers.clone(), record.clone(), JsValue::UNDEFINED).expect("params");
    assert_eq!(text(&get(&params, "terms_consent")), "false");
    assert_eq!(text(&get(&params, "question7_age")), "");
    assert_eq!(text(&get(&params, "file_info")), "No file attached");
    let file = js(r#"{"name":"cv.pdf","type":"application/pdf","size":10,"uploaded":false}"#);
    for key in ["base64", "compressedSize", "uploaded"] {
        Reflect::set(&file, &JsValue::from_str(key), &JsValue::UNDEFINED).expect("set");
    }
    let params = wasm::email_params(answers.clone(), record.clone(), file).expect("params");
    assert_eq!(text(&get(&params, "file_uploaded")), "false");
    assert_eq!(text(&get(&params, "file_size")), "10");
    // An age that is not a finite number is dropped as an out-of-range one is.
    for age in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        Reflect::set(
            &record,
            &JsValue::from_str("question7_age"),
            &JsValue::from(age),
        )
        .expect("set");
        let params =
            wasm::email_params(answers.clone(), record.clone(), JsValue::NULL).expect("params");
        assert_eq!(text(&get(&params, "question7_age")), "", "{age}");
    }
}

/// Keys are read as properties, so an object's inherited ones count (an entry read back from
/// storage is a plain object; this pins the reading, not a use).
#[wasm_bindgen_test]
fn inherited_keys_are_read() {
    let doc = js(BOUNDARY);
    let case = list(&doc, "records").get(0);
    let answers: js_sys::Object = js_sys::Object::create(get(&case, "answers").unchecked_ref());
    let meta: js_sys::Object = js_sys::Object::create(get(&case, "meta").unchecked_ref());
    let record = wasm::build_record(answers.into(), meta.into()).expect("record");
    assert!(same(&record, &get(&case, "expect")));
}

#[wasm_bindgen_test]
fn outputs_are_plain_objects_with_nulls() {
    let constants = wasm::constants_js().expect("constants");
    assert_eq!(get(&constants, "introMs").as_f64(), Some(3500.0));
    assert_eq!(
        get(&constants, "repeatVisitWindowMs").as_f64(),
        Some(60000.0)
    );
    let none = wasm::check_attachment(10.0, "image/png", "a.png").expect("check");
    assert!(none.is_null());
    let reveals = wasm::reveals(js(r#"{"question5b":"Yes","question6":"No"}"#)).expect("reveals");
    assert_eq!(get(&reveals, "email").as_bool(), Some(true));
    assert_eq!(get(&reveals, "attachment").as_bool(), Some(false));
    let choices = wasm::choices_js().expect("choices");
    assert_eq!(list(&choices, "gender").length(), 3);
    assert_eq!(wasm::storage_object_name(1.0, "a b.png"), "1_a_b.png");
    let shortcut = wasm::repeat_visit_thank_you(
        10.0,
        Some("true".into()),
        Some("5".into()),
        Some("completed".into()),
    );
    assert_eq!(shortcut.as_string().as_deref(), Some("completed"));
    assert!(
        wasm::repeat_visit_thank_you(10.0, None, None, None).is_null(),
        "null, not undefined"
    );
    assert_eq!(
        wasm::parse_cookie_choice(Some("necessary".into()))
            .as_string()
            .as_deref(),
        Some("necessary")
    );
    assert!(wasm::parse_cookie_choice(Some("yes".into())).is_null());
    assert!(wasm::parse_thank_you_type("nope").is_null());
    assert!(wasm::upload_content_type("", "a.zip").is_null());
    assert_eq!(
        wasm::upload_content_type("", "a.JPG")
            .as_string()
            .as_deref(),
        Some("image/jpeg")
    );
}

const WORK: &str = include_str!("../../tests/vectors/work.json");

#[wasm_bindgen_test]
fn work_refusal_vectors_hold_at_the_js_boundary() {
    let doc = js(WORK);
    for case in list(&doc, "refusal").iter() {
        let got = wasm::work_refusal(&text(&get(&case, "code")), &text(&get(&case, "hint")));
        assert!(
            same(&got, &get(&case, "expect")),
            "{}",
            text(&get(&case, "hint"))
        );
    }
}

/// The solver's own wasm (feature `work-wasm`); `make test-wasm` builds both.
#[cfg(feature = "work-wasm")]
#[wasm_bindgen_test]
fn work_vectors_hold_at_the_js_boundary() {
    use stepzero_core::work_wasm as wasm;
    let doc = js(WORK);
    for case in list(&doc, "verify").iter() {
        let (id, nonce) = (text(&get(&case, "id")), text(&get(&case, "nonce")));
        let ms = get(&case, "completionMs").as_f64().expect("ms");
        let difficulty = get(&case, "difficulty").as_f64().expect("difficulty") as u32;
        let valid = wasm::verify_work(&id, ms, &nonce, difficulty).expect("verify");
        let name = text(&get(&case, "name"));
        assert_eq!(
            valid,
            get(&case, "valid").as_bool().expect("valid"),
            "{name}"
        );
        if get(&case, "sha256").is_string() {
            let found = wasm::solve_work(&id, ms, difficulty, 0.0, 1 << 24).expect("solve");
            assert_eq!(found.as_f64().map(|n| n.to_string()), Some(nonce), "{name}");
        }
    }
    assert!(wasm::solve_work("not-a-uuid", 1.0, 1, 0.0, 1).is_err());
    assert!(wasm::solve_work("0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11", 1.5, 1, 0.0, 1).is_err());
}

/// The split form through the solver's wasm: its shape, each part's first nonce and the join.
#[cfg(feature = "work-wasm")]
#[wasm_bindgen_test]
fn split_work_vectors_hold_at_the_js_boundary() {
    use stepzero_core::work_wasm as wasm;
    let doc = js(WORK);
    for case in list(&doc, "shape").iter() {
        let difficulty = get(&case, "difficulty").as_f64().expect("difficulty") as u32;
        let want = [
            get(&case, "parts").as_f64().expect("parts") as u32,
            get(&case, "partBits").as_f64().expect("bits") as u32,
        ];
        assert_eq!(wasm::work_shape(difficulty), want.to_vec(), "{difficulty}");
    }
    for case in list(&doc, "split").iter() {
        let (id, work) = (text(&get(&case, "id")), text(&get(&case, "work")));
        let ms = get(&case, "completionMs").as_f64().expect("ms");
        let difficulty = get(&case, "difficulty").as_f64().expect("difficulty") as u32;
        let name = text(&get(&case, "name"));
        let valid = wasm::verify_work(&id, ms, &work, difficulty).expect("verify");
        assert_eq!(
            valid,
            get(&case, "valid").as_bool().expect("valid"),
            "{name}"
        );
        if get(&case, "firstFromZero").as_bool() == Some(true) {
            let shape = wasm::work_shape(difficulty);
            let nonces: Vec<f64> = (0..shape[0])
                .map(|i| {
                    let found = wasm::solve_work_part(&id, ms, i, shape[1], 0.0, 1 << 24);
                    found.expect("solve").as_f64().expect("found")
                })
                .collect();
            assert_eq!(wasm::join_work(nonces).expect("join"), work, "{name}");
        }
    }
    assert!(wasm::solve_work_part("not-a-uuid", 1.0, 0, 1, 0.0, 1).is_err());
    assert!(wasm::join_work(vec![1.5]).is_err());
}
