//! PNG, WebP and GIF through the image crate: its decoders under [`limits::decoder_limits`],
//! its pixel types, its reading of the WebP EXIF orientation. PNG comes out as the default
//! image of an APNG, 16-bit cut to 8; WebP as the first frame of an animation; GIF as the
//! first frame on its logical screen (transparent where that frame does not paint).

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{self, Rgb};
use super::super::sniff::Format;
use image::error::LimitErrorKind;
use image::{DynamicImage, ImageDecoder, ImageReader, Limits};
use std::io::Cursor;

type Out = (Rgb, Orientation, (u32, u32));

pub(super) fn decode(bytes: &[u8], format: Format) -> Result<Out, ImageError> {
    // Reading the header may only take the memory budget; the sides and pixel count are then
    // checked by `limits::check` (which names them) before the full limits go on.
    let mut header_limits = Limits::no_limits();
    header_limits.max_alloc = Some(MAX_DECODE_BYTES as u64);
    let kind = format.image_format().ok_or(ImageError::NotAnImage)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind);
    reader.limits(header_limits);
    let mut decoder = reader.into_decoder().map_err(|e| error(e, (0, 0)))?;
    let (w, h) = decoder.dimensions();
    limits::check(w.into(), h.into())?;
    decoder
        .set_limits(limits::decoder_limits())
        .map_err(|e| error(e, (w, h)))?;
    let orientation = match format {
        // image 0.25.6 does not surface a PNG's eXIf chunk; it is read here.
        Format::Png => png_exif(bytes).map_or(Orientation::NORMAL, exif::orientation),
        _ => decoder.orientation().map_or(Orientation::NORMAL, |o| {
            Orientation::from_tag(o.to_exif().into())
        }),
    };
    let picture = DynamicImage::from_decoder(decoder).map_err(|e| error(e, (w, h)))?;
    Ok((pixels::to_rgb(picture)?, orientation, (w, h)))
}

/// The image crate's error as the routine's.
fn error(e: image::ImageError, (width, height): (u32, u32)) -> ImageError {
    match e {
        image::ImageError::Limits(limit) => match limit.kind() {
            LimitErrorKind::InsufficientMemory => ImageError::OutOfMemory,
            LimitErrorKind::DimensionError => ImageError::TooLarge {
                width: width.into(),
                height: height.into(),
            },
            _ => ImageError::Unsupported(limit.to_string()),
        },
        image::ImageError::Unsupported(why) => ImageError::Unsupported(why.to_string()),
        other => ImageError::malformed(other),
    }
}

/// The eXIf chunk's data, if one comes before the image data.
pub(super) fn png_exif(bytes: &[u8]) -> Option<&[u8]> {
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
