//! The numbers the report shows, counted from the stored rows. Labels and their order come
//! from the engine's choice lists, so the report names answers exactly as the survey does.

use chrono::{DateTime, Datelike, Duration, NaiveDate};
use serde_json::{Map, Value};
use stepzero_core::choices::{Completed, Discomfort, Gender, Reason, YesNo};

/// A label and how many rows have it.
pub type Count = (String, usize);

/// One challenge whose sender consented to anonymous sharing (question 6 Yes).
#[derive(Debug, PartialEq)]
pub struct Shared {
    pub date: String,
    pub challenge: String,
    pub source: String,
    pub completed: String,
}

/// Everything the report shows.
#[derive(Debug, Default)]
pub struct Stats {
    pub total: usize,
    /// First and last completion day.
    pub span: Option<(NaiveDate, NaiveDate)>,
    /// "day", "week" or "month": how `over_time` is grouped.
    pub period: &'static str,
    pub over_time: Vec<Count>,
    pub completed: Vec<Count>,
    pub discomfort: Vec<Count>,
    pub reasons: Vec<Count>,
    pub other_reasons: Vec<String>,
    pub another: Vec<Count>,
    pub reminder: Vec<Count>,
    pub consent: Vec<Count>,
    pub age: Vec<Count>,
    pub gender: Vec<Count>,
    pub shared: Vec<Shared>,
    /// Rows naming a file that is not in the bucket (export's `media_file_arrived` false).
    pub files_missing: usize,
}

/// Age groups: (label, lowest, highest).
const AGE_GROUPS: [(&str, u64, u64); 8] = [
    ("Under 13", 1, 12),
    ("13–17", 13, 17),
    ("18–24", 18, 24),
    ("25–34", 25, 34),
    ("35–44", 35, 44),
    ("45–54", 45, 54),
    ("55–64", 55, 64),
    ("65 and over", 65, 200),
];

fn text<'a>(row: &'a Map<String, Value>, column: &str) -> Option<&'a str> {
    row.get(column).and_then(Value::as_str)
}

/// How many rows hold each label in `column`, in the labels' order.
fn tally<T: Copy>(rows: &[Map<String, Value>], column: &str, all: &[(T, &str)]) -> Vec<Count> {
    all.iter()
        .map(|(_, label)| {
            let n = rows
                .iter()
                .filter(|r| text(r, column) == Some(*label))
                .count();
            ((*label).to_owned(), n)
        })
        .collect()
}

/// The UTC day a row was completed, when its time reads.
fn day(row: &Map<String, Value>) -> Option<NaiveDate> {
    let time = text(row, "completion_time")?;
    DateTime::parse_from_rfc3339(time)
        .ok()
        .map(|t| t.naive_utc().date())
}

/// How the bars over time are grouped.
#[derive(Clone, Copy)]
enum Period {
    Day,
    Week,
    Month,
}

impl Period {
    fn name(self) -> &'static str {
        match self {
            Self::Day => "day",
            Self::Week => "week",
            Self::Month => "month",
        }
    }

    fn start(self, d: NaiveDate) -> NaiveDate {
        match self {
            Self::Day => d,
            Self::Week => d - Duration::days(d.weekday().num_days_from_monday().into()),
            Self::Month => d.with_day(1).unwrap_or(d),
        }
    }

    fn next(self, d: NaiveDate) -> Option<NaiveDate> {
        match self {
            Self::Day => d.succ_opt(),
            Self::Week => d.checked_add_signed(Duration::days(7)),
            Self::Month => d.checked_add_months(chrono::Months::new(1)),
        }
    }

    fn label(self, d: NaiveDate) -> String {
        match self {
            Self::Day => d.format("%Y-%m-%d").to_string(),
            Self::Week => format!("week of {}", d.format("%Y-%m-%d")),
            Self::Month => d.format("%Y-%m").to_string(),
        }
    }
}

/// Counts per day, per week (from Monday) or per month, gaps filled with zero, so the bars
/// stay readable on a phone: days up to two months, weeks up to a year.
fn over_time(days: &[NaiveDate]) -> (&'static str, Vec<Count>) {
    let (Some(first), Some(last)) = (days.iter().min(), days.iter().max()) else {
        return ("day", Vec::new());
    };
    let span = (*last - *first).num_days();
    let period = match span {
        ..=62 => Period::Day,
        63..=366 => Period::Week,
        _ => Period::Month,
    };
    let mut counts = Vec::new();
    let mut bucket = period.start(*first);
    while bucket <= *last {
        let Some(next) = period.next(bucket) else {
            break;
        };
        let n = days.iter().filter(|d| **d >= bucket && **d < next).count();
        counts.push((period.label(bucket), n));
        bucket = next;
    }
    (period.name(), counts)
}

