//! From command-line flags to a ready API client: the config, the token, and
//! with `--demo` the embedded demo server. Shared by the CLI and the TUI.

use crate::api::{ApiError, Client, ClientOptions};
use crate::cache::Cache;
use crate::config::{self, Config, ConfigError, Overrides, TokenSource};
use crate::demo::{self, DemoHandle, DemoOptions};
use crate::domain::zone::{Zone, ZoneSource};
use crate::model::{Me, Token};
use crate::store::SnapshotKey;
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;
use tokio::sync::OnceCell;

/// How long a command waits for an answer it can do without (branch names,
/// the centre's zone) before going on without it.
pub const OPTIONAL_WAIT: Duration = Duration::from_secs(2);

/// Everything a command needs to talk to the API.
pub struct Session {
    pub config: Config,
    pub client: Client,
    /// Keeps the in-process demo server alive while the session lives.
    pub demo: Option<DemoHandle>,
    /// `--demo`'s centre by what makes it (its size, its text, how it
    /// changes), in place of the address in the snapshot's and the
    /// history's keys: each run listens on a port of its own, and the same
    /// centre run again is the one to compare with.
    demo_centre: Option<String>,
    /// The answer of `GET /v2/token/me`, once asked ([`me`](Self::me)).
    me: OnceCell<Option<Me>>,
}

/// Why a session could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The demo server could not start (shown as the I/O error alone).
    #[error(transparent)]
    Demo(std::io::Error),
    #[error(transparent)]
    Api(#[from] crate::api::ApiError),
}

impl SessionError {
    /// The process's exit code: 2 for the config (the user's to fix), 1 for
    /// the API or the demo server; the CLI's codes.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Self::Config(_) => ExitCode::from(2),
            Self::Demo(_) | Self::Api(_) => ExitCode::from(1),
        }
    }
}

/// Reads the config, then starts the demo server (`demo`) or loads the token.
pub async fn open(overrides: &Overrides, demo: bool) -> Result<Session, SessionError> {
    let env = |name: &str| std::env::var(name).ok();
    let config = config::load(overrides, &env)?;
    if demo {
        let options = DemoOptions::from_env(&env)
            .map_err(|(at, message)| ConfigError::Invalid { at, message })?;
        let centre = format!(
            "crmdeck demo: {} groups, hostile text {}, changes {:?}",
            options.groups, options.hostile_text, options.changes
        );
        let loopback = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
        let handle = demo::start(loopback, options)
            .await
            .map_err(SessionError::Demo)?;
        let mut session = for_demo(config, &handle)?;
        session.demo = Some(handle);
        session.demo_centre = Some(centre);
        return Ok(session);
    }
    // The base URL first: its error is the one that suggests --demo.
    let options = client_options(&config)?;
    let token = config.token.load(&env)?;
    let client = Client::new(options, token)?;
    Ok(Session::new(config, client))
}

/// The session `--demo` opens on the demo server `demo`: its address and
/// its token (its centre names its zone like any other). The caller
/// keeps the server running (`open` hands it to the session).
pub fn for_demo(mut config: Config, demo: &DemoHandle) -> Result<Session, SessionError> {
    config.base_url = Some(demo.base_url());
    let token = Token::new(demo.token());
    config.token = TokenSource::Fixed(token.clone());
    let client = Client::new(client_options(&config)?, token)?;
    Ok(Session::new(config, client))
}

impl Session {
    /// A session of `config` over `client`, without a demo server.
    pub fn new(config: Config, client: Client) -> Self {
        Self {
            config,
            client,
            demo: None,
            demo_centre: None,
            me: OnceCell::new(),
        }
    }

    /// Who the token belongs to (`GET /v2/token/me`: the centre's zone
    /// and name), asked once however often it is needed and waited for
    /// [`OPTIONAL_WAIT`] at most; None when the server did not say (a 404,
    /// a 403, any other shape, silence: logged only).
    pub async fn me(&self) -> Option<&Me> {
        self.me
            .get_or_init(|| optional("answer of /v2/token/me", self.client.me()))
            .await
            .as_ref()
    }

