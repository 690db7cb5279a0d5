//! A demo server the test controls (latency, faults, hit counts), on a
//! runtime of its own that lives as long as the server, so that a test
//! that is not async can start it and watch it. The dashboard runs against
//! it in a pseudo-terminal ([`Server::dashboard`]) or in-process
//! (`runner::Runner`).

use super::pty::{self, Tty};
use crmdeck::demo::{self, DemoHandle, DemoOptions};
use std::future::Future;
use tokio::task::JoinHandle;

/// A demo server and the runtime it runs on.
pub struct Server {
    pub handle: DemoHandle,
    runtime: tokio::runtime::Runtime,
}

impl Server {
    /// Starts a server on a free loopback port.
    pub fn start(options: DemoOptions) -> Self {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime for the demo server");
        let handle = runtime
            .block_on(demo::start(([127, 0, 0, 1], 0).into(), options))
            .expect("the demo server starts");
        Self { handle, runtime }
    }

    /// `crmdeck` (the dashboard) against this server, in a pseudo-terminal.
    pub fn dashboard(&self) -> Tty {
        pty::dashboard(&self.handle.base_url(), self.handle.token(), &[], &[])
    }

    /// Runs `work` on the server's runtime (tasks it spawns stay there).
    pub fn block_on<F: Future>(&self, work: F) -> F::Output {
        self.runtime.block_on(work)
    }

    /// Starts `work` on the server's runtime, beside the server.
    pub fn spawn<F>(&self, work: F) -> JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        self.runtime.spawn(work)
    }
}
