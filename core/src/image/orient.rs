//! Turning a picture upright by its EXIF orientation (done after shrinking: fewer pixels).

use super::error::{buffer, ImageError};
use super::exif::Orientation;
use super::pixels::Rgb;

/// `image` turned so it shows as the camera meant.
///
/// # Errors
/// [`ImageError::OutOfMemory`] when the new buffer cannot be had.
pub fn apply(image: Rgb, orientation: Orientation) -> Result<Rgb, ImageError> {
    let o = orientation.value();
    if o == 1 {
        return Ok(image);
    }
    let (w, h) = (image.width as usize, image.height as usize);
    let (dw, dh) = if orientation.swaps_sides() {
        (h, w)
    } else {
        (w, h)
    };
    let mut out = buffer(w * h * 3)?;
    for dy in 0..dh {
        for dx in 0..dw {
            let (sx, sy) = match o {
                2 => (w - 1 - dx, dy),
                3 => (w - 1 - dx, h - 1 - dy),
                4 => (dx, h - 1 - dy),
                5 => (dy, dx),
                6 => (dy, h - 1 - dx),
                7 => (w - 1 - dy, h - 1 - dx),
                _ => (w - 1 - dy, dx),
            };
            let s = (sy * w + sx) * 3;
            let d = (dy * dw + dx) * 3;
            out[d..d + 3].copy_from_slice(&image.pixels[s..s + 3]);
        }
    }
    Ok(Rgb {
        width: dw as u32,
        height: dh as u32,
        pixels: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x1 picture: red then blue.
    fn strip() -> Rgb {
        Rgb {
            width: 2,
            height: 1,
            pixels: vec![255, 0, 0, 0, 0, 255],
        }
    }

    #[test]
    fn six_turns_clockwise_and_eight_counter_clockwise() {
        let six = apply(strip(), Orientation::from_tag(6)).unwrap();
        assert_eq!((six.width, six.height), (1, 2));
        assert_eq!(six.pixels, vec![255, 0, 0, 0, 0, 255]);
        let eight = apply(strip(), Orientation::from_tag(8)).unwrap();
        assert_eq!(eight.pixels, vec![0, 0, 255, 255, 0, 0]);
        let three = apply(strip(), Orientation::from_tag(3)).unwrap();
        assert_eq!(three.pixels, vec![0, 0, 255, 255, 0, 0]);
        assert_eq!(apply(strip(), Orientation::NORMAL).unwrap(), strip());
    }
}
