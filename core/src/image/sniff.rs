//! Which format a file is, by its first bytes (never by its name or claimed MIME type): the
//! image crate's signature table, narrowed to the four formats the routine reads.

use image::ImageFormat;

/// How many of a file's first bytes [`Format::sniff`] reads at most (the image crate's longest
/// signature is WebP's 12): a prefix this long names the same format as the whole file.
pub const SIGNATURE_LEN: usize = 16;

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
        // A prefix of SIGNATURE_LEN bytes is enough for every signature.
        for whole in [
            &b"RIFF\x10\0\0\0WEBPVP8 \0\0\0\0\0"[..],
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0",
            b"\0\0\0\x1cftypavif\0\0\0\0avif",
        ] {
            assert_eq!(Format::sniff(&whole[..SIGNATURE_LEN]), Format::sniff(whole));
        }
    }
}
