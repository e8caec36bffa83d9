//! The save file: the unfinished game with its settings, as JSON, in the user's data directory
//! (or a path given with `--save`).

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chess_core::Game;
use serde::{Deserialize, Serialize};

use super::Settings;

/// Holds everything needed to go on with a game later.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct SavedGame {
    /// Who plays, the level, the rules and the language.
    pub settings: Settings,
    /// Hints used so far in this game.
    pub hints_used: u32,
    /// Whether the board was shown from the other side than usual.
    pub flipped: bool,
    /// The game: start position, moves, rules and events.
    pub game: Game,
}

/// Writes the saved game to `path`, creating its folder, through a temporary file so that a
/// crash never leaves half a file.
pub(crate) fn write(path: &Path, saved: &SavedGame) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let text = serde_json::to_string_pretty(saved).map_err(io::Error::other)?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    fs::write(&temporary, text + "\n")?;
    fs::rename(&temporary, path)
}

/// Reads the saved game at `path`: `Ok(None)` when there is none, `Err` with the reason when
/// the file cannot be read or is not a valid saved game.
pub(crate) fn read(path: &Path) -> Result<Option<SavedGame>, String> {
    match fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).map(Some).map_err(|error| error.to_string()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error.to_string()),
    }
}

/// Moves an unreadable save out of the way, to `<path>.unreadable` (or `.unreadable-2`, ...),
/// so that a new game does not replace what the player may still recover; returns where.
pub(crate) fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    for number in 1..=100 {
        let mut aside = path.as_os_str().to_owned();
        aside.push(if number == 1 { ".unreadable".to_string() } else { format!(".unreadable-{number}") });
        let aside = PathBuf::from(aside);
        if !aside.exists() {
            fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "100 unreadable saves are kept already"))
}

/// Deletes the saved game at `path`, if there is one.
pub(crate) fn remove(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// Returns where the game is saved by default: `chess-core/last-game.json` in the user's data
/// directory, or `None` when the environment does not tell where that is.
pub fn default_path() -> Option<PathBuf> {
    let dir = data_dir(std::env::consts::OS, |name| std::env::var_os(name))?;
    Some(dir.join("chess-core").join("last-game.json"))
}

/// Finds the user's data directory on `os` from the environment variables `var` reads:
/// `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, and elsewhere
/// `$XDG_DATA_HOME` (when it is an absolute path) or `~/.local/share`.
fn data_dir(os: &str, var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let path = |name: &str| var(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    match os {
        "windows" => path("APPDATA"),
        "macos" => Some(path("HOME")?.join("Library").join("Application Support")),
        _ => path("XDG_DATA_HOME")
            .filter(|dir| dir.is_absolute())
            .or_else(|| Some(path("HOME")?.join(".local").join("share"))),
    }
}

/// Serde for [`chess_core::Lang`] as `"en"` or `"zh"`.
pub(crate) mod lang_code {
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

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v))
    }

    #[test]
    fn data_directory_per_system() {
        let vars = [("HOME", "/home/ann"), ("APPDATA", r"C:\Users\ann\AppData\Roaming")];
        assert_eq!(data_dir("linux", env(&vars)), Some(PathBuf::from("/home/ann/.local/share")));
        assert_eq!(data_dir("macos", env(&vars)), Some(PathBuf::from("/home/ann/Library/Application Support")));
        assert_eq!(data_dir("windows", env(&vars)), Some(PathBuf::from(r"C:\Users\ann\AppData\Roaming")));
        let xdg = [("HOME", "/home/ann"), ("XDG_DATA_HOME", "/data/ann")];
        assert_eq!(data_dir("linux", env(&xdg)), Some(PathBuf::from("/data/ann")));
        // A relative XDG_DATA_HOME is ignored, as the specification says.
        let relative = [("HOME", "/home/ann"), ("XDG_DATA_HOME", "data")];
        assert_eq!(data_dir("freebsd", env(&relative)), Some(PathBuf::from("/home/ann/.local/share")));
        assert_eq!(data_dir("linux", env(&[])), None);
        assert_eq!(data_dir("windows", env(&[("HOME", "/home/ann")])), None);
    }
}
