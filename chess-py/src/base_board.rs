//! The `BaseBoard` class: python-chess's piece placement without a game, and the base class
//! of `Board`, whose placement queries and edits it answers for both.

use chess_core::{Bitboard, Board as CoreBoard, Color, Piece as CorePiece, Role, Setup, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::bitboards::with_transform;
use crate::board::Board;
use crate::errors::{InvalidFenError, quote};
use crate::pieces::{Piece, color, piece_type, role};
use crate::squares::{square, square_set};

/// The pieces on the board, and which of them are promoted pawns (python-chess's
/// `promoted`, set by promotions and `set_piece_at(..., promoted=True)`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pieces {
    pub(crate) board: CoreBoard,
    pub(crate) promoted: Bitboard,
}

impl Pieces {
    fn new(board: CoreBoard) -> Pieces {
        Pieces { board, promoted: Bitboard::EMPTY }
    }

    /// The pieces passed through python-chess's bitboard transformation `f`.
    fn transform(self, f: &Bound<'_, PyAny>) -> PyResult<Pieces> {
        with_transform(f, |g| Pieces { board: self.board.transform(&mut *g), promoted: g(self.promoted) })
    }
}

/// A board of pieces without a game (no side to move, castling rights or clocks), as
/// python-chess's `chess.BaseBoard`; `Board` is one.
///
/// ```python
/// board = chess_core.BaseBoard("4k3/8/8/8/8/8/4P3/4K3")
/// assert board.pawns == 1 << chess_core.E2 and isinstance(chess_core.Board(), chess_core.BaseBoard)
/// ```
///
/// Design: a `Board` keeps its pieces in its position; its `BaseBoard` part holds nothing
/// then, and every method here reads or edits the `Board`'s pieces when it is one (edits clear
/// its move stack, as python-chess's do).
#[pyclass(module = "chess_core", name = "BaseBoard", subclass)]
#[derive(Clone)]
pub struct BaseBoard {
    /// The pieces of a plain `BaseBoard` (unused in a `Board`).
    pieces: Pieces,
}

impl BaseBoard {
    /// The base part of a `Board`.
    pub(crate) fn of_board() -> BaseBoard {
        BaseBoard { pieces: Pieces::new(CoreBoard::empty()) }
    }
}

/// Reads the pieces of a `BaseBoard` or `Board`.
fn read<R>(slf: &Bound<'_, BaseBoard>, f: impl FnOnce(&Pieces) -> R) -> PyResult<R> {
    match slf.cast::<Board>() {
        Ok(board) => Ok(f(&board.try_borrow()?.pieces())),
        Err(_) => Ok(f(&slf.try_borrow()?.pieces)),
    }
}

/// Edits the pieces of a `BaseBoard` or `Board` (clearing the `Board`'s move stack).
fn edit<R>(slf: &Bound<'_, BaseBoard>, f: impl FnOnce(&mut Pieces) -> R) -> PyResult<R> {
    match slf.cast::<Board>() {
        Ok(board) => Ok(board.try_borrow_mut()?.edit_pieces(f)),
        Err(_) => Ok(f(&mut slf.try_borrow_mut()?.pieces)),
    }
}

/// Reads a FEN's placement field.
pub(crate) fn read_board_fen(fen: &str) -> PyResult<CoreBoard> {
    Ok(Setup::from_fen(&format!("{fen} w - - 0 1"))
        .map_err(|_| InvalidFenError::new_err(format!("invalid board fen: {}", quote(fen))))?
        .board)
}

/// A Chess960 start position's number checked to be 0 to 959.
pub(crate) fn chess960_number(scharnagl: i64) -> PyResult<u32> {
    u32::try_from(scharnagl)
        .ok()
        .filter(|&n| CoreBoard::chess960(n).is_some())
        .ok_or_else(|| PyValueError::new_err(format!("chess960 position index not 0 <= {scharnagl} < 960")))
}

