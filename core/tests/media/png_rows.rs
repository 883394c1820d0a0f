//! The PNG decoded row by row (the png crate, each row shrunk as it comes: decode/png.rs)
//! against the path it replaced: zune-png's whole picture, laid on white, then
//! `resize::resize`. Every colour type, bit depth, palette, transparency key, Adam7, an APNG and
//! the EXIF turn give the same pixels, at full size and shrunk (whole and partial boxes); bad
//! files (truncated at every length, flipped bytes, the made bombs and lies) give the same coded
//! error, never a panic.

use super::fixtures::*;
use super::nasty::{made, png_chunk};
use stepzero_core::image::decode::{decode, png_exif};
use stepzero_core::image::exif::{self, Orientation};
use stepzero_core::image::limits::{self, MAX_DECODE_BYTES};
use stepzero_core::image::pixels::{self, Rgb};
use stepzero_core::image::{resize, shrink_image, Format, ImageError, ShrinkOptions};

/// The decode before the row-by-row one (decode/png.rs as it was, zune-png 0.5), then the
/// resize to fit `max_side` as `shrink_image` did it.
mod zune {
    use super::*;
    use image::{DynamicImage, GrayAlphaImage, RgbaImage};
    use zune_core::bytestream::ZCursor;
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;
    use zune_png::PngDecoder;

    fn malformed(e: impl std::fmt::Debug) -> ImageError {
        ImageError::Malformed(format!("{e:?}"))
    }

    pub fn decode(bytes: &[u8], max_side: Option<u32>) -> Result<(Rgb, u8), ImageError> {
        if Format::sniff(bytes) != Some(Format::Png) {
            return Err(ImageError::NotAnImage);
        }
        let options = DecoderOptions::default()
            .set_max_width(usize::MAX)
            .set_max_height(usize::MAX)
            .png_set_strip_to_8bit(true)
            .png_set_decode_animated(false)
            .png_set_confirm_crc(false);
        let mut decoder = PngDecoder::new_with_options(ZCursor::new(bytes), options);
        decoder.decode_headers().map_err(malformed)?;
        let (w, h) = decoder.dimensions().ok_or_else(|| malformed("no header"))?;
        limits::check(w as u64, h as u64)?;
        let samples_out = decoder
            .colorspace()
            .map_or(4, |colorspace| colorspace.num_components()) as u64;
        let peak = inflated_len(bytes, w as u64, h as u64)
            .saturating_add((w as u64 * h as u64).saturating_mul(samples_out));
        if peak > MAX_DECODE_BYTES as u64 {
            return Err(ImageError::TooLarge {
                width: w as u64,
                height: h as u64,
            });
        }
        if let Some(frame) = decoder.frame_info() {
            if (frame.width, frame.height, frame.x_offset, frame.y_offset) != (w, h, 0, 0) {
                return Err(malformed("first frame is not the whole picture"));
            }
        }
        let (w, h) = (w as u32, h as u32);
        let colorspace = decoder.colorspace().ok_or_else(|| malformed("no header"))?;
        let orientation = png_exif(bytes).map_or(Orientation::NORMAL, exif::orientation);
        let data = decoder.decode_raw().map_err(malformed)?;
        let short = || malformed("fewer pixels than the header says");
        let image = match colorspace {
            ColorSpace::RGB => pixels::from_raw(w, h, data)?,
            ColorSpace::Luma => pixels::from_gray(w, h, &data)?,
            ColorSpace::RGBA => pixels::to_rgb(DynamicImage::ImageRgba8(
                RgbaImage::from_raw(w, h, data).ok_or_else(short)?,
            ))?,
            ColorSpace::LumaA => pixels::to_rgb(DynamicImage::ImageLumaA8(
                GrayAlphaImage::from_raw(w, h, data).ok_or_else(short)?,
            ))?,
            other => return Err(ImageError::Unsupported(format!("{other:?}"))),
        };
        let image = match max_side {
            Some(side) => {
                let (tw, th) = resize::fit(w, h, side);
                resize::resize(image, tw, th)?
            }
            None => image,
        };
        Ok((image, orientation.value()))
    }

