//! Legal move generation.
//!
//! Moves are generated legal from the start: pinned pieces stay on their pin line,
//! in check only moves that capture the checker or block it are made, the king never
//! steps onto an attacked square, and en passant is tested by removing both pawns.
//! The generator hands whole sets of target squares to a [`Sink`], so counting the
//! moves of a position (bulk counting) is a few popcounts.
//!
//! It is the only generator: without those tests it gives the pseudo-legal moves, and masked
//! to a move's two squares it decides [`Position::is_legal`] and [`Position::is_pseudo_legal`]
//! (as cozy-chess does for pawns), looking at one piece only.
//!
//! # Examples
//!
//! ```
//! use chess_core::{Bitboard, Position, Square};
//!
//! let pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 20);
//! assert_eq!(pos.count_legal_moves(), 20);
//! assert!(pos.legal_moves_masked(Square::E1, Bitboard::FULL).is_empty());
//! ```

use core::ops::ControlFlow;

use crate::board::CheckInfo;
use crate::{Bitboard, Board, CastlingSide, Color, Move, MoveList, Position, Role, Square, attacks};

/// Receives generated moves, in batches where it can.
pub(crate) trait Sink {
    /// Moves of a knight, bishop, rook, queen or king from `from` to each of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()>;
    /// Pawn moves to each of `targets`, each from the square `delta` below it (in index).
    fn pawns(&mut self, targets: Bitboard, delta: i32, promotion: bool) -> ControlFlow<()>;
    /// One move of any kind.
    fn single(&mut self, m: Move) -> ControlFlow<()>;
}

/// Counts moves.
struct Counter(u32);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) -> ControlFlow<()> {
        self.0 += targets.len();
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32, promotion: bool) -> ControlFlow<()> {
        self.0 += targets.len() << (2 * promotion as u32);
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn single(&mut self, _: Move) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

/// Stops at the first move.
struct AnyMove;

impl Sink for AnyMove {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) -> ControlFlow<()> {
        if targets.any() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32, _: bool) -> ControlFlow<()> {
        self.piece(Square::A1, targets)
    }

    #[inline(always)]
    fn single(&mut self, _: Move) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

/// Stops at one move, in a generation masked to its two squares: every batch it is handed
/// then holds at most the move's target square, so only the kind of move is left to compare.
struct Find(Move);

impl Find {
    #[inline(always)]
    fn found(&self, found: bool) -> ControlFlow<()> {
        if found { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

impl Sink for Find {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) -> ControlFlow<()> {
        self.found(targets.any() && self.0 == Move::new(self.0.from(), self.0.to()))
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32, promotion: bool) -> ControlFlow<()> {
        if promotion { self.found(targets.any() && self.0.is_promotion()) } else { self.piece(Square::A1, targets) }
    }

    #[inline(always)]
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        self.found(m == self.0)
    }
}

/// Calls a closure with each move.
struct Each<F>(F);

impl<F: FnMut(Move)> Sink for Each<F> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
        for to in targets {
            (self.0)(Move::new(from, to));
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promotion: bool) -> ControlFlow<()> {
        for to in targets {
            let from = Square::new((to as i32 - delta) as u32);
            if promotion {
                for role in Role::PROMOTIONS {
                    (self.0)(Move::promote_to(from, to, role));
                }
            } else {
                (self.0)(Move::new(from, to));
            }
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        (self.0)(m);
        ControlFlow::Continue(())
    }
}

/// Collects moves into a list.
struct Collect<'a>(&'a mut MoveList);

impl Sink for Collect<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
        for to in targets {
            // No position has more than `MAX_LEGAL_MOVES` legal moves (a proven bound).
            let _ = self.0.try_push(Move::new(from, to));
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promotion: bool) -> ControlFlow<()> {
        Each(|m| {
            let _ = self.0.try_push(m);
        })
        .pawns(targets, delta, promotion)
    }

    #[inline(always)]
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        let _ = self.0.try_push(m);
        ControlFlow::Continue(())
    }
}

/// A list of moves for the crate's own loops (perft): a plain array indexed by a masked
/// counter, so adding a move is a store and an increment, without the capacity check of a
/// [`MoveList`].
pub(crate) struct MoveBuffer {
    moves: [Move; MOVE_BUFFER_SLOTS],
    len: u16,
}

/// The slots of a [`MoveBuffer`]: a power of two at least [`crate::MAX_LEGAL_MOVES`].
const MOVE_BUFFER_SLOTS: usize = crate::MAX_LEGAL_MOVES.next_power_of_two();

