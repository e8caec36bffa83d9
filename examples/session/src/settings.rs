//! The choices a game is played with: who sits at the board, the level, the rules, the
//! language, the computer's pace and the clock.

use std::fmt;
use std::str::FromStr;

use chess_core::search::Level;
use chess_core::{Color, Lang, Rules};
use serde::{Deserialize, Serialize};

use crate::Pace;

/// Names who sits at the board: White or Black against the computer, or both sides (two
/// players on one screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player has White; the computer Black.
    White,
    /// The player has Black; the computer White and moves first.
    Black,
    /// Two players take turns; there is no computer.
    Both,
}

impl Side {
    /// Returns the colour the player has against the computer (`None` for two players).
    pub fn human(self) -> Option<Color> {
        match self {
            Side::White => Some(Color::White),
            Side::Black => Some(Color::Black),
            Side::Both => None,
        }
    }

    /// Returns the colour of the player who resigns or offers a draw when `turn` is to move:
    /// the player against the computer, the side to move with two players.
    ///
    /// ```
    /// use chess_core::Color;
    /// use chess_session::Side;
    ///
    /// assert_eq!(Side::Black.player(Color::White), Color::Black);
    /// assert_eq!(Side::Both.player(Color::White), Color::White);
    /// ```
    pub fn player(self, turn: Color) -> Color {
        self.human().unwrap_or(turn)
    }

    /// Returns how many plies an undo takes back when `turn` is to move: against the computer
    /// the player's last move and the computer's reply on the player's turn, only the player's
    /// move while the computer is to move; one with two players.
    ///
    /// ```
    /// use chess_core::Color;
    /// use chess_session::Side;
    ///
    /// assert_eq!(Side::White.undo_plies(Color::White), 2);
    /// assert_eq!(Side::White.undo_plies(Color::Black), 1);
    /// assert_eq!(Side::Both.undo_plies(Color::Black), 1);
    /// ```
    pub fn undo_plies(self, turn: Color) -> usize {
        if self.human() == Some(turn) { 2 } else { 1 }
    }
}

impl FromStr for Side {
    type Err = String;

    /// Reads `white`, `black` or `both` (also `two`).
    fn from_str(text: &str) -> Result<Side, String> {
        match text.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Side::White),
            "black" | "b" => Ok(Side::Black),
            "both" | "two" => Ok(Side::Both),
            _ => Err(format!("unknown colour '{text}' (expected white, black or both)")),
        }
    }
}

/// Names the rules a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesChoice {
    /// The FIDE Laws of Chess ([`Rules::fide`]).
    Fide,
    /// The casual online rules ([`Rules::casual`]).
    Casual,
}

impl RulesChoice {
    /// Returns the rules.
    pub fn rules(self) -> Rules {
        match self {
            RulesChoice::Fide => Rules::fide(),
            RulesChoice::Casual => Rules::casual(),
        }
    }

    /// Returns the name in `lang`: `FIDE` or `casual` (`休闲`).
    ///
    /// ```
    /// use chess_core::Lang;
    /// use chess_session::RulesChoice;
    ///
    /// assert_eq!(RulesChoice::Casual.name(Lang::Zh), "休闲");
    /// ```
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (RulesChoice::Fide, _) => "FIDE",
            (RulesChoice::Casual, Lang::Zh) => "休闲",
            (RulesChoice::Casual, _) => "casual",
        }
    }
}

impl FromStr for RulesChoice {
    type Err = String;

    /// Reads `fide` or `casual`.
    fn from_str(text: &str) -> Result<RulesChoice, String> {
        match text.to_ascii_lowercase().as_str() {
            "fide" => Ok(RulesChoice::Fide),
            "casual" => Ok(RulesChoice::Casual),
            _ => Err(format!("unknown rules '{text}' (expected fide or casual)")),
        }
    }
}

/// A time control: each side starts with `minutes` and gains `increment` seconds per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each side's time at the start, in minutes.
    pub minutes: u32,
    /// Seconds added after each move.
    pub increment: u32,
}

impl TimeControl {
    /// The time controls the site offers, after "no clock".
    pub const MENU: [TimeControl; 3] = [
        TimeControl { minutes: 10, increment: 5 },
        TimeControl { minutes: 5, increment: 3 },
        TimeControl { minutes: 3, increment: 2 },
    ];
}

impl fmt::Display for TimeControl {
    /// Writes `10+5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
    }
}

impl FromStr for TimeControl {
    type Err = String;

    /// Reads `10+5` (minutes and increment in seconds) or `10` (no increment).
    ///
    /// ```
    /// use chess_session::TimeControl;
    ///
    /// assert_eq!("10+5".parse(), Ok(TimeControl { minutes: 10, increment: 5 }));
    /// assert_eq!("3".parse(), Ok(TimeControl { minutes: 3, increment: 0 }));
    /// assert!("0+5".parse::<TimeControl>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let wrong = || format!("unknown clock '{text}' (expected minutes+increment, such as 10+5)");
        let (minutes, increment) = text.split_once('+').unwrap_or((text, "0"));
        let minutes: u32 = minutes.trim().parse().map_err(|_| wrong())?;
        let increment: u32 = increment.trim().parse().map_err(|_| wrong())?;
        if minutes == 0 || minutes > 24 * 60 || increment > 3600 {
            return Err(wrong());
        }
        Ok(TimeControl { minutes, increment })
    }
}

/// Holds the choices a game is played with; the [`Default`] is the site's: White against the
/// computer at Normal, FIDE rules, English, the computer's real pace, no clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Who sits at the board.
    pub side: Side,
    /// The computer's level.
    pub level: Level,
    /// The rules new games are played under.
    pub rules: RulesChoice,
    /// The language of every message (the terminal's; the web page keeps its own).
    #[serde(default, with = "lang_code")]
    pub lang: Lang,
    /// How long the computer waits before it plays (the terminal's; the web page keeps its own).
    #[serde(default)]
    pub pace: Pace,
    /// The chess clock's time control (`None`: no clock).
    #[serde(default)]
    pub clock: Option<TimeControl>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            side: Side::White,
            level: Level::Normal,
            rules: RulesChoice::Fide,
            lang: Lang::En,
            pace: Pace::Real,
            clock: None,
        }
    }
}

/// Serde for [`chess_core::Lang`] as `"en"` or `"zh"`.
mod lang_code {
    use chess_core::Lang;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the language's code.
    pub(crate) fn serialize<S: Serializer>(lang: &Lang, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(if *lang == Lang::Zh { "zh" } else { "en" })
    }

    /// Reads a language's code.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
        match String::deserialize(deserializer)?.as_str() {
            "en" => Ok(Lang::En),
            "zh" => Ok(Lang::Zh),
            other => Err(serde::de::Error::custom(format!("unknown language '{other}'"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read_and_written() {
        assert_eq!("10+5".parse::<TimeControl>().unwrap().to_string(), "10+5");
        assert_eq!(" 3 + 2 ".trim().parse::<TimeControl>(), Ok(TimeControl { minutes: 3, increment: 2 }));
        assert!("ten".parse::<TimeControl>().unwrap_err().starts_with("unknown clock 'ten'"));
        assert!("5+".parse::<TimeControl>().is_err());
    }
}
