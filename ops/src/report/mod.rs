//! `report`: one self-contained HTML file (inline CSS and SVG, nothing fetched: its
//! Content-Security-Policy forbids it) that shows what the answers say, readable on a phone.
//! The sharing list shows only challenges whose senders consented (question 6 Yes) and
//! never an e-mail address: no address column is ever read into it, and a word with an `@`
//! in a free-text answer (the challenge, where it was found, an "other" reason) is replaced.

pub mod stats;
mod svg;

use html_escape::encode_text as esc;
use serde_json::{Map, Value};
use stats::{stats, Stats};
use std::fmt::Write;

const STYLE: &str = "\
*{box-sizing:border-box}\
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111;background:#f4f4f5}\
main{max-width:46rem;margin:0 auto;padding:1rem}\
h1{font-size:1.6rem;line-height:1.2;margin:.5rem 0}\
h2{font-size:1.15rem;margin:0 0 .25rem}\
figure,section{background:#fff;border-radius:.5rem;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 2px #0002}\
figcaption p,.lead{margin:0 0 .5rem;color:#444}\
svg{display:block;overflow:visible;margin:.5rem 0}\
.label{font-size:14px;fill:#111}.value{font-size:14px;fill:#111;font-weight:600}\
.bar{fill:#1d4ed8}.axis{stroke:#71717a}\
details{margin-top:.5rem}summary{cursor:pointer;color:#1d4ed8;padding:.25rem 0}\
table{border-collapse:collapse;width:100%;margin-top:.25rem}\
th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #e4e4e7;vertical-align:top}\
td{font-variant-numeric:tabular-nums}\
.cards{list-style:none;padding:0;margin:0}\
.cards li{border-top:1px solid #e4e4e7;padding:.75rem 0}\
.cards q{display:block;font-size:1.05rem;quotes:none}\
.cards li,.others li{overflow-wrap:anywhere}\
.meta{color:#444;font-size:.9rem}\
.totals{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:0;padding:0;list-style:none}\
.totals b{font-size:1.4rem;display:block}\
@media(min-width:64rem){main{max-width:72rem;display:grid;grid-template-columns:1fr 1fr;gap:0 1rem;align-items:start}\
main>h1,main>.lead,#totals,#time,#shared{grid-column:1/-1}}";

/// The report for `rows`, generated at `now` (shown, so a printed copy says how old it is).
pub fn html(rows: &[Map<String, Value>], now: &str, since: Option<&str>) -> String {
    let s = stats(rows);
    let mut out = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\
         <title>Step Zero responses</title><style>",
    );
    out.push_str(STYLE);
    out.push_str("</style></head><body><main>");
    header(&mut out, &s, now, since);
    if s.total == 0 {
        out.push_str("<section><p>No responses yet.</p></section></main></body></html>");
        return out;
    }
    let period_note = format!("Responses per {} (completion time, UTC).", s.period);
    out.push_str(&svg::timeline(
        "time",
        "Responses over time",
        &period_note,
        &s.over_time,
    ));
    out.push_str(&svg::bars(
        "completed",
        "Completed the challenge?",
        "Question 3.",
        &s.completed,
    ));
    out.push_str(&svg::bars(
        "discomfort",
        "Discomfort while completing",
        "Question 4a, asked when the challenge was completed.",
        &s.discomfort,
    ));
    out.push_str(&svg::bars(
        "reasons",
        "Reasons for not completing",
        "Question 4b, asked when it was not completed yet.",
        &s.reasons,
    ));
    others(&mut out, &s.other_reasons);
    out.push_str(&svg::bars(
        "another",
        "Would do another challenge tomorrow",
        "Question 5a.",
        &s.another,
    ));
    out.push_str(&svg::bars(
        "reminder",
        "Asked to be reminded",
        "Question 5b.",
        &s.reminder,
    ));
    out.push_str(&svg::bars("age", "Age", "Question 7.", &s.age));
    out.push_str(&svg::bars("gender", "Gender", "Question 8.", &s.gender));
    out.push_str(&svg::bars(
        "consent",
        "Consented to anonymous sharing",
        "Question 6.",
        &s.consent,
    ));
    shared(&mut out, &s);
    out.push_str("</main></body></html>");
    out
}

