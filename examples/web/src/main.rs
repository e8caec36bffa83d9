//! `chess-web`: starts the web game's server and prints its address.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_web::save::Sealer;
use chess_web::{App, Knowledge, Limits};
use sha2::{Digest, Sha256};

const USAGE: &str = "\
Usage: chess-web [--port N] [--host ADDRESS] [--secret-file PATH] [--quiet]
                 [--book FILE] [--syzygy DIR]

Serves the chess game as a web page; open the printed address in a browser.

  --port N            the port to listen on (default 8080; 0 picks a free one)
  --host ADDRESS      the address to listen on (default 127.0.0.1)
  --secret-file PATH  the key that seals saved games (made when missing; servers that share
                      it accept each other's saves). Default: chess-core/web-secret in the
                      user's data directory.
  --quiet             no log: without it, a line per request (method, path, status, time)
                      and each refused save go to the standard error
  --book FILE         a Polyglot opening book (.bin): the computer plays book moves, chosen
                      at random by their weights, while a game is in it; hints give them too
  --syzygy DIR        Syzygy endgame tables (.rtbw, .rtbz; several directories separated by
                      ':'): in the endings they hold the computer plays their best move, and
                      hints say whether the ending is won or drawn
  -h, --help          this text";

/// What the flags ask for.
struct Args {
    host: String,
    port: u16,
    secret: Option<PathBuf>,
    quiet: bool,
    knowledge: Knowledge,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed =
        Args { host: "127.0.0.1".into(), port: 8080, secret: None, quiet: false, knowledge: Knowledge::default() };
    while let Some(flag) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "--port" => {
                let text = value("--port")?;
                parsed.port =
                    text.parse().map_err(|_| format!("--port takes a number from 0 to 65535, not '{text}'"))?;
            }
            "--host" => parsed.host = value("--host")?,
            "--secret-file" => parsed.secret = Some(PathBuf::from(value("--secret-file")?)),
            "--quiet" => parsed.quiet = true,
            "--book" => parsed.knowledge.book = Some(chess_session::open_book(&value("--book")?)?),
            "--syzygy" => parsed.knowledge.tablebase = Some(chess_session::open_tablebase(&value("--syzygy")?)?),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(Some(parsed))
}

/// Reads the key in `path`, making a random one there first when the file is missing.
fn load_key(path: &Path) -> Result<[u8; 32], String> {
    if !path.exists() {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).map_err(|error| format!("no random numbers for a key: {error}"))?;
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|error| format!("cannot make {}: {error}", dir.display()))?;
        }
        let hex: String = key.iter().map(|byte| format!("{byte:02x}")).collect();
        write_private(path, &hex).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    }
    let text = fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if text.is_empty() {
        return Err(format!("{} is empty: put a secret in it, or delete it to make a new one", path.display()));
    }
    Ok(Sha256::digest(&text).into())
}

/// Writes a file only its owner may read (where the system has such permissions).
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(text.as_bytes())
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("chess-web: {error}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if !args.quiet {
        tracing_subscriber::fmt().with_writer(std::io::stderr).with_target(false).init();
    }
    let secret = args.secret.or_else(|| Some(chess_session::data_dir()?.join("web-secret")));
    let key = match secret {
        Some(path) => match load_key(&path) {
            Ok(key) => key,
            Err(error) => {
                eprintln!("chess-web: {error}");
                return ExitCode::FAILURE;
            }
        },
        None => {
            eprintln!("chess-web: no data directory for the key; saved games will not survive a restart");
            let mut key = [0u8; 32];
            if let Err(error) = getrandom::fill(&mut key) {
                eprintln!("chess-web: no random numbers for a key: {error}");
                return ExitCode::FAILURE;
            }
            key
        }
    };
    let listener = match tokio::net::TcpListener::bind((args.host.as_str(), args.port)).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("chess-web: cannot listen on {}:{}: {error}", args.host, args.port);
            return ExitCode::FAILURE;
        }
    };
    let address = listener.local_addr().map_or_else(|_| format!("{}:{}", args.host, args.port), |a| a.to_string());
    println!("chess-web listening on http://{address}");
    let _ = std::io::stdout().flush();
    App::with_knowledge(Sealer::new(key), Limits::default(), args.knowledge).serve(listener).await;
    ExitCode::SUCCESS
}