/// A diagram of `board`: rank 8 first (rank 1 for `orientation=False`), each square's
/// `symbol`, and with `borders` a frame with the rank and file names.
pub(crate) fn diagram(
    board: &CoreBoard,
    borders: bool,
    orientation: bool,
    symbol: impl Fn(Option<CorePiece>) -> String,
) -> String {
    let ranks: Vec<usize> = if orientation { (0..8).rev().collect() } else { (0..8).collect() };
    let files: Vec<usize> = if orientation { (0..8).collect() } else { (0..8).rev().collect() };
    let line = format!("  {}\n", "-".repeat(17));
    let mut rows = Vec::new();
    for &rank in &ranks {
        let cells: Vec<String> =
            files.iter().map(|&file| symbol(board.piece_at(Square::ALL[rank * 8 + file]))).collect();
        rows.push(if borders { format!("{line}{} |{}|\n", rank + 1, cells.join("|")) } else { cells.join(" ") });
    }
    if !borders {
        return rows.join("\n");
    }
    let names: Vec<String> = files.iter().map(|&file| ((b'a' + file as u8) as char).to_string()).collect();
    format!("{}{line}   {}", rows.concat(), names.join(" "))
}

#[pymethods]
impl BaseBoard {
    /// A board with the pieces of a FEN placement field (the standard start by default, none
    /// for `None`); `ValueError` for a malformed one.
    #[new]
    #[pyo3(signature = (board_fen = Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")))]
    fn new(board_fen: Option<&str>) -> PyResult<BaseBoard> {
        let board = board_fen.map_or(Ok(CoreBoard::empty()), read_board_fen)?;
        Ok(BaseBoard { pieces: Pieces::new(board) })
    }

    /// A board without pieces.
    #[staticmethod]
    fn empty() -> BaseBoard {
        BaseBoard { pieces: Pieces::new(CoreBoard::empty()) }
    }

    /// A board with the pieces of Chess960 start position `scharnagl` (0 to 959).
    #[staticmethod]
    fn from_chess960_pos(scharnagl: i64) -> PyResult<BaseBoard> {
        let n = chess960_number(scharnagl)?;
        Ok(BaseBoard { pieces: Pieces::new(CoreBoard::chess960(n).unwrap_or_default()) })
    }

