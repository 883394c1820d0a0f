//! A GIF's first frame through the gif crate, laid on a white logical screen.

use super::super::error::{buffer, ImageError};
use super::super::exif::Orientation;
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{Layout, Rgb};
use gif::{ColorOutput, DecodeOptions, MemoryLimit};
use std::num::NonZeroU64;

type Out = (Rgb, Orientation, (u32, u32));

pub(super) fn decode(bytes: &[u8]) -> Result<Out, ImageError> {
    let mut options = DecodeOptions::new();
    options.set_color_output(ColorOutput::RGBA);
    if let Some(limit) = NonZeroU64::new(MAX_DECODE_BYTES as u64) {
        options.set_memory_limit(MemoryLimit::Bytes(limit));
    }
    let mut decoder = options.read_info(bytes).map_err(ImageError::malformed)?;
    let (sw, sh) = (u32::from(decoder.width()), u32::from(decoder.height()));
    limits::check(sw.into(), sh.into())?;
    let frame = decoder
        .read_next_frame()
        .map_err(ImageError::malformed)?
        .ok_or_else(|| ImageError::malformed("no frame"))?;
    // Transparent everywhere the first frame does not paint: white after compositing.
    let mut screen = buffer(sw as usize * sh as usize * 4)?;
    let (left, top) = (usize::from(frame.left), usize::from(frame.top));
    let fw = usize::from(frame.width);
    for (y, row) in frame.buffer.chunks_exact(fw.max(1) * 4).enumerate() {
        let sy = top + y;
        if sy >= sh as usize || left >= sw as usize {
            break;
        }
        let n = fw.min(sw as usize - left);
        let at = (sy * sw as usize + left) * 4;
        screen[at..at + n * 4].copy_from_slice(&row[..n * 4]);
    }
    Ok((
        Rgb::from_layout(sw, sh, Layout::Rgba, &screen)?,
        Orientation::NORMAL,
        (sw, sh),
    ))
}
