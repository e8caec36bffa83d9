//! Ratings: the casual site's points and levels, and standard Elo.
//!
//! The casual points system: every player has points; levels run from unrated (under
//! 100 points) through level 30 (100–199) down to level 1 (3000 and above), 100 points a
//! level. After a game the winner gains what the loser loses, depending on the result and
//! on `diff`, the absolute difference of the two players' points:
//!
//! | result | diff < 10 | 10 ≤ diff < 100 | 100 ≤ diff < 200 | diff ≥ 200 |
//! |---|---|---|---|---|
//! | draw (the lower-rated player gains) | 0 | (10 + diff/10) / 2 | diff/4 | diff/4 |
//! | the lower-rated player wins | 10 | 10 + diff/10 | diff/2 | diff/2 |
//! | the higher-rated player wins | 10 | 10 − diff/12.5 | 2 | 0 |
//!
//! With equal points, a win moves 10 points and a draw none. Values are exact (`f64`,
//! possibly fractional); [`round_points`] rounds them to whole points.
//!
//! Elo ([`elo_expected`], [`elo_update`]) works without `std`: the power of ten it needs is
//! computed by this module.
//!
//! # Examples
//!
//! ```
//! use chess_core::rating::{elo_expected, elo_update, points_change, round_points, PointsLevel, GameResult};
//!
//! assert_eq!(PointsLevel::from_points(99.0), PointsLevel::Unrated);
//! assert_eq!(PointsLevel::from_points(1250.0), PointsLevel::Rank(19));
//! // A 1000-point player beats a 1050-point player: 10 + 50/10 = 15 points.
//! assert_eq!(points_change(1000.0, 1050.0, GameResult::Win), 15.0);
//! assert_eq!(points_change(1050.0, 1000.0, GameResult::Loss), -15.0);
//! // A draw 15 points apart: the lower-rated player gains (10 + 1.5) / 2 = 5.75.
//! assert_eq!(round_points(points_change(1000.0, 1015.0, GameResult::Draw)), 6);
//!
//! assert!((elo_expected(1700.0, 1500.0) - 0.7597).abs() < 1e-4);
//! assert!((elo_update(1500.0, 1500.0, GameResult::Win, 32.0) - 1516.0).abs() < 1e-9);
//! ```

use core::fmt;

/// A level of the casual points system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PointsLevel {
    /// Fewer than 100 points.
    Unrated,
    /// A level from 30 (100–199 points) down to 1 (3000 points and above).
    Rank(u8),
}

impl PointsLevel {
    /// Returns the level of a player with `points` points.
    pub fn from_points(points: f64) -> PointsLevel {
        if points.is_nan() || points < 100.0 {
            return PointsLevel::Unrated;
        }
        let hundreds = (points / 100.0) as u32; // truncation is the floor for positive values
        PointsLevel::Rank(31u32.saturating_sub(hundreds).max(1) as u8)
    }

    /// Returns the fewest points that reach this level (0 for unrated).
    pub fn min_points(self) -> u32 {
        match self {
            PointsLevel::Unrated => 0,
            PointsLevel::Rank(rank) => (31 - u32::from(rank.clamp(1, 30))) * 100,
        }
    }
}

impl fmt::Display for PointsLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointsLevel::Unrated => f.write_str("unrated"),
            PointsLevel::Rank(rank) => write!(f, "level {rank}"),
        }
    }
}

/// The result of a game from one player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The player won.
    Win,
    /// The game was drawn.
    Draw,
    /// The player lost.
    Loss,
}

impl GameResult {
    /// Returns the score as Elo counts it: 1, ½ or 0.
    pub const fn value(self) -> f64 {
        match self {
            GameResult::Win => 1.0,
            GameResult::Draw => 0.5,
            GameResult::Loss => 0.0,
        }
    }
}

/// Returns the points the higher-rated player gains by beating the lower-rated one.
fn favourite_wins(diff: f64) -> f64 {
    if diff >= 200.0 {
        0.0
    } else if diff >= 100.0 {
        2.0
    } else if diff >= 10.0 {
        10.0 - diff / 12.5
    } else {
        10.0
    }
}

/// Returns the points the lower-rated player gains by beating the higher-rated one.
fn underdog_wins(diff: f64) -> f64 {
    if diff >= 100.0 {
        diff / 2.0
    } else if diff >= 10.0 {
        10.0 + diff / 10.0
    } else {
        10.0
    }
}

/// Returns the points the lower-rated player gains by a draw.
fn underdog_draws(diff: f64) -> f64 {
    if diff >= 100.0 {
        diff / 4.0
    } else if diff >= 10.0 {
        (10.0 + diff / 10.0) / 2.0
    } else {
        0.0
    }
}

/// Computes the exact points a player with `points` gains (or, if negative, loses) by
/// `score` against an opponent with `opponent` points; the opponent's change is the negation.
pub fn points_change(points: f64, opponent: f64, score: GameResult) -> f64 {
    let diff = (points - opponent).abs();
    let lower = points < opponent;
    match score {
        GameResult::Win if lower => underdog_wins(diff),
        GameResult::Win => favourite_wins(diff),
        GameResult::Loss => -points_change(opponent, points, GameResult::Win),
        GameResult::Draw if lower => underdog_draws(diff),
        GameResult::Draw if opponent < points => -underdog_draws(diff),
        GameResult::Draw => 0.0,
    }
}

/// Rounds a points change to whole points, halves away from zero.
pub fn round_points(change: f64) -> i64 {
    if change >= 0.0 { (change + 0.5) as i64 } else { (change - 0.5) as i64 }
}

/// Computes 2^`x` without `std`: an exact power of two times a Taylor series for the fraction.
fn exp2(x: f64) -> f64 {
    let x = x.clamp(-1000.0, 1000.0);
    let mut whole = x as i32; // truncates towards zero
    if f64::from(whole) > x {
        whole -= 1;
    }
    let t = (x - f64::from(whole)) * core::f64::consts::LN_2; // in [0, ln 2)
    let (mut term, mut sum) = (1.0, 1.0);
    for n in 1..=20 {
        term *= t / f64::from(n);
        sum += term;
    }
    let mut scale = 1.0;
    let factor = if whole >= 0 { 2.0 } else { 0.5 };
    for _ in 0..whole.unsigned_abs() {
        scale *= factor;
    }
    sum * scale
}

/// Returns the score a player rated `rating` is expected to make against `opponent` (Elo).
pub fn elo_expected(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + exp2((opponent - rating) / 400.0 * core::f64::consts::LOG2_10))
}

/// Returns a player's new Elo rating after `score` against `opponent`, with factor `k`.
pub fn elo_update(rating: f64, opponent: f64, score: GameResult, k: f64) -> f64 {
    rating + k * (score.value() - elo_expected(rating, opponent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp2_is_accurate() {
        for (x, expected) in [(0.0, 1.0), (1.0, 2.0), (-1.0, 0.5), (10.0, 1024.0), (0.5, core::f64::consts::SQRT_2)] {
            assert!((exp2(x) - expected).abs() < 1e-12 * expected, "2^{x}");
        }
        assert!((exp2(-2.5) - 0.176_776_695_296_636_9).abs() < 1e-15);
    }
}
