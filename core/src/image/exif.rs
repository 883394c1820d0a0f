//! The one EXIF fact we keep: the orientation tag (0x0112) of IFD0. Reads it from a TIFF
//! block with bounds checks on every offset, and writes a minimal TIFF block holding only it.

/// An EXIF orientation, 1 (as stored) to 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Orientation(u8);

impl Orientation {
    pub const NORMAL: Orientation = Orientation(1);

    /// The orientation for a tag value; anything outside 1..=8 counts as normal.
    pub fn from_tag(value: u16) -> Orientation {
        match value {
            1..=8 => Orientation(value as u8),
            _ => Orientation::NORMAL,
        }
    }

    /// The tag value, 1 to 8.
    pub fn value(self) -> u8 {
        self.0
    }

    /// Whether showing the image swaps its width and height (orientations 5 to 8).
    pub fn swaps_sides(self) -> bool {
        self.0 >= 5
    }
}

/// Strips the `Exif\0\0` prefix an APP1 segment or a WebP/PNG chunk may carry.
pub fn tiff_body(data: &[u8]) -> &[u8] {
    data.strip_prefix(b"Exif\0\0").unwrap_or(data)
}

/// The orientation stored in a TIFF block (`II*\0` or `MM\0*`), or normal when absent or
/// unreadable: a broken EXIF block never stops the picture itself from being used.
pub fn orientation(data: &[u8]) -> Orientation {
    read_orientation(tiff_body(data)).map_or(Orientation::NORMAL, Orientation::from_tag)
}

fn read_orientation(tiff: &[u8]) -> Option<u16> {
    let big = match tiff.get(..4)? {
        [b'I', b'I', 42, 0] => false,
        [b'M', b'M', 0, 42] => true,
        _ => return None,
    };
    let u16_at = |at: usize| -> Option<u16> {
        let b = tiff.get(at..at.checked_add(2)?)?;
        Some(if big {
            u16::from_be_bytes([b[0], b[1]])
        } else {
            u16::from_le_bytes([b[0], b[1]])
        })
    };
    let u32_at = |at: usize| -> Option<u32> {
        let b = tiff.get(at..at.checked_add(4)?)?;
        let a = [b[0], b[1], b[2], b[3]];
        Some(if big {
            u32::from_be_bytes(a)
        } else {
            u32::from_le_bytes(a)
        })
    };
    let ifd = u32_at(4)? as usize;
    let count = u16_at(ifd)? as usize;
    (0..count.min(512)).find_map(|i| {
        let entry = ifd.checked_add(2 + 12 * i)?;
        // Tag 0x0112, type SHORT (3), count 1: the value sits in the entry's first two bytes.
        (u16_at(entry)? == 0x0112 && u16_at(entry + 2)? == 3).then(|| u16_at(entry + 8))?
    })
}

/// A little-endian TIFF block whose IFD0 holds only the orientation (no other tag, no GPS).
pub fn minimal_tiff(orientation: Orientation) -> Vec<u8> {
    let mut t = Vec::with_capacity(26);
    t.extend_from_slice(b"II*\0");
    t.extend_from_slice(&8u32.to_le_bytes()); // IFD0 right after the header
    t.extend_from_slice(&1u16.to_le_bytes()); // one entry
    t.extend_from_slice(&0x0112u16.to_le_bytes());
    t.extend_from_slice(&3u16.to_le_bytes()); // SHORT
    t.extend_from_slice(&1u32.to_le_bytes()); // count
    t.extend_from_slice(&u16::from(orientation.value()).to_le_bytes());
    t.extend_from_slice(&[0, 0]);
    t.extend_from_slice(&0u32.to_le_bytes()); // no next IFD
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_block_round_trips_every_orientation() {
        for v in 1..=8 {
            let o = Orientation::from_tag(v);
            assert_eq!(orientation(&minimal_tiff(o)), o);
        }
    }

    #[test]
    fn big_endian_blocks_read() {
        let mut t = b"MM\0*\0\0\0\x08\0\x01".to_vec();
        t.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
        assert_eq!(orientation(&t).value(), 6);
    }

    #[test]
    fn broken_blocks_count_as_normal() {
        for bad in [
            &b""[..],
            b"II*\0",
            b"II*\0\xff\xff\xff\xff",
            b"MM\0*\0\0\0\x08\0\x09",
            b"Exif\0\0junk",
        ] {
            assert_eq!(orientation(bad), Orientation::NORMAL);
        }
        assert_eq!(Orientation::from_tag(9), Orientation::NORMAL);
    }
}
