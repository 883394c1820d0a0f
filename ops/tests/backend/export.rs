//! `export`: CSV and JSON Lines hold exactly what is stored (with `--with-emails`); without it
//! no email address; text a spreadsheet would run as a formula is defused; `--since` keeps
//! later responses only.

use super::emails;
use super::support::{stack, stdout, Row};
use serde_json::Value;

const RISKY: [&str; 4] = [
    "=HYPERLINK(\"http://evil.example\",\"click\")",
    "+1 555 0100",
    "-rf everything",
    "@SUM(A1:A9)",
];

fn seed(stack: &super::support::Stack) {
    let times = [
        "2026-10-30T23:59:59Z",
        "2026-11-01T00:00:00Z",
        "2026-11-02T12:00:00Z",
        "2026-11-05T08:00:00Z",
    ];
    for (i, (risky, time)) in RISKY.iter().zip(times).enumerate() {
        let answers = if i % 2 == 0 {
            emails::yes(risky, "Yes", "22")
        } else {
            emails::not_yet("Dance", risky, "a@b.co")
        };
        let id = format!("20000000-0000-4000-8000-00000000000{i}");
        let row = serde_json::to_value(emails::record(&answers, &id, time)).expect("json");
        stack.insert(&stack.service_key, &row);
    }
}

#[test]
fn jsonl_and_csv_round_trip_and_formulas_are_defused() {
    let Some(stack) = stack() else { return };
    seed(&stack);
    let stored = stack.rows();
    let dir = tempfile::tempdir().expect("dir");

    let output = stack.tool(
        dir.path(),
        &["export", "--format", "jsonl", "--with-emails"],
        &[],
    );
    assert!(output.status.success(), "{output:?}");
    let mut lines: Vec<Row> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON object per line"))
        .collect();
    lines.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    // Exactly what is stored, and the export's own last column (these rows name no file).
    for line in &mut lines {
        assert_eq!(line.remove("media_file_arrived"), Some(Value::Null));
    }
    assert_eq!(lines, stored);

    let output = stack.tool(
        dir.path(),
        &["export", "--out", "all.csv", "--with-emails"],
        &[],
    );
    assert!(output.status.success(), "{output:?}");
    let mut reader = csv::Reader::from_path(dir.path().join("all.csv")).expect("csv");
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header.len(), stored[0].len() + 1);
    assert_eq!(
        header.last().map(String::as_str),
        Some("media_file_arrived")
    );
    let mut records: Vec<csv::StringRecord> =
        reader.records().map(|r| r.expect("record")).collect();
    records.sort_by(|a, b| a[0].cmp(&b[0]));
    assert_eq!(header[0], "id");
    assert_eq!(records.len(), stored.len());
    let mut defused = 0;
    for (record, row) in records.iter().zip(&stored) {
        for (column, cell) in header.iter().zip(record.iter()) {
            let want = match row.get(column).unwrap_or(&Value::Null) {
                Value::Null => String::new(),
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            if RISKY.contains(&want.as_str()) {
                assert_eq!(cell, format!("'{want}"), "{column} is defused");
                defused += 1;
            } else {
                assert_eq!(cell, want, "{column}");
            }
        }
    }
    assert_eq!(defused, RISKY.len());
}

#[test]
fn since_keeps_responses_completed_from_that_day_on() {
    let Some(stack) = stack() else { return };
    seed(&stack);
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(
        dir.path(),
        &["export", "--format", "jsonl", "--since", "2026-11-01"],
        &[],
    );
    assert!(output.status.success(), "{output:?}");
    let ids: Vec<String> = stdout(&output)
        .lines()
        .map(|l| {
            serde_json::from_str::<Row>(l).expect("json")["id"]
                .as_str()
                .expect("id")
                .to_owned()
        })
        .collect();
    assert_eq!(
        ids,
        [1, 2, 3].map(|i| format!("20000000-0000-4000-8000-00000000000{i}"))
    );
    let bad = stack.tool(dir.path(), &["export", "--since", "01/11/2026"], &[]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("YYYY-MM-DD"));
}

#[test]
fn addresses_are_left_out_unless_asked_for() {
    let Some(stack) = stack() else { return };
    seed(&stack);
    let stored = stack.rows();
    assert!(stored.iter().any(|r| r["question5b_email"] == "a@b.co"));
    let dir = tempfile::tempdir().expect("dir");
    for format in ["jsonl", "csv"] {
        let output = stack.tool(dir.path(), &["export", "--format", format], &[]);
        assert!(output.status.success(), "{output:?}");
        let text = stdout(&output);
        assert!(
            !text.contains("a@b.co"),
            "{format} without --with-emails: {text}"
        );
        assert_eq!(
            text.lines().count(),
            stored.len() + usize::from(format == "csv")
        );
        if format == "jsonl" {
            for line in text.lines() {
                let row: Row = serde_json::from_str(line).expect("json");
                assert_eq!(
                    row["question5b_email"],
                    Value::Null,
                    "the column stays, empty"
                );
            }
        } else {
            assert!(text
                .lines()
                .next()
                .expect("header")
                .contains("question5b_email"));
        }
        let output = stack.tool(
            dir.path(),
            &["export", "--format", format, "--with-emails"],
            &[],
        );
        assert!(output.status.success(), "{output:?}");
        assert_eq!(
            stdout(&output).matches("a@b.co").count(),
            2,
            "{format} --with-emails"
        );
    }
}
