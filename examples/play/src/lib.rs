//! Chess in the terminal against the computer, or for two players on one screen.
//!
//! [`run`] plays whole games reading commands from any `BufRead` and writing to any `Write`,
//! so that tests can play scripted games in memory; the `play` binary only turns its flags
//! into a [`Config`] ([`parse_args`]) and calls it with the terminal.
//!
//! A session starts with a menu (side, level, rules, language, and "continue the last game?"
//! when there is a saved one) if [`Config::menu`] is set, which the binary does when standard
//! input is a terminal; otherwise flags and defaults decide and `--continue` resumes the saved
//! game. Questions answered by a flag are not asked. Then each line is a move or a command
//! (`help` lists them). The unfinished game is saved after every move and on leaving.
//!
//! # Examples
//!
//! ```
//! use chess_play::{self as play, Config, Side};
//!
//! // Fool's mate, played by two players from a script.
//! let config = Config { side: Some(Side::Both), ..Config::scripted() };
//! let mut output = Vec::new();
//! play::run("f3\ne5\ng4\nQh4#\nn\n".as_bytes(), &mut output, &config)?;
//! let output = String::from_utf8(output)?;
//! assert!(output.contains("2... Qh4# — Black queen d8 to h4, checkmate"));
//! assert!(output.contains("Checkmate! Black wins."));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod args;
mod board_view;
mod clock;
mod computer;
mod input;
mod menu;
mod messages;
mod pace;
mod save;
mod session;

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;

use chess_core::search::{Level, Score, Searcher};
use chess_core::{Color, EventError, Game, Lang, Outcome, Position, Rules};
use serde::{Deserialize, Serialize};

pub use args::{Terminal, USAGE, parse_args};
pub use board_view::{BoardStyle, PieceStyle};
pub use clock::{TimeControl, TimeSource};
pub use pace::Pace;
pub use save::default_path;

use messages::Msg;

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

    /// Returns how many plies an undo takes back when `turn` is to move: against the computer
    /// the player's last move and the computer's reply on the player's turn, only the player's
    /// move while the computer is to move; one with two players.
    ///
    /// ```
    /// use chess_core::Color;
    /// use chess_play::Side;
    ///
    /// assert_eq!(Side::White.undo_plies(Color::White), 2);
    /// assert_eq!(Side::White.undo_plies(Color::Black), 1);
    /// assert_eq!(Side::Both.undo_plies(Color::Black), 1);
    /// ```
    pub fn undo_plies(self, turn: Color) -> usize {
        if self.human() == Some(turn) { 2 } else { 1 }
    }
}

/// Hints a player may use in one game (the casual site's allowance).
pub const HINTS_PER_GAME: u32 = 3;

/// The level hints are searched at.
pub const HINT_LEVEL: Level = Level::Expert;

/// Tells whether the computer, not to move, accepts a draw offered by the side to move: when
/// its search says the position is level or worse for it.
pub fn accepts_draw(searcher: &mut Searcher, game: &Game) -> bool {
    let limits = searcher.level().limits();
    let result = searcher.search_game(game, &limits, &mut ());
    result.score.flip() <= Score::Cp(0)
}

/// Returns what the game says when it ends with `outcome` (the position's `halfmove_clock`
/// tells how long a no-progress draw waited), as the terminal game writes it.
///
/// ```
/// use chess_core::{Color, Lang, Outcome, Termination};
///
/// let mate = Outcome::win(Termination::Checkmate, Color::Black);
/// assert_eq!(chess_play::game_over_text(mate, 0, Lang::Zh), "将死！黑方获胜。");
/// ```
pub fn game_over_text(outcome: Outcome, halfmove_clock: u32, lang: Lang) -> String {
    Msg::GameOver { outcome, halfmove_clock }.text(lang)
}

