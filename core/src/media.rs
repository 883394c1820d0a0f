//! Attachments: which files are accepted (spec sections 5 and 9) and the storage object name
//! they are uploaded under (spec section 3, "Uploaded media").

use crate::constants::MAX_ATTACHMENT_BYTES;
use crate::validate::{ErrorCode, FieldError};
use crate::EngineError;

/// The accepted types with the extensions that stand for them when the browser gives no type
/// (or a generic one). These are exactly the bucket's `allowed_mime_types` (plus `video/*`,
/// which the bucket allows whole): a file accepted here is never refused by storage.
const ACCEPTED: [(&str, &[&str]); 23] = [
    ("image/jpeg", &["jpg", "jpeg"]),
    ("image/png", &["png"]),
    ("image/gif", &["gif"]),
    ("image/webp", &["webp"]),
    ("image/heic", &["heic"]),
    ("image/heif", &["heif"]),
    ("image/bmp", &["bmp"]),
    ("image/tiff", &["tif", "tiff"]),
    ("image/avif", &["avif"]),
    ("video/mp4", &["mp4"]),
    ("video/quicktime", &["mov"]),
    ("video/x-m4v", &["m4v"]),
    ("video/webm", &["webm"]),
    ("video/x-matroska", &["mkv"]),
    ("video/x-msvideo", &["avi"]),
    ("video/3gpp", &["3gp"]),
    ("video/ogg", &["ogv"]),
    ("video/mpeg", &["mpeg", "mpg"]),
    ("application/pdf", &["pdf"]),
    ("application/msword", &["doc"]),
    (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        &["docx"],
    ),
    ("text/plain", &["txt"]),
    ("video/x-ms-wmv", &["wmv"]),
];

/// Whether a file must have its metadata removed before it is uploaded: a photo, recognised by
/// its first bytes (JPEG, PNG, WebP, GIF, the HEIF family with HEIC and AVIF, TIFF) whatever
/// type the browser declared, or a file declared (or named) as an image whose content is not
/// recognised — so a photo whose location cannot be removed is never uploaded as it is. BMP
/// holds no metadata; videos and documents are uploaded as chosen.
pub fn needs_metadata_removal(head: &[u8], mime_type: &str, name: &str) -> bool {
    let starts = |at: usize, sig: &[u8]| head.get(at..at + sig.len()) == Some(sig);
    let photo = starts(0, &[0xFF, 0xD8, 0xFF])
        || starts(0, b"\x89PNG\r\n\x1a\n")
        || (starts(0, b"RIFF") && starts(8, b"WEBP"))
        || starts(0, b"GIF8")
        || starts(4, b"ftyp")
        || starts(0, b"II*\0")
        || starts(0, b"MM\0*");
    if photo {
        return !starts(4, b"ftyp") || is_heif_brand(head.get(8..12).unwrap_or_default());
    }
    if starts(0, b"BM") {
        return false;
    }
    upload_content_type(mime_type, name)
        .is_some_and(|t| t.starts_with("image/") && t != "image/bmp")
}

/// The `ftyp` major brands of HEIF still images (HEIC, AVIF and their sequences): an `ftyp`
/// with another brand is an MP4 or QuickTime video.
pub(crate) fn is_heif_brand(brand: &[u8]) -> bool {
    matches!(
        brand,
        b"heic"
            | b"heix"
            | b"heim"
            | b"heis"
            | b"hevc"
            | b"hevx"
            | b"mif1"
            | b"msf1"
            | b"heif"
            | b"avif"
            | b"avis"
    )
}

/// The longest sanitised file name kept in an object name.
const MAX_OBJECT_FILE_CHARS: usize = 200;

