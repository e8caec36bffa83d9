//! Reads PGN games one at a time from a stream, with errors that name the game, line and
//! column, and recovery at the next game.
//!
//! One driver reads every game: it checks the moves and tells a [`Visitor`] about them. The
//! games of the [`Iterator`] are built by such a visitor ([`Builder`]), and so are
//! [`PgnReader::read_headers`] and [`PgnReader::skip_game`]; [`PgnReader::visit`] hands the
//! events to the caller's.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::buffer::LineSource;
use super::lexer::{Found, Lexer, SkipEnd, Spanned, Token};
use super::visitor::{Break, CommentText, Variation, Visitor};
use super::{PgnError, PgnErrorKind, PgnGame, PgnHeaders, PgnMove, PgnResult, PgnText, PgnVariation};
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
/// [`PgnReader::visit`] streams a game to a [`Visitor`] instead, without building it: the
/// fast path for going through large files. [`PgnReader::read_headers`] and
/// [`PgnReader::skip_game`] pass over a game's movetext without reading its moves, as
/// python-chess's `read_headers` and `skip_game` do. All of them mix freely.
///
/// Speed: see the PGN section of `BENCHMARKS.md`, which compares each path with pgn-reader +
/// shakmaty in the same run.
pub struct PgnReader<S> {
    lexer: Lexer<S>,
    variations: Variations,
    games: usize,
    /// A tag that ended the previous game and starts the next: name, value, line, column.
    carry: Option<(String, String, usize, usize)>,
    done: bool,
    /// The driver's state for the game being read, kept to reuse its memory.
    replay: Replay,
    /// The number of tags and main-line moves of the last game built, which the next game's
    /// lists start with room for (growing them one doubling at a time copies each game's
    /// moves about twice).
    last_size: (usize, usize),
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
        PgnReader {
            lexer: Lexer::new(source),
            variations: Variations::Keep,
            games: 0,
            carry: None,
            done: false,
            replay: Replay::default(),
            last_size: (0, 0),
        }
    }

    /// Sets whether variations are kept or skipped.
    #[must_use]
    pub fn variations(mut self, variations: Variations) -> PgnReader<S> {
        self.variations = variations;
        self
    }

    /// Reads the next game into `visitor`, without building it, and returns the visitor's
    /// output for it ([`Visitor::end_game`]): `None` after the last game, or once the visitor
    /// stopped reading ([`Break::StopReading`]).
    ///
    /// Every move is checked as the [`Iterator`] checks it, and errors are the same, with
    /// the same game, line and column ([`PgnError::partial`] is `None`: the visitor has seen
    /// the game up to the error). After an error the reader passes over the rest of the bad
    /// game, reporting only its result marker, and goes on with the next game. A game the
    /// visitor skips ([`Break::SkipGame`]) is passed over the same way, unchecked and
    /// unreported, and the next call reads the next game. See [`Visitor`] and [`Break`] for
    /// examples.
    pub fn visit<V: Visitor>(&mut self, visitor: &mut V) -> Option<Result<V::Output, PgnError>> {
        while !self.done || self.carry.is_some() {
            self.games += 1;
            match self.visit_game(visitor) {
                Ok(Some(output)) => return Some(Ok(output)),
                Ok(None) => self.games -= 1,
                Err(error) => return Some(Err(error)),
            }
        }
        None
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
    /// assert_eq!(reader.read_headers().unwrap()?.tags, [("White".into(), "Ben".into())]);
    /// assert!(reader.read_headers().is_none());
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    pub fn read_headers(&mut self) -> Option<Result<PgnHeaders, PgnError>> {
        self.visit(&mut Headers(PgnHeaders::default()))
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
        self.visit(&mut Skip).transpose().map(|skipped| skipped.is_some())
    }

    /// Reads one game into `visitor` and returns its output; `Ok(None)` when it turned out to
    /// be only comments, or when the visitor stopped reading before it.
    fn visit_game<V: Visitor>(&mut self, visitor: &mut V) -> Result<Option<V::Output>, PgnError> {
        let mut flow = visitor.begin_game();
        if flow == STOP {
            self.done = true;
            self.carry = None;
            return Ok(None);
        }
        self.lexer.keep_comments = visitor.wants_comments();
        self.lexer.comment_text = visitor.comment_text();
        self.replay.reset();
        self.replay.keys = visitor.wants_keys();
        // python-chess reads a text of comments alone as a game.
        self.replay.comments_make_a_game = visitor.comment_text() == CommentText::AsWritten;
        self.replay.lenient_parentheses = visitor.lenient_parentheses();
        if let Some((name, value, line, column)) = self.carry.take() {
            self.replay.add_tag(&name, &value, line, column);
            if flow.is_continue() {
                flow = visitor.tag(&name, &value);
            }
        }
        let end = match flow {
            ControlFlow::Continue(()) => self.replay.run(&mut self.lexer, visitor),
            ControlFlow::Break(how) => self.replay.broken(&mut self.lexer, how, 0),
        };
        match end {
            Ok(End::Game) => {}
            Ok(End::Eof) => self.done = true,
            Ok(End::Carry(name, value, line, column)) => self.carry = Some((name, value, line, column)),
            Ok(End::Stopped) => {
                self.done = true;
                return Ok(Some(visitor.end_game()));
            }
            Err((kind, line, column)) => {
                let error = self.fail(visitor, kind, line, column);
                // A game the visitor skipped is not checked: only a failing source is an error.
                return if self.replay.skipped && !error.kind.is_io() {
                    Ok(Some(visitor.end_game()))
                } else {
                    Err(error)
                };
            }
        }
        match self.replay.finish() {
            Ok(true) => Ok(Some(visitor.end_game())),
            Ok(false) => Ok(None),
            Err((kind, line, column)) => Err(self.error(kind, line, column)),
        }
    }

    /// Reads the next game; `Ok(None)` when the game turned out to be only comments.
    fn read_game(&mut self) -> Result<Option<PgnGame>, PgnError> {
        let mut builder = Builder::new(self.variations, self.last_size);
        match self.visit_game(&mut builder) {
            Ok(game) => {
                if let Some(game) = &game {
                    self.last_size = (game.tags.len(), game.moves.len());
                }
                Ok(game)
            }
            Err(error) if error.kind.is_io() => Err(error),
            Err(error) => Err(PgnError { partial: builder.take_game().map(Box::new), ..error }),
        }
    }

    fn error(&self, kind: PgnErrorKind, line: usize, column: usize) -> PgnError {
        PgnError { game: self.games, line, column, kind, partial: None }
    }

    /// Makes the error and passes over the rest of the bad game (telling the visitor its
    /// result marker, if any, unless the visitor skipped the game).
    fn fail<V: Visitor>(&mut self, visitor: &mut V, kind: PgnErrorKind, line: usize, column: usize) -> PgnError {
        let error = self.error(kind, line, column);
        if error.kind.is_io() {
            self.done = true;
            return error;
        }
        let mut movetext = self.replay.movetext;
        let mut depth = self.replay.depth();
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
                    if !self.replay.skipped && visitor.result(result) == STOP {
                        self.done = true;
                    }
                    break;
                }
                Token::Open => depth += 1,
                Token::Close => depth = depth.saturating_sub(1),
                Token::Tag { .. } | Token::Comment(_) => {}
                _ => movetext = true,
            }
        }
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

