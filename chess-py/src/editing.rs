//! Board editing: the setup as the user made it (any placement), the legal position when
//! one is needed, and python-chess's status flags of the setup.

use chess_core::{
    AnyPosition, Bitboard, Board as CoreBoard, CastlingChoice, CastlingMode, Color, Game, Judging, Position, Problem,
    Rules, Setup, Validation,
};
use pyo3::prelude::*;

use crate::base_board::Pieces;
use crate::board::{Board, ListedMoves};
use crate::errors::{InvalidPositionError, error_for, quote};

/// The castling choice a board reads setups with: Chess960's on a Chess960 board, else
/// standard chess's (castling rights that do not fit it are bad, as python-chess has them).
pub(crate) fn castling_choice(chess960: bool) -> CastlingChoice {
    if chess960 { CastlingChoice::Chess960 } else { CastlingChoice::Standard }
}

impl Board {
    /// A board holding `setup`, with an empty move stack.
    pub(crate) fn from_setup(setup: Setup, chess960: bool) -> Board {
        let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        Board::of_game(Game::from_position_with_rules(AnyPosition::new(setup, mode), Rules::fide()), chess960)
    }

    /// A board holding `game` (recording past its end, as python-chess plays on); the pieces
    /// its promotions made are marked promoted.
    pub(crate) fn of_game(game: Game<AnyPosition>, chess960: bool) -> Board {
        let mut promoted = Bitboard::EMPTY;
        let mut promoted_before = Vec::with_capacity(game.moves().len());
        for &m in game.moves() {
            promoted_before.push(promoted);
            if !m.is_null() {
                promoted = m.carry_promoted(promoted);
            }
        }
        Board {
            game: game.with_judging(Judging::Record),
            promoted,
            promoted_before,
            chess960,
            listed: ListedMoves::default(),
        }
    }

    /// Reads a FEN's fields (any placement; only the syntax can fail).
    pub(crate) fn read_fen(fen: &str) -> PyResult<Setup> {
        Setup::from_fen(fen).map_err(|e| error_for(e.code(), format!("invalid fen: {}: {e}", quote(fen))))
    }

    /// Makes `setup` the board's state, as python-chess reads it: kept as it is (castling
    /// rights and an en-passant square that cannot be, impossible checks, too much material,
    /// no king...; chess-core plays from it as python-chess does). The move stack stays.
    pub(crate) fn set_setup(&mut self, setup: Setup) {
        self.game.edit_position(AnyPosition::new(setup, self.castling_mode()));
    }

    /// What moves are made on: the current position of the game.
    #[inline]
    pub(crate) fn position(&self) -> &AnyPosition {
        self.game.position()
    }

    /// The current position, when it is a legal one; `ValueError` else.
    pub(crate) fn legal_position(&self) -> PyResult<chess_core::Position> {
        match self.position() {
            AnyPosition::Legal(pos) => Ok(*pos),
            AnyPosition::Free(_) => {
                Err(pyo3::exceptions::PyValueError::new_err(format!("not a legal position: {}", self.fen_text())))
            }
        }
    }

    /// How castling rights are read and castling moves written: python-chess's `chess960` flag.
    pub(crate) fn castling_mode(&self) -> CastlingMode {
        if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard }
    }

    /// The setup as the user made it.
    pub(crate) fn setup(&self) -> Setup {
        self.position().to_setup()
    }

    /// The pieces on the board, whatever the setup.
    pub(crate) fn placement(&self) -> &CoreBoard {
        self.position().board()
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

    /// The legal position, for what only a `Position` answers (engines, PGN, descriptions),
    /// castling rights and an en-passant square that cannot be dropped; `InvalidPositionError`
    /// for a setup that is no legal position (moves are still made there).
    pub(crate) fn playable(&self) -> PyResult<Position> {
        self.position().to_position().map_err(|error| {
            InvalidPositionError::new_err(format!(
                "{} is not a legal position: {error} (status() names the problems; moves are made as python-chess makes them, but this needs a legal position)",
                self.setup()
            ))
        })
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
                    // python-chess's two coarser flags.
                    let (pawns, pieces) = board.too_many_pawns_or_pieces(color);
                    let shift = if color == Color::White { 0 } else { 1 };
                    (u32::from(pawns) << (3 + shift)) | (u32::from(pieces) << (6 + shift))
                }
                _ => 0,
            };
        }
        bits
    }
}
