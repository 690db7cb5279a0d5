//! Scripting subcommands: print to stdout, one line on stderr when
//! something fails, and an exit code a script can act on.

mod all_pages;
pub mod args;
mod branch;
mod branches;
mod cache;
mod centres;
mod changes;
mod chatter;
mod demo_server;
mod fan_out;
mod filter;
mod groups;
mod help_language;
mod info;
mod install;
mod install_across;
mod json_escape;
mod keys;
mod plugins;
mod saved_query;
mod shell;
mod spill;
mod timetable;
mod today;
pub mod walk;
mod week_grid;

pub use args::{Args, CacheAction, Command, Format, GlobalArgs};

use crate::api::ApiError;
use crate::config::{self, ConfigError, Overrides};
use crate::i18n::{Language, Phrase, fill, plural};
use crate::logging::Log;
use crate::present::api_words;
use crate::present::columns::table::{RowMaker, csv_line};
use crate::present::columns::{BranchNames, Column};
use crate::present::format::counted;
use crate::session::{self, Session, SessionError};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// The language of what scripts read (JSON and CSV: keys, headers, values,
/// dates), whatever the interface speaks (issue 36 §3): English, as it was
/// before there was a choice.
pub const FOR_SCRIPTS: Language = Language::En;

/// The language `format` is written in: the interface's for people's
/// tables, [`FOR_SCRIPTS`] for JSON and CSV.
fn language_of(format: Format, interface: Language) -> Language {
    match format {
        Format::Table => interface,
        Format::Json | Format::Csv => FOR_SCRIPTS,
    }
}

/// What ends a command early, and with which exit code.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Exit 2: the command line or the situation does not allow the command.
    #[error("{0}")]
    Usage(String),
    /// Exit 2.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Exit 1.
    #[error(transparent)]
    Api(#[from] ApiError),
    /// Exit 1: an install whose outcome is unknown, and what the plugin
    /// list says since.
    #[error("{0}")]
    OutcomeUnknown(String),
    /// Exit 1: the server does not offer an endpoint outside the published
    /// description (see [`ApiError::means_not_offered`]).
    #[error("the server offers no {what} ({error})")]
    NotOffered { what: &'static str, error: ApiError },
    /// Exit 1: pages of a walk failed (their numbers and the cause), or
    /// page 1 did (the cause alone).
    #[error("{0}")]
    PagesMissing(String),
    /// Exit 1: `timetable --check` found something; `report` is for
    /// stdout, one line per finding.
    #[error("{}", counted(*.count, "finding"))]
    Findings { report: String, count: usize },
    /// Exit 1.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Exit 2: `timetable --check` could not check (the server, the
    /// network, missing pages), so cron tells it from findings (1).
    #[error("the check did not run: {0}")]
    CheckFailed(Box<CliError>),
    /// Exit 1: `changes` found some; `report` is for stdout.
    #[error("{summary}")]
    Changes { report: String, summary: String },
    /// Exit `code` (1, or 2 when a centre's own exit was 2): centres of a
    /// fleet did not answer as they should (issue 38); `report` is for
    /// stdout, every centre that answered in it.
    #[error("{summary}")]
    CentresFailed {
        report: String,
        summary: String,
        code: u8,
    },
    /// Exit 2: `changes` could not tell what changed (no baseline, the
    /// server, the network, missing pages), so cron tells it from changes (1).
    #[error("could not tell what changed: {0}")]
    Untold(String),
}

impl CliError {
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Self::Usage(_) | Self::Config(_) | Self::CheckFailed(_) | Self::Untold(_) => {
                ExitCode::from(2)
            }
            Self::CentresFailed { code, .. } => ExitCode::from(*code),
            Self::Api(_)
            | Self::OutcomeUnknown(_)
            | Self::NotOffered { .. }
            | Self::PagesMissing(_)
            | Self::Findings { .. }
            | Self::Changes { .. }
            | Self::Io(_) => ExitCode::from(1),
        }
    }

    /// This error as said on stderr in `language`: the config's refusals,
    /// the leads that are ours and our client's words; the rest (the
    /// server's and the system's words) as it came.
    pub(crate) fn said(&self, language: Language) -> String {
        match self {
            Self::Config(error) => crate::config::said(error, language),
            Self::Untold(why) => fill::cli_untold(language, api_words::in_language(why, language)),
            Self::CheckFailed(inner) => fill::cli_check_not_run(language, inner.said(language)),
            Self::Findings { count, .. } => plural::finding_count(language, *count as u64),
            other => api_words::in_language(&other.to_string(), language).into_owned(),
        }
    }
}

impl From<SessionError> for CliError {
    fn from(error: SessionError) -> Self {
        match error {
            SessionError::Config(e) => Self::Config(e),
            SessionError::Api(e) => Self::Api(e),
            SessionError::Demo(e) => Self::Io(e),
        }
    }
}

