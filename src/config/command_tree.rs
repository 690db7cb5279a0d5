//! The whole tree of a token command, ended at its time-out: the shell's
//! process group (what `kill(-group)` reaches) and also what left it, a
//! child that started a session of its own (`setsid sleep 333 &`) and was
//! orphaned on the way (`(setsid … &)`), re-parented to init.
//!
//! Each command runs with a mark in its environment ([`MARK`], a value of
//! its own), which its descendants inherit: at the time-out, every process
//! of the user's that carries the command's mark (read from
//! `/proc/PID/environ`), and every descendant of its shell, is killed. No
//! child subreaper is needed, so nothing of a successful command (a
//! gpg-agent it started) is ever adopted by crmdeck.
//!
//! What is not covered: a process that both left the shell's tree and
//! cleared its environment (`env -i`), and any system but Linux, where only
//! the process group is ended (what the time-out ended before).

use std::sync::atomic::{AtomicU64, Ordering};

/// The environment variable that marks a command's processes.
pub const MARK: &str = "CRMDECK_TOKEN_COMMAND";

/// A mark no other command of this or another crmdeck carries.
pub fn new_mark() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{}-{n}", std::process::id())
}

/// Kills, with SIGKILL, every process below `shell` (not `shell` itself:
/// its group is ended by the caller, who reaps it) and every process
/// carrying `mark`. Rounds until none is left (a fork racing one round is
/// caught by the next), five at most.
pub fn end_below(shell: u32, mark: &str) {
    #[cfg(target_os = "linux")]
    linux::end_below(shell, mark);
    #[cfg(not(target_os = "linux"))]
    let _ = (shell, mark);
}

#[cfg(target_os = "linux")]
mod linux {
    /// A process's id and its parent's, as `/proc/PID/stat` says.
    fn parent_of(pid: u32) -> Option<u32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // `pid (name) state ppid …`: the name may hold spaces and parentheses.
        stat.rsplit_once(')')?
            .1
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    }

    /// Whether `pid`'s environment holds `entry` (`NAME=value`); only the
    /// user's own processes can be read.
    fn carries(pid: u32, entry: &[u8]) -> bool {
        std::fs::read(format!("/proc/{pid}/environ"))
            .is_ok_and(|environ| environ.split(|b| *b == 0).any(|e| e == entry))
    }

    fn every_pid() -> Vec<u32> {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        (entries.flatten())
            .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
            .collect()
    }

    /// The processes to end: below `shell`, or carrying `entry`.
    fn doomed(shell: u32, entry: &[u8]) -> Vec<u32> {
        let me = std::process::id();
        let table: Vec<(u32, Option<u32>)> = every_pid()
            .into_iter()
            .map(|pid| (pid, parent_of(pid)))
            .collect();
        let mut found: Vec<u32> = (table.iter())
            .map(|(pid, _)| *pid)
            .filter(|pid| *pid != shell && *pid != me && carries(*pid, entry))
            .collect();
        let mut frontier = vec![shell];
        while let Some(parent) = frontier.pop() {
            for (child, _) in table.iter().filter(|(_, p)| *p == Some(parent)) {
                if !found.contains(child) {
                    found.push(*child);
                    frontier.push(*child);
                }
            }
        }
        found
    }

    pub fn end_below(shell: u32, mark: &str) {
        let entry = format!("{}={mark}", super::MARK).into_bytes();
        for _ in 0..5 {
            let doomed = doomed(shell, &entry);
            if doomed.is_empty() {
                break;
            }
            for pid in doomed {
                if let Ok(pid) = libc::pid_t::try_from(pid) {
                    // SAFETY: kill takes no pointers.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
            }
        }
    }
}
