//! Reading and writing FEN (Forsyth–Edwards Notation), including X-FEN and Shredder-FEN
//! castling fields for Chess960.
//!
//! # Examples
//!
//! ```
//! use chess_core::{FenError, Position};
//!
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let pos: Position = fen.parse().unwrap();
//! assert_eq!(pos.to_string(), fen);
//!
//! let error = Position::from_fen("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
//! assert_eq!(error.to_string(), "FEN placement field, rank 7 at character 17: more than 8 squares");
//! assert!(matches!(error, FenError::RankTooLong { .. }));
//! ```

use core::fmt;
use core::str::FromStr;

#[cfg(feature = "serde")]
mod serde;

#[cfg(doc)]
use crate::CastlingChoice;
use crate::{
    Bitboard, Board, CastlingMode, Color, File, Piece, Position, PositionError, Rank, Role, Setup, Square, Validation,
};

/// Why a FEN could not be read. Each error names the field and the character index
/// (counted from 0 in the whole FEN) where it went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The FEN has no text.
    #[error("FEN is empty")]
    Empty,
    /// A FEN has 6 fields (4 to 6 accepted: the clocks default to `0 1`).
    #[error("FEN has {found} fields, expected 4 to 6 (placement, side, castling, en passant, clocks)")]
    WrongFieldCount {
        /// The number of fields found.
        found: usize,
    },
    /// The placement field does not have 8 ranks.
    #[error("FEN placement field has {found} ranks, expected 8 separated by '/'")]
    WrongRankCount {
        /// The number of ranks found.
        found: usize,
    },
    /// A rank describes more than 8 squares.
    #[error("FEN placement field, rank {rank} at character {at}: more than 8 squares")]
    RankTooLong {
        /// The rank.
        rank: Rank,
        /// The character index.
        at: usize,
    },
    /// A rank describes fewer than 8 squares.
    #[error("FEN placement field, rank {rank} at character {at}: fewer than 8 squares")]
    RankTooShort {
        /// The rank.
        rank: Rank,
        /// The character index where the rank ends.
        at: usize,
    },
    /// A character that is not a piece letter or a digit 1–8.
    #[error("FEN placement field at character {at}: {found:?} is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8")]
    UnknownPiece {
        /// The character found.
        found: char,
        /// The character index.
        at: usize,
    },
    /// The side to move is not `w` or `b`.
    #[error("FEN side-to-move field at character {at}: expected 'w' or 'b'")]
    InvalidTurn {
        /// The character index.
        at: usize,
    },
    /// A castling character other than `KQkq`, a file letter, or a lone `-`.
    #[error("FEN castling field at character {at}: {found:?} is not one of KQkq, A-H, a-h, or '-'")]
    InvalidCastling {
        /// The character found.
        found: char,
        /// The character index.
        at: usize,
    },
    /// The en-passant field is not `-` or a square on the third or sixth rank.
    #[error("FEN en-passant field at character {at}: expected '-' or a square on rank 3 or 6")]
    InvalidEnPassant {
        /// The character index.
        at: usize,
    },
    /// The halfmove clock is not a number in range.
    #[error("FEN halfmove-clock field at character {at}: expected a number from 0 to 4294967295")]
    InvalidHalfmoveClock {
        /// The character index.
        at: usize,
    },
    /// The fullmove number is not a number in range.
    #[error("FEN fullmove-number field at character {at}: expected a number from 1 to 4294967295")]
    InvalidFullmoveNumber {
        /// The character index.
        at: usize,
    },
    /// The text is a well-formed FEN of an illegal position.
    #[error("{0}")]
    Position(PositionError),
}

impl FenError {
    /// Returns the stable error code: [`ErrorCode::InvalidPosition`](crate::ErrorCode::InvalidPosition)
    /// for a well-formed FEN of an impossible position, [`ErrorCode::InvalidFen`](crate::ErrorCode::InvalidFen)
    /// otherwise.
    pub fn code(&self) -> crate::ErrorCode {
        match self {
            FenError::Position(error) => error.code(),
            _ => crate::ErrorCode::InvalidFen,
        }
    }
}

impl From<PositionError> for FenError {
    fn from(error: PositionError) -> FenError {
        FenError::Position(error)
    }
}

