//! The one loop: a `tokio::select!` over terminal events, results of tasks,
//! a tick armed only while the app wants one, and signals. Every input goes
//! through `App::update`; the effects it returns are carried out; then, and
//! only then, the screen is drawn (ratatui sends the changed cells only).
//! Every input already waiting is taken before a frame is drawn, so the
//! loop draws once for a burst of keys or answers, never a queue of stale
//! frames (see `EventLoop::turn`).
//!
//! The loop is generic over where its events come from (crossterm's
//! `EventStream` in production, a channel in a test) and over the
//! [`Console`] it draws on (the real terminal, with its modes, signals and
//! lean backend; or a `TestBackend` in memory), so a test can drive the
//! whole dashboard in-process against a real HTTP server.

use super::centres::CentresProbes;
use super::effects::{EffectRunner, Identified, TaskEvent, effect_label};
use super::profiles::{Opened, Profiles};
use super::signals::Signal;
use super::snapshots::Snapshots;
use super::{settings, view_file};
use crate::app::keymap::Keymap;
use crate::app::protocol::{AccountChange, CopyRefused};
use crate::app::{App, AppSettings, Effect, Input};
use crate::config::queries::saved_path;
use crate::session::{IdentifiedBy, Session};
use chrono::{DateTime, Utc};
use crossterm::event::{Event, KeyEventKind, MouseEventKind};
use futures::{Stream, StreamExt};
use std::collections::VecDeque;
use std::future::Future;
use std::io;
use std::path::PathBuf;
use std::task::Poll;
use std::time::Duration;
use tokio::sync::mpsc::{self, UnboundedReceiver};
use tokio::time::Instant;

/// How the dashboard ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// The app asked to quit.
    Quit,
    /// A signal ended it (SIGTERM, SIGHUP, SIGINT).
    Signal(Signal),
    /// A task panicked; its report is already on screen.
    TaskPanicked,
}

/// What the loop draws on, and what it asks of the terminal besides
/// drawing. The real terminal (`terminal::Tui`) keeps its whole lifecycle
/// behind this: the modes, the signals from outside, suspend and resume,
/// OSC 52; a test's screen is a buffer in memory.
pub trait Console {
    /// Columns and rows.
    fn size(&self) -> io::Result<(u16, u16)>;

    /// Draws the app.
    fn draw(&mut self, app: &App) -> io::Result<()>;

    /// Puts `text` on the clipboard, or says why not (one line).
    fn copy(&mut self, text: &str) -> Result<(), CopyRefused>;

    /// Ctrl-Z: gives the terminal back, and returns once the dashboard runs
    /// again with the terminal taken back (a full redraw due).
    fn suspend(&mut self) -> io::Result<()>;

    /// After SIGCONT: takes the terminal back (a full redraw due).
    fn reenter(&mut self) -> io::Result<()>;

    /// The next signal from outside (never, where there are none).
    fn signal(&mut self) -> impl Future<Output = Signal> + Send;
}

/// Where the loop reads the time (`Utc::now` but in tests).
pub type Clock = fn() -> DateTime<Utc>;

/// Runs the app on `screen`, taking `events`, until it ends. The requests
/// go to the session's client; a token reload reads its token source. The
/// view remembered in `view_file` (if any) is where the app starts, and
/// the view is kept there as it changes. `:profile NAME` opens another
/// session from `profiles` and goes on with a new app on it.
pub async fn run<S, E>(
    session: Session,
    profiles: Profiles,
    settings: AppSettings,
    screen: S,
    events: E,
    clock: Clock,
    view_file: Option<PathBuf>,
) -> io::Result<Exit>
where
    S: Console,
    E: Stream<Item = io::Result<Event>> + Unpin,
{
    let command_history_path = super::command_history::path(&settings.log_path);
    let started = Started::on(&session, settings, view_file, screen.size()?, clock());
    let centres = CentresProbes::new(profiles.opener());
    let event_loop = EventLoop {
        centres,
        app: started.app,
        snapshots: started.snapshots,
        screen,
        events,
        clock,
        work_per_frame: MAX_WORK_PER_FRAME,
        runner: started.runner,
        tasks: started.tasks,
        session,
        profiles,
        ticker: Ticker::default(),
        own_inputs: VecDeque::new(),
        view_file: started.view_file,
        command_history_path,
    };
    event_loop.run(started.effects).await
}

