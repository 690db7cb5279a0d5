//! The confirmation overlay. It knows nothing of what it confirms: it
//! carries a question, the facts to weigh and the command to give on `y`,
//! all as data (an install today; any mutation, or a command typed, later).

use super::ask::{Ask, Confirmation};
use super::keymap::{Action, Context};
use super::protocol::Effect;
use super::screen::Screen;
use super::shared::Shared;

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
                shared.ask(Ask::TellTabs(self.0.command.clone()));
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
    use crate::app::ask::Tell;

    #[test]
    fn the_question_starts_with_the_verb() {
        let confirmation = Confirmation {
            title: "Archive a group",
            verb: "archive",
            object: "IELTS 6.5".to_string(),
            facts: Vec::new(),
            command: Tell::ShowBranch(None),
        };
        assert_eq!(confirmation.question_verb(), "Archive");
        let confirm = Confirm(confirmation);
        assert_eq!(confirm.label(Action::Accept), Some("archive"));
        assert_eq!(confirm.label(Action::Back), None);
    }
}
