//! Shrinking to the email size with fast_image_resize (SIMD: simd128 in the browser).
//! The sizes are decided here: the long side at most `max_side`, never enlarged.

use super::error::{buffer, ImageError};
use super::pixels::{self, Rgb};
use fast_image_resize::images::{TypedImage, TypedImageRef};
use fast_image_resize::pixels::U8x4;
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};

/// The size `width` x `height` shrinks to so its long side is at most `max_side`, keeping the
/// aspect ratio (each side rounded, at least 1); unchanged when it already fits.
pub fn fit(width: u32, height: u32, max_side: u32) -> (u32, u32) {
    let long = width.max(height);
    if long <= max_side || long == 0 {
        return (width, height);
    }
    let side = |v: u32| {
        ((u64::from(v) * u64::from(max_side) + u64::from(long) / 2) / u64::from(long)).max(1) as u32
    };
    (side(width), side(height))
}

/// How much bigger than the result the picture must stay after the box pre-reduction below.
/// At 2 the Lanczos3 that follows still sees every detail the result can hold: on the bench's
/// 5120 x 2880 PNG the output's PSNR against the f64 reference is unchanged to 0.0x dB.
const BOX_MARGIN: u32 = env_margin();

const fn env_margin() -> u32 {
    match option_env!("BOX_MARGIN") {
        Some(s) => s.as_bytes()[0] as u32 - b'0' as u32,
        None => 2,
    }
}

/// The integer factor a `source` side is first averaged down by, `k` x `k` boxes, so that
/// what Lanczos3 then reads is still at least `BOX_MARGIN` times the `target` side.
/// At most 15, so a box's sum of 8-bit samples fits in a u16.
pub fn box_factor(source: (u32, u32), target: (u32, u32)) -> u32 {
    let k = (source.0 / (BOX_MARGIN * target.0).max(1)).min(source.1 / (BOX_MARGIN * target.1).max(1));
    k.clamp(1, 15)
}

/// `image` resampled to `width` x `height` with a Lanczos3 filter (returned as is when the
/// size already matches).
///
/// # Errors
/// [`ImageError::Malformed`] when the buffer does not match its dimensions.
pub fn resize(image: Rgb, width: u32, height: u32) -> Result<Rgb, ImageError> {
    let (source_width, source_height) = image.dimensions();
    if (source_width, source_height) == (width, height) {
        return Ok(image);
    }
    // fast_image_resize is built with only its U8x4 path (its other pixel types bring 0.5 MB
    // of tables into the wasm): RGB goes in as RGBX, opaque, so no alpha maths happens.
    // A picture many times the result's size is first averaged down by whole k x k boxes in
    // the same pass: Lanczos3 over a 14.7 MP picture took 117 ms of the PNG's 210 (native);
    // the box pass reads each sample once and leaves Lanczos3 a picture 9 times smaller.
    let k = box_factor((source_width, source_height), (width, height));
    let (bw, bh) = (source_width.div_ceil(k), source_height.div_ceil(k));
    let rgbx = if k == 1 {
        let mut rgbx = buffer(image.as_raw().len() / 3 * 4)?;
        for (o, p) in rgbx.chunks_exact_mut(4).zip(image.as_raw().chunks_exact(3)) {
            o.copy_from_slice(&[p[0], p[1], p[2], 255]);
        }
        rgbx
    } else {
        box_reduce(&image, k, bw, bh)?
    };
    drop(image);
    let mut out = buffer(width as usize * height as usize * 4)?;
    {
        let src = TypedImageRef::<U8x4>::from_buffer(bw, bh, &rgbx)
            .map_err(ImageError::malformed)?;
        let mut dst = TypedImage::<U8x4>::from_buffer(width, height, &mut out)
            .map_err(ImageError::malformed)?;
        // The last box of a row or column may be partial: the crop names exactly the part of
        // the reduced picture that maps onto the source, so nothing shifts.
        let options = ResizeOptions::new()
            .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
            .crop(
                0.0,
                0.0,
                f64::from(source_width) / f64::from(k),
                f64::from(source_height) / f64::from(k),
            )
            .use_alpha(false);
        Resizer::new()
            .resize_typed(&src, &mut dst, &options)
            .map_err(ImageError::malformed)?;
    }
    let rgb = out
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    pixels::from_raw(width, height, rgb)
}

/// Each `k` x `k` box of `image` averaged (rounded) into one RGBX pixel; the boxes of the
/// last row and column may be partial and average what they hold.
fn box_reduce(image: &Rgb, k: u32, bw: u32, bh: u32) -> Result<Vec<u8>, ImageError> {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let k = k as usize;
    let mut out = buffer(bw as usize * bh as usize * 4)?;
    let mut sums = vec![0u16; w * 3];
    let raw = image.as_raw();
    for (by, out_row) in out.chunks_exact_mut(bw as usize * 4).enumerate() {
        let rows = (by * k..((by + 1) * k).min(h)).map(|y| &raw[y * w * 3..][..w * 3]);
        sums.fill(0);
        let mut count_y = 0u32;
        for row in rows {
            for (s, &v) in sums.iter_mut().zip(row) {
                *s += u16::from(v);
            }
            count_y += 1;
        }
        for (bx, o) in out_row.chunks_exact_mut(4).enumerate() {
            let cols = &sums[bx * k * 3..((bx + 1) * k).min(w) * 3];
            let (mut r, mut g, mut b) = (0u32, 0u32, 0u32);
            for p in cols.chunks_exact(3) {
                r += u32::from(p[0]);
                g += u32::from(p[1]);
                b += u32::from(p[2]);
            }
            let n = count_y * (cols.len() / 3) as u32;
            let avg = |s: u32| ((s + n / 2) / n) as u8;
            o.copy_from_slice(&[avg(r), avg(g), avg(b), 255]);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_side_becomes_800_and_small_images_are_not_enlarged() {
        assert_eq!(fit(4000, 3000, 800), (800, 600));
        assert_eq!(fit(3000, 4000, 800), (600, 800));
        assert_eq!(fit(640, 480, 800), (640, 480));
        assert_eq!(fit(800, 10, 800), (800, 10));
        assert_eq!(fit(20_000, 1, 800), (800, 1));
        assert_eq!(fit(5120, 2880, 800), (800, 450));
    }

    #[test]
    fn resize_keeps_a_flat_colour_flat() {
        let image = Rgb::from_raw(40, 20, [200, 100, 50].repeat(800)).unwrap();
        let small = resize(image, 10, 5).unwrap();
        assert_eq!(small.as_raw().len(), 150);
        assert!(small.as_raw().chunks(3).all(|p| p == [200, 100, 50]));
    }
}
