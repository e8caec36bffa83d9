//! Why a PGN game could not be read, and where.

use alloc::boxed::Box;
use alloc::string::String;

use super::PgnGame;
use crate::{FenError, SanError};

/// What was wrong with a game's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A move that no legal move matches, or more than one does: the SAN error says which
    /// ([`SanError::Illegal`], with the reason when one piece is clearly meant, or
    /// [`SanError::Ambiguous`]).
    #[error("{error}")]
    IllegalMove {
        /// The word as written (at most 40 characters).
        text: String,
        /// Why no single legal move matches.
        error: SanError,
    },
    /// A null move (`--`, `Z0`, `0000`, `@@@@`) by a side in check.
    #[error("null move \"{0}\" while in check")]
    IllegalNullMove(String),
    /// A word in the movetext that is neither SAN, UCI, a move number, a NAG nor a result.
    #[error("\"{0}\" is not a move")]
    InvalidMove(String),
    /// A tag pair that is not `[Name "value"]` on one line.
    #[error("malformed tag pair: {0}")]
    BadTag(&'static str),
    /// The `FEN` tag does not describe a legal position.
    #[error("bad FEN tag: {0}")]
    BadFen(Box<FenError>),
    /// The `Variant` tag names a variant other than standard chess and Chess960.
    #[error("unsupported variant \"{0}\"")]
    UnsupportedVariant(String),
    /// `$` not followed by a number from 0 to 255.
    #[error("NAG must be '$' and a number from 0 to 255")]
    BadNag,
    /// A `{` comment with no `}`.
    #[error("comment not closed")]
    UnclosedComment,
    /// A `(` with no `)` before the game ends.
    #[error("variation not closed")]
    UnclosedVariation,
    /// A `(` before any move it could be an alternative to.
    #[error("variation before any move")]
    VariationBeforeMove,
    /// Variations nested deeper than the reader allows.
    #[error("variations nested deeper than {0}")]
    TooDeep(usize),
    /// A result marker inside a variation.
    #[error("result inside a variation")]
    ResultInVariation,
    /// A character that cannot start a token here (`)` without `(`, a stray `}`, `]` or `"`).
    #[error("unexpected '{0}'")]
    Unexpected(char),
    /// The underlying reader failed.
    #[cfg(feature = "std")]
    #[error("I/O error: {0}")]
    Io(std::io::ErrorKind),
}

impl PgnErrorKind {
    /// Returns the stable error code: a move's own code for a move that cannot be played
    /// ([`IllegalMove`](crate::ErrorCode::IllegalMove), [`AmbiguousMove`](crate::ErrorCode::AmbiguousMove),
    /// [`MissingPromotion`](crate::ErrorCode::MissingPromotion)), the FEN error's code for a bad
    /// `FEN` tag, [`Io`](crate::ErrorCode::Io) when the source failed, and
    /// [`InvalidPgn`](crate::ErrorCode::InvalidPgn) for the rest.
    pub fn code(&self) -> crate::ErrorCode {
        match self {
            PgnErrorKind::IllegalMove { error, .. } => error.code(),
            PgnErrorKind::IllegalNullMove(_) => crate::ErrorCode::IllegalMove,
            PgnErrorKind::BadFen(error) => error.code(),
            #[cfg(feature = "std")]
            PgnErrorKind::Io(_) => crate::ErrorCode::Io,
            _ => crate::ErrorCode::InvalidPgn,
        }
    }

    /// Tells whether the source failed (after which the reader stops).
    pub fn is_io(&self) -> bool {
        self.code() == crate::ErrorCode::Io
    }
}

/// Why a game could not be read: what was wrong, in which game (counted from 1), and at
/// which line and column of the input (counted from 1, columns in characters), with the part
/// of the game read before the problem.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{PgnErrorKind, PgnReader, PgnResult};
/// use chess_core::SanError;
///
/// let text = "[White \"Anna\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n";
/// let error = PgnReader::from_text(text).next().unwrap().unwrap_err();
/// assert_eq!((error.game, error.line, error.column), (1, 3, 13));
/// assert!(matches!(&error.kind, PgnErrorKind::IllegalMove { text, error: SanError::Illegal { .. } } if text == "Ke3"));
/// // The tags, the moves before the illegal one, and the result marker found after it.
/// let partial = error.partial.as_deref().unwrap();
/// assert_eq!(partial.tag("White"), Some("Anna"));
/// assert_eq!(partial.moves.len(), 2);
/// assert_eq!(partial.result, PgnResult::WhiteWins);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind} at game {game}, line {line}, column {column}")]
pub struct PgnError {
    /// The number of the game in the input, from 1.
    pub game: usize,
    /// The line where the problem is, from 1.
    pub line: usize,
    /// The column (in characters) where the problem is, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
    /// The game as far as it was read, when the problem came after its start position was
    /// known (in the movetext): the tags, the moves and variations before the problem (a
    /// variation open at the error kept as far as it went), and the result (the marker
    /// after the problem, else the `Result` tag's, else `*`). python-chess keeps such a
    /// game with its `errors`.
    pub partial: Option<Box<PgnGame>>,
}

impl PgnError {
    /// Returns the stable error code of what was wrong ([`PgnErrorKind::code`]).
    pub fn code(&self) -> crate::ErrorCode {
        self.kind.code()
    }
}
