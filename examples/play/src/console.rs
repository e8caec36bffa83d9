//! The terminal's side of a session: one game after another, each line read as a move or a
//! command, the site's policy (hints, undo, resigning, draws) carried out by
//! [`chess_session::Session`].

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use chess_core::pgn::{FromGameOptions, PgnGame};
use chess_core::search::Searcher;
use chess_core::{
    Bitboard, Color, IllegalMoveReason, Move, MoveText, ParseMoveError, Piece, Position, Role, SanError, SanStyle,
    Square,
};
use chess_session::{Draw, Pace, Refusal, Session, Settings, Side, texts};

use super::board_view::{BoardStyle, Marks, PieceStyle, render};
use super::clock::{Clock, format_time};
use super::computer;
use super::input::{self, Command};
use super::menu::{self, Start};
use super::save;
use super::{Config, Io, Msg};

/// The time left below which the computer plays without waiting at its pace.
const HURRY: std::time::Duration = std::time::Duration::from_secs(60);

/// The width the move list wraps at (between moves, never inside one).
const MOVE_LIST_WIDTH: usize = 72;

/// Plies of the move list shown under the board.
const MOVE_LIST_PLIES: usize = 20;

/// What the session does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// Goes on with this game.
    Continue,
    /// Starts a new game with the same settings.
    NewGame,
    /// Starts a new game after asking for side, level and rules again.
    NewSettings,
    /// Saves and leaves.
    Quit,
}

/// Why a typed move cannot be played as it is.
#[derive(Clone, Copy, Debug)]
enum Rejection {
    /// The rules forbid it.
    Illegal(IllegalMoveReason),
    /// A pawn reaches the last rank and the piece was not given.
    NeedsPromotion { from: Square, to: Square },
    /// Several pieces could make it (their squares).
    Ambiguous(chess_core::Bitboard),
    /// No legal move matches.
    NoMatch,
    /// The text is neither a move nor a command.
    NotUnderstood,
    /// A lone square with a piece on it: a question about that piece.
    ShowMoves(Square),
}

/// A session in progress at the terminal: the game with its settings and the policy's state,
/// and what the terminal needs to go on.
pub(crate) struct Console<'c, R, W> {
    io: Io<R, W>,
    config: &'c Config,
    /// The game, its settings, the hints and the board's side: what is saved.
    session: Session,
    /// How the board is drawn (the pieces' style can be switched during the game).
    board: BoardStyle,
    searcher: Searcher,
    spread: fastrand::Rng,
    /// The board has changed since it was last shown.
    board_stale: bool,
    /// The end of the game has been announced.
    end_announced: bool,
    /// The chess clock, when the game has one.
    clock: Option<Clock>,
}

