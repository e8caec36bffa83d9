//! Board editing: the setup as the user made it (any placement), what chess-core repaired or
//! cannot play from, and python-chess's status flags of it.

use chess_core::{
    Bitboard, Board as CoreBoard, CastlingChoice, CastlingMode, Color, Piece as CorePiece, Position, PositionError,
    Problem, Role, Rules, Setup, Validation,
};
use pyo3::prelude::*;

use crate::base_board::Pieces;
use crate::board::Board;
use crate::errors::{InvalidPositionError, error_for, quote};

/// A set-up the user made (a FEN, `set_piece_at()`, the property setters) that chess-core
/// had to repair (castling rights or an en-passant square dropped) or cannot play from (no
/// king, pawns on the back rank, the side not to move in check).
#[derive(Clone)]
pub(crate) struct Edited {
    /// The setup exactly as made.
    pub(crate) setup: Setup,
    /// Why chess-core cannot play from it, if it cannot.
    pub(crate) unplayable: Option<String>,
}

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
            Err(error) => Some(error.to_string()),
        };
        self.edited = Some(Box::new(Edited { setup, unplayable }));
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

    /// The position to generate moves from; `InvalidPositionError` when chess-core cannot play
    /// from the setup.
    #[inline]
    pub(crate) fn playable(&self) -> PyResult<&Position> {
        match self.edited.as_deref() {
            Some(Edited { unplayable: Some(why), setup }) => Err(InvalidPositionError::new_err(format!(
                "no moves in {setup}: {why} (status() names the problems; set up a legal position first)"
            ))),
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

    /// The FEN of a setup chess-core cannot play from, as python-chess writes it: only the
    /// castling rights that can castle, and the en-passant square only when `always` asks
    /// (no capture is legal where no move is generated).
    pub(crate) fn unplayable_fen(&self, always: bool) -> String {
        let mut setup = self.setup();
        setup.castling_rights = setup.valid_castling_rights(self.castling_mode());
        if !always {
            setup.ep_square = None;
        }
        setup.to_string()
    }
}
