//! Unvalidated positions ([`Setup`]) and their validation into a [`Position`].

use core::fmt;

use arrayvec::ArrayVec;

use crate::{Bitboard, Board, CastlingChoice, CastlingMode, Color, Piece, Position, Rank, Role, Square, attacks};

/// Any placement and game state, valid or not, as a board editor or a parser holds it
/// before it is checked.
///
/// # Examples
///
/// ```
/// use chess_core::{Board, CastlingMode, Position, Problem, Setup};
///
/// let mut setup = Setup::empty();
/// setup.board = Board::new();
/// setup.board.remove_piece_at(chess_core::Square::E8);
/// let error = Position::from_setup(setup.clone(), CastlingMode::Standard).unwrap_err();
/// assert!(error.problems().any(|p| matches!(p, Problem::MissingKing(chess_core::Color::Black))));
///
/// setup.board = Board::new();
/// assert_eq!(Position::from_setup(setup, CastlingMode::Standard).unwrap().board(), &Board::new());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The squares of the rooks that keep castling rights.
    pub castling_rights: Bitboard,
    /// The square skipped by a double pawn step on the last move.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
}

impl Setup {
    /// Returns an empty board with White to move and no castling rights.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

impl Setup {
    /// Returns the half-moves a game from the standard start would have played to reach this
    /// move number and side to move (python-chess's `ply()`): 2 per full move, 1 more with
    /// Black to move.
    ///
    /// ```
    /// use chess_core::Setup;
    ///
    /// assert_eq!(Setup::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 30").unwrap().ply(), 59);
    /// ```
    pub fn ply(&self) -> u64 {
        2 * (u64::from(self.fullmove_number.max(1)) - 1) + u64::from(self.turn == Color::Black)
    }

    /// Returns the setup with its pieces ([`Board::transform`]), castling rights and
    /// en-passant square moved by `f`, a map of square sets; the turn and the clocks stay. An
    /// en-passant square that `f` moves off the board is dropped.
    ///
    /// ```
    /// use chess_core::{Bitboard, Setup};
    ///
    /// let setup = Setup::from_fen("4k3/8/8/8/3Pp3/8/8/R3K3 b Q d3 0 1").unwrap();
    /// let mirrored = setup.transform(Bitboard::flip_horizontal);
    /// assert_eq!(mirrored.to_string(), "3k4/8/8/8/3pP3/8/8/3K3R b K e3 0 1");
    /// assert_eq!(setup.transform(|set| set.shift(0, -3)).ep_square, None);
    /// ```
    pub fn transform(&self, mut f: impl FnMut(Bitboard) -> Bitboard) -> Setup {
        Setup {
            board: self.board.transform(&mut f),
            castling_rights: f(self.castling_rights),
            ep_square: self.ep_square.and_then(|ep| f(Bitboard::from(ep)).last()),
            ..*self
        }
    }

    /// Returns the castling rights that can castle here: those
    /// [`Problem::InvalidCastlingRights`] does not name (a rook of the right colour in its
    /// corner, or for Chess960 on the back rank, with a single king on that rank, and in
    /// standard chess on the e-file).
    ///
    /// ```
    /// use chess_core::{Bitboard, CastlingMode, Setup, Square};
    ///
    /// let setup = Setup::from_fen("r3k3/8/8/8/8/8/8/R3K3 w KQq - 0 1").unwrap();
    /// assert_eq!(setup.valid_castling_rights(CastlingMode::Standard), Bitboard::from(Square::A1) | Square::A8);
    /// ```
    pub fn valid_castling_rights(&self, mode: CastlingMode) -> Bitboard {
        self.castling_rights - invalid_castling_rights(&self.board, self.castling_rights, mode)
    }

