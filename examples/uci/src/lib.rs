//! A chess engine speaking the Universal Chess Interface (UCI) on top of
//! [`chess_core::search`], so that chess GUIs and python-chess can play and analyse with it.
//!
//! [`run`] reads commands line by line and answers on a writer (stdin and stdout in the `uci`
//! program). Searches run on their own thread, so `stop`, `isready` and `quit` are answered
//! while one runs.
//!
//! The `uci` program is installed with `cargo install --path examples/uci`. Another program
//! embeds the engine by calling [`run`] with its own reader and writer (on a thread of its
//! own, with a pipe or channel for the commands, to talk to it while it runs); the example
//! at [`run`] plays from a script held in memory.
//!
//! # Commands
//!
//! - `uci`: answers `id name`, `id author`, the options below and `uciok`.
//! - `isready`: answers `readyok` (at once, also during a search).
//! - `setoption name <name> [value <value>]`: names ignore case and may contain spaces.
//! - `ucinewgame`: forgets what the searcher learnt and seeds it again with `Seed`.
//! - `position startpos | fen <FEN> [moves <move>...]`: the positions before the last are kept
//!   so that the search sees repetitions. Castling is read in either form.
//! - `go [searchmoves <move>...] [ponder] [wtime <ms>] [btime <ms>] [winc <ms>] [binc <ms>]
//!   [movestogo <n>] [depth <plies>] [nodes <n>] [mate <moves>] [movetime <ms>] [infinite]`:
//!   writes `info depth .. seldepth .. multipv .. score cp|mate .. nodes .. nps .. hashfull ..
//!   time .. pv ..` after each depth, then `bestmove <move> [ponder <move>]` (`bestmove 0000`
//!   when there is no legal move). Without any limit the level's own limits apply
//!   (`SearchLimits::or_level`). After
//!   `infinite` or `ponder` the `bestmove` waits for `stop` (or `ponderhit`). A `go` sent
//!   while a search runs waits for it to end (and stops it if it is infinite or pondering).
//! - `stop`: ends the search, which answers with its `bestmove`.
//! - `ponderhit`: the pondered move was played; the search goes on within the `go` limits.
//! - `quit`: stops any search and returns.
//! - `d`: draws the board and writes the FEN and the Zobrist key.
//! - `debug`, `register`: accepted and ignored.
//!
//! Unknown words before a command are skipped, as the protocol asks. Anything else that cannot
//! be read gets `info string <what was wrong>`, and the engine carries on.
//!
//! # Options
//!
//! - `Hash` (spin, MiB, 1 to 4096, default 16): the size of the transposition table.
//! - `Threads` (spin, 1): the search runs on one thread.
//! - `MultiPV` (spin, 1 to 256): how many best lines to report.
//! - `Level` (combo `Beginner`, `Normal`, `Expert`, `Master`): the playing strength, by default
//!   chess-core's default level, `Master`.
//! - `Skill Level` (spin, 0 to 20): sets `Level` too ([`Level::from_skill`]).
//! - `Seed` (spin): seeds the weaker levels' random choices; applied when set and at each
//!   `ucinewgame`, so that games can be replayed.
//! - `UCI_Chess960` (check): Chess960 castling, written as the king taking its own rook
//!   (otherwise castling is written `e1g1`); applies from the next `position`.
//! - `OwnBook` (check, default false) and `BookFile` (string, a Polyglot `.bin` file, read when
//!   set): with both, a `go` in a position of the book answers a book move at once, chosen at
//!   random by the weights as the level chooses ([`Searcher::book_move`], seeded by `Seed`);
//!   `infinite`, `ponder` and `searchmoves` searches do not use the book.
//! - `SyzygyPath` (string, default `<empty>`): directories of Syzygy endgame tables, separated
//!   by `:` (`;` on Windows). In a position the tables hold, a `go` answers the tables' best
//!   move at once (`info string tablebase move`), unless it asks for several lines, a mate or
//!   `searchmoves` none of which is best; inside the search, positions reached by a capture
//!   or a pawn move that the tables hold score by their result
//!   ([`Searcher::set_tablebase`]).
//! - `SyzygyProbeLimit` (spin, 0 to 7, default 7): positions of more pieces (kings included)
//!   are not probed.

mod commands;
mod options;
mod thinking;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, PoisonError};

