//! Metadata stripping before upload: GPS and every other metadata block out, the compressed
//! pixels byte for byte the same, the orientation's effect kept.

use super::fixtures::*;
use stepzero_core::image::decode;
use stepzero_core::image::exif::{self, Orientation};
use stepzero_core::image::strip::strip_metadata;

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// The bytes from the first SOS to the end: the compressed pixels.
fn scan_data(jpeg: &[u8]) -> &[u8] {
    let at = jpeg
        .windows(2)
        .position(|w| w == [0xFF, 0xDA])
        .expect("SOS");
    &jpeg[at..]
}

#[test]
fn a_jpeg_with_gps_uploads_without_it_and_with_identical_pixels() {
    let clean = jpeg_of(&photo(640, 480, 30), 85);
    let mut file = with_app1(&clean, &exif_with_gps(6));
    file = with_app1(&file, &xmp_app1());
    file.splice(
        2..2,
        [0xFF, 0xFE, 0, 9, b'L', b'o', b'n', b'd', b'o', b'n', b'!'],
    );
    file.extend_from_slice(b"\xFF\xD8trailing preview with GPS");
    let out = strip_metadata(&file).expect("strips");
    assert!(
        !contains(&out.bytes, b"Canon")
            && !contains(&out.bytes, b"GPS")
            && !contains(&out.bytes, b"London")
    );
    assert!(!contains(&out.bytes, &51u32.to_le_bytes()[..]) || !contains(&out.bytes, b"N\0\0\0"));
    assert_eq!(out.removed, ["COM", "APP1", "APP1", "trailing data"]);
    assert_eq!(
        scan_data(&out.bytes),
        scan_data(&clean),
        "entropy-coded data untouched"
    );
    let (a, b) = (
        decode::decode(&file, None).unwrap(),
        decode::decode(&out.bytes, None).unwrap(),
    );
    assert_eq!(a.image, b.image, "identical decoded pixels");
    assert_eq!(
        (out.orientation, b.orientation),
        (6, Orientation::from_tag(6)),
        "orientation kept"
    );
    assert_eq!(
        strip_metadata(&out.bytes).unwrap().bytes,
        out.bytes,
        "idempotent"
    );
}

#[test]
fn a_jpeg_without_metadata_keeps_its_bytes() {
    let clean = jpeg_of(&photo(64, 64, 10), 85);
    let out = strip_metadata(&clean).unwrap();
    assert_eq!(out.bytes, clean);
    assert!(out.removed.is_empty());
}

#[test]
fn png_text_and_exif_chunks_go_and_orientation_stays() {
    let data = photo(40, 30, 10).into_raw();
    let mut file = png_of(40, 30, png::ColorType::Rgb, &data, true);
    // An eXIf chunk with GPS, right after IHDR (8 + 25 bytes).
    let body = exif_with_gps(3)[6..].to_vec();
    file.splice(33..33, super::nasty::png_chunk(b"eXIf", &body));
    let out = strip_metadata(&file).unwrap();
    assert!(!contains(&out.bytes, b"GPS") && !contains(&out.bytes, b"Canon"));
    assert_eq!(out.removed, ["eXIf", "tEXt"]);
    assert_eq!(out.orientation, 3);
    let back = decode::decode(&out.bytes, None).unwrap();
    assert_eq!(back.image.as_raw(), &data);
    assert_eq!(back.orientation.value(), 3);
}

#[test]
fn webp_exif_goes_and_orientation_stays() {
    let rgba = vec![90u8; 16 * 16 * 4];
    let file = webp_of(16, 16, &rgba, Some(exif_with_gps(8)[6..].to_vec()));
    assert!(contains(&file, b"Canon"));
    let out = strip_metadata(&file).unwrap();
    assert!(!contains(&out.bytes, b"Canon"));
    assert_eq!(out.orientation, 8);
    let back = decode::decode(&out.bytes, None).unwrap();
    assert_eq!(back.orientation.value(), 8);
    assert_eq!(back.image, decode::decode(&file, None).unwrap().image);
    assert_eq!(exif::orientation(&orientation_only(8)).value(), 8);
}

#[test]
fn a_png_chunk_whose_crc_is_wrong_is_refused_not_passed_on() {
    let body = exif_with_gps(3)[6..].to_vec();
    let mut bad = super::nasty::png_chunk(b"eXIf", &body);
    let last = bad.len() - 1;
    bad[last] ^= 0xFF;
    let mut file = png_of(4, 4, png::ColorType::Rgb, &[9; 48], false);
    file.splice(33..33, bad);
    assert!(matches!(
        strip_metadata(&file),
        Err(stepzero_core::image::ImageError::Malformed(_))
    ));
}

#[test]
fn png_trailing_data_goes() {
    let mut file = png_of(4, 4, png::ColorType::Rgb, &[9; 48], false);
    let clean = file.clone();
    file.extend_from_slice(b"GPS 51N hidden after IEND");
    let out = strip_metadata(&file).unwrap();
    assert_eq!(out.bytes, clean);
    assert_eq!(out.removed, ["trailing data"]);
}

#[test]
fn gif_comments_go_and_frames_stay() {
    let file = gif_of(20, 20, true);
    let out = strip_metadata(&file).unwrap();
    assert!(!contains(&out.bytes, b"GPS!"));
    assert_eq!(out.removed, ["comment"]);
    assert_eq!(
        decode::decode(&out.bytes, None).unwrap().image,
        decode::decode(&file, None).unwrap().image
    );
}
