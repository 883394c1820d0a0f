//! PNG through the png crate: palette, 16-bit and grey expanded to 8-bit; the default image
//! of an animated PNG.

use super::super::error::{buffer, ImageError};
use super::super::exif::{self, Orientation};
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{Layout, Rgb};
use png::{ColorType, Decoder, Limits, Transformations};

type Out = (Rgb, Orientation, (u32, u32));

pub(super) fn decode(bytes: &[u8]) -> Result<Out, ImageError> {
    let mut decoder = Decoder::new_with_limits(
        bytes,
        Limits {
            bytes: MAX_DECODE_BYTES,
        },
    );
    decoder.set_transformations(Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(ImageError::malformed)?;
    let (w, h) = {
        let info = reader.info();
        (info.width, info.height)
    };
    limits::check(w.into(), h.into())?;
    let orientation = exif_chunk(bytes).map_or(Orientation::NORMAL, exif::orientation);
    let (color, _) = reader.output_color_type();
    let mut data = buffer(reader.output_buffer_size())?;
    let frame = reader
        .next_frame(&mut data)
        .map_err(ImageError::malformed)?;
    let layout = match color {
        ColorType::Grayscale => Layout::Gray,
        ColorType::GrayscaleAlpha => Layout::GrayAlpha,
        ColorType::Rgb => Layout::Rgb,
        ColorType::Rgba => Layout::Rgba,
        ColorType::Indexed => return Err(ImageError::Unsupported("unexpanded palette".into())),
    };
    let packed = pack_rows(
        &data,
        frame.line_size,
        w as usize * channels(layout),
        h as usize,
    );
    Ok((
        Rgb::from_layout(w, h, layout, &packed)?,
        orientation,
        (w, h),
    ))
}

fn channels(layout: Layout) -> usize {
    match layout {
        Layout::Gray => 1,
        Layout::GrayAlpha => 2,
        Layout::Rgb => 3,
        Layout::Rgba | Layout::Cmyk => 4,
    }
}

/// The rows without any padding the decoder may leave at their ends.
fn pack_rows(data: &[u8], line: usize, row: usize, rows: usize) -> std::borrow::Cow<'_, [u8]> {
    if line == row || line == 0 {
        return data.into();
    }
    data.chunks(line)
        .take(rows)
        .flat_map(|r| r.get(..row).unwrap_or(r))
        .copied()
        .collect::<Vec<u8>>()
        .into()
}

/// The eXIf chunk's data, if one comes before the image data (the png crate does not read it).
fn exif_chunk(bytes: &[u8]) -> Option<&[u8]> {
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
