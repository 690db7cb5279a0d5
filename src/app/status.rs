//! The status line: one message at a time. Errors and warnings stay until
//! dismissed (Esc) or replaced, or until what failed succeeds (an error about
//! a load is taken back when that load next arrives); information fades after
//! a few seconds. A message a screen made (answering a key, or an answer to
//! its own request) belongs to it: it goes when another tab is shown, so
//! "Click is already installed" does not follow the user to the week. What
//! the app says for every screen (config warnings, a reloaded token) stays.

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

/// What a load error is about: the next success of that load takes it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// A page of the groups list: missing after its walk's retries.
    GroupsPage,
    /// The plugin list.
    Plugins,
}

/// A message on the status line (its text may hold server text: sanitise
/// it before drawing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusMessage {
    pub severity: Severity,
    pub text: String,
    pub shown_at: DateTime<Utc>,
    /// The load an error is about, if it is about one.
    pub topic: Option<Topic>,
    /// Made by the screen shown; it goes when another is shown.
    pub screens: bool,
}

/// The message shown, if any.
#[derive(Debug, Clone, Default)]
pub struct StatusLine {
    message: Option<StatusMessage>,
    /// Whether what is said now is said by the screen shown.
    screen_speaking: bool,
}

impl StatusLine {
    /// Shows `text` until it fades.
    pub fn info(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Info, text.into(), now, None);
    }

    /// Shows `text` until dismissed or replaced.
    pub fn error(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Error, text.into(), now, None);
    }

    /// Shows a warning until dismissed or replaced.
    pub fn warning(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Warning, text.into(), now, None);
    }

    /// Shows `text`, an error about the load `topic`, until dismissed,
    /// replaced or [`resolved`](Self::resolved).
    pub fn load_error(&mut self, topic: Topic, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Error, text.into(), now, Some(topic));
    }

    /// The load `topic` succeeded: an error about it no longer holds.
    pub fn resolved(&mut self, topic: Topic) {
        if self
            .message
            .as_ref()
            .is_some_and(|m| m.topic == Some(topic))
        {
            self.message = None;
        }
    }

    fn show(&mut self, severity: Severity, text: String, now: DateTime<Utc>, topic: Option<Topic>) {
        self.message = Some(StatusMessage {
            severity,
            text,
            shown_at: now,
            topic,
            screens: self.screen_speaking,
        });
    }

    /// Says whether the messages that follow are the shown screen's (a key,
    /// its own answer) or the app's.
    pub fn said_by_screen(&mut self, screen: bool) {
        self.screen_speaking = screen;
    }

    /// Another tab is shown: the last one's message goes.
    pub fn screen_left(&mut self) {
        if self.message.as_ref().is_some_and(|m| m.screens) {
            self.message = None;
        }
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
    fn a_load_error_is_taken_back_by_that_load_only() {
        let mut status = StatusLine::default();
        status.load_error(Topic::Plugins, "plugins: HTTP 500", at(0));
        status.resolved(Topic::GroupsPage);
        assert_eq!(status.current().unwrap().text, "plugins: HTTP 500");
        status.resolved(Topic::Plugins);
        assert!(status.current().is_none());

        // A message about something else stays.
        status.error("install Click: HTTP 422", at(0));
        status.resolved(Topic::Plugins);
        assert!(status.current().is_some());
    }

    #[test]
    fn a_screens_message_goes_with_its_screen_and_the_apps_stays() {
        let mut status = StatusLine::default();
        status.said_by_screen(true);
        status.warning("Click is already installed", at(0));
        status.screen_left();
        assert!(status.current().is_none());

        status.said_by_screen(false);
        status.warning("config readable by others", at(0));
        status.screen_left();
        assert_eq!(status.current().unwrap().text, "config readable by others");
    }

    #[test]
    fn a_new_message_replaces_the_old_one() {
        let mut status = StatusLine::default();
        status.error("HTTP 500", at(0));
        status.info("installed", at(1));
        assert_eq!(status.current().unwrap().severity, Severity::Info);
    }
}
