//! The image wasm's `shrinkFile` on a page's main thread (`make test-wasm`, headless Chromium;
//! the bench and the e2e and engine tests run it there; tests/image_worker.rs runs it in a
//! worker): the header first, the browser's decode of a WebP through web-sys, and the
//! routine's own decoders whenever the browser cannot give exactly the stored pixels asked.
//! Chromium's createImageBitmap is wrapped by a script that records each call and, per case,
//! fails, ignores the size asked, answers another size or turns the orientation probe.
#![cfg(all(target_arch = "wasm32", feature = "media-wasm"))]

use js_sys::{Array, Function, Reflect, Uint8Array, JSON};
use stepzero_core::image::browser::{blob_of, TURNED_BY_SIX};
use stepzero_core::image::wasm::{shrink_file_js, shrink_image_js};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const JPEG: &[u8] = include_bytes!("../../tests/e2e/fixtures/photo-gps.jpg");
// cwebp -q 60 of a 1600x1000 gradient; the same with webpmux's ICC profile named Display P3.
const WEBP: &[u8] = include_bytes!("../../web/src/test/fixtures/gradient-1600x1000.webp");
const WEBP_P3: &[u8] =
    include_bytes!("../../web/src/test/fixtures/gradient-1600x1000-display-p3-profile.webp");
// 2x1 PNG (red, blue) with an eXIf chunk holding orientation 6.
const TURNED_PNG: [u8; 108] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x7b, 0x40, 0xe8,
    0xdd, 0x00, 0x00, 0x00, 0x1a, 0x65, 0x58, 0x49, 0x66, 0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00,
    0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0xb7, 0x48, 0x11, 0x29, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78,
    0x9c, 0x63, 0xf8, 0xcf, 0x00, 0x04, 0xff, 0x01, 0x07, 0x00, 0x01, 0xff, 0xe2, 0x23, 0x9e, 0x59,
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

/// Wraps the engine's createImageBitmap (`script`: "real", "fails", "ignores-size", "799",
/// "turns", or "absent" to remove it); returns the list each call's source type and options
/// are recorded in.
fn script_browser(script: &str) -> Array {
    let install = Function::new_with_args(
        "script",
        r#"
        const real = (globalThis.realCreateImageBitmap ??= globalThis.createImageBitmap);
        const calls = [];
        if (script === 'absent') { delete globalThis.createImageBitmap; return calls; }
        globalThis.createImageBitmap = async (source, options = {}) => {
          calls.push({ type: source.type, options: { ...options } });
          if (script === 'fails') throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
          const asked = { ...options };
          if (script === 'ignores-size') { delete asked.resizeWidth; delete asked.resizeHeight; }
          if (script === '799' && asked.resizeWidth) asked.resizeWidth = 799;
          // The probe (asked for no size) comes back 1x2, as from an engine that turns it.
          if (script === 'turns' && !asked.resizeWidth) Object.assign(asked, { resizeWidth: 1, resizeHeight: 2 });
          return real(source, asked);
        };
        return calls;
        "#,
    );
    install
        .call1(&JsValue::NULL, &script.into())
        .unwrap()
        .into()
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).unwrap().into()
}

async fn shrink(bytes: &[u8], mime: &str) -> Result<JsValue, JsValue> {
    let blob = blob_of(&Uint8Array::from(bytes), mime).unwrap();
    shrink_file_js(blob.into(), JsValue::UNDEFINED).await
}

/// `[decodedBy, width, height]` of a result.
fn summary(out: &JsValue) -> String {
    json(
        &Array::of3(
            &get(out, "decodedBy"),
            &get(out, "width"),
            &get(out, "height"),
        )
        .into(),
    )
}

#[wasm_bindgen_test]
async fn the_header_refuses_a_bomb_before_the_browser_decodes_anything() {
    // The WebP with its VP8 frame header claiming 16383 x 16383 (268 MP).
    let mut bomb = WEBP.to_vec();
    assert_eq!(&bomb[12..16], b"VP8 ");
    bomb[26..30].copy_from_slice(&[0xff, 0x3f, 0xff, 0x3f]);
    let calls = script_browser("real");
    let error = shrink(&bomb, "image/webp").await.unwrap_err();
    assert_eq!(get(&error, "code"), "too-large");
    assert_eq!(calls.length(), 0);
}

