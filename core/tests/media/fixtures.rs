//! Images made in code for the tests: a photo-like picture (gradients plus noise), the four
//! formats, EXIF blocks with GPS tags, and the nasty files (bombs, truncations, lies).

use stepzero_core::image::exif::{minimal_tiff, Orientation};
use stepzero_core::image::jpeg;
use stepzero_core::image::pixels::Rgb;

/// A deterministic photo-like RGB picture: smooth gradients with pseudo-random grain.
pub fn photo(width: u32, height: u32, grain: u32) -> Rgb {
    let mut seed = 0x1234_5678u32;
    let mut pixels = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let n = if grain == 0 { 0 } else { (seed >> 24) % grain } as i32 - grain as i32 / 2;
            let base = [
                x * 255 / width,
                y * 255 / height,
                (x + y) * 127 / (width + height) + 64,
            ];
            pixels.extend(base.map(|v| (v as i32 + n).clamp(0, 255) as u8));
        }
    }
    Rgb::from_raw(width, height, pixels).expect("whole picture")
}

pub fn jpeg_of(image: &Rgb, quality: u8) -> Vec<u8> {
    jpeg::encode(&jpeg::prepare(image).expect("prepare"), quality)
}

/// `jpeg` with an APP1 segment holding `tiff` inserted after SOI.
pub fn with_app1(jpeg: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// An EXIF block (`Exif\0\0` + little-endian TIFF) with an orientation, a camera make and a
/// GPS IFD holding latitude 51°28'40" N.
pub fn exif_with_gps(orientation: u16) -> Vec<u8> {
    let mut t = b"Exif\0\0II*\0\x08\0\0\0".to_vec();
    let entry = |t: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: u32| {
        t.extend_from_slice(&tag.to_le_bytes());
        t.extend_from_slice(&kind.to_le_bytes());
        t.extend_from_slice(&count.to_le_bytes());
        t.extend_from_slice(&value.to_le_bytes());
    };
    // IFD0 at 8: 3 entries (2 + 36 + 4 = 42 bytes) -> make at 50, GPS IFD at 56.
    t.extend_from_slice(&3u16.to_le_bytes());
    entry(&mut t, 0x010F, 2, 6, 50);
    entry(&mut t, 0x0112, 3, 1, u32::from(orientation));
    entry(&mut t, 0x8825, 4, 1, 56);
    t.extend_from_slice(&0u32.to_le_bytes());
    t.extend_from_slice(b"Canon\0");
    // GPS IFD: LatitudeRef "N", Latitude 3 rationals at 56 + 2 + 24 + 4 = 86.
    t.extend_from_slice(&2u16.to_le_bytes());
    entry(&mut t, 0x0001, 2, 2, u32::from_le_bytes(*b"N\0\0\0"));
    entry(&mut t, 0x0002, 5, 3, 86);
    t.extend_from_slice(&0u32.to_le_bytes());
    for (n, d) in [(51u32, 1u32), (28, 1), (40, 1)] {
        t.extend_from_slice(&n.to_le_bytes());
        t.extend_from_slice(&d.to_le_bytes());
    }
    t
}

pub fn xmp_app1() -> Vec<u8> {
    let mut x = b"http://ns.adobe.com/xap/1.0/\0".to_vec();
    x.extend_from_slice(b"<x:xmpmeta><exif:GPSLatitude>51,28.67N</exif:GPSLatitude></x:xmpmeta>");
    x
}

pub fn png_of(width: u32, height: u32, color: png::ColorType, data: &[u8], text: bool) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(color);
        encoder.set_depth(png::BitDepth::Eight);
        if text {
            encoder
                .add_text_chunk("GPS".into(), "51.4778 N, 0.0014 W".into())
                .expect("text");
        }
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(data).expect("data");
    }
    out
}

/// A GIF of `width` x `height` whose first frame paints index 1 (red) over a transparent 0.
pub fn gif_of(width: u16, height: u16, comment: bool) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let palette = [0, 0, 0, 255, 0, 0];
        let mut encoder = gif::Encoder::new(&mut out, width, height, &palette).expect("gif");
        let mut frame = gif::Frame {
            width,
            height,
            transparent: Some(0),
            ..Default::default()
        };
        frame.buffer = (0..u32::from(width) * u32::from(height))
            .map(|i| (i % 2) as u8)
            .collect::<Vec<u8>>()
            .into();
        encoder.write_frame(&frame).expect("frame");
    }
    if comment {
        // A comment extension right after the screen descriptor and palette (13 + 6).
        let block = [0x21, 0xFE, 4, b'G', b'P', b'S', b'!', 0];
        out.splice(19..19, block);
    }
    out
}

pub fn webp_of(width: u32, height: u32, rgba: &[u8], exif: Option<Vec<u8>>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = image_webp::WebPEncoder::new(&mut out);
    if let Some(e) = exif {
        encoder.set_exif_metadata(e);
    }
    encoder
        .encode(rgba, width, height, image_webp::ColorType::Rgba8)
        .expect("webp");
    out
}

pub fn orientation_only(value: u16) -> Vec<u8> {
    minimal_tiff(Orientation::from_tag(value))
}

/// A xorshift64 stream from `seed`: the same random-looking bytes on every run, for the tests
/// that flip bytes of a file.
pub fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
