//! The status line: one message at a time. Errors and warnings stay until
//! dismissed (Esc) or replaced; information fades after a few seconds.

use chrono::{DateTime, TimeDelta, Utc};
use std::time::Duration;

/// How long an information message stays.
pub const INFO_LIFETIME: Duration = Duration::from_secs(4);

/// Whether a message reports a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Info,
    /// Nothing failed, but something needs the user's attention (a config
    /// file others can read).
    Warning,
    Error,
}

/// A message on the status line (its text may hold server text: sanitise
/// it before drawing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusMessage {
    pub severity: Severity,
    pub text: String,
    pub shown_at: DateTime<Utc>,
}

/// The message shown, if any.
#[derive(Debug, Clone, Default)]
pub struct StatusLine {
    message: Option<StatusMessage>,
}

impl StatusLine {
    /// Shows `text` until it fades.
    pub fn info(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Info, text.into(), now);
    }

    /// Shows `text` until dismissed or replaced.
    pub fn error(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Error, text.into(), now);
    }

    /// Shows a warning until dismissed or replaced.
    pub fn warning(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Warning, text.into(), now);
    }

    fn show(&mut self, severity: Severity, text: String, now: DateTime<Utc>) {
        self.message = Some(StatusMessage {
            severity,
            text,
            shown_at: now,
        });
    }

    /// The message shown, if any.
    pub fn current(&self) -> Option<&StatusMessage> {
        self.message.as_ref()
    }

    /// Removes the message; true when there was one.
    pub fn dismiss(&mut self) -> bool {
        self.message.take().is_some()
    }

    /// Drops an information message whose time is up.
    pub fn expire(&mut self, now: DateTime<Utc>) {
        if self.until_fade(now) == Some(Duration::ZERO) {
            self.message = None;
        }
    }

    /// How long the information message shown has left (zero when its time
    /// is up); None when nothing will fade.
    pub fn until_fade(&self, now: DateTime<Utc>) -> Option<Duration> {
        let message = self.message.as_ref()?;
        if message.severity != Severity::Info {
            return None;
        }
        let lifetime = TimeDelta::from_std(INFO_LIFETIME).unwrap_or(TimeDelta::zero());
        let left = message.shown_at + lifetime - now;
        Some(left.to_std().unwrap_or(Duration::ZERO))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 6, 2, 9, 0, 0).unwrap() + TimeDelta::seconds(seconds)
    }

    #[test]
    fn information_fades_and_errors_stay() {
        let mut status = StatusLine::default();
        status.info("copied", at(0));
        assert_eq!(status.until_fade(at(1)), Some(Duration::from_secs(3)));
        status.expire(at(3));
        assert!(status.current().is_some());
        status.expire(at(4));
        assert!(status.current().is_none());

        status.error("HTTP 500", at(0));
        status.expire(at(3600));
        assert_eq!(status.current().unwrap().text, "HTTP 500");
        assert_eq!(status.until_fade(at(3600)), None);
        assert!(status.dismiss());
        assert!(!status.dismiss());

        status.warning("chmod 600", at(0));
        status.expire(at(3600));
        assert_eq!(status.current().unwrap().severity, Severity::Warning);
        assert_eq!(status.until_fade(at(3600)), None);
    }

    #[test]
    fn a_new_message_replaces_the_old_one() {
        let mut status = StatusLine::default();
        status.error("HTTP 500", at(0));
        status.info("installed", at(1));
        assert_eq!(status.current().unwrap().severity, Severity::Info);
    }
}
