//! The plugin catalogue as the demo user sees it, and installing a plugin:
//! the request's `plugin_id`, its validation and the installations kept in memory.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::data::{self, Installation, NotInstalled, Plugin};
use super::rng::SplitMix64;
use super::urlencoded;
use super::wire::timestamp;

/// A plugin with its `user` field for the demo user.
#[derive(Debug, Serialize)]
pub(crate) struct ListedPlugin<'a> {
    #[serde(flatten)]
    plugin: &'a Plugin,
    user: User<'a>,
}

/// `user`: the installation, or the "not installed" form of that plugin.
#[derive(Debug)]
enum User<'a> {
    Installed(&'a Installation),
    NotInstalled(NotInstalled),
}

impl Serialize for User<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Installed(installation) => installation.serialize(serializer),
            Self::NotInstalled(NotInstalled::EmptyList) => [(); 0].serialize(serializer),
            Self::NotInstalled(NotInstalled::Null) => serializer.serialize_none(),
        }
    }
}

/// `data` of an install: the installation's fields in the service's order.
#[derive(Debug, Serialize)]
pub(crate) struct InstallResult<'a> {
    plugin_id: i64,
    user_id: i64,
    token: &'a str,
    updated_at: &'a str,
    created_at: &'a str,
    id: i64,
}

impl<'a> From<&'a Installation> for InstallResult<'a> {
    fn from(installation: &'a Installation) -> Self {
        Self {
            plugin_id: installation.plugin_id,
            user_id: installation.user_id,
            token: &installation.token,
            updated_at: &installation.updated_at,
            created_at: &installation.created_at,
            id: installation.id,
        }
    }
}

/// The demo user's installations, by plugin id.
#[derive(Debug)]
pub(crate) struct Installations {
    by_plugin: BTreeMap<i64, Installation>,
    next_id: i64,
    /// Mints the secrets of new installation tokens.
    secrets: SplitMix64,
}

impl Installations {
    pub(crate) fn new(existing: &[Installation]) -> Self {
        let next_id = existing.iter().map(|i| i.id).max().unwrap_or(0) + 1;
        Self {
            by_plugin: existing.iter().map(|i| (i.plugin_id, i.clone())).collect(),
            next_id,
            secrets: SplitMix64::new(data::runtime_seed()),
        }
    }

    /// The catalogue with each plugin's `user` filled in.
    pub(crate) fn list<'a>(&'a self, plugins: &'a [Plugin]) -> Vec<ListedPlugin<'a>> {
        plugins
            .iter()
            .map(|plugin| ListedPlugin {
                plugin,
                user: self
                    .by_plugin
                    .get(&plugin.id)
                    .map_or(User::NotInstalled(plugin.not_installed), User::Installed),
            })
            .collect()
    }

    /// Installs `plugin_id` for the demo user at `now`; an existing
    /// installation is returned unchanged.
    pub(crate) fn install(&mut self, plugin_id: i64, now: NaiveDateTime) -> &Installation {
        let Self {
            by_plugin,
            next_id,
            secrets,
        } = self;
        by_plugin.entry(plugin_id).or_insert_with(|| {
            let id = *next_id;
            *next_id += 1;
            let at = timestamp(now);
            Installation {
                id,
                plugin_id,
                user_id: data::DEMO_USER_ID,
                token: data::installation_token(secrets, id),
                created_at: at.clone(),
                updated_at: at,
            }
        })
    }
}

/// Why a `plugin_id` was refused, with Laravel's validation message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InvalidPluginId {
    Missing,
    NotInteger,
}

impl InvalidPluginId {
    pub(crate) fn message(self) -> &'static str {
        match self {
            Self::Missing => "The plugin id field is required.",
            Self::NotInteger => "The plugin id must be an integer.",
        }
    }
}

/// How the install request's body was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BodyKind {
    Json,
    Form,
    /// Any other content type: PHP reads no input from it.
    Ignored,
}

impl BodyKind {
    /// From the `Content-Type` header, as Laravel decides what the input is.
    pub(crate) fn of(content_type: Option<&str>) -> Self {
        let content_type = content_type.unwrap_or("").to_ascii_lowercase();
        if content_type.contains("/json") || content_type.contains("+json") {
            Self::Json
        } else if content_type.starts_with("application/x-www-form-urlencoded") {
            Self::Form
        } else {
            Self::Ignored
        }
    }
}

/// The `plugin_id` input of an install: from the body, else the query
/// string (Laravel merges both, the body winning).
pub(crate) fn plugin_id_input(
    kind: BodyKind,
    body: &[u8],
    query: &str,
) -> Result<i64, InvalidPluginId> {
    let from_body = match kind {
        BodyKind::Json => serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|input| input.get("plugin_id").cloned()),
        BodyKind::Form => {
            urlencoded::value_of(&String::from_utf8_lossy(body), "plugin_id").map(Value::String)
        }
        BodyKind::Ignored => None,
    };
    let input = from_body.or_else(|| urlencoded::value_of(query, "plugin_id").map(Value::String));
    validate_plugin_id(input.as_ref())
}

