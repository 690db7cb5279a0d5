//! Secrets on the command line: the user's token never shows, not even when
//! the server echoes it or a failing token command prints it on stderr; `info` names where it comes from, never the token;
//! a config file holding a token that others can read is warned about;
//! installation tokens are masked unless `--show-token`.

use super::scripted_server::TOKEN_ECHOES;
use super::{
    FAST_TIMEOUTS, FRESH_PLUGIN, Home, Run, TOKEN, demo_server, scripted_server, set_mode,
};
use crmdeck::api::{Client, ClientOptions};
use crmdeck::secret::{Token, mask_secret};

#[tokio::test]
async fn a_server_that_echoes_the_token_never_gets_it_shown() {
    for (name, answer, causes) in TOKEN_ECHOES {
        let base_url = scripted_server(answer).await;
        let home = Home::with_config(FAST_TIMEOUTS);
        for subcommand in [["groups"], ["plugins"]] {
            let run = home.run(&base_url, &subcommand).await;
            run.assert_failed(&format!("{name} on {subcommand:?}"), causes);
        }
    }
}

/// `info` run with the token coming from the config in `home` (or from
/// CRMDECK_TOKEN when `from_env`); the API is never asked.
async fn info(home: &Home, from_env: bool) -> Run {
    let mut command = home.command("http://127.0.0.1:9", &["info"]);
    if from_env {
        command.env("CRMDECK_TOKEN", TOKEN);
    }
    home.finish(command).await
}

#[tokio::test]
async fn info_names_the_token_source_but_never_the_token() {
    let home = tempfile::TempDir::new().expect("a folder");
    let token_file = home.path().join("token");
    std::fs::write(&token_file, format!("{TOKEN}\n")).expect("token file");
    set_mode(&token_file, 0o600);
    let sources = [
        (
            "the environment",
            String::new(),
            true,
            "environment variable CRMDECK_TOKEN",
        ),
        (
            "the config file",
            format!("token = \"{TOKEN}\"\n"),
            false,
            "(key token)",
        ),
        (
            "a token file",
            format!("token_file = \"{}\"\n", token_file.display()),
            false,
            "file ",
        ),
        (
            "a token command",
            format!("token_command = \"cat {}\"\n", token_file.display()),
            false,
            "command `cat ",
        ),
        (
            "a token command holding the token",
            format!("token_command = \"echo {TOKEN}\"\n"),
            false,
            "command `echo ",
        ),
    ];
    for (name, config, from_env, described) in sources {
        let home = Home::with_config(&config);
        let run = info(&home, from_env).await;
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        let token_line = run
            .stdout
            .lines()
            // "token" padded to its column, not "token from".
            .find(|line| {
                line.strip_prefix("token")
                    .is_some_and(|rest| rest.starts_with("  "))
            })
            .expect("a token line");
        assert!(
            token_line.contains(&mask_secret(TOKEN)),
            "{name}: {token_line}"
        );
        assert!(run.stdout.contains(described), "{name}: {}", run.stdout);
        run.assert_secret_kept(name, TOKEN);
    }
}

