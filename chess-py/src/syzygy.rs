//! `chess_core.syzygy`: Syzygy endgame tablebases with python-chess's names (`Tablebase`,
//! `probe_wdl`, `probe_dtz`, `MissingTableError`, the single files `WdlTable` and `DtzTable`),
//! every probe made by chess-core's `syzygy` module with the GIL released. The Python module
//! `chess_core/syzygy.py` adds `open_tablebase`, `get_wdl`, `get_dtz`, python-chess's method
//! names of the single files and the context managers.

use std::path::PathBuf;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use chess_core::Position;
use chess_core::syzygy::{
    DtzTable as CoreDtzTable, ProbeError, Tablebase as CoreTablebase, Wdl, WdlTable as CoreWdlTable,
};
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

/// Runs a probe of the tables behind `lock` with the GIL released.
fn probe<S: Send + Sync, T: Send>(
    py: Python<'_>,
    lock: &RwLock<S>,
    board: &Board,
    f: impl FnOnce(&S, &Position) -> Result<T, ProbeError> + Send,
) -> PyResult<T> {
    let pos = board.playable()?;
    py.detach(|| f(&read(lock), &pos)).map_err(probe_error)
}

// A panic while changing the tables leaves them as they were: a poisoned lock is used as is.

/// The tables behind `lock`, to probe.
fn read<S>(lock: &RwLock<S>) -> RwLockReadGuard<'_, S> {
    lock.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The tables behind `lock`, to change.
fn write<S>(lock: &RwLock<S>) -> RwLockWriteGuard<'_, S> {
    lock.write().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// python-chess's WDL number, -2 to 2.
fn wdl_arg(value: i32) -> PyResult<Wdl> {
    Wdl::from_value(value).ok_or_else(|| PyValueError::new_err(format!("wdl must be -2 to 2, not {value}")))
}

#[pymethods]
impl Tablebase {
    #[new]
    fn new() -> Tablebase {
        Tablebase { tables: RwLock::new(CoreTablebase::new()) }
    }

    /// Adds the `.rtbw` and `.rtbz` files of a directory; returns how many.
    fn add_directory(&self, py: Python<'_>, directory: PathBuf) -> PyResult<usize> {
        py.detach(|| write(&self.tables).add_directory(&directory)).map_err(PyErr::from)
    }

    /// WDL (-2 to 2) of the side to move, as if reached by a zeroing move.
    fn probe_wdl(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        probe(py, &self.tables, &board, |t, pos| t.probe_wdl(pos)).map(|wdl| wdl.value())
    }

    /// The WDL table's stored value, captures and en passant not resolved.
    fn probe_wdl_table(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        probe(py, &self.tables, &board, |t, pos| t.probe_wdl_table(pos)).map(|wdl| wdl.value())
    }

    /// DTZ50'' with rounding of the side to move, as python-chess's `probe_dtz`.
    fn probe_dtz(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        probe(py, &self.tables, &board, |t, pos| t.probe_dtz(pos)).map(|dtz| dtz.0)
    }

    /// `probe_dtz` without the en passant captures.
    fn probe_dtz_no_ep(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        probe(py, &self.tables, &board, |t, pos| t.probe_dtz_no_ep(pos)).map(|dtz| dtz.0)
    }

    /// The DTZ table's stored value for a position of WDL `wdl`, `None` for the side to
    /// move it does not store.
    fn probe_dtz_table(&self, py: Python<'_>, board: PyRef<'_, Board>, wdl: i32) -> PyResult<Option<i32>> {
        let wdl = wdl_arg(wdl)?;
        probe(py, &self.tables, &board, |t, pos| t.probe_dtz_table(pos, wdl))
    }

    /// Forgets every table (and closes their files).
    fn close(&self) {
        *write(&self.tables) = CoreTablebase::new();
    }
}

/// The file's name is no table's.
fn name_error(error: chess_core::syzygy::InvalidTableName) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The native single WDL file behind `chess_core.syzygy.WdlTable`.
#[pyclass(name = "_WdlTable", module = "chess_core._chess_core", frozen)]
pub struct WdlTable {
    table: RwLock<CoreWdlTable>,
}

#[pymethods]
impl WdlTable {
    #[new]
    fn new(path: PathBuf) -> PyResult<WdlTable> {
        Ok(WdlTable { table: RwLock::new(CoreWdlTable::new(path).map_err(name_error)?) })
    }

    /// Reads and checks the header now.
    fn open(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| read(&self.table).open()).map_err(probe_error)
    }

    /// The stored value (-2 to 2), captures and en passant not resolved.
    fn probe(&self, py: Python<'_>, board: PyRef<'_, Board>) -> PyResult<i32> {
        probe(py, &self.table, &board, |t, pos| t.probe(pos)).map(|wdl| wdl.value())
    }

    /// Closes the file; the next probe reads it again.
    fn close(&self) {
        write(&self.table).close();
    }
}

/// The native single DTZ file behind `chess_core.syzygy.DtzTable`.
#[pyclass(name = "_DtzTable", module = "chess_core._chess_core", frozen)]
pub struct DtzTable {
    table: RwLock<CoreDtzTable>,
}

#[pymethods]
impl DtzTable {
    #[new]
    fn new(path: PathBuf) -> PyResult<DtzTable> {
        Ok(DtzTable { table: RwLock::new(CoreDtzTable::new(path).map_err(name_error)?) })
    }

    /// Reads and checks the header now.
    fn open(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| read(&self.table).open()).map_err(probe_error)
    }

    /// The stored distance for a position of WDL `wdl`, `None` for the side to move the
    /// table does not store.
    fn probe(&self, py: Python<'_>, board: PyRef<'_, Board>, wdl: i32) -> PyResult<Option<i32>> {
        let wdl = wdl_arg(wdl)?;
        probe(py, &self.table, &board, |t, pos| t.probe(pos, wdl))
    }

    /// Closes the file; the next probe reads it again.
    fn close(&self) {
        write(&self.table).close();
    }
}

/// Adds the tablebase class and `MissingTableError` to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Tablebase>()?;
    m.add_class::<WdlTable>()?;
    m.add_class::<DtzTable>()?;
    m.add("MissingTableError", m.py().get_type::<MissingTableError>())?;
    Ok(())
}
