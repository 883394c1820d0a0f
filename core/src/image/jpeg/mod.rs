//! A baseline JPEG encoder built for the quality ladder: [`prepare`] does the colour
//! transform, subsampling and DCT once; [`encode`] quantises and entropy-codes per quality.

mod encode;
mod prepare;
mod tables;

pub use encode::encode;
pub use prepare::{prepare, Prepared};
