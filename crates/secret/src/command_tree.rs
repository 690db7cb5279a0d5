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
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The environment variable that marks a command's processes.
pub const MARK: &str = "CRMDECK_TOKEN_COMMAND";

/// A mark no other command of this or another crmdeck carries.
pub fn new_mark() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{}-{n}", std::process::id())
}

/// The token commands running, by their shell's id (the group's) and
/// mark: what [`Running::end_all`] ends when crmdeck quits, so that a
/// command a `:profile` switch or a token reload started does not outlive
/// the dashboard (adopted by init).
pub struct Running(Mutex<Vec<(u32, String)>>);

/// The token commands of this process ([`end_all`]).
pub static RUNNING: Running = Running::new();

impl Running {
    pub const fn new() -> Self {
        Self(Mutex::new(Vec::new()))
    }

    fn lock(&self) -> MutexGuard<'_, Vec<(u32, String)>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes the command whose shell is `shell` (our child, not yet
    /// reaped) until the guard is dropped, which must happen before the
    /// shell is reaped: while it is listed, its id is still ours.
    pub fn add(&self, shell: u32, mark: &str) -> Listed<'_> {
        self.lock().push((shell, mark.to_string()));
        Listed {
            running: self,
            shell,
        }
    }

    /// Ends every command listed, with its tree ([`end_tree`]). The list is
    /// held meanwhile, so none of their shells is reaped (and its id
    /// reused) before it is killed.
    pub fn end_all(&self) {
        let running = self.lock();
        for (shell, mark) in running.iter() {
            end_tree(*shell, mark);
        }
    }
}

impl Default for Running {
    fn default() -> Self {
        Self::new()
    }
}

/// A command listed in [`Running`] while this lives.
pub struct Listed<'r> {
    running: &'r Running,
    shell: u32,
}

impl Drop for Listed<'_> {
    fn drop(&mut self) {
        self.running
            .lock()
            .retain(|(shell, _)| *shell != self.shell);
    }
}

/// Ends every token command still running, with all it started: for
/// quitting.
pub fn end_all() {
    RUNNING.end_all();
}

/// Kills the command's whole tree: what [`end_below`] reaches, then its
/// process group (the shell, made the group's leader, so the group's id is
/// its own, and what did not leave the group). The caller reaps the shell.
pub fn end_tree(shell: u32, mark: &str) {
    end_below(shell, mark);
    if let Ok(group) = libc::pid_t::try_from(shell) {
        // SAFETY: kill takes no pointers; a negative id names a process group.
        unsafe { libc::kill(-group, libc::SIGKILL) };
    }
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
