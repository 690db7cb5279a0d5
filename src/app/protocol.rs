//! What flows into and out of [`App::update`](super::App::update): inputs
//! (keys, mouse, resizes, results of work) in, effects (work to do) out.
//! Everything here is plain data, so the whole app is testable without I/O.

use super::compared::{CompareAsk, Compared};
use super::fleet::CentresAsk;
use super::tab::Tab;
use super::view::SavedView;
use crate::api::ApiError;
use crate::cache::CacheError;
use crate::domain::centre::CentreSummary;
use crate::domain::install_across::{Centre, Outcome};
use crate::domain::zone::Zone;
use crate::i18n::{Language, Phrase, fill};
use crate::model::{Branch, Group, GroupsPage, GroupsQuery, Installation, Me, Plugin};
use crate::secret::MaskedLine;
use crate::store::Snapshot;
use chrono::{DateTime, Utc};
use crossterm::event::{KeyEvent, MouseEvent};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Identifies one request. A result whose id is no longer awaited is dropped:
/// the latest request wins and an old answer never overwrites a new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequestId(pub u64);

/// Everything that can change the app's state: what the user and the
/// terminal do (a key, the mouse, a resize), the clock's tick, and the
/// results of work the runtime did for an [`Effect`] (an answer, a token
/// reloaded, the snapshot read, ...), which come over the runtime's one
/// channel as inputs like the others.
#[derive(Debug, Clone)]
pub enum Input {
    Key(KeyEvent),
    Mouse(MouseEvent),
    /// The terminal's new size (columns, rows).
    Resize(u16, u16),
    /// Sent by the runtime only while [`App::needs_tick`](super::App::needs_tick)
    /// (spinners, fading messages, auto refresh, token expiry).
    Tick,
    /// The answer to the request `id` (boxed: a page is large).
    Response {
        id: RequestId,
        answer: Box<Answer>,
    },
    /// The token was read again from its source: its expiry (None: not a
    /// JWT), or why it could not be read (never containing the token).
    TokenReloaded(Result<Option<DateTime<Utc>>, MaskedLine>),
    /// An OSC 52 clipboard write was sent (or refused: not a terminal).
    Copied(Result<(), CopyRefused>),
    /// The terminal came back after a suspend (Ctrl-Z, then `fg`).
    Resumed,
    /// The snapshot of the last complete walk, read at start before any
    /// answer, or why the file there was not used (never a token in it;
    /// shared: a message is cloned, an I/O error cannot be).
    Snapshot(Result<Box<Snapshot>, Arc<CacheError>>),
    /// The first groups of a large snapshot, with its branches, catalogue
    /// and centre's name, read at start before any answer; the rest
    /// follows, read off the loop, in slices ([`Input::SnapshotMore`]) and a
    /// last part ([`Input::SnapshotRest`]) (issue 34 §3).
    SnapshotHead(Box<Snapshot>),
    /// A slice of the groups read after the head (a snapshot of groups
    /// alone): taken a slice a turn, with frames drawn and keys answered
    /// between them, and not yet a whole snapshot.
    SnapshotMore(Box<Snapshot>),
    /// The last part of the snapshot whose head was given (the groups
    /// after the last slice, and what else the file holds): the file was
    /// read whole and checked. Or why the rest could not be read (what
    /// was shown stays, never called whole).
    SnapshotRest(Result<Box<Snapshot>, Arc<CacheError>>),
    /// What changed since the baseline ([`Effect::Compare`]), or why
    /// nothing was compared.
    Compared(Box<Compared>),
    /// `:save NAME` was kept ([`Effect::SaveQuery`]), or why not (the
    /// file refused, or one that does not read, left as it is).
    QuerySaved {
        name: String,
        text: String,
        result: Result<(), String>,
    },
    /// An `:export` was written: the rows and the path, or why not.
    Exported(Result<(usize, String), ExportRefused>),
    /// After [`Effect::SwitchProfile`]: to the new session's app, `Ok`; to
    /// the old one, which goes on, why the profile did not open (one
    /// line, never a token in it).
    ProfileSwitch {
        profile: String,
        result: Result<(), ProfileRefused>,
    },
    /// After [`Effect::ReadProfiles`]: the profiles the config names now,
    /// or why it was not read (one line, never a token); the profile in
    /// use stays either way.
    ProfilesRead(Result<Vec<String>, ProfileRefused>),
    /// The token is another account's than the one whose rows were shown
    /// (the runtime started this app again, on what is kept of the new
    /// account, if it is known): said once.
    AccountChanged(AccountChange),
    /// After [`Effect::ProbeCentres`]: one centre as the refresh `refresh`
    /// left it, as it finished (the others answer on their own).
    CentreProbed {
        refresh: u64,
        summary: Box<CentreSummary>,
    },
    /// After [`Effect::AskAcross`]: every centre with its catalogue or why
    /// none came, in the centres' order (none: the config names no
    /// profile).
    AcrossAsked(Vec<Centre>),
    /// After [`Effect::InstallAcross`]: a centre's POST answered, as each
    /// comes.
    AcrossInstalled {
        profile: String,
        outcome: Outcome,
    },
}

