//! Ratings for Python (`chess_core.rating`): chess-core's casual points table and Elo, under
//! chess-core's names.

use chess_core::rating::{self, GameResult, PointsLevel};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A result from one player's point of view: `"win"`, `"draw"`, `"loss"`, or Elo's score
/// `1`, `0.5`, `0`.
#[derive(FromPyObject)]
enum ResultArg {
    Name(String),
    Score(f64),
}

impl ResultArg {
    fn core(&self) -> PyResult<GameResult> {
        match self {
            ResultArg::Name(name) => match name.to_ascii_lowercase().as_str() {
                "win" => Ok(GameResult::Win),
                "draw" => Ok(GameResult::Draw),
                "loss" => Ok(GameResult::Loss),
                _ => Err(PyValueError::new_err(format!("invalid result: {name:?} (expected 'win', 'draw' or 'loss')"))),
            },
            ResultArg::Score(score) if *score == 1.0 => Ok(GameResult::Win),
            ResultArg::Score(score) if *score == 0.5 => Ok(GameResult::Draw),
            ResultArg::Score(score) if *score == 0.0 => Ok(GameResult::Loss),
            ResultArg::Score(score) => {
                Err(PyValueError::new_err(format!("invalid result: {score} (expected 1, 0.5 or 0)")))
            }
        }
    }
}

/// Rejects a NaN or infinite rating.
fn finite(name: &str, value: f64) -> PyResult<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!("{name} must be finite, not {value}")))
    }
}

/// The points a player with `points` gains (negative: loses) by a game with `result` against
/// a player with `opponent` points, by the casual table (exact, possibly fractional).
///
/// ```python
/// assert points_change(1000, 1050, "win") == 15.0
/// ```
#[pyfunction]
fn points_change(points: f64, opponent: f64, result: ResultArg) -> PyResult<f64> {
    Ok(rating::points_change(finite("points", points)?, finite("opponent", opponent)?, result.core()?))
}

/// Rounds a points change to whole points, halves away from zero.
#[pyfunction]
fn round_points(change: f64) -> PyResult<i64> {
    Ok(rating::round_points(finite("change", change)?))
}

/// The casual level of a player with `points`: 30 (100–199 points) down to 1 (3000 and above),
/// `None` when unrated (under 100).
#[pyfunction]
fn points_level(points: f64) -> Option<u8> {
    match PointsLevel::from_points(points) {
        PointsLevel::Unrated => None,
        PointsLevel::Rank(rank) => Some(rank),
    }
}

/// The fewest points that reach a level (1–30; `None`, unrated, is 0).
#[pyfunction]
fn level_min_points(level: Option<u8>) -> PyResult<u32> {
    match level {
        None => Ok(PointsLevel::Unrated.min_points()),
        Some(rank @ 1..=30) => Ok(PointsLevel::Rank(rank).min_points()),
        Some(rank) => Err(PyValueError::new_err(format!("invalid level: {rank} (expected 1 to 30 or None)"))),
    }
}

/// The score a player rated `rating` is expected to make against `opponent` (0 to 1).
#[pyfunction]
fn elo_expected(rating: f64, opponent: f64) -> PyResult<f64> {
    Ok(rating::elo_expected(finite("rating", rating)?, finite("opponent", opponent)?))
}

/// The new Elo rating after a game with `result` against `opponent`, with factor `k`.
#[pyfunction]
#[pyo3(signature = (rating, opponent, result, k = 32.0))]
fn elo_update(rating: f64, opponent: f64, result: ResultArg, k: f64) -> PyResult<f64> {
    Ok(rating::elo_update(finite("rating", rating)?, finite("opponent", opponent)?, result.core()?, finite("k", k)?))
}

/// Adds the rating functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(points_change, m)?)?;
    m.add_function(wrap_pyfunction!(round_points, m)?)?;
    m.add_function(wrap_pyfunction!(points_level, m)?)?;
    m.add_function(wrap_pyfunction!(level_min_points, m)?)?;
    m.add_function(wrap_pyfunction!(elo_expected, m)?)?;
    m.add_function(wrap_pyfunction!(elo_update, m)?)?;
    Ok(())
}
