//! Perft: counting the leaf nodes of the legal move tree, to test move generation.
//!
//! # Examples
//!
//! ```
//! use chess_core::{perft, Position};
//!
//! assert_eq!(perft::perft(&Position::new(), 3), 8_902);
//! let divided = perft::divide(&Position::new(), 2);
//! assert_eq!(divided.len(), 20);
//! assert!(divided.iter().all(|(_, nodes)| *nodes == 20));
//! ```

use arrayvec::ArrayVec;

use crate::{MAX_LEGAL_MOVES, Move, Position};

#[cfg(feature = "alloc")]
mod suite;
#[cfg(feature = "alloc")]
pub(crate) use suite::depth_count;
#[cfg(feature = "alloc")]
pub use suite::{SuiteEntry, SuiteError, SuiteErrorKind, parse_suite};

/// Counts the leaf nodes `depth` plies deep, counting the last ply in bulk.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(pos.count_legal_moves()),
        _ => {
            let mut nodes = 0;
            pos.for_each_legal_move(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
    }
}

/// Counts the leaf nodes by playing every move, including the last ply (no bulk counting).
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    pos.for_each_legal_move(|m| {
        let mut child = *pos;
        child.play_unchecked(m);
        nodes += perft_full(&child, depth - 1);
    });
    nodes
}

/// Counts the leaf nodes below each legal move (a perft "divide").
pub fn divide(pos: &Position, depth: u32) -> ArrayVec<(Move, u64), MAX_LEGAL_MOVES> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
