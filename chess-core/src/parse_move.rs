//! One reader for a move typed by a user: SAN, long algebraic notation, UCI and squares
//! apart (`e2 e4`, `e2-e4`), with one error type ([`ParseMoveError`]).

use crate::{ErrorCode, IllegalMoveReason, Move, Piece, Position, Role, San, SanError, SanPlus, Square, attacks};

/// Why text typed as a move cannot be played: [`Position::parse_move`].
///
/// # Examples
///
/// ```
/// use chess_core::{IllegalMoveReason, Position, Square};
///
/// let pos = Position::new();
/// let error = pos.parse_move("e2 e5").unwrap_err();
/// assert!(matches!(error.reason(), Some(IllegalMoveReason::NoSuchMove { .. })));
/// assert_eq!(error.to_string(), "illegal move e2e5 in this position: a pawn does not move from e2 to e5");
/// assert_eq!(pos.parse_move("Nd4").unwrap_err().to_string(), "illegal move Nd4: no white knight can reach d4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text was read as SAN or long algebraic notation (`Nf3`, `Ng1-f3`); the SAN error
    /// says why it cannot be played (bad syntax, illegal, ambiguous, promotion missing).
    #[error(transparent)]
    San(#[from] SanError),
    /// The text gives two squares (`e2e4`, `e2 e4`, `e2-e4`, `e7e8q`), but that move is not
    /// legal here.
    #[error("illegal move {from}{to}{} in this position: {reason}", PromotionLetter(*.promotion))]
    Illegal {
        /// The square the piece would leave.
        from: Square,
        /// The square it would go to.
        to: Square,
        /// The promotion piece, if given.
        promotion: Option<Role>,
        /// Why the move is illegal.
        reason: IllegalMoveReason,
    },
    /// The SAN names a piece that no piece of the side to move can reach the target with
    /// (`Nd4` from the start position).
    #[error("illegal move {san}: no {} {} can reach {}", .piece.color, .piece.role, .to)]
    Unreachable {
        /// The move as read.
        san: San,
        /// The piece named.
        piece: Piece,
        /// The target square.
        to: Square,
    },
}

impl ParseMoveError {
    /// Returns why the move is illegal, when it was understood and points at one piece.
    pub fn reason(&self) -> Option<&IllegalMoveReason> {
        match self {
            ParseMoveError::San(SanError::Illegal { reason, .. }) => reason.as_ref(),
            ParseMoveError::Illegal { reason, .. } => Some(reason),
            _ => None,
        }
    }

    /// Returns the stable error code: [`ErrorCode::IllegalMove`] for a move understood but
    /// illegal, or the SAN error's own code.
    pub fn code(&self) -> ErrorCode {
        match self {
            ParseMoveError::San(error) => error.code(),
            ParseMoveError::Illegal { reason, .. } => reason.code(),
            ParseMoveError::Unreachable { .. } => ErrorCode::IllegalMove,
        }
    }
}

impl Position {
    /// Reads a move typed by a user and finds it among the legal moves: two squares (UCI
    /// `e2e4`, `e7e8q`, or with a space or a dash between them: `e2 e4`, `e2-e4`, `e7-e8=Q`,
    /// any case), otherwise SAN or long algebraic notation, read leniently (`Nf3`, `Ng1f3`,
    /// `Ng1-f3`, `O-O`, `exd6 e.p.`). Castling may be given by the king's squares (`e1g1`).
    ///
    /// ```
    /// use chess_core::{Move, Position, Square::*};
    ///
    /// let pos = Position::new();
    /// for text in ["e4", "e2e4", "e2 e4", "e2-e4", "E2E4", "e2-e4!"] {
    ///     assert_eq!(pos.parse_move(text)?, Move::new(E2, E4), "{text}");
    /// }
    /// assert_eq!(pos.parse_move("Ng1-f3")?, Move::new(G1, F3));
    /// # Ok::<(), chess_core::ParseMoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        if let Some((from, to, promotion)) = squares(text) {
            return self.resolve_move(from, to, promotion).map_err(|reason| ParseMoveError::Illegal {
                from,
                to,
                promotion,
                reason,
            });
        }
        let san = text.parse::<SanPlus>().map_err(SanError::from)?.san;
        san.to_move(self).map_err(|error| match (&error, san) {
            (SanError::Illegal { reason: None, .. }, San::Normal { role, file, rank, to, .. })
                if role != Role::Pawn =>
            {
                let piece = Piece { color: self.turn(), role };
                let reaches = self.board().pieces().any(|(square, found)| {
                    found == piece
                        && file.is_none_or(|file| square.file() == file)
                        && rank.is_none_or(|rank| square.rank() == rank)
                        && attacks::attacks(piece.color, role, square, self.board().occupied()).contains(to)
                });
                if reaches { error.into() } else { ParseMoveError::Unreachable { san, piece, to } }
            }
            _ => error.into(),
        })
    }
}

/// Writes a promotion piece's letter as UCI does (`q`), or nothing.
struct PromotionLetter(Option<Role>);

impl core::fmt::Display for PromotionLetter {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.map_or(Ok(()), |role| core::fmt::Write::write_char(f, role.char()))
    }
}

/// Reads two squares and a promotion letter: `e2e4`, `e2 e4`, `e2-e4`, `e7e8q`, `e7-e8=Q`
/// (any case), and annotations after them (`e2e4!`, `e7e8q+`).
fn squares(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let text = text.trim_end_matches(['!', '?', '+', '#']);
    // `e7-e8=q` at most: seven characters once the spaces and dashes are gone.
    let mut compact = [0u8; 7];
    let mut len = 0;
    for byte in text.bytes().filter(|byte| !byte.is_ascii_whitespace() && *byte != b'-') {
        *compact.get_mut(len)? = byte.to_ascii_lowercase();
        len += 1;
    }
    let compact = &compact[..len];
    let square = |at: usize| Square::from_ascii(compact.get(at..at + 2)?).ok();
    let (from, to) = (square(0)?, square(2)?);
    let promotion = match compact.get(4..)? {
        [] => None,
        [letter] | [b'=', letter] => Some(Role::from_char(char::from(*letter))?),
        _ => return None,
    };
    Some((from, to, promotion))
}