/// Splits on spaces into at most six fields with their character indices; also returns
/// how many fields there are in all.
fn fields(text: &str) -> (arrayvec::ArrayVec<(usize, &str), 6>, usize) {
    let mut fields = arrayvec::ArrayVec::new();
    let mut count = 0;
    let mut start = None;
    for (i, b) in text.bytes().chain(core::iter::once(b' ')).enumerate() {
        match (b == b' ', start) {
            (true, Some(from)) => {
                let _ = fields.try_push((from, &text[from..i]));
                count += 1;
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    (fields, count)
}

impl Setup {
    /// Reads a FEN without judging the position (clocks optional, default `0 1`).
    ///
    /// `KQkq` in the castling field name the outermost rook on each side of the king
    /// (X-FEN), and file letters name a rook's file (Shredder-FEN).
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let (fields, count) = fields(fen.trim_end());
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        Setup::from_fen_fields(&fields, count)
    }

    /// Reads FEN fields found elsewhere (as in an EPD line), each with its character index:
    /// the placement, side, castling, en passant and up to two clocks. `count` is the number
    /// of fields in all, for the error when it is not 4 to 6.
    pub(crate) fn from_fen_fields(fields: &[(usize, &str)], count: usize) -> Result<Setup, FenError> {
        let Some(&(at, placement)) = fields.first() else {
            return Err(FenError::Empty);
        };
        let mut setup = Setup::empty();
        setup.board = parse_placement(placement, at)?;
        if !(4..=6).contains(&count) || fields.len() < 4 {
            return Err(FenError::WrongFieldCount { found: count });
        }
        setup.read_state(&fields[1..])?;
        Ok(setup)
    }

    /// Reads the fields after the placement: side, castling, en passant and optional clocks.
    fn read_state(&mut self, fields: &[(usize, &str)]) -> Result<(), FenError> {
        let (turn_at, turn) = fields[0];
        self.turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::InvalidTurn { at: turn_at }),
        };
        let (at, castling) = fields[1];
        self.castling_rights = parse_castling(&self.board, castling, at)?;
        let (at, ep) = fields[2];
        self.ep_square = match ep {
            "-" => None,
            _ => match Square::from_str(ep) {
                Ok(square) if matches!(square.rank(), Rank::Third | Rank::Sixth) => Some(square),
                _ => return Err(FenError::InvalidEnPassant { at }),
            },
        };
        if let Some(&(at, halfmoves)) = fields.get(3) {
            self.halfmove_clock = parse_number(halfmoves).ok_or(FenError::InvalidHalfmoveClock { at })?;
        }
        if let Some(&(at, fullmoves)) = fields.get(4) {
            // Some files write move number 0; read it as 1, as python-chess does.
            self.fullmove_number = parse_number(fullmoves).ok_or(FenError::InvalidFullmoveNumber { at })?.max(1);
        }
        Ok(())
    }
}

fn parse_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_placement(placement: &str, start: usize) -> Result<Board, FenError> {
    let mut board = Board::empty();
    let (mut rank, mut file) = (7, 0);
    for (i, b) in placement.bytes().enumerate() {
        let at = start + i;
        match b {
            b'/' => {
                if file < 8 {
                    return Err(FenError::RankTooShort { rank: Rank::ALL[rank], at });
                }
                if rank == 0 {
                    return Err(FenError::WrongRankCount { found: placement.split('/').count() });
                }
                rank -= 1;
                file = 0;
            }
            b'1'..=b'8' => {
                file += usize::from(b - b'0');
                if file > 8 {
                    return Err(FenError::RankTooLong { rank: Rank::ALL[rank], at });
                }
            }
            _ => {
                let Some(piece) = Piece::from_char(char::from(b)).filter(|_| b.is_ascii()) else {
                    let found = placement[i..].chars().next().unwrap_or('?');
                    return Err(FenError::UnknownPiece { found, at });
                };
                if file >= 8 {
                    return Err(FenError::RankTooLong { rank: Rank::ALL[rank], at });
                }
                board.put(Square::from_coords(File::ALL[file], Rank::ALL[rank]), piece);
                file += 1;
            }
        }
    }
    if rank > 0 {
        return Err(FenError::WrongRankCount { found: 8 - rank });
    }
    if file < 8 {
        return Err(FenError::RankTooShort { rank: Rank::First, at: start + placement.len() });
    }
    Ok(board)
}

