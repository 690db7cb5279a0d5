//! The embedded demo API server: the CRM's v2 API (SPEC.md) with seeded,
//! realistic data and fault injection, on axum.
//!
//! Used by `crmdeck --demo` (in-process on a free port), by
//! `crmdeck demo-server` (standalone) and by tests (on `127.0.0.1:0`).
//! It writes the wire format itself, as the live service does, and does not
//! use the tolerant records of `crmdeck_model`.
//!
//! - `data`: the seeded records; `changes`: the centre of each epoch (the
//!   seeded groups, a few moved, archived, new or gone); `groups` and
//!   `plugins`: the behaviour of those routes; `routes`: router, front door
//!   and auth; `faults`: fault injection; `shared`: the state the handlers
//!   share; `server`: start and stop; `wire`: envelope and error bodies.

mod changes;
mod data;
mod faults;
mod groups;
mod plugins;
mod rng;
mod routes;
mod server;
mod shared;
mod urlencoded;
mod wire;

use std::fmt;
use std::num::NonZeroU64;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::Method;

use crmdeck_secret::mask_secret;

pub use data::{DEFAULT_GROUPS, HOSTILE_FRAGMENTS};
pub use faults::{Fault, FaultControl, FaultScope, parse_fault_spec};
pub use groups::MAX_PER_PAGE;
pub use server::{DemoHandle, start};

/// The largest centre the demo makes (`--groups`).
pub const MAX_GROUPS: usize = 100_000;
/// `--groups` of `crmdeck --demo`, from the environment.
pub const ENV_GROUPS: &str = "CRMDECK_DEMO_GROUPS";
/// `--max-per-page` of `crmdeck --demo`, from the environment.
pub const ENV_MAX_PER_PAGE: &str = "CRMDECK_DEMO_MAX_PER_PAGE";

/// `--changes-every` of `crmdeck --demo`, from the environment.
pub const ENV_CHANGES_EVERY: &str = "CRMDECK_DEMO_CHANGES_EVERY";
/// The seconds an epoch of the centre lasts for `crmdeck --demo` and
/// `crmdeck demo-server` unless asked otherwise: two runs five minutes
/// apart see another centre.
pub const DEFAULT_CHANGES_EVERY: u64 = 300;
/// The longest `--changes-every`: a year.
pub const MAX_CHANGES_EVERY: u64 = 365 * 86_400;
/// Epochs are counted from 2024-06-10T00:00:00Z (Unix seconds).
const EPOCH_ORIGIN: u64 = 1_717_977_600;

/// How the demo centre changes over time: epoch N is the seeded centre
/// with the changes of its last 12 epochs (see `changes`), made once when
/// the first request of the epoch comes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Changes {
    /// Always the seeded centre (`--changes-every 0`; the default here, for tests).
    Frozen,
    /// A new epoch every so many seconds, counted from a fixed moment, so
    /// that two servers running at once serve the same centre.
    Every(NonZeroU64),
    /// Always this epoch (`--epoch N`).
    Epoch(u64),
}

impl Changes {
    /// A new epoch every `seconds`; 0 freezes the centre.
    pub fn every(seconds: u64) -> Self {
        NonZeroU64::new(seconds).map_or(Self::Frozen, Self::Every)
    }

    /// The epoch of the centre at `now` (`None`: frozen).
    pub fn epoch_at(self, now: SystemTime) -> Option<u64> {
        match self {
            Self::Frozen => None,
            Self::Epoch(epoch) => Some(epoch),
            Self::Every(seconds) => {
                let since_unix = now.duration_since(UNIX_EPOCH).unwrap_or_default();
                Some(since_unix.as_secs().saturating_sub(EPOCH_ORIGIN) / seconds.get())
            }
        }
    }
}

/// How to run a demo server.
#[derive(Clone)]
pub struct DemoOptions {
    /// The only accepted bearer token; `None` generates a JWT like the live service's.
    pub token: Option<String>,
    /// Delay added to every answer (changeable later through [`FaultControl`]).
    pub latency: Duration,
    /// Plant terminal escape attacks in some group names, comments and one
    /// plugin name (see [`HOSTILE_FRAGMENTS`]).
    pub hostile_text: bool,
    /// Groups of the centre, spread over its branches (the same for the
    /// same number; the first 240 are always the usual ones).
    pub groups: usize,
    /// The most groups a page holds, 1 to [`MAX_PER_PAGE`]: a larger
    /// `per_page` is cut to it silently, as live servers do.
    pub max_per_page: u64,
    /// How the centre changes over time; [`Changes::Frozen`] by default.
    pub changes: Changes,
    /// The centre's name in `GET /v2/token/me`; None: the usual one.
    pub centre_name: Option<String>,
    /// Answer every `POST /v2/plugins/install` with a 403 and Laravel's
    /// message, every time (a centre whose account may not install; not a
    /// fault, which is spent once answered).
    pub refuse_installs: bool,
}

