//! The image routine (feature `image`): the spec's ladder and size box, EXIF orientation,
//! transparency on white, the four formats, the limits, and metadata stripping.
#![cfg(all(feature = "image", not(target_arch = "wasm32")))]

mod browser;
mod fixtures;
mod heif;
mod nasty;
mod png_rows;
mod strip;

use fixtures::*;
use stepzero_core::image::{decode, shrink_image, Format, ImageError, ShrinkOptions};

const CAP: u64 = 40_960;

fn shrink(bytes: &[u8]) -> stepzero_core::image::Shrunk {
    shrink_image(bytes, &ShrinkOptions::default()).expect("shrinks")
}

#[test]
fn a_large_photo_fits_the_cap_with_its_long_side_at_800() {
    let file = jpeg_of(&photo(2400, 1600, 40), 95);
    let out = shrink(&file);
    assert_eq!((out.width, out.height), (800, 533));
    assert!(out.fits && out.bytes.len() as u64 <= CAP);
    let back = decode::decode(&out.bytes, None).expect("our JPEG decodes");
    assert_eq!(back.image.dimensions(), (800, 533));
}

#[test]
fn the_chosen_quality_is_the_first_rung_that_fits() {
    for grain in [0, 60, 160, 255] {
        let out = shrink(&png_of(
            900,
            700,
            png::ColorType::Rgb,
            photo(900, 700, grain).as_raw(),
            false,
        ));
        let first_fit = out
            .tried
            .iter()
            .find(|a| a.bytes <= CAP)
            .map_or(1, |a| a.tenths);
        assert_eq!(out.tenths, first_fit, "grain {grain}: {:?}", out.tried);
        assert_eq!(out.tried.first().map(|a| a.tenths), Some(8));
        let rungs: Vec<u8> = out.tried.iter().map(|a| a.tenths).collect();
        assert_eq!(rungs, (out.tenths..=8).rev().collect::<Vec<_>>());
        assert!(out.tried[..out.tried.len() - 1]
            .iter()
            .all(|a| a.bytes > CAP));
        assert_eq!(
            out.tried.last().map(|a| a.bytes),
            Some(out.bytes.len() as u64)
        );
    }
}

#[test]
fn when_nothing_fits_the_last_rung_is_kept_and_marked() {
    let noise = photo(800, 800, 255);
    let opts = ShrinkOptions {
        target_bytes: 1_000,
        ..ShrinkOptions::default()
    };
    let out = shrink_image(
        &png_of(800, 800, png::ColorType::Rgb, noise.as_raw(), false),
        &opts,
    )
    .unwrap();
    assert_eq!(out.tenths, 1);
    assert!(!out.fits);
    assert_eq!(out.tried.len(), 8);
}

#[test]
fn small_images_are_never_enlarged() {
    let out = shrink(&jpeg_of(&photo(320, 200, 10), 90));
    assert_eq!((out.width, out.height), (320, 200));
}

#[test]
fn exif_orientation_six_turns_the_picture_upright() {
    let file = with_app1(&jpeg_of(&photo(1600, 800, 0), 90), &exif_with_gps(6));
    let out = shrink(&file);
    assert_eq!((out.width, out.height), (400, 800));
    assert_eq!((out.source_width, out.source_height), (800, 1600));
    // The stored top-left (dark red-free corner) is now at the top right.
    let px = decode::decode(&out.bytes, None).unwrap().image;
    let at = |x: u32, y: u32| px.as_raw()[((y * px.width() + x) * 3) as usize];
    assert!(
        at(399, 0) < 40 && at(0, 0) < 40 && at(0, 799) > 200,
        "red rises along the new y"
    );
}

#[test]
fn transparent_pixels_land_on_white() {
    let clear = vec![0u8; 64 * 64 * 4];
    let out = shrink(&png_of(64, 64, png::ColorType::Rgba, &clear, false));
    let px = decode::decode(&out.bytes, None).unwrap().image;
    assert!(px.as_raw().iter().all(|&v| v >= 250), "white, not black");
    let out = shrink(&webp_of(64, 64, &clear, None));
    assert!(decode::decode(&out.bytes, None)
        .unwrap()
        .image
        .as_raw()
        .iter()
        .all(|&v| v >= 250));
}

