//! `remind`: sends the reminders visitors asked for at question 5b (issue #22;
//! docs/operate.md, "Reminders"). Run every hour by the scheduled CI job
//! (.github/workflows/reminders.yml).
//! One reminder at a time: the database claims it and commits the claim (public.claim_reminders)
//! before the email goes, so an overlapping run never sends it too, and a run killed between the
//! send and its record leaves a claim no run sends again (the one risk left is losing that
//! reminder, never doubling it). The email carries the site's link and the response's
//! reference, and nothing the visitor typed: the address was never verified, so whoever typed
//! it may not own it. After the send, or a refusal for good, the address is erased.

use crate::api::{http_agent, Api, Claim};
use crate::config::ReminderConfig;
use serde_json::Value;
use std::time::Duration;
use stepzero_core::reference;

/// Resend's default rate is 2 requests a second per team: one send per this interval.
const SPACING: Duration = Duration::from_millis(600);

/// What the email service made of one reminder.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// Taken (200), or taken before under the same idempotency key (409).
    Sent,
    /// Refused for good: the address is not one the service can send to.
    Refused(String),
    /// Not taken, and nothing else will be this run (busy, down, the key or the sender
    /// refused): the claim is given back and the run stops.
    NotTaken(String),
    /// No answer: it may or may not have gone. The claim stays, so no run sends it again.
    Unknown(String),
}

/// The reminder's subject and plain text. Nothing in it comes from the visitor: only the
/// site's address and the reference derived from the response's id.
pub fn message(site_url: &str, reference: &str) -> (String, String) {
    let subject = "Your Step Zero challenge".to_owned();
    let text = format!(
        "Hello,\n\
         \n\
         A few days ago you told Step Zero that you had not done your challenge yet, and you \
         asked us to remind you. This is that reminder.\n\
         \n\
         Whatever held you back, the step is still a small one. Pick a moment this week, take \
         a breath, and do it. The discomfort is usually smaller than it looks from here, and \
         the feeling afterwards is bigger.\n\
         \n\
         When you have done it, tell us how it went:\n\
         {site_url}\n\
         \n\
         Your reference: {reference}\n\
         (Quote it if you ever want your response deleted.)\n\
         \n\
         This is the only reminder we send. Your email address is deleted from our records \
         once this email has gone.\n\
         \n\
         The Step Zero team\n"
    );
    (subject, text)
}

/// Sends one reminder through Resend's `POST /emails`, keyed by the response's id (Resend
/// answers a repeat of the key within 24 hours with the first answer and sends nothing).
pub fn send(agent: &ureq::Agent, config: &Settings, claim: &Claim) -> Outcome {
    let reference = reference::reference(&claim.response_id).unwrap_or_default();
    let (subject, text) = message(&config.site_url, &reference);
    let body = serde_json::json!({
        "from": config.from,
        "to": [claim.email],
        "subject": subject,
        "text": text,
    });
    let answer = agent
        .post(format!("{}/emails", config.resend_url))
        .header("Authorization", format!("Bearer {}", config.resend_key))
        .header("Content-Type", "application/json")
        .header(
            "Idempotency-Key",
            format!("stepzero-reminder/{}", claim.response_id),
        )
        .send(body.to_string());
    let mut response = match answer {
        Ok(response) => response,
        Err(error) => {
            return Outcome::Unknown(format!("no answer from {} ({error})", config.resend_url))
        }
    };
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap_or_default();
    let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let name = json["name"].as_str().unwrap_or_default();
    let said = json["message"].as_str().unwrap_or(&text);
    classify(status, name, said)
}

/// What Resend's answer to `POST /emails` means for this reminder. A `to` it cannot send to is
/// answered `422 validation_error` "Invalid `to` field. …" (what the API answers:
/// https://github.com/resend/resend-python/issues/65; its errors page,
/// https://resend.com/docs/api-reference/errors, lists `validation_error` as 400 with the
/// field named in the message): refused for good, whichever of the two statuses. Any other
/// refusal concerns every reminder alike (the key, the sender, the domain, a quota, a
/// `validation_error` naming another field, or 403 for a sender still restricted to test
/// addresses), so the run stops and nothing is erased.
fn classify(status: u16, name: &str, said: &str) -> Outcome {
    let said = said.to_owned();
    let names_to = ["`to`", "'to'", "\"to\""]
        .iter()
        .any(|to| said.contains(to));
    match (status, name) {
        (200..=299, _) | (409, "invalid_idempotent_request") => Outcome::Sent,
        (400 | 422, "validation_error") if names_to => Outcome::Refused(said),
        (401 | 403, _) => Outcome::NotTaken(format!(
            "the email service refused the key or the sender ({status} {name}: {said}). Check \
             STEPZERO_RESEND_API_KEY and that STEPZERO_REMINDER_FROM is on a domain verified in Resend"
        )),
        (400 | 422, _) => Outcome::NotTaken(format!(
            "the email service refused the request ({status} {name}: {said}). Check \
             STEPZERO_REMINDER_FROM (Name <address@your-domain>)"
        )),
        _ => Outcome::NotTaken(format!("the email service answered {status} {name}: {said}")),
    }
}

/// What `remind` needs, all present.
pub struct Settings {
    pub resend_url: String,
    pub resend_key: String,
    pub from: String,
    pub site_url: String,
}

