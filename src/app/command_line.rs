//! The `:` command line: a one-line prompt at the bottom. Tab completes
//! (and cycles through the candidates shown above the prompt), ↑/↓ walk
//! the command history, Enter runs the line ([`super::commands`] says what it
//! means). A line that means nothing stays with the reason shown above it:
//! nothing typed is lost by a mistake. A line that cannot run yet (a
//! branch's name before the branches came) closes with its reason on the
//! status line, so that later keys are keys again.

use super::ask::{Ask, Tell};
use super::branches::BranchesState;
use super::commands::{Known, Refusal, abouts, completions, parse};
use super::keymap::{Action, Context};
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::Screen;
use super::shared::{Shared, World};
use super::tab::Tab;
use super::text_input::{Edit, TextInput};
use crate::i18n::{Phrase, fill};
use crate::present::words::say;
use crate::sanitize::sanitize_line;
use crossterm::event::KeyEvent;

/// Lines of the command history kept (in memory and in the file).
pub const COMMAND_HISTORY_LINES: usize = 200;

/// The most candidates listed above the prompt at once (the chosen one
/// always among them); Tab reaches the others.
pub const MOST_CANDIDATES: usize = 8;

/// The open prompt.
#[derive(Debug)]
pub struct CommandLine {
    pub input: TextInput,
    /// Where the prompt was opened: a word given nothing runs its action
    /// there.
    under: Context,
    /// The columns the tab under it sorts by (`:sort`).
    sortable: Vec<&'static str>,
    /// What Tab offers, and which of them the line holds now.
    pub candidates: Vec<String>,
    /// What each candidate that is a word alone does (in English, said in
    /// the language shown as it is drawn); "" for a line with an argument.
    pub abouts: Vec<&'static str>,
    pub chosen: Option<usize>,
    /// Why the line did not run.
    pub error: Option<String>,
    /// The line of the command history shown (counted from the newest), and the line
    /// being typed before ↑ was pressed.
    recalled: Option<usize>,
    draft: String,
}

impl CommandLine {
    /// An empty prompt over a screen in `under`, on a tab that sorts by
    /// `sortable`.
    pub fn new(under: Context, sortable: Vec<&'static str>) -> Self {
        Self {
            under,
            sortable,
            input: TextInput::default(),
            candidates: Vec::new(),
            abouts: Vec::new(),
            chosen: None,
            error: None,
            recalled: None,
            draft: String::new(),
        }
    }

    /// How many of Tab's candidates are not listed (a sign says so).
    pub fn hidden_candidates(&self) -> usize {
        self.candidates.len().saturating_sub(MOST_CANDIDATES)
    }

    /// Tab: the first candidate, then the next each time.
    fn complete(&mut self, shared: &World) {
        self.error = None;
        if self.chosen.is_none() {
            self.candidates = completions(self.input.text(), &self.known(shared));
            self.abouts = abouts(&self.candidates);
        }
        if self.candidates.is_empty() {
            let language = shared.settings.language;
            self.error = Some(Phrase::CmdNothingToComplete.get(language).to_string());
            return;
        }
        let next = self.chosen.map_or(0, |at| (at + 1) % self.candidates.len());
        self.chosen = Some(next);
        self.input.set(&self.candidates[next]);
    }

    /// ↑ (older) or ↓ (newer) in the command history.
    fn recall(&mut self, older: bool, history: &[String]) {
        let next = match (self.recalled, older) {
            (None, true) if !history.is_empty() => Some(0),
            (None, _) => return,
            (Some(at), true) => Some((at + 1).min(history.len() - 1)),
            (Some(0), false) => None,
            (Some(at), false) => Some(at - 1),
        };
        if self.recalled.is_none() {
            self.draft = self.input.text().to_string();
        }
        self.recalled = next;
        let line = next.map_or(self.draft.as_str(), |at| &history[history.len() - 1 - at]);
        self.input.set(line);
        self.forget_completion();
    }

    fn forget_completion(&mut self) {
        self.candidates.clear();
        self.abouts.clear();
        self.chosen = None;
    }

