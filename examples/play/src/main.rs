//! play: chess in the terminal against the computer (`play --help` lists the flags).

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use chess_play::{self as play, Terminal};

fn main() -> ExitCode {
    let terminal = Terminal {
        stdin: io::stdin().is_terminal(),
        stdout: io::stdout().is_terminal(),
        no_color: std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty()),
    };
    let config = match play::parse_args(std::env::args().skip(1), terminal) {
        Ok(config) => config,
        Err(message) if message == play::usage() => {
            println!("{message}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("play: {message}");
            return ExitCode::from(2);
        }
    };
    match play::run(io::stdin().lock(), io::stdout().lock(), &config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("play: {error}");
            ExitCode::FAILURE
        }
    }
}
