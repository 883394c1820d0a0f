//! The image limits: checked against the header's claims before any pixel memory is taken,
//! so a small file that claims huge dimensions is refused at once.

use super::error::ImageError;
use image::Limits;

/// The most pixels we decode (a 50-megapixel phone photo fits; a bomb does not).
pub const MAX_PIXELS: u64 = 50_000_000;
/// The longest side we decode.
pub const MAX_SIDE: u64 = 20_000;
/// The most bytes a decoder may hold at once (decoded pixels plus its working buffers).
pub const MAX_DECODE_BYTES: usize = 320 * 1024 * 1024;

/// The limits handed to the image crate's decoders: the longest side and the memory a
/// decoder may hold. `MAX_PIXELS` has no field there; [`check`] covers it first.
pub fn decoder_limits() -> Limits {
    let mut limits = Limits::no_limits();
    limits.max_image_width = Some(MAX_SIDE as u32);
    limits.max_image_height = Some(MAX_SIDE as u32);
    limits.max_alloc = Some(MAX_DECODE_BYTES as u64);
    limits
}

/// Accepts `width` x `height` when both are positive and within the limits.
///
/// # Errors
/// [`ImageError::Empty`] for a zero side, [`ImageError::TooLarge`] over the limits.
pub fn check(width: u64, height: u64) -> Result<(), ImageError> {
    if width == 0 || height == 0 {
        return Err(ImageError::Empty);
    }
    if width > MAX_SIDE || height > MAX_SIDE || width.saturating_mul(height) > MAX_PIXELS {
        return Err(ImageError::TooLarge { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_photo_passes_and_a_bomb_does_not() {
        assert!(check(8160, 6120).is_ok());
        assert!(matches!(
            check(65_535, 65_535),
            Err(ImageError::TooLarge { .. })
        ));
        assert!(matches!(
            check(10_000, 10_000),
            Err(ImageError::TooLarge { .. })
        ));
        assert!(matches!(
            check(30_000, 10),
            Err(ImageError::TooLarge { .. })
        ));
        assert_eq!(check(0, 10), Err(ImageError::Empty));
    }
}
