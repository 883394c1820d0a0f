//! `cargo run --release --features image --example media_psnr -- <original> <shrunk.jpg>...`
//! prints, for each shrunk JPEG, its PSNR (dB, RGB) against a high-quality reference: the
//! original decoded at full scale, turned upright, resized in f64 with a separable Lanczos3
//! to the shrunk file's size. One JSON object per line (tests/bench reads them).

use stepzero_core::image::{decode, orient, pixels::Rgb};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (original, shrunk) = args
        .split_first()
        .ok_or("usage: media_psnr <original> <shrunk.jpg>...")?;
    let source = decode::decode(&std::fs::read(original)?, None)?;
    let upright = orient::apply(source.image, source.orientation);
    let mut cache: Option<(u32, u32, Vec<f64>)> = None;
    for path in shrunk {
        let out = decode::decode(&std::fs::read(path)?, None)?.image;
        let reference = match &cache {
            Some((w, h, r)) if (*w, *h) == out.dimensions() => r.clone(),
            _ => {
                let r = lanczos(&upright, out.width(), out.height());
                cache = Some((out.width(), out.height(), r.clone()));
                r
            }
        };
        let mse = reference
            .iter()
            .zip(out.as_raw())
            .map(|(a, &b)| (a.round().clamp(0.0, 255.0) - f64::from(b)).powi(2))
            .sum::<f64>()
            / reference.len() as f64;
        let psnr = 10.0 * (255.0f64 * 255.0 / mse.max(1e-12)).log10();
        println!(
            "{{\"file\":{path:?},\"width\":{},\"height\":{},\"psnr\":{psnr:.3}}}",
            out.width(),
            out.height()
        );
    }
    Ok(())
}

fn sinc(x: f64) -> f64 {
    if x.abs() < 1e-12 {
        1.0
    } else {
        let p = std::f64::consts::PI * x;
        p.sin() / p
    }
}

/// Weights of a Lanczos3 resample from `src` samples to `dst` samples (support scaled).
fn weights(src: usize, dst: usize) -> Vec<(usize, Vec<f64>)> {
    let scale = src as f64 / dst as f64;
    let support = 3.0 * scale.max(1.0);
    (0..dst)
        .map(|i| {
            let center = (i as f64 + 0.5) * scale;
            let lo = (center - support).floor().max(0.0) as usize;
            let hi = ((center + support).ceil() as usize).min(src);
            let mut w: Vec<f64> = (lo..hi)
                .map(|j| {
                    let x = (j as f64 + 0.5 - center) / scale.max(1.0);
                    if x.abs() < 3.0 {
                        sinc(x) * sinc(x / 3.0)
                    } else {
                        0.0
                    }
                })
                .collect();
            let sum: f64 = w.iter().sum();
            w.iter_mut().for_each(|v| *v /= sum);
            (lo, w)
        })
        .collect()
}

fn lanczos(image: &Rgb, width: u32, height: u32) -> Vec<f64> {
    let (sw, sh, dw, dh) = (
        image.width() as usize,
        image.height() as usize,
        width as usize,
        height as usize,
    );
    let wx = weights(sw, dw);
    let mut mid = vec![0.0; dw * sh * 3];
    for y in 0..sh {
        for (x, (lo, w)) in wx.iter().enumerate() {
            for c in 0..3 {
                mid[(y * dw + x) * 3 + c] = w
                    .iter()
                    .enumerate()
                    .map(|(k, v)| v * f64::from(image.as_raw()[(y * sw + lo + k) * 3 + c]))
                    .sum();
            }
        }
    }
    let wy = weights(sh, dh);
    let mut out = vec![0.0; dw * dh * 3];
    for (y, (lo, w)) in wy.iter().enumerate() {
        for x in 0..dw * 3 {
            out[y * dw * 3 + x] = w
                .iter()
                .enumerate()
                .map(|(k, v)| v * mid[(lo + k) * dw * 3 + x])
                .sum();
        }
    }
    out
}
