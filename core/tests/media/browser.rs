//! The browser-decoding path (the image worker's `createImageBitmap`, WebP): the header read
//! before any decode, with every limit, and `shrink_pixels`, which must give what `shrink_image`
//! gives for the same picture, every rule (size, turn, ladder) still the routine's.

use super::fixtures::*;
use super::nasty::made;
use stepzero_core::image::decode::{self, header};
use stepzero_core::image::{shrink_image, shrink_pixels, Format, ImageError, ShrinkOptions};

fn rgba_of(picture: &image::RgbImage) -> Vec<u8> {
    picture
        .as_raw()
        .chunks(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect()
}

#[test]
fn only_webp_is_for_the_browser() {
    let picture = photo(300, 200, 20);
    let rgba = rgba_of(&picture);
    let webp = webp_of(300, 200, &rgba, Some(orientation_only(6)));
    let h = header(&webp)
        .unwrap()
        .expect("a WebP is decoded by the browser");
    assert_eq!(
        (
            h.format,
            h.width,
            h.height,
            h.orientation.value(),
            h.foreign_colours
        ),
        (Format::WebP, 300, 200, 6, false)
    );
    let png = png_of(300, 200, png::ColorType::Rgba, &rgba, true);
    assert_eq!(header(&png).unwrap(), None);
    assert_eq!(header(&jpeg_of(&picture, 90)).unwrap(), None);
    assert_eq!(header(&gif_of(30, 20, false)).unwrap(), None);
    assert_eq!(header(b"plain text"), Err(ImageError::NotAnImage));
}

#[test]
fn the_header_refuses_a_bomb_before_the_browser_decodes() {
    let (_, bomb) = made()
        .into_iter()
        .find(|(name, _)| name.starts_with("bomb-webp"))
        .unwrap();
    assert!(matches!(header(&bomb), Err(ImageError::TooLarge { .. })));
}

/// A WebP carrying the ICC profile `icc`.
fn webp_with_profile(icc: Vec<u8>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = image_webp::WebPEncoder::new(&mut out);
    encoder.set_icc_profile(icc);
    encoder
        .encode(&[90; 8 * 8 * 4], 8, 8, image_webp::ColorType::Rgba8)
        .unwrap();
    out
}

/// A profile header for RGB with one `desc` tag holding `text`.
fn profile(text: &[u8]) -> Vec<u8> {
    let mut icc = vec![0u8; 144];
    icc[16..20].copy_from_slice(b"RGB ");
    icc[128..132].copy_from_slice(&1u32.to_be_bytes());
    icc[132..136].copy_from_slice(b"desc");
    icc[136..140].copy_from_slice(&144u32.to_be_bytes());
    icc[140..144].copy_from_slice(&(text.len() as u32).to_be_bytes());
    icc.extend_from_slice(text);
    icc
}

#[test]
fn a_profile_other_than_srgb_is_named() {
    let p3 = webp_with_profile(profile(b"desc\0\0\0\0\0\0\0\x0bDisplay P3"));
    assert!(header(&p3).unwrap().unwrap().foreign_colours);
    let srgb = webp_with_profile(profile(b"desc\0\0\0\0\0\0\0\x12sRGB IEC61966-2.1"));
    assert!(!header(&srgb).unwrap().unwrap().foreign_colours);
}

#[test]
fn pixels_at_full_size_give_exactly_what_the_file_gives() {
    let picture = photo(1600, 1000, 30);
    let rgba = rgba_of(&picture);
    let file = webp_of(1600, 1000, &rgba, Some(orientation_only(6)));
    let h = header(&file).unwrap().unwrap();
    let ours = shrink_pixels(&rgba, (1600, 1000), &h, &ShrinkOptions::default()).unwrap();
    let whole = shrink_image(&file, &ShrinkOptions::default()).unwrap();
    assert_eq!(ours, whole);
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
