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
/// At 2 the Lanczos3 that follows still sees every detail the result can hold; a margin of 1
/// loses PSNR against the f64 reference (figures: commit 9576a76).
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
    if image.dimensions() == (width, height) {
        return Ok(image);
    }
    let mut rows = RowShrinker::new(image.dimensions(), (width, height))?;
    for row in image.as_raw().chunks_exact(image.width() as usize * 3) {
        rows.push(row);
    }
    drop(image);
    rows.finish()
}

/// [`resize`] fed row by row, so a decoder that makes rows one at a time (the PNG's,
/// `decode/png.rs`) never holds the whole picture: each RGB row is laid into
/// fast_image_resize's RGBX as it comes, averaged into the k x k boxes of [`box_factor`]
/// when the picture is large, and Lanczos3 runs once all rows are in. The same sums, in the
/// same order, as when the whole picture is at hand: the pixels out are [`resize`]'s.
pub struct RowShrinker {
    source: (u32, u32),
    target: (u32, u32),
    k: u32,
    /// Rows pushed so far.
    rows: u32,
    /// One row of per-sample sums over the rows of the current box row (k > 1 only).
    sums: Vec<u16>,
    /// RGB when the size stays, else RGBX (of the boxes when k > 1), row after row.
    out: Vec<u8>,
}

impl RowShrinker {
    /// A shrinker of a `source`-sized picture to `target` ([`fit`]'s size, or `source` itself
    /// to keep the size).
    ///
    /// # Errors
    /// [`ImageError::OutOfMemory`] when its buffers cannot be had.
    pub fn new(source: (u32, u32), target: (u32, u32)) -> Result<Self, ImageError> {
        let (w, h) = (source.0 as usize, source.1 as usize);
        let (k, sums, out) = if source == target {
            (1, Vec::new(), buffer(w * h * 3)?)
        } else {
            let k = box_factor(source, target);
            let (bw, bh) = (source.0.div_ceil(k) as usize, source.1.div_ceil(k) as usize);
            let sums = if k > 1 { vec![0u16; w * 3] } else { Vec::new() };
            (k, sums, buffer(bw * bh * 4)?)
        };
        Ok(RowShrinker {
            source,
            target,
            k,
            rows: 0,
            sums,
            out,
        })
    }

    /// Takes the next row: `width` RGB triples (anything after them is ignored). Rows past
    /// the picture's height are ignored.
    pub fn push(&mut self, row: &[u8]) {
        let (w, h) = (self.source.0 as usize, self.source.1);
        if self.rows >= h {
            return;
        }
        let row = &row[..w * 3];
        let y = self.rows as usize;
        self.rows += 1;
        if self.source == self.target {
            self.out[y * w * 3..][..w * 3].copy_from_slice(row);
        } else if self.k == 1 {
            let out = &mut self.out[y * w * 4..][..w * 4];
            for (o, p) in out.chunks_exact_mut(4).zip(row.chunks_exact(3)) {
                o.copy_from_slice(&[p[0], p[1], p[2], 255]);
            }
        } else {
            for (s, &v) in self.sums.iter_mut().zip(row) {
                *s += u16::from(v);
            }
            let k = self.k;
            let in_box = (self.rows - 1) % k + 1;
            if in_box == k || self.rows == h {
                let by = (self.rows - 1) / k;
                let bw = self.source.0.div_ceil(k) as usize;
                let out = &mut self.out[by as usize * bw * 4..][..bw * 4];
                box_row(&self.sums, k as usize, w, in_box, out);
                self.sums.fill(0);
            }
        }
    }

    /// The picture at the target size, once every row is in.
    ///
    /// # Errors
    /// [`ImageError::Malformed`] when fewer rows came than the picture's height,
    /// [`ImageError::OutOfMemory`] when a buffer cannot be had.
    pub fn finish(self) -> Result<Rgb, ImageError> {
        let RowShrinker {
            source: (source_width, source_height),
            target: (width, height),
            k,
            rows,
            out: rgbx,
            ..
        } = self;
        if rows < source_height {
            return Err(ImageError::malformed("fewer rows than the header says"));
        }
        if (source_width, source_height) == (width, height) {
            return pixels::from_raw(width, height, rgbx);
        }
        let (bw, bh) = (source_width.div_ceil(k), source_height.div_ceil(k));
        let mut out = buffer(width as usize * height as usize * 4)?;
        {
            let src =
                TypedImageRef::<U8x4>::from_buffer(bw, bh, &rgbx).map_err(ImageError::malformed)?;
            let mut dst = TypedImage::<U8x4>::from_buffer(width, height, &mut out)
                .map_err(ImageError::malformed)?;
            // The last box of a row or column may be partial: the crop names exactly the part
            // of the reduced picture that maps onto the source, so nothing shifts.
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
        drop(rgbx);
        // Into a buffer of the final size (a flat_map collect would grow it step by step).
        let mut rgb = buffer(width as usize * height as usize * 3)?;
        for (o, p) in rgb.chunks_exact_mut(3).zip(out.chunks_exact(4)) {
            o.copy_from_slice(&p[..3]);
        }
        pixels::from_raw(width, height, rgb)
    }
}

/// One row of boxes: `sums` holds each sample of a `w`-pixel row summed over `rows` rows;
/// each `k`-pixel box of it is averaged (rounded) into one RGBX pixel of `out`, the last box
/// partial when `k` does not divide `w`.
fn box_row(sums: &[u16], k: usize, w: usize, rows: u32, out: &mut [u8]) {
    // The whole boxes of the row with the box width known to the compiler (unrolled), then
    // the partial one at the end, if any.
    let whole = w / k;
    let (head, tail) = out.split_at_mut(whole * 4);
    match k {
        2 => row_boxes::<2>(sums, head, rows),
        3 => row_boxes::<3>(sums, head, rows),
        4 => row_boxes::<4>(sums, head, rows),
        _ => {
            for (o, box_sums) in head.chunks_exact_mut(4).zip(sums.chunks_exact(k * 3)) {
                average(box_sums, rows, o);
            }
        }
    }
    if let Some(o) = tail.get_mut(..4) {
        average(&sums[whole * k * 3..w * 3], rows, o);
    }
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
