//! The email backup's template parameters (spec section 7.3): every survey field plus what
//! became of the attachment. Only a compressed image of at most 40,960 bytes travels in the
//! email; any other file is described, not attached.

use crate::constants::{EMAIL_ATTACHMENT_MAX_BYTES, MAX_FILE_NAME_CHARS, MAX_MIME_TYPE_CHARS};
use crate::record::cap;
use crate::row::{SurveyResponse, COLUMNS};
use crate::{flow, Answers};
use serde::Deserialize;

/// What the shell knows about the attachment when the email backup is sent. A field absent or
/// `null` is empty, 0 or false (an entry kept by an earlier build is read back).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FileInfo {
    #[serde(default, deserialize_with = "crate::tolerant::null_as_default")]
    pub name: String,
    #[serde(
        rename = "type",
        default,
        deserialize_with = "crate::tolerant::null_as_default"
    )]
    pub mime_type: String,
    /// The original size in bytes.
    #[serde(default, deserialize_with = "crate::tolerant::null_as_default")]
    pub size: f64,
    /// Whether the original reached the storage bucket.
    #[serde(default, deserialize_with = "crate::tolerant::null_as_default")]
    pub uploaded: bool,
    /// The compressed JPEG as base64, when the image could be shrunk.
    #[serde(default)]
    pub base64: Option<String>,
    /// The compressed JPEG's size in bytes.
    #[serde(default)]
    pub compressed_size: Option<f64>,
}

/// The EmailJS `template_params`: every column of the record that has a field of its own
/// ([`crate::row::Column::emailed`]) as text, NULL as an empty string; the thank-you type; the
/// id and the proof of work as JSON (`response_json`, for the operator's import tool); and the
/// `file_*` fields, as (name, value) pairs in that order. With the photo left out, the largest
/// valid response fits EmailJS's 50 KB request (the file's name and type are capped here as
/// the record caps them).
pub fn email_params(
    answers: &Answers,
    record: &SurveyResponse,
    file: Option<&FileInfo>,
) -> Vec<(&'static str, String)> {
    let mut params: Vec<(&'static str, String)> = COLUMNS
        .iter()
        .filter(|column| column.emailed)
        .map(|column| (column.name, column.text(record)))
        .collect();
    params.push((
        "thank_you_type",
        flow::thank_you_type(answers).label().to_owned(),
    ));
    // The id and the proof of work, for the operator's import tool, which reads every other
    // column from its own field (record_json.rs): no answer travels twice.
    params.push(("response_json", record.to_email_json()));
    params.extend(file_params(record, file));
    params
}

/// The `file_*` fields.
fn file_params(record: &SurveyResponse, file: Option<&FileInfo>) -> [(&'static str, String); 9] {
    let Some(file) = file else {
        return [
            ("file_info", "No file attached".to_owned()),
            ("file_uploaded", "false".to_owned()),
            ("file_base64", String::new()),
            ("file_type", String::new()),
            ("file_name", String::new()),
            ("file_size", String::new()),
            ("file_compressed", "false".to_owned()),
            ("file_compressed_size", String::new()),
            ("file_download_note", "No file was attached.".to_owned()),
        ];
    };
    let is_image = file.mime_type.to_ascii_lowercase().starts_with("image/");
    let compressed = file
        .base64
        .as_ref()
        .zip(file.compressed_size)
        .filter(|(_, size)| is_image && *size >= 0.0 && *size <= EMAIL_ATTACHMENT_MAX_BYTES as f64);
    let size = whole_bytes(file.size);
    let name = cap(&file.name, MAX_FILE_NAME_CHARS);
    let mime_type = cap(&file.mime_type, MAX_MIME_TYPE_CHARS);
    let note = match (&compressed, file.uploaded) {
        (_, true) => format!(
            "The original file is stored in the survey_media bucket as {}.",
            record.media_file_url.as_deref().unwrap_or("(unknown path)")
        ),
        (Some(_), false) => {
            "A compressed JPEG copy of the image is attached as file_base64.".to_owned()
        }
        (None, false) if is_image => {
            "The image was still over 40 KB after compression, so only its details are included."
                .to_owned()
        }
        (None, false) => {
            "Only images travel by email: this file's details are included, not the file."
                .to_owned()
        }
    };
    [
        ("file_info", format!("{name} ({mime_type}, {size} bytes)")),
        ("file_uploaded", file.uploaded.to_string()),
        (
            "file_base64",
            compressed.map(|(data, _)| data.clone()).unwrap_or_default(),
        ),
        ("file_type", mime_type),
        ("file_name", name),
        ("file_size", size.to_string()),
        ("file_compressed", compressed.is_some().to_string()),
        (
            "file_compressed_size",
            compressed
                .map(|(_, n)| whole_bytes(n).to_string())
                .unwrap_or_default(),
        ),
        ("file_download_note", note),
    ]
}

/// A byte count from JS, as a whole non-negative number.
fn whole_bytes(value: f64) -> u64 {
    if value.is_finite() && value > 0.0 {
        value as u64
    } else {
        0
    }
}
