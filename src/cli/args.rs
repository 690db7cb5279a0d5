//! The command line. Global flags work before or after the subcommand. The
//! token is never a flag: it would show in the process list.

use super::help_language;
use crate::demo::{
    DEFAULT_CHANGES_EVERY, DEFAULT_GROUPS, ENV_CHANGES_EVERY, ENV_GROUPS, ENV_MAX_PER_PAGE,
    MAX_CHANGES_EVERY, MAX_GROUPS, MAX_PER_PAGE,
};
use crate::domain::changes::Since;
use crate::domain::timetable::WorkingHours;
use crate::domain::today::{At, DayChoice, NoSuchDay, parse_at_or_time};
use crate::i18n::{Language, fill};
use clap::{Args as ClapArgs, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "crmdeck",
    version,
    about = "A terminal dashboard for your education centre's CRM: study groups and plugins",
    after_help = "Without a subcommand crmdeck opens the dashboard.\n\
                  Try it with no account: crmdeck --demo\n\
                  Exit codes: 0 ok, 1 API or network error, 2 usage or config error."
)]
pub struct Args {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Args {
    /// The command line as parsed: [`Args::parse`], but `demo-server
    /// --help` lists its own options alone (the global ones do not apply
    /// to it, and are still accepted).
    pub fn command_line() -> clap::Command {
        let command = <Self as clap::CommandFactory>::command();
        // Its own hidden copy of each: the build copies a global argument
        // only into the subcommands that have none of that id.
        let hidden: Vec<clap::Arg> = (command.get_arguments())
            .filter(|arg| arg.is_global_set())
            .map(|arg| arg.clone().hide(true))
            .collect();
        command.mut_subcommand("demo-server", |server| server.args(hidden))
    }

