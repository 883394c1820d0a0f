//! The per-quality half of JPEG encoding: quantise the prepared coefficients and Huffman-code
//! them into a baseline JFIF file (4:2:0, standard Annex K codes).

use super::prepare::Prepared;
use super::tables::{
    quant_tables, HuffCodes, HuffSpec, AC_CHROMA, AC_LUMA, DC_CHROMA, DC_LUMA, ZIGZAG,
};

/// The AAN scale factors the float DCT leaves in its outputs.
const AAN: [f32; 8] = [
    1.0,
    1.387_039_8,
    1.306_563,
    1.175_875_6,
    1.0,
    0.785_694_96,
    0.541_196_1,
    0.275_899_38,
];

/// Encodes `prepared` at libjpeg `quality` (1..=100) into a complete JPEG file.
pub fn encode(prepared: &Prepared, quality: u8) -> Vec<u8> {
    let tables = quant_tables(quality);
    // The divisors in zigzag order, as the prepared blocks are: quantising is then one
    // straight multiply over 64 lanes, which the compiler turns into SIMD.
    let divisors = tables.map(|t| {
        let mut d = [0f32; 64];
        for (v, &nat) in d.iter_mut().zip(ZIGZAG.iter()) {
            *v = 1.0 / (f32::from(t[nat]) * AAN[nat / 8] * AAN[nat % 8] * 8.0);
        }
        d
    });
    let codes = [
        (HuffCodes::new(&DC_LUMA), HuffCodes::new(&AC_LUMA)),
        (HuffCodes::new(&DC_CHROMA), HuffCodes::new(&AC_CHROMA)),
    ];
    let mut out = Vec::with_capacity(64 * 1024);
    headers(&mut out, prepared, &tables);
    let mut bits = BitWriter { out, acc: 0, n: 0 };
    let mut pred = [0i32; 3];
    for (i, block) in prepared.blocks.iter().enumerate() {
        let component = match i % 6 {
            0..=3 => 0,
            c => c - 3,
        };
        let table = usize::from(component > 0);
        let mut q = [0i32; 64];
        for ((q, &c), &d) in q.iter_mut().zip(block).zip(&divisors[table]) {
            // floor(x + 0.5) as libjpeg does, without a float round call.
            *q = (c * d + 16384.5) as i32 - 16384;
        }
        // One bit per non-zero AC coefficient: the run-length loop then jumps from one to
        // the next instead of testing all 63 (at the ladder's low rungs most are zero).
        let mut nonzero = 0u64;
        for (k, &v) in q.iter().enumerate().skip(1) {
            nonzero |= u64::from(v != 0) << k;
        }
        let (dc, ac) = &codes[table];
        let diff = q[0] - pred[component];
        pred[component] = q[0];
        bits.coded(dc, 0, diff);
        let mut last = 0u32;
        while nonzero != 0 {
            let k = nonzero.trailing_zeros();
            nonzero &= nonzero - 1;
            let mut run = k - last - 1;
            while run >= 16 {
                bits.symbol(ac, 0xF0);
                run -= 16;
            }
            bits.coded(ac, (run as u8) << 4, q[k as usize]);
            last = k;
        }
        if last < 63 {
            bits.symbol(ac, 0x00);
        }
    }
    let mut out = bits.finish();
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

fn headers(out: &mut Vec<u8>, p: &Prepared, tables: &[[u16; 64]; 2]) {
    out.extend_from_slice(&[0xFF, 0xD8]);
    out.extend_from_slice(&[
        0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    ]);
    out.extend_from_slice(&[0xFF, 0xDB, 0, 132]);
    for (id, table) in tables.iter().enumerate() {
        out.push(id as u8);
        out.extend(ZIGZAG.iter().map(|&nat| table[nat] as u8));
    }
    let [wh, wl] = p.width.to_be_bytes();
    let [hh, hl] = p.height.to_be_bytes();
    out.extend_from_slice(&[
        0xFF, 0xC0, 0, 17, 8, hh, hl, wh, wl, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]);
    let specs: [(u8, &HuffSpec); 4] = [
        (0x00, &DC_LUMA),
        (0x10, &AC_LUMA),
        (0x01, &DC_CHROMA),
        (0x11, &AC_CHROMA),
    ];
    let len = 2 + specs.iter().map(|(_, s)| 17 + s.vals.len()).sum::<usize>();
    out.extend_from_slice(&[0xFF, 0xC4]);
    out.extend_from_slice(&(len as u16).to_be_bytes());
    for (class_id, spec) in specs {
        out.push(class_id);
        out.extend_from_slice(&spec.bits);
        out.extend_from_slice(spec.vals);
    }
    out.extend_from_slice(&[0xFF, 0xDA, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
}

/// Entropy-coded bits, most significant first, with a 0x00 after every 0xFF byte.
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    #[inline(always)]
    fn put(&mut self, value: u32, len: u32) {
        // Bits gather in a 64-bit word and leave four bytes at a time: a code is at most 16
        // bits plus 11 of value, so 32 waiting bits never overflow it.
        self.acc = (self.acc << len) | u64::from(value & ((1u32 << len) - 1));
        self.n += len;
        if self.n >= 32 {
            self.n -= 32;
            let word = (self.acc >> self.n) as u32;
            if !has_ff_byte(word) {
                self.out.extend_from_slice(&word.to_be_bytes());
            } else {
                for byte in word.to_be_bytes() {
                    self.out.push(byte);
                    if byte == 0xFF {
                        self.out.push(0);
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn symbol(&mut self, codes: &HuffCodes, symbol: u8) {
        let s = usize::from(symbol);
        self.put(u32::from(codes.code[s]), u32::from(codes.size[s]));
    }

    /// The symbol `run << 4 | size(value)` followed by the value's bits.
    #[inline(always)]
    fn coded(&mut self, codes: &HuffCodes, run: u8, value: i32) {
        let magnitude = value.unsigned_abs();
        let size = 32 - magnitude.leading_zeros();
        self.symbol(codes, run | size as u8);
        if size > 0 {
            let bits = if value < 0 {
                (value - 1) as u32
            } else {
                value as u32
            };
            self.put(bits, size);
        }
    }

    fn finish(mut self) -> Vec<u8> {
        let pad = (8 - self.n % 8) % 8;
        self.acc = (self.acc << pad) | ((1u64 << pad) - 1);
        self.n += pad;
        while self.n >= 8 {
            self.n -= 8;
            let byte = (self.acc >> self.n) as u8;
            self.out.push(byte);
            if byte == 0xFF {
                self.out.push(0);
            }
        }
        self.out
    }
}

/// Whether any byte of `word` is 0xFF (it must then be followed by a stuffed 0x00).
#[inline(always)]
fn has_ff_byte(word: u32) -> bool {
    let inverted = !word;
    inverted.wrapping_sub(0x0101_0101) & !inverted & 0x8080_8080 != 0
}
