//! `crmdeck demo-server`: the demo API on a port, until Ctrl-C.

use super::args::DemoServerArgs;
use super::{CliError, chatter};
use crate::demo::{self, Changes, DemoOptions, parse_fault_spec};
use crate::i18n::fill;
use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

pub async fn run(args: &DemoServerArgs) -> Result<(), CliError> {
    if let Some(port) = &args.port {
        return Err(CliError::Usage(no_port(args.addr, port)));
    }
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
        changes: args
            .epoch
            .map_or_else(|| Changes::every(args.changes_every), Changes::Epoch),
        ..DemoOptions::default()
    };
    let handle = demo::start(args.addr, options)
        .await
        .map_err(|e| CliError::Usage(fill::cli_cannot_listen(chatter::language(), args.addr, e)))?;
    for (fault, times, scope) in faults {
        handle.faults().push(fault, times, scope);
    }
    // The demo token is no secret: it only opens this demo.
    let mut stdout = std::io::stdout().lock();
    let printed = writeln!(stdout, "base_url: {}", handle.base_url())
        .and_then(|()| writeln!(stdout, "token: {}", handle.token()))
        .and_then(|()| {
            writeln!(
                stdout,
                "# try: CRMDECK_BASE_URL={} CRMDECK_TOKEN={} crmdeck groups",
                handle.base_url(),
                handle.token()
            )
        })
        .and_then(|()| match handle.epoch() {
            Some(epoch) if args.epoch.is_none() => writeln!(
                stdout,
                "# the centre changes every {} s (epoch {epoch} now); --changes-every 0 freezes it",
                args.changes_every
            ),
            Some(epoch) => writeln!(stdout, "# the centre of epoch {epoch}, always"),
            None => Ok(()),
        })
        .and_then(|()| stdout.flush());
    drop(stdout);
    // A reader that took the address and went (`| head -2`, a test) must
    // not take the server down with it: it serves until Ctrl-C all the same.
    if let Err(error) = printed {
        tracing::warn!(%error, "demo server: stdout closed");
    }
    tokio::signal::ctrl_c().await?;
    handle.shutdown().await;
    Ok(())
}

/// Why `--port PORT` is refused: the `--addr` that listens there, on the
/// address's own IP (`--addr 127.0.0.1:9001`).
fn no_port(addr: SocketAddr, port: &str) -> String {
    let port = port.trim();
    let instead = match port.parse::<u16>() {
        Ok(port) => SocketAddr::new(addr.ip(), port).to_string(),
        Err(_) => format!("{}:{port}", addr.ip()),
    };
    fill::demo_server_no_port(chatter::language(), format!("--addr {instead}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_port_is_refused_naming_the_addr_that_listens_there() {
        let default: SocketAddr = "127.0.0.1:8787".parse().unwrap();
        let said = no_port(default, "9001");
        assert!(said.contains("--addr 127.0.0.1:9001"), "{said}");
        let any: SocketAddr = "0.0.0.0:8787".parse().unwrap();
        assert!(no_port(any, " 80 ").contains("--addr 0.0.0.0:80"));
        let v6: SocketAddr = "[::1]:8787".parse().unwrap();
        assert!(no_port(v6, "9001").contains("--addr [::1]:9001"));
    }
}
