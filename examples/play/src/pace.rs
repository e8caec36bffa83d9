//! How long the computer waits, once its search is done, before it plays: like a person,
//! briefly, or not at all.

use std::str::FromStr;
use std::time::Duration;

use chess_core::{Move, Position, Role};
use serde::{Deserialize, Serialize};

/// Sets how long the computer waits after its search before it plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// Like a person: 2 to 5 seconds, longer before capturing a big piece, checking or promoting.
    #[default]
    Real,
    /// 1 to 2 seconds.
    Fast,
    /// No wait: it plays as soon as the search is done.
    Instant,
}

impl FromStr for Pace {
    type Err = String;

    /// Reads `real`, `fast` (also `faster`) or `instant`, or their Chinese names.
    fn from_str(text: &str) -> Result<Pace, String> {
        match text.to_ascii_lowercase().as_str() {
            "real" | "真实" => Ok(Pace::Real),
            "fast" | "faster" | "较快" => Ok(Pace::Fast),
            "instant" | "即时" => Ok(Pace::Instant),
            _ => Err(format!("unknown pace '{text}' (expected real, fast or instant)")),
        }
    }
}

/// Tells what a move does that makes a person stop and think before playing it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Weight {
    /// The value of the piece it captures (pawn 1 … queen 9; 0 for none).
    pub captured_value: u32,
    /// Whether it gives check.
    pub check: bool,
    /// Whether it promotes.
    pub promotion: bool,
}

impl Pace {
    /// Every pace, the slowest first (the menu's order).
    pub const ALL: [Pace; 3] = [Pace::Real, Pace::Fast, Pace::Instant];

    /// Returns how long the computer waits before playing `m` in `position`; `unit` is a
    /// random number in [0, 1) that spreads the wait over the pace's range.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use chess_core::{Move, Position, Square};
    /// use chess_play::Pace;
    ///
    /// let quiet = Move::new(Square::E2, Square::E4);
    /// assert_eq!(Pace::Real.wait(&Position::new(), quiet, 0.5), Duration::from_millis(3500));
    /// assert_eq!(Pace::Instant.wait(&Position::new(), quiet, 0.5), Duration::ZERO);
    /// ```
    pub fn wait(self, position: &Position, m: Move, unit: f64) -> Duration {
        let weight = Weight {
            captured_value: position.captured(m).map_or(0, Role::value),
            check: position.gives_check(m),
            promotion: m.is_promotion(),
        };
        self.duration(weight, unit)
    }

    /// Returns how long to wait before playing a move of this weight; `unit` spreads the wait
    /// over the pace's range.
    fn duration(self, weight: Weight, unit: f64) -> Duration {
        let unit = unit.clamp(0.0, 1.0);
        let seconds = match self {
            Pace::Instant => 0.0,
            Pace::Fast => 1.0 + unit,
            Pace::Real => {
                let mut seconds = 2.0 + 3.0 * unit;
                if weight.captured_value >= 3 {
                    seconds += 0.25 * f64::from(weight.captured_value.min(9));
                }
                if weight.check {
                    seconds += 1.0;
                }
                if weight.promotion {
                    seconds += 1.5;
                }
                seconds
            }
        };
        Duration::from_secs_f64(seconds)
    }
}

/// A small seeded random number generator (SplitMix64) for the pace's spread.
#[derive(Clone, Debug)]
pub(crate) struct Spread(u64);

impl Spread {
    /// Starts the sequence at `seed`.
    pub(crate) fn new(seed: u64) -> Spread {
        Spread(seed)
    }

    /// Returns the next number in [0, 1).
    pub(crate) fn next_unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paces_stay_in_their_ranges() {
        let quiet = Weight::default();
        assert_eq!(Pace::Instant.duration(quiet, 0.7), Duration::ZERO);
        assert_eq!(Pace::Fast.duration(quiet, 0.0), Duration::from_secs(1));
        assert_eq!(Pace::Fast.duration(quiet, 0.5), Duration::from_millis(1500));
        assert_eq!(Pace::Real.duration(quiet, 0.0), Duration::from_secs(2));
        assert_eq!(Pace::Real.duration(quiet, 1.0), Duration::from_secs(5));
    }

    #[test]
    fn big_captures_checks_and_promotions_take_longer() {
        let queen = Weight { captured_value: 9, ..Weight::default() };
        assert_eq!(Pace::Real.duration(queen, 0.0), Duration::from_millis(4250));
        let pawn = Weight { captured_value: 1, ..Weight::default() };
        assert_eq!(Pace::Real.duration(pawn, 0.0), Duration::from_secs(2));
        let all = Weight { captured_value: 5, check: true, promotion: true };
        assert_eq!(Pace::Real.duration(all, 0.0), Duration::from_millis(5750));
        assert_eq!(Pace::Fast.duration(all, 0.0), Duration::from_secs(1));
    }

    #[test]
    fn spread_is_reproducible_and_in_range() {
        let (mut a, mut b) = (Spread::new(7), Spread::new(7));
        for _ in 0..1000 {
            let x = a.next_unit();
            assert_eq!(x, b.next_unit());
            assert!((0.0..1.0).contains(&x));
        }
    }
}