    fn known<'a>(&'a self, shared: &'a World) -> Known<'a> {
        Known {
            branches: branches(shared),
            sortable: &self.sortable,
            profiles: &shared.settings.profiles,
            queries: &shared.settings.queries,
            language: shared.settings.language,
        }
    }

    /// Enter: the line runs, stays with the reason, or closes with the
    /// reason it cannot run yet.
    fn run(&mut self, shared: &mut Shared) -> Vec<Effect> {
        let line = self.input.text().trim().to_string();
        let parsed = parse(&line, &self.known(shared)).and_then(|ask| match ask {
            Ask::Perform(action) if !shared.settings.keymap.answers(self.under, action) => {
                let language = shared.settings.language;
                let here = say(self.under.title(), language);
                Err(Refusal::Mistake(fill::cmd_does_nothing(
                    language, &line, here,
                )))
            }
            ask => Ok(ask),
        });
        let ask = match parsed {
            Ok(ask) => ask,
            Err(Refusal::Mistake(why)) => {
                self.error = Some(why);
                self.forget_completion();
                return Vec::new();
            }
            Err(Refusal::NotYet(why)) => {
                shared.ask(Ask::Close);
                shared.error(why);
                return Vec::new();
            }
        };
        shared.ask(Ask::Close);
        match &ask {
            // Plugins shows no branch: the change is said, not unseen.
            Ask::TellTabs(Tell::ShowBranch(id))
                if matches!(self.under, Context::PluginsList | Context::PluginDetail) =>
            {
                let name = branches(shared).iter().find(|b| Some(b.id) == *id);
                let name = name.map_or_else(
                    || Phrase::AllBranches.get(shared.settings.language).to_owned(),
                    |branch| sanitize_line(&branch.name).into_owned(),
                );
                shared.info(fill::status_branch_shown(shared.settings.language, name));
            }
            // The confirmation opens over the plugins it installs among.
            Ask::TellTabs(Tell::AskInstall { .. } | Tell::AskInstallAcross(_)) => {
                shared.ask(Ask::Show {
                    tab: Tab::Plugins,
                    reload: false,
                })
            }
            Ask::TellTabs(Tell::Changes(_)) => shared.ask(Ask::Show {
                tab: Tab::Changes,
                reload: false,
            }),
            // The runtime opens its session; Input::ProfileSwitch says how it went.
            Ask::Profile(name) => {
                shared.info(fill::status_opening_profile(shared.settings.language, name));
            }
            _ => {}
        }
        shared.ask(ask);
        remember(line, shared.command_history_mut())
    }
}

/// The branches known now (none while they load or failed).
fn branches(shared: &World) -> &[crate::model::Branch] {
    match shared.branches_state() {
        BranchesState::Loaded { list, .. } => list,
        _ => &[],
    }
}

/// `line` last in the command history (once, the oldest dropped past
/// [`COMMAND_HISTORY_LINES`]) and the effect that appends it to the file.
fn remember(line: String, history: &mut Vec<String>) -> Vec<Effect> {
    if history.last() == Some(&line) {
        return Vec::new();
    }
    history.push(line.clone());
    let over = history.len().saturating_sub(COMMAND_HISTORY_LINES);
    history.drain(..over);
    vec![Effect::RememberCommand(line)]
}

impl Screen for CommandLine {
    fn context(&self) -> Context {
        Context::CommandLine
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match action {
            Action::Accept => return self.run(shared),
            Action::Complete => self.complete(shared),
            Action::Back => shared.ask(Ask::Close),
            _ => {}
        }
        Vec::new()
    }

    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        match movement {
            Movement::Up => self.recall(true, &shared.settings.command_history),
            Movement::Down => self.recall(false, &shared.settings.command_history),
            _ => {}
        }
    }

    fn type_text(&mut self, key: &KeyEvent, _shared: &mut Shared) {
        if self.input.handle(key) == Edit::Changed {
            self.error = None;
            self.forget_completion();
        }
    }
}