/// An app started on a session, with what serves it: at start, and after
/// each switch of profile.
struct Started {
    app: App,
    /// What it asks for first.
    effects: Vec<Effect>,
    snapshots: Snapshots,
    runner: EffectRunner,
    /// Where the runner's tasks answer: this app's alone.
    tasks: UnboundedReceiver<TaskEvent>,
    view_file: Option<PathBuf>,
}

impl Started {
    /// The app on `session`, where `view_file` remembers (if any), with
    /// the snapshot of its branch taken before the first frame and before
    /// any request is sent: the snapshot's rows are what it draws.
    fn on(
        session: &Session,
        settings: AppSettings,
        view_file: Option<PathBuf>,
        size: (u16, u16),
        now: DateTime<Utc>,
    ) -> Self {
        let (sender, tasks) = mpsc::unbounded_channel();
        let runner = EffectRunner::new(
            session.client.clone(),
            session.config.token.clone(),
            sender.clone(),
        )
        .with_known(session.known_tokens().cloned());
        // Taken from what was remembered of this token: checked now.
        if session.identity().by == IdentifiedBy::Remembered {
            runner.check_identity(session.identity().clone());
        }
        let remembered = view_file.as_deref().and_then(view_file::read);
        let settings = settings::restored(settings, remembered);
        let expires_at = settings::token_expires_at(session);
        let (mut app, mut effects) = App::new(settings, expires_at, size);
        // The clock before the first frame: every tab opens on today.
        effects.extend(app.update(Input::Tick, now));
        let snapshots = Snapshots::of(session);
        // A large one's head now, its rest as this app's task answers.
        let rest = sender.clone();
        let send = move |input| drop(rest.send(TaskEvent::Input(input)));
        if let Some(snapshot) = snapshots.read_at_start(app.branch(), send) {
            effects.extend(app.update(snapshot, now));
        }
        Self {
            app,
            effects,
            snapshots,
            runner,
            tasks,
            view_file,
        }
    }
}

struct EventLoop<S, E> {
    app: App,
    /// The Centres tab's probes: they outlive a switch of profile.
    centres: CentresProbes,
    snapshots: Snapshots,
    screen: S,
    events: E,
    clock: Clock,
    /// The most work taken for one frame ([`MAX_WORK_PER_FRAME`]; the
    /// tests' loops take all that is queued, so that what they count does
    /// not hang on how busy the machine is).
    work_per_frame: Duration,
    runner: EffectRunner,
    tasks: UnboundedReceiver<TaskEvent>,
    /// The session the app talks to (its demo server lives with it).
    session: Session,
    /// Where another profile's session comes from.
    profiles: Profiles,
    ticker: Ticker,
    /// Inputs the loop itself produced (the result of a copy, a resume):
    /// handled, in order, before waiting for anything else.
    own_inputs: VecDeque<Input>,
    /// Where the view is remembered (None: not remembered).
    view_file: Option<PathBuf>,
    /// The command history's file.
    command_history_path: PathBuf,
}

/// How long leaving waits for the snapshot writes it stopped to end (each
/// ends at its next buffer of bytes): with `main`'s grace for the other
/// blocking work, a quit stays under a second.
const WRITES_STOP_GRACE: Duration = Duration::from_millis(400);

/// The most inputs taken for one frame: a stream that never runs dry
/// (a long paste) still gets frames drawn.
const MAX_INPUTS_PER_FRAME: usize = 256;

/// The most work taken for one frame: past it the frame is drawn and the
/// inputs still waiting go to the next. A walk's pages arrive faster than
/// they are taken on a fast link (a thousand pages in a second), and a key
/// behind a queue of them would wait for all of them (issue 23: a frame is
/// never late by more than one frame's work).
const MAX_WORK_PER_FRAME: Duration = Duration::from_millis(12);

/// What taking a step did.
enum Taken {
    /// The app took an input: a frame is due.
    Changed,
    Nothing,
    Exit(Exit),
}

