//! WebP: drop the EXIF and XMP chunks (and unknown ones) of an extended file, clear their
//! flags in VP8X and fix the RIFF size. A simple file (VP8 or VP8L alone) has no metadata.

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use super::take;

const KEEP: [&[u8; 4]; 7] = [
    b"VP8X", b"VP8 ", b"VP8L", b"ALPH", b"ANIM", b"ANMF", b"ICCP",
];
const EXIF_FLAG: u8 = 0x08;
const XMP_FLAG: u8 = 0x04;

pub(super) fn strip(bytes: &[u8], removed: &mut Vec<String>) -> Result<(Vec<u8>, u8), ImageError> {
    let riff = take(bytes, 4, 4, "RIFF header")?;
    let riff_len = u32::from_le_bytes([riff[0], riff[1], riff[2], riff[3]]) as usize;
    let end = riff_len.saturating_add(8).min(bytes.len());
    let mut out = bytes[..12].to_vec();
    let mut orientation = Orientation::NORMAL;
    let mut at = 12;
    while at + 8 <= end {
        let head = take(bytes, at, 8, "chunk")?;
        let len = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        let padded = len.saturating_add(len & 1);
        let whole = take(bytes, at, padded.saturating_add(8), "chunk")?;
        let kind: [u8; 4] = [head[0], head[1], head[2], head[3]];
        at += whole.len();
        if KEEP.contains(&&kind) {
            out.extend_from_slice(whole);
        } else {
            if &kind == b"EXIF" {
                orientation = exif::orientation(&whole[8..8 + len]);
            }
            removed.push(String::from_utf8_lossy(&kind).trim_end().to_owned());
        }
    }
    if out.get(12..16) == Some(b"VP8X") {
        let flags = out
            .get_mut(20)
            .ok_or_else(|| ImageError::malformed("short VP8X"))?;
        *flags &= !(EXIF_FLAG | XMP_FLAG);
        if orientation != Orientation::NORMAL {
            *flags |= EXIF_FLAG;
            let tiff = exif::minimal_tiff(orientation);
            out.extend_from_slice(b"EXIF");
            out.extend_from_slice(&(tiff.len() as u32).to_le_bytes());
            out.extend_from_slice(&tiff);
        }
    }
    let size = (out.len() - 8) as u32;
    out[4..8].copy_from_slice(&size.to_le_bytes());
    Ok((out, orientation.value()))
}