use chess_core::CastlingMode;
use chess_core::book::Book;
use chess_core::search::{DEFAULT_HASH_MB, Level, SearchLimits, Searcher};
use chess_core::syzygy::Tablebase;

use commands::{GamePosition, parse_go, parse_position};
use options::{Setting, UciOption, parse_setoption};
use thinking::{Job, Thinking};

/// Runs the engine: reads commands from `input` until `quit` or the end of the input, and
/// writes the answers to `output`, flushing each line. The end of the input is `quit`, as in
/// other engines: a running search stops (after its first depth) and writes its `bestmove`,
/// so a GUI that dies leaves no search behind. Piped commands keep the input open until the
/// `bestmove` they wait for: `(echo "go depth 8"; sleep 3) | uci`.
///
/// Returns an error only when reading or writing fails.
///
/// # Examples
///
/// ```
/// use std::io::{self, Write};
/// use std::sync::{Arc, Mutex};
///
/// /// A writer whose text the caller can read after the engine has finished.
/// #[derive(Clone, Default)]
/// struct Shared(Arc<Mutex<Vec<u8>>>);
///
/// impl Write for Shared {
///     fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
///         self.0.lock().unwrap().write(bytes)
///     }
///     fn flush(&mut self) -> io::Result<()> {
///         Ok(())
///     }
/// }
///
/// let commands = "uci\n\
///     position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n\
///     go depth 2\n";
/// let output = Shared::default();
/// chess_uci::run(commands.as_bytes(), output.clone())?;
/// let text = String::from_utf8(output.0.lock().unwrap().clone())?;
/// assert!(text.contains("uciok\n"));
/// assert_eq!(text.lines().last(), Some("bestmove h5f7")); // Qxf7#
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let mut engine = Engine::new(Output(Arc::new(Mutex::new(output))));
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 || engine.handle(&String::from_utf8_lossy(&line))? == Flow::Quit {
            break;
        }
    }
    engine.end_search()
}

/// Where the engine writes: the command loop and the search thread share it, and each line
/// is written whole and flushed at once.
#[derive(Clone)]
struct Output(Arc<Mutex<dyn Write + Send>>);

impl Output {
    /// Writes `text` and a newline, and flushes.
    fn line(&self, text: impl fmt::Display) -> io::Result<()> {
        let mut writer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(writer, "{text}")?;
        writer.flush()
    }
}

/// Whether the command loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The commands the engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Uci,
    Debug,
    IsReady,
    SetOption,
    Register,
    UciNewGame,
    Position,
    Go,
    Stop,
    PonderHit,
    Quit,
    Display,
}

impl Command {
    /// Returns the command named `word`, if it is one.
    fn parse(word: &str) -> Option<Command> {
        Some(match word {
            "uci" => Command::Uci,
            "debug" => Command::Debug,
            "isready" => Command::IsReady,
            "setoption" => Command::SetOption,
            "register" => Command::Register,
            "ucinewgame" => Command::UciNewGame,
            "position" => Command::Position,
            "go" => Command::Go,
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            "d" => Command::Display,
            _ => return None,
        })
    }
}

/// Settings that reach the searcher at the next `go`, applied on the search thread: clearing
/// a large hash table takes seconds, and `isready` must not wait for it.
#[derive(Clone, Copy, Debug, Default)]
struct Pending {
    /// The hash table's new size, in megabytes.
    resize: Option<usize>,
    /// The seed to set again.
    reseed: Option<u64>,
    new_game: bool,
}

impl Pending {
    /// Applies the settings to `searcher`.
    fn apply(self, searcher: &mut Searcher) {
        if let Some(megabytes) = self.resize {
            searcher.set_hash_mb(megabytes);
        }
        if self.new_game {
            searcher.new_game();
        }
        if let Some(seed) = self.reseed {
            searcher.set_seed(seed);
        }
    }
}

/// The engine's state between commands.
struct Engine {
    out: Output,
    game: GamePosition,
    level: Level,
    multi_pv: u32,
    chess960: bool,
    hash_mb: usize,
    seed: u64,
    own_book: bool,
    book: Option<Arc<Book<'static>>>,
    tablebase: Option<Arc<Tablebase>>,
    probe_limit: u32,
    /// The searcher, when no search has it.
    searcher: Option<Box<Searcher>>,
    thinking: Option<Thinking>,
    pending: Pending,
}

