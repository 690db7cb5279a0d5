//! From command-line flags to a ready API client: the config, the token, and
//! with `--demo` the embedded demo server. Shared by the CLI and the TUI.

use crate::api::{ApiError, Client, ClientOptions};
use crate::cache::Cache;
use crate::config::{self, Config, ConfigError, Overrides, TokenSource};
use crate::demo::{self, DemoCentre, DemoHandle, DemoOptions};
use crate::domain::zone::{Zone, ZoneSource};
use crate::model::{ApiUrlError, Me};
use crate::secret::Token;
use crate::store::SnapshotKey;
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::sync::OnceCell;

mod identity;
mod known_tokens;

pub use identity::{IdentifiedBy, Identity, MeOutcome, Wait, account_hash, identified, learn};
pub use known_tokens::KnownTokens;

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
    /// What `GET /v2/token/me` said, once asked ([`me`](Self::me)).
    me: OnceCell<MeOutcome>,
    /// Who the token is, once learnt ([`identify`](Self::identify)), or
    /// as the dashboard learnt it again after a new token.
    identity: OnceLock<Identity>,
    /// Who opaque tokens were (the state folder's), None in tests.
    known: Option<KnownTokens>,
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
/// With `--demo`, a profile naming one of the demo centres
/// ([`DEMO_CENTRES`](crate::demo::DEMO_CENTRES): `--profile demo-north`)
/// opens that centre's own server, the config read without that profile.
pub async fn open(overrides: &Overrides, demo: bool) -> Result<Session, SessionError> {
    let env = |name: &str| std::env::var(name).ok();
    let centre = (overrides.profile.as_deref())
        .filter(|_| demo)
        .and_then(DemoCentre::named);
    let config = match centre {
        Some(centre) => {
            let without = Overrides {
                profile: None,
                ..overrides.clone()
            };
            let mut config = config::load(&without, &env)?;
            config.profile = Some(centre.profile.to_owned());
            config.read_only |= centre.read_only;
            config
        }
        None => config::load(overrides, &env)?,
    };
    if demo {
        let usual = DemoOptions::from_env(&env)
            .map_err(|(at, message)| ConfigError::Invalid { at, message })?;
        let options = match centre {
            Some(centre) => centre.options(usual),
            None => usual,
        };
        let centre = match &options.centre_name {
            Some(name) => format!(
                "crmdeck demo {name}: {} groups, changes {:?}",
                options.groups, options.changes
            ),
            None => format!(
                "crmdeck demo: {} groups, hostile text {}, changes {:?}",
                options.groups, options.hostile_text, options.changes
            ),
        };
        let loopback = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
        let handle = demo::start(loopback, options)
            .await
            .map_err(SessionError::Demo)?;
        let mut config = config;
        config.profiles = with_demo_centres(std::mem::take(&mut config.profiles));
        let mut session = for_demo(config, &handle)?;
        session.demo = Some(handle);
        session.demo_centre = Some(centre);
        return Ok(session);
    }
    // The base URL first: its error is the one that suggests --demo.
    let options = client_options(&config)?;
    let token = config.token.load(&env).map_err(ConfigError::from)?;
    let client = Client::new(options, token)?;
    let mut session = Session::new(config, client);
    session.known = Some(KnownTokens::of_env(&env));
    Ok(session)
}

/// The session of `profile` opened as [`open`] opens the one of the flags
/// (`overrides` with the profile replaced): `:profile`'s and each centre's
/// of a fleet (`crate::fleet`).
pub async fn open_profile(
    overrides: &Overrides,
    demo: bool,
    profile: &str,
) -> Result<Session, SessionError> {
    let overrides = Overrides {
        profile: Some(profile.to_owned()),
        ..overrides.clone()
    };
    open(&overrides, demo).await
}

/// `names` (the config's profiles) with `--demo`'s centres
/// ([`DEMO_CENTRES`](crate::demo::DEMO_CENTRES)) among them, sorted, each once:
/// what `:profile` offers under `--demo`.
pub fn with_demo_centres(mut names: Vec<String>) -> Vec<String> {
    names.extend(demo::DEMO_CENTRES.map(|centre| centre.profile.to_owned()));
    names.sort();
    names.dedup();
    names
}

