//! `import`: the responses found in saved emails go into the table with their own ids, so
//! running it twice, or on a response that already reached the database, changes nothing.
//! The service role the import uses is exempt from the database's rules for the public key,
//! so it makes their checks itself: each response must carry the proof of work the database
//! asked for when its email was sent (unless the operator accepts its id), and may not name a
//! file another response names.

use crate::api::{Api, Insert};
use crate::mail::{self, Found};
use crate::progress;
use chrono::{DateTime, Utc};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use stepzero_core::record::SurveyResponse;
use stepzero_core::work;

/// The least work an emailed row must carry: the default the database asked of every row until
/// `20251130000000_work_difficulty_19.sql` raised it to 19 (the engine's
/// [`work::DEFAULT_DIFFICULTY`]), and what it asked before it kept the difficulty's history.
/// Not the engine's default: a visitor's email sent before that raise carries work at 18, and
/// the history (which records the raise) already asks 19 of an email sent after it.
pub const LEAST_DIFFICULTY: u32 = 18;

/// What one run did.
#[derive(Debug, Default)]
pub struct Summary {
    pub imported: usize,
    pub already_stored: usize,
    /// (where, why) for each refused message.
    pub refused: Vec<(String, String)>,
    /// The ids given to `--accept-without-work` that no message of the run carries.
    pub not_found: Vec<String>,
}

impl Summary {
    /// `imported <n>, already stored <n>, refused <n>`, then one line per refusal, then
    /// `not found: <id>` for each accepted id no message carries.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "imported {}, already stored {}, refused {}",
            self.imported,
            self.already_stored,
            self.refused.len()
        )];
        lines.extend(
            self.refused
                .iter()
                .map(|(source, why)| format!("refused {source}: {why}")),
        );
        lines.extend(self.not_found.iter().map(|id| format!("not found: {id}")));
        lines
    }
}

/// Reads every message in `paths` and inserts each valid response whose proof of work holds
/// and whose file no other response names; the responses whose ids are in `accepted` (lower
/// case) go in whatever their work.
///
/// # Errors
/// A message when a file cannot be read or the project cannot be used; rows inserted before
/// that stay (each insert stands alone, and a rerun counts them as already stored).
pub fn run(
    api: &Api,
    paths: &[PathBuf],
    senders: &[String],
    accepted: &[String],
) -> Result<Summary, String> {
    let found = mail::read_all(paths, senders)?;
    let bar = progress::bar(found.len() as u64, "importing");
    let mut summary = Summary::default();
    let mut required = Required::new(api);
    let mut seen = HashSet::new();
    for Found { source, message } in found {
        bar.inc(1);
        seen.extend(message.id);
        let refusal = match message.response {
            Ok(record) => {
                admit(api, &record, message.sent, accepted, &mut required)?.map_or(Ok(record), Err)
            }
            Err(why) => Err(why),
        };
        let record = match refusal {
            Ok(record) => record,
            Err(why) => {
                summary.refused.push((source, why));
                continue;
            }
        };
        // Every column of the engine's row, whatever it has, so a column added to the
        // record later is imported without changing this tool.
        let row = serde_json::to_value(&record).map_err(|e| e.to_string())?;
        match api.insert(&row)? {
            Insert::Stored => summary.imported += 1,
            Insert::AlreadyStored => summary.already_stored += 1,
            Insert::Refused(why) => summary.refused.push((source, why)),
        }
    }
    bar.finish_and_clear();
    for id in accepted {
        if !seen.contains(id) && !summary.not_found.contains(id) {
            summary.not_found.push(id.clone());
        }
    }
    Ok(summary)
}

/// Why `record` may not go in, or `None`: its work (unless its id is `accepted`), then its file.
fn admit(
    api: &Api,
    record: &SurveyResponse,
    sent: Option<DateTime<Utc>>,
    accepted: &[String],
    required: &mut Required<'_>,
) -> Result<Option<String>, String> {
    let id = record.id.as_deref().unwrap_or_default();
    if !accepted.iter().any(|a| a == id) {
        if let Some(why) = check_work(record, sent, |sent| required.at(sent))? {
            return Ok(Some(why));
        }
    }
    check_file(api, record)
}