/// Checks a chosen file: at most 10 MB, and an image, video, PDF, Word or text file by its
/// MIME type or, failing that, its extension. SVG is refused: it can carry script.
///
/// # Errors
/// [`EngineError::BadArgument`] when `size` is negative or not a number.
pub fn check_attachment(
    size: f64,
    mime_type: &str,
    name: &str,
) -> Result<Option<FieldError>, EngineError> {
    if size.is_nan() || size < 0.0 {
        // No `{size}` here: formatting a float would add kilobytes to the wasm.
        return Err(EngineError::BadArgument(
            "file size is not a byte count".into(),
        ));
    }
    let code = if size > MAX_ATTACHMENT_BYTES as f64 {
        Some(ErrorCode::FileTooLarge)
    } else if !is_accepted(mime_type, name) {
        Some(ErrorCode::FileTypeNotAccepted)
    } else {
        None
    };
    Ok(code.map(|code| FieldError::new("attachment", code)))
}

fn is_accepted(mime_type: &str, name: &str) -> bool {
    upload_content_type(mime_type, name).is_some()
}

/// The MIME type to upload a file with: its own type when that is accepted (any `video/*`
/// counts), else the type its extension stands for; `None` when neither is accepted. A
/// browser often gives no type (or `application/octet-stream`), which storage would refuse.
/// SVG is never accepted, whatever it claims: it can carry script.
pub fn upload_content_type(mime_type: &str, name: &str) -> Option<String> {
    let mime = mime_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let extension = extension(name).map(str::to_ascii_lowercase);
    if mime.starts_with("image/svg") || extension.as_deref() == Some("svg") {
        return None;
    }
    let listed = ACCEPTED.iter().any(|(accepted, _)| *accepted == mime);
    if listed || (mime.starts_with("video/") && mime.len() > "video/".len()) {
        return Some(mime);
    }
    let extension = extension?;
    ACCEPTED
        .iter()
        .find(|(_, extensions)| extensions.contains(&extension.as_str()))
        .map(|(accepted, _)| (*accepted).to_owned())
}

/// The part of `name` after its last dot, if there is one and something precedes it.
fn extension(name: &str) -> Option<&str> {
    name.rsplit_once('.')
        .filter(|(stem, ext)| !stem.is_empty() && !ext.is_empty())
        .map(|(_, ext)| ext)
}

/// The storage object name: `<ms>_<name>` with every character other than an ASCII letter,
/// digit, `.` or `-` replaced by `_` (one per character, so non-ASCII letters become `_`
/// too: storage keys stay plain ASCII). An empty name becomes `file`; a name of only dots has
/// them replaced, so no key ends in a `.`/`..` segment; a long name keeps its start and its
/// extension within 200 characters. A negative or fractional timestamp is floored at 0.
pub fn storage_object_name(timestamp_ms: f64, name: &str) -> String {
    let ms = if timestamp_ms.is_finite() && timestamp_ms > 0.0 {
        timestamp_ms.floor() as u64
    } else {
        0
    };
    format!("{ms}_{}", sanitise_file_name(name))
}

/// The file-name part of [`storage_object_name`].
pub fn sanitise_file_name(name: &str) -> String {
    let mut safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        return "file".to_owned();
    }
    if safe.bytes().all(|b| b == b'.') {
        safe = "_".repeat(safe.len());
    }
    if safe.len() > MAX_OBJECT_FILE_CHARS {
        // ASCII only by now, so byte indices are character indices.
        let ext = extension(&safe)
            .filter(|ext| ext.len() < 20)
            .unwrap_or_default();
        let keep = MAX_OBJECT_FILE_CHARS - if ext.is_empty() { 0 } else { ext.len() + 1 };
        let start = safe.get(..keep).unwrap_or_default();
        safe = if ext.is_empty() {
            start.to_owned()
        } else {
            format!("{start}.{ext}")
        };
    }
    safe
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_keep_their_extension() {
        let name = format!("{}.jpeg", "a".repeat(500));
        let safe = sanitise_file_name(&name);
        assert_eq!(safe.len(), 200);
        assert!(safe.ends_with("aaa.jpeg"));
    }

    #[test]
    fn nan_and_negative_sizes_are_errors() {
        assert!(check_attachment(f64::NAN, "image/png", "a.png").is_err());
        assert!(check_attachment(-1.0, "image/png", "a.png").is_err());
    }
}
