//! Turning a picture upright by its EXIF orientation (done after shrinking: fewer pixels),
//! with the image crate's rotations and flips on `RgbImage` (not `DynamicImage`, whose
//! every pixel type would be built into the wasm for one type used).

use super::exif::Orientation;
use super::pixels::Rgb;
use image::imageops::{
    flip_horizontal_in_place, flip_vertical_in_place, rotate180_in_place, rotate270, rotate90,
};

/// `image` turned so it shows as the camera meant.
pub fn apply(mut image: Rgb, orientation: Orientation) -> Rgb {
    match orientation.value() {
        2 => flip_horizontal_in_place(&mut image),
        3 => rotate180_in_place(&mut image),
        4 => flip_vertical_in_place(&mut image),
        5 => {
            image = rotate90(&image);
            flip_horizontal_in_place(&mut image);
        }
        6 => image = rotate90(&image),
        7 => {
            image = rotate270(&image);
            flip_horizontal_in_place(&mut image);
        }
        8 => image = rotate270(&image),
        _ => {}
    }
    image
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

    #[test]
    fn every_orientation_matches_the_image_crate() {
        let picture = Rgb::from_fn(3, 2, |x, y| image::Rgb([x as u8 * 80, y as u8 * 200, 7]));
        for tag in 1..=8u8 {
            let mut expected = image::DynamicImage::ImageRgb8(picture.clone());
            if let Some(o) = image::metadata::Orientation::from_exif(tag) {
                expected.apply_orientation(o);
            }
            let got = apply(picture.clone(), Orientation::from_tag(tag.into()));
            assert_eq!(got, expected.into_rgb8(), "orientation {tag}");
        }
    }
}
