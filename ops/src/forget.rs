//! `forget`: a visitor's deletion request (issue #22; docs/operate.md, "Data requests"). Finds
//! the responses a reference, an id or an email address names, records their ids as forgotten
//! (so the database refuses them for good: a later delivery from the visitor's outbox, a later
//! import of their emailed backup), deletes the reminder period kept for their address (a keyed
//! hash, while its period runs) when the address is known, each one's file through the Storage
//! API (its bytes too), then the rows. Each step can run again: a run cut short is finished by
//! the next one.

use crate::api::{Api, Found};
use std::io::BufRead;
use stepzero_core::reference;

/// What the operator named.
#[derive(Debug, PartialEq)]
pub enum Target {
    /// A response id (a UUID), lower case.
    Id(String),
    /// A reference: the 10 hex digits of the ids it stands for.
    Reference { text: String, prefix: String },
    /// An email address (question5b_email), any case.
    Email(String),
}

impl Target {
    /// # Errors
    /// When `text` is none of the three.
    pub fn parse(text: &str) -> Result<Self, String> {
        let trimmed = text.trim();
        if trimmed.contains('@') {
            return Ok(Self::Email(trimmed.to_owned()));
        }
        let id = trimmed.to_ascii_lowercase();
        if stepzero_core::record::is_uuid(&id) {
            return Ok(Self::Id(id));
        }
        match reference::id_prefix(trimmed) {
            Some(prefix) => Ok(Self::Reference {
                text: trimmed.to_ascii_uppercase(),
                prefix,
            }),
            None => Err(format!(
                "\"{text}\" is not a reference (8 characters, like 1C9K-2H7Q), a response id \
                 (a UUID) or an email address"
            )),
        }
    }
}

/// When an address is erased at the latest (address_retention_days, stepzero_private.settings).
const ERASED: &str = "30 days at most after the response arrived (address_retention_days)";

/// The first and last ids a reference's 40 bits stand for.
fn id_range(prefix: &str) -> (String, String) {
    let bound = |fill: char| {
        let rest: String = std::iter::repeat_n(fill, 22).collect();
        let hex = format!("{prefix}{rest}");
        format!(
            "{}-{}-{}-{}-{}",
            &hex[..8],
            &hex[8..12],
            &hex[12..16],
            &hex[16..20],
            &hex[20..]
        )
    };
    (bound('0'), bound('f'))
}

fn describe(found: &Found) -> String {
    format!(
        "{} (reference {}, completed {})",
        found.id,
        reference::reference(&found.id).unwrap_or_default(),
        found
            .completion_time
            .as_deref()
            .unwrap_or("at an unknown time")
    )
}