impl<'c, R: BufRead, W: Write> Console<'c, R, W> {
    /// Sets up the session for a new or a resumed game.
    pub(crate) fn new(io: Io<R, W>, config: &'c Config, start: Start) -> Console<'c, R, W> {
        let seed = config.seed.unwrap_or_else(clock_seed);
        let mut searcher = Searcher::new();
        searcher.set_seed(seed);
        searcher.set_book(config.book.clone());
        searcher.set_tablebase(config.tablebase.clone());
        let session = match start {
            Start::New(settings) => new_game(config, settings),
            Start::Resume(saved) => *saved,
        };
        searcher.set_level(session.settings.level);
        Console {
            io,
            config,
            board: config.board,
            searcher,
            spread: fastrand::Rng::with_seed(seed),
            board_stale: true,
            end_announced: false,
            clock: session.settings.clock.map(|control| Clock::new(control, config.time)),
            session,
        }
    }

    /// Plays games until the player quits or the input ends; `announce` says that a new game
    /// begins (a resumed game was announced by the menu).
    pub(crate) fn play(mut self, announce: bool) -> io::Result<()> {
        if announce {
            self.announce_start()?;
        }
        loop {
            if let Some(clock) = &mut self.clock {
                clock.restart(); // the time in the menu is not counted
            }
            let flow = self.play_game()?;
            let mut settings = self.session.settings;
            if flow == Flow::NewSettings {
                match menu::change_settings(&mut self.io, settings)? {
                    Some(changed) => settings = changed,
                    None => return self.leave(),
                }
                self.searcher.set_level(settings.level);
            }
            match flow {
                Flow::NewGame | Flow::NewSettings => {
                    self.session = new_game(self.config, settings);
                    self.board_stale = true;
                    self.end_announced = false;
                    self.searcher.new_game();
                    self.clock = settings.clock.map(|control| Clock::new(control, self.config.time));
                    self.announce_start()?;
                }
                Flow::Continue | Flow::Quit => return self.leave(),
            }
        }
    }

    fn announce_start(&mut self) -> io::Result<()> {
        let Settings { side, level, rules, .. } = self.session.settings;
        self.io.say(Msg::NewGame { side, level, rules })
    }

    /// Plays the current game until the player asks for a new one or quits.
    fn play_game(&mut self) -> io::Result<Flow> {
        loop {
            if self.session.game.is_over() {
                if !self.end_announced {
                    self.show_board()?;
                    self.announce_end()?;
                }
                let Some(line) = self.io.ask(Msg::AskNewGame)? else {
                    return Ok(Flow::Quit);
                };
                match input::parse(&line) {
                    Command::Yes => return Ok(Flow::NewGame),
                    Command::Settings => return Ok(Flow::NewSettings),
                    Command::No | Command::Quit => return Ok(Flow::Quit),
                    command => {
                        self.command(command, &line)?;
                    }
                }
                continue;
            }
            if self.session.computer_to_move() {
                self.computer_move()?;
                continue;
            }
            if self.board_stale {
                self.show_board()?;
            }
            let turn = self.session.game.position().turn();
            let Some(line) = self.io.ask(Msg::Prompt(turn))? else {
                return Ok(Flow::Quit);
            };
            if self.clock.as_mut().is_some_and(|clock| clock.charge(turn)) {
                self.flag_falls(turn)?;
                continue;
            }
            let flow = self.command(input::parse(&line), &line)?;
            if flow != Flow::Continue {
                return Ok(flow);
            }
        }
    }

    /// Carries out one command or move.
    fn command(&mut self, command: Command, line: &str) -> io::Result<Flow> {
        let over = self.session.game.is_over();
        match command {
            Command::Empty => {}
            Command::Help => self.io.say(Msg::Help)?,
            Command::Quit => return Ok(Flow::Quit),
            Command::Undo => self.undo()?,
            Command::Flip => {
                self.session.flipped = !self.session.flipped;
                self.io.say(Msg::Flipped)?;
                self.show_board()?;
            }
            Command::Board => self.show_board()?,
            Command::Pieces => {
                self.board.pieces = match self.board.pieces {
                    PieceStyle::Unicode => PieceStyle::Letters,
                    PieceStyle::Letters => PieceStyle::Unicode,
                };
                self.show_board()?;
            }
            Command::Fen => writeln!(self.io.out, "{}", self.session.game.position().to_fen())?,
            Command::Pgn(path) => self.pgn(path.as_deref())?,
            Command::Moves(square) => self.list_moves(square)?,
            Command::Pace(None) => self.io.say(Msg::PaceIs(self.session.settings.pace))?,
            Command::Pace(Some(word)) => match word.parse() {
                Ok(pace) => {
                    self.session.settings.pace = pace;
                    self.io.say(Msg::PaceSet(pace))?;
                    self.autosave();
                }
                Err(_) => self.io.say(Msg::UnknownPace(&word))?,
            },
            Command::Hint | Command::Resign | Command::Draw if over => self.io.say(Msg::GameIsOver)?,
            Command::Hint => self.hint()?,
            Command::Resign => {
                if self.confirm(Msg::ConfirmResign)?
                    && let Err(refusal) = self.session.resign()
                {
                    self.refused(refusal)?;
                }
            }
            Command::Draw => {
                if self.confirm(Msg::ConfirmDraw)? {
                    self.draw()?;
                }
            }
            Command::Yes | Command::No | Command::Settings => self.io.say(Msg::NotUnderstood(line))?,
            Command::Square(_) | Command::Move(_) if over => self.io.say(Msg::GameIsOver)?,
            Command::Square(square) => {
                let position = self.session.game.position();
                let found =
                    read_move(position, &square.to_string()).map_err(|rejection| match position.piece_at(square) {
                        Some(_) => Rejection::ShowMoves(square),
                        None => rejection,
                    });
                self.try_move(found, line)?;
            }
            Command::Move(text) => {
                let found = read_move(self.session.game.position(), &text);
                self.try_move(found, line)?;
            }
        }
        Ok(Flow::Continue)
    }

    /// Plays the move found, or explains why there is none (asking for the promotion piece
    /// when that is all that is missing).
    fn try_move(&mut self, found: Result<Move, Rejection>, text: &str) -> io::Result<()> {
        let position = *self.session.game.position();
        let m = match found {
            Ok(m) => m,
            Err(Rejection::NeedsPromotion { from, to }) => {
                match self.ask_promotion()?.and_then(|role| Move::promote(from, to, role)) {
                    Some(m) => m,
                    None => return self.io.say(Msg::MoveCancelled),
                }
            }
            Err(Rejection::Illegal(reason)) => return self.io.say(Msg::Illegal(reason)),
            Err(Rejection::Ambiguous(from)) => {
                let squares: Vec<String> = from.into_iter().map(|square| square.to_string()).collect();
                return self.io.say(Msg::Ambiguous { text, squares: &squares.join(", ") });
            }
            Err(Rejection::NoMatch) => return self.io.say(Msg::NoMatch(text)),
            Err(Rejection::NotUnderstood) => return self.io.say(Msg::NotUnderstood(text)),
            Err(Rejection::ShowMoves(square)) => return self.list_moves(Some(square)),
        };
        let words = position.describe(m).text(self.io.lang).to_string();
        self.session.game.push(m).map_err(io::Error::other)?;
        self.add_increment(position.turn());
        self.io.say(Msg::Played { san: &numbered_san(&position, m), words: &words })?;
        self.after_move();
        Ok(())
    }

    /// Gives `color` its increment after a move, when there is a clock.
    fn add_increment(&mut self, color: Color) {
        if let Some(clock) = &mut self.clock {
            clock.add_increment(color);
        }
    }

    /// Ends the game because `color`'s time ran out, by the rules' timeout rule.
    fn flag_falls(&mut self, color: Color) -> io::Result<()> {
        self.io.say(Msg::FlagFell(color))?;
        self.session.game.timeout(color).map_err(io::Error::other)?;
        self.board_stale = true;
        Ok(())
    }

    /// Asks the player to confirm; says so when the answer is not yes.
    fn confirm(&mut self, question: Msg<'_>) -> io::Result<bool> {
        let answer = self.io.ask(question)?;
        let yes = answer.is_some_and(|answer| input::parse(&answer) == Command::Yes);
        if !yes {
            self.io.say(Msg::NotConfirmed)?;
        }
        Ok(yes)
    }

    /// Asks which piece to promote to until the answer is one; `None` for an empty answer or
    /// the end of the input.
    fn ask_promotion(&mut self) -> io::Result<Option<Role>> {
        loop {
            match self.io.ask(Msg::AskPromotion)? {
                None => return Ok(None),
                Some(answer) if answer.is_empty() => return Ok(None),
                Some(answer) => {
                    if let Some(role) = input::parse_promotion(&answer) {
                        return Ok(Some(role));
                    }
                }
            }
        }
    }

    /// Notes that the position changed: the board is to be shown again and the game saved.
    fn after_move(&mut self) {
        self.board_stale = true;
        self.end_announced = false;
        self.autosave();
    }

    /// Lets the computer choose and play its move, and announces it.
    fn computer_move(&mut self) -> io::Result<()> {
        let settings = (self.io.lang, self.config.live);
        let turn = self.session.game.position().turn();
        // Short of time, the computer plays at once, as a person would.
        let hurried = self.clock.as_ref().is_some_and(|clock| clock.left(turn) < HURRY);
        let pace = (if hurried { Pace::Instant } else { self.session.settings.pace }, &mut self.spread);
        let result = computer::choose_move(&mut self.searcher, &self.session.game, pace, &mut self.io.out, settings)?;
        let Some(m) = result.best_move else {
            return Err(io::Error::other("the computer found no move in a game that is not over"));
        };
        if self.clock.as_mut().is_some_and(|clock| clock.charge(turn)) {
            return self.flag_falls(turn);
        }
        let position = *self.session.game.position();
        let words = position.describe(m).text(self.io.lang).to_string();
        self.session.game.push(m).map_err(io::Error::other)?;
        self.add_increment(turn);
        self.io.say(Msg::ComputerPlayed { san: &numbered_san(&position, m), words: &words })?;
        self.after_move();
        Ok(())
    }

    /// Shows the board from the player's side, the move list, the material and whose turn it is.
    fn show_board(&mut self) -> io::Result<()> {
        self.show_board_marked(Bitboard::EMPTY, Bitboard::EMPTY)
    }

    /// Shows the board as [`Session::show_board`] does, with dots on the squares `dots` and
    /// rings on `rings` (where a piece can go and take).
    fn show_board_marked(&mut self, dots: Bitboard, rings: Bitboard) -> io::Result<()> {
        let hint = self.session.current_hint().map(|hint| Move::new(hint.from, hint.to));
        let marks = Marks { last: self.session.game.last_move(), hint, dots, rings };
        let board = render(self.session.game.position(), &marks, self.session.flipped, self.board);
        write!(self.io.out, "{}", self.beside_board(board))?;
        let moves = self.session.game.moves();
        if !moves.is_empty() {
            let first = moves.len().saturating_sub(MOVE_LIST_PLIES);
            let start = self.session.game.positions().nth(first).copied().unwrap_or_default();
            let text = MoveText::new(&start, &moves[first..]).map(|text| text.to_string()).unwrap_or_default();
            let text = if first > 0 { format!("… {text}") } else { text };
            self.io.say(Msg::MoveList(&wrap_moves(&text, MOVE_LIST_WIDTH, "Moves: ".len())))?;
        }
        let taken = |color: Color| -> String {
            let mut roles: Vec<Role> = self.session.game.captured_by(color).into_iter().collect();
            roles.sort_by_key(|role| role.value());
            roles.into_iter().map(|role| self.board.pieces.glyph(Piece::new(!color, role))).collect()
        };
        let (white, black) = (taken(Color::White), taken(Color::Black));
        let balance = self.session.game.material_balance();
        self.io.say(Msg::Captured { white: &white, black: &black, balance })?;
        if !self.session.game.is_over() {
            let position = self.session.game.position();
            let mut status = Msg::ToMove(position.turn()).text(self.io.lang);
            if position.is_check() {
                status = format!("{status} {}", Msg::Check.text(self.io.lang));
            }
            writeln!(self.io.out, "{status}")?;
        }
        self.board_stale = false;
        Ok(())
    }

    /// Writes the clocks beside the board's top and bottom ranks, each side's at its end.
    fn beside_board(&self, board: String) -> String {
        let Some(clock) = &self.clock else { return board };
        let (top, bottom) =
            if self.session.flipped { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
        let beside = |color: Color| {
            let time = format_time(clock.left(color));
            Msg::ClockBeside { color, time: &time }.text(self.io.lang)
        };
        let mut lines: Vec<String> = board.lines().map(str::to_string).collect();
        let last_rank = lines.len().saturating_sub(2);
        for (index, color) in [(1, top), (last_rank, bottom)] {
            if let Some(line) = lines.get_mut(index) {
                line.push_str("   ");
                line.push_str(&beside(color));
            }
        }
        lines.join("\n") + "\n"
    }

    fn announce_end(&mut self) -> io::Result<()> {
        if let Some(outcome) = self.session.game.outcome() {
            self.io.say(Msg::GameOver(&self.session.game))?;
            if let (Some(human), Some(winner)) = (self.session.settings.side.human(), outcome.winner) {
                self.io.say(Msg::YouWin(human == winner))?;
            }
        }
        self.end_announced = true;
        if let Some(path) = &self.config.save {
            // A finished game is not offered to continue.
            let _ = save::remove(path);
        }
        Ok(())
    }

    /// Lists where the piece on `square` can go, or every legal move.
    fn list_moves(&mut self, square: Option<Square>) -> io::Result<()> {
        let position = *self.session.game.position();
        let Some(square) = square else {
            let list = san_list(&position, position.legal_moves().iter().copied());
            return self.io.say(Msg::AllMoves(&list));
        };
        match position.piece_at(square) {
            None => self.io.say(Msg::Refused(IllegalMoveReason::NoPiece { square })),
            Some(piece) if piece.color != position.turn() => {
                self.io.say(Msg::Refused(IllegalMoveReason::NotYourPiece { square, piece }))
            }
            Some(piece) => {
                let moves = position.legal_moves_masked(square, Bitboard::FULL);
                if moves.is_empty() {
                    return self.io.say(Msg::NoMovesFrom { piece, square });
                }
                let (mut dots, mut rings, mut list) = (Bitboard::EMPTY, Bitboard::EMPTY, Vec::new());
                for &m in moves.iter() {
                    let to = m.destination();
                    if dots.contains(to) || rings.contains(to) {
                        continue; // the other promotions to the same square
                    }
                    let taken = position.captured(m);
                    if taken.is_some() {
                        rings = rings.with(to)
                    } else {
                        dots = dots.with(to)
                    }
                    let kind = match (taken, m.is_en_passant(), m.is_castle()) {
                        (_, true, _) => Destination::EnPassant,
                        (Some(role), false, _) => Destination::Takes(role),
                        (None, false, true) => Destination::Castles,
                        (None, false, false) => Destination::Empty,
                    };
                    list.push(destination_text(to, kind, self.io.lang));
                }
                self.show_board_marked(dots, rings)?;
                self.io.say(Msg::MovesFrom { piece, square, list: &list.join(", ") })
            }
        }
    }

    /// Suggests a move, up to the site's hints a game, and highlights it on the board; asked
    /// again in the same position, shows the same hint without using another.
    fn hint(&mut self) -> io::Result<()> {
        let again = match self.session.ask_hint() {
            Ok(given) => given.is_some(),
            Err(refusal) => return self.refused(refusal),
        };
        if !again {
            let found = chess_session::search_hint(&mut self.searcher, &self.session.game);
            if let Err(refusal) = self.session.give_hint(found) {
                return self.refused(refusal);
            }
            self.autosave();
        }
        self.show_board()?;
        let Some(hint) = self.session.current_hint() else { return Ok(()) };
        let (san, text) = (hint.san.clone(), hint.text.get(self.io.lang).to_string());
        let left = self.session.hints_left();
        self.io.say(Msg::Hint { san: &san, text: &text, left, again })
    }

    /// Takes back one ply with two players; against the computer, the player's last move and
    /// the computer's reply (only the player's when the computer has not replied).
    fn undo(&mut self) -> io::Result<()> {
        match self.session.undo() {
            Ok(taken) => {
                self.after_move();
                self.io.say(Msg::TookBack(taken))
            }
            Err(refusal) => self.refused(refusal),
        }
    }

    /// Claims a draw when the rules allow one; otherwise offers one, which the computer (or
    /// the other player) accepts or declines.
    fn draw(&mut self) -> io::Result<()> {
        match self.session.draw() {
            Ok(Draw::Claimed) => return Ok(()),
            Ok(Draw::Offered) => {}
            Err(refusal) => return self.refused(refusal),
        }
        let offerer = self.session.player();
        self.io.say(Msg::DrawOffered(offerer))?;
        let two_players = self.session.settings.side == Side::Both;
        let accepted = if two_players {
            let answer = self.io.ask(Msg::AskAcceptDraw(!offerer))?;
            answer.is_some_and(|answer| input::parse(&answer) == Command::Yes)
        } else {
            chess_session::accepts_draw(&mut self.searcher, &self.session.game)
        };
        self.session.answer_draw(accepted).map_err(io::Error::other)?;
        match (accepted, two_players) {
            (true, true) => Ok(()),
            (true, false) => self.io.say(Msg::ComputerAcceptsDraw),
            (false, true) => self.io.say(Msg::DrawDeclined),
            (false, false) => self.io.say(Msg::ComputerDeclinesDraw),
        }
    }

    /// Says why the policy or the rules refuse what the player asked for.
    fn refused(&mut self, refusal: Refusal) -> io::Result<()> {
        match refusal {
            Refusal::GameOver => self.io.say(Msg::GameIsOver),
            Refusal::NoHintsLeft => self.io.say(Msg::NoHintsLeft),
            Refusal::NothingToUndo => self.io.say(Msg::NothingToUndo),
            Refusal::Event(error) => self.io.say(Msg::EventRefused(&error)),
            // The terminal asks only on the player's turn, and answers its own offers.
            Refusal::NotYourTurn | Refusal::NoDrawOffer => Err(io::Error::other(refusal)),
        }
    }

    /// Prints the game as PGN, or writes it to `path`.
    fn pgn(&mut self, path: Option<&str>) -> io::Result<()> {
        let text = self.pgn_text();
        let Some(path) = path else {
            return write!(self.io.out, "{text}");
        };
        let path = Path::new(path);
        match std::fs::write(path, text) {
            Ok(()) => self.io.say(Msg::PgnSaved(path)),
            Err(error) => self.io.say(Msg::FileError { path, error: &error.to_string() }),
        }
    }

    /// Returns the game's PGN with the players' names and today's date.
    fn pgn_text(&self) -> String {
        // The closing comment says how the game ended, as the player saw it announced, in the
        // game's language; the Termination tag says it for programs.
        let mut pgn = PgnGame::from_game_with(&self.session.game, FromGameOptions::new());
        if let Some(words) = texts::game_over_text(&self.session.game, self.io.lang) {
            match pgn.moves.last_mut() {
                Some(last) => last.comment = Some(words.into()),
                None => pgn.comment = Some(words.into()),
            }
        }
        let event = Msg::PgnEvent(self.session.settings.rules).text(self.io.lang);
        let computer = format!("chess-core {}", self.session.settings.level);
        let (white, black) = match self.session.settings.side {
            Side::White => ("Player".to_string(), computer),
            Side::Black => (computer, "Player".to_string()),
            Side::Both => ("Player 1".to_string(), "Player 2".to_string()),
        };
        let days = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs() / 86_400);
        for (name, value) in [
            ("Event", event.as_str()),
            ("Site", "chess-core play"),
            ("Date", &pgn_date(days)),
            ("Round", "-"),
            ("White", &white),
            ("Black", &black),
        ] {
            pgn.set_tag(name, value);
        }
        pgn.to_pgn()
    }

    /// Saves the unfinished game, quietly: a failure is reported when leaving.
    fn autosave(&mut self) {
        let _ = self.save();
    }

    fn save(&self) -> io::Result<()> {
        match &self.config.save {
            Some(path) if !self.session.game.is_over() => save::write(path, &self.session),
            _ => Ok(()),
        }
    }

    /// Saves an unfinished game and says goodbye.
    fn leave(mut self) -> io::Result<()> {
        if let (Some(path), false) = (&self.config.save, self.session.game.is_over()) {
            match self.save() {
                Ok(()) => self.io.say(Msg::GameSaved(path))?,
                Err(error) => self.io.say(Msg::FileError { path, error: &error.to_string() })?,
            }
        }
        self.io.say(Msg::Goodbye)?;
        self.io.out.flush()
    }
}

/// Starts a game from the configured position with `settings`.
fn new_game(config: &Config, settings: Settings) -> Session {
    Session::new(settings, config.fen.unwrap_or_default())
}

/// Reads a move as chess-core's `Position::parse_move` does (SAN, `e2e4`, `e2 e4`, `e2-e4`),
/// and SAN typed in another case when only one reading is a legal move (`nf3` is Nf3, `E4` is
/// e4; `bxc3` with both a bishop and a b-pawn able to take stays as typed).
fn read_move(position: &Position, text: &str) -> Result<Move, Rejection> {
    let error = match position.parse_move(text) {
        Ok(m) => return Ok(m),
        Err(error) => error,
    };
    if matches!(error, ParseMoveError::San(_) | ParseMoveError::Unreachable { .. }) {
        let lower = text.to_lowercase();
        let mut piece = lower.clone();
        if let Some(first) = piece.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        let readings = [lower.clone(), piece, lower.replace('o', "O"), text.to_uppercase()];
        let mut found: Vec<Move> = readings.iter().filter_map(|reading| position.parse_move(reading).ok()).collect();
        found.dedup();
        if let [m] = found[..] {
            return Ok(m);
        }
    }
    Err(rejection(&error))
}

/// Explains why a move typed names no single legal move.
fn rejection(error: &ParseMoveError) -> Rejection {
    match error {
        ParseMoveError::Illegal { reason: IllegalMoveReason::MustPromote { from, to }, .. }
        | ParseMoveError::San(SanError::MissingPromotion { from, to, .. }) => {
            Rejection::NeedsPromotion { from: *from, to: *to }
        }
        ParseMoveError::San(SanError::Ambiguous { from, .. }) => Rejection::Ambiguous(*from),
        ParseMoveError::Illegal { reason, .. }
        | ParseMoveError::San(SanError::Illegal { reason: Some(reason), .. }) => Rejection::Illegal(*reason),
        ParseMoveError::San(SanError::Illegal { reason: None, .. }) | ParseMoveError::Unreachable { .. } => {
            Rejection::NoMatch
        }
        _ => Rejection::NotUnderstood,
    }
}

/// Writes a move as `12. Nf3` or `12... Nf6`.
fn numbered_san(position: &Position, m: Move) -> String {
    let number = position.fullmove_number();
    let dots = if position.turn() == Color::White { "." } else { "..." };
    format!("{number}{dots} {}", position.san(m))
}

/// What a piece does on a square it can go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Destination {
    /// The square is empty.
    Empty,
    /// It takes this piece there.
    Takes(Role),
    /// A pawn takes en passant (the square is empty).
    EnPassant,
    /// The king castles there.
    Castles,
}

