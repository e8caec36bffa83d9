//! Unvalidated positions ([`Setup`]) and their validation into a [`Position`].

use core::fmt;

use arrayvec::ArrayVec;

use crate::{Bitboard, Board, CastlingMode, Color, Piece, Position, Rank, Role, Square, attacks};

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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
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
    /// Tells whether relaxed validation accepts this problem (impossible checks, too much material).
    pub fn is_relaxable(self) -> bool {
        matches!(self, Problem::TooManyCheckers(_) | Problem::ImpossibleCheck(_) | Problem::TooMuchMaterial(_))
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

/// The problems that keep a [`Setup`] from being a legal [`Position`].
///
/// Stored compactly (a flag per kind of problem and the squares involved) so that
/// results carrying it stay small.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionError {
    kinds: u16,
    backrank_pawns: Bitboard,
    checkers: Bitboard,
    castling: Bitboard,
    ep_square: Option<Square>,
}

/// The order in which problems are reported; a problem's index is its flag bit.
const KINDS: [fn(&PositionError) -> Problem; 12] = [
    |_| Problem::MissingKing(Color::White),
    |_| Problem::MissingKing(Color::Black),
    |_| Problem::TooManyKings(Color::White),
    |_| Problem::TooManyKings(Color::Black),
    |e| Problem::PawnsOnBackRank(e.backrank_pawns),
    |_| Problem::OppositeCheck,
    |e| Problem::TooManyCheckers(e.checkers),
    |e| Problem::ImpossibleCheck(e.checkers),
    |e| Problem::InvalidCastlingRights(e.castling),
    |e| Problem::InvalidEnPassant(e.ep_square.unwrap_or(Square::A1)),
    |_| Problem::TooMuchMaterial(Color::White),
    |_| Problem::TooMuchMaterial(Color::Black),
];

impl PositionError {
    fn empty() -> PositionError {
        PositionError {
            kinds: 0,
            backrank_pawns: Bitboard::EMPTY,
            checkers: Bitboard::EMPTY,
            castling: Bitboard::EMPTY,
            ep_square: None,
        }
    }

    fn add(&mut self, problem: Problem) {
        let kind = match problem {
            Problem::MissingKing(color) => color.index(),
            Problem::TooManyKings(color) => 2 + color.index(),
            Problem::PawnsOnBackRank(squares) => {
                self.backrank_pawns = squares;
                4
            }
            Problem::OppositeCheck => 5,
            Problem::TooManyCheckers(checkers) => {
                self.checkers = checkers;
                6
            }
            Problem::ImpossibleCheck(checkers) => {
                self.checkers = checkers;
                7
            }
            Problem::InvalidCastlingRights(rooks) => {
                self.castling = rooks;
                8
            }
            Problem::InvalidEnPassant(square) => {
                self.ep_square = Some(square);
                9
            }
            Problem::TooMuchMaterial(color) => 10 + color.index(),
        };
        self.kinds |= 1 << kind;
    }

    /// Iterates over the problems found, at least one.
    pub fn problems(&self) -> impl Iterator<Item = Problem> + '_ {
        KINDS.iter().enumerate().filter(|(kind, _)| self.kinds & (1 << kind) != 0).map(|(_, problem)| problem(self))
    }

    /// Tells whether relaxed validation would accept the position.
    pub fn is_relaxable(&self) -> bool {
        self.problems().all(Problem::is_relaxable)
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
        Ok(())
    }
}

impl core::error::Error for PositionError {}