    fn inflated_len(bytes: &[u8], w: u64, h: u64) -> u64 {
        let (depth, colour) = (bytes.get(24).copied(), bytes.get(25).copied());
        let samples = match colour {
            Some(2) => 3,
            Some(4) => 2,
            Some(6) => 4,
            _ => 1,
        };
        let bits = u64::from(depth.unwrap_or(8)).max(1);
        h.saturating_mul(1 + (w * samples * bits).div_ceil(8))
    }
}

fn rows(bytes: &[u8], max_side: Option<u32>) -> Result<(Rgb, u8), ImageError> {
    decode(bytes, max_side).map(|d| (d.image, d.orientation.value()))
}

/// The same pixels and turn, or the same error code.
fn same(name: &str, bytes: &[u8]) {
    if let Err(why) = differs(bytes) {
        panic!("{name}: {why}");
    }
}

/// Full size, kept (800), and shrunk by whole and partial boxes of 2, 3 and more.
const SIDES: [Option<u32>; 4] = [None, Some(800), Some(40), Some(15)];

fn differs(bytes: &[u8]) -> Result<(), String> {
    for max_side in SIDES {
        let (new, old) = (rows(bytes, max_side), zune::decode(bytes, max_side));
        match (&new, &old) {
            (Ok(new), Ok(old)) => {
                if new != old {
                    let at = new
                        .0
                        .as_raw()
                        .iter()
                        .zip(old.0.as_raw())
                        .position(|(a, b)| a != b);
                    return Err(format!(
                        "at {max_side:?}: other pixels, first at {at:?}: {:?} / {:?}",
                        at.map(|i| &new.0.as_raw()[i / 3 * 3..i / 3 * 3 + 3]),
                        at.map(|i| &old.0.as_raw()[i / 3 * 3..i / 3 * 3 + 3])
                    ));
                }
            }
            (Err(new), Err(old)) if new.code() == old.code() => {}
            _ => return Err(format!("at {max_side:?}: {new:?} against {old:?}")),
        }
    }
    Ok(())
}

/// A PNG with the given IHDR fields, chunks before the image data, and `scanlines` (each row a
/// filter byte and its samples; for Adam7, the passes one after the other) in one IDAT.
fn png_raw(
    (width, height): (u32, u32),
    depth: u8,
    colour: u8,
    interlace: u8,
    before: &[Vec<u8>],
    scanlines: &[u8],
) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[depth, colour, 0, 0, interlace]);
    png.extend(png_chunk(b"IHDR", &ihdr));
    for chunk in before {
        png.extend_from_slice(chunk);
    }
    png.extend(png_chunk(b"IDAT", &zlib_stored(scanlines)));
    png.extend(png_chunk(b"IEND", &[]));
    png
}

