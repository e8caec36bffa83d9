//! UCI move notation (`e2e4`, `e7e8q`, `0000`, and crazyhouse's drops `N@f3`, which standard
//! chess reads but never plays).
//!
//! In standard chess castling is written as the king's two-square step (`e1g1`); in
//! Chess960 mode as the king taking its own rook (`e1h1`). Both forms are read in
//! either mode.
//!
//! # Examples
//!
//! ```
//! use chess_core::{Position, UciMove};
//!
//! let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
//! let castle = pos.parse_uci("e1g1").unwrap();
//! assert!(castle.is_castle());
//! assert_eq!(pos.uci(castle).to_string(), "e1g1");
//! assert_eq!(pos.parse_uci("e1h1"), Ok(castle));
//! assert_eq!("e7e8q".parse::<UciMove>().unwrap().to_string(), "e7e8q");
//! ```

use core::fmt;
use core::str::FromStr;

use crate::{CastlingMode, ErrorCode, IllegalMoveReason, Move, Position, Role, Square};

/// A move as UCI writes it, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// A move from one square to another, perhaps promoting.
    Normal {
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to (for castling: the king's square or the rook's).
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// A piece put on a square from the hand (crazyhouse's `N@f3`): read and written, never
    /// legal in standard chess.
    Put {
        /// The piece put down.
        role: Role,
        /// The square it is put on.
        to: Square,
    },
    /// The null move `0000`.
    Null,
}

/// Why text is not a UCI move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseUciError {
    /// Wrong length: a UCI move has 4 or 5 characters.
    #[error("UCI move must have 4 or 5 characters (like e2e4 or e7e8q), found {0}")]
    Length(usize),
    /// The squares are not valid.
    #[error("UCI move: characters {at}-{} are not a square", at + 1)]
    Square {
        /// The index of the bad square's first character.
        at: usize,
    },
    /// A drop's first character is not a piece letter.
    #[error("UCI drop: character 0 must be a piece letter p, n, b, r, q or k")]
    Piece,
    /// The fifth character is not a lower-case piece letter (`q`, `r`, `b`, `n`; `p` and `k`
    /// read too, and name an illegal promotion).
    #[error("UCI move: character 4 must be a promotion piece q, r, b or n")]
    Promotion,
}

/// Why a UCI move cannot be played in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// The text is not a UCI move.
    #[error(transparent)]
    Syntax(#[from] ParseUciError),
    /// The move is not legal in the position; `reason` says why.
    #[error("illegal move {uci} in this position: {reason}")]
    Illegal {
        /// The move as read.
        uci: UciMove,
        /// Why it is illegal.
        reason: IllegalMoveReason,
    },
}

impl ParseUciError {
    /// Returns the stable error code, [`ErrorCode::InvalidMove`].
    pub fn code(&self) -> ErrorCode {
        ErrorCode::InvalidMove
    }
}

impl UciError {
    /// Returns the stable error code: [`ErrorCode::InvalidMove`] for bad syntax, the
    /// reason's code ([`ErrorCode::IllegalMove`] or [`ErrorCode::MissingPromotion`]) otherwise.
    pub fn code(&self) -> ErrorCode {
        match self {
            UciError::Syntax(error) => error.code(),
            UciError::Illegal { reason, .. } => reason.code(),
        }
    }
}

impl UciMove {
    /// Reads a UCI move from bytes (a drop's piece letter in either case).
    pub fn from_ascii(text: &[u8]) -> Result<UciMove, ParseUciError> {
        if text == b"0000" {
            return Ok(UciMove::Null);
        }
        if let [piece, b'@', square @ ..] = text {
            let role = Role::from_char(piece.to_ascii_lowercase() as char).ok_or(ParseUciError::Piece)?;
            let to = Square::from_ascii(square).map_err(|_| ParseUciError::Square { at: 2 })?;
            return Ok(UciMove::Put { role, to });
        }
        if !(4..=5).contains(&text.len()) {
            return Err(ParseUciError::Length(text.len()));
        }
        let from = Square::from_ascii(&text[0..2]).map_err(|_| ParseUciError::Square { at: 0 })?;
        let to = Square::from_ascii(&text[2..4]).map_err(|_| ParseUciError::Square { at: 2 })?;
        let promotion = match text.get(4) {
            None => None,
            // Any piece letter reads, as python-chess reads it; a promotion to a pawn or a king
            // is then an illegal move (`IllegalMoveReason::InvalidPromotion`), not bad syntax.
            Some(&c) => match Role::from_char(c as char) {
                Some(role) if c.is_ascii_lowercase() => Some(role),
                _ => return Err(ParseUciError::Promotion),
            },
        };
        Ok(UciMove::Normal { from, to, promotion })
    }

    /// Finds the legal move this UCI move names in `pos` ([`Position::resolve_move`]:
    /// castling as `e1g1` or `e1h1`, en passant as a plain pawn move).
    pub fn to_move(self, pos: &Position) -> Result<Move, UciError> {
        let reason = match self {
            UciMove::Normal { from, to, promotion } => {
                return pos.resolve_move(from, to, promotion).map_err(|reason| UciError::Illegal { uci: self, reason });
            }
            UciMove::Put { role, to } => IllegalMoveReason::Put { role, square: to },
            UciMove::Null => IllegalMoveReason::NullMove,
        };
        Err(UciError::Illegal { uci: self, reason })
    }
}

impl FromStr for UciMove {
    type Err = ParseUciError;

    fn from_str(text: &str) -> Result<UciMove, ParseUciError> {
        UciMove::from_ascii(text.as_bytes())
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Put { role, to } => write!(f, "{}@{to}", role.upper_char()),
            UciMove::Normal { from, to, promotion } => {
                write!(f, "{from}{to}")?;
                match promotion {
                    Some(role) => write!(f, "{}", role.char()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Move {
    /// Returns the move in UCI form with castling as king takes rook (Chess960 style).
    pub fn to_uci_chess960(self) -> UciMove {
        if self.is_null() {
            UciMove::Null
        } else {
            UciMove::Normal { from: self.from(), to: self.to(), promotion: self.promotion() }
        }
    }
}

impl Move {
    /// Returns the move in UCI form, castling written as `mode` requires: the king's two-square
    /// move in standard chess, king takes rook in Chess960.
    ///
    /// ```
    /// use chess_core::{CastlingMode, Position};
    ///
    /// let pos: Position = "r3k3/8/8/8/8/8/8/4K3 b q - 0 1".parse()?;
    /// let castle = pos.parse_san("O-O-O")?;
    /// assert_eq!(castle.to_uci(CastlingMode::Standard).to_string(), "e8c8");
    /// assert_eq!(castle.to_uci(CastlingMode::Chess960).to_string(), "e8a8");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_uci(self, mode: CastlingMode) -> UciMove {
        match (self.castling_side(), mode) {
            (Some(side), CastlingMode::Standard) => {
                let color =
                    if self.from().rank() == crate::Rank::First { crate::Color::White } else { crate::Color::Black };
                UciMove::Normal { from: self.from(), to: side.king_to(color), promotion: None }
            }
            _ => self.to_uci_chess960(),
        }
    }
}

impl Position {
    /// Returns a legal move in UCI form, castling written as this position's mode requires.
    pub fn uci(&self, m: Move) -> UciMove {
        m.to_uci(self.mode)
    }

    /// Reads a UCI move and finds it among the legal moves.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        UciMove::from_str(text)?.to_move(self)
    }
}
