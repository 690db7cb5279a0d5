//! Shell completion against a server whose branch names (and a config
//! whose profile names) are shell code: the real bash, zsh and fish run the
//! scripts `crmdeck completions SHELL` writes, and no name is ever run.
//! Each name would `touch` a marker file in the shell's folder if it were;
//! what completes, read back by the shell, must be the name itself.

use super::TOKEN;
use super::support::cli::stdout;
use super::support::home::Home;
use super::support::scripted_server::scripted_server;
use axum::http::StatusCode;
use std::path::Path;
use std::process::Command;

/// Names a shell would run or expand if it evaluated them, and the markers
/// they would leave.
const HOSTILE: [&str; 13] = [
    "`touch mark-backquote`",
    "$(touch mark-dollar)",
    "x; touch mark-semicolon",
    "y | touch mark-pipe",
    "*",
    "?",
    "[a]",
    "with space",
    "it's \"both\" quotes",
    "-lead",
    "esc\u{1b}[31mred\u{9b}2J",
    "new\nline",
    "$HOME ~ {a,b} \\n",
];

/// What completion offers for [`HOSTILE`]: control characters dropped,
/// the name with a line break left out.
fn expected() -> Vec<String> {
    let mut names: Vec<String> = HOSTILE
        .iter()
        .filter(|name| !name.contains('\n'))
        .map(|name| name.chars().filter(|c| !c.is_control()).collect())
        .collect();
    names.sort();
    names
}

/// Every request answered with the [`HOSTILE`] names as branches.
fn hostile_branches(_token: &str) -> (StatusCode, String) {
    let data: Vec<serde_json::Value> = (HOSTILE.iter().enumerate())
        .map(|(id, name)| serde_json::json!({"id": id + 1, "name": name}))
        .collect();
    let body = serde_json::json!({"status": 200, "success": true, "data": data});
    (StatusCode::OK, body.to_string())
}

/// A home whose config names the [`HOSTILE`] profiles and points at
/// `base_url`.
fn hostile_home(base_url: &str) -> Home {
    let mut config = format!("base_url = \"{base_url}\"\n");
    for name in HOSTILE {
        // TOML's basic string escapes: every name is a valid key.
        let key = serde_json::to_string(name).unwrap();
        config.push_str(&format!("[profiles.{key}]\nper_page = 5\n"));
    }
    Home::with_config(&config)
}

/// `shell ARGS` (blocking: the tests run on several threads, so that the
/// server answers meanwhile), in `home` (its folder the current one, where markers
/// would land), the binary first on PATH, the token in the environment;
/// None (said) when the shell is not installed.
fn in_shell(home: &Home, shell: &str, args: &[&str]) -> Option<String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_crmdeck")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let output = Command::new(shell)
        .args(args)
        .current_dir(home.path())
        .env_clear()
        .envs(home.env())
        .env("PATH", path)
        .env("CRMDECK_TOKEN", TOKEN)
        .output();
    match output {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("{shell} is not installed: its completion is not checked (skipped)");
            None
        }
        Err(error) => panic!("{shell}: {error}"),
        Ok(output) => {
            assert!(output.status.success(), "{shell}: {output:?}");
            Some(stdout(&output))
        }
    }
}

/// The script for `shell`, written into `home`.
fn script(home: &Home, shell: &str) -> std::path::PathBuf {
    let output = home.crmdeck(&["completions", shell]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let path = home.path().join(format!("crmdeck.{shell}"));
    std::fs::write(&path, &output.stdout).unwrap();
    path
}

/// No marker file, nor anything else, appeared in `home`'s folder.
fn assert_nothing_ran(home: &Home) {
    let mut found: Vec<String> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("mark"))
        .collect();
    found.sort();
    assert!(found.is_empty(), "completion ran a name: {found:?}");
}

/// NUL-separated words, sorted.
fn words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text
        .split('\0')
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect();
    words.sort();
    words
}

#[tokio::test(flavor = "multi_thread")]
async fn bash_completes_hostile_names_quoted_and_runs_none() {
    let base_url = scripted_server(hostile_branches).await;
    let home = hostile_home(&base_url);
    let path = script(&home, "bash");
    for (flag, command) in [("--branch", "groups"), ("--profile", "groups")] {
        // As bash calls the function on Tab after `crmdeck groups FLAG `;
        // each word offered is then read back as bash reads the line run.
        let program = format!(
            "source {path}; COMP_WORDS=(crmdeck {command} {flag} ''); COMP_CWORD=3; \
             _crmdeck crmdeck '' {flag}; \
             for word in \"${{COMPREPLY[@]}}\"; do eval \"printf '%s\\0' $word\"; done",
            path = path.display()
        );
        let Some(offered) = in_shell(&home, "bash", &["--norc", "-c", &program]) else {
            return;
        };
        assert_eq!(words(&offered), expected(), "{flag}");
        assert_nothing_ran(&home);
        // A start typed narrows them: the name's, bare, quoted or escaped.
        let program = format!(
            "source {path}; COMP_WORDS=(crmdeck {command} {flag} \"$1\"); COMP_CWORD=3; \
             _crmdeck crmdeck \"$1\" {flag}; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            path = path.display()
        );
        for (typed, completed) in [
            ("wi", "with\\ space\n"),
            ("\\$(", "\\$\\(touch\\ mark-dollar\\)\n"),
            ("\\$\\(", "\\$\\(touch\\ mark-dollar\\)\n"),
            ("'it's", "it\\'s\\ \\\"both\\\"\\ quotes\n"),
            ("*", "\\*\n"),
        ] {
            let args = ["--norc", "-c", &program, "bash", typed];
            assert_eq!(
                in_shell(&home, "bash", &args).unwrap(),
                completed,
                "{typed}"
            );
        }
        assert_nothing_ran(&home);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn zsh_adds_hostile_names_as_an_array_of_lines_and_runs_none() {
    let base_url = scripted_server(hostile_branches).await;
    let home = hostile_home(&base_url);
    let zsh = std::fs::read_to_string(script(&home, "zsh")).unwrap();
    for flag in ["--branch", "--profile"] {
        // The action `_arguments` runs for the flag's value, with `compadd`
        // (which quotes what it inserts) standing in to print its words.
        let line = (zsh.lines())
            .find(|line| line.starts_with(&format!("'{flag}=[")))
            .unwrap();
        let action = &line[line.find(":{").unwrap() + 2..line.rfind("}'").unwrap()];
        let program = format!(
            "compadd() {{ if [[ $1 == -a ]]; then print -rN -- \"${{(@P)2}}\"; \
             else shift; print -rN -- \"$@\"; fi; }}; {action}"
        );
        let Some(offered) = in_shell(&home, "zsh", &["-f", "-c", &program]) else {
            return;
        };
        assert_eq!(words(&offered), expected(), "{flag}: {action}");
        assert_nothing_ran(&home);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn fish_completes_hostile_names_as_they_are_and_runs_none() {
    let base_url = scripted_server(hostile_branches).await;
    let home = hostile_home(&base_url);
    let path = script(&home, "fish");
    for flag in ["--branch", "--profile"] {
        // fish's own completer, as on Tab; it escapes what it inserts.
        let program = format!(
            "source {path}; complete -C 'crmdeck groups {flag} ' | string split -f1 \\t \
             | string join0",
            path = path.display()
        );
        let Some(offered) = in_shell(&home, "fish", &["--no-config", "-c", &program]) else {
            return;
        };
        assert_eq!(words(&offered), expected(), "{flag}");
        assert_nothing_ran(&home);
    }
}
