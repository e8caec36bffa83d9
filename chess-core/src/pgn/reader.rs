//! Reads PGN games one at a time from a stream, with errors that name the game, line and
//! column, and recovery at the next game.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::lexer::{Lexer, LineSource, SkipEnd, Spanned, Token};
use super::{PgnError, PgnErrorKind, PgnGame, PgnHeaders, PgnMove, PgnResult, PgnVariation};
use crate::{CastlingChoice, CastlingMode, FenError, Move, Position, SanPlus, Setup, UciMove, Validation};

/// How deeply variations may nest when they are kept.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// What the reader does with variations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Variations {
    /// Keeps them as a tree, checking their moves (at most [`MAX_VARIATION_DEPTH`] deep).
    #[default]
    Keep,
    /// Skips them (checking only that the parentheses balance), which is faster.
    Skip,
}

/// Reads games from PGN text, one at a time: an iterator of `Result<PgnGame, PgnError>`.
///
/// A bad game yields one error, with the part of the game read before the problem
/// ([`PgnError::partial`]), and the reader goes on with the next game (after the bad game's
/// result marker, or at the next tag section).
///
/// [`PgnReader::read_headers`] and [`PgnReader::skip_game`] pass over a game's movetext
/// without reading its moves, as python-chess's `read_headers` and `skip_game` do; they mix
/// freely with reading whole games.
///
/// Speed: streaming, checking and keeping every move of the 1 MB TWIC sample of the shared
/// test corpus (1,110 games, 101,487 plies) from a file ran at about 43,000 games/s, 4 million
/// plies/s, 40 MB/s in a release build on one AMD EPYC core (best of 10 runs; on the same
/// machine under heavy load, half that). The lichess sample, with a clock comment after every
/// move, ran at about 18,000 games/s, 1.2 million plies/s. Finding each SAN move among the
/// legal moves is about 40% of the time. From memory (best of 20, same build, a loaded
/// 2-core machine), [`PgnReader::read_headers`] went through the TWIC sample 2.9 times as
/// fast as reading every game (6.0 ms against 17.1 ms) and the lichess sample 4.8 times
/// (2.4 ms against 11.4 ms); [`PgnReader::skip_game`] 4.1 and 5.5 times.
pub struct PgnReader<S> {
    lexer: Lexer<S>,
    variations: Variations,
    games: usize,
    /// A tag that ended the previous game and starts the next: name, value, line, column.
    carry: Option<(String, String, usize, usize)>,
    done: bool,
}

impl<'a> PgnReader<&'a [u8]> {
    /// Reads games from text in memory.
    pub fn from_text(text: &'a str) -> PgnReader<&'a [u8]> {
        PgnReader::new(text.as_bytes())
    }
}

impl<S: LineSource> PgnReader<S> {
    /// Reads games from a line source: a `std::io::BufRead` with the `std` feature (for
    /// example a `BufReader<File>`), or a byte slice.
    pub fn new(source: S) -> PgnReader<S> {
        PgnReader { lexer: Lexer::new(source), variations: Variations::Keep, games: 0, carry: None, done: false }
    }

    /// Sets whether variations are kept or skipped.
    #[must_use]
    pub fn variations(mut self, variations: Variations) -> PgnReader<S> {
        self.variations = variations;
        self
    }

    /// Reads the tags of the next game and passes over its movetext without reading the
    /// moves; `None` after the last game.
    ///
    /// The scan only tracks what can end a game: `{}` comments (which may hold `]`, `(` or a
    /// result), `;` comments and `%` lines, variations, and a result marker outside them (or
    /// the next tag section, or the end). The `FEN` and `SetUp` tags are returned as written.
    /// An error (a malformed tag, a failing source) comes with the game's number and place,
    /// and the reader goes on with the next game.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::pgn::PgnReader;
    ///
    /// let text = "[White \"Anna\"]\n\n1. e4 {a ] and 0-1} (1. d4 1-0?) e5 1-0\n\n[White \"Ben\"]\n\n1. Zz9 *\n";
    /// let mut reader = PgnReader::from_text(text);
    /// assert_eq!(reader.read_headers().unwrap()?.tag("White"), Some("Anna"));
    /// // The second game's bad move is never read.
    /// assert_eq!(reader.read_headers().unwrap()?.tags, [("White".to_string(), "Ben".to_string())]);
    /// assert!(reader.read_headers().is_none());
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    pub fn read_headers(&mut self) -> Option<Result<PgnHeaders, PgnError>> {
        while !self.done || self.carry.is_some() {
            self.games += 1;
            match self.scan_game(true) {
                Ok(Some(tags)) => return Some(Ok(PgnHeaders { tags })),
                Ok(None) => self.games -= 1,
                Err(error) => return Some(Err(error)),
            }
        }
        None
    }

