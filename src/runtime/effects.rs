//! Work the app asks for, done in tokio tasks whose results come back as
//! [`Input`]s over the one channel the event loop listens to.

use super::install_across::Across;
use crate::api::Client;
use crate::app::protocol::Owner;
use crate::app::{Answer, AppAnswer, Effect, Input, PluginsAnswer, Request, RequestId, WalkAnswer};
use crate::config::{Overrides, TokenSource};
use crate::secret::Token;
use crate::session::{self, Identity, KnownTokens, Wait};
use chrono::{DateTime, Utc};
use futures::FutureExt;
use std::collections::HashMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use tokio::sync::mpsc::UnboundedSender;
use tokio::task::JoinHandle;

/// What a task sends back to the event loop.
#[derive(Debug)]
pub enum TaskEvent {
    /// The result of the work, for the app as it is (an answer, a token
    /// reloaded, an export written, ...).
    Input(Input),
    /// Who the token is, learnt: of a new token (R, a token command's),
    /// before any request goes out with it (the loop sets it, then keys
    /// what is kept by `identity`), or of the token in use, checked
    /// (`token` None).
    Identified(Box<Identified>),
    /// A task panicked: a bug. The panic hook has already restored the
    /// terminal and printed the report; the dashboard ends.
    Panicked,
}

/// A token and who it is (see [`TaskEvent::Identified`]).
#[derive(Debug)]
pub struct Identified {
    /// The new token and its expiry; None: the one in use.
    pub token: Option<(Token, Option<DateTime<Utc>>)>,
    pub identity: Identity,
}

/// Runs the effects that talk to the outside world (the API, the token
/// source) and keeps a handle on each request in flight, so it can be
/// cancelled.
pub struct EffectRunner {
    client: Client,
    /// The same client for the requests of the walks (`WalkAnswer`), which
    /// pace themselves after a 429 (the store's walk lowers its bound and
    /// waits its Retry-After).
    walk_client: Client,
    token_source: TokenSource,
    /// Where who opaque tokens were is remembered (None: nowhere).
    known: Option<KnownTokens>,
    sender: UnboundedSender<TaskEvent>,
    in_flight: HashMap<RequestId, JoinHandle<()>>,
    /// `:install-across`'s centres, asked then sent to.
    across: Across,
}

impl EffectRunner {
    pub fn new(
        client: Client,
        token_source: TokenSource,
        sender: UnboundedSender<TaskEvent>,
    ) -> Self {
        Self {
            walk_client: client.paced_by_caller(),
            client,
            token_source,
            known: None,
            sender,
            in_flight: HashMap::new(),
            across: Across::default(),
        }
    }

    /// Remembers who opaque tokens were in `known`.
    pub fn with_known(self, known: Option<KnownTokens>) -> Self {
        Self { known, ..self }
    }

    /// Starts `request`; its answer comes back as [`Input::Response`] with `id`.
    pub fn fetch(&mut self, id: RequestId, request: Request) {
        let client = if WalkAnswer::owns(&request) {
            &self.walk_client
        } else {
            &self.client
        };
        let client = client.clone();
        let task = self.spawn(async move {
            let answer = perform(&client, request).await;
            if let Some(error) = answer.error() {
                tracing::warn!(id = id.0, %error, "request failed");
            }
            Input::Response {
                id,
                answer: Box::new(answer),
            }
        });
        // The app never reuses an id while it waits; if it did, the newer
        // request is the one that counts.
        if let Some(older) = self.in_flight.insert(id, task) {
            older.abort();
        }
    }

    /// Every centre of the start's flags (`source`) asked for its catalogue.
    pub fn ask_across(&self, source: Option<(Overrides, bool)>, profiles: Vec<String>) {
        self.across.ask(source, profiles, self.input_sender());
    }

    /// One POST of `plugin_id` to each of `profiles`, asked before.
    pub fn install_across(&self, plugin_id: i64, profiles: Vec<String>) {
        (self.across).install(plugin_id, profiles, self.input_sender());
    }

