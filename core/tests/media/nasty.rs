//! Hostile files: bombs (small files claiming huge sizes), truncations at every length, lies
//! in headers, and the fuzzers' regression corpus (core/fuzz/regressions/). Each must give an
//! error value quickly, never a panic or a huge allocation.

use super::fixtures::*;
use std::path::Path;
use stepzero_core::image::strip::strip_metadata;
use stepzero_core::image::{shrink_image, ImageError, ShrinkOptions};

pub fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let mut h = crc32fast::Hasher::new();
    h.update(kind);
    h.update(data);
    c.extend_from_slice(&h.finalize().to_be_bytes());
    c
}

/// A PNG file: signature, IHDR (8-bit, colour type `colour`), the chunks `before_idat`, one
/// IDAT holding `idat`, IEND.
fn png_file(width: u32, height: u32, colour: u8, before_idat: &[Vec<u8>], idat: &[u8]) -> Vec<u8> {
    png_file_of_depth(width, height, 8, colour, before_idat, idat)
}

fn png_file_of_depth(
    width: u32,
    height: u32,
    depth: u8,
    colour: u8,
    before_idat: &[Vec<u8>],
    idat: &[u8],
) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[depth, colour, 0, 0, 0]);
    png.extend(png_chunk(b"IHDR", &ihdr));
    for chunk in before_idat {
        png.extend_from_slice(chunk);
    }
    png.extend(png_chunk(b"IDAT", idat));
    png.extend(png_chunk(b"IEND", &[]));
    png
}

/// An empty zlib stream: an IDAT that claims pixels it does not hold.
const EMPTY_ZLIB: [u8; 8] = [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01];

/// The files made here, by name: `bomb-*` must be refused as too large, `bad-*` as an error.
pub fn made() -> Vec<(&'static str, Vec<u8>)> {
    let png_bomb = png_file(20_000, 20_000, 0, &[], &EMPTY_ZLIB);

    let small_jpeg = jpeg_of(&photo(16, 16, 5), 80);
    let sof = small_jpeg
        .windows(2)
        .position(|w| w == [0xFF, 0xC0])
        .unwrap_or(0);
    let mut jpeg_bomb = small_jpeg.clone();
    jpeg_bomb[sof + 5..sof + 9].copy_from_slice(&[0xFD, 0xE8, 0xFD, 0xE8]); // 65000 x 65000
    let mut jpeg_zero = small_jpeg.clone();
    jpeg_zero[sof + 5..sof + 9].copy_from_slice(&[0, 0, 0, 16]);
    let mut jpeg_lying_length = small_jpeg.clone();
    jpeg_lying_length[4..6].copy_from_slice(&[0xFF, 0xF0]); // APP0 claims 65,520 bytes

    let mut gif_bomb = gif_of(8, 8, false);
    gif_bomb[6..10].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF]);

    let mut webp_bomb = webp_of(8, 8, &[7; 256], None);
    // VP8L header after "RIFF....WEBPVP8L" + size + 0x2f: two 14-bit (side - 1) fields, both
    // 16,382 (alpha and version bits kept).
    assert_eq!(&webp_bomb[12..16], b"VP8L");
    webp_bomb[21] = 0xFE;
    webp_bomb[22] = 0xBF;
    webp_bomb[23] = 0xFF;
    webp_bomb[24] |= 0x0F;

    let mut png_lying_idat = png_of(8, 8, png::ColorType::Rgb, &[1; 192], false);
    png_lying_idat[33..37].copy_from_slice(&0x7FFF_FFFFu32.to_be_bytes());

    vec![
        ("bomb-png-20000x20000", png_bomb),
        ("bomb-jpeg-65000x65000", jpeg_bomb),
        ("bomb-gif-65535x65535", gif_bomb),
        ("bomb-webp-16383x16383", webp_bomb),
        ("bad-jpeg-zero-height", jpeg_zero),
        ("bad-jpeg-lying-segment-length", jpeg_lying_length),
        ("bad-png-lying-idat-length", png_lying_idat),
        (
            "bad-pdf",
            b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n".to_vec(),
        ),
        ("bad-jpeg-soi-only", vec![0xFF, 0xD8, 0xFF]),
        ("bad-riff-not-webp", b"RIFF\x04\0\0\0WAVEfmt ".to_vec()),
    ]
}

