//! Bitboards the way python-chess programs use them: the mutable `SquareSet`, and the module
//! functions on `int` bitboards (`lsb`, `scan_forward`, `flip_*`, `shift_*`, `ray`, `between`)
//! with the tables behind `BB_*_ATTACKS` and `BB_RAYS`. The geometry is chess-core's; this
//! module converts.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use chess_core::{Bitboard, Color, Square, attacks};
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyDict, PyInt, PyType};
use pyo3::{IntoPyObjectExt, intern};

use crate::squares::square;

/// A set of squares as a 64-bit mask: python-chess's `SquareSet`, a mutable set of square
/// numbers with the bit operators of its mask.
///
/// ```python
/// squares = chess_core.SquareSet([chess_core.A8, chess_core.A1])
/// squares |= chess_core.BB_RANK_1
/// assert len(squares) == 9 and chess_core.B1 in squares
/// assert list(reversed(squares))[:2] == [chess_core.A8, chess_core.H1]
/// ```
///
/// The mask is atomic so that the class can be `frozen` (no borrow flag to check on every
/// call) and still change in place.
#[pyclass(module = "chess_core", name = "SquareSet", subclass, frozen)]
pub struct SquareSet {
    mask: AtomicU64,
}

impl SquareSet {
    pub(crate) fn new(mask: u64) -> SquareSet {
        SquareSet { mask: AtomicU64::new(mask) }
    }

    fn bits(&self) -> u64 {
        self.mask.load(Relaxed)
    }

    fn set_bits(&self, mask: u64) {
        self.mask.store(mask, Relaxed);
    }
}

/// The mask of what python-chess's `SquareSet()` takes: a square set, an `int` (or anything
/// with `__int__`) cut to 64 bits, or an iterable of square numbers (`IndexError` for one
/// outside 0–63).
fn mask_of(squares: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = squares.cast::<SquareSet>() {
        return Ok(set.get().bits());
    }
    if let Ok(mask) = squares.extract::<u64>() {
        return Ok(mask);
    }
    let py = squares.py();
    if squares.hasattr(intern!(py, "__int__"))? {
        return squares.call_method0(intern!(py, "__int__"))?.bitand(u64::MAX)?.extract();
    }
    let mut mask = Bitboard::EMPTY;
    for item in squares.try_iter()? {
        mask |= square(item?.extract()?)?;
    }
    Ok(mask.0)
}

