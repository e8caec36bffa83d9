//! The `Move` class (with its shared objects), why a move is illegal, and the lazy move
//! generators of a board.

use chess_core::{AnyPosition, IllegalMoveReason as CoreIllegalMoveReason, Move as CoreMove, Role, Square, UciMove};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyIterator, PyList, PyString};

use crate::board::Board;
use crate::errors::{InvalidMoveError, quote};
use crate::pieces::{piece_type, role};
use crate::squares::square;

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
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// 0 for none, else the piece type (2–5).
    pub(crate) promotion: u8,
    /// 0 for none, else the piece type put on `to` (a crazyhouse drop, `from == to`): read and
    /// written as python-chess does, never legal on a board.
    pub(crate) drop: u8,
}

impl Move {
    pub(crate) const NULL: Move = Move { from: 0, to: 0, promotion: 0, drop: 0 };

    pub(crate) fn is_null(self) -> bool {
        self == Move::NULL
    }

    /// The chess-core move this names (unresolved: castling and en passant are resolved by the
    /// position that plays it), or `None` for a promotion chess-core cannot encode (to a king,
    /// or from a square that cannot promote) and for a drop.
    pub(crate) fn core(self) -> Option<CoreMove> {
        if self.is_null() {
            return Some(CoreMove::NULL);
        }
        if self.drop != 0 {
            return None;
        }
        let (from, to) = (Square::ALL[self.from as usize], Square::ALL[self.to as usize]);
        match Role::from_index(usize::from(self.promotion).wrapping_sub(1)) {
            Some(role) => CoreMove::promote(from, to, role),
            None => Some(CoreMove::new(from, to)),
        }
    }

    /// The legal chess-core move of `pos` this names (castling as the king's two-square move
    /// or king takes rook), or why there is none.
    pub(crate) fn resolve(self, pos: &chess_core::Position) -> Result<CoreMove, String> {
        let illegal =
            |why: &dyn std::fmt::Display| format!("illegal move {} in {}: {why}", self.uci_text(), pos.to_fen());
        let core = self.core().ok_or_else(|| illegal(&"no such move in chess"))?;
        if pos.is_legal(core) {
            return Ok(core);
        }
        pos.resolve_move(core.from(), core.to(), core.promotion()).map_err(|reason| illegal(&reason))
    }

    pub(crate) fn from_uci_move(uci: UciMove) -> Move {
        match uci {
            UciMove::Normal { from, to, promotion } => Move {
                from: from.index() as u8,
                to: to.index() as u8,
                promotion: promotion.map_or(0, piece_type),
                drop: 0,
            },
            UciMove::Put { role, to } => {
                Move { from: to.index() as u8, to: to.index() as u8, promotion: 0, drop: piece_type(role) }
            }
            UciMove::Null => Move::NULL,
        }
    }

    /// The move as chess-core's UCI notation names it.
    fn uci_move(self) -> UciMove {
        let (from, to) = (Square::ALL[self.from as usize], Square::ALL[self.to as usize]);
        let role = |piece_type: u8| Role::from_index(usize::from(piece_type).wrapping_sub(1));
        match role(self.drop) {
            _ if self.is_null() => UciMove::Null,
            Some(role) => UciMove::Put { role, to },
            None => UciMove::Normal { from, to, promotion: role(self.promotion) },
        }
    }

