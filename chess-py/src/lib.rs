//! Python bindings for chess-core: the native module `chess_core._chess_core`, re-exported by
//! the Python package `chess_core` with python-chess's names.
//!
//! Squares and piece types are plain `int`s, colours plain `bool`s, bitboards plain `int`s; a
//! move is a small frozen `Move` (from, to, promotion) as in python-chess. [`Board`] holds a
//! chess-core [`Position`] and a stack of the positions before each move, so `pop()` is a copy
//! and repetition checks read the stored positions' keys instead of replaying the game. Every
//! rule (legality, SAN, FEN, check, mate, material) is chess-core's; the binding only
//! translates names, numbers and errors.

use chess_core::{
    Bitboard, CastlingChoice, CastlingSide, Color, ErrorCode, IllegalMoveReason, Move as CoreMove, Piece as CorePiece,
    Position, PositionError, Problem, Problems, Role, SanError, Setup, Square, UciError, UciMove, Validation,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyIterator, PyList};

mod engine;
mod pgn;
mod rating;

create_exception!(
    chess_core,
    InvalidMoveError,
    PyValueError,
    "Raised when a move is not written correctly (UCI or SAN syntax)."
);
create_exception!(chess_core, IllegalMoveError, PyValueError, "Raised when a move is illegal in the position.");
create_exception!(
    chess_core,
    AmbiguousMoveError,
    PyValueError,
    "Raised when a SAN move matches more than one legal move."
);
create_exception!(
    chess_core,
    InvalidFenError,
    PyValueError,
    "Raised when a FEN is malformed or describes a position chess-core cannot play from."
);

/// Writes a text as Python's `repr` of a str would, for error messages (`'Nd5'`).
fn quote(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('\'');
    for c in text.chars() {
        match c {
            '\'' => quoted.push_str("\\'"),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => quoted.extend(c.escape_default()),
            c => quoted.push(c),
        }
    }
    quoted.push('\'');
    quoted
}

/// The standard starting position.
const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Chooses the Python exception for a chess-core error by its stable code, as python-chess
/// raises them: syntax → `InvalidMoveError`, no such legal move → `IllegalMoveError`, several
/// → `AmbiguousMoveError`, a bad FEN → `InvalidFenError` (a `ValueError`).
fn error_for(code: ErrorCode, message: String) -> PyErr {
    match code {
        ErrorCode::InvalidSquare | ErrorCode::InvalidMove => InvalidMoveError::new_err(message),
        ErrorCode::AmbiguousMove => AmbiguousMoveError::new_err(message),
        ErrorCode::IllegalMove | ErrorCode::MissingPromotion | ErrorCode::GameOver => {
            IllegalMoveError::new_err(message)
        }
        ErrorCode::InvalidFen | ErrorCode::InvalidPosition | ErrorCode::InvalidEpd => InvalidFenError::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// Converts a Python square number (0–63) to a chess-core square; `IndexError` otherwise, as
/// python-chess's tables raise.
fn square(index: i64) -> PyResult<Square> {
    usize::try_from(index)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyIndexError::new_err(format!("square index out of range: {index}")))
}

/// Converts a python-chess piece type (1–6) to a chess-core role.
fn role(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type - 1)
        .ok()
        .and_then(Role::from_index)
        .ok_or_else(|| PyValueError::new_err(format!("invalid piece type: {piece_type} (PAWN=1 ... KING=6)")))
}

/// python-chess's piece type (1–6) of a role.
fn piece_type(role: Role) -> u8 {
    role.index() as u8 + 1
}

fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// A move as python-chess writes it: from, to, promotion. Castling is the king's two-square step
/// (`e1g1`) in standard chess and the king taking its rook (`e1h1`) in Chess960; the null move
/// is `Move.null()` (`0000`).
///
/// ```python
/// m = chess_core.Move.from_uci("e7e8q")
/// assert (m.from_square, m.to_square, m.promotion) == (chess_core.E7, chess_core.E8, chess_core.QUEEN)
/// ```
#[pyclass(module = "chess_core", name = "Move", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    /// 0 for none, else the piece type (2–5).
    promotion: u8,
}

impl Move {
    const NULL: Move = Move { from: 0, to: 0, promotion: 0 };

    fn is_null(self) -> bool {
        self.from == 0 && self.to == 0 && self.promotion == 0
    }

    /// The chess-core move this names (unresolved: castling and en passant are resolved by the
    /// position that plays it), or `None` for a promotion chess-core cannot encode (to a king,
    /// or from a square that cannot promote).
    fn core(self) -> Option<CoreMove> {
        if self.is_null() {
            return Some(CoreMove::NULL);
        }
        let (from, to) = (Square::ALL[self.from as usize], Square::ALL[self.to as usize]);
        match Role::from_index(usize::from(self.promotion).wrapping_sub(1)) {
            Some(role) => CoreMove::promote(from, to, role),
            None => Some(CoreMove::new(from, to)),
        }
    }

    fn from_uci_move(uci: UciMove) -> Move {
        match uci {
            UciMove::Normal { from, to, promotion } => {
                Move { from: from.index() as u8, to: to.index() as u8, promotion: promotion.map_or(0, piece_type) }
            }
            _ => Move::NULL,
        }
    }

    fn uci_text(self) -> String {
        if self.is_null() {
            return "0000".to_owned();
        }
        let mut text = format!("{}{}", Square::ALL[self.from as usize], Square::ALL[self.to as usize]);
        if let Some(role) = Role::from_index(usize::from(self.promotion).wrapping_sub(1)) {
            text.push(role.char());
        }
        text
    }
}

