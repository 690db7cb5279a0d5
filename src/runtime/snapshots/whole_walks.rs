//! A model of what a run leaves on disk (issue 34 §1): the pure app driven
//! by a proptest-made run of inputs (start, pages answered, failed or
//! hanging, Esc, `r`, `R`, the server dying and coming back, a 401,
//! another token, quit and start again), its effects carried out as the
//! runtime does, against a temporary cache. After every step the snapshot
//! and the history's day are the old ones byte for byte or exactly one
//! whole walk's, and no comparison calls a group gone that the server
//! still lists (a page not read).

use super::*;
use crate::api::ApiError;
use crate::app::fixtures::{self, server_answer};
use crate::app::{Answer, App, AppSettings, Effect, Input, Request, RequestId, WalkAnswer};
use crate::domain::changes::Kind;
use crate::domain::zone::CENTRE_ZONE;
use crate::model::GroupsQuery;
use chrono::DateTime;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The server's centre: groups 1 to 200, 20 a page (10 pages: a walk
/// long enough to be cut).
const GROUPS: u64 = 200;
const TRUTH: std::ops::RangeInclusive<i64> = 1..=GROUPS as i64;

/// What happens next.
#[derive(Debug, Clone)]
enum Step {
    /// The request (the `n`th on its way) answered as the server can.
    Answer(usize),
    /// It fails (HTTP 502).
    Fail(usize),
    /// It hangs until given up: a timeout.
    Hang(usize),
    Esc,
    /// `r`.
    Refresh,
    /// `R`: the token reloaded (the same one).
    Reload,
    /// The server stops answering: every request fails to connect.
    Dies,
    /// The server answers again.
    Back,
    /// The token is refused from now on (HTTP 401).
    Revoked,
    /// Another token, which the server takes, then `R`.
    AnotherToken,
    /// A second passes (a tick).
    Tick,
    /// Quit, and start again from what is on disk.
    Restart,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        14 => (0..8usize).prop_map(Step::Answer),
        3 => (0..8usize).prop_map(Step::Fail),
        1 => (0..8usize).prop_map(Step::Hang),
        3 => Just(Step::Esc),
        3 => Just(Step::Refresh),
        1 => Just(Step::Reload),
        1 => Just(Step::Dies),
        2 => Just(Step::Back),
        1 => Just(Step::Revoked),
        1 => Just(Step::AnotherToken),
        1 => Just(Step::Tick),
        1 => Just(Step::Restart),
    ]
}

/// The run: the app, the server as the model has it, the requests on
/// their way, the files.
struct Run {
    app: App,
    at: DateTime<Utc>,
    alive: bool,
    token_taken: bool,
    on_its_way: Vec<(RequestId, Request)>,
    snapshots: Snapshots,
    cache: Cache,
    key: SnapshotKey,
    /// The files as they were before the run.
    old: Files,
}

/// The snapshot's and the history day's bytes.
#[derive(Debug, PartialEq, Eq)]
struct Files {
    snapshot: Option<Vec<u8>>,
    day: Option<Vec<u8>>,
}

fn settings() -> AppSettings {
    AppSettings {
        cache: true,
        config_zone: Some(CENTRE_ZONE),
        ..fixtures::settings()
    }
}

impl Run {
    /// A cache holding an old whole walk (groups 1 to 160 and 500 to 539),
    /// and the app started from it.
    fn start(root: PathBuf) -> Self {
        let cache = Cache::new(root);
        let snapshots = Snapshots::in_cache(&cache);
        let key = snapshots.key.clone();
        let at = Utc::now();
        let old_ids = (1..=160).chain(500..=539);
        snapshots.write_now(Walked {
            branch: None,
            taken_at: at - chrono::TimeDelta::minutes(5),
            groups: old_ids.map(|id| Arc::new(fixtures::group(id))).collect(),
            branches: None,
            plugins: None,
            centre: None,
            zone: CENTRE_ZONE,
        });
        let (app, _) = App::new(settings(), fixtures::token_expires_at(), (80, 24));
        let mut run = Self {
            app,
            at,
            alive: true,
            token_taken: true,
            on_its_way: Vec::new(),
            snapshots,
            cache,
            key,
            old: Files {
                snapshot: None,
                day: None,
            },
        };
        run.old = run.files();
        assert!(run.old.snapshot.is_some() && run.old.day.is_some());
        run.restart();
        run
    }

    fn files(&self) -> Files {
        let day = centre_day(self.at, &CENTRE_ZONE);
        Files {
            snapshot: std::fs::read(self.cache.path(&self.key)).ok(),
            day: std::fs::read(self.cache.history_path(&self.key, day)).ok(),
        }
    }

    /// A new app, shown the snapshot on disk, its first requests sent.
    fn restart(&mut self) {
        let (app, effects) = App::new(settings(), fixtures::token_expires_at(), (80, 24));
        self.app = app;
        self.on_its_way.clear();
        self.carry_out(effects);
        if let Some(msg) = self.snapshots.read(None) {
            self.input(msg);
        }
    }

    fn input(&mut self, input: Input) {
        let effects = self.app.update(input, self.at);
        self.carry_out(effects);
    }

