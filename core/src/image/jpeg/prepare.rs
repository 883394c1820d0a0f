//! The part of JPEG encoding that does not depend on quality, done once per picture: RGB to
//! YCbCr, 4:2:0 chroma subsampling, edge padding to whole 16x16 MCUs and the forward DCT.
//! Each quality then only quantises and entropy-codes these coefficients.

use super::super::error::ImageError;
use super::super::pixels::Rgb;
use super::tables::ZIGZAG;

/// DCT coefficients of a picture, MCU by MCU: four luma blocks, then Cb, then Cr; each
/// block in zigzag order, the order they are coded in.
pub struct Prepared {
    pub width: u16,
    pub height: u16,
    pub blocks: Vec<[f32; 64]>,
}

/// Transforms `image` once.
///
/// # Errors
/// [`ImageError::TooLarge`] when a side exceeds JPEG's 65,535, [`ImageError::OutOfMemory`].
pub fn prepare(image: &Rgb) -> Result<Prepared, ImageError> {
    let too_large = || ImageError::TooLarge {
        width: image.width().into(),
        height: image.height().into(),
    };
    let width = u16::try_from(image.width()).map_err(|_| too_large())?;
    let height = u16::try_from(image.height()).map_err(|_| too_large())?;
    if width == 0 || height == 0 {
        return Err(ImageError::Empty);
    }
    let (w, h) = (usize::from(width), usize::from(height));
    let (pw, ph) = (w.div_ceil(16) * 16, h.div_ceil(16) * 16);
    // Full-resolution planes with the edges repeated into the padding.
    let mut planes = [plane(pw * ph)?, plane(pw * ph)?, plane(pw * ph)?];
    for y in 0..ph {
        let row = &image.as_raw()[y.min(h - 1) * w * 3..][..w * 3];
        for x in 0..pw {
            let p = &row[x.min(w - 1) * 3..][..3];
            let (r, g, b) = (f32::from(p[0]), f32::from(p[1]), f32::from(p[2]));
            let i = y * pw + x;
            planes[0][i] = 0.299 * r + 0.587 * g + 0.114 * b - 128.0;
            planes[1][i] = -0.168_736 * r - 0.331_264 * g + 0.5 * b;
            planes[2][i] = 0.5 * r - 0.418_688 * g - 0.081_312 * b;
        }
    }
    let mcus = (pw / 16) * (ph / 16);
    let mut blocks = Vec::new();
    blocks
        .try_reserve_exact(mcus * 6)
        .map_err(|_| ImageError::OutOfMemory)?;
    for my in 0..ph / 16 {
        for mx in 0..pw / 16 {
            for (by, bx) in [(0, 0), (0, 8), (8, 0), (8, 8)] {
                blocks.push(fdct(full_block(&planes[0], pw, my * 16 + by, mx * 16 + bx)));
            }
            for chroma in &planes[1..] {
                blocks.push(fdct(half_block(chroma, pw, my * 16, mx * 16)));
            }
        }
    }
    Ok(Prepared {
        width,
        height,
        blocks,
    })
}

fn plane(len: usize) -> Result<Vec<f32>, ImageError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| ImageError::OutOfMemory)?;
    v.resize(len, 0.0);
    Ok(v)
}

fn full_block(plane: &[f32], stride: usize, top: usize, left: usize) -> [f32; 64] {
    let mut b = [0.0; 64];
    for (y, row) in b.chunks_exact_mut(8).enumerate() {
        row.copy_from_slice(&plane[(top + y) * stride + left..][..8]);
    }
    b
}

/// An 8x8 chroma block from the 16x16 area at (`top`, `left`): each sample the mean of 2x2.
fn half_block(plane: &[f32], stride: usize, top: usize, left: usize) -> [f32; 64] {
    let mut b = [0.0; 64];
    for (y, row) in b.chunks_exact_mut(8).enumerate() {
        let r0 = &plane[(top + 2 * y) * stride + left..][..16];
        let r1 = &plane[(top + 2 * y + 1) * stride + left..][..16];
        for (x, v) in row.iter_mut().enumerate() {
            *v = 0.25 * (r0[2 * x] + r0[2 * x + 1] + r1[2 * x] + r1[2 * x + 1]);
        }
    }
    b
}

/// The AAN forward DCT (libjpeg's jfdctflt): outputs are scaled by 8 * aan(u) * aan(v),
/// which the quantiser divides back out; returned in zigzag order.
fn fdct(mut d: [f32; 64]) -> [f32; 64] {
    for row in d.chunks_exact_mut(8) {
        pass(row, 1);
    }
    for col in 0..8 {
        pass(&mut d[col..], 8);
    }
    ZIGZAG.map(|nat| d[nat])
}

#[inline(always)]
fn pass(d: &mut [f32], s: usize) {
    let (t0, t7) = (d[0] + d[7 * s], d[0] - d[7 * s]);
    let (t1, t6) = (d[s] + d[6 * s], d[s] - d[6 * s]);
    let (t2, t5) = (d[2 * s] + d[5 * s], d[2 * s] - d[5 * s]);
    let (t3, t4) = (d[3 * s] + d[4 * s], d[3 * s] - d[4 * s]);
    let (t10, t13, t11, t12) = (t0 + t3, t0 - t3, t1 + t2, t1 - t2);
    d[0] = t10 + t11;
    d[4 * s] = t10 - t11;
    let z1 = (t12 + t13) * 0.707_106_77;
    d[2 * s] = t13 + z1;
    d[6 * s] = t13 - z1;
    let (t10, t11, t12) = (t4 + t5, t5 + t6, t6 + t7);
    let z5 = (t10 - t12) * 0.382_683_43;
    let z2 = 0.541_196_1 * t10 + z5;
    let z4 = 1.306_563 * t12 + z5;
    let z3 = t11 * 0.707_106_77;
    let (z11, z13) = (t7 + z3, t7 - z3);
    d[5 * s] = z13 + z2;
    d[3 * s] = z13 - z2;
    d[s] = z11 + z4;
    d[7 * s] = z11 - z4;
}
