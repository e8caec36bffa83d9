//! uci: a chess engine for GUIs and python-chess, speaking UCI on stdin and stdout.
//!
//! ```text
//! cargo run --release --bin uci
//! ```
//!
//! The commands and options are described in `chess_examples::uci_engine`.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    match chess_examples::uci_engine::run(io::stdin().lock(), io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("uci: {error}");
            ExitCode::FAILURE
        }
    }
}
