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
mod console;
mod input;
mod menu;
mod messages;
mod save;

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use chess_core::book::Book;
use chess_core::search::Level;
use chess_core::syzygy::Tablebase;
use chess_core::{Lang, Position};

pub use args::{Terminal, parse_args, usage};
pub use board_view::{BoardStyle, PieceStyle};
pub use chess_session::{Pace, RulesChoice, Side, TimeControl};
pub use clock::TimeSource;
pub use save::default_path;

use messages::Msg;

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
    /// The computer's opening book (`--book`): it plays book moves while the game is in it.
    pub book: Option<Arc<Book<'static>>>,
    /// The computer's endgame tables (`--syzygy`): it plays their best move in the endings
    /// they hold.
    pub tablebase: Option<Arc<Tablebase>>,
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
            book: None,
            tablebase: None,
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
            console::Console::new(io, config, start).play(announce)
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