/// `data` as a zlib stream of stored (uncompressed) blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = data.chunks(65_535).collect();
    for (i, block) in blocks.iter().enumerate() {
        out.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    if blocks.is_empty() {
        out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &v in data {
        a = (a + u32::from(v)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

/// Packed samples of `bits` each (1, 2, 4, 8 or 16), a row at a time, each row behind a filter
/// byte cycling through the five filters' bytes (the data is noise, so any filter will do),
/// except at 16 bits, where the samples are the picture's (filter 0: the keyed pictures'
/// pixels are then known).
fn scanlines(samples: &[u16], per_row: usize, bits: u8) -> Vec<u8> {
    let mut out = Vec::new();
    for (y, row) in samples.chunks(per_row).enumerate() {
        out.push(if bits == 16 { 0 } else { (y % 5) as u8 });
        match bits {
            16 => row
                .iter()
                .for_each(|&s| out.extend_from_slice(&s.to_be_bytes())),
            8 => out.extend(row.iter().map(|&s| s as u8)),
            _ => {
                let per_byte = 8 / bits as usize;
                for group in row.chunks(per_byte) {
                    let mut byte = 0u8;
                    for (i, &s) in group.iter().enumerate() {
                        byte |= (s as u8) << (8 - bits as usize * (i + 1));
                    }
                    out.push(byte);
                }
            }
        }
    }
    out
}

/// The seven Adam7 passes of a picture of `samples` (`channels` per pixel), as scanlines.
fn adam7(samples: &[u16], (w, h): (u32, u32), channels: usize, bits: u8) -> Vec<u8> {
    const PASSES: [(u32, u32, u32, u32); 7] = [
        (0, 0, 8, 8),
        (4, 0, 8, 8),
        (0, 4, 4, 8),
        (2, 0, 4, 4),
        (0, 2, 2, 4),
        (1, 0, 2, 2),
        (0, 1, 1, 2),
    ];
    let mut out = Vec::new();
    for (x0, y0, dx, dy) in PASSES {
        let xs: Vec<u32> = (x0..w).step_by(dx as usize).collect();
        let ys: Vec<u32> = (y0..h).step_by(dy as usize).collect();
        if xs.is_empty() || ys.is_empty() {
            continue;
        }
        let mut pass = Vec::new();
        for &y in &ys {
            for &x in &xs {
                let at = (y * w + x) as usize * channels;
                pass.extend_from_slice(&samples[at..at + channels]);
            }
        }
        out.extend(scanlines(&pass, xs.len() * channels, bits));
    }
    out
}

/// Pseudo-random samples below `2^bits`.
fn noise(count: usize, bits: u8, seed: u32) -> Vec<u16> {
    let mut state = seed | 1;
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state >> 7) as u16 & ((1u32 << bits) - 1) as u16
        })
        .collect()
}

/// (name, file) for every colour type and bit depth the format allows, plain and Adam7,
/// with and without a transparency key, at sizes that box by 2 and by 3 with partial boxes;
/// with the samples and key of the 16-bit keyed ones (see below).
fn every_kind() -> Vec<(String, Vec<u8>, Option<Keyed>)> {
    let mut files = Vec::new();
    // (colour type, channels, depths)
    let kinds: [(u8, usize, &[u8]); 5] = [
        (0, 1, &[1, 2, 4, 8, 16]),
        (2, 3, &[8, 16]),
        (3, 1, &[1, 2, 4, 8]),
        (4, 2, &[8, 16]),
        (6, 4, &[8, 16]),
    ];
    for (w, h) in [(203, 101), (247, 125), (9, 5)] {
        for (colour, channels, depths) in kinds {
            for &depth in depths {
                let mut samples = noise(
                    (w * h) as usize * channels,
                    depth,
                    w * 31 + u32::from(colour * 7 + depth),
                );
                // Every seventh pixel the first one's colour, the key of the keyed pictures.
                for i in (channels..samples.len()).step_by(7 * channels) {
                    samples.copy_within(..channels, i);
                }
                let palette: Vec<u8> = (0..=255u8)
                    .flat_map(|i| [i, i.wrapping_mul(7), 255 - i])
                    .collect();
                let keys: Vec<Option<Vec<u8>>> = match colour {
                    0 => vec![None, Some(samples[0].to_be_bytes().to_vec())],
                    2 => vec![
                        None,
                        Some(samples[..3].iter().flat_map(|s| s.to_be_bytes()).collect()),
                    ],
                    3 => vec![
                        None,
                        Some((0..=255u8).map(|i| i.wrapping_mul(37)).collect()),
                    ],
                    _ => vec![None],
                };
                for key in keys {
                    let mut before = Vec::new();
                    if colour == 3 {
                        before.push(png_chunk(b"PLTE", &palette));
                    }
                    if let Some(key) = &key {
                        before.push(png_chunk(b"tRNS", key));
                    }
                    for interlace in [0u8, 1] {
                        let data = if interlace == 1 {
                            adam7(&samples, (w, h), channels, depth)
                        } else {
                            scanlines(&samples, w as usize * channels, depth)
                        };
                        let name = format!(
                            "{w}x{h} colour {colour} depth {depth} key {} adam7 {interlace}",
                            key.is_some()
                        );
                        let keyed = key.as_ref().filter(|_| depth == 16).map(|_| Keyed {
                            samples: samples.clone(),
                            channels,
                        });
                        files.push((
                            name,
                            png_raw((w, h), depth, colour, interlace, &before, &data),
                            keyed,
                        ));
                    }
                }
            }
        }
    }
    files
}

/// A 16-bit grey or RGB picture with a tRNS key made of its first pixel's samples.
struct Keyed {
    samples: Vec<u16>,
    channels: usize,
}

#[test]
fn every_colour_type_depth_key_and_interlace_gives_the_same_pixels() {
    for (name, file, keyed) in every_kind() {
        let Some(keyed) = keyed else {
            assert!(rows(&file, None).is_ok(), "{name} decodes");
            same(&name, &file);
            continue;
        };
        // zune-png compares a 16-bit key with samples already turned little-endian, so it
        // keys the wrong pixels; the png crate compares all 16 bits as the PNG spec asks. The
        // picture is then checked against its samples (written unfiltered): the key on white,
        // every other pixel its samples' high bytes. The shrunk ones are that picture, resized.
        let key = &keyed.samples[..keyed.channels];
        let mut expected = zune::decode(&file, None).unwrap().0; // for its size: all rewritten
        for (px, out) in keyed
            .samples
            .chunks(keyed.channels)
            .zip(expected.as_mut().chunks_mut(3))
        {
            if px == key {
                out.fill(255);
            } else {
                for (o, i) in out
                    .iter_mut()
                    .zip([0, 1, 2].map(|c| c.min(keyed.channels - 1)))
                {
                    *o = (px[i] >> 8) as u8;
                }
            }
        }
        assert!(expected != zune::decode(&file, None).unwrap().0);
        for max_side in SIDES {
            let (w, h) = expected.dimensions();
            let (tw, th) = max_side.map_or((w, h), |side| resize::fit(w, h, side));
            let want = resize::resize(expected.clone(), tw, th).unwrap();
            assert!(
                rows(&file, max_side).unwrap().0 == want,
                "{name} at {max_side:?}"
            );
        }
    }
}

#[test]
fn a_photo_an_apng_and_a_turned_png_give_the_same_pixels() {
    let picture = photo(1203, 805, 30);
    let rgba: Vec<u8> = picture
        .as_raw()
        .chunks(3)
        .enumerate()
        .flat_map(|(i, p)| [p[0], p[1], p[2], (i * 7) as u8])
        .collect();
    same(
        "photo",
        &png_of(1203, 805, png::ColorType::Rgb, picture.as_raw(), true),
    );
    same(
        "photo with alpha",
        &png_of(1203, 805, png::ColorType::Rgba, &rgba, false),
    );
    // An APNG whose default image (the IDAT) is the photo and whose second frame is blue.
    let mut apng = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut apng, 1203, 805);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_animated(2, 0).expect("animated");
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(picture.as_raw()).expect("frame 1");
        writer
            .write_image_data(&[0, 0, 255].repeat(1203 * 805))
            .expect("frame 2");
    }
    same("apng", &apng);
    // eXIf before the image data, orientation 6.
    let plain = png_of(
        40,
        30,
        png::ColorType::Rgb,
        photo(40, 30, 9).as_raw(),
        false,
    );
    let mut turned = plain[..33].to_vec();
    turned.extend(png_chunk(b"eXIf", &orientation_only(6)));
    turned.extend_from_slice(&plain[33..]);
    assert_eq!(rows(&turned, Some(800)).unwrap().1, 6);
    same("turned", &turned);
    let out = shrink_image(&turned, &ShrinkOptions::default()).unwrap();
    assert_eq!((out.width, out.height), (30, 40));
}