    /// Parses this process's arguments with [`Args::command_line`], its
    /// one-line descriptions in the language chosen (`help_language.rs`);
    /// exits as clap does on a usage error or `--help`.
    pub fn parse_command_line() -> Self {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        let language = help_language::language_of(&args, &|name| std::env::var(name).ok());
        let command = help_language::translated(Self::command_line(), language);
        let matches = command.get_matches_from(args);
        <Self as clap::FromArgMatches>::from_arg_matches(&matches)
            .unwrap_or_else(|error| error.exit())
    }
}

#[derive(Debug, Clone, ClapArgs)]
pub struct GlobalArgs {
    /// Config file (default: $XDG_CONFIG_HOME/crmdeck/config.toml)
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Profile from the config file ([profiles.NAME]); also CRMDECK_PROFILE
    #[arg(long, global = true, value_name = "NAME")]
    pub profile: Option<String>,
    /// Several centres at once: these profiles, comma-separated (`centres`,
    /// `today`, `changes`, `timetable --check`, `plugins`)
    #[arg(long, global = true, value_name = "A,B", value_delimiter = ',', conflicts_with_all = ["profile", "fleet"])]
    pub profiles: Vec<String>,
    /// Several centres at once: the profiles of the config's [fleets.NAME]
    /// (`demo` under --demo)
    #[arg(long, global = true, value_name = "NAME", conflicts_with = "profile")]
    pub fleet: Option<String>,
    /// API base URL, e.g. https://api.example.uz; also CRMDECK_BASE_URL
    #[arg(long, global = true, value_name = "URL")]
    pub base_url: Option<String>,
    /// Language of the interface: en, ru, uz or uz-Cyrl; also CRMDECK_LANG,
    /// the config's `language`, else the locale (JSON and CSV never change)
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<String>,
    /// Run against an embedded demo server (no account needed)
    #[arg(long, global = true)]
    pub demo: bool,
    /// Refuse anything that changes data (install)
    #[arg(long, global = true)]
    pub read_only: bool,
    /// Neither read nor write the snapshot of the last complete walk (see
    /// `crmdeck cache`)
    #[arg(long, global = true)]
    pub no_cache: bool,
    /// Errors only on stderr: no warnings, progress or counts (for cron)
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Progress and counts on stderr even when it is not a terminal
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// Output format (default: table on a terminal, json otherwise; `info`: text)
    #[arg(long, global = true, value_enum)]
    pub format: Option<Format>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned columns (a grid for `timetable`; `text` is the same)
    #[value(alias = "text")]
    Table,
    Json,
    Csv,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the plugin catalogue
    #[command(after_help = "Example:\n  crmdeck plugins --format csv > plugins.csv")]
    Plugins {
        /// Show installation tokens in full (masked otherwise)
        #[arg(long)]
        show_token: bool,
    },
    /// Install a plugin from the catalogue
    #[command(after_help = "Examples:\n  crmdeck install 3 --yes\n  \
                            crmdeck install 3 --profiles north,east --dry-run\n  \
                            crmdeck install 3 --fleet city")]
    Install {
        /// The plugin's id (see `crmdeck plugins`)
        plugin_id: i64,
        /// Do not ask for confirmation
        #[arg(long, short = 'y')]
        yes: bool,
        /// Print the installation token in full (masked otherwise)
        #[arg(long)]
        show_token: bool,
        /// With --profiles or --fleet: print what each centre would get
        /// and send nothing
        #[arg(long)]
        dry_run: bool,
    },
    /// List study groups, a page at a time or all of them
    #[command(after_help = "Examples:\n  crmdeck groups --branch 2 --page 3\n  \
                            crmdeck groups --branch chilonzor --all\n  \
                            crmdeck groups --all --format json | jq '.[].name'")]
    Groups(GroupsArgs),
    /// A branch's week: every active group on each weekday it meets
    #[command(after_help = "Examples:\n  crmdeck timetable --branch 2\n  \
                            crmdeck timetable --branch 2 --hours 09:00-20:00 --format csv > week.csv\n  \
                            crmdeck timetable --check\n\
                            `--format table` is the text grid (the default on a terminal).\n\
                            --check prints nothing and exits 0 when all is well, the findings and 1\n\
                            otherwise, 2 when it could not check. Without --branch (and no branch_id\n\
                            in the config) it checks every branch. In a crontab, where any output\n\
                            is mailed, this mails the findings only:\n  \
                            MAILTO=ops@example.uz\n  \
                            0 7 * * 1-6  crmdeck timetable --check --format table")]
    Timetable(TimetableArgs),
    /// Today's lessons in the centre's zone: now, next, later today, done
    #[command(after_help = "Examples:\n  crmdeck today --branch 2\n  \
                            crmdeck today --at 2026-11-23T15:50 --format json\n\
                            Without --branch (and no branch_id in the config): every branch.\n\
                            Groups whose days or times cannot be read are listed last (cannot_place).")]
    Today(TodayArgs),
    /// What changed since an earlier complete walk: new, changed, archived, gone groups
    #[command(after_help = "Examples:\n  crmdeck changes\n  \
                            crmdeck changes --since mon --branch 2 --format csv\n  \
                            crmdeck changes --since last --filter python\n\
                            The centre is walked now and compared with the history kept beside the\n\
                            snapshot (history_days in the config). Nothing is printed and the exit\n\
                            is 0 when nothing changed; the changes and 1 when something did; 2 when\n\
                            it cannot tell (no baseline, pages missing, the server or the network).\n\
                            In a crontab, where any output is mailed, this mails the changes only:\n  \
                            MAILTO=ops@example.uz\n  \
                            30 7 * * *  crmdeck changes --since yesterday --format table -q || true")]
    Changes(ChangesArgs),
    /// List the centre's branches (id and name)
    #[command(after_help = "Example:\n  crmdeck branches --format csv > branches.csv")]
    Branches,
    /// Every centre of the fleet at a glance: status, latency, groups, plugins, token
    #[command(after_help = "Examples:\n  crmdeck centres\n  \
                            crmdeck centres --fleet city --format csv > centres.csv\n  \
                            crmdeck --demo centres\n\
                            Every profile of the config unless --profiles or --fleet names some; asked\n\
                            fleet_concurrency at a time (4). Exit 0 when every centre answered, 1 when\n\
                            any did not, 2 for usage.")]
    Centres,
    /// The dashboard's keys as in use: the defaults with the config's [keys]
    #[command(
        after_help = "Examples:\n  crmdeck keys\n  crmdeck keys --format json\n\
                            Rebind an action by its name in the config: [keys] install = [\"i\", \"F5\"]"
    )]
    Keys,
    /// Show the config, profile, base URL, token source and expiry, log path
    #[command(
        after_help = "Examples:\n  crmdeck --profile staging info\n  crmdeck info --format json"
    )]
    Info,
    /// The snapshots kept for an instant start ($XDG_CACHE_HOME/crmdeck)
    #[command(after_help = "Example:\n  crmdeck cache clear\n\
                            `crmdeck info` shows this profile's snapshot and its age.")]
    Cache {
        #[command(subcommand)]
        action: CacheAction,
    },
    /// Serve the demo API on a port for other clients
    #[command(
        after_help = "Examples:\n  crmdeck demo-server --addr 127.0.0.1:8787\n  \
                            crmdeck demo-server --changes-every 60   # another centre every minute\n  \
                            crmdeck demo-server --latency-ms 300 --fault 502x2@groups\n  \
                            crmdeck demo-server --groups 5000 --max-per-page 20 --fault 500@groups:page=7\n\
                            Fault specs: 500, 500x3, html:502, empty:200, truncated, wrong-shape,\n\
                            hang, drop, drip, oversize:20000000, retry-after:2, each with an optional\n\
                            @plugins|@install|@groups|@branches|@me suffix (@groups:page=N: that page only).\n\
                            crmdeck --demo takes --groups, --max-per-page and --changes-every from\n\
                            CRMDECK_DEMO_GROUPS, CRMDECK_DEMO_MAX_PER_PAGE and CRMDECK_DEMO_CHANGES_EVERY."
    )]
    DemoServer(DemoServerArgs),
    /// Print a shell's completion script (needs no config, token or network)
    #[command(after_help = "Install (one line each):\n  \
                            crmdeck completions bash > ~/.local/share/bash-completion/completions/crmdeck\n  \
                            crmdeck completions zsh > ~/.zfunc/_crmdeck   # with fpath+=~/.zfunc in ~/.zshrc\n  \
                            crmdeck completions fish > ~/.config/fish/completions/crmdeck.fish")]
    Completions {
        /// The shell the script is for
        #[arg(required_unless_present_any = ["profile_names", "branches"])]
        shell: Option<Shell>,
        /// The config file's profile names instead, one a line: what the
        /// bash script offers after --profile
        #[arg(long, hide = true)]
        profile_names: bool,
        /// The centre's branch names instead (from the API), one a line:
        /// what the bash script offers after --branch
        #[arg(long, hide = true, conflicts_with = "profile_names")]
        branches: bool,
    },
    /// Print the manual page (roff; needs no config, token or network)
    #[command(after_help = "Install:\n  \
                            crmdeck man > ~/.local/share/man/man1/crmdeck.1   # then: man crmdeck")]
    Man,
}