/// The Python `Move` objects of every move a board can return, made once: iterating the legal
/// moves, `pop()` and the parsers hand out these shared (immutable) objects instead of
/// allocating one per call. 4096 from-to pairs without promotion, then for each promotion
/// piece (knight to queen) the 256 pairs from the second or seventh rank to the first or last.
static MOVE_OBJECTS: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();

impl Move {
    /// The move's place in [`MOVE_OBJECTS`], if it has one.
    fn intern_index(self) -> Option<usize> {
        let (from, to) = (usize::from(self.from), usize::from(self.to));
        if self.promotion == 0 {
            return Some(from * 64 + to);
        }
        let from_row = match from / 8 {
            1 => 0,
            6 => 8,
            _ => return None,
        };
        let to_row = match to / 8 {
            0 => 0,
            7 => 8,
            _ => return None,
        };
        let piece = usize::from(self.promotion).checked_sub(2).filter(|&p| p < 4)?;
        Some(4096 + piece * 256 + (from_row + from % 8) * 16 + to_row + to % 8)
    }

    /// The Python object for this move: the shared one when it has one, else a new one.
    fn to_object(self, py: Python<'_>) -> PyResult<Py<Move>> {
        let table = MOVE_OBJECTS.get_or_try_init(py, || -> PyResult<Vec<Py<Move>>> {
            let mut table = Vec::with_capacity(4096 + 1024);
            for from in 0..64u8 {
                for to in 0..64u8 {
                    table.push(Py::new(py, Move { from, to, promotion: 0 })?);
                }
            }
            for promotion in 2..=5u8 {
                for from_index in 0..16u8 {
                    for to_index in 0..16u8 {
                        let from = if from_index < 8 { 8 + from_index } else { 48 + from_index - 8 };
                        let to = if to_index < 8 { to_index } else { 56 + to_index - 8 };
                        table.push(Py::new(py, Move { from, to, promotion })?);
                    }
                }
            }
            Ok(table)
        })?;
        match self.intern_index().and_then(|index| table.get(index)) {
            Some(object) => Ok(object.clone_ref(py)),
            None => Py::new(py, self),
        }
    }
}

#[pymethods]
impl Move {
    /// Makes a move from square numbers and an optional promotion piece type.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn new(from_square: i64, to_square: i64, promotion: Option<i64>) -> PyResult<Move> {
        let from = square(from_square)?.index() as u8;
        let to = square(to_square)?.index() as u8;
        let promotion = match promotion {
            None => 0,
            Some(p) => piece_type(role(p)?),
        };
        Ok(Move { from, to, promotion })
    }

    /// Reads a move in UCI (`e2e4`, `e7e8q`, `0000`); `InvalidMoveError` if it is not UCI.
    #[staticmethod]
    fn from_uci(py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        let parsed = uci
            .parse::<UciMove>()
            .map_err(|e| InvalidMoveError::new_err(format!("invalid uci: {} ({e})", quote(uci))))?;
        Move::from_uci_move(parsed).to_object(py)
    }

    /// The null move (`0000`), falsy like python-chess's.
    #[staticmethod]
    fn null(py: Python<'_>) -> PyResult<Py<Move>> {
        Move::NULL.to_object(py)
    }

    /// The start square.
    #[getter(from_square)]
    fn start_square(&self) -> u8 {
        self.from
    }

    /// The destination square (the rook's square for Chess960 castling).
    #[getter(to_square)]
    fn target_square(&self) -> u8 {
        self.to
    }

    /// The promotion piece type, or `None`.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        (self.promotion != 0).then_some(self.promotion)
    }

    /// Always `None` (no drops in standard chess).
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    /// The move in UCI.
    fn uci(&self) -> String {
        self.uci_text()
    }

    fn __str__(&self) -> String {
        self.uci_text()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci_text())
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }
}

/// A piece: its type (1–6) and colour (`True` for white).
#[pyclass(module = "chess_core", name = "Piece", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    #[pyo3(get)]
    piece_type: u8,
    #[pyo3(get)]
    color: bool,
}

impl Piece {
    fn core(self) -> CorePiece {
        CorePiece::new(color(self.color), Role::ALL[usize::from(self.piece_type - 1)])
    }

    fn from_core(piece: CorePiece) -> Piece {
        Piece { piece_type: piece_type(piece.role), color: piece.color == Color::White }
    }
}

#[pymethods]
impl Piece {
    /// Makes a piece from a piece type (1–6) and a colour.
    #[new]
    fn new(piece_type: i64, color: bool) -> PyResult<Piece> {
        Ok(Piece { piece_type: self::piece_type(role(piece_type)?), color })
    }

    /// Reads a piece letter (`P`, `n`, ...); `ValueError` otherwise.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        match (chars.next().and_then(CorePiece::from_char), chars.next()) {
            (Some(piece), None) => Ok(Piece::from_core(piece)),
            _ => Err(PyValueError::new_err(format!("invalid piece symbol: {}", quote(symbol)))),
        }
    }

    /// The piece letter, upper case for white.
    fn symbol(&self) -> String {
        self.core().char().to_string()
    }

    /// The Unicode chess symbol (`♔` for the white king).
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let piece = self.core();
        let piece = if invert_color { CorePiece::new(!piece.color, piece.role) } else { piece };
        piece.unicode().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}

/// Tells how often the position with key `key` occurs in `positions` (oldest first, the
/// current one last), counting back to the last position that cannot recur (python-chess's
/// `is_repetition` counts the same way: keys differ across an irreversible move).
fn occurrences<'a>(key: u64, positions: impl Iterator<Item = &'a Position>) -> usize {
    positions.filter(|pos| pos.repetition_key() == key).count()
}