/// A new `SquareSet` of `mask`.
fn new_set(py: Python<'_>, mask: Bitboard) -> PyResult<Bound<'_, SquareSet>> {
    Bound::new(py, SquareSet::new(mask.0))
}

#[pymethods]
impl SquareSet {
    #[new]
    #[pyo3(signature = (squares = None), text_signature = "(squares=0)")]
    fn py_new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(squares.map(mask_of).transpose()?.unwrap_or(0)))
    }

    /// The mask of the set, bit 0 for `a1` to bit 63 for `h8`.
    #[getter]
    fn get_mask(&self) -> u64 {
        self.bits()
    }

    #[setter]
    fn set_mask(&self, mask: u64) {
        self.set_bits(mask);
    }

    /// The set of one square.
    #[classmethod]
    fn from_square<'py>(cls: &Bound<'py, PyType>, square: i64) -> PyResult<Bound<'py, PyAny>> {
        cls.call1((Bitboard::from(self::square(square)?).0,))
    }

    /// The whole rank, file or diagonal through `a` and `b` (edge to edge), empty when they
    /// share none.
    #[classmethod]
    fn ray<'py>(cls: &Bound<'py, PyType>, a: i64, b: i64) -> PyResult<Bound<'py, PyAny>> {
        cls.call1((self::ray(a, b)?,))
    }

    /// The squares strictly between `a` and `b` on their rank, file or diagonal, empty when
    /// they share none.
    #[classmethod]
    fn between<'py>(cls: &Bound<'py, PyType>, a: i64, b: i64) -> PyResult<Bound<'py, PyAny>> {
        cls.call1((self::between(a, b)?,))
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        let square = square.extract::<i64>().ok().and_then(|index| self::square(index).ok());
        square.is_some_and(|square| Bitboard(self.bits()).contains(square))
    }

    fn __iter__(&self) -> SquareIterator {
        SquareIterator::new(self.bits(), false)
    }

    fn __reversed__(&self) -> SquareIterator {
        SquareIterator::new(self.bits(), true)
    }

    fn __len__(&self) -> usize {
        self.bits().count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.bits() != 0
    }

    fn __int__(&self) -> u64 {
        self.bits()
    }

    fn __index__(&self) -> u64 {
        self.bits()
    }

    /// Adds a square.
    fn add(&self, square: i64) -> PyResult<()> {
        self.set_bits(Bitboard(self.bits()).with(self::square(square)?).0);
        Ok(())
    }

    /// Removes a square if it is in the set.
    fn discard(&self, square: i64) -> PyResult<()> {
        self.set_bits(Bitboard(self.bits()).without(self::square(square)?).0);
        Ok(())
    }

    /// Removes a square; `KeyError` if it is not in the set.
    fn remove(&self, square: i64) -> PyResult<()> {
        let set = Bitboard(self.bits());
        if !set.contains(self::square(square)?) {
            return Err(PyKeyError::new_err(square));
        }
        self.discard(square)
    }

    /// Removes and returns the lowest square; `KeyError` if the set is empty.
    fn pop(&self) -> PyResult<u8> {
        let mut set = Bitboard(self.bits());
        let square = set.pop_first().ok_or_else(|| PyKeyError::new_err("pop from empty SquareSet"))?;
        self.set_bits(set.0);
        Ok(square.index() as u8)
    }

    /// Removes every square.
    fn clear(&self) {
        self.set_bits(0);
    }

    /// Tells whether the sets share no square.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.bits() & mask_of(other)? == 0)
    }

    /// Tells whether every square of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.bits() & !mask_of(other)? == 0)
    }

    /// Tells whether every square of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(!self.bits() & mask_of(other)? == 0)
    }

    fn union<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        self.__or__(py, other)
    }

    fn intersection<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        self.__and__(py, other)
    }

    fn difference<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        self.__sub__(py, other)
    }

    fn symmetric_difference<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        self.__xor__(py, other)
    }

    fn __or__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(self.bits()) | Bitboard(mask_of(other)?))
    }

    fn __and__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(self.bits()) & Bitboard(mask_of(other)?))
    }

    fn __sub__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(self.bits()) - Bitboard(mask_of(other)?))
    }

    fn __xor__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(self.bits()) ^ Bitboard(mask_of(other)?))
    }

    fn __invert__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, !Bitboard(self.bits()))
    }

    /// The mask moved `shift` bits up (towards `h8`); bits past 63 fall off.
    fn __lshift__<'py>(&self, py: Python<'py>, shift: &Bound<'py, PyInt>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(shifted(self.bits(), shift, u64::checked_shl)?))
    }

    /// The mask moved `shift` bits down (towards `a1`).
    fn __rshift__<'py>(&self, py: Python<'py>, shift: &Bound<'py, PyInt>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(shifted(self.bits(), shift, u64::checked_shr)?))
    }

    fn __ior__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.update_with(other, |a, b| a | b)
    }

    fn __iand__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.update_with(other, |a, b| a & b)
    }

    fn __isub__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.update_with(other, |a, b| a & !b)
    }

    fn __ixor__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.update_with(other, |a, b| a ^ b)
    }

    fn __ilshift__(&self, shift: &Bound<'_, PyInt>) -> PyResult<()> {
        self.set_bits(shifted(self.bits(), shift, u64::checked_shl)?);
        Ok(())
    }

    fn __irshift__(&self, shift: &Bound<'_, PyInt>) -> PyResult<()> {
        self.set_bits(shifted(self.bits(), shift, u64::checked_shr)?);
        Ok(())
    }

    /// Adds the squares of every argument.
    #[pyo3(signature = (*others))]
    fn update(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        others.iter().try_for_each(|other| self.__ior__(other))
    }

    /// Keeps the squares that every argument has.
    #[pyo3(signature = (*others))]
    fn intersection_update(&self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        others.iter().try_for_each(|other| self.__iand__(other))
    }

    /// Removes the squares of `other`.
    fn difference_update(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.__isub__(other)
    }

    /// Keeps the squares in exactly one of the two sets.
    fn symmetric_difference_update(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.__ixor__(other)
    }

    /// A copy (a `SquareSet`).
    fn copy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(self.bits()))
    }

    /// The set mirrored top to bottom (`a1` ↔ `a8`).
    fn mirror<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, SquareSet>> {
        new_set(py, Bitboard(self.bits()).flip_vertical())
    }

    /// Iterates over the masks of every subset of the set, the empty one first.
    fn carry_rippler(&self) -> CarryRippler {
        CarryRippler { mask: self.bits(), next: Some(0) }
    }

    /// 64 bools, `True` where the square is in the set.
    fn tolist(&self) -> Vec<bool> {
        let set = Bitboard(self.bits());
        Square::ALL.into_iter().map(|square| set.contains(square)).collect()
    }

    /// Equal to anything `SquareSet()` makes the same mask of (an `int`, squares); other
    /// objects are not compared.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let mask = match mask_of(other) {
            Ok(mask) => mask,
            Err(e) if e.is_instance_of::<PyTypeError>(py) || e.is_instance_of::<PyValueError>(py) => {
                return Ok(py.NotImplemented());
            }
            Err(e) => return Err(e),
        };
        match op {
            CompareOp::Eq => (self.bits() == mask).into_py_any(py),
            CompareOp::Ne => (self.bits() != mask).into_py_any(py),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// Unhashable, as a mutable set is.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u64,)) {
        (slf.get_type(), (slf.get().bits(),))
    }

    fn __repr__(&self) -> String {
        let mask = self.bits();
        let group = |i: u32| (mask >> (48 - 16 * i)) & 0xffff;
        format!("SquareSet(0x{:04x}_{:04x}_{:04x}_{:04x})", group(0), group(1), group(2), group(3))
    }

    /// The set as an 8×8 grid of `1` and `.`, rank 8 first.
    fn __str__(&self) -> String {
        let set = Bitboard(self.bits());
        let rows: Vec<String> = Square::ALL
            .chunks(8)
            .rev()
            .map(|rank| {
                let cells: Vec<&str> = rank.iter().map(|&sq| if set.contains(sq) { "1" } else { "." }).collect();
                cells.join(" ")
            })
            .collect();
        rows.join("\n")
    }
}

