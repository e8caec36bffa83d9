//! [`AnyPosition`]: a legal [`Position`] when the setup is one, else a [`FreePosition`], so
//! that a board playing by python-chess's rules is fast on legal positions and still plays
//! on any setup.

use crate::{CastlingMode, FreePosition, Move, Position, PositionError, Role, Setup, Square, Validation};

/// Any setup to play on by python-chess's rules: a [`Position`] while it is a legal
/// position (the fast generator), a [`FreePosition`] otherwise. It moves between the two as
/// moves are played: a move into check or a pass in check leaves a `FreePosition`, and a
/// move that leaves a legal position returns to a `Position`.
///
/// It implements [`Playable`](crate::Playable), whose methods answer for both.
///
/// # Examples
///
/// ```
/// use chess_core::{AnyPosition, CastlingMode, Move, Playable, Setup, Square::*};
///
/// let setup = Setup::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")?;
/// let mut pos = AnyPosition::new(setup, CastlingMode::Standard);
/// assert!(pos.legal().is_some());
/// // The king walks into check, as python-chess's push allows: no legal position any more.
/// pos.play_pseudo_legal(Move::new(E1, E2));
/// assert!(pos.legal().is_none());
/// // The rook takes the king, Black's king steps: a setup without a white king.
/// pos.play_unchecked(Move::new(D2, E2));
/// assert_eq!(pos.to_setup().to_string(), "4k3/8/8/8/8/8/4r3/8 w - - 0 2");
/// # Ok::<(), chess_core::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// A legal position (impossible checks and too much material accepted).
    Legal(Position),
    /// A setup that is no legal position, or whose castling rights or en-passant square
    /// cannot be (kept as they are, as python-chess keeps them).
    Free(FreePosition),
}

impl AnyPosition {
    /// Takes any setup; `mode` is python-chess's `chess960` flag (it decides which castling
    /// rights count). The setup is kept as it is: castling rights or an en-passant square
    /// that cannot be make it a `Free` one.
    pub fn new(setup: Setup, mode: CastlingMode) -> AnyPosition {
        match Position::from_setup(setup, Validation::relaxed().castling(mode)) {
            Ok(pos) => AnyPosition::Legal(pos),
            Err(_) => AnyPosition::Free(FreePosition::new(setup, mode)),
        }
    }

    /// Tells whether the side that just moved left its king attacked (never in a legal
    /// position; see [`FreePosition::was_into_check`]).
    pub fn was_into_check(&self) -> bool {
        match self {
            AnyPosition::Legal(_) => false,
            AnyPosition::Free(free) => free.was_into_check(),
        }
    }

    /// Returns the legal position, when it is one.
    pub fn legal(&self) -> Option<&Position> {
        match self {
            AnyPosition::Legal(pos) => Some(pos),
            AnyPosition::Free(_) => None,
        }
    }

    /// Returns the setup as a [`FreePosition`] (which plays on any setup).
    pub fn to_free(&self) -> FreePosition {
        match self {
            AnyPosition::Legal(pos) => FreePosition::from(*pos),
            AnyPosition::Free(free) => *free,
        }
    }

    /// Returns the legal position, repairing what python-chess ignores when it plays:
    /// castling rights and an en-passant square that cannot be are dropped. Fails with the
    /// setup's problems when it is no legal position even so (no king, pawns on the back
    /// rank, the side not to move in check...).
    ///
    /// ```
    /// use chess_core::{AnyPosition, CastlingMode, Setup};
    ///
    /// // Castling rights without rooks in the corners.
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1")?;
    /// let pos = AnyPosition::new(setup, CastlingMode::Standard);
    /// assert!(pos.legal().is_none());
    /// assert_eq!(pos.to_position()?.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_position(&self) -> Result<Position, PositionError> {
        let free = match self {
            AnyPosition::Legal(pos) => return Ok(*pos),
            AnyPosition::Free(free) => free,
        };
        let validation = Validation::relaxed().castling(free.castling_mode());
        Position::from_setup(*free.setup(), validation)
            .or_else(PositionError::ignore_invalid_castling_rights)
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(|e| Position::from_setup(*e.setup(), validation))
    }

    /// Returns the pseudo-legal move (legal, or leaving the mover's king in check) from `from`
    /// to `to` with `promotion`, castling written as the king's step or onto its rook.
    ///
    /// ```
    /// use chess_core::{AnyPosition, CastlingMode, Setup, Square::*};
    ///
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")?;
    /// let pos = AnyPosition::new(setup, CastlingMode::Standard);
    /// assert!(pos.pseudo_legal_move(E1, E2, None).is_some()); // into check
    /// assert_eq!(pos.pseudo_legal_move(E1, E3, None), None);
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn pseudo_legal_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        match self {
            AnyPosition::Legal(pos) => pos.resolve_move(from, to, promotion).ok().or_else(|| {
                let mut found = None;
                pos.for_each_pseudo_legal_move(|m| {
                    if (m.from(), m.to(), m.promotion()) == (from, to, promotion) {
                        found = Some(m);
                    }
                });
                found
            }),
            AnyPosition::Free(free) => {
                Some(free.move_from_squares(from, to, promotion)).filter(|&m| free.is_pseudo_legal(m))
            }
        }
    }

    /// Plays a legal move here, or the null move (a pass in check leaves a `FreePosition`,
    /// as python-chess plays on); on a `FreePosition`, any pseudo-legal move.
    pub fn play_unchecked(&mut self, m: Move) {
        match self {
            AnyPosition::Legal(pos) if m.is_null() => {
                if pos.play_null().is_err() {
                    self.play_free(m);
                }
            }
            AnyPosition::Legal(pos) => pos.play_unchecked(m),
            AnyPosition::Free(_) => self.play_free(m),
        }
    }

    /// Plays a pseudo-legal move, legal or not (into check), or the null move, as
    /// python-chess's `push` does.
    pub fn play_pseudo_legal(&mut self, m: Move) {
        match self {
            AnyPosition::Legal(pos) if !m.is_null() && !pos.is_legal(m) => self.play_free(m),
            _ => self.play_unchecked(m),
        }
    }

    /// Plays a move on the `FreePosition` of the setup, then returns to a `Position` when the
    /// move left a legal position.
    fn play_free(&mut self, m: Move) {
        let mut free = self.to_free();
        free.play_unchecked(m);
        *self = match AnyPosition::new(free.to_setup(), free.castling_mode()) {
            legal @ AnyPosition::Legal(_) => legal,
            AnyPosition::Free(_) => AnyPosition::Free(free),
        };
    }
}

impl From<Position> for AnyPosition {
    fn from(pos: Position) -> AnyPosition {
        AnyPosition::Legal(pos)
    }
}