fn parse_castling(board: &Board, castling: &str, start: usize) -> Result<Bitboard, FenError> {
    let mut rights = Bitboard::EMPTY;
    if castling == "-" {
        return Ok(rights);
    }
    for (i, c) in castling.char_indices() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let backrank = Bitboard::backrank(color);
        let rooks = board.by_piece(Piece::new(color, Role::Rook)) & backrank;
        let king = board.king_of(color).filter(|king| backrank.contains(*king));
        let home = |file| Square::from_coords(file, Rank::First.relative_to(color));
        let rook = match c.to_ascii_lowercase() {
            'k' => king
                .and_then(|king| (rooks & !Bitboard((2u64 << king as u32).wrapping_sub(1))).last())
                .unwrap_or(home(File::H)),
            'q' => king.and_then(|king| (rooks & Bitboard((1 << king as u32) - 1)).first()).unwrap_or(home(File::A)),
            'a'..='h' => home(File::from_char(c.to_ascii_lowercase()).unwrap_or(File::A)),
            _ => return Err(FenError::InvalidCastling { found: c, at: start + i }),
        };
        rights = rights.with(rook);
    }
    Ok(rights)
}

impl Position {
    /// Reads a FEN of standard chess, validated strictly: the same as `fen.parse::<Position>()`
    /// and `Position::from_fen_with(fen, Validation::strict())`. Castling rights that only
    /// Chess960 allows are an error ([`Problem::InvalidCastlingRights`](crate::Problem),
    /// repaired by [`PositionError::in_chess960`](crate::PositionError::in_chess960));
    /// [`Position::from_fen_with`] with [`CastlingChoice::Automatic`] chooses the mode by the
    /// castling rights instead.
    ///
    /// ```
    /// use chess_core::{CastlingChoice, CastlingMode, Position};
    ///
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(pos.castling_mode(), CastlingMode::Standard);
    /// // The king on f1 with castling rights: not standard chess, but Chess960.
    /// let fen = "r4k1r/8/8/8/8/8/8/R4K1R w KQkq - 0 1";
    /// assert!(Position::from_fen(fen).is_err());
    /// let pos = Position::from_fen_with(fen, CastlingChoice::Automatic).unwrap();
    /// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, Validation::strict())
    }

    /// Reads a FEN with the given validation: the castling mode ([`CastlingChoice`]) and
    /// the problems accepted. `validation` may also be a [`CastlingMode`] or a
    /// [`CastlingChoice`], for strict validation in that mode.
    ///
    /// ```
    /// use chess_core::{CastlingMode, FenError, Position, Validation};
    ///
    /// // The king on d1 keeps its castling rights only in Chess960.
    /// let fen = "r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    /// assert!(matches!(Position::from_fen_with(fen, CastlingMode::Standard), Err(FenError::Position(_))));
    /// assert!(Position::from_fen_with(fen, CastlingMode::Chess960).is_ok());
    /// // Nine white pawns: refused strictly, accepted relaxed.
    /// let fen = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
    /// assert!(Position::from_fen_with(fen, Validation::strict()).is_err());
    /// assert!(Position::from_fen_with(fen, Validation::relaxed()).is_ok());
    /// ```
    pub fn from_fen_with(fen: &str, validation: impl Into<Validation>) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?, validation)?)
    }

    /// Returns a FEN writer; see [`Fen`] for options.
    pub fn fen(&self) -> Fen<'_> {
        Fen::of(Source::Position(self))
    }

    /// Writes the FEN (with the en-passant square only when a capture there is legal).
    #[cfg(feature = "alloc")]
    pub fn to_fen(&self) -> alloc::string::String {
        alloc::string::ToString::to_string(&self.fen())
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a FEN exactly as [`Position::from_fen`] does: standard chess, validated strictly.
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}

/// Writes a position as FEN, with options.
///
/// # Examples
///
/// ```
/// use chess_core::Position;
///
/// let mut pos = Position::new();
/// pos.play(pos.parse_uci("e2e4").unwrap()).unwrap();
/// assert_eq!(pos.fen().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(pos.fen().always_en_passant().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// assert_eq!(pos.fen().shredder().without_clocks().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha -");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Fen<'a> {
    source: Source<'a>,
    ep: EnPassantField,
    shredder: bool,
    clocks: bool,
}

