//! The embedded demo API server: the CRM's v2 API (SPEC.md) with seeded,
//! realistic data and fault injection, on axum.
//!
//! Used by `crmdeck --demo` (in-process on a free port), by
//! `crmdeck demo-server` (standalone) and by tests (on `127.0.0.1:0`).
//! It writes the wire format itself, as the live service does, and does not
//! use the tolerant records of `crate::model`.
//!
//! - `data`: the seeded records; `groups` and `plugins`: the behaviour of
//!   those routes; `routes`: router, front door and auth; `faults`: fault
//!   injection; `shared`: the state the handlers share; `server`: start and
//!   stop; `wire`: envelope and error bodies.

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
use std::str::FromStr;
use std::time::Duration;

use axum::http::Method;

use crate::model::mask_secret;

pub use data::HOSTILE_FRAGMENTS;
pub use faults::{Fault, FaultControl, parse_fault_spec};
pub use server::{DemoHandle, start};

/// How to run a demo server.
#[derive(Clone, Default)]
pub struct DemoOptions {
    /// The only accepted bearer token; `None` generates a JWT like the live service's.
    pub token: Option<String>,
    /// Delay added to every answer (changeable later through [`FaultControl`]).
    pub latency: Duration,
    /// Plant terminal escape attacks in some group names, comments and one
    /// plugin name (see [`HOSTILE_FRAGMENTS`]).
    pub hostile_text: bool,
}

impl fmt::Debug for DemoOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DemoOptions")
            .field("token", &self.token.as_deref().map(mask_secret))
            .field("latency", &self.latency)
            .field("hostile_text", &self.hostile_text)
            .finish()
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
    fn options_never_show_the_token() {
        let options = DemoOptions {
            token: Some("eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.secret.part".to_string()),
            ..DemoOptions::default()
        };
        let shown = format!("{options:?}");
        assert!(!shown.contains("secret"), "{shown}");
    }
}
