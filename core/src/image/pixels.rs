//! An RGB picture in memory, and the conversions every decoder shares: grey to RGB, CMYK to
//! RGB, and transparent pixels laid on white (JPEG has no alpha; white is what a visitor
//! expects behind a logo or a screenshot, never black).

use super::error::{buffer, ImageError};

/// 8-bit RGB pixels, row by row, no padding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgb {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

/// The layouts decoders hand over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Gray,
    GrayAlpha,
    Rgb,
    Rgba,
    /// Adobe-style (inverted) CMYK, as Photoshop writes it.
    Cmyk,
}

impl Layout {
    fn channels(self) -> usize {
        match self {
            Layout::Gray => 1,
            Layout::GrayAlpha => 2,
            Layout::Rgb => 3,
            Layout::Rgba | Layout::Cmyk => 4,
        }
    }
}

/// `value` over white with opacity `alpha`, rounded.
#[inline]
fn on_white(value: u8, alpha: u8) -> u8 {
    let (v, a) = (u32::from(value), u32::from(alpha));
    ((v * a + 255 * (255 - a) + 127) / 255) as u8
}

impl Rgb {
    /// Converts `data` in `layout` to RGB; alpha is laid on white.
    ///
    /// # Errors
    /// [`ImageError::Malformed`] when `data` is shorter than the dimensions say,
    /// [`ImageError::OutOfMemory`] when the buffer cannot be had.
    pub fn from_layout(
        width: u32,
        height: u32,
        layout: Layout,
        data: &[u8],
    ) -> Result<Rgb, ImageError> {
        let count = width as usize * height as usize;
        let src = data
            .get(..count * layout.channels())
            .ok_or_else(|| ImageError::malformed("fewer pixels than the header says"))?;
        if layout == Layout::Rgb {
            return Ok(Rgb {
                width,
                height,
                pixels: src.to_vec(),
            });
        }
        let mut pixels = buffer(count * 3)?;
        let out = pixels.chunks_exact_mut(3);
        match layout {
            Layout::Gray => out.zip(src).for_each(|(o, &g)| o.fill(g)),
            Layout::GrayAlpha => out
                .zip(src.chunks_exact(2))
                .for_each(|(o, p)| o.fill(on_white(p[0], p[1]))),
            Layout::Rgba => out.zip(src.chunks_exact(4)).for_each(|(o, p)| {
                o.copy_from_slice(&[
                    on_white(p[0], p[3]),
                    on_white(p[1], p[3]),
                    on_white(p[2], p[3]),
                ])
            }),
            Layout::Cmyk => out.zip(src.chunks_exact(4)).for_each(|(o, p)| {
                let k = u32::from(p[3]);
                let ink = |c: u8| ((u32::from(c) * k + 127) / 255) as u8;
                o.copy_from_slice(&[ink(p[0]), ink(p[1]), ink(p[2])])
            }),
            Layout::Rgb => {}
        }
        Ok(Rgb {
            width,
            height,
            pixels,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transparent_becomes_white_and_opaque_stays() {
        let rgba = [10, 20, 30, 0, 10, 20, 30, 255, 0, 0, 0, 128];
        let rgb = Rgb::from_layout(3, 1, Layout::Rgba, &rgba).unwrap();
        assert_eq!(rgb.pixels, vec![255, 255, 255, 10, 20, 30, 127, 127, 127]);
    }

    #[test]
    fn short_data_is_an_error_not_a_panic() {
        assert!(matches!(
            Rgb::from_layout(4, 4, Layout::Gray, &[0; 15]),
            Err(ImageError::Malformed(_))
        ));
    }
}