/// A problem and where: what, line, column.
type Failure = (PgnErrorKind, usize, usize);

/// A visitor's answer that stops reading.
const STOP: ControlFlow<Break> = ControlFlow::Break(Break::StopReading);

/// Where reading a game ended.
enum End {
    /// After its result marker, or before the `[` of the next game's tags.
    Game,
    /// At the end of the input.
    Eof,
    /// After a tag that follows the movetext and so starts the next game: name, value, line,
    /// column.
    Carry(String, String, usize, usize),
    /// Where the visitor stopped reading.
    Stopped,
}

impl From<SkipEnd> for End {
    fn from(end: SkipEnd) -> End {
        match end {
            SkipEnd::Eof => End::Eof,
            SkipEnd::Result | SkipEnd::Tag | SkipEnd::Close => End::Game,
        }
    }
}

/// A line being played: the positions before its last move and after it.
struct Line {
    before: Position,
    pos: Position,
    has_move: bool,
    /// Where its `(` is, for errors.
    opened: (usize, usize),
}

impl Line {
    /// Tells the visitor about a legal move, plays it, keeping the Zobrist key when `keys`
    /// (else it stays 0, see [`Visitor::wants_keys`]), and hands the visitor the position
    /// reached unless it broke off; returns the visitor's answer. Inlined
    /// into the driver's loop (as a call: 2-4% more instructions).
    #[inline(always)]
    fn play<V: Visitor>(&mut self, mv: Move, keys: bool, visitor: &mut V) -> ControlFlow<Break> {
        let flow = visitor.play(&self.pos, mv);
        self.before = self.pos;
        if keys {
            play(&mut self.pos, mv);
        } else if mv.is_null() {
            play(&mut self.pos, mv);
            self.pos = self.pos.without_key();
        } else {
            self.pos.play_unchecked_without_key(mv);
        }
        self.has_move = true;
        flow?;
        visitor.played(mv, &self.pos)
    }
}

