//! The picker that chooses the branch of the groups list: a filtered list when the branches answered,
//! a numeric input when they did not.

use super::ask::{Ask, Tell};
use super::branches::BranchesState;
use super::keymap::{Action, Context};
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::Screen;
use super::shared::Shared;
use super::text_input::{Edit, TextInput};
use crate::domain::script::fold;
use crate::i18n::{Language, Phrase, fill};
use crate::sanitize::sanitize_line;
use crossterm::event::KeyEvent;

/// The entry that lifts the branch filter, in English: typed, it names
/// every branch in any language.
const ALL_BRANCHES: &str = "all branches";

/// How the picker asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickerMode {
    /// A list to filter by typing.
    List,
    /// A branch id to type; `reason` tells why there is no list.
    Numeric { reason: String },
}

/// The open branch picker.
#[derive(Debug, Clone)]
pub struct BranchPicker {
    pub input: TextInput,
    pub mode: PickerMode,
    /// The entries that match the input: None is "all branches".
    pub choices: Vec<Option<i64>>,
    pub cursor: usize,
    /// Why the typed text was refused.
    pub error: Option<String>,
    /// The language its words are in, as opened.
    pub language: Language,
}

impl BranchPicker {
    /// Opens on the current branch (`current`), its words in `language`.
    pub fn open(branches: BranchesState, current: Option<i64>, language: Language) -> Self {
        let mode = match branches {
            BranchesState::Loaded { .. } => PickerMode::List,
            BranchesState::Loading => PickerMode::Numeric {
                reason: Phrase::BranchesNotYet.get(language).to_string(),
            },
            BranchesState::Failed(error) => PickerMode::Numeric {
                reason: fill::branches_unavailable(language, error),
            },
        };
        let mut picker = Self {
            input: TextInput::default(),
            mode,
            choices: Vec::new(),
            cursor: 0,
            error: None,
            language,
        };
        picker.refilter(branches);
        picker.cursor = picker
            .choices
            .iter()
            .position(|choice| *choice == current)
            .unwrap_or(0);
        picker
    }

    /// The branch list arrived while the picker was open: a picker that fell
    /// back to a number while the list was loading becomes the list, keeping
    /// what was typed.
    pub fn on_branches(&mut self, branches: BranchesState) {
        if matches!(branches, BranchesState::Loaded { .. })
            && matches!(self.mode, PickerMode::Numeric { .. })
        {
            self.mode = PickerMode::List;
            self.refilter(branches);
        }
    }

    /// Recomputes the entries after the input changed.
    pub fn refilter(&mut self, branches: BranchesState) {
        self.error = None;
        self.cursor = 0;
        let BranchesState::Loaded { list, names } = branches else {
            self.choices.clear();
            return;
        };
        // Script, case and apostrophes ignored: `Чил` finds Chilonzor.
        let typed = fold(self.input.text().trim());
        let matching = list.iter().filter(|branch| {
            let name = names.get(&branch.id).map(String::as_str).unwrap_or("");
            fold(name).contains(&typed) || branch.id.to_string().starts_with(&typed)
        });
        let names_all = |all: &str| fold(all).contains(&typed);
        let all_branches =
            (typed.is_empty() || names_all(ALL_BRANCHES) || names_all(self.all_branches()))
                .then_some(None);
        self.choices = all_branches
            .into_iter()
            .chain(matching.map(|branch| Some(branch.id)))
            .collect();
    }

    /// The entry that lifts the branch filter, in the picker's language.
    pub fn all_branches(&self) -> &'static str {
        Phrase::AllBranches.get(self.language)
    }

    /// Moves through the entries.
    pub fn move_cursor(&mut self, movement: Movement) {
        self.cursor = movement.apply(self.cursor, self.choices.len(), 1);
    }

    /// The branch chosen (Some(None): all branches), or None when the
    /// typed text is not a branch (the reason is kept in `error`).
    pub fn choose(&mut self, language: Language) -> Option<Option<i64>> {
        match &self.mode {
            PickerMode::List => {
                let choice = self.choices.get(self.cursor).copied();
                if choice.is_none() {
                    self.error = Some(Phrase::CmdNoBranchMatches.get(language).to_string());
                }
                choice
            }
            PickerMode::Numeric { .. } => {
                let typed = self.input.text().trim();
                if typed.is_empty() {
                    return Some(None);
                }
                match typed.parse::<i64>() {
                    Ok(id) if id > 0 => Some(Some(id)),
                    _ => {
                        let typed = format!("{:?}", sanitize_line(typed));
                        self.error = Some(fill::app_not_a_branch_id(language, typed));
                        None
                    }
                }
            }
        }
    }
}

impl Screen for BranchPicker {
    fn context(&self) -> Context {
        Context::BranchPicker
    }

    /// Esc closes it; Enter gives the tabs the branch chosen, or says why
    /// the text typed is not one.
    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match action {
            Action::Back => shared.ask(Ask::Close),
            Action::Accept => {
                if let Some(branch_id) = self.choose(shared.settings.language) {
                    shared.ask(Ask::Close);
                    shared.ask(Ask::TellTabs(Tell::ShowBranch(branch_id)));
                }
            }
            _ => {}
        }
        Vec::new()
    }

    fn move_by(&mut self, movement: Movement, _shared: &mut Shared) {
        self.move_cursor(movement);
    }

    fn type_text(&mut self, key: &KeyEvent, shared: &mut Shared) {
        if self.input.handle(key) == Edit::Changed {
            self.refilter(shared.branches_state());
        }
    }

    fn hear(&mut self, tell: &Tell, shared: &mut Shared) -> Vec<Effect> {
        if let Tell::Branches = tell {
            self.on_branches(shared.branches_state());
        }
        Vec::new()
    }
}
