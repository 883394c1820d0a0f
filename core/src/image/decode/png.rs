//! PNG through zune-png rather than the image crate's decoder (png 0.18): in the browser,
//! png's unfiltering is scalar and branchy off x86 (88 ms of the bench's 14.7 MP PNG, of
//! 200 in all), zune-png's is branch-free; measured with tests/bench/image-profile.mjs.

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use super::super::limits::{self, MAX_DECODE_BYTES, MAX_SIDE};
use super::super::pixels::{self, Rgb};
use image::{DynamicImage, GrayAlphaImage, RgbaImage};
use zune_core::bytestream::ZCursor;
use zune_core::colorspace::ColorSpace;
use zune_core::options::DecoderOptions;
use zune_png::PngDecoder;

type Out = (Rgb, Orientation, (u32, u32));

pub(super) fn decode(bytes: &[u8]) -> Result<Out, ImageError> {
    let options = DecoderOptions::default()
        .set_max_width(MAX_SIDE as usize)
        .set_max_height(MAX_SIDE as usize)
        .inflate_set_limit(MAX_DECODE_BYTES)
        .png_set_strip_to_8bit(true)
        .png_set_decode_animated(false)
        .png_set_confirm_crc(true);
    let mut decoder = PngDecoder::new_with_options(ZCursor::new(bytes), options);
    decoder.decode_headers().map_err(ImageError::malformed)?;
    let (w, h) = decoder
        .dimensions()
        .ok_or_else(|| ImageError::malformed("no header"))?;
    let (w, h) = (
        u32::try_from(w).map_err(|_| ImageError::TooLarge {
            width: w as u64,
            height: h as u64,
        })?,
        u32::try_from(h).map_err(|_| ImageError::TooLarge {
            width: w as u64,
            height: h as u64,
        })?,
    );
    limits::check(w.into(), h.into())?;
    let colorspace = decoder
        .colorspace()
        .ok_or_else(|| ImageError::malformed("no header"))?;
    let orientation = super::codec::png_exif(bytes).map_or(Orientation::NORMAL, exif::orientation);
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

fn short() -> ImageError {
    ImageError::malformed("fewer pixels than the header says")
}
