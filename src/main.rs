use crmdeck::cli::{self, Args};
use crmdeck::{config, logging, runtime, secret};
use std::process::ExitCode;
use std::time::Duration;

/// How long leaving may wait for blocking work still running (a slow
/// `token_command` started by a token reload): quitting must stay quick.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(500);

fn main() -> ExitCode {
    // Before any token is read: no core dump may hold it.
    secret::forbid_core_dumps();
    let args = Args::parse_command_line();
    // A file past `ulimit -f` is then an error of the write (EFBIG), which
    // the log drops and stdout reports, not a silent death (exit 153).
    // SAFETY: setting a signal's disposition to SIG_IGN before any thread starts.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    let log = logging::init(&config::log_path(&|name| std::env::var(name).ok()));
    // Once, before the dashboard takes the screen (it stays on the main
    // screen; the dashboard repeats it on its status line).
    if let Some(warning) = log.warning() {
        eprintln!("crmdeck: warning: {warning}");
    }
    let tokio = match tokio::runtime::Runtime::new() {
        Ok(tokio) => tokio,
        Err(error) => {
            eprintln!("crmdeck: cannot start the async runtime: {error}");
            return ExitCode::from(1);
        }
    };
    let code = tokio.block_on(async {
        match args.command {
            Some(command) => cli::run(&args.global, command, &log).await,
            None => {
                let overrides = cli::overrides(&args.global);
                let subcommands = cli::subcommand_names();
                let fleet = cli::fleet_choice(&args.global);
                let demo = (args.global.demo, &fleet);
                runtime::run(&overrides, demo, &log, &subcommands).await
            }
        }
    });
    // A token command still running (started by `:profile` or `R`) is
    // ended with all it started, not left to init.
    secret::end_token_commands();
    tokio.shutdown_timeout(SHUTDOWN_GRACE);
    if let Some(why) = log.finish() {
        eprintln!("crmdeck: warning: the log stopped being written: {why}");
    }
    code
}
