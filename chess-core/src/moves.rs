//! Moves and move lists.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{Bitboard, CastlingSide, Role, Square};

/// A move, packed in two bytes.
///
/// Castling is stored as the king moving onto its own rook's square (the form that
/// works for Chess960 too); [`Position::uci`](crate::Position::uci) writes it as
/// `e1g1` in standard chess. The null move (`0000`) passes the turn, for search.
///
/// # Examples
///
/// ```
/// use chess_core::{Move, Role, Square};
///
/// let m = Move::new(Square::E2, Square::E4);
/// assert_eq!((m.from(), m.to()), (Square::E2, Square::E4));
/// let promotion = Move::promote(Square::A7, Square::A8, Role::Queen).unwrap();
/// assert_eq!(promotion.promotion(), Some(Role::Queen));
/// assert_eq!(Move::promote(Square::A7, Square::A8, Role::King), None);
/// // Bindings pass moves as integers: to_u16 and try_from are inverses.
/// assert_eq!(Move::try_from(promotion.to_u16()), Ok(promotion));
/// assert!(Move::try_from(0xffff).is_err());
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

    /// Makes a pawn move to the last rank that promotes to `role`; `None` when `role` is
    /// a king or a pawn, which no pawn may become.
    #[inline]
    pub const fn promote(from: Square, to: Square, role: Role) -> Option<Move> {
        match role {
            Role::Pawn | Role::King => None,
            _ => Some(Move::promote_to(from, to, role)),
        }
    }

    /// Makes a promotion to a role of [`Role::PROMOTIONS`] (the generator's constructor).
    #[inline]
    pub(crate) const fn promote_to(from: Square, to: Square, role: Role) -> Move {
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

    /// Returns which squares hold promoted pieces after this move, given those before: a
    /// promotion marks its piece, a promoted piece keeps its mark when it moves, a captured one
    /// loses it, and castling leaves the king and rook unmarked. Standard chess needs no marks;
    /// crazyhouse (a promoted piece is captured as a pawn) and python-chess keep them.
    ///
    /// ```
    /// use chess_core::{Bitboard, Move, Role, Square};
    ///
    /// let promote = Move::promote(Square::B7, Square::A8, Role::Queen).unwrap();
    /// let promoted = promote.carry_promoted(Bitboard::EMPTY);
    /// assert_eq!(promoted, Bitboard::from(Square::A8));
    /// assert_eq!(Move::new(Square::A8, Square::A1).carry_promoted(promoted), Bitboard::from(Square::A1));
    /// assert_eq!(Move::new(Square::H1, Square::A8).carry_promoted(promoted), Bitboard::EMPTY);
    /// ```
    pub fn carry_promoted(self, promoted: Bitboard) -> Bitboard {
        let marked = !self.is_castle() && (self.is_promotion() || promoted.contains(self.from()));
        let cleared = promoted.without(self.from()).without(self.to());
        if marked { cleared.with(self.to()) } else { cleared }
    }

    /// Returns the raw 16-bit encoding: bits 0-5 the from square, 6-11 the to square
    /// (squares numbered a1 = 0 to h8 = 63), 12-15 the kind: 0 ordinary, 1 en passant,
    /// 2 castling (to = the rook's square), 4-7 promotion to knight, bishop, rook, queen.
    /// [`Move::try_from`] reads it back.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// Reads back what [`Move::to_u16`] gave, without [`Move::try_from`]'s checks.
    #[inline]
    pub(crate) const fn from_u16_unchecked(bits: u16) -> Move {
        Move(bits)
    }
}

const _: () = assert!(core::mem::size_of::<Move>() == 2);

/// Why a 16-bit number is not a move's encoding (see [`Move::to_u16`]).
///
/// # Examples
///
/// ```
/// use chess_core::Move;
///
/// let error = Move::try_from(0x071c).unwrap_err(); // from e4 to e4
/// assert_eq!(error.bits(), 0x071c);
/// assert_eq!(error.reason(), "it starts and ends on the same square");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{bits:#06x} is not a move: {reason}")]
pub struct InvalidMoveEncoding {
    bits: u16,
    reason: &'static str,
}

impl InvalidMoveEncoding {
    /// Returns the number that is not a move's encoding.
    pub fn bits(&self) -> u16 {
        self.bits
    }

    /// Returns why it is not, in English.
    pub fn reason(&self) -> &'static str {
        self.reason
    }

    /// Returns the stable error code ([`ErrorCode::InvalidMove`](crate::ErrorCode::InvalidMove)).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidMove
    }
}

/// Returns the square of the pawn an en-passant capture from `from` to `to` removes: beside
/// the capturing pawn, on the file it moves to.
#[inline]
pub(crate) fn en_passant_victim(from: Square, to: Square) -> Square {
    Square::from_coords(to.file(), from.rank())
}

