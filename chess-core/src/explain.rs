//! Turning squares into a legal move, or saying why there is none, in words a player
//! understands.
//!
//! [`Position::resolve_move`] is the one resolver every entry point uses ([`Position::play`],
//! [`Game::push`](crate::Game::push), UCI and SAN parsing, the bindings): it takes a move as
//! an interface sees it (a from square, a to square and perhaps a promotion piece) and
//! returns either the legal move or an [`IllegalMoveReason`] naming the reason, with the
//! squares and pieces involved. Castling may be given as the king's two-square step (`e1g1`)
//! or as the king taking its own rook (`e1h1`), en passant as a plain diagonal pawn move.
//!
//! [`Display`](core::fmt::Display) writes English; `text(lang)` writes the message in any
//! [`Lang`](crate::Lang).
//!
//! # Examples
//!
//! ```
//! use chess_core::{IllegalMoveReason, Lang, Position, Square};
//!
//! let pos: Position = "r1bqk1nr/pppp1ppp/2n5/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 4".parse().unwrap();
//! let err = pos.resolve_move(Square::C3, Square::D5, None).unwrap_err();
//! assert_eq!(err.to_string(), "the knight on c3 is pinned by the bishop on b4");
//! assert_eq!(err.text(Lang::Zh).to_string(), "c3上的马被b4上的象牵制");
//! assert!(matches!(err, IllegalMoveReason::Pinned { pinner_square: Square::B4, .. }));
//!
//! let nf3 = pos.resolve_move(Square::G1, Square::F3, None).unwrap();
//! assert!(pos.is_legal(nf3));
//! ```

use crate::movegen::{CastlingObstacle, pawn_pushes};
use crate::{Bitboard, CastlingSide, ErrorCode, Move, Piece, Position, Rank, Role, Square, attacks};

/// The reason a move is illegal, with the squares and pieces a message names.
///
/// `Display` writes the English message; `text(lang)` writes it in any [`Lang`](crate::Lang).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// There is no piece on the from square.
    NoPiece {
        /// The empty square.
        square: Square,
    },
    /// The piece on the from square belongs to the side not to move.
    NotYourPiece {
        /// The piece's square.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// The piece never moves between these squares (also a move to its own square).
    NoSuchMove {
        /// The moving piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
    },
    /// A pawn was asked to move diagonally to an empty square that is not an en-passant capture.
    NothingToCapture {
        /// The pawn's square.
        from: Square,
        /// The empty square.
        to: Square,
    },
    /// A piece stands on the way (for a pawn's step, on the target square).
    Blocked {
        /// The moving piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
        /// The square of the first piece in the way.
        blocker_square: Square,
        /// The piece in the way.
        blocker: Piece,
    },
    /// The target square holds a piece of the side to move.
    OwnPiece {
        /// The target square.
        square: Square,
        /// The piece on it.
        piece: Piece,
    },
    /// The piece may not leave the line between its king and an enemy piece.
    Pinned {
        /// The pinned piece.
        piece: Piece,
        /// Its square.
        square: Square,
        /// The pinning piece.
        pinner: Piece,
        /// Its square.
        pinner_square: Square,
    },
    /// The king is in check and the move does not answer it.
    LeavesKingInCheck {
        /// A piece giving check that still would.
        checker: Piece,
        /// Its square.
        checker_square: Square,
    },
    /// The king would step onto an attacked square.
    KingIntoCheck {
        /// The square the king was asked to go to.
        to: Square,
        /// A piece that attacks it.
        attacker: Piece,
        /// Its square.
        attacker_square: Square,
    },
    /// The king or the rook has moved (or the right was never there).
    CastlingRightsLost {
        /// The side of the board.
        side: CastlingSide,
    },
    /// A piece stands between the king and the rook or on their landing squares.
    CastlingBlocked {
        /// The side of the board.
        side: CastlingSide,
        /// The square of a piece in the way.
        square: Square,
        /// The piece in the way.
        piece: Piece,
    },
    /// The king is in check, so it may not castle.
    CastlingInCheck {
        /// The side of the board.
        side: CastlingSide,
        /// A piece giving check.
        checker: Piece,
        /// Its square.
        checker_square: Square,
    },
    /// The king would pass through an attacked square.
    CastlingThroughCheck {
        /// The side of the board.
        side: CastlingSide,
        /// The attacked square the king passes.
        square: Square,
        /// A piece attacking it.
        attacker: Piece,
        /// Its square.
        attacker_square: Square,
    },
    /// The king would land on an attacked square.
    CastlingIntoCheck {
        /// The side of the board.
        side: CastlingSide,
        /// The square the king lands on.
        square: Square,
        /// A piece attacking it.
        attacker: Piece,
        /// Its square.
        attacker_square: Square,
    },
    /// An enemy pawn stands beside, but it did not just make a double step.
    EnPassantUnavailable {
        /// The capturing pawn's square.
        from: Square,
        /// The empty square it was asked to go to.
        to: Square,
        /// The enemy pawn's square.
        pawn_square: Square,
    },
    /// A pawn reaching the last rank must be given a piece to promote to.
    MustPromote {
        /// The pawn's square.
        from: Square,
        /// The last-rank square.
        to: Square,
    },
    /// A pawn may promote only to a queen, rook, bishop or knight.
    InvalidPromotion {
        /// The piece asked for.
        role: Role,
    },
    /// A promotion piece was given for a move that does not promote.
    PromotionNotAllowed {
        /// The piece asked for.
        role: Role,
    },
    /// The null move (passing the turn) was played as a move.
    NullMove,
    /// A piece was to be put on the board from the hand (a crazyhouse drop).
    Put {
        /// The piece.
        role: Role,
        /// The square it was to be put on.
        square: Square,
    },
}