/// One input, or whatever else woke the loop.
enum Step {
    Input(Input),
    Signal(Signal),
    /// A profile's session opened for `:profile` (or why not).
    Opened(Box<Opened>),
    /// Who the token is, learnt (a new token's, or the one in use checked).
    Identified(Box<Identified>),
    /// An event the app does not take (a key release, a mouse move, focus).
    Skip,
    Exit(Exit),
}

impl<S, E> EventLoop<S, E>
where
    S: Console,
    E: Stream<Item = io::Result<Event>> + Unpin,
{
    async fn run(mut self, first_effects: Vec<Effect>) -> io::Result<Exit> {
        let exit = self.run_until_exit(first_effects).await;
        // However it ended: the snapshot being written is not left half
        // made (issue 34 §4).
        self.snapshots.stop(WRITES_STOP_GRACE).await;
        exit
    }

    async fn run_until_exit(&mut self, first_effects: Vec<Effect>) -> io::Result<Exit> {
        // The first requests leave before the first frame is drawn: their
        // answers are on the way meanwhile.
        if let Some(exit) = self.apply(first_effects)? {
            return Ok(exit);
        }
        self.screen.draw(&self.app)?;
        loop {
            if let Some(exit) = self.turn().await? {
                return Ok(exit);
            }
        }
    }

    /// Waits for an input, then takes every other one already waiting
    /// (keys, results, a tick that is due), and draws once for all of
    /// them: over a slow link a held key never leaves frames queued behind
    /// it, and the frame drawn is always the last state. A frame is
    /// written whole before the next turn starts.
    ///
    /// Once a key (any terminal input) is taken, only the keys waiting
    /// behind it are: the answers wait for the next turn, so the key's
    /// frame comes after its own work. A turn also ends after
    /// `work_per_frame` of work ([`MAX_WORK_PER_FRAME`]).
    async fn turn(&mut self) -> io::Result<Option<Exit>> {
        let started = Instant::now();
        let (first, from_terminal) = self.wait_step().await?;
        let mut keys_only = from_terminal;
        let mut draw_due = false;
        let mut next = Some(first);
        let mut taken = 0;
        while let Some(step) = next {
            match self.take(step)? {
                Taken::Exit(exit) => return Ok(Some(exit)),
                Taken::Changed => draw_due = true,
                Taken::Nothing => {}
            }
            taken += 1;
            next = if taken < MAX_INPUTS_PER_FRAME && started.elapsed() < self.work_per_frame {
                match self.ready_step(keys_only).await? {
                    Some((step, from_terminal)) => {
                        keys_only |= from_terminal;
                        Some(step)
                    }
                    None => None,
                }
            } else {
                None
            };
        }
        if draw_due {
            self.screen.draw(&self.app)?;
        }
        Ok(None)
    }

    /// The next input, waiting for one, and whether it is the terminal's.
    async fn wait_step(&mut self) -> io::Result<(Step, bool)> {
        if let Some(input) = self.own_inputs.pop_front() {
            return Ok((Step::Input(input), false));
        }
        self.ticker.arm(self.app.needs_tick(), Instant::now());
        Ok(tokio::select! {
            event = self.events.next() => (terminal_step(event)?, true),
            Some(event) = self.tasks.recv() => (self.task_step(event), false),
            opened = self.profiles.opened() => (Step::Opened(Box::new(opened)), false),
            probed = self.centres.next() => (Step::Input(probed), false),
            () = self.ticker.wait() => (Step::Input(Input::Tick), false),
            signal = self.screen.signal() => (Step::Signal(signal), false),
        })
    }

    /// An input already waiting, if any, without waiting, and whether it
    /// is the terminal's; only the terminal's when `keys_only`. The
    /// terminal's events are polled in this task's own context, so a
    /// stream that is not ready wakes this task later as it would inside
    /// `select!`. Signals wait for the next turn (one frame at most).
    async fn ready_step(&mut self, keys_only: bool) -> io::Result<Option<(Step, bool)>> {
        if let Some(input) = self.own_inputs.pop_front() {
            return Ok(Some((Step::Input(input), false)));
        }
        if let Poll::Ready(event) = futures::poll!(self.events.next()) {
            return Ok(Some((terminal_step(event)?, true)));
        }
        if keys_only {
            return Ok(None);
        }
        if let Ok(event) = self.tasks.try_recv() {
            return Ok(Some((self.task_step(event), false)));
        }
        if let Some(opened) = self.profiles.try_opened() {
            return Ok(Some((Step::Opened(Box::new(opened)), false)));
        }
        if let Some(probed) = self.centres.try_next() {
            return Ok(Some((Step::Input(probed), false)));
        }
        self.ticker.arm(self.app.needs_tick(), Instant::now());
        let tick = self.ticker.is_due(Instant::now());
        Ok(tick.then_some((Step::Input(Input::Tick), false)))
    }

    /// Hands one step to the app (or the terminal).
    fn take(&mut self, step: Step) -> io::Result<Taken> {
        match step {
            Step::Skip => Ok(Taken::Nothing),
            Step::Input(input) => {
                if matches!(input, Input::Tick) {
                    self.ticker.fired();
                }
                if matches!(input, Input::SnapshotMore(_)) {
                    self.snapshots.slice_taken();
                }
                let effects = self.app.update(input, (self.clock)());
                Ok(match self.apply(effects)? {
                    Some(exit) => Taken::Exit(exit),
                    None => Taken::Changed,
                })
            }
            Step::Signal(Signal::Continue) => {
                tracing::info!("continued after a stop: taking the terminal back");
                self.screen.reenter()?;
                self.own_inputs.push_back(self.current_size()?);
                Ok(Taken::Nothing)
            }
            Step::Signal(signal) => {
                tracing::info!(?signal, "leaving on a signal");
                Ok(Taken::Exit(Exit::Signal(signal)))
            }
            Step::Opened(opened) => {
                let Opened { profile, result } = *opened;
                let result = match result {
                    Ok((session, keymap)) => return self.switch_to(session, keymap, profile),
                    Err(why) => Err(why),
                };
                let input = Input::ProfileSwitch { profile, result };
                self.take(Step::Input(input))
            }
            Step::Identified(identified) => self.identified(*identified),
            Step::Exit(exit) => Ok(Taken::Exit(exit)),
        }
    }

    /// A new token (R, a token command's) and who it is, or who the token
    /// in use is after all: the token is used from now on; when the
    /// account is another (or not known), what is kept follows it (the
    /// snapshot's and the history's key, the view remembered) and the app
    /// starts again on it, the old account's rows gone (said). The same
    /// account goes on as it was.
    fn identified(&mut self, identified: Identified) -> io::Result<Taken> {
        let Identified { token, identity } = identified;
        let expires_at = token.as_ref().map(|(_, expires_at)| *expires_at);
        if let Some((token, _)) = token {
            self.session.client.set_token(token);
        }
        let before = self.session.identity().account.clone();
        let same = identity.account.is_some() && identity.account == before;
        let known = identity.account.is_some();
        let change = match expires_at {
            Some(_) => AccountChange::NewToken { known },
            None => AccountChange::NotAsRemembered,
        };
        self.session.set_identity(identity);
        if same {
            let input = Input::TokenReloaded(Ok(expires_at.flatten()));
            return self.take(Step::Input(input));
        }
        tracing::info!(
            ?change,
            "the token is another account's: starting again on it"
        );
        let no_color = std::env::var("NO_COLOR").ok();
        let world = &self.app.world;
        let settings = AppSettings {
            command_history: world.settings.command_history.clone(),
            keymap: world.settings.keymap.clone(),
            fleet: self.app.fleet().clone(),
            ..settings::switched(&self.session, &world.settings, no_color)
        };
        self.start_again(settings, Input::AccountChanged(change))
    }

    /// Goes on with a new app on `session`, opened for `profile`: every
    /// request of the old one is stopped, and its tasks answer a channel
    /// nobody reads any more (a late answer never reaches the new app,
    /// whose request ids start again). The new app starts as at start: its
    /// profile's view and snapshot, the config's `keymap` read again, the
    /// command history kept.
    fn switch_to(
        &mut self,
        session: Session,
        keymap: Keymap,
        profile: String,
    ) -> io::Result<Taken> {
        tracing::info!(%profile, host = %session.client.base_url(), "switching profile");
        let no_color = std::env::var("NO_COLOR").ok();
        let world = &self.app.world;
        let settings = settings::switched(&session, &world.settings, no_color);
        // The Centres view goes on in the new app, looking at this centre.
        let mut fleet = self.app.fleet().clone();
        fleet.looking_at = Some(profile.clone());
        let settings = AppSettings {
            command_history: world.settings.command_history.clone(),
            keymap,
            fleet,
            ..settings
        };
        self.runner.cancel_all();
        // The old session goes now, with its demo server if it had one.
        self.session = session;
        let switched = Input::ProfileSwitch {
            profile,
            result: Ok(()),
        };
        self.start_again(settings, switched)
    }

    /// A new app on the session with `settings`, as at start (its view and
    /// snapshot, those of the session's profile and account), told `said`:
    /// every request of the old one is stopped, and its tasks answer a
    /// channel nobody reads any more (a late answer never reaches the new
    /// app, whose request ids start again).
    fn start_again(&mut self, settings: AppSettings, said: Input) -> io::Result<Taken> {
        self.runner.cancel_all();
        let named = self.session.config.profile.as_deref();
        let owner = self.session.view_owner();
        let view_file = owner.and_then(|owner| self.profiles.view_file(named, &owner));
        let now = (self.clock)();
        let size = self.screen.size()?;
        let started = Started::on(&self.session, settings, view_file, size, now);
        self.app = started.app;
        self.snapshots = started.snapshots;
        self.runner = started.runner;
        self.tasks = started.tasks;
        self.view_file = started.view_file;
        self.ticker = Ticker::default();
        let mut effects = started.effects;
        effects.extend(self.app.update(said, now));
        Ok(match self.apply(effects)? {
            Some(exit) => Taken::Exit(exit),
            None => Taken::Changed,
        })
    }

    /// The terminal's size as an input: after a stop the app may have
    /// missed a resize (SIGWINCH goes to the foreground job only).
    fn current_size(&self) -> io::Result<Input> {
        let (columns, rows) = self.screen.size()?;
        Ok(Input::Resize(columns, rows))
    }

    fn task_step(&mut self, event: TaskEvent) -> Step {
        match event {
            TaskEvent::Input(input) => {
                if let Input::Response { id, answer } = &input {
                    self.runner.finished(*id);
                    tracing::debug!(id = id.0, ok = answer.error().is_none(), "response");
                }
                Step::Input(input)
            }
            TaskEvent::Identified(identified) => Step::Identified(identified),
            TaskEvent::Panicked => {
                tracing::error!("a task panicked: leaving");
                Step::Exit(Exit::TaskPanicked)
            }
        }
    }

    /// Carries out the effects in order; `Some` when one of them ends the loop.
    fn apply(&mut self, effects: Vec<Effect>) -> io::Result<Option<Exit>> {
        for effect in effects {
            tracing::info!(effect = %effect_label(&effect));
            match effect {
                Effect::Fetch { id, request } => self.runner.fetch(id, request),
                Effect::Cancel(id) => self.runner.cancel(id),
                Effect::ReloadToken => self.runner.reload_token(),
                // Logged above, as every effect is.
                Effect::Log(_) => {}
                Effect::Remember(view) => {
                    if let Some(path) = &self.view_file
                        && let Err(why) = view_file::write(path, &view)
                    {
                        tracing::warn!(path = %path.display(), %why, "view not remembered");
                    }
                }
                Effect::Copy(text) => {
                    let result = self.screen.copy(&text);
                    if let Err(message) = &result {
                        tracing::warn!(%message, "copy refused");
                    }
                    self.own_inputs.push_back(Input::Copied(result));
                }
                Effect::RememberCommand(line) => {
                    if let Err(error) =
                        super::command_history::append(&self.command_history_path, &line)
                    {
                        tracing::warn!(%error, "the command history was not saved");
                    }
                }
                Effect::SaveQuery { name, text } => {
                    let path = saved_path(&self.app.world.settings.log_path);
                    let language = self.app.world.settings.language;
                    self.runner.blocking(move || {
                        let result = super::saved_queries::save(&path, &name, &text, language);
                        Input::QuerySaved { name, text, result }
                    });
                }
                Effect::Export {
                    contents,
                    rows,
                    path,
                    file_name,
                    replace,
                } => self.runner.export(contents, rows, path, file_name, replace),
                Effect::Suspend => {
                    self.screen.suspend()?;
                    tracing::info!("resumed after a suspend");
                    self.own_inputs.push_back(self.current_size()?);
                    self.own_inputs.push_back(Input::Resumed);
                }
                Effect::SaveSnapshot(walked) => self.snapshots.write(*walked),
                Effect::Compare(ask) => self.runner.blocking(self.snapshots.comparison(*ask)),
                Effect::StopSnapshotReading => self.snapshots.stop_reading(),
                Effect::SwitchProfile(profile) => {
                    self.profiles.open(profile, self.session.client.token());
                }
                Effect::ProbeCentres(ask) => self.centres.start(ask),
                Effect::ReadProfiles => {
                    let token = self.session.client.token();
                    if let Some(read) = self.profiles.read_names(&token) {
                        self.own_inputs.push_back(Input::ProfilesRead(read));
                    }
                }
                Effect::AskAcross(profiles) => {
                    self.runner.ask_across(self.profiles.flags(), profiles)
                }
                Effect::InstallAcross {
                    plugin_id,
                    profiles,
                } => self.runner.install_across(plugin_id, profiles),
                Effect::Quit => return Ok(Some(Exit::Quit)),
            }
        }
        Ok(None)
    }
}

