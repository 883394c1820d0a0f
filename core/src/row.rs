//! The `survey_responses` row (spec section 3) and the one list of its columns, [`COLUMNS`]:
//! the email backup's parameters, the row's JSON and the import of an emailed row all walk it, so
//! a column is added or renamed here and nowhere else (serde reads the row from its fields).

use serde::{Deserialize, Serialize};

/// One row of `survey_responses`, keyed by its column names, ready for a plain insert.
/// Columns of a branch the visitor did not take are `None` (NULL).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SurveyResponse {
    /// Left out of the row when absent, so the database's default applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub id: Option<String>,
    pub question1_challenge: String,
    pub question2_source: String,
    pub question3_completed: String,
    pub question4a_discomfort: Option<String>,
    pub question4b_reason: Option<String>,
    pub question4b_other: Option<String>,
    pub question5a_another: Option<String>,
    pub question5b_reminder: Option<String>,
    pub question5b_email: Option<String>,
    pub question6_consent: String,
    pub question7_age: Option<u8>,
    pub question8_gender: String,
    pub terms_consent: bool,
    pub completion_time: String,
    pub user_agent: String,
    pub ip_address: String,
    pub survey_version: String,
    pub media_file_url: Option<String>,
    pub media_file_name: Option<String>,
    /// The proof of work (`work::solve`); left out of the row until solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub work_nonce: Option<String>,
}

/// Every column, in the struct's order (the order of the JSON and of the email's fields).
/// `tests/engine` checks the JSON written from this list against serde's row, so a field
/// left out of it fails there.
pub static COLUMNS: [Column; 21] = [
    // In the email too: an operator adding an emailed response by hand can tell whether an
    // earlier attempt already stored it.
    column!(id: OmittedWhenNull),
    column!(question1_challenge: Text),
    column!(question2_source: Text),
    column!(question3_completed: Text),
    column!(question4a_discomfort: Nullable),
    column!(question4b_reason: Nullable),
    column!(question4b_other: Nullable),
    column!(question5a_another: Nullable),
    column!(question5b_reminder: Nullable),
    column!(question5b_email: Nullable),
    column!(question6_consent: Text),
    column!(question7_age: Age),
    column!(question8_gender: Text),
    column!(terms_consent: Flag),
    column!(completion_time: Text),
    column!(user_agent: TextOrEmpty),
    column!(ip_address: Text),
    column!(survey_version: Text),
    column!(media_file_url: Nullable),
    column!(media_file_name: Nullable),
    // No email field of its own: only `stepzero-ops import` needs it, to tell a visitor's
    // email from a forged one, and it reads `response_json`.
    column!(work_nonce: OmittedWhenNull, emailed: false),
];

/// A [`Column`] named after its field, which is the name serde gives it in the row.
macro_rules! column {
    ($field:ident: $kind:ident) => {
        column!($field: $kind, emailed: true)
    };
    ($field:ident: $kind:ident, emailed: $emailed:literal) => {
        Column {
            name: stringify!($field),
            field: Field::$kind(Place {
                get: |row| &row.$field,
                set: |row| &mut row.$field,
            }),
            emailed: $emailed,
        }
    };
}
use column;

/// One column of the row.
pub struct Column {
    /// The column's name in the table: its field's name, and its key in the row's JSON and
    /// in the email.
    pub name: &'static str,
    pub field: Field,
    /// Whether the email backup has a template field for it (every column has one in the
    /// email's `response_json`).
    pub emailed: bool,
}

/// The field behind a column: its type, and what its absence means.
#[derive(Clone, Copy)]
pub enum Field {
    /// Text the table requires (NOT NULL): a row read without it is refused.
    Text(Place<String>),
    /// Text the engine always writes, empty when the browser had none (the user agent).
    TextOrEmpty(Place<String>),
    /// Text that may be NULL: a question not asked, a file not shared.
    Nullable(Place<Option<String>>),
    /// Text left out of the row when absent, as serde leaves it out, so the database supplies
    /// the id or asks for the proof of work.
    OmittedWhenNull(Place<Option<String>>),
    /// A whole number, NULL when none was given.
    Age(Place<Option<u8>>),
    /// True or false, never NULL.
    Flag(Place<bool>),
}

/// Where a field is in the row: one accessor to read it, one to write it.
pub struct Place<T> {
    pub get: fn(&SurveyResponse) -> &T,
    pub set: fn(&mut SurveyResponse) -> &mut T,
}

// Derived, `Clone` and `Copy` would ask the same of `T`; the accessors are copied either way.
impl<T> Clone for Place<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Place<T> {}

/// A column's value in one row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cell<'a> {
    Text(Option<&'a str>),
    Number(Option<u8>),
    Flag(bool),
}

impl Column {
    /// This column's value in `row`.
    pub fn cell<'a>(&self, row: &'a SurveyResponse) -> Cell<'a> {
        match self.field {
            Field::Text(place) | Field::TextOrEmpty(place) => Cell::Text(Some((place.get)(row))),
            Field::Nullable(place) | Field::OmittedWhenNull(place) => {
                Cell::Text((place.get)(row).as_deref())
            }
            Field::Age(place) => Cell::Number(*(place.get)(row)),
            Field::Flag(place) => Cell::Flag(*(place.get)(row)),
        }
    }

    /// This column's value in `row` as the email writes it: text, NULL as an empty string.
    pub fn text(&self, row: &SurveyResponse) -> String {
        match self.cell(row) {
            Cell::Text(text) => text.unwrap_or_default().to_owned(),
            Cell::Number(number) => number.map(|n| n.to_string()).unwrap_or_default(),
            Cell::Flag(flag) => flag.to_string(),
        }
    }
}
