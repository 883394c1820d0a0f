//! Integration tests of the engine: the shared vectors (also read by the web tests) and the
//! property tests.

mod props;
mod vectors;
