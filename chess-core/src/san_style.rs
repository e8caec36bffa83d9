//! SAN written in a chosen style, and move lists such as `1. e4 e5 2. Nf3 Nc6`.
//!
//! [`SanStyle::STANDARD`] (the default) writes standard SAN. [`SanStyle::BOOK`] writes as
//! some books do: `0-0` and `0-0-0`, ` e.p.` after en-passant captures, `(=Q)` for
//! promotions and `++` for double check. Each switch can be set on its own.
//!
//! [`MoveText`] writes a list of moves from a start position with move numbers, starting
//! with `1... e5` when Black moves first, and an optional result. Its separators come
//! from a [`MoveListStyle`]: [`MoveListStyle::STANDARD`] writes `1. e4 e5 2. Nf3 Nc6`,
//! [`MoveListStyle::BOOK`] writes `1. e4, e5; 2. Nf3, Nc6`. Everything is written with
//! `core::fmt`, without allocating.
//!
//! # Examples
//!
//! ```
//! use chess_core::{MoveListStyle, MoveText, Position, SanStyle};
//!
//! let start = Position::new();
//! let mut pos = start;
//! let mut moves = Vec::new();
//! for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"] {
//!     let m = pos.parse_san(san).unwrap();
//!     pos.play_unchecked(m);
//!     moves.push(m);
//! }
//! let text = MoveText::new(&start, &moves).unwrap();
//! assert_eq!(text.to_string(), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O");
//! let book = text.with_style(MoveListStyle::BOOK).with_result("1-0");
//! assert_eq!(book.to_string(), "1. e4, e5; 2. Nf3, Nc6; 3. Bc4, Nf6; 4. 0-0 1-0");
//! ```

use core::fmt;

use crate::{CastlingSide, CheckKind, Color, IllegalMoveError, Move, Position, San};

/// Switches for writing SAN the way some books do; the default is standard SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SanStyle {
    /// Writes castling with zeros: `0-0` and `0-0-0`.
    pub zero_castling: bool,
    /// Writes ` e.p.` after en-passant captures, before any check mark.
    pub en_passant_mark: bool,
    /// Writes promotions as `e8(=Q)`.
    pub parenthesized_promotion: bool,
    /// Writes `++` for a double check (a double checkmate stays `#`).
    pub double_check_mark: bool,
}

impl SanStyle {
    /// Standard SAN: `O-O`, `exd6`, `e8=Q`, `+` for every check.
    pub const STANDARD: SanStyle = SanStyle {
        zero_castling: false,
        en_passant_mark: false,
        parenthesized_promotion: false,
        double_check_mark: false,
    };

    /// Book style: `0-0`, `exd6 e.p.`, `e8(=Q)`, `++` for double check.
    pub const BOOK: SanStyle =
        SanStyle { zero_castling: true, en_passant_mark: true, parenthesized_promotion: true, double_check_mark: true };
}

/// A legal move's SAN written in a [`SanStyle`]; made by [`Position::san_styled`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StyledSan {
    san: San,
    check: Option<CheckKind>,
    en_passant: bool,
    style: SanStyle,
}

impl Position {
    /// Returns a legal move's SAN, with its check or mate mark, written in `style`.
    pub fn san_styled(&self, m: Move, style: SanStyle) -> StyledSan {
        StyledSan {
            san: self.san_without_suffix(m),
            check: CheckKind::of(self, m),
            en_passant: m.is_en_passant(),
            style,
        }
    }
}

impl fmt::Display for StyledSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let style = self.style;
        match self.san {
            San::Castle(CastlingSide::KingSide) if style.zero_castling => f.write_str("0-0")?,
            San::Castle(CastlingSide::QueenSide) if style.zero_castling => f.write_str("0-0-0")?,
            San::Normal { role, file, rank, capture, to, promotion: Some(promotion) }
                if style.parenthesized_promotion =>
            {
                let plain = San::Normal { role, file, rank, capture, to, promotion: None };
                write!(f, "{plain}(={})", promotion.upper_char())?;
            }
            san => write!(f, "{san}")?,
        }
        if self.en_passant && style.en_passant_mark {
            f.write_str(" e.p.")?;
        }
        f.write_str(match self.check {
            None => "",
            Some(CheckKind::Checkmate) => "#",
            Some(CheckKind::Double) if style.double_check_mark => "++",
            Some(_) => "+",
        })
    }
}