impl SquareSet {
    /// Sets the mask to `op(mask, mask of other)`.
    fn update_with(&self, other: &Bound<'_, PyAny>, op: impl FnOnce(u64, u64) -> u64) -> PyResult<()> {
        let other = mask_of(other)?;
        self.set_bits(op(self.bits(), other));
        Ok(())
    }
}

/// `mask` shifted by `shift` bits as Python shifts an `int` cut to 64 bits: `ValueError` for a
/// negative count, 0 when everything falls off.
fn shifted(mask: u64, shift: &Bound<'_, PyInt>, by: fn(u64, u32) -> Option<u64>) -> PyResult<u64> {
    match shift.extract::<u32>() {
        Ok(shift) => Ok(by(mask, shift).unwrap_or(0)),
        Err(_) if shift.lt(0)? => Err(PyValueError::new_err("negative shift count")),
        Err(_) => Ok(0),
    }
}

/// An iterator over square numbers, lowest first (or highest first when `reverse`).
#[pyclass(module = "chess_core", frozen)]
pub struct SquareIterator {
    left: AtomicU64,
    reverse: bool,
}

impl SquareIterator {
    fn new(mask: u64, reverse: bool) -> SquareIterator {
        SquareIterator { left: AtomicU64::new(mask), reverse }
    }
}

#[pymethods]
impl SquareIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<u8> {
        let left = Bitboard(self.left.load(Relaxed));
        let square = if self.reverse { left.last() } else { left.first() }?;
        self.left.store(left.without(square).0, Relaxed);
        Some(square.index() as u8)
    }
}

/// An iterator over the masks of every subset of a mask, the empty one first (the
/// carry-rippler trick).
#[pyclass(module = "chess_core")]
pub struct CarryRippler {
    mask: u64,
    next: Option<u64>,
}

#[pymethods]
impl CarryRippler {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u64> {
        let subset = self.next?;
        let following = subset.wrapping_sub(self.mask) & self.mask;
        self.next = (following != 0).then_some(following);
        Some(subset)
    }
}

