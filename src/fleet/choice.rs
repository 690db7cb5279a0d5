//! Which profiles a command covers: `--profiles a,b`, `--fleet NAME`, or
//! every profile of the config (sorted, as `Config::profiles`); under
//! `--demo`, the demo centres, and the fleet `demo` holds them. Pure.

use crate::config::{Config, ConfigError};
use crate::demo::{DEMO_CENTRES, DEMO_PROFILE};

/// What the flags ask for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Choice {
    /// No flag: every profile.
    #[default]
    Every,
    /// `--profiles a,b,c`, as typed.
    Profiles(Vec<String>),
    /// `--fleet NAME`.
    Fleet(String),
}

impl Choice {
    /// The choice of the flags `--profiles` and `--fleet` (clap lets one
    /// at most through).
    pub fn of_flags(profiles: &[String], fleet: Option<&str>) -> Self {
        match (profiles, fleet) {
            (_, Some(fleet)) => Self::Fleet(fleet.to_owned()),
            ([], None) => Self::Every,
            (profiles, None) => Self::Profiles(profiles.to_vec()),
        }
    }
}

/// The profiles `choice` covers, each once, in the order of the fleet or
/// of `--profiles` (every profile: sorted). A profile or a fleet the config
/// does not name, or none at all, is the user's to mend (exit 2).
pub fn covered(config: &Config, choice: &Choice, demo: bool) -> Result<Vec<String>, ConfigError> {
    let known: Vec<String> = match demo {
        true => DEMO_CENTRES.map(|c| c.profile.to_owned()).to_vec(),
        false => config.profiles.clone(),
    };
    let names = match choice {
        Choice::Every => known.clone(),
        Choice::Profiles(names) => names.clone(),
        Choice::Fleet(name) if demo && name == DEMO_PROFILE => known.clone(),
        Choice::Fleet(name) => match config.fleets.get(name).filter(|_| !demo) {
            Some(profiles) => profiles.clone(),
            None => {
                let fleets: Vec<&str> = match demo {
                    true => vec![DEMO_PROFILE],
                    false => config.fleets.keys().map(String::as_str).collect(),
                };
                let message = format!(
                    "no fleet {name:?} in the config (fleets: {}): add [fleets.{name}] profiles = [...]",
                    fleets.join(", ")
                );
                return Err(invalid("--fleet", message));
            }
        },
    };
    let mut covered: Vec<String> = Vec::new();
    for name in names {
        let found = find(&known, name.trim()).ok_or_else(|| ConfigError::UnknownProfile {
            name: name.clone(),
            chosen_by: "--profiles".to_string(),
            known: known.clone(),
        })?;
        if !covered.contains(found) {
            covered.push(found.clone());
        }
    }
    if covered.is_empty() {
        let message = "the config names no profiles: add [profiles.NAME] sections, or try --demo";
        return Err(invalid("--profiles", message.to_string()));
    }
    Ok(covered)
}

/// `name` among `known` exactly, else the one that differs in case only
/// (as `--profile` takes it).
fn find<'k>(known: &'k [String], name: &str) -> Option<&'k String> {
    known.iter().find(|k| *k == name).or_else(|| {
        let mut same = known
            .iter()
            .filter(|k| k.to_lowercase() == name.to_lowercase());
        same.next().filter(|_| same.next().is_none())
    })
}

fn invalid(at: &str, message: String) -> ConfigError {
    ConfigError::Invalid {
        at: at.to_string(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        let mut config = Config {
            profiles: ["east", "north", "west"].map(String::from).to_vec(),
            ..Config::default()
        };
        let fleet = ["west", "east"].map(String::from).to_vec();
        config.fleets.insert("city".to_string(), fleet);
        config
    }

    fn profiles(names: &[&str]) -> Choice {
        Choice::Profiles(names.iter().map(|n| n.to_string()).collect())
    }

    #[test]
    fn no_flag_covers_every_profile_sorted() {
        let covered = covered(&config(), &Choice::Every, false).unwrap();
        assert_eq!(covered, ["east", "north", "west"]);
    }

    #[test]
    fn profiles_and_fleets_keep_their_order_each_once() {
        let config = config();
        let chosen = covered(&config, &profiles(&["north", "EAST", "north"]), false);
        assert_eq!(chosen.unwrap(), ["north", "east"]);
        let fleet = covered(&config, &Choice::Fleet("city".into()), false);
        assert_eq!(fleet.unwrap(), ["west", "east"]);
    }

    #[test]
    fn an_unknown_profile_or_fleet_is_a_mistake_to_mend() {
        let config = config();
        let error = covered(&config, &profiles(&["north", "south"]), false).unwrap_err();
        assert!(matches!(&error, ConfigError::UnknownProfile { name, .. } if name == "south"));
        let error = covered(&config, &Choice::Fleet("town".into()), false).unwrap_err();
        assert!(error.to_string().contains("no fleet \"town\""), "{error}");
        assert!(error.to_string().contains("city"), "{error}");
        let empty = covered(&Config::default(), &Choice::Every, false).unwrap_err();
        assert!(empty.to_string().contains("no profiles"), "{empty}");
    }

    #[test]
    fn under_demo_the_fleet_is_the_demo_centres() {
        let config = config();
        let every = covered(&config, &Choice::Every, true).unwrap();
        assert_eq!(every, ["demo", "demo-east", "demo-north"]);
        let fleet = covered(&config, &Choice::Fleet("demo".into()), true).unwrap();
        assert_eq!(fleet, every);
        let two = covered(&config, &profiles(&["demo-north", "demo"]), true).unwrap();
        assert_eq!(two, ["demo-north", "demo"]);
        assert!(covered(&config, &profiles(&["east"]), true).is_err());
        assert!(covered(&config, &Choice::Fleet("demo".into()), false).is_err());
    }

    #[test]
    fn the_flags_make_a_choice() {
        assert_eq!(Choice::of_flags(&[], None), Choice::Every);
        assert_eq!(
            Choice::of_flags(&[], Some("city")),
            Choice::Fleet("city".into())
        );
        let names = ["a".to_string(), "b".to_string()];
        assert_eq!(Choice::of_flags(&names, None), profiles(&["a", "b"]));
    }
}
