//! Moves on any board: [`FreePosition`], python-chess's rules for setups that are not legal
//! positions.
//!
//! It is a separate generator rather than a mode of the fast one (`movegen.rs`) because
//! python-chess's rules on such boards are not king safety (the highest king only, other kings
//! left out of evasions, its en-passant test, its castling rights): they would put branches
//! into the fast generator's loop. Both share the attack tables, the pawns' pushes and the
//! castling path test, and on legal positions they give the same moves and positions
//! (`tests/free_position.rs`, on the perft suites and random games).

use crate::san::{SanContext, Suffix};
use crate::{
    Bitboard, Board, CastlingMode, CastlingSide, Color, File, Lan, Move, MoveList, Piece, Position, Rank, Role, San,
    SanError, SanPlus, Setup, Square, UciMove, attacks, zobrist,
};

/// Any [`Setup`] with a castling mode, to generate and play moves on as python-chess 1.11.2
/// does. Never fails and never panics, whatever the setup.
///
/// A [`Position`] holds only legal positions. python-chess generates and plays moves on any
/// board: no king, several kings, pawns on the back ranks, the side not to move in check, too
/// many checkers. `FreePosition` gives those moves, in python-chess's order, by its rules:
///
/// - the side to move's *king* is its king on the highest square (python-chess's `king()`);
///   without one, every pseudo-legal move is legal;
/// - a legal move keeps that king safe as python-chess decides it: in check, only that king's
///   steps (off the checking lines, onto unattacked squares) and, against one checker, moves
///   of pieces other than kings onto the checker or between it and the king; a piece between
///   the king and an enemy slider stays on that line; en passant is refused when it leaves a
///   pin or uncovers the king along a rank or diagonal. Other kings of the side move as pieces;
/// - castling needs a castling right that counts ([`FreePosition::castling_rights`]); the
///   side's lowest king on its back rank castles, not from, through or onto an attacked square;
/// - a pawn on its own back rank moves too, one square or two (onto the third rank);
/// - moves are played with python-chess's `push` bookkeeping ([`FreePosition::play_unchecked`]).
///
/// # Examples
///
/// ```
/// use chess_core::{CastlingMode, FreePosition, Move, Setup, Square};
///
/// // A lone white king: not a legal position, but python-chess plays from it.
/// let setup = Setup::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1")?;
/// let mut pos = FreePosition::new(setup, CastlingMode::Standard);
/// assert_eq!(pos.legal_moves().len(), 3);
/// pos.play_unchecked(Move::new(Square::A1, Square::B1));
/// pos.play_null();
/// assert_eq!(pos.legal_moves().len(), 5);
/// assert_eq!(pos.setup().to_string(), "8/8/8/8/8/8/8/1K6 w - - 2 2");
/// # Ok::<(), chess_core::FenError>(())
/// ```
///
/// ```
/// use chess_core::{CastlingMode, FreePosition, Move, Setup, Square::*};
///
/// // No kings at all: every pseudo-legal move is legal, and a pawn on the first rank moves.
/// let setup = Setup::from_fen("8/8/8/8/8/8/8/P6q w - - 0 1")?;
/// let pos = FreePosition::new(setup, CastlingMode::Standard);
/// assert_eq!(pos.king_of(chess_core::Color::White), None);
/// assert!(pos.is_legal(Move::new(A1, A3)));
/// assert_eq!(pos.san(Move::new(A1, A3)).to_string(), "a3");
/// # Ok::<(), chess_core::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FreePosition {
    setup: Setup,
    mode: CastlingMode,
    /// Whether a move was played: python-chess cleans the castling rights of the board it is
    /// given, and after its first move keeps them as its moves leave them.
    played: bool,
}

impl From<Position> for FreePosition {
    fn from(pos: Position) -> FreePosition {
        FreePosition::new(pos.to_setup(), pos.castling_mode())
    }
}

