//! A response's reference: the short name a visitor can read out or type when asking for
//! their response to be deleted (issue #22). It is the first 40 bits of the response's id (a
//! UUID) in Crockford's base32, as two groups of four: `"1C9K-2H7Q"`. Derived, never stored:
//! the site (thank-you page) and `stepzero-ops forget` compute it here, so they always agree.
//!
//! Crockford's alphabet has no I, L, O or U: nothing to confuse with 1 or 0, and no accidental
//! words. Reading is forgiving the way Crockford's spec says: any case, `O` as 0, `I` and `L`
//! as 1, hyphens and spaces anywhere. 40 bits is 10^12 values: the chance that two of 100,000
//! random (v4) ids share a reference is about 0.5%, and when they do the tool lists both and
//! asks for the full id.

/// Crockford's base32 digits, by value.
const DIGITS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// How many leading bits of the id the reference carries.
pub const BITS: u32 = 40;

/// The reference of the response with id `id` (a UUID in any case), e.g. `"1C9K-2H7Q"`;
/// `None` when `id` is not a UUID.
pub fn reference(id: &str) -> Option<String> {
    if !crate::record::is_uuid(id) {
        return None;
    }
    let hex: String = id.chars().filter(|c| *c != '-').take(10).collect();
    let value = u64::from_str_radix(&hex, 16).ok()?;
    let mut out = String::with_capacity(9);
    for i in 0..8 {
        if i == 4 {
            out.push('-');
        }
        let digit = (value >> (35 - 5 * i)) & 31;
        out.push(char::from(DIGITS[digit as usize]));
    }
    Some(out)
}

/// The id prefix a reference stands for: its 40 bits as 10 lower-case hex digits (the id's
/// first 8 digits, then the first 2 of its second group); `None` when `text` is not 8 base32
/// digits (hyphens and spaces ignored, any case, O read as 0, I and L as 1).
pub fn id_prefix(text: &str) -> Option<String> {
    let mut value: u64 = 0;
    let mut count = 0;
    for c in text.chars() {
        if c == '-' || c == ' ' {
            continue;
        }
        let c = match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        };
        let digit = DIGITS.iter().position(|d| char::from(*d) == c)?;
        count += 1;
        if count > 8 {
            return None;
        }
        value = (value << 5) | digit as u64;
    }
    (count == 8).then(|| format!("{value:010x}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_reads_back_as_its_ids_first_40_bits() {
        let id = "1c9a4f0e-7b3d-4e21-9f00-0123456789ab";
        let r = reference(id).unwrap();
        assert_eq!(r.len(), 9);
        assert_eq!(id_prefix(&r).unwrap(), "1c9a4f0e7b");
        assert_eq!(id_prefix(&r.to_lowercase()).unwrap(), "1c9a4f0e7b");
        assert_eq!(reference(&id.to_uppercase()), Some(r));
        assert_eq!(reference("not-a-uuid"), None);
        assert_eq!(id_prefix("ABCD-EFG"), None);
        assert_eq!(id_prefix("ABCD-EFGHJ"), None);
        assert_eq!(id_prefix("ABCD-EFGU"), None);
    }
}
