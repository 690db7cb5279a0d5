//! One plugin installed across centres (issue 38 §3): the plan, what will
//! happen at each centre, made from each centre's catalogue asked first
//! (the dry run's data too); the results, and the exit code they make; the
//! number typed to confirm. Pure: no HTTP, no text for people.

use super::centre::Status;
use crmdeck_model::Plugin;

/// A centre as asked: its profile, whether it is read-only, and its
/// catalogue (`GET /v2/plugins`) or why none came. What the plan is made
/// from, and what the runtime hands the dashboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Centre {
    pub profile: String,
    /// The profile's `read_only`: nothing is sent to it.
    pub read_only: bool,
    pub catalogue: Result<Vec<Plugin>, Unlisted>,
}

/// Why a centre's catalogue did not come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unlisted {
    /// No answer (a connection refused, a time-out).
    Unreachable,
    /// A 401 or 403: the token is not (or no longer) taken.
    TokenRefused,
    /// Another error status.
    Failed(u16),
    /// Its session did not open (its config, its token): why, one line
    /// (never a token).
    NotOpened(String),
}

impl From<Status> for Unlisted {
    fn from(status: Status) -> Self {
        match status {
            Status::TokenRefused => Self::TokenRefused,
            Status::ApiError(code) => Self::Failed(code),
            Status::NotOpened => Self::NotOpened(String::new()),
            // A request that failed is one of the others.
            Status::Ok | Status::Unreachable => Self::Unreachable,
        }
    }
}

/// What the plan does at one centre.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// One POST.
    Install,
    /// Nothing sent, and why.
    Skip(Skip),
}

/// Why nothing is sent to a centre.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// The plugin is installed there already.
    AlreadyInstalled,
    /// The profile is read-only.
    ReadOnly,
    /// Its catalogue did not come: no answer.
    Unreachable,
    /// Its catalogue did not come: the token was refused.
    TokenRefused,
    /// Its catalogue did not come: another error status.
    ApiError(u16),
    /// Its catalogue has no plugin of that id.
    NotListed,
    /// Its plugin of that id has another name (ids may differ between
    /// servers): this name, as the server sent it.
    OtherName(String),
    /// Its session did not open: why (to be sanitised when shown).
    NotOpened(String),
}

impl Step {
    /// Its word for scripts (`--dry-run --format json`'s `result`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::Install => "install",
            Self::Skip(_) => "skip",
        }
    }

    /// Why it is skipped, for scripts (the skip's code).
    pub fn reason(&self) -> Option<String> {
        match self {
            Self::Install => None,
            Self::Skip(skip) => Some(skip.code().to_string()),
        }
    }
}

impl Skip {
    /// A key for scripts (the JSON's `reason`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::AlreadyInstalled => "already_installed",
            Self::ReadOnly => "read_only",
            Self::Unreachable => "unreachable",
            Self::TokenRefused => "token_refused",
            Self::ApiError(_) => "api_error",
            Self::NotListed => "not_listed",
            Self::OtherName(_) => "other_name",
            Self::NotOpened(_) => "not_opened",
        }
    }
}

/// The plugin, by id and the name it must have, and the step of each
/// centre in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub plugin_id: i64,
    /// The name the plugin has where it is installed (None: no centre
    /// lists the id).
    pub name: Option<String>,
    pub steps: Vec<Step>,
}

impl Plan {
    /// The centres a POST goes to: the number typed to confirm.
    pub fn installs(&self) -> usize {
        self.steps
            .iter()
            .filter(|step| **step == Step::Install)
            .count()
    }
}

/// The plan for `plugin_id` over the centres `asked` (in their order). The
/// name is `name` if given (the plugin under the cursor), else the name of
/// the first centre's plugin of that id: a centre whose plugin of that id
/// is named otherwise is skipped. A read-only profile is skipped unless it
/// has the plugin already (then it is not wanted anyway).
pub fn plan(plugin_id: i64, name: Option<&str>, centres: &[Centre]) -> Plan {
    fn listed(centre: &Centre, plugin_id: i64) -> Option<&Plugin> {
        let plugins = centre.catalogue.as_ref().ok()?;
        plugins.iter().find(|plugin| plugin.id == plugin_id)
    }
    let name = name.map(str::to_string).or_else(|| {
        centres
            .iter()
            .find_map(|centre| listed(centre, plugin_id))
            .map(|p| p.name.clone())
    });
    let steps = centres
        .iter()
        .map(
            |centre| match (&centre.catalogue, listed(centre, plugin_id)) {
                (Err(Unlisted::Unreachable), _) => Step::Skip(Skip::Unreachable),
                (Err(Unlisted::TokenRefused), _) => Step::Skip(Skip::TokenRefused),
                (Err(Unlisted::Failed(status)), _) => Step::Skip(Skip::ApiError(*status)),
                (Err(Unlisted::NotOpened(why)), _) => Step::Skip(Skip::NotOpened(why.clone())),
                (Ok(_), None) => Step::Skip(Skip::NotListed),
                (Ok(_), Some(plugin)) if Some(&plugin.name) != name.as_ref() => {
                    Step::Skip(Skip::OtherName(plugin.name.clone()))
                }
                (Ok(_), Some(plugin)) if plugin.user.is_some() => {
                    Step::Skip(Skip::AlreadyInstalled)
                }
                (Ok(_), Some(_)) if centre.read_only => Step::Skip(Skip::ReadOnly),
                (Ok(_), Some(_)) => Step::Install,
            },
        )
        .collect();
    Plan {
        plugin_id,
        name,
        steps,
    }
}

