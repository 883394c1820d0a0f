//! WebP and GIF through the image crate: its decoders under [`limits::decoder_limits`], its
//! pixel types, its reading of the WebP EXIF orientation. WebP comes out as the first frame
//! of an animation; GIF as the first frame on its logical screen (transparent where that
//! frame does not paint).

use super::super::colour;
use super::super::error::ImageError;
use super::super::exif::Orientation;
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{self, Rgb};
use super::super::sniff::Format;
use image::error::LimitErrorKind;
use image::{DynamicImage, ImageDecoder, ImageReader, Limits};
use std::io::Cursor;

type Out = (Rgb, Orientation, (u32, u32));

/// The decoder past the header, its sides and pixel count checked, its full limits on.
fn open(bytes: &[u8], format: Format) -> Result<(impl ImageDecoder + '_, u32, u32), ImageError> {
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
    Ok((decoder, w, h))
}

fn orientation(decoder: &mut impl ImageDecoder) -> Orientation {
    decoder.orientation().map_or(Orientation::NORMAL, |o| {
        Orientation::from_tag(o.to_exif().into())
    })
}

pub(super) fn decode(bytes: &[u8], format: Format) -> Result<Out, ImageError> {
    let (mut decoder, w, h) = open(bytes, format)?;
    let orientation = orientation(&mut decoder);
    let picture = DynamicImage::from_decoder(decoder).map_err(|e| error(e, (w, h)))?;
    Ok((pixels::to_rgb(picture)?, orientation, (w, h)))
}

/// What the header says, for the browser to decode the pixels (`super::header`): the checks
/// of [`decode`] before a pixel is decoded, the stored size, the EXIF orientation, and whether
/// an ICC profile other than sRGB's is attached (the routine does not apply profiles).
pub(super) fn header(
    bytes: &[u8],
    format: Format,
) -> Result<(u32, u32, Orientation, bool), ImageError> {
    let (mut decoder, w, h) = open(bytes, format)?;
    let orientation = orientation(&mut decoder);
    let icc = decoder.icc_profile().map_err(|e| error(e, (w, h)))?;
    let foreign = icc.is_some_and(|icc| !colour::is_srgb_profile(&icc));
    Ok((w, h, orientation, foreign))
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