impl FreePosition {
    /// Takes any setup; `mode` is python-chess's `chess960` flag (it decides which castling
    /// rights count).
    pub fn new(setup: Setup, mode: CastlingMode) -> FreePosition {
        FreePosition { setup, mode, played: false }
    }

    /// Returns the setup (its castling rights as given, not cleaned).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Returns the castling mode.
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Validates the setup into a [`Position`], when it is a legal position.
    pub fn to_position(&self) -> Result<Position, crate::PositionError> {
        Position::from_setup(self.setup, self.mode)
    }

    /// Returns the setup (as [`FreePosition::setup`] does, by value).
    pub fn to_setup(&self) -> Setup {
        self.setup
    }

    /// Returns the pieces.
    pub fn board(&self) -> &Board {
        &self.setup.board
    }

    /// Returns the side to move.
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// Returns the half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.setup.halfmove_clock
    }

    fn us(&self) -> Color {
        self.setup.turn
    }

    /// Returns `color`'s king: the one on the highest square when there are several (as
    /// python-chess's `king()`), `None` when there is none.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.board().by_piece(Piece::new(color, Role::King)).last()
    }

    /// Returns the enemy pieces attacking the side to move's king ([`FreePosition::king_of`]);
    /// none without a king.
    ///
    /// ```
    /// use chess_core::{Bitboard, CastlingMode, FreePosition, Setup, Square::*};
    ///
    /// // Three checkers, and no black king: python-chess plays on.
    /// let setup = Setup::from_fen("8/8/8/8/8/3n4/8/r3K2r w - - 0 1")?;
    /// let pos = FreePosition::new(setup, CastlingMode::Standard);
    /// assert_eq!(pos.checkers(), Bitboard::from(A1) | H1 | D3);
    /// assert_eq!(pos.legal_moves().len(), 2); // Ke2, Kd2
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn checkers(&self) -> Bitboard {
        match self.king_of(self.us()) {
            Some(king) => self.attackers(king, self.board().occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Tells whether the side to move's king is attacked.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Returns the enemy pieces attacking `square` with the given occupancy.
    fn attackers(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.board().attackers_to(square, !self.us(), occupied)
    }

    /// Returns the castling rights that count (python-chess's `clean_castling_rights`): rights
    /// of rooks of their colour on their back rank; in standard mode only in the corners and
    /// with a king on e1 or e8; in Chess960 with a king on the back rank, the outermost right on
    /// each side of the highest back-rank king. Once a move is played they are the rights as
    /// play left them: as python-chess, which cleans them only on a board without moves played.
    ///
    /// ```
    /// use chess_core::{Bitboard, CastlingMode, FreePosition, Move, Setup, Square::*};
    ///
    /// let mut pos = FreePosition::new(Setup::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?, CastlingMode::Standard);
    /// assert_eq!(pos.castling_rights(), Bitboard::from(A1) | H1);
    /// pos.play_unchecked(Move::new(H1, H8));
    /// assert_eq!(pos.castling_rights(), Bitboard::from(A1));
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn castling_rights(&self) -> Bitboard {
        if self.played {
            return self.setup.castling_rights;
        }
        let board = self.board();
        let mut clean = Bitboard::EMPTY;
        for color in Color::ALL {
            let backrank = Bitboard::backrank(color);
            let rights = self.setup.castling_rights & board.by_piece(Piece::new(color, Role::Rook)) & backrank;
            let kings = board.by_piece(Piece::new(color, Role::King)) & backrank;
            clean |= match self.mode {
                CastlingMode::Standard if kings.contains(Square::E1.relative_to(color)) => rights & Bitboard::CORNERS,
                CastlingMode::Standard => Bitboard::EMPTY,
                CastlingMode::Chess960 => match kings.last() {
                    Some(king) => {
                        let a_side = rights.first().filter(|rook| *rook < king);
                        let h_side = rights.last().filter(|rook| *rook > king);
                        a_side.into_iter().chain(h_side).collect()
                    }
                    None => Bitboard::EMPTY,
                },
            };
        }
        clean
    }

    /// Calls `f` with each pseudo-legal move from `from` to `to` in python-chess's order:
    /// pieces (highest square first), castling, pawn captures, pushes, double pushes, en
    /// passant. A pseudo-legal move may leave the king attacked or capture a king; castling
    /// is generated only when it is safe.
    pub fn for_each_pseudo_legal_move(
        &self,
        from: impl Into<Bitboard>,
        to: impl Into<Bitboard>,
        mut f: impl FnMut(Move),
    ) {
        self.pseudo_legal(from.into(), to.into(), &mut f);
    }

    fn pseudo_legal(&self, from: Bitboard, to: Bitboard, f: &mut impl FnMut(Move)) {
        let us = self.us();
        let board = self.board();
        let ours = board.by_color(us);
        let occupied = board.occupied();
        let pawns = board.by_role(Role::Pawn);
        for square in ((ours - pawns) & from).into_iter().rev() {
            for target in ((board.attacks_from(square) - ours) & to).into_iter().rev() {
                f(Move::new(square, target));
            }
        }
        if from.intersects(board.by_role(Role::King)) {
            self.castling(from, to, f);
        }
        let our_pawns = pawns & ours & from;
        if our_pawns.is_empty() {
            return;
        }
        let promote = |from, target, f: &mut dyn FnMut(Move)| {
            if Bitboard::BACKRANKS.contains(target) {
                for role in Role::PROMOTIONS {
                    f(Move::promote_to(from, target, role));
                }
            } else {
                f(Move::new(from, target));
            }
        };
        for square in our_pawns.into_iter().rev() {
            for target in (attacks::pawn(us, square) & board.by_color(!us) & to).into_iter().rev() {
                promote(square, target, f);
            }
        }
        let (single, double) = crate::movegen::pawn_pushes(us, our_pawns, !occupied);
        let back = |target: Square, steps: u32| match us {
            Color::White => Square::new(target as u32 - 8 * steps),
            Color::Black => Square::new(target as u32 + 8 * steps),
        };
        for target in (single & to).into_iter().rev() {
            promote(back(target, 1), target, f);
        }
        for target in (double & to).into_iter().rev() {
            f(Move::new(back(target, 2), target));
        }
        self.en_passant(from, to, f);
    }

    /// The en-passant captures onto the empty en-passant square by pawns on the fifth rank.
    fn en_passant(&self, from: Bitboard, to: Bitboard, f: &mut impl FnMut(Move)) {
        let Some(ep) = self.setup.ep_square.filter(|ep| to.contains(*ep) && !self.board().occupied().contains(*ep))
        else {
            return;
        };
        let us = self.us();
        let capturers = self.board().by_piece(Piece::new(us, Role::Pawn))
            & attacks::pawn(!us, ep)
            & Bitboard::from_rank(Rank::Fifth.relative_to(us))
            & from;
        for pawn in capturers.into_iter().rev() {
            f(Move::en_passant(pawn, ep));
        }
    }

    fn castling(&self, from: Bitboard, to: Bitboard, f: &mut impl FnMut(Move)) {
        let us = self.us();
        let backrank = Bitboard::backrank(us);
        let Some(king) = (self.board().by_piece(Piece::new(us, Role::King)) & backrank & from).first() else {
            return;
        };
        let checkers = self.attackers(king, self.board().occupied());
        for rook in (self.castling_rights() & backrank & to).into_iter().rev() {
            let side = CastlingSide::of_rook(king, rook);
            if self.board().castling_obstacle(us, side, king, rook, checkers).is_none() {
                f(Move::castle(king, rook));
            }
        }
    }

    /// Calls `f` with each legal move from `from` to `to`, in python-chess's order (see
    /// [`FreePosition`] for what python-chess calls legal on such boards).
    ///
    /// ```
    /// use chess_core::{Bitboard, CastlingMode, FreePosition, Setup, Square};
    ///
    /// let pos = FreePosition::new(Setup::default(), CastlingMode::Standard);
    /// let mut moves = Vec::new();
    /// pos.for_each_legal_move(Bitboard::FULL, Bitboard::FULL, |m| moves.push(pos.uci(m).to_string()));
    /// assert_eq!(moves[..4], ["g1h3", "g1f3", "b1c3", "b1a3"]);
    /// ```
    pub fn for_each_legal_move(&self, from: impl Into<Bitboard>, to: impl Into<Bitboard>, mut f: impl FnMut(Move)) {
        let (from, to) = (from.into(), to.into());
        let us = self.us();
        let Some(king) = self.king_of(us) else {
            return self.pseudo_legal(from, to, &mut f);
        };
        let blockers = self.board().check_info(king, us).pinned;
        let checkers = self.checkers();
        let mut safe = |m: Move| {
            if self.is_safe(king, blockers, m) {
                f(m);
            }
        };
        if checkers.is_empty() {
            self.pseudo_legal(from, to, &mut safe);
        } else {
            self.evasions(king, checkers, from, to, &mut safe);
        }
    }

    /// The moves python-chess tries against a check, before [`FreePosition::is_safe`].
    fn evasions(&self, king: Square, checkers: Bitboard, from: Bitboard, to: Bitboard, f: &mut impl FnMut(Move)) {
        let board = self.board();
        let sliders = checkers & (board.diagonal_sliders() | board.straight_sliders());
        let on_lines: Bitboard = sliders
            .into_iter()
            .fold(Bitboard::EMPTY, |lines, checker| lines | attacks::line(king, checker).without(checker));
        if from.contains(king) {
            for target in ((attacks::king(king) - board.by_color(self.us()) - on_lines) & to).into_iter().rev() {
                f(Move::new(king, target));
            }
        }
        let Some(checker) = checkers.single_square() else {
            return;
        };
        let target = attacks::between(king, checker).with(checker);
        self.pseudo_legal(from - board.by_role(Role::King), to & target, f);
        if let Some(ep) = self.setup.ep_square.filter(|ep| !target.contains(*ep)) {
            if ep.offset(if self.us() == Color::White { -8 } else { 8 }) == Some(checker) {
                self.en_passant(from, to, f);
            }
        }
    }

    /// python-chess's test that a generated move keeps the king on `king` safe: the king
    /// steps onto an unattacked square (castling was tested when generated), en passant
    /// neither leaves a pin nor uncovers a rank or diagonal, another piece between the king
    /// and an enemy slider (`blockers`) stays on that line.
    fn is_safe(&self, king: Square, blockers: Bitboard, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        if from == king {
            self.is_castling(m) || self.attackers(to, self.board().occupied()).is_empty()
        } else if self.is_en_passant(m) {
            (!blockers.contains(from) || attacks::aligned(king, from, to)) && !self.ep_skewered(king, from)
        } else {
            !blockers.contains(from) || attacks::aligned(from, to, king)
        }
    }

    /// Tells whether the king on `king` would stand attacked along its rank or a diagonal
    /// once the pawn on `capturer` takes en passant and the pawn behind the en-passant square
    /// is gone.
    fn ep_skewered(&self, king: Square, capturer: Square) -> bool {
        let Some(ep) = self.setup.ep_square else {
            return false;
        };
        let board = self.board();
        let mut occupied = board.occupied().without(capturer).with(ep);
        if let Some(victim) = ep.offset(if self.us() == Color::White { -8 } else { 8 }) {
            occupied = occupied.without(victim);
        }
        let theirs = board.by_color(!self.us());
        let along_rank = attacks::rook(king, occupied) & Bitboard::from_rank(king.rank());
        (along_rank & board.straight_sliders() & theirs).any()
            || (attacks::bishop(king, occupied) & board.diagonal_sliders() & theirs).any()
    }

    /// Returns the legal moves from squares in `from` to squares in `to` (castling counts as
    /// a move to the rook's square), in python-chess's order.
    pub fn legal_moves_masked(&self, from: impl Into<Bitboard>, to: impl Into<Bitboard>) -> MoveList {
        let mut moves = MoveList::new();
        // No board has more than MAX_LEGAL_MOVES pseudo-legal moves (see its proof).
        self.for_each_legal_move(from.into(), to.into(), |m| {
            let _ = moves.try_push(m);
        });
        moves
    }

    /// Returns the legal moves, in python-chess's order.
    pub fn legal_moves(&self) -> MoveList {
        self.legal_moves_masked(Bitboard::FULL, Bitboard::FULL)
    }

    /// Returns the pseudo-legal moves from `from` to `to`, in python-chess's order.
    pub fn pseudo_legal_moves_masked(&self, from: impl Into<Bitboard>, to: impl Into<Bitboard>) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_pseudo_legal_move(from.into(), to.into(), |m| {
            let _ = moves.try_push(m);
        });
        moves
    }

    /// Returns the pseudo-legal moves, in python-chess's order.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        self.pseudo_legal_moves_masked(Bitboard::FULL, Bitboard::FULL)
    }

    /// Returns a key that is equal for positions python-chess counts as the same in a
    /// repetition: the pieces, the side to move, the castling rights that count
    /// ([`FreePosition::castling_rights`]) and the en-passant file when a legal capture is
    /// there. Equal to [`Position::repetition_key`] on a legal position.
    ///
    /// ```
    /// use chess_core::{CastlingMode, FreePosition, Move, Setup, Square::*};
    ///
    /// let mut pos = FreePosition::new(Setup::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1")?, CastlingMode::Standard);
    /// let start = pos.repetition_key();
    /// for m in [Move::new(A1, B1), Move::NULL, Move::new(B1, A1), Move::NULL] {
    ///     pos.play_unchecked(m);
    /// }
    /// assert_eq!(pos.repetition_key(), start);
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn repetition_key(&self) -> u64 {
        let board = self.board();
        let mut key = 0;
        for square in board.occupied() {
            if let Some(piece) = board.piece_at(square) {
                key ^= zobrist::piece(piece, square);
            }
        }
        if self.us() == Color::White {
            key ^= zobrist::WHITE_TO_MOVE;
        }
        for rook in self.castling_rights() {
            let color = if rook.rank() == Rank::First { Color::White } else { Color::Black };
            let king = (board.by_piece(Piece::new(color, Role::King)) & Bitboard::backrank(color)).last();
            let side =
                if king.is_some_and(|king| rook < king) { CastlingSide::QueenSide } else { CastlingSide::KingSide };
            key ^= zobrist::castling(color, side);
        }
        if let Some(square) = self.legal_ep_square() {
            key ^= zobrist::en_passant(square.file());
        }
        key
    }

    /// Returns the en-passant square when a legal capture is there.
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.legal_moves().iter().find(|m| m.is_en_passant()).map(|m| m.to())
    }

    /// Tells whether a pseudo-legal move can never be undone, as python-chess judges it: it
    /// resets the halfmove clock, gives up a castling right that counts, or an en-passant
    /// capture is legal now.
    pub fn is_irreversible(&self, m: Move) -> bool {
        if self.is_zeroing(m) || self.legal_ep_square().is_some() {
            return true;
        }
        let mut after = *self;
        after.play_unchecked(m);
        after.castling_rights() != self.castling_rights()
    }

    /// Tells whether the side to move has a legal move.
    pub fn has_legal_moves(&self) -> bool {
        let mut any = false;
        self.for_each_legal_move(Bitboard::FULL, Bitboard::FULL, |_| any = true);
        any
    }

    /// Tells whether the side to move is in check without a legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Tells whether the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Tells whether this exact move (castling as [`Move::castle`], en passant as
    /// [`Move::en_passant`]; see [`FreePosition::move_from_squares`]) is legal.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_legal_move(m.from(), m.to(), |legal| found |= legal == m);
        found
    }

    /// Tells whether this exact move is pseudo-legal.
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_pseudo_legal_move(m.from(), m.to(), |legal| found |= legal == m);
        found
    }

    /// Tells whether a pseudo-legal move leaves the king attacked as python-chess judges it
    /// (`is_into_check`): it is not legal. Without a king, no move is.
    pub fn is_into_check(&self, m: Move) -> bool {
        self.king_of(self.us()).is_some() && !self.is_legal(m)
    }

    /// Tells whether the side that just moved left its king attacked (python-chess's
    /// `was_into_check`, its king being the highest one).
    ///
    /// ```
    /// use chess_core::{CastlingMode, FreePosition, Setup};
    ///
    /// let pos = FreePosition::new(Setup::from_fen("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")?, CastlingMode::Standard);
    /// assert!(pos.was_into_check());
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn was_into_check(&self) -> bool {
        let mover = !self.us();
        let board = self.board();
        self.king_of(mover).is_some_and(|king| board.attackers_to(king, self.us(), board.occupied()).any())
    }

    /// Returns the legal move of these squares (see [`FreePosition::move_from_squares`]), if
    /// it is one.
    pub fn legal_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        Some(self.move_from_squares(from, to, promotion)).filter(|&m| self.is_legal(m))
    }

    /// Returns the move python-chess's `push` makes of these squares: a king's two-square step
    /// from e1 or e8 without a rook on the target (in either mode) is castling with the corner
    /// rook, a king onto its own piece castles, a pawn's diagonal step onto the empty
    /// en-passant square takes en passant.
    ///
    /// ```
    /// use chess_core::{CastlingMode, FreePosition, Move, Setup, Square::*};
    ///
    /// let pos = FreePosition::new(Setup::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?, CastlingMode::Standard);
    /// assert_eq!(pos.move_from_squares(E1, G1, None), Move::castle(E1, H1));
    /// assert_eq!(pos.move_from_squares(E1, F1, None), Move::new(E1, F1));
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn move_from_squares(&self, from: Square, to: Square, promotion: Option<Role>) -> Move {
        let board = self.board();
        let to = match (from, to) {
            (Square::E1, Square::G1)
            | (Square::E8, Square::G8)
            | (Square::E1, Square::C1)
            | (Square::E8, Square::C8)
                if board.by_role(Role::King).contains(from) && !board.by_role(Role::Rook).contains(to) =>
            {
                Square::from_coords(if to.file() == File::G { File::H } else { File::A }, to.rank())
            }
            _ => to,
        };
        let m = Move::new(from, to);
        if let Some(role) = promotion {
            Move::promote(from, to, role).unwrap_or(m)
        } else if board.by_role(Role::King).contains(from) && board.by_color(self.us()).contains(to) && from != to {
            Move::castle(from, to)
        } else if self.is_en_passant(m) {
            Move::en_passant(from, to)
        } else {
            m
        }
    }

    /// Returns a move in UCI form as python-chess writes it: in standard mode castling from e1
    /// or e8 as the king's two-square step, otherwise as the king taking its rook.
    ///
    /// ```
    /// use chess_core::{CastlingMode, FreePosition, Move, Setup, Square::*};
    ///
    /// let pos = FreePosition::new(Setup::from_fen("8/8/8/8/8/8/8/4K2R w K - 0 1")?, CastlingMode::Standard);
    /// assert_eq!(pos.uci(Move::castle(E1, H1)).to_string(), "e1g1");
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn uci(&self, m: Move) -> UciMove {
        match m.castling_side() {
            Some(side) if self.mode == CastlingMode::Standard && matches!(m.from(), Square::E1 | Square::E8) => {
                let color = if m.from() == Square::E1 { Color::White } else { Color::Black };
                UciMove::Normal { from: m.from(), to: side.king_to(color), promotion: None }
            }
            _ => m.to_uci_chess960(),
        }
    }

    /// Tells whether a move is a pawn's capture en passant, as python-chess judges it: a pawn
    /// steps diagonally onto the empty en-passant square.
    pub fn is_en_passant(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        self.setup.ep_square == Some(to)
            && self.board().by_role(Role::Pawn).contains(from)
            && matches!(from.index().abs_diff(to.index()), 7 | 9)
            && !self.board().occupied().contains(to)
    }

    /// Tells whether a move is castling, as python-chess judges it: a king moving more than one
    /// file or onto its own rook.
    pub fn is_castling(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let own_rooks = self.board().by_piece(Piece::new(self.us(), Role::Rook));
        self.board().by_role(Role::King).contains(from)
            && (from.file().index().abs_diff(to.file().index()) > 1 || own_rooks.contains(to))
    }

    /// Returns the piece a move captures, if any (the pawn for en passant; castling onto the
    /// rook captures nothing).
    pub fn captured(&self, m: Move) -> Option<Role> {
        if self.is_en_passant(m) {
            return Some(Role::Pawn);
        }
        let enemy = self.board().by_color(!self.us());
        enemy.contains(m.to()).then(|| self.board().role_at(m.to())).flatten()
    }

    /// Tells whether a move captures: it touches an enemy piece, or takes en passant.
    pub fn is_capture(&self, m: Move) -> bool {
        let touched = Bitboard::from(m.from()) ^ Bitboard::from(m.to());
        touched.intersects(self.board().by_color(!self.us())) || self.is_en_passant(m)
    }

    /// Tells whether a move resets the halfmove clock: it touches a pawn or an enemy piece.
    pub fn is_zeroing(&self, m: Move) -> bool {
        let touched = Bitboard::from(m.from()) ^ Bitboard::from(m.to());
        touched.intersects(self.board().by_role(Role::Pawn) | self.board().by_color(!self.us()))
    }

    /// Tells whether a move leaves the opponent in check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut child = *self;
        child.play_unchecked(m);
        child.is_check()
    }

    /// Plays any move as python-chess's `push` does, without checking it (the null move passes
    /// the turn): castling rights are cleaned first, then lost by the squares the move touches
    /// and by a king's move or capture on its back rank; a pawn's double step from its second
    /// rank leaves an en-passant square; the moved piece takes the mover's colour.
    ///
    /// ```
    /// use chess_core::{CastlingMode, FreePosition, Move, Setup, Square::*};
    ///
    /// // The king walks into check: python-chess pushes it all the same.
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")?;
    /// let mut pos = FreePosition::new(setup, CastlingMode::Standard);
    /// assert!(!pos.is_legal(Move::new(E1, E2)));
    /// pos.play_unchecked(Move::new(E1, E2));
    /// assert_eq!(pos.setup().to_string(), "4k3/8/8/8/8/8/3rK3/8 b - - 1 1");
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn play_unchecked(&mut self, m: Move) {
        if m.is_null() {
            return self.play_null();
        }
        let m = self.move_from_squares(m.from(), m.to(), m.promotion());
        let us = self.us();
        let (from, to) = (m.from(), m.to());
        let ep_square = self.setup.ep_square;
        let mut rights = self.castling_rights();
        let zeroing = self.is_zeroing(m);
        let en_passant = self.is_en_passant(m);
        self.play_null();
        if zeroing {
            self.setup.halfmove_clock = 0;
        }
        let board = &mut self.setup.board;
        let Some(piece) = board.remove_piece_at(from) else {
            self.setup.castling_rights = rights;
            return;
        };
        let captured = board.piece_at(to);
        rights = rights.without(from).without(to);
        if piece.role == Role::King {
            rights -= Bitboard::backrank(us);
        } else if captured.is_some_and(|p| p.role == Role::King) && Bitboard::backrank(!us).contains(to) {
            rights -= Bitboard::backrank(!us);
        }
        if piece.role == Role::Pawn {
            // Up two squares from the second rank or down two from the seventh, whoever moves.
            let double_step = match to as i32 - from as i32 {
                16 => from.rank() == Rank::Second,
                -16 => from.rank() == Rank::Seventh,
                _ => false,
            };
            if double_step {
                self.setup.ep_square = Some(Square::new((from as u32 + to as u32) / 2));
            } else if en_passant && captured.is_none() {
                if let Some(victim) = ep_square.and_then(|ep| ep.offset(if us == Color::White { -8 } else { 8 })) {
                    board.remove_piece_at(victim);
                }
            }
        }
        let role = m.promotion().unwrap_or(piece.role);
        if role == Role::King && board.by_color(us).contains(to) {
            let side = if to.file() < from.file() { CastlingSide::QueenSide } else { CastlingSide::KingSide };
            board.remove_piece_at(to);
            board.set_piece_at(side.king_to(us), Piece::new(us, Role::King));
            board.set_piece_at(side.rook_to(us), Piece::new(us, Role::Rook));
        } else {
            board.set_piece_at(to, Piece::new(us, role));
        }
        self.setup.castling_rights = rights;
    }

    /// Passes the turn, as python-chess's `push(Move.null())` does in any position: the
    /// en-passant square goes, the clocks advance, the castling rights are kept as
    /// [`FreePosition::castling_rights`] gives them.
    pub fn play_null(&mut self) {
        self.setup.castling_rights = self.castling_rights();
        self.played = true;
        let setup = &mut self.setup;
        setup.ep_square = None;
        setup.halfmove_clock = setup.halfmove_clock.saturating_add(1);
        if setup.turn == Color::Black {
            setup.fullmove_number = setup.fullmove_number.saturating_add(1);
        }
        setup.turn = !setup.turn;
    }

    /// Returns a move's SAN without the check mark, as python-chess writes it: a king is told
    /// apart from another king of its side like any piece; the null move is `--`.
    pub fn san_without_suffix(&self, m: Move) -> San {
        crate::san::san_without_suffix(self, m)
    }

    /// Returns a move's SAN with its check (`+`) or mate (`#`) mark.
    pub fn san(&self, m: Move) -> SanPlus {
        SanPlus { san: self.san_without_suffix(m), suffix: SanContext::suffix(self, m) }
    }

    /// Returns a move in long algebraic notation (`Ng1-f3`).
    pub fn lan(&self, m: Move) -> Lan {
        crate::san::lan(self, m)
    }

    /// Reads a SAN move leniently and finds it among the legal moves; `--` and `Z0` are the
    /// null move, as python-chess reads them.
    ///
    /// ```
    /// use chess_core::{CastlingMode, FreePosition, Move, Setup, Square::*};
    ///
    /// let pos = FreePosition::new(Setup::from_fen("8/8/8/8/8/8/8/R7 w - - 0 1")?, CastlingMode::Standard);
    /// assert_eq!(pos.parse_san("Ra8")?, Move::new(A1, A8));
    /// assert_eq!(pos.parse_san("--")?, Move::NULL);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        match text.parse::<SanPlus>()?.san {
            San::Null => Ok(Move::NULL),
            san => crate::san::find_move(san, self),
        }
    }
}

impl SanContext for FreePosition {
    fn for_each_legal_move_masked(&self, from: Bitboard, to: Bitboard, f: impl FnMut(Move)) {
        self.for_each_legal_move(from, to, f);
    }

    fn suffix(&self, m: Move) -> Option<Suffix> {
        if m.is_null() {
            return None;
        }
        let mut child = *self;
        child.play_unchecked(m);
        match (child.is_check(), child.has_legal_moves()) {
            (false, _) => None,
            (true, true) => Some(Suffix::Check),
            (true, false) => Some(Suffix::Checkmate),
        }
    }
}