/// Whether `typed` is the number of centres to install at, `installs`:
/// digits alone (spaces around them allowed), never a `y` nor nothing.
pub fn confirms(typed: &str, installs: usize) -> bool {
    let typed = typed.trim();
    !typed.is_empty()
        && typed.bytes().all(|b| b.is_ascii_digit())
        && typed.parse::<usize>().ok() == Some(installs)
}

/// What became of one centre.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The POST was answered with this installation.
    Done { installation: i64 },
    /// The server refused it: its text (to be sanitised when shown).
    Failed(String),
    /// Nothing was sent, and why.
    Skipped(Skip),
    /// The POST went and no answer came (timed out, the connection lost):
    /// it may have taken effect; check it before installing again. The
    /// error (to be sanitised when shown).
    Unknown(String),
}

impl Outcome {
    /// Its word for scripts (the JSON's `result`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::Done { .. } => "done",
            Self::Failed(_) => "failed",
            Self::Skipped(_) => "skipped",
            Self::Unknown(_) => "unknown",
        }
    }

    /// Why, for scripts: a skip's code, the server's text of a failure,
    /// the error of an unknown outcome; None when done.
    pub fn reason(&self) -> Option<String> {
        match self {
            Self::Done { .. } => None,
            Self::Skipped(skip) => Some(skip.code().to_string()),
            Self::Failed(why) | Self::Unknown(why) => Some(why.clone()),
        }
    }

    /// The plugin is there: installed now, or before.
    pub fn is_there(&self) -> bool {
        matches!(
            self,
            Self::Done { .. } | Self::Skipped(Skip::AlreadyInstalled)
        )
    }
}

/// The exit code of the results: 0 when every centre is done or had the
/// plugin already, 1 otherwise (one failed, unknown, or skipped for
/// another reason: the plugin is not there).
pub fn exit_code(outcomes: &[Outcome]) -> u8 {
    if outcomes.iter().all(Outcome::is_there) {
        0
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crmdeck_model::Installation;

    fn plugin(id: i64, name: &str, installed: bool) -> Plugin {
        Plugin {
            id,
            name: name.to_string(),
            user: installed.then(Installation::default),
            ..Plugin::default()
        }
    }

    fn listed(plugins: &[Plugin], read_only: bool) -> Centre {
        Centre {
            profile: String::new(),
            read_only,
            catalogue: Ok(plugins.to_vec()),
        }
    }

    fn failed(why: Unlisted) -> Centre {
        Centre {
            profile: String::new(),
            read_only: false,
            catalogue: Err(why),
        }
    }

    #[test]
    fn each_centre_gets_its_step_and_the_count_is_the_installs() {
        let fresh = [plugin(7, "Telegram", false), plugin(8, "SMS", false)];
        let had = [plugin(7, "Telegram", true)];
        let renamed = [plugin(7, "Payme", false)];
        let none = [plugin(8, "SMS", false)];
        let asked = [
            listed(&fresh, false),
            listed(&had, false),
            listed(&fresh, true),
            failed(Unlisted::Unreachable),
            failed(Unlisted::TokenRefused),
            listed(&renamed, false),
            listed(&none, false),
            failed(Unlisted::Failed(502)),
            failed(Unlisted::NotOpened("no token".into())),
            listed(&fresh, false),
        ];
        let plan = plan(7, None, &asked);
        assert_eq!(plan.name.as_deref(), Some("Telegram"));
        assert_eq!(
            plan.steps,
            [
                Step::Install,
                Step::Skip(Skip::AlreadyInstalled),
                Step::Skip(Skip::ReadOnly),
                Step::Skip(Skip::Unreachable),
                Step::Skip(Skip::TokenRefused),
                Step::Skip(Skip::OtherName("Payme".into())),
                Step::Skip(Skip::NotListed),
                Step::Skip(Skip::ApiError(502)),
                Step::Skip(Skip::NotOpened("no token".into())),
                Step::Install,
            ]
        );
        assert_eq!(plan.installs(), 2);
    }

    #[test]
    fn the_name_given_wins_and_the_first_listing_names_it_otherwise() {
        let first = [plugin(3, "Payme", false)];
        let second = [plugin(3, "Click", false)];
        let asked = [
            failed(Unlisted::Unreachable),
            listed(&first, false),
            listed(&second, false),
        ];
        let named = plan(3, None, &asked);
        assert_eq!(named.name.as_deref(), Some("Payme"));
        assert_eq!(named.steps[2], Step::Skip(Skip::OtherName("Click".into())));
        let given = plan(3, Some("Click"), &asked);
        assert_eq!(given.steps[1], Step::Skip(Skip::OtherName("Payme".into())));
        assert_eq!(given.steps[2], Step::Install);
        assert_eq!(plan(9, None, &asked).name, None);
    }

    #[test]
    fn only_the_number_of_installs_confirms() {
        assert!(confirms("2", 2));
        assert!(confirms(" 2 ", 2));
        for typed in ["", " ", "y", "yes", "3", "1", "+2", "2.0", "٢", "02x"] {
            assert!(!confirms(typed, 2), "{typed:?}");
        }
    }

    #[test]
    fn exit_0_only_when_the_plugin_is_everywhere() {
        let done = Outcome::Done { installation: 1 };
        let had = Outcome::Skipped(Skip::AlreadyInstalled);
        assert_eq!(exit_code(&[done.clone(), had.clone()]), 0);
        assert_eq!(exit_code(&[]), 0);
        for bad in [
            Outcome::Failed("no".into()),
            Outcome::Unknown("no answer within 1 s".into()),
            Outcome::Skipped(Skip::ReadOnly),
            Outcome::Skipped(Skip::Unreachable),
        ] {
            assert_eq!(
                exit_code(&[done.clone(), had.clone(), bad.clone()]),
                1,
                "{bad:?}"
            );
        }
    }
}
