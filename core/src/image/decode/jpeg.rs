//! JPEG through jpeg-decoder rather than the image crate: jpeg-decoder can decode straight at
//! 1/2, 1/4 or 1/8 scale from the DCT, which image's JPEG decoder (zune-jpeg) cannot. For a
//! phone photo that is most of the routine's time (measured with `make bench-image`, see
//! docs/decisions.md, "The image routine's speed").

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{self, Rgb};
use jpeg_decoder::{Decoder, PixelFormat};

type Out = (Rgb, Orientation, (u32, u32));

pub(super) fn decode(bytes: &[u8], long_side_hint: Option<u32>) -> Result<Out, ImageError> {
    let mut decoder = Decoder::new(bytes);
    decoder.set_max_decoding_buffer_size(MAX_DECODE_BYTES);
    decoder.read_info().map_err(ImageError::malformed)?;
    let info = decoder
        .info()
        .ok_or_else(|| ImageError::malformed("no frame header"))?;
    let (w, h) = (u32::from(info.width), u32::from(info.height));
    limits::check(w.into(), h.into())?;
    let orientation = decoder
        .exif_data()
        .map_or(Orientation::NORMAL, exif::orientation);
    if let Some(side) = long_side_hint {
        let scale = f64::from(side) / f64::from(w.max(h));
        if scale < 1.0 {
            let want = |v: u32| (f64::from(v) * scale).ceil().clamp(1.0, 65_535.0) as u16;
            decoder
                .scale(want(w), want(h))
                .map_err(ImageError::malformed)?;
        }
    }
    let data = decoder.decode().map_err(ImageError::malformed)?;
    let info = decoder
        .info()
        .ok_or_else(|| ImageError::malformed("no frame header"))?;
    let (ow, oh) = (u32::from(info.width), u32::from(info.height));
    let image = match info.pixel_format {
        PixelFormat::RGB24 => pixels::from_raw(ow, oh, data)?,
        PixelFormat::L8 => pixels::from_gray(ow, oh, &data)?,
        PixelFormat::CMYK32 => pixels::from_cmyk(ow, oh, &data)?,
        // 16-bit grey (lossless JPEG): keep the high byte of each big-endian sample.
        PixelFormat::L16 => {
            let high: Vec<u8> = data.chunks_exact(2).map(|p| p[0]).collect();
            pixels::from_gray(ow, oh, &high)?
        }
    };
    Ok((image, orientation, (w, h)))
}