#[test]
fn every_format_decodes() {
    let rgba: Vec<u8> = photo(300, 200, 20)
        .as_raw()
        .chunks(3)
        .flat_map(|p| [p[0], p[1], p[2], 255])
        .collect();
    let cases = [
        (jpeg_of(&photo(300, 200, 20), 90), Format::Jpeg),
        (
            png_of(300, 200, png::ColorType::Rgba, &rgba, true),
            Format::Png,
        ),
        (webp_of(300, 200, &rgba, None), Format::WebP),
        (gif_of(300, 200, true), Format::Gif),
    ];
    for (file, format) in cases {
        let out = shrink(&file);
        assert_eq!((out.format, out.width, out.height), (format, 300, 200));
    }
}

#[test]
fn a_gif_gives_its_first_frame_with_transparency_on_white() {
    let out = shrink(&gif_of(100, 10, false));
    let px = decode::decode(&out.bytes, None).unwrap().image;
    let mean = px.as_raw().iter().map(|&v| u32::from(v)).sum::<u32>() / px.as_raw().len() as u32;
    assert!(mean > 150, "half red, half white: {mean}");
}

#[test]
fn non_images_and_bad_options_are_error_values() {
    assert_eq!(
        shrink_image(b"%PDF-1.7\n", &ShrinkOptions::default()),
        Err(ImageError::NotAnImage)
    );
    assert_eq!(
        shrink_image(b"", &ShrinkOptions::default()),
        Err(ImageError::NotAnImage)
    );
    let bad = ShrinkOptions {
        min_tenths: 9,
        ..ShrinkOptions::default()
    };
    assert!(matches!(
        shrink_image(&gif_of(4, 4, false), &bad),
        Err(ImageError::Unsupported(_))
    ));
}

#[test]
fn decoding_at_dct_scale_stays_close_to_a_full_decode() {
    let file = jpeg_of(&photo(3200, 2400, 30), 92);
    let scaled = decode::decode(&file, Some(800)).unwrap().image;
    assert_eq!(
        scaled.dimensions(),
        (800, 600),
        "1/4 scale straight from the DCT"
    );
    let full = decode::decode(&file, None).unwrap().image;
    assert_eq!(full.dimensions(), (3200, 2400));
}

#[test]
fn png_colour_types_and_an_apng_give_their_default_image() {
    // An APNG whose default image (the IDAT) is red and whose second frame is blue.
    let mut apng = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut apng, 8, 8);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_animated(2, 0).expect("animated");
        let mut writer = encoder.write_header().expect("header");
        writer
            .write_image_data(&[255, 0, 0].repeat(64))
            .expect("frame 1");
        writer
            .write_image_data(&[0, 0, 255].repeat(64))
            .expect("frame 2");
    }
    let first = decode::decode(&apng, None).unwrap().image;
    assert!(first.as_raw().chunks(3).all(|p| p == [255, 0, 0]));
    // 16-bit grey is cut to its high byte; grey with alpha lies on white.
    let grey16 = png_sixteen(&[0x80, 0x7F].repeat(16));
    let grey = decode::decode(&grey16, None).unwrap().image;
    assert!(
        grey.as_raw().iter().all(|&v| v == 0x80),
        "{:?}",
        &grey.as_raw()[..3]
    );
    let grey_alpha = png_of(
        4,
        4,
        png::ColorType::GrayscaleAlpha,
        &[0, 0].repeat(16),
        false,
    );
    let white = decode::decode(&grey_alpha, None).unwrap().image;
    assert!(white.as_raw().iter().all(|&v| v == 255));
}

fn png_sixteen(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, 4, 4);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Sixteen);
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(data).expect("data");
    }
    out
}
