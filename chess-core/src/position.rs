//! A legal chess position: placement, side to move, castling rights, en passant, clocks.

use crate::board::CheckInfo;
use crate::{
    Bitboard, Board, CastlingMode, CastlingSide, Color, IllegalMoveReason, Move, Piece, Rank, Role, Square, attacks,
    zobrist,
};

/// A chess position that can be played from: validated, with its Zobrist key and check
/// information kept up to date as moves are played.
///
/// Positions are small (`Copy`, at most 128 bytes), so search and perft copy them
/// rather than undoing moves.
///
/// # Examples
///
/// ```
/// use chess_core::{Bitboard, Position, Square};
///
/// let mut pos = Position::new();
/// let e4 = pos.parse_san("e4").unwrap();
/// pos.play(e4).unwrap();
/// assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert_eq!(pos.legal_moves_masked(Square::G8, Bitboard::FULL).len(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    /// The rooks that may still castle, by their squares.
    pub(crate) castling: Bitboard,
    pub(crate) key: u64,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) turn: Color,
    /// The square a pawn skipped with its double step on the last move, if any.
    pub(crate) ep_square: Option<Square>,
    pub(crate) mode: CastlingMode,
}

// Search and perft copy positions instead of undoing moves: keep them small.
const _: () = assert!(core::mem::size_of::<Position>() <= 128);

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// Returns the standard starting position.
    pub fn new() -> Position {
        Position::from_parts(Board::new(), Color::White, Bitboard::CORNERS, None, 0, 1, CastlingMode::Standard)
    }

    /// Builds a position from parts already checked, computing the key and check information.
    pub(crate) fn from_parts(
        board: Board,
        turn: Color,
        castling: Bitboard,
        ep_square: Option<Square>,
        halfmove_clock: u32,
        fullmove_number: u32,
        mode: CastlingMode,
    ) -> Position {
        let mut pos = Position { board, castling, key: 0, halfmove_clock, fullmove_number, turn, ep_square, mode };
        pos.key = pos.compute_key();
        pos
    }

    /// Returns the placement of the pieces.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Returns the side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Returns the piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.piece_at(square)
    }

    /// Returns the square of `color`'s king.
    #[inline]
    pub fn king_of(&self, color: Color) -> Square {
        Square::new(self.board.by_piece(Piece::new(color, Role::King)).0.trailing_zeros())
    }

    /// Returns the pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king_of(self.turn), !self.turn)
    }

    /// Tells whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Returns the pieces of `attacker` that attack `square`.
    #[inline]
    pub fn attackers_to(&self, square: Square, attacker: Color) -> Bitboard {
        self.board.attackers_to(square, attacker, self.board.occupied())
    }

    /// Returns the side to move's pieces that are pinned to their king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.check_info().pinned
    }

    /// Returns the squares of the rooks that still have castling rights (both colours).
    #[inline]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// Returns the square of the rook `color` may castle with on `side`, if the right remains.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let rooks = self.castling & Bitboard::backrank(color);
        let king = self.king_of(color);
        match side {
            CastlingSide::KingSide => rooks.last().filter(|rook| *rook > king),
            CastlingSide::QueenSide => rooks.first().filter(|rook| *rook < king),
        }
    }

    /// Tells whether `color` keeps the right to castle on `side`.
    pub fn has_castling_right(&self, color: Color, side: CastlingSide) -> bool {
        self.castling_rook(color, side).is_some()
    }

    /// Returns the square skipped by a double pawn step on the last move, capturable or not.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Returns the en-passant square only if an en-passant capture is legal now.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let square = self.ep_square?;
        let pawns = self.our(Role::Pawn) & attacks::pawn(!self.turn, square);
        (pawns.any() && self.count_legal_moves_masked(pawns, Bitboard::from(square)) > 0).then_some(square)
    }

    /// Returns the number of half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Returns the move number, starting at 1 and increased after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Returns how castling is written for this position (standard or Chess960).
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Sets how castling is written; Chess960 mode is always possible, standard mode
    /// only when every castling rook stands in a corner and its king on the e-file (the
    /// position is unchanged otherwise).
    pub fn set_castling_mode(&mut self, mode: CastlingMode) -> Result<(), NotStandardCastling> {
        if mode == CastlingMode::Standard && !self.castling_fits_standard() {
            return Err(NotStandardCastling);
        }
        self.mode = mode;
        Ok(())
    }

    pub(crate) fn castling_fits_standard(&self) -> bool {
        self.castling.into_iter().all(|rook| {
            let color = if rook.rank() == Rank::First { Color::White } else { Color::Black };
            Bitboard::CORNERS.contains(rook) && self.king_of(color) == Square::E1.relative_to(color)
        })
    }

    /// Returns the Polyglot-compatible Zobrist key, kept up to date as moves are played.
    ///
    /// Castling keys are given per colour and side, so Chess960 positions get keys too.
    #[inline]
    pub fn zobrist_key(&self) -> u64 {
        self.key
    }

    /// Returns a key for judging repetitions by the FIDE notion of identity: the Zobrist key,
    /// but with the en-passant file counted only when an en-passant capture is legal.
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square {
            Some(square) if self.ep_key() != 0 && self.legal_ep_square().is_none() => {
                self.key ^ zobrist::en_passant(square.file())
            }
            _ => self.key,
        }
    }

    /// Computes the Zobrist key from scratch (the incremental key must always equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                for square in self.board.by_piece(piece) {
                    key ^= zobrist::piece(piece, square);
                }
            }
        }
        key ^= self.castling_key() ^ self.ep_key();
        if self.turn == Color::White {
            key ^= zobrist::WHITE_TO_MOVE;
        }
        key
    }

    fn castling_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.has_castling_right(color, side) {
                    key ^= zobrist::castling(color, side);
                }
            }
        }
        key
    }

    /// The en-passant key counts only when a pawn of the side to move stands ready to capture.
    ///
    /// Without branches: the table is indexed by the square, 64 standing for none (the value
    /// `Option<Square>` already holds for `None`), and the key is masked by the test.
    #[inline(always)]
    fn ep_key(&self) -> u64 {
        let index = match self.ep_square {
            Some(square) => square as usize,
            None => 64,
        };
        let (file_key, capturers) = EN_PASSANT[self.turn as usize][index];
        file_key & 0u64.wrapping_sub(capturers.intersects(self.our(Role::Pawn)) as u64)
    }

    /// Returns the side to move's pieces of a role.
    #[inline]
    pub(crate) fn our(&self, role: Role) -> Bitboard {
        self.board.by_piece(Piece::new(self.turn, role))
    }

    /// Tells whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Tells whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Tells whether neither side can checkmate by any sequence of moves with this material
    /// (see [`Board::is_insufficient_material`]).
    pub fn is_insufficient_material(&self) -> bool {
        self.board.is_insufficient_material()
    }

    /// Tells whether `color` cannot possibly checkmate, whatever the opponent does
    /// (see [`Board::has_insufficient_material`]).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        self.board.has_insufficient_material(color)
    }

    /// Plays a move after checking that it is legal; on error the position is unchanged.
    ///
    /// The move is resolved by its squares and promotion ([`Position::resolve_move`]), so
    /// castling given as the king's two-square step (`Move::new(E1, G1)`) or as the king
    /// taking its rook, and en passant given as an ordinary move, are played as the legal
    /// move they mean. The error says why an illegal move is refused.
    ///
    /// ```
    /// use chess_core::{IllegalMoveReason, Move, Position, Square::*};
    ///
    /// let mut pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// pos.play(Move::new(E1, G1))?;
    /// assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    /// let error = pos.play(Move::new(E8, E6)).unwrap_err();
    /// assert!(matches!(error.reason, IllegalMoveReason::NoSuchMove { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let legal = self.resolve(m)?;
        self.play_unchecked(legal);
        Ok(())
    }

    /// Returns the legal move `m` means ([`Position::resolve_move`] of its squares and
    /// promotion), trying its exact encoding first.
    pub(crate) fn resolve(&self, m: Move) -> Result<Move, IllegalMoveError> {
        if self.is_legal(m) {
            Ok(m)
        } else if m.is_null() {
            Err(IllegalMoveError { mv: m, reason: IllegalMoveReason::NullMove })
        } else {
            self.resolve_move(m.from(), m.to(), m.promotion()).map_err(|reason| IllegalMoveError { mv: m, reason })
        }
    }

    /// Plays a move without checking it. The move must be legal in this position, in its
    /// exact encoding (from [`Position::legal_moves`], [`Position::resolve_move`] or checked
    /// with [`Position::is_legal`]); an
    /// illegal move leaves the position in an unspecified but memory-safe state.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let parent = *self;
        self.play_from(&parent, m);
    }

    /// Plays `m` on a position equal to `parent`, reading everything from `parent`.
    ///
    /// In a loop over the moves of one position (perft, search: `let mut child = *pos;
    /// child.play_from(pos, m)`) the compiler can then hoist what depends only on the parent
    /// (its en-passant key, clocks, side to move) out of the loop. The moving role is read from
    /// bits without a branch and the en-passant key comes from a table indexed by the square
    /// (64 for none). A capture takes a branch: measured, it beat a branch-free mask both on
    /// the start position (few captures) and on Kiwipete (many), because the mask version pays
    /// for the captured role's lookup on every move. Castling, en passant and lost castling
    /// rights, all rare, take branches too.
    #[inline(always)]
    pub(crate) fn play_from(&mut self, parent: &Position, m: Move) {
        self.play_keyed::<true>(parent, m);
    }

    /// Plays a legal move as [`Position::play_unchecked`] does, but leaves the Zobrist key as
    /// it was (0 for a position made by [`Position::without_key`]): for a PGN reader whose
    /// visitor does not look at keys.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn play_unchecked_without_key(&mut self, m: Move) {
        let parent = *self;
        self.play_keyed::<false>(&parent, m);
    }

    /// The position with a Zobrist key of 0, the key of every position a keyless reader
    /// plays (see [`Position::play_unchecked_without_key`]).
    #[cfg(feature = "alloc")]
    pub(crate) fn without_key(mut self) -> Position {
        self.key = 0;
        self
    }

    /// [`Position::play_from`], keeping the Zobrist key up to date when `KEY`.
    #[inline(always)]
    fn play_keyed<const KEY: bool>(&mut self, parent: &Position, m: Move) {
        let us = parent.turn;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let board = &parent.board;
        if !board.by_color(us).contains(from) {
            return;
        }
        let role = board.role_index_at(from);

        // The side to move changes, so the old en-passant key goes whatever the move.
        let mut key = if KEY { parent.key ^ parent.ep_key() ^ zobrist::WHITE_TO_MOVE } else { 0 };
        let mut halfmove_clock = parent.halfmove_clock.saturating_add(1);
        self.fullmove_number = parent.fullmove_number.saturating_add(us as u32);
        let mut ep_square = None;

        // Castling rights fall when the king moves or a move starts or ends on a rook's square.
        let king_rank = if role == Role::King as usize { Bitboard::backrank(us) } else { Bitboard::EMPTY };
        let lost_rights = (from | to) | king_rank;
        if parent.castling.intersects(lost_rights) {
            // Both keys are read before the board changes: the king of a side that keeps a
            // right has not moved, so the kings' squares give each rook's side correctly.
            self.castling = parent.castling - lost_rights;
            if KEY {
                key ^= parent.castling_key() ^ self.castling_key();
            }
        }

        if m.is_castle() {
            let side = CastlingSide::of_rook(from, to);
            let (king, rook) = (Piece::new(us, Role::King), Piece::new(us, Role::Rook));
            let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
            self.board.toggle(from, king);
            self.board.toggle(to, rook);
            self.board.toggle(king_to, king);
            self.board.toggle(rook_to, rook);
            if KEY {
                key ^= zobrist::piece(king, from)
                    ^ zobrist::piece(rook, to)
                    ^ zobrist::piece(king, king_to)
                    ^ zobrist::piece(rook, rook_to);
            }
        } else {
            if m.is_en_passant() {
                let victim = crate::moves::en_passant_victim(from, to);
                let pawn = Piece::new(them, Role::Pawn);
                self.board.toggle(victim, pawn);
                if KEY {
                    key ^= zobrist::piece(pawn, victim);
                }
            }
            // An ordinary capture (for en passant `to` is empty and the victim is gone already).
            let captured = board.by_color(them).contains(to);
            if captured {
                let captured_role = board.role_index_at(to);
                self.board.toggle_index(them, captured_role, Bitboard::from_square(to));
                if KEY {
                    key ^= zobrist::piece_index(them, captured_role, to);
                }
            }

            let landing = match m.promotion() {
                Some(promoted) => promoted as usize,
                None => role,
            };
            self.board.toggle_index(us, role, Bitboard::from_square(from));
            self.board.toggle_index(us, landing, Bitboard::from_square(to));
            if KEY {
                key ^= zobrist::piece_index(us, role, from) ^ zobrist::piece_index(us, landing, to);
            }

            let pawn_move = role == Role::Pawn as usize;
            if pawn_move | captured {
                halfmove_clock = 0;
            }
            if pawn_move && (from as u32 ^ to as u32) == 16 {
                ep_square = Some(Square::new((from as u32 + to as u32) / 2));
            }
        }

        self.turn = them;
        self.ep_square = ep_square;
        self.halfmove_clock = halfmove_clock;
        if KEY {
            self.key = key ^ self.ep_key();
        }
    }

    /// Passes the turn without moving (a null move, for search). Not allowed in check: the
    /// error names a checker and the position is unchanged.
    pub fn play_null(&mut self) -> Result<(), IllegalMoveError> {
        if let Some(checker_square) = self.checkers().first() {
            let checker = self.board.piece_at(checker_square).unwrap_or(Piece::new(!self.turn, Role::Pawn));
            let reason = IllegalMoveReason::LeavesKingInCheck { checker, checker_square };
            return Err(IllegalMoveError { mv: Move::NULL, reason });
        }
        self.key ^= self.ep_key();
        self.ep_square = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
        self.key ^= zobrist::WHITE_TO_MOVE;
        Ok(())
    }

    /// Finds the checkers and pinned pieces of the side to move ([`Board::check_info`]).
    ///
    /// Computed when needed rather than stored, so that playing a move stays cheap.
    #[inline]
    pub(crate) fn check_info(&self) -> CheckInfo {
        self.board.check_info(self.king_of(self.turn), self.turn)
    }

    /// Returns the piece a move captures, if any (the pawn for en passant).
    pub fn captured(&self, m: Move) -> Option<Role> {
        if m.is_en_passant() {
            Some(Role::Pawn)
        } else if m.is_castle() {
            None
        } else {
            self.board.by_color(!self.turn).contains(m.to()).then(|| self.board.role_at(m.to())).flatten()
        }
    }

    /// Tells whether a move captures a piece.
    pub fn is_capture(&self, m: Move) -> bool {
        self.captured(m).is_some()
    }

    /// Tells whether a legal move resets the halfmove clock (a capture or a pawn move).
    pub fn is_zeroing(&self, m: Move) -> bool {
        self.is_capture(m) || self.board.by_role(Role::Pawn).contains(m.from())
    }

    /// Tells whether no later move can lead back to a position before `m`: it captures, moves a
    /// pawn, gives up a castling right, or an en-passant capture is possible now (python-chess's
    /// `is_irreversible`). Positions repeat only between irreversible moves.
    ///
    /// ```
    /// use chess_core::Position;
    ///
    /// let pos = Position::new();
    /// assert!(pos.is_irreversible(pos.parse_san("e4")?));
    /// assert!(!pos.is_irreversible(pos.parse_san("Nf3")?));
    /// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse()?;
    /// assert!(pos.is_irreversible(pos.parse_san("Kd2")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_irreversible(&self, m: Move) -> bool {
        if self.is_zeroing(m) || self.legal_ep_square().is_some() {
            return true;
        }
        let mut after = *self;
        after.play_unchecked(m);
        after.castling != self.castling
    }

    /// Tells whether a legal move gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut child = *self;
        child.play_unchecked(m);
        child.is_check()
    }

    /// Returns the piece that a move moves.
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        self.board.piece_at(m.from())
    }
}

