//! Castling sides and how castling is written (standard chess or Chess960).

use crate::{Bitboard, Color, Setup, Square};

/// The side of the board a king castles to.
///
/// # Examples
///
/// ```
/// use chess_core::{CastlingSide, Color, Square};
///
/// assert_eq!(CastlingSide::KingSide.king_to(Color::White), Square::G1);
/// assert_eq!(CastlingSide::QueenSide.rook_to(Color::Black), Square::D8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CastlingSide {
    /// Short castling, towards the h-file (`O-O`).
    KingSide,
    /// Long castling, towards the a-file (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Lists both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// Returns 0 for the king side and 1 for the queen side.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the square the king lands on: `g1`/`c1` for White, `g8`/`c8` for Black.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => Square::G1.relative_to(color),
            CastlingSide::QueenSide => Square::C1.relative_to(color),
        }
    }

    /// Returns the square the rook lands on: `f1`/`d1` for White, `f8`/`d8` for Black.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match self {
            CastlingSide::KingSide => Square::F1.relative_to(color),
            CastlingSide::QueenSide => Square::D1.relative_to(color),
        }
    }

    /// Returns the SAN text: `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }

    /// Returns the side of the king that `rook` stands on.
    #[inline]
    pub(crate) fn of_rook(king: Square, rook: Square) -> CastlingSide {
        if rook > king { CastlingSide::KingSide } else { CastlingSide::QueenSide }
    }
}

/// How castling rights and castling moves are written.
///
/// The rules are the same; only the notation differs. In `Standard` mode a FEN writes
/// `KQkq` and UCI writes castling as the king's two-square step (`e1g1`). In `Chess960`
/// mode a FEN may name rook files (X-FEN / Shredder-FEN) and UCI writes castling as
/// the king taking its own rook (`e1h1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: the king starts on the e-file and the rooks in the corners.
    #[default]
    Standard,
    /// Chess960 (Fischer random chess): any king and rook files.
    Chess960,
}

impl CastlingMode {
    /// Returns `Chess960` when `chess960` is true.
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard }
    }

    /// Tells whether this is Chess960 mode.
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}

impl CastlingMode {
    /// Tells which mode fits a setup's castling rights: `Standard` when every castling rook
    /// stands in a corner with its king on the e-file (or there are no rights), `Chess960`
    /// otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_core::{CastlingMode, Setup};
    ///
    /// let standard = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    /// assert_eq!(CastlingMode::detect(&standard), CastlingMode::Standard);
    /// let chess960 = Setup::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// assert_eq!(CastlingMode::detect(&chess960), CastlingMode::Chess960);
    /// ```
    pub fn detect(setup: &Setup) -> CastlingMode {
        let rights = setup.castling_rights;
        let fits = |color: Color| {
            let own = rights & Bitboard::backrank(color);
            own.is_empty()
                || ((own - Bitboard::CORNERS).is_empty()
                    && setup.board.king_of(color) == Some(Square::E1.relative_to(color)))
        };
        let standard = (rights - Bitboard::BACKRANKS).is_empty() && fits(Color::White) && fits(Color::Black);
        CastlingMode::from_chess960(!standard)
    }
}

/// Which castling mode a position read from a FEN or a [`Setup`] gets: one of the two
/// [`CastlingMode`]s, or `Automatic` to choose by the castling rights.
///
/// A position's own mode is always `Standard` or `Chess960`; `Automatic` only chooses one.
///
/// # Examples
///
/// ```
/// use chess_core::{CastlingChoice, CastlingMode, Position};
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let chess960_start = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1";
/// let automatic = |fen| Position::from_fen_with(fen, CastlingChoice::Automatic).unwrap().castling_mode();
/// assert_eq!(automatic(start), CastlingMode::Standard);
/// assert_eq!(automatic(chess960_start), CastlingMode::Chess960);
/// // Asked for, Chess960 mode is kept even where standard chess would do.
/// let pos = Position::from_fen_with(start, CastlingChoice::Chess960).unwrap();
/// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingChoice {
    /// Standard chess: castling rights must have their king on the e-file and rooks in the
    /// corners. The default, as for `fen.parse::<Position>()`.
    #[default]
    Standard,
    /// Chess960: any king and rook files.
    Chess960,
    /// `Standard` when the castling rights fit standard chess, `Chess960` otherwise
    /// (see [`CastlingMode::detect`]), as the PGN reader chooses for a `FEN` tag without a
    /// `Variant` tag, and the C API for a FEN read without its `CHESS_FEN_CHESS960` flag.
    Automatic,
}

impl CastlingChoice {
    /// Returns the mode a position read from `setup` gets.
    pub fn resolve(self, setup: &Setup) -> CastlingMode {
        match self {
            CastlingChoice::Standard => CastlingMode::Standard,
            CastlingChoice::Chess960 => CastlingMode::Chess960,
            CastlingChoice::Automatic => CastlingMode::detect(setup),
        }
    }
}

impl From<CastlingMode> for CastlingChoice {
    fn from(mode: CastlingMode) -> CastlingChoice {
        match mode {
            CastlingMode::Standard => CastlingChoice::Standard,
            CastlingMode::Chess960 => CastlingChoice::Chess960,
        }
    }
}