/// A terminal event as the loop sees it; the end of the stream or a read
/// error means the terminal is gone.
fn terminal_step(event: Option<io::Result<Event>>) -> io::Result<Step> {
    match event {
        Some(Ok(event)) => Ok(input_of(event).map_or(Step::Skip, Step::Input)),
        Some(Err(error)) => Err(error),
        None => Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the terminal closed",
        )),
    }
}

/// The app's input for a terminal event, if it takes one: key presses and
/// repeats (not releases, which some terminals report), mouse events but
/// plain moves (every move would cost a frame), resizes.
fn input_of(event: Event) -> Option<Input> {
    match event {
        Event::Key(key) if matches!(key.kind, KeyEventKind::Press | KeyEventKind::Repeat) => {
            Some(Input::Key(key))
        }
        Event::Mouse(mouse) if mouse.kind != MouseEventKind::Moved => Some(Input::Mouse(mouse)),
        Event::Resize(columns, rows) => Some(Input::Resize(columns, rows)),
        _ => None,
    }
}

/// When the next [`Input::Tick`] is due, if the app wants one. Inputs that
/// arrive in between never push it back: a spinner keeps turning while
/// keys are held down.
#[derive(Debug, Default)]
struct Ticker {
    due: Option<Instant>,
}

impl Ticker {
    /// Follows the app's wish: none (idle) disarms; a wish keeps the
    /// earlier of the due time already set and `now + wanted`.
    fn arm(&mut self, wanted: Option<Duration>, now: Instant) {
        self.due = wanted.map(|wanted| {
            let asked = now + wanted;
            self.due.map_or(asked, |due| due.min(asked))
        });
    }

