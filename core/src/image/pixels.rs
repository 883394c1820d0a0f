//! The picture type at the routine's boundaries is the image crate's [`RgbImage`] (8-bit RGB,
//! row by row). Here are the conversions into it that the crate does not make the way the
//! routine needs: transparent pixels laid on white (JPEG has no alpha; white is what a
//! visitor expects behind a logo or a screenshot, never black, which is what dropping the
//! alpha channel gives), and Adobe CMYK, which jpeg-decoder hands over and `image` has no
//! pixel type for.

use super::error::{buffer, ImageError};
use image::{DynamicImage, RgbImage};

/// The picture type of the routine.
pub type Rgb = RgbImage;

/// `value` over white with opacity `alpha`, rounded.
#[inline]
fn on_white(value: u8, alpha: u8) -> u8 {
    let (v, a) = (u32::from(value), u32::from(alpha));
    ((v * a + 255 * (255 - a) + 127) / 255) as u8
}

/// Any decoded picture as 8-bit RGB, alpha laid on white; 16-bit samples are cut to 8.
/// RGB and grey are taken as they are; every other type goes through the crate's RGBA
/// conversion (one conversion table in the wasm, not two).
///
/// # Errors
/// [`ImageError::OutOfMemory`] when the RGB buffer cannot be had.
pub fn to_rgb(image: DynamicImage) -> Result<Rgb, ImageError> {
    let rgba = match image {
        DynamicImage::ImageRgb8(rgb) => return Ok(rgb),
        DynamicImage::ImageLuma8(gray) => {
            let (width, height) = gray.dimensions();
            return from_gray(width, height, gray.as_raw());
        }
        other => other.into_rgba8(),
    };
    let (width, height) = rgba.dimensions();
    let mut pixels = buffer(width as usize * height as usize * 3)?;
    rgba_on_white(rgba.as_raw(), &mut pixels);
    from_raw(width, height, pixels)
}

/// 8-bit RGBA (straight alpha, as a canvas reads back) to RGB on white, in one pass over the
/// borrowed pixels (the browser's decode hands them over; no copy into an image type first).
///
/// # Errors
/// [`ImageError::Malformed`] when `data` is shorter than the dimensions say,
/// [`ImageError::OutOfMemory`] when the buffer cannot be had.
pub fn from_rgba(width: u32, height: u32, data: &[u8]) -> Result<Rgb, ImageError> {
    let count = width as usize * height as usize;
    let src = data
        .get(..count * 4)
        .ok_or_else(|| ImageError::malformed("fewer pixels than the size says"))?;
    let mut pixels = buffer(count * 3)?;
    rgba_on_white(src, &mut pixels);
    from_raw(width, height, pixels)
}

/// RGBA samples (straight alpha) laid on white into RGB, pixel for pixel, as many as both hold.
pub fn rgba_on_white(rgba: &[u8], rgb: &mut [u8]) {
    for (o, p) in rgb.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
        o.copy_from_slice(&[
            on_white(p[0], p[3]),
            on_white(p[1], p[3]),
            on_white(p[2], p[3]),
        ]);
    }
}

/// Grey-and-alpha samples laid on white into RGB, as [`to_rgb`] does (through RGBA).
pub fn grey_alpha_on_white(grey_alpha: &[u8], rgb: &mut [u8]) {
    for (o, p) in rgb.chunks_exact_mut(3).zip(grey_alpha.chunks_exact(2)) {
        o.fill(on_white(p[0], p[1]));
    }
}

/// Grey samples into RGB.
pub fn grey_to_rgb(grey: &[u8], rgb: &mut [u8]) {
    for (o, &g) in rgb.chunks_exact_mut(3).zip(grey) {
        o.fill(g);
    }
}

/// 8-bit grey to RGB.
///
/// # Errors
/// [`ImageError::Malformed`] when `data` is shorter than the dimensions say,
/// [`ImageError::OutOfMemory`] when the buffer cannot be had.
pub fn from_gray(width: u32, height: u32, data: &[u8]) -> Result<Rgb, ImageError> {
    let count = width as usize * height as usize;
    let src = data
        .get(..count)
        .ok_or_else(|| ImageError::malformed("fewer pixels than the header says"))?;
    let mut pixels = buffer(count * 3)?;
    grey_to_rgb(src, &mut pixels);
    from_raw(width, height, pixels)
}

/// Adobe-style (inverted) CMYK, as Photoshop writes it, to RGB.
///
/// # Errors
/// [`ImageError::Malformed`] when `data` is shorter than the dimensions say,
/// [`ImageError::OutOfMemory`] when the buffer cannot be had.
pub fn from_cmyk(width: u32, height: u32, data: &[u8]) -> Result<Rgb, ImageError> {
    let count = width as usize * height as usize;
    let src = data
        .get(..count * 4)
        .ok_or_else(|| ImageError::malformed("fewer pixels than the header says"))?;
    let mut pixels = buffer(count * 3)?;
    for (o, p) in pixels.chunks_exact_mut(3).zip(src.chunks_exact(4)) {
        let k = u32::from(p[3]);
        let ink = |c: u8| ((u32::from(c) * k + 127) / 255) as u8;
        o.copy_from_slice(&[ink(p[0]), ink(p[1]), ink(p[2])]);
    }
    from_raw(width, height, pixels)
}

/// `pixels` as a `width` x `height` picture.
///
/// # Errors
/// [`ImageError::Malformed`] when there are fewer pixels than the dimensions say.
pub fn from_raw(width: u32, height: u32, mut pixels: Vec<u8>) -> Result<Rgb, ImageError> {
    pixels.truncate(width as usize * height as usize * 3);
    RgbImage::from_raw(width, height, pixels)
        .ok_or_else(|| ImageError::malformed("fewer pixels than the header says"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::RgbaImage;

    #[test]
    fn transparent_becomes_white_and_opaque_stays() {
        let rgba = vec![10, 20, 30, 0, 10, 20, 30, 255, 0, 0, 0, 128];
        let image = DynamicImage::ImageRgba8(RgbaImage::from_raw(3, 1, rgba).unwrap());
        let rgb = to_rgb(image).unwrap();
        assert_eq!(rgb.as_raw(), &[255, 255, 255, 10, 20, 30, 127, 127, 127]);
    }

    #[test]
    fn borrowed_rgba_lands_on_white_as_to_rgb_does() {
        let rgba = vec![10, 20, 30, 0, 10, 20, 30, 255, 0, 0, 0, 128];
        let image = DynamicImage::ImageRgba8(RgbaImage::from_raw(3, 1, rgba.clone()).unwrap());
        assert_eq!(from_rgba(3, 1, &rgba).unwrap(), to_rgb(image).unwrap());
        assert!(from_rgba(3, 1, &rgba[..11]).is_err());
    }

    #[test]
    fn short_data_is_an_error_not_a_panic() {
        assert!(matches!(
            from_cmyk(4, 4, &[0; 63]),
            Err(ImageError::Malformed(_))
        ));
        assert!(matches!(
            from_raw(4, 4, vec![0; 47]),
            Err(ImageError::Malformed(_))
        ));
    }
}
