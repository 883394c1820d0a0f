//! JPEG: keep the segments a decoder needs (tables, frame, scans, JFIF, ICC profile, Adobe)
//! and drop APP1 (EXIF, XMP), APP13 (IPTC), the other APPn, comments, and anything after EOI
//! (appended preview or multi-picture images carry their own EXIF).

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use super::take;

pub(super) fn strip(bytes: &[u8], removed: &mut Vec<String>) -> Result<(Vec<u8>, u8), ImageError> {
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&[0xFF, 0xD8]);
    let mut orientation = Orientation::NORMAL;
    let mut exif_at = None;
    let mut at = 2;
    loop {
        if at >= bytes.len() {
            // Truncated inside the last scan: what is there is kept, and closed.
            out.extend_from_slice(&[0xFF, 0xD9]);
            break;
        }
        let marker = next_marker(bytes, &mut at)?;
        match marker {
            0xD9 => {
                out.extend_from_slice(&[0xFF, 0xD9]);
                if at < bytes.len() {
                    removed.push("trailing data".into());
                }
                break;
            }
            0x01 | 0xD0..=0xD7 => out.extend_from_slice(&[0xFF, marker]),
            _ => {
                let head = take(bytes, at, 2, "segment")?;
                let len = usize::from(u16::from_be_bytes([head[0], head[1]]));
                let body = take(bytes, at + 2, len.saturating_sub(2), "segment")?;
                if len < 2 {
                    return Err(ImageError::malformed("segment length under 2"));
                }
                at += len;
                if keep(marker, body) {
                    out.extend_from_slice(&[0xFF, marker]);
                    out.extend_from_slice(&(len as u16).to_be_bytes());
                    out.extend_from_slice(body);
                    if marker == 0xE0 && out.len() == 4 + len {
                        exif_at = Some(out.len());
                    }
                } else {
                    if marker == 0xE1
                        && body.starts_with(b"Exif\0\0")
                        && orientation == Orientation::NORMAL
                    {
                        orientation = exif::orientation(body);
                    }
                    removed.push(name(marker));
                }
                if marker == 0xDA {
                    copy_scan(bytes, &mut at, &mut out);
                }
            }
        }
    }
    if orientation != Orientation::NORMAL {
        let mut app1 = b"Exif\0\0".to_vec();
        app1.extend_from_slice(&exif::minimal_tiff(orientation));
        let mut segment = vec![0xFF, 0xE1];
        segment.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
        segment.extend_from_slice(&app1);
        let insert = exif_at.unwrap_or(2);
        out.splice(insert..insert, segment);
    }
    Ok((out, orientation.value()))
}

/// Whether a segment stays: everything but metadata. APP0 only as JFIF, APP2 only as an ICC
/// profile, APP14 (Adobe colour transform); no other APPn, no comment.
fn keep(marker: u8, body: &[u8]) -> bool {
    match marker {
        0xE0 => body.starts_with(b"JFIF\0"),
        0xE2 => body.starts_with(b"ICC_PROFILE\0"),
        0xEE => body.starts_with(b"Adobe"),
        0xE1 | 0xE3..=0xED | 0xEF | 0xFE => false,
        _ => true,
    }
}

fn name(marker: u8) -> String {
    match marker {
        0xFE => "COM".into(),
        m => format!("APP{}", m - 0xE0),
    }
}

/// Reads the marker at `at` (0xFF, any fill bytes, then the code) and moves past it.
fn next_marker(bytes: &[u8], at: &mut usize) -> Result<u8, ImageError> {
    if bytes.get(*at) != Some(&0xFF) {
        return Err(ImageError::malformed("expected a JPEG marker"));
    }
    while bytes.get(*at) == Some(&0xFF) {
        *at += 1;
    }
    let marker = *bytes
        .get(*at)
        .ok_or_else(|| ImageError::malformed("file ends inside a marker"))?;
    *at += 1;
    Ok(marker)
}

/// Copies entropy-coded data (with its stuffed 0xFF00 and RSTn) up to the next real marker.
fn copy_scan(bytes: &[u8], at: &mut usize, out: &mut Vec<u8>) {
    let start = *at;
    let mut i = start;
    while i + 1 < bytes.len() {
        if bytes[i] == 0xFF && !matches!(bytes[i + 1], 0x00 | 0xD0..=0xD7 | 0xFF) {
            break;
        }
        i += 1;
    }
    if i + 1 >= bytes.len() {
        i = bytes.len();
    }
    out.extend_from_slice(&bytes[start..i]);
    *at = i;
}
