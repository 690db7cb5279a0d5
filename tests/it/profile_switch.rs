//! `:profile NAME` in the dashboard in-process (`support::runner`): a
//! config file whose profiles point at two demo servers started here, the
//! session of the other one opened as `crmdeck --config FILE` opens it.

use crate::support;

use crmdeck::demo::DemoOptions;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::demo_server::Server;
use support::runner::Runner;
use support::screen::{Watch, every_page_read, group_rows, wait_for_rows};

/// A config file of three profiles: `prod` and `test` on the two servers,
/// `broken` whose token command fails; `o` sorts (`[keys]`). No snapshot
/// read or written.
struct Profiles {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl Profiles {
    fn on(prod: &Server, test: &Server) -> Self {
        let dir = tempfile::tempdir().expect("a folder for the config");
        let path = dir.path().join("config.toml");
        let profile = |name: &str, server: &Server| {
            format!(
                "[profiles.{name}]\nbase_url = \"{}\"\ntoken = \"{}\"\n\n",
                server.handle.base_url(),
                server.handle.token()
            )
        };
        let text = format!(
            "cache = false\n\n[keys]\ncycle_sort = \"o\"\n\n{}{}[profiles.broken]\n\
             base_url = \"{}\"\n\
             token_command = \"sh -c 'echo the vault is locked >&2; exit 3'\"\n",
            profile("prod", prod),
            profile("test", test),
            test.handle.base_url(),
        );
        std::fs::write(&path, text).expect("the config written");
        // Private, as a file holding a token and a command must be.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        Self { _dir: dir, path }
    }

