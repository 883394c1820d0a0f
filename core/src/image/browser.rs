//! The browser's own decoder for the image routine, through web-sys: a WebP is decoded by
//! `createImageBitmap`, which is native and SIMD (the wasm's image-webp is scalar and far
//! slower; figures: commit fe1f62d), straight at the size the 800 px rule gives, and read back
//! as RGBA from an `OffscreenCanvas`. The routine still owns every rule: it reads the header
//! and checks the limits before this runs, and lays alpha on white, turns the picture upright
//! and walks the ladder after ([`shrink_pixels`](super::shrink_pixels)).
//! Whatever this cannot do exactly as the routine would, it declines (`None`) and the wasm's
//! own decoders run: a scope without `createImageBitmap` or `OffscreenCanvas`, an engine that
//! turns the picture itself when asked not to, a size other than asked, any error.

use super::decode::Header;
use super::resize::fit;
use js_sys::{Array, Function, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, BlobPropertyBag, ColorSpaceConversion, ImageBitmap, ImageBitmapOptions, OffscreenCanvas,
    OffscreenCanvasRenderingContext2d, ResizeQuality, Window, WorkerGlobalScope,
};

/// The stored picture as RGBA, `width` x `height`.
pub struct Pixels {
    pub rgba: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Where `createImageBitmap` is reached: the page (the bench, the e2e and engine tests run the
/// routine on the main thread) or the image worker.
enum Scope {
    Window(Window),
    Worker(WorkerGlobalScope),
}

impl Scope {
    /// The current scope, when it has both `createImageBitmap` and `OffscreenCanvas`.
    fn current() -> Option<Scope> {
        let global = js_sys::global();
        let has = |name: &str| {
            Reflect::get(&global, &name.into()).is_ok_and(|v| v.is_instance_of::<Function>())
        };
        if !has("createImageBitmap") || !has("OffscreenCanvas") {
            return None;
        }
        match global.dyn_into::<Window>() {
            Ok(window) => Some(Scope::Window(window)),
            Err(global) => global
                .dyn_into::<WorkerGlobalScope>()
                .ok()
                .map(Scope::Worker),
        }
    }

    async fn bitmap(&self, file: &Blob, options: &ImageBitmapOptions) -> Result<Bitmap, JsValue> {
        let promise: Promise = match self {
            Scope::Window(w) => {
                w.create_image_bitmap_with_blob_and_image_bitmap_options(file, options)
            }
            Scope::Worker(w) => {
                w.create_image_bitmap_with_blob_and_image_bitmap_options(file, options)
            }
        }?;
        Ok(Bitmap(JsFuture::from(promise).await?.dyn_into()?))
    }
}

/// An `ImageBitmap` closed when dropped, on every path out.
struct Bitmap(ImageBitmap);

impl Drop for Bitmap {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// The options for the file `header` describes. imageOrientation 'none' (set by name: web-sys's
/// enum lacks it): the routine turns the picture by its own reading of the EXIF orientation, so
/// it wants the stored pixels. colorSpaceConversion 'none' only when the file asks for colours
/// other than sRGB: the routine's decoders hand over the stored values, and so must the browser;
/// for everything else the two give the same pixels, and 'default' is the engines' usual, faster
/// path (figures: commit 9962925). premultiplyAlpha stays 'default': the routine lays alpha on
/// white, and a premultiplied value on white is within half a level of the straight one.
pub fn bitmap_options(header: &Header, (width, height): (u32, u32)) -> ImageBitmapOptions {
    let options = ImageBitmapOptions::new();
    let _ = Reflect::set(&options, &"imageOrientation".into(), &"none".into());
    options.set_color_space_conversion(if header.foreign_colours {
        ColorSpaceConversion::None
    } else {
        ColorSpaceConversion::Default
    });
    options.set_resize_width(width);
    options.set_resize_height(height);
    options.set_resize_quality(ResizeQuality::High);
    options
}

/// `bytes` as a Blob of `type`, for `createImageBitmap`.
pub fn blob_of(bytes: &Uint8Array, mime: &str) -> Result<Blob, JsValue> {
    let bag = BlobPropertyBag::new();
    bag.set_type(mime);
    Blob::new_with_u8_array_sequence_and_options(&Array::of1(bytes), &bag)
}

/// The stored picture of `file` (whose header is `header`) as RGBA: at the size the 800 px rule
/// gives for `max_side`, or in full where the engine ignores the size asked; `None` when the
/// browser cannot give exactly that.
pub async fn decode(file: &Blob, header: &Header, max_side: u32) -> Option<Pixels> {
    let scope = Scope::current()?;
    if header.orientation.value() != 1 && !keeps_stored_orientation(&scope).await {
        return None;
    }
    read(&scope, file, header, max_side).await.ok().flatten()
}

async fn read(
    scope: &Scope,
    file: &Blob,
    header: &Header,
    max_side: u32,
) -> Result<Option<Pixels>, JsValue> {
    let (tw, th) = fit(header.width, header.height, max_side);
    let bitmap = scope
        .bitmap(file, &bitmap_options(header, (tw, th)))
        .await?;
    let (width, height) = (bitmap.0.width(), bitmap.0.height());
    let asked = (width, height) == (tw, th);
    let whole = (width, height) == (header.width, header.height);
    if !asked && !whole {
        return Ok(None);
    }
    let canvas = OffscreenCanvas::new(width, height)?;
    let settings = Object::new();
    Reflect::set(&settings, &"willReadFrequently".into(), &true.into())?;
    let Some(context) = canvas.get_context_with_context_options("2d", &settings)? else {
        return Ok(None);
    };
    let context: OffscreenCanvasRenderingContext2d = context.dyn_into()?;
    context.draw_image_with_image_bitmap(&bitmap.0, 0.0, 0.0)?;
    let data = context.get_image_data(0.0, 0.0, f64::from(width), f64::from(height))?;
    Ok(Some(Pixels {
        rgba: data.data().0,
        width,
        height,
    }))
}

/// A 2x1 WebP (red, blue) carrying EXIF orientation 6: an engine that keeps it 2x1 under
/// imageOrientation 'none' hands over stored pixels for a WebP. Chromium 156, WebKitGTK 2.50
/// and Firefox 153 all do (Chromium and Firefox turn a PNG by its eXIf chunk even then:
/// tests/engines/image-decode.mjs); an engine that turns it goes to the wasm's decoder.
pub const TURNED_BY_SIX: [u8; 90] = [
    0x52, 0x49, 0x46, 0x46, 0x52, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x58,
    0x0a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x56, 0x50,
    0x38, 0x4c, 0x11, 0x00, 0x00, 0x00, 0x2f, 0x01, 0x00, 0x00, 0x00, 0x0f, 0x10, 0xf3, 0xbf, 0xff,
    0xf3, 0x1f, 0x0e, 0x32, 0xa2, 0xff, 0x01, 0x00, 0x45, 0x58, 0x49, 0x46, 0x1a, 0x00, 0x00, 0x00,
    0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
];

/// Whether this engine hands over a WebP's stored pixels under imageOrientation 'none' (asked
/// each time: a 2x1 decode, and an answer true of the engine running now).
async fn keeps_stored_orientation(scope: &Scope) -> bool {
    let probe = async {
        let blob = blob_of(&Uint8Array::from(&TURNED_BY_SIX[..]), "image/webp")?;
        let options = ImageBitmapOptions::new();
        Reflect::set(&options, &"imageOrientation".into(), &"none".into())?;
        let bitmap = scope.bitmap(&blob, &options).await?;
        Ok::<_, JsValue>((bitmap.0.width(), bitmap.0.height()) == (2, 1))
    };
    probe.await.unwrap_or(false)
}
