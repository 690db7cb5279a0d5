//! `crmdeck demo-server`: the demo API on a port, until Ctrl-C.

use super::CliError;
use super::args::DemoServerArgs;
use crate::demo::{self, DemoOptions, parse_fault_spec};
use std::io::Write;
use std::time::Duration;

pub async fn run(args: &DemoServerArgs) -> Result<(), CliError> {
    let faults = args
        .faults
        .iter()
        .filter(|spec| !spec.trim().is_empty())
        .map(|spec| parse_fault_spec(spec.trim()).map_err(CliError::Usage))
        .collect::<Result<Vec<_>, _>>()?;
    let options = DemoOptions {
        latency: Duration::from_millis(args.latency_ms),
        groups: args.groups as usize,
        max_per_page: args.max_per_page,
        ..DemoOptions::default()
    };
    let handle = demo::start(args.addr, options)
        .await
        .map_err(|e| CliError::Usage(format!("cannot listen on {}: {e}", args.addr)))?;
    for (fault, times, scope) in faults {
        handle.faults().push(fault, times, scope);
    }
    // The demo token is no secret: it only opens this demo.
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "base_url: {}", handle.base_url())?;
    writeln!(stdout, "token: {}", handle.token())?;
    writeln!(
        stdout,
        "# try: CRMDECK_BASE_URL={} CRMDECK_TOKEN={} crmdeck groups",
        handle.base_url(),
        handle.token()
    )?;
    stdout.flush()?;
    drop(stdout);
    tokio::signal::ctrl_c().await?;
    handle.shutdown().await;
    Ok(())
}
