//! `report`: its numbers are the stored rows' numbers; the sharing list holds only the
//! challenges of senders who consented, and no e-mail address; nothing is fetched.

use super::emails;
use super::support::{stack, Row};
use stepzero_core::choices::{Completed, Discomfort, Gender, Reason, YesNo};

/// The count the figure `id` shows for `label` in its data table.
fn shown(html: &str, id: &str, label: &str) -> usize {
    let start = html.find(&format!("<figure id=\"{id}\">")).expect("figure");
    let figure = &html[start..start + html[start..].find("</figure>").expect("end")];
    let cell = format!("<tr><th scope=\"row\">{label}</th><td>");
    let at = figure
        .find(&cell)
        .unwrap_or_else(|| panic!("{id} lacks {label}"))
        + cell.len();
    figure[at..at + figure[at..].find('<').expect("td")]
        .parse()
        .expect("a count")
}

fn count(rows: &[Row], column: &str, label: &str) -> usize {
    rows.iter().filter(|r| r[column] == label).count()
}

#[test]
fn the_reports_numbers_are_the_stored_rows_numbers() {
    let Some(stack) = stack() else { return };
    let plan: [(&str, bool, &str); 7] = [
        ("Sing on the bus", true, "Yes"),
        ("Cold shower", true, "No"),
        ("Talk to a stranger", false, "No"),
        ("Ask for a raise", false, "No"),
        ("Run 5k", true, "Yes"),
        ("Dance <script>alert(1)</script>", true, "Yes"),
        ("Learn a song", false, "No"),
    ];
    let times = [
        "2026-11-01T09:00:00Z",
        "2026-11-01T18:00:00Z",
        "2026-11-03T10:00:00Z",
    ];
    for (i, (challenge, done, consent)) in plan.iter().enumerate() {
        let mut answers = if *done {
            emails::yes(challenge, consent, &(12 + i * 9).to_string())
        } else {
            emails::not_yet(
                challenge,
                &format!("reason {i}"),
                &format!("person{i}@mail.example"),
            )
        };
        if i == 3 {
            answers.question4b = Some("I don't have time".into());
            answers.answer5b_email = None;
            answers.question5b = Some("No".into());
        }
        let id = format!("30000000-0000-4000-8000-00000000000{i}");
        let row = serde_json::to_value(emails::record(&answers, &id, times[i % 3])).expect("json");
        stack.insert(&stack.service_key, &row);
    }
    let rows = stack.rows();
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["report", "--out", "r.html"], &[]);
    assert!(output.status.success(), "{output:?}");
    let html = std::fs::read_to_string(dir.path().join("r.html")).expect("report");

    for (id, column, labels) in [
        ("completed", "question3_completed", Completed::labels()),
        ("discomfort", "question4a_discomfort", Discomfort::labels()),
        ("reasons", "question4b_reason", Reason::labels()),
        ("another", "question5a_another", YesNo::labels()),
        ("reminder", "question5b_reminder", YesNo::labels()),
        ("consent", "question6_consent", YesNo::labels()),
        ("gender", "question8_gender", Gender::labels()),
    ] {
        for label in labels {
            let label_html = html_escape::encode_text(label);
            assert_eq!(
                shown(&html, id, &label_html),
                count(&rows, column, label),
                "{id} {label}"
            );
        }
    }
    let per_day: usize = ["2026-11-01", "2026-11-02", "2026-11-03"]
        .iter()
        .map(|d| shown(&html, "time", d))
        .sum();
    assert_eq!(per_day, rows.len());
    assert_eq!(shown(&html, "time", "2026-11-02"), 0);
    assert_eq!(shown(&html, "age", "Under 13"), 1);
    for other in rows.iter().filter_map(|r| r["question4b_other"].as_str()) {
        assert!(html.contains(&format!("<li>{other}</li>")), "{other}");
    }

    let shared = &html[html.find("<section id=\"shared\">").expect("sharing list")..];
    for row in &rows {
        let challenge =
            html_escape::encode_text(row["question1_challenge"].as_str().expect("text"))
                .into_owned();
        let consented = row["question6_consent"] == "Yes";
        assert_eq!(
            shared.contains(&format!("<q>{challenge}</q>")),
            consented,
            "{challenge}"
        );
    }
    assert!(!html.contains("<script>"), "answers are escaped");
    let body = html.split_once("</style>").expect("one style block").1;
    assert!(
        !body.contains('@'),
        "no e-mail address anywhere in the report"
    );
    for outside in ["http:", "https:", "src=", "<link", "<script", "url("] {
        assert!(!html.contains(outside), "self-contained: {outside}");
    }
}

#[test]
fn an_empty_table_gives_a_report_that_says_so() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["report", "--out", "r.html"], &[]);
    assert!(output.status.success(), "{output:?}");
    let html = std::fs::read_to_string(dir.path().join("r.html")).expect("report");
    assert!(html.contains("No responses yet."));
}
