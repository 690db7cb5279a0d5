//! The world around the screens, and what a screen is given of it.
//!
//! [`World`] (the app holds it, `ui` draws from it) is what a screen reads:
//! the settings, the zone of the times and the token's expiry (which
//! change as the app runs: not settings), the layout, the clock,
//! the requests in flight, the status line, the branches' names and the
//! branch chosen, the store. A screen is given a [`Shared`]: the world to
//! read (`Deref`), and, apart, what it may ask of it: say something on the
//! status line, send requests, walk a branch's pages into the store, choose
//! the branch, append to the command history, record an install, ask the
//! app for an [`Ask`]. What it reads it cannot change otherwise.

use super::ask::{Ask, Tell};
use super::branches::{Branches, BranchesState};
use super::compared::{Changes, CompareAsk};
use super::fleet::Fleet;
use super::keymap::Keymap;
use super::layout::Layout;
use super::protocol::{
    Answer, AppAnswer, Effect, PluginsAnswer, Request, RequestId, WalkAnswer, Walked,
};
use super::requests::Requests;
use super::status::{StatusLine, Topic};
use super::view::SavedView;
use super::walks::{Drive, WALK_PER_PAGE, Walks};
use crate::api::ApiError;
use crate::config::Theme;
use crate::domain::changes::Since;
use crate::domain::check::MaxParallel;
use crate::domain::query::named::Queries;
use crate::domain::timetable::WorkingHours;
use crate::domain::zone::{Zone, ZoneSource};
use crate::i18n::{Phrase, fill};
use crate::model::Plugin;
use crate::present::Language;
use crate::present::api_words;
use crate::present::format::RowFormat;
use crate::store::{DASHBOARD_WALK_DEADLINE, GroupList, Snapshot, Store, WalkPolicy};

/// Which part of a snapshot [`World::seed`] is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SeedPart {
    /// A whole snapshot, at once.
    Whole,
    /// Its first groups, the rest to come.
    Head,
    /// More of the one whose head was given (a slice read after it).
    More,
    /// The last of the one whose head was given: it is whole.
    Rest,
}
use chrono::{DateTime, Utc};
use std::collections::VecDeque;
use std::ops::Deref;
use std::path::PathBuf;
use std::time::Duration;

/// What the app needs to know from the config and the session.
#[derive(Debug, Clone)]
pub struct AppSettings {
    pub profile: Option<String>,
    /// What the environment or a flag replaced of the profile
    /// (`URL from CRMDECK_BASE_URL`): the top line says it by its name.
    pub replaced: Vec<String>,
    /// Every profile of the config, for `:profile NAME`.
    pub profiles: Vec<String>,
    /// The API host shown in the top line.
    pub host: String,
    /// The token goes to the host over plain http (`allow_insecure_http`):
    /// the top line says so.
    pub insecure_http: bool,
    /// The zone the config names (`timezone`): times are shown in it.
    /// None: the centre's as the API names it, until then the default
    /// (the zone in use is the world's, [`World::zone`]).
    pub config_zone: Option<Zone>,
    /// This machine's zone (`Zone::Local`): the top line says which zone
    /// times are in when it reads another clock.
    pub machine_zone: Zone,
    pub language: Language,
    pub read_only: bool,
    pub branch_id: Option<i64>,
    pub auto_refresh: Option<Duration>,
    pub theme: Theme,
    /// The profile's `accent`: the colour of the top line.
    pub accent: Option<ratatui::style::Color>,
    pub mouse: bool,
    pub log_path: PathBuf,
    pub working_hours: WorkingHours,
    /// The most groups of a branch at once (`max_parallel` of the config):
    /// the Week tab's check line.
    pub max_parallel: MaxParallel,
    /// Keep a snapshot of each complete walk (`cache` of the config, off
    /// with `--no-cache`): the app then asks the runtime to write it.
    pub cache: bool,
    /// Page requests in flight at most while walking a list of groups
    /// (`max_in_flight` of the config; None: the store's default).
    pub max_in_flight: Option<usize>,
    /// The most groups one walk holds (`max_groups` of the config; None:
    /// the store's default).
    pub max_groups: Option<u64>,
    /// How long a walk may take, waits for the server included
    /// (`walk_deadline_secs` of the config; None: the dashboard's default,
    /// `store::DASHBOARD_WALK_DEADLINE`).
    pub walk_deadline: Option<Duration>,
    /// The config's warnings, shown on the status line at start.
    pub warnings: Vec<String>,
    /// What was on screen when this profile last ran (the default when
    /// nothing was remembered): the tabs start there.
    pub view: SavedView,
    /// The command history (the `:` lines run), the oldest first: as read at start,
    /// then each line run appended (the runtime appends it to the file).
    pub command_history: Vec<String>,
    /// The keys in use: the table's, with the config's `[keys]`.
    pub keymap: Keymap,
    /// The queries by name (`:query NAME`): the config's `[queries]` and
    /// the saved ones, as read at start, then each `:save` kept.
    pub queries: Queries,
    /// The centres of the fleet (issue 38), as the Centres tab shows them:
    /// a new app for another profile (Enter there) gets the old one's.
    pub fleet: Fleet,
}