impl MoveBuffer {
    /// Returns an empty buffer.
    #[inline(always)]
    pub(crate) fn new() -> MoveBuffer {
        MoveBuffer { moves: [Move::NULL; MOVE_BUFFER_SLOTS], len: 0 }
    }

    /// Returns the moves.
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[Move] {
        &self.moves[..usize::from(self.len)]
    }
}

impl Sink for MoveBuffer {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) -> ControlFlow<()> {
        for to in targets {
            self.single(Move::new(from, to))?;
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, promotion: bool) -> ControlFlow<()> {
        Each(|m| {
            let _ = self.single(m);
        })
        .pawns(targets, delta, promotion)
    }

    #[inline(always)]
    fn single(&mut self, m: Move) -> ControlFlow<()> {
        // No position has more than `MAX_LEGAL_MOVES` legal moves, fewer than the slots, so
        // the mask never changes the index; it only spares the bounds check.
        self.moves[usize::from(self.len) & (MOVE_BUFFER_SLOTS - 1)] = m;
        self.len += 1;
        ControlFlow::Continue(())
    }
}

/// Which moves to generate.
#[derive(Clone, Copy)]
struct Targets {
    /// Squares the moving pieces stand on.
    from: Bitboard,
    /// Squares to move or capture to (castling: the rook's square).
    to: Bitboard,
    /// Squares pawns may push to.
    pushes: Bitboard,
    /// Whether en-passant captures count even when `to` lacks the en-passant square.
    en_passant: bool,
}

impl Targets {
    const ALL: Targets = Targets::between(Bitboard::FULL, Bitboard::FULL);

    const fn between(from: Bitboard, to: Bitboard) -> Targets {
        Targets { from, to, pushes: to, en_passant: false }
    }
}

/// Returns the squares pawns of `color` on `pawns` push to, onto `empty` squares: one step
/// forward, and two steps (the second set) from their starting rank (or their first rank, on a
/// board that is not a legal position). The one statement of how
/// pawns push, for the generator and for the reasons a move is illegal.
#[inline(always)]
pub(crate) fn pawn_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> (Bitboard, Bitboard) {
    let single = pawns.forward(color) & empty;
    let double = single.forward(color) & empty & DOUBLE_STEP_RANKS[color as usize];
    (single, double)
}

/// The ranks a pawn's double step lands on, by colour: its fourth rank from its second and, on
/// boards that are not legal positions, its third rank from its first (as python-chess lets it).
const DOUBLE_STEP_RANKS: [Bitboard; 2] = [Bitboard(0x0000_0000_ffff_0000), Bitboard(0x0000_ffff_0000_0000)];

/// Returns the pawns of `color` free to push, to capture westwards and to capture eastwards:
/// those not pinned to the king on `king`, and those pinned along the line of that move (the
/// king's file, or the diagonal the capture runs on). Out of line, for the rare pinned pawns.
#[cold]
#[inline(never)]
fn pawns_moving_along_pins(color: Color, pawns: Bitboard, pinned: Bitboard, king: Square) -> [Bitboard; 3] {
    let moving_along = |line: Bitboard| pawns - (pinned - line);
    let [diagonal, anti_diagonal] = DIAGONALS[king.index()];
    // Forward and westwards is up and left for White (along an a8-h1 diagonal), down and left
    // for Black (along an a1-h8 one).
    let (west, east) = if color == Color::White { (anti_diagonal, diagonal) } else { (diagonal, anti_diagonal) };
    [moving_along(Bitboard::from_file(king.file())), moving_along(west), moving_along(east)]
}

