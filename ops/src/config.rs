//! Where the tool finds the project: the environment, or a file of `NAME=value` lines
//! (`ops/.env` by default, git-ignored). Never the site's build (`web/.env`): that holds the
//! public anon key, which cannot read responses.

use base64::Engine as _;
use std::collections::HashMap;
use std::path::Path;

/// The default config file, relative to the directory the tool runs in (the repository root).
pub const DEFAULT_ENV_FILE: &str = "ops/.env";

/// What the tool needs to reach the project.
#[derive(Debug, Clone)]
pub struct Config {
    /// The project URL, without a trailing slash (`https://<ref>.supabase.co`).
    pub url: String,
    /// The service-role (secret) key: it reads every row and inserts old ones.
    pub key: String,
    /// The addresses the email backups come from; other senders are refused. Empty: not checked.
    pub backup_from: Vec<String>,
    /// What `remind` needs (only it): the email service and what the reminder says.
    pub reminders: ReminderConfig,
}

/// The reminders' email service (Resend) and the sender and link the reminder carries.
#[derive(Debug, Clone, Default)]
pub struct ReminderConfig {
    /// The Resend API's base URL, without a trailing slash (a stand-in's in tests).
    pub resend_url: String,
    /// The Resend API key (`re_…`), a sending-only key.
    pub resend_key: Option<String>,
    /// The sender, `Step Zero <reminders@your-domain>`, on a domain verified in Resend.
    pub from: Option<String>,
    /// The site's address, the one link in the reminder.
    pub site_url: Option<String>,
}

/// Resend's API (https://resend.com/docs/api-reference).
pub const DEFAULT_RESEND_URL: &str = "https://api.resend.com";

/// The variables the tool reads, from the file or the environment.
pub const VARIABLES: [&str; 7] = [
    "STEPZERO_SUPABASE_URL",
    "STEPZERO_SERVICE_ROLE_KEY",
    "STEPZERO_BACKUP_FROM",
    "STEPZERO_RESEND_URL",
    "STEPZERO_RESEND_API_KEY",
    "STEPZERO_REMINDER_FROM",
    "STEPZERO_SITE_URL",
];

impl Config {
    /// Reads the file (when it exists) and the environment; the environment wins.
    ///
    /// # Errors
    /// A message naming what to set when the URL or key is missing, unreadable, or the key is
    /// the public anon key.
    pub fn load(file: Option<&Path>) -> Result<Self, String> {
        let path = file.unwrap_or(Path::new(DEFAULT_ENV_FILE));
        let mut vars = HashMap::new();
        if path.exists() {
            let entries = dotenvy::from_path_iter(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            for entry in entries {
                let (name, value) = entry.map_err(|e| format!("{}: {e}", path.display()))?;
                vars.insert(name, value);
            }
        } else if file.is_some() {
            return Err(format!("the config file {} does not exist", path.display()));
        }
        for name in VARIABLES {
            if let Ok(value) = std::env::var(name) {
                vars.insert(name.to_owned(), value);
            }
        }
        Self::from_vars(&vars, path)
    }

    fn from_vars(vars: &HashMap<String, String>, path: &Path) -> Result<Self, String> {
        let get = |name: &str| {
            vars.get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let missing = |name: &str, what: &str| {
            format!(
                "{name} is not set: put {what} in {} (or the environment)",
                path.display()
            )
        };
        let url = get("STEPZERO_SUPABASE_URL").ok_or_else(|| {
            missing(
                "STEPZERO_SUPABASE_URL",
                "the project URL (https://<ref>.supabase.co)",
            )
        })?;
        if !url.starts_with("http://") && !url.starts_with("https://") {
            return Err(format!(
                "STEPZERO_SUPABASE_URL must start with https:// (got \"{url}\")"
            ));
        }
        let key = get("STEPZERO_SERVICE_ROLE_KEY").ok_or_else(|| {
            missing(
                "STEPZERO_SERVICE_ROLE_KEY",
                "the service_role (secret) key from Project Settings → API Keys",
            )
        })?;
        if is_public_key(&key) {
            return Err(
                "STEPZERO_SERVICE_ROLE_KEY holds the public anon (publishable) key, \
                which cannot read responses: use the service_role (secret) key"
                    .into(),
            );
        }
        let backup_from = get("STEPZERO_BACKUP_FROM")
            .map(|list| {
                list.split(',')
                    .map(|a| a.trim().to_ascii_lowercase())
                    .filter(|a| !a.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        let reminders = ReminderConfig {
            resend_url: get("STEPZERO_RESEND_URL")
                .unwrap_or_else(|| DEFAULT_RESEND_URL.to_owned())
                .trim_end_matches('/')
                .to_owned(),
            resend_key: get("STEPZERO_RESEND_API_KEY"),
            from: get("STEPZERO_REMINDER_FROM"),
            site_url: get("STEPZERO_SITE_URL"),
        };
        Ok(Self {
            url: url.trim_end_matches('/').to_owned(),
            key,
            backup_from,
            reminders,
        })
    }

    /// Whether the key is a JWT (legacy keys) rather than an `sb_secret_…` key, which hosted
    /// Supabase accepts only in the `apikey` header.
    pub fn key_is_jwt(&self) -> bool {
        self.key.split('.').count() == 3
    }
}

/// A publishable key, or a JWT whose role is `anon`.
fn is_public_key(key: &str) -> bool {
    if key.starts_with("sb_publishable_") {
        return true;
    }
    let Some(payload) = key.split('.').nth(1) else {
        return false;
    };
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .is_some_and(|claims| claims["role"] == "anon")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn load(pairs: &[(&str, &str)]) -> Result<Config, String> {
        Config::from_vars(&vars(pairs), Path::new("ops/.env"))
    }

    #[test]
    fn missing_values_name_the_variable_and_the_file() {
        let err = load(&[]).unwrap_err();
        assert!(
            err.contains("STEPZERO_SUPABASE_URL") && err.contains("ops/.env"),
            "{err}"
        );
        let err = load(&[("STEPZERO_SUPABASE_URL", "https://x.supabase.co")]).unwrap_err();
        assert!(err.contains("STEPZERO_SERVICE_ROLE_KEY"), "{err}");
    }

    #[test]
    fn the_anon_key_is_refused_with_what_to_use_instead() {
        let anon = "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.sig"; // {"role":"anon"}
        for key in [anon, "sb_publishable_abc"] {
            let err = load(&[
                ("STEPZERO_SUPABASE_URL", "https://x.supabase.co"),
                ("STEPZERO_SERVICE_ROLE_KEY", key),
            ])
            .unwrap_err();
            assert!(err.contains("service_role"), "{err}");
        }
    }

    #[test]
    fn a_good_config_trims_the_url_and_lists_senders() {
        let config = load(&[
            ("STEPZERO_SUPABASE_URL", "https://x.supabase.co/"),
            ("STEPZERO_SERVICE_ROLE_KEY", "sb_secret_abc"),
            ("STEPZERO_BACKUP_FROM", "Team@Example.org, b@c.de"),
        ])
        .unwrap();
        assert_eq!(config.url, "https://x.supabase.co");
        assert_eq!(config.backup_from, ["team@example.org", "b@c.de"]);
        assert!(!config.key_is_jwt());
    }
}
