//! Stable, machine-readable error codes shared by every error type of the crate.
//!
//! Each error type has a `code()` method returning an [`ErrorCode`], and implements
//! [`CodedError`] so that code can take any of them. The numbers never change once
//! released, so the C library uses them as its status codes and the Python module maps them
//! to exception classes. The error's own type keeps the detail (which FEN field, which SAN
//! character, why a move is illegal); the code says what kind of failure it was.
//!
//! # Examples
//!
//! ```
//! use chess_core::{ErrorCode, Position};
//!
//! let pos = Position::new();
//! assert_eq!(pos.parse_san("Qh5").unwrap_err().code(), ErrorCode::IllegalMove);
//! assert_eq!(pos.parse_san("Qz9").unwrap_err().code(), ErrorCode::InvalidMove);
//! assert_eq!(ErrorCode::IllegalMove as u16, 30);
//! assert_eq!(ErrorCode::IllegalMove.name(), "illegal_move");
//! ```

use core::fmt;

/// What kind of failure an error is, with a number that never changes.
///
/// Numbers below 1000 belong to chess-core; bindings number their own failures (a null
/// pointer, text that is not UTF-8) from 1000 on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
#[non_exhaustive]
pub enum ErrorCode {
    /// Text that is not a square name (`e4`).
    InvalidSquare = 1,
    /// Text or a number that is not a move at all: bad SAN or UCI syntax, a bad encoding.
    InvalidMove = 2,
    /// A FEN whose text is malformed.
    InvalidFen = 10,
    /// A well-formed FEN or setup that describes an impossible position.
    InvalidPosition = 11,
    /// An EPD line whose operations are malformed.
    InvalidEpd = 12,
    /// A move that is not legal in its position.
    IllegalMove = 30,
    /// SAN that more than one legal move matches.
    AmbiguousMove = 31,
    /// A pawn move to the last rank given without its promotion piece.
    MissingPromotion = 32,
    /// A move or event after the game has ended.
    GameOver = 40,
    /// A game event the rules do not allow now (an early resignation, a fourth draw offer).
    EventNotAllowed = 41,
    /// Text that is not a game event (an unknown event name).
    InvalidEvent = 42,
    /// PGN text that cannot be read.
    InvalidPgn = 50,
    /// The source of a reader failed.
    Io = 51,
    /// Text that is not a level of the computer player.
    InvalidLevel = 60,
    /// A saved game that cannot be loaded (malformed, or not consistent with its moves).
    InvalidSave = 70,
    /// A perft depth past [`perft::MAX_DEPTH`](crate::perft::MAX_DEPTH).
    DepthTooLarge = 80,
    /// Bytes that are not a Polyglot opening book (a length not a multiple of 16, unsorted keys).
    InvalidBook = 100,
    /// A position whose endgame table was not added to the tablebase.
    MissingTable = 110,
    /// A tablebase file that breaks its format (truncated, wrong magic bytes, bad offsets).
    CorruptTable = 111,
    /// A position no endgame table holds: castling rights, or more pieces than the tables.
    UnsupportedPosition = 112,
}

impl ErrorCode {
    /// Every code, in order of their numbers.
    pub const ALL: [ErrorCode; 20] = [
        ErrorCode::InvalidSquare,
        ErrorCode::InvalidMove,
        ErrorCode::InvalidFen,
        ErrorCode::InvalidPosition,
        ErrorCode::InvalidEpd,
        ErrorCode::IllegalMove,
        ErrorCode::AmbiguousMove,
        ErrorCode::MissingPromotion,
        ErrorCode::GameOver,
        ErrorCode::EventNotAllowed,
        ErrorCode::InvalidEvent,
        ErrorCode::InvalidPgn,
        ErrorCode::Io,
        ErrorCode::InvalidLevel,
        ErrorCode::InvalidSave,
        ErrorCode::DepthTooLarge,
        ErrorCode::InvalidBook,
        ErrorCode::MissingTable,
        ErrorCode::CorruptTable,
        ErrorCode::UnsupportedPosition,
    ];