/// The database's proof-of-work check, made here for the service role it exempts: the row's
/// nonce must hold for its id and completion time at the difficulty the database asked for
/// when the email was sent (`required`; its Date header, or today's when it has none), never
/// less than [`LEAST_DIFFICULTY`]. So an email forged through the public EmailJS key costs
/// its sender at least what an insert would have at that moment, and a raise after a real
/// email was sent (or a raise of the default) does not refuse it. A row without work, or with
/// less than that, is real when the visitor's browser could not solve it, or solved it at its
/// default while the database was out of reach; it goes in only when the operator, having checked its id,
/// names it (`None`: it may go in).
fn check_work(
    record: &SurveyResponse,
    sent: Option<DateTime<Utc>>,
    required: impl FnOnce(Option<DateTime<Utc>>) -> Result<u32, String>,
) -> Result<Option<String>, String> {
    let id = record.id.as_deref().unwrap_or_default();
    let then_accept = format!(
        "check its id with the team that runs the site, then import it with \
         --accept-without-work {id}"
    );
    let Some(nonce) = record.work_nonce.as_deref() else {
        return Ok(Some(format!("it carries no proof of work: {then_accept}")));
    };
    let completed_ms = chrono::DateTime::parse_from_rfc3339(&record.completion_time)
        .ok()
        .and_then(|time| u64::try_from(time.timestamp_millis()).ok());
    let holds = |difficulty| completed_ms.is_some_and(|ms| work::verify(id, ms, nonce, difficulty));
    if !holds(LEAST_DIFFICULTY) {
        return Ok(Some(
            "its proof of work does not hold for its id and completion time (forged, or edited \
             after it was sent)"
                .to_owned(),
        ));
    }
    let difficulty = required(sent)?;
    if holds(difficulty) {
        return Ok(None);
    }
    let asked = match sent {
        Some(sent) => format!(
            "which the database asked for when the email was sent ({})",
            sent.format("%Y-%m-%d %H:%M:%S UTC")
        ),
        None => "which the database asks for now (the email has no Date header to tell when it \
                 was sent)"
            .to_owned(),
    };
    Ok(Some(format!(
        "its proof of work falls short of difficulty {difficulty}, {asked}: forged, or solved \
         while the site could not reach the database; {then_accept}"
    )))
}

/// A response may name only a file no other response names: its work shows it cost its
/// sender something, not that the file is theirs (an email can name any object in the
/// bucket). A file the bucket does not have yet is no reason to refuse: the visitor's outbox
/// may still upload it, which completes the row (`None`: it may go in).
fn check_file(api: &Api, record: &SurveyResponse) -> Result<Option<String>, String> {
    let Some(file) = record.media_file_url.as_deref() else {
        return Ok(None);
    };
    let others: Vec<String> = api
        .naming(file)?
        .into_iter()
        .filter(|other| Some(other.as_str()) != record.id.as_deref())
        .collect();
    Ok((!others.is_empty()).then(|| {
        format!(
            "another response ({}) already claims its file {file}: an email may point at any \
             visitor's file, so it was not imported",
            others.join(", ")
        )
    }))
}

/// The database's answer, or [`LEAST_DIFFICULTY`] when that is more (or when it kept no
/// difficulty for that time: `None`).
fn at_least(asked: Option<u32>) -> u32 {
    asked.map_or(LEAST_DIFFICULTY, |d| d.max(LEAST_DIFFICULTY))
}

/// The difficulty each sending time required, asked of the database once per time.
struct Required<'a> {
    api: &'a Api,
    known: HashMap<Option<DateTime<Utc>>, u32>,
}

impl<'a> Required<'a> {
    fn new(api: &'a Api) -> Self {
        Self {
            api,
            known: HashMap::new(),
        }
    }