/// Runs `stepzero-ops forget <target>`; `confirm` asks the operator (y/N) when more than one
/// response would go, unless `yes`. Answers what to print.
///
/// # Errors
/// A message saying why nothing (more) was deleted.
pub fn run(
    api: &Api,
    target: &str,
    yes: bool,
    confirm: &mut dyn FnMut(&str) -> bool,
) -> Result<String, String> {
    let target = Target::parse(target)?;
    let found: Vec<Found> = match &target {
        Target::Id(id) => api.matching(&[("id", format!("eq.{id}"))])?,
        Target::Reference { prefix, .. } => {
            let (first, last) = id_range(prefix);
            api.matching(&[
                ("id", format!("gte.{first}")),
                ("id", format!("lte.{last}")),
            ])?
            .into_iter()
            .filter(|f| f.id.replace('-', "").starts_with(prefix.as_str()))
            .collect()
        }
        Target::Email(address) => api
            .matching(&[("question5b_email", "not.is.null".to_owned())])?
            .into_iter()
            .filter(|f| {
                f.question5b_email
                    .as_deref()
                    .is_some_and(|e| e.trim().eq_ignore_ascii_case(address))
            })
            .collect(),
    };
    if found.is_empty() {
        return Ok(match &target {
            // An id may still arrive (an outbox, an email not imported yet): refuse it for good.
            Target::Id(id) => {
                api.record_forgotten(std::slice::from_ref(id))?;
                format!(
                    "nothing to forget: no stored response has the id {id}; the database will \
                     refuse it if it arrives later"
                )
            }
            Target::Reference { text, .. } => {
                format!("nothing to forget: no stored response has the reference {text}")
            }
            // The address was erased from its row (after its reminder, or at the latest after
            // address_retention_days): the response may be stored, without it.
            Target::Email(address) => {
                let periods = api.forget_reminder_addresses(std::slice::from_ref(address))?;
                format!(
                    "nothing to forget: no stored response gives this email address. Addresses \
                     are erased once their reminder is sent (or refused), and in any case {ERASED}, \
                     so the visitor's response may still be stored without it: ask them for the \
                     reference their thank-you page showed (like 1C9K-2H7Q), or the date and \
                     time they answered, and run forget with it{}",
                    if periods > 0 {
                        ". The reminder period kept for this address (a keyed hash, no address) \
                         is deleted"
                    } else {
                        ""
                    }
                )
            }
        });
    }
    let list: Vec<String> = found.iter().map(|f| format!("  {}", describe(f))).collect();
    if let Target::Reference { text, .. } = &target {
        if found.len() > 1 {
            return Err(format!(
                "the reference {text} matches {} responses, so nothing was deleted:\n{}\n\
                 Ask the visitor which one is theirs (its time), then run forget with its id",
                found.len(),
                list.join("\n")
            ));
        }
    }
    if found.len() > 1
        && !yes
        && !confirm(&format!(
            "{} responses match:\n{}\nDelete them and their files? [y/N] ",
            found.len(),
            list.join("\n")
        ))
    {
        return Err("nothing was deleted (not confirmed)".to_owned());
    }

    let ids: Vec<String> = found.iter().map(|f| f.id.clone()).collect();
    api.record_forgotten(&ids)?;
    let mut addresses: Vec<String> = found
        .iter()
        .filter_map(|f| f.question5b_email.clone())
        .collect();
    if let Target::Email(address) = &target {
        addresses.push(address.clone());
    }
    addresses.sort_by_key(|a| a.to_lowercase());
    addresses.dedup_by_key(|a| a.to_lowercase());
    let periods = api.forget_reminder_addresses(&addresses)?;
    let files: Vec<String> = found
        .iter()
        .filter_map(|f| f.media_file_url.clone())
        .collect();
    let removed_files = api.delete_objects(crate::api::BUCKET, &files)?;
    let removed_rows = api.delete_rows(&ids)?;
    let mut out = Vec::new();
    for f in &found {
        let row = if removed_rows.contains(&f.id) {
            "deleted"
        } else {
            "already gone"
        };
        let file = match &f.media_file_url {
            None => "no file".to_owned(),
            Some(name) if removed_files.contains(name) => format!("its file {name} deleted"),
            Some(name) => format!("its file {name} was not in storage"),
        };
        out.push(format!("forgot {}: response {row}, {file}", describe(f)));
    }
    out.push(format!(
        "forgot {} response{}, {} file{}{}; the database refuses {} from now on",
        removed_rows.len(),
        if removed_rows.len() == 1 { "" } else { "s" },
        removed_files.len(),
        if removed_files.len() == 1 { "" } else { "s" },
        match periods {
            0 => String::new(),
            1 => ", 1 reminder period".to_owned(),
            n => format!(", {n} reminder periods"),
        },
        if ids.len() == 1 { "it" } else { "them" }
    ));
    Ok(out.join("\n"))
}

/// Asks `question` on standard error and reads the answer from standard input: yes only for
/// `y` or `yes` (any case).
pub fn ask(question: &str) -> bool {
    eprint!("{question}");
    let mut line = String::new();
    if std::io::stdin().lock().read_line(&mut line).is_err() {
        return false;
    }
    matches!(line.trim().to_ascii_lowercase().as_str(), "y" | "yes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_is_an_address_an_id_or_a_reference() {
        assert_eq!(
            Target::parse(" A@B.co ").unwrap(),
            Target::Email("A@B.co".into())
        );
        assert_eq!(
            Target::parse("1C9A4F0E-7B3D-4E21-9F00-0123456789AB").unwrap(),
            Target::Id("1c9a4f0e-7b3d-4e21-9f00-0123456789ab".into())
        );
        let r = reference::reference("1c9a4f0e-7b3d-4e21-9f00-0123456789ab").unwrap();
        assert_eq!(
            Target::parse(&r.to_lowercase()).unwrap(),
            Target::Reference {
                text: r.clone(),
                prefix: "1c9a4f0e7b".into()
            }
        );
        assert!(Target::parse("photo.jpg")
            .unwrap_err()
            .contains("not a reference"));
    }

    #[test]
    fn a_references_ids_run_from_its_prefix_with_zeros_to_it_with_fs() {
        assert_eq!(
            id_range("1c9a4f0e7b"),
            (
                "1c9a4f0e-7b00-0000-0000-000000000000".to_owned(),
                "1c9a4f0e-7bff-ffff-ffff-ffffffffffff".to_owned()
            )
        );
    }
}
