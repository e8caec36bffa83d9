//! Perft: counting the leaf nodes of the legal move tree, to test move generation.
//!
//! # Examples
//!
//! ```
//! use chess_core::{perft, Position};
//!
//! assert_eq!(perft::perft(&Position::new(), 3), Ok(8_902));
//! let divided = perft::divide(&Position::new(), 2).unwrap();
//! assert_eq!(divided.len(), 20);
//! assert!(divided.iter().all(|(_, nodes)| *nodes == 20));
//! // The recursion is bounded: a depth past `MAX_DEPTH` is an error, not a stack overflow.
//! assert!(perft::perft(&Position::new(), 50_000).is_err());
//! ```

use arrayvec::ArrayVec;

use crate::movegen::MoveBuffer;
use crate::{MAX_LEGAL_MOVES, Move, Position};

#[cfg(feature = "alloc")]
mod suite;
#[cfg(feature = "alloc")]
pub(crate) use suite::depth_count;
#[cfg(feature = "alloc")]
pub use suite::{SuiteEntry, SuiteError, SuiteErrorKind, parse_suite};

/// The deepest perft the functions of this module accept: they recurse once per ply, so the
/// depth bounds the stack they use (a few kilobytes per ply). No tree this deep can be
/// counted anyway, except one that ends early.
pub const MAX_DEPTH: u32 = 64;

/// A perft depth past [`MAX_DEPTH`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("perft depth {depth} is past the limit of {MAX_DEPTH}")]
pub struct DepthTooLarge {
    /// The depth asked for.
    pub depth: u32,
}

impl DepthTooLarge {
    /// Returns [`ErrorCode::DepthTooLarge`](crate::ErrorCode::DepthTooLarge).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::DepthTooLarge
    }
}

fn check_depth(depth: u32) -> Result<u32, DepthTooLarge> {
    if depth > MAX_DEPTH { Err(DepthTooLarge { depth }) } else { Ok(depth) }
}

/// Counts the leaf nodes `depth` plies deep, counting the last ply in bulk.
///
/// # Errors
/// [`DepthTooLarge`] past [`MAX_DEPTH`].
pub fn perft(pos: &Position, depth: u32) -> Result<u64, DepthTooLarge> {
    Ok(perft_bulk(pos, check_depth(depth)?))
}

fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(pos.count_legal_moves()),
        _ => {
            let mut nodes = 0;
            for_each_child(pos, |child| nodes += perft_bulk(child, depth - 1));
            nodes
        }
    }
}

/// Calls `f` with the position after each legal move of `pos`, each built by the code of
/// [`Position::play_unchecked`] in its form that reads the parent.
#[inline(always)]
fn for_each_child(pos: &Position, mut f: impl FnMut(&Position)) {
    let mut moves = MoveBuffer::new();
    pos.legal_moves_into(&mut moves);
    for &m in moves.as_slice() {
        let mut child = *pos;
        child.play_from(pos, m);
        f(&child);
    }
}

/// Counts the leaf nodes by playing every move, including the last ply (no bulk counting).
///
/// This measures the cost of playing a move: each leaf position is built in full, Zobrist
/// key included, by the code of [`Position::play_unchecked`] (in its form that reads the
/// parent, so what depends only on the parent is computed once per parent), and handed to
/// [`core::hint::black_box`] so the compiler cannot skip the work the count does not need.
///
/// # Errors
/// [`DepthTooLarge`] past [`MAX_DEPTH`].
pub fn perft_full(pos: &Position, depth: u32) -> Result<u64, DepthTooLarge> {
    Ok(perft_all(pos, check_depth(depth)?))
}

fn perft_all(pos: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        // The last ply in a loop of its own, without a call per leaf.
        1 => for_each_child(pos, |child| {
            core::hint::black_box(child);
            nodes += 1;
        }),
        _ => for_each_child(pos, |child| nodes += perft_all(child, depth - 1)),
    }
    nodes
}

/// Counts the leaf nodes below each legal move (a perft "divide").
///
/// # Errors
/// [`DepthTooLarge`] past [`MAX_DEPTH`].
pub fn divide(pos: &Position, depth: u32) -> Result<ArrayVec<(Move, u64), MAX_LEGAL_MOVES>, DepthTooLarge> {
    let depth = check_depth(depth)?;
    Ok(pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft_bulk(&child, depth.saturating_sub(1)))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks the tree, checking at every node that playing from the parent gives the same
    /// position as `play_unchecked`, with the incremental key equal to the recomputed one.
    fn walk(pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        let mut moves = MoveBuffer::new();
        pos.legal_moves_into(&mut moves);
        for &m in moves.as_slice() {
            let mut child = *pos;
            child.play_from(pos, m);
            let mut played = *pos;
            played.play_unchecked(m);
            assert_eq!(child, played, "{pos} {m:?}");
            assert_eq!(child.zobrist_key(), child.compute_key(), "{pos} {m:?}");
            nodes += walk(&child, depth - 1);
        }
        nodes
    }

    #[test]
    fn playing_from_the_parent_keeps_the_key_and_the_counts() {
        let cases = [
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
            ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9_467),
            ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 3, 21_637),
        ];
        for (fen, depth, expected) in cases {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(walk(&pos, depth), expected, "{fen}");
            assert_eq!(perft_full(&pos, depth), Ok(expected), "{fen}");
            assert_eq!(perft(&pos, depth), Ok(expected), "{fen}");
        }
    }
}