/// Which case an [`IllegalMoveReason`] is, without its squares and pieces: a stable number
/// for the C library and a stable name (`"pinned"`) for Python and logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
#[non_exhaustive]
#[allow(missing_docs)] // Each case is documented on its IllegalMoveReason variant.
pub enum IllegalMoveKind {
    NoPiece = 1,
    NotYourPiece = 2,
    NoSuchMove = 3,
    NothingToCapture = 4,
    Blocked = 5,
    OwnPiece = 6,
    Pinned = 7,
    LeavesKingInCheck = 8,
    KingIntoCheck = 9,
    CastlingRightsLost = 10,
    CastlingBlocked = 11,
    CastlingInCheck = 12,
    CastlingThroughCheck = 13,
    CastlingIntoCheck = 14,
    EnPassantUnavailable = 15,
    MustPromote = 16,
    InvalidPromotion = 17,
    PromotionNotAllowed = 18,
    NullMove = 19,
    Put = 20,
}

impl IllegalMoveKind {
    /// Returns the kind's name in snake case (`"leaves_king_in_check"`).
    pub const fn name(self) -> &'static str {
        use IllegalMoveKind::*;
        match self {
            NoPiece => "no_piece",
            NotYourPiece => "not_your_piece",
            NoSuchMove => "no_such_move",
            NothingToCapture => "nothing_to_capture",
            Blocked => "blocked",
            OwnPiece => "own_piece",
            Pinned => "pinned",
            LeavesKingInCheck => "leaves_king_in_check",
            KingIntoCheck => "king_into_check",
            CastlingRightsLost => "castling_rights_lost",
            CastlingBlocked => "castling_blocked",
            CastlingInCheck => "castling_in_check",
            CastlingThroughCheck => "castling_through_check",
            CastlingIntoCheck => "castling_into_check",
            EnPassantUnavailable => "en_passant_unavailable",
            MustPromote => "must_promote",
            InvalidPromotion => "invalid_promotion",
            PromotionNotAllowed => "promotion_not_allowed",
            NullMove => "null_move",
            Put => "put",
        }
    }
}

