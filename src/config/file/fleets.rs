//! `[fleets.NAME] profiles = ["a", "b"]` and `fleet_concurrency` (issue 38):
//! named sets of the file's profiles, each profile named checked against the
//! file's `[profiles.NAME]` once the whole file is read (a fleet may come
//! before the profiles it names), a mistake at its line.

use super::{At, ConfigError, Reader, in_file_order, kind, number};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use toml::Spanned;
use toml::de::DeValue;

/// `fleet_concurrency`'s bounds: centres asked at once.
pub(crate) const FLEET_CONCURRENCY: RangeInclusive<i64> = 1..=16;

/// One fleet as written: its profiles, each with its line.
#[derive(Debug, Clone, Default)]
pub(crate) struct FleetRead {
    pub profiles: Vec<At<String>>,
}

/// `fleet_concurrency = 4`.
pub(crate) fn concurrency(value: &DeValue<'_>) -> Result<usize, String> {
    let expected = "fleet_concurrency must be a number of centres asked at once from 1 to 16";
    Ok(number(value, FLEET_CONCURRENCY, expected)? as usize)
}

impl Reader<'_> {
    /// The `[fleets.NAME]` tables; a wrong fleet goes to `mistakes`, and
    /// the others are read.
    pub(super) fn fleets(
        &self,
        value: &Spanned<DeValue<'_>>,
        mistakes: &mut Vec<ConfigError>,
    ) -> Result<BTreeMap<String, FleetRead>, ConfigError> {
        let DeValue::Table(table) = value.get_ref() else {
            return Err(self.invalid(
                self.line(value.span()),
                "fleets must be a table: write [fleets.NAME] and profiles = [\"a\", \"b\"]"
                    .to_string(),
            ));
        };
        let mut fleets = BTreeMap::new();
        for (name, body) in in_file_order(table) {
            let line = self.line(name.span());
            let name = name.get_ref().to_string();
            match self.fleet(&name, body) {
                Ok(fleet) => {
                    fleets.insert(name, fleet);
                }
                Err((at, message)) => mistakes.push(self.invalid(at.unwrap_or(line), message)),
            }
        }
        Ok(fleets)
    }

    /// One fleet's table: `profiles`, a list of names, and nothing else.
    /// A mistake comes with its line when it is not the fleet's.
    fn fleet(
        &self,
        name: &str,
        body: &Spanned<DeValue<'_>>,
    ) -> Result<FleetRead, (Option<usize>, String)> {
        let expected =
            format!("fleet {name:?} must be a table: [fleets.{name}] profiles = [\"a\", \"b\"]");
        let DeValue::Table(body) = body.get_ref() else {
            return Err((None, expected));
        };
        let mut fleet = FleetRead::default();
        for (key, value) in in_file_order(body) {
            let at = Some(self.line(key.span()));
            if key.get_ref().as_ref() != "profiles" {
                let key = key.get_ref();
                return Err((
                    at,
                    format!(
                        "unknown key {key:?} in [fleets.{name}]: a fleet has profiles only \
                         (a key of the top level goes above every [table])"
                    ),
                ));
            }
            let DeValue::Array(list) = value.get_ref() else {
                let not = kind(value.get_ref());
                return Err((
                    at,
                    format!("fleets.{name}.profiles must be a list of profile names, not {not}"),
                ));
            };
            for profile in list.iter() {
                let DeValue::String(text) = profile.get_ref() else {
                    let not = kind(profile.get_ref());
                    return Err((
                        at,
                        format!(
                            "fleets.{name}.profiles must be a list of profile names, not {not}"
                        ),
                    ));
                };
                let line = self.line(profile.span());
                fleet.profiles.push(At {
                    value: text.to_string(),
                    line,
                });
            }
        }
        Ok(fleet)
    }

    /// Each profile a fleet names that the file does not, a mistake at
    /// its line.
    pub(super) fn check_fleets(
        &self,
        fleets: &BTreeMap<String, FleetRead>,
        profiles: &[&String],
        mistakes: &mut Vec<ConfigError>,
    ) {
        let known = || (profiles.iter().map(|p| p.as_str()).collect::<Vec<_>>()).join(", ");
        for (name, fleet) in fleets {
            for profile in &fleet.profiles {
                if !profiles.contains(&&profile.value) {
                    let message = format!(
                        "fleets.{name}: no profile {:?} in the file (profiles: {})",
                        profile.value,
                        known()
                    );
                    mistakes.push(self.invalid(profile.line, message));
                }
            }
        }
    }
}
