//! PNG through img-parts (chunks read with their CRCs checked, written back with new ones):
//! keep the chunks that shape the picture (header, palette, data, transparency, colour,
//! animation) and drop text, time, EXIF and every other ancillary chunk; stop at IEND.

use super::super::error::ImageError;
use super::super::exif::{self, Orientation};
use img_parts::png::{Png, PngChunk};
use img_parts::Bytes;

/// Ancillary chunks that change how the picture looks, not what is known about it.
const KEEP: [&[u8; 4]; 13] = [
    b"PLTE", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"sBIT", b"bKGD", b"pHYs", b"acTL",
    b"fcTL", b"fdAT", b"cICP",
];

pub(super) fn strip(bytes: &[u8], removed: &mut Vec<String>) -> Result<(Vec<u8>, u8), ImageError> {
    let mut png = Png::from_bytes(Bytes::copy_from_slice(bytes)).map_err(ImageError::malformed)?;
    let mut orientation = Orientation::NORMAL;
    png.chunks_mut().retain(|chunk| {
        let kind = chunk.kind();
        let keep = kind[0].is_ascii_uppercase() || KEEP.contains(&&kind);
        if !keep {
            if &kind == b"eXIf" && orientation == Orientation::NORMAL {
                orientation = exif::orientation(chunk.contents());
            }
            removed.push(String::from_utf8_lossy(&kind).into_owned());
        }
        keep
    });
    if png.chunks().last().map(PngChunk::kind) != Some(*b"IEND") {
        return Err(ImageError::malformed("no IEND chunk"));
    }
    // img-parts reads up to IEND and drops what follows (a garbage tail, or a hidden file).
    if end_of_chunks(bytes) < bytes.len() {
        removed.push("trailing data".into());
    }
    if orientation != Orientation::NORMAL {
        if png.chunks().first().map(PngChunk::kind) != Some(*b"IHDR") {
            return Err(ImageError::malformed("no IHDR"));
        }
        let tiff = Bytes::from(exif::minimal_tiff(orientation));
        png.chunks_mut().insert(1, PngChunk::new(*b"eXIf", tiff));
    }
    Ok((png.encoder().bytes().to_vec(), orientation.value()))
}

/// Where the chunks end: just after IEND (the file was walked by img-parts already).
fn end_of_chunks(bytes: &[u8]) -> usize {
    let mut at = 8usize;
    while let Some(head) = bytes.get(at..at.saturating_add(8)) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        at = at.saturating_add(len).saturating_add(12);
        if &head[4..8] == b"IEND" {
            break;
        }
    }
    at
}
