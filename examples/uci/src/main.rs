//! uci: a chess engine for GUIs and python-chess, speaking UCI on stdin and stdout.
//!
//! ```text
//! cargo run --release --bin uci
//! ```
//!
//! The commands and options are described in the `chess_uci` library, whose [`chess_uci::run`]
//! this program calls with stdin and stdout. `uci --help` prints the usage without reading
//! standard input.

use std::io;
use std::process::ExitCode;

/// The usage, printed by `--help`.
const USAGE: &str = "\
usage: uci [--help]

A chess engine speaking the UCI protocol on standard input and output, for chess GUIs and
python-chess. Type uci, then isready, position startpos moves e2e4, go depth 6 (or go
movetime 1000), stop and quit. Options (setoption name NAME value VALUE): Hash (MB),
MultiPV, Level (Beginner, Normal, Expert, Master), Skill Level (0-20), Seed, UCI_Chess960,
OwnBook (true or false), BookFile (a Polyglot .bin book), SyzygyPath (directories of
Syzygy tables, separated by ':') and SyzygyProbeLimit (pieces, 0-7).";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| matches!(arg.as_str(), "-h" | "--help")) {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if let Some(arg) = args.first() {
        eprintln!("uci: unknown argument '{arg}'\n\n{USAGE}");
        return ExitCode::from(2);
    }
    match chess_uci::run(io::stdin().lock(), io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("uci: {error}");
            ExitCode::FAILURE
        }
    }
}