    /// Whether the castling rights valid in Chess960 are ones standard chess cannot have: a
    /// right with the rook off a corner, or one whose king is not on e1 or e8.
    ///
    /// ```
    /// use chess_core::Setup;
    ///
    /// assert!(!Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap().has_chess960_castling_rights());
    /// assert!(Setup::from_fen("1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap().has_chess960_castling_rights());
    /// assert!(Setup::from_fen("r4k1r/8/8/8/8/8/8/R4K1R w KQkq - 0 1").unwrap().has_chess960_castling_rights());
    /// ```
    pub fn has_chess960_castling_rights(&self) -> bool {
        let rights = self.valid_castling_rights(CastlingMode::Chess960);
        if !(rights - Bitboard::CORNERS).is_empty() {
            return true;
        }
        Color::ALL.into_iter().any(|color| {
            let king_home = Square::E1.relative_to(color);
            !(rights & Bitboard::backrank(color)).is_empty()
                && !self.board.by_piece(Piece::new(color, Role::King)).contains(king_home)
        })
    }

    /// Returns the en-passant square if a double step of the opponent's pawn can have left
    /// it (the pawn stands in front of it, it and the square the pawn came from are empty);
    /// `None` otherwise ([`Problem::InvalidEnPassant`]).
    ///
    /// ```
    /// use chess_core::{Setup, Square};
    ///
    /// let setup = Setup::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    /// assert_eq!(setup.plausible_ep_square(), Some(Square::E3));
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 b - e3 0 1").unwrap();
    /// assert_eq!(setup.plausible_ep_square(), None);
    /// ```
    pub fn plausible_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let them = !self.turn;
        if ep.rank() != Rank::Sixth.relative_to(self.turn) {
            return None;
        }
        let pushed_to = Square::from_coords(ep.file(), Rank::Fourth.relative_to(them));
        let pushed_from = Square::from_coords(ep.file(), Rank::Second.relative_to(them));
        let plausible = self.board.by_piece(Piece::new(them, Role::Pawn)).contains(pushed_to)
            && !self.board.occupied().contains(ep)
            && !self.board.occupied().contains(pushed_from);
        plausible.then_some(ep)
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Position::new().to_setup()
    }
}

/// One reason a [`Setup`] is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The side has no king.
    MissingKing(Color),
    /// The side has more than one king.
    TooManyKings(Color),
    /// Pawns stand on the first or eighth rank.
    PawnsOnBackRank(Bitboard),
    /// The side that is not to move is in check, so its king could be captured.
    OppositeCheck,
    /// More than two pieces give check (on these squares), which no move can produce.
    TooManyCheckers(Bitboard),
    /// The checking pieces stand where no legal last move could have put them.
    ImpossibleCheck(Bitboard),
    /// Castling rights for rooks that are missing, or without the king on its home rank.
    InvalidCastlingRights(Bitboard),
    /// The en-passant square cannot follow a double pawn step.
    InvalidEnPassant(Square),
    /// The side has more pieces than promotions could give it.
    TooMuchMaterial(Color),
}

impl Problem {
    /// Returns the kind of this problem as a one-flag set.
    ///
    /// ```
    /// use chess_core::{Color, Problem, Problems};
    ///
    /// assert_eq!(Problem::MissingKing(Color::Black).kind(), Problems::MISSING_KING);
    /// ```
    pub const fn kind(self) -> Problems {
        match self {
            Problem::MissingKing(_) => Problems::MISSING_KING,
            Problem::TooManyKings(_) => Problems::TOO_MANY_KINGS,
            Problem::PawnsOnBackRank(_) => Problems::PAWNS_ON_BACK_RANK,
            Problem::OppositeCheck => Problems::OPPOSITE_CHECK,
            Problem::TooManyCheckers(_) => Problems::TOO_MANY_CHECKERS,
            Problem::ImpossibleCheck(_) => Problems::IMPOSSIBLE_CHECK,
            Problem::InvalidCastlingRights(_) => Problems::INVALID_CASTLING_RIGHTS,
            Problem::InvalidEnPassant(_) => Problems::INVALID_EP_SQUARE,
            Problem::TooMuchMaterial(_) => Problems::TOO_MUCH_MATERIAL,
        }
    }

