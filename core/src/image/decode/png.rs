//! PNG row by row: each row is inflated (fdeflate, as a stream) and unfiltered when it is
//! needed, laid on white and handed to the resize's
//! [`RowShrinker`](super::super::resize::RowShrinker), which averages it into its boxes at
//! once. The picture is never held at full size, which keeps the wasm's memory small and the
//! routine fast (figures: commit 89b4b6e; docs/decisions.md, "The image routine's speed").
//! A plain PNG's rows (8-bit, not interlaced, no key) come from `png_stream.rs`, which
//! unfilters faster in the wasm; the rest from png's reader (image-rs), an interlaced one put
//! together whole first (its rows come in seven passes over the picture). The default image of
//! an APNG, 16-bit cut to 8, palettes and transparency expanded, alpha laid on white.

use super::super::error::{buffer, ImageError};
use super::super::exif::{self, Orientation};
use super::super::limits::{self, MAX_DECODE_BYTES};
use super::super::pixels::{self, Rgb};
use super::super::resize::{self, RowShrinker};
use super::png_stream;
use png::{BitDepth, ColorType, Decoder, Limits, Transformations};
use std::io::Cursor;

type Out = (Rgb, Orientation, (u32, u32));

/// Decodes the PNG, shrunk to fit `max_side` ([`resize::fit`]) when given, else at full size.
pub(super) fn decode(bytes: &[u8], max_side: Option<u32>) -> Result<Out, ImageError> {
    let mut decoder = Decoder::new_with_limits(
        Cursor::new(bytes),
        Limits {
            bytes: MAX_DECODE_BYTES,
        },
    );
    decoder.set_transformations(Transformations::EXPAND | Transformations::STRIP_16);
    // Chunk CRCs and the image data's Adler-32 are not checked here (checking them costs
    // time; figures: commit 05a295c): a damaged chunk still fails in inflate or in the row
    // count, and the upload's metadata stripping, which passes chunks on, does check the CRCs.
    // Text and ICC chunks are skipped (the routine uses neither).
    decoder.ignore_checksums(true);
    decoder.set_ignore_text_chunk(true);
    decoder.set_ignore_iccp_chunk(true);
    check_chunks(bytes)?;
    let header = decoder.read_header_info().map_err(ImageError::malformed)?;
    let (w, h) = (header.width, header.height);
    // The sides and pixel count, from IHDR, before any other chunk is read (the walk above
    // only reads chunk lengths).
    limits::check(w.into(), h.into())?;
    let mut reader = decoder.read_info().map_err(ImageError::malformed)?;
    let info = reader.info();
    // An fcTL before IDAT makes the first frame the default image, and the APNG spec requires
    // it to be the whole picture: any other claim is refused before a pixel is decoded.
    if let Some(frame) = &info.frame_control {
        if (frame.width, frame.height, frame.x_offset, frame.y_offset) != (w, h, 0, 0) {
            return Err(ImageError::malformed(
                "first frame is not the whole picture",
            ));
        }
    }
    let interlaced = info.interlaced;
    let (colour, depth) = reader.output_color_type();
    let samples = colour.samples() as u64;
    // The memory rule (limits.rs) as a whole-picture decode needs it: the inflated image data
    // plus the 8-bit pixels. Read row by row the decoder holds far less, but the same files are
    // too large on every path: an RGBA picture over about 42 MP, a 16-bit RGB one over about
    // 37 MP, a 16-bit RGBA one over about 28 MP.
    let peak = inflated_len(bytes, w.into(), h.into()).saturating_add(
        u64::from(w)
            .saturating_mul(h.into())
            .saturating_mul(samples),
    );
    if peak > MAX_DECODE_BYTES as u64 {
        return Err(ImageError::TooLarge {
            width: w.into(),
            height: h.into(),
        });
    }
    // EXPAND and STRIP_16 leave 8-bit grey, grey and alpha, RGB or RGBA, never a palette.
    if depth != BitDepth::Eight || colour == ColorType::Indexed {
        return Err(ImageError::Unsupported(format!(
            "PNG output {colour:?} at {depth:?}"
        )));
    }
    let orientation = png_exif(bytes).map_or(Orientation::NORMAL, exif::orientation);
    let target = max_side.map_or((w, h), |side| resize::fit(w, h, side));
    let mut shrinker = RowShrinker::new((w, h), target)?;
    let mut rgb = buffer(w as usize * 3)?;
    let mut push = |row: &[u8]| match colour {
        ColorType::Rgb => shrinker.push(row),
        ColorType::Rgba => {
            pixels::rgba_on_white(row, &mut rgb);
            shrinker.push(&rgb);
        }
        ColorType::Grayscale => {
            pixels::grey_to_rgb(row, &mut rgb);
            shrinker.push(&rgb);
        }
        ColorType::GrayscaleAlpha => {
            pixels::grey_alpha_on_white(row, &mut rgb);
            shrinker.push(&rgb);
        }
        ColorType::Indexed => {}
    };
    let plain = !interlaced
        && reader.info().bit_depth == BitDepth::Eight
        && match reader.info().color_type {
            ColorType::Grayscale | ColorType::Rgb => reader.info().trns.is_none(),
            ColorType::GrayscaleAlpha | ColorType::Rgba => true,
            ColorType::Indexed => false,
        };
    if plain {
        // 8-bit, not interlaced, no key: the rows as they are, unfiltered by png_stream.rs.
        png_stream::rows(bytes, (w, h), colour.samples(), push)?;
    } else if interlaced {
        // Adam7's passes each cover the whole picture: they are put together first.
        let mut whole = buffer(
            reader
                .output_buffer_size()
                .ok_or_else(|| ImageError::malformed("image too large to address"))?,
        )?;
        let frame = reader
            .next_frame(&mut whole)
            .map_err(ImageError::malformed)?;
        for row in whole.chunks_exact(frame.line_size).take(h as usize) {
            push(row);
        }
    } else {
        for _ in 0..h {
            match reader.next_row().map_err(ImageError::malformed)? {
                Some(row) => push(row.data()),
                None => break,
            }
        }
    }
    Ok((shrinker.finish()?, orientation, (w, h)))
}

/// The bytes the image data inflates to without interlacing: each row a filter byte and its
/// samples at the file's bit depth (IHDR, the first chunk, which `read_header_info` has read).
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

/// Every chunk whole, up to IEND (or up to the fcTL after the image data, where an APNG's
/// next frame starts): the png crate reads the image data as a stream and would decode a file
/// whose last IDAT claims more bytes than the file holds, or that ends without IEND: both are
/// refused as broken.
fn check_chunks(bytes: &[u8]) -> Result<(), ImageError> {
    let mut at = 8usize;
    let mut image_data = false;
    loop {
        let head = bytes
            .get(at..at.saturating_add(8))
            .ok_or_else(|| ImageError::malformed("the file ends before IEND"))?;
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let end = at
            .checked_add(12)
            .and_then(|end| end.checked_add(len))
            .filter(|&end| end <= bytes.len())
            .ok_or_else(|| ImageError::malformed("a chunk runs past the end of the file"))?;
        match &head[4..8] {
            b"IEND" => return Ok(()),
            b"fcTL" if image_data => return Ok(()),
            b"IDAT" => image_data = true,
            _ => {}
        }
        at = end;
    }
}

/// The eXIf chunk's data, if one comes before the image data.
pub fn png_exif(bytes: &[u8]) -> Option<&[u8]> {
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
