//! The load check: many games at once against one running server, each playing random legal
//! moves and asking for the computer's replies over loopback HTTP; prints the requests per
//! second and the slowest computer move, and fails on any failed request.
//!
//! ```sh
//! chess-web --port 8080 &
//! cargo run --release -p chess-web --example load -- http://127.0.0.1:8080 [GAMES] [MOVES] [LEVEL]
//! ```

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Posts `body` to `path` on `host` (HTTP/1.1, one connection per request) and returns the
/// JSON answer, or why the request failed.
async fn post(host: &str, path: &str, body: &Value) -> Result<Value, String> {
    let body = body.to_string();
    let mut stream = TcpStream::connect(host).await.map_err(|error| format!("connect: {error}"))?;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.map_err(|error| format!("send: {error}"))?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.map_err(|error| format!("receive: {error}"))?;
    let text = String::from_utf8_lossy(&response);
    let (head, json) = text.split_once("\r\n\r\n").ok_or("no end of headers")?;
    let status = head.split(' ').nth(1).unwrap_or("?");
    if status != "200" {
        return Err(format!("{path}: HTTP {status}: {json}"));
    }
    serde_json::from_str(json).map_err(|error| format!("{path}: {error}"))
}

/// What one game measured.
#[derive(Default)]
struct Tally {
    requests: u64,
    computer_moves: u64,
    slowest_computer: Duration,
}

/// Plays one game of up to `moves` moves of each side: random legal moves against the
/// computer at `level` (seeded by `seed`).
async fn play_game(host: Arc<String>, seed: u64, moves: usize, level: Arc<String>) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut answer = post(&host, "/api/new", &json!({"rules": "fide", "side": "white", "level": *level})).await?;
    tally.requests += 1;
    for _ in 0..moves {
        let legal = answer["view"]["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let choice = &legal[(rng % legal.len() as u64) as usize];
        let mut body = json!({"state": answer["state"], "from": choice["from"], "to": choice["to"]});
        if choice["promotion"] == true {
            body["promotion"] = json!("q");
        }
        answer = post(&host, "/api/play", &body).await?;
        tally.requests += 1;
        if !answer["view"]["computer_to_move"].as_bool().unwrap_or(false) {
            break;
        }
        let started = Instant::now();
        answer = post(&host, "/api/computer", &json!({"state": answer["state"]})).await?;
        tally.slowest_computer = tally.slowest_computer.max(started.elapsed());
        tally.requests += 1;
        tally.computer_moves += 1;
    }
    Ok(tally)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(url) = args.first() else {
        eprintln!("usage: load http://127.0.0.1:PORT [GAMES (200)] [MOVES (10)] [LEVEL (beginner)]");
        return ExitCode::from(2);
    };
    let host = Arc::new(url.trim_start_matches("http://").trim_end_matches('/').to_string());
    let number = |index: usize, default: usize| args.get(index).and_then(|text| text.parse().ok()).unwrap_or(default);
    let (games, moves) = (number(1, 200), number(2, 10));
    let level = Arc::new(args.get(3).cloned().unwrap_or_else(|| "beginner".into()));
    let started = Instant::now();
    let tasks: Vec<_> =
        (0..games).map(|seed| tokio::spawn(play_game(host.clone(), seed as u64 + 1, moves, level.clone()))).collect();
    let mut total = Tally::default();
    let mut failures = Vec::new();
    for task in tasks {
        match task.await {
            Ok(Ok(tally)) => {
                total.requests += tally.requests;
                total.computer_moves += tally.computer_moves;
                total.slowest_computer = total.slowest_computer.max(tally.slowest_computer);
            }
            Ok(Err(error)) => failures.push(error),
            Err(error) => failures.push(error.to_string()),
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{games} concurrent games at {level} level, {} requests in {seconds:.1} s: {:.0} requests/s; {} computer moves, the slowest answered in {:.2} s; {} failed games",
        total.requests,
        total.requests as f64 / seconds,
        total.computer_moves,
        total.slowest_computer.as_secs_f64(),
        failures.len()
    );
    for failure in failures.iter().take(5) {
        eprintln!("failed: {failure}");
    }
    if failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
