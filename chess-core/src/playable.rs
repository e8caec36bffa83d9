//! [`Playable`]: what [`Position`] and [`FreePosition`] share, so that code generating,
//! naming and playing moves is written once for legal positions and for any setup.

use crate::{
    Bitboard, Board, CastlingMode, Color, FreePosition, Lan, Move, MoveList, Position, SanError, SanPlus, Setup,
    Square, UciMove,
};

/// A state moves are generated and played on: a [`Position`] (legal positions, by the rules of
/// chess) or a [`FreePosition`] (any setup, by python-chess's rules). On a legal position both
/// give the same answers.
///
/// Each method is the type's own method of the same name; calling it on a concrete type needs
/// no import of this trait.
///
/// ```
/// use chess_core::{CastlingMode, FreePosition, Playable, Position, Setup};
///
/// /// The number of legal moves after each legal move.
/// fn replies<P: Playable + Clone>(pos: &P) -> Vec<usize> {
///     let moves = pos.legal_moves_masked(chess_core::Bitboard::FULL, chess_core::Bitboard::FULL);
///     moves.iter().map(|&m| {
///         let mut child = pos.clone();
///         child.play_unchecked(m);
///         child.legal_moves_masked(chess_core::Bitboard::FULL, chess_core::Bitboard::FULL).len()
///     }).collect()
/// }
///
/// assert_eq!(replies(&Position::new()).iter().sum::<usize>(), 400);
/// let lone_king = Setup::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1")?;
/// assert_eq!(replies(&FreePosition::new(lone_king, CastlingMode::Standard)), [0, 0, 0]);
/// # Ok::<(), chess_core::FenError>(())
/// ```
pub trait Playable {
    /// Returns the state as FEN fields.
    fn to_setup(&self) -> Setup;

    /// Returns how castling moves are written and read.
    fn castling_mode(&self) -> CastlingMode;

    /// Returns the pieces.
    fn board(&self) -> &Board;

    /// Returns the side to move.
    fn turn(&self) -> Color;

    /// Returns the half-moves since the last capture or pawn move.
    fn halfmove_clock(&self) -> u32;

    /// Returns the key that tells repeated positions apart (see [`Position::repetition_key`]).
    fn repetition_key(&self) -> u64;

    /// Returns the enemy pieces attacking the side to move's king.
    fn checkers(&self) -> Bitboard;

    /// Tells whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Tells whether the side to move has a legal move.
    fn has_legal_moves(&self) -> bool;

    /// Tells whether the side to move is in check without a legal move.
    fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Tells whether the side to move is not in check and has no legal move.
    fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Returns the legal moves.
    fn legal_moves(&self) -> MoveList;

    /// Returns the pseudo-legal moves (legal but for leaving the king attacked).
    fn pseudo_legal_moves(&self) -> MoveList;

    /// Returns the legal moves from squares in `from` to squares in `to` (castling by the
    /// rook's square).
    fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList;

    /// Returns the pseudo-legal moves (legal but for leaving the king attacked) from squares
    /// in `from` to squares in `to`.
    fn pseudo_legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList;

    /// Sorts moves generated here into python-chess's order (see
    /// [`Position::sort_like_python_chess`]); `legal` says which of its generators.
    fn sort_like_python_chess(&self, moves: &mut [Move], legal: bool);

    /// Tells whether this exact move is legal.
    fn is_legal(&self, m: Move) -> bool;

    /// Tells whether this exact move is pseudo-legal.
    fn is_pseudo_legal(&self, m: Move) -> bool;

    /// Returns a move in UCI, castling written as the castling mode writes it.
    fn uci(&self, m: Move) -> UciMove;

    /// Returns the SAN of a legal move, with its check or mate suffix.
    fn san(&self, m: Move) -> SanPlus;

    /// Returns a legal move in long algebraic notation.
    fn lan(&self, m: Move) -> Lan;

    /// Reads a legal move in SAN.
    fn parse_san(&self, text: &str) -> Result<Move, SanError>;

    /// Tells whether a move captures (en passant included).
    fn is_capture(&self, m: Move) -> bool;

    /// Tells whether a move resets the halfmove clock.
    fn is_zeroing(&self, m: Move) -> bool;

    /// Tells whether a move leaves the opponent in check.
    fn gives_check(&self, m: Move) -> bool;