/// A chess board with its move stack, compatible with python-chess's `chess.Board` where the
/// names overlap.
///
/// Design: the current chess-core `Position` plus, for every pushed move, the position before
/// it and the move as python-chess writes it. `pop()` restores the stored position;
/// `is_repetition()` compares the stored positions' repetition keys (no replay). Unlike
/// python-chess, `push()` checks legality (chess-core plays only legal moves) and raises
/// `IllegalMoveError` for an illegal move, leaving the board unchanged.
#[pyclass(module = "chess_core", name = "Board")]
#[derive(Clone)]
pub struct Board {
    pos: Position,
    /// The positions before each move, oldest first.
    history: Vec<Position>,
    /// The moves played, as python-chess writes them.
    moves: Vec<Move>,
    chess960: bool,
    /// python-chess's status flags for what reading the FEN dropped, reported at the root.
    root_status: u32,
}

impl Board {
    /// Reads a FEN as python-chess does: castling rights and an en-passant square that cannot
    /// be are dropped, impossible checks and too much material are accepted (`status()` names
    /// them); a position chess-core cannot play from (a missing or extra king, pawns on the
    /// back rank, the side not to move in check) raises `InvalidFenError`.
    /// Also returns python-chess's status flags for what was dropped (bad castling rights, an
    /// invalid en-passant square), which python-chess reports until the first move.
    fn read_fen(fen: &str, chess960: bool) -> PyResult<(Position, u32)> {
        let invalid = |e: &dyn std::fmt::Display, code| error_for(code, format!("invalid fen: {}: {e}", quote(fen)));
        let setup = Setup::from_fen(fen).map_err(|e| invalid(&e, e.code()))?;
        let castling = if chess960 { CastlingChoice::Chess960 } else { CastlingChoice::Automatic };
        let relaxed = Validation::relaxed().castling(castling);
        let error = match Position::from_setup(setup, Validation::strict().castling(castling)) {
            Ok(pos) => return Ok((pos, 0)),
            Err(error) => error,
        };
        let kinds = error.kinds();
        let dropped = (u32::from(kinds.contains(Problems::INVALID_CASTLING_RIGHTS)) << 8)
            | (u32::from(kinds.contains(Problems::INVALID_EP_SQUARE)) << 9);
        let pos = error
            .ignore_invalid_castling_rights()
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(|e| Position::from_setup(*e.setup(), relaxed))
            .map_err(|e| invalid(&e, e.code()))?;
        Ok((pos, dropped))
    }

    /// python-chess's status flags of the current position (0 when valid), from the problems
    /// strict validation finds.
    fn status_bits(&self) -> u32 {
        let dropped = if self.history.is_empty() { self.root_status } else { 0 };
        dropped | self.problem_bits()
    }