#[derive(Debug, Clone, Copy, Subcommand)]
pub enum CacheAction {
    /// Remove every snapshot and history file (of every profile) and say which
    Clear,
}

#[derive(Debug, Clone, ClapArgs)]
pub struct GroupsArgs {
    /// Only this branch's groups: its id or name (either script, any case,
    /// or the start of it)
    #[arg(long, value_name = "ID|NAME")]
    pub branch: Option<String>,
    /// Page number
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub page: u64,
    /// Groups per page (the server may cap it; default from the config,
    /// 100 with --all)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub per_page: Option<u32>,
    /// Every page, several at once (max_in_flight of the config; progress on stderr)
    #[arg(long, conflicts_with = "page")]
    pub all: bool,
    /// With --all: when pages still fail, print the groups of the others
    /// (a warning names the missing pages) instead of failing
    #[arg(long, requires = "all")]
    pub partial: bool,
    /// Only the groups that meet QUERY, the dashboard's `/` query: words
    /// to find in names and courses, weekdays (tue, sesh; Russian and
    /// Uzbek names too), parts of the day (evening), times on the start
    /// (17:00, >=17, 17-20), branch:, course:, status:, days: (see the
    /// README's "Query language")
    #[arg(long, value_name = "QUERY")]
    pub filter: Option<String>,
    /// A query kept by name: the config's [queries] (evening = "tue
    /// evening") or one `:save NAME` kept in the dashboard; with --filter,
    /// both apply
    #[arg(long, value_name = "NAME")]
    pub query: Option<String>,
}

#[derive(Debug, Clone, ClapArgs)]
pub struct TimetableArgs {
    /// The branch: its id or name, as for `groups` (default: branch_id from
    /// the config)
    #[arg(long, value_name = "ID|NAME")]
    pub branch: Option<String>,
    /// The centre's working hours: the grid's rows and the first free hour
    /// [default: working_hours of the config, else 08:00-21:00]
    #[arg(long, value_name = "HH:MM-HH:MM")]
    pub hours: Option<WorkingHours>,
    /// Place archived groups (and other statuses) too
    #[arg(long)]
    pub archived: bool,
    /// Print what is wrong instead of the week, one line per finding
    /// (exit 1 when there is one): groups that cannot be placed, lessons
    /// that end before they start, run past midnight or lie outside the
    /// working hours, hours with more groups at once than max_parallel
    #[arg(long)]
    pub check: bool,
    /// Only the groups that meet QUERY, the dashboard's `/` query: words
    /// to find in names and courses, weekdays (tue, sesh; Russian and
    /// Uzbek names too), parts of the day (evening), times on the start
    /// (17:00, >=17, 17-20), branch:, course:, status:, days: (see the
    /// README's "Query language")
    #[arg(long, value_name = "QUERY")]
    pub filter: Option<String>,
    /// A query kept by name: the config's [queries] (evening = "tue
    /// evening") or one `:save NAME` kept in the dashboard; with --filter,
    /// both apply
    #[arg(long, value_name = "NAME")]
    pub query: Option<String>,
}

