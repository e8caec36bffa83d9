//! What every tool does the same way on the command line: `--help` on standard output with
//! exit status 0, and lines written to standard output that end the program quietly when the
//! reader has gone (`perft ... | head`).

use std::fmt;
use std::io::{self, Write};

/// Tells whether the arguments ask for help (`-h`, `--help` or `help`).
///
/// ```
/// assert!(chess_tools::cli::wants_help(&["5".to_string(), "--help".to_string()]));
/// assert!(!chess_tools::cli::wants_help(&["5".to_string()]));
/// ```
pub fn wants_help(args: &[String]) -> bool {
    args.iter().any(|arg| matches!(arg.as_str(), "-h" | "--help" | "help"))
}

/// Writes `line` and a newline to standard output; when the reader has closed the pipe, ends
/// the program quietly with status 0 (the reader wanted no more), instead of panicking as
/// `println!` does.
pub fn say(line: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(error) = writeln!(out, "{line}").and_then(|()| out.flush()) {
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("cannot write to standard output: {error}");
        std::process::exit(1);
    }
}

/// Writes a line to standard output as [`say`] does: `outln!("nodes {nodes}")`.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::say(format_args!($($arg)*))
    };
}
