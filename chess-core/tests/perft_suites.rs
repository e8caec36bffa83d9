//! Perft suites brought into the repository (`tests/data/*.perft`, our own format:
//! `<id>; <FEN>; <depth>=<nodes> ...`; each file names its source).
//!
//! Every (position, depth) pair up to `PERFT_MAX_NODES` nodes (default 3,000,000; the
//! test command runs these in release mode) is checked. The full suites run with the
//! `perft` tool: `cargo run --release --bin perft -- --epd FILE`.

use chess_core::perft::{SuiteEntry, parse_suite, perft};
use chess_core::{CastlingMode, FenError, Position, Problem, Validation};

fn read_cases(file: &str) -> Vec<SuiteEntry> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_suite(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn max_nodes() -> u64 {
    std::env::var("PERFT_MAX_NODES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000_000)
}

/// Runs every pair within the node budget and returns how many were checked.
fn check(case: &SuiteEntry, pos: &Position, budget: u64) -> usize {
    let mut checked = 0;
    for &(depth, expected) in case.counts.iter().filter(|(_, nodes)| *nodes <= budget) {
        assert_eq!(perft(pos, depth), Ok(expected), "{} ({}) depth {depth}", case.id, case.fen);
        checked += 1;
    }
    checked
}

fn run_suite(file: &str, mode: CastlingMode, expected_positions: usize, relaxed_ids: &[&str]) {
    let cases = read_cases(file);
    assert_eq!(cases.len(), expected_positions, "{file} positions");
    let budget = max_nodes();
    let mut pairs = 0;
    for case in &cases {
        let pos = if relaxed_ids.contains(&case.id.as_str()) {
            let strict = Position::from_fen_with(&case.fen, mode);
            assert!(strict.is_err(), "{} should be rejected by strict validation", case.id);
            Position::from_fen_with(&case.fen, Validation::relaxed().castling(mode))
        } else {
            Position::from_fen_with(&case.fen, mode)
        };
        let pos = pos.unwrap_or_else(|e| panic!("{}: {e}", case.id));
        pairs += check(case, &pos, budget);
    }
    assert!(pairs >= expected_positions, "{file}: only {pairs} pairs within {budget} nodes");
    println!("{file}: {pairs} (position, depth) pairs checked, up to {budget} nodes each");
}

#[test]
fn standard_suite() {
    // std-051 has two bishops checking along one diagonal: no legal last move gives that.
    run_suite("standard.perft", CastlingMode::Standard, 128, &["std-051"]);
}

#[test]
fn chess960_suite() {
    run_suite("chess960.perft", CastlingMode::Chess960, 960, &[]);
}

#[test]
fn random_sample() {
    run_suite("random_sample.perft", CastlingMode::Standard, 400, &[]);
}

#[test]
fn tricky_positions() {
    let rejected = [
        "align-diag-1",
        "align-diag-2",
        "align-horizontal",
        "align-ep",
        "align-ep-pinned",
        "ep-unrelated-check",
        "two-pawn-checkers",
        "two-stepper-checkers",
        "two-knight-checkers",
        "max-legals-too-much-material",
    ];
    run_suite("tricky.perft", CastlingMode::Chess960, 28, &rejected);
}

#[test]
fn tricky_rejections_name_their_problem() {
    let problem = |fen: &str| match Position::from_fen_with(fen, CastlingMode::Chess960) {
        Err(FenError::Position(error)) => error.problems().next().unwrap(),
        other => panic!("{fen}: expected a position error, got {other:?}"),
    };
    assert!(matches!(problem("3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1"), Problem::ImpossibleCheck(_)));
    assert!(matches!(problem("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1"), Problem::ImpossibleCheck(_)));
    assert!(matches!(problem("1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1 b - - 0 1"), Problem::ImpossibleCheck(_)));
    assert!(matches!(
        problem("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1"),
        Problem::TooMuchMaterial(chess_core::Color::White)
    ));
}

/// The whole python-chess random suite (6,838 positions) when the shared data is present.
#[test]
fn shared_random_suite_when_present() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/perft/python-chess_random.perft");
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("skipped: {path} is absent (the in-repo random_sample.perft covers 400 of its positions)");
        return;
    };
    let budget = max_nodes().min(100_000);
    let suite = parse_suite(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut pairs = 0;
    for entry in &suite {
        let pos = Position::from_fen(&entry.fen).unwrap_or_else(|e| panic!("{} ({}): {e}", entry.id, entry.fen));
        pairs += check(entry, &pos, budget);
    }
    assert_eq!(suite.len(), 6_838);
    println!("python-chess_random.perft: {pairs} pairs up to {budget} nodes checked");
}