impl IllegalMoveReason {
    /// Returns which case this is, without its squares and pieces.
    pub const fn kind(&self) -> IllegalMoveKind {
        use IllegalMoveReason::*;
        match self {
            NoPiece { .. } => IllegalMoveKind::NoPiece,
            NotYourPiece { .. } => IllegalMoveKind::NotYourPiece,
            NoSuchMove { .. } => IllegalMoveKind::NoSuchMove,
            NothingToCapture { .. } => IllegalMoveKind::NothingToCapture,
            Blocked { .. } => IllegalMoveKind::Blocked,
            OwnPiece { .. } => IllegalMoveKind::OwnPiece,
            Pinned { .. } => IllegalMoveKind::Pinned,
            LeavesKingInCheck { .. } => IllegalMoveKind::LeavesKingInCheck,
            KingIntoCheck { .. } => IllegalMoveKind::KingIntoCheck,
            CastlingRightsLost { .. } => IllegalMoveKind::CastlingRightsLost,
            CastlingBlocked { .. } => IllegalMoveKind::CastlingBlocked,
            CastlingInCheck { .. } => IllegalMoveKind::CastlingInCheck,
            CastlingThroughCheck { .. } => IllegalMoveKind::CastlingThroughCheck,
            CastlingIntoCheck { .. } => IllegalMoveKind::CastlingIntoCheck,
            EnPassantUnavailable { .. } => IllegalMoveKind::EnPassantUnavailable,
            MustPromote { .. } => IllegalMoveKind::MustPromote,
            InvalidPromotion { .. } => IllegalMoveKind::InvalidPromotion,
            PromotionNotAllowed { .. } => IllegalMoveKind::PromotionNotAllowed,
            NullMove => IllegalMoveKind::NullMove,
            Put { .. } => IllegalMoveKind::Put,
        }
    }

    /// Returns the stable error code: [`ErrorCode::MissingPromotion`] for
    /// [`MustPromote`](IllegalMoveReason::MustPromote), [`ErrorCode::IllegalMove`] otherwise.
    pub const fn code(&self) -> ErrorCode {
        match self {
            IllegalMoveReason::MustPromote { .. } => ErrorCode::MissingPromotion,
            _ => ErrorCode::IllegalMove,
        }
    }
}

impl core::error::Error for IllegalMoveReason {}

impl Position {
    /// Finds the legal move from `from` to `to` (with `promotion`), or says why there is none.
    ///
    /// Returns `Ok` exactly for the legal moves: a move of [`Position::legal_moves`] given
    /// by its squares and promotion (en passant as an ordinary diagonal step), or castling
    /// given as the king's two-square step (`e1g1`, in standard chess and Chess960 alike)
    /// or as the king taking its own rook (`e1h1`). A pawn move to the last rank without a
    /// promotion piece is [`IllegalMoveReason::MustPromote`].
    ///
    /// ```
    /// use chess_core::{Move, Position, Square::*};
    ///
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(pos.resolve_move(E1, G1, None), Ok(Move::castle(E1, H1)));
    /// assert_eq!(pos.resolve_move(E1, H1, None), Ok(Move::castle(E1, H1)));
    /// let pos: Position = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1".parse()?;
    /// assert_eq!(pos.resolve_move(E5, D6, None), Ok(Move::en_passant(E5, D6)));
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    ///
    /// Whether the move is legal is the move generator's answer (masked to the two squares);
    /// the reasons only name why not. They are checked in this order, so the first one found
    /// is the most helpful: no piece on the square; the opponent's piece; for a king asked to
    /// castle, the castling rules (rights, pieces in the way, in check, through or onto an
    /// attacked square); the piece never moves that way; your own piece on the target; the path
    /// is blocked (or, for pawns, nothing to capture, en passant not available); the move leaves
    /// the king in check (an existing check, a pin, or the king stepping into an attack); and
    /// last, the promotion piece.
    pub fn resolve_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Result<Move, IllegalMoveReason> {
        let piece = self.piece_at(from).ok_or(IllegalMoveReason::NoPiece { square: from })?;
        if piece.color != self.turn {
            return Err(IllegalMoveReason::NotYourPiece { square: from, piece });
        }
        if let Some((rook, side)) = self.castling_attempt(piece, from, to) {
            let m = self.why_castling_illegal(side, rook)?;
            return match promotion {
                Some(role) => Err(IllegalMoveReason::PromotionNotAllowed { role }),
                None => Ok(m),
            };
        }
        // The generator decides; what follows only names the reason. A legal move between the
        // squares with the promotion asked for is the answer; another one names a promotion reason.
        let mut legal = None;
        self.for_each_legal_move_masked(from, to, |m| {
            if legal.is_none() || m.promotion() == promotion {
                legal = Some(m);
            }
        });
        match (legal, promotion) {
            (Some(m), _) if m.promotion() == promotion => Ok(m),
            (Some(_), None) => Err(IllegalMoveReason::MustPromote { from, to }),
            // Every promotion piece a pawn may take is generated, so this one is a king or a pawn.
            (Some(m), Some(role)) if m.is_promotion() => Err(IllegalMoveReason::InvalidPromotion { role }),
            (Some(_), Some(role)) => Err(IllegalMoveReason::PromotionNotAllowed { role }),
            (None, _) => Err(self.why_illegal(piece, from, to)),
        }
    }

