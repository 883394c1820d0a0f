//! The solver's inner loop: the first nonce from `start` whose SHA-256 after a fixed prefix
//! starts with `bits` zero bits, at the cost of one SHA-256 compression per try.
//!
//! The work's format makes most of each hash the same for every try: the prefix fills the first
//! 64-byte block (hashed once, the "midstate"), and the last block holds the prefix's tail, the
//! nonce's digits, the padding and the length. That block is built once per run of nonces with
//! as many digits; each try then only counts its decimal digits up in place and compresses it.
//! `sha2`'s hasher (clone the midstate, update, finalize) cannot skip its buffering, padding and
//! output per try, so it is slower than `sha2::compress256` on the prebuilt block, in V8 and
//! natively (docs/decisions.md, "Abuse resistance"; figures: commit 02c3807); this loop is also
//! the flood bench's attacker.
//!
//! In the browser's wasm (built with simd128, core/work.mk) four consecutive nonces are
//! compressed at once, one per lane (`lanes.rs`); a window's leftovers go through the scalar
//! loop. Both give the same first nonce as the plain hasher: the tests compare them.

use super::lanes::Lanes;
use sha2::compress256;
use sha2::digest::generic_array::GenericArray;

/// SHA-256's initial state (FIPS 180-4, 5.3.3); `sha2` does not export it.
const IV: [u32; 8] = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// The last block of one try's message, with its nonce's decimal digits at `digits`: every
/// other byte (the prefix's tail, the padding, the length) is the same for all nonces of as
/// many digits.
pub(super) struct FinalBlock {
    pub(super) bytes: [u8; 64],
    pub(super) digits: core::ops::Range<usize>,
}

impl FinalBlock {
    /// The block for `nonce` after `tail` (the prefix past its whole blocks) in a message whose
    /// prefix is `prefix_len` bytes; `None` when tail, digits and padding need two blocks.
    fn new(tail: &[u8], prefix_len: usize, nonce: u64) -> Option<Self> {
        let mut text = [0u8; 20];
        let digits = decimal(nonce, &mut text);
        let end = tail.len() + digits.len();
        if end + 9 > 64 {
            return None;
        }
        let mut bytes = [0u8; 64];
        bytes[..tail.len()].copy_from_slice(tail);
        bytes[tail.len()..end].copy_from_slice(digits);
        bytes[end] = 0x80;
        let bit_len = ((prefix_len + digits.len()) as u64) * 8;
        bytes[56..].copy_from_slice(&bit_len.to_be_bytes());
        Some(Self {
            bytes,
            digits: tail.len()..end,
        })
    }

    /// The next nonce, as long as it has as many digits (the caller ends each run before).
    pub(super) fn increment(&mut self) {
        for digit in self.bytes[self.digits.clone()].iter_mut().rev() {
            if *digit == b'9' {
                *digit = b'0';
            } else {
                *digit += 1;
                return;
            }
        }
    }

    /// The first word of the hash: the midstate `state` compressed with this block.
    fn first_word(&self, state: &[u32; 8]) -> u32 {
        let mut out = *state;
        compress(&mut out, &self.bytes);
        out[0]
    }
}

/// The first nonce in `start..start + budget` (the end capped at `u64::MAX`, itself never tried)
/// whose hash after `prefix` has `bits` (at most 32) leading zero bits.
pub(super) fn first(prefix: &[u8], bits: u32, start: u64, budget: u64) -> Option<u64> {
    // Four lanes where one vector instruction does all four (the browser's simd128 build);
    // natively the scalar loop runs on SHA-NI, and the JavaScript translation has no vectors.
    let four = cfg!(all(target_arch = "wasm32", target_feature = "simd128"));
    first_with(prefix, bits, start, budget, four)
}

/// [`first`], four nonces at a time (`lanes.rs`) when `four`, the leftovers one at a time.
pub(super) fn first_with(
    prefix: &[u8],
    bits: u32,
    start: u64,
    budget: u64,
    four: bool,
) -> Option<u64> {
    let end = start.saturating_add(budget);
    if start >= end || bits > 32 {
        return None;
    }
    // `bits` zero bits at the start of the hash: its first word is below `limit`.
    let limit = 1u64 << (32 - bits);
    let whole = prefix.len() / 64 * 64;
    let mut state = IV;
    for block in prefix[..whole].chunks_exact(64) {
        compress(&mut state, block);
    }
    let mut nonce = start;
    while nonce < end {
        let run_end = end.min(next_power_of_ten(nonce));
        let Some(mut block) = FinalBlock::new(&prefix[whole..], prefix.len(), nonce) else {
            return plain(prefix, bits, nonce, end);
        };
        if four {
            let lanes = Lanes::new(&state, &block, limit);
            while run_end - nonce >= 4 {
                if let Some(lane) = lanes.first(&mut block) {
                    return Some(nonce + lane);
                }
                nonce += 4;
            }
            if nonce == run_end {
                continue;
            }
        }
        loop {
            if u64::from(block.first_word(&state)) < limit {
                return Some(nonce);
            }
            nonce += 1;
            if nonce == run_end {
                break;
            }
            block.increment();
        }
    }
    None
}

