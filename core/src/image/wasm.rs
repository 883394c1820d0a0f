//! The image routine's JavaScript API, built only into the second wasm (`pkg-image/`,
//! feature `media-wasm`): the engine's wasm never carries it. Failures are thrown as an
//! `Error` with a stable `code` (see [`ImageError::code`]); nothing panics on input.

use super::decode::{browser_decodes, header, Header};
use super::exif::Orientation;
use super::resize::fit;
use super::sniff::SIGNATURE_LEN;
use super::strip::strip_metadata;
use super::{shrink_image, shrink_pixels, Format, ImageError, ShrinkOptions, Shrunk};
use js_sys::{Array, Error, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "heif";
export type ImageErrorCode = "not-an-image" | "too-large" | "empty" | "malformed" | "unsupported" | "out-of-memory" | "bad-options";
export interface ShrinkOptions { maxSide?: number; targetBytes?: number; startQuality?: number; minQuality?: number }
export interface ShrinkResult {
  bytes: Uint8Array; quality: number; fits: boolean; width: number; height: number;
  tried: { quality: number; bytes: number }[]; format: ImageFormat; sourceWidth: number; sourceHeight: number;
}
export interface ImageHeader {
  format: ImageFormat; width: number; height: number; orientation: number; foreignColours: boolean;
  targetWidth: number; targetHeight: number;
}
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

fn number(options: &JsValue, key: &str) -> Result<Option<f64>, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    let value = Reflect::get(options, &key.into()).map_err(|_| coded("bad-options", key))?;
    match value.as_f64() {
        Some(v) if v.is_finite() && v > 0.0 => Ok(Some(v)),
        None if value.is_undefined() => Ok(None),
        _ => Err(coded(
            "bad-options",
            &format!("{key} must be a positive number"),
        )),
    }
}

fn tenths(quality: f64) -> u8 {
    (quality * 10.0).round().clamp(0.0, 255.0) as u8
}

fn read_options(options: &JsValue) -> Result<ShrinkOptions, JsValue> {
    let d = ShrinkOptions::default();
    Ok(ShrinkOptions {
        max_side: number(options, "maxSide")?
            .map_or(d.max_side, |v| v.min(f64::from(u32::MAX)) as u32),
        target_bytes: number(options, "targetBytes")?.map_or(d.target_bytes, |v| v as u64),
        start_tenths: number(options, "startQuality")?.map_or(d.start_tenths, tenths),
        min_tenths: number(options, "minQuality")?.map_or(d.min_tenths, tenths),
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
    let options = read_options(&options)?;
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

/// The header of a file whose pixels the browser should decode (WebP), every limit checked
/// before any decode; `undefined` for a file the routine decodes itself (JPEG, PNG, GIF:
/// call `shrinkImage`). `targetWidth` x `targetHeight` is the stored picture at the size the
/// 800 px rule gives it, the size to ask the browser for.
#[wasm_bindgen(js_name = readHeader, unchecked_return_type = "ImageHeader | undefined")]
pub fn read_header_js(
    bytes: &Uint8Array,
    #[wasm_bindgen(unchecked_param_type = "ShrinkOptions | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = read_options(&options)?;
    // The file is copied into the wasm's memory only when its header is to be read: for the
    // others, `shrinkImage` copies it next (a PNG of 4.3 MB copied, allocated and freed once
    // more took 1 to 3 ms of its shrink, for nothing). Its first bytes say which it is.
    let first = bytes
        .subarray(0, SIGNATURE_LEN.min(bytes.length() as usize) as u32)
        .to_vec();
    if !browser_decodes(&first).map_err(|e| fail(&e))? {
        return Ok(JsValue::UNDEFINED);
    }
    let Some(h) = header(&bytes.to_vec()).map_err(|e| fail(&e))? else {
        return Ok(JsValue::UNDEFINED);
    };
    let (tw, th) = fit(h.width, h.height, options.max_side);
    let out = Object::new();
    set(&out, "format", format_name(h.format));
    set(&out, "width", h.width);
    set(&out, "height", h.height);
    set(&out, "orientation", h.orientation.value());
    set(&out, "foreignColours", h.foreign_colours);
    set(&out, "targetWidth", tw);
    set(&out, "targetHeight", th);
    Ok(out.into())
}

fn header_from_js(header: &JsValue) -> Result<Header, JsValue> {
    let get = |key: &str| Reflect::get(header, &key.into()).map_err(|_| coded("bad-options", key));
    let side = |key: &str| -> Result<u32, JsValue> {
        get(key)?
            .as_f64()
            .filter(|v| v.fract() == 0.0 && *v >= 0.0 && *v <= f64::from(u32::MAX))
            .map(|v| v as u32)
            .ok_or_else(|| {
                coded(
                    "bad-options",
                    &format!("header.{key} must be a whole number"),
                )
            })
    };
    let format = match get("format")?.as_string().as_deref() {
        Some("webp") => Format::WebP,
        _ => return Err(coded("bad-options", "header.format must be webp")),
    };
    Ok(Header {
        format,
        width: side("width")?,
        height: side("height")?,
        orientation: Orientation::from_tag(side("orientation")?.min(9) as u16),
        foreign_colours: get("foreignColours")?.is_truthy(),
    })
}

/// Shrinks the RGBA pixels the browser decoded from a file `readHeader` described (`header`
/// as it returned it): `width` x `height`, the stored picture (not turned), at its full size
/// or at `targetWidth` x `targetHeight`. The rest is `shrinkImage`'s routine.
#[wasm_bindgen(js_name = shrinkPixels, unchecked_return_type = "ShrinkResult")]
pub fn shrink_pixels_js(
    rgba: &[u8],
    width: u32,
    height: u32,
    #[wasm_bindgen(unchecked_param_type = "ImageHeader")] header: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ShrinkOptions | undefined")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = read_options(&options)?;
    let header = header_from_js(&header)?;
    let shrunk = shrink_pixels(rgba, (width, height), &header, &options).map_err(|e| fail(&e))?;
    Ok(shrunk_js(&shrunk))
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