    /// Gives an input to the event loop; false once it is gone.
    fn input_sender(&self) -> impl Fn(Input) -> bool + Send + 'static {
        let sender = self.sender.clone();
        move |input| sender.send(TaskEvent::Input(input)).is_ok()
    }

    /// Stops request `id` if it still runs: its result will never come.
    pub fn cancel(&mut self, id: RequestId) {
        if let Some(task) = self.in_flight.remove(&id) {
            task.abort();
        }
    }

    /// Stops every request still running (their session is left behind).
    pub fn cancel_all(&mut self) {
        for (_, task) in self.in_flight.drain() {
            task.abort();
        }
    }

    /// Forgets the handle of a request whose result has arrived.
    pub fn finished(&mut self, id: RequestId) {
        self.in_flight.remove(&id);
    }

    /// Reads the token again from its source (a `token_command` may take
    /// seconds: it runs on a blocking thread), and learns who it is (its
    /// subject, else `/v2/token/me` asked with it alone) before it is
    /// used: [`TaskEvent::Identified`], whose handler makes it the token
    /// of the next request on. Why not (never the token) comes back as
    /// [`Input::TokenReloaded`].
    pub fn reload_token(&self) {
        let source = self.token_source.clone();
        let client = self.client.clone();
        let known = self.known.clone();
        self.spawn_event(async move {
            let loaded =
                tokio::task::spawn_blocking(move || source.load(&|name| std::env::var(name).ok()))
                    .await
                    .unwrap_or_else(|join_error| {
                        std::panic::resume_unwind(join_error.into_panic())
                    });
            match loaded {
                Ok(token) => {
                    let expires_at = token.expires_at();
                    let probe = client.with_token(token.clone());
                    let identity = session::learn(&probe, known.as_ref(), Wait::ForMe).await;
                    tracing::info!(?expires_at, by = ?identity.by, "token reloaded");
                    TaskEvent::Identified(Box::new(Identified {
                        token: Some((token, expires_at)),
                        identity,
                    }))
                }
                Err(error) => {
                    // The token in use may be what the source's error quotes.
                    let message = client.token().masked_line(&error.to_string());
                    tracing::warn!(%message, "token reload failed");
                    TaskEvent::Input(Input::TokenReloaded(Err(message)))
                }
            }
        });
    }

    /// Checks who the token in use is, taken at start from what was
    /// remembered of it (`remembered`): `/v2/token/me` asked; another
    /// account comes back as [`TaskEvent::Identified`] (the same, or no
    /// answer, nothing).
    pub fn check_identity(&self, remembered: Identity) {
        let client = self.client.clone();
        let known = self.known.clone();
        let sender = self.sender.clone();
        tokio::spawn(async move {
            let asked = tokio::time::timeout(session::OPTIONAL_WAIT, client.me()).await;
            let me = match asked {
                Ok(result) => session::MeOutcome::of(result),
                Err(_) => session::MeOutcome::NoAnswer,
            };
            let token = client.token();
            let keyed = known.as_ref().and_then(|known| known.keyed_hash(&token));
            let identity = session::identified(known.as_ref(), keyed.as_deref(), None, &me);
            if identity.by == session::IdentifiedBy::Me && identity.account != remembered.account {
                tracing::warn!("the token is another account than remembered");
                let event = TaskEvent::Identified(Box::new(Identified {
                    token: None,
                    identity,
                }));
                let _ = sender.send(event);
            }
        });
    }

    /// Writes an export's file off the event loop (a slow disk or a full
    /// one never holds a key): [`Input::Exported`] follows.
    pub fn export(
        &self,
        contents: String,
        rows: usize,
        path: Option<String>,
        file_name: String,
        replace: bool,
    ) {
        self.spawn(async move {
            let written = tokio::task::spawn_blocking(move || {
                super::export::write(&contents, path.as_deref(), &file_name, replace)
            })
            .await
            .unwrap_or_else(|join_error| std::panic::resume_unwind(join_error.into_panic()));
            Input::Exported(written.map(|path| (rows, path)))
        });
    }

    /// Runs `work` on a blocking thread (files, a comparison of 100,000
    /// groups), never on the event loop; its message follows.
    pub fn blocking(&self, work: impl FnOnce() -> Input + Send + 'static) {
        self.spawn(async move {
            tokio::task::spawn_blocking(work)
                .await
                .unwrap_or_else(|join_error| std::panic::resume_unwind(join_error.into_panic()))
        });
    }

    /// Runs `work` in a task that sends its message, or [`TaskEvent::Panicked`].
    fn spawn(&self, work: impl Future<Output = Input> + Send + 'static) -> JoinHandle<()> {
        self.spawn_event(work.map(TaskEvent::Input))
    }

    /// Runs `work` in a task that sends its event, or [`TaskEvent::Panicked`].
    fn spawn_event(
        &self,
        work: impl Future<Output = TaskEvent> + Send + 'static,
    ) -> JoinHandle<()> {
        let sender = self.sender.clone();
        tokio::spawn(async move {
            let event = match AssertUnwindSafe(work).catch_unwind().await {
                Ok(event) => event,
                Err(_) => TaskEvent::Panicked,
            };
            // Fails only once the loop has ended, when nobody needs the result.
            let _ = sender.send(event);
        })
    }
}

