//! Moves described in words, in English or Chinese, for move lists and hints.
//!
//! [`Position::describe`] returns a [`Description`], which displays in English and, with
//! `text(lang)`, in any [`Lang`](crate::Lang); its documentation lists every form. The words
//! themselves are in the `text` module.
//!
//! # Examples
//!
//! ```
//! use chess_core::{Lang, Position};
//!
//! let pos = Position::new();
//! let nf3 = pos.parse_san("Nf3").unwrap();
//! assert_eq!(pos.describe(nf3).to_string(), "White knight g1 to f3");
//! assert_eq!(pos.describe(nf3).text(Lang::Zh).to_string(), "白方马从g1走到f3");
//!
//! let pos: Position = "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3".parse().unwrap();
//! let mate = pos.parse_san("Qh5").unwrap();
//! assert_eq!(pos.describe(mate).to_string(), "White queen d1 to h5, checkmate");
//! assert_eq!(pos.describe(mate).text(Lang::Zh).to_string(), "白方后从d1走到h5，将死");
//! ```

use crate::{CastlingSide, Move, Piece, Position, Role, Square};

/// How a move checks the opponent's king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// The piece that moved gives check.
    Check,
    /// Another piece, uncovered by the move, gives check.
    Discovered,
    /// Two pieces give check.
    Double,
    /// The move checkmates.
    Checkmate,
}

impl CheckKind {
    /// Finds how the legal move `m` checks, if it does.
    pub fn of(pos: &Position, m: Move) -> Option<CheckKind> {
        let mut child = *pos;
        child.play_unchecked(m);
        let checkers = child.checkers();
        let moved_to = match m.castling_side() {
            Some(side) => side.rook_to(pos.turn()), // only the rook can check after castling
            None => m.to(),
        };
        if checkers.is_empty() {
            None
        } else if !child.has_legal_moves() {
            Some(CheckKind::Checkmate)
        } else if checkers.more_than_one() {
            Some(CheckKind::Double)
        } else if checkers.contains(moved_to) {
            Some(CheckKind::Check)
        } else {
            Some(CheckKind::Discovered)
        }
    }
}

/// A move described in words, for a move list or a hint.
///
/// The forms, with White moving (Black reads `Black …` / `黑方…`):
///
/// | move | English | Chinese |
/// |---|---|---|
/// | quiet move | `White knight g1 to f3` | `白方马从g1走到f3` |
/// | capture | `White bishop b5 takes knight c6` | `白方象从b5吃c6的马` |
/// | en passant | `White pawn e5 takes pawn d6 en passant` | `白方兵从e5吃过路兵到d6` |
/// | castling | `White castles kingside` / `White castles queenside` | `白方短易位` / `白方长易位` |
/// | promotion | `White pawn e7 to e8, promotes to a queen` | `白方兵从e7走到e8，升变为后` |
/// | capture and promotion | `White pawn e7 takes rook d8, promotes to a knight` | `白方兵从e7吃d8的车，升变为马` |
///
/// A move that checks adds `, check`, `, discovered check` (the piece that moved does not
/// give the check), `, double check` or `, checkmate`; in Chinese `，将军`, `，闪将`,
/// `，双将` or `，将死` (a full-width comma). En passant names the square the capturing pawn
/// lands on. Descriptions are written with `core::fmt`, without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Description {
    pub(crate) piece: Piece,
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) castle: Option<CastlingSide>,
    pub(crate) capture: Option<Role>,
    pub(crate) en_passant: bool,
    pub(crate) promotion: Option<Role>,
    pub(crate) check: Option<CheckKind>,
}

impl Description {
    /// Returns how the move checks, if it does.
    pub fn check(&self) -> Option<CheckKind> {
        self.check
    }
}

impl Position {
    /// Describes a legal move, for a move list or a hint: display it for English, or
    /// call `text` for another language.
    pub fn describe(&self, m: Move) -> Description {
        Description {
            piece: self.moved_piece(m).unwrap_or(Piece::new(self.turn(), Role::Pawn)),
            from: m.from(),
            to: m.to(),
            castle: m.castling_side(),
            capture: self.captured(m),
            en_passant: m.is_en_passant(),
            promotion: m.promotion(),
            check: CheckKind::of(self, m),
        }
    }
}
