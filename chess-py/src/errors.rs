//! The Python exceptions, chosen by chess-core's error codes, and the messages that quote what
//! was read.

use chess_core::{ErrorCode, IllegalMoveReason as CoreIllegalMoveReason, SanError, UciError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::Board;

create_exception!(
    chess_core,
    InvalidMoveError,
    PyValueError,
    "Raised when a move is not written correctly (UCI or SAN syntax)."
);
create_exception!(chess_core, IllegalMoveError, PyValueError, "Raised when a move is illegal in the position.");
create_exception!(
    chess_core,
    AmbiguousMoveError,
    PyValueError,
    "Raised when a SAN move matches more than one legal move."
);
create_exception!(chess_core, InvalidFenError, PyValueError, "Raised when a FEN or EPD is malformed.");
create_exception!(
    chess_core,
    InvalidSaveError,
    PyValueError,
    "Raised when text given to `Board.from_json` is not a saved game, or its game breaks the rules."
);
create_exception!(
    chess_core,
    InvalidPositionError,
    PyValueError,
    "Raised when a board is asked for moves in a position chess-core cannot play from (no king, pawns on the back rank, the side not to move in check); `status()` names the problems."
);

/// Writes a text as Python's `repr` of a str would, for error messages (`'Nd5'`).
pub(crate) fn quote(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('\'');
    for c in text.chars() {
        match c {
            '\'' => quoted.push_str("\\'"),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => quoted.extend(c.escape_default()),
            c => quoted.push(c),
        }
    }
    quoted.push('\'');
    quoted
}

/// Chooses the Python exception for a chess-core error by its stable code, as python-chess
/// raises them: syntax → `InvalidMoveError`, no such legal move → `IllegalMoveError`, several
/// → `AmbiguousMoveError`, a bad FEN → `InvalidFenError` (a `ValueError`).
pub(crate) fn error_for(code: ErrorCode, message: String) -> PyErr {
    match code {
        ErrorCode::InvalidSquare | ErrorCode::InvalidMove => InvalidMoveError::new_err(message),
        ErrorCode::AmbiguousMove => AmbiguousMoveError::new_err(message),
        ErrorCode::IllegalMove | ErrorCode::MissingPromotion | ErrorCode::GameOver => {
            IllegalMoveError::new_err(message)
        }
        ErrorCode::InvalidFen | ErrorCode::InvalidEpd => InvalidFenError::new_err(message),
        ErrorCode::InvalidPosition => InvalidPositionError::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// The errors of moves read on a board: they quote the text and name the position's FEN.
impl Board {
    pub(crate) fn illegal(&self, kind: &str, text: &str, reason: Option<CoreIllegalMoveReason>) -> PyErr {
        let fen = self.fen_text();
        match reason {
            Some(reason) => IllegalMoveError::new_err(format!("illegal {kind}: {} in {fen}: {reason}", quote(text))),
            None => IllegalMoveError::new_err(format!("illegal {kind}: {} in {fen}", quote(text))),
        }
    }

    pub(crate) fn san_error(&self, text: &str, error: &SanError) -> PyErr {
        let fen = self.fen_text();
        match error {
            SanError::Syntax(e) => InvalidMoveError::new_err(format!("invalid san: {}: {e}", quote(text))),
            SanError::Ambiguous { .. } => {
                AmbiguousMoveError::new_err(format!("ambiguous san: {} in {fen}: {error}", quote(text)))
            }
            SanError::Illegal { reason: Some(reason), .. } => {
                IllegalMoveError::new_err(format!("illegal san: {} in {fen}: {reason}", quote(text)))
            }
            _ => error_for(error.code(), format!("illegal san: {} in {fen}: {error}", quote(text))),
        }
    }

    pub(crate) fn uci_error(&self, text: &str, error: &UciError) -> PyErr {
        match error {
            UciError::Syntax(e) => InvalidMoveError::new_err(format!("invalid uci: {}: {e}", quote(text))),
            UciError::Illegal { reason, .. } => self.illegal("uci", text, Some(*reason)),
            _ => error_for(error.code(), format!("{error}")),
        }
    }
}