/// The subcommands as `--help` lists them: clap's own list (the hidden
/// left out), so that what names them all never forgets a new one.
pub fn subcommand_names() -> Vec<String> {
    let command = Args::command_line();
    let mut listed: Vec<&clap::Command> = (command.get_subcommands())
        .filter(|subcommand| !subcommand.is_hide_set())
        .collect();
    // In `--help`'s order (the declaration's; `demo-server`, changed by
    // `command_line`, is listed last by the iterator).
    listed.sort_by_key(|subcommand| subcommand.get_display_order());
    (listed.iter())
        .map(|subcommand| subcommand.get_name().to_string())
        .collect()
}

/// The centres the flags `--profiles` and `--fleet` choose (the
/// dashboard's Centres tab among what reads them).
pub fn fleet_choice(global: &GlobalArgs) -> crate::fleet::Choice {
    crate::fleet::Choice::of_flags(&global.profiles, global.fleet.as_deref())
}

/// The config overrides that the global flags carry.
pub fn overrides(global: &GlobalArgs) -> Overrides {
    Overrides {
        config_path: global.config.clone(),
        profile: global.profile.clone(),
        base_url: global.base_url.clone(),
        read_only: global.read_only,
        no_cache: global.no_cache,
        language: global.lang.clone(),
    }
}

/// Runs one subcommand and reports its outcome as an exit code; `log` is
/// where this run logs (`info` names it).
pub async fn run(global: &GlobalArgs, command: Command, log: &Log) -> ExitCode {
    chatter::set(global.quiet, global.verbose);
    let env = |name: &str| std::env::var(name).ok();
    let before_config = crate::i18n::choose(global.lang.as_deref(), &env, None);
    // An unknown language given on purpose is refused with the config (exit 2).
    chatter::speak_before_config(before_config.map_or(Language::En, |chosen| chosen.language));
    match dispatch(global, command, log).await {
        Ok(()) => ExitCode::SUCCESS,
        // `crmdeck groups | head`: the reader left, which is no failure.
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            if let CliError::Findings { report, .. }
            | CliError::Changes { report, .. }
            | CliError::CentresFailed { report, .. } = &error
            {
                // The findings are the output; the count goes to stderr.
                if print(report).is_err() {
                    return error.exit_code();
                }
            }
            match &error {
                // The count for people, in their language.
                CliError::Findings { count, .. } => eprintln!(
                    "crmdeck: {}",
                    plural::finding_count(chatter::language(), *count as u64)
                ),
                // Our client's words and the config's refusals in the
                // reader's language (the log keeps the English).
                _ => eprintln!("crmdeck: {}", error.said(chatter::language())),
            }
            error.exit_code()
        }
    }
}

async fn dispatch(global: &GlobalArgs, command: Command, log: &Log) -> Result<(), CliError> {
    let format = global.format.unwrap_or(if on_terminal() {
        Format::Table
    } else {
        Format::Json
    });
    if !global.profiles.is_empty() || global.fleet.is_some() {
        // Several centres at once (issue 38): their own paths.
        let output = match command {
            Command::Centres => centres::run(global, format).await?,
            Command::Plugins { show_token } => fan_out::plugins(global, format, show_token).await?,
            Command::Today(args) => fan_out::today(global, format, args).await?,
            Command::Changes(args) => fan_out::changes(global, format, args).await?,
            Command::Timetable(args) if args.check => fan_out::check(global, format, args).await?,
            Command::Install {
                plugin_id,
                yes,
                dry_run,
                ..
            } => {
                let asking = install_across::Asking {
                    plugin_id,
                    yes,
                    dry_run,
                    format,
                };
                install_across::run(global, asking).await?
            }
            _ => {
                let refused = Phrase::CliNotFannedOut.get(chatter::language());
                return Err(CliError::Usage(refused.to_string()));
            }
        };
        return print(&output);
    }
    let output = match command {
        Command::DemoServer(args) => return demo_server::run(&args).await,
        // Before any config is read: these need none.
        Command::Completions { branches: true, .. } => {
            shell::branch_lines(&open(global, log).await?).await?
        }
        Command::Completions {
            shell,
            profile_names,
            ..
        } => match shell {
            Some(shell) if !profile_names => shell::completions(shell),
            _ => shell::profile_lines(&overrides(global)),
        },
        // In the language `--help` speaks (`--lang`, the environment).
        Command::Man => {
            let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
            let env = |name: &str| std::env::var(name).ok();
            shell::man_page(help_language::language_of(&args, &env))?
        }
        // The cache folder is the environment's: no config or token needed.
        Command::Cache {
            action: CacheAction::Clear,
        } => cache::clear()?,
        // The config alone: no token or network.
        Command::Keys => keys::run(&overrides(global), format)?,
        Command::Plugins { show_token } => {
            plugins::run(&open(global, log).await?, format, show_token).await?
        }
        Command::Install { dry_run: true, .. } => {
            let alone = Phrase::AcrossDryRunAlone.get(chatter::language());
            return Err(CliError::Usage(alone.to_string()));
        }
        Command::Install {
            plugin_id,
            yes,
            show_token,
            ..
        } => {
            install::run(
                &open(global, log).await?,
                format,
                plugin_id,
                yes,
                show_token,
            )
            .await?
        }
        Command::Groups(mut args) => {
            let session = open(global, log).await?;
            args.filter = with_query(&session, args.query.as_deref(), args.filter.take())?;
            groups::run(&session, format, &args).await?
        }
        Command::Timetable(mut args) => {
            let checked = async {
                let session = open(global, log).await?;
                args.filter = with_query(&session, args.query.as_deref(), args.filter.take())?;
                timetable::run(&session, format, &args).await
            };
            // A check that could not run exits 2, apart from its findings' 1.
            checked.await.map_err(|error| match error {
                CliError::Findings { .. } | CliError::Usage(_) | CliError::Config(_) => error,
                other if args.check => CliError::CheckFailed(Box::new(other)),
                other => other,
            })?
        }
        Command::Today(mut args) => {
            let session = open(global, log).await?;
            args.filter = with_query(&session, args.query.as_deref(), args.filter.take())?;
            today::run(&session, format, &args).await?
        }
        Command::Changes(args) => {
            let told = async { changes::run(&open(global, log).await?, format, &args).await };
            // Whatever keeps it from telling exits 2, apart from changes' 1.
            told.await.map_err(|error| match error {
                CliError::Changes { .. }
                | CliError::Usage(_)
                | CliError::Config(_)
                | CliError::Untold(_) => error,
                other => CliError::Untold(other.to_string()),
            })?
        }
        Command::Branches => branches::run(&open(global, log).await?, format).await?,
        Command::Centres => centres::run(global, format).await?,
        Command::Info => match open(global, log).await {
            Ok(session) => info::run(&session, global.format, log).await,
            // Nothing configured yet: where it would be read is the answer.
            Err(CliError::Config(ConfigError::MissingBaseUrl)) => {
                info::unconfigured(global.config.as_deref(), global.format, log)
            }
            Err(error) => return Err(error),
        },
    };
    print(&output)
}