/// Returns what the game says when the rules refuse a resignation, draw offer or claim.
///
/// ```
/// use chess_core::{Color, EventError, Lang};
///
/// let early = EventError::ResignTooEarly { color: Color::White, made: 3, required: 15 };
/// assert_eq!(
///     chess_play::refusal_text(&early, Lang::En),
///     "Under these rules you may resign only after 15 moves; you have made 3."
/// );
/// ```
pub fn refusal_text(error: &EventError, lang: Lang) -> String {
    Msg::EventRefused(error).text(lang)
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

    /// Returns the English name: `FIDE` or `casual`.
    fn name(self) -> &'static str {
        match self {
            RulesChoice::Fide => "FIDE",
            RulesChoice::Casual => "casual",
        }
    }

    /// Returns the Chinese name: `FIDE` or `休闲`.
    fn name_zh(self) -> &'static str {
        match self {
            RulesChoice::Fide => "FIDE",
            RulesChoice::Casual => "休闲",
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

/// Holds the settings of a game, saved with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Settings {
    /// Who sits at the board.
    side: Side,
    /// The computer's level.
    level: Level,
    /// The rules new games are played under.
    rules: RulesChoice,
    /// The language of every message.
    #[serde(with = "save::lang_code")]
    lang: Lang,
    /// How long the computer waits before it plays (saves from before it was chosen: real).
    #[serde(default)]
    pace: Pace,
    /// The chess clock's time control (`None`: no clock).
    #[serde(default)]
    clock: Option<TimeControl>,
}

/// Sets up a session: what the flags and the terminal decided. `None` leaves a choice to the
/// menu (or to its default without a menu).
#[derive(Clone, Debug)]
pub struct Config {
    /// Who sits at the board (default: White against the computer).
    pub side: Option<Side>,
    /// The computer's level (default: Normal).
    pub level: Option<Level>,
    /// The rules (default: FIDE).
    pub rules: Option<RulesChoice>,
    /// The language (default: English, or the saved game's).
    pub lang: Option<Lang>,
    /// The start position of new games (default: the standard one).
    pub fen: Option<Position>,
    /// Seeds the computer's random choices and waits, so a session can be replayed.
    pub seed: Option<u64>,
    /// How long the computer waits before playing (default: asked by the menu, else real).
    pub pace: Option<Pace>,
    /// How the board is drawn.
    pub board: BoardStyle,
    /// The chess clock (default: asked by the menu, else none).
    pub clock: Option<TimeControl>,
    /// Where the clock's time comes from (the wall clock, or a fixed cost for tests).
    pub time: TimeSource,
    /// Where the unfinished game is saved (`None`: not saved).
    pub save: Option<PathBuf>,
    /// Asks the start menu's questions (those no flag answered).
    pub menu: bool,
    /// Goes on with the saved game without asking.
    pub resume: bool,
    /// Writes each line read after its prompt, so a transcript of scripted input reads well.
    pub echo: bool,
    /// Shows the computer thinking live (a spinner with depth and time) on a terminal.
    pub live: bool,
}

impl Config {
    /// Returns the settings for input that is not a terminal: no menu, instant pace, plain
    /// ASCII board with letters, lines echoed, nothing saved.
    pub fn scripted() -> Config {
        Config {
            side: None,
            level: None,
            rules: None,
            lang: None,
            fen: None,
            seed: None,
            pace: Some(Pace::Instant),
            clock: None,
            time: TimeSource::Real,
            board: BoardStyle { colors: false, pieces: PieceStyle::Letters },
            save: None,
            menu: false,
            resume: false,
            echo: true,
            live: false,
        }
    }
}

/// Plays games reading lines from `input` and writing to `output` until the player quits or
/// the input ends (which saves an unfinished game, like `quit`).
pub fn run(input: impl BufRead, output: impl Write, config: &Config) -> io::Result<()> {
    let mut io = Io { input, out: output, echo: config.echo, lang: config.lang.unwrap_or_default() };
    match menu::start(&mut io, config)? {
        Some(start) => {
            let announce = matches!(start, menu::Start::New(_));
            session::Session::new(io, config, start).play(announce)
        }
        None => Ok(()),
    }
}

/// The player's side of the conversation: lines in, messages out, in the chosen language.
struct Io<R, W> {
    input: R,
    out: W,
    echo: bool,
    lang: Lang,
}

impl<R: BufRead, W: Write> Io<R, W> {
    /// Writes a message on a line of its own.
    fn say(&mut self, msg: Msg<'_>) -> io::Result<()> {
        let text = msg.text(self.lang);
        writeln!(self.out, "{text}")
    }

    /// Writes the question (without a newline) and reads the answer, trimmed; `None` when the
    /// input has ended. Bytes that are not UTF-8 are replaced, so no line is refused.
    fn ask(&mut self, question: Msg<'_>) -> io::Result<Option<String>> {
        let text = question.text(self.lang);
        write!(self.out, "{text}")?;
        self.out.flush()?;
        let mut bytes = Vec::new();
        let read = self.input.read_until(b'\n', &mut bytes)?;
        let line = String::from_utf8_lossy(&bytes).trim().to_string();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok((read > 0).then_some(line))
    }
}