fn header(out: &mut String, s: &Stats, now: &str, since: Option<&str>) {
    let completed = s.completed.first().map_or(0, |c| c.1);
    let span = s.span.map_or(String::new(), |(a, b)| {
        if a == b {
            format!(" on {a}")
        } else {
            format!(" from {a} to {b}")
        }
    });
    let _ = write!(
        out,
        "<h1>Step Zero responses</h1><p class=\"lead\">{}{} Made {}.</p>\
         <section id=\"totals\" aria-label=\"Totals\"><ul class=\"totals\">\
         <li><b>{}</b>responses</li><li><b>{completed}</b>completed ({}%)</li>\
         <li><b>{}</b>shared anonymously</li>{}</ul></section>",
        s.total,
        esc(&format!(
            " responses{span}{}.",
            since
                .map(|d| format!(", completed since {d}"))
                .unwrap_or_default()
        )),
        esc(now),
        s.total,
        svg::percent(completed, s.total),
        s.shared.len(),
        // A row sent ahead of its file whose file never came (docs/guarantees.md, "A late file").
        if s.files_missing == 0 {
            String::new()
        } else {
            format!(
                "<li><b>{}</b>files that never arrived</li>",
                s.files_missing
            )
        },
    );
}

fn others(out: &mut String, texts: &[String]) {
    let _ = write!(
        out,
        "<section id=\"other-reasons\"><h2>“Other” reasons, in their words</h2>"
    );
    if texts.is_empty() {
        out.push_str("<p>None yet.</p></section>");
        return;
    }
    out.push_str("<ul class=\"others\">");
    for text in texts {
        let _ = write!(out, "<li>{}</li>", esc(text));
    }
    out.push_str("</ul></section>");
}

fn shared(out: &mut String, s: &Stats) {
    let _ = write!(
        out,
        "<section id=\"shared\"><h2>Challenges shared with consent</h2>\
         <p class=\"lead\">Only responses that answered Yes to question 6; no e-mail address \
         or other contact detail is shown. {} of {}.</p>",
        s.shared.len(),
        s.total
    );
    if s.shared.is_empty() {
        out.push_str("<p>None yet.</p></section>");
        return;
    }
    out.push_str("<ol class=\"cards\">");
    for item in &s.shared {
        let _ = write!(
            out,
            "<li><q>{}</q><span class=\"meta\">Found on: {} · Completed: {} · {}</span></li>",
            esc(&item.challenge),
            esc(&item.source),
            esc(&item.completed),
            esc(&item.date)
        );
    }
    out.push_str("</ol></section>");
}

#[cfg(test)]
mod tests {
    use super::html;
    use serde_json::json;

    #[test]
    fn no_address_appears_whatever_column_it_was_typed_in() {
        let rows: Vec<_> = [
            json!({"completion_time": "2026-11-01T10:00:00+00:00", "question1_challenge": "Email me at sam@mail.example\nplease", "question2_source": "Other: @sam", "question3_completed": "Yes", "question6_consent": "Yes", "question5b_email": "sam@mail.example"}),
            json!({"completion_time": "2026-11-02T10:00:00+00:00", "question1_challenge": "Run", "question3_completed": "Not Yet", "question4b_reason": "Other", "question4b_other": "ask kim@mail.example", "question5b_reminder": "Yes", "question5b_email": "kim@mail.example", "question6_consent": "Yes"}),
        ]
        .into_iter()
        .map(|v| v.as_object().expect("object").clone())
        .collect();
        let report = html(&rows, "now", None);
        let body = report.split_once("</style>").expect("one style block").1;
        assert!(!body.contains('@'), "{body}");
        assert!(body.contains("Email me at [address removed]\nplease"));
        assert!(body.contains("ask [address removed]"));
    }
}
