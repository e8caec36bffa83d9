//! The casual chess site's policy, shared by its two games: the terminal game (`chess-play`)
//! and the web game (`chess-web`) are front-ends over it.
//!
//! A [`Session`] is one game with its [`Settings`] and what the policy keeps beside it: the
//! hints used ([`HINTS_PER_GAME`] a game, searched at [`HINT_LEVEL`]) and the last one given,
//! shown again free in its position. Its methods carry out the player's requests (a hint, an
//! undo, resigning, claiming or offering a draw, which the computer answers with
//! [`accepts_draw`]) and refuse with a typed [`Refusal`]. Written with serde, a session is the
//! save: one format with its version ([`SAVE_VERSION`]), which [`Session::from_json`] reads
//! along with the games' older saves. [`texts`] words what both games say that the rules and
//! these constants decide.
//!
//! # Examples
//!
//! ```
//! use chess_core::Position;
//! use chess_session::{Refusal, Session, Settings, Side};
//!
//! let mut session = Session::new(Settings { side: Side::Both, ..Settings::default() }, Position::new());
//! assert_eq!(session.undo(), Err(Refusal::NothingToUndo));
//! let e4 = session.game.position().parse_san("e4")?;
//! session.game.push(e4)?;
//! let saved = serde_json::to_string(&session)?;
//! assert!(saved.starts_with(r#"{"version":2,"side":"both","#));
//! let mut resumed = Session::from_json(&saved)?;
//! assert_eq!(resumed.undo(), Ok(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod pace;
mod save;
mod settings;
pub mod texts;

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use chess_core::book::Book;
use chess_core::search::{Hint, Level, Score, Searcher};
use chess_core::syzygy::Tablebase;
use chess_core::{Color, EventError, Game, Position, Square};
use serde::{Deserialize, Serialize};

pub use pace::Pace;
pub use save::{SAVE_VERSION, SaveError};
pub use settings::{RulesChoice, Settings, Side, TimeControl};
pub use texts::Texts;

/// Hints a player may use in one game.
pub const HINTS_PER_GAME: u32 = 3;

/// The level hints are searched at.
pub const HINT_LEVEL: Level = Level::Expert;

/// One game at the site with its settings and what the policy keeps beside it; written with
/// serde, it is the save (read back with [`Session::from_json`]).
#[derive(Clone, Debug)]
pub struct Session {
    /// Who plays, the level, the rules, the language, the pace and the clock.
    pub settings: Settings,
    /// Hints used so far in this game.
    pub hints_used: u32,
    /// The last hint given, shown again free in the same position.
    pub hint: Option<GivenHint>,
    /// Whether the board is shown from Black's side (the terminal's; the web page turns its
    /// board by the side).
    pub flipped: bool,
    /// The game: start position, moves, rules and events.
    pub game: Game,
}

/// A hint given, kept so that asking again in the same position shows it free.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GivenHint {
    /// Moves played when it was given.
    pub ply: usize,
    /// The moving piece's square.
    pub from: Square,
    /// Where it goes (for castling, the king's destination).
    pub to: Square,
    /// The move in SAN.
    pub san: String,
    /// The move and why it is good, in words.
    pub text: Texts,
}

/// Why the policy or the rules refuse a request; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game has ended.
    GameOver,
    /// It is the computer's turn.
    NotYourTurn,
    /// The hints of this game are used up.
    NoHintsLeft,
    /// There is no move to take back.
    NothingToUndo,
    /// No draw offer waits for an answer.
    NoDrawOffer,
    /// The rules refuse the resignation, draw offer, claim or answer.
    Event(EventError),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NotYourTurn => f.write_str("it is the computer's turn"),
            Refusal::NoHintsLeft => write!(f, "the {HINTS_PER_GAME} hints of this game are used"),
            Refusal::NothingToUndo => f.write_str("there is no move to take back"),
            Refusal::NoDrawOffer => f.write_str("no draw has been offered"),
            Refusal::Event(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for Refusal {}

/// What asking for a draw came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// The rules allowed a claim: the game is drawn.
    Claimed,
    /// A draw is offered: the other side answers with [`Session::answer_draw`] (the computer,
    /// when there is one, as [`accepts_draw`] says).
    Offered,
}

impl Session {
    /// Starts a game from `start` with `settings`, the board shown from the player's side.
    pub fn new(settings: Settings, start: Position) -> Session {
        Session {
            settings,
            hints_used: 0,
            hint: None,
            flipped: settings.side == Side::Black,
            game: Game::from_position_with_rules(start, settings.rules.rules()),
        }
    }

    /// Tells whether the computer moves next (never once the game is over).
    pub fn computer_to_move(&self) -> bool {
        let turn = self.game.position().turn();
        !self.game.is_over() && self.settings.side.human().is_some_and(|human| human != turn)
    }

    /// Returns the colour of the player who resigns or offers a draw now.
    pub fn player(&self) -> Color {
        self.settings.side.player(self.game.position().turn())
    }

    /// Returns the hints left in this game.
    pub fn hints_left(&self) -> u32 {
        HINTS_PER_GAME.saturating_sub(self.hints_used)
    }

    /// Returns the hint given in the current position, if any.
    pub fn current_hint(&self) -> Option<&GivenHint> {
        self.hint.as_ref().filter(|hint| hint.ply == self.game.moves().len())
    }

