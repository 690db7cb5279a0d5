//! What the results of work (the [`Input`]s the runtime sends when work it
//! did for an effect ends) do to the app: an answer goes to the store and
//! to its owner only (the screens hear what the app's own and the walks'
//! taught it as news), and the runtime's other news (a token reloaded, a
//! copy, an export, a profile switched, the snapshot read) is said on the
//! status line or handed to the screens.

use super::ask::Tell;
use super::install_across::InstallAcross;
use super::protocol::AccountChange;
use super::registry::Overlay;
use super::shared::{SeedPart, Shared};
use super::{Answer, App, Effect, Input, Tab};
use crate::cache::CacheError;
use crate::i18n::plural;
use crate::i18n::{Language, Phrase, fill};
use crate::present::clock::expiry_in;
use crate::store::{SNAPSHOT_VERSION, Snapshot, SnapshotError};

impl App {
    /// A result of the runtime's work; the user's inputs and the tick are
    /// `update`'s own (`mod.rs`) and do nothing here.
    pub(super) fn on_result(&mut self, result: Input) -> Vec<Effect> {
        let (now, status) = (self.world.now, &mut self.world.status);
        let language = self.world.settings.language;
        match result {
            Input::Key(_) | Input::Mouse(_) | Input::Resize(..) | Input::Tick => Vec::new(),
            Input::Response { id, answer } => match self.world.requests.finish(id, *answer) {
                Some(answer) => self.on_answer(answer),
                // Cancelled or superseded: the latest request wins.
                None => self.world.ended(id),
            },
            Input::TokenReloaded(Ok(expires_at)) => {
                self.world.token_expires_at = expires_at;
                let said = match expires_at {
                    Some(at) => {
                        let expiry = expiry_in(crate::secret::expiry(at, now), language);
                        fill::status_token_reloaded_expiry(language, expiry)
                    }
                    None => Phrase::StatusTokenReloaded.get(language).to_string(),
                };
                match &self.world.config_unread {
                    Some(why) => status.warning(format!("{said}; {why}"), now),
                    None => status.info(said, now),
                }
                let mut effects = self.world.ask_unknown();
                effects.extend(self.refresh());
                effects
            }
            Input::TokenReloaded(Err(error)) => {
                status.error(fill::status_token_reload_failed(language, error), now);
                Vec::new()
            }
            Input::Copied(Ok(())) => {
                status.info(Phrase::StatusTokenCopied.get(language), now);
                Vec::new()
            }
            Input::Copied(Err(error)) => {
                status.error(error.said(language), now);
                Vec::new()
            }
            Input::QuerySaved { name, text, result } => {
                let language = self.world.settings.language;
                match result {
                    Ok(()) => {
                        status.info(fill::query_saved(language, &name, &text), now);
                        self.world.settings.queries.keep_saved(&name, &text);
                    }
                    Err(why) => status.error(fill::query_not_saved(language, &name, why), now),
                }
                Vec::new()
            }
            Input::Exported(Ok((rows, path))) => {
                status.info(plural::status_exported(language, rows as u64, path), now);
                Vec::new()
            }
            Input::Exported(Err(error)) => {
                status.error(error.said(language), now);
                Vec::new()
            }
            Input::ProfileSwitch {
                profile,
                result: Ok(()),
            } => {
                // The new config's warnings stay said (they came first).
                let warnings = &self.world.settings.warnings;
                let said = fill::status_profile_switched(language, &profile);
                if warnings.is_empty() {
                    status.info(said, now);
                } else {
                    status.warning(format!("{said}; {}", warnings.join("; ")), now);
                }
                Vec::new()
            }
            Input::ProfileSwitch {
                profile,
                result: Err(why),
            } => {
                let why = why.said(language);
                status.error(fill::status_profile_not_opened(language, profile, why), now);
                Vec::new()
            }
            Input::ProfilesRead(Ok(names)) => {
                self.world.settings.profiles = names;
                self.world.config_unread = None;
                Vec::new()
            }
            Input::ProfilesRead(Err(why)) => {
                let language = self.world.settings.language;
                let said = crate::i18n::fill::config_not_read(language, why.said(language));
                status.warning(said.clone(), now);
                self.world.config_unread = Some(said);
                Vec::new()
            }
            Input::Resumed => Vec::new(),
            // To the install across centres open (none: it was cancelled).
            Input::AcrossAsked(centres) => {
                if let Some((across, mut shared)) = self.across() {
                    across.on_asked(&centres, &mut shared);
                }
                Vec::new()
            }
            Input::AcrossInstalled { profile, outcome } => self
                .across()
                .map(|(across, _)| across.on_installed(&profile, outcome))
                .unwrap_or_default(),
            Input::AccountChanged(change) => {
                status.warning(account_changed(change, language), now);
                Vec::new()
            }
            Input::Snapshot(Ok(snapshot)) => self.on_snapshot(&snapshot, SeedPart::Whole),
            // A head calls no group gone: compared once whole.
            Input::SnapshotHead(head) => {
                self.on_snapshot(&head, SeedPart::Head);
                Vec::new()
            }
            Input::SnapshotMore(slice) => self.on_snapshot(&slice, SeedPart::More),
            Input::SnapshotRest(Ok(snapshot)) => self.on_snapshot(&snapshot, SeedPart::Rest),
            Input::SnapshotRest(Err(why)) => {
                let why = cache_said(&why, language);
                status.warning(fill::status_snapshot_partial(language, why), now);
                Vec::new()
            }
            Input::CentreProbed { refresh, summary } => {
                self.tabs.centres.fleet.take(refresh, *summary);
                Vec::new()
            }
            Input::Compared(compared) => {
                let taken = self.world.changes.take(*compared);
                self.tell(taken.then_some(Tell::Compared))
            }
            // Logged by the runtime; said once, and the start goes on as usual.
            Input::Snapshot(Err(why)) => {
                let why = cache_said(&why, language);
                status.info(fill::status_snapshot_unused(language, why), now);
                Vec::new()
            }
        }
    }

