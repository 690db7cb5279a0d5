//! `:profile NAME`: the session of another profile of the config, opened
//! as the start opened the first one (the same flags, the same rules and
//! errors: its base URL, its token source, a `token_command` run again),
//! off the event loop, since a token command may take seconds. The config
//! is read again, so its `[keys]` too: a binding it refuses refuses the
//! switch, as it would refuse the start.
//!
//! The latest switch asked for wins: a session opened for an earlier one
//! is dropped when it comes (its demo server, if any, stops with it).

use crate::app::keymap::Keymap;
use crate::app::protocol::ProfileRefused;
use crate::config::{self, Overrides};
use crate::secret::Token;
use crate::session::{self, Session};
use std::path::PathBuf;
use tokio::sync::mpsc::{self, UnboundedReceiver, UnboundedSender};

/// A profile's session and the keymap of its config, or why it did not
/// open (one line, never a token).
pub struct Opened {
    pub profile: String,
    pub result: Result<(Session, Keymap), ProfileRefused>,
}

/// Where the dashboard's sessions come from.
pub struct Profiles {
    /// The start's flags, `--demo` and whether the view is remembered per
    /// profile; None: no other profile can be opened (a test's loop).
    source: Option<Source>,
    /// Sessions opened, each with the number of the switch it answers.
    sender: UnboundedSender<(u64, Opened)>,
    receiver: UnboundedReceiver<(u64, Opened)>,
    /// The number of the latest switch asked for.
    asked: u64,
}

struct Source {
    overrides: Overrides,
    demo: bool,
    /// Each profile's view remembered in the state directory (not in tests).
    views: bool,
}

impl Profiles {
    /// Profiles opened as `crmdeck` opened the first one, from the flags
    /// `overrides` (the profile replaced) and `--demo`; with `views`, each
    /// profile's view is remembered in the state directory.
    pub fn from_flags(overrides: &Overrides, demo: bool, views: bool) -> Self {
        Self::with(Some(Source {
            overrides: overrides.clone(),
            demo,
            views,
        }))
    }

    /// The start's flags and `--demo` (None: a test's loop).
    pub fn flags(&self) -> Option<(Overrides, bool)> {
        let source = self.source.as_ref()?;
        Some((source.overrides.clone(), source.demo))
    }

    /// No other profile: `:profile` says so and nothing changes.
    pub fn none() -> Self {
        Self::with(None)
    }

    fn with(source: Option<Source>) -> Self {
        let (sender, receiver) = mpsc::unbounded_channel();
        Self {
            source,
            sender,
            receiver,
            asked: 0,
        }
    }

    /// The start's flags and `--demo`, to open any profile's session from
    /// (the Centres tab's probes); None in a test's loop.
    pub fn opener(&self) -> Option<(Overrides, bool)> {
        let source = self.source.as_ref()?;
        Some((source.overrides.clone(), source.demo))
    }

    /// Where `profile`'s view is remembered for `owner` (the centre and
    /// account, `Session::view_owner`), if views are: one file per profile
    /// and owner, so a view is never another centre's or account's.
    pub fn view_file(&self, profile: Option<&str>, owner: &str) -> Option<PathBuf> {
        let env = |name: &str| std::env::var(name).ok();
        let path = self
            .source
            .as_ref()
            .filter(|source| source.views)
            .map(|_| config::view_path(&env, profile))?;
        let stem = path.file_stem()?.to_string_lossy().into_owned();
        Some(path.with_file_name(format!("{stem}-{owner}.json")))
    }

    /// The profiles the config names now (read again: one added since the
    /// start is among them), or why it could not be read (one line, `in_use`
    /// masked); None when no config is opened from (a test's loop). Read
    /// on the loop: a small local file, and its answer must come before
    /// the keys typed behind the `:` that asked for it.
    pub fn read_names(&self, in_use: &Token) -> Option<Result<Vec<String>, ProfileRefused>> {
        let source = self.source.as_ref()?;
        let env = |name: &str| std::env::var(name).ok();
        let names = config::read_profile_names(&source.overrides, &env);
        // With `--demo`, the demo centres too (issue 38 §7).
        let names = names.map(|names| match source.demo {
            true => session::with_demo_centres(names),
            false => names,
        });
        let names = names.map_err(|error| {
            let why = error.to_string();
            tracing::warn!(%why, "the config was not read again");
            ProfileRefused::NotOpened(in_use.masked_line(&why))
        });
        Some(names)
    }