impl Settings {
    /// # Errors
    /// A message naming each variable to set.
    pub fn from_config(config: &ReminderConfig) -> Result<Self, String> {
        let mut missing = Vec::new();
        let mut need = |value: &Option<String>, name: &str| {
            value.clone().unwrap_or_else(|| {
                missing.push(name.to_owned());
                String::new()
            })
        };
        let resend_key = need(
            &config.resend_key,
            "STEPZERO_RESEND_API_KEY (the Resend API key, re_…)",
        );
        let from = need(
            &config.from,
            "STEPZERO_REMINDER_FROM (Step Zero <reminders@your-domain>)",
        );
        let site_url = need(
            &config.site_url,
            "STEPZERO_SITE_URL (the site's address, https://…)",
        );
        if !missing.is_empty() {
            return Err(format!(
                "remind needs, in ops/.env or the environment (the CI job's secrets): {}",
                missing.join("; ")
            ));
        }
        if !site_url.starts_with("https://") && !site_url.starts_with("http://") {
            return Err(format!(
                "STEPZERO_SITE_URL must start with https:// (got \"{site_url}\")"
            ));
        }
        Ok(Self {
            resend_url: config.resend_url.clone(),
            resend_key,
            from,
            site_url,
        })
    }
}

/// Runs `stepzero-ops remind`: claims and sends due reminders one at a time until none is due
/// (or the daily cap is reached). Answers what to print.
///
/// # Errors
/// A message when the database cannot be used, or when the email service took nothing (the
/// claim is then given back).
pub fn run(api: &Api, settings: &Settings) -> Result<String, String> {
    let agent = http_agent();
    let (mut sent, mut refused) = (0_u32, 0_u32);
    let mut first = true;
    loop {
        // The spacing comes before the claim, never between a claim and its send: a forget
        // that records its ids while the run waits is then seen by the claim (which passes
        // over a forgotten id), instead of finding a claim already made that nothing can call
        // back.
        if !first {
            std::thread::sleep(SPACING);
        }
        first = false;
        let Some(claim) = api.claim_reminders(1)?.into_iter().next() else {
            break;
        };
        let reference = reference::reference(&claim.response_id).unwrap_or_default();
        match send(&agent, settings, &claim) {
            Outcome::Sent => {
                api.finish_reminder(&claim.response_id, "sent")?;
                sent += 1;
                println!("sent the reminder of {reference}");
            }
            Outcome::Refused(why) => {
                api.finish_reminder(&claim.response_id, "failed")?;
                refused += 1;
                println!("the email service refused the reminder of {reference} for good ({why}); its address is erased");
            }
            Outcome::NotTaken(why) => {
                api.finish_reminder(&claim.response_id, "retry")?;
                return Err(format!(
                    "{why}. Sent {sent} reminder(s) before; the next run tries again"
                ));
            }
            Outcome::Unknown(why) => {
                return Err(format!(
                    "{why}. The reminder of {reference} may or may not have gone: it is not sent \
                     again, and its address is erased within the hour. Sent {sent} before"
                ));
            }
        }
    }
    Ok(format!(
        "reminders: {sent} sent, {refused} refused for good; none other is due (or today's cap is reached)"
    ))
}

#[cfg(test)]
mod tests {
    use super::{classify, message, Outcome};

    const INVALID_TO: &str = "Invalid `to` field. The email address needs to follow the \
                              `email@example.com` or `Name <email@example.com>` format.";

    #[test]
    fn a_to_resend_cannot_send_to_is_refused_for_good_and_nothing_else_is() {
        for status in [422, 400] {
            assert_eq!(
                classify(status, "validation_error", INVALID_TO),
                Outcome::Refused(INVALID_TO.to_owned()),
                "{status}"
            );
        }
        for (status, name, said) in [
            (422, "validation_error", "Invalid `from` field."),
            (400, "validation_error", "Invalid `subject` field."),
            (422, "invalid_from_address", "Invalid `from` field."),
            (422, "missing_required_field", "Missing `to` field."),
            (
                403,
                "validation_error",
                "You can only send testing emails to your own email address",
            ),
            (
                403,
                "invalid_to_address",
                "You can only send testing emails to your own email address",
            ),
            (
                403,
                "validation_error",
                "The example.org domain is not verified.",
            ),
            (
                429,
                "daily_quota_exceeded",
                "You have reached your daily email sending quota.",
            ),
            (429, "rate_limit_exceeded", "Too many requests."),
            (500, "application_error", "An unexpected error occurred."),
        ] {
            assert!(
                matches!(classify(status, name, said), Outcome::NotTaken(_)),
                "{status} {name}: {said}"
            );
        }
        assert_eq!(classify(200, "", ""), Outcome::Sent);
        assert_eq!(
            classify(409, "invalid_idempotent_request", ""),
            Outcome::Sent
        );
    }

    #[test]
    fn the_reminder_holds_the_link_and_the_reference_and_no_other_link() {
        let (subject, text) = message("https://stepzero.example", "1C9K-2H7Q");
        assert_eq!(subject, "Your Step Zero challenge");
        assert!(text.contains("https://stepzero.example\n"));
        assert!(text.contains("Your reference: 1C9K-2H7Q"));
        assert_eq!(text.matches("://").count(), 1, "one link, the site's");
    }
}