    pub(crate) fn uci_text(self) -> String {
        self.uci_move().to_string()
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
        if self.drop != 0 {
            return None;
        }
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

    /// Every move with a shared object, in [`MOVE_OBJECTS`]'s order.
    fn interned() -> impl Iterator<Item = Move> {
        let plain = (0..64u8).flat_map(|from| (0..64u8).map(move |to| Move { from, to, promotion: 0, drop: 0 }));
        let promotions = (2..=5u8).flat_map(|promotion| {
            (0..16u8).flat_map(move |from_index| {
                (0..16u8).map(move |to_index| {
                    let from = if from_index < 8 { 8 + from_index } else { 48 + from_index - 8 };
                    let to = if to_index < 8 { to_index } else { 56 + to_index - 8 };
                    Move { from, to, promotion, drop: 0 }
                })
            })
        });
        plain.chain(promotions)
    }

    /// The Python object for this move: the shared one when it has one, else a new one.
    pub(crate) fn to_object(self, py: Python<'_>) -> PyResult<Py<Move>> {
        let table = MOVE_OBJECTS.get_or_try_init(py, || Move::interned().map(|m| Py::new(py, m)).collect())?;
        match self.intern_index().and_then(|index| table.get(index)) {
            Some(object) => Ok(object.clone_ref(py)),
            None => Py::new(py, self),
        }
    }

    /// The move's UCI as a Python string: a shared one for the moves with shared objects
    /// (programs ask for `uci()` of every move they read).
    fn uci_object(self, py: Python<'_>) -> Py<PyString> {
        let table =
            UCI_TEXTS.get_or_init(py, || Move::interned().map(|m| PyString::new(py, &m.uci_text()).unbind()).collect());
        match self.intern_index().and_then(|index| table.get(index)) {
            Some(text) => text.clone_ref(py),
            None => PyString::new(py, &self.uci_text()).unbind(),
        }
    }
}

/// The UCI of each move of [`MOVE_OBJECTS`], in its order.
static UCI_TEXTS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

#[pymethods]
impl Move {
    /// Makes a move from square numbers, an optional promotion piece type and an optional
    /// dropped piece type (crazyhouse's; boards find drops illegal).
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    pub(crate) fn new(from_square: i64, to_square: i64, promotion: Option<i64>, drop: Option<i64>) -> PyResult<Move> {
        let from = square(from_square)?.index() as u8;
        let to = square(to_square)?.index() as u8;
        let piece_type_of = |p: Option<i64>| p.map_or(Ok(0), |p| role(p).map(piece_type));
        Ok(Move { from, to, promotion: piece_type_of(promotion)?, drop: piece_type_of(drop)? })
    }

    /// Reads a move in UCI (`e2e4`, `e7e8q`, `0000`, a drop `N@f3`); `InvalidMoveError` if it
    /// is not UCI.
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

    /// The dropped piece type of a crazyhouse drop (`N@f3`), or `None`.
    #[getter]
    fn drop(&self) -> Option<u8> {
        (self.drop != 0).then_some(self.drop)
    }

    /// The move in UCI.
    fn uci(&self, py: Python<'_>) -> Py<PyString> {
        self.uci_object(py)
    }

    /// The move in the XBoard protocol: its UCI, the null move as `@@@@`.
    pub(crate) fn xboard(&self) -> String {
        if self.is_null() { "@@@@".to_owned() } else { self.uci_text() }
    }

    fn __str__(&self, py: Python<'_>) -> Py<PyString> {
        self.uci_object(py)
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci_text())
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    /// Pickles as `Move(from_square, to_square, promotion, drop)`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, pyo3::types::PyType>, (u8, u8, Option<u8>, Option<u8>)) {
        (py.get_type::<Move>(), (self.from, self.to, self.promotion(), self.drop()))
    }
}

/// The language of a `lang` argument: `"en"` or `"zh"`.
pub(crate) fn lang(lang: &str) -> PyResult<chess_core::Lang> {
    match lang {
        "en" => Ok(chess_core::Lang::En),
        "zh" => Ok(chess_core::Lang::Zh),
        _ => Err(PyValueError::new_err(format!("lang must be 'en' or 'zh', not {}", quote(lang)))),
    }
}

/// Why a move is illegal (`Board.why_illegal()`): chess-core's reason in English and Chinese.
#[pyclass(module = "chess_core", name = "IllegalMoveReason", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct IllegalMoveReason {
    /// The case, as a stable snake-case name (`"pinned"`, `"king_into_check"`, ...).
    #[pyo3(get)]
    kind: &'static str,
    /// The reason in English.
    #[pyo3(get)]
    message: String,
    /// The reason in Chinese.
    #[pyo3(get)]
    message_zh: String,
}

impl IllegalMoveReason {
    pub(crate) fn new(reason: &CoreIllegalMoveReason) -> IllegalMoveReason {
        IllegalMoveReason {
            kind: reason.kind().name(),
            message: reason.to_string(),
            message_zh: reason.text(chess_core::Lang::Zh).to_string(),
        }
    }
}

