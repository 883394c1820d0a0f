//! Four tries at once: the last block of four consecutive nonces compressed side by side, one
//! per 32-bit lane of a wasm simd128 vector (the browser's solver, core/work.mk builds it with
//! simd128). One SHA-256 cannot be vectorised (each round needs the last), four independent
//! ones can; the word that holds the hash's leading bits is compared in all lanes at once.
//!
//! Why our own: the crates that hash several messages per vector (tape-sha256's
//! `hash_many_prefixed`) start every message from the initial state, so each try would cost
//! two compressions instead of one from the shared midstate; `sha2` has no multi-lane SHA-256.
//! In V8 four lanes make nearly twice the hashes per second of the compression alone
//! (search.rs; figures: commit 02c3807). The arithmetic is FIPS 180-4's; natively `Quad` is a
//! plain `[u32; 4]`, so `cargo test` checks the same rounds, and vitest checks the simd128
//! build against the scalar one.

use super::search::FinalBlock;
use quad::Quad;

/// SHA-256's round constants (FIPS 180-4, 4.2.2); `sha2` does not export them.
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// What stays the same for every four tries of one run of nonces (as many digits).
pub(super) struct Lanes {
    state: [u32; 8],
    /// The block's words, each in all four lanes; the words that hold digits are replaced.
    words: [Quad; 16],
    /// The words that hold the nonce's digits (at most 6 of the 16).
    varying: core::ops::RangeInclusive<usize>,
    /// A try holds when the hash's first word is at most this.
    max: u32,
}

impl Lanes {
    /// For the midstate `state`, the run's `block` and a first word below `limit` (at most 2^32).
    pub(super) fn new(state: &[u32; 8], block: &FinalBlock, limit: u64) -> Self {
        Self {
            state: *state,
            words: core::array::from_fn(|j| Quad::splat(word(&block.bytes, j))),
            varying: block.digits.start / 4..=(block.digits.end - 1) / 4,
            max: (limit - 1) as u32,
        }
    }

    /// Tries the block's nonce and the next three, leaving `block` four nonces on; the first lane
    /// (0 to 3) that holds. The caller keeps the four nonces within the block's run.
    pub(super) fn first(&self, block: &mut FinalBlock) -> Option<u64> {
        // The digits' words of each lane's nonce (at most 6 words).
        let mut lanes = [[0u32; 6]; 4];
        for lane in &mut lanes {
            for (at, j) in self.varying.clone().enumerate() {
                lane[at] = word(&block.bytes, j);
            }
            block.increment();
        }
        let mut words = self.words;
        for (at, j) in self.varying.clone().enumerate() {
            words[j] = Quad::from_lanes(lanes.map(|lane| lane[at]));
        }
        let held = compress(&self.state, words).lanes_at_most(self.max);
        (held != 0).then(|| u64::from(held.trailing_zeros()))
    }
}

/// Big-endian word `j` of a block.
fn word(bytes: &[u8; 64], j: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[4 * j..4 * j + 4]);
    u32::from_be_bytes(word)
}

/// The first word of each lane's hash: `state` compressed with the lanes' blocks `w`.
#[allow(unused_assignments, clippy::many_single_char_names)] // the last rounds feed `a` only
#[inline(always)]
fn compress(state: &[u32; 8], mut w: [Quad; 16]) -> Quad {
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = state.map(Quad::splat);
    macro_rules! round {
        ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $t:expr) => {
            if $t >= 16 {
                // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], in a ring of 16.
                w[$t % 16] = small_sigma1(w[($t + 14) % 16])
                    .add(w[($t + 9) % 16])
                    .add(small_sigma0(w[($t + 1) % 16]))
                    .add(w[$t % 16]);
            }
            let t1 = $h
                .add(big_sigma1($e))
                .add(Quad::select($e, $f, $g))
                .add(Quad::splat(K[$t]))
                .add(w[$t % 16]);
            $d = $d.add(t1);
            // Maj(a, b, c): b where a and c differ, else a.
            $h = t1.add(big_sigma0($a)).add(Quad::select($a.xor($c), $b, $a));
        };
    }
    macro_rules! eight {
        ($t:expr) => {
            round!(a, b, c, d, e, f, g, h, $t);
            round!(h, a, b, c, d, e, f, g, $t + 1);
            round!(g, h, a, b, c, d, e, f, $t + 2);
            round!(f, g, h, a, b, c, d, e, $t + 3);
            round!(e, f, g, h, a, b, c, d, $t + 4);
            round!(d, e, f, g, h, a, b, c, $t + 5);
            round!(c, d, e, f, g, h, a, b, $t + 6);
            round!(b, c, d, e, f, g, h, a, $t + 7);
        };
    }
    eight!(0);
    eight!(8);
    eight!(16);
    eight!(24);
    eight!(32);
    eight!(40);
    eight!(48);
    eight!(56);
    a.add(Quad::splat(state[0]))
}

