//! `import`: emails made from the repository's template go in once, whatever their encoding
//! or container; a rerun changes nothing; refusals say why and store nothing.

use super::emails::{self, Encoding, SENDER};
use super::support::{instant, stack, stdout, Row};
use serde_json::Value;
use stepzero_core::record::SurveyResponse;

pub(super) const IDS: [&str; 10] = [
    "10000000-0000-4000-8000-000000000001",
    "10000000-0000-4000-8000-000000000002",
    "10000000-0000-4000-8000-000000000003",
    "10000000-0000-4000-8000-000000000004",
    "10000000-0000-4000-8000-000000000005",
    "10000000-0000-4000-8000-000000000006",
    "10000000-0000-4000-8000-000000000007",
    "10000000-0000-4000-8000-000000000008",
    "10000000-0000-4000-8000-000000000009",
    "10000000-0000-4000-8000-000000000010",
];

/// The stored row holds exactly the record's values.
pub(super) fn assert_stored(row: &Row, record: &SurveyResponse) {
    let want = serde_json::to_value(record).expect("json");
    for (column, value) in want.as_object().expect("object") {
        if column == "completion_time" {
            assert_eq!(instant(&row[column]), instant(value), "{column}");
        } else {
            assert_eq!(&row[column], value, "{column}");
        }
    }
}

