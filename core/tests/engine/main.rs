//! Integration tests of the engine: the shared vectors (also read by the web tests) and the
//! property tests. Native only: the wasm build is tested through its JS API in `wasm_api.rs`.
#![cfg(not(target_arch = "wasm32"))]

mod email_size;
mod props;
mod record_check;
mod reference;
mod vectors;
mod work;
