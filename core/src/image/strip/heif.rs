//! HEIF photos (HEIC from iPhones, AVIF): the metadata are items of their own — an `Exif`
//! item, and XMP as a `mime` item of type `application/rdf+xml` — whose bytes the `iloc` box
//! locates. Those bytes are overwritten with zeros in place: every box, offset and length stays
//! as it was, so the container stays valid and the coded image is untouched. Orientation lives
//! in the `irot`/`imir` properties, not in Exif, so the photo still shows upright.

use super::take;
use crate::image::error::ImageError;

/// Whether `bytes` begin with an `ftyp` box naming a HEIF still-image brand.
pub fn is_heif(bytes: &[u8]) -> bool {
    bytes.get(4..8) == Some(b"ftyp")
        && crate::media::is_heif_brand(bytes.get(8..12).unwrap_or_default())
}

/// A box: its type and where its payload lies in the file.
struct Box4 {
    kind: [u8; 4],
    start: usize,
    end: usize,
}

/// The boxes one after another in `bytes[from..to]`.
fn boxes(bytes: &[u8], from: usize, to: usize) -> Result<Vec<Box4>, ImageError> {
    let mut out = Vec::new();
    let mut at = from;
    while at < to {
        let head = take(bytes, at, 8, "a HEIF box header")?;
        let size32 = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
        let kind = [head[4], head[5], head[6], head[7]];
        let (size, header) = match size32 {
            0 => (to - at, 8),
            1 => {
                let large = take(bytes, at + 8, 8, "a HEIF box size")?;
                let size = u64::from_be_bytes(large.try_into().unwrap_or_default());
                (usize::try_from(size).unwrap_or(usize::MAX), 16)
            }
            n => (n as usize, 8),
        };
        if size < header || at.checked_add(size).is_none_or(|end| end > to) {
            return Err(ImageError::malformed("a HEIF box runs past its parent"));
        }
        out.push(Box4 {
            kind,
            start: at + header,
            end: at + size,
        });
        at += size;
    }
    Ok(out)
}

/// Reads big-endian integers of 0 to 8 bytes from a payload, refusing to read past its end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    end: usize,
}

impl Reader<'_> {
    fn uint(&mut self, len: usize) -> Result<u64, ImageError> {
        if self.at + len > self.end {
            return Err(ImageError::malformed(
                "a HEIF box is shorter than its fields",
            ));
        }
        let value = self.bytes[self.at..self.at + len]
            .iter()
            .fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
        self.at += len;
        Ok(value)
    }
    fn skip(&mut self, len: usize) -> Result<(), ImageError> {
        if self.at + len > self.end {
            return Err(ImageError::malformed(
                "a HEIF box is shorter than its fields",
            ));
        }
        self.at += len;
        Ok(())
    }
}

/// The ids of the metadata items listed in `iinf`, each with its short name.
fn metadata_items(bytes: &[u8], iinf: &Box4) -> Result<Vec<(u32, &'static str)>, ImageError> {
    let mut r = Reader {
        bytes,
        at: iinf.start,
        end: iinf.end,
    };
    let version = r.uint(1)?;
    r.skip(3)?;
    r.skip(if version == 0 { 2 } else { 4 })?; // the entry count: the boxes themselves say it
    let mut items = Vec::new();
    for infe in boxes(bytes, r.at, iinf.end)?
        .iter()
        .filter(|b| &b.kind == b"infe")
    {
        let mut r = Reader {
            bytes,
            at: infe.start,
            end: infe.end,
        };
        let version = r.uint(1)?;
        r.skip(3)?;
        if version < 2 {
            continue; // the old form names no item type
        }
        let id = r.uint(if version == 2 { 2 } else { 4 })? as u32;
        r.skip(2)?; // item_protection_index
        let kind = take(bytes, r.at, 4, "an item type")?;
        r.skip(4)?;
        if kind == b"Exif" {
            items.push((id, "Exif"));
        } else if kind == b"mime" {
            // item_name and content_type: NUL-terminated strings.
            let rest = &bytes[r.at..infe.end];
            let mut parts = rest.split(|b| *b == 0);
            let _name = parts.next();
            if parts.next() == Some(b"application/rdf+xml".as_slice()) {
                items.push((id, "XMP"));
            }
        }
    }
    Ok(items)
}

