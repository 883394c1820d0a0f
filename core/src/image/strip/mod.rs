//! Removing where a photo was taken, and every other metadata block (EXIF, XMP, IPTC,
//! comments, text chunks, trailing data), before an upload, without touching the compressed
//! pixels: segments and chunks are dropped or copied byte for byte. The orientation's effect
//! is kept by writing back a minimal EXIF block holding only the orientation tag.
//!
//! PNG goes through img-parts. JPEG, WebP and GIF keep their own walkers, because img-parts
//! cannot do what is needed there: it reads a JPEG only up to its first scan and keeps the
//! rest as one opaque block, so metadata between progressive scans and appended previews
//! after EOI (which carry their own EXIF and GPS) would be uploaded; it leaves a WebP's VP8X
//! flags claiming the EXIF and XMP it removed; it does not read GIF at all. The orientation
//! block written back is ours for every format.

mod gif;
mod heif;
mod jpeg;
mod png;
mod webp;

use super::error::ImageError;
use super::sniff::Format;

/// The cleaned file and what was taken out of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stripped {
    pub bytes: Vec<u8>,
    pub format: Format,
    /// One short name per block removed (`"APP1"`, `"tEXt"`, `"EXIF"`, ...), in file order.
    pub removed: Vec<String>,
    /// The EXIF orientation kept (1 when none was stored).
    pub orientation: u8,
}

/// `bytes` without metadata.
///
/// # Errors
/// [`ImageError::NotAnImage`] for files that are not JPEG, PNG, WebP, GIF or HEIF (the caller
/// decides what to do with those), [`ImageError::Malformed`] when the block structure is
/// broken or truncated: a file we cannot walk is never passed on as if clean.
pub fn strip_metadata(bytes: &[u8]) -> Result<Stripped, ImageError> {
    let mut removed = Vec::new();
    if heif::is_heif(bytes) {
        let bytes = heif::strip(bytes, &mut removed)?;
        return Ok(Stripped {
            bytes,
            format: Format::Heif,
            removed,
            orientation: 1,
        });
    }
    let format = Format::sniff(bytes).ok_or(ImageError::NotAnImage)?;
    let (bytes, orientation) = match format {
        Format::Jpeg => jpeg::strip(bytes, &mut removed)?,
        Format::Png => png::strip(bytes, &mut removed)?,
        Format::WebP => webp::strip(bytes, &mut removed)?,
        Format::Gif => (gif::strip(bytes, &mut removed)?, 1),
        Format::Heif => return Err(ImageError::NotAnImage), // handled above
    };
    Ok(Stripped {
        bytes,
        format,
        removed,
        orientation,
    })
}

/// The `len` bytes at `at`, or a truncation error naming `what`.
fn take<'a>(bytes: &'a [u8], at: usize, len: usize, what: &str) -> Result<&'a [u8], ImageError> {
    at.checked_add(len)
        .and_then(|end| bytes.get(at..end))
        .ok_or_else(|| ImageError::malformed(format!("{what} runs past the end of the file")))
}
