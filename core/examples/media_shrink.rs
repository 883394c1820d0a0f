//! `cargo run --release --features image --example media_shrink -- <in> <out.jpg>`: shrinks a
//! file as the email backup does and prints the ladder (a manual check; the bench is in
//! tests/bench).

use std::time::Instant;
use stepzero_core::image::{shrink_image, ShrinkOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(input), Some(output)) = (args.get(1), args.get(2)) else {
        return Err("usage: media_shrink <in> <out.jpg>".into());
    };
    let bytes = std::fs::read(input)?;
    let start = Instant::now();
    let shrunk = shrink_image(&bytes, &ShrinkOptions::default())?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    std::fs::write(output, &shrunk.bytes)?;
    println!(
        "{input}: {}x{} -> {}x{}, quality 0.{}, {} bytes, {ms:.1} ms, tried {:?}",
        shrunk.source_width,
        shrunk.source_height,
        shrunk.width,
        shrunk.height,
        shrunk.tenths,
        shrunk.bytes.len(),
        shrunk.tried
    );
    Ok(())
}
