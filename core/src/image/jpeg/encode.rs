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
    let divisors = tables.map(|t| {
        let mut d = [0f32; 64];
        for (i, v) in d.iter_mut().enumerate() {
            *v = 1.0 / (f32::from(t[i]) * AAN[i / 8] * AAN[i % 8] * 8.0);
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
        for (k, &nat) in ZIGZAG.iter().enumerate() {
            // floor(x + 0.5) as libjpeg does, without a float round call.
            q[k] = (block[nat] * divisors[table][nat] + 16384.5) as i32 - 16384;
        }
        let (dc, ac) = &codes[table];
        let diff = q[0] - pred[component];
        pred[component] = q[0];
        bits.coded(dc, 0, diff);
        let mut run = 0u8;
        for &v in &q[1..] {
            if v == 0 {
                run += 1;
                continue;
            }
            while run >= 16 {
                bits.symbol(ac, 0xF0);
                run -= 16;
            }
            bits.coded(ac, run << 4, v);
            run = 0;
        }
        if run > 0 {
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
        self.acc = (self.acc << len) | u64::from(value & ((1u32 << len) - 1));
        self.n += len;
        while self.n >= 8 {
            self.n -= 8;
            let byte = (self.acc >> self.n) as u8;
            self.out.push(byte);
            if byte == 0xFF {
                self.out.push(0);
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
        if self.n > 0 {
            let pad = 8 - self.n;
            self.put((1 << pad) - 1, pad);
        }
        self.out
    }
}
