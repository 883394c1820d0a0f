//! The rows of a plain PNG (8-bit grey, grey and alpha, RGB or RGBA; not interlaced; no tRNS
//! key: what a photo or a screenshot is), inflated by fdeflate as a stream and unfiltered here.
//! The png crate's reader does both for every other PNG; for these, its unfiltering is what
//! this module does differently, as png offers no way to swap it: in the wasm, png unfilters a
//! Paeth row byte by byte with branches (its vector code is x86-only, or needs a nightly
//! compiler), while here a pixel's samples go through Paeth together, as one `[i16; 4]` that
//! the compiler turns into a single simd128 vector, which makes the bench's PNG faster to shrink
//! (figures: commits 860fa5a, 89b4b6e; docs/decisions.md, "The image routine's speed").

use super::super::error::{buffer, ImageError};

/// The inflated bytes a row may refer back to (deflate's window).
const WINDOW: usize = 32 * 1024;

/// Calls `row` with each of the `height` rows of a `width` x `height` picture of `channels`
/// 8-bit samples a pixel (1 to 4), unfiltered, from the image data of `bytes`: the IDAT chunks
/// from the first one on. Data after the last row, or after the deflate stream's end, is
/// ignored, as the png crate ignores it.
///
/// # Errors
/// [`ImageError::Malformed`] when the deflate stream is broken, a filter is unknown or there
/// are fewer rows than `height`; [`ImageError::OutOfMemory`] when the buffers cannot be had.
pub(super) fn rows(
    bytes: &[u8],
    (width, height): (u32, u32),
    channels: usize,
    mut row: impl FnMut(&[u8]),
) -> Result<(), ImageError> {
    let line = width as usize * channels;
    let mut chunks = image_data(bytes);
    let mut input: &[u8] = chunks.next().unwrap_or_default();
    let mut inflater = fdeflate::Decompressor::new();
    inflater.ignore_adler32();
    // Inflated bytes: the window behind, then whole rows as they come.
    let mut inflated = buffer(WINDOW + 8 * (line + 1).max(4096))?;
    let (mut filled, mut start) = (0usize, 0usize);
    let (mut previous, mut current) = (buffer(line)?, buffer(line)?);
    for _ in 0..height {
        while filled - start < line + 1 {
            if inflated.len() - filled < line + 1 {
                // Room at the end: keep the window and the row begun, drop what is older.
                let keep = start.min(filled.saturating_sub(WINDOW));
                inflated.copy_within(keep..filled, 0);
                (filled, start) = (filled - keep, start - keep);
            }
            let (used, made) = inflater
                .read(input, &mut inflated, filled, false)
                .map_err(|e| ImageError::malformed(format!("image data: {e:?}")))?;
            input = &input[used..];
            filled += made;
            if made > 0 {
                continue;
            }
            if inflater.is_done() {
                return Err(ImageError::malformed("fewer rows than the header says"));
            }
            if input.is_empty() {
                input = chunks
                    .next()
                    .ok_or_else(|| ImageError::malformed("fewer rows than the header says"))?;
            } else if used == 0 {
                return Err(ImageError::malformed("image data that inflates to nothing"));
            }
        }
        let (filter, raw) = (inflated[start], &inflated[start + 1..start + 1 + line]);
        match channels {
            1 => unfilter::<1>(filter, &previous, raw, &mut current)?,
            2 => unfilter::<2>(filter, &previous, raw, &mut current)?,
            3 => unfilter::<3>(filter, &previous, raw, &mut current)?,
            _ => unfilter::<4>(filter, &previous, raw, &mut current)?,
        }
        row(&current);
        std::mem::swap(&mut previous, &mut current);
        start += line + 1;
    }
    Ok(())
}

/// The data of the IDAT chunks in a row from the first one (the file's chunks were checked
/// whole before: `png::check_chunks`).
fn image_data(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut at = 8usize;
    let mut seen = false;
    std::iter::from_fn(move || loop {
        let head = bytes.get(at..at.checked_add(8)?)?;
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let data = bytes.get(at + 8..(at + 8).checked_add(len)?)?;
        at = at + 12 + len;
        match &head[4..8] {
            b"IDAT" => {
                seen = true;
                return Some(data);
            }
            _ if seen => return None,
            _ => {}
        }
    })
}