/// The driver's state for one game: what the start position comes from, and the lines being
/// played (the main line, then the variations entered).
#[derive(Default)]
struct Replay {
    /// The first `FEN` tag's value, when `has_fen`.
    fen: String,
    has_fen: bool,
    /// The first `Variant` tag's value.
    variant: Option<String>,
    /// Where the `FEN` tag (or failing that the `Variant` tag) is, for errors.
    setup_at: (usize, usize),
    /// Whether there was a tag other than `FEN` and `SetUp`.
    had_tags: bool,
    /// Whether the positions played keep their Zobrist key ([`Visitor::wants_keys`]).
    keys: bool,
    /// Whether the movetext has started, and whether the visitor skipped the game.
    movetext: bool,
    skipped: bool,
    lines: Vec<Line>,
    /// A variation passed over at the lexer that did not close: where it opened, and how deep
    /// the lexer was in it.
    skip_open: Option<(usize, usize)>,
    skip_depth: usize,
    result: Option<PgnResult>,
    /// Whether a comment was read, and whether that makes a game ([`CommentText::AsWritten`]).
    commented: bool,
    comments_make_a_game: bool,
    /// Whether stray parentheses are passed over ([`Visitor::lenient_parentheses`]).
    lenient_parentheses: bool,
}

impl Replay {
    fn reset(&mut self) {
        self.commented = false;
        self.has_fen = false;
        self.variant = None;
        self.setup_at = (1, 1);
        self.had_tags = false;
        self.movetext = false;
        self.skipped = false;
        self.lines.clear();
        self.skip_open = None;
        self.skip_depth = 0;
        self.result = None;
    }

    /// How deep in variations the reader is.
    fn depth(&self) -> usize {
        self.lines.len().saturating_sub(1) + self.skip_depth
    }

    /// Notes what a tag says about the start position.
    #[inline(always)]
    fn add_tag(&mut self, name: &str, value: &str, line: usize, column: usize) {
        match name {
            "FEN" if !self.has_fen => {
                self.setup_at = (line, column);
                self.fen.clear();
                self.fen.push_str(value);
                self.has_fen = true;
            }
            "FEN" | "SetUp" => {}
            "Variant" => {
                if !self.has_fen {
                    self.setup_at = (line, column);
                }
                if self.variant.is_none() {
                    self.variant = Some(value.to_string());
                }
                self.had_tags = true;
            }
            _ => self.had_tags = true,
        }
    }