    /// Tells whether relaxed validation accepts this problem (impossible checks, too much material).
    pub const fn is_relaxable(self) -> bool {
        Problems::RELAXABLE.contains(self.kind())
    }
}

/// A set of kinds of [`Problem`], one bit flag each.
///
/// # Examples
///
/// ```
/// use chess_core::Problems;
///
/// let found = Problems::INVALID_CASTLING_RIGHTS | Problems::TOO_MUCH_MATERIAL;
/// assert!(found.contains(Problems::TOO_MUCH_MATERIAL));
/// assert!(!Problems::RELAXABLE.contains(found));
/// assert_eq!(found - Problems::RELAXABLE, Problems::INVALID_CASTLING_RIGHTS);
/// assert_eq!(format!("{found:?}"), "Problems(INVALID_CASTLING_RIGHTS | TOO_MUCH_MATERIAL)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Problems(u16);

impl Problems {
    /// No problem.
    pub const EMPTY: Problems = Problems(0);
    /// A side has no king ([`Problem::MissingKing`]).
    pub const MISSING_KING: Problems = Problems(1 << 0);
    /// A side has more than one king ([`Problem::TooManyKings`]).
    pub const TOO_MANY_KINGS: Problems = Problems(1 << 1);
    /// Pawns on the first or eighth rank ([`Problem::PawnsOnBackRank`]).
    pub const PAWNS_ON_BACK_RANK: Problems = Problems(1 << 2);
    /// The side not to move is in check ([`Problem::OppositeCheck`]).
    pub const OPPOSITE_CHECK: Problems = Problems(1 << 3);
    /// More than two checkers ([`Problem::TooManyCheckers`]); relaxable.
    pub const TOO_MANY_CHECKERS: Problems = Problems(1 << 4);
    /// A check no legal move could give ([`Problem::ImpossibleCheck`]); relaxable.
    pub const IMPOSSIBLE_CHECK: Problems = Problems(1 << 5);
    /// Castling rights without their king or rook ([`Problem::InvalidCastlingRights`]).
    pub const INVALID_CASTLING_RIGHTS: Problems = Problems(1 << 6);
    /// An en-passant square no double step left ([`Problem::InvalidEnPassant`]).
    pub const INVALID_EP_SQUARE: Problems = Problems(1 << 7);
    /// More pieces than promotions allow ([`Problem::TooMuchMaterial`]); relaxable.
    pub const TOO_MUCH_MATERIAL: Problems = Problems(1 << 8);
    /// The problems relaxed validation accepts: impossible checks and too much material.
    pub const RELAXABLE: Problems =
        Problems(Problems::TOO_MANY_CHECKERS.0 | Problems::IMPOSSIBLE_CHECK.0 | Problems::TOO_MUCH_MATERIAL.0);
    /// Every kind of problem.
    pub const ALL: Problems = Problems((1 << 9) - 1);

    /// The flag names, in bit order (for `Debug`).
    const NAMES: [&'static str; 9] = [
        "MISSING_KING",
        "TOO_MANY_KINGS",
        "PAWNS_ON_BACK_RANK",
        "OPPOSITE_CHECK",
        "TOO_MANY_CHECKERS",
        "IMPOSSIBLE_CHECK",
        "INVALID_CASTLING_RIGHTS",
        "INVALID_EP_SQUARE",
        "TOO_MUCH_MATERIAL",
    ];

    /// Returns the bits (bit 0 is [`Problems::MISSING_KING`], in the order of the constants).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Tells whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Tells whether every flag of `other` is in the set.
    pub const fn contains(self, other: Problems) -> bool {
        self.0 & other.0 == other.0
    }