/// The API call for one request, and its answer under the same key: the
/// one place where a request and the type of its answer are paired.
pub async fn perform(client: &Client, request: Request) -> Answer {
    match request {
        Request::Groups(query) => {
            Answer::Walk(WalkAnswer::Groups(query, client.groups(query).await))
        }
        Request::Plugins => Answer::Plugins(PluginsAnswer::Plugins(client.plugins().await)),
        Request::Branches => Answer::App(AppAnswer::Branches(client.branches().await)),
        Request::Me => Answer::App(AppAnswer::Me(client.me().await)),
        Request::Install(plugin_id) => Answer::Plugins(PluginsAnswer::Install(
            plugin_id,
            client.install(plugin_id).await,
        )),
    }
}

/// An effect as the log shows it: its kind and ids, never a token nor the
/// text being copied (it may be one).
pub fn effect_label(effect: &Effect) -> String {
    match effect {
        // A request holds no secret: its keys are ids and page numbers.
        Effect::Fetch { id, request } => format!("fetch #{}: {request:?}", id.0),
        Effect::Cancel(id) => format!("cancel #{}", id.0),
        Effect::ReloadToken => "reload token".to_string(),
        Effect::Copy(text) => format!("copy {} characters", text.chars().count()),
        Effect::Log(text) => text.clone(),
        Effect::Remember(_) => "remember the view".to_string(),
        Effect::SaveSnapshot(walked) => {
            format!("save the snapshot: {} groups", walked.groups.len())
        }
        Effect::Compare(ask) => format!(
            "compare {} groups with the baseline ({:?})",
            ask.groups.len(),
            ask.since
        ),
        Effect::RememberCommand(_) => "remember a command line".to_string(),
        Effect::SaveQuery { name, .. } => format!("save the query {name}"),
        Effect::StopSnapshotReading => "stop reading the snapshot".to_string(),
        Effect::Export { rows, path, .. } => {
            format!(
                "export {rows} rows to {}",
                path.as_deref().unwrap_or("the download folder")
            )
        }
        Effect::SwitchProfile(profile) => format!("switch to profile {profile}"),
        Effect::ReadProfiles => "read the config's profiles".to_string(),
        Effect::ProbeCentres(ask) => format!(
            "probe {} centres, {} at once (refresh {})",
            ask.centres.len(),
            ask.concurrency,
            ask.refresh
        ),
        Effect::Suspend => "suspend".to_string(),
        Effect::AskAcross(profiles) => format!("ask {} centres for their plugins", profiles.len()),
        Effect::InstallAcross {
            plugin_id,
            profiles,
        } => format!("install plugin {plugin_id} at {}", profiles.join(", ")),
        Effect::Quit => "quit".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ClientOptions;
    use crate::demo::{self, DemoHandle, DemoOptions};
    use crate::model::GroupsQuery;
    use crate::secret::Token;
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use std::net::SocketAddr;
    use std::time::Duration;
    use tokio::sync::mpsc::{self, UnboundedReceiver};

    async fn demo_server() -> DemoHandle {
        demo::start(
            SocketAddr::from(([127, 0, 0, 1], 0)),
            DemoOptions::default(),
        )
        .await
        .unwrap()
    }

    fn runner(
        server: &DemoHandle,
        token_source: TokenSource,
    ) -> (EffectRunner, UnboundedReceiver<TaskEvent>) {
        let client = Client::new(
            ClientOptions::new(server.base_url().parse().unwrap()),
            Token::new(server.token()),
        )
        .unwrap();
        let (sender, receiver) = mpsc::unbounded_channel();
        (EffectRunner::new(client, token_source, sender), receiver)
    }

    /// The next input, within a generous deadline.
    async fn next_input(receiver: &mut UnboundedReceiver<TaskEvent>) -> Input {
        match tokio::time::timeout(Duration::from_secs(10), receiver.recv()).await {
            Ok(Some(TaskEvent::Input(input))) => input,
            other => panic!("expected an input, got {other:?}"),
        }
    }

    /// The next input, which must be the answer to request `id`.
    async fn answer_to(id: RequestId, receiver: &mut UnboundedReceiver<TaskEvent>) -> Answer {
        match next_input(receiver).await {
            Input::Response { id: got, answer } if got == id => *answer,
            other => panic!("expected the answer to {id:?}, got {other:?}"),
        }
    }

    /// A JWT whose only claim is `exp` (no valid signature: none is checked).
    fn jwt_expiring_at(exp: i64) -> String {
        let claims = URL_SAFE_NO_PAD.encode(format!(r#"{{"exp":{exp}}}"#));
        format!("eyJhbGciOiJIUzI1NiJ9.{claims}.c2ln")
    }

    #[tokio::test]
    async fn each_request_gets_its_payload_under_its_id() {
        let server = demo_server().await;
        let (mut runner, mut receiver) = runner(&server, TokenSource::None);
        let query = GroupsQuery {
            branch_id: None,
            page: 2,
            per_page: 5,
        };
        runner.fetch(RequestId(7), Request::Groups(query));
        match answer_to(RequestId(7), &mut receiver).await {
            Answer::Walk(WalkAnswer::Groups(asked, Ok(page))) => {
                assert_eq!(asked, query);
                assert_eq!(page.query, query);
                assert_eq!(page.groups.len(), 5);
            }
            other => panic!("unexpected {other:?}"),
        }
        runner.finished(RequestId(7));
        assert!(runner.in_flight.is_empty());

        runner.fetch(RequestId(8), Request::Plugins);
        let Answer::Plugins(PluginsAnswer::Plugins(Ok(plugins))) =
            answer_to(RequestId(8), &mut receiver).await
        else {
            panic!("expected the plugins");
        };
        let not_installed = plugins
            .iter()
            .find(|p| p.user.is_none())
            .expect("a plugin to install");

        runner.fetch(RequestId(10), Request::Me);
        let Answer::App(AppAnswer::Me(Ok(me))) = answer_to(RequestId(10), &mut receiver).await
        else {
            panic!("expected the user and centre");
        };
        assert_eq!(me.company_name(), Some("Ziyo Learning Centre"));

        runner.fetch(RequestId(9), Request::Install(not_installed.id));
        match answer_to(RequestId(9), &mut receiver).await {
            Answer::Plugins(PluginsAnswer::Install(plugin_id, Ok(installation))) => {
                assert_eq!(plugin_id, not_installed.id);
                assert_eq!(installation.plugin_id, Some(not_installed.id));
            }
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!(server.hits(demo::Route::Install), 1);
    }

    #[tokio::test]
    async fn a_cancelled_request_never_answers() {
        let server = demo_server().await;
        server.faults().set_latency(Duration::from_millis(200));
        let (mut runner, mut receiver) = runner(&server, TokenSource::None);
        runner.fetch(RequestId(1), Request::Plugins);
        runner.cancel(RequestId(1));
        runner.fetch(RequestId(2), Request::Plugins);
        // Request 1 started first with the same latency: had it run on, its
        // answer would be here before request 2's.
        let Input::Response { id, .. } = next_input(&mut receiver).await else {
            panic!("expected a response");
        };
        assert_eq!(id, RequestId(2));
        assert!(receiver.try_recv().is_err());
    }

    #[tokio::test]
    async fn a_reloaded_token_is_used_and_its_expiry_reported() {
        let server = demo_server().await;
        let renewed = jwt_expiring_at(2_000_000_000);
        let (runner, mut receiver) = runner(&server, TokenSource::Fixed(Token::new(&renewed)));
        runner.reload_token();
        let Some(TaskEvent::Identified(identified)) = receiver.recv().await else {
            panic!("expected the new token identified");
        };
        let Identified { token, identity } = *identified;
        let (token, expires_at) = token.expect("the new token");
        assert_eq!(expires_at.map(|at| at.timestamp()), Some(2_000_000_000));
        assert_eq!(token.expose(), renewed);
        // Who it is is learnt before it is used: the loop sets it.
        assert_eq!(runner.client.token().expose(), server.token());
        assert_eq!(
            identity.by,
            crate::session::IdentifiedBy::Unknown,
            "a JWT without sub"
        );
    }

    #[tokio::test]
    async fn a_failed_reload_says_why_on_one_line_and_keeps_the_token() {
        let server = demo_server().await;
        let source = TokenSource::Command {
            command: "echo 'gpg: no secret key' >&2; exit 3".to_string(),
        };
        let (runner, mut receiver) = runner(&server, source);
        runner.reload_token();
        match next_input(&mut receiver).await {
            Input::TokenReloaded(Err(message)) => {
                let message = message.as_str();
                assert!(message.contains("gpg: no secret key"), "{message}");
                assert!(!message.contains('\n'), "{message}");
            }
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!(runner.client.token().expose(), server.token());
    }

    #[tokio::test]
    async fn a_failed_reload_never_quotes_the_token_in_use() {
        // Short and letters only: nothing but its exact value gives it away.
        let token = "opensesame";
        let options = DemoOptions {
            token: Some(token.to_string()),
            ..DemoOptions::default()
        };
        let server = demo::start(SocketAddr::from(([127, 0, 0, 1], 0)), options)
            .await
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("token");
        std::fs::write(&file, token).unwrap();
        let source = TokenSource::Command {
            command: format!(
                "echo \"gpg: $(cat {}) is locked\" >&2; exit 3",
                file.display()
            ),
        };
        let (runner, mut receiver) = runner(&server, source);
        runner.reload_token();
        match next_input(&mut receiver).await {
            Input::TokenReloaded(Err(message)) => {
                let message = message.as_str();
                assert!(!message.contains(token), "{message}");
                assert!(message.ends_with("gpg: … is locked"), "{message}");
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_panicking_task_is_reported_not_lost() {
        let server = demo_server().await;
        let (runner, mut receiver) = runner(&server, TokenSource::None);
        runner.spawn(async { panic!("a bug in a task") });
        let event = tokio::time::timeout(Duration::from_secs(10), receiver.recv()).await;
        assert!(matches!(event, Ok(Some(TaskEvent::Panicked))), "{event:?}");
    }

    #[test]
    fn labels_never_show_what_is_copied() {
        let copy = Effect::Copy("1|jCr5SecretInstallToken".to_string());
        assert_eq!(effect_label(&copy), "copy 24 characters");
        let fetch = Effect::Fetch {
            id: RequestId(3),
            request: Request::Groups(GroupsQuery {
                branch_id: Some(2),
                page: 4,
                per_page: 20,
            }),
        };
        assert_eq!(
            effect_label(&fetch),
            "fetch #3: Groups(GroupsQuery { branch_id: Some(2), page: 4, per_page: 20 })"
        );
        assert_eq!(effect_label(&Effect::Cancel(RequestId(3))), "cancel #3");
    }
}
