//! Decoding a visitor's file to RGB once (the image crate's `RgbImage`), with the limits checked against the header before
//! any pixel memory is taken. Every failure is an [`ImageError`]; nothing panics on input.

mod codec;
mod jpeg;
mod png;
mod png_stream;

/// For the media tests' old-decoder comparison (tests/media/png_rows.rs), which reads the turn
/// the same way; not part of the engine's interface.
#[doc(hidden)]
pub use png::png_exif;

use super::error::ImageError;
use super::exif::Orientation;
use super::pixels::Rgb;
use super::sniff::Format;

/// A decoded picture and how it should be turned to be shown upright.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub format: Format,
    pub image: Rgb,
    pub orientation: Orientation,
    /// The stored (not yet turned) size of the file's picture, before any decode-time scaling.
    pub full_width: u32,
    pub full_height: u32,
}

/// Decodes `bytes` (JPEG, PNG, WebP, or a GIF's first frame). `long_side_hint`, when given,
/// is the long side the picture is to be shrunk to ([`resize::fit`](super::resize::fit)): a
/// JPEG is then decoded straight at a reduced scale (1/2, 1/4, 1/8 via the DCT) as long as its
/// long side stays at least that long, and a PNG comes out already shrunk to it (row by row as
/// it decodes, the resize's own box averaging and Lanczos3); without it, the full picture.
///
/// # Errors
/// [`ImageError::NotAnImage`] for other bytes, [`ImageError::TooLarge`] when the header
/// claims too many pixels, [`ImageError::Malformed`] for broken or truncated files.
pub fn decode(bytes: &[u8], long_side_hint: Option<u32>) -> Result<Decoded, ImageError> {
    let format = Format::sniff(bytes).ok_or(ImageError::NotAnImage)?;
    let (image, orientation, (full_width, full_height)) = match format {
        Format::Jpeg => jpeg::decode(bytes, long_side_hint)?,
        Format::Png => png::decode(bytes, long_side_hint)?,
        Format::WebP | Format::Gif => codec::decode(bytes, format)?,
        Format::Heif => return Err(ImageError::NotAnImage),
    };
    Ok(Decoded {
        format,
        image,
        orientation,
        full_width,
        full_height,
    })
}

/// A file's header, read for the browser to decode its pixels (the image worker's
/// `createImageBitmap` path): every limit is checked here, before the browser decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub format: Format,
    /// The stored size (before the EXIF turn).
    pub width: u32,
    pub height: u32,
    pub orientation: Orientation,
    /// The file carries a colour profile other than sRGB's: the browser must then hand over
    /// the stored values, as the routine's own decoders do.
    pub foreign_colours: bool,
}

/// Whether the browser decodes the pixels of the file that starts with `first_bytes` (at
/// least [`SIGNATURE_LEN`](super::sniff::SIGNATURE_LEN) of them, or the whole file), so that [`header`] has a header to
/// read: WebP (image-webp is scalar in the wasm, far slower than the browser; figures: commit
/// 39012f1). Not the rest: JPEG is decoded here straight at a reduced DCT scale, PNG in the
/// wasm is faster than the browser's decoder in Chromium, WebKitGTK and Firefox
/// (tests/engines/image-decode.mjs), GIF is not measured.
///
/// # Errors
/// [`ImageError::NotAnImage`] when the bytes start like no format the routine reads.
pub fn browser_decodes(first_bytes: &[u8]) -> Result<bool, ImageError> {
    match Format::sniff(first_bytes).ok_or(ImageError::NotAnImage)? {
        Format::WebP => Ok(true),
        Format::Jpeg | Format::Png | Format::Gif => Ok(false),
        Format::Heif => Err(ImageError::NotAnImage),
    }
}

/// The header of a file whose pixels the browser decodes ([`browser_decodes`]), every limit
/// checked; `None` for the rest, which [`decode`] decodes.
///
/// # Errors
/// As [`decode`] before any pixel: not an image, too large, a broken header.
pub fn header(bytes: &[u8]) -> Result<Option<Header>, ImageError> {
    if !browser_decodes(bytes)? {
        return Ok(None);
    }
    let format = Format::WebP;
    let (width, height, orientation, foreign_colours) = codec::header(bytes, format)?;
    Ok(Some(Header {
        format,
        width,
        height,
        orientation,
        foreign_colours,
    }))
}
