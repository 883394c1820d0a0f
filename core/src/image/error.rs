//! What can go wrong with a visitor's file: every failure is a value, never a panic.

use std::fmt;

/// Why an image could not be shrunk or cleaned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageError {
    /// Occurs when the bytes start like no format we decode (JPEG, PNG, WebP, GIF).
    NotAnImage,
    /// Occurs when the header claims more pixels than [`super::limits::MAX_PIXELS`] or a side
    /// longer than [`super::limits::MAX_SIDE`]: refused before any pixel memory is taken.
    TooLarge { width: u64, height: u64 },
    /// Occurs when the header says zero pixels wide or high.
    Empty,
    /// Occurs when the file ends early or its structure is broken (truncation, lying lengths).
    Malformed(String),
    /// Occurs when the format is recognised but this variant is not supported.
    Unsupported(String),
    /// Occurs when a buffer could not be allocated (memory is exhausted).
    OutOfMemory,
}

impl ImageError {
    /// A stable code for JS (`error.code`).
    pub fn code(&self) -> &'static str {
        match self {
            ImageError::NotAnImage => "not-an-image",
            ImageError::TooLarge { .. } => "too-large",
            ImageError::Empty => "empty",
            ImageError::Malformed(_) => "malformed",
            ImageError::Unsupported(_) => "unsupported",
            ImageError::OutOfMemory => "out-of-memory",
        }
    }

    pub(crate) fn malformed(what: impl fmt::Display) -> Self {
        ImageError::Malformed(what.to_string())
    }
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageError::NotAnImage => write!(f, "not a JPEG, PNG, WebP or GIF image"),
            ImageError::TooLarge { width, height } => {
                write!(f, "image of {width}x{height} pixels is over the limit")
            }
            ImageError::Empty => write!(f, "image has no pixels"),
            ImageError::Malformed(why) => write!(f, "broken image: {why}"),
            ImageError::Unsupported(why) => write!(f, "unsupported image: {why}"),
            ImageError::OutOfMemory => write!(f, "not enough memory for this image"),
        }
    }
}

impl std::error::Error for ImageError {}

/// A zeroed buffer, or [`ImageError::OutOfMemory`] instead of an abort.
pub(crate) fn buffer(len: usize) -> Result<Vec<u8>, ImageError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| ImageError::OutOfMemory)?;
    v.resize(len, 0);
    Ok(v)
}