/// The world around the screens; they read it (see [`Shared`]).
pub struct World {
    pub settings: AppSettings,
    /// Where things sit, for the terminal's size.
    pub layout: Layout,
    /// The zone times are shown in, and where it came from: the config's,
    /// else the centre's once the API names it (it changes while the app
    /// runs), else the default.
    pub zone: Zone,
    pub zone_source: ZoneSource,
    /// When the token in use expires (None: not known); a token reloaded
    /// brings its own.
    pub token_expires_at: Option<DateTime<Utc>>,
    /// The clock as of the last update (spinner frame, token warning);
    /// the Unix epoch until the first ([`clock`](Self::clock) says which).
    pub now: DateTime<Utc>,
    /// The runtime gave the clock (an update came): before, no screen
    /// reads the day from `now`.
    clock_given: bool,
    pub requests: Requests,
    pub status: StatusLine,
    /// The names of the store's branches (of `/v2/branches`, asked for by
    /// the app, or the snapshot's until it answers).
    pub branches: Branches,
    /// The branch of the groups list (None: all); the week shows the same.
    pub branch_id: Option<i64>,
    /// Every group the screens show, by branch (`store.groups(branch)`),
    /// filled by the walks [`Shared::walk`] starts.
    pub store: Store,
    /// What changed since the baseline (issue 28): the latest comparison.
    pub changes: Changes,
    walks: Walks,
    asks: VecDeque<Ask>,
    /// The last answer was a 401: the token is refused until an answer
    /// comes (R reloads it).
    refused: bool,
    /// A 401 hid what the snapshot showed; no token was accepted since.
    snapshot_hidden: bool,
    /// Why the config could not be read again (`:`, `R`), until it is:
    /// said again with the token reloaded, which would replace it.
    pub config_unread: Option<String>,
}

impl World {
    /// The world at start, for a terminal of `size`, with the token that
    /// expires at `token_expires_at`.
    pub fn new(
        settings: AppSettings,
        token_expires_at: Option<DateTime<Utc>>,
        size: (u16, u16),
    ) -> Self {
        // The API is asked for the centre's zone once the app runs.
        let (zone, zone_source) = ZoneSource::choose(settings.config_zone, None);
        let mut status = StatusLine::default();
        if !settings.warnings.is_empty() {
            status.warning(settings.warnings.join("; "), DateTime::UNIX_EPOCH);
        }
        Self {
            branch_id: settings.branch_id,
            zone,
            zone_source,
            token_expires_at,
            layout: Layout::new(size),
            now: DateTime::UNIX_EPOCH,
            clock_given: false,
            requests: Requests::default(),
            status,
            branches: Branches::default(),
            store: Store::new(
                WalkPolicy::of_config(settings.max_in_flight, settings.max_groups)
                    .with_deadline(settings.walk_deadline.unwrap_or(DASHBOARD_WALK_DEADLINE)),
            ),
            changes: Changes::default(),
            walks: Walks::default(),
            asks: VecDeque::new(),
            refused: false,
            snapshot_hidden: false,
            config_unread: None,
            settings,
        }
    }

