//! A TCP listener that never completes a connection, as a host that went
//! silent: its accept queue is full, and Linux then drops further SYNs, so
//! a client waits until its connect timeout.

use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::{TcpListener, TcpSocket, TcpStream};

/// A listener on `addr` (port 0: a free one) whose accept queue is full,
/// and the queued connections, which must stay open meanwhile.
pub async fn silent_listener(addr: SocketAddr) -> (TcpListener, Vec<TcpStream>) {
    let socket = TcpSocket::new_v4().expect("socket");
    // The port may have been listened on a moment ago (a proxy going silent).
    socket.set_reuseaddr(true).expect("SO_REUSEADDR");
    socket.bind(addr).expect("bind");
    // A backlog of 0: the queue holds one connection (or very few).
    let listener = socket.listen(0).expect("listen");
    let addr = listener.local_addr().expect("address");
    let mut queued = Vec::new();
    for _ in 0..16 {
        let attempt = TcpStream::connect(addr);
        match tokio::time::timeout(Duration::from_millis(300), attempt).await {
            Ok(stream) => queued.push(stream.expect("queued connection")),
            Err(_) => return (listener, queued),
        }
    }
    panic!("the accept queue never filled: connections do not hang here");
}