    /// Starts the movetext: asks the visitor whether to read it, and if so works out the
    /// start position from the tags and tells the visitor. Returns the visitor's answer.
    fn begin_movetext<V: Visitor>(&mut self, visitor: &mut V) -> Result<ControlFlow<Break>, Failure> {
        self.movetext = true;
        let mut flow = visitor.end_tags();
        if flow.is_continue() {
            let (line, column) = self.setup_at;
            let fen = self.has_fen.then_some(self.fen.as_str());
            let start = start_position(self.variant.as_deref(), fen).map_err(|kind| (kind, line, column))?;
            let played = if self.keys { start } else { start.without_key() };
            self.lines.push(Line { before: played, pos: played, has_move: false, opened: (line, column) });
            flow = visitor.begin_movetext(&start);
        }
        self.skipped = flow.is_break();
        Ok(flow)
    }

    fn top(&mut self) -> &mut Line {
        self.lines.last_mut().expect("begin_movetext makes the main line")
    }

    /// Reads the game's tokens up to its end, checking the moves and telling the visitor.
    fn run<S: LineSource, V: Visitor>(&mut self, lexer: &mut Lexer<S>, visitor: &mut V) -> Result<End, Failure> {
        let keys = self.keys;
        loop {
            if !self.movetext {
                // The common case of a tag section, plain tags, without tokens.
                while let Some((name, value, line, column)) = lexer.next_tag() {
                    self.add_tag(name, value, line, column);
                    if let ControlFlow::Break(how) = visitor.tag(name, value) {
                        return self.broken(lexer, how, 0);
                    }
                }
            } else {
                // The common case, moves between move numbers and comments, without tokens.
                while let Some(found) = lexer.next_move() {
                    let flow = match found {
                        Found::Move(start, end) => {
                            let top = self.top();
                            let mv = parse_move(&top.pos, lexer.word(start, end)).map_err(|kind| {
                                let (line, column) = lexer.location(start);
                                (kind, line, column)
                            })?;
                            top.play(mv, keys, visitor)
                        }
                        Found::Comment(from, to) => visitor.comment(lexer.comment(from, to)),
                    };
                    if let ControlFlow::Break(how) = flow {
                        return self.broken(lexer, how, self.depth());
                    }
                }
            }
            let Spanned { token, line, column } = lexer.next_token()?;
            if !self.movetext && !matches!(token, Token::Eof | Token::Tag { .. } | Token::Comment(_)) {
                // The movetext's first token, read before the visitor was asked about it.
                if let ControlFlow::Break(how) = self.begin_movetext(visitor)? {
                    if how == Break::SkipGame && matches!(token, Token::Result(_)) {
                        // The game ends at this result: nothing is left to skip.
                        return Ok(End::Game);
                    }
                    let depth = usize::from(token == Token::Open);
                    return self.broken(lexer, how, depth);
                }
            }
            let flow = match token {
                Token::Eof => {
                    // A game of tags alone: its empty movetext begins at the end.
                    if !self.movetext && self.is_game() && self.begin_movetext(visitor)? == STOP {
                        return Ok(End::Stopped);
                    }
                    return Ok(End::Eof);
                }
                Token::Tag { name, value } if !self.movetext => {
                    self.add_tag(name, value, line, column);
                    visitor.tag(name, value)
                }
                // A tag after the movetext starts the next game.
                Token::Tag { name, value } => {
                    return Ok(End::Carry(name.to_string(), value.to_string(), line, column));
                }
                Token::Comment(text) => {
                    self.commented = true;
                    visitor.comment(text)
                }
                Token::Result(result) => {
                    if self.depth() > 0 {
                        return Err((PgnErrorKind::ResultInVariation, line, column));
                    }
                    self.result = Some(result);
                    return Ok(if visitor.result(result) == STOP { End::Stopped } else { End::Game });
                }
                Token::Nag(nag) if self.top().has_move => visitor.nag(nag),
                Token::Open => {
                    if !self.top().has_move {
                        if self.lenient_parentheses {
                            continue;
                        }
                        return Err((PgnErrorKind::VariationBeforeMove, line, column));
                    }
                    if self.lines.len() > MAX_VARIATION_DEPTH {
                        return Err((PgnErrorKind::TooDeep(MAX_VARIATION_DEPTH), line, column));
                    }
                    match visitor.begin_variation() {
                        ControlFlow::Continue(Variation::Skip) => match lexer.skip_variation() {
                            Ok(true) => {}
                            Ok(false) => {
                                self.skip_open = Some((line, column));
                                self.skip_depth = 1;
                            }
                            Err((failure, depth)) => {
                                self.skip_open = Some((line, column));
                                self.skip_depth = depth;
                                return Err(failure);
                            }
                        },
                        ControlFlow::Continue(Variation::Enter) => {
                            let before = self.top().before;
                            self.lines.push(Line { before, pos: before, has_move: false, opened: (line, column) });
                        }
                        // In the variation, whose `(` was read.
                        ControlFlow::Break(how) => return self.broken(lexer, how, self.depth() + 1),
                    }
                    ControlFlow::Continue(())
                }
                Token::Close => {
                    if self.lines.len() < 2 {
                        if self.lenient_parentheses {
                            continue;
                        }
                        return Err((PgnErrorKind::Unexpected(')'), line, column));
                    }
                    self.lines.pop();
                    visitor.end_variation()
                }
                Token::Move(word) => {
                    let top = self.top();
                    let mv = parse_move(&top.pos, word).map_err(|kind| (kind, line, column))?;
                    top.play(mv, keys, visitor)
                }
                Token::Nag(_) | Token::MoveNumber => ControlFlow::Continue(()),
            };
            if let ControlFlow::Break(how) = flow {
                return self.broken(lexer, how, self.depth());
            }
        }
    }