    /// The tick was delivered: the next one is armed anew.
    fn fired(&mut self) {
        self.due = None;
    }

    /// True when the tick armed is due at `now`.
    fn is_due(&self, now: Instant) -> bool {
        self.due.is_some_and(|due| due <= now)
    }

    /// Sleeps until the tick is due; forever when none is armed.
    async fn wait(&self) {
        match self.due {
            Some(due) => tokio::time::sleep_until(due).await,
            None => std::future::pending().await,
        }
    }
}

/// A console in memory counting frames (a test helper, kept with them).
#[cfg(test)]
#[path = "../../tests/support/console.rs"]
mod console;

#[cfg(test)]
mod tests {
    use super::console::Counting;
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyEventState, KeyModifiers, MouseEvent};

    fn key(kind: KeyEventKind) -> Event {
        Event::Key(KeyEvent {
            code: KeyCode::Char('j'),
            modifiers: KeyModifiers::NONE,
            kind,
            state: KeyEventState::NONE,
        })
    }

    fn mouse(kind: MouseEventKind) -> Event {
        Event::Mouse(MouseEvent {
            kind,
            column: 3,
            row: 4,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn presses_repeats_clicks_and_resizes_reach_the_app() {
        assert!(matches!(
            input_of(key(KeyEventKind::Press)),
            Some(Input::Key(_))
        ));
        assert!(matches!(
            input_of(key(KeyEventKind::Repeat)),
            Some(Input::Key(_))
        ));
        assert!(matches!(
            input_of(mouse(MouseEventKind::ScrollDown)),
            Some(Input::Mouse(_))
        ));
        assert!(matches!(
            input_of(Event::Resize(80, 24)),
            Some(Input::Resize(80, 24))
        ));
    }

    #[test]
    fn releases_moves_focus_and_pastes_do_not() {
        assert!(input_of(key(KeyEventKind::Release)).is_none());
        assert!(input_of(mouse(MouseEventKind::Moved)).is_none());
        assert!(input_of(Event::FocusGained).is_none());
        assert!(input_of(Event::Paste("x".into())).is_none());
    }

    #[test]
    fn a_closed_or_failing_terminal_ends_the_loop() {
        assert!(terminal_step(None).is_err());
        assert!(terminal_step(Some(Err(io::Error::other("EIO")))).is_err());
        assert!(matches!(
            terminal_step(Some(Ok(Event::FocusLost))),
            Ok(Step::Skip)
        ));
    }

    #[test]
    fn the_tick_is_armed_only_while_wanted_and_never_postponed() {
        let start = Instant::now();
        let mut ticker = Ticker::default();
        ticker.arm(None, start);
        assert_eq!(ticker.due, None);

        ticker.arm(Some(Duration::from_millis(100)), start);
        assert_eq!(ticker.due, Some(start + Duration::from_millis(100)));
        // A key 50 ms later with the same wish: the tick stays due at 100 ms.
        ticker.arm(
            Some(Duration::from_millis(100)),
            start + Duration::from_millis(50),
        );
        assert_eq!(ticker.due, Some(start + Duration::from_millis(100)));
        // A sooner wish wins.
        ticker.arm(
            Some(Duration::from_millis(10)),
            start + Duration::from_millis(50),
        );
        assert_eq!(ticker.due, Some(start + Duration::from_millis(60)));

        ticker.fired();
        assert_eq!(ticker.due, None);
        ticker.arm(
            Some(Duration::from_millis(100)),
            start + Duration::from_millis(60),
        );
        assert_eq!(ticker.due, Some(start + Duration::from_millis(160)));

        ticker.arm(None, start + Duration::from_millis(70));
        assert_eq!(ticker.due, None);
    }

    type Keys = futures::channel::mpsc::UnboundedReceiver<io::Result<Event>>;

    /// The loop over the fixtures' loaded app at 100x30 (no request is
    /// sent: its client points nowhere), fed by the returned sender.
    fn loop_on_loaded_app() -> (
        EventLoop<Counting, Keys>,
        futures::channel::mpsc::UnboundedSender<io::Result<Event>>,
    ) {
        use crate::api::{Client, ClientOptions};
        use crate::app::fixtures;
        use crate::config::TokenSource;
        use crate::secret::Token;
        let size = (100, 30);
        let client = Client::new(
            ClientOptions::new("http://127.0.0.1:9".parse().unwrap()),
            Token::new("t"),
        )
        .expect("a client");
        let (sender, tasks) = mpsc::unbounded_channel();
        let runner = EffectRunner::new(client.clone(), TokenSource::None, sender);
        let session = Session::new(crate::config::Config::default(), client);
        let screen = Counting::new(size);
        let (keys, events) = futures::channel::mpsc::unbounded();
        let event_loop = EventLoop {
            app: fixtures::loaded_app(fixtures::settings(), size),
            centres: CentresProbes::new(None),
            snapshots: Snapshots::off(),
            screen,
            events,
            clock: fixtures::now,
            work_per_frame: Duration::MAX,
            runner,
            tasks,
            session,
            profiles: Profiles::none(),
            ticker: Ticker::default(),
            own_inputs: VecDeque::new(),
            view_file: None,
            command_history_path: PathBuf::from("/nonexistent/command-history"),
        };
        (event_loop, keys)
    }

    /// The screen of the fixtures' loaded app after `keys`, drawn once.
    fn screen_after(keys: &str) -> ratatui::buffer::Buffer {
        let (mut event_loop, _keys) = loop_on_loaded_app();
        crate::app::fixtures::press(&mut event_loop.app, keys);
        event_loop.screen.draw(&event_loop.app).unwrap();
        event_loop.screen.buffer()
    }

    fn send_keys(keys: &futures::channel::mpsc::UnboundedSender<io::Result<Event>>, text: &str) {
        for c in text.chars() {
            let key = Event::Key(crate::app::fixtures::key(c));
            keys.unbounded_send(Ok(key)).unwrap();
        }
    }

    #[tokio::test]
    async fn ten_queued_keys_are_drawn_in_one_frame_showing_the_last_state() {
        let (mut event_loop, keys) = loop_on_loaded_app();
        send_keys(&keys, &"j".repeat(10));
        assert!(event_loop.turn().await.unwrap().is_none());
        assert_eq!(event_loop.screen.frames, 1);
        let shown = event_loop.screen.buffer();
        assert_eq!(shown, screen_after(&"j".repeat(10)));
        assert_ne!(shown, screen_after(&"j".repeat(9)));

        // A key that arrives alone gets its own frame.
        send_keys(&keys, "k");
        assert!(event_loop.turn().await.unwrap().is_none());
        assert_eq!(event_loop.screen.frames, 2);
        let shown = event_loop.screen.buffer();
        assert_eq!(shown, screen_after(&format!("{}k", "j".repeat(10))));
    }

    #[tokio::test]
    async fn a_stream_that_never_runs_dry_still_gets_frames() {
        let (mut event_loop, keys) = loop_on_loaded_app();
        send_keys(&keys, &"j".repeat(MAX_INPUTS_PER_FRAME + 10));
        assert!(event_loop.turn().await.unwrap().is_none());
        assert_eq!(event_loop.screen.frames, 1);
        assert!(event_loop.turn().await.unwrap().is_none());
        assert_eq!(event_loop.screen.frames, 2);
    }

    /// A key among queued answers is drawn before the answers behind it
    /// are taken: they wait for the next turn (issue 23).
    #[tokio::test]
    async fn a_key_is_drawn_before_the_answers_queued_behind_it() {
        let (mut event_loop, keys) = loop_on_loaded_app();
        let (answers, tasks) = mpsc::unbounded_channel();
        event_loop.tasks = tasks;
        let unawaited = || {
            use crate::app::{Answer, AppAnswer, RequestId};
            let answer = Answer::App(AppAnswer::Branches(Err(crate::api::ApiError::Server {
                status: 500,
                message: None,
            })));
            TaskEvent::Input(Input::Response {
                id: RequestId(9_999),
                answer: Box::new(answer),
            })
        };
        send_keys(&keys, "j");
        for _ in 0..20 {
            answers.send(unawaited()).unwrap();
        }
        assert!(event_loop.turn().await.unwrap().is_none());
        assert_eq!(event_loop.screen.frames, 1);
        let shown = event_loop.screen.buffer();
        assert_eq!(shown, screen_after("j"));
        // At most one answer went first (select! picks either), none after.
        assert!(event_loop.tasks.len() >= 19, "{}", event_loop.tasks.len());
    }

    #[tokio::test]
    async fn past_the_work_of_a_frame_the_keys_waiting_get_the_next() {
        let (mut event_loop, keys) = loop_on_loaded_app();
        event_loop.work_per_frame = Duration::ZERO;
        send_keys(&keys, "jjj");
        for frames in 1..=3 {
            assert!(event_loop.turn().await.unwrap().is_none());
            assert_eq!(event_loop.screen.frames, frames);
        }
        assert_eq!(event_loop.screen.buffer(), screen_after("jjj"));
    }

    #[tokio::test]
    async fn a_quit_among_queued_keys_ends_the_loop_undrawn() {
        let (mut event_loop, keys) = loop_on_loaded_app();
        send_keys(&keys, "jjqjj");
        assert_eq!(event_loop.turn().await.unwrap(), Some(Exit::Quit));
        assert_eq!(event_loop.screen.frames, 0);
    }
}
