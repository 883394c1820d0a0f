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
/// 5120 x 2880 PNG the output's PSNR against the f64 reference stays 39.40 dB (a margin of 1
/// gives 39.28 dB).
const BOX_MARGIN: u32 = 2;

/// The integer factor a `source` side is first averaged down by, `k` x `k` boxes, so that
/// what Lanczos3 then reads is still at least `BOX_MARGIN` times the `target` side.
/// At most 15, so a box's sum of 8-bit samples fits in a u16.
pub fn box_factor(source: (u32, u32), target: (u32, u32)) -> u32 {
    let k =
        (source.0 / (BOX_MARGIN * target.0).max(1)).min(source.1 / (BOX_MARGIN * target.1).max(1));
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
        let src =
            TypedImageRef::<U8x4>::from_buffer(bw, bh, &rgbx).map_err(ImageError::malformed)?;
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
    // Into a buffer of the final size (a flat_map collect would grow it step by step).
    let mut rgb = buffer(width as usize * height as usize * 3)?;
    for (o, p) in rgb.chunks_exact_mut(3).zip(out.chunks_exact(4)) {
        o.copy_from_slice(&p[..3]);
    }
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
        sums.fill(0);
        let mut count_y = 0u32;
        for y in by * k..((by + 1) * k).min(h) {
            for (s, &v) in sums.iter_mut().zip(&raw[y * w * 3..][..w * 3]) {
                *s += u16::from(v);
            }
            count_y += 1;
        }
        // The whole boxes of the row with the box width known to the compiler (unrolled),
        // then the partial one at the end, if any.
        let whole = w / k;
        let (head, tail) = out_row.split_at_mut(whole * 4);
        match k {
            2 => row_boxes::<2>(&sums, head, count_y),
            3 => row_boxes::<3>(&sums, head, count_y),
            4 => row_boxes::<4>(&sums, head, count_y),
            _ => {
                for (o, box_sums) in head.chunks_exact_mut(4).zip(sums.chunks_exact(k * 3)) {
                    average(box_sums, count_y, o);
                }
            }
        }
        if let Some(o) = tail.get_mut(..4) {
            average(&sums[whole * k * 3..], count_y, o);
        }
    }
    Ok(out)
}

fn row_boxes<const K: usize>(sums: &[u16], out: &mut [u8], rows: u32) {
    for (o, box_sums) in out.chunks_exact_mut(4).zip(sums.chunks_exact(K * 3)) {
        average(box_sums, rows, o);
    }
}

/// The mean of the RGB triples in `sums` (each already a sum over `rows` rows) as RGBX.
#[inline(always)]
fn average(sums: &[u16], rows: u32, out: &mut [u8]) {
    let (mut r, mut g, mut b) = (0u32, 0u32, 0u32);
    for p in sums.chunks_exact(3) {
        r += u32::from(p[0]);
        g += u32::from(p[1]);
        b += u32::from(p[2]);
    }
    // A multiply by 2^16 / n instead of three divisions (slow in wasm); the sums are at most
    // n * 255, so nothing overflows and the rounding stays within one step.
    let n = rows * (sums.len() / 3) as u32;
    let m = (65_536 + n / 2) / n.max(1);
    let avg = |s: u32| ((s * m + 32_768) >> 16).min(255) as u8;
    out.copy_from_slice(&[avg(r), avg(g), avg(b), 255]);
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

    #[test]
    fn big_pictures_are_box_averaged_first_partial_boxes_included() {
        assert_eq!(box_factor((5120, 2880), (800, 450)), 3);
        assert_eq!(box_factor((2560, 1600), (800, 500)), 1);
        assert_eq!(box_factor((20_000, 20_000), (1, 1)), 15);
        // 103 x 57 does not divide by 5: the last column and row of boxes are partial.
        let flat = Rgb::from_raw(103, 57, [9, 200, 77].repeat(103 * 57)).unwrap();
        assert_eq!(box_factor((103, 57), (10, 5)), 5);
        let small = resize(flat, 10, 5).unwrap();
        assert!(small.as_raw().chunks(3).all(|p| p == [9, 200, 77]));
        // A smooth ramp comes out the same, within a step, as Lanczos3 on every pixel would.
        let ramp = Rgb::from_fn(400, 200, |x, y| {
            image::Rgb([(x / 2) as u8, (y + 20) as u8, 128])
        });
        let boxed = resize(ramp.clone(), 40, 20).unwrap();
        let direct = {
            let mut d =
                fast_image_resize::images::Image::new(40, 20, fast_image_resize::PixelType::U8x4);
            let rgbx: Vec<u8> = ramp
                .as_raw()
                .chunks(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect();
            let src = fast_image_resize::images::ImageRef::new(
                400,
                200,
                &rgbx,
                fast_image_resize::PixelType::U8x4,
            )
            .unwrap();
            let options = ResizeOptions::new()
                .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
                .use_alpha(false);
            Resizer::new().resize(&src, &mut d, &options).unwrap();
            d.into_vec()
        };
        for (b, d) in boxed.as_raw().chunks(3).zip(direct.chunks(4)) {
            for c in 0..3 {
                assert!(b[c].abs_diff(d[c]) <= 1, "{b:?} vs {d:?}");
            }
        }
    }
}
