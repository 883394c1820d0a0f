//! The decoding entry point: any bytes must give a shrunk JPEG or an error value, never a
//! panic, and a result must respect the size box.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stepzero_core::image::{shrink_image, ShrinkOptions};

fuzz_target!(|data: &[u8]| {
    let options = ShrinkOptions { max_side: 64, ..ShrinkOptions::default() };
    if let Ok(out) = shrink_image(data, &options) {
        assert!(out.width.max(out.height) <= 64);
        assert!(!out.tried.is_empty());
    }
});
