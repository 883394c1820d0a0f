//! PNG: keep the chunks that shape the picture (header, palette, data, transparency, colour,
//! animation) and drop text, time, EXIF and every other ancillary chunk; stop at IEND.

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use super::take;

/// Ancillary chunks that change how the picture looks, not what is known about it.
const KEEP: [&[u8; 4]; 13] = [
    b"PLTE", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"sBIT", b"bKGD", b"pHYs", b"acTL",
    b"fcTL", b"fdAT", b"cICP",
];

pub(super) fn strip(bytes: &[u8], removed: &mut Vec<String>) -> Result<(Vec<u8>, u8), ImageError> {
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..8]);
    let mut orientation = Orientation::NORMAL;
    let mut after_header = None;
    let mut at = 8;
    loop {
        let head = take(bytes, at, 8, "chunk")?;
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind: [u8; 4] = [head[4], head[5], head[6], head[7]];
        let whole = take(bytes, at, len.saturating_add(12), "chunk")?;
        at += whole.len();
        let critical = kind[0].is_ascii_uppercase();
        if critical || KEEP.contains(&&kind) {
            out.extend_from_slice(whole);
            if &kind == b"IHDR" {
                after_header = Some(out.len());
            }
        } else {
            if &kind == b"eXIf" && orientation == Orientation::NORMAL {
                orientation = exif::orientation(&whole[8..8 + len]);
            }
            removed.push(String::from_utf8_lossy(&kind).into_owned());
        }
        if &kind == b"IEND" {
            if at < bytes.len() {
                removed.push("trailing data".into());
            }
            break;
        }
    }
    if orientation != Orientation::NORMAL {
        let at = after_header.ok_or_else(|| ImageError::malformed("no IHDR"))?;
        out.splice(at..at, chunk(b"eXIf", &exif::minimal_tiff(orientation)));
    }
    Ok((out, orientation.value()))
}

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut c = Vec::with_capacity(data.len() + 12);
    c.extend_from_slice(&(data.len() as u32).to_be_bytes());
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(kind);
    hasher.update(data);
    c.extend_from_slice(&hasher.finalize().to_be_bytes());
    c
}
