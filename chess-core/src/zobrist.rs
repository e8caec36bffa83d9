//! Polyglot-compatible Zobrist keys.
//!
//! A position's key is the XOR of one random number per piece on its square, one per
//! castling right, one for the en-passant file when a pawn of the side to move stands
//! ready to capture there, and one when White is to move. The numbers are the published
//! Polyglot table, so keys equal those of Polyglot opening books and of python-chess's
//! `chess.polyglot.zobrist_hash`.
//!
//! # Examples
//!
//! ```
//! use chess_core::Position;
//!
//! assert_eq!(Position::new().zobrist_key(), 0x463b96181691fc9c);
//! ```

use crate::zobrist_table::POLYGLOT_RANDOM;
use crate::{CastlingSide, Color, File, Piece, Square};

/// The piece keys of the Polyglot table rearranged by colour, role and square. Roles 6 and 7
/// do not exist and have zero keys: a three-bit role index needs no bounds check.
static PIECE_KEYS: [[[u64; 64]; 8]; 2] = {
    let mut keys = [[[0; 64]; 8]; 2];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 6 {
            let kind = 2 * role + (1 - color);
            let mut square = 0;
            while square < 64 {
                keys[color][role][square] = POLYGLOT_RANDOM[64 * kind + square];
                square += 1;
            }
            role += 1;
        }
        color += 1;
    }
    keys
};

/// Returns the key of `piece` standing on `square`.
#[inline]
pub(crate) fn piece(piece: Piece, square: Square) -> u64 {
    PIECE_KEYS[piece.color.index()][piece.role.index()][square.index()]
}

/// Returns the key of a piece of `color` with role index `role` (0 pawn to 5 king) on `square`.
#[inline(always)]
pub(crate) fn piece_index(color: Color, role: usize, square: Square) -> u64 {
    PIECE_KEYS[color.index()][role & 7][square.index()]
}

/// Returns the key of a castling right.
#[inline]
pub(crate) fn castling(color: Color, side: CastlingSide) -> u64 {
    POLYGLOT_RANDOM[768 + 2 * color.index() + side.index()]
}

/// Returns the key of an en-passant file.
#[inline]
pub(crate) fn en_passant(file: File) -> u64 {
    EN_PASSANT_FILES[file.index()]
}

/// The keys of the en-passant files, `a` to `h`.
pub(crate) const EN_PASSANT_FILES: [u64; 8] = {
    let mut keys = [0; 8];
    let mut file = 0;
    while file < 8 {
        keys[file] = POLYGLOT_RANDOM[772 + file];
        file += 1;
    }
    keys
};

/// The key XORed in when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = POLYGLOT_RANDOM[780];
