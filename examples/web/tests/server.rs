//! The server over real connections: clients that send slowly or not at all are cut off, and
//! the connections open at once are capped.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use chess_web::save::Sealer;
use chess_web::{App, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The timeouts of these tests' servers.
const TIMEOUT: Duration = Duration::from_secs(1);

/// Starts a server with `limits` on a free port and returns its address.
async fn start(limits: Limits) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(App::with_limits(Sealer::new([5; 32]), limits).serve(listener));
    address
}

/// Reads until the server closes the connection (or ten seconds pass: then it panics);
/// returns what was read and when the connection closed.
async fn read_until_closed(stream: &mut TcpStream) -> (String, Instant) {
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection is still open after ten seconds; read so far: {answer:?}");
    (String::from_utf8_lossy(&answer).into_owned(), Instant::now())
}

/// Connects and sends `text`.
async fn send(address: SocketAddr, text: &str) -> (TcpStream, Instant) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(text.as_bytes()).await.unwrap();
    (stream, Instant::now())
}

#[tokio::test]
async fn slow_and_idle_clients_are_cut_off() {
    let address = start(Limits { header_timeout: TIMEOUT, body_timeout: TIMEOUT, ..Limits::default() }).await;
    // Nothing sent, half the headers, and a connection left idle after an answer.
    let (mut idle, _) = send(address, "").await;
    let (mut half_headers, _) = send(address, "POST /api/view HTTP/1.1\r\nHost: x\r\nContent-").await;
    let (mut kept_alive, _) = send(address, "GET /static/favicon.svg HTTP/1.1\r\nHost: x\r\n\r\n").await;
    // Half a body, and a body sent a byte every 200 ms (each in time, the whole too slow).
    let head = "POST /api/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    let (mut half_body, _) = send(address, &format!("{head}{{\"state\"")).await;
    let (mut trickle, started) = send(address, head).await;
    let trickling = tokio::spawn(async move {
        while trickle.write_all(b" ").await.is_ok() && started.elapsed() < Duration::from_secs(10) {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        trickle
    });
    let started = Instant::now();
    for (name, stream, answer) in [
        ("idle", &mut idle, ""),
        ("half headers", &mut half_headers, ""),
        ("kept alive", &mut kept_alive, "HTTP/1.1 200 OK"),
        ("half a body", &mut half_body, "HTTP/1.1 408 Request Timeout"),
    ] {
        let (text, closed) = read_until_closed(stream).await;
        assert!(text.starts_with(answer), "{name}: {text}");
        eprintln!("{name}: closed after {:?}", closed - started);
    }
    let mut trickle = trickling.await.unwrap();
    let (text, closed) = read_until_closed(&mut trickle).await;
    assert!(text.starts_with("HTTP/1.1 408 Request Timeout") && text.contains("slow_request"), "{text}");
    eprintln!("trickled body: closed after {:?}", closed - started);
}

#[tokio::test]
async fn connections_beyond_the_cap_wait_for_one_to_close() {
    let address = start(Limits { connections: 2, ..Limits::default() }).await;
    let (first, _) = send(address, "").await;
    let (_second, _) = send(address, "").await;
    let (mut third, _) =
        send(address, "GET /static/favicon.svg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
    let early = tokio::time::timeout(Duration::from_secs(1), third.read(&mut [0u8])).await;
    assert!(early.is_err(), "a third connection was served while two were open: {early:?}");
    drop(first);
    let (text, _) = read_until_closed(&mut third).await;
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
}