    /// Returns the code's name in snake case (`"illegal_move"`), stable like its number.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorCode::InvalidSquare => "invalid_square",
            ErrorCode::InvalidMove => "invalid_move",
            ErrorCode::InvalidFen => "invalid_fen",
            ErrorCode::InvalidPosition => "invalid_position",
            ErrorCode::InvalidEpd => "invalid_epd",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::AmbiguousMove => "ambiguous_move",
            ErrorCode::MissingPromotion => "missing_promotion",
            ErrorCode::GameOver => "game_over",
            ErrorCode::EventNotAllowed => "event_not_allowed",
            ErrorCode::InvalidEvent => "invalid_event",
            ErrorCode::InvalidPgn => "invalid_pgn",
            ErrorCode::Io => "io",
            ErrorCode::InvalidLevel => "invalid_level",
            ErrorCode::InvalidSave => "invalid_save",
            ErrorCode::DepthTooLarge => "depth_too_large",
            ErrorCode::InvalidBook => "invalid_book",
            ErrorCode::MissingTable => "missing_table",
            ErrorCode::CorruptTable => "corrupt_table",
            ErrorCode::UnsupportedPosition => "unsupported_position",
        }
    }

    /// Returns the code with this number, if there is one.
    pub fn from_u16(number: u16) -> Option<ErrorCode> {
        ErrorCode::ALL.into_iter().find(|code| *code as u16 == number)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error with a stable [`ErrorCode`]: every error type of the crate (and
/// [`IllegalMoveReason`](crate::IllegalMoveReason), which says why a move is illegal).
///
/// A binding converts any of them with one generic function, its message being the
/// `Display` text.
///
/// # Examples
///
/// ```
/// use chess_core::{CodedError, ErrorCode, Position};
///
/// fn status(error: &dyn CodedError) -> (u16, String) {
///     (error.code() as u16, error.to_string())
/// }
///
/// let error = Position::new().parse_uci("e2e5").unwrap_err();
/// let text = "illegal move e2e5 in this position: a pawn does not move from e2 to e5";
/// assert_eq!(status(&error), (30, text.to_string()));
/// ```
pub trait CodedError: fmt::Display {
    /// Returns the error's stable code.
    fn code(&self) -> ErrorCode;
}

/// Implements [`CodedError`] for types whose own `code` method says it.
macro_rules! coded_errors {
    ($($(#[$cfg:meta])* $ty:ty),* $(,)?) => {
        $(
            $(#[$cfg])*
            impl CodedError for $ty {
                fn code(&self) -> ErrorCode {
                    <$ty>::code(self)
                }
            }
        )*
    };
}

coded_errors!(
    crate::ParseSquareError,
    crate::InvalidMoveEncoding,
    crate::FenError,
    crate::PositionError,
    crate::ParseSanError,
    crate::SanError,
    crate::ParseUciError,
    crate::UciError,
    crate::ParseMoveError,
    crate::IllegalMoveError,
    crate::IllegalMoveReason,
    crate::NotStandardCastling,
    crate::perft::DepthTooLarge,
    #[cfg(feature = "alloc")]
    crate::EpdError,
    #[cfg(feature = "alloc")]
    crate::book::BookError,
    #[cfg(feature = "syzygy")]
    crate::syzygy::ProbeError,
    #[cfg(feature = "alloc")]
    crate::EventError,
    #[cfg(feature = "alloc")]
    crate::ParseEventKindError,
    #[cfg(feature = "alloc")]
    crate::PushError,
    #[cfg(feature = "alloc")]
    crate::perft::SuiteError,
    #[cfg(feature = "alloc")]
    crate::pgn::PgnErrorKind,
    #[cfg(feature = "alloc")]
    crate::pgn::PgnError,
    #[cfg(feature = "alloc")]
    crate::pgn::ToGameError,
    #[cfg(feature = "alloc")]
    crate::pgn::InfiniteTimeError,
    #[cfg(feature = "alloc")]
    crate::pgn::TimeControlError,
    #[cfg(feature = "search")]
    crate::search::ParseLevelError,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_names_are_unique_and_read_back() {
        for (i, code) in ErrorCode::ALL.into_iter().enumerate() {
            assert_eq!(ErrorCode::from_u16(code as u16), Some(code));
            for other in &ErrorCode::ALL[i + 1..] {
                assert!((code as u16) < (*other as u16), "{code} and {other} out of order");
                assert_ne!(code.name(), other.name());
            }
        }
        assert_eq!(ErrorCode::from_u16(0), None);
        assert_eq!(ErrorCode::from_u16(999), None);
    }

    #[test]
    fn coded_errors_give_their_own_code() {
        let pos = crate::Position::new();
        let errors: [&dyn CodedError; 5] = [
            &"z9".parse::<crate::Square>().unwrap_err(),
            &crate::Move::try_from(0xffff).unwrap_err(),
            &pos.parse_san("Nf6").unwrap_err(),
            &pos.parse_san("N@f3").unwrap_err(),
            &crate::perft::perft(&pos, 65).unwrap_err(),
        ];
        let codes = errors.map(|error| error.code());
        use ErrorCode::*;
        assert_eq!(codes, [InvalidSquare, InvalidMove, IllegalMove, InvalidMove, DepthTooLarge]);
    }
}