/// Why the clipboard was not written ([`Input::Copied`]); said as is.
#[derive(Debug, Clone)]
pub enum CopyRefused {
    /// The output is not a terminal.
    NotATerminal,
    /// Inside a tmux that would drop it; `add` is what to add to
    /// `~/.tmux.conf` to let it through.
    TmuxDrops { add: String },
    /// More than the terminal's clipboard takes (KB, and at most).
    TooLarge { kb: usize, most_kb: usize },
    /// The sequence could not be written to the terminal.
    Write(Arc<std::io::Error>),
}

impl CopyRefused {
    /// As the status line says it, in `language` (the system's words kept
    /// as sent); the log's is `Display`'s, in English.
    pub fn said(&self, language: Language) -> String {
        let why = match self {
            Self::NotATerminal => Phrase::AppCopyNotATerminal.get(language).to_string(),
            Self::TmuxDrops { add } => fill::app_copy_tmux_drops(language, add),
            Self::TooLarge { kb, most_kb } => fill::app_copy_too_large(language, kb, most_kb),
            Self::Write(error) => fill::app_copy_cannot_write(language, error),
        };
        fill::app_not_copied(language, why)
    }
}

impl fmt::Display for CopyRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said(Language::En))
    }
}

/// Why an `:export` wrote no file ([`Input::Exported`]); said as is.
#[derive(Debug, Clone)]
pub enum ExportRefused {
    /// The path given goes through `link`, a symbolic link to a folder.
    LinkedFolder { target: PathBuf, link: PathBuf },
    /// No path given, and no download or home folder to write to.
    NoFolder,
    /// The file exists, and `:export` (not `:export!`) keeps it; the path.
    Exists(String),
    /// The folder or file refused as not private; why, naming it.
    Refused(String),
    /// The file could not be written.
    Io {
        target: PathBuf,
        error: Arc<std::io::Error>,
    },
}

impl ExportRefused {
    /// As the status line says it, in `language` (paths and the system's
    /// words kept as sent); the log's is `Display`'s, in English.
    pub fn said(&self, language: Language) -> String {
        match self {
            Self::LinkedFolder { target, link } => {
                fill::app_export_linked_folder(language, target.display(), link.display())
            }
            Self::NoFolder => Phrase::AppExportNoFolder.get(language).to_string(),
            Self::Exists(path) => fill::app_export_exists(language, path),
            Self::Refused(why) => fill::app_export_refused(language, why),
            Self::Io { target, error } => {
                fill::app_export_cannot_write(language, target.display(), error)
            }
        }
    }
}

impl fmt::Display for ExportRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said(Language::En))
    }
}

/// Why `:profile` opened no session ([`Input::ProfileSwitch`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileRefused {
    /// The dashboard was started without a config (a test's loop).
    NoConfig,
    /// Its config, token or demo server failed: why, the token in use
    /// masked (it may be what a token command's error quotes).
    NotOpened(MaskedLine),
}