impl Default for DemoOptions {
    fn default() -> Self {
        Self {
            token: None,
            latency: Duration::ZERO,
            hostile_text: false,
            groups: DEFAULT_GROUPS,
            max_per_page: MAX_PER_PAGE,
            changes: Changes::Frozen,
            centre_name: None,
            refuse_installs: false,
        }
    }
}

impl DemoOptions {
    /// The options of `crmdeck --demo`: the defaults, with the centre's
    /// size, page cap and changes from [`ENV_GROUPS`], [`ENV_MAX_PER_PAGE`]
    /// and [`ENV_CHANGES_EVERY`] (a change every [`DEFAULT_CHANGES_EVERY`]
    /// seconds when unset).
    /// Errs with the variable and what is wrong with its value.
    pub fn from_env(env: &dyn Fn(&str) -> Option<String>) -> Result<Self, (String, String)> {
        let number = |name: &str, max: u64, what: &str| -> Result<Option<u64>, (String, String)> {
            let Some(text) = env(name) else {
                return Ok(None);
            };
            let low = u64::from(name == ENV_MAX_PER_PAGE);
            match text.trim().parse::<u64>() {
                Ok(value) if (low..=max).contains(&value) => Ok(Some(value)),
                _ => Err((
                    name.to_string(),
                    format!("must be {what} from {low} to {max}, not {text:?}"),
                )),
            }
        };
        let defaults = Self::default();
        Ok(Self {
            groups: number(ENV_GROUPS, MAX_GROUPS as u64, "a number of groups")?
                .map_or(defaults.groups, |groups| groups as usize),
            max_per_page: number(ENV_MAX_PER_PAGE, MAX_PER_PAGE, "a number of groups a page")?
                .unwrap_or(defaults.max_per_page),
            changes: Changes::every(
                number(ENV_CHANGES_EVERY, MAX_CHANGES_EVERY, "a number of seconds")?
                    .unwrap_or(DEFAULT_CHANGES_EVERY),
            ),
            ..defaults
        })
    }
}

impl fmt::Debug for DemoOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DemoOptions")
            .field("token", &self.token.as_deref().map(mask_secret))
            .field("latency", &self.latency)
            .field("hostile_text", &self.hostile_text)
            .field("groups", &self.groups)
            .field("max_per_page", &self.max_per_page)
            .field("changes", &self.changes)
            .field("centre_name", &self.centre_name)
            .field("refuse_installs", &self.refuse_installs)
            .finish()
    }
}

/// One centre of `crmdeck --demo`'s fleet (issue 38 §7): each its own
/// server, token, port and name, started when first opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoCentre {
    /// Its profile's name (`--demo --profile demo-north`).
    pub profile: &'static str,
    /// Its groups; None: `--demo`'s own number ([`ENV_GROUPS`], else
    /// [`DEFAULT_GROUPS`]).
    pub groups: Option<usize>,
    /// Its profile is read-only, as `read_only = true` makes one.
    pub read_only: bool,
    /// Its server refuses every install ([`DemoOptions::refuse_installs`]).
    pub refuses_installs: bool,
    /// Its name in `/v2/token/me`; None: the usual demo centre's.
    pub centre_name: Option<&'static str>,
}

/// The profile of the demo centre `crmdeck --demo` opens when none is named.
pub const DEMO_PROFILE: &str = "demo";

/// `--demo`'s fleet, sorted by profile as `Config::profiles` is: the usual
/// centre, a large read-only one and a small one refusing installs. A fleet
/// named `demo` holds them.
pub const DEMO_CENTRES: [DemoCentre; 3] = [
    DemoCentre {
        profile: DEMO_PROFILE,
        groups: None,
        read_only: false,
        refuses_installs: false,
        centre_name: None,
    },
    DemoCentre {
        profile: "demo-east",
        groups: Some(60),
        read_only: false,
        refuses_installs: true,
        centre_name: Some("Ziyo East"),
    },
    DemoCentre {
        profile: "demo-north",
        groups: Some(2_000),
        read_only: true,
        refuses_installs: false,
        centre_name: Some("Ziyo North"),
    },
];

impl DemoCentre {
    /// The demo centre of `profile` (exactly, else in another case).
    pub fn named(profile: &str) -> Option<Self> {
        (DEMO_CENTRES.iter())
            .find(|centre| centre.profile.eq_ignore_ascii_case(profile.trim()))
            .copied()
    }

    /// The options of its server: `usual`'s (`--demo`'s, from the
    /// environment) with its own size, name and refusal.
    pub fn options(self, usual: DemoOptions) -> DemoOptions {
        DemoOptions {
            groups: self.groups.unwrap_or(usual.groups),
            centre_name: self.centre_name.map(str::to_owned),
            refuse_installs: self.refuses_installs,
            ..usual
        }
    }
}

