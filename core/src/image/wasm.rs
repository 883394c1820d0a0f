//! The image routine's JavaScript API, built only into the second wasm (`pkg-image/`,
//! feature `media-wasm`): the engine's wasm never carries it. Failures are thrown as an
//! `Error` with a stable `code` (see [`ImageError::code`]); nothing panics on input.

use super::browser::{self, blob_of};
use super::decode::{browser_decodes, header};
use super::sniff::SIGNATURE_LEN;
use super::strip::strip_metadata;
use super::{shrink_image, shrink_pixels, ImageError, ShrinkOptions, Shrunk};
use js_sys::{Array, ArrayBuffer, Error, Object, Reflect, Uint8Array};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::Blob;

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "heif";
export type ImageErrorCode = "not-an-image" | "too-large" | "empty" | "malformed" | "unsupported" | "out-of-memory" | "bad-options";
export interface ShrinkOptions { maxSide?: number; targetBytes?: number; startQuality?: number; minQuality?: number }
export interface ShrinkResult {
  bytes: Uint8Array; quality: number; fits: boolean; width: number; height: number;
  tried: { quality: number; bytes: number }[]; format: ImageFormat; sourceWidth: number; sourceHeight: number;
}
/** Who decoded the pixels: the browser (createImageBitmap) or the routine's own decoders. */
export interface ShrunkFile extends ShrinkResult { decodedBy: "browser" | "wasm" }
export interface StripResult { bytes: Uint8Array; format: ImageFormat; removed: string[]; orientation: number }
"#;

fn fail(error: &ImageError) -> JsValue {
    coded(error.code(), &error.to_string())
}

fn coded(code: &str, message: &str) -> JsValue {
    let e = Error::new(message);
    let _ = Reflect::set(&e, &"code".into(), &code.into());
    e.into()
}

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(object, &key.into(), &value.into());
}

/// The options as JavaScript passes them: each a positive number, or absent (missing,
/// `undefined` or `null`); other keys are ignored.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Given {
    max_side: Option<f64>,
    target_bytes: Option<f64>,
    start_quality: Option<f64>,
    min_quality: Option<f64>,
}

fn positive(key: &str, value: Option<f64>) -> Result<Option<f64>, JsValue> {
    match value {
        Some(v) if !(v.is_finite() && v > 0.0) => Err(coded(
            "bad-options",
            &format!("{key} must be a positive number"),
        )),
        v => Ok(v),
    }
}

fn tenths(quality: f64) -> u8 {
    (quality * 10.0).round().clamp(0.0, 255.0) as u8
}

fn read_options(options: JsValue) -> Result<ShrinkOptions, JsValue> {
    let given: Option<Given> = serde_wasm_bindgen::from_value(options).map_err(|e| {
        // Its text is a JS Error's ("Error: invalid type: …"): the message alone is the reason.
        let error: js_sys::Error = JsValue::from(e).unchecked_into();
        coded(
            "bad-options",
            &format!("options: {}", String::from(error.message())),
        )
    })?;
    let given = given.unwrap_or_default();
    let d = ShrinkOptions::default();
    Ok(ShrinkOptions {
        max_side: positive("maxSide", given.max_side)?
            .map_or(d.max_side, |v| v.min(f64::from(u32::MAX)) as u32),
        target_bytes: positive("targetBytes", given.target_bytes)?
            .map_or(d.target_bytes, |v| v as u64),
        start_tenths: positive("startQuality", given.start_quality)?.map_or(d.start_tenths, tenths),
        min_tenths: positive("minQuality", given.min_quality)?.map_or(d.min_tenths, tenths),
    })
}

fn format_name(format: super::Format) -> &'static str {
    match format {
        super::Format::Jpeg => "jpeg",
        super::Format::Png => "png",
        super::Format::WebP => "webp",
        super::Format::Gif => "gif",
        super::Format::Heif => "heif",
    }
}

/// Shrinks an image for the email backup (spec section 5): long side at most 800 px, JPEG
/// from quality 0.8 down by 0.1 until at most 40,960 bytes or 0.1.
#[wasm_bindgen(js_name = shrinkImage, unchecked_return_type = "ShrinkResult")]
pub fn shrink_image_js(
    bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "ShrinkOptions | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = read_options(options)?;
    let shrunk = shrink_image(bytes, &options).map_err(|e| fail(&e))?;
    Ok(shrunk_js(&shrunk))
}

