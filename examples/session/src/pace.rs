//! How long the computer waits, once its search is done, before it plays: like a person,
//! briefly, or not at all.

use std::str::FromStr;
use std::time::Duration;

use chess_core::{Lang, Move, Position, Role};
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
    captured_value: u32,
    /// Whether it gives check.
    check: bool,
    /// Whether it promotes.
    promotion: bool,
}

impl Pace {
    /// Every pace, the slowest first (the menu's order).
    pub const ALL: [Pace; 3] = [Pace::Real, Pace::Fast, Pace::Instant];

    /// Returns the word commands, flags and the web API use: `real`, `fast` or `instant`.
    pub fn word(self) -> &'static str {
        match self {
            Pace::Real => "real",
            Pace::Fast => "fast",
            Pace::Instant => "instant",
        }
    }

    /// Returns the pace's name in `lang`: `real`, `faster`, `instant` (`真实`, `较快`, `即时`).
    pub fn name(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::Zh, Pace::Real) => "真实",
            (Lang::Zh, Pace::Fast) => "较快",
            (Lang::Zh, Pace::Instant) => "即时",
            (_, Pace::Real) => "real",
            (_, Pace::Fast) => "faster",
            (_, Pace::Instant) => "instant",
        }
    }

    /// Returns the shortest and the longest wait of a quiet move, in whole seconds.
    fn seconds(self) -> (u32, u32) {
        match self {
            Pace::Real => (2, 5),
            Pace::Fast => (1, 2),
            Pace::Instant => (0, 0),
        }
    }

    /// Writes the range of the wait in `lang`: `2-5 s` (`2-5秒`).
    ///
    /// ```
    /// use chess_core::Lang;
    /// use chess_session::Pace;
    ///
    /// assert_eq!(Pace::Fast.seconds_text(Lang::En), "1-2 s");
    /// ```
    pub fn seconds_text(self, lang: Lang) -> String {
        let (shortest, longest) = self.seconds();
        match lang {
            Lang::Zh => format!("{shortest}-{longest}秒"),
            _ => format!("{shortest}-{longest} s"),
        }
    }

    /// Describes the pace in `lang` as a choice in a menu: `real (waits 2-5 s, like a person)`.
    pub fn describe(self, lang: Lang) -> String {
        let (name, seconds) = (self.name(lang), self.seconds_text(lang));
        match (lang, self) {
            (_, Pace::Instant) => name.to_string(),
            (Lang::Zh, Pace::Real) => format!("{name}（像人一样等{seconds}）"),
            (Lang::Zh, Pace::Fast) => format!("{name}（{seconds}）"),
            (_, Pace::Real) => format!("{name} (waits {seconds}, like a person)"),
            (_, Pace::Fast) => format!("{name} ({seconds})"),
        }
    }

    /// Returns how long the computer waits before playing `m` in `position`; `unit` is a
    /// random number in [0, 1) that spreads the wait over the pace's range.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use chess_core::{Move, Position, Square};
    /// use chess_session::Pace;
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
    /// over the pace's range (a person thinks longer over a big capture, a check or a promotion).
    fn duration(self, weight: Weight, unit: f64) -> Duration {
        let (shortest, longest) = self.seconds();
        let mut seconds = f64::from(shortest) + f64::from(longest - shortest) * unit.clamp(0.0, 1.0);
        if self == Pace::Real {
            if weight.captured_value >= 3 {
                seconds += 0.25 * f64::from(weight.captured_value.min(9));
            }
            if weight.check {
                seconds += 1.0;
            }
            if weight.promotion {
                seconds += 1.5;
            }
        }
        Duration::from_secs_f64(seconds)
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
    fn the_texts_give_the_ranges_the_waits_keep() {
        assert_eq!(Pace::Real.describe(Lang::En), "real (waits 2-5 s, like a person)");
        assert_eq!(Pace::Fast.describe(Lang::En), "faster (1-2 s)");
        assert_eq!(Pace::Instant.describe(Lang::En), "instant");
        assert_eq!(Pace::Real.describe(Lang::Zh), "真实（像人一样等2-5秒）");
        assert_eq!(Pace::Fast.describe(Lang::Zh), "较快（1-2秒）");
        assert_eq!(Pace::Instant.describe(Lang::Zh), "即时");
        let quiet = Weight::default();
        for pace in Pace::ALL {
            let (shortest, longest) = pace.seconds();
            assert_eq!(pace.duration(quiet, 0.0), Duration::from_secs(shortest.into()));
            assert_eq!(pace.duration(quiet, 1.0), Duration::from_secs(longest.into()));
            assert_eq!(pace.word().parse(), Ok(pace));
            assert_eq!(pace.name(Lang::Zh).parse(), Ok(pace));
        }
    }
}
