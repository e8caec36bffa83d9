//! The `TimeControl` tag, read and classified as python-chess 1.11.2 does.

use alloc::string::String;
use alloc::vec::Vec;

use super::PgnGame;
use super::python_text::{parse_float, parse_int};

/// How fast a game is, by FIDE's classification (plus bullet) of the first period's base time
/// and increment: base time plus 60 times the increment under 3 minutes is bullet, under 15
/// blitz, under 60 rapid, else standard.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{TimeControl, TimeControlKind};
///
/// assert_eq!(TimeControl::parse("60+1")?.kind, TimeControlKind::Bullet);
/// assert_eq!(TimeControl::parse("180")?.kind, TimeControlKind::Blitz);
/// assert_eq!(TimeControl::parse("600+5")?.kind, TimeControlKind::Rapid);
/// assert_eq!(TimeControl::parse("40/7200:3600")?.kind, TimeControlKind::Standard);
/// assert_eq!(TimeControl::parse("-")?.kind, TimeControlKind::Unlimited);
/// assert_eq!(TimeControl::parse("?")?.kind, TimeControlKind::Unknown);
/// # Ok::<(), chess_core::pgn::TimeControlError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimeControlKind {
    /// No tag, an empty one or one starting with `?`.
    #[default]
    Unknown,
    /// A tag starting with `-`: no clock.
    Unlimited,
    /// An hour or more.
    Standard,
    /// From 15 minutes to under an hour.
    Rapid,
    /// From 3 to under 15 minutes.
    Blitz,
    /// Under 3 minutes.
    Bullet,
}

/// One period of a time control: `moves/seconds+increment` or `seconds+delayd`.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{TimeControl, TimeControlPart};
///
/// let control = TimeControl::parse("40/5400+30:1800+30")?;
/// assert_eq!(control.parts[0], TimeControlPart { moves: 40, time: 5400, increment: 30.0, delay: 0.0 });
/// assert_eq!(control.parts[1], TimeControlPart { moves: 0, time: 1800, increment: 30.0, delay: 0.0 });
/// # Ok::<(), chess_core::pgn::TimeControlError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TimeControlPart {
    /// The moves to play in the period; 0 for the rest of the game ("sudden death").
    pub moves: i64,
    /// The period's time in seconds.
    pub time: i64,
    /// Seconds added after each move (`+5`).
    pub increment: f64,
    /// Seconds of delay before the clock runs (`+5d`).
    pub delay: f64,
}

/// A game's time control as its `TimeControl` tag says: its periods and how fast it is.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{PgnReader, TimeControlKind};
///
/// let game = PgnReader::from_text("[TimeControl \"300+3\"]\n\n1. e4 *\n").next().unwrap()?;
/// let control = game.time_control()?;
/// assert_eq!(control.kind, TimeControlKind::Blitz);
/// assert_eq!((control.parts[0].time, control.parts[0].increment), (300, 3.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TimeControl {
    /// The periods in order, the last one possibly sudden death; none when the kind is
    /// unknown or unlimited.
    pub parts: Vec<TimeControlPart>,
    /// How fast the game is.
    pub kind: TimeControlKind,
}

/// Why a `TimeControl` tag could not be read (python-chess raises `ValueError`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TimeControlError {
    /// A number of moves or seconds that is not a whole number (at most 40 characters of it).
    #[error("\"{0}\" is not a whole number")]
    NotAnInteger(String),
    /// A whole number past what an `i64` holds (python-chess reads up to 4,300 digits).
    #[error("\"{0}\" is too large")]
    TooLarge(String),
    /// An increment or delay that is not a number (at most 40 characters of it).
    #[error("\"{0}\" is not a number")]
    NotANumber(String),
    /// A period with no number of moves before the last period.
    #[error("only the last part of a time control can be sudden death")]
    SuddenDeathNotLast,
}

impl TimeControlError {
    /// Returns [`ErrorCode::InvalidPgn`](crate::ErrorCode::InvalidPgn).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidPgn
    }
}

impl TimeControl {
    /// Reads a `TimeControl` tag's value as python-chess's `parse_time_control` does.
    ///
    /// Empty text or text starting with `?` is an unknown time control, text starting with
    /// `-` an unlimited one. Otherwise the periods are separated by `:`, each `seconds` or
    /// `moves/seconds`, then optionally `+increment` or `+delayd` (`d` or `D`). Numbers are
    /// read as Python reads them: whitespace around them, signs, `_` between digits and digits
    /// of any script are accepted, increments and delays may have a fraction or exponent or
    /// be `inf`. As in python-chess, text after a second `/` or `+` of a period is ignored.
    ///
    /// # Errors
    ///
    /// [`TimeControlError`] when a number is malformed or does not fit, or a period before
    /// the last one has no number of moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::pgn::{TimeControl, TimeControlError, TimeControlKind};
    ///
    /// let control = TimeControl::parse("5400+30d")?;
    /// assert_eq!((control.parts[0].time, control.parts[0].delay), (5400, 30.0));
    /// assert_eq!(control.kind, TimeControlKind::Standard);
    /// assert_eq!(TimeControl::parse("3600:40/3600"), Err(TimeControlError::SuddenDeathNotLast));
    /// assert_eq!(TimeControl::parse("5 min"), Err(TimeControlError::NotAnInteger("5 min".into())));
    /// # Ok::<(), TimeControlError>(())
    /// ```
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        if text.is_empty() || text.starts_with('?') {
            return Ok(TimeControl::default());
        }
        if text.starts_with('-') {
            return Ok(TimeControl { parts: Vec::new(), kind: TimeControlKind::Unlimited });
        }
        let parts = text.split(':').map(parse_part).collect::<Result<Vec<_>, _>>()?;
        if parts[..parts.len() - 1].iter().any(|part| part.moves == 0) {
            return Err(TimeControlError::SuddenDeathNotLast);
        }
        let first = parts[0];
        // Python adds an int and a float as floats; NaN compares false, so it is standard.
        let pace = first.time as f64 + 60.0 * first.increment;
        let kind = if pace < 180.0 {
            TimeControlKind::Bullet
        } else if pace < 900.0 {
            TimeControlKind::Blitz
        } else if pace < 3600.0 {
            TimeControlKind::Rapid
        } else {
            TimeControlKind::Standard
        };
        Ok(TimeControl { parts, kind })
    }
}

