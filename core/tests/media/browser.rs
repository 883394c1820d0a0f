//! The browser-decoding path (the image worker's `createImageBitmap`): the header read before
//! any decode, with every limit, and `shrink_pixels`, which must give what `shrink_image`
//! gives for the same picture, every rule (size, turn, ladder) still the routine's.

use super::fixtures::*;
use super::nasty::{made, png_chunk};
use stepzero_core::image::decode::{self, header};
use stepzero_core::image::{shrink_image, shrink_pixels, Format, ImageError, ShrinkOptions};

fn rgba_of(picture: &image::RgbImage) -> Vec<u8> {
    picture
        .as_raw()
        .chunks(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect()
}

/// `png` with `chunk` put right after IHDR (8 + 25 bytes).
fn with_chunk(png: &[u8], chunk: Vec<u8>) -> Vec<u8> {
    let mut out = png.to_vec();
    out.splice(33..33, chunk);
    out
}

#[test]
fn png_and_webp_are_for_the_browser_jpeg_and_gif_are_not() {
    let picture = photo(300, 200, 20);
    let rgba = rgba_of(&picture);
    let png = png_of(300, 200, png::ColorType::Rgba, &rgba, true);
    let h = header(&png)
        .unwrap()
        .expect("a PNG is decoded by the browser");
    assert_eq!(
        (
            h.format,
            h.width,
            h.height,
            h.orientation.value(),
            h.foreign_colours
        ),
        (Format::Png, 300, 200, 1, false)
    );
    let webp = webp_of(300, 200, &rgba, Some(orientation_only(6)));
    let h = header(&webp)
        .unwrap()
        .expect("a WebP is decoded by the browser");
    assert_eq!(
        (h.format, h.width, h.height, h.orientation.value()),
        (Format::WebP, 300, 200, 6)
    );
    assert_eq!(header(&jpeg_of(&picture, 90)).unwrap(), None);
    assert_eq!(header(&gif_of(30, 20, false)).unwrap(), None);
    assert_eq!(header(b"plain text"), Err(ImageError::NotAnImage));
}

#[test]
fn the_header_refuses_bombs_before_the_browser_decodes() {
    for (name, bytes) in made() {
        let is_png_or_webp = bytes.starts_with(b"\x89PNG") || bytes.get(8..12) == Some(b"WEBP");
        if name.starts_with("bomb-") && is_png_or_webp {
            assert!(
                matches!(header(&bytes), Err(ImageError::TooLarge { .. })),
                "{name}"
            );
        }
    }
}

#[test]
fn the_orientation_comes_from_a_png_exif_chunk() {
    let png = png_of(30, 20, png::ColorType::Rgb, &[9; 30 * 20 * 3], false);
    let turned = with_chunk(&png, png_chunk(b"eXIf", &orientation_only(8)));
    assert_eq!(header(&turned).unwrap().unwrap().orientation.value(), 8);
}

#[test]
fn colours_other_than_srgb_are_named() {
    let png = png_of(30, 20, png::ColorType::Rgb, &[9; 30 * 20 * 3], false);
    let gamma = with_chunk(&png, png_chunk(b"gAMA", &45_455u32.to_be_bytes()));
    assert!(
        header(&gamma).unwrap().unwrap().foreign_colours,
        "a gamma alone"
    );
    let srgb = with_chunk(&gamma, png_chunk(b"sRGB", &[0]));
    assert!(
        !header(&srgb).unwrap().unwrap().foreign_colours,
        "sRGB overrides gAMA"
    );
}

#[test]
fn pixels_at_full_size_give_exactly_what_the_file_gives() {
    let picture = photo(1600, 1000, 30);
    let rgba = rgba_of(&picture);
    for file in [
        png_of(1600, 1000, png::ColorType::Rgba, &rgba, false),
        webp_of(1600, 1000, &rgba, Some(orientation_only(6))),
    ] {
        let h = header(&file).unwrap().unwrap();
        let ours = shrink_pixels(&rgba, (1600, 1000), &h, &ShrinkOptions::default()).unwrap();
        let whole = shrink_image(&file, &ShrinkOptions::default()).unwrap();
        assert_eq!(ours, whole, "{:?}", h.format);
    }
}

#[test]
fn pixels_at_the_target_size_are_turned_and_laddered_by_the_routine() {
    let picture = photo(1600, 800, 0);
    let webp = webp_of(1600, 800, &rgba_of(&picture), Some(orientation_only(6)));
    let h = header(&webp).unwrap().unwrap();
    // What the browser hands over: the stored picture at the 800 px rule's size.
    let small = image::imageops::resize(&picture, 800, 400, image::imageops::FilterType::Triangle);
    let out = shrink_pixels(&rgba_of(&small), (800, 400), &h, &ShrinkOptions::default()).unwrap();
    assert_eq!((out.width, out.height), (400, 800), "turned upright");
    assert_eq!((out.source_width, out.source_height), (800, 1600));
    assert!(out.fits && out.tried[0].tenths == 8);
    let px = decode::decode(&out.bytes, None).unwrap().image;
    let at = |x: u32, y: u32| px.as_raw()[((y * px.width() + x) * 3) as usize];
    assert!(
        at(399, 0) < 40 && at(0, 0) < 40 && at(0, 799) > 200,
        "red rises along the new y"
    );
}

#[test]
fn transparent_browser_pixels_land_on_white() {
    let webp = webp_of(64, 64, &[0; 64 * 64 * 4], None);
    let h = header(&webp).unwrap().unwrap();
    let out = shrink_pixels(&[0; 64 * 64 * 4], (64, 64), &h, &ShrinkOptions::default()).unwrap();
    let px = decode::decode(&out.bytes, None).unwrap().image;
    assert!(px.as_raw().iter().all(|&v| v >= 250), "white, not black");
}

#[test]
fn pixels_of_another_size_or_too_few_are_refused() {
    let webp = webp_of(1600, 1000, &rgba_of(&photo(1600, 1000, 0)), None);
    let h = header(&webp).unwrap().unwrap();
    let options = ShrinkOptions::default();
    assert!(matches!(
        shrink_pixels(&[0; 700 * 400 * 4], (700, 400), &h, &options),
        Err(ImageError::Malformed(_))
    ));
    assert!(matches!(
        shrink_pixels(&[0; 10], (800, 500), &h, &options),
        Err(ImageError::Malformed(_))
    ));
    let mut huge = h;
    huge.width = 30_000;
    assert!(matches!(
        shrink_pixels(&[0; 16], (1, 1), &huge, &options),
        Err(ImageError::TooLarge { .. })
    ));
}
