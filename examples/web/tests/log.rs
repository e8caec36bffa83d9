//! The server's log: a line per request and one per refused seal on the standard error, none
//! with `--quiet`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// Runs `chess-web` with `flags`, sends it a page request and an API call with a forged seal,
/// and returns what it wrote to the standard error.
fn log_of(flags: &[&str]) -> String {
    let secret = std::env::temp_dir().join(format!("chess-web-log-test-{}-{}", std::process::id(), flags.len()));
    let mut server = Command::new(env!("CARGO_BIN_EXE_chess-web"))
        .args(["--port", "0", "--secret-file"])
        .arg(&secret)
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("chess-web listening on http://").unwrap().to_string();
    let body = r#"{"state": {"save": "{}", "seal": "00"}}"#;
    for request in [
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_string(),
        format!(
            "POST /api/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    ] {
        let mut stream = TcpStream::connect(&address).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        stream.read_to_end(&mut Vec::new()).unwrap();
    }
    server.kill().unwrap();
    let mut log = String::new();
    server.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    server.wait().unwrap();
    std::fs::remove_file(&secret).unwrap();
    log
}

#[test]
fn each_request_and_each_refused_seal_is_logged_unless_quiet() {
    let log = log_of(&[]);
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 3, "{log}");
    assert!(lines[0].contains("method=GET path=/ client=127.0.0.1") && lines[0].contains("status=200 ms="), "{log}");
    assert!(
        lines[1].contains("path=/api/view") && lines[1].contains("refused a save whose seal does not match"),
        "{log}"
    );
    assert!(lines[2].contains("method=POST path=/api/view") && lines[2].contains("status=400"), "{log}");
    assert!(!log.contains("00\""), "no body is logged: {log}");
    assert_eq!(log_of(&["--quiet"]), "");
}
