//! The email backup's image routine (spec section 5, "Email backup file rules") and the
//! upload's metadata stripping, behind the `image` cargo feature so the engine's wasm never
//! carries them. Bytes in, bytes out: decode once with the image crate (format detection,
//! `image::Limits`, its WebP and GIF decoders, `RgbImage`), a JPEG straight at reduced DCT
//! scale; turn upright by EXIF, lay transparency on white, shrink to at most 800 px with a
//! SIMD Lanczos3 resize, then walk the JPEG quality ladder with the DCT done once.
//!
//! Three specialised paths stay because they measurably win (`make bench-image`): the JPEG
//! decode at DCT scale (`decode/jpeg.rs`), the PNG decoded row by row straight into the
//! resize (`decode/png.rs`), and the ladder encoder that transforms once and only quantises
//! per rung (`jpeg/`); each says why at its top.

#[cfg(feature = "media-wasm")]
pub mod browser;
pub mod colour;
pub mod decode;
pub mod error;
pub mod exif;
pub mod jpeg;
pub mod limits;
pub mod orient;
pub mod pixels;
pub mod resize;
pub mod sniff;
pub mod strip;
#[cfg(feature = "media-wasm")]
pub mod wasm;

use crate::constants::EMAIL_ATTACHMENT_MAX_BYTES;
pub use decode::Header;
pub use error::ImageError;
pub use sniff::Format;

/// The ladder and the size box: spec section 9's numbers are the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShrinkOptions {
    /// Longest side of the result, in pixels (800).
    pub max_side: u32,
    /// The result fits when it is at most this many bytes (40,960).
    pub target_bytes: u64,
    /// First quality tried, in tenths (8 = 0.8).
    pub start_tenths: u8,
    /// Last quality tried, in tenths (1 = 0.1).
    pub min_tenths: u8,
}

impl Default for ShrinkOptions {
    fn default() -> Self {
        ShrinkOptions {
            max_side: 800,
            target_bytes: EMAIL_ATTACHMENT_MAX_BYTES,
            start_tenths: 8,
            min_tenths: 1,
        }
    }
}

/// One rung of the ladder that was encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempt {
    pub tenths: u8,
    pub bytes: u64,
}

/// The shrunk JPEG and how it was reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Shrunk {
    pub bytes: Vec<u8>,
    /// The quality chosen, in tenths: the first rung whose output fits, else the last rung.
    pub tenths: u8,
    /// Whether `bytes` is within `target_bytes`.
    pub fits: bool,
    pub width: u32,
    pub height: u32,
    /// Every rung encoded, in order.
    pub tried: Vec<Attempt>,
    pub format: Format,
    /// The picture's size as shown (after the EXIF turn), before shrinking.
    pub source_width: u32,
    pub source_height: u32,
}

/// Shrinks an image file for the email backup.
///
/// # Errors
/// Any [`ImageError`]: not an image, over the limits, broken or truncated, out of memory.
/// Also [`ImageError::Unsupported`] for options outside the ladder (start below min, 0, >10).
pub fn shrink_image(bytes: &[u8], options: &ShrinkOptions) -> Result<Shrunk, ImageError> {
    check_options(options)?;
    let decoded = decode::decode(bytes, Some(options.max_side))?;
    let full = (decoded.full_width, decoded.full_height);
    finish(
        decoded.image,
        full,
        decoded.orientation,
        decoded.format,
        options,
    )
}

/// Shrinks pixels the browser decoded from a file whose [`decode::header`] is `header`:
/// `rgba` is `width` x `height` RGBA (straight alpha), the stored picture (not turned by its
/// EXIF orientation) either at its full size or already at the size the 800 px rule gives it.
/// From there the routine is [`shrink_image`]'s: alpha on white, the size, the turn, the ladder.
///
/// # Errors
/// [`ImageError::Malformed`] when the pixels are not the header's picture at one of those two
/// sizes or are fewer than the size says; the limits and options as [`shrink_image`].
pub fn shrink_pixels(
    rgba: &[u8],
    (width, height): (u32, u32),
    header: &Header,
    options: &ShrinkOptions,
) -> Result<Shrunk, ImageError> {
    check_options(options)?;
    let full = (header.width, header.height);
    limits::check(full.0.into(), full.1.into())?;
    if (width, height) != full && (width, height) != resize::fit(full.0, full.1, options.max_side) {
        return Err(ImageError::malformed(
            "pixels of another size than the header's",
        ));
    }
    let rgb = pixels::from_rgba(width, height, rgba)?;
    finish(rgb, full, header.orientation, header.format, options)
}

fn check_options(options: &ShrinkOptions) -> Result<(), ImageError> {
    let ShrinkOptions {
        max_side,
        start_tenths,
        min_tenths,
        ..
    } = *options;
    if max_side == 0 || min_tenths == 0 || start_tenths > 10 || min_tenths > start_tenths {
        return Err(ImageError::Unsupported(
            "shrink options outside the ladder".into(),
        ));
    }
    Ok(())
}

/// The routine after the decode: `picture` (stored orientation, at its full size `full` or
/// already reduced) to at most `max_side`, turned upright, then the ladder.
fn finish(
    picture: pixels::Rgb,
    (fw, fh): (u32, u32),
    orientation: exif::Orientation,
    format: Format,
    options: &ShrinkOptions,
) -> Result<Shrunk, ImageError> {
    let (w, h) = resize::fit(fw, fh, options.max_side);
    let small = resize::resize(picture, w, h)?;
    let upright = orient::apply(small, orientation);
    let prepared = jpeg::prepare(&upright)?;
    let (bytes, tenths, tried) = ladder(&prepared, options);
    let (source_width, source_height) = if orientation.swaps_sides() {
        (fh, fw)
    } else {
        (fw, fh)
    };
    Ok(Shrunk {
        fits: bytes.len() as u64 <= options.target_bytes,
        bytes,
        tenths,
        width: upright.width(),
        height: upright.height(),
        tried,
        format,
        source_width,
        source_height,
    })
}

/// The spec's ladder, exactly: encode at `start`, `start - 0.1`, ... and keep the first
/// result within the target; if none fits, the last rung's result.
fn ladder(prepared: &jpeg::Prepared, options: &ShrinkOptions) -> (Vec<u8>, u8, Vec<Attempt>) {
    let mut tried = Vec::new();
    let mut tenths = options.start_tenths;
    loop {
        let bytes = jpeg::encode(prepared, tenths * 10);
        tried.push(Attempt {
            tenths,
            bytes: bytes.len() as u64,
        });
        if bytes.len() as u64 <= options.target_bytes || tenths <= options.min_tenths {
            return (bytes, tenths, tried);
        }
        tenths -= 1;
    }
}