fn shrunk_js(shrunk: &Shrunk) -> JsValue {
    let out = Object::new();
    set(&out, "bytes", Uint8Array::from(shrunk.bytes.as_slice()));
    set(&out, "quality", f64::from(shrunk.tenths) / 10.0);
    set(&out, "fits", shrunk.fits);
    set(&out, "width", shrunk.width);
    set(&out, "height", shrunk.height);
    let tried = Array::new();
    for attempt in &shrunk.tried {
        let a = Object::new();
        set(&a, "quality", f64::from(attempt.tenths) / 10.0);
        set(&a, "bytes", attempt.bytes as f64);
        tried.push(&a);
    }
    set(&out, "tried", tried);
    set(&out, "format", format_name(shrunk.format));
    set(&out, "sourceWidth", shrunk.source_width);
    set(&out, "sourceHeight", shrunk.source_height);
    out.into()
}

/// The image worker's shrink of one visitor's file (`Blob`, or its bytes), the whole routine:
/// the header read first (every limit checked before anything decodes); a WebP decoded by the
/// browser (`createImageBitmap`, src/image/browser.rs) where it can give the stored pixels at
/// the size asked, every other file, and any WebP the browser declines or fails, by the
/// routine's own decoders; then `shrinkImage`'s size, turn and ladder.
#[wasm_bindgen(js_name = shrinkFile, unchecked_return_type = "ShrunkFile")]
pub async fn shrink_file_js(
    #[wasm_bindgen(unchecked_param_type = "Blob | Uint8Array")] file: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ShrinkOptions | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = read_options(options)?;
    let (bytes, blob) = match file.dyn_into::<Blob>() {
        Ok(blob) => {
            let buffer: ArrayBuffer = JsFuture::from(blob.array_buffer()).await?.dyn_into()?;
            (Uint8Array::new(&buffer), Some(blob))
        }
        Err(file) => match file.dyn_into::<Uint8Array>() {
            Ok(bytes) => (bytes, None),
            Err(_) => {
                return Err(coded(
                    "bad-options",
                    "the file must be a Blob or a Uint8Array",
                ))
            }
        },
    };
    // Only a file the browser may decode is copied into the wasm's memory for its header (its
    // first bytes say which it is); the others are copied once, for their decode.
    let first = bytes
        .subarray(0, SIGNATURE_LEN.min(bytes.length() as usize) as u32)
        .to_vec();
    let bytes = if browser_decodes(&first).map_err(|e| fail(&e))? {
        let whole = bytes.to_vec();
        if let Some(h) = header(&whole).map_err(|e| fail(&e))? {
            let blob = match blob {
                Some(blob) => blob,
                None => blob_of(&bytes, "image/webp")?,
            };
            if let Some(pixels) = browser::decode(&blob, &h, options.max_side).await {
                // Pixels the routine refuses (an engine's odd answer): its own decoder decides.
                let size = (pixels.width, pixels.height);
                if let Ok(shrunk) = shrink_pixels(&pixels.rgba, size, &h, &options) {
                    return Ok(decoded_by(shrunk_js(&shrunk), "browser"));
                }
            }
        }
        whole
    } else {
        bytes.to_vec()
    };
    let shrunk = shrink_image(&bytes, &options).map_err(|e| fail(&e))?;
    Ok(decoded_by(shrunk_js(&shrunk), "wasm"))
}

fn decoded_by(result: JsValue, who: &str) -> JsValue {
    let _ = Reflect::set(&result, &"decodedBy".into(), &who.into());
    result
}

/// The file without EXIF, XMP, IPTC, comments or text chunks, its compressed pixels untouched
/// (the orientation is kept as a minimal EXIF block).
#[wasm_bindgen(js_name = stripMetadata, unchecked_return_type = "StripResult")]
pub fn strip_metadata_js(bytes: &[u8]) -> Result<JsValue, JsValue> {
    let stripped = strip_metadata(bytes).map_err(|e| fail(&e))?;
    let out = Object::new();
    set(&out, "bytes", Uint8Array::from(stripped.bytes.as_slice()));
    set(&out, "format", format_name(stripped.format));
    let removed: Array = stripped
        .removed
        .iter()
        .map(|r| JsValue::from_str(r))
        .collect();
    set(&out, "removed", removed);
    set(&out, "orientation", stripped.orientation);
    Ok(out.into())
}