    /// Names the reason a move of `piece` from `from` to `to` (not castling) that the generator
    /// does not make is illegal: the first of the way the piece moves, the target, the path
    /// and en passant, then the king's safety.
    fn why_illegal(&self, piece: Piece, from: Square, to: Square) -> IllegalMoveReason {
        let us = self.turn;
        let reach = match piece.role {
            Role::Pawn => {
                let (single, double) = pawn_pushes(us, Bitboard::from(from), Bitboard::FULL);
                single | double | attacks::pawn(us, from)
            }
            role => attacks::attacks(us, role, from, Bitboard::EMPTY),
        };
        if !reach.contains(to) {
            return IllegalMoveReason::NoSuchMove { piece, from, to };
        }
        if let Some(own) = self.piece_at(to).filter(|p| p.color == us) {
            return IllegalMoveReason::OwnPiece { square: to, piece: own };
        }
        let occupied = self.board.occupied();
        let push = piece.role == Role::Pawn && from.file() == to.file();
        let in_the_way = if push { attacks::between(from, to).with(to) } else { attacks::between(from, to) } & occupied;
        if let Some((blocker_square, blocker)) = self.piece_among(in_the_way, to > from) {
            return IllegalMoveReason::Blocked { piece, from, to, blocker_square, blocker };
        }
        let en_passant = piece.role == Role::Pawn && !push && !occupied.contains(to);
        if en_passant && self.ep_square != Some(to) {
            let pawn_square = crate::moves::en_passant_victim(from, to);
            return if self.piece_at(pawn_square) == Some(Piece::new(!us, Role::Pawn)) {
                IllegalMoveReason::EnPassantUnavailable { from, to, pawn_square }
            } else {
                IllegalMoveReason::NothingToCapture { from, to }
            };
        }
        // The move is one the pieces make, so the generator refused it for the king's sake:
        // an attacker remains (the fallback is never reached, as the tests check).
        self.why_unsafe(piece, from, to, en_passant).unwrap_or(IllegalMoveReason::NoSuchMove { piece, from, to })
    }