/// What a [`Fen`] writes.
#[derive(Debug, Clone, Copy)]
enum Source<'a> {
    Position(&'a Position),
    /// A setup written as python-chess writes it: only the castling rights that count.
    Free(&'a crate::FreePosition),
}

/// When a FEN writes the en-passant square.
#[derive(Debug, Clone, Copy)]
enum EnPassantField {
    /// When a capture there is legal.
    Legal,
    /// When a pawn of the side to move attacks it.
    Attacked,
    /// After every double pawn step.
    Always,
}

impl crate::FreePosition {
    /// Returns a FEN writer (see [`Fen`] for options) that writes the setup as python-chess
    /// writes it: only the castling rights that count, the en-passant square when a legal
    /// capture is there (unless told otherwise).
    ///
    /// ```
    /// use chess_core::{CastlingMode, FreePosition, Setup};
    ///
    /// // No white king: White's castling rights do not count.
    /// let setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R6R w KQkq - 0 1")?;
    /// let pos = FreePosition::new(setup, CastlingMode::Standard);
    /// assert_eq!(pos.fen().to_string(), "r3k2r/8/8/8/8/8/8/R6R w kq - 0 1");
    /// assert_eq!(pos.fen().shredder().without_clocks().to_string(), "r3k2r/8/8/8/8/8/8/R6R w ha -");
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn fen(&self) -> Fen<'_> {
        Fen::of(Source::Free(self))
    }
}

impl<'a> Fen<'a> {
    fn of(source: Source<'a>) -> Fen<'a> {
        Fen { source, ep: EnPassantField::Legal, shredder: false, clocks: true }
    }

    /// Writes the en-passant square after every double pawn step, capturable or not.
    #[must_use]
    pub fn always_en_passant(mut self) -> Self {
        self.ep = EnPassantField::Always;
        self
    }

    /// Writes the en-passant square when a pawn of the side to move attacks it, whether or
    /// not the capture is legal (X-FEN's rule).
    ///
    /// ```
    /// use chess_core::Position;
    ///
    /// // The d5 pawn may not take on e6: it is pinned to its king.
    /// let pos = Position::from_fen("8/8/8/K2Pp2r/8/8/8/7k w - e6 0 2").unwrap();
    /// assert_eq!(pos.fen().to_string(), "8/8/8/K2Pp2r/8/8/8/7k w - - 0 2");
    /// assert_eq!(pos.fen().attacked_en_passant().to_string(), "8/8/8/K2Pp2r/8/8/8/7k w - e6 0 2");
    /// ```
    #[must_use]
    pub fn attacked_en_passant(mut self) -> Self {
        self.ep = EnPassantField::Attacked;
        self
    }

    /// Writes castling rights as rook files (`HAha`), as Shredder-FEN does.
    #[must_use]
    pub fn shredder(mut self) -> Self {
        self.shredder = true;
        self
    }

    /// Leaves out the two clock fields (as EPD does).
    #[must_use]
    pub fn without_clocks(mut self) -> Self {
        self.clocks = false;
        self
    }
}

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Assembled on the stack and written at once: the longest FEN is well under 128 bytes.
        let mut text = arrayvec::ArrayString::<128>::new();
        let (board, turn, halfmove_clock, fullmove_number) = match self.source {
            Source::Position(pos) => (&pos.board, pos.turn, pos.halfmove_clock, pos.fullmove_number),
            Source::Free(free) => {
                let setup = free.setup();
                (&setup.board, setup.turn, setup.halfmove_clock, setup.fullmove_number)
            }
        };
        board.write_fen(&mut text)?;
        text.push(' ');
        text.push(turn.char());
        text.push(' ');
        let ep = match self.source {
            Source::Position(pos) => {
                write_castling(pos, self.shredder, &mut text)?;
                match self.ep {
                    EnPassantField::Legal => pos.legal_ep_square(),
                    EnPassantField::Attacked => pos.ep_square.filter(|&square| {
                        pos.our(crate::Role::Pawn).intersects(crate::attacks::pawn(!pos.turn, square))
                    }),
                    EnPassantField::Always => pos.ep_square,
                }
            }
            Source::Free(free) => {
                let mut setup = *free.setup();
                setup.castling_rights = setup.valid_castling_rights(free.castling_mode());
                write_setup_castling(&setup, self.shredder, &mut text)?;
                match self.ep {
                    EnPassantField::Legal => free.legal_ep_square(),
                    EnPassantField::Attacked => {
                        setup.ep_square.filter(|_| free.pseudo_legal_moves().iter().any(|m| m.is_en_passant()))
                    }
                    EnPassantField::Always => setup.ep_square,
                }
            }
        };
        match ep {
            Some(square) => {
                text.push(' ');
                text.push(square.file().char());
                text.push(square.rank().char());
            }
            None => text.push_str(" -"),
        }
        if self.clocks {
            text.push(' ');
            push_number(&mut text, halfmove_clock);
            text.push(' ');
            push_number(&mut text, fullmove_number);
        }
        f.write_str(&text)
    }
}