#[derive(Debug, Clone, ClapArgs)]
pub struct TodayArgs {
    /// The branch: its id or name, as for `groups` (default: branch_id from
    /// the config, else every branch)
    #[arg(long, value_name = "ID|NAME")]
    pub branch: Option<String>,
    /// The moment to answer for, in the centre's zone: a date and time, or
    /// a time of day today [default: now]
    #[arg(long, value_name = "[YYYY-MM-DDT]HH:MM", value_parser = parse_at_or_time)]
    pub at: Option<At>,
    /// The day to list, counted from the moment: tomorrow, a weekday (fri,
    /// juma: the coming one; Russian and Uzbek words too) or a date
    /// YYYY-MM-DD; another day lists its lessons in time order [default: today]
    #[arg(long, value_name = "tomorrow|WEEKDAY|DATE", value_parser = parse_day)]
    pub day: Option<DayChoice>,
    /// Archived groups (and other statuses) too
    #[arg(long)]
    pub archived: bool,
    /// Only the groups that meet QUERY, the dashboard's `/` query: words
    /// to find in names and courses, weekdays (tue, sesh; Russian and
    /// Uzbek names too), parts of the day (evening), times on the start
    /// (17:00, >=17, 17-20), branch:, course:, status:, days: (see the
    /// README's "Query language")
    #[arg(long, value_name = "QUERY")]
    pub filter: Option<String>,
    /// A query kept by name: the config's [queries] (evening = "tue
    /// evening") or one `:save NAME` kept in the dashboard; with --filter,
    /// both apply
    #[arg(long, value_name = "NAME")]
    pub query: Option<String>,
}

#[derive(Debug, Clone, ClapArgs)]
pub struct ChangesArgs {
    /// The baseline: yesterday, last (the previous complete walk, today's
    /// too), a date (YYYY-MM-DD) or a weekday (mon: the most recent before
    /// today) [default: the last complete walk of an earlier day]
    #[arg(long, value_name = "WHEN")]
    pub since: Option<Since>,
    /// The branch: its id or name, as for `groups` (default: branch_id from
    /// the config, else every branch)
    #[arg(long, value_name = "ID|NAME")]
    pub branch: Option<String>,
    /// Only the changes of groups that meet QUERY, the dashboard's `/`
    /// query (see the README's "Query language")
    #[arg(long, value_name = "QUERY")]
    pub filter: Option<String>,
}

#[derive(Debug, Clone, ClapArgs)]
pub struct DemoServerArgs {
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1:8787")]
    pub addr: SocketAddr,
    /// Not an option: taken only to say that `--addr` gives the port
    /// (clap's nearest name for `--port` was `--format`, a global one).
    #[arg(long, hide = true, value_name = "PORT")]
    pub port: Option<String>,
    /// Delay every answer by this many milliseconds
    #[arg(long, env = "CRMDECK_DEMO_LATENCY_MS", default_value_t = 0)]
    pub latency_ms: u64,
    /// Groups of the demo centre, over its four branches (the same every run)
    #[arg(
        long,
        env = ENV_GROUPS,
        default_value_t = DEFAULT_GROUPS as u64,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(0..=MAX_GROUPS as u64)
    )]
    pub groups: u64,
    /// The most groups a page holds: a larger per_page is cut to it silently
    #[arg(
        long,
        env = ENV_MAX_PER_PAGE,
        default_value_t = MAX_PER_PAGE,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..=MAX_PER_PAGE)
    )]
    pub max_per_page: u64,
    /// The centre changes every SECS seconds (an epoch): a few lessons move,
    /// groups are archived, appear and go; 0 freezes it
    #[arg(
        long,
        env = ENV_CHANGES_EVERY,
        default_value_t = DEFAULT_CHANGES_EVERY,
        value_name = "SECS",
        value_parser = clap::value_parser!(u64).range(0..=MAX_CHANGES_EVERY)
    )]
    pub changes_every: u64,
    /// Serve epoch N of the centre, always (instead of --changes-every)
    #[arg(long, value_name = "N")]
    pub epoch: Option<u64>,
    /// Inject a fault (repeatable; env: comma-separated)
    #[arg(
        long = "fault",
        env = "CRMDECK_DEMO_FAULTS",
        value_delimiter = ',',
        value_name = "SPEC"
    )]
    pub faults: Vec<String>,
}

/// `--day`: a day as `:today` takes it; the message names what is taken.
fn parse_day(text: &str) -> Result<DayChoice, String> {
    text.parse()
        .map_err(|NoSuchDay(value)| fill::day_unknown(Language::En, value))
}