#[test]
fn bad_pngs_give_the_same_error_codes() {
    let rgba: Vec<u8> = (0..40 * 30 * 4).map(|i| (i * 13 % 251) as u8).collect();
    let mut files = vec![
        png_of(40, 30, png::ColorType::Rgba, &rgba, true),
        png_of(
            40,
            30,
            png::ColorType::Rgb,
            photo(40, 30, 20).as_raw(),
            false,
        ),
    ];
    let samples = noise(23 * 17, 4, 5);
    let palette: Vec<u8> = (0..48).collect();
    files.push(png_raw(
        (23, 17),
        4,
        3,
        1,
        &[png_chunk(b"PLTE", &palette)],
        &adam7(&samples, (23, 17), 1, 4),
    ));
    for file in &files {
        for len in 0..file.len() {
            same(&format!("cut at {len}"), &file[..len]);
        }
    }
    for (name, file) in made() {
        if file.starts_with(b"\x89PNG") {
            same(name, &file);
        }
    }
    // Palette indices past the palette's end, a palette missing, a bad filter byte, bad
    // IHDR fields, too few rows, too many.
    let short_palette = png_chunk(b"PLTE", &[1, 2, 3, 4, 5, 6]);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "index past the palette",
            png_raw((4, 1), 8, 3, 0, &[short_palette], &[0, 0, 1, 2, 3]),
        ),
        ("filter 7", png_raw((2, 1), 8, 0, 0, &[], &[7, 1, 2])),
        ("depth 3", png_raw((2, 1), 3, 0, 0, &[], &[0, 0])),
        ("colour 5", png_raw((2, 1), 8, 5, 0, &[], &[0, 1, 2])),
        ("RGB at depth 4", png_raw((2, 1), 4, 2, 0, &[], &[0, 1, 2])),
        ("interlace 2", png_raw((2, 1), 8, 0, 2, &[], &[0, 1, 2])),
        ("one row of two", png_raw((2, 2), 8, 0, 0, &[], &[0, 1, 2])),
        (
            "three rows of two",
            png_raw((2, 2), 8, 0, 0, &[], &[0, 1, 2, 0, 3, 4, 0, 5, 6]),
        ),
    ];
    for (name, file) in cases {
        same(name, &file);
    }
    // A palette image without its palette: zune-png decoded it as if every entry were black;
    // the png crate refuses it as the PNG spec does (PLTE must come before the image data).
    let no_palette = png_raw((4, 1), 8, 3, 0, &[], &[0, 0, 1, 1, 0]);
    assert!(zune::decode(&no_palette, None).is_ok());
    assert!(matches!(
        decode(&no_palette, None),
        Err(ImageError::Malformed(_))
    ));
}