    /// Starts opening `profile`'s session; [`Self::opened`] gives it.
    /// `in_use` is masked in an error's text, should one quote it.
    pub fn open(&mut self, profile: String, in_use: Token) {
        self.asked += 1;
        let number = self.asked;
        let sender = self.sender.clone();
        let Some(source) = &self.source else {
            let opened = Opened {
                profile,
                result: Err(ProfileRefused::NoConfig),
            };
            let _ = sender.send((number, opened));
            return;
        };
        let overrides = source.overrides.clone();
        let demo = source.demo;
        let runtime = tokio::runtime::Handle::current();
        // A blocking thread: the token command runs as at start, and the
        // loop goes on meanwhile.
        tokio::task::spawn_blocking(move || {
            let opened = runtime.block_on(async {
                let session = session::open_profile(&overrides, demo, &profile).await?;
                // A token remembered is taken at once, checked once the
                // new app runs (as at start).
                session.identify_at_once().await;
                Ok::<_, session::SessionError>(session)
            });
            let result = opened
                .map_err(|error| error.to_string())
                .and_then(|session| {
                    let keymap = session.config.with_key_bindings(Keymap::with_user);
                    Ok((session, keymap.map_err(|error| error.to_string())?))
                })
                .map_err(|why| ProfileRefused::NotOpened(in_use.masked_line(&why)));
            if let Err(why) = &result {
                tracing::warn!(%profile, %why, "profile not opened");
            }
            // Fails only once the loop has ended, when nobody needs it.
            let _ = sender.send((number, Opened { profile, result }));
        });
    }

    /// The session of the latest switch asked for, once it is open (or
    /// why not); waits forever when none is on its way.
    pub async fn opened(&mut self) -> Opened {
        loop {
            let Some((number, opened)) = self.receiver.recv().await else {
                // Never: `self` holds a sender.
                return std::future::pending().await;
            };
            if number == self.asked {
                return opened;
            }
            tracing::info!(profile = %opened.profile, "a switch superseded by a later one");
        }
    }

    /// [`Self::opened`] without waiting.
    pub fn try_opened(&mut self) -> Option<Opened> {
        while let Ok((number, opened)) = self.receiver.try_recv() {
            if number == self.asked {
                return Some(opened);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_latest_switch_asked_for_wins() {
        let mut profiles = Profiles::none();
        profiles.open("prod".to_string(), Token::new("t"));
        profiles.open("test".to_string(), Token::new("t"));
        let opened = profiles.try_opened().expect("the latest switch answered");
        assert_eq!(opened.profile, "test");
        assert!(opened.result.is_err(), "no config to open it from");
        assert!(profiles.try_opened().is_none(), "the earlier one dropped");
    }

    /// Issue 37 §5: a profile added to the file since the start is read;
    /// a file broken since says why on one line, the token masked.
    #[test]
    fn the_config_s_profiles_are_read_again() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("config.toml");
        let overrides = Overrides {
            config_path: Some(path.clone()),
            ..Overrides::default()
        };
        let profiles = Profiles::from_flags(&overrides, false, false);
        let token = Token::new("opensesame-token");
        std::fs::write(
            &path,
            "[profiles.demo]\nbase_url = \"http://127.0.0.1:1\"\n",
        )
        .unwrap();
        let names = profiles.read_names(&token).expect("a config").unwrap();
        assert_eq!(names, ["demo"]);
        let added = "[profiles.demo]\nbase_url = \"http://127.0.0.1:1\"\n[profiles.fast]\n";
        std::fs::write(&path, added).unwrap();
        let names = profiles.read_names(&token).expect("a config").unwrap();
        assert_eq!(names, ["demo", "fast"]);
        std::fs::write(&path, "token = \"opensesame-token\"\n[profiles.fast\n").unwrap();
        let why = profiles.read_names(&token).expect("a config").unwrap_err();
        let said = why.to_string();
        assert!(said.contains("config.toml"), "{said}");
        assert!(
            !said.contains("opensesame-token") && !said.contains('\n'),
            "{said}"
        );
        assert!(Profiles::none().read_names(&token).is_none());
    }

    #[test]
    fn without_a_config_no_view_is_remembered() {
        assert_eq!(Profiles::none().view_file(Some("prod"), "0a1b"), None);
        let overrides = Overrides::default();
        assert_eq!(
            Profiles::from_flags(&overrides, false, false).view_file(Some("prod"), "0a1b"),
            None
        );
    }
}
