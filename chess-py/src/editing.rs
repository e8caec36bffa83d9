//! Board editing: the setup as the user made it (any placement), what chess-core repaired or
//! cannot play from, and python-chess's status flags of it.

use chess_core::{
    Bitboard, Board as CoreBoard, CastlingChoice, CastlingMode, Color, FreePosition, Piece as CorePiece, Position,
    PositionError, Problem, Role, Rules, Setup, Validation,
};
use pyo3::prelude::*;

use crate::base_board::Pieces;
use crate::board::Board;
use crate::errors::{InvalidPositionError, error_for, quote};

/// A set-up the user made (a FEN, `set_piece_at()`, the property setters, a move into check)
/// that chess-core had to repair (castling rights or an en-passant square dropped) or whose
/// `Position` it refuses (no king, pawns on the back rank, the side not to move in check).
#[derive(Clone)]
pub(crate) struct Edited {
    /// The setup exactly as made.
    pub(crate) setup: Setup,
    /// The setup as python-chess plays from it, when chess-core's `Position` refuses it.
    pub(crate) unplayable: Option<Unplayable>,
}

/// A setup chess-core's `Position` refuses: why, and the `FreePosition` that plays from it as
/// python-chess does.
#[derive(Clone)]
pub(crate) struct Unplayable {
    pub(crate) why: String,
    pub(crate) free: FreePosition,
}

/// Evaluates `$body` with `$pos` bound to what `$board` plays on: its `Position`, or the
/// `FreePosition` of a setup the `Position` refuses. The body is written once for both (their
/// methods share names; `chess_core::Playable` names what they share).
macro_rules! playing {
    ($board:expr, |$pos:ident| $body:expr) => {
        match $board.free() {
            Some($pos) => $body,
            None => {
                let $pos = &$board.pos;
                $body
            }
        }
    };
}
pub(crate) use playing;

/// The castling choice a board reads setups with: Chess960's on a Chess960 board, else
/// standard chess's (castling rights that do not fit it are bad, as python-chess has them).
pub(crate) fn castling_choice(chess960: bool) -> CastlingChoice {
    if chess960 { CastlingChoice::Chess960 } else { CastlingChoice::Standard }
}

impl Board {
    /// A board holding `setup`, with an empty move stack.
    pub(crate) fn from_setup(setup: Setup, chess960: bool) -> Board {
        let mut board = Board {
            pos: Position::new(),
            edited: None,
            history: Vec::new(),
            moves: Vec::new(),
            promoted: Bitboard::EMPTY,
            chess960,
            rules: Rules::fide(),
            events: Vec::new(),
        };
        board.set_setup(setup);
        board
    }

    /// Reads a FEN's fields (any placement; only the syntax can fail).
    pub(crate) fn read_fen(fen: &str) -> PyResult<Setup> {
        Setup::from_fen(fen).map_err(|e| error_for(e.code(), format!("invalid fen: {}: {e}", quote(fen))))
    }

    /// Makes `setup` the board's state, as python-chess reads it: castling rights and an
    /// en-passant square that cannot be are dropped (`status()` still names them until the next
    /// move), impossible checks and too much material are accepted, and a setup chess-core
    /// cannot play from is kept as it is. The move stack is not touched.
    pub(crate) fn set_setup(&mut self, setup: Setup) {
        let choice = castling_choice(self.chess960);
        let repaired = match Position::from_setup(setup, Validation::strict().castling(choice)) {
            Ok(pos) => {
                self.pos = pos;
                self.edited = None;
                return;
            }
            Err(error) => error
                .ignore_invalid_castling_rights()
                .or_else(PositionError::ignore_invalid_ep_square)
                .or_else(|e| Position::from_setup(*e.setup(), Validation::relaxed().castling(choice))),
        };
        let unplayable = match repaired {
            Ok(pos) => {
                self.pos = pos;
                None
            }
            Err(error) => {
                let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
                Some(Unplayable { why: error.to_string(), free: FreePosition::new(setup, mode) })
            }
        };
        self.edited = Some(Box::new(Edited { setup, unplayable }));
    }

    /// Makes the state a move on a `FreePosition` left: a `Position` again when it is a legal
    /// position, else that `FreePosition` (which remembers that it has played).
    pub(crate) fn set_free(&mut self, free: FreePosition) {
        self.set_setup(free.to_setup());
        if let Some(Edited { unplayable: Some(unplayable), .. }) = self.edited.as_deref_mut() {
            unplayable.free = free;
        }
    }

    /// The `FreePosition` moves are made on, when the `Position` refuses the setup.
    #[inline]
    pub(crate) fn free(&self) -> Option<&FreePosition> {
        self.edited.as_deref()?.unplayable.as_ref().map(|unplayable| &unplayable.free)
    }

