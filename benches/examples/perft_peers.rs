//! One perft run of one library, for instruction counts (callgrind) and interleaved timings.
//!
//! Usage: `perft_peers LIBRARY MODE DEPTH [FEN]` where LIBRARY is `chess-core`, `shakmaty`,
//! `cozy-chess` or `chess-core-api` (chess-core through its public API in the very shape of the
//! shakmaty loop, full mode only) and MODE is `full` (every leaf move played on a copy, as the
//! `perft_full` criterion group does), `bulk` (the last ply counted) or, for `chess-core-api`
//! only, `checked` (as `full`, but each move played with `Position::play`, which first asks
//! `Position::is_legal`, as Python's `Board.push` does). Prints the node count
//! and the wall time in seconds. `benches/interleave.py` alternates the libraries and takes
//! medians; under `valgrind --tool=callgrind` the instruction counts are repeatable even when
//! the machine is busy.

use std::time::Instant;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

#[path = "../peer_perft.rs"]
mod peer_perft;
use peer_perft::{cozy_perft, cozy_perft_full, shakmaty_perft_full};

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// chess-core through its public API only, shaped exactly like `shakmaty_full`: a list of the
/// legal moves, a copy and `play_unchecked` per move (`play`, checking each move, when
/// `checked`), a call per leaf.
fn core_api_full(pos: &chess_core::Position, depth: u32, checked: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut child = *pos;
        if checked {
            child.play(m).expect("a generated move is legal");
        } else {
            child.play_unchecked(m);
        }
        nodes += core_api_full(&child, depth - 1, checked);
    }
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_peers chess-core|shakmaty|cozy-chess|chess-core-api full|bulk|checked DEPTH [FEN]";
    let (Some(library), Some(mode), Some(depth)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let depth: u32 = depth.parse().expect(usage);
    let fen = args.get(3).map_or(STARTPOS, String::as_str);
    let (full, checked) = match mode.as_str() {
        "full" => (true, false),
        "bulk" => (false, false),
        "checked" if library == "chess-core-api" => (true, true),
        _ => panic!("{usage}"),
    };
    let start = Instant::now();
    let nodes = match library.as_str() {
        "chess-core" => {
            let pos = chess_core::Position::from_fen(fen).expect("chess-core FEN");
            if full { chess_core::perft::perft_full(&pos, depth) } else { chess_core::perft::perft(&pos, depth) }
                .expect("depth within perft::MAX_DEPTH")
        }
        "chess-core-api" => {
            let pos = chess_core::Position::from_fen(fen).expect("chess-core FEN");
            assert!(full, "chess-core-api has the full mode only");
            core_api_full(&pos, depth, checked)
        }
        "shakmaty" => {
            let setup: Fen = fen.parse().expect("shakmaty FEN");
            let pos: Chess = setup.into_position(CastlingMode::Standard).expect("shakmaty position");
            if full { shakmaty_perft_full(&pos, depth) } else { shakmaty::perft(&pos, depth) }
        }
        "cozy-chess" => {
            let board = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess FEN");
            if full { cozy_perft_full(&board, depth) } else { cozy_perft(&board, depth) }
        }
        _ => panic!("{usage}"),
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("{library} {mode} {depth} {nodes} {seconds:.4}");
}
