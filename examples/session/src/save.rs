//! The save: a [`Session`] as JSON with its format's version. The first saves had no version
//! and came in two shapes, the terminal's (the settings in an object of their own) and the
//! web page's (the settings beside the game, no language, pace, clock or board side); both
//! are read as they were written.

use std::fmt;

use chess_core::Game;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize, Serializer};

use crate::{GivenHint, Session, Settings};

/// The version of the save format a [`Session`] is written in.
pub const SAVE_VERSION: u64 = 2;

/// Why a save cannot be read.
#[derive(Debug)]
pub enum SaveError {
    /// The save names a format version this program does not know (a newer program's).
    UnknownVersion(u64),
    /// The text is not a save: not JSON, a field missing or wrong, or a game that cannot be
    /// replayed.
    Invalid(serde_json::Error),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::UnknownVersion(version) => {
                write!(f, "save format version {version} is not one this program knows (it reads up to {SAVE_VERSION})")
            }
            SaveError::Invalid(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SaveError::UnknownVersion(_) => None,
            SaveError::Invalid(error) => Some(error),
        }
    }
}

impl From<serde_json::Error> for SaveError {
    fn from(error: serde_json::Error) -> SaveError {
        SaveError::Invalid(error)
    }
}

/// The save as it is written: the version first, then the settings, the policy's state and
/// the game.
#[derive(Serialize)]
struct Written<'a> {
    version: u64,
    #[serde(flatten)]
    settings: &'a Settings,
    hints_used: u32,
    flipped: bool,
    hint: &'a Option<GivenHint>,
    game: &'a Game,
}

impl Serialize for Session {
    /// Writes the save in the current format, [`SAVE_VERSION`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Written {
            version: SAVE_VERSION,
            settings: &self.settings,
            hints_used: self.hints_used,
            flipped: self.flipped,
            hint: &self.hint,
            game: &self.game,
        }
        .serialize(serializer)
    }
}

/// What tells a save's formats apart: the version, and the terminal's first settings object.
#[derive(Deserialize)]
struct Save {
    version: Option<u64>,
    settings: Option<IgnoredAny>,
}

/// The current format, and the web page's first one (no version, and what it lacks at its
/// defaults: English, the real pace, no clock, the board not flipped).
#[derive(Deserialize)]
struct Current {
    #[serde(flatten)]
    settings: Settings,
    hints_used: u32,
    #[serde(default)]
    flipped: bool,
    #[serde(default)]
    hint: Option<GivenHint>,
    game: Game,
}

/// The terminal's first format: the settings in an object of their own, no hint kept.
#[derive(Deserialize)]
struct FirstTerminal {
    settings: Settings,
    hints_used: u32,
    flipped: bool,
    game: Game,
}

impl Session {
    /// Reads a save: the current format, or either game's first one. Refused with
    /// [`SaveError::UnknownVersion`] when it names a version this program does not know, else
    /// with [`SaveError::Invalid`] when it is not a save (serde's message says where).
    ///
    /// ```
    /// use chess_core::Position;
    /// use chess_session::{SaveError, Session, Settings};
    ///
    /// let session = Session::new(Settings::default(), Position::new());
    /// let text = serde_json::to_string(&session)?;
    /// assert_eq!(Session::from_json(&text)?.settings, Settings::default());
    /// let newer = r#"{"version":3,"anything":"else"}"#;
    /// assert!(matches!(Session::from_json(newer), Err(SaveError::UnknownVersion(3))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_json(text: &str) -> Result<Session, SaveError> {
        let format: Save = serde_json::from_str(text)?;
        match (format.version, format.settings) {
            (Some(SAVE_VERSION), _) | (None, None) => {
                let Current { settings, hints_used, flipped, hint, game } = serde_json::from_str(text)?;
                Ok(Session { settings, hints_used, hint, flipped, game })
            }
            (None, Some(_)) => {
                let FirstTerminal { settings, hints_used, flipped, game } = serde_json::from_str(text)?;
                Ok(Session { settings, hints_used, hint: None, flipped, game })
            }
            (Some(version), _) => Err(SaveError::UnknownVersion(version)),
        }
    }
}
