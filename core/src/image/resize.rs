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
    let mut rgbx = buffer(image.as_raw().len() / 3 * 4)?;
    for (o, p) in rgbx.chunks_exact_mut(4).zip(image.as_raw().chunks_exact(3)) {
        o.copy_from_slice(&[p[0], p[1], p[2], 255]);
    }
    drop(image);
    let mut out = buffer(width as usize * height as usize * 4)?;
    {
        let src = TypedImageRef::<U8x4>::from_buffer(source_width, source_height, &rgbx)
            .map_err(ImageError::malformed)?;
        let mut dst = TypedImage::<U8x4>::from_buffer(width, height, &mut out)
            .map_err(ImageError::malformed)?;
        let options = ResizeOptions::new()
            .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
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