    /// The clock as the runtime last gave it; None before it gave one
    /// (the app is made before its first update).
    pub fn clock(&self) -> Option<DateTime<Utc>> {
        self.clock_given.then_some(self.now)
    }

    /// The runtime gives the clock (each update).
    pub(super) fn set_clock(&mut self, now: DateTime<Utc>) {
        self.now = now;
        self.clock_given = true;
    }

    /// Request `id` ended unawaited: a page a walk gave up on frees its
    /// place within the bound, and the walks plan again.
    pub(super) fn ended(&mut self, id: RequestId) -> Vec<Effect> {
        let (store, requests) = (&mut self.store, &mut self.requests);
        self.walks.ended(id, store, requests, self.now)
    }

    /// True while pages of `branch` are asked for or awaited.
    pub fn is_walking(&self, branch: Option<i64>) -> bool {
        self.store
            .groups(branch)
            .is_some_and(|list| !list.is_done())
    }

    /// The answer to a walk's request, into the store; the requests that
    /// follow and the log lines of what the walk noticed (and, when it
    /// completed the walk, every page read, the snapshot to keep); and the
    /// news for the screens.
    pub(super) fn take_walked(&mut self, answer: WalkAnswer) -> (Vec<Effect>, Tell) {
        let WalkAnswer::Groups(query, result) = answer;
        let branch = query.branch_id;
        let was_walking = self.is_walking(branch);
        let (store, requests) = (&mut self.store, &mut self.requests);
        let clock = (self.now, &self.zone, self.settings.language);
        let walks = &mut self.walks;
        let (mut effects, error) =
            walks.take(query, result, store, requests, &mut self.status, clock);
        // Only a whole walk replaces the snapshot and the history's day.
        let whole = (self.store.groups(branch)).is_some_and(GroupList::is_whole);
        if self.settings.cache && was_walking && whole {
            effects.push(self.walked(branch));
        }
        // Each walk that ended, complete or not, is compared with the
        // baseline (an incomplete one calls no group gone).
        if was_walking && !self.is_walking(branch) {
            effects.extend(self.compare(branch, None));
        }
        (effects, Tell::Page { query, error })
    }

    /// What this run fetched of `branch`, the branches and the plugins,
    /// for the runtime to keep as the snapshot.
    fn walked(&self, branch: Option<i64>) -> Effect {
        let groups = (self.store.groups(branch)).map(|list| list.shared_groups().cloned());
        Effect::SaveSnapshot(Box::new(Walked {
            branch,
            taken_at: self.now,
            groups: groups.into_iter().flatten().collect(),
            branches: self.store.branches.fresh().cloned(),
            plugins: self.store.plugins.fresh().cloned(),
            centre: self.store.centre.fresh().cloned().flatten(),
            zone: self.zone,
        }))
    }

    /// Asks the runtime what changed in `branch`'s groups since the
    /// baseline (`since`, else the one chosen last): the store's groups as
    /// `Arc`s, complete when a walk read every page or while they are a
    /// snapshot's (a complete walk's, with what pages added since). None
    /// when the store holds no list of `branch`.
    pub(super) fn compare(&mut self, branch: Option<i64>, since: Option<Since>) -> Option<Effect> {
        let list = self.store.groups(branch)?;
        if let Some(since) = since {
            self.changes.since = since;
        }
        let ask = CompareAsk {
            seq: self.changes.next_seq(),
            branch,
            since: self.changes.since,
            groups: list.shared_groups().cloned().collect(),
            // A whole walk, or a whole snapshot still shown (never its head alone).
            complete: list.is_whole() || list.seeded_whole(),
            zone: self.zone,
            seen_at: list.as_of().unwrap_or(self.now),
            now: self.now,
        };
        Some(Effect::Compare(Box::new(ask)))
    }

