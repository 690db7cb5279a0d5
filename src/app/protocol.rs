//! What flows into and out of [`App::update`](super::App::update): inputs
//! (keys, mouse, resizes, results of work) in, effects (work to do) out.
//! Everything here is plain data, so the whole app is testable without I/O.

use crate::api::ApiError;
use crate::model::{Branch, GroupsPage, GroupsQuery, Installation, Me, Plugin};
use chrono::{DateTime, Utc};
use crossterm::event::{KeyEvent, MouseEvent};

/// Identifies one request. A result whose id is no longer awaited is dropped:
/// the latest request wins and an old answer never overwrites a new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RequestId(pub u64);

/// Everything that can change the app's state.
#[derive(Debug, Clone)]
pub enum Input {
    Key(KeyEvent),
    Mouse(MouseEvent),
    /// The terminal's new size (columns, rows).
    Resize(u16, u16),
    /// Sent by the runtime only while [`App::needs_tick`](super::App::needs_tick)
    /// (spinners, fading messages, auto refresh, token expiry).
    Tick,
    Msg(Msg),
}

/// A result of work the runtime did for an [`Effect`].
#[derive(Debug, Clone)]
pub enum Msg {
    Response {
        id: RequestId,
        result: Result<Payload, ApiError>,
    },
    /// The token was read again from its source: its expiry (None: not a
    /// JWT), or why it could not be read (never containing the token).
    TokenReloaded(Result<Option<DateTime<Utc>>, String>),
    /// An OSC 52 clipboard write was sent (or refused: not a terminal).
    Copied(Result<(), String>),
    /// The terminal came back after a suspend (Ctrl-Z, then `fg`).
    Resumed,
}

/// The answer to a [`Request`].
#[derive(Debug, Clone)]
pub enum Payload {
    Groups(GroupsPage),
    Plugins(Vec<Plugin>),
    Branches(Vec<Branch>),
    Installed(Installation),
    Me(Me),
}

/// One call to the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    Groups(GroupsQuery),
    Plugins,
    Branches,
    /// Who the token belongs to: the centre's name and zone (may well fail).
    Me,
    /// Sent once: the runtime never retries it.
    Install {
        plugin_id: i64,
    },
}

/// Work for the outside world. The runtime turns each into a task whose
/// result comes back as a [`Msg`].
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
    /// Stop the terminal UI (Ctrl-Z); [`Msg::Resumed`] follows on `fg`.
    Suspend,
    Quit,
}
