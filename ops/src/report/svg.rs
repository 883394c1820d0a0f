//! The report's charts as inline SVG, drawn without a viewBox so text keeps its size at any
//! width (a 360 px phone or a desktop): bar lengths and positions are percentages of the
//! chart's width. Each chart is a figure with a text alternative (the SVG's title and
//! description) and the same numbers as a table.

use super::stats::Count;
use html_escape::encode_text as esc;
use std::fmt::Write;

/// Percent of `part` in `whole`, rounded; 0 when `whole` is 0.
pub fn percent(part: usize, whole: usize) -> usize {
    (part * 100 + whole / 2).checked_div(whole).unwrap_or(0)
}

/// "Yes: 3 (60%), No: 2 (40%)": the chart said in words.
fn in_words(counts: &[Count]) -> String {
    let total: usize = counts.iter().map(|c| c.1).sum();
    counts
        .iter()
        .map(|(label, n)| format!("{label}: {n} ({}%)", percent(*n, total)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The data table under a chart.
fn table(caption: &str, counts: &[Count], first: &str) -> String {
    let total: usize = counts.iter().map(|c| c.1).sum();
    let mut out = format!(
        "<details><summary>Table: {}</summary><table><thead><tr><th scope=\"col\">{}</th>\
         <th scope=\"col\">Responses</th><th scope=\"col\">Share</th></tr></thead><tbody>",
        esc(caption),
        esc(first)
    );
    for (label, n) in counts {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{n}</td><td>{}%</td></tr>",
            esc(label),
            percent(*n, total)
        );
    }
    let _ = write!(
        out,
        "</tbody><tfoot><tr><th scope=\"row\">Total</th><td>{total}</td><td></td></tr></tfoot></table></details>"
    );
    out
}

/// A figure: heading, SVG (`role="img"`, titled and described), the table.
fn figure(
    id: &str,
    title: &str,
    note: &str,
    svg_body: &str,
    height: usize,
    counts: &[Count],
    first: &str,
) -> String {
    let words = in_words(counts);
    format!(
        "<figure id=\"{id}\"><figcaption><h2>{title}</h2>{note}</figcaption>\
         <svg width=\"100%\" height=\"{height}\" role=\"img\" aria-labelledby=\"{id}-t {id}-d\">\
         <title id=\"{id}-t\">{title}</title><desc id=\"{id}-d\">{words}</desc>{svg_body}</svg>{}</figure>",
        table(title, counts, first),
        title = esc(title),
        words = esc(&words),
        note = if note.is_empty() { String::new() } else { format!("<p>{}</p>", esc(note)) },
    )
}

const ROW: usize = 44;

/// Horizontal bars, one per label: the label on its own line (the whole width, so a long
/// label never meets the number), the bar under it with its count just after its end. The
/// longest bar takes 70% of the width, leaving room for the count.
pub fn bars(id: &str, title: &str, note: &str, counts: &[Count]) -> String {
    let total: usize = counts.iter().map(|c| c.1).sum();
    let max = counts.iter().map(|c| c.1).max().unwrap_or(0).max(1);
    let mut body = String::new();
    for (i, (label, n)) in counts.iter().enumerate() {
        let y = i * ROW;
        let width = (*n as f64 / max as f64 * 70.0).max(if *n > 0 { 0.5 } else { 0.0 });
        let _ = write!(
            body,
            "<text x=\"0\" y=\"{}\" class=\"label\">{}</text>\
             <rect x=\"0\" y=\"{}\" width=\"{width:.1}%\" height=\"14\" rx=\"3\" class=\"bar\"/>\
             <text x=\"{width:.1}%\" dx=\"6\" y=\"{}\" class=\"value\">{n} ({}%)</text>",
            y + 15,
            esc(label),
            y + 21,
            y + 33,
            percent(*n, total),
        );
    }
    figure(id, title, note, &body, counts.len() * ROW, counts, "Answer")
}

/// Vertical bars over time: the largest count at the top left, the first and last period
/// under the bars.
pub fn timeline(id: &str, title: &str, note: &str, counts: &[Count]) -> String {
    const PLOT: usize = 140;
    let max = counts.iter().map(|c| c.1).max().unwrap_or(0).max(1);
    let slot = 100.0 / counts.len().max(1) as f64;
    let mut body = format!(
        "<text x=\"0\" y=\"12\" class=\"value\">{max}</text>\
         <line x1=\"0\" x2=\"100%\" y1=\"{base}\" y2=\"{base}\" class=\"axis\"/>",
        base = PLOT + 20
    );
    for (i, (_, n)) in counts.iter().enumerate() {
        let h = (*n as f64 / max as f64 * PLOT as f64).round() as usize;
        let _ = write!(
            body,
            "<rect x=\"{:.2}%\" y=\"{}\" width=\"{:.2}%\" height=\"{h}\" class=\"bar\"/>",
            i as f64 * slot + slot * 0.1,
            PLOT + 20 - h,
            slot * 0.8,
        );
    }
    if let (Some(first), Some(last)) = (counts.first(), counts.last()) {
        let _ = write!(
            body,
            "<text x=\"0\" y=\"{y}\" class=\"label\">{}</text>",
            esc(&first.0),
            y = PLOT + 40
        );
        if counts.len() > 1 {
            let _ = write!(
                body,
                "<text x=\"100%\" y=\"{y}\" text-anchor=\"end\" class=\"label\">{}</text>",
                esc(&last.0),
                y = PLOT + 40
            );
        }
    }
    figure(id, title, note, &body, PLOT + 48, counts, "Period")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_its_words_and_its_table() {
        let counts = vec![("Yes".to_owned(), 3), ("No <b>".to_owned(), 1)];
        let html = bars("x", "Would do another", "", &counts);
        assert!(html.contains("<desc id=\"x-d\">Yes: 3 (75%), No &lt;b&gt;: 1 (25%)</desc>"));
        assert!(html.contains("<tr><th scope=\"row\">Yes</th><td>3</td><td>75%</td></tr>"));
        assert!(html.contains("aria-labelledby=\"x-t x-d\""));
        assert!(!html.contains("<b>"));
    }

    #[test]
    fn percentages_round_and_survive_zero() {
        assert_eq!(percent(1, 3), 33);
        assert_eq!(percent(2, 3), 67);
        assert_eq!(percent(0, 0), 0);
    }
}