#[pymethods]
impl IllegalMoveReason {
    fn __str__(&self) -> String {
        self.message.clone()
    }

    fn __repr__(&self) -> String {
        format!("<IllegalMoveReason {}: {}>", self.kind, quote(&self.message))
    }
}

/// The legal moves of a board, generated when asked: `count()`, `in`, iteration, `bool()`, in
/// python-chess's order. `LegalMoveGenerator(board)` also takes any object with python-chess's
/// `generate_legal_moves()` and `is_legal()`.
#[pyclass(module = "chess_core", name = "LegalMoveGenerator", frozen)]
pub struct LegalMoveGenerator {
    #[pyo3(get)]
    pub(crate) board: Py<PyAny>,
}

#[pymethods]
impl LegalMoveGenerator {
    #[new]
    fn new(board: Bound<'_, PyAny>) -> PyResult<LegalMoveGenerator> {
        Ok(LegalMoveGenerator { board: Moves::board(board, "generate_legal_moves")? })
    }

    /// The number of legal moves (chess-core's bulk count).
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        Moves::of(py, &self.board, true)?.count()
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Moves::of(py, &self.board, true)?.any()
    }

    /// The number of moves, a hint for `list()` (no `len()`, as in python-chess); none for a
    /// board that is not chess_core's, so that its moves are generated once.
    fn __length_hint__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Moves::of(py, &self.board, true)?.hint()
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<bool> {
        Moves::of(py, &self.board, true)?.contains(m)
    }

    /// Iterates over a list of the legal moves made on the call (the moves are shared objects,
    /// so the list costs no allocation per move; C-level list iteration after that).
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        Moves::of(py, &self.board, true)?.iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Moves::of(py, &self.board, true)?.repr("LegalMoveGenerator")
    }
}

/// The pseudo-legal moves of a board (legal ones and those leaving the king in check),
/// generated when asked, as `LegalMoveGenerator`.
#[pyclass(module = "chess_core", name = "PseudoLegalMoveGenerator", frozen)]
pub struct PseudoLegalMoveGenerator {
    #[pyo3(get)]
    pub(crate) board: Py<PyAny>,
}

#[pymethods]
impl PseudoLegalMoveGenerator {
    #[new]
    fn new(board: Bound<'_, PyAny>) -> PyResult<PseudoLegalMoveGenerator> {
        Ok(PseudoLegalMoveGenerator { board: Moves::board(board, "generate_pseudo_legal_moves")? })
    }

    /// The number of pseudo-legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        Moves::of(py, &self.board, false)?.count()
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Moves::of(py, &self.board, false)?.any()
    }

    /// The number of moves, a hint for `list()` (no `len()`, as in python-chess); none for a
    /// board that is not chess_core's, so that its moves are generated once.
    fn __length_hint__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Moves::of(py, &self.board, false)?.hint()
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<bool> {
        Moves::of(py, &self.board, false)?.contains(m)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        Moves::of(py, &self.board, false)?.iter()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Moves::of(py, &self.board, false)?.repr("PseudoLegalMoveGenerator")
    }
}