/// One row unfiltered: `raw` is its filtered samples, `previous` the row above unfiltered (all
/// zero above the first row), `out` gets the row; `BPP` samples a pixel.
fn unfilter<const BPP: usize>(
    filter: u8,
    previous: &[u8],
    raw: &[u8],
    out: &mut [u8],
) -> Result<(), ImageError> {
    let pixels = out
        .chunks_exact_mut(BPP)
        .zip(raw.chunks_exact(BPP))
        .zip(previous.chunks_exact(BPP));
    match filter {
        0 => out.copy_from_slice(raw),
        1 => {
            let mut left = [0u8; BPP];
            for ((o, r), _) in pixels {
                for i in 0..BPP {
                    left[i] = r[i].wrapping_add(left[i]);
                }
                o.copy_from_slice(&left);
            }
        }
        2 => {
            for ((o, &r), &up) in out.iter_mut().zip(raw).zip(previous) {
                *o = r.wrapping_add(up);
            }
        }
        3 => {
            let mut left = [0u8; BPP];
            for ((o, r), up) in pixels {
                for i in 0..BPP {
                    let mean = (u16::from(left[i]) + u16::from(up[i])) / 2;
                    left[i] = r[i].wrapping_add(mean as u8);
                }
                o.copy_from_slice(&left);
            }
        }
        4 => {
            // Paeth in stb_image's branch-free form, all samples of a pixel at once: a is
            // the pixel to the left, b the one above, c above the left one.
            let (mut a, mut c) = ([0i16; 4], [0i16; 4]);
            for ((o, r), up) in pixels {
                let mut b = [0i16; 4];
                let mut x = [0i16; 4];
                for i in 0..BPP {
                    b[i] = i16::from(up[i]);
                    x[i] = i16::from(r[i]);
                }
                for i in 0..4 {
                    let threshold = c[i] * 3 - (a[i] + b[i]);
                    let (low, high) = (a[i].min(b[i]), a[i].max(b[i]));
                    let guess = if high <= threshold { low } else { c[i] };
                    let guess = if threshold <= low { high } else { guess };
                    x[i] = (x[i] + guess) & 0xFF;
                }
                for i in 0..BPP {
                    o[i] = x[i] as u8;
                }
                (a, c) = (x, b);
            }
        }
        _ => return Err(ImageError::malformed(format!("unknown filter {filter}"))),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PNG spec's Paeth predictor, as written there.
    fn paeth(a: u8, b: u8, c: u8) -> u8 {
        let p = i16::from(a) + i16::from(b) - i16::from(c);
        let (pa, pb, pc) = (
            (p - i16::from(a)).abs(),
            (p - i16::from(b)).abs(),
            (p - i16::from(c)).abs(),
        );
        if pa <= pb && pa <= pc {
            a
        } else if pb <= pc {
            b
        } else {
            c
        }
    }

    /// Every filter at every pixel size against the spec's own definitions, byte by byte.
    #[test]
    fn each_filter_is_the_specs() {
        let mut seed = 7u32;
        let mut noise = |n: usize| -> Vec<u8> {
            (0..n)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) as u8
                })
                .collect()
        };
        for bpp in 1..=4 {
            let line = 37 * bpp;
            let (previous, raw) = (noise(line), noise(line));
            for filter in 0..=4u8 {
                let mut want = vec![0u8; line];
                for i in 0..line {
                    let a = if i >= bpp { want[i - bpp] } else { 0 };
                    let c = if i >= bpp { previous[i - bpp] } else { 0 };
                    let b = previous[i];
                    let predicted = match filter {
                        0 => 0,
                        1 => a,
                        2 => b,
                        3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                        _ => paeth(a, b, c),
                    };
                    want[i] = raw[i].wrapping_add(predicted);
                }
                let mut out = vec![0u8; line];
                match bpp {
                    1 => unfilter::<1>(filter, &previous, &raw, &mut out),
                    2 => unfilter::<2>(filter, &previous, &raw, &mut out),
                    3 => unfilter::<3>(filter, &previous, &raw, &mut out),
                    _ => unfilter::<4>(filter, &previous, &raw, &mut out),
                }
                .unwrap();
                assert_eq!(out, want, "filter {filter}, {bpp} bytes a pixel");
            }
            let mut out = vec![0u8; line];
            assert!(unfilter::<1>(5, &previous, &raw, &mut out).is_err());
        }
    }
}