/// Appends the decimal digits of `n`.
fn push_number(text: &mut arrayvec::ArrayString<128>, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut len = 0;
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &digit in digits[..len].iter().rev() {
        text.push(digit as char);
    }
}

fn write_castling(pos: &Position, shredder: bool, f: &mut impl fmt::Write) -> fmt::Result {
    if pos.castling.is_empty() {
        return f.write_char('-');
    }
    for color in Color::ALL {
        let own_rooks = pos.board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::backrank(color);
        for side in crate::CastlingSide::ALL {
            let Some(rook) = pos.castling_rook(color, side) else {
                continue;
            };
            let outermost = match side {
                crate::CastlingSide::KingSide => own_rooks.last(),
                crate::CastlingSide::QueenSide => own_rooks.first(),
            } == Some(rook);
            let letter = if !shredder && (outermost || pos.mode == CastlingMode::Standard) {
                match side {
                    crate::CastlingSide::KingSide => 'k',
                    crate::CastlingSide::QueenSide => 'q',
                }
            } else {
                rook.file().char()
            };
            f.write_char(if color == Color::White { letter.to_ascii_uppercase() } else { letter })?;
        }
    }
    Ok(())
}

impl fmt::Display for Position {
    /// Writes the FEN, as [`Position::fen`] does with default options.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fen().fmt(f)
    }
}

impl fmt::Display for Setup {
    /// Writes the setup as FEN, valid or not: every castling right as X-FEN writes it (`K`/`Q`
    /// for the outermost rook on its side of a king on the back rank, the rook's file letter
    /// otherwise) and the en-passant square as stored.
    ///
    /// ```
    /// use chess_core::{Setup, Square};
    ///
    /// let mut setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9")?;
    /// setup.board.remove_piece_at(Square::E8);
    /// assert_eq!(setup.to_string(), "r6r/8/8/8/8/8/8/R3K2R w KQah - 3 9");
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.write_fen(f)?;
        write!(f, " {} ", self.turn.char())?;
        write_setup_castling(self, false, f)?;
        match self.ep_square {
            Some(square) => write!(f, " {}{}", square.file().char(), square.rank().char())?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

/// Writes a setup's castling rights, valid or not: as rook files (`HAha`, from the h-file
/// down) when `shredder`, else as X-FEN writes them (`K`/`Q` for the outermost rook on its
/// side of a king on the back rank, the rook's file letter otherwise).
fn write_setup_castling(setup: &Setup, shredder: bool, f: &mut impl fmt::Write) -> fmt::Result {
    if setup.castling_rights.is_empty() {
        return f.write_char('-');
    }
    for color in Color::ALL {
        let case = |letter: char| if color == Color::White { letter.to_ascii_uppercase() } else { letter };
        let rights = setup.castling_rights & Bitboard::backrank(color);
        if shredder {
            for rook in rights.into_iter().rev() {
                f.write_char(case(rook.file().char()))?;
            }
            continue;
        }
        let rooks = setup.board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::backrank(color);
        let king = setup.board.king_of(color).filter(|&king| Bitboard::backrank(color).contains(king));
        // Kingside rights first, from the h-file inwards, then queenside ones.
        let kingside = |rook: Square| king.is_some_and(|king| rook > king);
        let ordered =
            rights.into_iter().rev().filter(|&r| kingside(r)).chain(rights.into_iter().filter(|&r| !kingside(r)));
        for rook in ordered {
            let outermost = match king {
                Some(king) if rook > king => rooks.last() == Some(rook),
                Some(_) => rooks.first() == Some(rook),
                None => false,
            };
            let letter = match (outermost, kingside(rook)) {
                (true, true) => 'k',
                (true, false) => 'q',
                (false, _) => rook.file().char(),
            };
            f.write_char(case(letter))?;
        }
    }
    Ok(())
}
