//! The status line: one message shown at a time. Errors and warnings stay
//! until dismissed (Esc) or replaced, or until what failed succeeds (an
//! error about a load is taken back when that load next arrives); information
//! fades after a few seconds. A message a tab made (answering a key, or an
//! answer to its own request) belongs to it: it shows on that tab only, and
//! goes when another tab is shown, so "Click is already installed" does not
//! follow the user to the week, and a Plugins error that came while the
//! Groups tab was shown waits for the Plugins tab. What the app says for
//! every screen (config warnings, a reloaded token) shows everywhere.

use super::tab::Tab;
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

/// What a message is about: the next success of that load takes it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    /// A page of the groups list: missing after its walk's retries.
    GroupsPage,
    /// The plugin list: an error loading it, or a word that waits for it.
    Plugins,
    /// The walk of a branch's groups (None: every branch): what it noticed
    /// (fewer groups than announced) holds until it walks again.
    Walk(Option<i64>),
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
    /// The tab that made it (None: the app's, for every screen).
    pub tab: Option<Tab>,
}

/// The messages held: at most one of the app's and one of each tab, the
/// newest last.
#[derive(Debug, Clone, Default)]
pub struct StatusLine {
    messages: Vec<StatusMessage>,
    /// The tab whose messages say what follows (None: the app).
    speaker: Option<Tab>,
    /// The tab shown (None: every message shows).
    shown: Option<Tab>,
}

impl StatusLine {
    /// Shows `text` until it fades.
    pub fn info(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Info, text.into(), now, None);
    }

    /// Shows `text` until it fades, or until `topic` arrives (it no longer
    /// holds then: "the catalogue is still loading").
    pub fn info_until(&mut self, topic: Topic, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Info, text.into(), now, Some(topic));
    }

    /// Shows `text` until dismissed or replaced.
    pub fn error(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Error, text.into(), now, None);
    }

    /// Shows a warning until dismissed or replaced.
    pub fn warning(&mut self, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Warning, text.into(), now, None);
    }

    /// Shows a warning about `topic` until dismissed, replaced or
    /// [`resolved`](Self::resolved).
    pub fn warning_about(&mut self, topic: Topic, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Warning, text.into(), now, Some(topic));
    }

    /// Shows `text`, an error about the load `topic`, until dismissed,
    /// replaced or [`resolved`](Self::resolved).
    pub fn load_error(&mut self, topic: Topic, text: impl Into<String>, now: DateTime<Utc>) {
        self.show(Severity::Error, text.into(), now, Some(topic));
    }

    /// The load `topic` succeeded: a message about it no longer holds.
    pub fn resolved(&mut self, topic: Topic) {
        self.messages.retain(|m| m.topic != Some(topic));
    }

    /// A new message replaces the last of its speaker, and the one shown
    /// when it shows in its place (a hidden tab's waits for its tab).
    fn show(&mut self, severity: Severity, text: String, now: DateTime<Utc>, topic: Option<Topic>) {
        let tab = self.speaker;
        if tab.is_none() || self.shown.is_none() || tab == self.shown {
            self.dismiss();
        }
        self.messages.retain(|m| m.tab != tab);
        self.messages.push(StatusMessage {
            severity,
            text,
            shown_at: now,
            topic,
            tab,
        });
    }

    /// Says whose the messages that follow are: the tab `Some(tab)` (a key
    /// on it, an answer to its request) or the app's (None).
    pub fn said_by(&mut self, speaker: Option<Tab>) {
        self.speaker = speaker;
    }

    /// `tab` is shown: the messages of the tab left go, `tab`'s show.
    pub fn tab_shown(&mut self, tab: Tab) {
        let left = self.shown.replace(tab);
        if left != Some(tab) {
            self.messages.retain(|m| m.tab.is_none() || m.tab != left);
        }
    }

    /// The message shown, if any: the newest of the app's and the tab's
    /// shown.
    pub fn current(&self) -> Option<&StatusMessage> {
        let shows =
            |m: &&StatusMessage| m.tab.is_none() || self.shown.is_none() || m.tab == self.shown;
        self.messages.iter().rev().find(shows)
    }

    /// Removes the message shown; true when there was one.
    pub fn dismiss(&mut self) -> bool {
        let Some(shown) = self.current().cloned() else {
            return false;
        };
        self.messages.retain(|m| *m != shown);
        true
    }

    /// Drops the information messages whose time is up.
    pub fn expire(&mut self, now: DateTime<Utc>) {
        self.messages
            .retain(|m| left_of(m, now) != Some(Duration::ZERO));
    }

    /// How long the first information message to fade has left (zero when
    /// its time is up); None when nothing will fade.
    pub fn until_fade(&self, now: DateTime<Utc>) -> Option<Duration> {
        self.messages.iter().filter_map(|m| left_of(m, now)).min()
    }
}

/// How long `message` has left when it fades (information does).
fn left_of(message: &StatusMessage, now: DateTime<Utc>) -> Option<Duration> {
    if message.severity != Severity::Info {
        return None;
    }
    let lifetime = TimeDelta::from_std(INFO_LIFETIME).unwrap_or(TimeDelta::zero());
    let left = message.shown_at + lifetime - now;
    Some(left.to_std().unwrap_or(Duration::ZERO))
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
        status.tab_shown(Tab::Plugins);
        status.said_by(Some(Tab::Plugins));
        status.warning("Click is already installed", at(0));
        status.tab_shown(Tab::Week);
        assert!(status.current().is_none());

        status.said_by(None);
        status.warning("config readable by others", at(0));
        status.tab_shown(Tab::Plugins);
        assert_eq!(status.current().unwrap().text, "config readable by others");
    }

    #[test]
    fn a_tabs_message_shows_on_that_tab_only() {
        let mut status = StatusLine::default();
        status.tab_shown(Tab::Groups);
        status.said_by(Some(Tab::Plugins));
        status.load_error(Topic::Plugins, "plugins: HTTP 500", at(0));
        assert!(status.current().is_none(), "not on Groups");
        status.said_by(Some(Tab::Groups));
        status.info("exported", at(1));
        assert_eq!(status.current().unwrap().text, "exported");
        status.tab_shown(Tab::Plugins);
        assert_eq!(status.current().unwrap().text, "plugins: HTTP 500");
        assert!(status.dismiss());
        assert!(status.current().is_none());
    }

    #[test]
    fn a_new_message_replaces_the_old_one() {
        let mut status = StatusLine::default();
        status.error("HTTP 500", at(0));
        status.info("installed", at(1));
        assert_eq!(status.current().unwrap().severity, Severity::Info);
    }
}