/// For each side to move and each en-passant index (64: no square), the Zobrist key of the
/// square's file and the squares from which a pawn of the side to move captures on it.
static EN_PASSANT: [[(u64, Bitboard); 65]; 2] = {
    let mut table = [[(0, Bitboard::EMPTY); 65]; 2];
    let mut color = 0;
    while color < 2 {
        let mut square = 0;
        while square < 64 {
            let (file, rank) = (square % 8, square / 8);
            // A pawn of White (color 0) captures upwards, so it stands one rank below.
            let from_rank = if color == 0 { rank as i32 - 1 } else { rank as i32 + 1 };
            let mut capturers = 0u64;
            if 0 <= from_rank && from_rank < 8 {
                if file > 0 {
                    capturers |= 1 << (from_rank as usize * 8 + file - 1);
                }
                if file < 7 {
                    capturers |= 1 << (from_rank as usize * 8 + file + 1);
                }
            }
            table[color][square] = (zobrist::EN_PASSANT_FILES[file], Bitboard(capturers));
            square += 1;
        }
        color += 1;
    }
    table
};

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// Why a position cannot write its castling in standard notation: a castling rook off its
/// corner or its king off the e-file (Chess960 castling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("castling rights with a rook off its corner or the king off the e-file need Chess960 notation")]
pub struct NotStandardCastling;

impl NotStandardCastling {
    /// Returns the stable error code, [`ErrorCode::InvalidPosition`](crate::ErrorCode::InvalidPosition).
    pub fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidPosition
    }
}

/// The error for a move that is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {}: {reason}", .mv.to_uci_chess960())]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
    /// Why it was refused.
    pub reason: IllegalMoveReason,
}

impl IllegalMoveError {
    /// Returns the stable error code: [`ErrorCode::IllegalMove`](crate::ErrorCode::IllegalMove),
    /// or [`MissingPromotion`](crate::ErrorCode::MissingPromotion) for a pawn reaching the last
    /// rank without a promotion piece.
    pub fn code(&self) -> crate::ErrorCode {
        self.reason.code()
    }
}