/// Separators and SAN style for a move list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveListStyle {
    /// How each move is written.
    pub san: SanStyle,
    /// Written after a move number before White's move (`. ` in `1. e4`).
    pub white_number: &'static str,
    /// Written after a move number before Black's move when it starts the list (`... ` in `1... e5`).
    pub black_number: &'static str,
    /// Written between White's and Black's moves of one number (` ` or `, `).
    pub within_move: &'static str,
    /// Written after Black's move, before the next number (` ` or `; `).
    pub between_moves: &'static str,
    /// Written before the result (` `).
    pub before_result: &'static str,
}

impl MoveListStyle {
    /// Standard move lists: `1. e4 e5 2. Nf3 Nc6` with standard SAN.
    pub const STANDARD: MoveListStyle = MoveListStyle {
        san: SanStyle::STANDARD,
        white_number: ". ",
        black_number: "... ",
        within_move: " ",
        between_moves: " ",
        before_result: " ",
    };

    /// Book style: `1. e4, e5; 2. Nf3, Nc6` with book-style SAN.
    pub const BOOK: MoveListStyle =
        MoveListStyle { san: SanStyle::BOOK, within_move: ", ", between_moves: "; ", ..MoveListStyle::STANDARD };
}

impl Default for MoveListStyle {
    fn default() -> MoveListStyle {
        MoveListStyle::STANDARD
    }
}

/// A numbered list of moves from a start position, written in a [`MoveListStyle`].
///
/// Numbers follow the start position's move number; a list starting with Black's move
/// begins `1... e5`. The result, if set, comes last.
#[derive(Debug, Clone, Copy)]
pub struct MoveText<'a> {
    start: Position,
    moves: &'a [Move],
    style: MoveListStyle,
    result: Option<&'a str>,
}

impl<'a> MoveText<'a> {
    /// Checks that `moves` can be played in turn from `start`, in the standard style.
    ///
    /// Moves are matched as [`Position::play`] does, so castling given as `e1g1`-style
    /// king-takes-rook or en passant given as an ordinary move is accepted.
    pub fn new(start: &Position, moves: &'a [Move]) -> Result<MoveText<'a>, IllegalMoveError> {
        let mut pos = *start;
        for &m in moves {
            pos.play(m)?;
        }
        Ok(MoveText { start: *start, moves, style: MoveListStyle::STANDARD, result: None })
    }

    /// Sets the separators and SAN style.
    pub fn with_style(self, style: MoveListStyle) -> MoveText<'a> {
        MoveText { style, ..self }
    }

    /// Sets the result written after the moves, such as `1-0` or `1/2-1/2`.
    pub fn with_result(self, result: &'a str) -> MoveText<'a> {
        MoveText { result: Some(result), ..self }
    }
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let style = &self.style;
        let mut pos = self.start;
        for (i, &m) in self.moves.iter().enumerate() {
            // `new` checked every move, so resolving succeeds; it also normalizes the encoding.
            let m = pos.resolve(m).unwrap_or(m);
            let number = pos.fullmove_number();
            match pos.turn() {
                Color::White if i == 0 => write!(f, "{number}{}", style.white_number)?,
                Color::White => write!(f, "{}{number}{}", style.between_moves, style.white_number)?,
                Color::Black if i == 0 => write!(f, "{number}{}", style.black_number)?,
                Color::Black => f.write_str(style.within_move)?,
            }
            write!(f, "{}", pos.san_styled(m, style.san))?;
            pos.play_unchecked(m);
        }
        match self.result {
            Some(result) if self.moves.is_empty() => f.write_str(result),
            Some(result) => write!(f, "{}{result}", style.before_result),
            None => Ok(()),
        }
    }
}
