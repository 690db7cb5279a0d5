//! One plugin installed across centres (issue 38 §3), in the dashboard:
//! `:install-across [ID]` opens it on the plugin under the cursor (or of
//! that id). It asks every centre's catalogue ([`Effect::AskAcross`]: the
//! runtime's work, each centre's answer as data), shows the plan, takes
//! the number of centres to install at typed (digits: the same keys in a
//! Cyrillic layout), then asks for one POST per centre
//! ([`Effect::InstallAcross`], never sent again) and fills each centre's
//! result in as it comes; the report stays until dismissed, and each line
//! of it goes to the log ([`Effect::Log`]).
//!
//! The current profile's read-only mode does not forbid it: each centre's
//! own profile says whether it is read-only, and a read-only centre is
//! skipped (the current one too, when it is read-only).

use super::ask::Ask;
use super::keymap::{Action, Context};
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::Screen;
use super::shared::{Shared, World};
use super::text_input::TextInput;
use crate::domain::install_across::{self as across, Centre, Outcome, Plan, Step};
use crate::i18n::{Phrase, fill};
use crate::sanitize::sanitize_line;
use crossterm::event::{KeyCode, KeyEvent};

/// Where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// The centres' catalogues are asked for.
    Asking,
    /// The plan is shown; the number is typed.
    Confirming(Plan),
    /// Sent: each centre's result as it comes (None: on its way). Once
    /// every centre has one, the report.
    Sending {
        plan: Plan,
        outcomes: Vec<Option<Outcome>>,
    },
}

/// The open install across centres.
#[derive(Debug, Clone)]
pub struct InstallAcross {
    pub plugin_id: i64,
    /// The plugin's name here (the plugin under the cursor), if listed.
    pub name: Option<String>,
    /// The centres in their order (their profiles), once they answered.
    pub centres: Vec<String>,
    pub stage: Stage,
    /// The number typed.
    pub input: TextInput,
    /// The first row of centres shown (the list scrolls when long).
    pub scroll: usize,
}

impl InstallAcross {
    /// Opens it for `plugin_id` (named `name` here); the runtime's answer
    /// to [`Effect::AskAcross`] follows.
    pub fn new(plugin_id: i64, name: Option<String>) -> Self {
        Self {
            plugin_id,
            name,
            centres: Vec::new(),
            stage: Stage::Asking,
            input: TextInput::default(),
            scroll: 0,
        }
    }

    /// Every centre's catalogue came (or why not): the plan. No centre:
    /// said, and closed.
    pub fn on_asked(&mut self, centres: &[Centre], shared: &mut Shared) {
        if self.stage != Stage::Asking {
            return;
        }
        if centres.is_empty() {
            shared.ask(Ask::Close);
            shared.error(Phrase::AcrossNoFleet.get(shared.settings.language));
            return;
        }
        self.centres = centres
            .iter()
            .map(|centre| centre.profile.clone())
            .collect();
        let plan = across::plan(self.plugin_id, self.name.as_deref(), centres);
        self.stage = Stage::Confirming(plan);
    }

    /// A centre's POST answered (or failed): its result, and its line for
    /// the log.
    pub fn on_installed(&mut self, profile: &str, outcome: Outcome) -> Vec<Effect> {
        let Stage::Sending { outcomes, .. } = &mut self.stage else {
            return Vec::new();
        };
        let Some(at) = self.centres.iter().position(|centre| centre == profile) else {
            return Vec::new();
        };
        let line = log_line(profile, self.plugin_id, &outcome);
        outcomes[at] = Some(outcome);
        vec![Effect::Log(line)]
    }

    /// True once every centre has its result.
    pub fn is_reported(&self) -> bool {
        match &self.stage {
            Stage::Sending { outcomes, .. } => outcomes.iter().all(Option::is_some),
            _ => false,
        }
    }

    /// The number typed is that of the installs: sent; else refused.
    fn accept(&mut self, shared: &mut Shared) -> Vec<Effect> {
        let Stage::Confirming(plan) = &self.stage else {
            if self.is_reported() {
                shared.ask(Ask::Close);
            }
            return Vec::new();
        };
        let language = shared.settings.language;
        let installs = plan.installs();
        if installs == 0 {
            shared.ask(Ask::Close);
            shared.error(Phrase::AcrossNothingToDo.get(language));
            return Vec::new();
        }
        if !across::confirms(self.input.text(), installs) {
            shared.ask(Ask::Close);
            shared.error(fill::across_wrong_number(
                language,
                self.input.text().trim(),
            ));
            return Vec::new();
        }
        let plan = plan.clone();
        let targets: Vec<String> = (self.centres.iter().zip(&plan.steps))
            .filter(|(_, step)| **step == Step::Install)
            .map(|(profile, _)| profile.clone())
            .collect();
        let mut effects = Vec::new();
        let outcomes: Vec<Option<Outcome>> = (self.centres.iter().zip(&plan.steps))
            .map(|(profile, step)| match step {
                Step::Install => None,
                Step::Skip(skip) => {
                    let outcome = Outcome::Skipped(skip.clone());
                    effects.push(Effect::Log(log_line(profile, plan.plugin_id, &outcome)));
                    Some(outcome)
                }
            })
            .collect();
        effects.push(Effect::InstallAcross {
            plugin_id: plan.plugin_id,
            profiles: targets,
        });
        self.stage = Stage::Sending { plan, outcomes };
        effects
    }
}

/// A centre's result in the log: one line, no token (the errors quoted
/// are the client's, the token masked in them).
fn log_line(profile: &str, plugin_id: i64, outcome: &Outcome) -> String {
    let reason = outcome.reason().unwrap_or_default();
    format!(
        "install across: centre {}, plugin {plugin_id}: {} {}",
        sanitize_line(profile),
        outcome.code(),
        sanitize_line(&reason)
    )
}

impl Screen for InstallAcross {
    fn context(&self) -> Context {
        Context::InstallAcross
    }

    /// While results are on their way no key does anything but scroll;
    /// the report is closed by Enter.
    fn offers(&self, action: Action, _shared: &World) -> bool {
        match (&self.stage, action) {
            (Stage::Sending { .. }, Action::Accept) => self.is_reported(),
            (Stage::Sending { .. }, Action::Back) => false,
            _ => true,
        }
    }

    fn label(&self, action: Action) -> Option<&'static str> {
        (action == Action::Accept && self.is_reported()).then_some("close")
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match action {
            Action::Accept => self.accept(shared),
            // Before anything is sent, Esc cancels; the report is
            // dismissed once complete; results on their way stay shown.
            Action::Back if !matches!(self.stage, Stage::Sending { .. }) || self.is_reported() => {
                shared.ask(Ask::Close);
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn move_by(&mut self, movement: Movement, _shared: &mut Shared) {
        self.scroll = match movement {
            Movement::Up => self.scroll.saturating_sub(1),
            Movement::Down => (self.scroll + 1).min(self.centres.len().saturating_sub(1)),
            Movement::Top => 0,
            Movement::Bottom => self.centres.len().saturating_sub(1),
            _ => self.scroll,
        };
    }

    /// Digits only (a Cyrillic layout types them on the same keys, as they
    /// are: nothing to map) and the editing keys; only while confirming.
    fn type_text(&mut self, key: &KeyEvent, _shared: &mut Shared) {
        let text = matches!(key.code, KeyCode::Char(c) if !c.is_ascii_digit());
        if matches!(self.stage, Stage::Confirming(_)) && !text {
            self.input.handle(key);
        }
    }
}
