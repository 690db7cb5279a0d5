//! From command-line flags to a ready API client: the config, the token, and
//! with `--demo` the embedded demo server. Shared by the CLI and the TUI.

use crate::api::{Client, ClientOptions};
use crate::config::{self, Config, ConfigError, Overrides, TokenSource};
use crate::demo::{self, DemoHandle, DemoOptions};
use crate::domain::zone::Zone;
use crate::model::Token;
use std::net::{Ipv4Addr, SocketAddr};

/// The demo data is a centre in Tashkent: with `--demo` and no zone
/// configured, times show as that centre sees them.
const DEMO_ZONE: chrono_tz::Tz = chrono_tz::Asia::Tashkent;

/// Everything a command needs to talk to the API.
pub struct Session {
    pub config: Config,
    pub client: Client,
    /// Keeps the in-process demo server alive while the session lives.
    pub demo: Option<DemoHandle>,
}

/// Why a session could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("cannot start the demo server: {0}")]
    Demo(std::io::Error),
    #[error(transparent)]
    Api(#[from] crate::api::ApiError),
}

/// Reads the config, then starts the demo server (`demo`) or loads the token.
pub async fn open(overrides: &Overrides, demo: bool) -> Result<Session, SessionError> {
    let env = |name: &str| std::env::var(name).ok();
    let mut config = config::load(overrides, &env)?;
    let demo_handle = if demo {
        let loopback = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
        let handle = demo::start(loopback, DemoOptions::default())
            .await
            .map_err(SessionError::Demo)?;
        config.base_url = Some(handle.base_url());
        config.token = TokenSource::Fixed(Token::new(handle.token()));
        if config.timezone == Zone::Local {
            config.timezone = Zone::Named(DEMO_ZONE);
        }
        Some(handle)
    } else {
        None
    };
    // The base URL first: its error is the one that suggests --demo.
    let options = client_options(&config)?;
    let token = config.token.load(&env)?;
    let client = Client::new(options, token)?;
    Ok(Session {
        config,
        client,
        demo: demo_handle,
    })
}

fn client_options(config: &Config) -> Result<ClientOptions, ConfigError> {
    let mut options = ClientOptions::new(config.require_base_url()?);
    options.connect_timeout = config.connect_timeout;
    options.request_timeout = config.request_timeout;
    Ok(options)
}
