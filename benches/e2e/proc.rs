//! What Linux says about a process in /proc: CPU time used and peak memory.

use std::time::Duration;

/// CPU time a process has used so far, two ways.
#[derive(Debug, Clone, Copy)]
pub struct CpuTime {
    /// utime + stime of /proc/PID/stat: every thread, the exited ones
    /// included, in clock ticks (10 ms each on most kernels).
    pub ticks: Duration,
    /// The sum of sum_exec_runtime in /proc/PID/task/*/schedstat: live
    /// threads only, in nanoseconds. `None` where the kernel has no schedstat.
    pub scheduled: Option<Duration>,
}

impl CpuTime {
    /// The time used between `earlier` and this reading.
    pub fn since(&self, earlier: &CpuTime) -> CpuTime {
        CpuTime {
            ticks: self.ticks.saturating_sub(earlier.ticks),
            scheduled: self
                .scheduled
                .zip(earlier.scheduled)
                .map(|(now, then)| now.saturating_sub(then)),
        }
    }
}

/// Reads the CPU time of process `pid`.
pub fn cpu_time(pid: u32) -> Result<CpuTime, String> {
    let stat = read(&format!("/proc/{pid}/stat"))?;
    // The command name, in parentheses, may hold spaces: fields count from
    // its closing parenthesis. utime and stime are fields 14 and 15 of the
    // line, so the 12th and 13th after the name.
    let after_name = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .ok_or_else(|| format!("/proc/{pid}/stat: no command name"))?;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let field = |index: usize| -> Result<u64, String> {
        fields
            .get(index)
            .and_then(|value| value.parse().ok())
            .ok_or_else(|| format!("/proc/{pid}/stat: no field {}", index + 3))
    };
    let ticks = field(11)? + field(12)?;
    Ok(CpuTime {
        ticks: Duration::from_secs_f64(ticks as f64 / clock_ticks_per_second()),
        scheduled: scheduled_time(pid),
    })
}

/// Peak resident memory (VmHWM) of process `pid`, in bytes.
pub fn peak_rss(pid: u32) -> Result<u64, String> {
    let status = read(&format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| {
            value
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map(|kilobytes| kilobytes * 1024)
        .ok_or_else(|| format!("/proc/{pid}/status: no VmHWM"))
}

/// The sum of the live threads' run times, from schedstat.
fn scheduled_time(pid: u32) -> Option<Duration> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut nanoseconds = 0u64;
    for task in tasks {
        let schedstat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        nanoseconds += schedstat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(nanoseconds))
}

fn clock_ticks_per_second() -> f64 {
    // SAFETY: sysconf reads a configuration value; no memory of ours is involved.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if ticks > 0 { ticks as f64 } else { 100.0 }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}