/// `state` compressed with one 64-byte `block` (`sha2`'s, SHA-NI where the CPU has it).
fn compress(state: &mut [u32; 8], block: &[u8]) {
    compress256(
        state,
        core::slice::from_ref(GenericArray::from_slice(block)),
    );
}

/// The same search with `sha2`'s hasher: the tests' reference, and the way on when the nonce
/// and the padding do not fit in the last block after the prefix's tail. A real row's tail is 7
/// or 8 bytes (its 13-digit time puts the prefix at 71 or 72); a time of a few digits, as in
/// tests, leaves a prefix under 64 bytes that the nonce spills over.
pub(super) fn plain(prefix: &[u8], bits: u32, start: u64, end: u64) -> Option<u64> {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(prefix);
    let mut digits = [0u8; 20];
    (start..end).find(|&nonce| {
        let mut hasher = hasher.clone();
        hasher.update(decimal(nonce, &mut digits));
        super::leading_zero_bits(&hasher.finalize()) >= bits
    })
}

/// The smallest power of ten above `n` (the first nonce with one more digit), or `u64::MAX`.
fn next_power_of_ten(n: u64) -> u64 {
    let mut power = 10u64;
    while power <= n {
        match power.checked_mul(10) {
            Some(next) => power = next,
            None => return u64::MAX,
        }
    }
    power
}

/// `n` in decimal, written into `buf` (no allocation, no formatter).
pub(super) fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[at..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*), so failures reproduce.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Both loops (one lane, four lanes) against `sha2`'s hasher on one window.
    fn same(prefix: &[u8], bits: u32, start: u64, budget: u64) {
        let want = plain(prefix, bits, start, start.saturating_add(budget));
        for four in [false, true] {
            assert_eq!(
                first_with(prefix, bits, start, budget, four),
                want,
                "prefix {:?}, bits {bits}, start {start}, budget {budget}, four {four}",
                String::from_utf8_lossy(prefix)
            );
        }
    }

    fn part_prefix(rng: &mut Rng) -> String {
        let id = format!(
            "{:08x}-0000-4000-8000-{:012x}",
            rng.next() as u32,
            rng.below(1 << 48)
        );
        let ms = rng.below(1 << 53) >> rng.below(50);
        super::super::part_message(&id, ms, rng.below(40) as u32, "")
    }

    #[test]
    fn finds_the_first_nonce_of_the_plain_hasher_on_random_windows() {
        let mut rng = Rng(0x5eed);
        for _ in 0..400 {
            let prefix = part_prefix(&mut rng);
            let bits = rng.below(11) as u32;
            let start = rng.next() >> rng.below(64);
            same(prefix.as_bytes(), bits, start, rng.below(3_000));
        }
    }

    #[test]
    fn every_small_window_from_zero() {
        let prefix = super::super::message("0b9f1c1e-6a1d-4a53-9a43-2f0e5c7d8e11", 7, "");
        for bits in [0, 1, 2, 3, 5] {
            for start in 0..40 {
                for budget in 0..12 {
                    same(prefix.as_bytes(), bits, start, budget);
                }
            }
        }
    }

    #[test]
    fn crosses_to_one_more_digit() {
        let mut rng = Rng(9);
        for digits in 1..=19u32 {
            let power = 10u64.pow(digits);
            for _ in 0..20 {
                let prefix = part_prefix(&mut rng);
                let bits = 3 + rng.below(5) as u32;
                same(
                    prefix.as_bytes(),
                    bits,
                    power - rng.below(9),
                    4 + rng.below(60),
                );
            }
        }
    }

    #[test]
    fn stops_below_u64_max() {
        let prefix = part_prefix(&mut Rng(3));
        for bits in [0, 2, 6, 9] {
            for back in [0, 1, 3, 4, 5, 100, 2_000] {
                same(prefix.as_bytes(), bits, u64::MAX - back, u64::MAX);
                same(prefix.as_bytes(), bits, u64::MAX - back, 7);
            }
        }
        assert_eq!(first(prefix.as_bytes(), 0, u64::MAX, 1), None); // an empty window
    }

    #[test]
    fn prefixes_of_every_length() {
        let text: Vec<u8> = (0..200).map(|i| b'a' + (i % 26) as u8).collect();
        for len in 0..=140 {
            same(&text[..len], 4, 999_999_990, 300); // 9 and 10 digits
            same(&text[..len], 2, u64::MAX - 50, 100); // 20 digits: two blocks from a tail of 36
        }
    }

    #[test]
    fn refuses_more_than_32_bits_and_finds_none_in_a_short_window() {
        let prefix = part_prefix(&mut Rng(4));
        assert_eq!(first(prefix.as_bytes(), 33, 0, 1 << 20), None);
        same(prefix.as_bytes(), 32, 0, 10_000);
    }

    #[test]
    fn next_power_of_ten_bounds_each_run() {
        assert_eq!(next_power_of_ten(0), 10);
        assert_eq!(next_power_of_ten(9), 10);
        assert_eq!(next_power_of_ten(10), 100);
        assert_eq!(next_power_of_ten(999_999_999), 1_000_000_000);
        assert_eq!(next_power_of_ten(10u64.pow(19) - 1), 10u64.pow(19));
        assert_eq!(next_power_of_ten(10u64.pow(19)), u64::MAX);
        assert_eq!(next_power_of_ten(u64::MAX), u64::MAX);
    }
}
