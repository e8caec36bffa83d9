//! uci: a chess engine for GUIs and python-chess, speaking UCI on stdin and stdout.
//!
//! ```text
//! cargo run --release --bin uci
//! ```
//!
//! The commands and options are described in the `chess_uci` library, whose [`chess_uci::run`]
//! this program calls with stdin and stdout.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    match chess_uci::run(io::stdin().lock(), io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("uci: {error}");
            ExitCode::FAILURE
        }
    }
}