    /// Tells whether the set shares a flag with `other`.
    pub const fn intersects(self, other: Problems) -> bool {
        self.0 & other.0 != 0
    }

    /// Iterates over the flags in the set, one-flag sets in bit order.
    pub fn iter(self) -> impl Iterator<Item = Problems> {
        (0..Problems::NAMES.len()).map(|bit| Problems(1 << bit)).filter(move |flag| self.contains(*flag))
    }
}

impl core::ops::BitOr for Problems {
    type Output = Problems;

    fn bitor(self, other: Problems) -> Problems {
        Problems(self.0 | other.0)
    }
}

impl core::ops::BitOrAssign for Problems {
    fn bitor_assign(&mut self, other: Problems) {
        self.0 |= other.0;
    }
}

impl core::ops::BitAnd for Problems {
    type Output = Problems;

    fn bitand(self, other: Problems) -> Problems {
        Problems(self.0 & other.0)
    }
}

impl core::ops::Sub for Problems {
    type Output = Problems;

    /// Returns the flags of `self` that are not in `other`.
    fn sub(self, other: Problems) -> Problems {
        Problems(self.0 & !other.0)
    }
}

impl fmt::Debug for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Problems(")?;
        for (i, flag) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            f.write_str(Problems::NAMES[flag.0.trailing_zeros() as usize])?;
        }
        f.write_str(")")
    }
}

fn write_squares(f: &mut fmt::Formatter<'_>, squares: Bitboard) -> fmt::Result {
    for (i, square) in squares.into_iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{square}")?;
    }
    Ok(())
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::MissingKing(color) => write!(f, "{color} has no king"),
            Problem::TooManyKings(color) => write!(f, "{color} has more than one king"),
            Problem::PawnsOnBackRank(squares) => {
                f.write_str("pawns on the first or eighth rank (")?;
                write_squares(f, squares)?;
                f.write_str(")")
            }
            Problem::OppositeCheck => f.write_str("the side not to move is in check"),
            Problem::TooManyCheckers(checkers) => {
                write!(f, "the king is attacked by {} pieces at once (", checkers.len())?;
                write_squares(f, checkers)?;
                f.write_str(")")
            }
            Problem::ImpossibleCheck(checkers) => {
                f.write_str("no legal move could have given this check (checkers on ")?;
                write_squares(f, checkers)?;
                f.write_str(")")
            }
            Problem::InvalidCastlingRights(rooks) => {
                f.write_str("castling field: no castling is possible with the rook square(s) ")?;
                write_squares(f, rooks)?;
                f.write_str(" (the king or the rook is not in place)")
            }
            Problem::InvalidEnPassant(square) => {
                write!(f, "en-passant field: {square} cannot follow a double pawn step")
            }
            Problem::TooMuchMaterial(color) => write!(f, "{color} has more pieces than promotions allow"),
        }
    }
}

/// How a [`Setup`] or a FEN becomes a [`Position`]: the castling mode the position gets
/// and the problems accepted.
///
/// The default is strict validation of standard chess, as `fen.parse::<Position>()` reads:
/// castling rights that need Chess960 are refused unless [`Validation::castling`] asks for
/// Chess960 or [`CastlingChoice::Automatic`]. A [`CastlingMode`] or a [`CastlingChoice`]
/// converts into strict validation in that mode.
///
/// # Examples
///
/// ```
/// use chess_core::{CastlingChoice, CastlingMode, Position, Problems, Validation};
///
/// // Two rooks checking from a1 and h1: no legal last move gives that.
/// let fen = "k7/8/8/8/8/8/8/r3K2r w - - 0 1";
/// assert!(Position::from_fen_with(fen, Validation::strict()).is_err());
/// assert!(Position::from_fen_with(fen, Validation::relaxed()).is_ok());
/// assert!(Position::from_fen_with(fen, Validation::strict().accept(Problems::IMPOSSIBLE_CHECK)).is_ok());
/// let chess960 = Validation::relaxed().castling(CastlingMode::Chess960);
/// assert_eq!(Position::from_fen_with(fen, chess960).unwrap().castling_mode(), CastlingMode::Chess960);
///
/// // The king on f1 keeps its castling rights only in Chess960.
/// let fen = "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1";
/// assert!(Position::from_fen_with(fen, Validation::default()).is_err());
/// let automatic = Validation::default().castling(CastlingChoice::Automatic);
/// assert_eq!(Position::from_fen_with(fen, automatic).unwrap().castling_mode(), CastlingMode::Chess960);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Validation {
    /// Which castling mode the position gets (default: standard chess).
    pub castling: CastlingChoice,
    /// The problems accepted (default: none). Only [`Problems::RELAXABLE`] ones can be; the
    /// others are always refused.
    pub accept: Problems,
}