/// The squares of a bitboard, lowest first (python-chess's `scan_forward`).
#[pyfunction]
fn scan_forward(bb: u64) -> SquareIterator {
    SquareIterator::new(bb, false)
}

/// The squares of a bitboard, highest first (python-chess's `scan_reversed`).
#[pyfunction]
fn scan_reversed(bb: u64) -> SquareIterator {
    SquareIterator::new(bb, true)
}

/// The number of squares of a bitboard (`chess_core.popcount` on Python 3.9, which has no
/// `int.bit_count`).
#[pyfunction]
fn popcount(bb: u64) -> u32 {
    Bitboard(bb).len()
}

/// The lowest square of a bitboard, -1 for an empty one.
#[pyfunction]
fn lsb(bb: u64) -> i32 {
    Bitboard(bb).first().map_or(-1, |square| square.index() as i32)
}

/// The whole rank, file or diagonal through two squares (edge to edge), 0 when they share none.
#[pyfunction]
fn ray(a: i64, b: i64) -> PyResult<u64> {
    Ok(attacks::line(square(a)?, square(b)?).0)
}

/// The squares strictly between two squares on their rank, file or diagonal, 0 when they
/// share none.
#[pyfunction]
fn between(a: i64, b: i64) -> PyResult<u64> {
    Ok(attacks::between(square(a)?, square(b)?).0)
}

/// `map` applied to a bitboard argument: an `int` gives an `int`, a `SquareSet` a `SquareSet`
/// (python-chess's bit functions give one for one).
fn map_bitboard<'py>(bb: &Bound<'py, PyAny>, map: impl FnOnce(Bitboard) -> Bitboard) -> PyResult<Bound<'py, PyAny>> {
    let py = bb.py();
    match bb.cast::<SquareSet>() {
        Ok(set) => Ok(new_set(py, map(Bitboard(set.get().bits())))?.into_any()),
        Err(_) => map(Bitboard(bb.extract()?)).0.into_bound_py_any(py),
    }
}

