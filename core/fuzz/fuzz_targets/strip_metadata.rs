//! Metadata stripping: any bytes give a cleaned file or an error value; cleaning is
//! idempotent and never grows a file by more than the minimal orientation block.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stepzero_core::image::strip::strip_metadata;

fuzz_target!(|data: &[u8]| {
    if let Ok(out) = strip_metadata(data) {
        assert!(out.bytes.len() <= data.len() + 64);
        if let Ok(again) = strip_metadata(&out.bytes) {
            assert_eq!(again.bytes.len(), out.bytes.len());
        }
    }
});