    /// Tells whether a move can never be undone (see [`Position::is_irreversible`]).
    fn is_irreversible(&self, m: Move) -> bool;

    /// Returns the en-passant square when a legal capture is there.
    fn legal_ep_square(&self) -> Option<Square>;

    /// Plays a move this state generated, without checking it.
    fn play_unchecked(&mut self, m: Move);
}

/// Forwards each method to the type's own method of the same name (an inherent method is
/// found before a trait's).
macro_rules! forward {
    ($type:ty { $(fn $name:ident(&self $(, $arg:ident: $arg_type:ty)*) -> $ret:ty;)* }) => {
        $(fn $name(&self $(, $arg: $arg_type)*) -> $ret {
            <$type>::$name(self $(, $arg)*)
        })*
    };
}

impl Playable for Position {
    forward!(Position {
        fn to_setup(&self) -> Setup;
        fn castling_mode(&self) -> CastlingMode;
        fn board(&self) -> &Board;
        fn turn(&self) -> Color;
        fn halfmove_clock(&self) -> u32;
        fn repetition_key(&self) -> u64;
        fn legal_moves(&self) -> MoveList;
        fn pseudo_legal_moves(&self) -> MoveList;
        fn checkers(&self) -> Bitboard;
        fn is_check(&self) -> bool;
        fn has_legal_moves(&self) -> bool;
        fn is_checkmate(&self) -> bool;
        fn is_stalemate(&self) -> bool;
        fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList;
        fn sort_like_python_chess(&self, moves: &mut [Move], legal: bool) -> ();
        fn is_legal(&self, m: Move) -> bool;
        fn is_pseudo_legal(&self, m: Move) -> bool;
        fn uci(&self, m: Move) -> UciMove;
        fn san(&self, m: Move) -> SanPlus;
        fn lan(&self, m: Move) -> Lan;
        fn parse_san(&self, text: &str) -> Result<Move, SanError>;
        fn is_capture(&self, m: Move) -> bool;
        fn is_zeroing(&self, m: Move) -> bool;
        fn gives_check(&self, m: Move) -> bool;
        fn is_irreversible(&self, m: Move) -> bool;
        fn legal_ep_square(&self) -> Option<Square>;
    });

    fn pseudo_legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut moves = self.pseudo_legal_moves();
        moves.retain(|m| from.contains(m.from()) && to.contains(m.to()));
        moves
    }

    fn play_unchecked(&mut self, m: Move) {
        Position::play_unchecked(self, m);
    }
}

impl Playable for FreePosition {
    forward!(FreePosition {
        fn castling_mode(&self) -> CastlingMode;
        fn repetition_key(&self) -> u64;
        fn legal_moves(&self) -> MoveList;
        fn pseudo_legal_moves(&self) -> MoveList;
        fn checkers(&self) -> Bitboard;
        fn is_check(&self) -> bool;
        fn has_legal_moves(&self) -> bool;
        fn is_checkmate(&self) -> bool;
        fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList;
        fn pseudo_legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList;
        fn is_legal(&self, m: Move) -> bool;
        fn is_pseudo_legal(&self, m: Move) -> bool;
        fn uci(&self, m: Move) -> UciMove;
        fn san(&self, m: Move) -> SanPlus;
        fn lan(&self, m: Move) -> Lan;
        fn parse_san(&self, text: &str) -> Result<Move, SanError>;
        fn is_capture(&self, m: Move) -> bool;
        fn is_zeroing(&self, m: Move) -> bool;
        fn gives_check(&self, m: Move) -> bool;
        fn is_irreversible(&self, m: Move) -> bool;
        fn legal_ep_square(&self) -> Option<Square>;
    });

    fn to_setup(&self) -> Setup {
        *self.setup()
    }

    fn board(&self) -> &Board {
        &self.setup().board
    }

    fn turn(&self) -> Color {
        self.setup().turn
    }

    fn halfmove_clock(&self) -> u32 {
        self.setup().halfmove_clock
    }

    /// Nothing to do: a `FreePosition` generates its moves in python-chess's order.
    fn sort_like_python_chess(&self, _moves: &mut [Move], _legal: bool) {}

    fn play_unchecked(&mut self, m: Move) {
        FreePosition::play_unchecked(self, m);
    }
}
