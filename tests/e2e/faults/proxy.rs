//! A TCP proxy between the dashboard and its server, which the test can
//! make refuse connections or go silent (connections never complete, so
//! the client's connect timeout ends them), and forward again: a server
//! that goes away after the first page and comes back, on the same address.

use crate::support::silent_listener::silent_listener;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::task::JoinHandle;

/// Connections being forwarded, so that they can be cut.
type Connections = Arc<Mutex<Vec<JoinHandle<()>>>>;

/// What the proxy's address does now.
enum Mode {
    /// Accepts and forwards every connection to the upstream.
    Forwarding {
        accept: JoinHandle<()>,
        connections: Connections,
    },
    /// Nothing listens: a connection is refused.
    Refusing,
    /// A listener whose accept queue is full: a connection never completes.
    Silent {
        _listener: TcpListener,
        _queued: Vec<TcpStream>,
    },
}

/// The proxy; its methods run on the tokio runtime its tasks live on.
pub struct Proxy {
    addr: SocketAddr,
    upstream: SocketAddr,
    mode: Mode,
}

impl Proxy {
    /// A proxy on a free loopback port, forwarding to `upstream`.
    pub async fn start(upstream: SocketAddr) -> Self {
        let listener = listen(SocketAddr::from(([127, 0, 0, 1], 0)));
        let addr = listener.local_addr().expect("the proxy's address");
        Self {
            addr,
            upstream,
            mode: forwarding(listener, upstream),
        }
    }

    /// `http://127.0.0.1:PORT`, whatever the mode.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Forwards connections again (from any mode).
    pub async fn forward(&mut self) {
        if matches!(self.mode, Mode::Forwarding { .. }) {
            return;
        }
        self.stop().await;
        self.mode = forwarding(listen(self.addr), self.upstream);
    }

    /// Cuts every connection and refuses new ones.
    pub async fn refuse(&mut self) {
        self.stop().await;
    }

    /// Cuts every connection; new ones never complete.
    pub async fn go_silent(&mut self) {
        self.stop().await;
        let (listener, queued) = silent_listener(self.addr).await;
        self.mode = Mode::Silent {
            _listener: listener,
            _queued: queued,
        };
    }

    /// Closes the port and every connection through it (the client's pooled
    /// ones included), and waits until they are closed.
    async fn stop(&mut self) {
        if let Mode::Forwarding {
            accept,
            connections,
        } = std::mem::replace(&mut self.mode, Mode::Refusing)
        {
            accept.abort();
            // Once the task is gone, so is its listener; and no connection
            // can be added to the list any more.
            let _ = accept.await;
            let cut = std::mem::take(&mut *lock(&connections));
            for connection in cut {
                connection.abort();
                let _ = connection.await;
            }
        }
    }
}

/// A listener on `addr`, which may have been listened on a moment ago.
fn listen(addr: SocketAddr) -> TcpListener {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.set_reuseaddr(true).expect("SO_REUSEADDR");
    socket.bind(addr).expect("the proxy binds its address");
    socket.listen(128).expect("listen")
}

/// Accepts on `listener` and forwards each connection to `upstream`.
fn forwarding(listener: TcpListener, upstream: SocketAddr) -> Mode {
    let connections = Connections::default();
    let list = Arc::clone(&connections);
    let accept = tokio::spawn(async move {
        while let Ok((mut inbound, _)) = listener.accept().await {
            let connection = tokio::spawn(async move {
                if let Ok(mut outbound) = TcpStream::connect(upstream).await {
                    // Ends when either side closes; errors are the test's faults.
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                }
            });
            lock(&list).push(connection);
        }
    });
    Mode::Forwarding {
        accept,
        connections,
    }
}

fn lock(connections: &Connections) -> std::sync::MutexGuard<'_, Vec<JoinHandle<()>>> {
    connections.lock().unwrap_or_else(PoisonError::into_inner)
}
