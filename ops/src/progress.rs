//! Progress on stderr for long runs; silent when stderr is not a terminal (scripts, tests).

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `len` steps labelled `what`.
pub fn bar(len: u64, what: &'static str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{msg} {bar:30} {pos}/{len}") {
        bar.set_style(style);
    }
    bar.set_message(what);
    bar
}

/// A counter without a known end (rows read page by page).
pub fn counter(what: &'static str) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{msg} {pos} rows") {
        bar.set_style(style);
    }
    bar.set_message(what);
    bar
}