#[test]
fn bombs_are_refused_as_too_large_and_bad_headers_as_errors() {
    for (name, bytes) in made() {
        let result = shrink_image(&bytes, &ShrinkOptions::default());
        if name.starts_with("bomb-") {
            assert!(
                matches!(result, Err(ImageError::TooLarge { .. })),
                "{name}: {result:?}"
            );
        } else {
            assert!(result.is_err(), "{name}: {result:?}");
        }
        let _ = strip_metadata(&bytes);
    }
}

#[test]
fn truncation_at_any_length_is_an_error_value_never_a_panic() {
    let rgba = vec![120u8; 40 * 30 * 4];
    let files = [
        jpeg_of(&photo(40, 30, 20), 85),
        with_app1(&jpeg_of(&photo(40, 30, 20), 85), &exif_with_gps(6)),
        png_of(40, 30, png::ColorType::Rgba, &rgba, true),
        webp_of(40, 30, &rgba, Some(exif_with_gps(1)[6..].to_vec())),
        gif_of(40, 30, true),
    ];
    for file in &files {
        for len in 0..file.len() - 1 {
            let result = shrink_image(&file[..len], &ShrinkOptions::default());
            if len < file.len() / 2 {
                assert!(
                    result.is_err(),
                    "a file cut at {len} of {} decoded",
                    file.len()
                );
            }
            let _ = strip_metadata(&file[..len]);
        }
    }
}

#[test]
fn the_fuzz_regression_corpus_never_panics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir)
        .expect("core/fuzz/regressions exists")
        .flatten()
    {
        let bytes = std::fs::read(entry.path()).expect("readable");
        let name = entry.file_name().to_string_lossy().into_owned();
        let result = shrink_image(&bytes, &ShrinkOptions::default());
        if name.starts_with("bomb-") {
            assert!(
                matches!(result, Err(ImageError::TooLarge { .. })),
                "{name}: {result:?}"
            );
        }
        let _ = strip_metadata(&bytes);
        count += 1;
    }
    assert!(count >= made().len(), "the made files are in the corpus");
}

/// `STEPZERO_WRITE_CORPUS=1 cargo test --features image --test media write_made_files`
/// refreshes the made files in the corpus (they seed the fuzzers too).
#[test]
fn write_made_files() {
    if std::env::var_os("STEPZERO_WRITE_CORPUS").is_none() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    std::fs::create_dir_all(&dir).expect("mkdir");
    for (name, bytes) in made() {
        std::fs::write(dir.join(name), bytes).expect("write");
    }
}

/// Bytes flipped at random (a fixed seed, so a failure repeats) in PNGs of every colour type
/// the decoder expands: each must decode or give an error value, never panic.
#[test]
fn pngs_with_flipped_bytes_never_panic() {
    let photo_rgb = photo(24, 20, 3);
    let rgba: Vec<u8> = photo_rgb
        .chunks_exact(3)
        .flat_map(|p| [p[0], p[1], p[2], p[0] ^ p[1]])
        .collect();
    let grey: Vec<u8> = photo_rgb.chunks_exact(3).map(|p| p[1]).collect();
    let grey_alpha: Vec<u8> = grey.iter().flat_map(|&g| [g, 255 - g]).collect();
    let files = [
        png_of(24, 20, png::ColorType::Rgb, &photo_rgb, false),
        png_of(24, 20, png::ColorType::Rgba, &rgba, true),
        png_of(24, 20, png::ColorType::Grayscale, &grey, false),
        png_of(24, 20, png::ColorType::GrayscaleAlpha, &grey_alpha, false),
    ];
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
    for file in &files {
        for _ in 0..1500 {
            let mut bytes = file.clone();
            for _ in 0..=next() % 4 {
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = next() as u8;
            }
            let _ = shrink_image(&bytes, &ShrinkOptions::default());
            // And again with every chunk's CRC made right, so the flips reach the pixels.
            let _ = shrink_image(&with_crcs_fixed(bytes), &ShrinkOptions::default());
        }
    }
}