impl Validation {
    /// Strict validation of standard chess (the default): every problem is refused.
    pub const fn strict() -> Validation {
        Validation { castling: CastlingChoice::Standard, accept: Problems::EMPTY }
    }

    /// Relaxed validation of standard chess: impossible checks and too much material are
    /// accepted (for analysis tools and constructed test positions).
    pub const fn relaxed() -> Validation {
        Validation { castling: CastlingChoice::Standard, accept: Problems::RELAXABLE }
    }

    /// Sets the castling mode the position gets.
    #[must_use]
    pub fn castling(mut self, castling: impl Into<CastlingChoice>) -> Validation {
        self.castling = castling.into();
        self
    }

    /// Accepts these problems too (those of them that are [`Problems::RELAXABLE`]).
    #[must_use]
    pub const fn accept(mut self, problems: Problems) -> Validation {
        self.accept = Problems(self.accept.0 | (problems.0 & Problems::RELAXABLE.0));
        self
    }
}

impl From<CastlingMode> for Validation {
    /// Strict validation in this mode.
    fn from(mode: CastlingMode) -> Validation {
        Validation::strict().castling(mode)
    }
}

impl From<CastlingChoice> for Validation {
    /// Strict validation with this castling choice.
    fn from(castling: CastlingChoice) -> Validation {
        Validation::strict().castling(castling)
    }
}

/// The problems that keep a [`Setup`] from being a legal [`Position`], with the setup and
/// the validation it failed, so that it can be repaired and validated again.
///
/// # Examples
///
/// ```
/// use chess_core::{Position, Problem, Square};
///
/// // python-chess reads this by dropping the castling rights; chess-core can too, when asked.
/// let error = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").unwrap_err();
/// let chess_core::FenError::Position(error) = error else { unreachable!() };
/// assert_eq!(error.problems().collect::<Vec<_>>(), [Problem::InvalidCastlingRights(
///     Square::A1 | Square::H1 | Square::A8 | Square::H8
/// )]);
/// let pos = error.ignore_invalid_castling_rights().unwrap();
/// assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionError {
    setup: Setup,
    validation: Validation,
    mode: CastlingMode,
    problems: Problems,
}

impl PositionError {
    /// Returns the stable error code, [`ErrorCode::InvalidPosition`](crate::ErrorCode::InvalidPosition).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidPosition
    }
}

impl PositionError {
    /// Returns the kinds of problem found (those the validation did not accept), at least one.
    pub fn kinds(&self) -> Problems {
        self.problems
    }