/// `pass` or a gpg wrapper that fails may print the entry, token and all,
/// on stderr: its first line is quoted, the token masked.
#[tokio::test]
async fn a_token_command_that_fails_showing_the_token_never_gets_it_shown() {
    let dir = tempfile::TempDir::new().expect("a folder");
    let token_file = dir.path().join("token");
    std::fs::write(&token_file, TOKEN).expect("token file");
    let file = token_file.display();
    for command in [
        format!("echo \\\"gpg: entry $(cat {file}) is locked\\\" >&2; exit 2"),
        format!("cat {file} >&2"),
    ] {
        let home = Home::with_config(&format!("token_command = \"{command}\"\n"));
        let run = info(&home, false).await;
        assert_eq!(run.code, Some(2), "{command}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr.starts_with("crmdeck: token command `"),
            "{}",
            run.stderr
        );
        run.assert_secret_kept(&command, TOKEN);
    }
}

#[tokio::test]
async fn a_broken_config_file_never_quotes_its_token() {
    let broken = [
        format!("token = \"{TOKEN}\n"),
        format!("token = \"{TOKEN}\"\ntoken = \"{TOKEN}\"\n"),
        format!("token = \"{TOKEN}\"\ntoken_file = \"/nowhere\"\n"),
        format!("token = [\"{TOKEN}\"]\n"),
        format!("[profiles.work]\ntoken = \"{TOKEN}\"\nper_page = \"{TOKEN}\"\n"),
    ];
    for config in broken {
        let home = Home::with_config(&config);
        let run = info(&home, false).await;
        assert_eq!(run.code, Some(2), "{config}: {}", run.stderr);
        assert!(
            run.stderr.contains("config.toml:"),
            "{config}: {}",
            run.stderr
        );
        run.assert_secret_kept(&config, TOKEN);
    }
}

#[cfg(unix)]
#[tokio::test]
async fn a_config_file_holding_a_token_open_to_others_is_warned_about() {
    let home = Home::with_config(&format!("token = \"{TOKEN}\"\n"));
    set_mode(&home.config_path(), 0o644);
    let open = info(&home, false).await;
    assert_eq!(open.code, Some(0), "{}", open.stderr);
    let warning = open.stderr.lines().next().unwrap_or_default();
    assert!(
        warning.starts_with("crmdeck: warning: config file")
            && warning.contains("holds a token and is readable by others: chmod 600"),
        "{warning}"
    );
    open.assert_secret_kept("0644 config file", TOKEN);

    set_mode(&home.config_path(), 0o600);
    let private = info(&home, false).await;
    assert_eq!(private.stderr, "", "no warning for a private file");
}

/// The full installation tokens the demo server holds for [`TOKEN`]'s user.
async fn installation_tokens(base_url: &str) -> Vec<String> {
    let client = Client::new(
        ClientOptions::new(base_url.parse().unwrap()),
        Token::new(TOKEN),
    )
    .expect("a client");
    let plugins = client.plugins().await.expect("the demo server answers");
    let tokens: Vec<String> = plugins
        .into_iter()
        .filter_map(|plugin| plugin.user?.token)
        .collect();
    assert!(!tokens.is_empty(), "some plugin is installed");
    tokens
}

/// Every token shows whole with `--show-token`; else only its masked form,
/// and not even the secret after its `id|`.
fn assert_tokens_shown_as_asked(what: &str, run: &Run, tokens: &[String], show_token: bool) {
    assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
    for token in tokens {
        if show_token {
            assert!(
                run.stdout.contains(token.as_str()),
                "{what}: {token} in {}",
                run.stdout
            );
        } else {
            let (_, secret) = token.split_once('|').expect("id|secret");
            assert!(
                run.stdout.contains(&mask_secret(token)),
                "{what}: {}",
                run.stdout
            );
            run.assert_secret_kept(what, secret);
        }
    }
}

const FORMATS: [&str; 3] = ["table", "csv", "json"];

#[tokio::test]
async fn plugins_mask_installation_tokens_unless_asked() {
    let server = demo_server(false).await;
    let tokens = installation_tokens(&server.base_url()).await;
    let home = Home::with_config(FAST_TIMEOUTS);
    for format in FORMATS {
        for show_token in [false, true] {
            let mut args = vec!["plugins", "--format", format];
            if show_token {
                args.push("--show-token");
            }
            let run = home.run(&server.base_url(), &args).await;
            assert_tokens_shown_as_asked(&args.join(" "), &run, &tokens, show_token);
        }
    }
}

#[tokio::test]
async fn install_masks_the_new_installation_token_unless_asked() {
    for format in FORMATS {
        for show_token in [false, true] {
            let server = demo_server(false).await;
            let before = installation_tokens(&server.base_url()).await;
            let mut args = vec!["install", FRESH_PLUGIN, "--yes", "--format", format];
            if show_token {
                args.push("--show-token");
            }
            let home = Home::with_config(FAST_TIMEOUTS);
            let run = home.run(&server.base_url(), &args).await;
            let new: Vec<String> = installation_tokens(&server.base_url())
                .await
                .into_iter()
                .filter(|token| !before.contains(token))
                .collect();
            assert_eq!(new.len(), 1, "one new installation");
            assert_tokens_shown_as_asked(&args.join(" "), &run, &new, show_token);
        }
    }
}

// ---- proxies ----

/// A proxy that records the head of every request it gets, then hangs up.
struct RecordingProxy {
    url: String,
    heads: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl RecordingProxy {
    async fn start() -> Self {
        use tokio::io::AsyncReadExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let heads = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let recorded = heads.clone();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let mut head = vec![0; 4096];
                let read = stream.read(&mut head).await.unwrap_or(0);
                let head = String::from_utf8_lossy(&head[..read]).into_owned();
                recorded.lock().expect("not poisoned").push(head);
            }
        });
        Self { url, heads }
    }

    fn heads(&self) -> Vec<String> {
        self.heads.lock().expect("not poisoned").clone()
    }
}

/// `crmdeck groups` against `base_url` with `variable` naming `proxy`.
async fn groups_through(proxy: &RecordingProxy, variable: &str, base_url: &str) -> Run {
    let home = Home::with_config(FAST_TIMEOUTS);
    let mut command = home.command(base_url, &["groups"]);
    command
        .env("CRMDECK_TOKEN", TOKEN)
        .env(variable, &proxy.url);
    home.finish(command).await
}

const PROXY_VARIABLES: [&str; 6] = [
    "http_proxy",
    "HTTP_PROXY",
    "https_proxy",
    "HTTPS_PROXY",
    "all_proxy",
    "ALL_PROXY",
];

/// Plain http is allowed to this machine only; a proxy would carry it, the
/// token in it, to another one.
#[tokio::test]
async fn a_proxy_from_the_environment_never_sees_a_request_to_this_machine() {
    let server = demo_server(false).await;
    let proxy = RecordingProxy::start().await;
    for variable in PROXY_VARIABLES {
        let run = groups_through(&proxy, variable, &server.base_url()).await;
        assert_eq!(run.code, Some(0), "{variable}: {}", run.stderr);
        assert!(run.stdout.contains("IELTS"), "{variable}: {}", run.stdout);
        assert_eq!(proxy.heads(), Vec::<String>::new(), "{variable}");
    }
}

/// Another machine over https keeps the proxy (a company network may need
/// it), which only gets a tunnel: the token stays inside TLS.
#[tokio::test]
async fn a_proxy_to_another_machine_gets_a_tunnel_and_never_the_token() {
    let proxy = RecordingProxy::start().await;
    for variable in ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
        let run = groups_through(&proxy, variable, "https://crm.example.invalid").await;
        run.assert_failed(variable, &["cannot reach the server"]);
        let heads = proxy.heads();
        let last = heads.last().expect("the proxy was asked");
        assert!(
            last.starts_with("CONNECT crm.example.invalid:443 "),
            "{variable}: {last}"
        );
        assert!(
            heads.iter().all(|head| !head.contains(TOKEN)),
            "{variable}: {heads:?}"
        );
    }
}
