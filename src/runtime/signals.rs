//! The Unix signals the dashboard answers. Ctrl-C and Ctrl-Z arrive as keys
//! in raw mode; these come from outside: `kill`, a dropped SSH connection,
//! the shell's `fg`.

use tokio::signal::unix::{Signal as Listener, SignalKind, signal};

/// A signal that reached the dashboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// SIGTERM: restore the terminal and leave.
    Terminate,
    /// SIGHUP: the terminal is gone (an SSH connection dropped): leave quietly.
    HangUp,
    /// SIGINT from outside (Ctrl-C itself is a key in raw mode): leave.
    Interrupt,
    /// SIGCONT: we run again after a stop: take the terminal back, redraw.
    Continue,
}

impl Signal {
    /// The exit code a shell shows for a death by this signal (128 + its
    /// number); None for a signal that does not end the dashboard.
    pub fn exit_code(self) -> Option<u8> {
        let number = match self {
            Self::Terminate => libc::SIGTERM,
            Self::HangUp => libc::SIGHUP,
            Self::Interrupt => libc::SIGINT,
            Self::Continue => return None,
        };
        u8::try_from(128 + number).ok()
    }
}

/// Listeners for every [`Signal`], installed for the dashboard's lifetime.
pub struct Signals {
    terminate: Listener,
    hang_up: Listener,
    interrupt: Listener,
    resume: Listener,
}

impl Signals {
    /// Installs the handlers (the signals' default actions stop applying).
    pub fn listen() -> std::io::Result<Self> {
        Ok(Self {
            terminate: signal(SignalKind::terminate())?,
            hang_up: signal(SignalKind::hangup())?,
            interrupt: signal(SignalKind::interrupt())?,
            resume: signal(SignalKind::from_raw(libc::SIGCONT))?,
        })
    }

    /// The next signal to arrive.
    pub async fn recv(&mut self) -> Signal {
        tokio::select! {
            Some(()) = self.terminate.recv() => Signal::Terminate,
            Some(()) = self.hang_up.recv() => Signal::HangUp,
            Some(()) = self.interrupt.recv() => Signal::Interrupt,
            Some(()) = self.resume.recv() => Signal::Continue,
            // Every listener closed: the runtime is shutting down anyway.
            else => std::future::pending().await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_the_shell_convention() {
        assert_eq!(Signal::Terminate.exit_code(), Some(143));
        assert_eq!(Signal::HangUp.exit_code(), Some(129));
        assert_eq!(Signal::Interrupt.exit_code(), Some(130));
        assert_eq!(Signal::Continue.exit_code(), None);
    }
}
