use clap::Parser;
use crmdeck::cli::{self, Args};
use crmdeck::{config, logging};
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    // Before any terminal set-up, so a panic report comes after restoring it.
    let _ = color_eyre::install();
    let _log = logging::init(&config::log_path(&|name| std::env::var(name).ok()));
    match args.command {
        Some(command) => cli::run(&args.global, command).await,
        None => {
            eprintln!(
                "crmdeck: the interactive dashboard is not built yet; use a subcommand: \
                 plugins, install, groups, timetable, info, demo-server (see crmdeck --help)"
            );
            ExitCode::from(2)
        }
    }
}
