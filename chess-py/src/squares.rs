//! Squares (0–63) and bitboards (`int`s, `SquareSet`s) as python-chess numbers them.

use chess_core::Square;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::errors::quote;

/// Converts a Python square number (0–63) to a chess-core square; `IndexError` otherwise, as
/// python-chess's tables raise.
pub(crate) fn square(index: i64) -> PyResult<Square> {
    usize::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyIndexError::new_err(format!("square index out of range: {index}")))
}

/// A `chess_core.SquareSet` of a bitboard (the class is the Python package's).
pub(crate) fn square_set(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, PyAny>> {
    py.import("chess_core")?.getattr("SquareSet")?.call1((mask,))
}

/// The name of a square (`e4`); `IndexError` outside 0–63.
#[pyfunction]
pub(crate) fn square_name(square: i64) -> PyResult<String> {
    Ok(self::square(square)?.to_string())
}

/// The number of a square name (`e4` → 28); `ValueError` otherwise.
#[pyfunction]
pub(crate) fn parse_square(name: &str) -> PyResult<u8> {
    name.parse::<Square>()
        .map(|sq| sq.index() as u8)
        .map_err(|e| PyValueError::new_err(format!("invalid square name: {} ({e})", quote(name))))
}