#[inline(always)]
fn big_sigma0(x: Quad) -> Quad {
    x.rotr::<2>().xor(x.rotr::<13>()).xor(x.rotr::<22>())
}

#[inline(always)]
fn big_sigma1(x: Quad) -> Quad {
    x.rotr::<6>().xor(x.rotr::<11>()).xor(x.rotr::<25>())
}

#[inline(always)]
fn small_sigma0(x: Quad) -> Quad {
    x.rotr::<7>().xor(x.rotr::<18>()).xor(x.shr::<3>())
}

#[inline(always)]
fn small_sigma1(x: Quad) -> Quad {
    x.rotr::<17>().xor(x.rotr::<19>()).xor(x.shr::<10>())
}

/// Four 32-bit lanes: a wasm simd128 vector in the browser's build.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod quad {
    use core::arch::wasm32::*;

    #[derive(Clone, Copy)]
    pub(super) struct Quad(v128);

    impl Quad {
        #[inline(always)]
        pub(super) fn splat(x: u32) -> Self {
            Self(u32x4_splat(x))
        }
        #[inline(always)]
        pub(super) fn from_lanes(l: [u32; 4]) -> Self {
            Self(u32x4(l[0], l[1], l[2], l[3]))
        }
        #[inline(always)]
        pub(super) fn add(self, o: Self) -> Self {
            Self(u32x4_add(self.0, o.0))
        }
        #[inline(always)]
        pub(super) fn xor(self, o: Self) -> Self {
            Self(v128_xor(self.0, o.0))
        }
        /// Rotates each lane right by `R` (wasm has no vector rotate: two shifts and an or).
        #[inline(always)]
        pub(super) fn rotr<const R: u32>(self) -> Self {
            Self(v128_or(u32x4_shr(self.0, R), u32x4_shl(self.0, 32 - R)))
        }
        #[inline(always)]
        pub(super) fn shr<const R: u32>(self) -> Self {
            Self(u32x4_shr(self.0, R))
        }
        /// Per bit: `if_set` where `mask` is 1, else `if_clear`.
        #[inline(always)]
        pub(super) fn select(mask: Self, if_set: Self, if_clear: Self) -> Self {
            Self(v128_bitselect(if_set.0, if_clear.0, mask.0))
        }
        /// Bit `i` set when lane `i` is at most `max`.
        #[inline(always)]
        pub(super) fn lanes_at_most(self, max: u32) -> u32 {
            u32::from(u32x4_bitmask(u32x4_le(self.0, u32x4_splat(max))))
        }
    }
}

/// Four 32-bit lanes as a plain array: what `cargo test` runs natively.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod quad {
    #[derive(Clone, Copy)]
    pub(super) struct Quad([u32; 4]);

    impl Quad {
        pub(super) fn splat(x: u32) -> Self {
            Self([x; 4])
        }
        pub(super) fn from_lanes(l: [u32; 4]) -> Self {
            Self(l)
        }
        fn map2(self, o: Self, f: impl Fn(u32, u32) -> u32) -> Self {
            Self(core::array::from_fn(|i| f(self.0[i], o.0[i])))
        }
        pub(super) fn add(self, o: Self) -> Self {
            self.map2(o, u32::wrapping_add)
        }
        pub(super) fn xor(self, o: Self) -> Self {
            self.map2(o, |x, y| x ^ y)
        }
        pub(super) fn rotr<const R: u32>(self) -> Self {
            Self(self.0.map(|x| x.rotate_right(R)))
        }
        pub(super) fn shr<const R: u32>(self) -> Self {
            Self(self.0.map(|x| x >> R))
        }
        pub(super) fn select(mask: Self, if_set: Self, if_clear: Self) -> Self {
            Self(core::array::from_fn(|i| {
                (mask.0[i] & if_set.0[i]) | (!mask.0[i] & if_clear.0[i])
            }))
        }
        pub(super) fn lanes_at_most(self, max: u32) -> u32 {
            (0..4).filter(|&i| self.0[i] <= max).map(|i| 1 << i).sum()
        }
    }
}