/// Names a square a piece can go to: `e4`, `d5 (takes the knight)`, `d6 (en passant)`.
fn destination_text(square: Square, kind: Destination, lang: chess_core::Lang) -> String {
    let zh = lang == chess_core::Lang::Zh;
    match kind {
        Destination::Empty => square.to_string(),
        Destination::Takes(role) if zh => format!("{square}（吃{}）", role.text(lang)),
        Destination::Takes(role) => format!("{square} (takes the {})", role.text(lang)),
        Destination::EnPassant if zh => format!("{square}（吃过路兵）"),
        Destination::EnPassant => format!("{square} (takes en passant)"),
        Destination::Castles if zh => format!("{square}（王车易位）"),
        Destination::Castles => format!("{square} (castles)"),
    }
}

/// Wraps numbered movetext (`1. e4 e5 2. Nf3`) into lines of at most `width` characters
/// (a longer move stands alone), the first after a label `label` characters wide, breaking
/// only between moves: a move number stays with its move. Continuation lines are indented by
/// two spaces.
fn wrap_moves(text: &str, width: usize, label: usize) -> String {
    let mut units: Vec<String> = Vec::new();
    let mut number: Option<&str> = None;
    for token in text.split_whitespace() {
        if token.ends_with('.') && token.starts_with(|c: char| c.is_ascii_digit()) {
            number = Some(token);
        } else {
            units.push(number.take().map_or_else(|| token.to_string(), |number| format!("{number} {token}")));
        }
    }
    units.extend(number.map(str::to_string));
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for unit in units {
        let room = if lines.is_empty() { width.saturating_sub(label) } else { width };
        if !line.is_empty() && line.chars().count() + 1 + unit.chars().count() > room {
            lines.push(std::mem::take(&mut line));
            line.push_str("  ");
        } else if !line.trim().is_empty() {
            line.push(' ');
        }
        line.push_str(&unit);
    }
    lines.push(line);
    lines.join("\n")
}