/// `--query NAME` and `--filter` as the one filter run.
fn with_query(
    session: &Session,
    name: Option<&str>,
    filter: Option<String>,
) -> Result<Option<String>, CliError> {
    saved_query::with_filter(&session.config, name, filter)
}

async fn open(global: &GlobalArgs, log: &Log) -> Result<Session, CliError> {
    let session = session::open(&overrides(global), global.demo).await?;
    chatter::speak(session.config.language);
    log.set_cap(session.config.log_max_bytes);
    for warning in &session.config.warnings {
        chatter::warn(&config::said_warning(warning, chatter::language()));
    }
    Ok(session)
}

fn print(text: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// True when stdout is a terminal (cells are then cut to fit).
fn on_terminal() -> bool {
    std::io::stdout().is_terminal()
}

/// Pretty JSON with a trailing newline, safe to print on a terminal: every
/// control and bidi character in a string is a `\u` escape (`\u001b` for ESC).
fn json_text(value: &serde_json::Value) -> String {
    let mut text = json_escape::to_terminal_safe_json(value);
    text.push('\n');
    text
}

/// [`pretty`] written to stdout as it is made: a week of 100,000 groups
/// is 31 MB of JSON, never whole in memory.
fn print_pretty(value: &impl Serialize) -> Result<String, CliError> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    serde_json::to_writer_pretty(&mut out, value).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(String::new())
}

/// The CSV of `records` (as [`Table::to_csv`] makes it) written to stdout
/// a row at a time; returns nothing more to print.
///
/// [`Table::to_csv`]: crate::present::columns::table::Table::to_csv
fn print_csv<'r, R: 'r, F>(
    columns: &[Column<R, F>],
    records: impl IntoIterator<Item = &'r R>,
    format: &F,
    branches: &BranchNames,
) -> Result<String, CliError> {
    let maker = RowMaker::new(columns);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    out.write_all(csv_line(&maker.names()).as_bytes())?;
    for record in records {
        out.write_all(csv_line(&maker.cells(record, format, branches)).as_bytes())?;
    }
    out.flush()?;
    Ok(String::new())
}

/// Pretty JSON with a trailing newline, keys in declaration order (a
/// `serde_json::Value` would sort them).
fn pretty(value: &impl Serialize) -> Result<String, CliError> {
    let mut text = serde_json::to_string_pretty(value).map_err(std::io::Error::other)?;
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_are_counted_in_the_language_and_in_english_for_the_log() {
        let findings = |count| CliError::Findings {
            report: String::new(),
            count,
        };
        assert_eq!(findings(3).to_string(), "3 findings");
        assert_eq!(findings(3).said(Language::En), "3 findings");
        assert_eq!(findings(3).said(Language::Ru), "3 замечания");
        assert_eq!(findings(5).said(Language::Ru), "5 замечаний");
        assert_eq!(findings(1).said(Language::Uz), "1 ta topilma");
    }
}