/// Laravel's `required|integer`: integers, integral floats and integer text pass.
fn validate_plugin_id(input: Option<&Value>) -> Result<i64, InvalidPluginId> {
    match input {
        None | Some(Value::Null) => Err(InvalidPluginId::Missing),
        Some(Value::String(text)) if text.trim().is_empty() => Err(InvalidPluginId::Missing),
        Some(Value::Array(items)) if items.is_empty() => Err(InvalidPluginId::Missing),
        Some(Value::String(text)) => text.trim().parse().map_err(|_| InvalidPluginId::NotInteger),
        Some(Value::Number(number)) => number
            .as_i64()
            .or_else(|| {
                number
                    .as_f64()
                    .filter(|float| float.fract() == 0.0 && float.abs() < 9.0e15)
                    .map(|float| float as i64)
            })
            .ok_or(InvalidPluginId::NotInteger),
        Some(_) => Err(InvalidPluginId::NotInteger),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Seed;
    use chrono::NaiveDate;
    use serde_json::json;

    fn now() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2025, 3, 1)
            .unwrap()
            .and_hms_opt(8, 0, 0)
            .unwrap()
    }

    #[test]
    fn lists_installed_empty_list_and_null_users() {
        let seed = Seed::generate(false, crate::data::DEFAULT_GROUPS);
        let installations = Installations::new(&seed.installations);
        let listed = serde_json::to_value(installations.list(&seed.plugins)).unwrap();
        let users: Vec<&Value> = listed
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["user"])
            .collect();
        assert_eq!(users.iter().filter(|u| u.is_object()).count(), 3);
        assert_eq!(users.iter().filter(|u| **u == &json!([])).count(), 7);
        assert_eq!(users.iter().filter(|u| u.is_null()).count(), 2);
        assert_eq!(listed[0]["user"]["plugin_id"], listed[0]["id"]);
        assert_eq!(listed[0]["name"], "Telegram bot");
    }

    #[test]
    fn installs_once_with_a_fresh_token() {
        let seed = Seed::generate(false, crate::data::DEFAULT_GROUPS);
        let mut installations = Installations::new(&seed.installations);
        let first = installations.install(2, now()).clone();
        assert_eq!(first.plugin_id, 2);
        assert_eq!(first.user_id, data::DEMO_USER_ID);
        assert_eq!(first.created_at, "2025-03-01T08:00:00.000000Z");
        assert!(first.token.starts_with(&format!("{}|", first.id)));
        assert!(
            seed.installations
                .iter()
                .all(|i| i.id < first.id && i.token != first.token)
        );

        let later = now() + chrono::TimeDelta::hours(1);
        assert_eq!(installations.install(2, later), &first);
        let second = installations.install(4, later).clone();
        assert_eq!(second.id, first.id + 1);
        assert_ne!(second.token, first.token);
    }

    #[test]
    fn install_result_keeps_the_service_field_order() {
        let seed = Seed::generate(false, crate::data::DEFAULT_GROUPS);
        let text = serde_json::to_string(&InstallResult::from(&seed.installations[0])).unwrap();
        let keys: Vec<&str> = [
            "plugin_id",
            "user_id",
            "token",
            "updated_at",
            "created_at",
            "\"id\"",
        ]
        .into_iter()
        .collect();
        let positions: Vec<usize> = keys.iter().map(|key| text.find(key).unwrap()).collect();
        assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "{text}");
    }

    #[test]
    fn reads_plugin_id_from_json_form_or_query() {
        assert_eq!(
            plugin_id_input(BodyKind::Json, br#"{"plugin_id": 3}"#, ""),
            Ok(3)
        );
        assert_eq!(
            plugin_id_input(BodyKind::Json, br#"{"plugin_id": "3"}"#, ""),
            Ok(3)
        );
        assert_eq!(
            plugin_id_input(BodyKind::Json, br#"{"plugin_id": 3.0}"#, ""),
            Ok(3)
        );
        assert_eq!(plugin_id_input(BodyKind::Form, b"plugin_id=3", ""), Ok(3));
        assert_eq!(plugin_id_input(BodyKind::Json, b"{}", "plugin_id=4"), Ok(4));
        assert_eq!(
            plugin_id_input(BodyKind::Ignored, br#"{"plugin_id": 3}"#, ""),
            Err(InvalidPluginId::Missing)
        );
    }

    #[test]
    fn refuses_missing_and_non_integer_ids() {
        use InvalidPluginId::{Missing, NotInteger};
        for (body, expected) in [
            (&b"{}"[..], Missing),
            (b"not json", Missing),
            (br#"{"plugin_id": null}"#, Missing),
            (br#"{"plugin_id": ""}"#, Missing),
            (br#"{"plugin_id": []}"#, Missing),
            (br#"{"plugin_id": "three"}"#, NotInteger),
            (br#"{"plugin_id": 3.5}"#, NotInteger),
            (br#"{"plugin_id": true}"#, NotInteger),
            (br#"{"plugin_id": {"id": 3}}"#, NotInteger),
        ] {
            assert_eq!(
                plugin_id_input(BodyKind::Json, body, ""),
                Err(expected),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        assert_eq!(
            plugin_id_input(BodyKind::Form, b"plugin_id=", ""),
            Err(Missing)
        );
        assert_eq!(
            plugin_id_input(BodyKind::Form, b"plugin_id=x", ""),
            Err(NotInteger)
        );
    }

    #[test]
    fn body_kind_follows_the_content_type() {
        assert_eq!(BodyKind::of(Some("application/json")), BodyKind::Json);
        assert_eq!(
            BodyKind::of(Some("application/vnd.api+json")),
            BodyKind::Json
        );
        assert_eq!(
            BodyKind::of(Some("application/x-www-form-urlencoded; charset=UTF-8")),
            BodyKind::Form
        );
        assert_eq!(BodyKind::of(Some("text/plain")), BodyKind::Ignored);
        assert_eq!(BodyKind::of(None), BodyKind::Ignored);
    }
}
