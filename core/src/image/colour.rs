//! Whether a file's colour information asks for anything but sRGB. The routine never applies
//! colour profiles (its decoders hand over the stored values), so when the browser decodes
//! for it (`header`), it is told to convert colours only when that changes nothing: a
//! profile that is sRGB's converts sRGB to sRGB.

/// Whether an ICC profile describes sRGB: an RGB profile whose description (its `desc` tag,
/// ASCII in ICC v2, UTF-16 in v4's `mluc`) names sRGB, as the profiles cameras, phones,
/// GIMP and Photoshop embed for sRGB do ("sRGB IEC61966-2.1", "sRGB built-in", ...).
pub fn is_srgb_profile(icc: &[u8]) -> bool {
    if icc.get(16..20) != Some(b"RGB ") {
        return false;
    }
    description(icc).is_some_and(|desc| {
        desc.windows(4).any(|w| w == b"sRGB") || desc.windows(8).any(|w| w == b"\0s\0R\0G\0B")
    })
}

/// The bytes of the profile's `desc` tag, from its tag table (bounds checked).
fn description(icc: &[u8]) -> Option<&[u8]> {
    let u32_at = |at: usize| -> Option<usize> {
        let b = icc.get(at..at.checked_add(4)?)?;
        Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let count = u32_at(128)?.min(256);
    (0..count).find_map(|i| {
        let entry = 132 + 12 * i;
        if icc.get(entry..entry + 4)? != b"desc" {
            return None;
        }
        let (offset, size) = (u32_at(entry + 4)?, u32_at(entry + 8)?);
        icc.get(offset..offset.checked_add(size)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A profile header for `space` with one `desc` tag holding `text`.
    fn profile(space: &[u8; 4], text: &[u8]) -> Vec<u8> {
        let mut icc = vec![0u8; 144];
        icc[16..20].copy_from_slice(space);
        icc[128..132].copy_from_slice(&1u32.to_be_bytes());
        icc[132..136].copy_from_slice(b"desc");
        icc[136..140].copy_from_slice(&144u32.to_be_bytes());
        icc[140..144].copy_from_slice(&(text.len() as u32).to_be_bytes());
        icc.extend_from_slice(text);
        icc
    }

    #[test]
    fn srgb_profiles_are_told_from_others() {
        assert!(is_srgb_profile(&profile(
            b"RGB ",
            b"desc\0\0\0\0\0\0\0\x12sRGB IEC61966-2.1"
        )));
        assert!(is_srgb_profile(&profile(
            b"RGB ",
            b"mluc\0\0\0\0\0s\0R\0G\0B"
        )));
        assert!(!is_srgb_profile(&profile(b"RGB ", b"desc Display P3")));
        assert!(!is_srgb_profile(&profile(b"GRAY", b"desc sRGB")));
        assert!(!is_srgb_profile(b"broken"));
        let mut lying = profile(b"RGB ", b"sRGB");
        lying[140..144].copy_from_slice(&u32::MAX.to_be_bytes());
        assert!(!is_srgb_profile(&lying));
    }
}
