//! `chess_core.syzygy`: Syzygy endgame tablebases with python-chess's names (`Tablebase`,
//! `probe_wdl`, `probe_dtz`, `MissingTableError`), every probe made by chess-core's
//! `syzygy::Tablebase` with the GIL released. The Python module `chess_core/syzygy.py` adds
//! `open_tablebase`, `get_wdl`, `get_dtz` and the context manager.

use std::path::PathBuf;
use std::sync::RwLock;

use chess_core::Position;
use chess_core::syzygy::{ProbeError, Tablebase as CoreTablebase};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::board::Board;

create_exception!(
    chess_core,
    MissingTableError,
    PyKeyError,
    "Raised when a table the probe needs was not added (a KeyError, as in python-chess)."
);

/// python-chess's exceptions for chess-core's probe errors: `MissingTableError` for a missing
/// table, `KeyError` for positions no table holds, `OSError` for a damaged or unreadable file
/// (`ValueError` for failures added later).
fn probe_error(error: ProbeError) -> PyErr {
    match error {
        ProbeError::MissingTable { .. } => MissingTableError::new_err(error.to_string()),
        ProbeError::CastlingRights | ProbeError::TooManyPieces { .. } => PyKeyError::new_err(error.to_string()),
        ProbeError::CorruptTable { .. } | ProbeError::Io { .. } => PyOSError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// The native tablebase behind `chess_core.syzygy.Tablebase`.
#[pyclass(name = "_Tablebase", module = "chess_core._chess_core", frozen)]
pub struct Tablebase {
    tables: RwLock<CoreTablebase>,
}

impl Tablebase {
    fn probe<T: Send>(
        &self,
        py: Python<'_>,
        board: &Board,
        f: impl FnOnce(&CoreTablebase, &Position) -> Result<T, ProbeError> + Send,
    ) -> PyResult<T> {
        let pos = board.playable()?;
        py.detach(|| {
            // A panic while adding a directory leaves the tables as they were.
            let tables = self.tables.read().unwrap_or_else(|poisoned| poisoned.into_inner());
            f(&tables, &pos)
        })
        .map_err(probe_error)
    }
}

#[pymethods]
impl Tablebase {
    #[new]
    fn new() -> Tablebase {
        Tablebase { tables: RwLock::new(CoreTablebase::new()) }
    }

    /// Adds the `.rtbw` and `.rtbz` files of a directory; returns how many.
    fn add_directory(&self, py: Python<'_>, directory: PathBuf) -> PyResult<usize> {
        py.detach(|| {
            let mut tables = self.tables.write().unwrap_or_else(|poisoned| poisoned.into_inner());
            tables.add_directory(&directory)
        })
        .map_err(PyErr::from)
    }

    /// WDL (-2 to 2) of the side to move, as if reached by a zeroing move.
    fn probe_wdl(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        self.probe(py, &board, |t, pos| t.probe_wdl(pos)).map(|wdl| wdl.value())
    }

    /// The WDL table's stored value, captures and en passant not resolved.
    fn probe_wdl_table(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        self.probe(py, &board, |t, pos| t.probe_wdl_table(pos)).map(|wdl| wdl.value())
    }

    /// DTZ50'' with rounding of the side to move, as python-chess's `probe_dtz`.
    fn probe_dtz(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        self.probe(py, &board, |t, pos| t.probe_dtz(pos)).map(|dtz| dtz.0)
    }

    /// Forgets every table (and closes their files).
    fn close(&self) {
        *self.tables.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = CoreTablebase::new();
    }
}

/// Adds the tablebase class and `MissingTableError` to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Tablebase>()?;
    m.add("MissingTableError", m.py().get_type::<MissingTableError>())?;
    Ok(())
}
