//! Squares (0–63) as python-chess numbers them: names and distances.

use chess_core::Square;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::bitboards::SquareSet;
use crate::errors::quote;

/// Converts a Python square number (0–63) to a chess-core square; `IndexError` otherwise, as
/// python-chess's tables raise.
pub(crate) fn square(index: i64) -> PyResult<Square> {
    usize::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyIndexError::new_err(format!("square index out of range: {index}")))
}

/// A `SquareSet` of a bitboard.
pub(crate) fn square_set(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, PyAny>> {
    Ok(Bound::new(py, SquareSet::new(mask))?.into_any())
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

/// The king-move (Chebyshev) distance between two squares.
#[pyfunction]
pub(crate) fn square_distance(a: i64, b: i64) -> PyResult<u32> {
    Ok(square(a)?.distance(square(b)?))
}

/// The rook-step (Manhattan) distance between two squares: file and rank distances added.
#[pyfunction]
pub(crate) fn square_manhattan_distance(a: i64, b: i64) -> PyResult<u32> {
    Ok(square(a)?.manhattan_distance(square(b)?))
}

/// The fewest knight moves from one square to another.
#[pyfunction]
pub(crate) fn square_knight_distance(a: i64, b: i64) -> PyResult<u32> {
    Ok(square(a)?.knight_distance(square(b)?))
}

/// The square mirrored top to bottom (`a1` ↔ `a8`).
#[pyfunction]
pub(crate) fn square_mirror(square: i64) -> PyResult<u8> {
    Ok(self::square(square)?.flip_vertical().index() as u8)
}
