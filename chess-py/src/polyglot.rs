//! Polyglot opening books for Python (`chess_core.polyglot`): chess-core's [`Book`] read from a
//! file, its entries as tuples that the Python module turns into python-chess's `Entry`.

use std::path::PathBuf;

use chess_core::book::{self, Book, BookError, Entry};
use pyo3::exceptions::{PyFileNotFoundError, PyIndexError, PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::board::Board;
use crate::moves::Move;

/// An entry as a tuple: key, raw move, weight, learn, move.
type EntryTuple = (u64, u16, u16, u32, Py<Move>);

/// A Polyglot book read into memory (`chess_core.polyglot.MemoryMappedReader` wraps it).
///
/// ```python
/// book = _PolyglotBook("performance.bin")
/// key, raw_move, weight, learn, move = book.board_entries(chess_core.Board(), 1)[0]
/// ```
#[pyclass(module = "chess_core.polyglot", name = "_PolyglotBook")]
pub struct PolyglotBook {
    book: Option<Book<'static>>,
}

impl PolyglotBook {
    fn book(&self) -> PyResult<&Book<'static>> {
        self.book.as_ref().ok_or_else(|| PyValueError::new_err("the opening book is closed"))
    }
}

/// The entry's move as python-chess reads it without a board: from, to and promotion as
/// stored (codes 5 to 7, no piece, as a king), a drop when both squares are the same.
fn raw_move(entry: &Entry) -> Move {
    let promotion = entry.promotion().map_or(0, |role| role.index() as u8 + 1);
    let (from, to) = (entry.from().index() as u8, entry.to().index() as u8);
    if from == to { Move { from, to, promotion: 0, drop: promotion } } else { Move { from, to, promotion, drop: 0 } }
}

fn tuple(py: Python<'_>, entry: &Entry, mv: Move) -> PyResult<EntryTuple> {
    Ok((entry.key, entry.raw_move, entry.weight, entry.learn, mv.to_object(py)?))
}

/// Calls `randint(0, bound - 1)` of a Python random source (python-chess's `random.Random`
/// protocol), keeping the first error it raises.
fn python_random<'a>(randint: &'a Bound<'_, PyAny>, error: &'a mut Option<PyErr>) -> impl FnMut(u64) -> u64 + 'a {
    move |bound| match randint.call1((0u64, bound - 1)).and_then(|n| n.extract::<u64>()) {
        Ok(n) => n,
        Err(raised) => {
            error.get_or_insert(raised);
            0
        }
    }
}

#[pymethods]
impl PolyglotBook {
    /// Reads the book at `path`: `FileNotFoundError` when there is no such file, `OSError`
    /// when it cannot be read or is not a book (a length not a multiple of 16, unsorted keys).
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<PolyglotBook> {
        match py.detach(|| Book::open(&path)) {
            Ok(book) => Ok(PolyglotBook { book: Some(book) }),
            Err(BookError::Io(std::io::ErrorKind::NotFound)) => {
                Err(PyFileNotFoundError::new_err(format!("{}: no such file", path.display())))
            }
            Err(error) => Err(PyOSError::new_err(format!("{}: {error}", path.display()))),
        }
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.book()?.len())
    }

    /// The entry at `index` (from 0; `IndexError` past the end), its move as stored.
    fn entry(&self, py: Python<'_>, index: usize) -> PyResult<EntryTuple> {
        let entry = self.book()?.get(index).ok_or_else(|| PyIndexError::new_err("book index out of range"))?;
        tuple(py, &entry, raw_move(&entry))
    }

    /// The entries stored for `key` with a weight of at least `minimum_weight`, moves as stored.
    fn key_entries(&self, py: Python<'_>, key: u64, minimum_weight: u16) -> PyResult<Vec<EntryTuple>> {
        let book = self.book()?;
        let entries = book.entries_for_key(key).filter(|entry| entry.weight >= minimum_weight);
        entries.map(|entry| tuple(py, &entry, raw_move(&entry))).collect()
    }

    /// The entries for the board's position with a weight of at least `minimum_weight` whose
    /// moves are legal, moves as the board writes them (castling `e1g1` in standard chess).
    fn board_entries(&self, py: Python<'_>, board: PyRef<'_, Board>, minimum_weight: u16) -> PyResult<Vec<EntryTuple>> {
        let book = self.book()?;
        let pos = board.playable()?;
        let found: Vec<book::BookMove> = py.detach(|| book.find_all(&pos, minimum_weight, &[]).collect());
        found.iter().map(|f| tuple(py, &f.entry, board.py_move(f.mv))).collect()
    }

    /// Forgets the book; every later call raises `ValueError`.
    fn close(&mut self) {
        self.book = None;
    }
}

/// Chooses an index below `count` uniformly (chess-core's `book::choose_index`), asking
/// `randint(0, i)` of the Python random source.
#[pyfunction]
fn _choose_index(count: usize, randint: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    let mut error = None;
    let chosen = book::choose_index(count, &mut python_random(randint, &mut error));
    error.map_or(Ok(chosen), Err)
}

/// Chooses an index of `weights` in proportion to its weight (chess-core's
/// `book::choose_weighted_index`), asking `randint(0, total - 1)` of the Python random source.
#[pyfunction]
fn _choose_weighted_index(weights: Vec<u64>, randint: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    let mut error = None;
    let chosen = book::choose_weighted_index(&weights, &mut python_random(randint, &mut error));
    error.map_or(Ok(chosen), Err)
}

/// Registers the book class, the choice functions and the Polyglot random table.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PolyglotBook>()?;
    m.add("_POLYGLOT_RANDOM_ARRAY", book::POLYGLOT_RANDOM.to_vec())?;
    m.add_function(wrap_pyfunction!(_choose_index, m)?)?;
    m.add_function(wrap_pyfunction!(_choose_weighted_index, m)?)?;
    Ok(())
}