#[test]
fn flipped_bytes_give_the_same_error_codes() {
    let picture = photo(24, 20, 3);
    let rgba: Vec<u8> = picture
        .as_raw()
        .chunks_exact(3)
        .flat_map(|p| [p[0], p[1], p[2], p[0] ^ p[1]])
        .collect();
    let files = [
        png_of(24, 20, png::ColorType::Rgb, picture.as_raw(), false),
        png_of(24, 20, png::ColorType::Rgba, &rgba, true),
    ];
    let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
    for file in &files {
        for _ in 0..300 {
            let mut bytes = file.clone();
            for _ in 0..=next() % 3 {
                let at = 8 + (next() % (bytes.len() as u64 - 8)) as usize;
                bytes[at] = next() as u8;
            }
            same("flipped", &bytes);
        }
    }
}

/// `png` with its image data cut into IDAT chunks of the sizes in `sizes` (cycled; 0 makes an
/// empty chunk), then `extra` appended to the data.
fn rechunked(png: &[u8], sizes: &[usize], extra: &[u8]) -> Vec<u8> {
    let (mut at, mut data, mut first_idat) = (8usize, Vec::new(), None);
    let mut rest = Vec::new();
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let kind = &png[at + 4..at + 8];
        if kind == b"IDAT" {
            first_idat.get_or_insert(at);
            data.extend_from_slice(&png[at + 8..at + 8 + len]);
        } else if first_idat.is_some() {
            rest.extend_from_slice(&png[at..at + 12 + len]);
        }
        at += 12 + len;
    }
    data.extend_from_slice(extra);
    let first = first_idat.expect("image data");
    let mut out = png[..first].to_vec();
    let (mut from, mut i) = (0, 0);
    while from < data.len() {
        let size = sizes[i % sizes.len()].min(data.len() - from);
        out.extend(png_chunk(b"IDAT", &data[from..from + size]));
        from += size;
        i += 1;
    }
    out.extend(rest);
    out
}

/// The image data's chunks may be cut anywhere, some empty, and bytes may follow the deflate
/// stream: the rows read as a stream are the same.
#[test]
fn image_data_cut_anywhere_gives_the_same_pixels() {
    let picture = photo(301, 203, 40);
    let file = png_of(301, 203, png::ColorType::Rgb, picture.as_raw(), false);
    let whole = rows(&file, None).unwrap();
    for sizes in [&[1][..], &[0, 1, 0, 7], &[4096, 0, 3], &[65_536]] {
        let cut = rechunked(&file, sizes, &[]);
        assert!(rows(&cut, None).unwrap() == whole, "{sizes:?}");
        same(&format!("cut in {sizes:?}"), &cut);
        let trailing = rechunked(&file, sizes, b"after the stream");
        same(&format!("cut in {sizes:?}, bytes after"), &trailing);
    }
}
