//! `stepzero-ops`: the tool for the team running the site, on their own machine. It imports
//! emailed responses into the table, exports the table, and writes an HTML report. Every
//! rule about what a response is comes from the engine (`stepzero-core`).

mod api;
mod clean_uploads;
mod config;
mod export;
mod forget;
mod import;
mod mail;
mod progress;
mod remind;
mod report;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    version,
    about = "Step Zero's operator tool: import emailed responses, export, report, forget, remind, clean-uploads"
)]
struct Cli {
    /// The config file (NAME=value lines): STEPZERO_SUPABASE_URL, STEPZERO_SERVICE_ROLE_KEY,
    /// STEPZERO_BACKUP_FROM; for remind STEPZERO_RESEND_API_KEY, STEPZERO_REMINDER_FROM,
    /// STEPZERO_SITE_URL (and STEPZERO_RESEND_URL). The environment overrides it.
    #[arg(long, global = true, value_name = "FILE", default_value = config::DEFAULT_ENV_FILE)]
    env_file: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Inserts the responses found in saved backup emails (.eml files, mbox files, or folders
    /// of them); already stored ones are counted, not duplicated.
    Import {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Also import the response with this id when it carries no proof of work, or less
        /// than the database asked for when its email was sent (a browser that could not solve
        /// it, or solved it while the database was out of reach). Once per id; check each id
        /// first: anyone with the site's public EmailJS key can send an email.
        #[arg(long, value_name = "ID", value_parser = response_id)]
        accept_without_work: Vec<String>,
    },
    /// Writes every stored response as CSV or JSON Lines.
    Export {
        #[arg(long, value_enum, default_value = "csv")]
        format: export::Format,
        /// Only responses completed on or after this date (YYYY-MM-DD, UTC) or time (RFC 3339).
        #[arg(long, value_name = "DATE")]
        since: Option<String>,
        /// Where to write; standard output when absent.
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Keep the email addresses (question5b_email) in the export; without it that column
        /// is empty, so an export shared for analysis holds no address.
        #[arg(long)]
        with_emails: bool,
    },
    /// Deletes a response at its respondent's request (its row and its file), and makes the
    /// database refuse it for good. Asks before deleting more than one.
    Forget {
        /// The response's reference (as the thank-you page shows it, e.g. 1C9K-2H7Q), its id,
        /// or the email address it gives (every response giving it).
        #[arg(value_name = "REFERENCE|ID|EMAIL")]
        target: String,
        /// Delete more than one response without asking.
        #[arg(long)]
        yes: bool,
    },
    /// Sends the due reminders visitors asked for (question 5b), one email each, at most one
    /// per address in the period and the daily cap the database keeps; erases each address
    /// once its reminder is sent. Run every hour (.github/workflows/reminders.yml). Needs
    /// STEPZERO_RESEND_API_KEY, STEPZERO_REMINDER_FROM and STEPZERO_SITE_URL.
    Remind,
    /// Deletes the uploads no response names once no pending response can claim them any more
    /// (older than the database's upload_retention_days).
    CleanUploads,
    /// Writes a one-file HTML report (charts, numbers, the challenges shared with consent).
    Report {
        #[arg(long, value_name = "DATE")]
        since: Option<String>,
        #[arg(
            long,
            short,
            value_name = "FILE",
            default_value = "stepzero-report.html"
        )]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("stepzero-ops: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let explicit = cli.env_file != std::path::Path::new(config::DEFAULT_ENV_FILE);
    let config = config::Config::load(
        Some(&cli.env_file)
            .filter(|_| explicit)
            .map(|p| p.as_path()),
    )?;
    let senders = config.backup_from.clone();
    let reminders = config.reminders.clone();
    let api = api::Api::new(config);
    match cli.command {
        Command::Import {
            files,
            accept_without_work,
        } => {
            if senders.is_empty() {
                eprintln!("note: STEPZERO_BACKUP_FROM is not set, so the sender of each email is not checked");
            }
            let summary = import::run(&api, &files, &senders, &accept_without_work)?;
            for line in summary.lines() {
                println!("{line}");
            }
            Ok(())
        }
        Command::Export {
            format,
            since,
            out,
            with_emails,
        } => {
            let since = since.as_deref().map(since_time).transpose()?;
            let mut rows = read_rows(&api, since.as_deref())?;
            if !with_emails {
                export::without_emails(&mut rows);
            }
            export::mark_arrived_files(&mut rows, &api.object_names(api::BUCKET)?);
            match out {
                Some(path) => {
                    let file = std::fs::File::create(&path)
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                    export::write(&rows, format, std::io::BufWriter::new(file))?;
                    eprintln!("exported {} responses to {}", rows.len(), path.display());
                }
                None => export::write(&rows, format, std::io::stdout().lock())?,
            }
            Ok(())
        }
        Command::Forget { target, yes } => {
            let done = forget::run(&api, &target, yes, &mut forget::ask)?;
            println!("{done}");
            Ok(())
        }
        Command::Remind => {
            let settings = remind::Settings::from_config(&reminders)?;
            println!("{}", remind::run(&api, &settings)?);
            Ok(())
        }
        Command::CleanUploads => {
            println!("{}", clean_uploads::run(&api)?);
            Ok(())
        }
        Command::Report { since, out } => {
            let since_at = since.as_deref().map(since_time).transpose()?;
            let mut rows = read_rows(&api, since_at.as_deref())?;
            // The report reads no address column; emptied anyway, so none can reach it.
            export::without_emails(&mut rows);
            export::mark_arrived_files(&mut rows, &api.object_names(api::BUCKET)?);
            let now = chrono::Utc::now().format("%Y-%m-%d %H:%M UTC").to_string();
            let html = report::html(&rows, &now, since.as_deref());
            std::fs::write(&out, html)
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            eprintln!(
                "report of {} responses written to {}",
                rows.len(),
                out.display()
            );
            Ok(())
        }
    }
}

fn read_rows(
    api: &api::Api,
    since: Option<&str>,
) -> Result<Vec<serde_json::Map<String, serde_json::Value>>, String> {
    let bar = progress::counter("reading");
    let rows = api.rows(since, |n| bar.set_position(n as u64));
    bar.finish_and_clear();
    rows
}

/// An id given to `--accept-without-work`: a UUID, in lower case as the engine writes it.
fn response_id(text: &str) -> Result<String, String> {
    let id = text.trim().to_ascii_lowercase();
    if stepzero_core::record::is_uuid(&id) {
        Ok(id)
    } else {
        Err(format!(
            "\"{text}\" is not a response id: give the id of each response to accept (a UUID, \
             the email's id row), one --accept-without-work per id"
        ))
    }
}

/// `--since` as an RFC 3339 time: a date means its start, UTC.
fn since_time(text: &str) -> Result<String, String> {
    if let Ok(date) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Ok(format!("{date}T00:00:00Z"));
    }
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.to_rfc3339())
        .map_err(|_| {
            format!(
                "--since \"{text}\" is not a date: write it as YYYY-MM-DD (or an RFC 3339 time)"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::{response_id, since_time};

    #[test]
    fn an_accepted_id_is_a_uuid_in_lower_case() {
        assert_eq!(
            response_id(" 10000000-0000-4000-8000-00000000000A").unwrap(),
            "10000000-0000-4000-8000-00000000000a"
        );
        assert!(response_id("unsolved.eml")
            .unwrap_err()
            .contains("is not a response id"));
    }

    #[test]
    fn since_takes_a_date_or_a_time_and_explains_anything_else() {
        assert_eq!(since_time("2026-11-01").unwrap(), "2026-11-01T00:00:00Z");
        assert_eq!(
            since_time("2026-11-01T10:00:00+01:00").unwrap(),
            "2026-11-01T10:00:00+01:00"
        );
        assert!(since_time("1/11/2026").unwrap_err().contains("YYYY-MM-DD"));
    }
}