    fn path(&self) -> &Path {
        &self.path
    }
}

/// The top line: the tabs, then the profile and the centre.
fn top_line(screen: &str) -> &str {
    screen.lines().next().unwrap_or_default()
}

fn server(groups: usize, latency: Duration) -> Server {
    Server::start(DemoOptions {
        groups,
        latency,
        ..DemoOptions::default()
    })
}

/// prod answers in 1 s, test in 2 s: prod's answers to what it was asked
/// before the switch come while test's are awaited, under request ids the
/// new app uses again. They must never be taken for test's.
#[test]
fn profile_shows_the_other_servers_rows_and_the_old_answers_never_land() {
    let prod = server(2000, Duration::from_secs(1));
    let test = server(30, Duration::from_secs(2));
    let config = Profiles::on(&prod, &test);
    let dashboard = Runner::with_profiles(prod, config.path(), "prod");
    dashboard.wait_until_text("prod named on top", |text| {
        top_line(text).contains("prod · ")
    });
    dashboard.send_keys(":profile te\t\n");
    let screen = dashboard.wait_for("switched to profile test");
    assert!(top_line(&screen).contains("test · "), "{screen}");
    // The user's keys still: the config was read again.
    assert!(screen.contains("o sort"), "{screen}");
    // Watched all along: prod's rows never show under test's name, not
    // even for a frame.
    dashboard.wait_until_text("test's rows, every page read", |text| {
        let under_test = top_line(text).contains("test · ");
        assert!(
            !(under_test && text.contains("2 000")),
            "prod's rows under test:\n{text}"
        );
        text.contains("30 groups · 1 page × 100 · row 1 of 30") && every_page_read(text)
    });
    let screen = dashboard.text();
    assert!(top_line(&screen).contains("test · "), "{screen}");
    assert!(
        !screen.contains("2 000"),
        "prod's rows under test:\n{screen}"
    );
    dashboard.quit();
}

/// A switch that fails changes nothing but the status line, which says
/// why; a profile the config does not name keeps the line in the prompt.
#[test]
fn a_profile_whose_token_command_fails_leaves_the_rows_and_says_why() {
    let prod = server(240, Duration::ZERO);
    let test = server(30, Duration::ZERO);
    let config = Profiles::on(&prod, &test);
    let tokens = [
        prod.handle.token().to_string(),
        test.handle.token().to_string(),
    ];
    let dashboard = Runner::with_profiles(prod, config.path(), "prod");
    wait_for_rows(&dashboard, |_| true);
    dashboard.wait_until_text("every page read", |text| {
        text.contains("240 groups") && every_page_read(text)
    });
    let before = dashboard.text();
    dashboard.send_keys(":profile broken\n");
    let screen = dashboard.wait_for("profile broken not opened");
    assert!(
        screen.contains("exit status: 3") && screen.contains("the vault is locked"),
        "{screen}"
    );
    assert!(top_line(&screen).contains("prod · "), "{screen}");
    assert_eq!(group_rows(&screen), group_rows(&before));
    assert!(screen.contains("240 groups"), "{screen}");
    // Not a piece of a token (a line holds 100 characters).
    assert!(!tokens.iter().any(|token| screen.contains(&token[..24])));

    // A binding the config refuses refuses the switch, as it would the start.
    let written = std::fs::read_to_string(config.path()).unwrap();
    std::fs::write(config.path(), written.replace("cycle_sort", "cycle_sorts")).unwrap();
    dashboard.send_keys(":profile test\n");
    let screen = dashboard.wait_for("cycle_sorts");
    assert!(screen.contains("profile test not opened"), "{screen}");
    assert!(top_line(&screen).contains("prod · "), "{screen}");

    // A config broken since the start: said, and nothing changes either.
    std::fs::write(config.path(), "cache = false\nbase_url = \n").unwrap();
    dashboard.send_keys(":profile test\n");
    // `:` read the config again and said it broken first (issue 37), then
    // the switch's own refusal replaced the earlier one.
    dashboard.wait_until_text("the switch refused for line 2", |text| {
        text.contains("config.toml:2")
            && text.contains("profile test not opened")
            && !text.contains("cycle_sorts")
    });
    let screen = dashboard.text();
    assert!(top_line(&screen).contains("prod · "), "{screen}");
    assert_eq!(group_rows(&screen), group_rows(&before));

    dashboard.send_keys(":profile tset\n");
    let screen = dashboard.wait_for("no profile tset — did you mean test?");
    assert!(screen.contains(":profile tset"), "{screen}");
    dashboard.quit_with("\x1bq");
}

/// Issue 37 §5: a profile added to the config while the dashboard runs is
/// known to `:profile` and its completion (the config is read again); a
/// config broken since is said on one line (on `:` and on `R`), and the
/// profile in use stays.
#[test]
fn a_profile_added_while_the_dashboard_runs_is_known() {
    let prod = server(40, Duration::ZERO);
    let test = server(30, Duration::ZERO);
    let config = Profiles::on(&prod, &test);
    let fast = format!(
        "\n[profiles.fast]\nbase_url = \"{}\"\ntoken = \"{}\"\n",
        test.handle.base_url(),
        test.handle.token()
    );
    let dashboard = Runner::with_profiles(prod, config.path(), "prod");
    dashboard.wait_until_text("every page read", |text| {
        text.contains("40 groups") && every_page_read(text)
    });
    let mut written = std::fs::read_to_string(config.path()).unwrap();
    written.push_str(&fast);
    std::fs::write(config.path(), &written).unwrap();
    dashboard.send_keys(":profile fa\t");
    dashboard.wait_for(":profile fast");
    dashboard.send_keys("\n");
    let screen = dashboard.wait_for("switched to profile fast");
    assert!(top_line(&screen).contains("fast · "), "{screen}");
    dashboard.wait_until_text("fast's rows", |text| text.contains("30 groups"));

    std::fs::write(config.path(), "cache = false\n[profiles.fast\n").unwrap();
    dashboard.send_keys("R");
    // Said on the status line, which wraps where the token's expiry (a
    // time) ends: the words are looked for across lines.
    let said = "the config was not read again, the profile stays:";
    dashboard.wait_until_text(said, |text| {
        let words: Vec<&str> = text.split_whitespace().collect();
        words.join(" ").contains(said)
    });
    let screen = dashboard.text();
    assert!(screen.contains("config.toml"), "{screen}");
    assert!(top_line(&screen).contains("fast · "), "{screen}");
    assert!(screen.contains("30 groups"), "{screen}");
    dashboard.quit();
}