/// Where each wanted item's bytes lie: file ranges (construction method 0) or ranges inside
/// the `idat` box (method 1). An item built from other items (method 2) cannot be blanked.
fn item_ranges(
    bytes: &[u8],
    iloc: &Box4,
    idat: Option<&Box4>,
    wanted: &[u32],
) -> Result<Vec<(usize, usize)>, ImageError> {
    let mut r = Reader {
        bytes,
        at: iloc.start,
        end: iloc.end,
    };
    let version = r.uint(1)?;
    r.skip(3)?;
    let sizes = r.uint(2)?;
    let (offset_size, length_size, base_size) = (
        (sizes >> 12) as usize,
        ((sizes >> 8) & 0xF) as usize,
        ((sizes >> 4) & 0xF) as usize,
    );
    let index_size = if version >= 1 {
        (sizes & 0xF) as usize
    } else {
        0
    };
    let count = r.uint(if version < 2 { 2 } else { 4 })?;
    let mut ranges = Vec::new();
    for _ in 0..count {
        let id = r.uint(if version < 2 { 2 } else { 4 })? as u32;
        let method = if version >= 1 { r.uint(2)? & 0xF } else { 0 };
        r.skip(2)?; // data_reference_index
        let base = r.uint(base_size)?;
        let extents = r.uint(2)?;
        for _ in 0..extents {
            r.skip(index_size)?;
            let offset = r.uint(offset_size)?;
            let length = r.uint(length_size)?;
            if !wanted.contains(&id) {
                continue;
            }
            let (origin, limit) = match (method, idat) {
                (0, _) => (0, bytes.len()),
                (1, Some(idat)) => (idat.start, idat.end),
                _ => {
                    return Err(ImageError::malformed(
                        "a HEIF metadata item is not stored as plain bytes",
                    ))
                }
            };
            let start = usize::try_from(base + offset)
                .ok()
                .and_then(|o| o.checked_add(origin));
            let end = match length {
                0 => Some(limit),
                n => start.and_then(|s| usize::try_from(n).ok().and_then(|n| s.checked_add(n))),
            };
            match (start, end) {
                (Some(start), Some(end)) if start <= end && end <= limit => {
                    ranges.push((start, end))
                }
                _ => {
                    return Err(ImageError::malformed(
                        "a HEIF metadata item lies outside the file",
                    ))
                }
            }
        }
    }
    Ok(ranges)
}

/// `bytes` with every Exif and XMP item overwritten with zeros; `removed` names each one.
pub fn strip(bytes: &[u8], removed: &mut Vec<String>) -> Result<Vec<u8>, ImageError> {
    let top = boxes(bytes, 0, bytes.len())?;
    let meta = top
        .iter()
        .find(|b| &b.kind == b"meta")
        .ok_or_else(|| ImageError::malformed("a HEIF file without a meta box"))?;
    // meta is a full box: version and flags come before its children.
    let children = boxes(bytes, meta.start + 4, meta.end)?;
    let find = |kind: &[u8; 4]| children.iter().find(|b| &b.kind == kind);
    let Some(iinf) = find(b"iinf") else {
        return Ok(bytes.to_vec()); // no items listed: no metadata items either
    };
    let items = metadata_items(bytes, iinf)?;
    if items.is_empty() {
        return Ok(bytes.to_vec());
    }
    let iloc =
        find(b"iloc").ok_or_else(|| ImageError::malformed("HEIF items without an iloc box"))?;
    let ids: Vec<u32> = items.iter().map(|(id, _)| *id).collect();
    let ranges = item_ranges(bytes, iloc, find(b"idat"), &ids)?;
    let mut out = bytes.to_vec();
    for (start, end) in ranges {
        out[start..end].fill(0);
    }
    removed.extend(items.iter().map(|(_, name)| (*name).to_owned()));
    Ok(out)
}