    /// Shows the snapshot read at start until fresh data replaces it: its
    /// groups into the store (the walk under way still runs), its branches
    /// while the branch list has not answered, its plugins while theirs has
    /// not, its centre's name until `/v2/token/me` answers. The screens
    /// take what else they show of it (`Screen::on_snapshot`).
    /// Of a snapshot read in parts (`part`): its head is seeded as a whole
    /// one is, but calls no group gone; its slices (groups alone) and its
    /// last part only into the list that shows its head (not once a walk
    /// read every page, nor after a 401 hid it): returns whether it was
    /// taken.
    pub(super) fn seed(&mut self, snapshot: &Snapshot, part: SeedPart) -> bool {
        let list = self.store.groups_mut(snapshot.key.branch, WALK_PER_PAGE);
        let (groups, as_of) = (snapshot.groups.iter().cloned(), snapshot.taken_at);
        let taken = match part {
            SeedPart::Whole => list.seed(groups, as_of),
            SeedPart::Head => list.seed_head(groups, as_of),
            SeedPart::More => return list.seed_more(groups),
            SeedPart::Rest => list.seed_rest(groups),
        };
        if part == SeedPart::Rest && !taken {
            return false;
        }
        if let Some(branches) = &snapshot.branches
            && self.branches_state().is_loading()
        {
            self.store.branches.seed(branches.clone());
            self.branches.named(branches);
        }
        if let Some(plugins) = &snapshot.plugins {
            self.store.plugins.seed(plugins.clone());
        }
        self.store.centre.seed(snapshot.centre.clone());
        true
    }