    /// The database's answer for `sent`, or [`LEAST_DIFFICULTY`] when that is more (or when
    /// the database kept no difficulty for that time).
    fn at(&mut self, sent: Option<DateTime<Utc>>) -> Result<u32, String> {
        if let Some(difficulty) = self.known.get(&sent) {
            return Ok(*difficulty);
        }
        let asked = self.api.work_difficulty_at(sent.as_ref())?;
        let difficulty = at_least(asked);
        self.known.insert(sent, difficulty);
        Ok(difficulty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(nonce: Option<&str>) -> SurveyResponse {
        let json = serde_json::json!({
            "id": "10000000-0000-4000-8000-000000000001",
            "question1_challenge": "Sing", "question2_source": "A friend",
            "question3_completed": "Yes", "question6_consent": "No",
            "question8_gender": "Female", "terms_consent": true,
            "completion_time": "2026-10-01T08:30:00.000Z", "user_agent": "x",
            "ip_address": "client-side", "survey_version": "3.0", "work_nonce": nonce,
        });
        serde_json::from_value(json).expect("a record")
    }

    /// The id and completion time in milliseconds the work of `r` is bound to.
    fn id_and_ms(r: &SurveyResponse) -> (&str, u64) {
        let completed = DateTime::parse_from_rfc3339(&r.completion_time).unwrap();
        (
            r.id.as_deref().unwrap(),
            u64::try_from(completed.timestamp_millis()).unwrap(),
        )
    }

    #[test]
    fn a_row_without_work_or_with_work_that_does_not_hold_is_refused_without_asking() {
        let never = |_| -> Result<u32, String> { panic!("asked the database") };
        let none = check_work(&record(None), None, never).unwrap().unwrap();
        assert!(
            none.ends_with("--accept-without-work 10000000-0000-4000-8000-000000000001"),
            "{none}"
        );
        let bad = check_work(&record(Some("1")), None, never)
            .unwrap()
            .unwrap();
        assert!(bad.contains("does not hold"), "{bad}");
    }

    #[test]
    fn both_forms_of_work_import_emails_from_before_and_after_the_split() {
        let r = record(None);
        let (id, ms) = id_and_ms(&r);
        let split = work::solve_all(id, ms, work::DEFAULT_DIFFICULTY).unwrap();
        let single = work::solve(id, ms, work::DEFAULT_DIFFICULTY, 0, u64::MAX).unwrap();
        for nonce in [split.clone(), single.to_string()] {
            assert_eq!(
                check_work(&record(Some(&nonce)), None, |_| Ok(
                    work::DEFAULT_DIFFICULTY
                )),
                Ok(None)
            );
        }
        // The split's parts bound to their indexes: the same nonces in another order do not hold.
        let mut parts: Vec<&str> = split.split(',').collect();
        let other = parts.iter().position(|p| *p != parts[0]).unwrap();
        parts.swap(0, other);
        let swapped = check_work(&record(Some(&parts.join(","))), None, |_| Ok(18));
        assert!(swapped.unwrap().unwrap().contains("does not hold"));
    }

    #[test]
    fn work_is_measured_against_what_the_database_asked_when_the_email_was_sent() {
        let r = record(None);
        let id = r.id.as_deref().unwrap();
        let completed = DateTime::parse_from_rfc3339(&r.completion_time).unwrap();
        let ms = u64::try_from(completed.timestamp_millis()).unwrap();
        let mut nonce = work::solve(id, ms, work::DEFAULT_DIFFICULTY, 0, u64::MAX).unwrap();
        while work::verify(id, ms, &nonce.to_string(), 20) {
            nonce = work::solve(id, ms, work::DEFAULT_DIFFICULTY, nonce + 1, u64::MAX).unwrap();
        }
        let r = record(Some(&nonce.to_string()));
        let sent = DateTime::parse_from_rfc3339("2026-11-21T10:00:05+01:00")
            .unwrap()
            .to_utc();
        assert_eq!(
            check_work(&r, Some(sent), |at| {
                assert_eq!(at, Some(sent));
                Ok(18)
            }),
            Ok(None)
        );
        let short = check_work(&r, Some(sent), |_| Ok(20)).unwrap().unwrap();
        assert!(short.starts_with("its proof of work falls short of difficulty 20, which the database asked for when the email was sent (2026-11-21 09:00:05 UTC)"), "{short}");
        let undated = check_work(&r, None, |_| Ok(20)).unwrap().unwrap();
        assert!(
            undated.contains("asks for now (the email has no Date header"),
            "{undated}"
        );
        assert_eq!(
            check_work(&r, None, |_| Err("down".into())),
            Err("down".into())
        );
    }

    #[test]
    fn an_email_solved_at_18_before_the_default_became_19_still_goes_in() {
        let r = record(None);
        let (id, ms) = id_and_ms(&r);
        // The split work a browser of the previous build solved (at 18), which falls short of 19.
        let old = work::solve_all(id, ms, LEAST_DIFFICULTY).unwrap();
        const { assert!(LEAST_DIFFICULTY < work::DEFAULT_DIFFICULTY) };
        assert!(!work::verify(id, ms, &old, work::DEFAULT_DIFFICULTY));
        let r = record(Some(&old));
        let sent = DateTime::parse_from_rfc3339("2025-11-29T12:00:00Z")
            .unwrap()
            .to_utc();
        // Sent while the database asked 18, or before it kept the history: it goes in.
        assert_eq!(check_work(&r, Some(sent), |_| Ok(18)), Ok(None));
        assert_eq!(check_work(&r, Some(sent), |_| Ok(at_least(None))), Ok(None));
        // Sent after the migration raised it (the history then answers 19): short, not forged.
        let short = check_work(&r, Some(sent), |_| Ok(at_least(Some(19))))
            .unwrap()
            .unwrap();
        assert!(
            short.starts_with("its proof of work falls short of difficulty 19"),
            "{short}"
        );
        // Below 18 is never enough, whatever the database answers.
        let weak = work::solve_all(id, ms, LEAST_DIFFICULTY - 1).unwrap();
        if !work::verify(id, ms, &weak, LEAST_DIFFICULTY) {
            let forged = check_work(&record(Some(&weak)), Some(sent), |_| Ok(at_least(Some(10))));
            assert!(forged.unwrap().unwrap().contains("does not hold"));
        }
    }

    #[test]
    fn ids_no_message_carries_are_listed_last() {
        let summary = Summary {
            imported: 1,
            refused: vec![("a.eml".into(), "why".into())],
            not_found: vec!["x".into()],
            ..Summary::default()
        };
        assert_eq!(
            summary.lines(),
            [
                "imported 1, already stored 0, refused 1",
                "refused a.eml: why",
                "not found: x"
            ]
        );
    }
}
