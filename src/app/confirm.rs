//! The confirmation overlay. It knows nothing of what it confirms: it
//! carries a question, the facts to weigh and the command to give on `y`,
//! all as data (an install today; any mutation, or a command typed, later).

use super::keymap::{Action, Context};
use super::protocol::Effect;
use super::screen::{Ask, Command, Screen};
use super::shared::Shared;

/// A question before something is done, and what is done on yes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    /// The title of the box: "Install a plugin".
    pub title: &'static str,
    /// What yes does, in a word: "install". It names the `y` key, and the
    /// question starts with it.
    pub verb: &'static str,
    /// What it is done to, ready to show (sanitised).
    pub object: String,
    /// Facts to weigh before answering, (label, value), values sanitised.
    pub facts: Vec<(&'static str, String)>,
    /// Given to the tabs on yes.
    pub command: Command,
}

impl Confirmation {
    /// The verb as the question's first word: "Install".
    pub fn question_verb(&self) -> String {
        let mut chars = self.verb.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }
}

/// The open confirmation.
#[derive(Debug)]
pub struct Confirm(pub Confirmation);

impl Screen for Confirm {
    fn context(&self) -> Context {
        Context::Confirm
    }

    fn label(&self, action: Action) -> Option<&'static str> {
        (action == Action::Accept).then_some(self.0.verb)
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match action {
            Action::Accept => {
                shared.ask(Ask::Close);
                shared.ask(Ask::Command(self.0.command.clone()));
            }
            Action::Back => shared.ask(Ask::Close),
            _ => {}
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_question_starts_with_the_verb() {
        let confirmation = Confirmation {
            title: "Archive a group",
            verb: "archive",
            object: "IELTS 6.5".to_string(),
            facts: Vec::new(),
            command: Command::ShowBranch(None),
        };
        assert_eq!(confirmation.question_verb(), "Archive");
        let confirm = Confirm(confirmation);
        assert_eq!(confirm.label(Action::Accept), Some("archive"));
        assert_eq!(confirm.label(Action::Back), None);
    }
}