    /// How castling rights are read: the position's mode when chess-core plays from it.
    pub(crate) fn castling_mode(&self) -> CastlingMode {
        match self.playable() {
            _ if self.chess960 => CastlingMode::Chess960,
            Ok(pos) => pos.castling_mode(),
            Err(_) => CastlingMode::Standard,
        }
    }

    /// The setup as the user made it (the position's own when nothing was repaired).
    pub(crate) fn setup(&self) -> Setup {
        self.edited.as_ref().map_or_else(|| self.pos.to_setup(), |edited| edited.setup)
    }

    /// The pieces on the board, whatever the setup.
    pub(crate) fn placement(&self) -> &CoreBoard {
        self.edited.as_ref().map_or(self.pos.board(), |edited| &edited.setup.board)
    }

    /// The pieces with their promoted marks.
    pub(crate) fn pieces(&self) -> Pieces {
        Pieces { board: *self.placement(), promoted: self.promoted }
    }

    /// Edits the pieces as `BaseBoard`'s methods do: clears the move stack (as python-chess's
    /// `Board` does), then applies the edit to the setup.
    pub(crate) fn edit_pieces<R>(&mut self, change: impl FnOnce(&mut Pieces) -> R) -> R {
        let mut pieces = self.pieces();
        let result = change(&mut pieces);
        self.clear_stack();
        self.promoted = pieces.promoted;
        self.edit(|setup| setup.board = pieces.board);
        result
    }

    /// The legal position, for what only a `Position` answers (outcomes, engines, PGN);
    /// `InvalidPositionError` for a setup it refuses (moves are still made there, see `free`).
    #[inline]
    pub(crate) fn playable(&self) -> PyResult<&Position> {
        match self.edited.as_deref() {
            Some(Edited { unplayable: Some(Unplayable { why, .. }), setup }) => {
                Err(InvalidPositionError::new_err(format!(
                    "{setup} is not a legal position: {why} (status() names the problems; moves are made as python-chess makes them, but this needs a legal position)"
                )))
            }
            _ => Ok(&self.pos),
        }
    }

    /// Applies an edit to the setup; the move stack stays (python-chess's property setters do
    /// not clear it; its editing methods call `clear_stack()` first).
    pub(crate) fn edit(&mut self, change: impl FnOnce(&mut Setup)) {
        let mut setup = self.setup();
        change(&mut setup);
        self.set_setup(setup);
    }

    /// python-chess's status flags of the setup (0 when valid), from the problems strict
    /// validation finds.
    pub(crate) fn status_bits(&self) -> u32 {
        let setup = self.setup();
        let empty = u32::from(setup.board.occupied().is_empty()) << 11;
        let Err(error) = Position::from_setup(setup, Validation::strict().castling(castling_choice(self.chess960)))
        else {
            return empty;
        };
        let board = &setup.board;
        let mut bits = empty;
        for problem in error.problems() {
            bits |= match problem {
                Problem::MissingKing(Color::White) => 1 << 0,
                Problem::MissingKing(Color::Black) => 1 << 1,
                Problem::TooManyKings(_) => 1 << 2,
                Problem::PawnsOnBackRank(_) => 1 << 5,
                Problem::InvalidCastlingRights(_) => 1 << 8,
                Problem::InvalidEnPassant(_) => 1 << 9,
                Problem::OppositeCheck => 1 << 10,
                // More than two checkers: also a check no move gives, as python-chess flags it.
                Problem::TooManyCheckers(_) => 1 << 15 | 1 << 16,
                Problem::ImpossibleCheck(_) => 1 << 16,
                Problem::TooMuchMaterial(color) => {
                    // python-chess's two coarser flags: more than 8 pawns, more than 16 pieces.
                    let pawns = board.by_piece(CorePiece::new(color, Role::Pawn)).len();
                    let pieces = board.by_color(color).len();
                    let shift = if color == Color::White { 0 } else { 1 };
                    (u32::from(pawns > 8) << (3 + shift)) | (u32::from(pieces > 16) << (6 + shift))
                }
                _ => 0,
            };
        }
        bits
    }

    /// The FEN of a setup chess-core's `Position` refuses, as python-chess writes it: only the
    /// castling rights that can castle, and the en-passant square as `en_passant` asks
    /// (`"legal"`: a capture there is legal; `"xfen"`: pseudo-legal; `"fen"`: always).
    pub(crate) fn unplayable_fen(&self, free: &FreePosition, en_passant: &str) -> String {
        let mut setup = self.setup();
        setup.castling_rights = setup.valid_castling_rights(self.castling_mode());
        let capture = match en_passant {
            "fen" => true,
            "xfen" => free.pseudo_legal_moves().iter().any(|m| m.is_en_passant()),
            _ => free.legal_ep_square().is_some(),
        };
        if !capture {
            setup.ep_square = None;
        }
        setup.to_string()
    }
}