    fn key(&mut self, code: KeyCode) {
        self.input(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    /// What the runtime does with `effects`: requests kept on their way
    /// (the app's own answered at once), the snapshot written, the
    /// comparison run and checked.
    fn carry_out(&mut self, effects: Vec<Effect>) {
        let mut effects = std::collections::VecDeque::from(effects);
        while let Some(effect) = effects.pop_front() {
            match effect {
                Effect::Fetch { id, request } => match request {
                    Request::Groups(_) => self.on_its_way.push((id, request)),
                    other => {
                        let answer = Box::new(self.serve(&other));
                        let msg = Input::Response { id, answer };
                        effects.extend(self.app.update(msg, self.at));
                    }
                },
                Effect::SaveSnapshot(walked) => self.snapshots.write_now(*walked),
                Effect::Compare(ask) => {
                    let msg = self.snapshots.comparison(*ask)();
                    no_group_gone_that_the_server_lists(&msg);
                    effects.extend(self.app.update(msg, self.at));
                }
                _ => {}
            }
        }
    }

    /// The server's answer to `request`, as it is now.
    fn serve(&self, request: &Request) -> Answer {
        if !self.alive {
            request.failed(ApiError::Network("connection refused".into()))
        } else if !self.token_taken {
            request.failed(ApiError::Unauthorized {
                expired_at: None,
                message: None,
            })
        } else if let Request::Groups(query) = *request {
            let capped = GroupsQuery {
                per_page: query.per_page.min(fixtures::SERVER_PER_PAGE),
                ..query
            };
            let mut page = fixtures::groups_page(capped, GROUPS);
            page.query = query;
            Answer::Walk(WalkAnswer::Groups(query, Ok(page)))
        } else {
            server_answer(request)
        }
    }

    /// The `n`th request on its way (any, counted round), taken off.
    fn take(&mut self, n: usize) -> Option<(RequestId, Request)> {
        if self.on_its_way.is_empty() {
            return None;
        }
        let at = n % self.on_its_way.len();
        Some(self.on_its_way.remove(at))
    }

    fn respond(&mut self, id: RequestId, answer: Answer) {
        let answer = Box::new(answer);
        self.input(Input::Response { id, answer });
    }

    fn step(&mut self, step: &Step) {
        match *step {
            Step::Answer(n) => {
                if let Some((id, request)) = self.take(n) {
                    let answer = self.serve(&request);
                    self.respond(id, answer);
                }
            }
            Step::Fail(n) | Step::Hang(n) => {
                if let Some((id, request)) = self.take(n) {
                    let error = match step {
                        Step::Fail(_) => ApiError::Server {
                            status: 502,
                            message: None,
                        },
                        _ => ApiError::Timeout(std::time::Duration::from_secs(30)),
                    };
                    self.respond(id, request.failed(error));
                }
            }
            Step::Esc => self.key(KeyCode::Esc),
            Step::Refresh => self.key(KeyCode::Char('r')),
            Step::Reload => self.input(Input::TokenReloaded(Ok(None))),
            Step::Dies => self.alive = false,
            Step::Back => self.alive = true,
            Step::Revoked => self.token_taken = false,
            Step::AnotherToken => {
                self.token_taken = true;
                self.input(Input::TokenReloaded(Ok(None)));
            }
            Step::Tick => {
                self.at += chrono::TimeDelta::seconds(1);
                self.input(Input::Tick);
            }
            Step::Restart => self.restart(),
        }
    }

    /// The files are the old ones, byte for byte, or one whole walk's.
    fn check_files(&self) {
        let now = self.files();
        if now == self.old {
            return;
        }
        let snapshot = self.cache.read(&self.key).unwrap().unwrap();
        let ids: BTreeSet<i64> = snapshot.groups.iter().map(|group| group.id).collect();
        assert_eq!(ids, TRUTH.collect(), "a snapshot of a walk not whole");
        let day = centre_day(self.at, &CENTRE_ZONE);
        let history = self.cache.read_history(&self.key, day).unwrap().unwrap();
        let ids: BTreeSet<i64> = history.digests.iter().map(|digest| digest.id).collect();
        assert_eq!(ids, TRUTH.collect(), "a history day of a walk not whole");
    }
}

/// A group the server lists is never called gone: only groups 500 to 539
/// (the old walk's, gone from the server) may be.
fn no_group_gone_that_the_server_lists(msg: &Input) {
    let Input::Compared(compared) = msg else {
        panic!("{msg:?}");
    };
    if let Ok(found) = &compared.result {
        for seen in &found.changes {
            if seen.kind == Kind::Gone {
                assert!(!TRUTH.contains(&seen.id()), "{} called gone", seen.id());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_files_are_the_old_ones_or_one_whole_walks_after_every_step(
        steps in proptest::collection::vec(step(), 1..80)
    ) {
        let root = tempfile::tempdir().unwrap();
        let mut run = Run::start(root.path().to_path_buf());
        run.check_files();
        for step in &steps {
            run.step(step);
            run.check_files();
        }
    }
}

/// Issue 34 §1 as reproduced: page 3 failed (the server gone), Esc with
/// pages on their way, `r`. The retry asked page 3 only and the walk of
/// 3 pages of 10 replaced the snapshot and the history's day.
#[test]
fn a_walk_stopped_and_retried_leaves_the_files_until_it_is_whole() {
    let root = tempfile::tempdir().unwrap();
    let mut run = Run::start(root.path().to_path_buf());
    let mut steps = vec![
        Step::Answer(0),
        Step::Answer(0),
        Step::Fail(0),
        Step::Esc,
        Step::Refresh,
    ];
    steps.extend(std::iter::repeat_n(Step::Answer(0), 30));
    for step in &steps {
        run.step(step);
        run.check_files();
    }
    assert_ne!(run.files(), run.old, "the walk, whole at last, is kept");
}
