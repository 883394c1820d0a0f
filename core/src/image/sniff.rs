//! Which format a file is, by its first bytes (never by its name or claimed MIME type): the
//! image crate's signature table, narrowed to the four formats the routine reads.

use image::ImageFormat;

/// The formats the image routine reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Jpeg,
    Png,
    WebP,
    Gif,
    /// HEIC, AVIF and the rest of the HEIF family: metadata stripping only (`sniff` never
    /// names it, so nothing tries to decode one).
    Heif,
}

impl Format {
    /// The format whose signature `bytes` start with, if it is one of the four.
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        match image::guess_format(bytes).ok()? {
            ImageFormat::Jpeg => Some(Format::Jpeg),
            ImageFormat::Png => Some(Format::Png),
            ImageFormat::WebP => Some(Format::WebP),
            ImageFormat::Gif => Some(Format::Gif),
            _ => None,
        }
    }

    /// The image crate's name for it; none for HEIF, which the image crate does not read.
    pub fn image_format(self) -> Option<ImageFormat> {
        match self {
            Format::Jpeg => Some(ImageFormat::Jpeg),
            Format::Png => Some(ImageFormat::Png),
            Format::WebP => Some(ImageFormat::WebP),
            Format::Gif => Some(ImageFormat::Gif),
            Format::Heif => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_decide_and_text_is_not_an_image() {
        assert_eq!(Format::sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(Format::Jpeg));
        assert_eq!(Format::sniff(b"\x89PNG\r\n\x1a\n...."), Some(Format::Png));
        assert_eq!(Format::sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(Format::WebP));
        assert_eq!(Format::sniff(b"GIF89a"), Some(Format::Gif));
        assert_eq!(Format::sniff(b"%PDF-1.7"), None);
        assert_eq!(Format::sniff(b"RIFF"), None);
        assert_eq!(Format::sniff(b""), None);
        // Formats the image crate knows but the routine does not read.
        assert_eq!(Format::sniff(b"BM\0\0\0\0\0\0\0\0"), None);
        assert_eq!(Format::sniff(b"II*\0\x08\0\0\0"), None);
    }
}
