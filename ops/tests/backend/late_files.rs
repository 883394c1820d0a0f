//! A row sent ahead of its file (the page's keepalive as the tab closes,
//! docs/guarantees.md, "A late file") names an object that may never arrive: `export` says
//! per row whether its file is in the bucket, and `report` counts the files that never arrived.

use super::emails;
use super::support::{stack, stdout, Row};

const TIME: &str = "2026-11-04T09:00:00Z";
const ARRIVED: &str = "1791880000000_song.mp4";
const NEVER: &str = "1791880000001_dance.mp4";

fn seed(stack: &super::support::Stack) {
    let answers = emails::yes("Sing in the square", "Yes", "29");
    for (id, file) in [
        ("1a7e0001-0001-4000-8000-000000000001", Some(ARRIVED)),
        ("1a7e0002-0001-4000-8000-000000000002", Some(NEVER)),
        ("1a7e0003-0001-4000-8000-000000000003", None),
    ] {
        let row = emails::record_with_file(&answers, id, TIME, file);
        stack.insert(
            &stack.service_key,
            &serde_json::to_value(row).expect("json"),
        );
    }
    stack.upload(ARRIVED, "video/mp4", b"not really a video");
}

#[test]
fn export_says_which_rows_file_arrived() {
    let Some(stack) = stack() else { return };
    seed(&stack);
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["export", "--format", "jsonl"], &[]);
    assert!(output.status.success(), "{output:?}");
    let mut rows: Vec<Row> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON object per line"))
        .collect();
    rows.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    let arrived: Vec<_> = rows
        .iter()
        .map(|r| r["media_file_arrived"].clone())
        .collect();
    assert_eq!(
        arrived,
        [
            serde_json::json!(true),
            serde_json::json!(false),
            serde_json::Value::Null
        ]
    );

    let output = stack.tool(dir.path(), &["export", "--out", "all.csv"], &[]);
    assert!(output.status.success(), "{output:?}");
    let csv = std::fs::read_to_string(dir.path().join("all.csv")).expect("csv");
    assert!(
        csv.lines()
            .next()
            .expect("header")
            .ends_with(",media_file_arrived"),
        "{csv}"
    );
}

#[test]
fn report_counts_the_files_that_never_arrived() {
    let Some(stack) = stack() else { return };
    seed(&stack);
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["report", "--out", "r.html"], &[]);
    assert!(output.status.success(), "{output:?}");
    let html = std::fs::read_to_string(dir.path().join("r.html")).expect("report");
    assert!(
        html.contains("<li><b>1</b>files that never arrived</li>"),
        "{html}"
    );
}