    /// Iterates over the problems found, at least one, in the order of [`Problems`]' flags
    /// (White before Black).
    pub fn problems(&self) -> impl Iterator<Item = Problem> + '_ {
        self.problems.iter().flat_map(|kind| self.details(kind))
    }

    /// Returns the problems of one kind, with the squares or colours involved.
    fn details(&self, kind: Problems) -> ArrayVec<Problem, 2> {
        let board = &self.setup.board;
        let kings = |color| board.by_piece(Piece::new(color, Role::King)).len();
        let checkers = || match board.king_of(self.setup.turn) {
            Some(king) => board.attackers_to(king, !self.setup.turn, board.occupied()),
            None => Bitboard::EMPTY,
        };
        let mut found = ArrayVec::new();
        match kind {
            Problems::MISSING_KING => {
                found.extend(Color::ALL.into_iter().filter(|c| kings(*c) == 0).map(Problem::MissingKing));
            }
            Problems::TOO_MANY_KINGS => {
                found.extend(Color::ALL.into_iter().filter(|c| kings(*c) > 1).map(Problem::TooManyKings));
            }
            Problems::PAWNS_ON_BACK_RANK => {
                found.push(Problem::PawnsOnBackRank(board.by_role(Role::Pawn) & Bitboard::BACKRANKS));
            }
            Problems::OPPOSITE_CHECK => found.push(Problem::OppositeCheck),
            Problems::TOO_MANY_CHECKERS => found.push(Problem::TooManyCheckers(checkers())),
            Problems::IMPOSSIBLE_CHECK => found.push(Problem::ImpossibleCheck(checkers())),
            Problems::INVALID_CASTLING_RIGHTS => found.push(Problem::InvalidCastlingRights(invalid_castling_rights(
                board,
                self.setup.castling_rights,
                self.mode,
            ))),
            Problems::INVALID_EP_SQUARE => found.extend(self.setup.ep_square.map(Problem::InvalidEnPassant)),
            Problems::TOO_MUCH_MATERIAL => found.extend(
                Color::ALL.into_iter().filter(|c| has_too_much_material(board, *c)).map(Problem::TooMuchMaterial),
            ),
            _ => {}
        }
        found
    }

    /// Tells whether relaxed validation would accept the position.
    pub fn is_relaxable(&self) -> bool {
        Problems::RELAXABLE.contains(self.problems)
    }

    /// Returns the setup that failed.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Returns the setup that failed, to repair it by hand.
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Returns the validation that failed.
    pub fn validation(&self) -> Validation {
        self.validation
    }

    /// Returns the castling mode the setup was validated in (the one [`CastlingChoice`]
    /// chose).
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Drops the castling rights found invalid ([`Problem::InvalidCastlingRights`]) and
    /// validates again, as python-chess does when it reads such a FEN.
    ///
    /// ```
    /// use chess_core::{Position, Setup};
    ///
    /// let setup = Setup::from_fen("r3k3/8/8/8/8/8/8/R3K3 w KQq - 0 1").unwrap();
    /// let error = Position::from_setup(setup, chess_core::Validation::strict()).unwrap_err();
    /// assert_eq!(error.ignore_invalid_castling_rights().unwrap().to_fen(), "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1");
    /// ```
    pub fn ignore_invalid_castling_rights(self) -> Result<Position, PositionError> {
        let mut setup = self.setup;
        if self.problems.contains(Problems::INVALID_CASTLING_RIGHTS) {
            setup.castling_rights -= invalid_castling_rights(&setup.board, setup.castling_rights, self.mode);
        }
        Position::validate(setup, self.validation)
    }

    /// Validates again as Chess960, where a castling right may name any rook on the back
    /// rank with its king between: the repair when a FEN read as standard chess has castling
    /// rights that only Chess960 allows (the error's text then says so).
    ///
    /// ```
    /// use chess_core::{CastlingMode, FenError, Position};
    ///
    /// let error = "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1".parse::<Position>().unwrap_err();
    /// assert!(error.to_string().ends_with("; Chess960 allows these castling rights"));
    /// let FenError::Position(error) = error else { unreachable!() };
    /// assert_eq!(error.in_chess960()?.castling_mode(), CastlingMode::Chess960);
    /// # Ok::<(), chess_core::PositionError>(())
    /// ```
    pub fn in_chess960(self) -> Result<Position, PositionError> {
        Position::validate(self.setup, self.validation.castling(CastlingMode::Chess960))
    }

    /// Tells whether the castling rights found invalid in standard chess are valid in Chess960.
    fn castling_fits_chess960(&self) -> bool {
        let (board, rights) = (&self.setup.board, self.setup.castling_rights);
        self.mode == CastlingMode::Standard
            && self.problems.contains(Problems::INVALID_CASTLING_RIGHTS)
            && invalid_castling_rights(board, rights, CastlingMode::Chess960).is_empty()
    }

    /// Drops an en-passant square that no double pawn step left ([`Problem::InvalidEnPassant`])
    /// and validates again.
    pub fn ignore_invalid_ep_square(self) -> Result<Position, PositionError> {
        let mut setup = self.setup;
        if self.problems.contains(Problems::INVALID_EP_SQUARE) {
            setup.ep_square = None;
        }
        Position::validate(setup, self.validation)
    }

    /// Validates again accepting impossible checks ([`Problem::TooManyCheckers`] and
    /// [`Problem::ImpossibleCheck`]).
    pub fn ignore_impossible_check(self) -> Result<Position, PositionError> {
        let validation = self.validation.accept(Problems::TOO_MANY_CHECKERS | Problems::IMPOSSIBLE_CHECK);
        Position::validate(self.setup, validation)
    }

    /// Validates again accepting too much material ([`Problem::TooMuchMaterial`]).
    pub fn ignore_too_much_material(self) -> Result<Position, PositionError> {
        Position::validate(self.setup, self.validation.accept(Problems::TOO_MUCH_MATERIAL))
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, problem) in self.problems().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        if self.castling_fits_chess960() {
            f.write_str("; Chess960 allows these castling rights")?;
        }
        Ok(())
    }
}