/// The session `--demo` opens on the demo server `demo`: its address and
/// its token (its centre names its zone like any other). The caller
/// keeps the server running (`open` hands it to the session).
pub fn for_demo(mut config: Config, demo: &DemoHandle) -> Result<Session, SessionError> {
    let address = demo.base_url().parse();
    let address = address.map_err(|refused: ApiUrlError| ConfigError::Invalid {
        at: "the demo server's address".to_string(),
        message: refused.to_string(),
    })?;
    config.base_url = Some(address);
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
            identity: OnceLock::new(),
            known: None,
        }
    }

    /// Who the token belongs to (`GET /v2/token/me`: the centre's zone
    /// and name), asked once however often it is needed and waited for
    /// [`OPTIONAL_WAIT`] at most; None when the server did not say (a 404,
    /// a 403, any other shape, silence: logged only).
    pub async fn me(&self) -> Option<&Me> {
        self.me_outcome().await.me()
    }

    /// What `/v2/token/me` said, asked once ([`me`](Self::me)).
    async fn me_outcome(&self) -> &MeOutcome {
        self.me
            .get_or_init(|| async {
                let asked = tokio::time::timeout(OPTIONAL_WAIT, self.client.me()).await;
                match asked {
                    Ok(result) => {
                        if let Err(error) = &result {
                            tracing::info!(%error, "no answer of /v2/token/me");
                        }
                        MeOutcome::of(result)
                    }
                    Err(_) => {
                        tracing::info!("no answer of /v2/token/me within {OPTIONAL_WAIT:?}");
                        MeOutcome::NoAnswer
                    }
                }
            })
            .await
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
    /// identified by `/v2/token/me` ([`me`](Self::me), asked once), else
    /// by what that token was before ([`KnownTokens`]), else by the token
    /// itself when the server does not say.
    pub async fn identify(&self) -> Option<String> {
        if self.identity.get().is_none() {
            let identity = match self.client.token().subject() {
                Some(subject) => identity::identity_of(Some(&subject), None, None, None),
                None => {
                    let me = self.me_outcome().await;
                    let (known, keyed, remembered) = self.remembered();
                    identified(known, keyed.as_deref(), remembered.as_deref(), me)
                }
            };
            let _ = self.identity.set(identity);
        }
        self.account()
    }

    /// Who the token is without waiting for `/v2/token/me` when this
    /// token's account is remembered (the dashboard's start: its snapshot
    /// at once); else as [`identify`](Self::identify). The identity, to
    /// check later when it was remembered.
    pub async fn identify_at_once(&self) -> Identity {
        if self.identity.get().is_none() && self.client.token().subject().is_none() {
            let (_, keyed, remembered) = self.remembered();
            if remembered.is_some() {
                let identity =
                    identity::identity_of(None, keyed.as_deref(), remembered.as_deref(), None);
                let _ = self.identity.set(identity);
            }
        }
        self.identify().await;
        self.identity().clone()
    }

    /// The remembered tokens, this token's keyed hash in them and the
    /// account remembered for it.
    fn remembered(&self) -> (Option<&KnownTokens>, Option<String>, Option<String>) {
        let known = self.known.as_ref();
        let keyed = known.and_then(|known| known.keyed_hash(&self.client.token()));
        let remembered =
            (known.zip(keyed.as_deref())).and_then(|(known, keyed)| known.remembered(keyed));
        (known, keyed, remembered)
    }

    /// Where opaque tokens are remembered (None in tests).
    pub fn known_tokens(&self) -> Option<&KnownTokens> {
        self.known.as_ref()
    }

    /// Who the token is, as learnt ([`identify`](Self::identify)); before
    /// that, what the token's subject says.
    pub fn identity(&self) -> &Identity {
        static UNKNOWN: Identity = Identity {
            account: None,
            by: IdentifiedBy::Unknown,
        };
        self.identity.get().unwrap_or(&UNKNOWN)
    }

    /// The token is another now (a reload, a token command's new one):
    /// who it is, learnt before it is used, keys what is kept from now on.
    pub fn set_identity(&mut self, identity: Identity) {
        self.identity = OnceLock::from(identity);
    }

    /// Who the token is, hashed (never the token): its JWT subject, else
    /// the user and centre `/v2/token/me` answered, else what was
    /// remembered of the token, else the keyed token itself (when learnt,
    /// see [`identify`](Self::identify)); None when not known. With the
    /// profile and the base URL it keys what is kept of a run (the
    /// snapshot, the view remembered): one account's is never shown to
    /// another.
    pub fn account(&self) -> Option<String> {
        match self.identity.get() {
            Some(identity) => identity.account.clone(),
            None => {
                let subject = self.client.token().subject();
                identity::identity_of(subject.as_deref(), None, None, self.me.get()).account
            }
        }
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
    /// Under `--demo` the centre alone: `--demo` and its centre `demo`
    /// opened by the Centres view (`--profile demo`) are one centre, whose
    /// snapshot the view reads.
    pub fn snapshot_key(&self, branch: Option<i64>) -> SnapshotKey {
        let address = self.demo_centre.clone();
        let profile = match address {
            Some(_) => None,
            None => self.config.profile.clone(),
        };
        SnapshotKey {
            profile,
            base_url: address.unwrap_or_else(|| self.client.base_url().to_string()),
            account: self.account(),
            branch,
        }
    }
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
    let mut options = ClientOptions::new(config.require_base_url()?.clone());
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
