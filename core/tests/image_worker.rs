//! The image wasm's `shrinkFile` in a dedicated worker, where the image worker runs it
//! (`make test-wasm`, headless Chromium): createImageBitmap reached through WorkerGlobalScope,
//! the orientation probe there too. A test binary has one scope: the page's cases are in
//! tests/image_browser.rs.
#![cfg(all(target_arch = "wasm32", feature = "media-wasm"))]

use js_sys::{Reflect, Uint8Array};
use stepzero_core::image::browser::blob_of;
use stepzero_core::image::wasm::{shrink_file_js, shrink_image_js};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

const JPEG: &[u8] = include_bytes!("../../tests/e2e/fixtures/photo-gps.jpg");
// 1600x1000 with EXIF orientation 6 (tests/e2e/fixtures/README.md): shown as 1000x1600.
const TURNED_WEBP: &[u8] = include_bytes!("../../tests/e2e/fixtures/gradient-turned-6.webp");

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

async fn shrink(bytes: &[u8], mime: &str) -> JsValue {
    let blob = blob_of(&Uint8Array::from(bytes), mime).unwrap();
    shrink_file_js(blob.into(), JsValue::UNDEFINED)
        .await
        .unwrap()
}

#[wasm_bindgen_test]
fn this_is_a_worker() {
    assert!(js_sys::global()
        .dyn_into::<web_sys::WorkerGlobalScope>()
        .is_ok());
    assert!(js_sys::global().dyn_into::<web_sys::Window>().is_err());
}

#[wasm_bindgen_test]
async fn a_turned_webp_is_decoded_by_the_browser_and_turned_by_the_routine() {
    let out = shrink(TURNED_WEBP, "image/webp").await;
    assert_eq!(get(&out, "decodedBy"), "browser");
    assert_eq!(size(&out, ""), (500.0, 800.0));
    assert_eq!(size(&out, "source"), (1000.0, 1600.0));
    // The picture the routine's own decode gives, within a resampler's and a canvas read's
    // difference: a wrong turn or another colour conversion would differ by tens of levels.
    let own = shrink_image_js(TURNED_WEBP, JsValue::UNDEFINED).unwrap();
    let (a, b) = (pixels(&out), pixels(&own));
    assert_eq!(a.len(), b.len());
    let sum: u64 = a
        .iter()
        .zip(&b)
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    let mean = sum as f64 / a.len() as f64;
    assert!(mean < 3.0, "mean difference {mean}");
}

/// A result's `width` and `height`, or with `prefix` "source", `sourceWidth` and `sourceHeight`.
fn size(result: &JsValue, prefix: &str) -> (f64, f64) {
    let side = |name: &str| {
        let key = if prefix.is_empty() {
            name.to_lowercase()
        } else {
            format!("{prefix}{name}")
        };
        get(result, &key).as_f64().unwrap()
    };
    (side("Width"), side("Height"))
}

/// The RGB pixels of a result's JPEG.
fn pixels(result: &JsValue) -> Vec<u8> {
    let bytes = Uint8Array::from(get(result, "bytes")).to_vec();
    jpeg_decoder::Decoder::new(&bytes[..]).decode().unwrap()
}

#[wasm_bindgen_test]
async fn a_jpeg_is_left_to_the_routine() {
    let out = shrink(JPEG, "image/jpeg").await;
    assert_eq!(get(&out, "decodedBy"), "wasm");
    assert_eq!(size(&out, ""), (500.0, 800.0));
}