    /// The snapshot (or `part` of it) shown: into the store, then to the
    /// screens; then what changed since the baseline is asked, before the
    /// network answers (not of a head, nor of a slice). A slice not taken
    /// stops the reading: no more of it will be.
    fn on_snapshot(&mut self, snapshot: &Snapshot, part: SeedPart) -> Vec<Effect> {
        if !self.world.seed(snapshot, part) {
            let unwanted = part == SeedPart::More;
            return unwanted
                .then_some(Effect::StopSnapshotReading)
                .into_iter()
                .collect();
        }
        for &tab in Tab::ALL {
            self.tabs
                .get_mut(tab)
                .on_snapshot(snapshot, &mut Shared::new(&mut self.world));
        }
        let whole = matches!(part, SeedPart::Whole | SeedPart::Rest);
        let compared = whole.then(|| self.world.compare(snapshot.key.branch, None));
        compared.flatten().into_iter().collect()
    }

    /// An answer goes to its owner, and to no one else: the app's own and
    /// a walk's teach the world what every screen then hears as [`Tell`];
    /// a tab's goes to that tab, as its own answer type. What this run
    /// fetched goes into the store first, whoever asked.
    fn on_answer(&mut self, answer: Answer) -> Vec<Effect> {
        self.world.keep(&answer);
        self.world.status.said_by(answer.tab());
        match answer {
            Answer::App(answer) => {
                let news = self.world.learn(answer);
                self.tell(news)
            }
            // Into the store first: the screens then see the rows there.
            Answer::Walk(answer) => {
                let (mut effects, news) = self.world.take_walked(answer);
                effects.extend(self.tell(Some(news)));
                effects
            }
            Answer::Plugins(answer) => {
                (self.tabs.plugins).on_answer(answer, &mut Shared::new(&mut self.world))
            }
        }
    }

    /// The install across centres open, if one is, and the world lent.
    fn across(&mut self) -> Option<(&mut InstallAcross, Shared<'_>)> {
        let across = self.overlays.iter_mut().find_map(|overlay| match overlay {
            Overlay::InstallAcross(across) => Some(across),
            _ => None,
        })?;
        Some((across, Shared::new(&mut self.world)))
    }

    /// Every tab and overlay hears `news`.
    fn tell(&mut self, news: Option<Tell>) -> Vec<Effect> {
        let Some(news) = news else {
            return Vec::new();
        };
        let mut effects = Vec::new();
        for &tab in Tab::ALL {
            let screen = self.tabs.get_mut(tab);
            effects.extend(screen.hear(&news, &mut Shared::new(&mut self.world)));
        }
        for overlay in &mut self.overlays {
            let screen = overlay.screen_mut();
            effects.extend(screen.hear(&news, &mut Shared::new(&mut self.world)));
        }
        effects
    }
}

/// What the status line says when the token is another account's.
fn account_changed(change: AccountChange, language: Language) -> &'static str {
    match change {
        AccountChange::NewToken { known: true } => Phrase::AccountChangedKnown,
        AccountChange::NewToken { known: false } => Phrase::AccountChangedUnknown,
        AccountChange::NotAsRemembered => Phrase::AccountNotAsRemembered,
    }
    .get(language)
}

/// Why the snapshot was not used (or only in part) as the status line says
/// it in `language`: the store's own reasons said again, the path and what
/// the file's reader said kept as sent; the log keeps `Display`'s English.
fn cache_said(error: &CacheError, language: Language) -> String {
    let CacheError::Snapshot(path, reason) = error else {
        return error.to_string();
    };
    let reason = match reason {
        SnapshotError::Unreadable(why) => fill::app_snapshot_unreadable(language, why),
        SnapshotError::Version(version) => {
            fill::app_snapshot_version(language, version, SNAPSHOT_VERSION)
        }
        SnapshotError::ForeignKey => Phrase::AppSnapshotForeign.get(language).to_string(),
        SnapshotError::TooMany { .. } | SnapshotError::Stopped => return error.to_string(),
    };
    format!("{}: {reason}", path.display())
}
