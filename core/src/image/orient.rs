//! Turning a picture upright by its EXIF orientation (done after shrinking: fewer pixels),
//! with the image crate's rotations and flips.

use super::exif::Orientation;
use super::pixels::Rgb;
use image::DynamicImage;

/// `image` turned so it shows as the camera meant.
pub fn apply(image: Rgb, orientation: Orientation) -> Rgb {
    match image::metadata::Orientation::from_exif(orientation.value()) {
        Some(image::metadata::Orientation::NoTransforms) | None => image,
        Some(turn) => {
            let mut picture = DynamicImage::ImageRgb8(image);
            picture.apply_orientation(turn);
            picture.into_rgb8()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x1 picture: red then blue.
    fn strip() -> Rgb {
        Rgb::from_raw(2, 1, vec![255, 0, 0, 0, 0, 255]).unwrap()
    }

    #[test]
    fn six_turns_clockwise_and_eight_counter_clockwise() {
        let six = apply(strip(), Orientation::from_tag(6));
        assert_eq!(six.dimensions(), (1, 2));
        assert_eq!(six.as_raw(), &[255, 0, 0, 0, 0, 255]);
        let eight = apply(strip(), Orientation::from_tag(8));
        assert_eq!(eight.as_raw(), &[0, 0, 255, 255, 0, 0]);
        let three = apply(strip(), Orientation::from_tag(3));
        assert_eq!(three.as_raw(), &[0, 0, 255, 255, 0, 0]);
        assert_eq!(apply(strip(), Orientation::NORMAL), strip());
    }
}
