//! From command-line flags to a ready API client: the config, the token, and
//! with `--demo` the embedded demo server. Shared by the CLI and the TUI.

use crate::api::{Client, ClientOptions, Token};
use crate::config::{self, Config, ConfigError, Overrides, TokenSource};
use crate::demo::{self, DemoHandle, DemoOptions};
use crate::domain::zone::Zone;
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
    let config = config::load(overrides, &env)?;
    if demo {
        let loopback = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
        let handle = demo::start(loopback, DemoOptions::default())
            .await
            .map_err(SessionError::Demo)?;
        let mut session = for_demo(config, &handle)?;
        session.demo = Some(handle);
        return Ok(session);
    }
    // The base URL first: its error is the one that suggests --demo.
    let options = client_options(&config)?;
    let token = config.token.load(&env)?;
    let client = Client::new(options, token)?;
    Ok(Session {
        config,
        client,
        demo: None,
    })
}

/// The session `--demo` opens on the demo server `demo`: its address and
/// its token, and its centre's zone unless `config` names one. The caller
/// keeps the server running (`open` hands it to the session).
pub fn for_demo(mut config: Config, demo: &DemoHandle) -> Result<Session, SessionError> {
    config.base_url = Some(demo.base_url());
    let token = Token::new(demo.token());
    config.token = TokenSource::Fixed(token.clone());
    if config.timezone == Zone::Local {
        config.timezone = Zone::Named(DEMO_ZONE);
    }
    let client = Client::new(client_options(&config)?, token)?;
    Ok(Session {
        config,
        client,
        demo: None,
    })
}

fn client_options(config: &Config) -> Result<ClientOptions, ConfigError> {
    let mut options = ClientOptions::new(config.require_base_url()?);
    options.connect_timeout = config.connect_timeout;
    options.request_timeout = config.request_timeout;
    Ok(options)
}
