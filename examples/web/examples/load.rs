//! The load check: many games at once against one running server, each playing random legal
//! moves and asking for the computer's replies over loopback HTTP, while an attacker loops
//! slow searches (the computer's move at expert level in a position with fourteen queens,
//! where the search runs to its node cap; ATTACKERS at a time). Prints the requests per second and the
//! players' slowest computer move, and fails on any failed request of a player.
//!
//! The server gives each client address one place in its search queue, so each game and the
//! attacker connect from their own address of 127.0.0.0/8 (all of it is local on Linux). A
//! player waits as long as a busy answer (503) says before asking again; the attacker does not.
//!
//! ```sh
//! chess-web --port 8080 &
//! cargo run --release -p chess-web --example load -- http://127.0.0.1:8080 [GAMES] [MOVES] [LEVEL] [ATTACKERS]
//! ```

use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// The attacker's position: fourteen queens, where the search runs to its node cap.
const QUEENS: &str = "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1";

/// The attacker's address.
const ATTACKER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);

/// What the server answered.
enum Reply {
    /// The JSON answer of a call that succeeded.
    Done(Value),
    /// 503: busy, try again after this long.
    Busy(Duration),
}

/// Posts `body` to `path` on `server` from the address `from` (HTTP/1.1, one connection per
/// request) and returns the answer, or why the request failed.
async fn post(from: Ipv4Addr, server: SocketAddrV4, path: &str, body: &Value) -> Result<Reply, String> {
    let body = body.to_string();
    let socket = TcpSocket::new_v4().map_err(|error| format!("socket: {error}"))?;
    socket.bind(SocketAddr::from((from, 0))).map_err(|error| format!("bind {from}: {error}"))?;
    let mut stream = socket.connect(server.into()).await.map_err(|error| format!("connect: {error}"))?;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {server}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.map_err(|error| format!("send: {error}"))?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.map_err(|error| format!("receive: {error}"))?;
    let text = String::from_utf8_lossy(&response);
    let (head, json) = text.split_once("\r\n\r\n").ok_or("no end of headers")?;
    match head.split(' ').nth(1).unwrap_or("?") {
        "200" => serde_json::from_str(json).map(Reply::Done).map_err(|error| format!("{path}: {error}")),
        "503" => {
            let retry = head.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                name.eq_ignore_ascii_case("retry-after").then(|| value.trim().parse().ok())?
            });
            Ok(Reply::Busy(Duration::from_secs(retry.ok_or("503 without Retry-After")?)))
        }
        status => Err(format!("{path}: HTTP {status}: {json}")),
    }
}

/// Posts as a player does: after a busy answer, waits as long as it says and asks again
/// (counting the busy answers in `busy`).
async fn call(from: Ipv4Addr, server: SocketAddrV4, path: &str, body: &Value, busy: &mut u64) -> Result<Value, String> {
    loop {
        match post(from, server, path, body).await? {
            Reply::Done(answer) => return Ok(answer),
            Reply::Busy(wait) => {
                *busy += 1;
                tokio::time::sleep(wait).await;
            }
        }
    }
}

/// What one game measured.
#[derive(Default)]
struct Tally {
    requests: u64,
    computer_moves: u64,
    slowest_computer: Duration,
    busy: u64,
}

/// Plays one game of up to `moves` moves of each side from `from`: random legal moves against
/// the computer at `level` (seeded by `seed`).
async fn play_game(
    from: Ipv4Addr,
    server: SocketAddrV4,
    seed: u64,
    moves: usize,
    level: Arc<String>,
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let new = json!({"rules": "fide", "side": "white", "level": *level});
    let mut answer = call(from, server, "/api/new", &new, &mut tally.busy).await?;
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
        answer = call(from, server, "/api/play", &body, &mut tally.busy).await?;
        tally.requests += 1;
        if !answer["view"]["computer_to_move"].as_bool().unwrap_or(false) {
            break;
        }
        let started = Instant::now();
        answer = call(from, server, "/api/computer", &json!({"state": answer["state"]}), &mut tally.busy).await?;
        tally.slowest_computer = tally.slowest_computer.max(started.elapsed());
        tally.requests += 1;
        tally.computer_moves += 1;
    }
    Ok(tally)
}

/// Asks for the computer's move in `state` again and again, without waiting after a busy
/// answer; counts the searches `served` and the requests `refused`.
async fn attack(server: SocketAddrV4, state: Value, served: Arc<AtomicU64>, refused: Arc<AtomicU64>) {
    loop {
        match post(ATTACKER, server, "/api/computer", &state).await {
            Ok(Reply::Done(_)) => served.fetch_add(1, Ordering::Relaxed),
            _ => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                refused.fetch_add(1, Ordering::Relaxed)
            }
        };
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(server) =
        args.first().and_then(|url| url.trim_start_matches("http://").trim_end_matches('/').parse().ok())
    else {
        eprintln!("usage: load http://127.0.0.1:PORT [GAMES (200)] [MOVES (10)] [LEVEL (beginner)] [ATTACKERS (0)]");
        return ExitCode::from(2);
    };
    let number = |index: usize, default: usize| args.get(index).and_then(|text| text.parse().ok()).unwrap_or(default);
    let (games, moves, attackers) = (number(1, 200), number(2, 10), number(4, 0));
    let level = Arc::new(args.get(3).cloned().unwrap_or_else(|| "beginner".into()));
    let (served, refused) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut attacks = Vec::new();
    if attackers > 0 {
        let new = json!({"rules": "fide", "side": "black", "level": "expert", "fen": QUEENS});
        let state = match post(ATTACKER, server, "/api/new", &new).await {
            Ok(Reply::Done(answer)) => json!({"state": answer["state"]}),
            _ => {
                eprintln!("the attacker's game could not be made");
                return ExitCode::FAILURE;
            }
        };
        attacks = (0..attackers)
            .map(|_| tokio::spawn(attack(server, state.clone(), served.clone(), refused.clone())))
            .collect();
    }
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|index| {
            let from = Ipv4Addr::from(u32::from(Ipv4Addr::new(127, 1, 0, 0)) + index as u32);
            tokio::spawn(play_game(from, server, index as u64 + 1, moves, level.clone()))
        })
        .collect();
    let mut total = Tally::default();
    let mut failures = Vec::new();
    for task in tasks {
        match task.await {
            Ok(Ok(tally)) => {
                total.requests += tally.requests;
                total.computer_moves += tally.computer_moves;
                total.slowest_computer = total.slowest_computer.max(tally.slowest_computer);
                total.busy += tally.busy;
            }
            Ok(Err(error)) => failures.push(error),
            Err(error) => failures.push(error.to_string()),
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    for attack in attacks {
        attack.abort();
    }
    println!(
        "{games} concurrent games at {level} level, {} requests in {seconds:.1} s: {:.0} requests/s; {} computer moves, the slowest answered in {:.2} s; {} busy answers waited out; {} failed games",
        total.requests,
        total.requests as f64 / seconds,
        total.computer_moves,
        total.slowest_computer.as_secs_f64(),
        total.busy,
        failures.len()
    );
    if attackers > 0 {
        println!(
            "meanwhile an attacker asking for {attackers} slow searches at a time had {} served and {} refused",
            served.load(Ordering::Relaxed),
            refused.load(Ordering::Relaxed)
        );
    }
    for failure in failures.iter().take(5) {
        eprintln!("failed: {failure}");
    }
    if failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