impl Position {
    /// Validates a setup strictly and turns it into a position.
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::validate(setup, mode, false)
    }

    /// Validates a setup but accepts impossible checks and too much material
    /// (for analysis tools and constructed test positions).
    pub fn from_setup_relaxed(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::validate(setup, mode, true)
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

    fn validate(setup: Setup, mode: CastlingMode, relaxed: bool) -> Result<Position, PositionError> {
        let mut error = PositionError::empty();
        let relaxable = |p: &Problem| relaxed && p.is_relaxable();
        let mut problems = ArrayVec::<Problem, 12>::new();
        let board = &setup.board;
        for color in Color::ALL {
            match board.by_piece(Piece::new(color, Role::King)).len() {
                0 => problems.push(Problem::MissingKing(color)),
                1 => {}
                _ => problems.push(Problem::TooManyKings(color)),
            }
        }
        if !problems.is_empty() {
            problems.iter().for_each(|p| error.add(*p));
            return Err(error);
        }

        let pawns_on_backrank = board.by_role(Role::Pawn) & Bitboard::BACKRANKS;
        if pawns_on_backrank.any() {
            problems.push(Problem::PawnsOnBackRank(pawns_on_backrank));
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
        let them = !pos.turn;
        if pos.attackers_to(pos.king_of(them), pos.turn).any() {
            problems.push(Problem::OppositeCheck);
        }
        let bad_castling = pos.invalid_castling_rights();
        if bad_castling.any() {
            problems.push(Problem::InvalidCastlingRights(bad_castling));
        }
        if let Some(ep) = pos.ep_square {
            if !pos.is_plausible_ep_square(ep) {
                problems.push(Problem::InvalidEnPassant(ep));
            }
        }
        if let Some(problem) = pos.check_problem() {
            problems.push(problem);
        }
        for color in Color::ALL {
            if has_too_much_material(board, color) {
                problems.push(Problem::TooMuchMaterial(color));
            }
        }
        problems.retain(|p| !relaxable(p));
        if problems.is_empty() {
            Ok(pos)
        } else {
            problems.iter().for_each(|p| error.add(*p));
            Err(error)
        }
    }

    /// Returns the castling rooks that cannot castle: not a rook of the right colour on a
    /// home rank, no king between, two rights on one side, or (standard chess) off the corners.
    fn invalid_castling_rights(&self) -> Bitboard {
        let mut invalid = Bitboard::EMPTY;
        for color in Color::ALL {
            let rights = self.castling & Bitboard::backrank(color);
            let rooks = self.board.by_piece(Piece::new(color, Role::Rook));
            let king = self.king_of(color);
            if !Bitboard::backrank(color).contains(king) {
                invalid |= rights;
                continue;
            }
            invalid |= rights - rooks;
            let below_king = Bitboard((1 << king as u32) - 1);
            let (queenside, kingside) = (rights & below_king, rights - below_king);
            if queenside.more_than_one() {
                invalid |= queenside;
            }
            if kingside.more_than_one() {
                invalid |= kingside;
            }
            if self.mode == CastlingMode::Standard && king != Square::E1.relative_to(color) {
                invalid |= rights;
            }
            if self.mode == CastlingMode::Standard {
                invalid |= rights - Bitboard::CORNERS;
            }
        }
        invalid | (self.castling - Bitboard::BACKRANKS)
    }

    /// Tells whether `ep` can follow a double step of the opponent's pawn.
    fn is_plausible_ep_square(&self, ep: Square) -> bool {
        let them = !self.turn;
        if ep.rank() != Rank::Sixth.relative_to(self.turn) {
            return false;
        }
        let pushed_to = Square::from_coords(ep.file(), Rank::Fourth.relative_to(them));
        let pushed_from = Square::from_coords(ep.file(), Rank::Second.relative_to(them));
        self.board.by_piece(Piece::new(them, Role::Pawn)).contains(pushed_to)
            && !self.board.occupied().contains(ep)
            && !self.board.occupied().contains(pushed_from)
    }

    /// Finds checks that no legal last move could have given.
    fn check_problem(&self) -> Option<Problem> {
        let checkers = self.checkers();
        let king = self.king_of(self.turn);
        if checkers.len() > 2 {
            return Some(Problem::TooManyCheckers(checkers));
        }
        if let Some(ep) = self.ep_square.filter(|ep| self.is_plausible_ep_square(*ep)) {
            // The last move was the double step: it must have given every check.
            let them = !self.turn;
            let pushed_to = Square::from_coords(ep.file(), Rank::Fourth.relative_to(them));
            let pushed_from = Square::from_coords(ep.file(), Rank::Second.relative_to(them));
            let before = (self.board.occupied() - pushed_to).with(pushed_from);
            let attacked_before = (self.board.attackers_to(king, them, before) - pushed_to).any();
            if checkers.more_than_one() || (checkers.any() && !checkers.contains(pushed_to) && attacked_before) {
                return Some(Problem::ImpossibleCheck(checkers));
            }
        }
        if checkers.more_than_one() {
            let (a, b) = (checkers.first()?, checkers.last()?);
            let sliders = checkers & (self.board.diagonal_sliders() | self.board.straight_sliders());
            // A double check needs a discovered slider, and the two cannot share one line with the king.
            if sliders.is_empty() || attacks::aligned(a, b, king) {
                return Some(Problem::ImpossibleCheck(checkers));
            }
        }
        None
    }
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