    /// Where the store's branch list stands, with the names made of it.
    pub fn branches_state(&self) -> BranchesState<'_> {
        self.branches.state(self.store.branches.get())
    }

    /// Judges the token by `answer` (a 401 refuses it), and keeps in the
    /// store the plugins this run fetched, whoever asked (the branches and
    /// the centre's name: [`learn`](Self::learn)).
    pub(super) fn keep(&mut self, answer: &Answer) {
        self.judge_token(answer);
        if let Answer::Plugins(PluginsAnswer::Plugins(Ok(plugins))) = answer {
            let now = self.walks.instant(self.now);
            self.store.plugins.set(plugins.clone(), now);
        }
    }

    /// The branch shown (remembered, or of the config) is not one of this
    /// centre's `branches`: every branch is shown instead, with a note.
    fn fall_back_from_foreign_branch(&mut self, branches: &[crate::model::Branch]) {
        let Some(id) = self.branch_id else {
            return;
        };
        if branches.iter().all(|branch| branch.id != id) {
            let note = fill::app_branch_not_of_centre(self.settings.language, id);
            self.status.warning(note, self.now);
            self.asks.push_back(Ask::TellTabs(Tell::ShowBranch(None)));
        }
    }

    /// Whether `answer` took the token: a 401 refuses it, and hides what
    /// the snapshot showed (it may be another account's: the snapshot
    /// is keyed by who the token was) until a token is accepted; any
    /// other answer took it.
    fn judge_token(&mut self, answer: &Answer) {
        self.refused = matches!(answer.error(), Some(ApiError::Unauthorized { .. }));
        self.snapshot_hidden &= self.refused;
        if self.refused && self.store.forget_snapshot() {
            self.snapshot_hidden = true;
            self.branches.forget();
            // Said when a 401 hides what the snapshot showed.
            let said = Phrase::AppSnapshotHidden.get(self.settings.language);
            self.status.error(said, self.now);
        }
    }

    /// While the server limits the walk of `branch` (it waits out a
    /// 429): the wait, and the time the rest may take.
    pub fn walk_limited(&self, branch: Option<i64>) -> Option<crate::store::Limited> {
        super::walks::limited(&self.walks, &self.store, branch, self.now)
    }

    /// True while the token is refused (the last answer was a 401).
    pub fn token_refused(&self) -> bool {
        self.refused
    }

    /// True while a 401 hides what the snapshot showed.
    pub fn snapshot_hidden(&self) -> bool {
        self.snapshot_hidden
    }

    /// After a new token (R): asks again for what the app asks for itself
    /// and has no answer of in this run (a 401 left them unknown): the
    /// branch list and who the token is (the centre's name and zone).
    pub(super) fn ask_unknown(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        if self.store.branches.fresh().is_none() {
            effects.push(self.requests.send(Request::Branches));
        }
        if self.store.centre.fresh().is_none() {
            effects.push(self.ask_me());
        }
        effects
    }

    /// The centre's name the top line shows instead of the host: the one
    /// `/v2/token/me` answered, else (no answer yet, or a failure) the
    /// snapshot's. An answer that names none wins too: then the host.
    pub fn centre(&self) -> Option<&str> {
        self.store.centre.get().and_then(Option::as_deref)
    }

    /// The walks held by a 429 whose wait is over go on.
    pub(super) fn wake_walks(&mut self) -> Vec<Effect> {
        let (store, requests) = (&mut self.store, &mut self.requests);
        self.walks.wake(store, requests, self.now)
    }

    /// How long until a walk held by a 429 may go on.
    pub(super) fn until_walks_wake(&self) -> Option<Duration> {
        self.walks.until_wake(self.now)
    }

    /// The plugin catalogue as the store holds it (none before it came).
    pub fn plugins(&self) -> &[Plugin] {
        self.store.plugins.get().map_or(&[], Vec::as_slice)
    }

    /// How group fields are shown.
    pub fn row_format(&self) -> RowFormat {
        RowFormat {
            language: self.settings.language,
            zone: self.zone,
        }
    }

    /// The oldest ask not yet carried out.
    pub(super) fn next_ask(&mut self) -> Option<Ask> {
        self.asks.pop_front()
    }

    /// Asks the API who the token belongs to: the centre's name and zone.
    pub(super) fn ask_me(&mut self) -> Effect {
        self.requests.send(Request::Me)
    }

    /// Takes what an answer to the app's own requests says, and the news
    /// of it for the screens: the branches (and their names) and the
    /// centre's name into the store, the centre's zone in use.
    pub(super) fn learn(&mut self, answer: AppAnswer) -> Option<Tell> {
        let now = self.walks.instant(self.now);
        match answer {
            AppAnswer::Branches(Ok(branches)) => {
                self.branches.named(&branches);
                self.fall_back_from_foreign_branch(&branches);
                self.store.branches.set(branches, now);
                Some(Tell::Branches)
            }
            AppAnswer::Branches(Err(error)) => {
                let english = error.to_string();
                let said = api_words::in_language(&english, self.settings.language);
                self.branches.failed_with(said.into_owned());
                Some(Tell::Branches)
            }
            AppAnswer::Me(Ok(me)) => {
                let name = me.company_name().map(str::to_owned);
                self.store.centre.set(name, now);
                // Outside the published spec: an answer that names no zone
                // leaves the default, without a word. A zone the config
                // names wins over the centre's.
                let zone = me.time_zone().map(Zone::Named)?;
                if self.zone_source == ZoneSource::Config {
                    return None;
                }
                self.zone_source = ZoneSource::Api;
                // The screens lay out again only for another zone: every
                // row's times are made again (100,000 rows held the loop
                // 350 ms as the answer came during a large snapshot's start).
                (std::mem::replace(&mut self.zone, zone) != zone).then_some(Tell::CentreZone)
            }
            // Outside the published spec too: a failure leaves the default.
            AppAnswer::Me(Err(_)) => None,
        }
    }
}

/// What a screen is given: the [`World`] to read (`Deref`), and what it
/// may ask of it, apart (its methods).
pub struct Shared<'w> {
    world: &'w mut World,
}

impl Deref for Shared<'_> {
    type Target = World;

    fn deref(&self) -> &World {
        self.world
    }
}

impl<'w> Shared<'w> {
    /// `world`, lent to a screen.
    pub fn new(world: &'w mut World) -> Self {
        Self { world }
    }

    /// Walks every page of `branch`'s groups (None: every branch) into the
    /// store, again if it was walked before (the rows there stay until
    /// their pages are read again). Every screen observes the answers.
    pub fn walk(&mut self, branch: Option<i64>) -> Vec<Effect> {
        self.withdraw_walk_messages(branch);
        let (store, requests) = (&mut self.world.store, &mut self.world.requests);
        self.world
            .walks
            .drive(store, requests, branch, self.world.now, Drive::Start)
    }

