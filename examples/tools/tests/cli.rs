//! The tools on the command line: `--help`, the Chess960 suggestion, and a closed pipe.

use std::process::{Command, Stdio};

fn run(program: &str, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(program).args(args).output().expect("the tool starts");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.success(), text(output.stdout), text(output.stderr))
}

#[test]
fn every_tool_answers_help_on_standard_output() {
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_perft"), &["--help"]);
    assert!(ok && err.is_empty(), "{err}");
    assert!(out.starts_with("usage: perft [--fen FEN] [--chess960] [--divide] [--no-bulk] DEPTH\n"), "{out}");
    assert!(out.contains("--no-bulk plays every last-ply"), "{out}");
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_strength"), &["-h"]);
    assert!(ok && err.is_empty(), "{err}");
    assert!(out.starts_with("usage:\n  strength suite FILE..."), "{out}");
    // Without arguments the usage is an error.
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_strength"), &[]);
    assert!(!ok && out.is_empty() && err.starts_with("usage:"), "{err}");
}

#[test]
fn perft_suggests_chess960_for_castling_rights_that_need_it() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_perft"), &["--fen", fen, "1"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.ends_with("\n(the castling rights read in Chess960 mode: try --chess960)\n"), "{err}");
    let (ok, out, _) = run(env!("CARGO_BIN_EXE_perft"), &["--fen", fen, "--chess960", "2"]);
    assert!(ok && out.starts_with("nodes 528  "), "{out}"); // the Chess960 suite's D2
}

#[test]
fn a_closed_pipe_ends_perft_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(["--divide", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before the first line
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}
