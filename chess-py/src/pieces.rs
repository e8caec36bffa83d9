//! Piece types (1–6), colours (`bool`) and the `Piece` class.

use chess_core::{Color, Piece as CorePiece, Role};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::quote;

/// Converts a python-chess piece type (1–6) to a chess-core role.
pub(crate) fn role(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type - 1)
        .ok()
        .and_then(Role::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("invalid piece type: {piece_type} (PAWN=1 ... KING=6)")))
}

/// python-chess's piece type (1–6) of a role.
pub(crate) fn piece_type(role: Role) -> u8 {
    role.index() as u8 + 1
}

pub(crate) fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// A piece: its type (1–6) and colour (`True` for white).
#[pyclass(module = "chess_core", name = "Piece", frozen, eq, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    #[pyo3(get)]
    pub(crate) piece_type: u8,
    #[pyo3(get)]
    pub(crate) color: bool,
}

impl Piece {
    pub(crate) fn core(self) -> CorePiece {
        CorePiece::new(color(self.color), Role::ALL[usize::from(self.piece_type - 1)])
    }

    pub(crate) fn from_core(piece: CorePiece) -> Piece {
        Piece { piece_type: piece_type(piece.role), color: piece.color == Color::White }
    }
}

#[pymethods]
impl Piece {
    /// Makes a piece from a piece type (1–6) and a colour.
    #[new]
    fn new(piece_type: i64, color: bool) -> PyResult<Piece> {
        Ok(Piece { piece_type: self::piece_type(role(piece_type)?), color })
    }

    /// Reads a piece letter (`P`, `n`, ...); `ValueError` otherwise.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        match (chars.next().and_then(CorePiece::from_char), chars.next()) {
            (Some(piece), None) => Ok(Piece::from_core(piece)),
            _ => Err(PyValueError::new_err(format!("invalid piece symbol: {}", quote(symbol)))),
        }
    }

    /// The piece letter, upper case for white.
    fn symbol(&self) -> String {
        self.core().char().to_string()
    }

    /// The Unicode chess symbol (`♔` for the white king).
    #[pyo3(signature = (*, invert_color = false))]
    pub(crate) fn unicode_symbol(&self, invert_color: bool) -> String {
        let piece = self.core();
        let piece = if invert_color { CorePiece::new(!piece.color, piece.role) } else { piece };
        piece.unicode().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }

    /// python-chess's hash: 0 to 5 for the white pawn to king, 6 to 11 for the black ones.
    fn __hash__(&self) -> u64 {
        let piece = self.core();
        (piece.color.index() * 6 + piece.role.index()) as u64
    }

    /// Pickles as `Piece(piece_type, color)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, pyo3::types::PyType>, (u8, bool)) {
        (py.get_type::<Piece>(), (self.piece_type, self.color))
    }
}
