//! Castling sides and how castling is written (standard chess or Chess960).

use crate::{Color, Square};

/// The side of the board a king castles to.
///
/// # Examples
///
/// ```
/// use chess_core::{CastlingSide, Color, Square};
///
/// assert_eq!(CastlingSide::KingSide.king_to(Color::White), Square::G1);
/// assert_eq!(CastlingSide::QueenSide.rook_to(Color::Black), Square::D8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CastlingSide {
    /// Short castling, towards the h-file (`O-O`).
    KingSide,
    /// Long castling, towards the a-file (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Lists both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// Returns 0 for the king side and 1 for the queen side.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the square the king lands on: `g1`/`c1` for White, `g8`/`c8` for Black.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => Square::G1.relative_to(color),
            CastlingSide::QueenSide => Square::C1.relative_to(color),
        }
    }

    /// Returns the square the rook lands on: `f1`/`d1` for White, `f8`/`d8` for Black.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => Square::F1.relative_to(color),
            CastlingSide::QueenSide => Square::D1.relative_to(color),
        }
    }

    /// Returns the SAN text: `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }

    /// Returns the side of the king that `rook` stands on.
    #[inline]
    pub(crate) fn of_rook(king: Square, rook: Square) -> CastlingSide {
        if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide }
    }
}

/// How castling rights and castling moves are written.
///
/// The rules are the same; only the notation differs. In `Standard` mode a FEN writes
/// `KQkq` and UCI writes castling as the king's two-square step (`e1g1`). In `Chess960`
/// mode a FEN may name rook files (X-FEN / Shredder-FEN) and UCI writes castling as
/// the king taking its own rook (`e1h1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: the king starts on the e-file and the rooks in the corners.
    #[default]
    Standard,
    /// Chess960 (Fischer random chess): any king and rook files.
    Chess960,
}

impl CastlingMode {
    /// Returns `Chess960` when `chess960` is true.
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard }
    }

    /// Tells whether this is Chess960 mode.
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}