/// The two diagonals through each square: the a1-h8 one (file minus rank constant) and the
/// a8-h1 one (file plus rank constant), each with the square.
static DIAGONALS: [[Bitboard; 2]; 64] = {
    let mut table = [[Bitboard::EMPTY; 2]; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        let mut other = 0;
        while other < 64 {
            let (f, r) = (other % 8, other / 8);
            if f + rank == r + file {
                table[square][0].0 |= 1 << other;
            }
            if f + r == file + rank {
                table[square][1].0 |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    table
};

/// What stops a castling move, found by [`Board::castling_obstacle`].
pub(crate) enum CastlingObstacle {
    /// Pieces stand between the king and rook or on their landing squares.
    Blocked(Bitboard),
    /// The king is in check.
    InCheck,
    /// The king passes this square, attacked by these pieces.
    Through(Square, Bitboard),
    /// The king's landing square is attacked by these pieces.
    Into(Bitboard),
}

impl Position {
    /// Returns every legal move.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        let _ = self.generate::<_, true>(&mut Collect(&mut moves), Targets::ALL);
        moves
    }

    /// Returns the legal moves from squares in `from` to targets in `to`, each a square or a
    /// set of squares (castling counts as a move to the rook's square).
    ///
    /// ```
    /// use chess_core::{Bitboard, Position, Square};
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.legal_moves_masked(Square::G1, Bitboard::FULL).len(), 2);
    /// assert_eq!(pos.legal_moves_masked(Bitboard::FULL, Square::E4).len(), 1);
    /// ```
    pub fn legal_moves_masked(&self, from: impl Into<Bitboard>, to: impl Into<Bitboard>) -> MoveList {
        let mut moves = MoveList::new();
        let _ = self.generate::<_, true>(&mut Collect(&mut moves), Targets::between(from.into(), to.into()));
        moves
    }

    /// Returns the legal captures and promotions, for quiescence search.
    pub fn capture_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        let theirs = self.board.by_color(!self.turn);
        let promotion_rank = Bitboard::backrank(!self.turn);
        let targets = Targets { from: Bitboard::FULL, to: theirs, pushes: promotion_rank, en_passant: true };
        let _ = self.generate::<_, true>(&mut Collect(&mut moves), targets);
        moves
    }

    /// Adds every legal move to a [`MoveBuffer`] (for the crate's own loops; filled in place
    /// rather than returned, so its 512 bytes are not copied).
    #[inline]
    pub(crate) fn legal_moves_into(&self, buffer: &mut MoveBuffer) {
        let _ = self.generate::<_, true>(buffer, Targets::ALL);
    }

    /// Counts the legal moves without building a list (bulk counting).
    #[inline]
    pub fn count_legal_moves(&self) -> u32 {
        let mut counter = Counter(0);
        let _ = self.generate::<_, true>(&mut counter, Targets::ALL);
        counter.0
    }

    pub(crate) fn count_legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> u32 {
        let mut counter = Counter(0);
        let _ = self.generate::<_, true>(&mut counter, Targets::between(from, to));
        counter.0
    }

    /// Calls `f` with each legal move, without building a list.
    #[inline]
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        let _ = self.generate::<_, true>(&mut Each(f), Targets::ALL);
    }

    /// Calls `f` with each legal move from `from` to `to`, without building a list.
    pub fn for_each_legal_move_masked(&self, from: impl Into<Bitboard>, to: impl Into<Bitboard>, f: impl FnMut(Move)) {
        let _ = self.generate::<_, true>(&mut Each(f), Targets::between(from.into(), to.into()));
    }

    /// Tells whether the side to move has at least one legal move.
    #[inline]
    pub fn has_legal_moves(&self) -> bool {
        self.generate::<_, true>(&mut AnyMove, Targets::ALL).is_break()
    }

    /// Tells whether this exact move is one of [`Position::legal_moves`]: castling must be
    /// encoded as [`Move::castle`] (king takes rook), en passant as [`Move::en_passant`].
    /// To turn squares a user gave into the legal move they mean, use
    /// [`Position::resolve_move`].
    ///
    /// ```
    /// use chess_core::{Move, Position, Square::*};
    ///
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// assert!(pos.is_legal(Move::castle(E1, H1)));
    /// assert!(!pos.is_legal(Move::new(E1, G1)));
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        self.generates::<true>(m)
    }

    /// Tells whether moving a piece other than the king from `from` to `to` (not en passant)
    /// keeps the king safe: it answers a single check (capturing or blocking the checker) or
    /// there is none, and a pinned piece stays on its pin line.
    pub(crate) fn keeps_king_safe(&self, from: Square, to: Square) -> bool {
        let king = self.king_of(self.turn);
        let CheckInfo { checkers, pinned } = self.check_info();
        if pinned.contains(from) && !attacks::aligned(king, from, to) {
            return false;
        }
        match checkers.single_square() {
            _ if checkers.is_empty() => true,
            Some(checker) => to == checker || attacks::between(king, checker).contains(to),
            None => false,
        }
    }

    /// Calls `f` with each pseudo-legal move: a move the pieces make by their rules that may
    /// leave the mover's own king in check. Castling is included only when it is legal (out
    /// of, through or into check it is not), as python-chess generates it.
    ///
    /// ```
    /// use chess_core::{Move, Position, Square::*};
    ///
    /// // The knight on e2 is pinned: it has pseudo-legal moves but no legal ones.
    /// let pos: Position = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1".parse()?;
    /// assert!(pos.is_pseudo_legal(Move::new(E2, C3)));
    /// assert!(!pos.is_legal(Move::new(E2, C3)));
    /// assert_eq!(pos.pseudo_legal_moves().len(), 6 + 4); // knight, king
    /// # Ok::<(), chess_core::FenError>(())
    /// ```
    pub fn for_each_pseudo_legal_move(&self, f: impl FnMut(Move)) {
        let _ = self.generate::<_, false>(&mut Each(f), Targets::ALL);
    }

    /// Returns every pseudo-legal move (see [`Position::for_each_pseudo_legal_move`]).
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        // MAX_LEGAL_MOVES bounds the pieces' moves by their rules, so the list holds them all.
        self.for_each_pseudo_legal_move(|m| moves.push(m));
        moves
    }

    /// Returns the pseudo-legal moves from squares in `from` to squares in `to`.
    pub fn pseudo_legal_moves_masked(&self, from: impl Into<Bitboard>, to: impl Into<Bitboard>) -> MoveList {
        let (from, to) = (from.into(), to.into());
        let mut moves = self.pseudo_legal_moves();
        moves.retain(|m| from.contains(m.from()) && to.contains(m.to()));
        moves
    }

    /// Tells whether this exact move is pseudo-legal (see
    /// [`Position::for_each_pseudo_legal_move`]); legal moves are pseudo-legal.
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        self.generates::<false>(m)
    }

    /// Tells whether the generator, legal or pseudo-legal, generates this exact move: asked of
    /// it with the move's two squares as the masks, so at most one piece is looked at.
    fn generates<const LEGAL: bool>(&self, m: Move) -> bool {
        let targets = Targets::between(Bitboard::from(m.from()), Bitboard::from(m.to()));
        self.generate::<_, LEGAL>(&mut Find(m), targets).is_break()
    }

    /// Generates the moves that `targets` selects: the legal ones, or when not `LEGAL` the
    /// pseudo-legal ones (pins, checks and the king's safety ignored, castling still legal).
    #[inline(always)]
    fn generate<S: Sink, const LEGAL: bool>(&self, sink: &mut S, targets: Targets) -> ControlFlow<()> {
        let Targets { from, to, pushes, en_passant } = targets;
        let us = self.turn;
        let them = !us;
        let board = &self.board;
        let ours = board.by_color(us);
        let occupied = board.occupied();
        let king = self.king_of(us);

        if from.contains(king) {
            let mut steps = attacks::king(king) & !ours & to;
            if LEGAL {
                // Attacks are seen through the king, which would otherwise hide the squares behind it.
                let without_king = occupied.without(king);
                let mut safe = Bitboard::EMPTY;
                for target in steps {
                    if board.attackers_to(target, them, without_king).is_empty() {
                        safe = safe.with(target);
                    }
                }
                steps = safe;
            }
            sink.piece(king, steps)?;
        }

        let CheckInfo { checkers, pinned } = self.check_info();
        let (check_mask, pinned) = match checkers.single_square() {
            Some(checker) if LEGAL => (attacks::between(king, checker).with(checker), pinned),
            None if LEGAL && checkers.any() => return ControlFlow::Continue(()),
            _ => {
                if checkers.is_empty() && from.contains(king) {
                    self.generate_castling(sink, king, to)?;
                }
                (Bitboard::FULL, if LEGAL { pinned } else { Bitboard::EMPTY })
            }
        };
        let target = !ours & check_mask & to;

        for knight in self.our(Role::Knight) & (from - pinned) {
            sink.piece(knight, attacks::knight(knight) & target)?;
        }
        let bishops = (self.our(Role::Bishop) | self.our(Role::Queen)) & from;
        for bishop in bishops {
            let mut targets = attacks::bishop(bishop, occupied) & target;
            if pinned.contains(bishop) {
                targets &= attacks::line(king, bishop);
            }
            sink.piece(bishop, targets)?;
        }
        let rooks = (self.our(Role::Rook) | self.our(Role::Queen)) & from;
        for rook in rooks {
            let mut targets = attacks::rook(rook, occupied) & target;
            if pinned.contains(rook) {
                targets &= attacks::line(king, rook);
            }
            sink.piece(rook, targets)?;
        }

        self.generate_pawns(sink, from & self.our(Role::Pawn), pinned, king, target, check_mask & pushes)?;

        match self.ep_square {
            Some(ep) if en_passant || to.contains(ep) => self.generate_en_passant::<S, LEGAL>(sink, ep, king, from),
            _ => ControlFlow::Continue(()),
        }
    }

    /// Generates the pushes (onto `pushes_to`) and captures (onto `captures_to`) of `pawns`,
    /// all pawns at once: a pawn pinned to the king on `king` moves only along its pin line, so
    /// it pushes only when pinned along the king's file and captures only along the diagonal
    /// it is pinned on.
    #[inline(always)]
    fn generate_pawns<S: Sink>(
        &self,
        sink: &mut S,
        pawns: Bitboard,
        pinned: Bitboard,
        king: Square,
        captures_to: Bitboard,
        pushes_to: Bitboard,
    ) -> ControlFlow<()> {
        let us = self.turn;
        let theirs = self.board.by_color(!us);
        let last_rank = Bitboard::backrank(!us);
        let forward = if us == Color::White { 8 } else { -8 };
        // Pins are rare: the pin lines are looked up only when a pawn is pinned.
        let [pushers, west_capturers, east_capturers] =
            if (pawns & pinned).is_empty() { [pawns; 3] } else { pawns_moving_along_pins(us, pawns, pinned, king) };
        let (single, double) = pawn_pushes(us, pushers, !self.board.occupied());
        let west = west_capturers.forward(us).west() & theirs & captures_to;
        let east = east_capturers.forward(us).east() & theirs & captures_to;
        for (targets, delta) in [(single & pushes_to, forward), (west, forward - 1), (east, forward + 1)] {
            sink.pawns(targets - last_rank, delta, false)?;
            sink.pawns(targets & last_rank, delta, true)?;
        }
        sink.pawns(double & pushes_to, 2 * forward, false)
    }

    /// Generates the en-passant captures onto `ep` by pawns in `from`; when `LEGAL`, only those
    /// after which no enemy piece attacks the king on `king` (tested with both pawns gone).
    #[inline(always)]
    fn generate_en_passant<S: Sink, const LEGAL: bool>(
        &self,
        sink: &mut S,
        ep: Square,
        king: Square,
        from: Bitboard,
    ) -> ControlFlow<()> {
        let them = !self.turn;
        let capturers = self.our(Role::Pawn) & attacks::pawn(them, ep) & from;
        for pawn in capturers {
            let captured = crate::moves::en_passant_victim(pawn, ep);
            let occupied = (self.board.occupied() ^ Bitboard::from(pawn) ^ captured).with(ep);
            if !LEGAL || (self.board.attackers_to(king, them, occupied) - captured).is_empty() {
                sink.single(Move::en_passant(pawn, ep))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn generate_castling<S: Sink>(&self, sink: &mut S, king: Square, to: Bitboard) -> ControlFlow<()> {
        for side in CastlingSide::ALL {
            let Some(rook) = self.castling_rook(self.turn, side) else {
                continue;
            };
            if to.contains(rook) && self.board.castling_obstacle(self.turn, side, king, rook, Bitboard::EMPTY).is_none()
            {
                sink.single(Move::castle(king, rook))?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl Board {
    /// Finds what stops `us` from castling on `side` with the king on `king` and `rook` (the
    /// right assumed), in the order a player is told: pieces in the way, `checkers`, an
    /// attacked square the king passes (the first from the king), an attacked landing square.
    /// The one test of castling's path and safety, for the generators and for the reasons.
    #[inline(always)]
    pub(crate) fn castling_obstacle(
        &self,
        us: Color,
        side: CastlingSide,
        king: Square,
        rook: Square,
        checkers: Bitboard,
    ) -> Option<CastlingObstacle> {
        let them = !us;
        let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
        let occupied = self.occupied();
        let paths = attacks::between(king, king_to).with(king_to) | attacks::between(rook, rook_to).with(rook_to);
        let in_the_way = (paths - king - rook) & occupied;
        if in_the_way.any() {
            return Some(CastlingObstacle::Blocked(in_the_way));
        }
        if checkers.any() {
            return Some(CastlingObstacle::InCheck);
        }
        let attacked = |square| {
            let attackers = self.attackers_to(square, them, occupied);
            attackers.any().then_some((square, attackers))
        };
        let mut passed = attacks::between(king, king_to).into_iter();
        let through = if king < king_to { passed.find_map(attacked) } else { passed.rev().find_map(attacked) };
        if let Some((square, attackers)) = through {
            return Some(CastlingObstacle::Through(square, attackers));
        }
        let after = (occupied - king - rook).with(king_to).with(rook_to);
        let attackers = self.attackers_to(king_to, them, after);
        attackers.any().then_some(CastlingObstacle::Into(attackers))
    }
}