/// The moves a generator stands for: of a chess_core `Board`, read natively, or of another
/// object, through python-chess's method names.
enum Moves<'py> {
    Native { board: Bound<'py, Board>, legal: bool },
    Other { board: Bound<'py, PyAny>, legal: bool },
}

impl<'py> Moves<'py> {
    /// `board` for a generator: a chess_core `Board` or an object with the `generate` method;
    /// `TypeError` otherwise.
    fn board(board: Bound<'_, PyAny>, generate: &str) -> PyResult<Py<PyAny>> {
        if !board.is_instance_of::<Board>() && !board.hasattr(generate)? {
            let class = board.get_type().name()?;
            return Err(PyTypeError::new_err(format!("a move generator needs a board with {generate}(), not {class}")));
        }
        Ok(board.unbind())
    }

    fn of(py: Python<'py>, board: &Py<PyAny>, legal: bool) -> PyResult<Moves<'py>> {
        let board = board.bind(py);
        Ok(match board.cast::<Board>() {
            Ok(native) => Moves::Native { board: native.clone(), legal },
            Err(_) => Moves::Other { board: board.clone(), legal },
        })
    }

    fn count(&self) -> PyResult<usize> {
        match self {
            Moves::Native { board, legal: true } => Ok(match board.try_borrow()?.position() {
                AnyPosition::Legal(pos) => pos.count_legal_moves() as usize,
                AnyPosition::Free(free) => free.legal_moves().len(),
            }),
            Moves::Native { board, legal: false } => Ok(board.try_borrow()?.position().pseudo_legal_moves().len()),
            Moves::Other { .. } => Ok(self.iter()?.count()),
        }
    }

    /// The number of moves for `list()`, `NotImplemented` (no hint) for a board that is not
    /// chess_core's.
    fn hint(&self) -> PyResult<Py<PyAny>> {
        match self {
            Moves::Native { board, .. } => Ok(self.count()?.into_pyobject(board.py())?.into_any().unbind()),
            Moves::Other { board, .. } => Ok(board.py().NotImplemented()),
        }
    }

    fn any(&self) -> PyResult<bool> {
        match self {
            Moves::Native { board, legal: true } => Ok(board.try_borrow()?.position().has_legal_moves()),
            Moves::Native { board, legal: false } => {
                Ok(!board.try_borrow()?.position().pseudo_legal_moves().is_empty())
            }
            Moves::Other { .. } => Ok(self.iter()?.next().transpose()?.is_some()),
        }
    }

    fn contains(&self, m: &Bound<'py, PyAny>) -> PyResult<bool> {
        match self {
            Moves::Native { board, legal } => match m.cast::<Move>() {
                Ok(m) if *legal => Ok(board.try_borrow()?.is_legal(*m.get())),
                Ok(m) => Ok(board.try_borrow()?.is_pseudo_legal(*m.get())),
                Err(_) => Ok(false),
            },
            Moves::Other { board, legal } => {
                board.call_method1(if *legal { "is_legal" } else { "is_pseudo_legal" }, (m,))?.is_truthy()
            }
        }
    }

    fn iter(&self) -> PyResult<Bound<'py, PyIterator>> {
        match self {
            Moves::Native { board, legal } => {
                let mut board = board.try_borrow_mut()?;
                let moves = board.list_moves(*legal);
                move_objects(board.py(), &board, &moves)
            }
            Moves::Other { board, legal } => board
                .call_method0(if *legal { "generate_legal_moves" } else { "generate_pseudo_legal_moves" })?
                .try_iter(),
        }
    }

    /// python-chess's repr: the moves in SAN (pseudo-legal ones that are not legal in UCI).
    fn repr(&self, class: &str) -> PyResult<String> {
        let (names, address) = match self {
            Moves::Native { board, legal } => {
                let board = board.try_borrow()?;
                let moves = board.ordered_moves(*legal);
                let legal_here = |m: CoreMove| *legal || board.position().is_legal(m);
                let name = |&m: &CoreMove| if legal_here(m) { board.san_of(m) } else { board.py_move(m).uci_text() };
                (moves.iter().map(name).collect::<Vec<_>>(), board.as_ptr() as usize)
            }
            Moves::Other { board, legal } => {
                let mut names = Vec::new();
                for m in self.iter()? {
                    let m = m?;
                    let legal_here = *legal || board.call_method1("is_legal", (&m,))?.is_truthy()?;
                    let name = if legal_here { board.call_method1("san", (&m,))? } else { m.call_method0("uci")? };
                    names.push(name.extract::<String>()?);
                }
                (names, board.as_ptr() as usize)
            }
        };
        Ok(format!("<{class} at {address:#x} ({})>", names.join(", ")))
    }
}

/// An iterator over the shared Python objects of `moves`, as the board writes them.
fn move_objects<'py>(py: Python<'py>, board: &Board, moves: &[CoreMove]) -> PyResult<Bound<'py, PyIterator>> {
    let mut objects = Vec::with_capacity(moves.len());
    for &m in moves {
        objects.push(board.py_move(m).to_object(py)?);
    }
    PyList::new(py, objects)?.try_iter()
}
