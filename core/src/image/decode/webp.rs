//! WebP (lossy, lossless, the first frame of an animation) through image-webp.

use super::super::error::{buffer, ImageError};
use super::super::exif::{self, Orientation};
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{Layout, Rgb};
use image_webp::WebPDecoder;
use std::io::Cursor;

type Out = (Rgb, Orientation, (u32, u32));

pub(super) fn decode(bytes: &[u8]) -> Result<Out, ImageError> {
    let mut decoder = WebPDecoder::new(Cursor::new(bytes)).map_err(ImageError::malformed)?;
    decoder.set_memory_limit(MAX_DECODE_BYTES);
    let (w, h) = decoder.dimensions();
    limits::check(w.into(), h.into())?;
    let orientation = decoder
        .exif_metadata()
        .ok()
        .flatten()
        .map_or(Orientation::NORMAL, |e| exif::orientation(&e));
    let layout = if decoder.has_alpha() {
        Layout::Rgba
    } else {
        Layout::Rgb
    };
    let size = decoder.output_buffer_size().ok_or(ImageError::TooLarge {
        width: w.into(),
        height: h.into(),
    })?;
    let mut data = buffer(size)?;
    decoder
        .read_image(&mut data)
        .map_err(ImageError::malformed)?;
    Ok((Rgb::from_layout(w, h, layout, &data)?, orientation, (w, h)))
}