    /// Acts on the visitor's break `depth` variations deep in the movetext (or in the tag
    /// section): stops, or passes over the rest of the game without reading it. Fails only
    /// at a bad token before the movetext (a malformed tag) or when the source does.
    fn broken<S: LineSource>(&mut self, lexer: &mut Lexer<S>, how: Break, mut depth: usize) -> Result<End, Failure> {
        if how == Break::StopReading {
            return Ok(End::Stopped);
        }
        self.skipped = true;
        while !self.movetext {
            // Tags are still noted, to tell a game from a stretch of comments.
            while let Some((name, value, line, column)) = lexer.next_tag() {
                self.add_tag(name, value, line, column);
            }
            // A bad token fails: the reader passes over the rest as after any error.
            let Spanned { token, line, column } = lexer.next_token()?;
            match token {
                Token::Eof => return Ok(End::Eof),
                Token::Tag { name, value } => self.add_tag(name, value, line, column),
                Token::Comment(_) => {}
                Token::Result(_) => {
                    self.movetext = true;
                    return Ok(End::Game);
                }
                _ => {
                    self.movetext = true;
                    depth = usize::from(token == Token::Open);
                }
            }
        }
        Ok(lexer.skip_movetext(depth)?.into())
    }

    /// Checks the end of a game: `Ok(false)` when it held nothing but comments.
    fn finish(&self) -> Result<bool, Failure> {
        if !self.skipped && self.depth() > 0 {
            let (line, column) = self.skip_open.or(self.lines.get(1).map(|line| line.opened)).unwrap_or((1, 1));
            return Err((PgnErrorKind::UnclosedVariation, line, column));
        }
        Ok(self.is_game())
    }

    /// Whether what was read of the game is more than comments.
    fn is_game(&self) -> bool {
        let had_moves = if self.skipped { self.movetext } else { self.lines.first().is_some_and(|line| line.has_move) };
        self.had_tags
            || self.has_fen
            || had_moves
            || self.result.is_some()
            || (self.commented && self.comments_make_a_game)
    }
}

