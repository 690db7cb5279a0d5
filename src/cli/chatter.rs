//! What the CLI says on stderr besides its errors, for a person at a
//! terminal and for cron alike: cron mails any output, so a clean run
//! says nothing there.
//!
//! - progress and counts (`240 groups from every page`, `page 1/12 …`):
//!   only when stderr is a terminal, or with `-v`;
//! - warnings (`crmdeck: warning: …`) and hints (`page 1 of 12 — add
//!   --all for every group`): unless `-q`;
//! - errors: always.
//!
//! Held once per run (set from the flags before a subcommand runs, the
//! language once the config is read): every
//! subcommand and the page walk read it, and threading it through each
//! would change every signature for one bit of policy.

use crate::i18n::{Language, Phrase};
use std::io::IsTerminal;
use std::sync::OnceLock;

/// How much the CLI says besides its errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chatter {
    /// `-q`: errors only.
    Quiet,
    /// Progress and counts only on a terminal; warnings always.
    Normal,
    /// `-v`: progress and counts wherever stderr goes.
    Verbose,
}

static CHATTER: OnceLock<Chatter> = OnceLock::new();

/// The language it speaks, once the config chose it.
static LANGUAGE: OnceLock<Language> = OnceLock::new();

/// The language chosen before the config is read: `--lang`, else
/// `CRMDECK_LANG`, else the locale. The config's refusals are said in it:
/// a config that does not read cannot say its own `language`, so a
/// `language = "ru"` there speaks only once the file reads.
static BEFORE_CONFIG: OnceLock<Language> = OnceLock::new();

/// This run's language, from the config (the first call wins).
pub fn speak(language: Language) {
    let _ = LANGUAGE.set(language);
}

/// This run's language until the config is read (the first call wins).
pub fn speak_before_config(language: Language) {
    let _ = BEFORE_CONFIG.set(language);
}

/// The language the CLI says things in on stderr and in its tables.
pub fn language() -> Language {
    (LANGUAGE.get().or(BEFORE_CONFIG.get()).copied()).unwrap_or_default()
}

/// This run's chatter, from `-q` and `-v` (the first call wins).
pub fn set(quiet: bool, verbose: bool) {
    let chatter = match (quiet, verbose) {
        (true, _) => Chatter::Quiet,
        (false, true) => Chatter::Verbose,
        (false, false) => Chatter::Normal,
    };
    let _ = CHATTER.set(chatter);
}

fn chatter() -> Chatter {
    *CHATTER.get().unwrap_or(&Chatter::Normal)
}

/// Whether progress and counts are said.
pub fn progress() -> bool {
    match chatter() {
        Chatter::Quiet => false,
        Chatter::Normal => std::io::stderr().is_terminal(),
        Chatter::Verbose => true,
    }
}

/// Whether progress is drawn in place (`\r`): only on a terminal.
pub fn live() -> bool {
    progress() && std::io::stderr().is_terminal()
}

/// Says `text` (a count, a hint for a person) when progress is said.
pub fn note(text: &str) {
    if progress() {
        eprintln!("{text}");
    }
}

/// Says `text` (a hint for whoever wrote the command: only one page of
/// several was asked) unless `-q`.
pub fn hint(text: &str) {
    if chatter() != Chatter::Quiet {
        eprintln!("{text}");
    }
}

/// Says `crmdeck: warning: text` (the word in this run's language) unless `-q`.
pub fn warn(text: &str) {
    if chatter() != Chatter::Quiet {
        eprintln!("crmdeck: {} {text}", Phrase::StatusWarning.get(language()));
    }
}
