//! PNG through zune-png rather than the image crate's decoder (png 0.17/0.18): in the
//! browser png's unfiltering is scalar and branchy (its SIMD is x86-only), 88 ms of the
//! bench's 14.7 MP PNG against zune-png's 70, and zune's inflate took 34 ms against 43; the
//! whole file 146 ms against 200 (tests/bench/image-profile.mjs). The default image of an
//! APNG, 16-bit cut to 8, palettes and transparency expanded, alpha laid on white.

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{self, Rgb};
use image::{DynamicImage, GrayAlphaImage, RgbaImage};
use zune_core::bytestream::ZCursor;
use zune_core::colorspace::ColorSpace;
use zune_core::options::DecoderOptions;
use zune_png::PngDecoder;

type Out = (Rgb, Orientation, (u32, u32));

pub(super) fn decode(bytes: &[u8]) -> Result<Out, ImageError> {
    let options = DecoderOptions::default()
        .set_max_width(usize::MAX)
        .set_max_height(usize::MAX)
        .png_set_strip_to_8bit(true)
        .png_set_decode_animated(false)
        // Chunk CRCs are not checked here (3 ms of the 14.7 MP PNG): a damaged chunk still
        // fails in inflate or in the pixel count, and the upload's metadata stripping, which
        // passes chunks on, does check them.
        .png_set_confirm_crc(false);
    let mut decoder = PngDecoder::new_with_options(ZCursor::new(bytes), options);
    decoder.decode_headers().map_err(ImageError::malformed)?;
    let (w, h) = decoder
        .dimensions()
        .ok_or_else(|| ImageError::malformed("no header"))?;
    // The sides and pixel count are ours to judge (zune's own cap is set above them), so an
    // oversized file is named too large rather than broken.
    limits::check(w as u64, h as u64)?;
    // What zune-png holds at once: the inflated image data (it sizes that buffer from the
    // header itself) and the 8-bit pixels it unfilters into. Within the pixel limit that can
    // still pass the memory a decoder may hold: an RGBA picture over about 42 MP, a 16-bit RGB
    // one over about 37 MP, a 16-bit RGBA one over about 28 MP. Such a file is too large here.
    let samples_out = decoder
        .colorspace()
        .map_or(4, |colorspace| colorspace.num_components()) as u64;
    let peak = inflated_len(bytes, w as u64, h as u64).saturating_add(
        (w as u64)
            .saturating_mul(h as u64)
            .saturating_mul(samples_out),
    );
    if peak > MAX_DECODE_BYTES as u64 {
        return Err(ImageError::TooLarge {
            width: w as u64,
            height: h as u64,
        });
    }
    // An fcTL before IDAT makes the first frame the default image, and the APNG spec requires
    // it to be the whole picture. zune-png sizes its buffer from the fcTL without checking it
    // (an overflowing sum panics, a large claim allocates gigabytes), so any other claim is
    // refused here, before a pixel is decoded.
    if let Some(frame) = decoder.frame_info() {
        if (frame.width, frame.height, frame.x_offset, frame.y_offset) != (w, h, 0, 0) {
            return Err(ImageError::malformed(
                "first frame is not the whole picture",
            ));
        }
    }
    let (w, h) = (w as u32, h as u32);
    let colorspace = decoder
        .colorspace()
        .ok_or_else(|| ImageError::malformed("no header"))?;
    let orientation = png_exif(bytes).map_or(Orientation::NORMAL, exif::orientation);
    let data = decoder.decode_raw().map_err(ImageError::malformed)?;
    let image = match colorspace {
        ColorSpace::RGB => pixels::from_raw(w, h, data)?,
        ColorSpace::Luma => pixels::from_gray(w, h, &data)?,
        ColorSpace::RGBA => pixels::to_rgb(DynamicImage::ImageRgba8(
            RgbaImage::from_raw(w, h, data).ok_or_else(short)?,
        ))?,
        ColorSpace::LumaA => pixels::to_rgb(DynamicImage::ImageLumaA8(
            GrayAlphaImage::from_raw(w, h, data).ok_or_else(short)?,
        ))?,
        other => {
            return Err(ImageError::Unsupported(format!(
                "PNG colour type {other:?}"
            )))
        }
    };
    Ok((image, orientation, (w, h)))
}

/// The bytes the image data inflates to without interlacing: each row a filter byte and its
/// samples at the file's bit depth (IHDR, the first chunk, which `decode_headers` has read).
fn inflated_len(bytes: &[u8], w: u64, h: u64) -> u64 {
    let (depth, colour) = (bytes.get(24).copied(), bytes.get(25).copied());
    let samples = match colour {
        Some(2) => 3,
        Some(4) => 2,
        Some(6) => 4,
        _ => 1, // grey, palette
    };
    let bits = u64::from(depth.unwrap_or(8)).max(1);
    h.saturating_mul(1 + (w * samples * bits).div_ceil(8))
}

fn short() -> ImageError {
    ImageError::malformed("fewer pixels than the header says")
}

/// The eXIf chunk's data, if one comes before the image data.
fn png_exif(bytes: &[u8]) -> Option<&[u8]> {
    let mut at = 8usize;
    loop {
        let head = bytes.get(at..at.checked_add(8)?)?;
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let data = bytes.get(at + 8..(at + 8).checked_add(len)?)?;
        match &head[4..8] {
            b"eXIf" => return Some(data),
            b"IDAT" | b"IEND" => return None,
            _ => at = at + 12 + len,
        }
    }
}