impl core::error::Error for PositionError {}

impl Position {
    /// Validates a setup and turns it into a position.
    ///
    /// `validation` is a [`Validation`], or a [`CastlingMode`] or [`CastlingChoice`] for
    /// strict validation in that mode. On failure the error keeps the setup and can repair it
    /// (see [`PositionError`]).
    pub fn from_setup(setup: Setup, validation: impl Into<Validation>) -> Result<Position, PositionError> {
        Position::validate(setup, validation.into())
    }

    /// Returns the position's setup (its placement and state, without derived data).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rights: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    fn validate(setup: Setup, validation: Validation) -> Result<Position, PositionError> {
        let mode = validation.castling.resolve(&setup);
        let fail = |problems| Err(PositionError { setup, validation, mode, problems });
        let mut found = Problems::EMPTY;
        let board = &setup.board;
        // The problems of the placement and the fields, found whatever the kings.
        if (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
            found |= Problems::PAWNS_ON_BACK_RANK;
        }
        // Castling needs a king (none: no right is valid; two: none is judged).
        let single_kings = Color::ALL.into_iter().all(|c| board.by_piece(Piece::new(c, Role::King)).len() <= 1);
        if single_kings && invalid_castling_rights(board, setup.castling_rights, mode).any() {
            found |= Problems::INVALID_CASTLING_RIGHTS;
        }
        if setup.ep_square.is_some() && setup.plausible_ep_square().is_none() {
            found |= Problems::INVALID_EP_SQUARE;
        }
        if Color::ALL.into_iter().any(|color| has_too_much_material(board, color)) {
            found |= Problems::TOO_MUCH_MATERIAL;
        }
        // With several kings, the highest one counts, as python-chess's `king()` picks it.
        let their_king = board.by_piece(Piece::new(!setup.turn, Role::King)).last();
        if their_king.is_some_and(|king| board.attackers_to(king, setup.turn, board.occupied()).any()) {
            found |= Problems::OPPOSITE_CHECK;
        }
        // The other checks need one king of each colour.
        let mut kings_wrong = false;
        for color in Color::ALL {
            match board.by_piece(Piece::new(color, Role::King)).len() {
                0 => found |= Problems::MISSING_KING,
                1 => continue,
                _ => found |= Problems::TOO_MANY_KINGS,
            }
            kings_wrong = true;
        }
        if kings_wrong {
            return fail(found);
        }
        let fullmove_number = setup.fullmove_number.max(1);
        let pos = Position::from_parts(
            setup.board,
            setup.turn,
            setup.castling_rights,
            setup.ep_square,
            setup.halfmove_clock,
            fullmove_number,
            mode,
        );
        found |= pos.check_problem();
        let refused = found - (validation.accept & Problems::RELAXABLE);
        if refused.is_empty() { Ok(pos) } else { fail(refused) }
    }

    /// Finds checks that no legal last move could have given.
    fn check_problem(&self) -> Problems {
        let checkers = self.checkers();
        let king = self.king_of(self.turn);
        if checkers.len() > 2 {
            return Problems::TOO_MANY_CHECKERS;
        }
        if let Some(ep) = self.to_setup().plausible_ep_square() {
            // The last move was the double step: it must have given every check.
            let them = !self.turn;
            let pushed_to = Square::from_coords(ep.file(), Rank::Fourth.relative_to(them));
            let pushed_from = Square::from_coords(ep.file(), Rank::Second.relative_to(them));
            let before = (self.board.occupied() - pushed_to).with(pushed_from);
            let attacked_before = (self.board.attackers_to(king, them, before) - pushed_to).any();
            if checkers.more_than_one() || (checkers.any() && !checkers.contains(pushed_to) && attacked_before) {
                return Problems::IMPOSSIBLE_CHECK;
            }
        }
        if let (true, Some(a), Some(b)) = (checkers.more_than_one(), checkers.first(), checkers.last()) {
            let sliders = checkers & (self.board.diagonal_sliders() | self.board.straight_sliders());
            // A double check needs a discovered slider, and the two cannot share one line with the king.
            if sliders.is_empty() || attacks::aligned(a, b, king) {
                return Problems::IMPOSSIBLE_CHECK;
            }
        }
        Problems::EMPTY
    }
}