    /// Passes over the next game without reading it (malformed tags included); `Ok(false)`
    /// after the last game. Only a failing source is an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::pgn::PgnReader;
    ///
    /// let text = "1. e4 ; a comment with 1-0\n% 0-1 on an escape line\ne5 2. Nf3 *\n1. d4 d5 *\n";
    /// let mut reader = PgnReader::from_text(text);
    /// assert!(reader.skip_game()?);
    /// assert_eq!(reader.next().unwrap()?.moves.len(), 2);
    /// assert!(!reader.skip_game()?);
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    pub fn skip_game(&mut self) -> Result<bool, PgnError> {
        while !self.done || self.carry.is_some() {
            self.games += 1;
            match self.scan_game(false) {
                Ok(Some(_)) => return Ok(true),
                Ok(None) => self.games -= 1,
                Err(error) => return Err(error),
            }
        }
        Ok(false)
    }

    /// Reads a game's tags (kept when `keep`) and passes over its movetext; `Ok(None)` when
    /// the game turned out to be only comments.
    fn scan_game(&mut self, keep: bool) -> Result<Option<Vec<(String, String)>>, PgnError> {
        let mut tags = Vec::new();
        let mut had_tags = false;
        if let Some((name, value, _, _)) = self.carry.take() {
            had_tags = true;
            if keep {
                tags.push((name, value));
            }
        }
        let mut error = None;
        let mut had_movetext = true;
        let end = loop {
            let spanned = match self.lexer.next_token() {
                Ok(spanned) => spanned,
                Err((kind, line, column)) if kind.is_io() => {
                    self.done = true;
                    return Err(self.error(kind, line, column));
                }
                Err((kind, line, column)) => {
                    // A bad tag or a stray character: report it (once) and go on to the
                    // movetext, which the lexer has not left (the next tags are this game's).
                    if keep && error.is_none() {
                        error = Some(self.error(kind, line, column));
                    }
                    continue;
                }
            };
            match spanned.token {
                Token::Eof => {
                    had_movetext = false;
                    break Ok(SkipEnd::Eof);
                }
                Token::Tag { name, value } => {
                    had_tags = true;
                    if keep {
                        tags.push((name.to_string(), value.to_string()));
                    }
                }
                Token::Comment(_) => {}
                Token::Result(_) => break Ok(SkipEnd::Result),
                Token::Open => break self.lexer.skip_movetext(1),
                _ => break self.lexer.skip_movetext(0),
            }
        };
        match end {
            Ok(SkipEnd::Eof) => self.done = true,
            Ok(SkipEnd::Result | SkipEnd::Tag) => {}
            Err((kind, line, column)) => {
                self.done = true;
                return Err(self.error(kind, line, column));
            }
        }
        if let Some(error) = error {
            return Err(error);
        }
        Ok((had_movetext || had_tags).then_some(tags))
    }

    /// Reads the next game; `Ok(None)` when the game turned out to be only comments.
    fn read_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut game = Builder::new(self.variations);
        if let Some((name, value, line, column)) = self.carry.take() {
            game.add_tag(name, value, line, column);
        }
        loop {
            let spanned = match self.lexer.next_token() {
                Ok(spanned) => spanned,
                Err((kind, line, column)) => return Err(self.fail(game, kind, line, column)),
            };
            let (line, column) = (spanned.line, spanned.column);
            let step = match game.feed(spanned) {
                Ok(step) => step,
                Err((kind, line, column)) => return Err(self.fail(game, kind, line, column)),
            };
            match step {
                Step::Continue => continue,
                Step::End => {}
                Step::Carry(name, value) => self.carry = Some((name, value, line, column)),
                Step::Eof => self.done = true,
            }
            return game
                .finish()
                .map_err(|((kind, line, column), partial)| PgnError { partial, ..self.error(kind, line, column) });
        }
    }

    fn error(&self, kind: PgnErrorKind, line: usize, column: usize) -> PgnError {
        PgnError { game: self.games, line, column, kind, partial: None }
    }