fn with_crcs_fixed(mut bytes: Vec<u8>) -> Vec<u8> {
    let mut at = 8usize;
    while let Some(head) = bytes.get(at..at + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let Some(end) = at.checked_add(8 + len).filter(|&e| e + 4 <= bytes.len()) else {
            break;
        };
        let crc = crc32fast::hash(&bytes[at + 4..end]);
        bytes[end..end + 4].copy_from_slice(&crc.to_be_bytes());
        at = end + 4;
    }
    bytes
}

/// A side over the limit is named too large by our check (from IHDR, before the decoder reads
/// further), not refused as broken by a decoder's own cap.
#[test]
fn a_png_too_wide_is_too_large_not_malformed() {
    let wide = png_file(30_000, 1, 2, &[], &EMPTY_ZLIB);
    let result = shrink_image(&wide, &ShrinkOptions::default());
    assert!(
        matches!(
            result,
            Err(ImageError::TooLarge {
                width: 30_000,
                height: 1
            })
        ),
        "{result:?}"
    );
}

/// Within the pixel limit but not the memory a decoder may hold (320 MiB), counted as a
/// whole-picture decode holds it: the inflated data and the 8-bit pixels at once. Each file
/// here has empty image data, so one that passes the memory rule is malformed; the rule must
/// name the others too large from their header, before any inflating.
#[test]
fn a_png_that_would_not_fit_in_the_decoders_memory_is_too_large() {
    let cases = [
        // (side, bit depth, colour type, too large): 6500 x 6500 is 42.25 MP.
        (6500, 16, 6, true), // 16-bit RGBA: 338 MB inflated + 169 MB of pixels
        (6500, 8, 6, true),  // RGBA: 169 + 169 MB
        (6000, 8, 6, false), // RGBA at 36 MP: 144 + 144 MB
        (7000, 8, 2, false), // RGB at 49 MP: 147 + 147 MB
    ];
    for (side, depth, colour, too_large) in cases {
        let file = png_file_of_depth(side, side, depth, colour, &[], &EMPTY_ZLIB);
        let result = shrink_image(&file, &ShrinkOptions::default());
        let what = format!("{side}x{side}, depth {depth}, colour type {colour}: {result:?}");
        if too_large {
            assert!(
                matches!(result, Err(ImageError::TooLarge { width, height }) if width == u64::from(side) && height == u64::from(side)),
                "{what}"
            );
        } else {
            assert!(matches!(result, Err(ImageError::Malformed(_))), "{what}");
        }
    }
}

/// An APNG's fcTL before IDAT must describe the whole picture (APNG spec); one that claims
/// another size (which made zune-png, the decoder before, size its buffer from the claim: an
/// overflowing sum, or gigabytes) is refused as broken before any pixel is decoded.
#[test]
fn a_png_whose_first_frame_claims_another_size_is_malformed() {
    for (width, height, x, y) in [
        (u32::MAX, u32::MAX, 0, 0),
        (20_000, 20_000, 0, 0),
        (1, 1, 5, 0),
    ] {
        let actl = png_chunk(b"acTL", &[0, 0, 0, 1, 0, 0, 0, 0]);
        let mut fctl = 0u32.to_be_bytes().to_vec(); // sequence number
        for value in [width, height, x, y] {
            fctl.extend_from_slice(&value.to_be_bytes());
        }
        fctl.extend_from_slice(&[0, 1, 0, 1, 0, 0]); // delay 1/1, dispose none, blend source
                                                     // One RGB pixel (filter byte and three zeros), so only the fcTL is wrong.
        let one_pixel = [
            0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x04, 0x00, 0x01,
        ];
        let png = png_file(1, 1, 2, &[actl, png_chunk(b"fcTL", &fctl)], &one_pixel);
        let result = shrink_image(&png, &ShrinkOptions::default());
        assert!(
            matches!(result, Err(ImageError::Malformed(_))),
            "{width}x{height}+{x}+{y}: {result:?}"
        );
    }
}