impl core::str::FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse(text)
    }
}

impl PgnGame {
    /// Returns the game's time control, read from its `TimeControl` tag by
    /// [`TimeControl::parse`]; without the tag, an unknown time control.
    ///
    /// # Errors
    ///
    /// [`TimeControlError`] when the tag is malformed.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::pgn::{PgnGame, TimeControlKind};
    ///
    /// assert_eq!(PgnGame::default().time_control()?.kind, TimeControlKind::Unknown);
    /// # Ok::<(), chess_core::pgn::TimeControlError>(())
    /// ```
    pub fn time_control(&self) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse(self.tag("TimeControl").unwrap_or(""))
    }
}

/// Reads one period: `[moves/]seconds[+increment | +delayd]`, the bonus first as Python does.
fn parse_part(part: &str) -> Result<TimeControlPart, TimeControlError> {
    let mut result = TimeControlPart::default();
    let mut pieces = part.split('+');
    let moves_time = pieces.next().unwrap_or_default();
    if let Some(bonus) = pieces.next() {
        match bonus.strip_suffix(['d', 'D']) {
            Some(delay) => result.delay = number(delay)?,
            None => result.increment = number(bonus)?,
        }
    }
    let mut pieces = moves_time.split('/');
    let moves = pieces.next().unwrap_or_default();
    match pieces.next() {
        Some(time) => {
            result.moves = integer(moves)?;
            result.time = integer(time)?;
        }
        None => result.time = integer(moves)?,
    }
    Ok(result)
}

fn integer(text: &str) -> Result<i64, TimeControlError> {
    parse_int(text).map_err(|too_large| {
        if too_large {
            TimeControlError::TooLarge(shortened(text))
        } else {
            TimeControlError::NotAnInteger(shortened(text))
        }
    })
}

fn number(text: &str) -> Result<f64, TimeControlError> {
    parse_float(text).ok_or_else(|| TimeControlError::NotANumber(shortened(text)))
}

/// At most 40 characters of a number's text, for an error.
fn shortened(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(moves: i64, time: i64, increment: f64, delay: f64) -> TimeControlPart {
        TimeControlPart { moves, time, increment, delay }
    }

    #[test]
    fn periods_and_bonuses() {
        let control = TimeControl::parse("40/7200+30:20/3600:900+30").unwrap();
        assert_eq!(control.parts, [part(40, 7200, 30.0, 0.0), part(20, 3600, 0.0, 0.0), part(0, 900, 30.0, 0.0)]);
        assert_eq!(TimeControl::parse("60+2D").unwrap().parts, [part(0, 60, 0.0, 2.0)]);
        assert_eq!(TimeControl::parse(" 60 +2.5e0+x").unwrap().parts, [part(0, 60, 2.5, 0.0)]);
        assert_eq!(TimeControl::parse("40/60/x").unwrap().parts, [part(40, 60, 0.0, 0.0)]);
        assert_eq!(TimeControl::parse("١٨٠").unwrap().parts, [part(0, 180, 0.0, 0.0)]);
        assert_eq!(TimeControl::parse("-5").unwrap().kind, TimeControlKind::Unlimited);
        assert_eq!(TimeControl::parse("?5").unwrap(), TimeControl::default());
    }

    #[test]
    fn classification_edges() {
        let kind = |text: &str| TimeControl::parse(text).unwrap().kind;
        assert_eq!(kind("179"), TimeControlKind::Bullet);
        assert_eq!(kind("120+1"), TimeControlKind::Blitz);
        assert_eq!(kind("899"), TimeControlKind::Blitz);
        assert_eq!(kind("900"), TimeControlKind::Rapid);
        assert_eq!(kind("3599"), TimeControlKind::Rapid);
        assert_eq!(kind("0+60"), TimeControlKind::Standard);
        assert_eq!(kind("0+nan"), TimeControlKind::Standard);
        assert_eq!(kind("9000+-inf"), TimeControlKind::Bullet);
        assert_eq!(kind("-0"), TimeControlKind::Unlimited);
        assert_eq!(kind("0+5d"), TimeControlKind::Bullet);
    }

    #[test]
    fn errors() {
        let error = |text: &str| TimeControl::parse(text).unwrap_err();
        assert_eq!(error("300:"), TimeControlError::NotAnInteger("".into()));
        assert_eq!(error("/300"), TimeControlError::NotAnInteger("".into()));
        assert_eq!(error("x+y"), TimeControlError::NotANumber("y".into()));
        assert_eq!(error("60+d"), TimeControlError::NotANumber("".into()));
        assert_eq!(error("99999999999999999999"), TimeControlError::TooLarge("99999999999999999999".into()));
        assert_eq!(error("0/60:60"), TimeControlError::SuddenDeathNotLast);
        assert_eq!(error(&"x".repeat(100)), TimeControlError::NotAnInteger("x".repeat(40)));
    }
}