/// Collects a game's tags and skips its movetext: [`PgnReader::read_headers`].
struct Headers(PgnHeaders);

impl Visitor for Headers {
    type Output = PgnHeaders;

    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        self.0.tags.push((name.into(), value.into()));
        ControlFlow::Continue(())
    }

    fn end_tags(&mut self) -> ControlFlow<Break> {
        ControlFlow::Break(Break::SkipGame)
    }

    fn end_game(&mut self) -> PgnHeaders {
        core::mem::take(&mut self.0)
    }
}

/// Skips a game from its start: [`PgnReader::skip_game`].
struct Skip;

impl Visitor for Skip {
    type Output = ();

    fn begin_game(&mut self) -> ControlFlow<Break> {
        ControlFlow::Break(Break::SkipGame)
    }

    fn end_game(&mut self) {}
}

/// Builds the game being read, as a [`Visitor`] of the driver.
struct Builder {
    variations: Variations,
    tags: Vec<(PgnText, PgnText)>,
    /// A comment read before the movetext started.
    pre_comment: Option<PgnText>,
    start: Position,
    result: Option<PgnResult>,
    /// The main line, then the variations being read.
    lines: Vec<PgnVariation>,
    /// For each line being read (the first one also before the movetext): the further comments
    /// on the comment's target there, each after a space, added to its first comment once at
    /// the target's end, so that many comments on one target take linear time.
    more_comments: Vec<String>,
    /// Room for the main line's moves.
    moves: usize,
}

impl Builder {
    /// Starts a game with room for `tags` tags and `moves` main-line moves.
    fn new(variations: Variations, (tags, moves): (usize, usize)) -> Builder {
        Builder {
            variations,
            moves,
            tags: Vec::with_capacity(tags),
            pre_comment: None,
            start: Position::new(),
            result: None,
            lines: Vec::new(),
            more_comments: Vec::new(),
        }
    }

    fn tag_value(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Adds the further comments kept for the current comment target to its first comment:
    /// once, when a move or the end of its line ends the target.
    #[inline]
    fn end_comment(&mut self) {
        // Only a game with a move (or line) of several comments has kept any.
        if !self.more_comments.is_empty() {
            self.join_comments();
        }
    }

    /// [`Builder::end_comment`] in a game that has kept further comments.
    #[cold]
    fn join_comments(&mut self) {
        let depth = self.lines.len().saturating_sub(1);
        let Some(more) = self.more_comments.get_mut(depth).filter(|more| !more.is_empty()) else { return };
        let target = comment_target(&mut self.pre_comment, &mut self.lines);
        let mut text = String::from(target.take().unwrap_or_default());
        text.push_str(more);
        more.clear();
        *target = Some(text.into());
    }

    /// Attaches a finished variation to the move it replaces.
    fn close_line(&mut self) {
        self.end_comment();
        if let Some(line) = self.lines.pop() {
            if let Some(last) = self.lines.last_mut().and_then(|parent| parent.moves.last_mut()) {
                last.variations.push(line);
            }
        }
    }

    /// Takes the game as far as it was read (open variations attached where they branch
    /// off), or `None` before its start position is known.
    fn take_game(&mut self) -> Option<PgnGame> {
        while self.lines.len() > 1 {
            self.close_line();
        }
        self.end_comment();
        let main = self.lines.pop()?;
        let result =
            self.result.or_else(|| self.tag_value("Result").and_then(|r| PgnResult::from_ascii(r.trim().as_bytes())));
        Some(PgnGame {
            tags: core::mem::take(&mut self.tags),
            start: self.start,
            comment: main.comment,
            moves: main.moves,
            result: result.unwrap_or_default(),
        })
    }
}

/// The comment that a comment read now goes to: the last move's of the line being read, or the
/// line's, or (before the movetext, even between tags) the game's.
fn comment_target<'a>(pre_comment: &'a mut Option<PgnText>, lines: &'a mut [PgnVariation]) -> &'a mut Option<PgnText> {
    match lines.last_mut() {
        None => pre_comment,
        Some(line) => match line.moves.last_mut() {
            Some(last) => &mut last.comment,
            None => &mut line.comment,
        },
    }
}

impl Visitor for Builder {
    /// The game: there is one, as the reader begins the movetext of every game it ends.
    type Output = PgnGame;