macro_rules! bitboard_maps {
    ($($(#[doc = $doc:literal])* $name:ident => $map:expr;)*) => {
        $(
            $(#[doc = $doc])*
            #[pyfunction]
            fn $name<'py>(bb: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
                map_bitboard(bb, $map)
            }
        )*

        /// Adds the functions that move the squares of a bitboard.
        fn register_maps(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_function(wrap_pyfunction!($name, m)?)?;)*
            Ok(())
        }
    };
}

bitboard_maps! {
    /// The bitboard mirrored top to bottom (`a1` ↔ `a8`).
    flip_vertical => Bitboard::flip_vertical;
    /// The bitboard mirrored left to right (`a1` ↔ `h1`).
    flip_horizontal => Bitboard::flip_horizontal;
    /// The bitboard mirrored about the `a1`–`h8` diagonal.
    flip_diagonal => Bitboard::flip_diagonal;
    /// The bitboard mirrored about the `a8`–`h1` diagonal.
    flip_anti_diagonal => Bitboard::flip_anti_diagonal;
    /// Every square one rank down; rank 1 falls off.
    shift_down => |bb| bb.shift(0, -1);
    /// Every square two ranks down.
    shift_2_down => |bb| bb.shift(0, -2);
    /// Every square one rank up; rank 8 falls off.
    shift_up => |bb| bb.shift(0, 1);
    /// Every square two ranks up.
    shift_2_up => |bb| bb.shift(0, 2);
    /// Every square one file right; the h-file falls off.
    shift_right => |bb| bb.shift(1, 0);
    /// Every square two files right.
    shift_2_right => |bb| bb.shift(2, 0);
    /// Every square one file left; the a-file falls off.
    shift_left => |bb| bb.shift(-1, 0);
    /// Every square two files left.
    shift_2_left => |bb| bb.shift(-2, 0);
    /// Every square one rank up and one file left.
    shift_up_left => |bb| bb.shift(-1, 1);
    /// Every square one rank up and one file right.
    shift_up_right => |bb| bb.shift(1, 1);
    /// Every square one rank down and one file left.
    shift_down_left => |bb| bb.shift(-1, -1);
    /// Every square one rank down and one file right.
    shift_down_right => |bb| bb.shift(1, -1);
}

/// python-chess's slider tables of some lines (diagonals, files or ranks): the blocker mask of a
/// square, and the attacks along those lines from a square given the occupied squares.
type Lines = (fn(Square) -> Bitboard, fn(Square, Bitboard) -> Bitboard);
const DIAGONALS: Lines = (attacks::bishop_blockers, attacks::bishop);
const FILES: Lines =
    (|sq| attacks::rook_blockers(sq) & sq.file(), |sq, occupied| attacks::rook(sq, occupied) & sq.file());
const RANKS: Lines =
    (|sq| attacks::rook_blockers(sq) & sq.rank(), |sq, occupied| attacks::rook(sq, occupied) & sq.rank());

/// One of python-chess's precomputed tables, by its name (`BB_KNIGHT_ATTACKS`, `BB_RAYS`,
/// `BB_DIAG_MASKS`, `BB_FILE_ATTACKS`, ...), from chess-core's attacks.
#[pyfunction]
fn _bitboard_table<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let per_square = |f: &dyn Fn(Square) -> Bitboard| Square::ALL.map(|sq| f(sq).0);
    // Per square, a dict from each subset of the blocker mask to the attacks it leaves.
    let attack_dicts = |(mask, attacks): Lines| -> PyResult<Bound<'py, PyAny>> {
        let mut dicts = Vec::with_capacity(64);
        for sq in Square::ALL {
            let (mask, dict) = (mask(sq).0, PyDict::new(py));
            let mut subset = 0u64;
            loop {
                dict.set_item(subset, attacks(sq, Bitboard(subset)).0)?;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
            dicts.push(dict);
        }
        dicts.into_bound_py_any(py)
    };
    match name {
        "BB_KNIGHT_ATTACKS" => per_square(&attacks::knight).into_bound_py_any(py),
        "BB_KING_ATTACKS" => per_square(&attacks::king).into_bound_py_any(py),
        // Indexed by python-chess's colours: BLACK = 0, WHITE = 1.
        "BB_PAWN_ATTACKS" => {
            [Color::Black, Color::White].map(|color| per_square(&|sq| attacks::pawn(color, sq))).into_bound_py_any(py)
        }
        "BB_RAYS" => Square::ALL.map(|a| per_square(&|b| attacks::line(a, b))).into_bound_py_any(py),
        "BB_DIAG_MASKS" => per_square(&DIAGONALS.0).into_bound_py_any(py),
        "BB_FILE_MASKS" => per_square(&FILES.0).into_bound_py_any(py),
        "BB_RANK_MASKS" => per_square(&RANKS.0).into_bound_py_any(py),
        "BB_DIAG_ATTACKS" => attack_dicts(DIAGONALS),
        "BB_FILE_ATTACKS" => attack_dicts(FILES),
        "BB_RANK_ATTACKS" => attack_dicts(RANKS),
        _ => Err(PyValueError::new_err(format!("no bitboard table named {name:?}"))),
    }
}

/// Runs `apply` with python-chess's bitboard transformation `f` (a callable taking and
/// returning an `int`, like `flip_vertical`) as a Rust function; the first error `f` raises is
/// returned instead of the result (the bitboards after it pass unchanged).
pub(crate) fn with_transform<T>(
    f: &Bound<'_, PyAny>,
    apply: impl FnOnce(&mut dyn FnMut(Bitboard) -> Bitboard) -> T,
) -> PyResult<T> {
    let mut error = None;
    let result = apply(&mut |bb| {
        if error.is_none() {
            match f.call1((bb.0,)).and_then(|result| result.extract::<u64>()) {
                Ok(mask) => return Bitboard(mask),
                Err(e) => error = Some(e),
            }
        }
        bb
    });
    error.map_or(Ok(result), Err)
}

/// Registers the class and the functions.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SquareSet>()?;
    m.add_function(wrap_pyfunction!(scan_forward, m)?)?;
    m.add_function(wrap_pyfunction!(scan_reversed, m)?)?;
    m.add_function(wrap_pyfunction!(popcount, m)?)?;
    m.add_function(wrap_pyfunction!(lsb, m)?)?;
    m.add_function(wrap_pyfunction!(ray, m)?)?;
    m.add_function(wrap_pyfunction!(between, m)?)?;
    m.add_function(wrap_pyfunction!(_bitboard_table, m)?)?;
    register_maps(m)
}