/// Writes moves in SAN, marking en passant, separated by commas.
fn san_list(position: &Position, moves: impl Iterator<Item = Move>) -> String {
    let style = SanStyle { en_passant_mark: true, ..SanStyle::STANDARD };
    moves.map(|m| position.san_styled(m, style).to_string()).collect::<Vec<_>>().join(", ")
}

/// Writes the date `days` after 1970-01-01 as PGN does: `2024.05.01`.
fn pgn_date(days: u64) -> String {
    let is_leap = |year: u64| year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let (mut year, mut days) = (1970, days);
    loop {
        let length = if is_leap(year) { 366 } else { 365 };
        if days < length {
            break;
        }
        days -= length;
        year += 1;
    }
    let february = if is_leap(year) { 29 } else { 28 };
    let mut month = 1;
    for length in [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] {
        if days < length {
            break;
        }
        days -= length;
        month += 1;
    }
    format!("{year:04}.{month:02}.{:02}", days + 1)
}

/// Returns a seed from the clock, for sessions without `--seed`.
fn clock_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_dates() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(31 + 28), "1970.03.01");
        assert_eq!(pgn_date(19_782), "2024.02.29");
        assert_eq!(pgn_date(19_783), "2024.03.01");
        assert_eq!(pgn_date(10_957), "2000.01.01");
        assert_eq!(pgn_date(11_016), "2000.02.29");
    }

    #[test]
    fn numbered_moves_and_lists() {
        let position: Position = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40".parse().unwrap();
        let moves = position.legal_moves_masked(Square::E5, Bitboard::FULL);
        assert_eq!(san_list(&position, moves.iter().copied()), "e6, exd6 e.p.");
        let e6 = position.parse_san("e6").unwrap();
        assert_eq!(numbered_san(&position, e6), "40. e6");
        let mut after = position;
        after.play(e6).unwrap();
        assert_eq!(numbered_san(&after, after.parse_san("Kd8").unwrap()), "40... Kd8");
    }
}