    fn problem_bits(&self) -> u32 {
        let Err(error) =
            Position::from_setup(self.pos.to_setup(), Validation::strict().castling(self.pos.castling_mode()))
        else {
            return 0;
        };
        let board = self.pos.board();
        let mut bits = 0;
        for problem in error.problems() {
            bits |= match problem {
                Problem::MissingKing(Color::White) => 1 << 0,
                Problem::MissingKing(Color::Black) => 1 << 1,
                Problem::TooManyKings(_) => 1 << 2,
                Problem::PawnsOnBackRank(_) => 1 << 5,
                Problem::InvalidCastlingRights(_) => 1 << 8,
                Problem::InvalidEnPassant(_) => 1 << 9,
                Problem::OppositeCheck => 1 << 10,
                Problem::TooManyCheckers(_) => 1 << 15,
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

    /// The chess-core move that `m` means here, or the error python-chess would raise.
    fn resolve(&self, m: Move) -> Result<CoreMove, PyErr> {
        if m.is_null() {
            return Ok(CoreMove::NULL);
        }
        let Some(core) = m.core() else {
            return Err(self.illegal("move", &m.uci_text(), None));
        };
        if self.pos.is_legal(core) {
            return Ok(core);
        }
        let promotion = core.promotion();
        self.pos
            .resolve_move(core.from(), core.to(), promotion)
            .map_err(|reason| self.illegal("move", &m.uci_text(), Some(reason)))
    }

    fn illegal(&self, kind: &str, text: &str, reason: Option<IllegalMoveReason>) -> PyErr {
        let fen = self.pos.to_fen();
        match reason {
            Some(reason) => IllegalMoveError::new_err(format!("illegal {kind}: {} in {fen}: {reason}", quote(text))),
            None => IllegalMoveError::new_err(format!("illegal {kind}: {} in {fen}", quote(text))),
        }
    }

    fn san_error(&self, text: &str, error: &SanError) -> PyErr {
        let fen = self.pos.to_fen();
        match error {
            SanError::Syntax(e) => InvalidMoveError::new_err(format!("invalid san: {}: {e}", quote(text))),
            SanError::Ambiguous { .. } => {
                AmbiguousMoveError::new_err(format!("ambiguous san: {} in {fen}: {error}", quote(text)))
            }
            SanError::Illegal { reason: Some(reason), .. } => {
                IllegalMoveError::new_err(format!("illegal san: {} in {fen}: {reason}", quote(text)))
            }
            _ => error_for(error.code(), format!("illegal san: {} in {fen}: {error}", quote(text))),
        }
    }

    fn uci_error(&self, text: &str, error: &UciError) -> PyErr {
        match error {
            UciError::Syntax(e) => InvalidMoveError::new_err(format!("invalid uci: {}: {e}", quote(text))),
            UciError::Illegal { reason, .. } => self.illegal("uci", text, Some(*reason)),
            _ => error_for(error.code(), format!("{error}")),
        }
    }

    /// Plays a legal chess-core move (or the null move) and records it.
    fn play(&mut self, core: CoreMove) -> PyResult<()> {
        let before = self.pos;
        if core.is_null() {
            self.pos.play_null().map_err(|e| IllegalMoveError::new_err(format!("illegal null move: {}", e.reason)))?;
        } else {
            self.pos.play_unchecked(core);
        }
        self.moves.push(if core.is_null() { Move::NULL } else { Move::from_uci_move(before.uci(core)) });
        self.history.push(before);
        Ok(())
    }

    fn parse_uci_move(&self, uci: &str) -> PyResult<Move> {
        if uci == "0000" {
            return Ok(Move::NULL);
        }
        let core = self.pos.parse_uci(uci).map_err(|e| self.uci_error(uci, &e))?;
        Ok(self.py_move(core))
    }

    /// The legal moves from `from_mask` to `to_mask` that pass `keep`, as an iterator over a
    /// list; castling matches by the rook's square, as in python-chess.
    fn moves_matching<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
        keep: impl Fn(CoreMove) -> bool,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let mut objects = Vec::new();
        for &core in self.pos.legal_moves_masked(Bitboard(from_mask), Bitboard(to_mask)).iter() {
            if keep(core) {
                objects.push(self.py_move(core).to_object(py)?);
            }
        }
        PyList::new(py, objects)?.try_iter()
    }

    fn py_move(&self, core: CoreMove) -> Move {
        Move::from_uci_move(self.pos.uci(core))
    }

    fn san_of(&self, core: CoreMove) -> String {
        if core.is_null() { "--".to_owned() } else { self.pos.san(core).to_string() }
    }

    fn repetitions(&self) -> usize {
        occurrences(self.pos.repetition_key(), self.history.iter().chain(std::iter::once(&self.pos)))
    }

    fn has_legal_move(&self) -> bool {
        self.pos.count_legal_moves() > 0
    }

    fn is_seventyfive_moves_inner(&self) -> bool {
        self.pos.halfmove_clock() >= 150 && self.has_legal_move()
    }

    fn can_claim_fifty_inner(&self) -> bool {
        if self.pos.halfmove_clock() >= 100 && self.has_legal_move() {
            return true;
        }
        if self.pos.halfmove_clock() >= 99 {
            return self.pos.legal_moves().iter().any(|&m| {
                let mut after = self.pos;
                after.play_unchecked(m);
                !self.pos.is_zeroing(m) && after.halfmove_clock() >= 100 && after.count_legal_moves() > 0
            });
        }
        false
    }

    fn can_claim_threefold_inner(&self) -> bool {
        if self.repetitions() >= 3 {
            return true;
        }
        // A move to a position that would then have occurred three times.
        self.pos.legal_moves().iter().any(|&m| {
            let mut after = self.pos;
            after.play_unchecked(m);
            let earlier = self.history.iter().chain(std::iter::once(&self.pos));
            occurrences(after.repetition_key(), earlier) + 1 >= 3
        })
    }

    /// python-chess's outcome as (termination value, winner).
    fn outcome_inner(&self, claim_draw: bool) -> Option<(u8, Option<bool>)> {
        if self.pos.is_checkmate() {
            return Some((1, Some(self.pos.turn() == Color::Black)));
        }
        if self.pos.is_insufficient_material() {
            return Some((3, None));
        }
        if !self.has_legal_move() {
            return Some((2, None));
        }
        if self.is_seventyfive_moves_inner() {
            return Some((4, None));
        }
        if self.repetitions() >= 5 {
            return Some((5, None));
        }
        if claim_draw {
            if self.can_claim_fifty_inner() {
                return Some((6, None));
            }
            if self.can_claim_threefold_inner() {
                return Some((7, None));
            }
        }
        None
    }
}

#[pymethods]
impl Board {
    /// Sets up a board from a FEN (the standard start by default). `chess960=True` reads the
    /// castling rights as Chess960's and writes castling as king-takes-rook. A malformed FEN,
    /// or an impossible position, raises `InvalidFenError` (a `ValueError`) naming the problem.
    #[new]
    #[pyo3(signature = (fen = STARTING_FEN, *, chess960 = false))]
    fn new(fen: &str, chess960: bool) -> PyResult<Board> {
        let (pos, root_status) = Board::read_fen(fen, chess960)?;
        Ok(Board { pos, history: Vec::new(), moves: Vec::new(), chess960, root_status })
    }

    /// Replaces the position with a FEN's and clears the move stack.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        (self.pos, self.root_status) = Board::read_fen(fen, self.chess960)?;
        self.history.clear();
        self.moves.clear();
        Ok(())
    }

    /// Restores the starting position and clears the move stack.
    fn reset(&mut self) {
        self.pos = Position::new();
        self.root_status = 0;
        self.history.clear();
        self.moves.clear();
    }

    /// Clears the move stack, keeping the position.
    fn clear_stack(&mut self) {
        if !self.history.is_empty() {
            // The repairs reading the FEN made belong to the root, which is gone.
            self.root_status = 0;
        }
        self.history.clear();
        self.moves.clear();
    }

    /// The FEN. `en_passant="legal"` (the default) writes the en-passant square only when a
    /// capture there is legal, `"fen"` after every double pawn push; `shredder=True` writes
    /// castling rights as rook files (`HAha`).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal"))]
    fn fen(&self, shredder: bool, en_passant: &str) -> PyResult<String> {
        let mut fen = self.pos.fen();
        match en_passant {
            "legal" => {}
            "fen" => fen = fen.always_en_passant(),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "en_passant must be 'legal' or 'fen', not {}",
                    quote(en_passant)
                )));
            }
        }
        if shredder {
            fen = fen.shredder();
        }
        Ok(fen.to_string())
    }

    /// The EPD: the FEN without its clocks (no operations), with the same options as `fen()`.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal"))]
    fn epd(&self, shredder: bool, en_passant: &str) -> PyResult<String> {
        let fen = self.fen(shredder, en_passant)?;
        Ok(fen.splitn(5, ' ').take(4).collect::<Vec<_>>().join(" "))
    }

    /// The Chess960 start position with Scharnagl number `scharnagl` (0–959; 518 is the
    /// standard one), on a Chess960 board.
    #[staticmethod]
    fn from_chess960_pos(scharnagl: i64) -> PyResult<Board> {
        let n = usize::try_from(scharnagl)
            .ok()
            .filter(|&n| n < 960)
            .ok_or_else(|| PyValueError::new_err(format!("chess960 position index not 0 <= {scharnagl} < 960")))?;
        let mut rank = [' '; 8];
        let (n, light) = (n / 4, n % 4);
        rank[2 * light + 1] = 'B';
        let (n, dark) = (n / 4, n % 4);
        rank[2 * dark] = 'B';
        let (n, queen) = (n / 6, n % 6);
        let place = |rank: &mut [char; 8], index: usize, piece: char| {
            if let Some(file) = (0..8).filter(|&f| rank[f] == ' ').nth(index) {
                rank[file] = piece;
            }
        };
        place(&mut rank, queen, 'Q');
        const KNIGHTS: [(usize, usize); 10] =
            [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
        let (first, second) = KNIGHTS[n];
        // The second knight first, so that the first one's index is not shifted.
        place(&mut rank, second, 'N');
        place(&mut rank, first, 'N');
        for piece in ['R', 'K', 'R'] {
            place(&mut rank, 0, piece);
        }
        let white: String = rank.iter().collect();
        let fen = format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1", white.to_ascii_lowercase());
        Board::new(&fen, true)
    }

    /// The FEN's placement field.
    fn board_fen(&self) -> String {
        let fen = self.pos.to_fen();
        fen.split(' ').next().unwrap_or_default().to_owned()
    }

    /// `True` (WHITE) or `False` (BLACK): the side to move.
    #[getter]
    fn turn(&self) -> bool {
        self.pos.turn() == Color::White
    }

    /// Whether castling is written as king-takes-rook (Chess960).
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// The rooks with castling rights, as a bitboard (python-chess's `castling_rights`).
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.pos.castling_rights().0
    }

    /// The en-passant target square after a double pawn push, or `None`.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.pos.ep_square().map(|sq| sq.index() as u8)
    }

    /// Whether an en-passant capture is legal now.
    fn has_legal_en_passant(&self) -> bool {
        self.pos.legal_ep_square().is_some()
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove_clock()
    }

    /// The move number, starting at 1 and incremented after Black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// The moves played since the board was set up, oldest first (a new list).
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.moves.iter().map(|m| m.to_object(py)).collect::<PyResult<Vec<_>>>()?)
    }

    /// The number of half-moves since the start of the game (from the fullmove number).
    fn ply(&self) -> u64 {
        2 * (u64::from(self.pos.fullmove_number().max(1)) - 1) + u64::from(self.pos.turn() == Color::Black)
    }

    /// The piece on a square, or `None`.
    fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        Ok(self.pos.piece_at(self::square(square)?).map(Piece::from_core))
    }

    /// The piece type on a square, or `None`.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        Ok(self.pos.piece_at(self::square(square)?).map(|p| piece_type(p.role)))
    }

    /// The colour of the piece on a square, or `None`.
    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        Ok(self.pos.piece_at(self::square(square)?).map(|p| p.color == Color::White))
    }

    /// The square of the king of a colour, or `None`.
    fn king(&self, color: bool) -> Option<u8> {
        let king = CorePiece::new(self::color(color), Role::King);
        Square::ALL.iter().find(|&&sq| self.pos.piece_at(sq) == Some(king)).map(|sq| sq.index() as u8)
    }

    /// The legal moves (lazy: `count()`, `in`, iteration, `bool()`).
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator { board: slf.unbind() }
    }

    /// Whether a move is legal here (castling as `e1g1` or, in Chess960, `e1h1`).
    fn is_legal(&self, r#move: Move) -> bool {
        let m = r#move;
        !m.is_null() && self.resolve(m).is_ok()
    }

    /// Plays a move. Unlike python-chess, an illegal move raises `IllegalMoveError` and leaves
    /// the board unchanged (chess-core plays only legal moves); `Move.null()` passes the turn.
    fn push(&mut self, r#move: Move) -> PyResult<()> {
        let m = r#move;
        let core = self.resolve(m)?;
        self.play(core)
    }

    /// Takes back the last move and returns it; `IndexError` on an empty stack.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        match (self.history.pop(), self.moves.pop()) {
            (Some(pos), Some(m)) => {
                self.pos = pos;
                m.to_object(py)
            }
            _ => Err(PyIndexError::new_err("pop from empty move stack")),
        }
    }

    /// The last move played; `IndexError` on an empty stack.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        self.moves.last().ok_or_else(|| PyIndexError::new_err("peek from empty move stack"))?.to_object(py)
    }

    /// Reads a move in SAN (leniently) and returns it.
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let core = self.pos.parse_san(san).map_err(|e| self.san_error(san, &e))?;
        self.py_move(core).to_object(py)
    }

    /// Reads a move in SAN, plays it and returns it.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let core = self.pos.parse_san(san).map_err(|e| self.san_error(san, &e))?;
        let m = self.py_move(core);
        self.play(core)?;
        m.to_object(py)
    }

    /// Reads a move in UCI and returns it (`InvalidMoveError` for bad syntax,
    /// `IllegalMoveError` for an illegal move).
    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        self.parse_uci_move(uci)?.to_object(py)
    }

    /// Reads a move in UCI, plays it and returns it.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        let m = self.parse_uci_move(uci)?;
        self.push(m)?;
        m.to_object(py)
    }

    /// The SAN of a legal move (`--` for the null move).
    fn san(&self, r#move: Move) -> PyResult<String> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(self.san_of(core))
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`).
    fn lan(&self, r#move: Move) -> PyResult<String> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(if core.is_null() { "--".to_owned() } else { self.pos.lan(core).to_string() })
    }

    /// The UCI of a legal move, castling as this board writes it.
    fn uci(&self, r#move: Move) -> PyResult<String> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(if core.is_null() { "0000".to_owned() } else { self.pos.uci(core).to_string() })
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// The squares of the pieces giving check, as a bitboard.
    fn checkers_mask(&self) -> u64 {
        self.pos.checkers().0
    }

    /// Whether the move captures a piece (en passant included).
    fn is_capture(&self, r#move: Move) -> PyResult<bool> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(!core.is_null() && self.pos.is_capture(core))
    }

    /// Whether the move gives check.
    fn gives_check(&self, r#move: Move) -> PyResult<bool> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(!core.is_null() && self.pos.gives_check(core))
    }

    /// Whether the move is a capture or a pawn move (resets the halfmove clock).
    fn is_zeroing(&self, r#move: Move) -> PyResult<bool> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(!core.is_null() && self.pos.is_zeroing(core))
    }

    /// Whether the move is castling.
    fn is_castling(&self, r#move: Move) -> PyResult<bool> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(core.is_castle())
    }

    /// Whether the move is an en-passant capture.
    fn is_en_passant(&self, r#move: Move) -> PyResult<bool> {
        let m = r#move;
        let core = self.resolve(m)?;
        Ok(core.is_en_passant())
    }

    /// Whether the move is castling to the king's side.
    fn is_kingside_castling(&self, r#move: Move) -> PyResult<bool> {
        let core = self.resolve(r#move)?;
        Ok(core.castling_side() == Some(CastlingSide::KingSide))
    }

    /// Whether the move is castling to the queen's side.
    fn is_queenside_castling(&self, r#move: Move) -> PyResult<bool> {
        let core = self.resolve(r#move)?;
        Ok(core.castling_side() == Some(CastlingSide::QueenSide))
    }

    /// Whether `color` may still castle on either side.
    fn has_castling_rights(&self, color: bool) -> bool {
        let color = self::color(color);
        self.pos.has_castling_right(color, CastlingSide::KingSide)
            || self.pos.has_castling_right(color, CastlingSide::QueenSide)
    }

    /// Whether `color` may still castle on the king's side.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.pos.has_castling_right(self::color(color), CastlingSide::KingSide)
    }

    /// Whether `color` may still castle on the queen's side.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.pos.has_castling_right(self::color(color), CastlingSide::QueenSide)
    }

    /// The squares of the pieces of `color` attacking `square`, as a bitboard.
    fn attackers_mask(&self, color: bool, square: i64) -> PyResult<u64> {
        Ok(self.pos.attackers_to(self::square(square)?, self::color(color)).0)
    }

    /// The pieces of `color` attacking `square`, as a `SquareSet`.
    fn attackers<'py>(&self, py: Python<'py>, color: bool, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attackers_mask(color, square)?)
    }

    /// Whether a piece of `color` attacks `square`.
    fn is_attacked_by(&self, color: bool, square: i64) -> PyResult<bool> {
        Ok(self.attackers_mask(color, square)? != 0)
    }

    /// The pieces giving check, as a `SquareSet`.
    fn checkers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pos.checkers().0)
    }

    /// The squares of the pieces of a type and colour, as a bitboard.
    fn pieces_mask(&self, piece_type: i64, color: bool) -> PyResult<u64> {
        let piece = CorePiece::new(self::color(color), role(piece_type)?);
        Ok(Square::ALL
            .iter()
            .filter(|&&sq| self.pos.piece_at(sq) == Some(piece))
            .fold(0, |mask, sq| mask | 1 << sq.index()))
    }

    /// The pieces of a type and colour, as a `SquareSet`.
    fn pieces<'py>(&self, py: Python<'py>, piece_type: i64, color: bool) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pieces_mask(piece_type, color)?)
    }

    /// Every piece by its square.
    fn piece_map(&self) -> std::collections::HashMap<u8, Piece> {
        self.pos.board().pieces().map(|(sq, piece)| (sq.index() as u8, Piece::from_core(piece))).collect()
    }

    /// The legal moves from squares in `from_mask` to squares in `to_mask` (bitboards; castling
    /// matches by its rook's square, as in python-chess).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, from_mask, to_mask, |_| true)
    }

    /// The legal captures (en passant included) within the masks, as `generate_legal_moves`.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        self.moves_matching(py, from_mask, to_mask, |m| self.pos.is_capture(m))
    }

    /// The legal move from one square to another (castling as the king's step or
    /// king-takes-rook); a pawn reaching the last rank promotes to a queen unless told.
    /// `IllegalMoveError` when there is none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move(
        &self,
        py: Python<'_>,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Py<Move>> {
        let (from, to) = (square(from_square)?, square(to_square)?);
        let promotion = promotion.map(role).transpose()?;
        let found = match self.pos.resolve_move(from, to, promotion) {
            Err(reason) if promotion.is_none() && reason.code() == ErrorCode::MissingPromotion => {
                self.pos.resolve_move(from, to, Some(Role::Queen))
            }
            other => other,
        };
        match found {
            Ok(core) => self.py_move(core).to_object(py),
            Err(reason) => Err(IllegalMoveError::new_err(format!(
                "no matching legal move for {from}{to} ({from} -> {to}) in {}: {reason}",
                self.pos.to_fen()
            ))),
        }
    }

    /// Gives the SAN of a move, then plays it.
    fn san_and_push(&mut self, r#move: Move) -> PyResult<String> {
        let core = self.resolve(r#move)?;
        let san = self.san_of(core);
        self.play(core)?;
        Ok(san)
    }

    /// The SAN of a line of moves from this position, numbered (`1. e4 e5 2. Nf3`); the board is
    /// unchanged. `IllegalMoveError` names the first illegal move.
    fn variation_san(&self, variation: Vec<Move>) -> PyResult<String> {
        let mut board = Board { history: Vec::new(), moves: Vec::new(), ..self.clone() };
        let mut text = String::new();
        for (index, m) in variation.into_iter().enumerate() {
            let core = board.resolve(m)?;
            let white = board.pos.turn() == Color::White;
            if !text.is_empty() {
                text.push(' ');
            }
            if white {
                text.push_str(&format!("{}. ", board.pos.fullmove_number()));
            } else if index == 0 {
                text.push_str(&format!("{}...", board.pos.fullmove_number()));
            }
            text.push_str(&board.san_of(core));
            board.play(core)?;
        }
        Ok(text)
    }

    /// A copy mirrored vertically with the colours swapped (side to move, castling rights and
    /// en-passant square too), without the move stack: the same position for the other side.
    fn mirror(&self) -> PyResult<Board> {
        let mut setup = Setup::empty();
        for (square, piece) in self.pos.board().pieces() {
            setup.board.set_piece_at(square.flip_vertical(), CorePiece::new(!piece.color, piece.role));
        }
        setup.turn = !self.pos.turn();
        setup.castling_rights = self.pos.castling_rights().flip_vertical();
        setup.ep_square = self.pos.ep_square().map(Square::flip_vertical);
        setup.halfmove_clock = self.pos.halfmove_clock();
        setup.fullmove_number = self.pos.fullmove_number();
        let pos = Position::from_setup(setup, Validation::relaxed().castling(self.pos.castling_mode()))
            .map_err(|e| PyValueError::new_err(format!("cannot mirror {}: {e}", self.pos.to_fen())))?;
        Ok(Board { pos, history: Vec::new(), moves: Vec::new(), chess960: self.chess960, root_status: 0 })
    }

    /// The board at the start of the move stack.
    fn root(&self) -> Board {
        Board {
            pos: self.history.first().copied().unwrap_or(self.pos),
            history: Vec::new(),
            moves: Vec::new(),
            chess960: self.chess960,
            root_status: self.root_status,
        }
    }

    /// Whether the position passes strict validation (`status()` is `Status.VALID`).
    fn is_valid(&self) -> bool {
        self.status_bits() == 0
    }

    /// python-chess's `Status` flags of the position: impossible checks and too much material
    /// (the problems a board accepts); `Status.VALID` otherwise.
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("chess_core")?.getattr("Status")?.call1((self.status_bits(),))
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    /// Whether neither side has mating material.
    fn is_insufficient_material(&self) -> bool {
        self.pos.is_insufficient_material()
    }

    /// Whether `color` lacks mating material.
    fn has_insufficient_material(&self, color: bool) -> bool {
        self.pos.has_insufficient_material(self::color(color))
    }

    /// Whether 150 half-moves passed without capture or pawn move (and a move remains).
    fn is_seventyfive_moves(&self) -> bool {
        self.is_seventyfive_moves_inner()
    }

    /// Whether 100 half-moves passed without capture or pawn move (and a move remains).
    fn is_fifty_moves(&self) -> bool {
        self.pos.halfmove_clock() >= 100 && self.has_legal_move()
    }

    /// Whether the current position has occurred at least `count` times (stored keys, no replay).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: i64) -> bool {
        usize::try_from(count).map_or(true, |count| self.repetitions() >= count)
    }

    /// Whether the current position has occurred five times.
    fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// Whether the side to move can claim a draw by the fifty-move rule (now or with a move).
    fn can_claim_fifty_moves(&self) -> bool {
        self.can_claim_fifty_inner()
    }

    /// Whether the side to move can claim a threefold repetition (now or with a move).
    fn can_claim_threefold_repetition(&self) -> bool {
        self.can_claim_threefold_inner()
    }

    /// Whether a draw can be claimed (fifty moves or threefold repetition).
    fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_inner() || self.can_claim_threefold_inner()
    }

    /// Whether the game is over (checkmate, stalemate, insufficient material, seventy-five
    /// moves, fivefold repetition; with `claim_draw`, also the claimable draws).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_inner(claim_draw).is_some()
    }

    /// How the game ended, as python-chess's `Outcome`, or `None`.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(&self, py: Python<'py>, claim_draw: bool) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some((termination, winner)) = self.outcome_inner(claim_draw) else {
            return Ok(None);
        };
        let package = py.import("chess_core")?;
        let termination = package.getattr("Termination")?.call1((termination,))?;
        Ok(Some(package.getattr("Outcome")?.call1((termination, winner))?))
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome_inner(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        }
    }

    /// A copy; `stack=False` leaves out the move stack, `stack=n` keeps its last n moves.
    #[pyo3(signature = (*, stack = StackCopy::All(true)), text_signature = "($self, *, stack=True)")]
    fn copy(&self, stack: StackCopy) -> PyResult<Board> {
        let keep = match stack {
            StackCopy::All(true) => self.moves.len(),
            StackCopy::All(false) => 0,
            StackCopy::Last(n) => usize::try_from(n)
                .map_err(|_| PyValueError::new_err(format!("stack must be a bool or a count >= 0, not {n}")))?
                .min(self.moves.len()),
        };
        let mut board = self.clone();
        let drop = self.moves.len() - keep;
        if drop > 0 {
            board.history.drain(..drop);
            board.moves.drain(..drop);
            board.root_status = 0;
        }
        Ok(board)
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The Polyglot Zobrist key (python-chess's `chess.polyglot.zobrist_hash`).
    fn zobrist_hash(&self) -> u64 {
        self.pos.zobrist_key()
    }

    /// Counts the leaf nodes of the legal move tree to `depth` (chess-core's perft); a depth
    /// beyond its limit (64) raises `ValueError`.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let pos = self.pos;
        py.detach(|| chess_core::perft::perft(&pos, depth)).map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// Boards are equal when their positions are (python-chess compares positions, not stacks).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Board>().is_ok_and(|other| {
            let other = other.borrow();
            self.pos.to_fen() == other.pos.to_fen()
        })
    }

    /// python-chess's ASCII diagram: rank 8 first, `.` for empty squares.
    fn __str__(&self) -> String {
        let mut text = String::with_capacity(127);
        for rank in (0..8).rev() {
            for file in 0..8 {
                if file > 0 {
                    text.push(' ');
                }
                text.push(self.pos.piece_at(Square::ALL[rank * 8 + file]).map_or('.', CorePiece::char));
            }
            if rank > 0 {
                text.push('\n');
            }
        }
        text
    }

    /// A diagram in Unicode chess symbols.
    #[pyo3(signature = (*, invert_color = false, empty_square = "⭘"))]
    fn unicode(&self, invert_color: bool, empty_square: &str) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            for file in 0..8 {
                if file > 0 {
                    text.push(' ');
                }
                match self.pos.piece_at(Square::ALL[rank * 8 + file]) {
                    Some(p) => {
                        text.push(Piece::from_core(p).unicode_symbol(invert_color).chars().next().unwrap_or('?'))
                    }
                    None => text.push_str(empty_square),
                }
            }
            if rank > 0 {
                text.push('\n');
            }
        }
        text
    }

    fn __repr__(&self) -> String {
        if self.chess960 {
            format!("Board('{}', chess960=True)", self.pos.to_fen())
        } else {
            format!("Board('{}')", self.pos.to_fen())
        }
    }
}

/// The legal moves of a board, generated when asked: `count()`, `in`, iteration, `bool()`.
#[pyclass(module = "chess_core", name = "LegalMoveGenerator", frozen)]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    /// The number of legal moves (chess-core's bulk count).
    fn count(&self, py: Python<'_>) -> PyResult<u32> {
        Ok(self.board.try_borrow(py)?.pos.count_legal_moves())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.count(py)? > 0)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.count(py)? as usize)
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<bool> {
        match m.cast::<Move>() {
            Ok(m) => Ok(self.board.try_borrow(py)?.is_legal(*m.get())),
            Err(_) => Ok(false),
        }
    }

    /// Iterates over a list of the legal moves made on the call (the moves are shared objects,
    /// so the list costs no allocation per move; C-level list iteration after that).
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let board = self.board.try_borrow(py)?;
        let moves = board.pos.legal_moves();
        let mut objects = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            objects.push(board.py_move(m).to_object(py)?);
        }
        PyList::new(py, objects)?.try_iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = self.board.try_borrow(py)?;
        let sans: Vec<String> = board.pos.legal_moves().iter().map(|&m| board.san_of(m)).collect();
        Ok(format!("<LegalMoveGenerator at {:#x} ({})>", self.board.as_ptr() as usize, sans.join(", ")))
    }
}

/// `Board.copy(stack=...)`: `True`/`False`, or how many of the last moves to keep.
#[derive(FromPyObject)]
enum StackCopy {
    All(bool),
    Last(i64),
}

/// A `chess_core.SquareSet` of a bitboard (the class is the Python package's).
fn square_set(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, PyAny>> {
    py.import("chess_core")?.getattr("SquareSet")?.call1((mask,))
}

/// The name of a square (`e4`); `IndexError` outside 0–63.
#[pyfunction]
fn square_name(square: i64) -> PyResult<String> {
    Ok(self::square(square)?.to_string())
}

/// The number of a square name (`e4` → 28); `ValueError` otherwise.
#[pyfunction]
fn parse_square(name: &str) -> PyResult<u8> {
    name.parse::<Square>()
        .map(|sq| sq.index() as u8)
        .map_err(|e| PyValueError::new_err(format!("invalid square name: {} ({e})", quote(name))))
}

/// python-chess's `chess.polyglot.zobrist_hash`: the Polyglot key of a board's position.
#[pyfunction]
fn zobrist_hash(board: PyRef<'_, Board>) -> u64 {
    board.pos.zobrist_key()
}

/// Registers the native classes, functions and exceptions; the Python package adds the
/// constants and the `Outcome`/`Termination` types.
#[pymodule]
fn _chess_core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Move>()?;
    m.add_class::<Piece>()?;
    m.add_class::<Board>()?;
    m.add_class::<LegalMoveGenerator>()?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(zobrist_hash, m)?)?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("STARTING_FEN", STARTING_FEN)?;
    engine::register(m)?;
    pgn::register(m)?;
    rating::register(m)?;
    Ok(())
}
