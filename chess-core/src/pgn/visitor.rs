//! The streaming layer: a [`Visitor`] is told each game's tags and moves as the reader
//! checks them, without a tree being built.

use super::PgnResult;
use crate::{Move, Position};

/// Whether the reader reads a game's movetext or passes over it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movetext {
    /// Reads and checks the moves.
    Read,
    /// Passes over the movetext without reading the moves (headers only).
    Skip,
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

/// Receives a game as [`PgnReader::visit`](super::PgnReader::visit) reads it: the tags, then
/// each move once it is found legal, with its NAGs and comments, and the variations the
/// visitor asks for. Nothing is built or kept unless the visitor keeps it, so memory stays
/// bounded by the longest game whatever the number of games.
///
/// Every method has a default that ignores what it is given; by default comments are not
/// even read (the lexer passes over them) and variations are skipped. The reader's own
/// [`PgnGame`](super::PgnGame) tree is built by such a visitor.
///
/// # Examples
///
/// Counting the mainline captures of every game, and reading only the tags of a file:
///
/// ```
/// use chess_core::pgn::{Movetext, PgnReader, Visitor};
/// use chess_core::{Move, Position};
///
/// #[derive(Default)]
/// struct Captures(usize);
///
/// impl Visitor for Captures {
///     fn play(&mut self, before: &Position, mv: Move) {
///         self.0 += usize::from(before.is_capture(mv));
///     }
/// }
///
/// let text = "[White \"Anna\"]\n\n1. e4 d5 2. exd5 (2. e5) Qxd5 *\n\n1. d4 e5 2. dxe5 *\n";
/// let mut reader = PgnReader::from_text(text);
/// let mut captures = Captures::default();
/// while let Some(game) = reader.visit(&mut captures) {
///     game?;
/// }
/// assert_eq!(captures.0, 3);
///
/// struct White(Vec<String>);
///
/// impl Visitor for White {
///     fn tag(&mut self, name: &str, value: &str) {
///         if name == "White" {
///             self.0.push(value.to_string());
///         }
///     }
///
///     fn end_tags(&mut self) -> Movetext {
///         Movetext::Skip
///     }
/// }
///
/// let mut white = White(Vec::new());
/// let mut reader = PgnReader::from_text(text);
/// while let Some(game) = reader.visit(&mut white) {
///     game?;
/// }
/// assert_eq!(white.0, ["Anna"]);
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
pub trait Visitor {
    /// Called before each game is read (and once more before a stretch of text at the end
    /// that turns out to hold no game, only comments).
    fn begin_game(&mut self) {}

    /// Called with each tag pair, unescaped, `FEN`, `SetUp` and `Variant` included.
    fn tag(&mut self, _name: &str, _value: &str) {}

    /// Called when the tags end (at the first token of the movetext): whether to read the
    /// moves. With [`Movetext::Skip`] nothing more of the game is reported.
    fn end_tags(&mut self) -> Movetext {
        Movetext::Read
    }

    /// Called with the start position (from the `FEN` and `Variant` tags) when the movetext
    /// is read.
    fn begin_movetext(&mut self, _start: &Position) {}

    /// Called with each move once it is found legal (the null move as
    /// [`Move::NULL`](crate::Move::NULL)), and the position it is played from.
    fn play(&mut self, _before: &Position, _mv: Move) {}

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
    fn nag(&mut self, _nag: u8) {}

    /// Whether comments are read for [`Visitor::comment`]; when `false` (the default) the
    /// lexer passes over them without reading them. Asked once per game.
    fn wants_comments(&self) -> bool {
        false
    }

    /// Called with each comment (runs of whitespace shown as one space), when
    /// [`Visitor::wants_comments`] says so.
    fn comment(&mut self, _text: &str) {}

    /// Called at a `(` after a move: whether to read the variation, an alternative to that
    /// move, or pass over it (the default).
    fn begin_variation(&mut self) -> Variation {
        Variation::Skip
    }

    /// Called at the `)` of a variation that was entered.
    fn end_variation(&mut self) {}

    /// Called with the result marker that ends the movetext (also when it is found after an
    /// error, while the reader passes over the rest of the game).
    fn result(&mut self, _result: PgnResult) {}
}