#[wasm_bindgen_test]
async fn a_webp_is_decoded_by_the_browser_at_the_size_the_800_px_rule_gives() {
    let calls = script_browser("real");
    let out = shrink(WEBP, "image/webp").await.unwrap();
    assert_eq!(
        json(&calls),
        r#"[{"type":"image/webp","options":{"imageOrientation":"none","colorSpaceConversion":"default","resizeWidth":800,"resizeHeight":500,"resizeQuality":"high"}}]"#
    );
    assert_eq!(summary(&out), r#"["browser",800,500]"#);
    assert_eq!(get(&out, "quality"), 0.8);
    assert_eq!(get(&out, "fits"), true);
    assert_eq!(get(&out, "format"), "webp");
    let bytes = Uint8Array::from(get(&out, "bytes")).to_vec();
    assert_eq!(bytes[..2], [0xff, 0xd8]);
    // Its bytes, not a Blob, are decoded by the browser too.
    let from_bytes = shrink_file_js(Uint8Array::from(WEBP).into(), JsValue::UNDEFINED).await;
    assert_eq!(summary(&from_bytes.unwrap()), r#"["browser",800,500]"#);
}

#[wasm_bindgen_test]
async fn the_stored_colour_values_are_kept_for_a_profile_other_than_srgb() {
    let calls = script_browser("real");
    shrink(WEBP_P3, "image/webp").await.unwrap();
    let options = get(&calls.get(0), "options");
    assert_eq!(get(&options, "colorSpaceConversion"), "none");
}

#[wasm_bindgen_test]
async fn the_routine_resizes_when_the_engine_ignores_the_size_asked() {
    script_browser("ignores-size");
    let out = shrink(WEBP, "image/webp").await.unwrap();
    assert_eq!(summary(&out), r#"["browser",800,500]"#);
}

#[wasm_bindgen_test]
async fn the_routines_own_decoder_runs_when_the_browser_fails_answers_another_size_or_is_absent() {
    let expected = shrink_image_js(WEBP, JsValue::UNDEFINED).unwrap();
    let expected = Uint8Array::from(get(&expected, "bytes")).to_vec();
    for script in ["fails", "799", "absent"] {
        let calls = script_browser(script);
        let out = shrink(WEBP, "image/webp").await.unwrap();
        assert_eq!(get(&out, "decodedBy"), "wasm", "{script}");
        assert_eq!(
            Uint8Array::from(get(&out, "bytes")).to_vec(),
            expected,
            "{script}"
        );
        assert_eq!(calls.length(), u32::from(script != "absent"), "{script}");
    }
    script_browser("real");
}

#[wasm_bindgen_test]
async fn stored_pixels_are_taken_only_from_an_engine_that_keeps_them() {
    let keeps = script_browser("real");
    let kept = shrink(&TURNED_BY_SIX, "image/webp").await.unwrap();
    assert_eq!(summary(&kept), r#"["browser",1,2]"#);
    assert_eq!(
        (get(&kept, "sourceWidth"), get(&kept, "sourceHeight")),
        (1.into(), 2.into())
    );
    // The probe, then the file: both with the stored orientation asked.
    let asked: Vec<String> = keeps
        .iter()
        .map(|c| json(&get(&get(&c, "options"), "imageOrientation")))
        .collect();
    assert_eq!(asked, [r#""none""#, r#""none""#]);
    script_browser("turns");
    let turned = shrink(&TURNED_BY_SIX, "image/webp").await.unwrap();
    assert_eq!(summary(&turned), r#"["wasm",1,2]"#);
    script_browser("real");
}

#[wasm_bindgen_test]
async fn a_jpeg_and_a_png_are_left_to_the_routine() {
    let calls = script_browser("real");
    let jpeg = shrink(JPEG, "image/jpeg").await.unwrap();
    assert_eq!(summary(&jpeg), r#"["wasm",500,800]"#);
    let png = shrink(&TURNED_PNG, "image/png").await.unwrap();
    assert_eq!(summary(&png), r#"["wasm",1,2]"#);
    assert_eq!(calls.length(), 0);
}

#[wasm_bindgen_test]
async fn what_is_not_a_file_is_refused() {
    let error = shrink_file_js("photo.jpg".into(), JsValue::UNDEFINED)
        .await
        .unwrap_err();
    assert_eq!(get(&error, "code"), "bad-options");
    let error = shrink(b"plain text", "text/plain").await.unwrap_err();
    assert_eq!(get(&error, "code"), "not-an-image");
}