/// Tells whether a pawn on `from` could capture en passant onto `to`.
fn en_passant_squares(from: Square, to: Square) -> bool {
    let ranks = (from.rank().index(), to.rank().index());
    matches!(ranks, (4, 5) | (3, 2)) && from.file().index().abs_diff(to.file().index()) == 1
}

impl TryFrom<u16> for Move {
    type Error = InvalidMoveEncoding;

    /// Reads a move from [`Move::to_u16`]'s encoding, checking that its kind exists and its
    /// squares fit it (a promotion or castling on a back rank, en passant to the 3rd or 6th
    /// rank). Legality in a position is [`Position::resolve_move`](crate::Position::resolve_move)'s
    /// job.
    fn try_from(bits: u16) -> Result<Move, InvalidMoveEncoding> {
        let m = Move(bits);
        let error = |reason| Err(InvalidMoveEncoding { bits, reason });
        if m.is_null() {
            return Ok(m);
        }
        let (from, to) = (m.from(), m.to());
        let back_rank = |square: Square| matches!(square.rank(), crate::Rank::First | crate::Rank::Eighth);
        match bits >> 12 {
            _ if from == to => error("it starts and ends on the same square"),
            NORMAL => Ok(m),
            EN_PASSANT if en_passant_squares(from, to) => Ok(m),
            EN_PASSANT => error("an en-passant capture goes one square diagonally to the 3rd or 6th rank"),
            CASTLE if back_rank(from) && from.rank() == to.rank() => Ok(m),
            CASTLE => error("castling stays on a back rank"),
            kind if kind & PROMOTION != 0 && kind < 8 && back_rank(to) => Ok(m),
            kind if kind & PROMOTION != 0 && kind < 8 => error("a promotion ends on a back rank"),
            _ => error("its kind (bits 12-15) is not 0, 1, 2 or 4-7"),
        }
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

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    /// Writes the move as UCI text, castling as king takes rook (`e1h1`).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.to_uci_chess960())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    /// Reads UCI text. Castling and en passant come back as plain moves between the same
    /// squares; [`Position::play`](crate::Position::play) and [`Position::resolve_move`](crate::Position::resolve_move) accept them as such.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        deserializer.deserialize_str(crate::serde_text::TextVisitor("a UCI move like e2e4", |text| {
            match text.parse::<crate::UciMove>().ok()? {
                crate::UciMove::Null => Some(Move::NULL),
                crate::UciMove::Put { .. } => None,
                crate::UciMove::Normal { from, to, promotion: Some(role) } => Move::promote(from, to, role),
                crate::UciMove::Normal { from, to, promotion: None } => Some(Move::new(from, to)),
            }
        }))
    }
}

/// The most legal moves any position the crate accepts can have, relaxed ones included.
///
/// Positions reachable in a game have at most 218, but relaxed validation accepts more
/// material (one example has 271 moves). The bound: a side with `k` pieces has at most `27k`
/// moves (a queen's most), and at most 16 pieces (one per ray and knight jump) reach each of
/// the `64 - k` other squares, plus 3 extra promotion choices for each of at most 24 pawn
/// moves to the last rank; the smaller of the two is largest at `k = 26` (680), plus two
/// castling moves.
pub const MAX_LEGAL_MOVES: usize = 682;

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
                    assert_eq!(Move::promote(from, to, role).and_then(Move::promotion), Some(role));
                }
                assert_eq!(Move::promote(from, to, Role::King), None);
                assert_eq!(Move::promote(from, to, Role::Pawn), None);
            }
        }
        assert!(Move::castle(Square::E1, Square::H1).is_castle());
        assert_eq!(Move::castle(Square::E8, Square::A8).castling_side(), Some(CastlingSide::QueenSide));
        assert_eq!(Move::castle(Square::E8, Square::A8).destination(), Square::C8);
        assert!(Move::en_passant(Square::E5, Square::D6).is_en_passant());
        assert!(Move::NULL.is_null());
        assert!(!Move::new(Square::A1, Square::B1).is_null());
    }

    #[test]
    fn try_from_reads_back_every_valid_encoding_and_refuses_the_rest() {
        let mut valid = 0;
        for bits in 0..=u16::MAX {
            if let Ok(m) = Move::try_from(bits) {
                assert_eq!(m.to_u16(), bits);
                valid += 1;
            }
        }
        // Null; ordinary 64*63; en passant 2 ranks * (8 files * 2 diagonals - 2 edges) * 1;
        // castling 2 ranks * 8 * 7; promotions 4 roles * 2 ranks * 8 * 63.
        assert_eq!(valid, 1 + 64 * 63 + 2 * 14 + 2 * 56 + 4 * 2 * 8 * 63);
        assert_eq!(
            Move::try_from(Move::en_passant(Square::E5, Square::D6).to_u16()).map(Move::is_en_passant),
            Ok(true)
        );
        assert!(Move::try_from(Move::en_passant(Square::E4, Square::E5).to_u16()).is_err());
        assert!(Move::try_from(3 << 12 | 1 << 6).is_err());
    }
}
