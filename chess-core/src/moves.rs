//! Moves and move lists.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{CastlingSide, Role, Square};

/// A move, packed in two bytes.
///
/// Castling is stored as the king moving onto its own rook's square (the form that
/// works for Chess960 too); [`Position::to_uci`](crate::Position::to_uci) writes it as
/// `e1g1` in standard chess. The null move (`0000`) passes the turn, for search.
///
/// # Examples
///
/// ```
/// use chess_core::{Move, Role, Square};
///
/// let m = Move::new(Square::E2, Square::E4);
/// assert_eq!((m.from(), m.to()), (Square::E2, Square::E4));
/// let promotion = Move::promote(Square::A7, Square::A8, Role::Queen);
/// assert_eq!(promotion.promotion(), Some(Role::Queen));
/// assert_eq!(core::mem::size_of::<Move>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const NORMAL: u16 = 0;
const EN_PASSANT: u16 = 1;
const CASTLE: u16 = 2;
const PROMOTION: u16 = 4;

impl Move {
    /// The null move, which passes the turn (`0000` in UCI).
    pub const NULL: Move = Move(0);

    #[inline]
    const fn pack(from: Square, to: Square, kind: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | kind << 12)
    }

    /// Makes an ordinary move (including captures and a pawn's double step).
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::pack(from, to, NORMAL)
    }

    /// Makes a pawn move to the last rank that promotes to `role` (knight to queen).
    #[inline]
    pub const fn promote(from: Square, to: Square, role: Role) -> Move {
        Move::pack(from, to, PROMOTION | (role as u16 - 1))
    }

    /// Makes an en-passant capture: the pawn moves from `from` to the empty square `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, EN_PASSANT)
    }

    /// Makes a castling move, given the king's and the rook's squares.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, CASTLE)
    }

    /// Returns the square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u32)
    }

    /// Returns the target square: where the piece lands, or the rook's square for castling.
    #[inline]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u32)
    }

    /// Returns the piece a promotion turns into.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        if self.0 >> 12 & PROMOTION != 0 { Some(Role::new(((self.0 >> 12) & 3) as usize + 1)) } else { None }
    }

    /// Tells whether this is a castling move.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == CASTLE
    }

    /// Tells whether this is an en-passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == EN_PASSANT
    }

    /// Tells whether this is a promotion.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 12 & PROMOTION != 0
    }

    /// Tells whether this is the null move.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// Returns the side of a castling move.
    #[inline]
    pub fn castling_side(self) -> Option<CastlingSide> {
        self.is_castle().then(|| CastlingSide::of_rook(self.from(), self.to()))
    }

    /// Returns the square the moving piece ends on (the king's square for castling).
    #[inline]
    pub fn destination(self) -> Square {
        match self.castling_side() {
            Some(side) => {
                let color =
                    if self.from().rank() == crate::Rank::First { crate::Color::White } else { crate::Color::Black };
                side.king_to(color)
            }
            None => self.to(),
        }
    }

    /// Returns the raw 16-bit encoding (from, to and kind).
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        if self.is_castle() {
            f.write_str("(castle)")?;
        } else if self.is_en_passant() {
            f.write_str("(ep)")?;
        }
        Ok(())
    }
}

/// The most legal moves any chess position has (218), rounded up.
pub const MAX_LEGAL_MOVES: usize = 256;

/// A list of moves on the stack, large enough for every position's legal moves.
pub type MoveList = ArrayVec<Move, MAX_LEGAL_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_unpacks_every_kind() {
        for from in Square::ALL {
            for to in Square::ALL {
                let m = Move::new(from, to);
                assert_eq!((m.from(), m.to(), m.promotion()), (from, to, None));
                assert!(!m.is_castle() && !m.is_en_passant());
                for role in Role::PROMOTIONS {
                    assert_eq!(Move::promote(from, to, role).promotion(), Some(role));
                }
            }
        }
        assert!(Move::castle(Square::E1, Square::H1).is_castle());
        assert_eq!(Move::castle(Square::E8, Square::A8).castling_side(), Some(CastlingSide::QueenSide));
        assert_eq!(Move::castle(Square::E8, Square::A8).destination(), Square::C8);
        assert!(Move::en_passant(Square::E5, Square::D6).is_en_passant());
        assert!(Move::NULL.is_null());
        assert!(!Move::new(Square::A1, Square::B1).is_null());
    }
}
