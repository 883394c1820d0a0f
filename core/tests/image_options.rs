//! The image wasm's options reader (`make test-wasm`, headless Chromium): which options the
//! exported `shrinkImage` accepts and which it refuses.
#![cfg(all(target_arch = "wasm32", feature = "media-wasm"))]

use js_sys::{Reflect, JSON};
use stepzero_core::image::wasm::shrink_image_js;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

// 1280x800, EXIF-turned to 800x1280 (tests/e2e/fixtures/README.md).
const JPEG: &[u8] = include_bytes!("../../tests/e2e/fixtures/photo-gps.jpg");

fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON parses")
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

/// (width, height, quality, rungs tried) of the shrink with `options`.
fn shrunk(options: JsValue) -> (f64, f64, f64, u32) {
    let out = shrink_image_js(JPEG, options).expect("the options are accepted");
    let tried: js_sys::Array = get(&out, "tried").into();
    (
        get(&out, "width").as_f64().unwrap(),
        get(&out, "height").as_f64().unwrap(),
        get(&out, "quality").as_f64().unwrap(),
        tried.length(),
    )
}

fn code(options: JsValue) -> String {
    let error = shrink_image_js(JPEG, options).expect_err("the options are refused");
    get(&error, "code").as_string().unwrap()
}

#[wasm_bindgen_test]
fn absent_options_are_the_defaults() {
    let defaults = shrunk(JsValue::UNDEFINED);
    assert_eq!((defaults.0, defaults.1), (500.0, 800.0));
    assert_eq!(shrunk(JsValue::NULL), defaults);
    assert_eq!(shrunk(js("{}")), defaults);
    assert_eq!(shrunk(js("[]")), defaults);
    // Unknown keys are ignored; a key set to undefined is absent.
    assert_eq!(
        shrunk(js(r#"{"max_side": 10, "quality": "high"}"#)),
        defaults
    );
    let with_undefined = js("{}");
    Reflect::set(&with_undefined, &"maxSide".into(), &JsValue::UNDEFINED).unwrap();
    assert_eq!(shrunk(with_undefined), defaults);
    // serde-wasm-bindgen reads a null option as absent too, as the engine's readers do.
    assert_eq!(
        shrunk(js(r#"{"maxSide": null, "minQuality": null}"#)),
        defaults
    );
}

#[wasm_bindgen_test]
fn each_option_is_read() {
    assert_eq!(shrunk(js(r#"{"maxSide": 400}"#)).0, 250.0);
    // A fraction of a pixel is dropped; a side beyond u32 is the largest one.
    assert_eq!(shrunk(js(r#"{"maxSide": 400.9}"#)).1, 400.0);
    assert_eq!(shrunk(js(r#"{"maxSide": 1e12}"#)).1, 1280.0);
    assert_eq!(
        shrunk(js(r#"{"startQuality": 0.5, "minQuality": 0.5}"#)),
        (500.0, 800.0, 0.5, 1)
    );
    // Qualities are rounded to tenths; a target of 1 byte walks the whole ladder.
    assert_eq!(
        shrunk(js(
            r#"{"startQuality": 0.34, "minQuality": 0.26, "targetBytes": 1}"#
        )),
        (500.0, 800.0, 0.3, 1)
    );
    assert_eq!(shrunk(js(r#"{"targetBytes": 1}"#)).3, 8);
}

#[wasm_bindgen_test]
fn values_that_are_not_positive_numbers_are_bad_options() {
    for bad in [
        r#"{"maxSide": 0}"#,
        r#"{"maxSide": -800}"#,
        r#"{"targetBytes": "40960"}"#,
        r#"{"startQuality": true}"#,
        r#"{"minQuality": [0.1]}"#,
        r#"{"maxSide": {}}"#,
        "5",
        r#""options""#,
    ] {
        assert_eq!(code(js(bad)), "bad-options", "{bad}");
    }
    for bad in [f64::NAN, f64::INFINITY] {
        let options = js("{}");
        Reflect::set(&options, &"maxSide".into(), &bad.into()).unwrap();
        assert_eq!(code(options), "bad-options", "{bad}");
    }
}

#[wasm_bindgen_test]
fn a_ladder_outside_its_rungs_is_unsupported() {
    assert_eq!(code(js(r#"{"startQuality": 1.5}"#)), "unsupported");
    assert_eq!(
        code(js(r#"{"startQuality": 0.2, "minQuality": 0.5}"#)),
        "unsupported"
    );
    assert_eq!(code(js(r#"{"minQuality": 0.01}"#)), "unsupported");
}

#[wasm_bindgen_test]
fn a_wrong_type_is_named_with_serdes_reason_alone() {
    let error = shrink_image_js(JPEG, js(r#"{"maxSide": "big"}"#)).expect_err("refused");
    let message: js_sys::Error = error.into();
    let message = String::from(message.message());
    assert!(message.starts_with("options: invalid type"), "{message}");
}
