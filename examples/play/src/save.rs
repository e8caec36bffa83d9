//! The save file: the unfinished game with its settings, as JSON, in the user's data directory
//! (or a path given with `--save`).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chess_session::Session;

/// Writes the saved game to `path`, creating its folder, through a temporary file so that a
/// crash never leaves half a file.
pub(crate) fn write(path: &Path, saved: &Session) -> io::Result<()> {
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
pub(crate) fn read(path: &Path) -> Result<Option<Session>, String> {
    match fs::read_to_string(path) {
        Ok(text) => Session::from_json(&text).map(Some).map_err(|error| error.to_string()),
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

/// Returns where the game is saved by default: `last-game.json` in the site's folder of the
/// user's data directory ([`chess_session::data_dir`]), or `None` when the environment does
/// not tell where that is.
pub fn default_path() -> Option<PathBuf> {
    Some(chess_session::data_dir()?.join("last-game.json"))
}
