//! The `:` commands, one registry with the keys: every action of the
//! table that can run outside a prompt is a command by its name
//! (`:next_tab`, `:toggle_archived`), and the short words below (the CLI's
//! where they overlap, a tab's name) run an action too when given nothing.
//! So any command can be bound to a key in `[keys]` by its word
//! (`export = ["C-e"]`), and the help lists the words from here.

use super::{Action, KEYMAP};
use crate::app::tab::Tab;

/// A `:` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub name: String,
    /// What it takes after it ("" when nothing; in brackets when it may
    /// be left out).
    pub takes: &'static str,
    /// What it runs given nothing, as a key bound to it does; None for the
    /// one that needs its argument (`:profile NAME`).
    pub action: Option<Action>,
    /// What it does, in a few words.
    pub about: &'static str,
    /// One of the short words (a tab, or one below), not an action's name.
    pub short: bool,
}

/// The short words besides the tabs: (word, what it takes, what it runs
/// given nothing, what it does).
#[rustfmt::skip]
const SHORT_WORDS: &[(&str, &str, Option<Action>, &str)] = &[
    ("branch", "[NAME|ID|all]", Some(Action::PickBranch), "the groups of a branch (nothing: the picker)"),
    ("profile", "NAME", None, "switch to a profile of the config"),
    ("lang", "en|ru|uz|uz-Cyrl", None, "the interface's language"),
    ("save", "NAME", None, "keep the Groups list's query under a name"),
    ("query", "NAME", None, "filter the groups by a query kept by name"),
    ("install", "[ID]", Some(Action::Install), "install a plugin (nothing: the one selected)"),
    ("install-across", "[ID]", None, "install a plugin at every centre, one number typed (nothing: the one selected)"),
    ("filter", "[QUERY]", Some(Action::Filter), "filter the list by a query: ielts tue evening (nothing: type it)"),
    ("sort", "[COLUMN [desc]]", Some(Action::CycleSort), "sort the list by a column (nothing: the next)"),
    ("export", "[csv|json [PATH]]", Some(Action::Export), "write the list to a file (nothing: CSV)"),
    ("refresh", "", Some(Action::Refresh), "fetch again"),
    ("help", "", Some(Action::Help), "the keys and commands"),
    ("q", "", Some(Action::Quit), "quit"),
];

/// Every command: the tabs first in the top line's order, the short words,
/// then the actions' names in the table's order.
pub fn words() -> Vec<Word> {
    let tabs = Tab::ALL.iter().map(|&tab| Word {
        name: tab.name().to_lowercase(),
        // The Changes tab's word chooses the baseline too, Today's its day.
        takes: match tab {
            Tab::Changes => "[since DAY]",
            Tab::Today => "[DAY]",
            _ => "",
        },
        action: Some(Action::ShowTab(tab)),
        about: KEYMAP
            .iter()
            .find(|binding| binding.action == Action::ShowTab(tab))
            .map_or("a tab", |binding| binding.label),
        short: true,
    });
    let short = SHORT_WORDS
        .iter()
        .map(|&(name, takes, action, about)| Word {
            name: name.to_string(),
            takes,
            action,
            about,
            short: true,
        });
    let mut words: Vec<Word> = tabs.chain(short).collect();
    for binding in KEYMAP.iter() {
        // The keys of a prompt (accept, complete) run in the prompt only.
        let runs_outside_a_prompt = KEYMAP
            .iter()
            .any(|row| row.action == binding.action && !row.context.only_control_globals());
        let name = binding.action.name();
        if runs_outside_a_prompt && words.iter().all(|word| word.name != name) {
            words.push(Word {
                name,
                takes: "",
                action: Some(binding.action),
                about: binding.label,
                short: false,
            });
        }
    }
    words
}

/// The action `[keys]` binds by `name`: an action's name or a command's
/// word; or why none, with the nearest name.
pub fn bindable(name: &str) -> Result<Action, String> {
    // The prompts' own actions have names too (`accept` is the
    // confirmation's `y`), though they are no commands.
    if let Some(binding) = KEYMAP.iter().find(|binding| binding.action.name() == name) {
        return Ok(binding.action);
    }
    let words = words();
    match words.iter().find(|word| word.name == name) {
        Some(Word {
            action: Some(action),
            ..
        }) => Ok(*action),
        Some(word) => Err(format!(
            ":{name} needs {} after it, so no key can run it: type :{name} {}",
            word.takes, word.takes
        )),
        None => {
            let nearest = words
                .iter()
                .min_by_key(|word| strsim::damerau_levenshtein(&word.name, name))
                .map(|word| format!(" (did you mean {:?}?)", word.name))
                .unwrap_or_default();
            Err(format!("unknown action {name:?} in [keys]{nearest}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_bindable_but_those_that_need_their_argument() {
        assert_eq!(bindable("export"), Ok(Action::Export));
        assert_eq!(bindable("q"), Ok(Action::Quit));
        assert_eq!(bindable("groups"), Ok(Action::ShowTab(Tab::Groups)));
        assert_eq!(bindable("branch"), Ok(Action::PickBranch));
        assert_eq!(bindable("toggle_archived"), Ok(Action::ToggleArchived));
        let why = bindable("profile").unwrap_err();
        assert_eq!(
            why,
            ":profile needs NAME after it, so no key can run it: type :profile NAME"
        );
        let why = bindable("lang").unwrap_err();
        assert_eq!(
            why,
            ":lang needs en|ru|uz|uz-Cyrl after it, so no key can run it: type :lang en|ru|uz|uz-Cyrl"
        );
        assert!(bindable("save").unwrap_err().contains(":save NAME"));
        assert!(bindable("query").unwrap_err().contains(":query NAME"));
        assert!(
            bindable("install-across")
                .unwrap_err()
                .contains("no key can run it")
        );
        // `:install-across` runs alone too (the plugin selected), but its
        // popup opens from the command line only: no key is bound to it.
        let needing = ["profile", "lang", "save", "query", "install-across"];
        for word in words()
            .iter()
            .filter(|word| !needing.contains(&word.name.as_str()))
        {
            assert_eq!(
                bindable(&word.name),
                Ok(word.action.unwrap()),
                "{}",
                word.name
            );
        }
    }

    #[test]
    fn every_action_outside_the_prompts_is_a_word_once() {
        let words = words();
        for binding in KEYMAP.iter() {
            let named = words
                .iter()
                .filter(|word| word.name == binding.action.name());
            let expected = usize::from(!binding.context.only_control_globals());
            assert!(named.count() >= expected, "{:?}", binding.action);
        }
        for (at, word) in words.iter().enumerate() {
            assert!(
                words[at + 1..].iter().all(|other| other.name != word.name),
                "{}",
                word.name
            );
        }
        // The prompts' own keys are not commands.
        assert!(
            words
                .iter()
                .all(|word| word.name != "complete" && word.name != "accept")
        );
    }
}
