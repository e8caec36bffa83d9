//! The peers' perft loops, shared by the criterion benchmarks (`benches/peers.rs`) and the
//! one-run tool (`examples/perft_peers.rs`), so both measure the very same code.

use shakmaty::{Chess, Position as _};

/// shakmaty's perft without bulk counting: every leaf move is played on a copy.
pub fn shakmaty_perft_full(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += shakmaty_perft_full(&child, depth - 1);
    }
    nodes
}

/// The usual cozy-chess perft: at the last ply the moves are counted in bulk, not played.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for m in moves {
                    let mut child = board.clone();
                    child.play_unchecked(m);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// cozy-chess perft without bulk counting: every leaf move is played on a copy.
pub fn cozy_perft_full(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut child = board.clone();
            child.play_unchecked(m);
            nodes += cozy_perft_full(&child, depth - 1);
        }
        false
    });
    nodes
}