/// The API routes, for hit counts and route-scoped faults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Route {
    /// GET /v2/plugins
    Plugins,
    /// POST /v2/plugins/install
    Install,
    /// GET /v2/groups
    Groups,
    /// GET /v2/branches
    Branches,
    /// GET /v2/token/me (outside the published spec): the user and centre.
    Me,
}

impl Route {
    /// Every route, in declaration order.
    pub const ALL: [Route; 5] = [
        Self::Plugins,
        Self::Install,
        Self::Groups,
        Self::Branches,
        Self::Me,
    ];

    /// The path, e.g. `/v2/groups`.
    pub fn path(self) -> &'static str {
        match self {
            Self::Plugins => "/v2/plugins",
            Self::Install => "/v2/plugins/install",
            Self::Groups => "/v2/groups",
            Self::Branches => "/v2/branches",
            Self::Me => "/v2/token/me",
        }
    }

    /// The HTTP method the route answers.
    pub fn method(self) -> Method {
        match self {
            Self::Install => Method::POST,
            Self::Plugins | Self::Groups | Self::Branches | Self::Me => Method::GET,
        }
    }

    /// The name used in fault specs (`@groups`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Plugins => "plugins",
            Self::Install => "install",
            Self::Groups => "groups",
            Self::Branches => "branches",
            Self::Me => "me",
        }
    }

    /// The route a request is for, if any.
    pub(crate) fn of(method: &Method, path: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|route| route.method() == method && route.path() == path)
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl FromStr for Route {
    type Err = String;

    /// `plugins`, `install`, `groups`, `branches` or `me` (any case).
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|route| route.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                format!("unknown route {name:?}: expected plugins, install, groups, branches or me")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_round_trip_by_name_and_request() {
        for (index, route) in Route::ALL.into_iter().enumerate() {
            assert_eq!(route.name().parse::<Route>(), Ok(route));
            assert_eq!(Route::of(&route.method(), route.path()), Some(route));
            assert_eq!(route.index(), index);
        }
        assert_eq!("GROUPS".parse::<Route>(), Ok(Route::Groups));
        assert!("students".parse::<Route>().is_err());
        assert_eq!(Route::of(&Method::GET, Route::Install.path()), None);
        assert_eq!(Route::of(&Method::GET, "/v2/plugins/"), None);
    }

    #[test]
    fn the_demo_takes_its_size_and_page_cap_from_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.to_string())
            }
        };
        let none = DemoOptions::from_env(&env(&[])).unwrap();
        assert_eq!((none.groups, none.max_per_page), (240, 100));
        assert_eq!(none.changes, Changes::every(DEFAULT_CHANGES_EVERY));
        let set = DemoOptions::from_env(&env(&[
            (ENV_GROUPS, " 2000 "),
            (ENV_MAX_PER_PAGE, "20"),
            (ENV_CHANGES_EVERY, "0"),
        ]))
        .unwrap();
        assert_eq!((set.groups, set.max_per_page), (2000, 20));
        assert_eq!(set.changes, Changes::Frozen);
        let (name, _) = DemoOptions::from_env(&env(&[(ENV_CHANGES_EVERY, "-1")])).unwrap_err();
        assert_eq!(name, ENV_CHANGES_EVERY);
        assert_eq!(
            DemoOptions::from_env(&env(&[(ENV_MAX_PER_PAGE, "0")])).unwrap_err(),
            (
                ENV_MAX_PER_PAGE.to_string(),
                "must be a number of groups a page from 1 to 100, not \"0\"".to_string()
            )
        );
        let (name, message) = DemoOptions::from_env(&env(&[(ENV_GROUPS, "lots")])).unwrap_err();
        assert_eq!(name, ENV_GROUPS);
        assert_eq!(
            message,
            "must be a number of groups from 0 to 100000, not \"lots\""
        );
    }

    #[test]
    fn an_epoch_lasts_its_seconds_from_a_fixed_moment() {
        let at = |seconds: u64| UNIX_EPOCH + Duration::from_secs(EPOCH_ORIGIN + seconds);
        let every = Changes::every(300);
        assert_eq!(every, Changes::Every(NonZeroU64::new(300).unwrap()));
        assert_eq!(
            [0, 299, 300, 3000].map(|seconds| every.epoch_at(at(seconds))),
            [Some(0), Some(0), Some(1), Some(10)]
        );
        assert_eq!(every.epoch_at(UNIX_EPOCH), Some(0));
        assert_eq!(Changes::every(0), Changes::Frozen);
        assert_eq!(Changes::Frozen.epoch_at(at(3000)), None);
        assert_eq!(Changes::Epoch(7).epoch_at(at(3000)), Some(7));
    }

    #[test]
    fn options_never_show_the_token() {
        let options = DemoOptions {
            token: Some("eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.secret.part".to_string()),
            ..DemoOptions::default()
        };
        let shown = format!("{options:?}");
        assert!(!shown.contains("secret"), "{shown}");
    }
}
