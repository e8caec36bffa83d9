//! The streaming layer: a [`Visitor`] is told each game's tags and moves as the reader
//! checks them, without a tree being built, and makes an output of each game.

use core::ops::ControlFlow;

use super::PgnResult;
use crate::{Move, Position};

/// How a visitor breaks off reading, in the [`ControlFlow::Break`] of a callback.
///
/// # Examples
///
/// The first two games' white players, without reading a move, and nothing after them:
///
/// ```
/// use std::ops::ControlFlow;
/// use chess_core::pgn::{Break, PgnReader, Visitor};
///
/// #[derive(Default)]
/// struct White {
///     games: usize,
///     name: String,
/// }
///
/// impl Visitor for White {
///     type Output = String;
///
///     fn begin_game(&mut self) -> ControlFlow<Break> {
///         self.games += 1;
///         if self.games > 2 { ControlFlow::Break(Break::StopReading) } else { ControlFlow::Continue(()) }
///     }
///
///     fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
///         if name != "White" {
///             return ControlFlow::Continue(());
///         }
///         self.name = value.to_string();
///         // The rest of the game is passed over unread: its bad move is no error.
///         ControlFlow::Break(Break::SkipGame)
///     }
///
///     fn end_game(&mut self) -> String {
///         std::mem::take(&mut self.name)
///     }
/// }
///
/// let text = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. Zz9 *\n\n[White \"Cleo\"]\n\n1. e4 *\n\n[White \"Dan\"]\n\n*\n";
/// let mut reader = PgnReader::from_text(text);
/// let mut white = White::default();
/// let mut names = Vec::new();
/// while let Some(name) = reader.visit(&mut white) {
///     names.push(name?);
/// }
/// assert_eq!(names, ["Anna", "Cleo"]);
/// // The reader stopped: it reads nothing more.
/// assert!(reader.next().is_none());
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Break {
    /// Skips the rest of this game: the reader passes over it without reading it (nothing
    /// more of it is reported, nothing is checked, only a failing source is an error),
    /// [`Visitor::end_game`] makes its output, and the next read starts at the next game.
    SkipGame,
    /// Stops reading, where the reader is: [`Visitor::end_game`] makes the output of the game
    /// as far as it was read (from [`Visitor::begin_game`], before a game, there is none), and
    /// the reader is done: every later read returns `None`.
    StopReading,
}

/// How the reader hands comments to [`Visitor::comment`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CommentText {
    /// `{}` and `;` comments with their ends trimmed and each run of whitespace as one space,
    /// so that writing them wrapped and reading them back gives the same text.
    #[default]
    Words,
    /// `{}` comments as written, as python-chess reads them: line breaks kept (`\r\n` and `\r`
    /// as `\n`, as Python reads a text file), one space trimmed after the `{` and one before
    /// the `}`; `;` comments left out.
    AsWritten,
}

/// Whether the reader goes into a variation or passes over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variation {
    /// Reads and checks the variation's moves (at most
    /// [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH) deep).
    Enter,
    /// Passes over it at the lexer, checking only that its parentheses balance and that no
    /// result marker is inside.
    Skip,
}

/// Receives a game as [`PgnReader::visit`](super::PgnReader::visit) reads it, and makes an
/// output of it: the tags, then each move once it is found legal, with its NAGs and comments,
/// and the variations the visitor asks for. Nothing is built or kept unless the visitor keeps
/// it, so memory stays bounded by the longest game whatever the number of games.
///
/// Every callback answers with a [`ControlFlow`]: `Continue` reads on, `Break` skips the rest
/// of the game or stops reading ([`Break`]). Every method but [`Visitor::end_game`] has a
/// default that ignores what it is given and reads on; by default comments are not even read
/// (the lexer passes over them) and variations are skipped. The reader's own
/// [`PgnGame`](super::PgnGame) tree, [`PgnReader::read_headers`](super::PgnReader::read_headers)
/// and [`PgnReader::skip_game`](super::PgnReader::skip_game) are such visitors.
///
/// # Examples
///
/// The number of mainline captures of each game, and the tags alone:
///
/// ```
/// use std::ops::ControlFlow;
/// use chess_core::pgn::{Break, PgnReader, Visitor};
/// use chess_core::{Move, Position};
///
/// #[derive(Default)]
/// struct Captures(usize);
///
/// impl Visitor for Captures {
///     type Output = usize;
///
///     fn play(&mut self, before: &Position, mv: Move) -> ControlFlow<Break> {
///         self.0 += usize::from(before.is_capture(mv));
///         ControlFlow::Continue(())
///     }
///
///     fn end_game(&mut self) -> usize {
///         std::mem::take(&mut self.0)
///     }
/// }
///
/// let text = "[White \"Anna\"]\n\n1. e4 d5 2. exd5 (2. e5) Qxd5 *\n\n1. d4 e5 2. dxe5 *\n";
/// let mut reader = PgnReader::from_text(text);
/// let mut captures = Vec::new();
/// while let Some(game) = reader.visit(&mut Captures::default()) {
///     captures.push(game?);
/// }
/// assert_eq!(captures, [2, 1]);
///
/// struct Tags(Vec<String>);
///
/// impl Visitor for Tags {
///     type Output = ();
///
///     fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
///         self.0.push(format!("{name}={value}"));
///         ControlFlow::Continue(())
///     }
///
///     /// The movetext is the rest of the game.
///     fn end_tags(&mut self) -> ControlFlow<Break> {
///         ControlFlow::Break(Break::SkipGame)
///     }
///
///     fn end_game(&mut self) {}
/// }
///
/// let mut tags = Tags(Vec::new());
/// let mut reader = PgnReader::from_text(text);
/// while let Some(game) = reader.visit(&mut tags) {
///     game?;
/// }
/// assert_eq!(tags.0, ["White=Anna"]);
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
pub trait Visitor {
    /// What the visitor makes of a game: [`PgnReader::visit`](super::PgnReader::visit)
    /// returns it for each game.
    type Output;