impl Engine {
    fn new(out: Output) -> Engine {
        Engine {
            out,
            game: GamePosition::start(),
            level: Level::default(),
            multi_pv: 1,
            chess960: false,
            hash_mb: DEFAULT_HASH_MB,
            seed: 0,
            own_book: false,
            book: None,
            tablebase: None,
            probe_limit: 7,
            searcher: Some(Box::new(Searcher::new())),
            thinking: None,
            pending: Pending::default(),
        }
    }

    /// Answers one line of input.
    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((at, command)) =
            words.iter().enumerate().find_map(|(at, word)| Command::parse(word).map(|command| (at, command)))
        else {
            if !words.is_empty() {
                self.info(format_args!("unknown command '{}'", words.join(" ")))?;
            }
            return Ok(Flow::Continue);
        };
        if at > 0 {
            self.info(format_args!("skipped '{}' before '{}'", words[..at].join(" "), words[at]))?;
        }
        let args = &words[at + 1..];
        match command {
            Command::Uci => self.uci()?,
            Command::Debug | Command::Register => {}
            Command::IsReady => self.out.line("readyok")?,
            Command::SetOption => self.set_option(args)?,
            Command::UciNewGame => {
                self.pending.new_game = true;
                self.pending.reseed = Some(self.seed);
            }
            Command::Position => match parse_position(args, CastlingMode::from_chess960(self.chess960)) {
                Ok(game) => self.game = game,
                Err(problem) => self.info(format_args!("{problem}; the position is unchanged"))?,
            },
            Command::Go => self.go(args)?,
            Command::Stop => {
                if let Some(thinking) = &self.thinking {
                    thinking.stop();
                }
            }
            Command::PonderHit => {
                if let Some(thinking) = &self.thinking {
                    thinking.ponderhit();
                }
            }
            Command::Quit => return Ok(Flow::Quit),
            Command::Display => self.display()?,
        }
        Ok(Flow::Continue)
    }

    /// Writes `info string <text>`.
    fn info(&self, text: impl fmt::Display) -> io::Result<()> {
        self.out.line(format_args!("info string {text}"))
    }

    fn uci(&self) -> io::Result<()> {
        self.out.line(concat!("id name chess-core ", env!("CARGO_PKG_VERSION")))?;
        self.out.line("id author the chess-core authors")?;
        for option in UciOption::ALL {
            self.out.line(option)?;
        }
        self.out.line("uciok")
    }

    fn set_option(&mut self, args: &[&str]) -> io::Result<()> {
        match parse_setoption(args) {
            Ok(Setting::Hash(megabytes)) => {
                self.hash_mb = megabytes;
                self.pending.resize = Some(megabytes);
            }
            Ok(Setting::Threads) => {}
            Ok(Setting::MultiPv(lines)) => self.multi_pv = lines,
            Ok(Setting::Level(level)) => self.level = level,
            Ok(Setting::Seed(seed)) => {
                self.seed = seed;
                self.pending.reseed = Some(seed);
            }
            Ok(Setting::Chess960(on)) => self.chess960 = on,
            Ok(Setting::OwnBook(on)) => self.own_book = on,
            Ok(Setting::BookFile(None)) => self.book = None,
            Ok(Setting::BookFile(Some(path))) => match Book::open(&path) {
                Ok(book) => {
                    self.info(format_args!("book {path}: {} entries", book.len()))?;
                    self.book = Some(Arc::new(book));
                }
                Err(error) => {
                    self.book = None;
                    return self.info(format_args!("cannot use the book {path}: {error}"));
                }
            },
            Ok(Setting::SyzygyPath(None)) => self.tablebase = None,
            Ok(Setting::SyzygyPath(Some(paths))) => self.tablebase = self.open_tablebase(&paths)?,
            Ok(Setting::SyzygyProbeLimit(pieces)) => self.probe_limit = pieces,
            Err(problem) => return self.info(problem),
        }
        Ok(())
    }

    /// Adds the tables of each directory of `paths` (separated as in `PATH`), saying how many
    /// files each holds or why it cannot be read; `None` when no table was found.
    fn open_tablebase(&self, paths: &str) -> io::Result<Option<Arc<Tablebase>>> {
        let mut tables = Tablebase::new();
        let mut found = 0;
        for dir in std::env::split_paths(paths).filter(|dir| !dir.as_os_str().is_empty()) {
            match tables.add_directory(&dir) {
                Ok(files) => {
                    found += files;
                    self.info(format_args!("syzygy {}: {files} table files", dir.display()))?;
                }
                Err(error) => self.info(format_args!("cannot read the tables in {}: {error}", dir.display()))?,
            }
        }
        Ok((found > 0).then(|| Arc::new(tables)))
    }

    /// Starts a search of the current position, stopping the one that still runs, if any.
    fn go(&mut self, args: &[&str]) -> io::Result<()> {
        self.end_search()?;
        let (go, problems) = parse_go(args, &self.game.position);
        for problem in problems {
            self.info(problem)?;
        }
        let limits = SearchLimits { multi_pv: self.multi_pv, ..go.limits };
        let (mut searcher, pending) = self.take_searcher();
        searcher.set_level(self.level);
        searcher.set_book(self.book.clone().filter(|_| self.own_book));
        searcher.set_tablebase(self.tablebase.clone());
        searcher.set_tablebase_probe_limit(self.probe_limit);
        let job = Job { game: self.game.clone(), limits, ponder: go.ponder };
        match Thinking::start(searcher, move |searcher| pending.apply(searcher), job, self.out.clone()) {
            Ok(thinking) => self.thinking = Some(thinking),
            Err(error) => {
                self.info(format_args!("cannot start the search: {error}"))?;
                self.out.line("bestmove 0000")?;
            }
        }
        Ok(())
    }

    /// Stops the running search, if any, waits for its `bestmove` and takes its searcher back.
    fn end_search(&mut self) -> io::Result<()> {
        let Some(thinking) = self.thinking.take() else {
            return Ok(());
        };
        thinking.stop();
        self.searcher = thinking.join();
        if self.searcher.is_none() {
            self.info("the search failed; the next one starts with a new searcher")?;
        }
        Ok(())
    }

    /// Takes the searcher and the settings it is still to get (a small new searcher if the
    /// last one was lost, which then gets the hash size too). Only to be called when no
    /// search runs.
    fn take_searcher(&mut self) -> (Box<Searcher>, Pending) {
        let mut pending = std::mem::take(&mut self.pending);
        let searcher = self.searcher.take().unwrap_or_else(|| {
            pending.resize = Some(self.hash_mb);
            pending.reseed = Some(self.seed);
            Box::new(Searcher::with_hash_mb(1))
        });
        (searcher, pending)
    }

    fn display(&self) -> io::Result<()> {
        let position = &self.game.position;
        for rank in format!("{:?}", position.board()).lines() {
            self.out.line(rank)?;
        }
        self.out.line(format_args!("Fen: {position}"))?;
        self.out.line(format_args!("Key: {:016X}", position.zobrist_key()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose lines the test can read while the engine holds it.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().write(bytes)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Buffer {
        /// Returns the lines written since the last call.
        fn take_lines(&self) -> Vec<String> {
            let bytes = std::mem::take(&mut *self.0.lock().unwrap());
            String::from_utf8(bytes).unwrap().lines().map(str::to_string).collect()
        }
    }

    fn engine() -> (Engine, Buffer) {
        let buffer = Buffer::default();
        (Engine::new(Output(Arc::new(Mutex::new(buffer.clone())))), buffer)
    }

    /// Sends each line, then waits for the search (if one runs) to end by itself.
    fn send(engine: &mut Engine, lines: &[&str]) {
        for line in lines {
            assert_eq!(engine.handle(line).unwrap(), Flow::Continue, "{line}");
        }
        if let Some(thinking) = engine.thinking.take() {
            engine.searcher = thinking.join();
        }
    }

    #[test]
    fn settings_reach_the_search() {
        let (mut engine, out) = engine();
        send(&mut engine, &["setoption name Skill Level value 5", "go"]);
        assert_eq!(engine.level, Level::Beginner);
        let lines = out.take_lines();
        // Beginner's own limits: depth 2.
        assert!(lines[lines.len() - 2].starts_with("info depth 2 "), "{lines:?}");
        assert!(lines[lines.len() - 1].starts_with("bestmove "), "{lines:?}");

        send(&mut engine, &["setoption name level value Normal", "setoption name MultiPV value 3", "go"]);
        let lines = out.take_lines();
        let last_depth: Vec<&String> =
            lines.iter().filter(|line| line.starts_with("info depth 3 ") && line.contains(" multipv ")).collect();
        assert_eq!(last_depth.len(), 3, "{lines:?}");
        for (index, line) in last_depth.iter().enumerate() {
            assert!(line.contains(&format!(" multipv {} ", index + 1)), "{line}");
        }
    }

    #[test]
    fn settings_wait_while_a_search_runs() {
        let (mut engine, out) = engine();
        engine.handle("go infinite").unwrap();
        engine.handle("setoption name Hash value 2").unwrap();
        engine.handle("ucinewgame").unwrap();
        assert_eq!(engine.hash_mb, 2);
        assert!(engine.pending.resize == Some(2) && engine.pending.new_game);
        engine.handle("isready").unwrap();
        engine.handle("stop").unwrap();
        send(&mut engine, &["go depth 1"]);
        assert!(engine.pending.resize.is_none() && !engine.pending.new_game);
        let lines = out.take_lines();
        assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
        assert_eq!(lines.iter().filter(|line| line.starts_with("bestmove ")).count(), 2, "{lines:?}");
    }

    #[test]
    fn unreadable_lines_say_why() {
        let (mut engine, out) = engine();
        send(
            &mut engine,
            &[
                "",
                "   ",
                "hello there",
                "joho debug on",
                "setoption name Hash value 0",
                "position startpos moves e2e4 e2e4",
                "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
            ],
        );
        assert_eq!(
            out.take_lines(),
            [
                "info string unknown command 'hello there'",
                "info string skipped 'joho' before 'debug'",
                "info string Hash must be a whole number from 1 to 4096, not '0'",
                "info string move 2 (e2e4): illegal move e2e4 in this position: there is no piece on e2; \
                 the position is unchanged",
                "info string bad FEN '8/8/8/8/8/8/8/8 w - - 0 1': illegal position: white has no king; \
                 black has no king; the position is unchanged",
            ]
        );
        assert_eq!(engine.game, GamePosition::start());
    }

    #[test]
    fn display_draws_the_board() {
        let (mut engine, out) = engine();
        send(&mut engine, &["position startpos moves e2e4", "d"]);
        let lines = out.take_lines();
        assert_eq!(lines[0], "r n b q k b n r");
        assert_eq!(lines[4], ". . . . P . . .");
        assert_eq!(lines[8], "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(lines[9], format!("Key: {:016X}", engine.game.position.zobrist_key()));
    }

    /// The lines of a run of `commands` as bytes (the input ends after them).
    fn run_lines(commands: &str) -> Vec<String> {
        let buffer = Buffer::default();
        run(commands.as_bytes(), buffer.clone()).unwrap();
        buffer.take_lines()
    }

    /// The indices of the `bestmove` lines, each checked to follow an `info` line whose line
    /// starts with the move played.
    fn checked_bestmoves(lines: &[String]) -> Vec<usize> {
        let ends: Vec<usize> = (0..lines.len()).filter(|&at| lines[at].starts_with("bestmove ")).collect();
        for &at in &ends {
            let best = lines[at].split_whitespace().nth(1).unwrap();
            let info = &lines[at - 1];
            assert!(info.starts_with("info depth ") && info.contains(&format!(" pv {best}")), "{lines:?}");
        }
        ends
    }

    #[test]
    fn end_of_input_stops_the_search() {
        let lines = run_lines("go depth 1000\n");
        assert_eq!(checked_bestmoves(&lines), [lines.len() - 1], "{lines:?}");
    }

    #[test]
    fn a_new_go_stops_the_running_search_and_isready_answers() {
        let lines = run_lines("go depth 1000\ngo depth 1000\nisready\n");
        assert_eq!(checked_bestmoves(&lines).len(), 2, "{lines:?}");
        assert!(lines.iter().any(|line| line == "readyok"), "{lines:?}");
    }

    #[test]
    fn the_last_info_names_the_move_played() {
        for level in ["Beginner", "Normal", "Expert"] {
            let lines = run_lines(&format!("setoption name Level value {level}\ngo\n"));
            assert_eq!(checked_bestmoves(&lines).len(), 1, "{lines:?}");
        }
        let lines =
            run_lines("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\ngo depth 3\n");
        assert_eq!(lines[checked_bestmoves(&lines)[0]], "bestmove h5f7");
    }
}