    /// The zone to show times in, and where it came from: the config's;
    /// else the one the API names for the centre ([`me`](Self::me): a
    /// 404, a 403 or any other shape names none); else the centre default.
    pub async fn zone(&self) -> (Zone, ZoneSource) {
        let from_api = match self.config.timezone {
            Some(_) => None,
            None => (self.me().await).and_then(Me::time_zone).map(Zone::Named),
        };
        ZoneSource::choose(self.config.timezone, from_api)
    }

    /// The snapshot files, unless `cache = false` or `--no-cache` turned
    /// them off, or no cache folder is known (neither $XDG_CACHE_HOME nor
    /// $HOME set).
    pub fn cache(&self) -> Option<Cache> {
        let env = |name: &str| std::env::var(name).ok();
        self.config
            .cache
            .then(|| config::cache_dir(&env).map(Cache::new))
            .flatten()
    }

    /// Who the token is ([`account`](Self::account)), learnt now if it
    /// takes asking: a token that is no JWT naming its subject is
    /// identified by `/v2/token/me` ([`me`](Self::me), asked once).
    pub async fn identify(&self) -> Option<String> {
        if self.client.token().subject().is_none() {
            self.me().await;
        }
        self.account()
    }

    /// Who the token is, hashed (never the token): its JWT subject, else
    /// the user and centre `/v2/token/me` answered (when it was asked, see
    /// [`identify`](Self::identify)); None when neither is known. With the
    /// profile and the base URL it keys what is kept of a run (the
    /// snapshot, the view remembered): one account's is never shown to
    /// another.
    pub fn account(&self) -> Option<String> {
        let who = match self.client.token().subject() {
            Some(subject) => format!("subject {subject}"),
            None => self.me.get()?.as_ref()?.account()?,
        };
        Some(account_hash(&who))
    }

    /// Whose view is remembered (`runtime::Profiles::view_file`): the
    /// base URL and the account, hashed; None when the account is not known
    /// (then no view is remembered).
    pub fn view_owner(&self) -> Option<String> {
        let account = self.account()?;
        let owner = account_hash(&format!("{}\0{account}", self.client.base_url()));
        Some(owner[..16].to_owned())
    }

    /// Whose snapshot (and history) of `branch` this session reads and
    /// writes: the profile, the address the client talks to (`--demo`'s
    /// centre by what makes it: another size is another centre) and the
    /// account.
    pub fn snapshot_key(&self, branch: Option<i64>) -> SnapshotKey {
        let address = self.demo_centre.clone();
        SnapshotKey {
            profile: self.config.profile.clone(),
            base_url: address.unwrap_or_else(|| self.client.base_url().to_string()),
            account: self.account(),
            branch,
        }
    }
}

/// `who` (a token's subject, or a user and centre), hashed: 16 bytes of
/// SHA-256 in hex, what a key holds of an account.
fn account_hash(who: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("crmdeck account\0{who}"));
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// The answer of a request a command can do without: None, logged only,
/// when it fails or takes longer than [`OPTIONAL_WAIT`].
pub async fn optional<T>(
    what: &str,
    request: impl Future<Output = Result<T, ApiError>>,
) -> Option<T> {
    match tokio::time::timeout(OPTIONAL_WAIT, request).await {
        Ok(Ok(answer)) => Some(answer),
        Ok(Err(error)) => {
            tracing::info!(%error, "no {what}");
            None
        }
        Err(_) => {
            tracing::info!("no {what} within {OPTIONAL_WAIT:?}");
            None
        }
    }
}

fn client_options(config: &Config) -> Result<ClientOptions, ConfigError> {
    let mut options = ClientOptions::new(config.require_base_url()?);
    options.connect_timeout = config.connect_timeout;
    options.request_timeout = config.request_timeout;
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_error_exits_2_for_the_config_and_1_otherwise() {
        let config = SessionError::from(ConfigError::MissingBaseUrl);
        assert_eq!(config.exit_code(), ExitCode::from(2));
        let busy = std::io::Error::new(std::io::ErrorKind::AddrInUse, "address in use");
        let demo = SessionError::Demo(busy);
        assert_eq!(demo.exit_code(), ExitCode::from(1));
        assert_eq!(demo.to_string(), "address in use");
        let api = SessionError::from(crate::api::ApiError::Network("refused".into()));
        assert_eq!(api.exit_code(), ExitCode::from(1));
    }
}