/// Returns the castling rooks that cannot castle: not a rook of the right colour on a home
/// rank, no single king on that rank, two rights on one side, or (standard chess) off the
/// corners or without the king on the e-file.
fn invalid_castling_rights(board: &Board, castling: Bitboard, mode: CastlingMode) -> Bitboard {
    let mut invalid = Bitboard::EMPTY;
    for color in Color::ALL {
        let rights = castling & Bitboard::backrank(color);
        let rooks = board.by_piece(Piece::new(color, Role::Rook));
        let Some(king) = board.king_of(color).filter(|king| Bitboard::backrank(color).contains(*king)) else {
            invalid |= rights;
            continue;
        };
        invalid |= rights - rooks;
        let below_king = Bitboard((1 << king as u32) - 1);
        let (queenside, kingside) = (rights & below_king, rights - below_king);
        if queenside.more_than_one() {
            invalid |= queenside;
        }
        if kingside.more_than_one() {
            invalid |= kingside;
        }
        if mode == CastlingMode::Standard && king != Square::E1.relative_to(color) {
            invalid |= rights;
        }
        if mode == CastlingMode::Standard {
            invalid |= rights - Bitboard::CORNERS;
        }
    }
    invalid | (castling - Bitboard::BACKRANKS)
}

/// Tells whether `color` has more pieces than sixteen, eight pawns and promotions allow.
fn has_too_much_material(board: &Board, color: Color) -> bool {
    let count = |role| board.count(Piece::new(color, role));
    let pawns = count(Role::Pawn);
    let promoted = count(Role::Knight).saturating_sub(2)
        + count(Role::Bishop).saturating_sub(2)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Queen).saturating_sub(1);
    board.by_color(color).len() > 16 || pawns > 8 || pawns + promoted > 8
}