    /// Checks a request for a hint: `Some` is the hint already given in this position, shown
    /// again free; `None` asks for a new one, searched with [`search_hint`] and recorded with
    /// [`Session::give_hint`]. Refused when the game is over, on the computer's turn, or
    /// when the game's hints are used up.
    pub fn ask_hint(&self) -> Result<Option<&GivenHint>, Refusal> {
        if let Some(hint) = self.current_hint() {
            return Ok(Some(hint));
        }
        if self.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if self.computer_to_move() {
            return Err(Refusal::NotYourTurn);
        }
        if self.hints_used >= HINTS_PER_GAME {
            return Err(Refusal::NoHintsLeft);
        }
        Ok(None)
    }

    /// Records the hint [`search_hint`] found (`None`: there is no move, the game is over)
    /// as one of the game's hints, and returns it.
    pub fn give_hint(&mut self, found: Option<Hint>) -> Result<&GivenHint, Refusal> {
        let hint = found.ok_or(Refusal::GameOver)?;
        self.hints_used += 1;
        Ok(self.hint.insert(GivenHint {
            ply: self.game.moves().len(),
            from: hint.mv.from(),
            to: hint.mv.destination(),
            san: hint.san.clone(),
            text: Texts::of(&hint),
        }))
    }

    /// Tells whether [`Session::undo`] would take something back.
    pub fn can_undo(&self) -> bool {
        self.game.moves().len() >= self.undo_plies()
    }

    /// Takes back the player's last move and, on the player's turn, the computer's reply
    /// (one ply with two players); returns the plies taken back.
    pub fn undo(&mut self) -> Result<usize, Refusal> {
        if !self.can_undo() {
            return Err(Refusal::NothingToUndo);
        }
        let taken = self.game.undo_n(self.undo_plies());
        // A hint is kept for its ply; once moves are taken back, that ply may come with
        // another position.
        self.hint = None;
        Ok(taken)
    }

    /// Returns how many plies an undo takes back now.
    fn undo_plies(&self) -> usize {
        self.settings.side.undo_plies(self.game.position().turn())
    }

    /// The player resigns, if the rules allow it now.
    pub fn resign(&mut self) -> Result<(), Refusal> {
        self.game.resign(self.player()).map(drop).map_err(Refusal::Event)
    }

    /// The player claims a draw when the rules allow one, else offers one, if the rules allow
    /// that now.
    pub fn draw(&mut self) -> Result<Draw, Refusal> {
        let player = self.player();
        if self.game.can_claim_draw() {
            self.game.claim_draw(player).map_err(Refusal::Event)?;
            return Ok(Draw::Claimed);
        }
        self.game.offer_draw(player).map_err(Refusal::Event)?;
        Ok(Draw::Offered)
    }

    /// The side that did not offer the pending draw accepts or declines it.
    pub fn answer_draw(&mut self, accept: bool) -> Result<(), Refusal> {
        let offerer = self.game.draw_offer().ok_or(Refusal::NoDrawOffer)?;
        let answer = if accept { self.game.accept_draw(!offerer).map(drop) } else { self.game.decline_draw(!offerer) };
        answer.map_err(Refusal::Event)
    }
}

/// Searches a hint for the side to move at [`HINT_LEVEL`] (`None` when the game is over).
pub fn search_hint(searcher: &mut Searcher, game: &Game) -> Option<Hint> {
    searcher.hint(game, HINT_LEVEL)
}

/// Tells whether the computer, not to move, accepts a draw offered by the side to move: when
/// its search at the searcher's level says the position is level or worse for it.
pub fn accepts_draw(searcher: &mut Searcher, game: &Game) -> bool {
    let result = searcher.play(game);
    result.score.flip() <= Score::Cp(0)
}

/// Reads the Polyglot book of the games' `--book FILE` flag; the error is the flag's message.
///
/// ```
/// let refused = chess_session::open_book("/no/such/book.bin").unwrap_err();
/// assert!(refused.starts_with("--book /no/such/book.bin: "));
/// ```
pub fn open_book(path: &str) -> Result<Arc<Book<'static>>, String> {
    Book::open(path).map(Arc::new).map_err(|error| format!("--book {path}: {error}"))
}

/// Adds the Syzygy tables of each directory of the games' `--syzygy DIR` flag (several
/// separated as in `PATH`); the error, the flag's message, says which directory cannot be
/// read, or that none holds a table.
///
/// ```
/// let refused = chess_session::open_tablebase("/no/such/tables").unwrap_err();
/// assert!(refused.starts_with("--syzygy /no/such/tables: "));
/// ```
pub fn open_tablebase(paths: &str) -> Result<Arc<Tablebase>, String> {
    let mut tables = Tablebase::new();
    let mut found = 0;
    for dir in std::env::split_paths(paths) {
        found += tables.add_directory(&dir).map_err(|error| format!("--syzygy {}: {error}", dir.display()))?;
    }
    if found == 0 {
        return Err(format!("--syzygy {paths}: no Syzygy tables (.rtbw, .rtbz) there"));
    }
    Ok(Arc::new(tables))
}

/// Returns the folder the site's games keep their files in on this computer: `chess-core` in
/// the user's data directory, or `None` when the environment does not tell where that is.
pub fn data_dir() -> Option<PathBuf> {
    Some(user_data_dir(std::env::consts::OS, |name| std::env::var_os(name))?.join("chess-core"))
}

/// Finds the user's data directory on `os` from the environment variables `var` reads:
/// `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, and elsewhere
/// `$XDG_DATA_HOME` (when it is an absolute path) or `~/.local/share`.
fn user_data_dir(os: &str, var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let path = |name: &str| var(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    match os {
        "windows" => path("APPDATA"),
        "macos" => Some(path("HOME")?.join("Library").join("Application Support")),
        _ => path("XDG_DATA_HOME")
            .filter(|dir| dir.is_absolute())
            .or_else(|| Some(path("HOME")?.join(".local").join("share"))),
    }
}

#[cfg(test)]
mod tests;