/// The report's numbers for `rows`.
pub fn stats(rows: &[Map<String, Value>]) -> Stats {
    let days: Vec<NaiveDate> = rows.iter().filter_map(day).collect();
    let (period, over_time) = over_time(&days);
    let age = AGE_GROUPS
        .iter()
        .map(|(label, low, high)| {
            let n = rows
                .iter()
                .filter_map(|r| r.get("question7_age").and_then(Value::as_u64))
                .filter(|age| (low..=high).contains(&age))
                .count();
            ((*label).to_owned(), n)
        })
        .collect();
    let shared = rows
        .iter()
        .filter(|r| text(r, "question6_consent") == Some("Yes"))
        .map(|r| Shared {
            date: day(r).map(|d| d.to_string()).unwrap_or_default(),
            challenge: without_addresses(text(r, "question1_challenge").unwrap_or_default()),
            source: without_addresses(text(r, "question2_source").unwrap_or_default()),
            completed: text(r, "question3_completed")
                .unwrap_or_default()
                .to_owned(),
        })
        .collect();
    Stats {
        total: rows.len(),
        span: days.iter().min().copied().zip(days.iter().max().copied()),
        period,
        over_time,
        completed: tally(rows, "question3_completed", Completed::ALL),
        discomfort: tally(rows, "question4a_discomfort", Discomfort::ALL),
        reasons: tally(rows, "question4b_reason", Reason::ALL),
        other_reasons: rows
            .iter()
            .filter_map(|r| text(r, "question4b_other"))
            .map(without_addresses)
            .collect(),
        another: tally(rows, "question5a_another", YesNo::ALL),
        reminder: tally(rows, "question5b_reminder", YesNo::ALL),
        consent: tally(rows, "question6_consent", YesNo::ALL),
        age,
        gender: tally(rows, "question8_gender", Gender::ALL),
        shared,
        files_missing: rows
            .iter()
            .filter(|r| r.get(crate::export::FILE_ARRIVED_COLUMN) == Some(&Value::Bool(false)))
            .count(),
    }
}

/// `text` with every word holding an `@` (an email address a visitor typed into a free-text
/// answer, or anything like one) replaced: the report never shows an address, whichever column
/// it was typed in.
pub fn without_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(if word.contains('@') {
            "[address removed]"
        } else {
            word
        });
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn counts_follow_the_engines_labels_and_fill_empty_days() {
        let rows = [
            row(
                json!({"completion_time": "2026-11-01T10:00:00+00:00", "question3_completed": "Yes", "question4a_discomfort": "Neutral", "question6_consent": "Yes", "question1_challenge": "Sing", "question2_source": "TikTok", "question7_age": 12}),
            ),
            row(
                json!({"completion_time": "2026-11-03T23:30:00+00:00", "question3_completed": "Not Yet", "question4b_reason": "Other", "question4b_other": "Rain", "question6_consent": "No", "question5b_email": "a@b.co", "question7_age": 65}),
            ),
        ];
        let s = stats(&rows);
        assert_eq!(s.total, 2);
        assert_eq!(s.period, "day");
        let days: Vec<usize> = s.over_time.iter().map(|c| c.1).collect();
        assert_eq!(days, [1, 0, 1]);
        assert_eq!(s.completed, [("Yes".into(), 1), ("Not Yet".into(), 1)]);
        assert_eq!(s.discomfort[2], ("Neutral".into(), 1));
        assert_eq!(s.reasons[4], ("Other".into(), 1));
        assert_eq!(s.other_reasons, ["Rain"]);
        assert_eq!(s.age[0].1 + s.age[7].1, 2);
        assert_eq!(s.shared.len(), 1);
        assert_eq!(s.shared[0].challenge, "Sing");
    }

    #[test]
    fn long_spans_group_by_week_then_month() {
        let at = |d: &str| row(json!({"completion_time": format!("{d}T00:00:00Z")}));
        let s = stats(&[at("2026-01-01"), at("2026-06-01")]);
        assert_eq!(s.period, "week");
        assert_eq!(s.over_time.iter().map(|c| c.1).sum::<usize>(), 2);
        let s = stats(&[at("2024-01-31"), at("2026-06-01")]);
        assert_eq!(s.period, "month");
        assert_eq!(s.over_time.first().map(|c| c.0.as_str()), Some("2024-01"));
        assert_eq!(s.over_time.len(), 30);
    }
}
