//! [`Playable`]: what [`Position`] and [`FreePosition`] share, so that code generating,
//! naming and playing moves is written once for legal positions and for any setup.

use crate::{
    AnyPosition, Bitboard, Board, CastlingMode, Color, FreePosition, Lan, Move, MoveList, Position, Role, SanError,
    SanPlus, Setup, Square, UciMove,
};

/// Declares [`Playable`] with these methods, implements it for [`Position`] and
/// [`FreePosition`] by their own methods of the same names (an inherent method is found before
/// a trait's), and gives [`AnyPosition`] these methods, each asking its `Position` or
/// `FreePosition`, so that each signature is written once.
macro_rules! playable {
    ($(
        $(#[$doc:meta])*
        fn $name:ident(&self $(, $arg:ident: $arg_type:ty)*) -> $ret:ty;
    )* mut: $(
        $(#[$mut_doc:meta])*
        fn $mut_name:ident(&mut self $(, $mut_arg:ident: $mut_arg_type:ty)*);
    )*) => {
        /// A state moves are generated and played on: a [`Position`] (legal positions, by the
        /// rules of chess) or a [`FreePosition`] (any setup, by python-chess's rules). On a
        /// legal position both give the same answers.
        ///
        /// Each method is the type's own method of the same name; calling it on a concrete
        /// type needs no import of this trait.
        ///
        /// ```
        /// use chess_core::{Bitboard, CastlingMode, FreePosition, Playable, Position, Setup};
        ///
        /// /// The number of legal replies to each legal move.
        /// fn replies<P: Playable + Clone>(pos: &P) -> Vec<usize> {
        ///     let moves = pos.legal_moves();
        ///     moves.iter().map(|&m| {
        ///         let mut child = pos.clone();
        ///         child.play_unchecked(m);
        ///         child.legal_moves().len()
        ///     }).collect()
        /// }
        ///
        /// assert_eq!(replies(&Position::new()).iter().sum::<usize>(), 400);
        /// let lone_king = Setup::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1")?;
        /// assert_eq!(replies(&FreePosition::new(lone_king, CastlingMode::Standard)), [0, 0, 0]);
        /// # Ok::<(), chess_core::FenError>(())
        /// ```
        pub trait Playable {
            $($(#[$doc])* fn $name(&self $(, $arg: $arg_type)*) -> $ret;)*
            $($(#[$mut_doc])* fn $mut_name(&mut self $(, $mut_arg: $mut_arg_type)*);)*
        }

        impl Playable for Position {
            $(fn $name(&self $(, $arg: $arg_type)*) -> $ret {
                Position::$name(self $(, $arg)*)
            })*
            $(fn $mut_name(&mut self $(, $mut_arg: $mut_arg_type)*) {
                Position::$mut_name(self $(, $mut_arg)*)
            })*
        }

        impl Playable for FreePosition {
            $(fn $name(&self $(, $arg: $arg_type)*) -> $ret {
                FreePosition::$name(self $(, $arg)*)
            })*
            $(fn $mut_name(&mut self $(, $mut_arg: $mut_arg_type)*) {
                FreePosition::$mut_name(self $(, $mut_arg)*)
            })*
        }

        /// Each method asks the `Position` or the `FreePosition` (see [`Playable`]).
        impl AnyPosition {
            $($(#[$doc])* pub fn $name(&self $(, $arg: $arg_type)*) -> $ret {
                match self {
                    AnyPosition::Legal(pos) => Position::$name(pos $(, $arg)*),
                    AnyPosition::Free(free) => FreePosition::$name(free $(, $arg)*),
                }
            })*
        }

        impl Playable for AnyPosition {
            $(fn $name(&self $(, $arg: $arg_type)*) -> $ret {
                AnyPosition::$name(self $(, $arg)*)
            })*
            $(fn $mut_name(&mut self $(, $mut_arg: $mut_arg_type)*) {
                AnyPosition::$mut_name(self $(, $mut_arg)*)
            })*
        }
    };
}

playable! {
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
    fn is_check(&self) -> bool;
    /// Tells whether the side to move has a legal move.
    fn has_legal_moves(&self) -> bool;
    /// Tells whether the side to move is in check without a legal move.
    fn is_checkmate(&self) -> bool;
    /// Tells whether the side to move is not in check and has no legal move.
    fn is_stalemate(&self) -> bool;
    /// Returns the legal moves.
    fn legal_moves(&self) -> MoveList;
    /// Returns the pseudo-legal moves (legal but for leaving the king attacked).
    fn pseudo_legal_moves(&self) -> MoveList;
    /// Returns the legal moves from squares in `from` to squares in `to` (castling by the
    /// rook's square).
    fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList;
    /// Returns the pseudo-legal moves from squares in `from` to squares in `to`.
    fn pseudo_legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList;
    /// Sorts moves generated here into python-chess's order (see
    /// [`Position::sort_like_python_chess`]); `legal` says which of its generators.
    fn sort_like_python_chess(&self, moves: &mut [Move], legal: bool) -> ();
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
    /// Returns the piece a move captures, if any (the pawn for en passant).
    fn captured(&self, m: Move) -> Option<Role>;
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
mut:
    /// Plays a move this state generated, without checking it.
    fn play_unchecked(&mut self, m: Move);
}