    /// Makes the error, with the game read so far, and skips the rest of the bad game.
    fn fail(&mut self, game: Builder, kind: PgnErrorKind, line: usize, column: usize) -> PgnError {
        let mut error = self.error(kind, line, column);
        if error.kind.is_io() {
            self.done = true;
            return error;
        }
        let mut movetext = game.movetext;
        let mut depth = game.depth();
        let mut partial = game.into_game();
        loop {
            let spanned = match self.lexer.next_token() {
                Ok(spanned) => spanned,
                Err((kind, _, _)) if kind.is_io() => {
                    self.done = true;
                    break;
                }
                Err(_) => continue,
            };
            let (line, column) = (spanned.line, spanned.column);
            match spanned.token {
                Token::Eof => {
                    self.done = true;
                    break;
                }
                Token::Tag { name, value } if movetext => {
                    self.carry = Some((name.to_string(), value.to_string(), line, column));
                    break;
                }
                Token::Result(result) if depth == 0 => {
                    if let Some(partial) = &mut partial {
                        partial.result = result;
                    }
                    break;
                }
                Token::Open => depth += 1,
                Token::Close => depth = depth.saturating_sub(1),
                Token::Tag { .. } | Token::Comment(_) => {}
                _ => movetext = true,
            }
        }
        error.partial = partial.map(Box::new);
        error
    }
}

impl<S: LineSource> Iterator for PgnReader<S> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done || self.carry.is_some() {
            self.games += 1;
            match self.read_game() {
                Ok(Some(game)) => return Some(Ok(game)),
                Ok(None) => self.games -= 1,
                Err(error) => return Some(Err(error)),
            }
        }
        None
    }
}

impl core::str::FromStr for PgnGame {
    type Err = PgnError;

    /// Reads the first game of PGN text (an empty text reads as an empty game).
    fn from_str(text: &str) -> Result<PgnGame, PgnError> {
        PgnReader::from_text(text).next().unwrap_or_else(|| Ok(PgnGame::new()))
    }
}

/// What the builder wants after a token.
enum Step {
    Continue,
    End,
    Eof,
    Carry(String, String),
}

type Failure = (PgnErrorKind, usize, usize);

/// A line being read: its moves, and the positions before its last move and after it.
struct Frame {
    before: Position,
    pos: Position,
    line: PgnVariation,
    opened: (usize, usize),
}

/// The game being read.
struct Builder {
    variations: Variations,
    tags: Vec<(String, String)>,
    /// The `FEN` tag's value: it becomes `start`, not a tag.
    fen: Option<String>,
    /// Where the `FEN` tag (or failing that the `Variant` tag) is, for errors.
    setup_at: (usize, usize),
    movetext: bool,
    /// A comment read before the movetext started.
    pre_comment: Option<String>,
    start: Position,
    result: Option<PgnResult>,
    frames: Vec<Frame>,
    /// How deep inside skipped variations the reader is, and where the outermost one opened.
    skipping: usize,
    skip_opened: (usize, usize),
}

impl Builder {
    fn new(variations: Variations) -> Builder {
        Builder {
            variations,
            tags: Vec::new(),
            fen: None,
            setup_at: (1, 1),
            movetext: false,
            pre_comment: None,
            start: Position::new(),
            result: None,
            frames: Vec::new(),
            skipping: 0,
            skip_opened: (1, 1),
        }
    }

    fn depth(&self) -> usize {
        self.frames.len().saturating_sub(1) + self.skipping
    }