impl ProfileRefused {
    /// As the status line says it, in `language` (what the config, the
    /// token or the server said kept as sent); the log's is `Display`'s.
    pub fn said(&self, language: Language) -> String {
        match self {
            Self::NoConfig => Phrase::AppProfileNoConfig.get(language).to_string(),
            Self::NotOpened(why) => why.to_string(),
        }
    }
}

impl fmt::Display for ProfileRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said(Language::En))
    }
}

/// Why the rows shown were another account's (issue 33 §2, issue 34 §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountChange {
    /// A new token (R, or a token command's) is another account's; who it
    /// is `known` (else nothing is kept until it is).
    NewToken { known: bool },
    /// `/v2/token/me` names another account than this token was last seen
    /// to be.
    NotAsRemembered,
}

/// Declares the calls to the API, grouped by the one owner that sends them
/// and takes their answers: each call is one line, `Name(Key) -> Reply`
/// (the key, if any, is what was asked and travels with what came back).
/// It makes [`Request`] (a variant per call), each owner's own answer type
/// (`WalkAnswer`, ...: a variant per call; the owner is that type, an
/// [`Owner`], with the tab it is if it is one) and [`Answer`], an answer
/// under its owner: so a call is paired with the type of its answer and
/// with its owner in one place, an answer is routed as it is made, and an
/// owner matches its own answers only, every one of them.
macro_rules! calls {
    ($(
        $(#[$owner_doc:meta])*
        $owner:ident => $owned:ident $( (tab $tab:ident) )? {
            $( $(#[$doc:meta])* $name:ident $( ($key:ty) )? -> $reply:ty, )*
        }
    )*) => {
        /// One call to the API. Its answer comes back as the [`Answer`] of
        /// its owner, in the variant of the same name, with the same key:
        /// what was asked travels with what came back.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Request {
            $($( $(#[$doc])* $name $( ($key) )?, )*)*
        }

        $(
            $(#[$owner_doc])*
            ///
            /// The answers to its requests, and the [`Owner`] of them.
            #[derive(Debug, Clone)]
            pub enum $owned {
                $( $name( $( $key, )? Result<$reply, ApiError> ), )*
            }

            impl Owner for $owned {
                const TAB: Option<Tab> = owner_tab!($($tab)?);

                fn owns(request: &Request) -> bool {
                    match request {
                        $( Request::$name $( (key!(_ $key)) )? => true, )*
                        #[allow(unreachable_patterns)]
                        _ => false,
                    }
                }
            }

            impl From<$owned> for Answer {
                fn from(answer: $owned) -> Self {
                    Answer::$owner(answer)
                }
            }
        )*

        /// What came back for a [`Request`], under its owner: its key, and
        /// its result typed for it. Built in one place (the runtime's
        /// `perform`), so a page can only come back as the answer of a page
        /// request, and it goes to the owner of that request only.
        #[derive(Debug, Clone)]
        pub enum Answer {
            $( $owner($owned), )*
        }

        impl Request {
            /// The tab that sends it and takes its answer (None: the app
            /// or its walks).
            pub fn tab(&self) -> Option<Tab> {
                match self {
                    $($( Self::$name $( (key!(_ $key)) )? => <$owned as Owner>::TAB, )*)*
                }
            }

            /// The answer saying this request failed with `error`.
            pub fn failed(&self, error: ApiError) -> Answer {
                match self.clone() {
                    $($( Self::$name $( (key!(key $key)) )? =>
                        Answer::$owner($owned::$name( $( key!(key $key), )? Err(error) )), )*)*
                }
            }
        }

        impl Answer {
            /// The tab whose answer it is (None: the app's or a walk's).
            pub fn tab(&self) -> Option<Tab> {
                match self {
                    $( Self::$owner(_) => <$owned as Owner>::TAB, )*
                }
            }

            /// The request this answers (its key).
            pub fn request(&self) -> Request {
                match self {
                    $($( Self::$owner($owned::$name( $( key!(key $key), )? _ )) =>
                        Request::$name $( (key!(key $key).clone()) )?, )*)*
                }
            }

            /// Why the request failed, if it did.
            pub fn error(&self) -> Option<&ApiError> {
                match self {
                    $($( Self::$owner($owned::$name( $( key!(_key $key), )? result )) =>
                        result.as_ref().err(), )*)*
                }
            }
        }
    };
}

/// The name bound to a call's key in the patterns of [`calls!`] (there
/// only where the call has a key; `_`: none bound).
macro_rules! key {
    (_ $key:ty) => {
        _
    };
    ($name:ident $key:ty) => {
        $name
    };
}

/// The tab an owner of [`calls!`] is, if it names one.
macro_rules! owner_tab {
    () => {
        None
    };
    ($tab:ident) => {
        Some(Tab::$tab)
    };
}

/// Who sends a request and takes its answer, and no one else: each owner
/// is its own answer type, which [`calls!`] makes (`WalkAnswer`,
/// `AppAnswer`, `PluginsAnswer`), so the owner of an answer is the
/// [`Answer`] variant it comes in, and no second list of owners is kept.
pub trait Owner {
    /// The tab that is this owner (None: the app and its walks).
    const TAB: Option<Tab>;

    /// True for the requests this owner sends (the calls `calls!` lists
    /// under it).
    fn owns(request: &Request) -> bool;
}

calls! {
    /// The walks of the store's group lists (`app/walks.rs`): several
    /// pages in flight at once, each under its own id.
    Walk => WalkAnswer {
        /// A page of the groups.
        Groups(GroupsQuery) -> GroupsPage,
    }
    /// The app itself, for what every screen shares (the branches, the
    /// centre's name and zone).
    App => AppAnswer {
        Branches -> Vec<Branch>,
        /// Who the token belongs to: the centre's name and zone (may well fail).
        Me -> Me,
    }
    /// The Plugins tab.
    Plugins => PluginsAnswer (tab Plugins) {
        Plugins -> Vec<Plugin>,
        /// Installs the plugin of this id. Sent once: the runtime never
        /// retries it.
        Install(i64) -> Installation,
    }
}

/// Work for the outside world. The runtime turns each into a task whose
/// result comes back as an [`Input`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Fetch {
        id: RequestId,
        request: Request,
    },
    /// Drop a request still in flight (its result, if any, is ignored anyway).
    Cancel(RequestId),
    /// Read the token again from its source (re-runs token_command).
    ReloadToken,
    /// Write text to the clipboard through OSC 52 (works over SSH and tmux).
    Copy(String),
    /// A line for the log (what a walk noticed); never a token.
    Log(String),
    /// Keep `SavedView` for the next start of this profile (it changed).
    Remember(SavedView),
    /// Keep what a complete walk found as the snapshot for the next start.
    SaveSnapshot(Box<Walked>),
    /// Compare the groups with the history's baseline, off the loop;
    /// [`Input::Compared`] follows.
    Compare(Box<CompareAsk>),
    /// Stop reading the snapshot at start: the list no longer takes its
    /// rest (a walk read every page first, or a 401 hid it).
    StopSnapshotReading,
    /// Append a line to the command history's file.
    RememberCommand(String),
    /// Keep `text` as the query `name` in the saved queries' file (`:save`);
    /// [`Input::QuerySaved`] follows.
    SaveQuery {
        name: String,
        text: String,
    },
    /// Write `contents` (`rows` rows) to `path` (a file or a folder; None:
    /// the download folder), the file called `file_name` unless `path`
    /// names one; [`Input::Exported`] follows.
    Export {
        contents: String,
        rows: usize,
        path: Option<String>,
        file_name: String,
        /// Over a file already there (`:export!`); refused otherwise.
        replace: bool,
    },
    /// Open the session of this profile of the config and go on in a new
    /// app for it; [`Input::ProfileSwitch`] follows, to one app or the other.
    SwitchProfile(String),
    /// Read the config's profiles again (`:`, for `:profile` and its
    /// completion; `R`); [`Input::ProfilesRead`] follows, before any key.
    ReadProfiles,
    /// Probe every centre of the fleet, within the bound (issue 38 §2);
    /// an [`Input::CentreProbed`] follows for each, as it finishes.
    ProbeCentres(CentresAsk),
    /// Stop the terminal UI (Ctrl-Z); [`Input::Resumed`] follows on `fg`.
    Suspend,
    /// Open each centre of the fleet (the Centres tab's: `--profiles`,
    /// `--fleet`, else every profile of the config) and ask each for its
    /// catalogue (`:install-across`); [`Input::AcrossAsked`] follows.
    AskAcross(Vec<String>),
    /// One POST of `plugin_id` to each of `profiles` (centres of the last
    /// [`Effect::AskAcross`]), never sent again; an
    /// [`Input::AcrossInstalled`] follows for each.
    InstallAcross {
        plugin_id: i64,
        profiles: Vec<String>,
    },
    Quit,
}

/// What a complete walk of a branch found, as of `taken_at`: the runtime
/// writes it as the snapshot of this profile and server (it adds whose).
/// Only what this run fetched: no group, branch, plugin or centre's name of
/// a snapshot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walked {
    pub branch: Option<i64>,
    pub taken_at: DateTime<Utc>,
    pub groups: Vec<Arc<Group>>,
    pub branches: Option<Vec<Branch>>,
    pub plugins: Option<Vec<Plugin>>,
    /// The name `GET /v2/token/me` gave (`None`: none, or no answer).
    pub centre: Option<String>,
    /// The centre's zone as the app knows it: the history keeps the walk
    /// under its centre day, and its lesson times in it.
    pub zone: Zone,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether each owner owns `request`: the walks, the app, the Plugins tab.
    fn owners_of(request: &Request) -> [bool; 3] {
        [
            WalkAnswer::owns(request),
            AppAnswer::owns(request),
            PluginsAnswer::owns(request),
        ]
    }

    const WALK: [bool; 3] = [true, false, false];
    const APP: [bool; 3] = [false, true, false];
    const PLUGINS: [bool; 3] = [false, false, true];

    /// Every call once, with a key where it has one, its owner and its tab.
    fn every_request() -> [(Request, [bool; 3], Option<Tab>); 5] {
        let query = GroupsQuery {
            branch_id: Some(2),
            page: 3,
            per_page: 20,
        };
        let plugins = Some(Tab::Plugins);
        [
            (Request::Groups(query), WALK, None),
            (Request::Branches, APP, None),
            (Request::Me, APP, None),
            (Request::Plugins, PLUGINS, plugins),
            (Request::Install(7), PLUGINS, plugins),
        ]
    }

    #[test]
    fn an_answer_carries_its_request_back_and_goes_to_the_owner_that_sent_it() {
        let refused = || ApiError::Forbidden { message: None };
        for (request, owner, tab) in every_request() {
            let answer = request.failed(refused());
            assert_eq!(answer.request(), request);
            assert!(matches!(answer.error(), Some(ApiError::Forbidden { .. })));
            let routed = match &answer {
                Answer::Walk(WalkAnswer::Groups(query, Err(_))) => {
                    assert_eq!(Request::Groups(*query), request);
                    WALK
                }
                Answer::App(AppAnswer::Branches(Err(_)) | AppAnswer::Me(Err(_))) => APP,
                Answer::Plugins(PluginsAnswer::Install(7, Err(_))) => PLUGINS,
                Answer::Plugins(PluginsAnswer::Plugins(Err(_))) => PLUGINS,
                other => panic!("{request:?} answered as {other:?}"),
            };
            assert_eq!((owners_of(&request), routed), (owner, owner), "{request:?}");
            assert_eq!((request.tab(), answer.tab()), (tab, tab), "{request:?}");
        }
    }
}