    /// Keeps a tag; `FEN` and `SetUp` only set up the start position, which stands for them.
    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        if name != "FEN" && name != "SetUp" {
            push_in_place(&mut self.tags, || (name.into(), value.into()));
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.start = *start;
        self.lines.push(PgnVariation { comment: self.pre_comment.take(), moves: Vec::with_capacity(self.moves) });
        ControlFlow::Continue(())
    }

    fn play(&mut self, _: &Position, mv: Move) -> ControlFlow<Break> {
        self.end_comment();
        if let Some(line) = self.lines.last_mut() {
            push_in_place(&mut line.moves, || PgnMove::new(mv));
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, nag: u8) -> ControlFlow<Break> {
        if let Some(last) = self.lines.last_mut().and_then(|line| line.moves.last_mut()) {
            last.nags.push(nag);
        }
        ControlFlow::Continue(())
    }

    fn wants_comments(&self) -> bool {
        true
    }

    /// The tree keeps the start position (handed over with its key) and the moves only.
    fn wants_keys(&self) -> bool {
        false
    }

    /// Attaches a comment to its target ([`comment_target`]), after the target's earlier ones
    /// with a space between them (empty comments left out).
    fn comment(&mut self, text: &str) -> ControlFlow<Break> {
        let depth = self.lines.len().saturating_sub(1);
        match comment_target(&mut self.pre_comment, &mut self.lines) {
            Some(first) if !first.is_empty() => {
                if !text.is_empty() {
                    if self.more_comments.len() <= depth {
                        self.more_comments.resize_with(depth + 1, String::new);
                    }
                    let more = &mut self.more_comments[depth];
                    more.push(' ');
                    more.push_str(text);
                }
            }
            target => *target = Some(text.into()),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self) -> ControlFlow<Break, Variation> {
        ControlFlow::Continue(match self.variations {
            Variations::Keep => {
                self.lines.push(PgnVariation::default());
                Variation::Enter
            }
            Variations::Skip => Variation::Skip,
        })
    }

    fn end_variation(&mut self) -> ControlFlow<Break> {
        self.close_line();
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: PgnResult) -> ControlFlow<Break> {
        self.result = Some(result);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> PgnGame {
        self.take_game().unwrap_or_default()
    }
}

/// Appends the element `make` builds, written straight into the list: `push` builds it on the
/// stack and copies it, and that copy's wide loads of narrowly written fields stall on store
/// forwarding (`resize_with` makes room first, then writes).
#[inline(always)]
fn push_in_place<T>(list: &mut Vec<T>, make: impl FnMut() -> T) {
    let len = list.len();
    list.resize_with(len + 1, make);
}

/// Plays a legal move or the null move.
#[inline]
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
    // Nearly every move: plain SAN found straight from the attack sets. A word shaped like
    // UCI (`e2e4`) read so is the pawn push UCI means, or is not found here.
    if let Some(mv) = SanPlus::from_plain(word).and_then(|san| san.san.direct(pos)) {
        return Ok(mv);
    }
    parse_other_move(pos, word)
}

/// [`parse_move`] for what is not plain SAN of one piece: null moves, UCI, castling,
/// promotions, ambiguous and illegal moves.
#[inline(never)]
fn parse_other_move(pos: &Position, word: &[u8]) -> Result<Move, PgnErrorKind> {
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