#[test]
fn emails_from_the_template_import_once_and_refusals_say_why() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let long = format!(
        "{} the end",
        "Sing \"loud\" <b>in</b> the 🚇 & smile; ".repeat(45)
    );
    let a1 = emails::yes(long.trim(), "Yes", "19");
    let a2 = emails::not_yet(
        "Talk to a stranger = scary",
        "It rained/snowed 'all' week",
        "me+steps@example.org",
    );
    let a3 = emails::yes("Cold shower", "No", "67");
    let a4 = emails::yes("Ask for a discount", "Yes", "30");
    let a5 = emails::yes("Already in the database", "No", "25");
    let time = "2026-10-01T08:30:00.000Z";
    let r: Vec<SurveyResponse> = [&a1, &a2, &a3, &a4, &a5]
        .iter()
        .zip(IDS)
        .map(|(a, id)| emails::record(a, id, time))
        .collect();
    let page = |i: usize, a| emails::html(a, &r[i], None);

    // A response that reached the database from the site (anon insert, a recent time).
    let mut reached = serde_json::to_value(emails::record(
        &a5,
        IDS[4],
        &chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    ))
    .expect("json");
    reached["user_agent"] = Value::from(r[4].user_agent.clone());
    stack.insert(&stack.anon_key, &reached);

    let write =
        |name: &str, bytes: &[u8]| std::fs::write(dir.path().join(name), bytes).expect("write");
    write(
        "1.eml",
        &emails::eml(SENDER, &page(0, &a1), Encoding::QuotedPrintable),
    );
    write(
        "2.eml",
        &emails::eml(SENDER, &page(1, &a2), Encoding::Base64),
    );
    write(
        "inbox.mbox",
        &emails::mbox(&[
            emails::multipart(SENDER, &page(2, &a3)),
            emails::multipart(SENDER, &page(3, &a4)),
            emails::multipart(SENDER, &page(4, &a5)),
        ]),
    );
    // Refused: the engine says no (age 0 in the block), another sender, a block cut short.
    let mut forged = emails::record(&a3, IDS[5], time);
    forged.question7_age = Some(0);
    write(
        "forged.eml",
        &emails::eml(
            SENDER,
            &emails::html(&a3, &forged, Some(forged.to_json())),
            Encoding::QuotedPrintable,
        ),
    );
    let stranger = emails::record(&a3, IDS[6], time);
    write(
        "stranger.eml",
        &emails::eml(
            "someone@else.test",
            &emails::html(&a3, &stranger, None),
            Encoding::QuotedPrintable,
        ),
    );
    let cut_from = emails::record(&a3, IDS[7], time);
    let whole = emails::eml(
        SENDER,
        &emails::html(&a3, &cut_from, None),
        Encoding::QuotedPrintable,
    );
    let cut = String::from_utf8(whole).expect("ascii");
    let begin = cut.find("BEGIN STEPZERO RESPONSE").expect("the block");
    let cut = &cut[..begin + 60]; // inside the block's JSON, before its END line
    assert!(cut.contains("BEGIN STEPZERO RESPONSE") && !cut.contains("END STEPZERO"));
    write("truncated.eml", cut.as_bytes());
    // The proof of work: none (goes in only when asked for), and one that does not hold.
    let a6 = emails::yes("No work done", "No", "44");
    let mut unsolved = emails::record(&a6, IDS[8], time);
    unsolved.work_nonce = None;
    write(
        "unsolved.eml",
        &emails::eml(
            SENDER,
            &emails::html(&a6, &unsolved, None),
            Encoding::Base64,
        ),
    );
    let mut bad_work = emails::record(&a6, IDS[9], time);
    bad_work.work_nonce = Some("1".into());
    write(
        "bad-work.eml",
        &emails::eml(
            SENDER,
            &emails::html(&a6, &bad_work, None),
            Encoding::Base64,
        ),
    );

    let run_with = |extra: &[&str]| {
        let args: Vec<&str> = ["import", "."].iter().chain(extra).copied().collect();
        let output = stack.tool(dir.path(), &args, &[("STEPZERO_BACKUP_FROM", SENDER)]);
        assert!(output.status.success(), "{output:?}");
        stdout(&output)
    };
    let run = || run_with(&[]);
    let first = run();
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(
        lines[0], "imported 4, already stored 1, refused 5",
        "{first}"
    );
    assert_eq!(lines.len(), 6, "{first}");
    assert!(lines.contains(&"refused ./unsolved.eml: it carries no proof of work: check its id with the team that runs the site, then import it with --accept-without-work 10000000-0000-4000-8000-000000000009"), "{first}");
    assert!(lines.contains(&"refused ./bad-work.eml: its proof of work does not hold for its id and completion time (forged, or edited after it was sent)"), "{first}");
    assert!(lines.contains(&"refused ./forged.eml: not a valid response: question 7 (age): Please provide a valid age"), "{first}");
    assert!(lines.contains(&"refused ./stranger.eml: sent by someone@else.test, not by the backup sender (STEPZERO_BACKUP_FROM: backup@stepzero.test)"), "{first}");
    assert!(lines.contains(&"refused ./truncated.eml: the response block is cut short (no END line): save the whole email again"), "{first}");

    let rows = stack.rows();
    assert_eq!(rows.len(), 5);
    for (row, record) in rows.iter().zip(&r).take(4) {
        assert_stored(row, record);
    }
    assert_eq!(rows[4]["question1_challenge"], "Already in the database");

    let second = run();
    assert_eq!(
        second.lines().next(),
        Some("imported 0, already stored 5, refused 5"),
        "{second}"
    );
    assert_eq!(stack.rows(), rows, "a rerun changes nothing");

    let asked = run_with(&["--accept-without-work", IDS[8]]);
    assert_eq!(
        asked.lines().next(),
        Some("imported 1, already stored 5, refused 4"),
        "{asked}"
    );
    let rows = stack.rows();
    assert_eq!(rows.len(), 6);
    assert_stored(&rows[5], &unsolved);
}

#[test]
fn an_mbox_of_other_mail_is_reported_message_by_message() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let hello =
        b"From: friend@example.org\r\nSubject: lunch?\r\n\r\nFrom now on, Fridays.\r\n".to_vec();
    let file = dir.path().join("other.mbox");
    std::fs::write(&file, emails::mbox(&[hello])).expect("write");
    let output = stack.tool(dir.path(), &["import", "other.mbox"], &[]);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        stdout(&output),
        "imported 0, already stored 0, refused 1\n\
         refused other.mbox, message 1: not a Step Zero email backup (it has no response block)\n"
    );
    assert!(stack.rows().is_empty());
}

#[test]
fn a_row_the_database_refuses_is_reported_and_not_stored() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    // The engine keeps the completion time as the browser gave it; the column's type decides.
    let answers = emails::yes("Sing", "No", "30");
    let record = emails::record(&answers, IDS[0], "yesterday at noon");
    let eml = emails::eml(
        SENDER,
        &emails::html(&answers, &record, None),
        Encoding::Base64,
    );
    std::fs::write(dir.path().join("odd.eml"), eml).expect("write");
    // No work can be bound to that time: the operator asks for it, so the database decides.
    let output = stack.tool(
        dir.path(),
        &["import", "odd.eml", "--accept-without-work", IDS[0]],
        &[],
    );
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(
        text.starts_with("imported 0, already stored 0, refused 1\n"),
        "{text}"
    );
    assert!(
        text.contains("refused odd.eml: the database refused it: invalid input syntax for type timestamp with time zone"),
        "{text}"
    );
    assert!(stack.rows().is_empty());
}

