//! `cargo run --profile release-image --features image --example media_profile -- <file>...`:
//! where the image routine's time goes, stage by stage (decode, resize, orient, JPEG prepare,
//! the ladder), best of 5 runs per stage, native, built as the wasm is (`--release` optimises
//! for size). A PNG comes out of its decode already shrunk (decode/png.rs resizes row by
//! row), so its resize is in the decode's time. In the browser: tests/bench/image-profile.mjs.

use std::time::Instant;
use stepzero_core::image::{decode, jpeg, orient, resize, ShrinkOptions};

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        last = Some(v);
    }
    (best, last.expect("at least one run"))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = ShrinkOptions::default();
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path)?;
        let (t_decode, decoded) = best(5, || decode::decode(&bytes, Some(options.max_side)));
        let decoded = decoded?;
        let (w, h) = resize::fit(decoded.full_width, decoded.full_height, options.max_side);
        let (dw, dh) = decoded.image.dimensions();
        let (t_resize, small) = best(5, || resize::resize(decoded.image.clone(), w, h));
        let small = small?;
        let (t_orient, upright) = best(5, || orient::apply(small.clone(), decoded.orientation));
        let (t_prepare, prepared) = best(5, || jpeg::prepare(&upright));
        let prepared = prepared?;
        let (t_ladder, rungs) = best(5, || {
            let mut rungs = 0;
            for tenths in (options.min_tenths..=options.start_tenths).rev() {
                rungs += 1;
                if jpeg::encode(&prepared, tenths * 10).len() as u64 <= options.target_bytes {
                    break;
                }
            }
            rungs
        });
        println!(
            "{path}: decode {t_decode:.1} ms ({dw}x{dh}), resize {t_resize:.1} ms, orient {t_orient:.1} ms, \
             prepare {t_prepare:.1} ms, ladder {t_ladder:.1} ms ({rungs} rungs)"
        );
    }
    Ok(())
}
