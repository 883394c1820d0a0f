//! GIF: drop comment extensions and application extensions (XMP travels in one) except the
//! looping ones; everything else is copied block by block up to the trailer.

use super::super::error::ImageError;
use super::take;

pub(super) fn strip(bytes: &[u8], removed: &mut Vec<String>) -> Result<Vec<u8>, ImageError> {
    let screen = take(bytes, 0, 13, "header")?;
    let mut at = 13 + color_table(screen[10]);
    let mut out = take(bytes, 0, at, "colour table")?.to_vec();
    loop {
        let start = at;
        match *bytes
            .get(at)
            .ok_or_else(|| ImageError::malformed("no trailer"))?
        {
            0x3B => {
                out.push(0x3B);
                if at + 1 < bytes.len() {
                    removed.push("trailing data".into());
                }
                return Ok(out);
            }
            0x2C => {
                let descriptor = take(bytes, at, 10, "image descriptor")?;
                at += 10 + color_table(descriptor[9]) + 1; // + LZW minimum code size
                at = skip_sub_blocks(bytes, at)?;
                out.extend_from_slice(take(bytes, start, at - start, "image")?);
            }
            0x21 => {
                let label = *take(bytes, at + 1, 1, "extension")?.first().unwrap_or(&0);
                at = skip_sub_blocks(bytes, at + 2)?;
                let block = take(bytes, start, at - start, "extension")?;
                let looping = label == 0xFF
                    && (block.get(3..14) == Some(b"NETSCAPE2.0")
                        || block.get(3..14) == Some(b"ANIMEXTS1.0"));
                if label == 0xFE || (label == 0xFF && !looping) {
                    removed.push(
                        if label == 0xFE {
                            "comment"
                        } else {
                            "application extension"
                        }
                        .into(),
                    );
                } else {
                    out.extend_from_slice(block);
                }
            }
            other => {
                return Err(ImageError::malformed(format!(
                    "unknown GIF block 0x{other:02x}"
                )))
            }
        }
    }
}

/// Bytes of a colour table announced by a packed-fields byte.
fn color_table(packed: u8) -> usize {
    if packed & 0x80 != 0 {
        3 << ((packed & 0x07) + 1)
    } else {
        0
    }
}

/// The position after a run of sub-blocks ending with a zero-length block.
fn skip_sub_blocks(bytes: &[u8], mut at: usize) -> Result<usize, ImageError> {
    loop {
        let len = usize::from(
            *bytes
                .get(at)
                .ok_or_else(|| ImageError::malformed("sub-block past the end"))?,
        );
        at += 1 + len;
        if len == 0 {
            return Ok(at);
        }
        if at > bytes.len() {
            return Err(ImageError::malformed("sub-block past the end"));
        }
    }
}