    /// Called before each game is read (and once more before a stretch of text at the end
    /// that turns out to hold no game, only comments).
    fn begin_game(&mut self) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called with each tag pair, unescaped, `FEN`, `SetUp` and `Variant` included.
    fn tag(&mut self, _name: &str, _value: &str) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called when the tags end (at the first token of the movetext, or at the end of a game
    /// without one): [`Break::SkipGame`] here passes over the movetext without reading it.
    fn end_tags(&mut self) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called with the start position (from the `FEN` and `Variant` tags) when the movetext
    /// is read.
    fn begin_movetext(&mut self, _start: &Position) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called with each move once it is found legal (the null move as
    /// [`Move::NULL`](crate::Move::NULL)), and the position it is played from.
    fn play(&mut self, _before: &Position, _mv: Move) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called after [`Visitor::play`] went on, with the move and the position it reached (the
    /// reader's own, made once): a visitor building a [`Game`](crate::Game) hands it to
    /// [`Game::push_reached`](crate::Game::push_reached) instead of playing the move again.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// use chess_core::pgn::{Break, PgnReader, Visitor};
    /// use chess_core::{Game, Move, Position};
    ///
    /// #[derive(Default)]
    /// struct Games(Game);
    ///
    /// impl Visitor for Games {
    ///     type Output = usize;
    ///
    ///     fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
    ///         self.0.reset(*start);
    ///         ControlFlow::Continue(())
    ///     }
    ///
    ///     fn played(&mut self, mv: Move, after: &Position) -> ControlFlow<Break> {
    ///         match self.0.push_reached(mv, after) {
    ///             Ok(()) => ControlFlow::Continue(()),
    ///             Err(_) => ControlFlow::Break(Break::SkipGame),
    ///         }
    ///     }
    ///
    ///     fn end_game(&mut self) -> usize {
    ///         self.0.repetition_count() as usize
    ///     }
    /// }
    ///
    /// let text = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 *";
    /// assert_eq!(PgnReader::from_text(text).visit(&mut Games::default()).unwrap()?, 2);
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    fn played(&mut self, _mv: Move, _after: &Position) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Whether the positions handed to [`Visitor::play`] keep their Zobrist key
    /// ([`Position::zobrist_key`]) up to date: `true`, the default. A visitor that never
    /// reads the key may answer `false` to save that work on every move (pgn-reader +
    /// shakmaty's positions carry no key either); those positions then have a key of 0, so
    /// they still compare and hash by their pieces, side to move, castling rights, en passant
    /// square and clocks. [`Visitor::begin_movetext`]'s start position always has its key.
    /// Asked once per game.
    fn wants_keys(&self) -> bool {
        true
    }

    /// Called with each NAG (`$1`, or `!` read as 1, `?` as 2, `!!` as 3, `??` as 4, `!?` as
    /// 5, `?!` as 6) after a move.
    fn nag(&mut self, _nag: u8) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Whether comments are read for [`Visitor::comment`]; when `false` (the default) the
    /// lexer passes over them without reading them. Asked once per game.
    fn wants_comments(&self) -> bool {
        false
    }

    /// How comments read ([`CommentText::Words`] by default). Asked once per game.
    fn comment_text(&self) -> CommentText {
        CommentText::Words
    }

    /// Called with each comment (read as [`Visitor::comment_text`] says), when
    /// [`Visitor::wants_comments`] says so.
    fn comment(&mut self, _text: &str) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called at a `(` after a move: whether to read the variation, an alternative to that
    /// move, or pass over it (the default).
    fn begin_variation(&mut self) -> ControlFlow<Break, Variation> {
        ControlFlow::Continue(Variation::Skip)
    }

    /// Whether a `)` with no variation open and a `(` before any move of its line are passed
    /// over, as python-chess passes over them, rather than errors (the default). Asked once
    /// per game.
    fn lenient_parentheses(&self) -> bool {
        false
    }

    /// Called at the `)` of a variation that was entered.
    fn end_variation(&mut self) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called with the result marker that ends the movetext (also when it is found after an
    /// error, while the reader passes over the rest of the game).
    fn result(&mut self, _result: PgnResult) -> ControlFlow<Break> {
        ControlFlow::Continue(())
    }

    /// Called at the end of each game the reader returns (one broken off included), to make
    /// its output. Not called for a game that ends in an error, which the reader returns
    /// instead: the visitor has seen that game up to the error.
    fn end_game(&mut self) -> Self::Output;
}