    /// Walks `branch` unless its groups are in the store or on their way.
    pub fn walk_once(&mut self, branch: Option<i64>) -> Vec<Effect> {
        match self.world.store.groups(branch) {
            Some(list) if !list.is_empty() || !list.is_done() => Vec::new(),
            _ => self.walk(branch),
        }
    }

    /// Stops the walk of `branch` at once (Esc, another branch chosen):
    /// the rows already in the store stay.
    pub fn stop_walk(&mut self, branch: Option<i64>) -> Vec<Effect> {
        self.world
            .walks
            .stop(&mut self.world.store, &mut self.world.requests, branch)
    }

    /// Asks again for the pages of `branch` that are missing, and only those.
    pub fn retry_missing(&mut self, branch: Option<i64>) -> Vec<Effect> {
        self.withdraw_walk_messages(branch);
        let (store, requests) = (&mut self.world.store, &mut self.world.requests);
        self.world
            .walks
            .drive(store, requests, branch, self.world.now, Drive::RetryMissing)
    }

    /// The walk of `branch` goes on again: what was said about the walk
    /// before (a page missing, fewer groups than announced) no longer
    /// holds; the walk says again what is still true when it ends.
    fn withdraw_walk_messages(&mut self, branch: Option<i64>) {
        self.world.status.resolved(Topic::Walk(branch));
        self.world.status.resolved(Topic::GroupsPage);
    }

    /// Asks the app for `ask`, once the input at hand is handled.
    pub fn ask(&mut self, ask: Ask) {
        self.world.asks.push_back(ask);
    }

    /// Says `text` on the status line (see [`StatusLine::info`]).
    pub fn info(&mut self, text: impl Into<String>) {
        self.world.status.info(text, self.world.now);
    }

    /// Says `text` on the status line as an error.
    pub fn error(&mut self, text: impl Into<String>) {
        self.world.status.error(text, self.world.now);
    }

    /// Says on the status line that `topic` could not be loaded.
    pub fn load_error(&mut self, topic: Topic, text: impl Into<String>) {
        self.world.status.load_error(topic, text, self.world.now);
    }

    /// Clears the load error of `topic` from the status line: it loaded.
    /// Says `text` on the status line until `topic` is resolved.
    pub fn info_until(&mut self, topic: Topic, text: impl Into<String>) {
        self.world.status.info_until(topic, text, self.world.now);
    }

    pub fn resolved(&mut self, topic: Topic) {
        self.world.status.resolved(topic);
    }

    /// Clears the status line (Esc with nothing else to undo).
    pub fn dismiss(&mut self) {
        self.world.status.dismiss();
    }

    /// Sends `request` (its answer goes to its owner) unless the same one
    /// is on its way.
    pub fn send_once(&mut self, request: Request) -> Option<Effect> {
        self.world.requests.send_once(request)
    }

    /// Sends `request` anew, abandoning the same one still on its way (its
    /// answer may predate a change the new one will see).
    pub fn resend(&mut self, request: Request) -> Vec<Effect> {
        self.world.requests.resend(request)
    }

    /// The branch of the groups list chosen (None: all).
    pub fn choose_branch(&mut self, branch_id: Option<i64>) {
        self.world.branch_id = branch_id;
    }

    /// Asks what changed in `branch` since `since` (`:changes since …`);
    /// None when the store holds no list of it yet.
    pub fn compare(&mut self, branch: Option<i64>, since: Since) -> Option<Effect> {
        self.world.compare(branch, Some(since))
    }

    /// The command history, to append a line run.
    pub fn command_history_mut(&mut self) -> &mut Vec<String> {
        &mut self.world.settings.command_history
    }

    /// The store's plugins, to record an install the API confirmed before
    /// the list is asked for again.
    pub fn plugins_mut(&mut self) -> &mut [Plugin] {
        (self.world.store.plugins.get_mut()).map_or(&mut [], Vec::as_mut_slice)
    }
}