    /// Tells whether a king move is meant as castling: the king taking its own castling rook
    /// (or, with no right left, its own rook in the corner), or two squares along the back rank.
    fn castling_attempt(&self, piece: Piece, from: Square, to: Square) -> Option<(Option<Square>, CastlingSide)> {
        let us = piece.color;
        if piece.role != Role::King || from.rank() != Rank::First.relative_to(us) || from.rank() != to.rank() {
            return None;
        }
        let side = if to > from { CastlingSide::KingSide } else { CastlingSide::QueenSide };
        let rook = self.castling_rook(us, side);
        let takes_castling_rook = rook == Some(to);
        let corner_without_right = rook.is_none()
            && from == Square::E1.relative_to(us)
            && Bitboard::CORNERS.contains(to)
            && self.piece_at(to) == Some(Piece::new(us, Role::Rook));
        let two_squares = from.distance(to) == 2 && to == side.king_to(us);
        (takes_castling_rook || corner_without_right || two_squares).then_some((rook, side))
    }

    /// Checks castling on `side` with `rook` as the move generator does, naming the first obstacle.
    fn why_castling_illegal(&self, side: CastlingSide, rook: Option<Square>) -> Result<Move, IllegalMoveReason> {
        let rook = rook.ok_or(IllegalMoveReason::CastlingRightsLost { side })?;
        let king = self.king_of(self.turn);
        let Some(obstacle) = self.board.castling_obstacle(self.turn, side, king, rook, self.checkers()) else {
            return Ok(Move::castle(king, rook));
        };
        // The piece named is the nearest one in the king's direction, or on the lowest square.
        let first = |squares, upward| self.piece_among(squares, upward);
        let reason = match obstacle {
            CastlingObstacle::Blocked(pieces) => first(pieces, side == CastlingSide::KingSide)
                .map(|(square, piece)| IllegalMoveReason::CastlingBlocked { side, square, piece }),
            CastlingObstacle::InCheck => first(self.checkers(), true)
                .map(|(checker_square, checker)| IllegalMoveReason::CastlingInCheck { side, checker, checker_square }),
            CastlingObstacle::Through(square, attackers) => {
                first(attackers, true).map(|(attacker_square, attacker)| IllegalMoveReason::CastlingThroughCheck {
                    side,
                    square,
                    attacker,
                    attacker_square,
                })
            }
            CastlingObstacle::Into(attackers) => first(attackers, true).map(|(attacker_square, attacker)| {
                let square = side.king_to(self.turn);
                IllegalMoveReason::CastlingIntoCheck { side, square, attacker, attacker_square }
            }),
        };
        // Every obstacle names occupied squares, so a piece is always found.
        Err(reason.unwrap_or(IllegalMoveReason::CastlingRightsLost { side }))
    }

    /// Names what attacks the side to move's king after a move that is otherwise possible.
    fn why_unsafe(&self, piece: Piece, from: Square, to: Square, en_passant: bool) -> Option<IllegalMoveReason> {
        let us = self.turn;
        let them = !us;
        let occupied = self.board.occupied();
        if piece.role == Role::King {
            let attackers = self.board.attackers_to(to, them, occupied.without(from)) - to;
            let (attacker_square, attacker) = self.piece_among(attackers, true)?;
            return Some(IllegalMoveReason::KingIntoCheck { to, attacker, attacker_square });
        }
        let captured = if en_passant { crate::moves::en_passant_victim(from, to) } else { to };
        let after = (occupied - from - captured).with(to);
        let attackers = self.board.attackers_to(self.king_of(us), them, after) - captured;
        if let Some((checker_square, checker)) = self.piece_among(attackers & self.checkers(), true) {
            return Some(IllegalMoveReason::LeavesKingInCheck { checker, checker_square });
        }
        let (pinner_square, pinner) = self.piece_among(attackers, true)?;
        Some(IllegalMoveReason::Pinned { piece, square: from, pinner, pinner_square })
    }

    /// Returns the piece in `squares` met first going up the board (`upward`) or down it.
    fn piece_among(&self, squares: Bitboard, upward: bool) -> Option<(Square, Piece)> {
        let square = if upward { squares.first() } else { squares.last() }?;
        Some((square, self.piece_at(square)?))
    }
}