    /// Keeps a tag; `FEN` and `SetUp` only set up the start position, which stands for them.
    fn add_tag(&mut self, name: String, value: String, line: usize, column: usize) {
        match name.as_str() {
            "FEN" if self.fen.is_none() => {
                self.setup_at = (line, column);
                self.fen = Some(value);
            }
            "FEN" | "SetUp" => {}
            "Variant" if self.fen.is_none() => {
                self.setup_at = (line, column);
                self.tags.push((name, value));
            }
            _ => self.tags.push((name, value)),
        }
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Starts the movetext: works out the start position from the tags.
    fn begin_movetext(&mut self) -> Result<(), Failure> {
        if !self.frames.is_empty() {
            return Ok(());
        }
        self.movetext = true;
        let (line, column) = self.setup_at;
        let start = start_position(self.tag("Variant"), self.fen.as_deref()).map_err(|kind| (kind, line, column))?;
        self.start = start;
        let line_of_play = PgnVariation { comment: self.pre_comment.take(), moves: Vec::new() };
        self.frames.push(Frame { before: start, pos: start, line: line_of_play, opened: (line, column) });
        Ok(())
    }

    fn feed(&mut self, spanned: Spanned<'_>) -> Result<Step, Failure> {
        let Spanned { token, line, column } = spanned;
        match token {
            Token::Eof => Ok(Step::Eof),
            Token::Tag { name, value } if !self.movetext => {
                self.add_tag(name.to_string(), value.to_string(), line, column);
                Ok(Step::Continue)
            }
            // A tag after the movetext starts the next game.
            Token::Tag { name, value } => Ok(Step::Carry(name.to_string(), value.to_string())),
            _ if self.skipping > 0 => {
                match token {
                    Token::Open => self.skipping += 1,
                    Token::Close => self.skipping -= 1,
                    Token::Result(_) => return Err((PgnErrorKind::ResultInVariation, line, column)),
                    _ => {}
                }
                Ok(Step::Continue)
            }
            Token::Result(result) => {
                self.begin_movetext()?;
                if self.depth() > 0 {
                    return Err((PgnErrorKind::ResultInVariation, line, column));
                }
                self.result = Some(result);
                Ok(Step::End)
            }
            Token::Comment(text) => {
                // Before the movetext (even between tags) a comment is the game's comment.
                let target = match self.frames.last_mut() {
                    None => &mut self.pre_comment,
                    Some(frame) => match frame.line.moves.last_mut() {
                        Some(last) => &mut last.comment,
                        None => &mut frame.line.comment,
                    },
                };
                match target {
                    Some(existing) if !existing.is_empty() => {
                        if !text.is_empty() {
                            existing.push(' ');
                            existing.push_str(text);
                        }
                    }
                    _ => *target = Some(text.to_string()),
                }
                Ok(Step::Continue)
            }
            Token::Nag(nag) => {
                self.begin_movetext()?;
                if let Some(last) = self.top().line.moves.last_mut() {
                    last.nags.push(nag);
                }
                Ok(Step::Continue)
            }
            Token::MoveNumber => {
                self.begin_movetext()?;
                Ok(Step::Continue)
            }
            Token::Open => {
                self.begin_movetext()?;
                if self.top().line.moves.is_empty() {
                    return Err((PgnErrorKind::VariationBeforeMove, line, column));
                }
                if self.variations == Variations::Skip {
                    self.skipping = 1;
                    self.skip_opened = (line, column);
                    return Ok(Step::Continue);
                }
                if self.frames.len() > MAX_VARIATION_DEPTH {
                    return Err((PgnErrorKind::TooDeep(MAX_VARIATION_DEPTH), line, column));
                }
                let before = self.top().before;
                self.frames.push(Frame { before, pos: before, line: PgnVariation::default(), opened: (line, column) });
                Ok(Step::Continue)
            }
            Token::Close => {
                self.begin_movetext()?;
                if self.frames.len() < 2 {
                    return Err((PgnErrorKind::Unexpected(')'), line, column));
                }
                if let Some(frame) = self.frames.pop() {
                    if let Some(last) = self.top().line.moves.last_mut() {
                        last.variations.push(frame.line);
                    }
                }
                Ok(Step::Continue)
            }
            Token::Move(word) => {
                self.begin_movetext()?;
                let frame = self.top();
                let mv = parse_move(&frame.pos, word).map_err(|kind| (kind, line, column))?;
                frame.before = frame.pos;
                play(&mut frame.pos, mv);
                frame.line.moves.push(PgnMove::new(mv));
                Ok(Step::Continue)
            }
        }
    }

    fn top(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("begin_movetext makes the main line's frame")
    }

    fn unclosed(&self) -> Failure {
        let (line, column) =
            if self.skipping > 0 { self.skip_opened } else { self.frames.get(1).map_or((1, 1), |frame| frame.opened) };
        (PgnErrorKind::UnclosedVariation, line, column)
    }

    /// Returns the game read, or `None` if there was nothing but comments; an error comes
    /// with the game as far as it was read.
    fn finish(mut self) -> Result<Option<PgnGame>, (Failure, Option<Box<PgnGame>>)> {
        if self.depth() > 0 {
            let failure = self.unclosed();
            return Err((failure, self.into_game().map(Box::new)));
        }
        let had_moves = self.frames.first().is_some_and(|frame| !frame.line.moves.is_empty());
        if self.tags.is_empty() && self.fen.is_none() && !had_moves && self.result.is_none() {
            return Ok(None);
        }
        self.begin_movetext().map_err(|failure| (failure, None))?;
        Ok(self.into_game())
    }

    /// Returns the game as far as it was read (open variations attached where they branch
    /// off), or `None` before its start position is known.
    fn into_game(mut self) -> Option<PgnGame> {
        while self.frames.len() > 1 {
            let frame = self.frames.pop()?;
            if let Some(last) = self.top().line.moves.last_mut() {
                last.variations.push(frame.line);
            }
        }
        let main = self.frames.pop()?.line;
        let result =
            self.result.or_else(|| self.tag("Result").and_then(|r| PgnResult::from_ascii(r.trim().as_bytes())));
        Some(PgnGame {
            tags: self.tags,
            start: self.start,
            comment: main.comment,
            moves: main.moves,
            result: result.unwrap_or_default(),
        })
    }
}

/// Plays a legal move or the null move.
pub(crate) fn play(pos: &mut Position, mv: Move) {
    if mv.is_null() {
        let _ = pos.play_null();
    } else {
        pos.play_unchecked(mv);
    }
}

/// Finds the start position from the `Variant` and `FEN` tags. Without a Chess960 variant,
/// castling rights that only fit Chess960 (rooks or king off their standard squares) are
/// read as Chess960.
fn start_position(variant: Option<&str>, fen: Option<&str>) -> Result<Position, PgnErrorKind> {
    let castling = match variant.map(|v| v.trim().to_ascii_lowercase()) {
        None => CastlingChoice::Automatic,
        Some(v) if v.contains("960") || v.contains("fischer") || v.contains("frc") => CastlingChoice::Chess960,
        Some(v) if is_other_variant(&v) => return Err(PgnErrorKind::UnsupportedVariant(variant.unwrap_or("").into())),
        Some(_) => CastlingChoice::Automatic,
    };
    let Some(fen) = fen else {
        let mut pos = Position::new();
        if castling == CastlingChoice::Chess960 {
            pos.mode = CastlingMode::Chess960;
        }
        return Ok(pos);
    };
    let setup = Setup::from_fen(fen.trim()).map_err(|error| PgnErrorKind::BadFen(Box::new(error)))?;
    Position::from_setup(setup, Validation::strict().castling(castling))
        .map_err(|error| PgnErrorKind::BadFen(Box::new(FenError::Position(error))))
}

/// Tells whether a (lowercase) `Variant` tag names a variant with other rules.
fn is_other_variant(variant: &str) -> bool {
    const OTHERS: [&str; 14] = [
        "crazyhouse",
        "atomic",
        "antichess",
        "suicide",
        "giveaway",
        "king of the hill",
        "kingofthehill",
        "three-check",
        "threecheck",
        "3check",
        "horde",
        "racing kings",
        "racingkings",
        "bughouse",
    ];
    OTHERS.contains(&variant)
}

/// Reads a move as SAN, falling back to UCI (`g1f3`) when SAN does not fit; `--`, `Z0`,
/// `0000` and `@@@@` are the null move.
fn parse_move(pos: &Position, word: &[u8]) -> Result<Move, PgnErrorKind> {
    let shown = || {
        let text = String::from_utf8_lossy(word);
        text.chars().take(40).collect::<String>()
    };
    let bare = word.iter().rposition(|b| !matches!(b, b'!' | b'?' | b'+' | b'#')).map_or(&word[..0], |i| &word[..=i]);
    let uci = || UciMove::from_ascii(bare).ok()?.to_move(pos).ok();
    if matches!(bare, b"--" | b"Z0" | b"0000" | b"@@@@") {
        // A null move (passing the turn), as analysis files write it; never when in check.
        return if pos.is_check() { Err(PgnErrorKind::IllegalNullMove(shown())) } else { Ok(Move::NULL) };
    }
    // UCI first for words shaped like it: lenient SAN would read `b8d7` as a bishop move.
    let uci_shaped = matches!(bare, [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8', ..] if bare.len() <= 5);
    if let Some(mv) = uci_shaped.then(uci).flatten() {
        return Ok(mv);
    }
    match SanPlus::from_ascii(word) {
        Ok(san) => san
            .san
            .to_move(pos)
            .or_else(|error| uci().ok_or_else(|| PgnErrorKind::IllegalMove { text: shown(), error })),
        Err(_) => uci().ok_or_else(|| PgnErrorKind::InvalidMove(shown())),
    }
}