    /// The occupied squares, as a bitboard.
    #[getter]
    fn occupied(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.board.occupied().0)
    }

    /// The squares of each colour's pieces, `[black, white]` (indexed by `BLACK`, `WHITE`).
    #[getter]
    fn occupied_co(slf: &Bound<'_, Self>) -> PyResult<[u64; 2]> {
        read(slf, |p| [p.board.by_color(Color::Black).0, p.board.by_color(Color::White).0])
    }

    /// The squares of the pawns of both colours, as a bitboard.
    #[getter]
    fn pawns(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.board.by_role(Role::Pawn).0)
    }

    /// The squares of the knights, as a bitboard.
    #[getter]
    fn knights(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.board.by_role(Role::Knight).0)
    }

    /// The squares of the bishops, as a bitboard.
    #[getter]
    fn bishops(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.board.by_role(Role::Bishop).0)
    }

    /// The squares of the rooks, as a bitboard.
    #[getter]
    fn rooks(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.board.by_role(Role::Rook).0)
    }

    /// The squares of the queens, as a bitboard.
    #[getter]
    fn queens(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.board.by_role(Role::Queen).0)
    }

    /// The squares of the kings, as a bitboard.
    #[getter]
    fn kings(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.board.by_role(Role::King).0)
    }

    /// The squares of promoted pieces, as a bitboard.
    #[getter]
    fn promoted(slf: &Bound<'_, Self>) -> PyResult<u64> {
        read(slf, |p| p.promoted.0)
    }

    /// The piece on a square, or `None`.
    fn piece_at(slf: &Bound<'_, Self>, square: i64) -> PyResult<Option<Piece>> {
        let square = self::square(square)?;
        read(slf, |p| p.board.piece_at(square).map(Piece::from_core))
    }

    /// The piece type on a square, or `None`.
    fn piece_type_at(slf: &Bound<'_, Self>, square: i64) -> PyResult<Option<u8>> {
        let square = self::square(square)?;
        read(slf, |p| p.board.role_at(square).map(piece_type))
    }

    /// The colour of the piece on a square, or `None`.
    fn color_at(slf: &Bound<'_, Self>, square: i64) -> PyResult<Option<bool>> {
        let square = self::square(square)?;
        read(slf, |p| p.board.color_at(square).map(|c| c == Color::White))
    }

    /// The square of the king of a colour, or `None` (also when there is more than one).
    fn king(slf: &Bound<'_, Self>, color: bool) -> PyResult<Option<u8>> {
        read(slf, |p| p.board.king_of(self::color(color)).map(|sq| sq.index() as u8))
    }

    /// The squares of the pieces of a type and colour, as a bitboard.
    fn pieces_mask(slf: &Bound<'_, Self>, piece_type: i64, color: bool) -> PyResult<u64> {
        let piece = CorePiece::new(self::color(color), role(piece_type)?);
        read(slf, |p| p.board.by_piece(piece).0)
    }

    /// The pieces of a type and colour, as a `SquareSet`.
    fn pieces<'py>(slf: &Bound<'py, Self>, piece_type: i64, color: bool) -> PyResult<Bound<'py, PyAny>> {
        square_set(slf.py(), BaseBoard::pieces_mask(slf, piece_type, color)?)
    }

    /// The squares the piece on `square` attacks, as a bitboard (0 for an empty square).
    fn attacks_mask(slf: &Bound<'_, Self>, square: i64) -> PyResult<u64> {
        let square = self::square(square)?;
        read(slf, |p| p.board.attacks_from(square).0)
    }

    /// The squares the piece on `square` attacks, as a `SquareSet`.
    fn attacks<'py>(slf: &Bound<'py, Self>, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(slf.py(), BaseBoard::attacks_mask(slf, square)?)
    }

    /// The squares of the pieces of `color` attacking `square`, as a bitboard.
    fn attackers_mask(slf: &Bound<'_, Self>, color: bool, square: i64) -> PyResult<u64> {
        let square = self::square(square)?;
        read(slf, |p| p.board.attackers_to(square, self::color(color), p.board.occupied()).0)
    }

    /// The pieces of `color` attacking `square`, as a `SquareSet`.
    fn attackers<'py>(slf: &Bound<'py, Self>, color: bool, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(slf.py(), BaseBoard::attackers_mask(slf, color, square)?)
    }

    /// Whether a piece of `color` attacks `square`.
    fn is_attacked_by(slf: &Bound<'_, Self>, color: bool, square: i64) -> PyResult<bool> {
        Ok(BaseBoard::attackers_mask(slf, color, square)? != 0)
    }

    /// The line (edge to edge) along which the piece of `color` on `square` is pinned to its
    /// king, as a bitboard; every square (`BB_ALL`) when it is not pinned.
    fn pin_mask(slf: &Bound<'_, Self>, color: bool, square: i64) -> PyResult<u64> {
        let square = self::square(square)?;
        read(slf, |p| p.board.pin_ray(self::color(color), square).map_or(u64::MAX, |ray| ray.0))
    }

    /// The pin line of `pin_mask`, as a `SquareSet`.
    fn pin<'py>(slf: &Bound<'py, Self>, color: bool, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(slf.py(), BaseBoard::pin_mask(slf, color, square)?)
    }

    /// Whether the piece of `color` on `square` is pinned to its king.
    fn is_pinned(slf: &Bound<'_, Self>, color: bool, square: i64) -> PyResult<bool> {
        Ok(BaseBoard::pin_mask(slf, color, square)? != u64::MAX)
    }

    /// Every piece (on the squares of `mask`, a bitboard) by its square.
    #[pyo3(signature = (*, mask = u64::MAX))]
    fn piece_map(slf: &Bound<'_, Self>, mask: u64) -> PyResult<std::collections::HashMap<u8, Piece>> {
        read(slf, |p| {
            p.board
                .pieces()
                .filter(|(sq, _)| Bitboard(mask).contains(*sq))
                .map(|(sq, piece)| (sq.index() as u8, Piece::from_core(piece)))
                .collect()
        })
    }

    /// The FEN's placement field.
    fn board_fen(slf: &Bound<'_, Self>) -> PyResult<String> {
        read(slf, |p| p.board.to_string())
    }

    /// The number of the Chess960 start position the pieces stand in, or `None`.
    fn chess960_pos(slf: &Bound<'_, Self>) -> PyResult<Option<u32>> {
        read(slf, |p| p.promoted.is_empty().then(|| p.board.chess960_number()).flatten())
    }

    /// Puts a piece on a square (replacing what stood there; `None` empties it), marked as a
    /// promoted pawn with `promoted=True`. A `Board` clears its move stack.
    #[pyo3(signature = (square, piece, promoted = false))]
    fn set_piece_at(slf: &Bound<'_, Self>, square: i64, piece: Option<Piece>, promoted: bool) -> PyResult<()> {
        let square = self::square(square)?;
        edit(slf, |p| {
            p.promoted = p.promoted.without(square);
            match piece {
                Some(piece) => {
                    p.board.set_piece_at(square, piece.core());
                    if promoted {
                        p.promoted = p.promoted.with(square);
                    }
                }
                None => {
                    p.board.remove_piece_at(square);
                }
            }
        })
    }

    /// Removes and returns the piece on a square, or `None`. A `Board` clears its move stack.
    fn remove_piece_at(slf: &Bound<'_, Self>, square: i64) -> PyResult<Option<Piece>> {
        let square = self::square(square)?;
        edit(slf, |p| {
            p.promoted = p.promoted.without(square);
            p.board.remove_piece_at(square).map(Piece::from_core)
        })
    }

    /// Replaces the pieces with those of a mapping from square to `Piece`.
    fn set_piece_map(slf: &Bound<'_, Self>, pieces: std::collections::HashMap<i64, Piece>) -> PyResult<()> {
        let mut board = CoreBoard::empty();
        for (square, piece) in pieces {
            board.set_piece_at(self::square(square)?, piece.core());
        }
        edit(slf, |p| *p = Pieces::new(board))
    }

    /// Replaces the pieces with those of a FEN placement field.
    fn set_board_fen(slf: &Bound<'_, Self>, fen: &str) -> PyResult<()> {
        let board = read_board_fen(fen)?;
        edit(slf, |p| *p = Pieces::new(board))
    }

    /// Removes every piece.
    fn clear_board(slf: &Bound<'_, Self>) -> PyResult<()> {
        edit(slf, |p| *p = Pieces::new(CoreBoard::empty()))
    }

    /// Puts the pieces in the standard starting placement.
    fn reset_board(slf: &Bound<'_, Self>) -> PyResult<()> {
        edit(slf, |p| *p = Pieces::new(CoreBoard::new()))
    }

    /// Puts the pieces in Chess960 start position `scharnagl` (0 to 959).
    fn set_chess960_pos(slf: &Bound<'_, Self>, scharnagl: i64) -> PyResult<()> {
        let board = CoreBoard::chess960(chess960_number(scharnagl)?).unwrap_or_default();
        edit(slf, |p| *p = Pieces::new(board))
    }

    /// Mirrors the pieces top to bottom and swaps their colours.
    fn apply_mirror(&mut self) {
        self.pieces = Pieces { board: self.pieces.board.mirror(), promoted: self.pieces.promoted.flip_vertical() };
    }

    /// A copy mirrored top to bottom with the colours swapped.
    fn mirror(&self) -> BaseBoard {
        let mut board = self.clone();
        board.apply_mirror();
        board
    }

    /// Passes the squares of each kind of piece and the promoted pieces through `f`, a function
    /// of a bitboard such as `flip_vertical` (a `Board` transforms its whole position).
    fn apply_transform(slf: &Bound<'_, Self>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(board) = slf.cast::<Board>() {
            return board.try_borrow_mut()?.apply_transform(f);
        }
        let mut base = slf.try_borrow_mut()?;
        base.pieces = base.pieces.transform(f)?;
        Ok(())
    }

    /// A copy passed through `f` (see `apply_transform`).
    fn transform(&self, f: &Bound<'_, PyAny>) -> PyResult<BaseBoard> {
        Ok(BaseBoard { pieces: self.pieces.transform(f)? })
    }

    /// A copy.
    fn copy(&self) -> BaseBoard {
        self.clone()
    }

    fn __copy__(&self) -> BaseBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> BaseBoard {
        self.clone()
    }

    /// Boards are equal when their pieces are (a `BaseBoard` and a `Board` too).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, BaseBoard>) -> PyResult<bool> {
        let theirs = read(other, |p| p.board)?;
        read(slf, |p| p.board == theirs)
    }

    /// python-chess's ASCII diagram: rank 8 first, `.` for empty squares.
    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        read(slf, |p| diagram(&p.board, false, true, |piece| piece.map_or('.', CorePiece::char).to_string()))
    }

    /// A diagram in Unicode chess symbols; `borders=True` frames it with the rank and file
    /// names, `orientation=False` shows it from Black's side.
    #[pyo3(signature = (*, invert_color = false, borders = false, empty_square = "⭘", orientation = true))]
    fn unicode(
        slf: &Bound<'_, Self>,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> PyResult<String> {
        read(slf, |p| {
            diagram(&p.board, borders, orientation, |piece| match piece {
                Some(piece) => Piece::from_core(piece).unicode_symbol(invert_color),
                None => empty_square.to_owned(),
            })
        })
    }

    fn __repr__(&self) -> String {
        format!("BaseBoard('{}')", self.pieces.board)
    }

    /// Pickles as `BaseBoard(board_fen)` (promoted marks are not kept).
    fn __getnewargs__(&self) -> (String,) {
        (self.pieces.board.to_string(),)
    }
}