#[test]
fn old_emails_with_the_whole_row_and_new_ones_with_the_columns_in_cells_both_import() {
    let Some(stack) = stack() else { return };
    let dir = tempfile::tempdir().expect("dir");
    let time = "2026-10-01T08:30:00.000Z";
    // The largest valid response: both free texts at 2,000 characters of 4-byte emoji and
    // hard-to-escape text over several lines, the longest valid address.
    let emoji = "😀".repeat(1_990);
    let hard = format!(
        "{}\n\"q\" \\ <b>&amp;</b> = 'x'\n\n末尾",
        "日本語".repeat(650)
    );
    let email = format!("{}@x.co", "😀".repeat(249));
    let big = emails::not_yet(&format!("{emoji} <é> end"), hard.trim(), &email);
    let small = emails::yes("Talk to a stranger = scary 🚇", "Yes", "19");
    let old = emails::not_yet(
        "Say \"hi\" <b>to</b> Zoë",
        "It rained/snowed",
        "me+old@example.org",
    );
    let old_too = emails::yes("Cold shower\n(twice)", "No", "67");
    let r = [
        emails::record(&big, IDS[0], time),
        emails::record(&small, IDS[1], time),
        emails::record(&old, IDS[2], time),
        emails::record(&old_too, IDS[3], time),
    ];
    let new_big = emails::html(&big, &r[0], None);
    assert!(new_big.contains("data-column=\"question4b_other\""));
    assert!(
        !new_big.contains("question1_challenge&quot;"),
        "the new block carries no answer"
    );
    let old_html = emails::html_v1(&old, &r[2]);
    assert!(!old_html.contains("data-column") && old_html.contains("question1_challenge&quot;"));
    let write =
        |name: &str, bytes: &[u8]| std::fs::write(dir.path().join(name), bytes).expect("write");
    write(
        "new-big.eml",
        &emails::eml(SENDER, &new_big, Encoding::QuotedPrintable),
    );
    write(
        "new-small.mbox",
        &emails::mbox(&[emails::multipart(
            SENDER,
            &emails::html(&small, &r[1], None),
        )]),
    );
    write("old.eml", &emails::eml(SENDER, &old_html, Encoding::Base64));
    write(
        "old.mbox",
        &emails::mbox(&[emails::multipart(SENDER, &emails::html_v1(&old_too, &r[3]))]),
    );
    // A new email whose cell says what the engine would not store: refused, nothing stored.
    let mut forged = emails::record(&small, IDS[4], time);
    forged.question7_age = Some(0);
    write(
        "forged-cell.eml",
        &emails::eml(
            SENDER,
            &emails::html(&small, &forged, None),
            Encoding::QuotedPrintable,
        ),
    );
    // A new email without its cells (another template): refused, saying so.
    let bare = emails::html(&small, &emails::record(&small, IDS[5], time), None)
        .replace("data-column=\"question2_source\"", "");
    write(
        "bare.eml",
        &emails::eml(SENDER, &bare, Encoding::QuotedPrintable),
    );

    let output = stack.tool(
        dir.path(),
        &["import", "."],
        &[("STEPZERO_BACKUP_FROM", SENDER)],
    );
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0], "imported 4, already stored 0, refused 2",
        "{text}"
    );
    assert!(lines.contains(&"refused ./forged-cell.eml: not a valid response: question 7 (age): Please provide a valid age"), "{text}");
    assert!(lines.contains(&"refused ./bare.eml: the email has no question2_source field: it was not sent with the repository's template"), "{text}");
    let rows = stack.rows();
    assert_eq!(rows.len(), 4, "{text}");
    for record in &r {
        let id = record.id.as_deref().expect("id");
        let row = rows.iter().find(|row| row["id"] == id).expect("stored");
        assert_stored(row, record);
    }
}
